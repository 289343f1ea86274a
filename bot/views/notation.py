"""A deal as the protocol writes it: ``Anna 6♠ / ровно — Boris вист 3, Vera пас 1``."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from bot.views.format import contract_text, name
from bot.views.texts import Texts
from scoring import Choice, Correction, Deal, Game, Misere, Raspasy, Rules


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


def deal_words(tx: Texts, deal: Deal, names: tuple[str, ...], rules: Rules | None = None) -> str:
    """A deal in the usual notation, with its declarer: ``Anna 7♥ / ровно``."""
    return declarer_prefix(deal) + notation(tx, deal, names, rules)
