"""Texts and buttons of a pulka's end: the offer to stop, the settlement locked, an import.

Names stand in the nominative: in lists after a colon or a dash.
"""

from __future__ import annotations

from collections.abc import Sequence

from aiogram.types import InlineKeyboardMarkup

from bot.actions.ending import Agreement
from bot.model import Table, shown_settlement
from bot.views.board import score_text
from bot.views.buttons import closing_rows, markup
from bot.views.debts import with_debts
from bot.views.errors import error_text
from bot.views.format import name
from bot.views.settlement import settlement_text
from bot.views.texts import Texts
from scoring import Settlement
from scoring.errors import ScoringError
from scoring.jsonread import SYNTAX_CODES


def names_text(table: Table, seats: Sequence[int]) -> str:
    """The players of ``seats``, in seating order, comma separated (nominative)."""
    return ", ".join(name(table.names[s]) for s in seats if 0 <= s < len(table.names))


def agreement_count(a: Agreement) -> dict[str, int]:
    """How many agreed, of how many, and how many must."""
    return {"count": len(a.agreed), "players": a.players, "needed": a.needed}


def offer_text(tx: Texts, table: Table, a: Agreement) -> str:
    """``/settle`` of a running pulka: the settlement if stopped now, and who agreed."""
    if a.agreed:
        agreed = tx("agree_progress", names=names_text(table, a.agreed), **agreement_count(a))
    else:
        agreed = tx("agree_how", **agreement_count(a))
    return settlement_text(tx, table.rules, a.settlement, final=False) + "\n\n" + agreed


def agree_note(tx: Texts, a: Agreement, *, again: bool) -> str:
    """The answer to a tap that did not end it yet (plain text)."""
    return tx("agree_already" if again else "agree_noted", **agreement_count(a))


def agreed_text(tx: Texts, table: Table, settlement: Settlement) -> str:
    """A pulka ended by agreement: the settlement, who agreed, how to settle or undo."""
    end = table.end_event
    if end is not None and end.payload.get("admin"):
        who = tx("agree_admin", who=name(end.author_name or "?"))
    else:
        by = [int(s) for s in (end.payload.get("by", []) if end is not None else [])]
        who = tx("settle_agreed", who=names_text(table, by))
    now = settlement_text(tx, table.rules, settlement, final=False)
    return "\n\n".join([now, who, tx("agree_next")])


def settled_text(tx: Texts, table: Table) -> str:
    """A settled pulka: its stored settlement, and that it is locked."""
    s = shown_settlement(table)
    head = "" if s is None else settlement_text(tx, table.settled_rules, s, final=True)
    return head + "\n\n" + tx("settle_archived") + "\n" + tx("settle_locked")


def settled_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    """Under a settlement: "Paid" / "Received", "Same table again" and "Export"."""
    return with_debts(tx, table, markup(closing_rows(tx, table)))


def import_error_text(tx: Texts, err: ScoringError) -> str:
    """A record ``/import`` refused: not JSON at all, or JSON that is not a record."""
    key = "import_bad_json" if err.code in SYNTAX_CODES else "import_invalid"
    return tx(key, reason=error_text(tx, err, path=True))


def imported_text(tx: Texts, table: Table) -> str:
    """An imported pulka: how many deals, and its sheet."""
    return tx("imported", count=len(table.deals)) + "\n\n" + score_text(tx, table)
