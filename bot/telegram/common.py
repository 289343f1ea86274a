"""Helpers shared by the handlers: where a message belongs, who may write, and the
pulka a command or a button is about (with the answer when there is none to change)."""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections import OrderedDict

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import CallbackQuery, Chat, InlineKeyboardMarkup, Message, User
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions.keeper import Keeper
from bot.grammar.deals import valid_name
from bot.model import Author, Source, Table
from bot.telegram import delivery
from bot.views.board import need_players_text
from bot.views.texts import Texts

log = logging.getLogger(__name__)


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


async def may_write(
    bot: Bot,
    table: Table | None,
    chat: Chat,
    user: User | None,
    sender_chat: Chat | None = None,
    *,
    pressed: bool = False,
) -> bool:
    """Players of the pulka and the chat's administrators may change it.

    A button can be pressed by someone who left the chat (public groups show
    their messages to anyone), so for a press a player must still be a member;
    a text command can only come from a member.
    """
    if sender_chat is not None:
        # An anonymous administrator posts as the group itself.
        return sender_chat.id == chat.id
    if user is None:
        return False
    if table is not None and table.is_player(user.id):
        return not pressed or await members(bot).status(bot, chat.id, user.id) not in GONE
    return await is_admin(bot, chat.id, user.id)


async def is_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    return await members(bot).status(bot, chat_id, user_id) in ("creator", "administrator")


#: Member statuses of someone no longer in the chat.
GONE = frozenset({"left", "kicked"})


class Members:
    """Chat member statuses, asked of Telegram and kept for ``ttl`` seconds.

    Every press by a player and every command by a non-player asks; one
    getChatMember a minute per person is enough to notice who left or was
    made an admin.
    """

    def __init__(self, ttl: float = 60.0, size: int = 4096) -> None:
        self.ttl, self.size = ttl, size
        self._known: OrderedDict[tuple[int, int], tuple[float, str]] = OrderedDict()

    async def status(self, bot: Bot, chat_id: int, user_id: int) -> str:
        key = (chat_id, user_id)
        now = time.monotonic()
        known = self._known.get(key)
        if known is not None and now - known[0] < self.ttl:
            return known[1]
        try:
            member = await bot.get_chat_member(chat_id, user_id)
        except TelegramAPIError as e:
            log.warning("getChatMember failed: %s", e)
            return "unknown"  # not cached: asked again next time
        self._known[key] = (now, str(member.status))
        self._known.move_to_end(key)
        while len(self._known) > self.size:
            self._known.popitem(last=False)
        return str(member.status)

    def forget(self) -> None:
        self._known.clear()


#: One cache per Bot object, kept by its identity: aiogram's Bot compares equal by
#: its token, so a WeakKeyDictionary gave a new Bot of that token the statuses an
#: older, still living one had been told (each test's Bot talks to its own fake
#: Telegram, where chat ids repeat; ``gc.freeze()`` keeps a Bot from collection).
_MEMBERS: dict[int, Members] = {}


def members(bot: Bot) -> Members:
    """The member statuses known to ``bot`` (the running bot's, not another's)."""
    known = _MEMBERS.get(id(bot))
    if known is None:
        known = _MEMBERS[id(bot)] = Members()
        # Dropped when the bot is, before its id can be another object's.
        weakref.finalize(bot, _MEMBERS.pop, id(bot), None)
    return known


async def pulka_here(message: Message, keeper: Keeper, tx: Texts) -> Table | None:
    """The running pulka of the message's chat (or topic); None after answering "no pulka"."""
    table = await keeper.active(*place(message))
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


async def pulka_to_change(message: Message, keeper: Keeper, bot: Bot, tx: Texts) -> Table | None:
    """The running pulka of the message's chat if its sender may change it; else None,
    after answering "no pulka" or "not allowed"."""
    table = await pulka_here(message, keeper, tx)
    if table is None or not await may_change(message, bot, tx, table):
        return None
    return table


async def seated_pulka_to_change(
    message: Message, keeper: Keeper, bot: Bot, tx: Texts
) -> Table | None:
    """As :func:`pulka_to_change`, and the table is seated (3 or 4 players): a deal
    or a correction can be written; else None, after answering."""
    table = await pulka_to_change(message, keeper, bot, tx)
    if table is not None and table.state is None:
        await message.answer(need_players_text(tx, table))
        return None
    return table


async def pulka_of_button(keeper: Keeper, pulka_id: int, msg: Message) -> Table | None:
    """The pulka a button names, if it belongs to the chat the button is in."""
    table = await keeper.get(pulka_id)
    if table is None or table.row.chat_id != msg.chat.id:
        return None
    return table


def refuse(callback_answer: CallbackAnswer, text: str) -> None:
    """Answer the press with ``text`` in an alert: a refusal the presser must read."""
    callback_answer.text = text
    callback_answer.show_alert = True


async def pulka_to_change_by_press(
    query: CallbackQuery,
    msg: Message,
    pulka_id: int,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    callback_answer: CallbackAnswer,
    *,
    running: bool = False,
) -> Table | None:
    """The pulka a pressed button names if it is of this chat (with ``running``: and
    still running) and the presser may change it; else None, the press refused "out of
    date" or "not allowed"."""
    table = await pulka_of_button(keeper, pulka_id, msg)
    if table is None or (running and not table.active):
        refuse(callback_answer, tx("stale"))
        return None
    if not await may_write(bot, table, msg.chat, query.from_user, pressed=True):
        refuse(callback_answer, tx("not_allowed"))
        return None
    return table


async def answer_chunks(
    message: Message,
    chunks: list[str],
    *,
    pace: float = 1.0,
    markup: InlineKeyboardMarkup | None = None,
) -> None:
    """Send a long answer as several messages, ``pace`` seconds apart (``markup``
    under the last one).

    The pause is spent in this chat's lane only; it keeps a group below
    Telegram's flood limit instead of running into it.
    """
    for i, chunk in enumerate(chunks):
        if i:
            await asyncio.sleep(pace)
        await delivery.answer(message, chunk, markup if i == len(chunks) - 1 else None)
