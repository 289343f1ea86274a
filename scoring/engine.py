"""Writing deals onto the sheet: the pure ``state + deal -> state`` of a pulka.

A pulka is the replay of its append-only log of deals.  Every function here
is pure: it returns new values and never mutates its arguments.

Worked example (Sochi, three players; the Code's "cost of a six", text 001):
A plays 6♠ and takes 6, B whists and takes 4 (for himself and the passer),
so A writes 2 into the pulka and B writes 8 whists on A.

>>> start = PulkaState.new(("A", "B", "C"), Rules())
>>> step = play(start, Game.of("A", "6S", {"B": "whist", "C": "pass"},
...                            {"A": 6, "B": 3, "C": 1}))
>>> step.state.sheet.pulka, step.state.sheet.whists_on(1, 0)
((2, 0, 0), 8)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType

from . import seating
from .deals import Choice, Correction, Deal, Game, Misere, Raspasy
from .errors import IllegalDeal, InvalidDeal, ScoringError
from .rules import (
    MISERE_PRICE,
    Consolation,
    Liability,
    PulkaEnd,
    QuotaLiable,
    RaspasyScoring,
    Rules,
    WhistShortfall,
    WhistSplit,
)
from .sheet import Number, Sheet, Writes, norm


@dataclass(frozen=True, slots=True)
class PulkaState:
    """Everything the next deal depends on: the sheet and the run of raspasy."""

    rules: Rules
    sheet: Sheet
    #: Consecutive all-pass deals so far (0 outside raspasy).
    raspasy_run: int = 0
    #: Deals played (corrections do not count).
    deals: int = 0
    #: Seat of the next dealer (the first player listed deals first).
    next_dealer: int = 0
    #: Is the pulka over (rule 4.2.3; Leningrad: pulkas add up to target x n)?
    #: Kept, not derived, because every deal asks.
    finished: bool = False
    #: Seat by player name (read-only; kept because every deal looks names up).
    seats: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def new(cls, players: Sequence[str], rules: Rules) -> PulkaState:
        names = tuple(players)
        if len(names) not in seating.TABLE_SIZES:
            raise InvalidDeal.of("players_count", "players", count=len(names))
        if any(not isinstance(p, str) or not p.strip() for p in names):
            raise InvalidDeal.of("player_name_empty", "players")
        if len({p.casefold() for p in names}) != len(names):
            raise InvalidDeal.of("player_names_distinct", "players")
        sheet = Sheet.empty(names)
        seats = MappingProxyType({name: i for i, name in enumerate(names)})
        return cls(rules, sheet, finished=is_finished(sheet.pulka, rules), seats=seats)

    @property
    def players(self) -> tuple[str, ...]:
        return self.sheet.players

    @property
    def n(self) -> int:
        return self.sheet.n

    def seat(self, name: str, path: str = "") -> int:
        """Seat of a player named exactly as in the record."""
        seat = self.seats.get(name)
        if seat is None:
            known = ", ".join(self.players)
            raise InvalidDeal.of("unknown_player", path, name=name, players=known)
        return seat


def is_finished(pulka: Sequence[Number], rules: Rules) -> bool:
    """Whether pulkas like these end the game under ``rules``."""
    if rules.end is PulkaEnd.TOTAL:
        return sum(pulka) >= rules.target * len(pulka)
    return min(pulka) >= rules.target


@dataclass(frozen=True, slots=True)
class Step:
    """The state after a deal and what the deal wrote."""

    state: PulkaState
    writes: Writes


def play(state: PulkaState, deal: Deal) -> Step:
    """Write ``deal`` onto the sheet; raise :class:`ScoringError` if it cannot be."""
    if isinstance(deal, Correction):
        writes = _correction(state, deal)
        sheet = state.sheet.plus(writes)
        return Step(
            replace(state, sheet=sheet, finished=is_finished(sheet.pulka, state.rules)), writes
        )
    if state.finished:
        raise IllegalDeal.of("pulka_over")
    if isinstance(deal, Game):
        pen, dealer, run = _game(state, deal)
    elif isinstance(deal, Misere):
        pen, dealer, run = _misere(state, deal)
    elif isinstance(deal, Raspasy):
        pen, dealer, run = _raspasy(state, deal)
    else:  # pragma: no cover - the Deal union is closed
        raise InvalidDeal.of("unknown_deal", deal=deal)
    writes = pen.freeze()
    sheet = state.sheet.plus(writes)
    new = PulkaState(
        state.rules,
        sheet,
        run,
        state.deals + 1,
        (dealer + 1) % state.n,
        is_finished(sheet.pulka, state.rules),
        state.seats,
    )
    return Step(new, writes)


def apply(state: PulkaState, deal: Deal) -> PulkaState:
    """The state after ``deal`` (see :func:`play` for what it wrote)."""
    return play(state, deal).state


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed log: the final state and each deal's step."""

    state: PulkaState
    steps: tuple[Step, ...]


def replay(players: Sequence[str], rules: Rules, deals: Iterable[Deal]) -> Replay:
    """Replay a log of deals from an empty sheet.

    Errors are located by the deal's index: ``deals[3].tricks: ...``.
    """
    state = PulkaState.new(players, rules)
    steps = []
    for i, deal in enumerate(deals):
        try:
            step = play(state, deal)
        except ScoringError as e:
            raise e.at(f"deals[{i}]") from None
        steps.append(step)
        state = step.state
    return Replay(state, tuple(steps))


# --- the pen: a mutable scratch pad for one deal's writes -------------------


class _Pen:
    def __init__(self, state: PulkaState) -> None:
        self.state = state
        self.rules = state.rules
        self.n = n = state.n
        self.pulka: list[Number] = [0] * n
        self.mountain: list[Number] = [0] * n
        self.whists: list[Number] = [0] * (n * n)
        self.help: list[tuple[int, int, Number]] = []

    def whist(self, writer: int, on: int, amount: Number) -> None:
        if amount:
            self.whists[writer * self.n + on] += amount

    def mount(self, i: int, amount: Number) -> None:
        self.mountain[i] += amount

    def earn(self, i: int, points: Number, *, clears_mountain: bool = False) -> None:
        """Points earned into the pulka, with help and write-offs (4.1.1, 4.2.3)."""
        rules = self.rules
        if clears_mountain and rules.game_clears_mountain:
            # A pulka point is worth pulka_ratio mountain points (Leningrad 2).
            on_mountain = self.state.sheet.mountain[i] + self.mountain[i]
            take = min(points * rules.pulka_ratio, max(on_mountain, 0))
            self.mountain[i] -= take
            points -= norm(Fraction(take) / rules.pulka_ratio)
        if points <= 0:
            return
        if not rules.help:
            self.pulka[i] += points
            return
        target = rules.target
        if self.state.sheet.pulka[i] + self.pulka[i] + points <= target:
            self.pulka[i] += points  # the usual case: his own pulka is still open
            return
        current = [p + d for p, d in zip(self.state.sheet.pulka, self.pulka, strict=True)]
        own = min(points, max(target - current[i], 0))
        self.pulka[i] += own
        current[i] += own
        rest = points - own
        while rest > 0:
            helped = _helped(current, i, target)
            if helped is None:
                # Nobody can take it: written off the mountain (Code 4.1.1).
                self.mountain[i] -= rest * rules.pulka_ratio
                return
            give = min(rest, target - current[helped])
            self.pulka[helped] += give
            current[helped] += give
            self.whist(i, helped, give * 10 * rules.pulka_ratio)
            self.help.append((i, helped, norm(give)))
            rest -= give

    def freeze(self) -> Writes:
        return Writes(tuple(self.pulka), tuple(self.mountain), tuple(self.whists), tuple(self.help))


def _helped(pulka: list[Number], helper: int, target: int) -> int | None:
    """Who gets help: the open opponent with the larger pulka, ties to the left."""
    n = len(pulka)
    best = None
    for k in range(1, n):
        j = (helper + k) % n  # clockwise from the helper: the left neighbour first
        if pulka[j] < target and (best is None or pulka[j] > pulka[best]):
            best = j
    return best


def _half(x: Number) -> Number:
    if x.__class__ is int and not x % 2:
        return x // 2
    return norm(Fraction(x) / 2)


# --- table: who sits at this deal -------------------------------------------


def _table(
    state: PulkaState, tricks: tuple[tuple[str, int], ...], dealer: str | None, path: str = "tricks"
) -> tuple[dict[int, int], int | None]:
    """Tricks by seat of the players at this deal, and the dealer sitting out.

    Checks that the right players are named and the tricks add up to 10.
    """
    t: dict[int, int] = {}
    seats = state.seats
    for name, count in tricks:
        s = seats.get(name)
        if s is None:
            s = state.seat(name, path)  # raises: unknown player
        if s in t:
            raise InvalidDeal.of("named_twice", path, name=name)
        if count.__class__ is not int or not 0 <= count <= 10:
            raise InvalidDeal.of("tricks_range", path, name=name, count=count)
        t[s] = count
    given = state.seat(dealer, "dealer") if dealer is not None else None
    out = None
    if state.n == 3:
        if len(t) != 3:
            raise InvalidDeal.of("tricks_three", path, players=", ".join(state.players))
    else:
        if len(t) != 3:
            raise InvalidDeal.of("tricks_four", path)
        out = next(s for s in range(4) if s not in t)
        if given is not None and given != out:
            raise InvalidDeal.of("dealer_at_table", "dealer", dealer=state.players[given])
    total = sum(t.values())
    if total != 10:
        raise InvalidDeal.of("tricks_sum", path, total=total)
    return t, out


def _dealer_seat(state: PulkaState, sitting_out: int | None, given: int | None) -> int:
    if sitting_out is not None:
        return sitting_out
    if given is not None:
        return given
    return state.next_dealer


def _consolers(
    state: PulkaState,
    declarer: int,
    defenders: list[int],
    whisters: list[int],
    dealer_out: int | None,
) -> list[int]:
    rule = state.rules.consolation
    if rule is Consolation.WHISTERS:
        return whisters
    if rule is Consolation.DEFENDERS or dealer_out is None:
        return defenders
    return [*defenders, dealer_out]


# --- a game ------------------------------------------------------------------


def _game(state: PulkaState, g: Game) -> tuple[_Pen, int, int]:
    rules = state.rules
    n = len(state.sheet.players)
    seats = state.seats
    t, out = _table(state, g.tricks, g.dealer)
    decl = state.seat(g.declarer, "declarer")
    if decl not in t:
        raise InvalidDeal.of("declarer_tricks", "tricks", declarer=g.declarer)
    # The one not among the tricks sits out (four players); with three, nobody.
    defenders = list(seating.defenders(n, decl, out))
    choice: dict[int, Choice] = {}
    for name, c in g.defence:
        if name == g.declarer:
            raise InvalidDeal.of("declarer_whists", "whist", declarer=g.declarer)
        s = seats[name] if name in seats else state.seat(name, "whist")
        if s not in defenders:
            raise InvalidDeal.of("not_defender", "whist", name=name)
        choice[s] = c
    missing = [state.players[s] for s in defenders if s not in choice]
    if missing:
        raise InvalidDeal.of("whist_missing", "whist", names=", ".join(missing))
    level = g.contract.level
    if level < seating.lowest_level(rules, state.raspasy_run):
        raise IllegalDeal.of("raspasy_exit", "contract", exit=rules.raspasy_exit, level=level)
    first, second = defenders
    c1, c2 = choice[first], choice[second]
    half_whist = c1 is Choice.HALF or c2 is Choice.HALF
    if half_whist:
        _check_half(state, g, c1, c2, second)

    price = rules.price(level)
    f = rules.whist_factor
    quota = rules.quota_for(level)
    pen = _Pen(state)
    whisters = [s for s, c in ((first, c1), (second, c2)) if c is Choice.WHIST]
    whisted = bool(whisters) or half_whist
    made = not whisted or t[decl] >= level or half_whist
    if not whisted and t[decl] < level:
        raise InvalidDeal.of(
            "unwhisted_short", "tricks", declarer=g.declarer, contract=str(g.contract), level=level
        )
    run = state.raspasy_run

    if made:
        pen.earn(decl, price, clears_mountain=True)
        run = 0
        if c2 is Choice.HALF:
            # Half-whist: not played, the half-whister writes half the quota.
            pen.whist(second, decl, _half(quota) * price * f)
        elif len(whisters) == 1:
            w = whisters[0]
            defence = 10 - t[decl]
            pen.whist(w, decl, defence * price * f)
            _shortfall(pen, w, quota - defence, price)
        elif len(whisters) == 2:
            for w in whisters:
                pen.whist(w, decl, t[w] * price * f)
            if level <= 7:
                for w, short in _half_shortfalls(rules, quota, t[first], t[second]):
                    _shortfall(pen, (first, second)[w], short, price)
            else:
                short = quota - (t[first] + t[second])
                liable = whisters if rules.quota_liable is QuotaLiable.BOTH else [second]
                for w in liable:
                    _shortfall(pen, w, short, price)
    else:
        down = level - t[decl]
        pen.mount(decl, down * price * f)
        if not (rules.raspasy_strict_exit and run):
            run = 0
        if len(whisters) == 1:
            w = whisters[0]
            passer = second if w == first else first
            defence = 10 - t[decl]
            if rules.whist is WhistSplit.GREEDY:
                pen.whist(w, decl, defence * price * f)
            else:
                pen.whist(w, decl, _half(defence * price * f))
                pen.whist(passer, decl, _half(defence * price * f))
        else:
            for w in whisters:
                pen.whist(w, decl, t[w] * price * f)
        for s in _consolers(state, decl, defenders, whisters, out):
            pen.whist(s, decl, down * price * f)
    return pen, _dealer_seat(state, out, None if g.dealer is None else state.seat(g.dealer)), run


def _half_shortfalls(rules: Rules, quota: int, first: int, second: int) -> list[tuple[int, Number]]:
    """Two whisters on a 6 or 7: the tricks each is short, by whister (0 first, 1 second).

    ``joint`` (Code 4.2.1): the defence is short only of what both took together
    missed; it is written by whoever has less than his half, each for at most
    his own deficit (6 made with 7: whisters 3 and 0, only the one with 0
    writes, for one trick).  ``each_half``: each answers for his own half.

    >>> _half_shortfalls(Rules(), 4, 3, 0), _half_shortfalls(Rules(), 4, 4, 0)
    ([(1, 1)], [])
    >>> _half_shortfalls(Rules(whist_shortfall="each_half"), 4, 3, 0)
    [(1, 2)]
    """
    half = _half(quota)
    deficits = [half - first, half - second]
    if rules.whist_shortfall is WhistShortfall.EACH_HALF:
        return [(w, d) for w, d in enumerate(deficits) if d > 0]
    short = quota - first - second
    if short <= 0:
        return []
    return [(w, min(d, short)) for w, d in enumerate(deficits) if d > 0]


def _shortfall(pen: _Pen, whister: int, short: Number, price: int) -> None:
    """The whister's remiz (ремиз на висте): price per missing trick on his mountain."""
    if short <= 0:
        return
    amount = short * price * pen.rules.whist_factor
    if pen.rules.liability is Liability.HALF:
        amount = _half(amount)
    pen.mount(whister, amount)


def _check_half(state: PulkaState, g: Game, c1: Choice, c2: Choice, second: int) -> None:
    rules = state.rules
    level = g.contract.level
    if not rules.half_whist:
        raise InvalidDeal.of("half_off", "whist")
    if level > 7:
        raise InvalidDeal.of("half_level", "whist", level=level)
    if c1 is not Choice.PASS or c2 is not Choice.HALF:
        raise InvalidDeal.of("half_order", "whist", second=state.players[second])
    half = seating.half_whist_tricks(rules, level)
    if half is None:
        raise InvalidDeal.of("half_quota", "whist", level=level)
    tricks = g.trick_map
    if tricks[g.declarer] != level or tricks[state.players[second]] != half:
        raise InvalidDeal.of(
            "half_tricks",
            "tricks",
            declarer=g.declarer,
            level=level,
            second=state.players[second],
            half=half,
        )


# --- a misère ------------------------------------------------------------------


def _misere(state: PulkaState, m: Misere) -> tuple[_Pen, int, int]:
    rules = state.rules
    decl = state.seat(m.declarer, "declarer")
    if not isinstance(m.tricks, int) or isinstance(m.tricks, bool) or not 0 <= m.tricks <= 10:
        raise InvalidDeal.of("misere_tricks", "tricks", count=m.tricks)
    given = None if m.dealer is None else state.seat(m.dealer, "dealer")
    out = None
    if state.n == 4:
        out = given if given is not None else state.next_dealer
        if out == decl:
            raise InvalidDeal.of("misere_dealer", "dealer", declarer=m.declarer)
    pen = _Pen(state)
    run = state.raspasy_run
    if m.made:
        pen.earn(decl, MISERE_PRICE, clears_mountain=True)
        run = 0
    else:
        f = rules.whist_factor
        pen.mount(decl, m.tricks * MISERE_PRICE * f)
        if not (rules.raspasy_strict_exit and run):
            run = 0
        if rules.misere_consolation:
            others = [s for s in range(state.n) if s not in (decl, out)]
            consolers = (
                others
                if rules.consolation is not Consolation.ALL or out is None
                else [*others, out]
            )
            for s in consolers:
                pen.whist(s, decl, m.tricks * MISERE_PRICE * f)
    return pen, _dealer_seat(state, out, given), run


# --- raspasy ---------------------------------------------------------------------


def _raspasy(state: PulkaState, r: Raspasy) -> tuple[_Pen, int, int]:
    rules = state.rules
    t, out = _table(state, r.tricks, r.dealer)
    seats = sorted(t)
    run = state.raspasy_run + 1
    mult = rules.raspasy_multiplier(run)
    pen = _Pen(state)
    fewest = min(t.values())
    if rules.raspasy_scoring is RaspasyScoring.MOUNTAIN:
        base = fewest if rules.raspasy_amnesty else 0
        for s in seats:
            pen.mount(s, (t[s] - base) * mult)
        if out is not None and base:
            # The amnesty moves every mountain alike, the dealer's too, or it
            # would not be neutral with four.
            pen.mount(out, -base * mult)
    else:
        winners = [s for s in seats if t[s] == fewest]
        for w in winners:
            for s in seats:
                if s not in winners:
                    pen.whist(w, s, t[s] * rules.raspasy_whists * mult)
    if rules.raspasy_zero:
        zero: Number = rules.raspasy_zero
        if rules.raspasy_zero_progressive:
            zero = norm(Fraction(zero * mult, rules.raspasy[0]))
        for s in seats:
            if t[s] == 0:
                pen.earn(s, zero)
    given = None if r.dealer is None else state.seat(r.dealer)
    return pen, _dealer_seat(state, out, given), run


# --- a correction ---------------------------------------------------------------


def _correction(state: PulkaState, c: Correction) -> Writes:
    who = state.seat(c.player, "player")
    pen = _Pen(state)
    pen.pulka[who] += c.pulka
    pen.mountain[who] += c.mountain
    for name, amount in c.whists:
        on = state.seat(name, "whists")
        if on == who:
            raise InvalidDeal.of("self_whists", "whists", player=c.player)
        pen.whist(who, on, amount)
    return pen.freeze()


__all__ = [
    "PulkaState",
    "Replay",
    "ScoringError",
    "Step",
    "apply",
    "is_finished",
    "play",
    "replay",
]
