"""A chat's statistics across nights (``/stats`` and the page's "Nights"): pure arithmetic over
:func:`bot.actions.nights.chat_nights`, stored nowhere (an amended pulka changes every
figure exactly).

Whists and money are the nights' ``final`` results (corrections after settling
included); money is kept per currency (roubles and euros do not add up), exactly:
each night's whists times its stake, rounded only where it is written, so a money
total is always its whists total times the stake (nothing here is paid, so no cent
moves for a zero sum).  The pairs' balances are what was paid between them.  Whists per
deal count only the deals a player sat at (:func:`scoring.seating.sitting_out`); the
games, misères, remizes and raspasy tricks are :mod:`scoring.tally`'s facts of each deal.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from bot.model.nights import Night, Person
from scoring import exact_money, exact_sum
from scoring.tally import Tally, total


@dataclass(frozen=True, slots=True)
class NightResult:
    """One player's result of one night."""

    number: int
    settled_at: str
    whists: Fraction
    #: Exactly ``whists`` times the night's stake.
    money: Fraction
    currency: str


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One person's figures across the chat's nights."""

    person: Person
    #: Every name he sat under (the last first), and his Telegram usernames.
    names: tuple[str, ...]
    usernames: tuple[str, ...]
    nights: tuple[NightResult, ...]
    tally: Tally

    @property
    def pulkas(self) -> int:
        return len(self.nights)

    @property
    def whists(self) -> Fraction:
        return exact_sum(r.whists for r in self.nights)

    @property
    def money(self) -> tuple[tuple[str, Fraction], ...]:
        """(currency, exact total) per currency, in the order first played."""
        by_currency: dict[str, list[Fraction]] = defaultdict(list)
        for r in self.nights:
            by_currency[r.currency].append(r.money)
        return tuple((c, exact_sum(m)) for c, m in by_currency.items())

    @property
    def best(self) -> NightResult:
        """His best night (the earliest of equal ones)."""
        return max(self.nights, key=lambda r: (r.whists, -r.number))

    @property
    def worst(self) -> NightResult:
        return min(self.nights, key=lambda r: (r.whists, r.number))

    @property
    def per_deal(self) -> Fraction | None:
        """Whists per deal he sat at (None: no deal)."""
        return self.whists / self.tally.deals if self.tally.deals else None


@dataclass(frozen=True, slots=True)
class Balance:
    """Across nights ``winner`` got ``amount`` (> 0) net from ``loser`` in ``currency``."""

    winner: Person
    loser: Person
    currency: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class ChatStats:
    """The chat's statistics (see the module)."""

    #: How many nights (settled pulkas) they are made of.
    nights: int
    #: Every person, the most whists first.
    players: tuple[PlayerStats, ...]
    #: Net money per pair and currency, the largest first.
    balances: tuple[Balance, ...]
    #: Per currency, in the order first played: the night numbers and, per person
    #: key, his running money total after each of them (0 before his first night).
    running: tuple[tuple[str, tuple[int, ...], dict[str, tuple[Fraction, ...]]], ...]

    def of(self, key: str) -> PlayerStats | None:
        """The player whose :attr:`Person.key` is ``key``, or None."""
        return next((p for p in self.players if p.person.key == key), None)

    def balances_of(self, key: str) -> list[tuple[Person, str, Decimal]]:
        """(other, currency, his net: + he won) of every pair ``key`` is in."""
        found = []
        for b in self.balances:
            if b.winner.key == key:
                found.append((b.loser, b.currency, b.amount))
            elif b.loser.key == key:
                found.append((b.winner, b.currency, -b.amount))
        return found


def chat_stats(nights: Sequence[Night]) -> ChatStats:
    """The statistics of ``nights`` (:func:`bot.actions.nights.chat_nights`, in order)."""
    people: dict[str, Person] = {}
    names: dict[str, dict[str, None]] = defaultdict(dict)  # ordered sets
    usernames: dict[str, dict[str, None]] = defaultdict(dict)
    results: dict[str, list[NightResult]] = defaultdict(list)
    tallies: dict[str, list[Tally]] = defaultdict(list)
    pair: dict[tuple[str, str, str], Decimal] = defaultdict(Decimal)  # (a, b, cur), a < b: b paid a
    running: dict[str, tuple[list[int], dict[str, list[Fraction]]]] = {}
    for night in nights:
        currency, stake = night.currency, night.stake
        final, seat_names = night.final, night.names
        won: dict[str, Fraction] = {}
        for seat, person in enumerate(night.people):
            key = person.key
            people[key] = person
            names[key][seat_names[seat]] = None
            username = night.players[seat].username
            if username:
                usernames[key][username.casefold()] = None
            mine = results[key]
            whists = Fraction(final.results[seat])
            money = exact_money(whists, stake)
            add = night.sheet.tallies[seat]
            if key in won:
                # Two seats of one night are one person (a guest he claimed later).
                won[key] += money
                whists, money = whists + mine[-1].whists, money + mine[-1].money
                mine.pop()
                add = replace(add, deals=0)  # his second seat of the night: the same deals
            else:
                won[key] = money
            mine.append(NightResult(night.number, night.settled_at, whists, money, currency))
            tallies[key].append(add)
        seat_of = {n: i for i, n in enumerate(final.players)}
        for pay in final.payments:
            payer = night.people[seat_of[pay.payer]].key
            payee = night.people[seat_of[pay.payee]].key
            if payer != payee:
                a, b = sorted((payer, payee))
                pair[(a, b, currency)] += pay.amount if payee == a else -pay.amount
        numbers, totals = running.setdefault(currency, ([], {}))
        numbers.append(night.number)
        for person in night.people:
            if person.key not in totals:  # 0 before his first night
                totals[person.key] = [Fraction(0)] * (len(numbers) - 1)
        for key, line in totals.items():
            last = line[-1] if line else Fraction(0)
            line.append(last + won[key] if key in won else last)
    players = [
        PlayerStats(
            person,
            (person.name, *(n for n in names[key] if n != person.name)),
            tuple(usernames[key]),
            tuple(results[key]),
            total(tallies[key]),
        )
        for key, person in people.items()
    ]
    players.sort(key=lambda p: (-p.whists, p.person.name.casefold(), p.person.key))
    balances = [
        Balance(people[a], people[b], currency, amount)
        if amount > 0
        else Balance(people[b], people[a], currency, -amount)
        for (a, b, currency), amount in pair.items()
        if amount
    ]
    balances.sort(key=lambda x: (-x.amount, x.winner.name.casefold(), x.loser.name.casefold()))
    return ChatStats(
        len(nights),
        tuple(players),
        tuple(balances),
        tuple(
            (currency, tuple(numbers), {k: tuple(v) for k, v in totals.items()})
            for currency, (numbers, totals) in running.items()
        ),
    )


def chart_data(
    stats: ChatStats,
) -> tuple[str, tuple[int, ...], list[tuple[Person, tuple[Fraction, ...]]]] | None:
    """(currency, night numbers, (person, running totals) per player) of the money chart
    (``/stats chart``'s picture and the page's), in the currency most nights were played
    in (ties: the later); None before the first night."""
    if not stats.running:
        return None
    currency, numbers, totals = max(reversed(stats.running), key=lambda r: len(r[1]))
    by_key = {p.person.key: p.person for p in stats.players}
    series = [(by_key[k], line) for k, line in totals.items() if k in by_key]
    return currency, numbers, series


def chart_ticks(low: Fraction, high: Fraction) -> list[Fraction]:
    """The money chart's axis: round values from ``low`` to ``high``, about five of them,
    0 among them if inside.

    >>> [str(t) for t in chart_ticks(Fraction(-30), Fraction(55))]
    ['-40', '-20', '0', '20', '40', '60']
    """
    span = max(high - low, Fraction(1))
    step = Fraction(1, 100)
    while span / step > 6:
        for factor in (2, Fraction(5, 2), 2):
            step *= factor
            if span / step <= 6:
                break
    first = (low / step).__floor__()
    last = -((-high / step).__floor__())
    return [step * k for k in range(first, last + 1)]
