"""Debts between nights: the payments of settled pulkas, confirmed "paid" and "received".

The payments are the settlement's ``final`` ones (what is owed now); a confirmation is
a ``paid`` or ``received`` event ``{"payer": seat, "payee": seat, "amount": "12.50"}``
appended to the settled pulka's log, which the replay passes by: nothing here changes
a result.  A confirmation is of an amount, not of a line: a correction after settling
that makes a payment larger leaves the difference open; one that makes it smaller, or
turns it round, leaves the payee owing back what he received too much.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from bot.model import PulkaError, Table
from bot.model.nights import Night, Person, agreed_settlement
from bot.model.rows import EventKind, EventRow
from scoring import Settlement

PAID, RECEIVED = EventKind.PAID, EventKind.RECEIVED
ZERO = Decimal("0.00")


@dataclass(frozen=True, slots=True)
class Line:
    """One pair of players of a settled pulka, in the direction of what is open (else of
    the payment): ``payer`` owes ``payee`` ``open``."""

    payer: int
    payee: int
    #: What the settlement (with corrections) has the payer pay the payee, net of the
    #: other way round (negative when what is open is a payment back).
    due: Decimal
    #: Still to be received (0: closed).
    open: Decimal
    #: Marked paid by the payer and not received yet (at most ``open``).
    pending: Decimal

    @property
    def closed(self) -> bool:
        return self.open <= 0

    @property
    def unpaid(self) -> Decimal:
        """Open and not even marked paid."""
        return self.open - self.pending


@dataclass(frozen=True, slots=True)
class Confirmation:
    """A ``paid`` or ``received`` event, read back."""

    event: EventRow
    kind: EventKind
    payer: int
    payee: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Debt:
    """What ``debtor`` owes ``creditor`` across the chat's nights, in ``currency``."""

    debtor: Person
    creditor: Person
    currency: str
    amount: Decimal
    #: Marked paid and not received yet (at most ``amount``).
    pending: Decimal
    #: The pulka ids the open lines come from, oldest settlement first.
    pulkas: tuple[int, ...]


def final_settlement(table: Table) -> Settlement | None:
    """What is owed now for a settled pulka (as its night has it); None if not settled."""
    agreed = agreed_settlement(table)
    return None if agreed is None else table.amended_settlement() or agreed


def _amount(x: object) -> Decimal | None:
    try:
        d = Decimal(str(x))
    except (InvalidOperation, ValueError):
        return None
    return d if d.is_finite() and d > 0 else None


def confirmations(marks: Iterable[EventRow], seats: int) -> list[Confirmation]:
    """The ``paid`` and ``received`` events among ``marks`` (a pulka's of ``seats``
    players), oldest first."""
    found = []
    for e in marks:
        if e.kind not in (PAID, RECEIVED):
            continue
        payer, payee = e.payload.get("payer"), e.payload.get("payee")
        amount = _amount(e.payload.get("amount"))
        if not isinstance(payer, int) or not isinstance(payee, int) or amount is None:
            continue
        if payer == payee or not (0 <= payer < seats and 0 <= payee < seats):
            continue
        found.append(Confirmation(e, EventKind(e.kind), payer, payee, amount))
    return found


def lines(table: Table) -> list[Line]:
    """The pulka's lines (:class:`Line`), in the order of the settlement's payments,
    then of the pairs only confirmations name.  None but for a settled pulka."""
    final = final_settlement(table)
    if final is None:
        return []
    return lines_of(final, confirmations(table.marks, len(table.players)))


def night_lines(night: Night) -> list[Line]:
    """:func:`lines` of a night."""
    return lines_of(night.final, confirmations(night.sheet.marks, len(night.players)))


def lines_of(final: Settlement, confirmed: Iterable[Confirmation]) -> list[Line]:
    """The lines of the settlement ``final`` with the confirmations ``confirmed``."""
    seat = {n: i for i, n in enumerate(final.players)}
    owe: dict[tuple[int, int], Decimal] = defaultdict(Decimal)
    got: dict[tuple[int, int], Decimal] = defaultdict(Decimal)
    paid: dict[tuple[int, int], Decimal] = defaultdict(Decimal)
    named: list[tuple[int, int]] = []  # (payer, payee) as they come
    for p in final.payments:
        a, b = seat.get(p.payer), seat.get(p.payee)
        if a is not None and b is not None and a != b:
            owe[(a, b)] += p.amount
            named.append((a, b))
    for c in confirmed:
        (paid if c.kind == PAID else got)[(c.payer, c.payee)] += c.amount
        named.append((c.payer, c.payee))
    found = []
    for a, b in dict.fromkeys((min(pair), max(pair)) for pair in named):
        due = owe[(a, b)] - owe[(b, a)]  # a owes b
        left = due - got[(a, b)] + got[(b, a)]
        if left < 0 or (left == 0 and due < 0):
            a, b, due, left = b, a, -due, -left
        pending = max(ZERO, paid[(a, b)] - got[(a, b)])
        found.append(Line(a, b, due, left, min(pending, max(left, ZERO))))
    return found


def line_of(table: Table, payer: int, payee: int) -> Line | None:
    return next((ln for ln in lines(table) if (ln.payer, ln.payee) == (payer, payee)), None)


def refusal(
    kind: EventKind,
    line: Line,
    seated: Sequence[Person],
    user_id: int | None,
    *,
    admin: bool,
) -> str | None:
    """Why ``user_id`` may not confirm ``kind`` on ``line`` (a message key), or None.

    "Paid" is the payer's, "Received" the payee's.  For a player without Telegram (a
    guest nobody claimed) the other party confirms, or an administrator of the chat;
    when both are guests, any player of the pulka with Telegram or an administrator.
    """
    mine, other = (line.payer, line.payee) if kind == PAID else (line.payee, line.payer)
    owner, counter = seated[mine].user_id, seated[other].user_id
    if user_id is not None and user_id == owner:
        return None
    if owner is None:
        if admin or (user_id is not None and user_id == counter):
            return None
        if counter is None and user_id is not None and any(p.user_id == user_id for p in seated):
            return None
        return "debts_guest_paid" if kind == PAID else "debts_guest_received"
    return "debts_not_payer" if kind == PAID else "debts_not_payee"


def to_confirm(
    table: Table,
    seated: Sequence[Person],
    kind: EventKind,
    payer: int,
    payee: int,
    user_id: int | None,
    *,
    admin: bool,
) -> tuple[Line, Decimal]:
    """The line pressed and the amount a press confirms now (0: a repeat, nothing left);
    ``stale`` if the pulka has no such line, :func:`refusal`'s key if not the presser's."""
    line = line_of(table, payer, payee)
    if line is None:
        raise PulkaError("stale")
    why = refusal(kind, line, seated, user_id, admin=admin)
    if why is not None:
        raise PulkaError(why, payer=table.names[payer], payee=table.names[payee])
    amount = line.unpaid if kind == PAID else line.open
    return line, max(amount, ZERO)


def last_confirmation(table: Table, kind: EventKind, payer: int, payee: int) -> EventRow | None:
    """The latest ``kind`` confirmation of the line (what a repeated press did)."""
    found = [
        c.event
        for c in confirmations(table.marks, len(table.players))
        if c.kind == kind and (c.payer, c.payee) == (payer, payee)
    ]
    return found[-1] if found else None


def open_debts(nights: Iterable[Night]) -> list[Debt]:
    """What is still open across the chat's nights, netted per pair of people and
    currency: the one who owes first, pairs in the order their first line came."""
    net: dict[tuple[str, str, str], Decimal] = defaultdict(Decimal)  # (cur, low, high): low owes
    pend: dict[tuple[str, str, str, str], Decimal] = defaultdict(Decimal)  # (.., debtor)
    where: dict[tuple[str, str, str], dict[int, None]] = defaultdict(dict)  # ordered pulka ids
    who: dict[str, Person] = {}
    for night in nights:
        currency = night.currency
        for ln in night_lines(night):
            if ln.closed:
                continue
            a, b = night.people[ln.payer], night.people[ln.payee]
            if a.key == b.key:
                continue
            who[a.key], who[b.key] = a, b
            low, high = sorted((a.key, b.key))
            key = (currency, low, high)
            net[key] += ln.open if a.key == low else -ln.open
            pend[(*key, a.key)] += ln.pending
            where[key][night.pulka_id] = None
    found = []
    for key, amount in net.items():
        if amount == 0:
            continue
        currency, low, high = key
        debtor, creditor = (low, high) if amount > 0 else (high, low)
        owed, pending = abs(amount), pend[(*key, debtor)]
        found.append(
            Debt(who[debtor], who[creditor], currency, owed, min(pending, owed), tuple(where[key]))
        )
    return found


def night_confirmations(nights: Iterable[Night]) -> list[tuple[Night, Confirmation]]:
    """Every confirmation of the chat's nights, oldest first."""
    found = [(n, c) for n in nights for c in confirmations(n.sheet.marks, len(n.players))]
    found.sort(key=lambda nc: (nc[1].event.created_at, nc[1].event.id))
    return found
