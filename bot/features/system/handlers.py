"""Service messages and leftovers: group migration, unknown or stale buttons."""

from __future__ import annotations

import logging

from aiogram import F, Router
from aiogram.types import CallbackQuery, Message

from bot.actions import chats
from bot.actions.keeper import Keeper
from bot.model import PulkaError
from bot.telegram.context import OnLoop
from bot.telegram.delivery import Boards

log = logging.getLogger(__name__)


async def migrated_to(message: Message, keeper: Keeper, boards: Boards) -> None:
    """The group became a supergroup: its pulka moves to the new chat id."""
    assert message.migrate_to_chat_id is not None
    boards.forget()
    moved = await chats.migrate(keeper, message.chat.id, message.migrate_to_chat_id)
    log.info("chat %s -> %s: %d pulka(s) moved", message.chat.id, message.migrate_to_chat_id, moved)


async def migrated_from(message: Message, keeper: Keeper, boards: Boards) -> None:
    """The supergroup's side of a migration: the same move, from the new chat."""
    assert message.migrate_from_chat_id is not None
    boards.forget()
    await chats.migrate(keeper, message.migrate_from_chat_id, message.chat.id)


async def unknown_button(query: CallbackQuery) -> None:
    """Any press no handler took (pressed twice, forged, unparsable): out of date."""
    raise PulkaError("stale")


def router() -> Router:
    """Tried last: its button handler takes every press the others left."""
    r = Router(name="system")
    r.message.register(migrated_to, OnLoop(F.migrate_to_chat_id))
    r.message.register(migrated_from, OnLoop(F.migrate_from_chat_id))
    r.callback_query.register(unknown_button)
    return r
