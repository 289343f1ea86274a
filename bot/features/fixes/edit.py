"""Changing or deleting any past deal of a running pulka.

``/edit`` (or ``/delete``) as a reply to the bot's message about a deal, or to the
command that wrote it, or with the deal's number (``/edit 3``); "✏️" under a deal
and under ``/history``.  ``/edit`` and "✏️" open the deal wizard on that deal
(:mod:`bot.features.fixes.view`): its "Write it" replaces the deal, its "🗑" asks to delete
it.  ``/edit`` with a deal typed after it (``/edit 3 Anna 7h 8 ...``, or as a
reply) replaces the deal at once.  Each is an ``amend`` event in the log
(:meth:`Keeper.amend_deal`); the sheet is replayed, the answer shows old ->
new and every standing before -> after.  An amendment that would make a later
deal impossible is refused, naming that deal, and nothing is written.

``/undo`` takes back the last event only if it is a deal: right after an
amendment it says so (``undo_after_amend``); an amendment is changed by another
``/edit`` of the same deal.
"""

from __future__ import annotations

import re

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import deals
from bot.actions.keeper import Keeper
from bot.features.fixes.view import (
    amend_screen,
    amended_note,
    correction_keyboard,
    correction_text,
    delete_keyboard,
    delete_prompt,
    edit_keyboard,
    is_correction,
    kept_text,
    open_screen,
)
from bot.grammar.deals import parse_deal
from bot.model import (
    AmendBreaks,
    EventKind,
    LiveDeal,
    ParseError,
    PulkaError,
    Source,
    Table,
    Written,
)
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.telegram.common import (
    author_of,
    author_of_user,
    display_name,
    may_change,
    may_write,
    pulka_here,
    refuse,
    source,
)
from bot.telegram.filters import IN_GROUP, on_keyboard
from bot.views.callbacks import (
    AmendWizardCB,
    DeleteCB,
    EditCB,
    UndoAskCB,
    WizardOp,
)
from bot.views.errors import (
    breaks_text,
    deal_rejected_note,
    deal_rejected_text,
    parse_error_text,
    pulka_error_text,
)
from bot.views.keyboards import screen_markup
from bot.views.texts import Texts
from bot.views.written import amended_text
from scoring import Deal, ScoringError

#: ``/edit 3`` or ``/edit 3 Anna 7h 8 ...``: the deal's number, then a typed deal.
_NUMBERED = re.compile(r"([1-9][0-9]{0,5})(?:\s+(.*))?", re.DOTALL)


def _named_event(reply: Message, bot: Bot) -> tuple[int, int] | None:
    """The (pulka, deal event) a bot's message names on its buttons."""
    if reply.from_user is None or reply.from_user.id != bot.id or reply.reply_markup is None:
        return None
    for row in reply.reply_markup.inline_keyboard:
        for button in row:
            data = button.callback_data or ""
            for kind in (EditCB, UndoAskCB, DeleteCB):
                try:
                    cb = kind.unpack(data)
                except (TypeError, ValueError):
                    continue
                return cb.pulka, cb.event
            try:
                w = AmendWizardCB.unpack(data)
            except (TypeError, ValueError):
                continue
            return w.pulka, w.edit
    return None


async def _target(
    message: Message, command: CommandObject, keeper: Keeper, bot: Bot, tx: Texts
) -> tuple[Table, LiveDeal, str] | None:
    """The deal ``/edit`` or ``/delete`` is about, if its sender may change it, and the
    rest of the command (a typed deal, or nothing); else None, after answering why not."""
    args = (command.args or "").strip()
    reply = message.reply_to_message
    table: Table | None = None
    event_id: int | None = None
    if reply is not None:
        named = _named_event(reply, bot)
        if named is not None:
            table = await keeper.get(named[0])
            event_id = named[1]
        else:
            found = await keeper.written_by(Source(message.chat.id, reply.message_id))
            if found is not None:
                table, event = found
                if event.kind == EventKind.DEAL:
                    event_id = event.id
                elif event.kind == EventKind.AMEND:
                    event_id = int(event.payload.get("event", 0))
        if table is not None and table.row.chat_id != message.chat.id:
            table = None
    if event_id is None:
        numbered = _NUMBERED.fullmatch(args)
        if numbered is None:
            await message.answer(tx("amend_usage"))
            return None
        table = await pulka_here(message, keeper, tx)
        if table is None:
            return None
        number, args = int(numbered[1]), (numbered[2] or "").strip()
        if number > len(table.deals):
            await message.answer(tx("amend_no_deal", number=number, count=len(table.deals)))
            return None
        event_id = table.deals[number - 1].event.id
    if table is None:
        await message.answer(tx("amend_usage"))
        return None
    if not table.active:
        await message.answer(tx("amend_ended"))
        return None
    if not await may_change(message, bot, tx, table):
        return None
    live = table.deal_by_event(event_id)
    if live is None:
        await message.answer(tx("amend_gone"))
        return None
    return table, live, args


async def _send_editor(target: Message, tx: Texts, table: Table, live: LiveDeal) -> None:
    """Open the editing wizard on ``live`` as a new message (a correction: only "🗑")."""
    if is_correction(live):
        await target.answer(
            correction_text(tx, table, live), reply_markup=correction_keyboard(tx, table, live)
        )
        return
    shown = open_screen(tx, table, live)
    await target.answer(shown.text, reply_markup=screen_markup(shown))


async def edit(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/edit`` (a reply, or ``/edit 3``): the deal wizard on that deal; with a deal
    typed after it (``/edit 3 Anna 7h 8 Boris whist 2 Vera pass 0``, or as a reply),
    that deal replaces it at once."""
    found = await _target(message, command, keeper, bot, tx)
    if found is None:
        return
    table, live, typed = found
    if not typed:
        await _send_editor(message, tx, table, live)
        return
    try:
        # Read on the sheet before that deal: its seating says who a short form leaves out.
        deal = parse_deal(typed, table.players, live.before)
        written = await deals.amend(
            keeper, table.id, live.event.id, deal, author_of(message), source(message)
        )
    except ParseError as e:
        await message.answer(parse_error_text(tx, e, table.names, live.before))
        return
    except AmendBreaks as e:
        await message.answer(breaks_text(tx, e))
        return
    except ScoringError as e:
        await message.answer(deal_rejected_text(tx, e))
        return
    except PulkaError as e:
        await message.answer(pulka_error_text(tx, e))
        return
    assert written.event is not None
    after = written.table
    await boards.refresh(bot, tx, after)
    await delivery.answer(
        message,
        amended_text(tx, after, written.event, written.before),
        edit_keyboard(tx, after, after.deal_by_event(live.event.id)),
    )


async def delete(
    message: Message, command: CommandObject, keeper: Keeper, bot: Bot, tx: Texts
) -> None:
    """``/delete`` (a reply, or ``/delete 3``): ask to delete that deal."""
    found = await _target(message, command, keeper, bot, tx)
    if found is not None:
        table, live, _ = found
        await message.answer(
            delete_prompt(tx, table, live), reply_markup=delete_keyboard(tx, table, live)
        )


async def _pressed(
    query: CallbackQuery,
    msg: Message,
    pulka_id: int,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    callback_answer: CallbackAnswer,
) -> Table | None:
    """The pulka a press names, if of this chat, running, and the presser may change
    it; else None, the press refused."""
    table = await keeper.get(pulka_id)
    if table is None or table.row.chat_id != msg.chat.id:
        refuse(callback_answer, tx("stale"))
        return None
    if not table.active:
        refuse(callback_answer, tx("amend_ended"))
        return None
    if not await may_write(bot, table, msg.chat, query.from_user, pressed=True):
        refuse(callback_answer, tx("not_allowed"))
        return None
    return table


async def edit_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: EditCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    callback_answer: CallbackAnswer,
) -> None:
    """ "✏️" under a deal or under /history: the editing wizard, as a new message."""
    table = await _pressed(query, msg, callback_data.pulka, keeper, bot, tx, callback_answer)
    if table is None:
        return
    live = table.deal_by_event(callback_data.event)
    if live is None:
        refuse(callback_answer, tx("amend_gone"))
        return
    await _send_editor(msg, tx, table, live)


async def _written_again(
    query: CallbackQuery,
    msg: Message,
    keeper: Keeper,
    tx: Texts,
    callback_answer: CallbackAnswer,
) -> bool:
    """A press on a message that has amended already (delivered again): answered with
    what it did; True if it was one."""
    found = await keeper.written_by(Source(msg.chat.id, msg.message_id))
    if found is None:
        return False
    table, event = found
    if event.kind != EventKind.AMEND or event.author_id != query.from_user.id:
        refuse(callback_answer, tx("stale"))  # someone else's press at the same moment
        return True
    callback_answer.text = amended_note(tx, table, event)
    await delivery.edit_or_answer(
        msg,
        amended_text(tx, table, event, None),
        edit_keyboard(tx, table, table.deal_by_event(int(event.payload.get("event", 0)))),
    )
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
    try:
        written: Written = await deals.amend(
            keeper,
            table.id,
            target,
            deal,
            author_of_user(query.from_user),
            Source(msg.chat.id, msg.message_id),
            expect_last=expect_last,
        )
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        return
    except AmendBreaks as e:
        refuse(callback_answer, breaks_text(tx, e, html=False))
        return
    except ScoringError as e:
        refuse(callback_answer, deal_rejected_note(tx, e))
        return
    assert written.event is not None
    after = written.table
    callback_answer.text = amended_note(tx, after, written.event)
    await delivery.edit_or_answer(
        msg,
        amended_text(tx, after, written.event, written.before),
        edit_keyboard(tx, after, after.deal_by_event(target)),
    )
    await boards.refresh(bot, tx, after)


async def amend_wizard_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: AmendWizardCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    """An editing wizard's button: the next screen, cancel, or "Write it" (replace)."""
    w = callback_data.wizard()
    if w.op is WizardOp.WRITE and await _written_again(query, msg, keeper, tx, callback_answer):
        return
    table = await _pressed(query, msg, w.pulka, keeper, bot, tx, callback_answer)
    if table is None:
        return
    if w.op is WizardOp.CANCEL:
        await msg.edit_text(
            tx("wiz_cancelled", who=display_name(query.from_user)), reply_markup=None
        )
        return
    live = table.deal_by_event(w.edit)
    if live is None:
        refuse(callback_answer, tx("amend_gone"))
        return
    try:
        shown = amend_screen(tx, table, live, w)
    except PulkaError:
        refuse(callback_answer, tx("stale"))
        return
    if w.op is WizardOp.SHOW:
        await msg.edit_text(shown.text, reply_markup=screen_markup(shown))
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
    callback_answer: CallbackAnswer,
) -> None:
    """ "🗑" asks (the message becomes the question); "Yes, delete" deletes; "No" keeps."""
    cb = callback_data
    if cb.op == "y" and await _written_again(query, msg, keeper, tx, callback_answer):
        return
    table = await _pressed(query, msg, cb.pulka, keeper, bot, tx, callback_answer)
    if table is None:
        return
    live = table.deal_by_event(cb.event)
    if cb.op == "n":
        await msg.edit_text(kept_text(tx, live), reply_markup=None)
        return
    if live is None:
        refuse(callback_answer, tx("amend_gone"))
        return
    if table.last_event_id != cb.last:
        refuse(callback_answer, tx("stale"))
        return
    if cb.op == "a":
        await msg.edit_text(
            delete_prompt(tx, table, live), reply_markup=delete_keyboard(tx, table, live)
        )
        return
    await _amend(
        query, msg, keeper, bot, tx, boards, callback_answer, table, cb.event, cb.last, None
    )


def router() -> Router:
    r = Router(name="amend")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (handlers/system.py)
    r.message.register(edit, Command("edit"))
    r.message.register(delete, Command("delete"))
    r.callback_query.register(edit_press, EditCB.filter())
    r.callback_query.register(amend_wizard_press, AmendWizardCB.filter())
    r.callback_query.register(delete_press, DeleteCB.filter())
    return r
