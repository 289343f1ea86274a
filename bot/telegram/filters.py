"""Filters of the routers (beyond aiogram's own ``Command`` and ``CallbackData.filter()``)."""

from __future__ import annotations

from typing import Any

from aiogram import Router
from aiogram.filters import Command, Filter
from aiogram.types import CallbackQuery, Message, TelegramObject
from magic_filter import MagicFilter

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
