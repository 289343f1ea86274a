"""Helpers shared by the handlers: where a message belongs, who may write, and the
pulka a command or a button is about (with the answer when there is none to change)."""

from __future__ import annotations

import logging
from contextlib import suppress

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import CallbackQuery, Chat, Message, User

from bot.input.parsing import valid_name
from bot.service import Author, PulkaService, Table
from bot.store.db import Source
from bot.telegram.middlewares import CallbackNote
from bot.views.texts import Texts

log = logging.getLogger(__name__)

GROUP_TYPES = frozenset({"group", "supergroup"})


def place(message: Message) -> tuple[int, int]:
    """The pulka's key: chat id and forum topic (0 outside topics)."""
    thread = message.message_thread_id if message.is_topic_message else None
    return message.chat.id, thread or 0


def source(message: Message) -> Source:
    return Source(message.chat.id, message.message_id)


def display_name(user: User | None, chat: Chat | None = None) -> str:
    if user is None:
        return chat.title or "?" if chat else "?"
    return user.full_name or user.username or str(user.id)


def candidate_names(user: User) -> list[str]:
    """Names to seat a Telegram user under, best first (one word, unique at the table)."""
    first = (user.first_name or "").split()
    last = (user.last_name or "").split()
    options = []
    if first:
        options.append(first[0])
        if last:
            options.append(first[0] + last[0][:1])
    if user.username:
        options.append(user.username)
    if first:
        options.append(f"{first[0]}{user.id % 1000}")
    options.append(f"Player{user.id % 10000}")
    return [o[:24] for o in options if valid_name(o[:24])]


def author_of(message: Message) -> Author:
    user = message.from_user
    if message.sender_chat is not None:
        return Author(None, message.sender_chat.title or "admin")
    return Author(user.id if user else None, display_name(user))


def author_of_user(user: User) -> Author:
    return Author(user.id, display_name(user))


async def may_write(bot: Bot, table: Table | None, chat: Chat, user: User | None,
                    sender_chat: Chat | None = None) -> bool:
    """Players of the pulka and the chat's administrators may change it."""
    if sender_chat is not None:
        # An anonymous administrator posts as the group itself.
        return sender_chat.id == chat.id
    if user is None:
        return False
    if table is not None and table.is_player(user.id):
        return True
    return await is_admin(bot, chat.id, user.id)


async def is_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramAPIError as e:
        log.warning("getChatMember failed: %s", e)
        return False
    return member.status in ("creator", "administrator")


async def pulka_here(message: Message, service: PulkaService, tx: Texts) -> Table | None:
    """The running pulka of the message's chat (or topic); None after answering "no pulka"."""
    table = await service.active(*place(message))
    if table is None:
        await message.answer(tx("no_pulka"))
    return table


async def may_change(message: Message, bot: Bot, tx: Texts, table: Table) -> bool:
    """May the message's sender change ``table`` (:func:`may_write`)?  If not, the
    answer "not allowed" is sent."""
    if await may_write(bot, table, message.chat, message.from_user, message.sender_chat):
        return True
    await message.answer(tx("not_allowed"))
    return False


async def pulka_to_change(message: Message, service: PulkaService, bot: Bot,
                          tx: Texts) -> Table | None:
    """The running pulka of the message's chat if its sender may change it; else None,
    after answering "no pulka" or "not allowed"."""
    table = await pulka_here(message, service, tx)
    if table is None or not await may_change(message, bot, tx, table):
        return None
    return table


async def seated_pulka_to_change(message: Message, service: PulkaService, bot: Bot,
                                 tx: Texts) -> Table | None:
    """As :func:`pulka_to_change`, and the table is seated (3 or 4 players): a deal
    or a correction can be written; else None, after answering."""
    table = await pulka_to_change(message, service, bot, tx)
    if table is not None and table.state is None:
        await message.answer(tx("need_players", count=len(table.players)))
        return None
    return table


async def pulka_of_button(service: PulkaService, pulka_id: int, msg: Message) -> Table | None:
    """The pulka a button names, if it belongs to the chat the button is in."""
    table = await service.get(pulka_id)
    if table is None or table.row.chat_id != msg.chat.id:
        return None
    return table


async def pulka_to_change_by_press(query: CallbackQuery, msg: Message, pulka_id: int,
                                   service: PulkaService, bot: Bot, tx: Texts,
                                   note: CallbackNote, *, running: bool = False) -> Table | None:
    """The pulka a pressed button names if it is of this chat (with ``running``: and
    still running) and the presser may change it; else None, the press noted "out of
    date" or "not allowed"."""
    table = await pulka_of_button(service, pulka_id, msg)
    if table is None or (running and not table.active):
        note(tx("stale"), alert=True)
        return None
    if not await may_write(bot, table, msg.chat, query.from_user):
        note(tx("not_allowed"), alert=True)
        return None
    return table


async def answer_chunks(message: Message, chunks: list[str]) -> None:
    for chunk in chunks:
        await message.answer(chunk)


async def drop_keyboard(message: Message | None) -> None:
    """Remove the buttons of a bot message (ignoring that they are already gone)."""
    if isinstance(message, Message):
        with suppress(TelegramAPIError):
            await message.edit_reply_markup(reply_markup=None)
