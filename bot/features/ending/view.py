"""Texts and buttons of a pulka's end: agreements, the end taken back, the settlement, the
archive (``/pulkas``, ``/pulka N``).  Words in ``locales/*/ending.ftl``.

A settled pulka is shown from its stored settlement (:mod:`bot.store.ending`), never
scored again; a correction written after settling is shown next to it, as an
amendment, with the results it gives.  Names stand in the nominative: in lists after a
colon or a dash.
"""

from __future__ import annotations

from collections.abc import Sequence

from aiogram.types import InlineKeyboardMarkup

from bot.model import Table
from bot.views.format import name
from bot.views.keyboards import closing_rows, markup
from bot.views.settlement import settlement_text, shown_settlement
from bot.views.texts import Texts
from scoring import settle_state
from scoring.ending import needed

#: Pulkas per page of ``/pulkas``.
PAGE = 10


def names_text(table: Table, seats: Sequence[int]) -> str:
    """The players of ``seats``, in seating order, comma separated (nominative)."""
    return ", ".join(name(table.names[s]) for s in seats if 0 <= s < len(table.names))


# --- agreement -------------------------------------------------------------------------


def agree_lines(tx: Texts, table: Table) -> list[str]:
    """Who has agreed to stop now, and how many it takes (nothing before the first)."""
    seats = table.agreed_seats
    if not seats:
        return [tx("agree_how", needed=needed(len(table.players)))]
    return [
        tx(
            "agree_progress",
            names=names_text(table, seats),
            count=len(seats),
            players=len(table.players),
            needed=needed(len(table.players)),
        )
    ]


def offer_text(tx: Texts, table: Table) -> str:
    """``/settle`` of a running pulka: the settlement if stopped now, and who agreed."""
    assert table.state is not None
    now = settlement_text(tx, table.rules, settle_state(table.state), final=False)
    return "\n\n".join([now, *agree_lines(tx, table)])


def agreed_text(tx: Texts, table: Table) -> str:
    """A pulka ended by agreement: the settlement, who agreed, how to settle or undo."""
    assert table.state is not None
    end = table.end_event
    payload = end.payload if end is not None else {}
    lines = [settlement_text(tx, table.rules, settle_state(table.state), final=False)]
    by = [int(s) for s in payload.get("by", [])]
    if payload.get("admin"):
        who = end.author_name if end is not None else None
        lines.append(tx("agree_admin", who=name(who or "?")))
    else:
        lines.append(tx("settle_agreed", who=names_text(table, by)))
    lines.append(tx("agree_next"))
    return "\n\n".join(lines)


def agree_note(tx: Texts, table: Table, *, again: bool) -> str:
    """The answer to a tap that did not end it yet (plain text)."""
    seats = table.agreed_seats
    return tx(
        "agree_already" if again else "agree_noted",
        count=len(seats),
        needed=needed(len(table.players)),
    )


def reopened_text(tx: Texts, who: str) -> str:
    return tx("reopen_done", who=name(who))


# --- the settlement, locked --------------------------------------------------------


def settled_text(tx: Texts, table: Table) -> str:
    """A settled pulka: its stored settlement, and that it is locked."""
    s = shown_settlement(table)
    head = "" if s is None else settlement_text(tx, table.settled_rules, s, final=True)
    return head + "\n\n" + tx("settle_archived") + "\n" + tx("settle_locked")


def settled_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    return markup(closing_rows(tx, table))


# --- the archive ---------------------------------------------------------------------


# --- corrections after settling ----------------------------------------------------


def correct_how_text(tx: Texts, number: int) -> str:
    """A plain ``/correct`` with no running pulka, the last one settled: how to correct it."""
    return tx("after_settle_how", number=number)
