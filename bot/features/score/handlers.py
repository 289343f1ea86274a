"""What is written: /score (the picture of the sheet; ``/score text``: the text table),
the "📷 Sheet" button of the scoreboard and of the text table, and /history."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions.keeper import Keeper
from bot.features.ending.view import shown_settlement
from bot.features.score.view import (
    history_chunks,
    history_keyboard,
    history_lines,
    sheet_problem_text,
)
from bot.grammar.deals import TEXT_WORDS
from bot.model import Table
from bot.telegram.common import (
    answer_chunks,
    pulka_here,
    pulka_of_button,
    refuse,
)
from bot.telegram.filters import IN_GROUP, on_keyboard
from bot.telegram.sheets import SheetKind, Sheets
from bot.views.board import players_text, score_text
from bot.views.callbacks import SheetCB
from bot.views.format import split_lines
from bot.views.keyboards import sheet_keyboard
from bot.views.texts import Texts


async def send_table_sheet(target: Message, tx: Texts, table: Table, sheets: Sheets) -> str | None:
    """The sheet of a running pulka, or of an archived one with its settlement written in."""
    if table.active or table.state is None:
        return await sheets.send(target, tx, table, kind=SheetKind.LIVE)
    settlement = shown_settlement(table)  # once settled, the stored one: never scored again
    return await sheets.send(target, tx, table, settlement, kind=SheetKind.FINAL)


async def show_score(
    message: Message, command: CommandObject, keeper: Keeper, tx: Texts, sheets: Sheets
) -> None:
    """``/score``: the picture, the standings in its caption; ``/score text``: the text."""
    table = await pulka_here(message, keeper, tx)
    if table is None:
        return
    if table.state is None:
        await message.answer(players_text(tx, table))
        return
    if (command.args or "").strip().casefold() in TEXT_WORDS:
        await message.answer(score_text(tx, table), reply_markup=sheet_keyboard(tx, table))
        return
    problem = await sheets.send(message, tx, table, kind=SheetKind.LIVE)
    if problem is not None:
        await message.answer(sheet_problem_text(tx, problem, table))


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
    if table is None or table.state is None:
        refuse(callback_answer, tx("stale"))
        return
    if sheets.pressed_lately((msg.chat.id, table.id, table.last_event_id, tx.lang)):
        callback_answer.text = tx("sheet_recent")
        return
    problem = await send_table_sheet(msg, tx, table, sheets)
    if problem is not None:
        await msg.answer(sheet_problem_text(tx, problem, table))


async def show_history(message: Message, keeper: Keeper, tx: Texts) -> None:
    """``/history``: the protocol, in as many messages as it takes (a long one is cut)."""
    table = await pulka_here(message, keeper, tx)
    if table is None:
        return
    chunks = history_chunks(tx, table)
    amendments = history_lines(tx, table)  # the log's edits and deletions, with when and who
    if amendments:
        chunks = chunks[:-1] + split_lines([chunks[-1], "", *amendments])
    await answer_chunks(message, chunks, markup=history_keyboard(tx, table))


def router() -> Router:
    r = Router(name="score")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (handlers/system.py)
    r.message.register(show_score, Command("score"))
    r.callback_query.register(sheet_press, SheetCB.filter())
    r.message.register(show_history, Command("history"))
    return r
