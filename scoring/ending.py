"""The end of a pulka (конец пульки): who must agree, whether it can be settled, and
the settlement after a correction.

The Code's rule 4.2.3: a pulka ends when it closes at its target, or earlier when the
players agree to stop; it is then settled as if stopped there.  Agreement is by more
than half of the seated players:

>>> needed(3), needed(4), needed(5), needed(2)
(2, 3, 3, 2)
>>> tap(3, agreed=(), seat=0, admin=False)
Tap(verdict=<Verdict.AGREED: 'agreed'>, by=(0,), by_admin=False)
>>> tap(3, agreed=(0,), seat=2, admin=False).verdict
<Verdict.ENDS: 'ends'>

A seated player's tap is one vote, an administrator's of the chat too; an administrator
who does not play may end it alone, once he has confirmed that it ends for everyone:

>>> tap(4, agreed=(), seat=1, admin=True).verdict
<Verdict.AGREED: 'agreed'>
>>> tap(4, agreed=(1,), seat=None, admin=True).verdict
<Verdict.CONFIRM: 'confirm'>
>>> tap(4, agreed=(1,), seat=None, admin=True, confirmed=True)
Tap(verdict=<Verdict.ENDS: 'ends'>, by=(1,), by_admin=True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .deals import Correction, Deal
from .engine import PulkaState, final_state, play
from .rules import Rules
from .settle import Settlement, settle_state


def needed(players: int) -> int:
    """How many must agree to end a pulka of ``players``: more than half."""
    return players // 2 + 1


class Verdict(StrEnum):
    """What one tap on "end by agreement" does."""

    REFUSED = "refused"  # not a player of the table, and no administrator
    COUNTED = "counted"  # he agreed already: nothing new
    AGREED = "agreed"  # his agreement is written; more are needed
    CONFIRM = "confirm"  # an administrator who does not play: he must confirm ending alone
    ENDS = "ends"  # the pulka ends now


@dataclass(frozen=True, slots=True)
class Tap:
    """The verdict of a tap, the seats agreed with it, and whether an administrator
    ended it without a majority."""

    verdict: Verdict
    by: tuple[int, ...]
    by_admin: bool = False


def tap(
    players: int,
    agreed: Sequence[int],
    seat: int | None,
    *,
    admin: bool,
    confirmed: bool = False,
) -> Tap:
    """A tap on "end by agreement" by the player of ``seat`` (None: not seated), with
    ``agreed`` the seats that agreed already.

    A seated player's tap is his vote, whether he administers the chat or not; the pulka
    ends with a majority (:func:`needed`).  ``admin``: the tapper administers the chat;
    not seated, he may end it alone, for everyone, but only ``confirmed``.
    """
    by = tuple(sorted(set(agreed)))
    if seat is None:
        if not admin:
            return Tap(Verdict.REFUSED, by)
        if not confirmed:
            return Tap(Verdict.CONFIRM, by)
        return Tap(Verdict.ENDS, by, by_admin=len(by) < needed(players))
    if seat in by:
        return Tap(Verdict.COUNTED, by)
    by = tuple(sorted({*by, seat}))
    if len(by) >= needed(players):
        return Tap(Verdict.ENDS, by)
    return Tap(Verdict.AGREED, by)


def may_end(*, finished: bool, agreed: bool) -> bool:
    """May the pulka end now: closed at its target, or by the players' agreement
    (rule 4.2.3)?

    >>> may_end(finished=True, agreed=False), may_end(finished=False, agreed=True)
    (True, True)
    >>> may_end(finished=False, agreed=False)
    False
    """
    return finished or agreed


def can_settle(*, finished: bool, ended_by_agreement: bool, settled: bool, cancelled: bool) -> bool:
    """May the table settle now: closed at its target, or ended by agreement, and not
    settled or cancelled already?"""
    if settled or cancelled:
        return False
    return ended_by_agreement or finished


def amended_settlement(
    players: Sequence[str],
    rules: Rules,
    deals: Iterable[Deal],
    corrections: Iterable[Correction],
    *,
    state: PulkaState | None = None,
) -> Settlement:
    """The settlement with ``corrections`` written after settling onto the settled sheet:
    the sheet of ``deals`` under ``rules`` (the rules the table settled by; ``state``
    when it is already that sheet), then each correction, settled again."""
    sheet = state if state is not None else final_state(tuple(players), rules, deals)
    for correction in corrections:
        sheet = play(sheet, correction).state
    return settle_state(sheet)
