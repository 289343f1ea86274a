"""The archive of a place: ``/pulkas`` and ``/pulka N``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from aiogram.types import InlineKeyboardMarkup

from bot.model import Table, shown_settlement
from bot.model.rows import Listed
from bot.views.board import headline
from bot.views.buttons import ArchivePageCB, markup
from bot.views.format import date_text, name
from bot.views.settlement import (
    amended_line,
    amendment_blocks,
    results_text,
    settlement_text,
)
from bot.views.texts import Texts

#: Pulkas per page of ``/pulkas``.
PAGE = 10


def archive_text(
    tx: Texts, page: Sequence[tuple[Listed, Table]], total: int, notes: Mapping[int, str]
) -> str:
    """The page of ``/pulkas``: a line per pulka, its results and the corrections after
    settling; ``notes``: a line under a pulka, by its id (the rating's)."""
    if not total:
        return tx("archive_empty")
    lines = [tx("archive_title", count=total)]
    for listed, table in page:
        line = tx(
            "archive_line",
            number=listed.number,
            date=date_text(tx, listed.archived_at or listed.created_at),
            results=results_text(tx, table, shown_settlement(table)),
        )
        lines.append(line if table.settled else line + " " + tx("archive_unsettled"))
        lines.extend(x for x in (amended_line(tx, table), notes.get(table.id)) if x is not None)
    lines.append(tx("archive_how"))
    return "\n".join(lines)


def archive_keyboard(tx: Texts, page: int, pages: int) -> InlineKeyboardMarkup | None:
    """ "« Newer" / "Older »" between the pages (page 0 the newest)."""
    row = []
    if page > 0:
        row.append((tx("archive_newer"), ArchivePageCB(page=page - 1).pack()))
    if page + 1 < pages:
        row.append((tx("archive_older"), ArchivePageCB(page=page + 1).pack()))
    return markup([row])


def archived_pulka_text(tx: Texts, listed: Listed, table: Table) -> str:
    """``/pulka N``: when, the rules in brief, the stored settlement."""
    lines = [
        tx(
            "archive_head",
            number=listed.number,
            date=date_text(tx, listed.archived_at or listed.created_at),
            headline=headline(tx, table.settled_rules),
            players=", ".join(name(n) for n in table.names),
        )
    ]
    s = shown_settlement(table)
    if s is not None:
        # Headed as what it is: settled, or ended and waiting for its settlement.
        lines.append(
            settlement_text(
                tx, table.settled_rules, s, final=table.settled, ended=not table.settled
            )
        )
    lines.append(tx("settle_locked_short") if table.settled else tx("archive_unsettled"))
    lines.extend(amendment_blocks(tx, table))
    return "\n\n".join(lines)
