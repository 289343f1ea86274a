"""The settings message of ``/newpulka`` without arguments: its text and its buttons.

The main page: variant, table size (in words), target, stake, currency, the chat's
language and the seating once two have sat down; two more pages: the convention
switches.  Every page shows only the conventions of the draft's table size
(:meth:`scoring.Convention.applies_to`), and each button carries the value it was
pressed on (:class:`bot.views.buttons.SetupCB`).
"""

from __future__ import annotations

from typing import Any

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.features.setup.draft import (
    STAKES,
    TARGETS,
    Draft,
    cur_of,
    seat_cur,
    step_value,
    switches,
)
from bot.views.board import size_words, variant_name
from bot.views.buttons import SetupCB
from bot.views.errors import error_text
from bot.views.format import name, num
from bot.views.rules import rules_text, switch_words
from bot.views.seats import seat_buttons
from bot.views.texts import Texts
from scoring import stake_text
from scoring.errors import ScoringError


def _arrow(value: Any, unit: str, *, left: bool) -> str:
    """``◀ 15``, ``2 RUB ▶``; a bare arrow at the end of the range."""
    shown = unit if value is None else f"{num(value)} {unit}".strip()
    return f"◀ {shown}".rstrip() if left else f"{shown} ▶".lstrip()


def _button(draft: Draft, op: str, label: str, arg: str = "") -> InlineKeyboardButton:
    cur = cur_of(draft, op, arg)
    return InlineKeyboardButton(text=label, callback_data=SetupCB(op=op, cur=cur).pack())


def _switch_rows(kb: InlineKeyboardBuilder, tx: Texts, draft: Draft, page: str) -> None:
    """A button per convention of ``page`` that applies to the draft's table size."""
    for s in switches(draft, page):
        value = switch_words(tx, draft.rules, s.choices[0])
        kb.row(_button(draft, s.code, tx(f"set_{s.code}", value=value)))


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
    kb = InlineKeyboardBuilder()
    if draft.page != "main":
        lines.append(tx(f"setup_page_{draft.page}"))
        lines.append(tx("setup_tap"))
        lines.append(rules_text(tx, r, draft.seats))
        _switch_rows(kb, tx, draft, draft.page)
        kb.row(_button(draft, "pg", tx("btn_done"), "main"))
        return "\n\n".join(lines), kb.as_markup()
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
    kb.row(
        _button(draft, "va", tx("set_variant", value=variant_name(tx, r))),
        _button(draft, "np", tx("set_seats", value=draft.seats)),
    )
    # The conventions of this size alone: hussar's mountain, who sits out at five.
    _switch_rows(kb, tx, draft, "main")
    target, stake = r.target, r.stake
    kb.row(
        _button(draft, "t-", _arrow(step_value(TARGETS, target, False), "", left=True)),
        _button(draft, "in", tx("set_target", value=target)),
        _button(draft, "t+", _arrow(step_value(TARGETS, target, True), "", left=False)),
    )
    kb.row(
        _button(draft, "s-", _arrow(step_value(STAKES, stake, False), r.currency, left=True)),
        _button(draft, "in", tx("set_stake", value=f"{stake_text(stake)} {r.currency}")),
        _button(draft, "s+", _arrow(step_value(STAKES, stake, True), r.currency, left=False)),
    )
    kb.row(
        _button(draft, "cu", tx("set_currency", value=r.currency)),
        InlineKeyboardButton(
            text=tx("set_lang", value=tx(f"lang_name_{tx.lang}")),
            callback_data=SetupCB(op="lg", cur=tx.lang).pack(),
        ),
    )
    kb.row(
        _button(draft, "pg", tx("set_page_game"), "game"),
        _button(draft, "pg", tx("set_page_raspasy"), "raspasy"),
    )
    # "1 ⇄ 2" and "Deals: …" for the players seated so far.
    kb.attach(
        seat_buttons(
            tx,
            [s.name for s in draft.seated],
            lambda i: SetupCB(op="sw", cur=seat_cur(draft, i)),
            lambda i: SetupCB(op="fd", cur=seat_cur(draft, i)),
        )
    )
    if len(draft.seated) < draft.seats:  # a full table offers no seat
        kb.row(_button(draft, "sd", tx("btn_sit")))
    kb.row(_button(draft, "go", tx("btn_start")), _button(draft, "x", tx("btn_cancel")))
    return "\n\n".join(lines), kb.as_markup()


def bad_rules_text(tx: Texts, err: ScoringError) -> str:
    """``/newpulka`` with conventions that do not go together, and the command's form."""
    return tx("bad_rules", reason=error_text(tx, err, path=True)) + "\n" + tx("form_newpulka")
