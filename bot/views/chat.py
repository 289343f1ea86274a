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

from bot.input.parsing import ParseError
from bot.service import LiveDeal, PulkaError, Table, Written
from bot.store import ending
from bot.store.db import EventKind, EventRow, PlayerRow
from bot.store.tables import undone_deal
from bot.views.texts import Texts
from bot.views.words import json_reason, lang_unknown_text
from scoring import (
    CONVENTION,
    CONVENTIONS,
    Choice,
    Contract,
    Correction,
    Deal,
    Game,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    ScoringError,
    Settlement,
    Suit,
    Writes,
    deal_cost,
    figure,
    money_text,
    settle_state,
    stake_text,
    standings,
)
from scoring.errors import MESSAGES
from scoring.jsonread import SYNTAX_CODES
from scoring.sheet import Number

#: Telegram's limit is 4096 characters per message; keep a margin.
MESSAGE_LIMIT = 4000
#: The most messages one /history sends, and the deals it shows past that.
HISTORY_MESSAGES = 4
HISTORY_LINES = 120
#: Telegram's limit on a photo's caption.
CAPTION_LIMIT = 1024


def num(x: Number | Decimal) -> str:
    """A figure for people: ``7``, ``7.5``, ``5.33``, ``-0.13`` (2 decimals at most).

    :func:`scoring.numbers.figure`, the one the picture and the export use, so a
    value reads the same everywhere (halves away from zero: 1/8 is 0.13).
    """
    return figure(x)


def signed(x: Number | Decimal) -> str:
    """``+7``, ``-2.5``, ``0`` (a figure that rounds to zero has no sign)."""
    return figure(x, signed=True)


def money(x: Decimal) -> str:
    """Money with two decimals: ``-62.33``, ``5.00``."""
    return money_text(x)


def name(text: str) -> str:
    """A player's name (or any text from players) made safe for HTML parse mode."""
    return escape(text, quote=False)


def contract_label(tx: Texts, c: Contract) -> str:
    """``7♥``, ``6БК`` (no-trumps in the chat's language)."""
    return f"{c.level}{tx('nt')}" if c.suit is Suit.NO_TRUMPS else c.pretty()


def contract_text(tx: Texts, deal: Game) -> str:
    return contract_label(tx, deal.contract)


def notation(tx: Texts, deal: Deal, players: Sequence[str] = (), rules: Rules | None = None) -> str:
    """The protocol line: ``6♠ / ровно``, ``8♥ / без одной``, ``мизер / чистый``,
    ``распасы 3-2-5`` (``rules``: a hussar pass the dummy whisted is played out)."""
    if isinstance(deal, Game):
        head = contract_text(tx, deal)
        if not deal.played_out(rules):
            return f"{head} / {tx('not_whisted')}"
        if Choice.HALF in deal.choices.values():
            return f"{head} / {tx('half_whisted')}"
        diff = deal.result(rules)
        if diff == 0:
            return f"{head} / {tx('exactly')}"
        if diff > 0:
            return f"{head} / {tx('over', n=diff)}"
        return f"{head} / {tx('down', n=-diff)}"
    if isinstance(deal, Misere):
        outcome = tx("misere_clean") if deal.made else tx("misere_tricks", n=deal.tricks)
        return f"{tx('misere')} / {outcome}"
    if isinstance(deal, Raspasy):
        tricks = deal.trick_map
        order = [p for p in players if p in tricks] or list(tricks)
        return f"{tx('raspasy')} " + "-".join(str(tricks[p]) for p in order)
    note = getattr(deal, "note", "")
    return tx("correction") + (f": {escape(note, quote=False)}" if note else "")


def details(tx: Texts, deal: Deal, players: Sequence[str] = (), rules: Rules | None = None) -> str:
    """Who defended with what, or who took what on raspasy.  A game nobody played out
    (both passed; a hussar pass without ``dummy_whist``) shows no defenders' tricks:
    it was written as made, so they are nobody's."""
    if isinstance(deal, Game):
        if not deal.played_out(rules):
            parts = [
                tx("defender_unplayed", name=name(who), choice=tx(choice.value))
                for who, choice in deal.defence
            ]
            return " — " + ", ".join(parts)
        tricks = deal.trick_map
        parts = [
            tx("defender", name=name(who), choice=tx(choice.value), tricks=tricks.get(who, 0))
            for who, choice in deal.defence
        ]
        return " — " + ", ".join(parts)
    if isinstance(deal, Raspasy):
        tricks = deal.trick_map
        order = [p for p in players if p in tricks] or list(tricks)
        return " — " + ", ".join(f"{name(p)} {tricks[p]}" for p in order)
    return ""


def declarer_prefix(deal: Deal) -> str:
    if isinstance(deal, Game | Misere):
        return f"{name(deal.declarer)} "
    if isinstance(deal, Correction):
        return f"{name(deal.player)} "
    return ""


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
    out = state.next_table.sitting_out
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
        agreed = ending.ended_by_agreement(table)
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


#: The usage hints of a hussar table (two players and a dummy), by form.
_HUSSAR_FORMS = {
    "all": "form_all_hussar",
    "game": "form_game_hussar",
    "raspasy": "form_raspasy_hussar",
}


def parse_error_text(
    tx: Texts, err: ParseError, players: Sequence[str], state: PulkaState | None = None
) -> str:
    """One specific message: what is wrong, the expected form, an example (with four or
    five and the pulka's ``state``, of the three at the table for the next deal)."""
    params = {k: name(str(v)) for k, v in err.params.items()}
    lines = [tx(err.key, **params)]
    if len(players) == 2 and err.form in _HUSSAR_FORMS:  # hussar: its own forms
        a, b = (name(x) for x in players)
        lines.append(tx(_HUSSAR_FORMS[err.form], a=a, b=b))
    elif err.form:
        examples = [*players, "Anna", "Boris", "Vera"][:3] if len(players) < 3 else players
        if state is not None and len(players) == state.n > 3:  # not who sits out
            examples = [players[s] for s in state.next_table.at_table]
        a, b, c = (name(x) for x in examples[:3])
        lines.append(tx(f"form_{err.form}", a=a, b=b, c=c))
    lines.append(tx("nothing_recorded"))
    return "\n".join(lines)


def error_param(tx: Texts, key: str, value: object, *, html: bool = True) -> str:
    """One parameter of a scoring error, as the players read it."""
    if key == "contract":
        try:
            text = contract_label(tx, Contract.parse(str(value)))
        except ScoringError:
            text = str(value)
    elif isinstance(value, list | tuple):
        text = ", ".join(str(x) for x in value)
    elif isinstance(value, Decimal):
        # A Decimal here is a money limit of the rules: written as the stake is,
        # to its 4 decimals, so "at most 0.0001" is not shown as 0.
        text = stake_text(value)
    elif isinstance(value, Fraction):
        text = num(value)
    else:
        text = str(value)
    return name(text) if html else text


def error_text(tx: Texts, err: ScoringError, *, html: bool = True, path: bool = False) -> str:
    """A :mod:`scoring` error in the chat's language: the message ``err-{code}``.

    Its parameters are filled in (HTML-escaped when ``html``); with ``path`` the
    place in the record comes first, as in ``deals[3].tricks: ...``.  An error
    without a known code keeps the engine's English text.
    """
    if err.code in MESSAGES:
        params = {k: error_param(tx, k, v, html=html) for k, v in err.params.items()}
        if err.code == "json_syntax":  # Python's English reason, told in the chat's words
            params["reason"] = json_reason(tx, str(err.params.get("reason", "")))
        text = tx(f"err-{err.code}", **params)
    else:
        text = name(err.message) if html else err.message
    if path and err.path:
        text = f"{name(err.path) if html else err.path}: {text}"
    return text


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


def written_text(tx: Texts, written: Written) -> str:
    """What a committed write did, in words (for an answer lost after the commit)."""
    table, event = written.table, written.event
    if event is None:
        return tx("done")
    if event.kind == EventKind.DEAL:
        return written_deal_text(tx, table, table.deal_by_event(event.id), repeat=written.duplicate)
    if event.kind == EventKind.UNDO:
        return undone_text(tx, table, event, event.author_name or "?")
    if event.kind == EventKind.AMEND and "settled" in event.payload:
        from bot.views.ending import corrected_text  # built on this module: imported late

        return corrected_text(tx, table, event.id, None)
    if event.kind == EventKind.AMEND:
        from bot.views.amend import amended_text  # built on this module: imported late

        return amended_text(tx, table, event, written.before)
    if event.kind == EventKind.END and table.state is not None:
        return archived_text(tx, table)
    if event.kind == EventKind.JOIN:
        seat = int(event.payload.get("seat", 0))
        return tx("joined", name=name(str(event.payload.get("name", "?"))), seat=seat + 1)
    return tx("done")


# --- answers of the handlers ---------------------------------------------------------


def pulka_error_text(tx: Texts, err: PulkaError, *, html: bool = True) -> str:
    """A refused write (:class:`bot.service.PulkaError`) in the chat's language.

    Its parameters are names and numbers: HTML-escaped for a message (``html``),
    plain for a press's answer, which Telegram shows as it is.
    """
    return tx(err.key, **{k: name(str(v)) if html else str(v) for k, v in err.params.items()})


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


def deal_rejected_text(tx: Texts, err: ScoringError) -> str:
    """A typed deal the engine refused: why (its first words say nothing was written)."""
    return tx("deal_rejected", reason=error_text(tx, err))


def deal_rejected_note(tx: Texts, err: ScoringError) -> str:
    """A "Write it" the engine refused: why (a press's answer: plain text)."""
    return tx("deal_rejected", reason=error_text(tx, err, html=False))


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
