"""Inline keyboards: buttons of the board, of a written deal, of the undo prompt, of the
settlement; the wizard's and the settings message's screens become keyboards here too."""

from __future__ import annotations

from collections.abc import Iterable

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.model import LiveDeal, Table
from bot.views.callbacks import (
    AgainCB,
    EditCB,
    EndCB,
    ExportCB,
    NewDealCB,
    SettleCB,
    SheetCB,
    SitCB,
    UndoAskCB,
    UndoCB,
)
from bot.views.texts import Texts
from bot.views.wizard import Button, Screen

#: A button as the views describe it: a :class:`Button`, or its label and its payload.
Described = Button | tuple[str, str]


def _button(b: Described) -> InlineKeyboardButton:
    text, data = (b.text, b.data) if isinstance(b, Button) else b
    return InlineKeyboardButton(text=text, callback_data=data)


def markup(rows: Iterable[Iterable[Described]]) -> InlineKeyboardMarkup | None:
    """A keyboard of ``rows`` as given (empty rows dropped); None when it has no button."""
    # The markup is built directly, not through ``InlineKeyboardBuilder``: the views
    # already lay the rows out (at most 6 wide), and the builder's ``as_markup``
    # deep-copies every button, a third of a millisecond per keyboard measured, and a
    # deal sends two keyboards.
    built = [buttons for buttons in ([_button(b) for b in row] for row in rows) if buttons]
    return InlineKeyboardMarkup(inline_keyboard=built) if built else None


def screen_markup(screen: Screen) -> InlineKeyboardMarkup | None:
    """The keyboard of a wizard screen."""
    return markup(screen.rows)


def deal_keyboard(tx: Texts, table: Table, live: LiveDeal | None) -> InlineKeyboardMarkup | None:
    """Under a written deal: "New deal" (while the pulka is open), "Undo" and "✏️"
    (change or delete this deal later: ``handlers/amend.py``)."""
    row = []
    if table.playable:
        row.append((tx("btn_new_deal"), NewDealCB(pulka=table.id).pack()))
    if live is not None and table.active:
        row.append((tx("btn_undo"), UndoAskCB(pulka=table.id, event=live.event.id).pack()))
        row.append((tx("btn_edit"), EditCB(pulka=table.id, event=live.event.id).pack()))
    return markup([row])


def undo_keyboard(tx: Texts, table: Table, live: LiveDeal) -> InlineKeyboardMarkup | None:
    """The confirmation of undoing the last deal: yes / no."""
    return markup(
        [
            [
                (tx("undo_yes"), UndoCB(pulka=table.id, event=live.event.id, yes=1).pack()),
                (tx("undo_no"), UndoCB(pulka=table.id, event=live.event.id, yes=0).pack()),
            ]
        ]
    )


def end_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    """Under the settlement if stopped now: "End by agreement" (while nothing but
    agreements is written: the stop point, :func:`bot.store.ending.stop_point`)."""
    stop = table.stop_point
    return markup([[(tx("settle_agree"), EndCB(pulka=table.id, last=stop).pack())]])


def sheet_button(tx: Texts, table: Table) -> tuple[str, str]:
    """ "📷 Sheet": the picture of the pulka's sheet as it is when pressed."""
    return tx("btn_sheet"), SheetCB(pulka=table.id).pack()


def sheet_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    """Under the text score: the "📷 Sheet" button."""
    return markup([[sheet_button(tx, table)]]) if table.state is not None else None


def board_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    """ "Sit down" while seats are open before the first deal, "New deal" while playable,
    and "📷 Sheet" once a deal is written (on a settled board too: the final sheet)."""
    row = []
    if table.active and table.seating_open:
        row.append((tx("btn_sit"), SitCB(pulka=table.id).pack()))
    if table.playable:
        row.append((tx("btn_new_deal"), NewDealCB(pulka=table.id).pack()))
    sheet = [sheet_button(tx, table)] if table.deals and table.state is not None else []
    return markup([row, sheet, *closing_rows(tx, table)])


def closing_rows(tx: Texts, table: Table) -> list[list[tuple[str, str]]]:
    """The closed board's buttons (``handlers/settle.py``): "Settle" once the pulka is
    over; once settled, "Same table again" and "Export"."""
    if table.can_settle:
        return [[(tx("btn_settle"), SettleCB(pulka=table.id).pack())]]
    if not table.active and table.settled and not table.cancelled:
        return [
            [
                (tx("btn_again"), AgainCB(pulka=table.id).pack()),
                (tx("btn_export"), ExportCB(pulka=table.id).pack()),
            ]
        ]
    return []


def export_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    return markup([[(tx("btn_export"), ExportCB(pulka=table.id).pack())]])
