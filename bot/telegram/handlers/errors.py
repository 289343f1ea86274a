"""The last line of defence: log the exception, tell the truth, keep the bot running.

If the update's write committed before the failure (the answer to Telegram
failed, say), the chat is told what was written, never "not done": a player
who read an apology would enter the deal again and count it twice.  Only
work that did not commit is apologised for.

A failed button press is answered here, and only here: the callback answer
middleware (``bot.telegram.middlewares.AnswerAfterHandler``) answers a press
whose handler returned and leaves one whose handler raised (or that failed
before reaching one) to this handler, so every press is answered exactly once.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from typing import Any

from aiogram import Router
from aiogram.exceptions import TelegramAPIError
from aiogram.types import CallbackQuery, ErrorEvent, Message

from bot.actions.keeper import COMMITTED
from bot.telegram import delivery
from bot.telegram.middlewares import ANSWER_LIMIT
from bot.views.chat import written_text
from bot.views.texts import Texts

log = logging.getLogger(__name__)


async def _answer_press(query: CallbackQuery, text: str, *, alert: bool) -> None:
    # Best effort: the press may be too old to answer by now, and the chat is told anyway.
    with suppress(TelegramAPIError, RuntimeError):
        await query.answer(text[:ANSWER_LIMIT], show_alert=alert)


async def on_error(event: ErrorEvent, **data: Any) -> bool:
    """Answer a failed update: what it committed, or an apology if nothing was."""
    log.error("update %s failed", event.update.update_id, exc_info=event.exception)
    tx: Texts = data.get("tx") or Texts()
    commits = COMMITTED.get()
    done = commits.written[-1] if commits is not None and commits.written else None
    update = event.update
    query = update.callback_query
    target = query.message if query is not None else update.message
    if done is not None:
        if query is not None:
            await _answer_press(query, tx("note_saved"), alert=False)
        if isinstance(target, Message):
            try:
                await delivery.answer(target, written_text(tx, done))
            except TelegramAPIError as e:  # the board still shows it (refreshed first)
                log.error("chat %s not told of a committed write: %s", target.chat.id, e)
        return True
    if query is not None:
        await _answer_press(query, tx("error_generic"), alert=True)
    elif isinstance(target, Message):
        with suppress(TelegramAPIError, RuntimeError):
            await target.answer(tx("error_generic"))
    return True


def router() -> Router:
    r = Router(name="errors")
    r.errors.register(on_error)
    return r
