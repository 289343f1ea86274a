"""The words of one player's statistics (:mod:`bot.model.stats`), as ``/stats`` writes
them and the page's "Nights" shows them.  Names stand in the nominative."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from bot.model.stats import Balance, ChatStats, NightResult, PlayerStats
from bot.views.format import date_text, name, result, signed
from bot.views.texts import Texts
from scoring import money_text
from scoring.tally import LEVELS


def money_words(totals: Sequence[tuple[str, Fraction]]) -> str:
    """``+45.00 RUB, -3.00 EUR``: money told per currency, never summed across."""
    return ", ".join(f"{money_text(m, signed=True)} {name(c)}" for c, m in totals) or "0"


def night_words(tx: Texts, r: NightResult) -> str:
    return tx(
        "stats_night", whists=result(r.whists), number=r.number, date=date_text(tx, r.settled_at)
    )


def levels_words(tx: Texts, p: PlayerStats) -> str:
    """``6: 2 из 3, 7: 0 из 1``: made of declared, per level declared."""
    parts = []
    for level in LEVELS:
        played, made = p.tally.games(level)
        if played:
            parts.append(tx("stats_level", level=level, made=made, played=played))
    return ", ".join(parts)


def per_deal_words(p: PlayerStats) -> str:
    return "—" if p.per_deal is None else signed(p.per_deal)


def player_block(tx: Texts, place: int, p: PlayerStats) -> str:
    """Three lines of one player under ``/stats``."""
    levels = levels_words(tx, p)
    games = tx("stats_games", levels=levels) if levels else tx("stats_games_none")
    misere_played, misere_made = p.tally.misere
    return "\n".join(
        [
            tx(
                "stats_player",
                place=place,
                name=name(p.person.name),
                pulkas=p.pulkas,
                whists=result(p.whists),
                money=money_words(p.money),
            ),
            "   "
            + tx(
                "stats_player_nights",
                best=night_words(tx, p.best),
                worst=night_words(tx, p.worst),
                per_deal=per_deal_words(p),
            ),
            "   "
            + tx(
                "stats_player_games",
                games=games,
                misere=tx("stats_of", made=misere_made, played=misere_played),
                remizes=p.tally.remizes,
                raspasy=p.tally.raspasy_tricks,
            ),
        ]
    )


def pair_line(tx: Texts, b: Balance) -> str:
    """``Anna — Boris: +12.00 RUB``: what one of a pair won from the other across nights."""
    return tx(
        "stats_pair",
        winner=name(b.winner.name),
        loser=name(b.loser.name),
        amount=f"{money_text(b.amount, signed=True)} {name(b.currency)}",
    )


def chart_caption(tx: Texts, stats: ChatStats, currency: str) -> str:
    caption = tx("stats_chart_caption", currency=name(currency))
    others = [c for c, _, _ in stats.running if c != currency]
    if others:
        caption += "\n" + tx("stats_chart_other", currencies=", ".join(name(c) for c in others))
    return caption
