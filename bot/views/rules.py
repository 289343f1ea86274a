"""The conventions in words: each convention's value, the settings' switches, ``/rules``."""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum
from html import escape

from bot.views.board import variant_name
from bot.views.texts import Texts
from scoring import seating
from scoring.numbers import stake_text
from scoring.rules import CONVENTION, CONVENTIONS, Rules

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
    if seats is not None and seating.hussar(seats):
        # One whister, so no split, no pair short, no half-whist.
        words["whist"] = tx("rules_hussar_whist")
        words["whist_shortfall"] = tx("rules_hussar_shortfall")
        words["quota_liable"] = tx("rules_hussar_liable")
        words["consolation"] = tx("rules_hussar_consolation")
        words["half_whist"] = tx("no")
    body = tx("rules_body", variant=variant_name(tx, rules), **words)
    if seats in SIZE_RULES:
        body += "\n" + tx(SIZE_RULES[seats], **words)
    return f"{tx('rules_title')}\n{body}"
