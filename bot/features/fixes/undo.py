"""Taking a deal back: /undo and "Undo" under a deal ask first; "Yes, undo" / "No"
answer.  Only the last deal can be undone; the scoreboard shows the change."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import deals
from bot.actions.keeper import Keeper
from bot.features.fixes.view import about, kept_text
from bot.model import EventKind, PulkaError, Table
from bot.telegram import delivery
from bot.telegram.context import (
    IN_GROUP,
    Members,
    author_of_user,
    on_keyboard,
    pulka_of_press,
    pulka_to_change,
    source,
)
from bot.telegram.delivery import Boards
from bot.views.buttons import UndoAskCB, UndoCB, undo_keyboard
from bot.views.format import entry_key
from bot.views.texts import Texts
from bot.views.written import undone_text


async def ask_undo(target: Message, tx: Texts, table: Table, event_id: int | None = None) -> None:
    """Ask to confirm undoing the last deal (with ``event_id``: if it is still that one's)."""
    if event_id is not None and (not table.deals or table.deals[-1].event.id != event_id):
        raise PulkaError("stale")
    if not table.deals:
        raise PulkaError("undo_nothing")
    if table.row.events[-1].kind == EventKind.AMEND:  # changed by /edit, not undone
        raise PulkaError("undo_after_amend")
    last = table.deals[-1]
    key = entry_key(last.deal, "undo_confirm", "undo_confirm_correction")
    prompt = about(tx, key, table, last)
    await target.answer(prompt, reply_markup=undo_keyboard(tx, table, last))


async def undo(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    members: Members,
) -> None:
    """``/undo`` (or ``/undo 7``, naming the last deal): ask to confirm undoing the last
    deal.  Another number is told how to change that deal instead."""
    table = await pulka_to_change(message, keeper, bot, members)
    args = (command.args or "").strip().lstrip("№#").strip()
    if args:
        if not args.isascii() or not args.isdecimal() or len(args) > 6:
            raise PulkaError("undo_usage")
        number = int(args)
        if table.deals and number != table.deals[-1].number:
            table.deal_asked(number)  # undone, deleted or none: said so
            raise PulkaError("undo_not_last", number=number, last=table.deals[-1].number)
    await ask_undo(message, tx, table)


async def undo_ask(
    query: CallbackQuery,
    msg: Message,
    callback_data: UndoAskCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    members: Members,
) -> None:
    """ "Undo" under a deal: the same question, if that deal is still the last one."""
    cb = callback_data
    table = await pulka_of_press(query, msg, cb.pulka, keeper, bot, members, running=True)
    await ask_undo(msg, tx, table, cb.event)


async def undo_answer(
    query: CallbackQuery,
    msg: Message,
    callback_data: UndoCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Yes, undo" undoes the deal (if it is still the last); "No" keeps it."""
    cb = callback_data
    table = await pulka_of_press(query, msg, cb.pulka, keeper, bot, members)
    if not cb.yes:
        kept = table.deal_by_event(cb.event)
        said = kept_text(tx, "undo_kept", "undo_kept_correction", kept)
        await msg.edit_text(said, reply_markup=None)
        return
    author = author_of_user(query.from_user)
    try:
        written = await deals.undo(keeper, table.id, cb.event, author, source(msg))
    except PulkaError:
        # The question no longer stands: it says so, not only the presser's alert.
        await delivery.edit_or_answer(msg, tx("stale"))
        raise
    assert written.event is not None
    # A press delivered again answers with the deal it undid the first time.
    who = written.table.author(written.event)
    callback_answer.text = tx("done")
    undone = undone_text(tx, written.table, written.event, who or "?")
    await boards.beside(bot, tx, written.table, delivery.edit_or_answer(msg, undone))


def router() -> Router:
    r = Router(name="undo")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (features/system)
    r.message.register(undo, Command("undo"))
    r.callback_query.register(undo_ask, UndoAskCB.filter())
    r.callback_query.register(undo_answer, UndoCB.filter())
    return r
