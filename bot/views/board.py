"""Texts built from a pulka: deal answers, protocol notation, score, settlement.

Every figure comes from :mod:`scoring`; here it is only formatted.  Player
names are HTML-escaped (the bot sends in HTML parse mode).
"""

from __future__ import annotations

from enum import StrEnum
from html import escape

from bot.model import Table
from bot.views.deal import dealer_line, standings_lines
from bot.views.format import declarer_prefix, name, notation, num
from bot.views.settlement import rounding_line
from bot.views.texts import Texts
from scoring import (
    Correction,
    Rules,
    Settlement,
    stake_text,
)

#: Telegram's limit on a photo's caption.
CAPTION_LIMIT = 1024


def players_text(tx: Texts, table: Table) -> str:
    if not table.players:
        return tx("players_none")
    lines = [tx("players_title")]
    for p in table.players:
        extra = f" (@{name(p.username)})" if p.username else ""
        if p.nick:
            extra += " " + tx("player_nick", nick=name(p.nick))
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
    if table.active:  # once ended, "if we stopped now" and the next dealer say nothing
        lines.extend(standings_lines(tx, table))
    if state.finished:
        lines.append(tx("finished"))
    elif table.deals and table.active:
        lines.append(dealer_line(tx, "next_dealer", names, state))
    return "\n".join(lines).rstrip("\n")


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
        correction = isinstance(last.deal, Correction)
        lines.append(
            tx(
                "board_last_correction" if correction else "board_last",
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
        end = table.end_event
        alone = agreed and end is not None and bool(end.payload.get("admin"))
        said = "board_ended_alone" if alone else "board_agreed" if agreed else "board_archived"
        lines += [sheet, tx(said)]
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


class SheetKind(StrEnum):
    """Which sheet a picture is: its title, and whether a settlement is written in."""

    LIVE = "live"  # the sheet as it stands, the standings by the names
    NOW = "now"  # with the settlement if the pulka stopped now
    ENDED = "ended"  # with the settlement of a pulka ended and not settled yet
    FINAL = "final"  # with the settlement of the settled pulka


_SHEET_TITLES = {
    SheetKind.LIVE: "sheet_title",
    SheetKind.NOW: "sheet_title_now",
    SheetKind.ENDED: "sheet_title_ended",
    SheetKind.FINAL: "sheet_title_final",
}
_SHEET_CAPTIONS = {
    SheetKind.NOW: "settle_now",
    SheetKind.ENDED: "settle_ended",
    SheetKind.FINAL: "settle_final",
}


def over_kind(table: Table) -> SheetKind:
    """The sheet of a pulka that is over: "settled" once it is, else "ended"."""
    return SheetKind.FINAL if table.settled else SheetKind.ENDED


def sheet_title(tx: Texts, rules: Rules, kind: SheetKind = SheetKind.LIVE) -> str:
    """The picture's title: the live sheet, the settlement now, or the final one."""
    return tx(_SHEET_TITLES[kind], variant=variant_name(tx, rules), target=rules.target)


def sheet_caption(
    tx: Texts,
    table: Table,
    settlement: Settlement | None = None,
    kind: SheetKind = SheetKind.NOW,
) -> str:
    """The photo's caption: the standings now and whose deal is next, or the settlement's
    head (if the pulka stopped now, ended, or settled, by ``kind``) and, if a cent was
    moved so that the payments add up to zero, the line that says whose (the picture's
    payments band holds figures only)."""
    if settlement is not None:
        rules = table.settled_rules  # the pulka's own, until it is settled
        head = tx(
            _SHEET_CAPTIONS.get(kind, "settle_now"),
            stake=stake_text(rules.stake),
            currency=escape(rules.currency),
        )
        rounding = rounding_line(tx, rules, settlement)
        return head if rounding is None else head + "\n" + rounding
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


# --- answers of the handlers ---------------------------------------------------------
