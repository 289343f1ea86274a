"""Texts and buttons of a pulka's end: the offer to stop, the settlement locked, an import.

Names stand in the nominative: in lists after a colon or a dash.
"""

from __future__ import annotations

from collections.abc import Sequence

from aiogram.types import InlineKeyboardMarkup

from bot.actions.ending import Agreement
from bot.model import Table, shown_settlement
from bot.views.board import score_text
from bot.views.buttons import AloneCB, closing_rows, markup
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


def tally_text(tx: Texts, a: Agreement) -> str:
    """How many agreed of how many must (:func:`scoring.ending.needed`): the one count the
    offer and the answer to a tap both show."""
    return tx("agree_tally", count=len(a.agreed), needed=a.needed)


def offer_text(tx: Texts, table: Table, a: Agreement) -> str:
    """``/settle`` of a running pulka: the settlement if stopped now, and who agreed."""
    if a.agreed:
        agreed = tx("agree_progress", names=names_text(table, a.agreed), tally=tally_text(tx, a))
    else:
        agreed = tx("agree_how", needed=a.needed)
    return settlement_text(tx, table.rules, a.settlement, final=False) + "\n\n" + agreed


def offer_closed_text(tx: Texts, table: Table) -> str:
    """The offer of a pulka an administrator ended alone: no count of votes any more."""
    end = table.end_event
    return tx("agree_offer_closed", who=name(table.author(end) if end else "?"))


def agree_note(tx: Texts, a: Agreement, *, again: bool) -> str:
    """The answer to a tap that did not end it yet (plain text)."""
    return tx("agree_already" if again else "agree_noted", tally=tally_text(tx, a))


def alone_text(tx: Texts, table: Table) -> str:
    """An administrator of the chat who does not play tapped "End by agreement": he may
    end the pulka alone, for everyone, once he confirms."""
    return tx("agree_alone_ask", names=names_text(table, range(len(table.names))))


def alone_keyboard(tx: Texts, table: Table, offer: int) -> InlineKeyboardMarkup | None:
    """The confirmation of ending alone: "End for everyone" / "Do not end"."""
    stop = table.stop_point
    return markup(
        [
            [
                (
                    tx("agree_alone_yes"),
                    AloneCB(pulka=table.id, last=stop, offer=offer, yes=1).pack(),
                ),
                (
                    tx("agree_alone_no"),
                    AloneCB(pulka=table.id, last=stop, offer=offer, yes=0).pack(),
                ),
            ]
        ]
    )


def agreed_text(tx: Texts, table: Table, settlement: Settlement) -> str:
    """A pulka ended by agreement: the settlement, who agreed, how to settle or undo."""
    end = table.end_event
    if end is not None and end.payload.get("admin"):
        who = tx("agree_admin", who=name(table.author(end)))
    else:
        by = [int(s) for s in (end.payload.get("by", []) if end is not None else [])]
        who = tx("settle_agreed", who=names_text(table, by))
    ended = settlement_text(tx, table.rules, settlement, final=False, ended=True)
    return "\n\n".join([ended, who, tx("agree_next")])


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


def again_text(tx: Texts, table: Table) -> str:
    """ "Same table again" did this: a new pulka, these players (the board shows the rest)."""
    return tx("again_started", players=", ".join(name(n) for n in table.names))


def imported_text(tx: Texts, table: Table) -> str:
    """An imported pulka: how many deals, and its sheet."""
    return tx("imported", count=len(table.deals)) + "\n\n" + score_text(tx, table)
