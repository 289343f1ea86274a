"""Settlement (роспись пульки): from the sheet to whists and money.

The Code's rule 4.2.14, "variant 2" (the average mountain), preceded by the
equalising of pulkas (4.2.3, 4.2.3.3) and the amnesty:

1. each player's mountain gets ``pulka_ratio x (target - pulka)`` (a pulka
   over the target writes the mountain off, one short of it adds);
2. amnesty: the smallest mountain is subtracted from all;
3. mountain result = 10 x (average mountain - own mountain);
4. whist balance = whists written on others - whists others wrote on him;
5. result = 3 + 4, in whists; the results add up to zero.

Table 8 of text 003 (three players, Sochi, mountain in points):

>>> from scoring.rules import Rules
>>> sheet = Sheet(("A", "B", "C"), (20, 20, 20), (13, Fraction(15, 2), 25),
...               (0, 70, 100, 114, 0, 96, 140, 180, 0))
>>> s = settle(sheet, Rules())
>>> [str(r) for r in s.results]
['-187/3', '110/3', '77/3']
>>> [int(r) for r in settle(sheet, Rules(division="adjust")).results]
[-62, 36, 26]
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from itertools import combinations

from .engine import PulkaState, is_finished
from .numbers import MONEY_PLACES, round_half_away
from .rules import Division, HussarMountain, Rules
from .sheet import Number, Sheet, divide, norm


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``amount`` to ``payee``."""

    payer: str
    payee: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Settlement:
    """Every figure of the settlement, per player in seating order."""

    players: tuple[str, ...]
    finished: bool
    #: Mountain after equalising the pulkas (step 1).
    equalised: tuple[Number, ...]
    #: After the amnesty (step 2), and after rule 4.2.12's adjustment if any.
    amnestied: tuple[Number, ...]
    average: Number
    #: Step 3, in whists.
    mountain_results: tuple[Number, ...]
    #: Step 4: balance of whists against each opponent, ``balances[i][j]``.
    balances: tuple[tuple[Number, ...], ...]
    #: Rule 4.2.12: (player whose mountain moved, points, whists per opponent).
    adjustment: tuple[int, Number, int] | None
    results: tuple[Number, ...]
    money: tuple[Decimal, ...]
    payments: tuple[Payment, ...]
    #: What the players should know about how it was settled: a key of
    #: :data:`NOTICES` (the division asked for could not apply), or None.
    notice: str | None = None


#: The English text of each :attr:`Settlement.notice`.
NOTICES: dict[str, str] = {
    "adjust_inapplicable": 'division "adjust" (rule 4.2.12) cannot apply: no move of one '
    "mountain by half a point, a point or a point and a half makes it "
    "divide, so the mountain is divided exactly",
}


def mountain_unit(rules: Rules, n: int) -> int:
    """Whists a mountain point is worth, divided among the ``n`` players (4.2.14).

    10, shared by all including the owner: 10/n to each opponent.  Hussar with
    an indivisible mountain (Code 4.1.1 c) pays a point in full, 10 to the one
    opponent: 20 shared by the two.

    >>> mountain_unit(Rules(), 2), mountain_unit(Rules(hussar_mountain="indivisible"), 2)
    (10, 20)
    >>> mountain_unit(Rules(hussar_mountain="indivisible"), 3)
    10
    """
    if n == 2 and rules.hussar_mountain is HussarMountain.INDIVISIBLE:
        return 20
    return 10


def settle(sheet: Sheet, rules: Rules) -> Settlement:
    """Settle ``sheet``; an unfinished pulka as if stopped now (rule 4.2.3)."""
    n = sheet.n
    unit = mountain_unit(rules, n)
    ratio = rules.mountain_per_pulka(n)
    equalised = tuple(
        norm(m + ratio * (rules.target - p))
        for m, p in zip(sheet.mountain, sheet.pulka, strict=True)
    )
    low = min(equalised)
    amnestied = [norm(m - low) for m in equalised]
    adjustment = None
    notice = None
    comp = [Fraction(0)] * n
    if rules.division is Division.ADJUST:
        adjustment = _adjustment(amnestied, unit)
        if adjustment is None and (unit * Fraction(sum(amnestied)) / n).denominator != 1:
            # Thirds or cents on the mountains (a paper sheet's 13.33): say so
            # rather than settle exactly as if "adjust" had been done.
            notice = "adjust_inapplicable"
        if adjustment is not None:
            who, delta, per = adjustment
            amnestied[who] = norm(amnestied[who] + delta)
            sign = 1 if delta > 0 else -1  # raised mountain: he writes on the others
            for j in range(n):
                if j != who:
                    comp[who] += sign * per
                    comp[j] -= sign * per
    average = divide(sum(amnestied), n)
    mountain_results = []
    for i in range(n):
        value: Number = unit * (average - amnestied[i]) + comp[i]
        if rules.division is Division.TRUNCATE:
            value = math.trunc(value)
        mountain_results.append(norm(value))
    balances = tuple(
        tuple(norm(sheet.whists_on(i, j) - sheet.whists_on(j, i)) for j in range(n))
        for i in range(n)
    )
    results = tuple(norm(mountain_results[i] + sum(balances[i])) for i in range(n))
    money = split_money(results, rules.stake)
    return Settlement(
        players=sheet.players,
        finished=is_finished(sheet.pulka, rules),
        equalised=equalised,
        amnestied=tuple(amnestied),
        average=average,
        mountain_results=tuple(mountain_results),
        balances=balances,
        adjustment=adjustment,
        results=results,
        money=money,
        payments=payments(sheet.players, money),
        notice=notice,
    )


def settle_state(state: PulkaState) -> Settlement:
    """Settle a replayed pulka."""
    return settle(state.sheet, state.rules)


def standings(state: PulkaState) -> tuple[Fraction, ...]:
    """Exact results in whists if the pulka stopped now (the bot's "if we stopped").

    Steps 1, 3, 4 and 5 of the rule: the amnesty moves every mountain alike,
    which changes no result.
    """
    sheet, rules = state.sheet, state.rules
    n = sheet.n
    eq = [
        m + rules.mountain_per_pulka(n) * (rules.target - p)
        for m, p in zip(sheet.mountain, sheet.pulka, strict=True)
    ]
    avg = Fraction(sum(eq)) / n
    unit = mountain_unit(rules, n)
    return tuple(
        Fraction(
            unit * (avg - eq[i])
            + sum(sheet.whists_on(i, j) - sheet.whists_on(j, i) for j in range(n))
        )
        for i in range(n)
    )


def _adjustment(amnestied: list[Number], unit: int = 10) -> tuple[int, Number, int] | None:
    """Rule 4.2.12: move one mountain by a point so that it divides.

    With three players a remainder of 2 raises a mountain by one point (its
    owner writes 3 whists on each opponent), a remainder of 1 lowers one (each
    opponent writes 3 on him); with four, the same to the nearest multiple of
    4 (text 000: 3 whists there too).  Text 003 gives the smaller share to the
    amnestier: so a raise falls on the amnestier (fewest mountain), and a
    lowering, which gains its owner a fraction, on the largest mountain (ties:
    the first in seating order).
    """
    n = len(amnestied)
    total = Fraction(sum(amnestied))
    if (unit * total / n).denominator == 1:
        return None
    for magnitude in (Fraction(1), Fraction(1, 2), Fraction(3, 2)):
        fits = [d for d in (magnitude, -magnitude) if (unit * (total + d) / n).denominator == 1]
        if fits:
            # Prefer the move that lands on a multiple of n points (text 000).
            delta = min(fits, key=lambda d: ((total + d) % n != 0, d))
            per = math.floor(Fraction(unit) * abs(delta) / n + Fraction(1, 2))
            owner = min(amnestied) if delta > 0 else max(amnestied)
            return amnestied.index(owner), norm(delta), per
    return None


def split_money(results: tuple[Number, ...], stake: Decimal) -> tuple[Decimal, ...]:
    """Money per player in cents, adding up to exactly zero.

    Each share is ``result x stake`` (centred on zero first, for a truncated
    division whose results do not add up) rounded half away from zero to the
    cent, as every figure is (:mod:`scoring.numbers`).  If those cents do not
    add up to zero, the missing or extra cents go by the largest remainder:
    one each to the shares rounding moved furthest the other way, so every
    share stays within one cent of exact.  Between equal remainders the cent
    goes in favour of whoever stands lower: a missing cent to the smaller
    share (the bigger loser), an extra cent from the larger (the bigger
    winner).  Text 003 shares a rounding the same way (the smaller share to
    the amnestier, who stands best), and the rule depends on the figures, not
    on the seats: only shares that are exactly equal fall back to seating
    order, the earlier seat taking the correction.

    Table 8 (text 003): the three shares are each a third of a cent over
    their rounding, so the extra cent comes from the winner B:

    >>> split_money((Fraction(-187, 3), Fraction(110, 3), Fraction(77, 3)), Decimal("1"))
    (Decimal('-62.33'), Decimal('36.66'), Decimal('25.67'))
    >>> split_money((Fraction(-46, 3), Fraction(236, 3), Fraction(-190, 3)), Decimal("0.5"))
    (Decimal('-7.67'), Decimal('39.33'), Decimal('-31.66'))
    """
    n = len(results)
    mean = Fraction(sum(results)) / n
    exact = [(Fraction(r) - mean) * Fraction(stake) * 100 for r in results]
    cents = [round_half_away(x, 0) for x in exact]
    short = -sum(cents)  # > 0: cents missing, < 0: cents too many
    step = 1 if short > 0 else -1
    # Largest remainder first (how far rounding moved the share against the
    # correction), then the lower standing, then the earlier seat.
    order = sorted(range(n), key=lambda i: (step * (cents[i] - exact[i]), step * exact[i], i))
    for i in order[: abs(short)]:
        cents[i] += step
    # From text, so a share of any size is exact (arithmetic would round to
    # the context's 28 digits).
    return tuple(Decimal(f"{c}E-2") for c in cents)


def exact_money(result: Number, stake: Decimal) -> Fraction:
    """A result's money, exactly: whists times the stake.  What a figure needs where
    nothing has to add up to zero (a deal's cost, a what-if, the chat's totals).

    >>> exact_money(Fraction(110, 3), Decimal("0.5"))
    Fraction(55, 3)
    """
    return result * _exact_stake(stake)


@functools.lru_cache(maxsize=64)
def _exact_stake(stake: Decimal) -> Fraction:
    # A chat's nights are played at a few stakes: each is made a Fraction once.
    return Fraction(stake)


def share(result: Number, stake: Decimal) -> Decimal:
    """A result's money to the cent, rounded alone as every figure is: the money
    written beside a figure of whists.

    >>> share(Fraction(110, 3), Decimal("1")), share(Fraction(-187, 3), Decimal("2"))
    (Decimal('36.67'), Decimal('-124.67'))
    """
    return Decimal(f"{round_half_away(exact_money(result, stake), MONEY_PLACES)}E-2")


@dataclass(frozen=True, slots=True)
class Rounding:
    """A player the settlement pays otherwise than his result times the stake:
    ``share`` is that product to the cent (:func:`share`), ``money`` what he pays
    or gets so that the money adds up to zero (:func:`split_money`)."""

    player: str
    share: Decimal
    money: Decimal


def roundings(s: Settlement, stake: Decimal) -> tuple[Rounding, ...]:
    """Everyone whose money is not his result times the stake, in seating order.

    The largest remainder moves a cent or two when shares rounded alone do not add
    up to zero; a truncated division whose results do not add up moves everyone
    (:func:`results_off`).  Table 8 (text 003): B gets a cent less than 36.67.

    >>> sheet = Sheet(("A", "B", "C"), (20, 20, 20), (13, Fraction(15, 2), 25),
    ...               (0, 70, 100, 114, 0, 96, 140, 180, 0))
    >>> roundings(settle(sheet, Rules()), Decimal("1"))
    (Rounding(player='B', share=Decimal('36.67'), money=Decimal('36.66')),)
    >>> roundings(settle(sheet, Rules(stake=Decimal("3"))), Decimal("3"))
    ()
    """
    out = []
    for who, result, money in zip(s.players, s.results, s.money, strict=True):
        alone = share(result, stake)
        if alone != money:
            out.append(Rounding(who, alone, money))
    return tuple(out)


def results_off(s: Settlement) -> Number:
    """How far the results miss zero: only a truncated division's can (each
    mountain result cut alone), and the money is then centred on zero."""
    return norm(sum(s.results, Fraction(0)))


def payments(players: tuple[str, ...], money: tuple[Decimal, ...]) -> tuple[Payment, ...]:
    """Who pays whom, with the fewest payments.

    The fewest is reached by splitting the players into as many groups adding
    up to zero as possible (at most 5 players, so every split is tried), then
    paying greedily inside each group.

    >>> money = tuple(Decimal(x) for x in ("-5", "5", "-3", "3"))
    >>> [(p.payer, p.payee, str(p.amount)) for p in payments(("A", "B", "C", "D"), money)]
    [('A', 'B', '5'), ('C', 'D', '3')]
    """
    open_ = [i for i, m in enumerate(money) if m != 0]
    out: list[Payment] = []
    for group in _zero_groups(open_, money):
        debtors = sorted((i for i in group if money[i] < 0), key=lambda i: (money[i], i))
        creditors = sorted((i for i in group if money[i] > 0), key=lambda i: (-money[i], i))
        owe = {i: -money[i] for i in debtors}
        due = {i: money[i] for i in creditors}
        for d in debtors:
            for c in creditors:
                amount = min(owe[d], due[c])
                if amount > 0:
                    out.append(Payment(players[d], players[c], amount))
                    owe[d] -= amount
                    due[c] -= amount
    return tuple(out)


def _zero_groups(items: list[int], money: tuple[Decimal, ...]) -> list[list[int]]:
    """Split into the most disjoint groups each adding up to zero."""
    if not items:
        return []
    first, rest = items[0], items[1:]
    best: list[list[int]] | None = None
    for size in range(1, len(rest) + 1):
        for others in combinations(rest, size):
            group = [first, *others]
            if sum(money[i] for i in group) == 0:
                remaining = [i for i in rest if i not in others]
                split = [group, *_zero_groups(remaining, money)]
                if best is None or len(split) > len(best):
                    best = split
    return best or [items]
