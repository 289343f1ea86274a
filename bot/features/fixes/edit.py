"""Changing or deleting any past deal of a running pulka.

``/edit`` (or ``/delete``) as a reply to the bot's message about a deal, or to the
command that wrote it, or with the deal's number (``/edit 3``); "✏️" under a deal and
under ``/history``.  ``/edit`` and "✏️" open the deal wizard on that deal
(:mod:`bot.features.fixes.view`): its "Write it" replaces the deal, its "🗑" asks to
delete it.  ``/edit`` with a deal typed after it (``/edit 3 Anna 7h 8 ...``, or as a
reply) replaces the deal at once.  Each is an ``amend`` event in the log; an amendment
that would make a later deal impossible is refused, naming that deal.

``/undo`` takes back the last event only if it is a deal; an amendment is changed by
another ``/edit`` of the same deal.
"""

from __future__ import annotations

import re
from contextlib import suppress
from dataclasses import replace

from aiogram import Bot, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import deals
from bot.actions.keeper import Keeper
from bot.features.fixes.view import (
    about,
    amend_screen,
    amended_answer,
    amended_note,
    delete_button,
    delete_keyboard,
    kept_text,
    open_screen,
)
from bot.grammar.deals import parse_correction, parse_deal
from bot.model import EventKind, LiveDeal, PulkaError, Table
from bot.telegram import delivery
from bot.telegram.context import (
    IN_GROUP,
    Members,
    author_of,
    author_of_user,
    called,
    on_keyboard,
    pulka_here,
    pulka_of_press,
    source,
)
from bot.telegram.delivery import Boards
from bot.views.buttons import (
    AmendWizardCB,
    DeleteCB,
    EditCB,
    UndoAskCB,
    WizardOp,
    markup,
)
from bot.views.deal import wizard_cancelled_text
from bot.views.errors import error_text
from bot.views.format import entry_key
from bot.views.texts import Texts
from bot.views.wizard import outdated
from scoring import Correction, Deal, ScoringError

#: ``/edit 3`` or ``/edit 3 Anna 7h 8 ...``: the deal's number, then a typed deal.
_NUMBERED = re.compile(r"([1-9][0-9]{0,5})(?:\s+(.*))?", re.DOTALL)


def _named_event(reply: Message, bot: Bot) -> tuple[int, int] | None:
    """The (pulka, deal event) a bot's message names on its buttons."""
    if reply.from_user is None or reply.from_user.id != bot.id or reply.reply_markup is None:
        return None
    for row in reply.reply_markup.inline_keyboard:
        for button in row:
            for kind in (EditCB, UndoAskCB, DeleteCB, AmendWizardCB):
                try:
                    cb = kind.unpack(button.callback_data or "")
                except (TypeError, ValueError):
                    continue
                return cb.pulka, cb.edit if isinstance(cb, AmendWizardCB) else cb.event
    return None


async def _replied(reply: Message, keeper: Keeper, bot: Bot) -> tuple[Table | None, int | None]:
    """The pulka and deal event a replied-to message is about: the bot's message about
    a deal, or the command that wrote or amended it."""
    named = _named_event(reply, bot)
    if named is not None:
        return await keeper.get(named[0]), named[1]
    found = await keeper.written_by(source(reply))
    if found is None:
        return None, None
    table, event = found
    if event.kind == EventKind.DEAL:
        return table, event.id
    if event.kind == EventKind.AMEND:
        return table, int(event.payload.get("event", 0))
    return table, None


async def _target(
    message: Message, command: CommandObject, keeper: Keeper, bot: Bot, members: Members
) -> tuple[Table, LiveDeal, str]:
    """The deal ``/edit`` or ``/delete`` is about, if its sender may change it, and the
    rest of the command (a typed deal, or nothing)."""
    args = (command.args or "").strip()
    table, event_id = None, None
    if message.reply_to_message is not None:
        table, event_id = await _replied(message.reply_to_message, keeper, bot)
        if table is not None and table.row.chat_id != message.chat.id:
            table = None
    if event_id is None:
        numbered = _NUMBERED.fullmatch(args)
        if numbered is None:
            raise PulkaError("amend_usage")
        table = await pulka_here(message, keeper)
        number, args = int(numbered[1]), (numbered[2] or "").strip()
        event_id = table.deal_asked(number).event.id
    if table is None:
        raise PulkaError("amend_usage")
    if not table.active:
        raise PulkaError("amend_ended")
    if not await members.may_write(
        bot, table, message.chat, message.from_user, message.sender_chat
    ):
        raise PulkaError("not_allowed")
    live = table.deal_by_event(event_id)
    if live is None:
        raise PulkaError("amend_gone")
    return table, live, args


async def _send_editor(target: Message, tx: Texts, table: Table, live: LiveDeal) -> None:
    """Open the editing wizard on ``live`` as a new message (a correction: only "🗑")."""
    if isinstance(live.deal, Correction):
        await target.answer(
            about(tx, "amend_correction", table, live),
            reply_markup=markup([[delete_button(tx, table, live)]]),
        )
        return
    shown = open_screen(tx, table, live)
    await target.answer(shown.text, reply_markup=shown.markup())


async def edit(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
) -> None:
    """``/edit`` (a reply, or ``/edit 3``): the deal wizard on that deal; with a deal
    typed after it (``/edit 3 Anna 7h 8 Boris whist 2 Vera pass 0``, or as a reply),
    that deal replaces it at once."""
    table, live, typed = await _target(message, command, keeper, bot, members)
    if not typed:
        await _send_editor(message, tx, table, live)
        return
    # Read on the sheet before ``live``: its seating says who a short form leaves out.
    # An entry by hand is changed by another one (``/edit 11 Аня гора -2``).
    if isinstance(live.deal, Correction):
        fixed = parse_correction(typed, table.players)
        if not fixed.note and live.deal.note:  # new amounts, the table's note kept
            fixed = replace(fixed, note=live.deal.note)
        deal: Deal = fixed
    else:
        deal = parse_deal(typed, table.players, live.before)
    try:
        written = await deals.amend(
            keeper, table.id, live.event.id, deal, author_of(message), source(message)
        )
    except ScoringError as e:  # said of this deal, not as a new one "not written"
        key = entry_key(live.deal, "amend_rejected", "amend_rejected_correction")
        raise PulkaError(key, number=live.number, reason=error_text(tx, e, html=False)) from None
    assert written.event is not None
    answer = amended_answer(tx, written.table, written.event, written.before)
    await boards.beside(bot, tx, written.table, delivery.answer(message, *answer))


async def delete(
    message: Message, command: CommandObject, keeper: Keeper, bot: Bot, tx: Texts, members: Members
) -> None:
    """``/delete`` (a reply, or ``/delete 3``): ask to delete that deal."""
    table, live, _ = await _target(message, command, keeper, bot, members)
    await message.answer(
        about(
            tx,
            entry_key(live.deal, "amend_delete_confirm", "amend_delete_confirm_correction"),
            table,
            live,
        ),
        reply_markup=delete_keyboard(tx, table, live),
    )


def delete_question(tx: Texts, table: Table, live: LiveDeal) -> str:
    """ "Delete deal N: …?" (an entry, if a correction)."""
    key = entry_key(live.deal, "amend_delete_confirm", "amend_delete_confirm_correction")
    return about(tx, key, table, live)


async def _pressed(
    query: CallbackQuery, msg: Message, pulka_id: int, keeper: Keeper, bot: Bot, members: Members
) -> Table:
    """The pulka a press names, if of this chat, running, and the presser may change it."""
    table = await pulka_of_press(query, msg, pulka_id, keeper, bot, members)
    if not table.active:
        raise PulkaError("amend_ended")
    return table


async def edit_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: EditCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    members: Members,
) -> None:
    """ "✏️" under a deal or under /history: the editing wizard, as a new message."""
    table = await _pressed(query, msg, callback_data.pulka, keeper, bot, members)
    live = table.deal_by_event(callback_data.event)
    if live is None:
        raise PulkaError("amend_gone")
    await _send_editor(msg, tx, table, live)


async def _written_again(
    query: CallbackQuery, msg: Message, keeper: Keeper, tx: Texts, callback_answer: CallbackAnswer
) -> bool:
    """A press on a message that has amended already (delivered again): answered with
    what it did; True if it was one."""
    found = await keeper.written_by(source(msg))
    if found is None:
        return False
    table, event = found
    if event.kind != EventKind.AMEND or event.author_id != query.from_user.id:
        raise PulkaError("stale")  # someone else's press at the same moment
    callback_answer.text = amended_note(tx, table, event)
    await delivery.edit_or_answer(msg, *amended_answer(tx, table, event, None))
    return True


async def _amend(
    query: CallbackQuery,
    msg: Message,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
    table: Table,
    target: int,
    expect_last: int,
    deal: Deal | None,
) -> None:
    """Write the amendment a press asks for and turn its message into the answer."""
    author = author_of_user(query.from_user)
    written = await deals.amend(
        keeper, table.id, target, deal, author, source(msg), expect_last=expect_last
    )
    assert written.event is not None
    after = written.table
    callback_answer.text = amended_note(tx, after, written.event)
    answer = amended_answer(tx, after, written.event, written.before)
    await boards.beside(bot, tx, after, delivery.edit_or_answer(msg, *answer))


async def amend_wizard_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: AmendWizardCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """An editing wizard's button: the next screen, cancel, or "Write it" (replace)."""
    w = callback_data.wizard()
    if w.op is WizardOp.WRITE and await _written_again(query, msg, keeper, tx, callback_answer):
        return
    table = await _pressed(query, msg, w.pulka, keeper, bot, members)
    if w.op is WizardOp.CANCEL:
        await msg.edit_text(
            wizard_cancelled_text(tx, called(table, query.from_user)),
            reply_markup=None,
        )
        return
    live = table.deal_by_event(w.edit)
    if live is None:
        raise PulkaError("amend_gone")
    if outdated(table, w):
        # Written over meanwhile: the message says so and offers "✏️" afresh, rather
        # than keep a keypad whose every key is refused.
        again = EditCB(pulka=table.id, event=live.event.id).pack() if table.active else None
        keyboard = markup([[(tx("btn_edit"), again)]] if again else [])
        with suppress(TelegramAPIError):
            await msg.edit_text(about(tx, "amend_outdated", table, live), reply_markup=keyboard)
        raise PulkaError("stale")
    shown = amend_screen(tx, table, live, w)
    if w.op is WizardOp.SHOW:
        await msg.edit_text(shown.text, reply_markup=shown.markup())
        return
    assert shown.deal is not None
    await _amend(
        query, msg, keeper, bot, tx, boards, callback_answer, table, w.edit, w.last, shown.deal
    )


async def delete_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: DeleteCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "🗑" asks (the message becomes the question); "Yes, delete" deletes; "No" keeps."""
    cb = callback_data
    if cb.op == "y" and await _written_again(query, msg, keeper, tx, callback_answer):
        return
    table = await _pressed(query, msg, cb.pulka, keeper, bot, members)
    live = table.deal_by_event(cb.event)
    if cb.op == "n":
        kept = kept_text(tx, "amend_kept", "amend_kept_correction", live)
        await msg.edit_text(kept, reply_markup=None)
        return
    if live is None:
        raise PulkaError("amend_gone")
    if table.last_event_id != cb.last:
        raise PulkaError("stale")
    if cb.op == "a":
        await msg.edit_text(
            about(
                tx,
                entry_key(live.deal, "amend_delete_confirm", "amend_delete_confirm_correction"),
                table,
                live,
            ),
            reply_markup=delete_keyboard(tx, table, live),
        )
        return
    await _amend(
        query, msg, keeper, bot, tx, boards, callback_answer, table, cb.event, cb.last, None
    )


def router() -> Router:
    r = Router(name="amend")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (features/system)
    r.message.register(edit, Command("edit"))
    r.message.register(delete, Command("delete"))
    r.callback_query.register(edit_press, EditCB.filter())
    r.callback_query.register(amend_wizard_press, AmendWizardCB.filter())
    r.callback_query.register(delete_press, DeleteCB.filter())
    return r
