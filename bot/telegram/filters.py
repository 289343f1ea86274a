"""Filters of the routers (beyond aiogram's own ``Command`` and ``CallbackData.filter()``)."""

from __future__ import annotations

from typing import Any

from aiogram import F
from aiogram.filters import Filter
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


#: Messages (and member updates) of a group or supergroup: every group router's filter.
IN_GROUP = OnLoop(F.chat.type.in_(GROUP_TYPES))


async def on_keyboard(query: CallbackQuery) -> dict[str, Message] | bool:
    """Is the pressed payload one of the message's buttons as they are now?

    Telegram sends the message as it is when the button is pressed: a payload
    that is not on it is forged, or from a keyboard replaced since (a button
    pressed twice).  Such a press matches no button handler and is answered
    "out of date" by the catch-all of ``handlers/system.py``, without being read.

    A coroutine function, so that aiogram does not run it in a worker thread (see
    :class:`OnLoop`).

    A press that passes gets its message as ``msg`` (a :class:`Message`, never an
    inaccessible one: an inaccessible message has no keyboard to be on).
    """
    msg = query.message
    if not isinstance(msg, Message) or msg.reply_markup is None or not query.data:
        return False
    if not any(
        b.callback_data == query.data for row in msg.reply_markup.inline_keyboard for b in row
    ):
        return False
    return {"msg": msg}
