"""Second thoughts before a typed deal is written: the common slips.

* The same deal typed again within :data:`REPEAT_WINDOW` of the last live deal
  (a message sent twice, or typed by two players at once): the same deal, or the same
  words, which on the sheet the last deal was written on said that deal (the dealer
  has moved on since, so a defender left out is another one now).
* With four players, a deal whose three named players leave out someone other
  than the one the seating has sitting out (:func:`scoring.seating.table`);
  the engine would take the one left out for the dealer.  With five, the same
  for the pair who sit out (the engine takes the pair's dealer).

Neither is wrong for the engine, so neither is refused: the bot asks first
(:mod:`bot.features.deals.handlers`).  A deal's :func:`digest` goes into the question's
buttons, so a "Yes" writes exactly the deal that was asked about.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.grammar.deals import parse_deal
from bot.model import LiveDeal, ParseError, Table
from scoring import Deal, Game, Raspasy, ScoringError, play
from scoring.record import deal_to_json

#: A deal as the last one, written less than this long ago, is asked about.
REPEAT_WINDOW = timedelta(minutes=2)
#: Hex digits of a deal's digest in a button (fits the 64 bytes of a payload).
DIGEST_LENGTH = 10


@dataclass(frozen=True, slots=True)
class Doubts:
    """What to ask before writing: the deal it repeats, the sitting-out mismatch."""

    repeat: LiveDeal | None = None
    #: (whom the deal leaves out, whom the seating has sitting out): one name each
    #: with four, two with five.
    seat: tuple[tuple[str, ...], tuple[str, ...]] | None = None

    def __bool__(self) -> bool:
        return self.repeat is not None or self.seat is not None


def canonical(deal: Deal) -> str:
    """The deal as the log stores it, in one text whatever order it was typed in."""
    return json.dumps(deal_to_json(deal), sort_keys=True, ensure_ascii=False)


def digest(deal: Deal) -> str:
    """A short fingerprint of :func:`canonical` for a button's payload."""
    return hashlib.sha256(canonical(deal).encode()).hexdigest()[:DIGEST_LENGTH]


def repeat_of(table: Table, deal: Deal, now: datetime, typed: str | None = None) -> LiveDeal | None:
    """The last live deal if it was written within the window and ``deal`` is the same,
    or ``typed`` (the ``/deal`` words) said it on the sheet it was written on."""
    if not table.deals:
        return None
    last = table.deals[-1]
    written = datetime.fromisoformat(last.event.created_at)
    if now - written >= REPEAT_WINDOW:
        return None
    if canonical(last.deal) == canonical(deal):
        return last
    if typed is None:
        return None
    try:
        before = parse_deal(typed, table.players, last.before)
    except ParseError:
        return None
    return last if canonical(before) == canonical(last.deal) else None


def seat_mismatch(table: Table, deal: Deal) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """With four or five players: whom ``deal`` leaves out and whom the seating does,
    if they differ."""
    if table.state is None or not isinstance(deal, Game | Raspasy):
        return None
    expected = tuple(table.names[s] for s in table.state.next_table.sitting_out)
    named = set(deal.trick_map)
    left = tuple(n for n in table.names if n not in named)
    if not expected or len(left) != len(expected) or set(left) == set(expected):
        return None
    return left, expected


def doubts(table: Table, deal: Deal, now: datetime, typed: str | None = None) -> Doubts:
    """Everything to ask about ``deal`` (typed as ``typed``, if it was a ``/deal``) before
    it is written on ``table``.

    Nothing is asked about a deal that would not be written anyway (the pulka is
    over, the engine refuses it): the write then says why, at once.
    """
    found = Doubts(repeat_of(table, deal, now, typed), seat_mismatch(table, deal))
    if not found or table.state is None:
        return Doubts()
    try:
        play(table.state, deal)
    except ScoringError:
        return Doubts()
    return found
