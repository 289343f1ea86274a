"""Taking a deal back: /undo and "Undo" under a deal ask first; "Yes, undo" / "No"
answer.  Only the last deal can be undone; the scoreboard shows the change."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import deals
from bot.actions.keeper import Keeper
from bot.features.fixes.view import undo_kept_text, undo_prompt
from bot.model import EventKind, PulkaError, Source
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.telegram.common import (
    author_of_user,
    display_name,
    pulka_to_change,
    pulka_to_change_by_press,
    refuse,
)
from bot.telegram.filters import IN_GROUP, on_keyboard
from bot.views.callbacks import UndoAskCB, UndoCB
from bot.views.errors import pulka_error_text
from bot.views.keyboards import undo_keyboard
from bot.views.texts import Texts
from bot.views.written import undone_text


async def undo(message: Message, keeper: Keeper, bot: Bot, tx: Texts) -> None:
    """``/undo``: ask to confirm undoing the last deal."""
    table = await pulka_to_change(message, keeper, bot, tx)
    if table is None:
        return
    if not table.deals:
        await message.answer(tx("undo_nothing"))
        return
    if table.row.events[-1].kind == EventKind.AMEND:  # changed by /edit, not undone
        await message.answer(tx("undo_after_amend"))
        return
    await message.answer(
        undo_prompt(tx, table), reply_markup=undo_keyboard(tx, table, table.deals[-1])
    )


async def undo_ask(
    query: CallbackQuery,
    msg: Message,
    callback_data: UndoAskCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Undo" under a deal: the same question, if that deal is still the last one."""
    table = await pulka_to_change_by_press(
        query, msg, callback_data.pulka, keeper, bot, tx, callback_answer, running=True
    )
    if table is None:
        return
    if not table.deals or table.deals[-1].event.id != callback_data.event:
        refuse(callback_answer, tx("stale"))
        return
    if table.row.events[-1].kind == EventKind.AMEND:  # changed by /edit, not undone
        refuse(callback_answer, tx("undo_after_amend"))
        return
    await msg.answer(undo_prompt(tx, table), reply_markup=undo_keyboard(tx, table, table.deals[-1]))


async def undo_answer(
    query: CallbackQuery,
    msg: Message,
    callback_data: UndoCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Yes, undo" undoes the deal (if it is still the last); "No" keeps it."""
    table = await pulka_to_change_by_press(
        query, msg, callback_data.pulka, keeper, bot, tx, callback_answer
    )
    if table is None:
        return
    if not callback_data.yes:
        kept = table.deal_by_event(callback_data.event)
        await msg.edit_text(undo_kept_text(tx, kept), reply_markup=None)
        return
    try:
        written = await deals.undo(
            keeper,
            table.id,
            callback_data.event,
            author_of_user(query.from_user),
            Source(msg.chat.id, msg.message_id),
        )
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        await delivery.edit_or_answer(msg, tx("stale"))
        return
    assert written.event is not None
    # A press delivered again answers with the deal it undid the first time.
    who = written.event.author_name if written.duplicate else display_name(query.from_user)
    callback_answer.text = tx("done")
    await delivery.edit_or_answer(msg, undone_text(tx, written.table, written.event, who or "?"))
    await boards.refresh(bot, tx, written.table)


def router() -> Router:
    r = Router(name="undo")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (handlers/system.py)
    r.message.register(undo, Command("undo"))
    r.callback_query.register(undo_ask, UndoAskCB.filter())
    r.callback_query.register(undo_answer, UndoCB.filter())
    return r
