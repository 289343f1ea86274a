"""The settings message of ``/newpulka`` without arguments: its text and its buttons.

The main page shows the variant, the table size, target, stake, currency and the
chat's language, each with its button, and the seating ("1 ⇄ 2", who deals
first) once two have sat down; two more pages list every convention
switch of :class:`scoring.Rules`, each button showing its value.  Each button
carries the value it was pressed on (:class:`bot.views.callbacks.SetupCB`).

The table size cycles 3 → 4 → 5 → 2 (hussar) → 3 (:data:`bot.input.drafts.SIZE_CYCLE`)
and is said in words; every page shows only the conventions of that size
(:meth:`scoring.Convention.applies_to`): hussar's with two, five's with five.
"""

from __future__ import annotations

from typing import Any

from aiogram.types import InlineKeyboardMarkup

from bot.features.seating.view import seat_rows
from bot.features.setup.draft import (
    STAKES,
    TARGETS,
    Draft,
    Switch,
    cur_of,
    seat_cur,
    step_value,
    switches,
)
from bot.views.board import size_words, variant_name
from bot.views.callbacks import SetupCB
from bot.views.errors import error_text
from bot.views.format import name, num
from bot.views.keyboards import markup
from bot.views.rules import rules_text, switch_words
from bot.views.texts import Texts
from scoring import Rules, stake_text
from scoring.errors import ScoringError


def switch_value(tx: Texts, rules: Rules, switch: Switch) -> str:
    """The value of a convention switch in words: ``джентльменские``, ``1-2-3``, ``да``."""
    return switch_words(tx, rules, switch.choices[0])


def _arrow(value: Any, unit: str, *, left: bool) -> str:
    """``◀ 15``, ``2 RUB ▶``; a bare arrow at the end of the range."""
    shown = " ".join(x for x in (num(value) if value is not None else "", unit) if x)
    if value is None:
        shown = unit
    return f"◀ {shown}".rstrip() if left else f"{shown} ▶".lstrip()


def _button(draft: Draft, op: str, label: str, arg: str = "") -> tuple[str, str]:
    return label, SetupCB(op=op, cur=cur_of(draft, op, arg) if op != "pg" else arg).pack()


def _switch_rows(tx: Texts, draft: Draft, page: str) -> list[list[tuple[str, str]]]:
    """A button per convention of ``page`` that applies to the draft's table size."""
    r = draft.rules
    return [
        [_button(draft, s.code, tx(s.label, value=switch_value(tx, r, s)))]
        for s in switches(draft, page)
    ]


def _seat_rows(tx: Texts, draft: Draft) -> list[list[tuple[str, str]]]:
    """ "1 ⇄ 2" and "Deals: …" for the players seated so far (before "Start")."""
    seats = range(len(draft.seated))
    return seat_rows(
        tx,
        [s.name for s in draft.seated],
        [SetupCB(op="sw", cur=seat_cur(draft, i)).pack() for i in seats],
        [SetupCB(op="fd", cur=seat_cur(draft, i)).pack() for i in seats],
    )


def draft_view(tx: Texts, draft: Draft) -> tuple[str, InlineKeyboardMarkup | None]:
    """The settings message for ``draft``: text and keyboard of its current page."""
    r = draft.rules
    lines = [tx("setup_title")]
    if draft.seated:
        lines.append(
            tx(
                "setup_seated",
                count=len(draft.seated),
                seats=draft.seats,
                names=", ".join(name(s.name) for s in draft.seated),
            )
        )
        if len(draft.seated) > 1:
            lines.append(tx("seats_first", name=name(draft.seated[0].name)))
    else:
        lines.append(tx("setup_nobody"))
    rows: list[list[tuple[str, str]]] = []
    if draft.page == "main":
        lines.append(
            tx(
                "setup_summary",
                variant=variant_name(tx, r),
                seats=draft.seats,
                target=r.target,
                stake=stake_text(r.stake),
                currency=name(r.currency),
            )
        )
        lines.append(tx("table_line", size=size_words(tx, draft.seats, r)))
        lines.append(tx("setup_help"))
        rows = [
            [
                _button(draft, "va", tx("set_variant", value=variant_name(tx, r))),
                _button(draft, "np", tx("set_seats", value=draft.seats)),
            ],
            # The conventions of this size alone: hussar's mountain, who sits out at five.
            *_switch_rows(tx, draft, "main"),
            [
                _button(draft, "t-", _arrow(step_value(TARGETS, r.target, False), "", left=True)),
                _button(draft, "in", tx("set_target", value=r.target)),
                _button(draft, "t+", _arrow(step_value(TARGETS, r.target, True), "", left=False)),
            ],
            [
                _button(
                    draft, "s-", _arrow(step_value(STAKES, r.stake, False), r.currency, left=True)
                ),
                _button(draft, "in", tx("set_stake", value=f"{stake_text(r.stake)} {r.currency}")),
                _button(
                    draft, "s+", _arrow(step_value(STAKES, r.stake, True), r.currency, left=False)
                ),
            ],
            [
                _button(draft, "cu", tx("set_currency", value=r.currency)),
                (
                    tx("set_lang", value=tx(f"lang_name_{tx.lang}")),
                    SetupCB(op="lg", cur=tx.lang).pack(),
                ),
            ],
            [
                _button(draft, "pg", tx("set_page_game"), "game"),
                _button(draft, "pg", tx("set_page_raspasy"), "raspasy"),
            ],
            *_seat_rows(tx, draft),
            [_button(draft, "sd", tx("btn_sit"))],
            [_button(draft, "go", tx("btn_start")), _button(draft, "x", tx("btn_cancel"))],
        ]
    else:
        lines.append(tx(f"setup_page_{draft.page}"))
        lines.append(tx("setup_tap"))
        lines.append(rules_text(tx, r, draft.seats))
        rows = _switch_rows(tx, draft, draft.page)
        rows.append([_button(draft, "pg", tx("btn_done"), "main")])
    return "\n\n".join(lines), markup(rows)


def bad_rules_text(tx: Texts, err: ScoringError) -> str:
    """``/newpulka`` with conventions that do not go together, and the command's form."""
    return tx("bad_rules", reason=error_text(tx, err, path=True)) + "\n" + tx("form_newpulka")
