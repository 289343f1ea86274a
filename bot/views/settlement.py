"""A settlement in words: results in whists and money, who pays whom, and a settled
pulka as agreed, with the corrections written after it."""

from __future__ import annotations

from html import escape

from bot.model import Table
from bot.views.format import date_text, money, name, result, signed
from bot.views.texts import Texts
from scoring.deals import Correction
from scoring.numbers import money_text, stake_text
from scoring.rules import Rules
from scoring.settle import Settlement, results_off, roundings, settle_state, share


def settlement_text(
    tx: Texts, rules: Rules, s: Settlement, *, final: bool, ended: bool = False
) -> str:
    """Results in whists and money (adding up to zero) and who pays whom; headed as
    settled (``final``), as ended and not settled yet (``ended``), or as if stopped now."""
    head = "settle_final" if final else "settle_ended" if ended else "settle_now"
    lines = [tx(head, stake=stake_text(rules.stake), currency=escape(rules.currency))]
    lines.extend(money_lines(tx, rules, s))
    if s.notice is not None:
        lines.append(tx(f"notice-{s.notice}"))
    return "\n".join(lines)


def money_lines(tx: Texts, rules: Rules, s: Settlement) -> list[str]:
    """Each result and its money (the result times the stake), who pays whom, and the
    one line naming whoever pays or gets otherwise so that the payments add up to zero."""
    cur = name(rules.currency)
    lines = [
        tx(
            "settle_line",
            name=name(who),
            result=result(r),
            # "1 whist", "1⅓ whists": the plural is the figure's, not a rounded count's.
            unit="one" if abs(r) == 1 else "other",
            # Signed as the result beside it: "+47⅓ вист. = +47.33 RUB".
            money=money_text(share(r, rules.stake), signed=True),
            currency=cur,
        )
        for who, r in zip(s.players, s.results, strict=True)
    ]
    if s.payments:
        lines.append(tx("payments_title"))
        lines.extend(
            tx(
                "payment_line",
                payer=name(p.payer),
                payee=name(p.payee),
                amount=money(p.amount),
                currency=cur,
            )
            for p in s.payments
        )
    else:
        lines.append(tx("payments_none"))
    rounding = rounding_line(tx, rules, s)
    if rounding is not None:
        lines.append(rounding)
    return lines


def rounding_line(tx: Texts, rules: Rules, s: Settlement) -> str | None:
    """The one line naming whoever pays or gets a cent otherwise than his result times
    the stake, so that the payments add up to zero (None: nobody does)."""
    cur = name(rules.currency)
    moved = roundings(s, rules.stake)
    if moved:
        moves = ", ".join(
            tx(
                "settle_rounding_move",
                name=name(m.player),
                money=money_text(m.money, signed=True),
                share=money_text(m.share, signed=True),
                currency=cur,
            )
            for m in moved
        )
        off = results_off(s)
        if off:
            return tx("settle_centred", off=signed(off), moves=moves)
        return tx("settle_rounding", moves=moves)
    return None


def final_text(tx: Texts, table: Table) -> str:
    """The settlement of an ended pulka."""
    assert table.state is not None
    return settlement_text(tx, table.rules, settle_state(table.state), final=True)


def archived_text(tx: Texts, table: Table) -> str:
    """The settlement of an ended pulka, and that it is archived (``/settle``)."""
    return final_text(tx, table) + "\n\n" + tx("settle_archived")


def results_text(tx: Texts, table: Table, s: Settlement | None) -> str:
    """``Anna +36.67 (+18.33 RUB), Boris …``: whists, and money when there is a stake
    (the result times the stake, signed as it is)."""
    if s is None:
        return tx("archive_no_results")
    rules = table.settled_rules
    cur = name(rules.currency)
    parts = []
    for who, r in zip(s.players, s.results, strict=True):
        if rules.stake:
            parts.append(
                tx(
                    "archive_result_money",
                    name=name(who),
                    result=result(r),
                    money=money_text(share(r, rules.stake), signed=True),
                    currency=cur,
                )
            )
        else:
            parts.append(tx("archive_result", name=name(who), result=signed(r)))
    return ", ".join(parts)


def amended_line(tx: Texts, table: Table) -> str | None:
    """Under a settled pulka (its board, the archive): the corrections written after
    settling and the results with them; None without any."""
    amended = table.amended_settlement()
    if amended is None:
        return None
    count = len(table.corrections_after_settling)
    return tx("archive_line_amended", count=count, results=results_text(tx, table, amended))


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
                who=name(table.author(event)),
                what=correction_words(tx, deal),
            )
        )
    results = [tx("after_settle_results"), *money_lines(tx, table.settled_rules, amended)]
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
