"""Who and where an update is: its place and source, its author, whether he may change
the pulka it is about, and that pulka (refused with a :class:`~bot.model.PulkaError`
when there is none to change, which the error router answers); and the routers' filters
beyond aiogram's own ``Command`` and ``CallbackData.filter()``."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import Bot, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, Filter
from aiogram.types import (
    CallbackQuery,
    Chat,
    ChatMemberUpdated,
    InlineKeyboardMarkup,
    Message,
    TelegramObject,
    User,
)
from cachetools import TTLCache
from magic_filter import MagicFilter

from bot.actions import seating
from bot.actions.keeper import Keeper
from bot.grammar.deals import valid_name
from bot.model import Author, PulkaError, Source, Table
from bot.telegram import delivery

GROUP_TYPES = frozenset({"group", "supergroup"})


class OnLoop(Filter):
    """A magic filter (``F.text``, ``F.chat.type == ...``) checked on the event loop.

    aiogram runs every callable that is not a coroutine function, a bare magic
    filter's ``resolve`` included, in a worker thread (``asyncio.to_thread`` in
    ``CallableObject.call``).  A router's filter is checked on every update that passes
    it, so a bare ``F`` cost a thread round trip per router per update: 7 of them in a
    typed ``/deal``.  A :class:`Filter` subclass is awaited instead (aiogram's own
    ``MagicData`` is too, but reads the rule off a dict of all the context).
    """

    __slots__ = ("rule",)

    def __init__(self, rule: MagicFilter) -> None:
        self.rule = rule

    async def __call__(self, event: TelegramObject, *args: Any, **kwargs: Any) -> Any:
        return self.rule.resolve(event)

    def __str__(self) -> str:
        return self._signature_to_string(rule=self.rule)


class ChatTypes(Filter):
    """The event's chat is of one of these types: ``F.chat.type.in_(types)``, without
    the magic filter's resolution (this one is checked by 14 routers on every update)."""

    __slots__ = ("types",)

    def __init__(self, types: frozenset[str]) -> None:
        self.types = types

    async def __call__(self, event: TelegramObject) -> bool:
        chat = getattr(event, "chat", None)
        return chat is not None and chat.type in self.types


#: Messages (and member updates) of a group or supergroup: every group router's filter.
IN_GROUP = ChatTypes(GROUP_TYPES)


async def on_keyboard(query: CallbackQuery) -> dict[str, Message] | bool:
    """Is the pressed payload one of the message's buttons as they are now?  One that
    is not is forged or from a keyboard replaced since, and is left to the catch-all's
    "out of date".  A press that passes gets its (accessible) message as ``msg``; a
    coroutine function, so aiogram does not run it in a thread (:class:`OnLoop`)."""
    msg = query.message
    if not isinstance(msg, Message) or msg.reply_markup is None or not query.data:
        return False
    if not any(
        b.callback_data == query.data for row in msg.reply_markup.inline_keyboard for b in row
    ):
        return False
    return {"msg": msg}


class CommandWords(Filter):
    """A router's first check: is the message's first word one of its commands?

    aiogram tries every handler of every router in turn, each ``Command`` filter
    parsing the text again: a plain message in a group went through 20 routers and 32
    command parses (1.6 ms, against 0.3 ms for a whole echo bot's update).  A router
    whose message handlers are all commands gets this as its root filter (see
    :func:`commands_first`): one set lookup, and a rejected router's handlers are not
    tried.  It only ever lets through more than the ``Command`` filters would (any
    case, any ``@mention``), so they still decide.
    """

    __slots__ = ("prefixes", "words")

    def __init__(self, words: frozenset[str], prefixes: str) -> None:
        self.words = words
        self.prefixes = prefixes

    async def __call__(self, message: Message) -> bool:
        # The first word as ``Command.extract_command`` finds it: "/deal@PulkaBot 7s ...".
        first = (message.text or message.caption or "").split(maxsplit=1)
        if not first or first[0][0] not in self.prefixes:
            return False
        return first[0][1:].partition("@")[0].casefold() in self.words


def command_words(routers: list[Router]) -> frozenset[str]:
    """Every command word (``Command`` filters with plain names) that ``routers`` and
    their sub-routers answer, casefolded: what the bot knows as its own."""
    words: set[str] = set()
    for router in routers:
        for handler in router.message.handlers:
            for f in handler.filters or []:
                if isinstance(f.callback, Command):
                    words.update(c.casefold() for c in f.callback.commands if isinstance(c, str))
        words |= command_words(list(router.sub_routers))
    return frozenset(words)


def commands_first(router: Router) -> Router:
    """Give ``router`` a :class:`CommandWords` root filter if every message handler it
    has is a command (``Command`` filters with plain names); otherwise leave it be."""
    words: set[str] = set()
    prefixes: set[str] = set()
    for handler in router.message.handlers:
        commands = [f.callback for f in handler.filters or [] if isinstance(f.callback, Command)]
        if not commands:
            return router  # a handler of any text (a reply, a document): no shortcut
        for command in commands:
            if not all(isinstance(c, str) for c in command.commands):
                return router  # a pattern: no word to look up
            words.update(str(c).casefold() for c in command.commands)
            prefixes.update(command.prefix)
    if words:
        router.message.filter(CommandWords(frozenset(words), "".join(sorted(prefixes))))
    return router


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


def called(table: Table, user: User) -> str:
    """What ``table`` calls the Telegram ``user``: his seat's name, else his Telegram name."""
    return table.called(user.id, display_name(user))


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
    a minute per person is enough to notice who was made an admin.  Who joins or leaves
    is noticed at once: the ``chat_member`` updates (:meth:`changed`) and the
    ``new_chat_members`` / ``left_chat_member`` messages (the messages' middleware,
    :meth:`__call__`) refresh what is kept, and a status kept as gone is asked again
    before it refuses anyone.  Handlers get the one of the running bot as ``members``.
    """

    def __init__(self, ttl: float = 60.0, size: int = 4096) -> None:
        self._known: TTLCache[tuple[int, int], str] = TTLCache(maxsize=size, ttl=ttl)

    async def status(self, bot: Bot, chat_id: int, user_id: int, *, again: bool = True) -> str:
        """The member's status; one kept as gone (left, kicked) is asked again
        (``again``), as a refusal rests on it and he may have come back since; a mere
        offer (the sheet's page polling) takes it as kept."""
        key = (chat_id, user_id)
        known = self._known.get(key)
        if known is not None and (known not in LEFT or not again):
            return known
        try:
            member = await bot.get_chat_member(chat_id, user_id)
        except TelegramAPIError as e:
            log.warning("getChatMember failed: %s", e)
            return known or "unknown"  # not kept: asked again next time
        status = str(member.status)
        # A restricted user who left keeps the status "restricted" (is_member false).
        if status == "restricted" and getattr(member, "is_member", True) is False:
            status = "left"
        self._known[key] = status
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
        return await self.may_change(bot, table, chat.id, user.id, pressed=pressed)

    async def may_change(
        self,
        bot: Bot,
        table: Table | None,
        chat_id: int,
        user_id: int,
        *,
        pressed: bool,
        again: bool = True,
    ) -> bool:
        """:meth:`may_write` for the Telegram user ``user_id`` (a press, or the sheet's
        page, which is pressed too: its user may have left the chat); ``again``: as
        :meth:`status`."""
        if table is not None and table.is_player(user_id):
            if not pressed:
                return True
            return await self.status(bot, chat_id, user_id, again=again) not in LEFT
        return await self.status(bot, chat_id, user_id, again=again) in ADMINS

    async def confirms_for_guests(self, bot: Bot, table: Table, user_id: int) -> bool:
        """May ``user_id`` confirm a payment for a player of ``table`` without Telegram
        (an administrator of its chat)?  Asked of Telegram only when there is one."""
        guests = any(p.user_id is None for p in table.players)
        return guests and await self.is_admin(bot, table.row.chat_id, user_id)

    def forget(self) -> None:
        self._known.clear()

    async def changed(self, update: ChatMemberUpdated) -> None:
        """A ``chat_member`` update: the member's new status is kept."""
        member = update.new_chat_member
        self._known[(update.chat.id, member.user.id)] = str(member.status)

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        """The messages' outer middleware: who left is kept as gone, who joined is
        asked anew (he may be an administrator); then the message goes on as usual."""
        if isinstance(event, Message):
            chat_id = event.chat.id
            for user in event.new_chat_members or ():
                self._known.pop((chat_id, user.id), None)
            if event.left_chat_member is not None:
                self._known[(chat_id, event.left_chat_member.id)] = "left"
        return await handler(event, data)


async def pulka_here(message: Message, keeper: Keeper) -> Table:
    """The running pulka of the message's chat (or topic); if none, ``ended_unsettled``
    when the last one waits for its settlement, else ``no_pulka``."""
    table = await keeper.active(*place(message))
    if table is None:
        number = await seating.unsettled_end(keeper, *place(message))
        if number is not None:
            raise PulkaError("ended_unsettled", number=number)
        raise PulkaError("no_pulka")
    return table


async def pulka_to_change(message: Message, keeper: Keeper, bot: Bot, members: Members) -> Table:
    """The running pulka here, if the message's sender may change it; else ``no_pulka``
    or ``not_allowed``."""
    table = await pulka_here(message, keeper)
    await _may_change(message, table, bot, members)
    return table


async def _may_change(message: Message, table: Table, bot: Bot, members: Members) -> None:
    if not await members.may_write(
        bot, table, message.chat, message.from_user, message.sender_chat
    ):
        raise PulkaError("not_allowed")


async def seated_pulka_to_change(
    message: Message, keeper: Keeper, bot: Bot, members: Members
) -> Table:
    """As :func:`pulka_to_change`, and seated: a deal or a correction can be written;
    else ``need_players``, asked first: while the seats are open, whoever writes a deal
    is told to sit down (``/join``), not that only players may."""
    table = await pulka_here(message, keeper)
    if table.state is None:
        raise need_players(table)
    await _may_change(message, table, bot, members)
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
