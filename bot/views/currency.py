"""The money a new pulka is written in by default: the chat language's (a label only:
the engine counts whists, money is whists times the stake)."""

from __future__ import annotations

CURRENCY_OF_LANG = {"ru": "RUB", "uk": "UAH", "en": "EUR"}


def default_currency(lang: str) -> str:
    """The default currency of a chat speaking ``lang``: ``RUB``, ``UAH``, ``EUR``."""
    return CURRENCY_OF_LANG.get(lang, CURRENCY_OF_LANG["ru"])
