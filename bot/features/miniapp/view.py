"""The sheet, the history and the nights as the page draws them: plain JSON of texts
and figures.

Every figure and every sentence comes from the chat's views and :mod:`scoring` (the same
standings ``/score text`` shows, the same protocol lines ``/history`` writes); the page
only lays them out.  The chat's texts are HTML for Telegram, with the players' words
escaped: :func:`plain` turns them back into text, which the page sets as text, never
as markup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from bot.model import LiveDeal, Table, shown_settlement, table_at
from bot.model.debts import Debt
from bot.model.rating import Ratings, points
from bot.model.stats import ChatStats, chart_data, chart_ticks
from bot.views.board import headline
from bot.views.buttons import DebtCB, pulka_ref
from bot.views.deal import (
    cost_items,
    dealer_line,
    effect_lines,
    history_lines,
    standings_lines,
    write_items,
)
from bot.views.debts import debt_lines, debt_rows, pulka_numbers
from bot.views.errors import plain
from bot.views.format import (
    contract_label,
    declarer_prefix,
    details,
    notation,
    num,
    result,
)
from bot.views.rating import player_text, rating_line
from bot.views.settlement import amendment_blocks, money_lines
from bot.views.stats import chart_caption, money_words, pair_line, per_deal_words, player_block
from bot.views.texts import Texts
from scoring import (
    Choice,
    Contract,
    Correction,
    Deal,
    Suit,
    entry,
    figure,
    money_text,
    play,
    standings,
)
from scoring.cost import deal_cost
from scoring.settle import share

#: Words of the page itself (its labels), by their key in the catalog.
LABELS = (
    "ma_pool",
    "ma_offline",
    "ma_ended",
    "ma_changed",
    "ma_results",
    "ma_mountain",
    "ma_whists",
    "ma_standings",
    "ma_money",
    "ma_history",
    "ma_nights",
    "ma_sheet",
    "ma_back",
    "ma_live",
    "ma_no_deals",
    "ma_loading",
    "ma_changes",
    "ma_wrote",
    "ma_cost",
    "ma_error",
)


def labels(tx: Texts) -> dict[str, str]:
    return {key.removeprefix("ma_"): tx(key) for key in LABELS}


#: A pulka's status on the page, and its words.
STATUS_TEXTS = {
    "running": "ma_status_running",
    "closed": "ma_status_closed",
    "ended": "ma_status_ended",
    "settled": "ma_status_settled",
    "cancelled": "ma_status_cancelled",
}


def status_of(table: Table) -> str:
    if table.cancelled:
        return "cancelled"
    if table.active:
        # Played to its target, not settled yet: no deal is written any more.
        return "closed" if table.state is not None and table.state.finished else "running"
    return "settled" if table.settled else "ended"


def mark(last: int, lang: str, refused: str | None) -> str:
    """What the page's poll sends back to be told its sheet is still the one it drew:
    the pulka's last event, and what the sheet rests on that is no event of the pulka
    (the chat's language, whether the user may write deals).

    >>> mark(42, "uk", None), mark(42, "ru", "ma_err_not_player")
    ('42.uk.1', '42.ru.0')
    """
    return f"{last}.{lang}.{int(refused is None)}"


def sheet(
    tx: Texts, table: Table, *, after: LiveDeal | None = None, refused: str | None
) -> dict[str, Any]:
    """The sheet of ``table`` (as it stood after the deal ``after``, if given): each
    player's pool, mountain and whists, the standings in whists and money, whose deal is
    next, the settlement once there is one.  The live sheet carries the deal form, and
    whether its user may write deals (``refused``: the catalog key of why not, None if
    he may; no default, so that no caller offers the form by forgetting to ask), with
    the reason in words if a deal could be written now but not by him."""
    past = after is not None
    if after is not None:
        table = table_at(table, after.event.id)
    rules = table.rules
    out: dict[str, Any] = {
        "pulka": pulka_ref(table.id),
        "last": table.last_event_id,
        "mark": None if past else mark(table.last_event_id, tx.lang, refused),
        "lang": tx.lang,
        "title": plain(headline(tx, rules)),
        "status": status_of(table),
        "status_text": tx(STATUS_TEXTS[status_of(table)]),
        "deals": len(table.deals),
        "after": None if after is None else after.number,
        "after_text": None if after is None else tx("ma_after_deal", number=after.number),
        "labels": labels(tx),
        "players": [],
        "standings": None,
        "next": None,
        "settlement": None,
    }
    state = table.state
    if state is None:  # still seating: the names only
        out["players"] = [{"name": p.name} for p in table.players]
        out["next"] = tx("ma_seating")
        return out
    sheet_ = state.sheet
    stand = standings(state)
    players = []
    for i, who in enumerate(table.names):
        players.append(
            {
                "name": who,
                "pool": num(sheet_.pulka[i]),
                "mountain": num(sheet_.mountain[i]),
                "whists": [
                    {"on": on, "amount": num(v), "zero": v == 0}
                    for on, v in sheet_.whists_by(i).items()
                ],
                "standing": result(stand[i]),
                # The result times the stake, as the settlement's lines write it.
                "money": money_text(share(stand[i], rules.stake), signed=True)
                if rules.stake
                else None,
            }
        )
    out["players"] = players
    out["currency"] = rules.currency
    if table.active or past:
        out["standings"] = [plain(line) for line in standings_lines(tx, table)]
    if state.finished and table.active and not past:
        out["next"] = tx("ma_finished")
    elif (table.active or past) and not state.finished:
        out["next"] = plain(dealer_line(tx, "next_dealer", table.names, state))
    if not table.active and not past:
        out["settlement"] = settlement(tx, table)
    if not past:
        out["entry"] = entry_form(tx, table)
        out["may_write"] = refused is None
        out["no_write"] = tx(refused) if refused is not None and out["entry"] else None
    return out


def settlement(tx: Texts, table: Table) -> dict[str, Any] | None:
    """The settlement of a pulka that is over: each result and its money, who pays
    whom (the stored one once settled), then the corrections written after it."""
    s = shown_settlement(table)
    if s is None:
        return None
    rules = table.settled_rules
    head = "ma_settled" if table.settled else "ma_ended"
    return {
        "title": tx(head),
        "results": [
            {
                "name": who,
                "result": result(r),
                "money": money_text(share(r, rules.stake), signed=True) if rules.stake else None,
            }
            for who, r in zip(s.players, s.results, strict=True)
        ],
        "lines": [plain(line) for line in money_lines(tx, rules, s)],
        "after": [plain(block) for block in amendment_blocks(tx, table)],
        "debts": debt_buttons(tx, table),
    }


def debt_buttons(tx: Texts, table: Table) -> list[list[dict[str, Any]]]:
    """The "Paid" / "Received" buttons of a settled pulka, as the chat's settlement
    message has them (:func:`bot.views.debts.debt_rows`): each with its line and kind."""
    if not table.settled or table.cancelled:
        return []
    rows = []
    for row in debt_rows(tx, table):
        buttons = []
        for label, data in row:
            cb = DebtCB.unpack(data)
            buttons.append({"label": label, "payer": cb.payer, "payee": cb.payee, "got": cb.got})
        rows.append(buttons)
    return rows


def history(tx: Texts, table: Table) -> dict[str, Any]:
    """Every deal by its number: its notation, what it wrote, its cost, who entered it
    and when; a deal undone or deleted in its place; then the amendments, old → new."""
    names = table.names
    entries: list[tuple[int, dict[str, Any]]] = []
    for live in table.deals:
        deal = live.deal
        items = write_items(tx, names, live.step.writes)
        when = live.event.created_at
        entries.append(
            (
                live.number,
                {
                    "number": live.number,
                    "event": live.event.id,
                    "notation": plain(
                        declarer_prefix(deal)
                        + notation(tx, deal, names, table.rules)
                        + details(tx, deal, names, table.rules)
                    ),
                    "wrote": plain("; ".join(items)) if items else tx("write_nothing"),
                    "cost": plain(cost_items(tx, names, deal_cost(live.before, live.deal))),
                    "author": table.author(live.event),
                    "when": when[:16].replace("T", " ") + " UTC",
                    # The page shows it in the phone's own time zone (``when`` if it cannot).
                    "at": when,
                    "amended": live.amended is not None,
                    "correction": isinstance(deal, Correction),
                },
            )
        )
    undone = set(table.undone)
    for n in table.gone:
        key = "history_undone" if n in undone else "history_gone"
        entries.append((n, {"number": n, "gone": plain(tx(key, number=n))}))
    amendments = [plain(line) for line in _amendment_lines(tx, table)]
    return {
        "pulka": pulka_ref(table.id),
        "last": table.last_event_id,
        "title": tx("ma_history"),
        "labels": labels(tx),
        "deals": [e for _, e in sorted(entries, key=lambda x: x[0])],
        "changes": amendments,
    }


def _amendment_lines(tx: Texts, table: Table) -> list[str]:
    """The amendments (``/edit``, ``/delete``), then the corrections after settling."""
    return history_lines(tx, table)[1:] + [
        line for block in amendment_blocks(tx, table) for line in block.split("\n")
    ]


# --- a deal entered in the page ----------------------------------------------------------


def entry_form(tx: Texts, table: Table) -> dict[str, Any] | None:
    """What the page's deal form offers for the next deal (None: no deal can be written
    now): the players at the table in speaking order, each declarer's defenders, the
    contracts allowed, the answers, the trick counts; every word in the chat's language."""
    state = table.state
    if not table.playable or state is None:
        return None
    seats = state.next_table
    names = table.names
    suits = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.NO_TRUMPS)
    return {
        "last": table.last_event_id,
        "number": table.dealt + 1,
        "at_table": [{"seat": s, "name": names[s]} for s in seats.at_table],
        "defenders": {str(s): list(seats.defenders(s)) for s in seats.at_table},
        "dummy": seats.dummy,
        "misere": seats.misere_allowed,
        "contracts": [
            {"code": f"{level}{suit.value}", "label": contract_label(tx, Contract(level, suit))}
            for level in seats.levels
            for suit in suits
        ],
        "choices": [{"code": c.value, "label": tx(c.value)} for c in Choice],
        # The page offers the counts scoring allows, not a range of its own.
        "counts": list(entry.COUNTS),
        # Each count with its word in the right plural ("1 взятка", "5 взяток").
        "count_labels": [tx("misere_tricks", n=n) for n in entry.COUNTS],
        "labels": {key.removeprefix("ma_"): tx(key) for key in ENTRY_LABELS},
        "kinds": {"game": tx("ma_game"), "misere": tx("misere"), "raspasy": tx("raspasy")},
    }


#: The deal form's words.
ENTRY_LABELS = (
    "ma_enter",
    "ma_enter_tab",
    "ma_declarer",
    "ma_contract",
    "ma_tricks",
    "ma_check",
    "ma_write",
    "ma_not_given",
)


def preview(tx: Texts, table: Table, deal: Deal) -> dict[str, Any]:
    """What ``deal`` would write on ``table`` now and what it would cost each player
    (:func:`scoring.play` accepts it: the caller checked)."""
    assert table.state is not None
    names = table.names
    step = play(table.state, deal)
    cost = deal_cost(table.state, deal)
    return {
        "notation": plain(
            declarer_prefix(deal)
            + notation(tx, deal, names, table.rules)
            + details(tx, deal, names, table.rules)
        ),
        "lines": [plain(line) for line in effect_lines(tx, names, step.writes, cost, preview=True)],
        "closes": tx("wiz_closes") if step.state.finished else None,
    }


# --- the chat's nights ---------------------------------------------------------------------

#: The words of the "Nights" tab.
NIGHTS_LABELS = (
    "ma_nights",
    "ma_n_stats",
    "ma_n_player",
    "ma_n_pulkas",
    "ma_n_whists",
    "ma_n_money",
    "ma_n_per_deal",
    "ma_n_chart",
    "ma_n_chart_hint",
    "ma_n_rating",
    "ma_n_rating_hint",
    "ma_n_debts",
)


def nights(
    tx: Texts,
    stats: ChatStats,
    ratings: Ratings,
    open_debts: Sequence[Debt],
    numbers: Mapping[int, int],
    settled: Sequence[Table],
) -> dict[str, Any]:
    """The chat's nights as ``/stats``, ``/stats chart``, ``/rating`` and ``/debts`` tell
    them (the same figures, the same words): each player's statistics, the money chart's
    series (running totals after each night, exact to the cent as text, and as numbers
    to draw), the rating with each player's history, the open debts; and the "Paid" /
    "Received" buttons of the ``settled`` pulkas that still have an open line."""
    out: dict[str, Any] = {
        "labels": {key.removeprefix("ma_"): tx(key) for key in NIGHTS_LABELS},
        "count": stats.nights,
        "empty": None if stats.nights else plain(tx("stats_empty")),
        "title": plain(tx("stats_title", count=stats.nights)) if stats.nights else None,
        "players": [
            {
                "place": place,
                "key": p.person.key,
                "name": p.person.name,
                "pulkas": p.pulkas,
                "whists": result(p.whists),
                "money": plain(money_words(p.money)),
                "per_deal": per_deal_words(p),
                "lines": plain(player_block(tx, place, p)).split("\n"),
            }
            for place, p in enumerate(stats.players, 1)
        ],
        # Head to head: /stats' pairs, the largest first.
        "pairs": {
            "title": plain(tx("stats_pairs_title")),
            "lines": [plain(pair_line(tx, b)) for b in stats.balances],
        }
        if stats.balances
        else None,
        "chart": chart(tx, stats),
        "rating": rating(tx, ratings, numbers),
        "debts": {
            "title": plain(tx("debts_title")),
            "none": None if open_debts else tx("debts_none"),
            "lines": [plain(line) for d in open_debts for line in debt_lines(tx, d, numbers)],
            "pulkas": [
                {
                    "pulka": pulka_ref(t.id),
                    "number": pulka_numbers(tx, numbers, [t.id]) or "—",
                    "buttons": [row for row in debt_buttons(tx, t) if len(row) > 1],
                }
                for t in settled
            ],
        },
    }
    return out


def chart(tx: Texts, stats: ChatStats) -> dict[str, Any] | None:
    """The money chart of ``/stats chart`` as numbers: the nights (by number), each
    player's running total after each of them, and the axis' round values; the page
    draws it."""
    data = chart_data(stats)
    if data is None:
        return None
    currency, numbers, series = data
    values: list[Fraction] = [Fraction(0), *(v for _, line in series for v in line)]
    # The best at the end first, as the picture's legend.
    shown = sorted(series, key=lambda s: (-s[1][-1] if s[1] else 0, s[0].name.casefold()))
    return {
        "title": tx("stats_chart_title", currency=currency),
        "caption": plain(chart_caption(tx, stats, currency)),
        "currency": currency,
        "nights": list(numbers),
        "ticks": [
            {"value": float(t), "text": figure(t)} for t in chart_ticks(min(values), max(values))
        ],
        "series": [
            {
                "key": who.key,
                "name": who.name,
                "values": [float(v) for v in line],
                "texts": [money_text(v, signed=True) for v in line],
                "total": money_text(line[-1] if line else Fraction(0), signed=True),
            }
            for who, line in shown
        ],
    }


def rating(tx: Texts, ratings: Ratings, numbers: Mapping[int, int]) -> dict[str, Any] | None:
    """``/rating``'s table, a line a player, each with his history (``/rating Name``)."""
    if not ratings.standings:
        return None
    return {
        "title": plain(tx("rating_title", count=len(ratings.nights))),
        "players": [
            {
                "key": s.person.key,
                "name": s.person.name,
                "rating": points(s.rating),
                "line": plain(rating_line(tx, s)),
                "history": plain(player_text(tx, ratings, s, numbers)).split("\n"),
            }
            for s in ratings.standings
        ],
        "rule": plain(tx("rating_rule")),
    }
