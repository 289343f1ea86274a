"""A chat's statistics across nights: pure arithmetic over
:func:`bot.actions.nights.chat_nights`.

Per person (a Telegram user under every name he played, a guest per name, a claimed
guest as the user who claimed him):

* pulkas played, whists (the sum of each night's ``final`` result: what is owed now,
  corrections after settling included) and money, kept **per currency** (money at
  different stakes of one currency is money and adds up; roubles and euros do not);
* the best and the worst night (in whists, with the night's number and date);
* whists per deal: his whists over the deals he sat at (a dealer of four sits out, the
  dealer and a neighbour of five: :func:`scoring.seating.sitting_out`);
* games declared and made by level, misères, remizes, raspasy tricks
  (:mod:`scoring.tally`, the rules' facts of each deal);
* head-to-head: each night's payments (``final``), netted per pair and currency.

Nothing here is stored: an amended pulka changes every figure exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from bot.model import LiveDeal
from bot.model.nights import Night, Person, guest_key
from scoring import seating
from scoring.deals import Correction
from scoring.tally import Tally, count, facts


@dataclass(frozen=True, slots=True)
class NightResult:
    """One player's result of one night."""

    number: int
    settled_at: str
    whists: Fraction
    money: Decimal
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
        return sum((r.whists for r in self.nights), Fraction(0))

    @property
    def money(self) -> tuple[tuple[str, Decimal], ...]:
        """(currency, total) per currency, in the order first played."""
        return _by_currency((r.currency, r.money) for r in self.nights)

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
    running: tuple[tuple[str, tuple[int, ...], dict[str, tuple[Decimal, ...]]], ...]

    def find(self, query: str) -> PlayerStats | None:
        """The player ``query`` names: ``@username``, or a name he sat under (case and
        spaces aside), else a username without the ``@``."""
        text = query.strip()
        if text.startswith("@"):
            wanted = text[1:].casefold()
            return next((p for p in self.players if wanted in p.usernames), None)
        key = guest_key(text)
        for p in self.players:
            if key in {guest_key(n) for n in p.names}:
                return p
        return next((p for p in self.players if text.casefold() in p.usernames), None)

    def balances_of(self, key: str) -> list[tuple[Person, str, Decimal]]:
        """(other, currency, his net: + he won) of every pair ``key`` is in."""
        found = []
        for b in self.balances:
            if b.winner.key == key:
                found.append((b.loser, b.currency, b.amount))
            elif b.loser.key == key:
                found.append((b.winner, b.currency, -b.amount))
        return found

    def names(self) -> list[str]:
        return [p.person.name for p in self.players]


def _by_currency(items: Iterable[tuple[str, Decimal]]) -> tuple[tuple[str, Decimal], ...]:
    totals: dict[str, Decimal] = {}
    for currency, amount in items:
        totals[currency] = totals.get(currency, Decimal(0)) + amount
    return tuple(totals.items())


def _sits_out(night: Night, live: LiveDeal, seat: int) -> bool:
    """Did ``seat`` sit the deal out (with four the dealer, with five the dealer and a
    neighbour; with two or three nobody)?  The dealer is the one the deal was written
    with: the engine moves the deal on from him (``next_dealer`` after it)."""
    n = len(night.table.names)
    dealer = (live.step.state.next_dealer - 1) % n
    return seat in seating.sitting_out(n, dealer, live.before.rules)


def night_tally(night: Night, seat: int) -> Tally:
    """What the deals of ``night`` add to the player of ``seat``."""
    total = Tally()
    name = night.table.names[seat]
    for live in night.table.deals:
        if isinstance(live.deal, Correction) or _sits_out(night, live, seat):
            continue
        total = total + count(facts(live.deal, live.before.rules), name)
    return total


def chat_stats(nights: Sequence[Night]) -> ChatStats:
    """The statistics of ``nights`` (:func:`bot.actions.nights.chat_nights`, in order)."""
    people: dict[str, Person] = {}
    names: dict[str, list[str]] = {}
    usernames: dict[str, list[str]] = {}
    results: dict[str, list[NightResult]] = {}
    tallies: dict[str, Tally] = {}
    pair: dict[tuple[str, str, str], Decimal] = {}  # (a, b, currency), a < b: b paid a
    running: dict[str, tuple[list[int], dict[str, list[Decimal]]]] = {}
    for night in nights:
        currency = night.table.settled_rules.currency
        final = night.final
        for seat, person in enumerate(night.people):
            people[person.key] = person
            seat_name = night.table.names[seat]
            known = names.setdefault(person.key, [])
            if seat_name not in known:
                known.append(seat_name)
            row = night.table.players[seat]
            if row.username:
                handle = row.username.casefold()
                if handle not in usernames.setdefault(person.key, []):
                    usernames[person.key].append(handle)
            mine = results.setdefault(person.key, [])
            whists, money = Fraction(final.results[seat]), final.money[seat]
            if mine and mine[-1].number == night.number:
                # Two seats of one night are one person (a guest he claimed later).
                whists, money = whists + mine[-1].whists, money + mine[-1].money
                mine.pop()
            mine.append(NightResult(night.number, night.settled_at, whists, money, currency))
            add = night_tally(night, seat)
            if seat != night.seat_of(person.key):
                add = replace(add, deals=0)  # his second seat of the night: the same deals
            tallies[person.key] = tallies.get(person.key, Tally()) + add
        seat_of = {n: i for i, n in enumerate(final.players)}
        for pay in final.payments:
            payer = night.people[seat_of[pay.payer]].key
            payee = night.people[seat_of[pay.payee]].key
            if payer == payee:
                continue
            a, b = sorted((payer, payee))
            sign = 1 if payee == a else -1
            pair[(a, b, currency)] = pair.get((a, b, currency), Decimal(0)) + sign * pay.amount
        numbers, totals = running.setdefault(currency, ([], {}))
        numbers.append(night.number)
        for person in night.people:
            totals.setdefault(person.key, [Decimal(0)] * (len(numbers) - 1))
        for key, line in totals.items():
            last = line[-1] if line else Decimal(0)
            got = sum(
                (final.money[i] for i, p in enumerate(night.people) if p.key == key), Decimal(0)
            )
            line.append(last + got)
    players = tuple(
        sorted(
            (
                PlayerStats(
                    people[key],
                    tuple([people[key].name, *(n for n in names[key] if n != people[key].name)]),
                    tuple(usernames.get(key, ())),
                    tuple(results[key]),
                    tallies[key],
                )
                for key in people
            ),
            key=lambda p: (-p.whists, p.person.name.casefold(), p.person.key),
        )
    )
    balances = []
    for (a, b, currency), amount in pair.items():
        if amount > 0:
            balances.append(Balance(people[a], people[b], currency, amount))
        elif amount < 0:
            balances.append(Balance(people[b], people[a], currency, -amount))
    balances.sort(key=lambda x: (-x.amount, x.winner.name.casefold(), x.loser.name.casefold()))
    return ChatStats(
        len(nights),
        players,
        tuple(balances),
        tuple(
            (currency, tuple(numbers), {k: tuple(v) for k, v in totals.items()})
            for currency, (numbers, totals) in running.items()
        ),
    )
