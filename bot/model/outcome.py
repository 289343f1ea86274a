"""What an action is told and what it answers: who acts, a refusal, what was written."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.model.rows import EventRow
from bot.model.table import LiveDeal, Table
from scoring import PulkaState, ScoringError


class PulkaError(Exception):
    """A write refused for a reason the players can fix; ``key`` names the message."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


#: A player's word shown back in an error is cut to this many characters: Fluent
#: renders a placeable longer than about 2,500 characters as ``{???}``.
TOKEN_LIMIT = 40


class ParseError(ValueError):
    """Input the bot cannot accept; ``key`` and ``params`` select the message.

    ``form`` says which usage hint to show (``game``, ``misere``, ``raspasy``,
    ``newpulka`` ...).
    """

    def __init__(self, key: str, form: str = "", **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.form = form
        #: The table it was said at (its players' names, and the sheet for the next
        #: deal's seating): the usage hint's example is written with them.
        self.players: Sequence[str] = ()
        self.state: PulkaState | None = None
        token = params.get("token")
        if isinstance(token, str) and len(token) > TOKEN_LIMIT:
            params["token"] = token[: TOKEN_LIMIT - 1] + "…"
        self.params = params


class AmendBreaks(Exception):
    """An amendment that would make a later deal impossible: which one, and why."""

    def __init__(self, table: Table, broken: LiveDeal, error: ScoringError) -> None:
        super().__init__(broken.number)
        self.table = table
        self.broken = broken
        self.error = error


@dataclass(frozen=True, slots=True)
class Author:
    """Who entered something: a Telegram user id and display name."""

    user_id: int | None
    name: str


@dataclass(frozen=True, slots=True)
class Sitter:
    """Someone to seat: a Telegram user (``user_id``) or a guest (None)."""

    name: str
    user_id: int | None
    username: str | None = None


@dataclass(frozen=True, slots=True)
class Written:
    """The outcome of a write: the table after it, and whether it was a repeat.

    ``event`` is what was written (for a repeat: what the first delivery wrote),
    ``before`` the table before it (None for a repeat), so nothing re-reads.
    """

    table: Table
    duplicate: bool = False
    event_id: int = 0
    event: EventRow | None = None
    before: Table | None = None
