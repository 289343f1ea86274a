"""The archive of a chat (or forum topic): ``/pulkas``, paged, and ``/pulka N``.

A pulka's number is its place in the order they began (cancelled ones aside), so it
keeps its number as later ones are added.
"""

from __future__ import annotations

import re

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message

from bot.actions import archive, rating
from bot.actions.keeper import Keeper
from bot.features.archive.view import PAGE, archive_keyboard, archive_text, archived_pulka_text
from bot.model import PulkaError, shown_settlement
from bot.telegram import delivery
from bot.telegram.context import IN_GROUP, on_keyboard, place
from bot.telegram.delivery import Boards
from bot.telegram.sheets import Sheets
from bot.views.board import over_kind
from bot.views.buttons import ArchivePageCB, export_keyboard, with_sheet_link
from bot.views.debts import with_debts
from bot.views.rating import pulkas_notes
from bot.views.texts import Texts

#: ``/pulka N``: ASCII digits only (``str.isdigit`` takes ``²``).
_NUMBER = re.compile(r"\s*#?№?\s*([0-9]{1,9})\s*")


async def _page(
    keeper: Keeper, tx: Texts, msg: Message, page: int
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The archive's page ``page`` (0: the newest) and its "« Newer" / "Older »"."""
    chat_id, thread = place(msg)
    finished = list(reversed(await archive.finished(keeper, chat_id, thread)))
    pages = max(1, -(-len(finished) // PAGE))
    page = min(page, pages - 1)
    shown = []
    for listed in finished[page * PAGE : (page + 1) * PAGE]:
        table = await keeper.get(listed.pulka_id)
        if table is not None:
            shown.append((listed, table))
    notes = pulkas_notes(tx, await rating.shown(keeper, chat_id))
    return archive_text(tx, shown, len(finished), notes), archive_keyboard(tx, page, pages)


async def pulkas(message: Message, keeper: Keeper, tx: Texts) -> None:
    """``/pulkas``: the place's finished pulkas, newest first: date, results."""
    await delivery.answer(message, *await _page(keeper, tx, message, 0))


async def page_press(
    query: CallbackQuery, msg: Message, callback_data: ArchivePageCB, keeper: Keeper, tx: Texts
) -> None:
    """ "« Newer" / "Older »" under ``/pulkas``: that page, in the same message."""
    await delivery.edit_or_answer(msg, *await _page(keeper, tx, msg, callback_data.page))


async def pulka(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    tx: Texts,
    sheets: Sheets,
    boards: Boards,
) -> None:
    """``/pulka N``: pulka N of the list again: its settlement, "Export", its sheet."""
    found = _NUMBER.fullmatch(command.args or "")
    if found is None:
        raise PulkaError("archive_usage")
    number = int(found[1])
    finished = await archive.finished(keeper, *place(message))
    listed = next((p for p in finished if p.number == number), None)
    table = None if listed is None else await keeper.get(listed.pulka_id)
    if listed is None or table is None:
        raise PulkaError("archive_missing", number=number)
    await delivery.answer(
        message,
        archived_pulka_text(tx, listed, table),
        # "Paid" / "Received", "Export", "Open the sheet"
        with_sheet_link(tx, table, with_debts(tx, table, export_keyboard(tx, table)), boards.sheet),
    )
    settlement = shown_settlement(table)
    if table.state is not None and settlement is not None:
        await sheets.send(message, tx, table, settlement, kind=over_kind(table))


def router() -> Router:
    r = Router(name="archive")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (features/system)
    r.message.register(pulkas, Command("pulkas"))
    r.message.register(pulka, Command("pulka"))
    r.callback_query.register(page_press, ArchivePageCB.filter())
    return r
