"""What is written: /score (the picture of the sheet; ``/score text``: the text table),
the "📷 Sheet" button of the scoreboard and of the text table, and /history."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import archive
from bot.actions.keeper import Keeper
from bot.features.score.view import history_chunks, history_keyboard, sheet_problem_text
from bot.grammar.deals import TEXT_WORDS
from bot.model import PulkaError, Table, shown_settlement
from bot.telegram.context import (
    IN_GROUP,
    answer_chunks,
    on_keyboard,
    place,
    pulka_here,
    pulka_of_button,
)
from bot.telegram.sheets import SheetKind, Sheets
from bot.views.board import over_kind, players_text, score_text
from bot.views.buttons import SheetCB, sheet_keyboard
from bot.views.texts import Texts


async def _send_sheet(target: Message, tx: Texts, table: Table, sheets: Sheets) -> None:
    """The sheet (an archived one with its stored settlement); the text score if not sent."""
    if table.active:
        problem = await sheets.send(target, tx, table, kind=SheetKind.LIVE)
    else:
        settlement = shown_settlement(table)
        problem = await sheets.send(target, tx, table, settlement, kind=over_kind(table))
    if problem is not None:
        await target.answer(sheet_problem_text(tx, problem, table))


async def show_score(
    message: Message, command: CommandObject, keeper: Keeper, tx: Texts, sheets: Sheets
) -> None:
    """``/score``: the picture, the standings in its caption; ``/score text``: the text."""
    table = await pulka_here(message, keeper)
    if table.state is None:
        await message.answer(players_text(tx, table))
    elif (command.args or "").strip().casefold() in TEXT_WORDS:
        await message.answer(score_text(tx, table), reply_markup=sheet_keyboard(tx, table))
    else:
        await _send_sheet(message, tx, table, sheets)


async def sheet_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: SheetCB,
    keeper: Keeper,
    tx: Texts,
    sheets: Sheets,
    callback_answer: CallbackAnswer,
) -> None:
    """ "📷 Sheet": anyone in the chat may look; a press repeated soon is not resent."""
    table = await pulka_of_button(keeper, callback_data.pulka, msg)
    if table.state is None:
        raise PulkaError("stale")
    if sheets.pressed_lately((msg.chat.id, table.id, table.last_event_id, tx.lang)):
        callback_answer.text = tx("sheet_recent")
        return
    await _send_sheet(msg, tx, table, sheets)


async def show_history(message: Message, keeper: Keeper, tx: Texts) -> None:
    """``/history``: the protocol of the running pulka, else of the last one over here
    (the evening just settled), in as many messages as it takes (a long one is cut)."""
    table = await keeper.active(*place(message))
    if table is None:
        table, _ = await archive.last_over(keeper, *place(message))
    if table is None:
        raise PulkaError("no_pulka")
    await answer_chunks(message, history_chunks(tx, table), markup=history_keyboard(tx, table))


def router() -> Router:
    r = Router(name="score")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (features/system)
    r.message.register(show_score, Command("score"))
    r.callback_query.register(sheet_press, SheetCB.filter())
    r.message.register(show_history, Command("history"))
    return r
