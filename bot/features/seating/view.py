"""Texts and buttons of the seating: ``/seats``, a guest seat claimed, ``/join``."""

from __future__ import annotations

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.model import Table
from bot.model.rows import PlayerRow
from bot.views.board import players_text
from bot.views.buttons import ClaimCB, DealerCB, SwapCB
from bot.views.deal import dealer_line
from bot.views.format import name
from bot.views.seats import seat_buttons
from bot.views.texts import Texts


def seats_view(tx: Texts, table: Table) -> tuple[str, InlineKeyboardMarkup | None]:
    """The message of ``/seats``: who sits where, and the buttons while no deal is written."""
    names = table.names
    lines = [tx("seats_title"), *(f"{i + 1}. {name(n)}" for i, n in enumerate(names))]
    if names:
        lines.append(tx("seats_first", name=name(names[0])))
    if table.deals or not table.active:
        return "\n".join([*lines, "", tx("seats_after_deal")]), None
    if len(names) < 2:
        return "\n".join([*lines, "", tx("seats_need_two")]), None
    last = table.last_event_id
    kb = seat_buttons(
        tx,
        names,
        lambda i: SwapCB(pulka=table.id, last=last, seat=i),
        lambda i: DealerCB(pulka=table.id, last=last, seat=i),
    )
    return "\n".join([*lines, "", tx("seats_help")]), kb.as_markup()


def claim_view(
    tx: Texts, table: Table, seat: int, user_id: int, user: str
) -> tuple[str, InlineKeyboardMarkup]:
    """The question whether Telegram user ``user`` is the guest at ``seat``."""
    guest = table.players[seat].name
    kb = InlineKeyboardBuilder()
    for yes, label in ((1, tx("claim_yes", name=guest)), (0, tx("claim_no"))):
        kb.button(
            text=label, callback_data=ClaimCB(pulka=table.id, seat=seat, user=user_id, yes=yes)
        )
    return tx("claim_ask", user=name(user), name=name(guest)), kb.as_markup()


def joined_text(tx: Texts, table: Table, seated: PlayerRow) -> str:
    """``/join``: who sat where, the table now, and who deals first once it is seated."""
    joined = tx("joined", name=name(seated.name), seat=seated.seat + 1)
    return "\n\n".join([joined, seating_text(tx, table)])


def seating_text(tx: Texts, table: Table) -> str:
    """``/players``: the table now, and (seated, before the first deal) who deals first,
    and at four and five who sits it out."""
    lines = [players_text(tx, table)]
    if table.state is not None and not table.deals:
        lines.append(dealer_line(tx, "join_ready", table.names, table.state))
    return "\n\n".join(lines)


def nicks_text(tx: Texts, table: Table, *, seated: bool) -> str:
    """``/nick``: the nicknames at the table, and how to give oneself one (``seated``:
    the asker is at the table)."""
    nicked = [p for p in table.players if p.nick]
    lines = [tx("nick_title")] if nicked else [tx("nick_none_here")]
    lines += [tx("nick_line", nick=name(p.nick or ""), name=name(p.name)) for p in nicked]
    lines += ["", tx("nick_how" if seated else "nick_not_seated")]
    return "\n".join(lines)
