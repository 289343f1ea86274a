"""The last line of defence: log the exception, tell the truth, keep the bot running.

If the update's write committed before the failure (the answer to Telegram
failed, say), the chat is told what was written, never "not done": a player
who read an apology would enter the deal again and count it twice.  Only
work that did not commit is apologised for.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from typing import Any

from aiogram import Router
from aiogram.exceptions import TelegramAPIError
from aiogram.types import ErrorEvent, Message

from bot.service import COMMITTED
from bot.telegram import delivery
from bot.views.chat import written_text
from bot.views.texts import Texts

log = logging.getLogger(__name__)


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
        text = written_text(tx, done)
        if query is not None:
            with suppress(TelegramAPIError, RuntimeError):
                await query.answer(tx("note_saved")[:200])
        if isinstance(target, Message):
            try:
                await delivery.answer(target, text)
            except TelegramAPIError as e:  # the board still shows it (refreshed first)
                log.error("chat %s not told of a committed write: %s", target.chat.id, e)
        return True
    with suppress(TelegramAPIError, RuntimeError):
        if query is not None:
            await query.answer(tx("error_generic")[:200], show_alert=True)
        elif isinstance(target, Message):
            await target.answer(tx("error_generic"))
    return True


def router() -> Router:
    r = Router(name="errors")
    r.errors.register(on_error)
    return r
