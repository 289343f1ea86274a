"""The settings message of ``/newpulka`` without arguments.

One message that edits itself: variant, table size, target, stake, currency,
two pages of conventions (every switch of :class:`scoring.Rules`, each showing
its value and cycling on tap), the chat's language, "Sit down" and "Start".
The choices live in SQLite (``drafts``), keyed by the message, so they survive
a restart.  "Start"
creates the pulka through the same service call as the text command, and the
settings message becomes the pulka's scoreboard.
"""

from __future__ import annotations

from typing import Any

from aiogram import Bot, Router
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message

from bot.input.drafts import (
    BY_CODE,
    MAIN_OPS,
    STAKES,
    SWITCHES,
    TARGETS,
    Draft,
    Switch,
    apply,
    cur_of,
    sit,
    step_value,
)
from bot.service import PulkaError, PulkaService
from bot.store.db import DraftRow
from bot.telegram.boards import Boards
from bot.telegram.callbacks import SetupCB
from bot.telegram.handlers.common import author_of_user, candidate_names, is_admin
from bot.telegram.middlewares import CallbackNote
from bot.views.chat import name, num, rules_text, switch_words, variant_name
from bot.views.keyboards import markup
from bot.views.texts import LANGS, Texts
from scoring import Rules, stake_text


def switch_value(tx: Texts, rules: Rules, switch: Switch) -> str:
    """The value of a convention switch in words: ``джентльменские``, ``1-2-3``, ``да``."""
    return switch_words(tx, rules, switch.choices[0])


def _arrow(value: Any, unit: str, *, left: bool) -> str:
    """``◀ 15``, ``2 RUB ▶``; a bare arrow at the end of the range."""
    shown = " ".join(x for x in (num(value) if value is not None else "", unit) if x)
    if value is None:
        shown = unit
    return f"◀ {shown}".rstrip() if left else f"{shown} ▶".lstrip()


def _button(tx: Texts, draft: Draft, op: str, label: str, arg: str = "") -> tuple[str, str]:
    return label, SetupCB(op=op, cur=cur_of(draft, op, arg) if op != "pg" else arg).pack()


def draft_view(tx: Texts, draft: Draft) -> tuple[str, InlineKeyboardMarkup | None]:
    """The settings message for ``draft``: text and keyboard of its current page."""
    r = draft.rules
    lines = [tx("setup_title")]
    if draft.seated:
        lines.append(tx("setup_seated", count=len(draft.seated), seats=draft.seats,
                        names=", ".join(name(s.name) for s in draft.seated)))
    else:
        lines.append(tx("setup_nobody"))
    rows: list[list[tuple[str, str]]] = []
    if draft.page == "main":
        lines.append(tx("setup_summary", variant=variant_name(tx, r), seats=draft.seats,
                        target=r.target, stake=stake_text(r.stake),
                        currency=name(r.currency)))
        lines.append(tx("setup_help"))
        rows = [
            [_button(tx, draft, "va", tx("set_variant", value=variant_name(tx, r))),
             _button(tx, draft, "np", tx("set_seats", value=draft.seats))],
            [_button(tx, draft, "t-", _arrow(step_value(TARGETS, r.target, False), "", left=True)),
             _button(tx, draft, "in", tx("set_target", value=r.target)),
             _button(tx, draft, "t+", _arrow(step_value(TARGETS, r.target, True), "", left=False))],
            [_button(tx, draft, "s-", _arrow(step_value(STAKES, r.stake, False), r.currency,
                                             left=True)),
             _button(tx, draft, "in", tx("set_stake", value=f"{stake_text(r.stake)} {r.currency}")),
             _button(tx, draft, "s+", _arrow(step_value(STAKES, r.stake, True), r.currency,
                                             left=False))],
            [_button(tx, draft, "cu", tx("set_currency", value=r.currency)),
             (tx("set_lang", value=tx(f"lang_name_{tx.lang}")),
              SetupCB(op="lg", cur=tx.lang).pack())],
            [_button(tx, draft, "pg", tx("set_page_game"), "game"),
             _button(tx, draft, "pg", tx("set_page_raspasy"), "raspasy")],
            [_button(tx, draft, "sd", tx("btn_sit"))],
            [_button(tx, draft, "go", tx("btn_start")), _button(tx, draft, "x", tx("btn_cancel"))],
        ]
    else:
        lines.append(tx(f"setup_page_{draft.page}"))
        lines.append(tx("setup_tap"))
        lines.append(rules_text(tx, r))
        rows = [[_button(tx, draft, s.code, tx(s.label, value=switch_value(tx, r, s)))]
                for s in SWITCHES[draft.page]]
        rows.append([_button(tx, draft, "pg", tx("btn_done"), "main")])
    return "\n\n".join(lines), markup(rows)


async def open_settings(message: Message, service: PulkaService, tx: Texts,
                        thread_id: int) -> None:
    """Send a fresh settings message and remember its draft."""
    draft = Draft.new()
    text, keyboard = draft_view(tx, draft)
    sent = await message.answer(text, reply_markup=keyboard)
    user = message.from_user
    # Whoever opens the settings creates the pulka: their language becomes the
    # chat's if it has none yet.
    await service.open_draft(sent.chat.id, sent.message_id, thread_id, draft.to_json(),
                             None if user is None or message.sender_chat else user.id,
                             lang=tx.lang)


def router() -> Router:
    r = Router(name="setup")

    @r.callback_query(SetupCB.filter())
    async def setup_press(query: CallbackQuery, callback_data: SetupCB,
                          service: PulkaService, bot: Bot, tx: Texts, note: CallbackNote,
                          boards: Boards) -> None:
        msg = query.message
        assert isinstance(msg, Message)
        op, cur = callback_data.op, callback_data.cur
        row = await service.draft(msg.chat.id, msg.message_id)
        if row is None or row.pulka_id is not None or (op not in MAIN_OPS
                                                       and op not in BY_CODE):
            note(tx("stale"), alert=True)
            return
        user = query.from_user
        if op == "in":
            note(tx("note_hint"), alert=True)
            return
        if op != "sd":
            draft = Draft.from_json(row.data)
            if not (user.id == row.created_by or draft.is_seated(user.id)
                    or await is_admin(bot, msg.chat.id, user.id)):
                note(tx("setup_not_allowed"), alert=True)
                return
        if op == "go":
            await _start(query, msg, row, service, bot, tx, note, boards)
            return
        if op == "lg":
            await _next_lang(msg, row, cur, service, tx, note)
            return

        def change(current: DraftRow) -> dict[str, Any]:
            draft = Draft.from_json(current.data)
            if op == "sd":
                draft = sit(draft, user.id, candidate_names(user), user.username)
            elif op == "x":
                draft = Draft(draft.rules, draft.seats, draft.seated, draft.page, closed=True)
            else:
                draft = apply(draft, op, cur)
            return draft.to_json()

        try:
            data = await service.change_draft(msg.chat.id, msg.message_id, change)
        except PulkaError as e:
            note(tx(e.key, **{k: str(v) for k, v in e.params.items()}), alert=True)
            return
        if op == "x":
            await msg.edit_text(tx("setup_cancelled"), reply_markup=None)
            return
        text, keyboard = draft_view(tx, Draft.from_json(data))
        await msg.edit_text(text, reply_markup=keyboard)

    return r


async def _next_lang(msg: Message, row: DraftRow, cur: str, service: PulkaService, tx: Texts,
                     note: CallbackNote) -> None:
    """"🌐 Language": the chat's next language; the settings message redrawn in it."""
    if cur != tx.lang or cur not in LANGS:  # pressed twice, or changed by /lang since
        note(tx("stale"), alert=True)
        return
    new = Texts(LANGS[(LANGS.index(cur) + 1) % len(LANGS)])
    await service.set_lang(msg.chat.id, new.lang)
    text, keyboard = draft_view(new, Draft.from_json(row.data))
    await msg.edit_text(text, reply_markup=keyboard)
    note(new("lang_set"))


async def _start(query: CallbackQuery, msg: Message, row: DraftRow, service: PulkaService,
                 bot: Bot, tx: Texts, note: CallbackNote, boards: Boards) -> None:
    """"Start": create the pulka with the draft's rules and seats; the message becomes its board."""
    draft = Draft.from_json(row.data)
    if draft.closed:
        note(tx("stale"), alert=True)
        return
    try:
        written = await service.start_draft(msg.chat.id, msg.message_id, draft.rules,
                                            draft.seats, draft.seated,
                                            author_of_user(query.from_user))
    except PulkaError as e:
        note(tx(e.key, **{k: str(v) for k, v in e.params.items()}), alert=True)
        return
    if written.duplicate:
        note(tx("stale"), alert=True)
        return
    await boards.adopt(bot, tx, written.table, msg)
    note(tx("done"))
