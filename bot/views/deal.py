"""A deal as written: what it wrote and what it cost each player."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from bot.model import LiveDeal, Table, amended_deal
from bot.model.rows import EventKind
from bot.views.format import (
    deal_in_full,
    deal_words,
    entry_key,
    name,
    num,
    result,
    signed,
)
from bot.views.texts import Texts
from scoring import Correction
from scoring.cost import deal_cost
from scoring.engine import PulkaState
from scoring.settle import standings
from scoring.sheet import Writes


def deal_answer(
    tx: Texts, table: Table, live: LiveDeal, *, repeat: bool = False, who: str | None = None
) -> str:
    """What a deal wrote and what it cost each player, in three lines (the standings and
    whose deal is next are on the scoreboard, :func:`bot.views.board.board_text`);
    ``who``: the wizard's, who entered it; the last deal that closes the pulka says so."""
    names = table.names
    deal = live.deal
    lines = []
    if repeat:
        lines.append(tx("deal_repeat", number=live.number))
    correction = isinstance(deal, Correction)  # points written by hand: no deal played
    lines.append(
        tx(
            "correction_written" if correction else "deal_written",
            number=live.number,
            notation=deal_in_full(tx, deal, names, table.rules),
        )
    )
    lines.extend(summary_lines(tx, names, live.step.writes, _cost(live), correction=correction))
    if who is not None:
        lines.append(tx("wiz_entered", who=name(who)))
    if live is table.deals[-1] and live.step.state.finished:
        lines.append(tx("finished"))
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
        cost_items(tx, names, cost),
    ]


def summary_lines(
    tx: Texts,
    names: Sequence[str],
    writes: Writes,
    cost: Sequence[Fraction],
    *,
    correction: bool = False,
) -> list[str]:
    """What a deal (or a ``correction``) wrote on the sheet, in one line, and what it cost
    each player, in another: ``Записано — Anna: пуля +4; Boris → Anna: висты +12``."""
    items = write_items(tx, names, writes)
    return [
        tx("deal_wrote", writes="; ".join(items) if items else tx("write_nothing")),
        tx("correction_cost" if correction else "deal_cost", costs=cost_items(tx, names, cost)),
    ]


def cost_items(tx: Texts, names: Sequence[str], cost: Sequence[Fraction]) -> str:
    """``Anna +14⅔, Boris -1⅓, Vera -13⅓`` (thirds exactly, as /cost writes them)."""
    return ", ".join(
        tx("cost_line", name=name(n), amount=result(c)) for n, c in zip(names, cost, strict=True)
    )


def writes_lines(tx: Texts, names: Sequence[str], w: Writes) -> list[str]:
    """One indented line per figure the deal writes (pulka, mountain, whists, help)."""
    return ["  " + line for line in write_items(tx, names, w)] or ["  " + tx("write_nothing")]


def write_items(tx: Texts, names: Sequence[str], w: Writes) -> list[str]:
    """Each figure the deal writes (pulka, mountain, whists, help), in words."""
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
    return out


def standings_lines(tx: Texts, table: Table) -> list[str]:
    """Where everyone would stand in whists if the pulka stopped now."""
    if table.state is None:
        return []
    return [
        tx("standings_title"),
        ", ".join(
            tx("standing_line", name=name(n), amount=result(s))
            for n, s in zip(table.names, standings(table.state), strict=True)
        ),
    ]


def written_deal_text(
    tx: Texts, table: Table, live: LiveDeal | None, *, repeat: bool = False
) -> str:
    """:func:`deal_answer`, or for a repeated command whose deal was undone since, that."""
    if live is None:
        return tx("deal_repeat", number="—")
    return deal_answer(tx, table, live, repeat=repeat)


def written_note(tx: Texts, live: LiveDeal) -> str:
    """ "Write it" pressed: the number of the deal written."""
    return tx(entry_key(live.deal, "note_written", "note_written_correction"), number=live.number)


def wizard_written_text(tx: Texts, table: Table, live: LiveDeal, who: str) -> str:
    """A deal written by the wizard: what it wrote, its cost, who entered it."""
    return deal_answer(tx, table, live, who=who)


def wizard_cancelled_text(tx: Texts, who: str) -> str:
    """The wizard message after "Cancel": who closed it."""
    return tx("wiz_cancelled", who=name(who))


def history_lines(tx: Texts, table: Table) -> list[str]:
    """The amendments of the log, in order: when, who, which deal, old -> new."""
    names = table.names
    lines = []
    for event in table.marks:
        if event.kind != EventKind.AMEND:
            continue
        found = amended_deal(table, event)
        if found is None:
            continue
        number, old, new = found
        when = event.created_at[11:16] + " UTC"
        words = {"time": when, "who": name(table.author(event)), "number": number}
        # Short, unless only a defender's count changed: then in full, to read apart.
        show = deal_words
        if new is not None and deal_words(tx, old, names) == deal_words(tx, new, names):
            show = deal_in_full
        words["old"] = show(tx, old, names, table.rules)
        if new is None:
            lines.append(
                tx(entry_key(old, "history_deleted", "history_deleted_correction"), **words)
            )
        else:
            key = entry_key(old, "history_amended", "history_amended_correction")
            lines.append(tx(key, **words, new=show(tx, new, names, table.rules)))
    return [tx("history_amends_title"), *lines] if lines else []
