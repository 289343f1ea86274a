"""A deal as written: what it wrote, what it cost each player, who deals next."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from bot.model import LiveDeal, Table
from bot.views.format import declarer_prefix, details, name, notation, num, signed
from bot.views.texts import Texts
from scoring.cost import deal_cost
from scoring.engine import PulkaState
from scoring.settle import standings
from scoring.sheet import Writes


def deal_answer(tx: Texts, table: Table, live: LiveDeal, *, repeat: bool = False) -> str:
    """What a deal wrote, what it cost each player, whose deal is next."""
    names = table.names
    deal = live.deal
    lines = []
    if repeat:
        lines.append(tx("deal_repeat", number=live.number))
    lines.append(
        tx(
            "deal_written",
            number=live.number,
            notation=declarer_prefix(deal)
            + notation(tx, deal, names, table.rules)
            + details(tx, deal, names, table.rules),
        )
    )
    lines.extend(effect_lines(tx, names, live.step.writes, _cost(live)))
    state = live.step.state
    if live is table.deals[-1]:
        if state.finished:
            lines.append(tx("finished"))
        else:
            lines.append(dealer_line(tx, "next_dealer", names, state))
    return "\n".join(lines)


def dealer_line(tx: Texts, key: str, names: Sequence[str], state: PulkaState) -> str:
    """``key``'s line naming the next dealer; at four and five, who sits that deal out
    (the dealer, at five with his neighbour) and who plays it (in seat order, as
    ``распасы 3 2 5`` counts them) follow, as :attr:`scoring.PulkaState.next_table`
    says."""
    line = tx(key, dealer=name(names[state.next_dealer]))
    table = state.next_table
    out = table.sitting_out
    if len(out) == 2:
        first, second = (name(names[s]) for s in out)
        line += " " + tx("wiz_sitting_out", first=first, second=second)
    elif len(out) == 1:
        line += " " + tx("next_sitting_out", name=name(names[out[0]]))
    if out:
        playing = ", ".join(name(names[s]) for s in sorted(table.at_table))
        line += " " + tx("next_playing", players=playing)
    return line


def _cost(live: LiveDeal) -> tuple[Fraction, ...]:
    """What the deal was worth to each player, on the sheet before it."""
    return deal_cost(live.before, live.deal)


def effect_lines(
    tx: Texts,
    names: Sequence[str],
    writes: Writes,
    cost: Sequence[Fraction],
    *,
    preview: bool = False,
) -> list[str]:
    """What a deal writes on the sheet and what it costs each player, in whists.

    ``preview``: the deal is not written yet ("Будет записано:").
    """
    return [
        tx("writes_title_preview" if preview else "writes_title"),
        *writes_lines(tx, names, writes),
        tx("cost_title"),
        ", ".join(
            tx("cost_line", name=name(n), amount=signed(c))
            for n, c in zip(names, cost, strict=True)
        ),
    ]


def writes_lines(tx: Texts, names: Sequence[str], w: Writes) -> list[str]:
    """One line per figure the deal writes (pulka, mountain, whists, help)."""
    out = []
    for i, who in enumerate(names):
        if w.pulka[i]:
            out.append(tx("write_pulka", name=name(who), amount=signed(w.pulka[i])))
        if w.mountain[i]:
            out.append(tx("write_mountain", name=name(who), amount=signed(w.mountain[i])))
        for j, on in enumerate(names):
            if i != j and w.whists_on(i, j):
                out.append(
                    tx(
                        "write_whists",
                        name=name(who),
                        on=name(on),
                        amount=signed(w.whists_on(i, j)),
                    )
                )
    for helper, helped, points in w.help:
        out.append(
            tx("write_help", name=name(names[helper]), on=name(names[helped]), amount=num(points))
        )
    return ["  " + line for line in out] or ["  " + tx("write_nothing")]


def standings_lines(tx: Texts, table: Table) -> list[str]:
    """Where everyone would stand in whists if the pulka stopped now."""
    if table.state is None:
        return []
    return [
        tx("standings_title"),
        ", ".join(
            tx("standing_line", name=name(n), amount=signed(s))
            for n, s in zip(table.names, standings(table.state), strict=True)
        ),
    ]


def written_deal_text(
    tx: Texts, table: Table, live: LiveDeal | None, *, repeat: bool = False
) -> str:
    """:func:`deal_answer` and the standings now (as the wizard's answer has them, so they
    do not scroll away), or for a repeated command whose deal was undone since, that."""
    if live is None:
        return tx("deal_repeat", number="—")
    answer = deal_answer(tx, table, live, repeat=repeat)
    return "\n".join([answer, "", *lines]) if (lines := standings_lines(tx, table)) else answer


def written_note(tx: Texts, live: LiveDeal) -> str:
    """ "Write it" pressed: the number of the deal written."""
    return tx("note_written", number=live.number)


def wizard_written_text(tx: Texts, table: Table, live: LiveDeal, who: str) -> str:
    """A deal written by the wizard: what it wrote, its cost, the standings now."""
    lines = [deal_answer(tx, table, live), tx("wiz_entered", who=name(who)), ""]
    lines.extend(standings_lines(tx, table))
    return "\n".join(lines)


def wizard_cancelled_text(tx: Texts, who: str) -> str:
    """The wizard message after "Cancel": who closed it."""
    return tx("wiz_cancelled", who=name(who))
