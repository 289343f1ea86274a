"""Texts built from a pulka: deal answers, protocol notation, score, settlement.

Every figure comes from :mod:`scoring`; here it is only formatted.  Player
names are HTML-escaped (the bot sends in HTML parse mode).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from html import escape

from bot.model import EventRow, LiveDeal, PlayerRow, Table
from bot.model.replay import undone_deal
from bot.views.errors import error_text
from bot.views.format import money, name, num, signed
from bot.views.notation import declarer_prefix, details, notation
from bot.views.texts import Texts
from bot.views.words import lang_unknown_text
from scoring import (
    CONVENTION,
    CONVENTIONS,
    PulkaState,
    Rules,
    ScoringError,
    Settlement,
    Writes,
    deal_cost,
    seating,
    settle_state,
    stake_text,
    standings,
)
from scoring.jsonread import SYNTAX_CODES

#: Telegram's limit is 4096 characters per message; keep a margin.
MESSAGE_LIMIT = 4000
#: The most messages one /history sends, and the deals it shows past that.
HISTORY_MESSAGES = 4
HISTORY_LINES = 120
#: Telegram's limit on a photo's caption.
CAPTION_LIMIT = 1024


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
    """``key``'s line naming the next dealer; at five, who sits that deal out follows
    (the dealer and his neighbour, :func:`scoring.seating.table`)."""
    line = tx(key, dealer=name(names[state.next_dealer]))
    out = seating.table(state).sitting_out
    if len(out) == 2:
        first, second = (name(names[s]) for s in out)
        line += " " + tx("wiz_sitting_out", first=first, second=second)
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


def history_chunks(tx: Texts, table: Table) -> list[str]:
    """The protocol of live deals, split into messages under Telegram's limit."""
    if not table.deals:
        return [tx("history_title") + "\n" + tx("history_empty")]
    names = table.names
    lines = [
        tx(
            "history_line",
            number=d.number,
            declarer=declarer_prefix(d.deal),
            notation=notation(tx, d.deal, names, table.rules),
            details=details(tx, d.deal, names, table.rules),
            author=name(d.event.author_name or "?"),
        )
        for d in table.deals
    ]
    chunks = split_lines([tx("history_title"), *lines])
    if len(chunks) <= HISTORY_MESSAGES:
        return chunks
    # A huge pulka: the latest deals, and where the rest is (one command must not
    # flood the chat past Telegram's 20 messages a minute).
    kept = split_lines(lines[-HISTORY_LINES:])[-(HISTORY_MESSAGES - 1) :]
    shown = sum(chunk.count("\n") + 1 for chunk in kept)
    head = tx("history_title") + "\n" + tx("history_cut", hidden=len(lines) - shown, shown=shown)
    return [head, *kept]


def split_lines(lines: Iterable[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Join lines into messages of at most ``limit`` characters."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            chunks.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        chunks.append(current)
    return chunks


def players_text(tx: Texts, table: Table) -> str:
    if not table.players:
        return tx("players_none")
    lines = [tx("players_title")]
    for p in table.players:
        extra = f" (@{name(p.username)})" if p.username else ""
        if p.user_id is None:
            extra += tx("player_guest")
        lines.append(tx("player_line", seat=p.seat + 1, name=name(p.name), extra=extra))
    if table.state is not None and table.deals:
        lines.append(dealer_line(tx, "players_fixed", table.names, table.state))
    elif table.seating_open:
        # Everyone needed is seated: only a fourth may still join.
        if table.state is not None:
            lines.append(tx("players_fourth"))
        elif table.row.seats is None:  # three or four
            lines.append(tx("players_open"))
        else:
            lines.append(tx("players_open_chosen", seats=table.row.seats))
    return "\n".join(lines)


def score_text(tx: Texts, table: Table) -> str:
    """The sheet: pulka, mountain, whists per player, and standings if stopped now."""
    if table.state is None:
        return players_text(tx, table)
    state = table.state
    sheet = state.sheet
    names = table.names
    lines = [tx("score_title", target=state.rules.target)]
    for i, who in enumerate(names):
        whists = ", ".join(
            tx("score_whist", on=name(on), amount=num(v)) for on, v in sheet.whists_by(i).items()
        )
        lines.append(
            tx(
                "score_line",
                name=name(who),
                pulka=num(sheet.pulka[i]),
                mountain=num(sheet.mountain[i]),
                whists=whists,
            )
        )
    lines.append("")
    lines.extend(standings_lines(tx, table))
    if state.finished:
        lines.append(tx("finished"))
    elif table.deals:
        lines.append(dealer_line(tx, "next_dealer", names, state))
    return "\n".join(lines)


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


def headline(tx: Texts, rules: Rules) -> str:
    """``сочинка, до 20, вист по 1 RUB``."""
    return tx(
        "headline",
        variant=variant_name(tx, rules),
        target=rules.target,
        stake=stake_text(rules.stake),
        currency=escape(rules.currency),
    )


def lobby_text(tx: Texts, table: Table) -> str:
    """A pulka before its first deal: the conventions in brief and the seating."""
    r = table.rules
    head = tx(
        "started",
        variant=variant_name(tx, r),
        target=r.target,
        stake=stake_text(r.stake),
        currency=name(r.currency),
    )
    if table.row.seats is not None:  # chosen: вдвоём, гусарик…; впятером…
        head += "\n" + tx("table_line", size=size_words(tx, table.row.seats, r))
    if table.state is None:  # not enough players yet: how to sit down
        head += "\n" + tx("started_join" if table.row.seats is None else "started_join_chosen")
    lines = [head]
    if table.players:
        lines.append(players_text(tx, table))
    if table.state is not None:
        lines.append(dealer_line(tx, "lobby_ready", table.names, table.state))
    return "\n\n".join(lines)


def board_text(tx: Texts, table: Table) -> str:
    """The live scoreboard: the sheet, the standings if stopped now, whose deal is next."""
    if table.active and not table.deals:
        return lobby_text(tx, table)
    lines = [tx("board_title", headline=headline(tx, table.rules))]
    if table.deals:
        last = table.deals[-1]
        lines.append(
            tx(
                "board_last",
                number=last.number,
                notation=declarer_prefix(last.deal)
                + notation(tx, last.deal, table.names, table.rules),
            )
        )
    sheet = score_text(tx, table)
    if not table.active:
        # Ended by agreement but not settled: "Settle" or /undo (bot/views/ending.py).
        agreed = table.ended_by_agreement
        if not agreed:  # settled: no "closed! Settle it: /settle" above "settled"
            sheet = sheet.removesuffix("\n" + tx("finished"))
        lines += [sheet, tx("board_agreed") if agreed else tx("board_archived")]
    else:
        lines.append(sheet)
    return "\n".join(lines)


def variant_name(tx: Texts, rules: Rules) -> str:
    return tx(f"variant_{rules.variant.value}")


def size_words(tx: Texts, seats: int | None, rules: Rules) -> str:
    """The table size in words: ``вдвоём, гусарик: третьим — болван``, ``впятером:
    сдающий и его сосед справа не играют`` (who, by ``five_sitting_out``); None: three
    or four."""
    side = rules.five_sitting_out.value
    return tx("table_size", seats="-" if seats is None else seats, side=side)


def table_size(table: Table) -> int | None:
    """The size a pulka plays at: its players once seated, else the size chosen (None:
    not chosen, three or four)."""
    return len(table.players) if table.state is not None else table.row.seats


#: The conventions text of a table size whose conventions apply to it alone.
SIZE_RULES = {2: "rules_hussar", 5: "rules_five"}


def value_words(tx: Texts, name: str, value: object) -> str:
    """One convention's value in words: ``джентльменские``, ``да``, ``1-2-3``, ``7``.

    A companion switch, set only together with another (the raspasy cycle with
    the progression), adds its words ``rules_<name>`` when on, nothing when off.
    """
    if isinstance(value, StrEnum):
        return tx(f"rules_{name}_{value.value}")
    if isinstance(value, bool):
        if CONVENTION[name].page is None:
            return tx(f"rules_{name}") if value else ""
        return tx("yes") if value else tx("no")
    if isinstance(value, tuple):
        return "-".join(str(x) for x in value)
    if isinstance(value, Decimal):
        return stake_text(value)
    return escape(str(value))


def switch_words(tx: Texts, rules: Rules, choice: dict[str, object]) -> str:
    """A settings button's value: the words of each convention it sets, in ``rules``."""
    return "".join(value_words(tx, key, getattr(rules, key)) for key in choice)


def rules_text(tx: Texts, rules: Rules, seats: int | None = None) -> str:
    """The conventions in force: every row of the conventions table, in words.

    ``rules_body`` gets each convention's words under the convention's name (a
    new convention is there by itself; the catalogs say where it goes).  The
    conventions of hussar or of five (:attr:`scoring.Convention.sizes`) follow in a
    line of their own when the table is of ``seats`` (None: not chosen, three or
    four: neither).
    """
    words = {c.name: value_words(tx, c.name, getattr(rules, c.name)) for c in CONVENTIONS}
    for c in CONVENTIONS:
        choices = c.choices()
        if choices and len(choices[0]) > 1:  # set with companions: say them together
            words[c.name] = switch_words(tx, rules, choices[0])
    if seats == 2:  # hussar: one whister, so no split, no pair short, no half-whist
        words["whist"] = tx("rules_hussar_whist")
        words["whist_shortfall"] = tx("rules_hussar_shortfall")
        words["quota_liable"] = tx("rules_hussar_liable")
        words["consolation"] = tx("rules_hussar_consolation")
        words["half_whist"] = tx("no")
    body = tx("rules_body", variant=variant_name(tx, rules), **words)
    if seats in SIZE_RULES:
        body += "\n" + tx(SIZE_RULES[seats], **words)
    return f"{tx('rules_title')}\n{body}"


def settlement_text(tx: Texts, rules: Rules, s: Settlement, *, final: bool) -> str:
    """Results in whists and money (adding up to zero) and who pays whom."""
    cur = escape(rules.currency)
    head = "settle_final" if final else "settle_now"
    lines = [tx(head, stake=stake_text(rules.stake), currency=cur)]
    for who, result, m in zip(s.players, s.results, s.money, strict=True):
        lines.append(
            tx("settle_line", name=name(who), result=signed(result), money=money(m), currency=cur)
        )
    if s.payments:
        lines.append(tx("payments_title"))
        for p in s.payments:
            lines.append(
                tx(
                    "payment_line",
                    payer=name(p.payer),
                    payee=name(p.payee),
                    amount=money(p.amount),
                    currency=cur,
                )
            )
    else:
        lines.append(tx("payments_none"))
    if s.notice is not None:
        lines.append(tx(f"notice-{s.notice}"))
    return "\n".join(lines)


class SheetKind(StrEnum):
    """Which sheet a picture is: its title, and whether a settlement is written in."""

    LIVE = "live"  # the sheet as it stands, the standings by the names
    NOW = "now"  # with the settlement if the pulka stopped now
    FINAL = "final"  # with the settlement of the ended pulka


_SHEET_TITLES = {
    SheetKind.LIVE: "sheet_title",
    SheetKind.NOW: "sheet_title_now",
    SheetKind.FINAL: "sheet_title_final",
}


def sheet_title(tx: Texts, rules: Rules, kind: SheetKind = SheetKind.LIVE) -> str:
    """The picture's title: the live sheet, the settlement now, or the final one."""
    return tx(_SHEET_TITLES[kind], variant=variant_name(tx, rules), target=rules.target)


def sheet_caption(
    tx: Texts, table: Table, settlement: Settlement | None = None, *, final: bool = False
) -> str:
    """The photo's caption: the standings now and whose deal is next, or the settlement's head."""
    if settlement is not None:
        cur = escape(table.rules.currency)
        return tx(
            "settle_final" if final else "settle_now",
            stake=stake_text(table.rules.stake),
            currency=cur,
        )
    state = table.state
    if state is None:
        return tx("score_title", target=table.rules.target)
    lines = [tx("score_title", target=state.rules.target), *standings_lines(tx, table)]
    if state.finished:
        lines.append(tx("finished"))
    elif table.deals:
        lines.append(dealer_line(tx, "next_dealer", table.names, state))
    caption = "\n".join(lines)
    return caption if len(caption) <= CAPTION_LIMIT else lines[0]


def lang_usage(tx: Texts, choice: str = "") -> str:
    """``/lang`` without a valid language: the current one and how to change it;
    ``/lang de``: that there is no such language, and the ones there are."""
    if choice:
        return lang_unknown_text(tx, choice)
    return tx("lang_usage", current=tx(f"lang_name_{tx.lang}"))


def final_text(tx: Texts, table: Table) -> str:
    """The settlement of an ended pulka."""
    assert table.state is not None
    return settlement_text(tx, table.rules, settle_state(table.state), final=True)


def archived_text(tx: Texts, table: Table) -> str:
    """The settlement of an ended pulka, and that it is archived (``/settle``)."""
    return final_text(tx, table) + "\n\n" + tx("settle_archived")


def undone_text(tx: Texts, table: Table, undo: EventRow, who: str) -> str:
    """ "Deal N undone (notation)", for the undo event ``undo`` (a repeat: the same words)."""
    found = undone_deal(table, undo)
    if found is None:
        return tx("stale")
    number, deal = found
    return tx(
        "undo_done",
        number=number,
        notation=declarer_prefix(deal) + notation(tx, deal, table.names, table.rules),
        who=name(who),
    )


# --- answers of the handlers ---------------------------------------------------------


def need_players_text(tx: Texts, table: Table) -> str:
    """Not seated yet: how many players there are (a deal needs the size chosen, else 3
    or 4)."""
    if table.row.seats is None:
        return tx("need_players", count=len(table.players))
    return tx("need_players_chosen", seats=table.row.seats, count=len(table.players))


def bad_rules_text(tx: Texts, err: ScoringError) -> str:
    """``/newpulka`` with conventions that do not go together, and the command's form."""
    return tx("bad_rules", reason=error_text(tx, err, path=True)) + "\n" + tx("form_newpulka")


def joined_text(tx: Texts, table: Table, seated: PlayerRow) -> str:
    """``/join``: who sat where, the table now, and who deals first once it is seated."""
    lines = [tx("joined", name=name(seated.name), seat=seated.seat + 1), players_text(tx, table)]
    if table.state is not None and not table.deals:
        lines.append(dealer_line(tx, "join_ready", table.names, table.state))
    return "\n\n".join(lines)


def seated_note(tx: Texts, seated: PlayerRow) -> str:
    """ "Sit down" pressed: the seat taken (a press's answer: plain text)."""
    return tx("note_seated", name=seated.name, seat=seated.seat + 1)


def sheet_problem_text(tx: Texts, problem: str, table: Table) -> str:
    """A picture that was not drawn or sent (``problem``, a catalog key), and the text score."""
    return tx(problem) + "\n\n" + score_text(tx, table)


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


def undo_prompt(tx: Texts, table: Table) -> str:
    """The question before undoing the last deal: which one it is."""
    last = table.deals[-1]
    return tx(
        "undo_confirm",
        number=last.number,
        notation=declarer_prefix(last.deal) + notation(tx, last.deal, table.names, table.rules),
    )


def undo_kept_text(tx: Texts, kept: LiveDeal | None) -> str:
    """The undo prompt after "No": the deal stays (``—`` if it is gone meanwhile)."""
    return tx("undo_kept", number=kept.number if kept else "—")


def import_error_text(tx: Texts, err: ScoringError) -> str:
    """A record ``/import`` refused: not JSON at all, or JSON that is not a record."""
    key = "import_bad_json" if err.code in SYNTAX_CODES else "import_invalid"
    return tx(key, reason=error_text(tx, err, path=True))


def imported_text(tx: Texts, table: Table) -> str:
    """An imported pulka: how many deals, and its sheet."""
    return tx("imported", count=len(table.deals)) + "\n\n" + score_text(tx, table)
