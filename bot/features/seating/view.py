"""Texts and buttons of the start and the seating: the greeting when the bot is added,
the seating message of ``/seats`` (swap two seats, who deals first), a guest seat
claimed, and the default currency of a chat's language.

Seats are clockwise and the first seat deals first (:mod:`scoring.seating`), so
"who deals first" turns the table round: everyone keeps his neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence

from aiogram.types import InlineKeyboardMarkup

from bot.model import Table
from bot.model.rows import PlayerRow
from bot.views.board import players_text
from bot.views.callbacks import ClaimCB, DealerCB, SwapCB
from bot.views.deal import dealer_line
from bot.views.format import name
from bot.views.keyboards import markup
from bot.views.texts import Texts

#: The currency a new pulka is written in by default, by the chat's language
#: (a label only: the engine counts whists, money is whists times the stake).
CURRENCY_OF_LANG = {"ru": "RUB", "uk": "UAH", "en": "EUR"}


def default_currency(lang: str) -> str:
    """The default currency of a chat speaking ``lang``: ``RUB``, ``UAH``, ``EUR``."""
    return CURRENCY_OF_LANG.get(lang, CURRENCY_OF_LANG["ru"])


def seat_rows(
    tx: Texts,
    names: Sequence[str],
    swap: Sequence[str],
    dealer: Sequence[str],
) -> list[list[tuple[str, str]]]:
    """The seating buttons: "1 ⇄ 2" for each pair of neighbours and "Deals: …" for
    each seat but the first; ``swap[i]`` and ``dealer[i]`` are seat ``i``'s payloads."""
    if len(names) < 2:
        return []
    swaps: list[tuple[str, str]] = [(f"{i + 1} ⇄ {i + 2}", swap[i]) for i in range(len(names) - 1)]
    dealers: list[tuple[str, str]] = [
        (tx("btn_dealer", name=names[i]), dealer[i]) for i in range(1, len(names))
    ]
    return [swaps, dealers]


def seating_lines(tx: Texts, names: Sequence[str]) -> list[str]:
    """Who sits where, numbered clockwise, and who deals first."""
    lines = [tx("seats_title")]
    lines += [f"{i + 1}. {name(n)}" for i, n in enumerate(names)]
    if names:
        lines.append(tx("seats_first", name=name(names[0])))
    return lines


def seats_view(tx: Texts, table: Table) -> tuple[str, InlineKeyboardMarkup | None]:
    """The message of ``/seats``: the seating, and its buttons while no deal is written."""
    names = table.names
    lines = seating_lines(tx, names)
    if table.deals or not table.active:
        return "\n".join([*lines, "", tx("seats_after_deal")]), None
    last = table.last_event_id
    rows = seat_rows(
        tx,
        names,
        [SwapCB(pulka=table.id, last=last, seat=i).pack() for i in range(len(names))],
        [DealerCB(pulka=table.id, last=last, seat=i).pack() for i in range(len(names))],
    )
    help_line = tx("seats_help") if rows else tx("seats_need_two")
    return "\n".join([*lines, "", help_line]), markup(rows)


def claim_view(
    tx: Texts, table: Table, seat: int, user_id: int, user: str
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The question whether Telegram user ``user`` is the guest at ``seat``."""
    guest = table.players[seat].name
    text = tx("claim_ask", user=name(user), name=name(guest))
    keyboard = markup(
        [
            [
                (
                    tx("claim_yes", name=guest),
                    ClaimCB(pulka=table.id, seat=seat, user=user_id, yes=1).pack(),
                ),
                (tx("claim_no"), ClaimCB(pulka=table.id, seat=seat, user=user_id, yes=0).pack()),
            ]
        ]
    )
    return text, keyboard


def claim_done_text(tx: Texts, guest: str, user: str) -> str:
    return tx("claim_done", name=name(guest), user=name(user))


def claim_refused_text(tx: Texts, guest: str) -> str:
    return tx("claim_refused", name=name(guest))


def left_text(tx: Texts, who: str) -> str:
    return tx("leave_done", name=name(who))


def joined_text(tx: Texts, table: Table, seated: PlayerRow) -> str:
    """``/join``: who sat where, the table now, and who deals first once it is seated."""
    lines = [tx("joined", name=name(seated.name), seat=seated.seat + 1), players_text(tx, table)]
    if table.state is not None and not table.deals:
        lines.append(dealer_line(tx, "join_ready", table.names, table.state))
    return "\n\n".join(lines)


def seated_note(tx: Texts, seated: PlayerRow) -> str:
    """ "Sit down" pressed: the seat taken (a press's answer: plain text)."""
    return tx("note_seated", name=seated.name, seat=seated.seat + 1)
