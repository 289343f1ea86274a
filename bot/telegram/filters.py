"""Filters of the routers (beyond aiogram's own ``Command`` and ``CallbackData.filter()``)."""

from __future__ import annotations

from aiogram.types import CallbackQuery, Message


def on_keyboard(query: CallbackQuery) -> dict[str, Message] | bool:
    """Is the pressed payload one of the message's buttons as they are now?

    Telegram sends the message as it is when the button is pressed: a payload
    that is not on it is forged, or from a keyboard replaced since (a button
    pressed twice).  Such a press matches no button handler and is answered
    "out of date" by the catch-all of ``handlers/system.py``, without being read.

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
