"""Service messages and leftovers: group migration, unknown or stale buttons."""

from __future__ import annotations

import logging

from aiogram import F, Router
from aiogram.types import CallbackQuery, Message

from bot.service import PulkaService
from bot.telegram.boards import Boards
from bot.views.texts import Texts

log = logging.getLogger(__name__)


def router() -> Router:
    r = Router(name="system")

    @r.message(F.migrate_to_chat_id)
    async def migrate_to(message: Message, service: PulkaService, boards: Boards) -> None:
        """The group became a supergroup: its pulka moves to the new chat id."""
        assert message.migrate_to_chat_id is not None
        boards.forget()
        moved = await service.migrate_chat(message.chat.id, message.migrate_to_chat_id)
        log.info("chat %s -> %s: %d pulka(s) moved", message.chat.id,
                 message.migrate_to_chat_id, moved)

    @r.message(F.migrate_from_chat_id)
    async def migrate_from(message: Message, service: PulkaService, boards: Boards) -> None:
        assert message.migrate_from_chat_id is not None
        boards.forget()
        await service.migrate_chat(message.migrate_from_chat_id, message.chat.id)

    @r.callback_query()
    async def unknown_button(query: CallbackQuery, tx: Texts) -> None:
        """Any payload no handler accepted (old, forged or malformed): out of date."""
        await query.answer(tx("stale"), show_alert=True)

    return r
