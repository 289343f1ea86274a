"""The sheet as text and the protocol (``/history``), with its edit buttons."""

from __future__ import annotations

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.model import Table
from bot.views.board import score_text
from bot.views.buttons import EditCB
from bot.views.deal import history_lines
from bot.views.format import declarer_prefix, details, name, notation, split_lines
from bot.views.texts import Texts

#: The most messages one /history sends, and the deals it shows past that.
HISTORY_MESSAGES = 4
HISTORY_LINES = 120
#: The most "✏️ N" buttons under /history (the latest deals).
HISTORY_BUTTONS = 24


def history_chunks(tx: Texts, table: Table) -> list[str]:
    """The protocol of the deals, then the log's edits and deletions, in messages."""
    chunks = _deal_chunks(tx, table)
    amendments = history_lines(tx, table)
    if amendments:
        chunks = chunks[:-1] + split_lines([chunks[-1], "", *amendments])
    return chunks


def _deal_chunks(tx: Texts, table: Table) -> list[str]:
    """The deals by their numbers: those in force, and those undone or deleted as such."""
    gone = table.gone
    if not table.deals and not gone:
        return [tx("history_title") + "\n" + tx("history_empty")]
    names = table.names
    numbered = [
        (
            d.number,
            tx(
                "history_line",
                number=d.number,
                declarer=declarer_prefix(d.deal),
                notation=notation(tx, d.deal, names, table.rules),
                details=details(tx, d.deal, names, table.rules),
                author=name(table.author(d.event)),
            ),
        )
        for d in table.deals
    ]
    # A deal keeps its number for good: one undone or deleted is in its place, gone.
    undone = set(table.undone)
    numbered += [
        (n, tx("history_undone" if n in undone else "history_gone", number=n)) for n in gone
    ]
    lines = [line for _, line in sorted(numbered, key=lambda x: x[0])]
    chunks = split_lines([tx("history_title"), *lines])
    if len(chunks) <= HISTORY_MESSAGES:
        return chunks
    # A huge pulka: the latest deals, and where the rest is (one command must not
    # flood the chat past Telegram's 20 messages a minute).
    kept = split_lines(lines[-HISTORY_LINES:])[-(HISTORY_MESSAGES - 1) :]
    shown = sum(chunk.count("\n") + 1 for chunk in kept)
    head = tx("history_title") + "\n" + tx("history_cut", hidden=len(lines) - shown, shown=shown)
    return [head, *kept]


def sheet_problem_text(tx: Texts, problem: str, table: Table) -> str:
    """A picture that was not drawn or sent (``problem``, a catalog key), and the text score."""
    return tx(problem) + "\n\n" + score_text(tx, table)


def history_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    """Under /history: "✏️ N" for the latest deals (while the pulka runs), six a row."""
    if not table.active or not table.deals:
        return None
    kb = InlineKeyboardBuilder()
    for d in table.deals[-HISTORY_BUTTONS:]:
        kb.button(
            text=tx("btn_edit_number", number=d.number),
            callback_data=EditCB(pulka=table.id, event=d.event.id),
        )
    kb.adjust(6)
    return kb.as_markup()
