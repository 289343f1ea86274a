"""The archive of a chat (or forum topic): ``/pulkas`` lists its finished pulkas, paged;
``/pulka N`` shows one again (its sheet, its stored settlement, "Export").

The numbers are the place's pulkas in the order they began (cancelled ones aside), so
a pulka keeps its number as later ones are added.  A settled pulka is shown from the
settlement stored when it was settled (:mod:`bot.store.ending`).
"""

from __future__ import annotations

import re

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import archive
from bot.actions.keeper import Keeper
from bot.features.archive.view import archive_keyboard, archive_text, archived_pulka_text
from bot.features.debts.view import with_debts
from bot.features.ending.view import PAGE, shown_settlement
from bot.features.rating.handlers import pulkas_notes
from bot.model import Listed, Table
from bot.telegram import delivery
from bot.telegram.common import place
from bot.telegram.filters import IN_GROUP, on_keyboard
from bot.telegram.sheets import SheetKind, Sheets
from bot.views.callbacks import ArchivePageCB
from bot.views.keyboards import export_keyboard
from bot.views.texts import Texts

#: ``/pulka N``: ASCII digits only (``str.isdigit`` takes ``²``).
_NUMBER = re.compile(r"\s*#?№?\s*([0-9]{1,9})\s*")


async def _page(
    keeper: Keeper, chat_id: int, thread_id: int, page: int
) -> tuple[list[tuple[Listed, Table]], int, int, int]:
    """The archive's page ``page`` (0: the newest), its tables, the total, pages, page."""
    finished = list(reversed(await archive.finished(keeper, chat_id, thread_id)))
    pages = max(1, -(-len(finished) // PAGE))
    page = min(page, pages - 1)
    shown = []
    for listed in finished[page * PAGE : (page + 1) * PAGE]:
        table = await keeper.get(listed.pulka_id)
        if table is not None:
            shown.append((listed, table))
    return shown, len(finished), pages, page


async def pulkas(message: Message, keeper: Keeper, tx: Texts) -> None:
    """``/pulkas``: the place's finished pulkas, newest first: date, results."""
    shown, total, pages, page = await _page(keeper, *place(message), 0)
    await delivery.answer(
        message,
        archive_text(tx, shown, total, await pulkas_notes(keeper, tx, message.chat.id)),
        archive_keyboard(tx, page, pages),
    )


async def page_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: ArchivePageCB,
    keeper: Keeper,
    tx: Texts,
    callback_answer: CallbackAnswer,
) -> None:
    """ "« Newer" / "Older »" under ``/pulkas``: that page, in the same message."""
    shown, total, pages, page = await _page(keeper, *place(msg), callback_data.page)
    await delivery.edit_or_answer(
        msg,
        archive_text(tx, shown, total, await pulkas_notes(keeper, tx, msg.chat.id)),
        archive_keyboard(tx, page, pages),
    )


async def pulka(
    message: Message, command: CommandObject, keeper: Keeper, tx: Texts, sheets: Sheets
) -> None:
    """``/pulka N``: pulka N of the list again: its settlement, "Export", its sheet."""
    found = _NUMBER.fullmatch(command.args or "")
    if found is None:
        await message.answer(tx("archive_usage"))
        return
    number = int(found[1])
    listed = next(
        (p for p in await archive.finished(keeper, *place(message)) if p.number == number), None
    )
    table = None if listed is None else await keeper.get(listed.pulka_id)
    if listed is None or table is None:
        await message.answer(tx("archive_missing", number=number))
        return
    await delivery.answer(
        message,
        archived_pulka_text(tx, listed, table),
        with_debts(tx, table, export_keyboard(tx, table)),  # "Paid" / "Received"
    )
    settlement = shown_settlement(table)
    if table.state is not None and settlement is not None:
        await sheets.send(message, tx, table, settlement, kind=SheetKind.FINAL)


def router() -> Router:
    r = Router(name="archive")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (handlers/system.py)
    r.message.register(pulkas, Command("pulkas"))
    r.message.register(pulka, Command("pulka"))
    r.callback_query.register(page_press, ArchivePageCB.filter())
    return r
