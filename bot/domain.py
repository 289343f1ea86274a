"""The bot's own small values, shared by every layer: a refusal, an author, a sitter.

They sit below storage so that the input grammar, the settings draft, the service
and the views can all name them without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class PulkaError(Exception):
    """A write refused for a reason the players can fix; ``key`` names the message."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


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
