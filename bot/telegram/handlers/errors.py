"""The last line of defence: log the exception, apologise, keep the bot running."""

from __future__ import annotations

import logging
from contextlib import suppress
from typing import Any

from aiogram import Router
from aiogram.exceptions import TelegramAPIError
from aiogram.types import ErrorEvent, Message

from bot.views.texts import Texts

log = logging.getLogger(__name__)


def router() -> Router:
    r = Router(name="errors")

    @r.errors()
    async def on_error(event: ErrorEvent, **data: Any) -> bool:
        log.error("update %s failed", event.update.update_id, exc_info=event.exception)
        tx = data.get("tx") or Texts()
        update = event.update
        with suppress(TelegramAPIError, RuntimeError):
            if update.callback_query is not None:
                await update.callback_query.answer(tx("error_generic")[:200], show_alert=True)
            elif isinstance(update.message, Message):
                await update.message.answer(tx("error_generic"))
        return True

    return r
