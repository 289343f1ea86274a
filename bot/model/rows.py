"""What storage returns: a pulka, its seats and its log, a settings draft, a board.

A pulka is an append-only event log; these rows are read back from it as they are,
with no rule applied (the replay, :mod:`bot.model`, makes the sheet).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class EventKind(StrEnum):
    """What a line of a pulka's log is; stored as its value (``events.kind``).

    Each kind's payload is described where it is written (``bot/actions``) and read
    (:mod:`bot.model`).
    """

    DEAL = "deal"  # a deal or a correction, written on the sheet
    UNDO = "undo"  # a deal taken back (the event it names)
    JOIN = "join"  # a player seated
    END = "end"  # the pulka ended (settled, or by agreement)
    AMEND = "amend"  # a past deal replaced or deleted (the event it names, the new deal)
    AGREE = "agree"  # a player agreed to end the pulka now
    REOPEN = "reopen"  # an end by agreement taken back before settling
    SETTLE = "settle"  # the pulka settled: its settlement as written then, locked
    CANCEL = "cancel"  # a pulka started by mistake, cancelled before its first deal
    LEAVE = "leave"  # a player left his seat before the first deal
    SEATS = "seats"  # the seating changed before the first deal (swap, first dealer)
    CLAIM = "claim"  # a Telegram user took over a guest seat (after /import)
    NICK = "nick"  # a seated player's nickname, another name he answers to (/nick)
    # Written on a settled pulka, they change no figure:
    PAID = "paid"  # the payer says a payment of the settlement is paid
    RECEIVED = "received"  # the payee says a payment of the settlement is received


class PulkaStatus(StrEnum):
    """A pulka's ``status`` column: running, or over (only an event changes it)."""

    ACTIVE = "active"
    ARCHIVED = "archived"


@dataclass(frozen=True, slots=True)
class Source:
    """The Telegram message a write came from: a message written twice is one write."""

    chat_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A seat at the table: a Telegram user or a guest (``user_id`` None).

    ``nick`` is another name the player answers to (``/nick``), read off the log by the
    replay (:func:`bot.model.advance`); storage neither writes nor reads it.
    """

    seat: int
    name: str
    user_id: int | None
    username: str | None
    nick: str | None = None


@dataclass(frozen=True, slots=True)
class EventRow:
    """One line of a pulka's log."""

    id: int
    pulka_id: int
    seq: int
    kind: EventKind
    payload: dict[str, Any]
    author_id: int | None
    author_name: str | None
    source_chat_id: int | None
    source_message_id: int | None
    created_at: str


@dataclass(frozen=True, slots=True)
class PulkaRow:
    """A pulka with its players and its whole log."""

    id: int
    chat_id: int
    thread_id: int
    rules: dict[str, Any]
    status: PulkaStatus
    created_by: int | None
    created_by_name: str | None
    players: tuple[PlayerRow, ...]
    events: tuple[EventRow, ...]
    #: The table size chosen (the settings message, ``/newpulka впятером``): 2 to 5;
    #: None: nobody chose, 3 or 4 sit (:data:`scoring.seating.UNCHOSEN`).
    seats: int | None = None

    @property
    def active(self) -> bool:
        return self.status == PulkaStatus.ACTIVE


@dataclass(frozen=True, slots=True)
class DraftRow:
    """A settings message's choices (``data``), keyed by its chat and message id."""

    chat_id: int
    message_id: int
    thread_id: int
    data: dict[str, Any]
    created_by: int | None
    pulka_id: int | None


@dataclass(frozen=True, slots=True)
class BoardRow:
    """Where a pulka's live scoreboard is, and what it shows now (``shown``)."""

    pulka_id: int
    chat_id: int
    message_id: int
    shown: str


@dataclass(frozen=True, slots=True)
class Listed:
    """A pulka of a place as the archive numbers it (1: the first played there)."""

    number: int
    pulka_id: int
    status: PulkaStatus
    created_at: str
    archived_at: str | None
