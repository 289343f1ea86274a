"""Texts and buttons of a pulka's end: agreements, the end taken back, the settlement, the
archive (``/pulkas``, ``/pulka N``).  Words in ``locales/*/ending.ftl``.

A settled pulka is shown from its stored settlement (:mod:`bot.store.ending`), never
scored again; a correction written after settling is shown next to it, as an
amendment, with the results it gives.  Names stand in the nominative: in lists after a
colon or a dash.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from aiogram.types import InlineKeyboardMarkup

from bot.model import Listed, Table
from bot.views.callbacks import ArchivePageCB, ExportCB
from bot.views.chat import headline, settlement_text
from bot.views.format import money, name, signed
from bot.views.keyboards import closing_rows, markup
from bot.views.texts import Texts
from scoring import Correction, Settlement, settle_state
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


def shown_settlement(table: Table) -> Settlement | None:
    """What the archive shows: the stored settlement, or (not settled) the sheet's now."""
    stored = table.stored_settlement
    if stored is not None:
        return stored
    return None if table.state is None else settle_state(table.state)


def settled_text(tx: Texts, table: Table) -> str:
    """A settled pulka: its stored settlement, and that it is locked."""
    s = shown_settlement(table)
    head = "" if s is None else settlement_text(tx, table.settled_rules, s, final=True)
    return head + "\n\n" + tx("settle_archived") + "\n" + tx("settle_locked")


def settled_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    return markup(closing_rows(tx, table))


def export_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    return markup([[(tx("btn_export"), ExportCB(pulka=table.id).pack())]])


# --- the archive ---------------------------------------------------------------------


def date_text(tx: Texts, at: str | None) -> str:
    """``01.12.2026`` (Russian, Ukrainian), ``2026-12-01`` (English); UTC."""
    day = (at or "")[:10]
    if len(day) != 10:
        return "—"
    return tx("archive_date", year=day[:4], month=day[5:7], day=day[8:10])


def results_text(tx: Texts, table: Table, s: Settlement | None) -> str:
    """``Anna +36.67 (18.33 RUB), Boris …``: whists, and money when there is a stake."""
    if s is None:
        return tx("archive_no_results")
    rules = table.settled_rules
    cur = name(rules.currency)
    parts = []
    for who, result, m in zip(s.players, s.results, s.money, strict=True):
        if rules.stake:
            parts.append(
                tx(
                    "archive_result_money",
                    name=name(who),
                    result=signed(result),
                    money=money(m),
                    currency=cur,
                )
            )
        else:
            parts.append(tx("archive_result", name=name(who), result=signed(result)))
    return ", ".join(parts)


def archive_line(tx: Texts, listed: Listed, table: Table) -> str:
    s = shown_settlement(table)
    line = tx(
        "archive_line",
        number=listed.number,
        date=date_text(tx, listed.archived_at or listed.created_at),
        results=results_text(tx, table, s),
    ) + ("" if table.settled else " " + tx("archive_unsettled"))
    amended = amended_line(tx, table)
    return line if amended is None else line + "\n" + amended


def amended_line(tx: Texts, table: Table) -> str | None:
    """Under a settled pulka (its board, the archive): the corrections written after
    settling and the results with them; None without any."""
    amended = table.amended_settlement()
    if amended is None:
        return None
    count = len(table.corrections_after_settling)
    return tx("archive_line_amended", count=count, results=results_text(tx, table, amended))


def archive_text(
    tx: Texts,
    page: Sequence[tuple[Listed, Table]],
    total: int,
    notes: Mapping[int, str] | None = None,
) -> str:
    """The page of ``/pulkas``; ``notes``: a line under a pulka, by its id (the rating's)."""
    if not total:
        return tx("archive_empty")
    lines = [tx("archive_title", count=total)]
    for listed, table in page:
        note = (notes or {}).get(table.id)
        lines.append(archive_line(tx, listed, table) + ("" if note is None else "\n" + note))
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
            players=names_text(table, range(len(table.players))),
        )
    ]
    s = shown_settlement(table)
    if s is not None:
        lines.append(settlement_text(tx, table.settled_rules, s, final=True))
    lines.append(tx("settle_locked_short") if table.settled else tx("archive_unsettled"))
    lines.extend(amendment_blocks(tx, table))
    return "\n\n".join(lines)


# --- corrections after settling ----------------------------------------------------


def amendment_blocks(tx: Texts, table: Table, until: int | None = None) -> list[str]:
    """The corrections after settling (up to event ``until``): who, when, what; then the
    results with them (the agreed settlement above is left as it was)."""
    fixes = [(e, d) for e, d in table.corrections_after_settling if until is None or e.id <= until]
    amended = table.amended_settlement(until)
    if not fixes or amended is None:
        return []
    lines = [tx("after_settle_title")]
    for event, deal in fixes:
        lines.append(
            tx(
                "after_settle_line",
                date=date_text(tx, event.created_at),
                time=event.created_at[11:16] + " UTC",
                who=name(event.author_name or "?"),
                what=correction_words(tx, deal),
            )
        )
    rules = table.settled_rules
    cur = name(rules.currency)
    results = [tx("after_settle_results")]
    for who, result, m in zip(amended.players, amended.results, amended.money, strict=True):
        results.append(
            tx("settle_line", name=name(who), result=signed(result), money=money(m), currency=cur)
        )
    if amended.payments:
        results.append(tx("payments_title"))
        results.extend(
            tx(
                "payment_line",
                payer=name(p.payer),
                payee=name(p.payee),
                amount=money(p.amount),
                currency=cur,
            )
            for p in amended.payments
        )
    else:
        results.append(tx("payments_none"))
    return ["\n".join(lines), "\n".join(results)]


def correction_words(tx: Texts, deal: Correction) -> str:
    """``Anna: гора -2; Anna → Boris: висты +10 (ошиблись в подсчёте)``."""
    who = name(deal.player)
    parts = []
    if deal.pulka:
        parts.append(tx("write_pulka", name=who, amount=signed(deal.pulka)))
    if deal.mountain:
        parts.append(tx("write_mountain", name=who, amount=signed(deal.mountain)))
    for on, amount in deal.whists:
        parts.append(tx("write_whists", name=who, on=name(on), amount=signed(amount)))
    text = "; ".join(parts) or who
    return text + (f" ({name(deal.note)})" if deal.note else "")


def corrected_text(tx: Texts, table: Table, event_id: int, number: int | None) -> str:
    """The answer to a correction after settling (the same when delivered again)."""
    head = (
        tx("after_settle_written")
        if number is None
        else tx("after_settle_written_number", number=number)
    )
    return "\n\n".join([head, *amendment_blocks(tx, table, event_id)])


def correct_how_text(tx: Texts, number: int) -> str:
    """A plain ``/correct`` with no running pulka, the last one settled: how to correct it."""
    return tx("after_settle_how", number=number)
