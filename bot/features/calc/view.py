"""``/calc`` texts and buttons: the paper sheet's settlement, its errors, the step-by-step message.

The step-by-step message writes the sheet so far as the one-message form, in a code
block, so that the message is its own state and can be copied whole.
"""

from __future__ import annotations

from html import escape
from typing import Any

from aiogram.types import InlineKeyboardMarkup

from bot.features.calc.sheet import Calc, PaperSheet, form_lines, next_line
from bot.model import ParseError
from bot.views.board import variant_name
from bot.views.buttons import CalcCB, markup
from bot.views.errors import error_text, params_text
from bot.views.format import name
from bot.views.settlement import settlement_text
from bot.views.texts import Texts
from scoring import Rules, ScoringError
from scoring.rules import HussarMountain
from scoring.seating import TABLE_SIZES

#: The first characters of every step-by-step message (how a reply to one is known).
MARK = "🧮"
VARIANTS = ("sochi", "leningrad", "rostov")
#: Telegram's limit on a photo's caption.
CAPTION_LIMIT = 1024


def form_words(tx: Texts) -> dict[str, str]:
    """The chat language's words of the typed form (the parser reads every language's)."""
    return {
        "variant_sochi": tx("calc_word_sochi"),
        "variant_leningrad": tx("calc_word_leningrad"),
        "variant_rostov": tx("calc_word_rostov"),
        "to": tx("calc_word_to"),
        "at": tx("calc_word_at"),
        "pulka": tx("calc_word_pulka"),
        "mountain": tx("calc_word_mountain"),
        "whists": tx("calc_word_whists"),
    }


def result_text(tx: Texts, calc: Calc) -> str:
    """The settlement of a paper sheet: the game, results, money, who pays whom."""
    rules = calc.rules
    head = tx(
        "calc_result_title",
        variant=variant_name(tx, rules),
        target=rules.target,
        n=len(calc.players),
    )
    if len(calc.players) == 2:  # hussar: the dummy is no player of the settlement
        head += "\n" + tx("calc_result_hussar", mountain=rules.hussar_mountain.value)
    s = calc.settlement
    return head + "\n" + settlement_text(tx, rules, s, final=s.finished)


def calc_refusal(tx: Texts, err: Exception, data: object) -> str | None:
    """What is wrong, the expected form, an example (and nothing else)."""
    what = _wrong(tx, err)
    return None if what is None else "\n".join([what, tx("calc_form"), tx("calc_example")])


def step_refusal(tx: Texts, err: Exception, data: dict[str, Any]) -> str | None:
    """A bad reply to the step-by-step message: what is wrong and what it asks for (of
    ``calc_sheet``, the sheet before the reply)."""
    what = _wrong(tx, err)
    return None if what is None else what + "\n" + ask_text(tx, data["calc_sheet"])


def _wrong(tx: Texts, err: Exception) -> str | None:
    if isinstance(err, ParseError):
        return tx(err.key, **params_text(err.params))
    return error_text(tx, err, path=True) if isinstance(err, ScoringError) else None


# --- the step-by-step message ------------------------------------------------------------


def ask_text(tx: Texts, sheet: PaperSheet) -> str:
    """What the message asks for now: the names, or the next player's figures."""
    if not sheet.lines:
        return tx("calc_ask_names", example=" ".join(default_names(tx, sheet.size)))
    seat = next_line(sheet)
    if seat is None:
        return tx("calc_done")
    who = sheet.lines[seat].name
    others = [x.name for x in sheet.lines if x.name != who]
    example = " ".join(["20", "4", *(["10"] * len(others))])
    return tx(
        "calc_ask_figures",
        name=name(who),
        others=", ".join(name(x) for x in others),
        example=example,
    )


def step_text(tx: Texts, sheet: PaperSheet, last: str | None = None) -> str:
    """The step-by-step message: title, the form so far (kept once closed, to copy), and
    the question, or ``last``."""
    form = escape("\n".join(form_lines(sheet, form_words(tx))), quote=False)
    last = last or ask_text(tx, sheet)
    return "\n".join([f"{MARK} {tx('calc_title')}", f"<pre>{form}</pre>", "", last])


def default_names(tx: Texts, n: int) -> list[str]:
    """The first ``n`` of the chat language's example names."""
    return tx("calc_default_names").split()[:n]


def step_keyboard(tx: Texts, sheet: PaperSheet) -> InlineKeyboardMarkup | None:
    """Variant and table size (2 to 5; with two, hussar's mountain) while the names are
    awaited; then "Back" and "Close"."""
    rows: list[list[tuple[str, str]]] = []
    if not sheet.lines:
        rows.append(
            [
                (_ticked(v == sheet.variant, variant_name(tx, Rules.for_variant(v))), _cb("va", v))
                for v in VARIANTS
            ]
        )
        rows.append(
            [
                (_ticked(n == sheet.size, tx("calc_btn_players", n=n)), _cb("np", str(n)))
                for n in TABLE_SIZES
            ]
        )
        if sheet.size == 2:
            now = HussarMountain(
                dict(sheet.conventions).get("hussar_mountain", Rules().hussar_mountain)
            )
            other = next(m for m in HussarMountain if m is not now)
            rows.append([(tx("calc_btn_mountain", mountain=now.value), _cb("hm", other.value))])
        names = ", ".join(default_names(tx, sheet.size))
        rows.append([(tx("calc_btn_names", names=names), _cb("ab"))])
    else:
        rows.append([(tx("calc_btn_back"), _cb("bk"))])
    rows.append([(tx("calc_btn_close"), _cb("x"))])
    return markup(rows)


def _ticked(chosen: bool, label: str) -> str:
    return "✓ " + label if chosen else label


def _cb(op: str, arg: str = "") -> str:
    return CalcCB(op=op, arg=arg).pack()
