"""Who and where an update is: its place and source, its author, whether he may change
the pulka it is about, and that pulka (refused with a :class:`~bot.model.PulkaError`
when there is none to change, which the error router answers)."""

from __future__ import annotations

import asyncio
import logging

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import CallbackQuery, Chat, InlineKeyboardMarkup, Message, User
from aiogram.utils.callback_answer import CallbackAnswer
from cachetools import TTLCache

from bot.actions.keeper import Keeper
from bot.grammar.deals import valid_name
from bot.model import Author, PulkaError, Source, Table
from bot.telegram import delivery

log = logging.getLogger(__name__)

#: Member statuses of someone no longer in the chat.
LEFT = frozenset({"left", "kicked"})
ADMINS = frozenset({"creator", "administrator"})


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
    if message.sender_chat is not None:
        return Author(None, message.sender_chat.title or "admin")
    user = message.from_user
    return Author(user.id if user else None, display_name(user))


def author_of_user(user: User) -> Author:
    return Author(user.id, display_name(user))


class Members:
    """Chat member statuses, asked of Telegram and kept for ``ttl`` seconds.

    Every press by a player and every command by a non-player asks; one getChatMember
    a minute per person is enough to notice who left or was made an admin.  Handlers
    get the one of the running bot as ``members``.
    """

    def __init__(self, ttl: float = 60.0, size: int = 4096) -> None:
        self._known: TTLCache[tuple[int, int], str] = TTLCache(maxsize=size, ttl=ttl)

    async def status(self, bot: Bot, chat_id: int, user_id: int) -> str:
        key = (chat_id, user_id)
        known = self._known.get(key)
        if known is not None:
            return known
        try:
            member = await bot.get_chat_member(chat_id, user_id)
        except TelegramAPIError as e:
            log.warning("getChatMember failed: %s", e)
            return "unknown"  # not kept: asked again next time
        self._known[key] = status = str(member.status)
        return status

    async def is_admin(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        return await self.status(bot, chat_id, user_id) in ADMINS

    async def may_write(
        self,
        bot: Bot,
        table: Table | None,
        chat: Chat,
        user: User | None,
        sender_chat: Chat | None = None,
        *,
        pressed: bool = False,
    ) -> bool:
        """Players of the pulka and the chat's administrators may change it.

        A button can be pressed by someone who left the chat (public groups show their
        messages to anyone), so for a press a player must still be a member; a text
        command can only come from a member.
        """
        if sender_chat is not None:
            # An anonymous administrator posts as the group itself.
            return sender_chat.id == chat.id
        if user is None:
            return False
        if table is not None and table.is_player(user.id):
            return not pressed or await self.status(bot, chat.id, user.id) not in LEFT
        return await self.is_admin(bot, chat.id, user.id)

    def forget(self) -> None:
        self._known.clear()


async def pulka_here(message: Message, keeper: Keeper) -> Table:
    """The running pulka of the message's chat (or topic); ``no_pulka`` if none."""
    table = await keeper.active(*place(message))
    if table is None:
        raise PulkaError("no_pulka")
    return table


async def pulka_to_change(message: Message, keeper: Keeper, bot: Bot, members: Members) -> Table:
    """The running pulka here, if the message's sender may change it; else ``no_pulka``
    or ``not_allowed``."""
    table = await pulka_here(message, keeper)
    if not await members.may_write(
        bot, table, message.chat, message.from_user, message.sender_chat
    ):
        raise PulkaError("not_allowed")
    return table


async def seated_pulka_to_change(
    message: Message, keeper: Keeper, bot: Bot, members: Members
) -> Table:
    """As :func:`pulka_to_change`, and seated: a deal or a correction can be written;
    else ``need_players``."""
    table = await pulka_to_change(message, keeper, bot, members)
    if table.state is None:
        raise need_players(table)
    return table


def need_players(table: Table) -> PulkaError:
    """Not seated yet: how many players there are (the size chosen, else 3 or 4)."""
    if table.row.seats is None:
        return PulkaError("need_players", count=len(table.players))
    return PulkaError("need_players_chosen", seats=table.row.seats, count=len(table.players))


async def pulka_of_press(
    query: CallbackQuery,
    msg: Message,
    pulka_id: int,
    keeper: Keeper,
    bot: Bot,
    members: Members,
    *,
    running: bool = False,
) -> Table:
    """The pulka a pressed button names, if it is of this chat (with ``running``: still
    running) and the presser may change it; else ``stale`` or ``not_allowed``."""
    table = await keeper.get(pulka_id)
    if table is None or table.row.chat_id != msg.chat.id or (running and not table.active):
        raise PulkaError("stale")
    if not await members.may_write(bot, table, msg.chat, query.from_user, pressed=True):
        raise PulkaError("not_allowed")
    return table


async def may_change(message: Message, table: Table, bot: Bot, members: Members) -> None:
    """``not_allowed`` unless the message's sender may change ``table`` (a pulka that is
    over, say, which :func:`pulka_to_change` does not find)."""
    if not await members.may_write(
        bot, table, message.chat, message.from_user, message.sender_chat
    ):
        raise PulkaError("not_allowed")


async def pulka_of_button(
    keeper: Keeper, pulka_id: int, msg: Message, *, running: bool = False
) -> Table:
    """The pulka a pressed button names, for anyone in the chat to read or to check
    himself: ``stale`` if it is not of this chat (with ``running``: no longer running)."""
    table = await keeper.get(pulka_id)
    if table is None or table.row.chat_id != msg.chat.id or (running and not table.active):
        raise PulkaError("stale")
    return table


def refuse(callback_answer: CallbackAnswer, text: str) -> None:
    """Answer the press with ``text`` in an alert: a refusal the presser must read."""
    callback_answer.text = text
    callback_answer.show_alert = True


async def answer_chunks(
    message: Message,
    chunks: list[str],
    *,
    pace: float = 1.0,
    markup: InlineKeyboardMarkup | None = None,
) -> None:
    """Send a long answer as several messages, ``pace`` seconds apart (``markup`` under
    the last one).  The pause is spent in this chat's lane only; it keeps a group
    below Telegram's flood limit instead of running into it."""
    for i, chunk in enumerate(chunks):
        if i:
            await asyncio.sleep(pace)
        await delivery.answer(message, chunk, markup if i == len(chunks) - 1 else None)
