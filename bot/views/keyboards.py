"""Inline keyboards: buttons of the board, of a written deal, of the undo prompt."""

from __future__ import annotations

from collections.abc import Iterable

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.service import LiveDeal, Table
from bot.telegram.callbacks import NewDealCB, SheetCB, SitCB, UndoAskCB, UndoCB
from bot.views.texts import Texts
from bot.views.wizard import Button, Screen


def markup(rows: Iterable[Iterable[Button | tuple[str, str]]]) -> InlineKeyboardMarkup | None:
    """A keyboard from rows of buttons or (text, data) pairs; None when empty."""
    keyboard = []
    for row in rows:
        buttons = [InlineKeyboardButton(text=b.text, callback_data=b.data)
                   if isinstance(b, Button) else
                   InlineKeyboardButton(text=b[0], callback_data=b[1]) for b in row]
        if buttons:
            keyboard.append(buttons)
    return InlineKeyboardMarkup(inline_keyboard=keyboard) if keyboard else None


def screen_markup(screen: Screen) -> InlineKeyboardMarkup | None:
    return markup(screen.rows)


def deal_keyboard(tx: Texts, table: Table, live: LiveDeal | None) -> InlineKeyboardMarkup | None:
    """Under a written deal: "New deal" (while the pulka is open) and "Undo"."""
    row = []
    if table.playable:
        row.append((tx("btn_new_deal"), NewDealCB(pulka=table.id).pack()))
    if live is not None and table.active:
        row.append((tx("btn_undo"), UndoAskCB(pulka=table.id, event=live.event.id).pack()))
    return markup([row])


def undo_keyboard(tx: Texts, table: Table, live: LiveDeal) -> InlineKeyboardMarkup | None:
    """The confirmation of undoing the last deal: yes / no."""
    return markup([[
        (tx("undo_yes"), UndoCB(pulka=table.id, event=live.event.id, yes=1).pack()),
        (tx("undo_no"), UndoCB(pulka=table.id, event=live.event.id, yes=0).pack()),
    ]])


def sheet_button(tx: Texts, table: Table) -> tuple[str, str]:
    """"📷 Sheet": the picture of the pulka's sheet as it is when pressed."""
    return tx("btn_sheet"), SheetCB(pulka=table.id).pack()


def sheet_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    """Under the text score: the "📷 Sheet" button."""
    return markup([[sheet_button(tx, table)]]) if table.state is not None else None


def board_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    """"Sit down" while seats are open before the first deal, "New deal" while playable,
    and "📷 Sheet" once a deal is written (on a settled board too: the final sheet)."""
    row = []
    if table.active and table.seating_open:
        row.append((tx("btn_sit"), SitCB(pulka=table.id).pack()))
    if table.playable:
        row.append((tx("btn_new_deal"), NewDealCB(pulka=table.id).pack()))
    sheet = [sheet_button(tx, table)] if table.deals and table.state is not None else []
    return markup([row, sheet])
