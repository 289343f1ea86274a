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
from types import MappingProxyType
from typing import Any, cast

from . import seating
from .deals import TRICKS, Choice, Correction, Deal, Game, Misere, Raspasy
from .errors import IllegalDeal, InvalidDeal, ScoringError
from .names import name_key
from .rules import (
    MISERE_PRICE,
    Consolation,
    FiveConsolation,
    HussarRaspasy,
    Liability,
    PulkaEnd,
    QuotaLiable,
    RaspasyScoring,
    Rules,
    WhistShortfall,
    WhistSplit,
)
from .seating import NOBODY
from .sheet import Number, Sheet, Writes, divide, norm


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
        if len({name_key(p) for p in names}) != len(names):
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

    @property
    def next_table(self) -> seating.Table:
        """The table of the next deal: who deals, who sits out, which games are allowed.

        >>> t = PulkaState.new(("A", "B", "C", "D"), Rules()).next_table
        >>> t.dealer, t.sitting_out, t.at_table, t.defenders(1), t.levels
        (0, (0,), (1, 2, 3), (2, 3), (6, 7, 8, 9, 10))
        """
        n, dealer, rules = self.n, self.next_dealer, self.rules
        low = seating.lowest_level(rules, self.raspasy_run)
        return seating.Table(
            n=n,
            rules=rules,
            dealer=dealer,
            sitting_out=seating.sitting_out(n, dealer, rules),
            at_table=seating.speaking_order(n, dealer, rules),
            levels=tuple(level for level in seating.LEVELS if level >= low),
            raspasy_run=self.raspasy_run,
            finished=self.finished,
        )

    def seat(self, name: str, path: str = "") -> int:
        """Seat of a player named exactly as in the record."""
        try:
            return self.seats[name]
        except KeyError:
            known = ", ".join(self.players)
            raise InvalidDeal.of("unknown_player", path, name=name, players=known) from None


def is_finished(pulka: Sequence[Number], rules: Rules) -> bool:
    """Whether pulkas like these end the game under ``rules``."""
    if rules.end is PulkaEnd.TOTAL:
        return sum(pulka) >= rules.target * len(pulka)
    return min(pulka) >= rules.target


@dataclass(frozen=True, slots=True)
class Step:
    """The state after a deal, what the deal wrote, and who dealt it (the seating's
    dealer, or another the table named; None for a correction, which is no deal)."""

    state: PulkaState
    writes: Writes
    dealer: int | None = None


def play(state: PulkaState, deal: Deal) -> Step:
    """Write ``deal`` onto the sheet; raise :class:`ScoringError` if it cannot be."""
    rules = state.rules
    if isinstance(deal, Correction):
        # Points written by hand: not a deal, so the dealer and the raspasy stay.
        writes = _correction(state, deal)
        sheet = state.sheet.plus(writes)
        return Step(replace(state, sheet=sheet, finished=is_finished(sheet.pulka, rules)), writes)
    if state.finished:
        raise IllegalDeal.of("pulka_over")
    if isinstance(deal, Game):
        pen, dealer, run = _game(state, deal)
    elif isinstance(deal, Misere):
        pen, dealer, run = _misere(state, deal)
    elif isinstance(deal, Raspasy):
        pen, dealer, run = _raspasy(state, deal)
    else:  # pragma: no cover - the union is closed
        raise InvalidDeal.of("unknown_deal", deal=deal)
    writes = pen.freeze()
    sheet = state.sheet.plus(writes)
    after = PulkaState(
        rules,
        sheet,
        raspasy_run=run,
        deals=state.deals + 1,
        next_dealer=seating.next_dealer(state.n, dealer),
        finished=is_finished(sheet.pulka, rules),
        seats=state.seats,
    )
    return Step(after, writes, dealer)


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


def final_state(players: Sequence[str], rules: Rules, deals: Iterable[Deal]) -> PulkaState:
    """``replay(players, rules, deals).state``: the end of the log, for the calculator."""
    return replay(players, rules, deals).state


# --- the pen: a mutable scratch pad for one deal's writes -------------------


class _Pen:
    __slots__ = ("help", "mountain", "n", "pulka", "rules", "sheet", "whists")

    def __init__(self, state: PulkaState) -> None:
        self.sheet = sheet = state.sheet
        self.rules = state.rules
        self.n = n = len(sheet.players)
        self.pulka: list[Number] = [0] * n
        self.mountain: list[Number] = [0] * n
        self.whists: list[Number] = [0] * (n * n)
        #: A tuple, not a list: most deals give no help, and then nothing is built.
        self.help: tuple[tuple[int, int, Number], ...] = ()

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
            ratio = rules.mountain_per_pulka(self.n)
            on_mountain = self.sheet.mountain[i] + self.mountain[i]
            take = min(points * ratio, max(on_mountain, 0))
            self.mountain[i] -= take
            points -= divide(take, ratio)
        if points <= 0:
            return
        if not rules.help:
            self.pulka[i] += points
            return
        target = rules.target
        if self.sheet.pulka[i] + self.pulka[i] + points <= target:
            self.pulka[i] += points  # the usual case: his own pulka is still open
            return
        current = [p + d for p, d in zip(self.sheet.pulka, self.pulka, strict=True)]
        own = min(points, max(target - current[i], 0))
        self.pulka[i] += own
        current[i] += own
        rest = points - own
        while rest > 0:
            helped = _helped(current, i, target)
            if helped is None:
                # Nobody can take it: written off the mountain (Code 4.1.1); in
                # hussar with an indivisible mountain only half of it (4.1.1 c).
                self.mountain[i] -= norm(rest * rules.mountain_per_pulka(self.n))
                return
            give = min(rest, target - current[helped])
            self.pulka[helped] += give
            current[helped] += give
            self.whist(i, helped, give * 10 * rules.pulka_ratio)
            self.help += ((i, helped, norm(give)),)
            rest -= give

    def freeze(self) -> Writes:
        return Writes(tuple(self.pulka), tuple(self.mountain), tuple(self.whists), self.help)


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
    return divide(x, 2)


# --- table: who sits at this deal -------------------------------------------


def _table(
    state: PulkaState, tricks: tuple[tuple[str, int], ...], dealer: str | None, path: str = "tricks"
) -> tuple[dict[int, int], tuple[int, ...]]:
    """Tricks by seat of the players at this deal, and who sat out (the dealer first).

    Checks that the right players are named and the tricks add up to 10.
    """
    t, total = _by_seat(state, tricks, path)
    given = None if dealer is None else state.seat(dealer, "dealer")
    out: tuple[int, ...] = ()
    n = len(state.sheet.players)
    if len(t) != 3:
        if n == 3:
            raise InvalidDeal.of("tricks_three", path, players=", ".join(state.players))
        if n == 5:
            raise InvalidDeal.of("tricks_five", path)
        raise InvalidDeal.of("tricks_four", path)
    if n == 4:
        # The seat of 0-3 not at the table: three distinct seats sum to 6 less it.
        out = (6 - sum(t),)
        if given is not None and given != out[0]:
            raise InvalidDeal.of("dealer_at_table", "dealer", dealer=state.players[given])
    elif n == 5:
        out = _five_out(state, {s for s in range(5) if s not in t}, given)
    if total != TRICKS:
        raise InvalidDeal.of("tricks_sum", path, total=total)
    return t, out


def _five_out(state: PulkaState, absent: set[int], given: int | None) -> tuple[int, ...]:
    """Five players: the two not at the table, the dealer first; they must be his pair."""
    rules = state.rules
    dealer = seating.dealer_sitting_out(5, absent, rules)
    if dealer is None or (given is not None and given != dealer and given in absent):
        # Not a pair that deals this way (or the given dealer's pair the other way round).
        names = ", ".join(state.players[s] for s in sorted(absent))
        pair = seating.sitting_out(5, state.next_dealer if given is None else given, rules)
        expected = ", ".join(state.players[s] for s in sorted(pair))
        path = "tricks" if dealer is None else "dealer"
        raise InvalidDeal.of("sitting_out_pair", path, names=names, expected=expected)
    if given is not None and given != dealer:
        raise InvalidDeal.of("dealer_at_table", "dealer", dealer=state.players[given])
    return seating.sitting_out(5, dealer, rules)


def _by_seat(
    state: PulkaState, tricks: tuple[tuple[str, int], ...], path: str
) -> tuple[dict[int, int], int]:
    """Tricks by seat, each named once and 0 to 10, and their sum."""
    t: dict[int, int] = {}
    total = 0
    for name, count in tricks:
        s = state.seat(name, path)
        if s in t:
            raise InvalidDeal.of("named_twice", path, name=name)
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= TRICKS:
            raise InvalidDeal.of("tricks_range", path, name=name, count=count)
        t[s] = count
        total += count
    return t, total


def _hussar_tricks(
    state: PulkaState, tricks: tuple[tuple[str, int], ...], path: str = "tricks"
) -> tuple[dict[int, int], int]:
    """Hussar: tricks by seat of both players (the dummy is never named), and their sum."""
    t, total = _by_seat(state, tricks, path)
    if len(t) != 2:
        raise InvalidDeal.of("tricks_two", path, players=", ".join(state.players))
    return t, total


def _dealer_seat(state: PulkaState, sitting_out: tuple[int, ...], given: int | None) -> int:
    if sitting_out:
        return sitting_out[0]
    if given is not None:
        return given
    return state.next_dealer


def _consolers(
    state: PulkaState,
    declarer: int,
    defenders: list[int],
    whisters: list[int],
    out: tuple[int, ...],
) -> list[int]:
    rule = state.rules.consolation
    if rule is Consolation.WHISTERS:
        return whisters
    if rule is Consolation.DEFENDERS or not out:
        return defenders
    return [*defenders, *_consoling_out(state.rules, out)]


def _consoling_out(rules: Rules, out: tuple[int, ...]) -> tuple[int, ...]:
    """Of those sitting out, who writes consolation by all: with five both or the dealer."""
    if len(out) == 2 and rules.five_consolation is FiveConsolation.DEALER:
        return out[:1]
    return out


# --- a game ------------------------------------------------------------------


def _game(state: PulkaState, g: Game) -> tuple[_Pen, int, int]:
    rules = state.rules
    n = len(state.sheet.players)
    if n == 2:
        return _hussar_game(state, g)
    t, out = _table(state, g.tricks, g.dealer)
    declarer = g.declarer
    decl = state.seat(declarer, "declarer")
    if decl not in t:
        raise InvalidDeal.of("declarer_tricks", "tricks", declarer=declarer)
    # The one not among the tricks sits out (four players); with three, nobody.
    first, second = seating.defenders(n, decl, out)
    # Each defender's choice, the last one given if named twice (as a dict would keep).
    c1: object = _NONE
    c2: object = _NONE
    for name, c in g.defence:
        if name == declarer:
            raise InvalidDeal.of("declarer_whists", "whist", declarer=declarer)
        s = state.seat(name, "whist")
        if s == first:
            c1 = c
        elif s == second:
            c2 = c
        else:
            raise InvalidDeal.of("not_defender", "whist", name=name)
    if c1 is _NONE or c2 is _NONE:
        missing = [state.players[s] for s, c in ((first, c1), (second, c2)) if c is _NONE]
        raise InvalidDeal.of("whist_missing", "whist", names=", ".join(missing))
    level = g.contract.level
    run = state.raspasy_run
    # Without raspasy every level is allowed (a Contract is 6 to 10): no need to ask.
    if run and level < seating.lowest_level(rules, run):
        raise IllegalDeal.of("raspasy_exit", "contract", exit=rules.raspasy_exit, level=level)
    half_whist = c1 is Choice.HALF or c2 is Choice.HALF
    if half_whist:
        _check_half(state, g, cast(Choice, c1), cast(Choice, c2), second)

    price = rules.price(level)
    f = rules.whist_factor
    whisters = [s for s, c in ((first, c1), (second, c2)) if c is Choice.WHIST]
    whisted = bool(whisters) or half_whist
    mine = t[decl]
    made = not whisted or mine >= level or half_whist
    if not whisted and mine < level:
        raise InvalidDeal.of(
            "unwhisted_short", "tricks", declarer=declarer, contract=str(g.contract), level=level
        )
    pen = _Pen(state)

    if made:
        pen.earn(decl, price, clears_mountain=True)
        run = 0
        if c2 is Choice.HALF:
            # Half-whist: not played, the half-whister writes half the quota.
            pen.whist(second, decl, _half(rules.quota_for(level)) * price * f)
        elif len(whisters) == 1:
            w = whisters[0]
            defence = TRICKS - mine
            pen.whist(w, decl, defence * price * f)
            owed = rules.quota_for(level) - defence
            if owed > 0:
                _shortfall(pen, w, owed, price)
        elif len(whisters) == 2:
            for w in whisters:
                pen.whist(w, decl, t[w] * price * f)
            quota = rules.quota_for(level)
            if level <= 7:
                for w, short in _half_shortfalls(rules, quota, t[first], t[second]):
                    _shortfall(pen, (first, second)[w], short, price)
            else:
                short = quota - (t[first] + t[second])
                liable = whisters if rules.quota_liable is QuotaLiable.BOTH else [second]
                for w in liable:
                    _shortfall(pen, w, short, price)
    else:
        down = level - mine
        pen.mount(decl, down * price * f)
        if not (rules.raspasy_strict_exit and run):
            run = 0
        if len(whisters) == 1:
            w = whisters[0]
            passer = second if w == first else first
            defence = TRICKS - mine
            if rules.whist is WhistSplit.GREEDY:
                pen.whist(w, decl, defence * price * f)
            else:
                pen.whist(w, decl, _half(defence * price * f))
                pen.whist(passer, decl, _half(defence * price * f))
        else:
            for w in whisters:
                pen.whist(w, decl, t[w] * price * f)
        for s in _consolers(state, decl, [first, second], whisters, out):
            pen.whist(s, decl, down * price * f)
    if out:
        dealer = out[0]
    elif g.dealer is not None:
        dealer = state.seat(g.dealer)
    else:
        dealer = state.next_dealer
    return pen, dealer, run


def _hussar_game(state: PulkaState, g: Game) -> tuple[_Pen, int, int]:
    """A game in hussar (гусарик): one defender, who plays the dummy's cards too.

    The whister counts all the defence's tricks (his and the dummy's), owes the
    whole quota alone and alone writes consolation; there is no passer to share
    with, so whists are written as by one greedy whister (notes 2.2).  With
    ``dummy_whist`` a pass still has the game played out: the dummy "whists",
    the opponent writes its whists, and nobody owes the quota (the dummy has
    no mountain).
    """
    rules = state.rules
    declarer = g.declarer
    decl = state.seat(declarer, "declarer")
    opp = 1 - decl
    if len(g.tricks) == 1 and g.tricks[0][0] == declarer:
        # Only the declarer's count, as for a misère: the rest are the defence's.
        count = g.tricks[0][1]
        g = replace(g, tricks=((declarer, count), (state.players[opp], TRICKS - count)))
    t, total = _hussar_tricks(state, g.tricks)
    if total != TRICKS:
        raise InvalidDeal.of("tricks_sum", "tricks", total=total)
    choice: object = _NONE
    for name, c in g.defence:
        if name == declarer:
            raise InvalidDeal.of("declarer_whists", "whist", declarer=declarer)
        state.seat(name, "whist")  # raises: unknown player
        choice = c
    if choice is _NONE:
        raise InvalidDeal.of("whist_missing", "whist", names=state.players[opp])
    if choice is Choice.HALF:
        raise InvalidDeal.of("half_hussar", "whist")
    level = g.contract.level
    run = state.raspasy_run
    if run and level < seating.lowest_level(rules, run):
        raise IllegalDeal.of("raspasy_exit", "contract", exit=rules.raspasy_exit, level=level)
    liable = choice is Choice.WHIST
    whisted = liable or rules.dummy_whist
    price, f = rules.price(level), rules.whist_factor
    mine = t[decl]
    defence = TRICKS - mine
    pen = _Pen(state)
    if mine >= level or not whisted:
        if mine < level:
            raise InvalidDeal.of(
                "unwhisted_short",
                "tricks",
                declarer=declarer,
                contract=str(g.contract),
                level=level,
            )
        pen.earn(decl, price, clears_mountain=True)
        run = 0
        if whisted:
            pen.whist(opp, decl, defence * price * f)
            if liable:
                _shortfall(pen, opp, rules.quota_for(level) - defence, price)
    else:
        down = level - mine
        pen.mount(decl, down * price * f)
        if not (rules.raspasy_strict_exit and run):
            run = 0
        # The defence's tricks and the consolation: the opponent is every defender.
        pen.whist(opp, decl, (defence + down) * price * f)
    dealer = state.next_dealer if g.dealer is None else state.seat(g.dealer, "dealer")
    return pen, dealer, run


#: A defender not given a choice yet.
_NONE = object()


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
    if not isinstance(m.tricks, int) or isinstance(m.tricks, bool) or not 0 <= m.tricks <= TRICKS:
        raise InvalidDeal.of("misere_tricks", "tricks", count=m.tricks)
    given = None if m.dealer is None else state.seat(m.dealer, "dealer")
    out: tuple[int, ...] = ()
    n = state.n
    if n == 2 and not rules.hussar_misere:
        raise IllegalDeal.of("misere_hussar_off", "type")
    if n >= 4:
        out = seating.sitting_out(n, given if given is not None else state.next_dealer, rules)
        # Who may play it: the players at the table, named for the bot's refusal.
        playing = ", ".join(p for s, p in enumerate(state.players) if s not in out)
        if out[0] == decl:
            raise InvalidDeal.of("misere_dealer", "dealer", declarer=m.declarer, playing=playing)
        if decl in out:
            dealer = state.players[out[0]]
            raise InvalidDeal.of(
                "misere_out", "dealer", declarer=m.declarer, dealer=dealer, playing=playing
            )
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
            others = [s for s in range(n) if s != decl and s not in out]
            consolers = (
                others
                if rules.consolation is not Consolation.ALL or not out
                else [*others, *_consoling_out(rules, out)]
            )
            for s in consolers:
                pen.whist(s, decl, m.tricks * MISERE_PRICE * f)
    return pen, _dealer_seat(state, out, given), run


# --- raspasy ---------------------------------------------------------------------


def _raspasy(state: PulkaState, r: Raspasy) -> tuple[_Pen, int, int]:
    rules = state.rules
    own: dict[int, int] | None = None
    t: dict[int, Any]
    out: tuple[int, ...]
    if len(state.sheet.players) == 2:
        own, total = _hussar_tricks(state, r.tricks)
        if total > TRICKS:
            raise InvalidDeal.of("tricks_two_sum", "tricks", total=total)
        t, out = dict(own), ()
        if rules.hussar_raspasy is HussarRaspasy.SHARED:
            # The dummy's tricks, half to each: a shared dummy mountain (notes 2.5).
            dummy = _half(TRICKS - total)
            t = {s: norm(c + dummy) for s, c in own.items()}
    else:
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
        for o in out if base else NOBODY:
            # The amnesty moves every mountain alike, those sitting out too, or
            # it would not be neutral with four or five.
            pen.mount(o, -base * mult)
    else:
        winners = [s for s in seats if t[s] == fewest]
        for w in winners:
            for s in seats:
                if s not in winners:
                    pen.whist(w, s, t[s] * rules.raspasy_whists * mult)
    if rules.raspasy_zero:
        zero: Number = rules.raspasy_zero
        if rules.raspasy_zero_progressive:
            zero = divide(zero * mult, rules.raspasy[0])
        taken = t if own is None else own  # in hussar what the player took himself
        for s in seats:
            if taken[s] == 0:
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
