"""Texts, the button and the CSVs of the statistics across nights (``/stats``).

Names stand in the nominative.  A message stays within Telegram's 4096 characters:
players and pairs past that are counted, not listed.  The CSVs are in the dialect of a
spreadsheet in the chat's language (:mod:`bot.views.spreadsheet`); the statistics' one
has a fixed English header (column names a formula may rely on).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from aiogram.types import InlineKeyboardMarkup

from bot.model import Table
from bot.model.stats import ChatStats, PlayerStats
from bot.views.buttons import StatsCB, markup
from bot.views.format import contract_label, name, notation, result
from bot.views.spreadsheet import Cell, csv_file
from bot.views.stats import (
    levels_words,
    money_words,
    night_words,
    pair_line,
    per_deal_words,
    player_block,
)
from bot.views.texts import Texts
from scoring import Correction, Deal, Game, Misere, Raspasy, money_text, standings
from scoring.tally import LEVELS

#: Telegram's limit on a message, less room for the closing lines.
LIMIT = 4096
#: Pairs listed under ``/stats`` at most (the rest are counted).
PAIRS = 12
#: Names listed in the answer to an unknown name at most.
KNOWN = 20


def size(text: str) -> int:
    """The length Telegram counts: UTF-16 code units (an emoji of a name is two)."""
    return len(text.encode("utf-16-le")) // 2


def stats_text(tx: Texts, stats: ChatStats) -> str:
    """``/stats``: every player (the most whists first), then head-to-head, in one message."""
    if not stats.nights:
        return tx("stats_empty")
    how = tx("stats_how")
    room = LIMIT - size(how) - 200  # the closing lines and the counts of the left out
    parts = [tx("stats_title", count=stats.nights)]
    used = size(parts[0])
    left_players = 0
    for place, p in enumerate(stats.players, 1):
        block = player_block(tx, place, p)
        if left_players or used + size(block) + 2 > room:
            left_players += 1
            continue
        parts.append(block)
        used += size(block) + 2
    if left_players:
        parts.append(tx("stats_more_players", count=left_players))
    if stats.balances:
        lines = [tx("stats_pairs_title")]
        left_pairs = 0
        for b in stats.balances:
            line = pair_line(tx, b)
            if left_pairs or len(lines) > PAIRS or used + size(line) + 1 > room:
                left_pairs += 1
                continue
            lines.append(line)
            used += size(line) + 1
        if left_pairs:
            lines.append(tx("stats_more_pairs", count=left_pairs))
        parts.append("\n".join(lines))
    parts.append(how)
    return "\n\n".join(parts)


def card_text(tx: Texts, stats: ChatStats, p: PlayerStats) -> str:
    """``/stats Name``: one player's full card, his head-to-head lines included."""
    others = p.names[1:]
    aka = (" " + tx("stats_card_aka", names=", ".join(name(n) for n in others))) if others else ""
    levels = levels_words(tx, p)
    misere_played, misere_made = p.tally.misere
    lines = [
        tx("stats_card_title", name=name(p.person.name), aka=aka),
        tx("stats_card_played", pulkas=p.pulkas, deals=p.tally.deals),
        tx("stats_card_whists", whists=result(p.whists), per_deal=per_deal_words(p)),
        tx("stats_card_money", money=money_words(p.money)),
        tx("stats_card_best", night=night_words(tx, p.best)),
        tx("stats_card_worst", night=night_words(tx, p.worst)),
        tx("stats_card_games", levels=levels) if levels else tx("stats_card_no_games"),
        tx("stats_card_misere", made=misere_made, played=misere_played),
        tx("stats_card_remizes", remizes=p.tally.remizes, short=p.tally.short),
        tx("stats_card_raspasy", tricks=p.tally.raspasy_tricks),
    ]
    pairs = stats.balances_of(p.person.key)
    if pairs:
        lines.append(tx("stats_card_pairs"))
        used = sum(size(line) + 1 for line in lines)
        for other, currency, amount in pairs:
            line = "   " + tx(
                "stats_card_pair",
                other=name(other.name),
                amount=f"{money_text(amount, signed=True)} {name(currency)}",
            )
            if used + size(line) + 1 > LIMIT - 10:
                lines.append("   …")
                break
            lines.append(line)
            used += size(line) + 1
    else:
        lines.append(tx("stats_card_no_pairs"))
    return "\n".join(lines)


def unknown_text(tx: Texts, stats: ChatStats, query: str) -> str:
    """``/stats Someone`` nobody played as: the names there are, and an example."""
    known = [p.person.name for p in stats.players]
    listed = ", ".join(name(n) for n in known[:KNOWN]) + (", …" if len(known) > KNOWN else "")
    shown = query.strip()
    if len(shown) > 40:
        shown = shown[:40] + "…"
    return tx(
        "stats_unknown",
        query=name(shown),
        names=listed,
        example=name(known[0]) if known else "",
    )


def stats_keyboard(tx: Texts, stats: ChatStats) -> InlineKeyboardMarkup | None:
    """ "📈 Chart" under ``/stats`` (once there is a night to draw)."""
    if not stats.nights:
        return None
    return markup([[(tx("stats_chart_button"), StatsCB(chart=1).pack())]])


# --- the chart -------------------------------------------------------------------------


# --- the CSV ---------------------------------------------------------------------------


def stats_csv(stats: ChatStats, lang: str) -> bytes:
    """``/export csv stats``: one row per player (see the module), in the dialect of a
    spreadsheet in ``lang`` (:mod:`bot.views.spreadsheet`)."""
    currencies = list(dict.fromkeys(c for c, _, _ in stats.running))
    header = ["name", "telegram", "pulkas", "deals", "whists", "whists_per_deal"]
    header += [f"money_{c}" for c in currencies]
    header += ["best_whists", "best_pulka", "best_date", "worst_whists", "worst_pulka"]
    header += ["worst_date"]
    for level in LEVELS:
        header += [f"games_{level}_declared", f"games_{level}_made"]
    header += ["misere_declared", "misere_made", "remizes", "remize_tricks", "allpass_tricks"]
    rows: list[list[Cell]] = [list(header)]
    for p in stats.players:
        money = dict(p.money)
        row: list[Cell] = [
            p.person.name,
            p.usernames[0] if p.usernames else "",
            p.pulkas,
            p.tally.deals,
            p.whists,
            "" if p.per_deal is None else p.per_deal,
        ]
        # Money to the cent, as a spreadsheet's money column is written.
        row += [Decimal(money_text(money[c])) if c in money else "" for c in currencies]
        for r in (p.best, p.worst):
            row += [r.whists, r.number, r.settled_at[:10]]
        for level in LEVELS:
            row += list(p.tally.games(level))
        row += [
            p.tally.misere_played,
            p.tally.misere_made,
            p.tally.remizes,
            p.tally.short,
            p.tally.raspasy_tricks,
        ]
        rows.append(row)
    return csv_file(rows, lang)


# --- the CSV of a pulka's deals (``/export csv``) ---------------------------------------


def _kind(tx: Texts, deal: Deal) -> str:
    if isinstance(deal, Game):
        return tx("deals_csv_game")
    if isinstance(deal, Misere):
        return tx("misere")
    if isinstance(deal, Raspasy):
        return tx("raspasy")
    return tx("correction")


def csv_header(tx: Texts, names: Sequence[str]) -> list[str]:
    head = [
        tx("deals_csv_number"),
        tx("deals_csv_kind"),
        tx("deals_csv_declarer"),
        tx("deals_csv_contract"),
        tx("deals_csv_result"),
        tx("deals_csv_tricks"),
    ]
    for p in names:
        head += [
            tx("deals_csv_player_tricks", name=p),
            tx("deals_csv_player_choice", name=p),
            tx("deals_csv_pulka", name=p),
            tx("deals_csv_mountain", name=p),
        ]
        head += [tx("deals_csv_whists", name=p, on=q) for q in names if q != p]
        head.append(tx("deals_csv_standing", name=p))
    head.append(tx("deals_csv_note"))
    return head


def csv_rows(tx: Texts, table: Table) -> list[list[Cell]]:
    """One row per deal in force: what it was, what each player wrote (the deal's own
    writes, :attr:`LiveDeal.step`) and the standings after it (whists if stopped then)."""
    names = table.names
    n = len(names)
    rows = []
    for live in table.deals:
        deal, writes = live.deal, live.step.writes
        declarer = contract = result = tricks = note = ""
        at_table: dict[str, int] = {}
        choices: dict[str, str] = {}
        if isinstance(deal, Game):
            declarer, contract = deal.declarer, contract_label(tx, deal.contract)
            result = notation(tx, deal).split(" / ", 1)[-1]
            at_table = deal.trick_map
            tricks = str(deal.declarer_tricks)
            choices = {who: tx(c.value) for who, c in deal.defence}
        elif isinstance(deal, Misere):
            declarer, tricks = deal.declarer, str(deal.tricks)
            result = notation(tx, deal).split(" / ", 1)[-1]
            at_table = {deal.declarer: deal.tricks}
        elif isinstance(deal, Raspasy):
            at_table = deal.trick_map
        elif isinstance(deal, Correction):
            declarer, note = deal.player, deal.note
        standing = standings(live.step.state)
        row: list[Cell] = [live.number, _kind(tx, deal), declarer, contract, result, tricks]
        for i, p in enumerate(names):
            row += [
                at_table.get(p, ""),
                choices.get(p, ""),
                writes.pulka[i],
                writes.mountain[i],
            ]
            row += [writes.whists_on(i, j) for j in range(n) if j != i]
            row.append(standing[i])
        row.append(note)
        rows.append(row)
    return rows


def deals_csv(tx: Texts, table: Table) -> bytes:
    """The pulka's deals as CSV, one header row, in the dialect of a spreadsheet in the
    chat's language (:mod:`bot.views.spreadsheet`)."""
    return csv_file([csv_header(tx, table.names), *csv_rows(tx, table)], tx.lang)


def csv_caption(tx: Texts, table: Table) -> str:
    return tx("deals_csv_caption", deals=len(table.deals))
