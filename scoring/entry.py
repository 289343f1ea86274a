"""What a partly given deal implies: the table's shorthand, completed.

Players rarely say every count.  "Anna, seven hearts, made, Boris whisted" is a
whole deal: Vera passed, Boris took the three tricks Anna did not, and Vera's
count is written nowhere.  The typed ``/deal``, the wizard's buttons and ``/cost``
all say a deal this way; each builds a :data:`Given` and asks :func:`complete` for
the deal the engine writes, so the three accept exactly the same deals.

What is left out, and what it is taken to be:

* a defender's answer: the one not named passes when the other whisted or
  half-whisted (a lone pass, or nothing, is refused: the other's answer is not
  known); an answer without a name is the next defender's in speaking order, a
  half-whist the later one's (only the second may say it, after a pass);
* nobody whisted (both passed, or a pass and half-whist; in hussar a pass the
  dummy does not whist): the game is not played out, the declarer is written his
  contract, the half-whister :func:`scoring.seating.half_whist_tricks`, and the
  first defender the rest;
* one whister: he took every trick the declarer did not, the passer 0; either the
  declarer's count or the whister's is needed;
* two whisters: two of the three counts are needed, the third is the rest;
* hussar: the one defender's count is his and the dummy's, the rest of the
  declarer's; raspasy: each player's count, the dummy took the rest;
* raspasy at three to five: the players at the table in seat order (or as named),
  one count may be left out: he took the rest.

The deal lists the defenders in the order they were given when every one was
named (a record keeps the order it was typed in), else in speaking order.

A count given is never changed: if the counts cannot make a deal of 10, the
refusal says so (:data:`CODES`).  What a count may be, before a deal is complete, is
here too: :func:`open_counts` (what the next player asked may have taken),
:func:`counts_wanted` (how many counts a game needs), :func:`raspasy_needed`.
Everything else, whether the deal may be played at all, is :func:`scoring.play`'s call.

>>> from scoring import Rules
>>> state = PulkaState.new(("Anna", "Boris", "Vera"), Rules())
>>> seven = Contract.parse("7H")
>>> complete(state, GivenGame("Anna", seven, 7, (Answer(Choice.WHIST, "Boris"),))).trick_map
{'Anna': 7, 'Boris': 3, 'Vera': 0}
>>> both = (Answer(Choice.WHIST, tricks=2), Answer(Choice.WHIST, tricks=4))
>>> complete(state, GivenGame("Anna", Contract.parse("6H"), None, both)).trick_map
{'Anna': 4, 'Boris': 2, 'Vera': 4}
>>> complete(state, GivenRaspasy((3, 2, None))).trick_map
{'Anna': 3, 'Boris': 2, 'Vera': 5}
>>> complete(state, GivenGame("Anna", seven, None, (Answer(Choice.PASS, "Boris"),)))
Traceback (most recent call last):
...
scoring.errors.InvalidDeal: whist: name both defenders and what each said: whist or pass
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import overload

from . import seating
from .deals import TRICKS, Choice, Contract, Game, Misere, Raspasy
from .engine import PulkaState
from .errors import IllegalDeal, InvalidDeal, ScoringError

#: The refusals of a partly given deal: what the shorthand cannot imply.  (An unknown
#: name or a count beyond 0-10 is refused with the engine's own codes.)
CODES = (
    "whisters_counts",
    "missing_result",
    "name_both",
    "sits_out",
    "dealer_sits_out",
    "hussar_form",
    "tricks_sum",
    "tricks_over",
    "tricks_two_sum",
    "raspasy_counts",
)


#: The tricks one player may take in a deal: none to all ten.
COUNTS = range(TRICKS + 1)


def left(counted: Iterable[int]) -> int:
    """The tricks of a deal that players who took ``counted`` left to the others (below
    0: more were counted than a deal has).

    >>> left(()), left((7,)), left((3, 2)), left((6, 6))
    (10, 3, 5, -2)
    """
    return TRICKS - sum(counted)


def open_counts(counted: Iterable[int] = ()) -> range:
    """The tricks the next player asked may have taken, the players asked before him in
    this deal having taken ``counted``: none of the ten tricks is taken twice.

    The same at every table: the declarer's count first (a misère's is all there is),
    then a whister's of what the declarer left; on raspasy the players at the table in
    turn.  Who sits out (four and five) takes no trick and is never asked; in hussar the
    dummy is never asked either, it took what the two players did not.

    >>> open_counts(), open_counts((7,)), open_counts((3, 2)), open_counts((10,))
    (range(0, 11), range(0, 4), range(0, 6), range(0, 1))
    >>> len(open_counts((6, 6)))
    0
    """
    return COUNTS[: max(left(counted), -1) + 1]


def forced_count(counted: Iterable[int]) -> int | None:
    """The next player's tricks when ``counted`` leaves him no choice (all ten taken:
    none), so that nobody need ask; None while he has a choice (or no count fits).

    >>> forced_count((10,)), forced_count((4, 6)), forced_count((7,))
    (0, 0, None)
    """
    counts = open_counts(counted)
    return counts[0] if len(counts) == 1 else None


def result_count(level: int, over: int) -> int | None:
    """The declarer's tricks on a contract of ``level`` made with ``over`` tricks over
    (``ровно``: 0; ``+1``: 1; ``без одной``, ``-1``: -1), or None where no deal has that
    many.

    >>> result_count(7, 0), result_count(8, 1), result_count(6, -2), result_count(10, 1)
    (7, 9, 4, None)
    """
    count = level + over
    return count if count in COUNTS else None


def counts_wanted(choices: Sequence[Choice], *, dummy_whists: bool = False) -> int:
    """How many trick counts a game must be given, its defenders having answered
    ``choices``: none when nobody plays it out (the declarer is written his contract),
    the declarer's or the whister's with one whister (the other took the rest, a passer
    none), two of the three with two whisters.  ``dummy_whists``: in hussar the dummy
    whists for a pass (:attr:`scoring.Rules.dummy_whist`), so a pass is played out.

    >>> W, P, H = Choice.WHIST, Choice.PASS, Choice.HALF
    >>> counts_wanted((W, P)), counts_wanted((W, W)), counts_wanted((P, H)), counts_wanted((P, P))
    (1, 2, 0, 0)
    >>> counts_wanted((P,)), counts_wanted((P,), dummy_whists=True), counts_wanted((W,))
    (0, 1, 1)
    """
    whisters = sum(c is _WHIST for c in choices)
    if not whisters and not (dummy_whists and all(c is _PASS for c in choices)):
        return 0
    return max(whisters, 1)


def raspasy_needed(n: int) -> int:
    """How many counts a raspasy at a table of ``n`` must be given: every player's but
    one (he took the rest); in hussar both players' (the dummy took the rest).

    >>> [raspasy_needed(n) for n in seating.TABLE_SIZES]
    [2, 2, 2, 2]
    """
    playing = seating.playing(n)
    return playing if seating.hussar(n) else playing - 1


@dataclass(frozen=True, slots=True)
class Answer:
    """One defender's answer as given: his choice, his name (None: the next defender in
    speaking order) and his tricks (None: not given; in hussar his and the dummy's)."""

    choice: Choice
    defender: str | None = None
    tricks: int | None = None


@dataclass(frozen=True, slots=True)
class GivenGame:
    """A game as given: the declarer, the contract, his tricks (None: not given; the
    words ``ровно``, ``+1``, ``без одной`` are counts by now) and the answers in the
    order given."""

    declarer: str
    contract: Contract
    tricks: int | None = None
    answers: tuple[Answer, ...] = ()


@dataclass(frozen=True, slots=True)
class GivenMisere:
    """A misère: the declarer and his tricks; nothing is left out."""

    declarer: str
    tricks: int


@dataclass(frozen=True, slots=True)
class GivenRaspasy:
    """Raspasy: the tricks of ``players`` in that order, or with ``players`` None of the
    players at the table for the next deal in seat order; None: not given (the rest)."""

    tricks: tuple[int | None, ...]
    players: tuple[str, ...] | None = None


Given = GivenGame | GivenMisere | GivenRaspasy


@overload
def complete(state: PulkaState, given: GivenGame) -> Game: ...
@overload
def complete(state: PulkaState, given: GivenMisere) -> Misere: ...
@overload
def complete(state: PulkaState, given: GivenRaspasy) -> Raspasy: ...
def complete(state: PulkaState, given: Given) -> Game | Misere | Raspasy:
    """The deal ``given`` describes at the next deal of ``state`` (see the module).

    Raises :class:`~scoring.errors.InvalidDeal` with one of :data:`CODES` when the
    counts and answers given do not make one deal (an ``IllegalDeal`` ``pulka_over`` where
    a pulka over is asked who sits its next deal out); the deal returned has tricks
    that add up as the engine wants, which does not mean it may be played.
    """
    if isinstance(given, GivenGame):
        return _game(state, given)
    if isinstance(given, GivenMisere):
        return Misere(given.declarer, given.tricks)
    return _raspasy(state, given)


def _shape(state: PulkaState) -> ScoringError:
    """The answers do not say who defended how."""
    code = "hussar_form" if seating.hussar(state.n) else "name_both"
    return InvalidDeal.of(code, "whist")


def _sits_out(state: PulkaState, seat: int) -> ScoringError:
    """``seat`` sits the next deal out: said with the dealer, so the table sees why (a
    deal dealt by another is written with both defenders named, and the dealer asked).
    Once the pulka is over nobody deals next: the deal is refused as one after the end."""
    if state.finished:
        return IllegalDeal.of("pulka_over")
    dealer = state.next_table.dealer
    if seat == dealer:
        return InvalidDeal.of("dealer_sits_out", "whist", name=state.players[seat])
    return InvalidDeal.of(
        "sits_out", "whist", name=state.players[seat], dealer=state.players[dealer]
    )


def _defence(
    state: PulkaState, declarer: int, answers: tuple[Answer, ...]
) -> list[tuple[str, Answer]]:
    """Each defender's name and answer, in speaking order, the ones left out filled in."""
    wanted = seating.defending(state.n)
    if len(answers) > wanted:
        raise _shape(state)
    named: dict[int, Answer] = {}
    for a in answers:
        if a.defender is not None:
            seat = state.seat(a.defender, "whist")
            if seat == declarer or seat in named:
                raise _shape(state)
            named[seat] = a
    n = state.n
    if len(named) == wanted:
        # Every defender named: whoever sat out, the engine judges (another dealer, asked).
        seats = sorted(named, key=lambda s: (s - declarer) % n)
    else:
        table = state.next_table
        if not table.can_declare(declarer):
            raise _sits_out(state, declarer)
        seats = list(table.defenders(declarer))
        out = next((s for s in named if s not in seats), None)
        if out is not None:
            raise _sits_out(state, out)
    # An answer without a name is the next defender's, a half-whist the last one's (the
    # second says it, after the first passed).
    free = [s for s in seats if s not in named]
    placed = dict(named)
    for a in answers:
        if a.defender is None:
            placed[free.pop() if a.choice is _HALF else free.pop(0)] = a
    if len(placed) < len(seats) and all(a.choice is _PASS for a in placed.values()):
        raise _shape(state)  # a lone pass, or nothing: the other's answer is not known
    return [(state.players[s], placed.get(s, Answer(_PASS))) for s in seats]


def _game(state: PulkaState, g: GivenGame) -> Game:
    declarer = g.declarer
    defence = _defence(state, state.seat(declarer, "declarer"), g.answers)
    counts: dict[str, int | None] = {declarer: g.tricks}
    counts.update((name, a.tricks) for name, a in defence)
    choices = {name: a.choice for name, a in defence}
    _check_counts(counts)
    level = g.contract.level
    rules = state.rules
    whisters = [name for name, a in defence if a.choice is _WHIST]
    hussar = seating.hussar(state.n)
    dummy_whists = hussar and rules.dummy_whist
    played = counts_wanted([a.choice for _, a in defence], dummy_whists=dummy_whists) > 0

    def written(name: str, count: int) -> None:
        if counts[name] is None:
            counts[name] = count

    if not played:
        # Not played out: the declarer is written his contract, the half-whister half
        # the quota (where half-whist cannot be, the engine says why).
        written(declarer, level)
        halves = [name for name, a in defence if a.choice is _HALF]
        half = seating.half_whist_tricks(rules, level, state.n)
        if halves and half is not None:
            written(halves[-1], half)
        if not hussar and all(counts[name] is None for name, _ in defence):
            written(defence[-1][0], 0)  # nobody's tricks: the first defender takes the rest
    else:
        if not hussar:
            for name, a in defence:
                if a.choice is _PASS:
                    written(name, 0)  # the passer's count is written nowhere
            # A half-whist beside a whist is no deal, whatever its count: it takes the
            # rest (or nothing, if another count is missing too) so that the deal reaches
            # the engine, which says why, and not a count that was never the matter.
            if sum(c is None for c in counts.values()) > 1:
                for name, a in defence:
                    if a.choice is _HALF:
                        written(name, 0)
        if sum(c is None for c in counts.values()) > 1:
            if len(whisters) == 2:
                raise InvalidDeal.of("whisters_counts", "tricks")
            raise InvalidDeal.of("missing_result", "tricks", name=declarer)
    tricks = _rest(counts)
    # Written as given when every defender was named (a record keeps its order), else in
    # speaking order.
    named = [a.defender for a in g.answers if a.defender is not None]
    order = named if len(named) == len(defence) else list(choices)
    return Game.of(
        declarer,
        g.contract,
        {name: choices[name] for name in order},
        {declarer: tricks[declarer], **{name: tricks[name] for name in order}},
    )


def _check_counts(counts: dict[str, int | None]) -> None:
    for name, count in counts.items():
        if count is not None and count not in COUNTS:
            raise InvalidDeal.of("tricks_range", "tricks", name=name, count=count)


def _rest(counts: dict[str, int | None]) -> dict[str, int]:
    """``counts`` with the one left out (if any) the rest of the deal's tricks; refused
    unless they make the deal's tricks."""
    known = [c for c in counts.values() if c is not None]
    rest = left(known)
    missing = [name for name, c in counts.items() if c is None]
    assert len(missing) <= 1, missing
    if missing and rest < 0:
        raise InvalidDeal.of("tricks_over", "tricks", total=sum(known))
    if not missing and rest != 0:
        raise InvalidDeal.of("tricks_sum", "tricks", total=sum(known))
    return {name: rest if c is None else c for name, c in counts.items()}


def _raspasy(state: PulkaState, r: GivenRaspasy) -> Raspasy:
    players, tricks = r.players, r.tricks
    at_table = tuple(state.players[s] for s in sorted(state.next_table.at_table))
    if players is None:
        players = at_table
    elif len(players) == len(tricks):
        # Everyone written, the dealer's 0 too ("… Анна 0" at four): who sits out took
        # no trick, so his 0 is no count of the deal.
        kept = [(p, c) for p, c in zip(players, tricks, strict=True) if p in at_table or c != 0]
        players, tricks = tuple(p for p, _ in kept), tuple(c for _, c in kept)
    hussar = seating.hussar(state.n)
    playing = seating.playing(state.n)
    given = sum(c is not None for c in tricks)
    sizes = {len(players), len(set(players)), len(tricks)}
    if sizes != {playing} or given < raspasy_needed(state.n):
        # Every count but one (the rest); in hussar both, the dummy took the rest.
        told = at_table if len(players) > playing else players  # who may be written
        raise InvalidDeal.of("raspasy_counts", "tricks", players=", ".join(told))
    counts = dict(zip(players, tricks, strict=True))
    _check_counts(counts)
    if hussar:
        known = [c for c in tricks if c is not None]
        if left(known) < 0:
            raise InvalidDeal.of("tricks_two_sum", "tricks", total=sum(known))
        return Raspasy.of({name: c for name, c in counts.items() if c is not None})
    return Raspasy.of(_rest(counts))


_WHIST, _PASS, _HALF = Choice.WHIST, Choice.PASS, Choice.HALF
