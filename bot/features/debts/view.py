"""Texts of the debts between nights: the answers to a "Paid" / "Received" press and
``/debts``.  Names stand in the nominative."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.model import debts
from bot.model.debts import Confirmation, Debt
from bot.model.nights import Night, Person
from bot.views.debts import debt_lines, pulka_numbers
from bot.views.format import date_text, money, name
from bot.views.texts import Texts

#: The latest confirmations ``/debts`` lists.
SHOWN_CONFIRMATIONS = 10
#: A message holds 4096 characters (UTF-16 code units): debts past that are counted.
LIMIT = 4096


def debts_text(
    tx: Texts,
    open_debts: Sequence[Debt],
    nights: Sequence[Night],
    numbers: Mapping[int, int],
    *,
    who: Person | None = None,
) -> str:
    """``/debts``: what is open, netted per pair and currency, what is marked paid, and
    the latest confirmations.  ``numbers``: each pulka's number as ``/pulka N`` shows
    it; ``who``: only the debts of that player."""
    lines = [tx("debts_title")] if who is None else [tx("debts_title_of", name=name(who.name))]
    if not nights and not open_debts:
        return tx("debts_no_nights")
    if not open_debts:
        lines.append(tx("debts_none"))
    confirmed = [
        (n, c)
        for n, c in debts.night_confirmations(nights)
        if who is None or who.key in (n.people[c.payer].key, n.people[c.payee].key)
    ][-SHOWN_CONFIRMATIONS:]
    tail = [""]
    if confirmed:
        tail.append(tx("debts_confirmed_title"))
        tail.extend(_confirmation_line(tx, n, c, numbers) for n, c in confirmed)
        tail.append("")
    tail.append(tx("debts_how"))
    # A chat of many players has many pairs: what does not fit is counted, not cut.
    room = LIMIT - _length(lines) - _length(tail) - 200
    left = 0
    for d in open_debts:
        block = debt_lines(tx, d, numbers)
        if left or _length(block) > room:
            left += 1
            continue
        lines.extend(block)
        room -= _length(block)
    if left:
        lines.append(tx("debts_more", count=left))
    return "\n".join(lines + tail)


def _length(lines: Sequence[str]) -> int:
    """The characters ``lines`` take in a message, newlines included (UTF-16 code units,
    as Telegram counts; the HTML tags counted too, which only errs on the safe side)."""
    return sum(len(line.encode("utf-16-le")) // 2 + 1 for line in lines)


def _confirmation_line(tx: Texts, night: Night, c: Confirmation, numbers: Mapping[int, int]) -> str:
    names = night.names
    return tx(
        "debts_confirmed_received" if c.kind == debts.RECEIVED else "debts_confirmed_paid",
        number=pulka_numbers(tx, numbers, [night.pulka_id]) or "—",
        date=date_text(tx, c.event.created_at),
        payer=name(names[c.payer]),
        payee=name(names[c.payee]),
        amount=money(c.amount),
        currency=name(night.currency),
        who=name(night.called(c.event.author_id, c.event.author_name)),
    )
