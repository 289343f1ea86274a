"""Telegram's error answers: :class:`ApiError` and the texts the bot has to recognise.

A method handler raises :class:`ApiError`; the server turns it into the JSON body and
HTTP status the real Bot API answers with, so aiogram raises the same exception class
(``TelegramBadRequest``, ``TelegramRetryAfter``, ``TelegramMigrateToChat``...) as it
would against Telegram.  The texts are Telegram's own, word for word, because the bot
and the tests match on them.
"""

from __future__ import annotations

from typing import Any

MESSAGE_NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a specified message content and reply markup of the message"
)
MESSAGE_TO_EDIT_NOT_FOUND = "Bad Request: message to edit not found"
CHAT_NOT_FOUND = "Bad Request: chat not found"
MIGRATED = "Bad Request: group chat was upgraded to a supergroup chat"
QUERY_TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"
CONFLICT = (
    "Conflict: terminated by other getUpdates request; "
    "make sure that only one bot instance is running"
)


class ApiError(Exception):
    """A Bot API error response (``{"ok": false, ...}``) raised inside method handlers."""

    def __init__(
        self, error_code: int, description: str, parameters: dict[str, Any] | None = None
    ) -> None:
        super().__init__(description)
        self.error_code = error_code
        self.description = description
        self.parameters = parameters

    def payload(self) -> dict[str, Any]:
        """The JSON body Telegram would answer with."""
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.error_code,
            "description": self.description,
        }
        if self.parameters:
            body["parameters"] = dict(self.parameters)
        return body


def bad(description: str) -> ApiError:
    """A 400 ``Bad Request: {description}``, the most common answer."""
    return ApiError(400, f"Bad Request: {description}")
