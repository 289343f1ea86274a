"""Telling the chat the truth after a commit: what was written is always confirmed.

A write commits first and is told afterwards; between the two Telegram can
fail (a 500, a flood limit past the retries, the message to edit deleted, a
lost response).  Three things keep the bot honest:

* :data:`bot.service.COMMITTED` records, per update, what its writes committed
  (set by the keeper after each commit), so the error handler says "deal N is
  written" instead of apologising for work that was done;
* :func:`answer` and :func:`edit_or_answer` retry what is worth retrying and
  fall back to a fresh message when an edit cannot be made;
* the scoreboard is refreshed after every write, so a chat whose answer was
  lost still sees the deal on the board.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.types import InlineKeyboardMarkup, Message

from bot import crashpoints

log = logging.getLogger(__name__)

#: Bad Request descriptions meaning the message to edit is gone for good.
GONE = ("message to edit not found", "message can't be edited", "message_id_invalid")
#: Attempts of one call that failed for a passing reason (5xx, network, flood).
ATTEMPTS = 3
#: The longest flood wait sat out here (the session middleware sits out short ones).
MAX_WAIT = 120.0


def gone(e: TelegramBadRequest) -> bool:
    return any(g in e.message.lower() for g in GONE)


async def _again(call: Any, what: str) -> Any:
    """``call()`` with retries of passing failures; the last failure is raised."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return await call()
        except TelegramRetryAfter as e:
            if attempt == ATTEMPTS or e.retry_after > MAX_WAIT:
                raise
            # In this chat's lane: other chats go on meanwhile.
            await asyncio.sleep(e.retry_after)
        except (TelegramServerError, TelegramNetworkError) as e:
            if attempt == ATTEMPTS:
                raise
            log.warning("%s failed (%s); trying again", what, e)
            await asyncio.sleep(0.25 * 2 ** (attempt - 1))
    raise AssertionError("unreachable")  # pragma: no cover


async def answer(target: Message, text: str, markup: InlineKeyboardMarkup | None = None) -> Message:
    """Send ``text`` next to ``target`` (in its topic), retried.

    The last failure is raised: the errors handler then tells what committed.
    """
    result: Message = await _again(lambda: target.answer(text, reply_markup=markup), "sendMessage")
    crashpoints.reached("answered")  # told, the update not yet marked handled
    return result


async def edit_or_answer(
    message: Message, text: str, markup: InlineKeyboardMarkup | None = None
) -> Message:
    """Edit ``message`` into ``text``; if it cannot be edited, send ``text`` fresh."""
    try:
        await _again(lambda: message.edit_text(text, reply_markup=markup), "editMessageText")
        crashpoints.reached("answered")
        return message
    except TelegramBadRequest as e:
        if not gone(e):
            log.warning("message %s not edited: %s", message.message_id, e.message)
    except TelegramAPIError as e:
        log.warning("message %s not edited: %s", message.message_id, e)
    return await answer(message, text, markup)
