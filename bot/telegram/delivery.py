"""Telling the chat the truth after a commit: what was written is always confirmed.

A write commits first and is told afterwards; between the two Telegram can fail (a
500, a flood limit, the message to edit deleted, a lost response):

* :data:`bot.actions.keeper.COMMITTED` records, per update, what its writes committed,
  so the error router says "deal N is written" instead of apologising for work that
  was done;
* every Bot API call is retried where that is worth it, in one place (the session's
  :class:`bot.telegram.middlewares.RetryMiddleware`); :func:`edit_or_answer` falls
  back to a fresh message when an edit cannot be made;
* the scoreboard is refreshed after every write, so a chat whose answer was lost still
  sees the deal on the board.
"""

from __future__ import annotations

import logging

from aiogram.exceptions import TelegramAPIError, TelegramBadRequest
from aiogram.types import InlineKeyboardMarkup, Message

from bot import crashpoints

log = logging.getLogger(__name__)

#: Bad Request descriptions meaning the message to edit is gone for good.
GONE = ("message to edit not found", "message can't be edited", "message_id_invalid")


def gone(e: TelegramBadRequest) -> bool:
    """Is the message an edit was meant for gone for good?"""
    return any(g in e.message.lower() for g in GONE)


async def answer(target: Message, text: str, markup: InlineKeyboardMarkup | None = None) -> Message:
    """Send ``text`` next to ``target`` (in its topic).  A failure is raised: the error
    router then tells what committed."""
    result = await target.answer(text, reply_markup=markup)
    crashpoints.reached("answered")  # told, the update not yet marked handled
    return result


async def edit_or_answer(
    message: Message, text: str, markup: InlineKeyboardMarkup | None = None
) -> Message:
    """Edit ``message`` into ``text``; if it cannot be edited, send ``text`` fresh."""
    try:
        await message.edit_text(text, reply_markup=markup)
        crashpoints.reached("answered")
        return message
    except TelegramBadRequest as e:
        if not gone(e):
            log.warning("message %s not edited: %s", message.message_id, e.message)
    except TelegramAPIError as e:
        log.warning("message %s not edited: %s", message.message_id, e)
    return await answer(message, text, markup)
