"""The texts of a refusal: what is wrong, in the chat's language, and what was not done.

The error router (:mod:`bot.telegram.errors`) answers every refused update with
:func:`refusal_text`, or with a feature's own renderer where the handler names one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from html import unescape
from typing import Any

from bot.model import AmendBreaks, ParseError, PulkaError
from bot.views.format import contract_label, declarer_prefix, name, notation, num
from bot.views.texts import Texts
from bot.views.words import json_reason
from scoring import Contract, PulkaState, ScoringError, seating, stake_text
from scoring.errors import MESSAGES


def plain(text: str) -> str:
    """An HTML message as a press's answer shows it: no tags, entities read back."""
    return unescape(re.sub(r"<[^>]+>", "", text))


def params_text(params: dict[str, object], *, html: bool = True) -> dict[str, object]:
    """A refusal's parameters for its message: whole numbers as they are (a plural
    variant selects on them), anything else as text, HTML-escaped for a message."""
    return {
        k: v if isinstance(v, int) and not isinstance(v, bool) else name(str(v)) if html else str(v)
        for k, v in params.items()
    }


def refusal_text(tx: Texts, err: Exception) -> str:
    """What an update refused by ``err`` is answered (HTML)."""
    if isinstance(err, PulkaError):
        return pulka_error_text(tx, err)
    if isinstance(err, ParseError):
        return parse_error_text(tx, err, err.players, err.state)
    if isinstance(err, AmendBreaks):
        return breaks_text(tx, err)
    if isinstance(err, ScoringError):
        return deal_rejected_text(tx, err)
    raise TypeError(f"not a refusal: {err!r}")


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
    params = params_text(err.params)
    lines = [tx(err.key, **params)]
    if seating.hussar(len(players)) and err.form in _HUSSAR_FORMS:  # hussar: its own forms
        a, b = (name(x) for x in players)
        lines.append(tx(_HUSSAR_FORMS[err.form], a=a, b=b))
    elif err.form:
        examples = [*players, "Anna", "Boris", "Vera"][:3] if len(players) < 3 else players
        if state is not None and len(players) == state.n and seating.anyone_sits_out(state.n):
            # The example is a deal the table could write next: not who sits it out.
            examples = [players[s] for s in state.next_table.at_table]
        a, b, c = (name(x) for x in examples[:3])
        lines.append(tx(f"form_{err.form}", a=a, b=b, c=c))
    lines.append(tx("nothing_recorded"))
    return "\n".join(lines)


def lookup_refusal(tx: Texts, err: Exception, data: dict[str, Any]) -> str | None:
    """A command that only reads (``/stats Бо``) asked which player it means: the
    question alone, without "nothing was written", which it never could (a handler's
    ``refusal`` flag; anything else as every refusal is told)."""
    if isinstance(err, ParseError):
        return tx(err.key, **params_text(err.params))
    return None


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
        params: dict[str, object] = {
            k: v
            if isinstance(v, int) and not isinstance(v, bool)
            else error_param(tx, k, v, html=html)
            for k, v in err.params.items()
        }
        if err.code == "json_syntax":  # Python's English reason, told in the chat's words
            params["reason"] = json_reason(tx, str(err.params.get("reason", "")))
        text = tx(f"err-{err.code}", **params)
    else:
        text = name(err.message) if html else err.message
    if path and err.path:
        text = f"{name(err.path) if html else err.path}: {text}"
    return text


def pulka_error_text(tx: Texts, err: PulkaError, *, html: bool = True) -> str:
    """A refused write (:class:`bot.service.PulkaError`) in the chat's language.

    Its parameters are names and numbers: HTML-escaped for a message (``html``),
    plain for a press's answer, which Telegram shows as it is.
    """
    return tx(err.key, **params_text(err.params, html=html))


def deal_rejected_text(tx: Texts, err: ScoringError) -> str:
    """A typed deal the engine refused: why (its first words say nothing was written)."""
    return tx("deal_rejected", reason=error_text(tx, err))


def breaks_text(tx: Texts, e: AmendBreaks, *, html: bool = True) -> str:
    """An amendment refused: the later deal it would make impossible, and why."""
    table = e.table
    deal = e.broken.deal
    words = declarer_prefix(deal) + notation(tx, deal, table.names, table.rules)
    return tx(
        "amend_breaks",
        number=e.broken.number,
        notation=words if html else plain(words),
        reason=error_text(tx, e.error, html=html),
    )
