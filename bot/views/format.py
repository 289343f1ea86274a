"""How a figure, a sum of money, a name and a contract are written in a message.

Every figure comes from :mod:`scoring` and is written by :mod:`scoring.numbers`, so a
value reads the same in the chat, the picture and the export; names are HTML-escaped
(the bot sends in HTML parse mode).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from html import escape

from bot.views.texts import Texts
from scoring import (
    Choice,
    Contract,
    Correction,
    Deal,
    Game,
    Misere,
    Raspasy,
    Rules,
    Suit,
    figure,
    money_text,
    whists_text,
)
from scoring.sheet import Number


def num(x: Number | Decimal) -> str:
    """A figure for people: ``7``, ``7.5``, ``5.33``, ``-0.13`` (2 decimals at most).

    :func:`scoring.numbers.figure`, the one the picture and the export use, so a
    value reads the same everywhere (halves away from zero: 1/8 is 0.13).
    """
    return figure(x)


def signed(x: Number | Decimal) -> str:
    """``+7``, ``-2.5``, ``0`` (a figure that rounds to zero has no sign)."""
    return figure(x, signed=True)


def result(x: Number) -> str:
    """A result beside its money: ``+296⅔``, ``-15⅓``, ``+7.5`` (thirds exactly, so the
    money is this figure times the stake; :func:`scoring.numbers.whists_text`)."""
    return whists_text(x, signed=True)


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


#: Telegram's limit is 4096 characters per message; keep a margin.
MESSAGE_LIMIT = 4000


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


def date_text(tx: Texts, at: str | None) -> str:
    """``01.12.2026`` (Russian, Ukrainian), ``2026-12-01`` (English); UTC."""
    day = (at or "")[:10]
    if len(day) != 10:
        return "—"
    return tx("archive_date", year=day[:4], month=day[5:7], day=day[8:10])


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


def entry_key(deal: Deal, key: str, correction: str) -> str:
    """The message ``key`` about ``deal``, or ``correction`` if it is one: points written
    by hand are an entry ("запись №N"), not a deal played."""
    return correction if isinstance(deal, Correction) else key


def deal_words(tx: Texts, deal: Deal, names: tuple[str, ...], rules: Rules | None = None) -> str:
    """A deal in the usual notation, with its declarer: ``Anna 7♥ / ровно``."""
    return declarer_prefix(deal) + notation(tx, deal, names, rules)


def deal_in_full(tx: Texts, deal: Deal, names: tuple[str, ...], rules: Rules | None = None) -> str:
    """:func:`deal_words` and who took what: ``Anna 7♥ / ровно — Boris вист 3, Vera пас 0``
    (two forms of one deal that differ only in a defender's count read apart)."""
    return deal_words(tx, deal, names, rules) + details(tx, deal, names, rules)
