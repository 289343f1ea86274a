"""The settings message of ``/newpulka`` without arguments.

One message that edits itself (drawn by :func:`bot.views.setup.draft_view`):
variant, table size, target, stake, currency (by default the chat language's),
two pages of conventions, the chat's language, "Sit down", the seating (swap two
seats, who deals first) and "Start".  The choices live in SQLite
(``drafts``), keyed by the message, so they survive a restart.  "Start"
creates the pulka through the same keeper call as the text command, and the
settings message becomes the pulka's scoreboard.
"""

from __future__ import annotations

from typing import Any

from aiogram import Bot, Router
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import chats, drafts
from bot.actions.keeper import Keeper
from bot.features.seating.view import default_currency
from bot.features.setup.draft import (
    BY_CODE,
    MAIN_OPS,
    SEAT_OPS,
    Draft,
    apply,
    reseat,
    sit,
    with_currency,
)
from bot.features.setup.view import draft_view
from bot.model import DraftRow, PulkaError
from bot.telegram.boards import Boards
from bot.telegram.common import author_of_user, candidate_names, is_admin, refuse
from bot.telegram.filters import on_keyboard
from bot.views.callbacks import SetupCB
from bot.views.errors import pulka_error_text
from bot.views.texts import LANGS, Texts


async def open_settings(message: Message, keeper: Keeper, tx: Texts, thread_id: int) -> None:
    """Send a fresh settings message and remember its draft."""
    draft = Draft.new(default_currency(tx.lang))  # the money of the chat's language
    text, keyboard = draft_view(tx, draft)
    sent = await message.answer(text, reply_markup=keyboard)
    user = message.from_user
    # Whoever opens the settings creates the pulka: their language becomes the
    # chat's if it has none yet.
    await drafts.open_draft(
        keeper,
        sent.chat.id,
        sent.message_id,
        thread_id,
        draft.to_json(),
        None if user is None or message.sender_chat else user.id,
        lang=tx.lang,
    )


async def _next_lang(
    msg: Message,
    row: DraftRow,
    cur: str,
    keeper: Keeper,
    tx: Texts,
    callback_answer: CallbackAnswer,
) -> None:
    """ "🌐 Language": the chat's next language; the settings message redrawn in it."""
    if cur != tx.lang or cur not in LANGS:  # pressed twice, or changed by /lang since
        refuse(callback_answer, tx("stale"))
        return
    new = Texts(LANGS[(LANGS.index(cur) + 1) % len(LANGS)])
    await chats.set_lang(keeper, msg.chat.id, new.lang)
    draft = Draft.from_json(row.data)
    if draft.rules.currency == default_currency(cur):
        # Still the old language's money, untouched: the new language's instead.
        draft = with_currency(draft, default_currency(new.lang))
        data = draft.to_json()
        await drafts.change(keeper, msg.chat.id, msg.message_id, lambda _row: data)
    text, keyboard = draft_view(new, draft)
    await msg.edit_text(text, reply_markup=keyboard)
    callback_answer.text = new("lang_set")


async def _start(
    query: CallbackQuery,
    msg: Message,
    row: DraftRow,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    callback_answer: CallbackAnswer,
    boards: Boards,
) -> None:
    """ "Start": create the pulka with the draft's rules and seats; it becomes the board."""
    draft = Draft.from_json(row.data)
    if draft.closed:
        refuse(callback_answer, tx("stale"))
        return
    try:
        written = await drafts.start(
            keeper,
            msg.chat.id,
            msg.message_id,
            draft.rules,
            draft.seats,
            draft.seated,
            author_of_user(query.from_user),
        )
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        return
    if written.duplicate:
        refuse(callback_answer, tx("stale"))
        return
    await boards.adopt(bot, tx, written.table, msg)
    callback_answer.text = tx("done")


async def setup_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: SetupCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    """A settings button: change the draft (its creator, a seated player or an admin),
    sit down (anyone), switch the language, cancel, or start the pulka."""
    op, cur = callback_data.op, callback_data.cur
    row = await drafts.get(keeper, msg.chat.id, msg.message_id)
    known = op in MAIN_OPS or op in BY_CODE or op in SEAT_OPS
    if row is None or row.pulka_id is not None or not known:
        refuse(callback_answer, tx("stale"))
        return
    user = query.from_user
    if op == "in":
        refuse(callback_answer, tx("note_hint"))
        return
    if op != "sd":
        draft = Draft.from_json(row.data)
        if not (
            user.id == row.created_by
            or draft.is_seated(user.id)
            or await is_admin(bot, msg.chat.id, user.id)
        ):
            refuse(callback_answer, tx("setup_not_allowed"))
            return
    if op == "go":
        await _start(query, msg, row, keeper, bot, tx, callback_answer, boards)
        return
    if op == "lg":
        await _next_lang(msg, row, cur, keeper, tx, callback_answer)
        return

    def change(current: DraftRow) -> dict[str, Any]:
        draft = Draft.from_json(current.data)
        if op == "sd":
            draft = sit(draft, user.id, candidate_names(user), user.username)
        elif op == "x":
            draft = Draft(draft.rules, draft.seats, draft.seated, draft.page, closed=True)
        elif op in SEAT_OPS:
            draft = reseat(draft, op, cur)  # swap two seats, or who deals first
        else:
            draft = apply(draft, op, cur)
        return draft.to_json()

    try:
        data = await drafts.change(keeper, msg.chat.id, msg.message_id, change)
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        return
    if op == "x":
        await msg.edit_text(tx("setup_cancelled"), reply_markup=None)
        return
    text, keyboard = draft_view(tx, Draft.from_json(data))
    await msg.edit_text(text, reply_markup=keyboard)


def router() -> Router:
    r = Router(name="setup")
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (handlers/system.py)
    r.callback_query.register(setup_press, SetupCB.filter())
    return r
