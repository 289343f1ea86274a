"""``/newpulka``: with its conventions typed, the pulka and its scoreboard; bare, the
settings message, which edits itself.  Its choices live in SQLite (``drafts``), keyed by
the message, so they survive a restart; "Start" turns it into the pulka's scoreboard.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import chats, drafts, seating
from bot.actions.keeper import Keeper
from bot.features.setup.draft import CHANGES, Draft, apply, sit, with_currency
from bot.features.setup.view import bad_rules_text, draft_view
from bot.grammar.deals import parse_newpulka
from bot.model import DraftRow, PulkaError
from bot.telegram import delivery
from bot.telegram.context import (
    IN_GROUP,
    Members,
    author_of,
    author_of_user,
    candidate_names,
    on_keyboard,
    place,
    source,
)
from bot.telegram.delivery import Boards
from bot.views.buttons import SetupCB
from bot.views.texts import LANGS, Texts, default_currency
from scoring import InvalidRules

log = logging.getLogger(__name__)


def _bad_rules(tx: Texts, err: Exception, data: dict[str, Any]) -> str | None:
    return bad_rules_text(tx, err) if isinstance(err, InvalidRules) else None


async def new_pulka(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/newpulka sochi 20 …``: start a pulka, answered with its scoreboard; bare: the
    settings message."""
    chat_id, thread = place(message)
    if not (command.args or "").strip():
        await seating.may_open(keeper, chat_id, thread)
        await open_settings(message, keeper, tx, thread)
        return
    parsed = parse_newpulka(command.args or "")
    if parsed.currency is None:  # the chat's language names the money
        parsed = replace(parsed, currency=default_currency(tx.lang))
    written = await seating.start(
        keeper,
        chat_id,
        thread,
        parsed.rules(),
        author_of(message),
        source(message),
        seats=parsed.seats,  # вдвоём, впятером...; None: three or four
        lang=tx.lang,
    )
    text, keyboard, shown = boards.render(tx, written.table)
    sent = await message.answer(text, reply_markup=keyboard)
    # Delivered again, the answer is the board only if the first delivery's did not
    # become it (the bot stopped between the commit and the answer).
    if not written.duplicate or not await boards.placed(written.table):
        await boards.adopt(bot, tx, written.table, sent, shown)


async def open_settings(message: Message, keeper: Keeper, tx: Texts, thread_id: int) -> None:
    """Send a fresh settings message and remember its draft (the opener's language becomes
    the chat's if it has none yet).  It starts from the rules (stake and currency too) of
    the place's last pulka and its table's size, else from the defaults in the chat
    language's money."""
    last = await drafts.last_settings(keeper, message.chat.id, thread_id)
    if last is None:
        draft = Draft.new(default_currency(tx.lang))
    else:
        draft = Draft(rules=last[0], seats=last[1])
    text, keyboard = draft_view(tx, draft)
    sent = await message.answer(text, reply_markup=keyboard)
    user = message.from_user
    await drafts.open_draft(
        keeper,
        sent.chat.id,
        sent.message_id,
        thread_id,
        draft.to_json(),
        None if user is None or message.sender_chat else user.id,
        lang=tx.lang,
    )


async def _open_draft(msg: Message, keeper: Keeper) -> DraftRow:
    """The draft of the pressed settings message; ``stale`` once started or gone."""
    row = await drafts.get(keeper, msg.chat.id, msg.message_id)
    if row is None or row.pulka_id is not None:
        raise PulkaError("stale")
    return row


async def _draft_to_change(
    query: CallbackQuery, msg: Message, keeper: Keeper, bot: Bot, members: Members
) -> DraftRow:
    """As :func:`_open_draft`, if the presser may change it: its creator, a seated player
    or an admin."""
    row = await _open_draft(msg, keeper)
    user = query.from_user
    if not (
        user.id == row.created_by
        or Draft.from_json(row.data).is_seated(user.id)
        or await members.is_admin(bot, msg.chat.id, user.id)
    ):
        raise PulkaError("setup_not_allowed")
    return row


async def _redraw(msg: Message, keeper: Keeper, tx: Texts, step: Callable[[Draft], Draft]) -> None:
    """Apply ``step`` (a draft to the next) in one transaction and redraw the message."""
    data = await drafts.change(
        keeper, msg.chat.id, msg.message_id, lambda row: step(Draft.from_json(row.data)).to_json()
    )
    text, keyboard = draft_view(tx, Draft.from_json(data))
    await msg.edit_text(text, reply_markup=keyboard)


async def change_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: SetupCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    members: Members,
) -> None:
    """A choice: variant, size, target, stake, currency, page, seating, a convention."""
    await _draft_to_change(query, msg, keeper, bot, members)
    await _redraw(msg, keeper, tx, lambda d: apply(d, callback_data.op, callback_data.cur))


async def sit_press(query: CallbackQuery, msg: Message, keeper: Keeper, tx: Texts) -> None:
    """ "Sit down" (anyone): the presser is seated on the draft."""
    await _open_draft(msg, keeper)
    user = query.from_user
    await _redraw(msg, keeper, tx, lambda d: sit(d, user.id, candidate_names(user), user.username))


async def settings_open_here(message: Message, keeper: Keeper) -> dict[str, DraftRow] | bool:
    """No pulka at the message's place, and its settings message is open: a ``/join``
    there sits at it (the table just saw ``/newpulka``; "no pulka here" would send it in
    a circle)."""
    chat_id, thread_id = place(message)
    if await keeper.active(chat_id, thread_id) is not None:
        return False
    row = await drafts.latest_unstarted(keeper, chat_id, thread_id)
    if row is None or Draft.from_json(row.data).closed:
        return False
    return {"settings": row}


async def join_settings(
    message: Message,
    command: CommandObject,
    settings: DraftRow,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
) -> None:
    """``/join`` while the settings message is open: the sender sits at it, as "Sit down"
    does; a guest (``/join Name``) only once the pulka has started."""
    guest = (command.args or "").strip()
    user = message.from_user
    if guest:
        seating.check_name(guest, "bad_name")
        raise PulkaError("setup_join_guest", name=guest)
    if user is None or message.sender_chat is not None:
        raise PulkaError("bad_name")
    names = candidate_names(user)
    data = await drafts.change(
        keeper,
        settings.chat_id,
        settings.message_id,
        lambda row: sit(Draft.from_json(row.data), user.id, names, user.username).to_json(),
    )
    draft = Draft.from_json(data)
    text, keyboard = draft_view(tx, draft)
    try:
        await bot.edit_message_text(
            text, chat_id=settings.chat_id, message_id=settings.message_id, reply_markup=keyboard
        )
    except TelegramAPIError as e:  # seated all the same, and the answer says so
        log.info("settings message %s not redrawn: %s", settings.message_id, e)
    seated = next(s for s in draft.seated if s.user_id == user.id)
    full = len(draft.seated) == draft.seats
    await delivery.answer(
        message,
        tx(
            "setup_joined_full" if full else "setup_joined",
            name=seated.name,
            count=len(draft.seated),
            seats=draft.seats,
        ),
    )


async def note_press(msg: Message, keeper: Keeper) -> None:
    """The target or the stake itself: how to change it."""
    await _open_draft(msg, keeper)
    raise PulkaError("note_hint")


async def cancel_press(
    query: CallbackQuery, msg: Message, keeper: Keeper, bot: Bot, tx: Texts, members: Members
) -> None:
    """ "Cancel": the draft is closed, the message says so."""
    await _draft_to_change(query, msg, keeper, bot, members)
    await drafts.change(
        keeper,
        msg.chat.id,
        msg.message_id,
        lambda row: replace(Draft.from_json(row.data), closed=True).to_json(),
    )
    await msg.edit_text(tx("setup_cancelled"), reply_markup=None)


async def lang_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: SetupCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "🌐 Language": the chat's next language; the settings message redrawn in it."""
    row = await _draft_to_change(query, msg, keeper, bot, members)
    cur = callback_data.cur
    if cur != tx.lang or cur not in LANGS:  # pressed twice, or changed by /lang since
        raise PulkaError("stale")
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


async def start_press(
    query: CallbackQuery,
    msg: Message,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Start": the pulka with the draft's rules and seats; the message becomes its board."""
    row = await _draft_to_change(query, msg, keeper, bot, members)
    draft = Draft.from_json(row.data)
    if draft.closed:
        raise PulkaError("stale")
    written = await drafts.start(
        keeper,
        msg.chat.id,
        msg.message_id,
        draft.rules,
        draft.seats,
        draft.seated,
        author_of_user(query.from_user),
    )
    if written.duplicate:
        raise PulkaError("stale")
    await boards.adopt(bot, tx, written.table, msg)
    callback_answer.text = tx("done")


def router() -> Router:
    r = Router(name="setup")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (features/system)
    r.message.register(new_pulka, Command("newpulka"), flags={"refusal": _bad_rules})
    r.message.register(join_settings, Command("join"), settings_open_here)
    r.callback_query.register(change_press, SetupCB.filter(F.op.in_(CHANGES)))
    r.callback_query.register(sit_press, SetupCB.filter(F.op == "sd"))
    r.callback_query.register(note_press, SetupCB.filter(F.op == "in"))
    r.callback_query.register(cancel_press, SetupCB.filter(F.op == "x"))
    r.callback_query.register(lang_press, SetupCB.filter(F.op == "lg"))
    r.callback_query.register(start_press, SetupCB.filter(F.op == "go"))
    return r
