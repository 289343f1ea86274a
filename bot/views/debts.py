"""The "Paid" / "Received" rows under a settled pulka: on its settlement's message, on
``/pulka N``, and redrawn after a press; the lines of an open debt across nights
(``/debts`` and the page's "Nights")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import islice

from aiogram.types import InlineKeyboardMarkup

from bot.model import Table, Written, debts
from bot.model.debts import Debt, Line
from bot.views.buttons import DebtCB, markup
from bot.views.format import money, name
from bot.views.texts import Texts

Rows = list[list[tuple[str, str]]]
#: The pulka numbers a debt lists at most, the oldest; more are told by "…", so that a
#: debt's line keeps its length however many nights it has stood over.
SHOWN_PULKAS = 10


def debt_rows(tx: Texts, table: Table) -> Rows:
    """A row per line of a settled pulka: open ones "💸 A → B 12.50: paid" (☑️ once
    marked paid) and "📥 B ← A: received" (from whom: B may receive from two); a closed
    one "✅ A → B 12.50"."""
    rows = []
    for ln in debts.lines(table):
        payer, payee = table.names[ln.payer], table.names[ln.payee]
        paid, got = (
            DebtCB(pulka=table.id, payer=ln.payer, payee=ln.payee, got=g).pack() for g in (0, 1)
        )
        if ln.closed:
            if ln.due > 0:
                label = tx("debts_btn_closed", payer=payer, payee=payee, amount=money(ln.due))
                rows.append([(label, got)])
            continue
        key = "debts_btn_pending" if ln.unpaid <= 0 else "debts_btn_paid"
        rows.append(
            [
                (tx(key, payer=payer, payee=payee, amount=money(ln.open)), paid),
                (tx("debts_btn_received", payee=payee, payer=payer), got),
            ]
        )
    return rows


def keyboard_shape(keyboard: InlineKeyboardMarkup | None) -> Rows:
    """What a keyboard shows and does: its rows of labels and payloads."""
    if keyboard is None:
        return []
    return [[(b.text, b.callback_data or "") for b in row] for row in keyboard.inline_keyboard]


def _is_debt_row(row: Sequence[tuple[str, str]]) -> bool:
    return any(data.startswith(DebtCB.__prefix__ + ":") for _, data in row)


def with_debts(
    tx: Texts, table: Table, keyboard: InlineKeyboardMarkup | None
) -> InlineKeyboardMarkup | None:
    """``keyboard`` with the pulka's debt rows (:func:`debt_rows`): in place of the ones
    it has, else first.  The other buttons stay as they are."""
    shapes = keyboard_shape(keyboard)
    at = next((i for i, r in enumerate(shapes) if _is_debt_row(r)), 0)
    # The other rows as they are: a link ("Open the sheet") is no callback button.
    kept = [
        list(row)
        for row, shape in zip(keyboard.inline_keyboard if keyboard else [], shapes, strict=True)
        if not _is_debt_row(shape)
    ]
    debt = markup(debt_rows(tx, table))
    rows = kept[:at] + (debt.inline_keyboard if debt else []) + kept[at:]
    return InlineKeyboardMarkup(inline_keyboard=rows) if rows else None


def pressed_text(tx: Texts, table: Table, line: Line, got: bool, *, again: bool) -> str:
    """The answer to a press (plain text): what it wrote, or that nothing was left."""
    params = {
        # Plain: Telegram shows a press's answer as it is.
        "payer": table.names[line.payer],
        "payee": table.names[line.payee],
        "currency": table.settled_rules.currency,
    }
    if again:
        if got or line.closed:
            return tx("debts_already_received", **params)
        return tx("debts_already_paid", amount=money(line.pending), **params)
    return tx(
        "debts_received_noted" if got else "debts_paid_noted",
        amount=money(line.open if got else line.unpaid),
        **params,
    )


def confirmed_text(tx: Texts, written: Written, payer: int, payee: int, got: bool) -> str:
    """The answer to "Paid" / "Received" on the line ``payer`` -> ``payee``, once
    :func:`bot.actions.payments.confirm` wrote it (or found nothing left to confirm)."""
    shown = written.table if written.duplicate else written.before or written.table
    line = debts.line_of(shown, payer, payee)
    if line is None:
        return tx("done")
    return pressed_text(tx, shown, line, got, again=written.duplicate)


def pulka_numbers(
    tx: Texts, numbers: Mapping[int, int], pulkas: Iterable[int], most: int | None = None
) -> str:
    """``№1, №3``: the pulkas as ``/pulka N`` numbers them; past ``most`` of them, the
    first ``most`` and ``…``."""
    known = (numbers[p] for p in pulkas if p in numbers)
    listed = list(known if most is None else islice(known, most + 1))
    words = [tx("debts_number", number=n) for n in listed[:most]]
    if most is not None and len(listed) > most:
        words.append("…")
    return ", ".join(words)


def debt_lines(tx: Texts, d: Debt, numbers: Mapping[int, int]) -> list[str]:
    """An open debt of ``/debts``: who owes whom what, from which pulkas; and what of it
    is marked paid and waits for "Received"."""
    lines = [
        tx(
            "debts_line",
            debtor=name(d.debtor.name),
            creditor=name(d.creditor.name),
            amount=money(d.amount),
            currency=name(d.currency),
            pulkas=pulka_numbers(tx, numbers, d.pulkas, SHOWN_PULKAS),
            count=len(d.pulkas),
        )
    ]
    if d.pending > 0:
        lines.append(tx("debts_pending", amount=money(d.pending), creditor=name(d.creditor.name)))
    return lines
