"""The deal wizard's buttons: "New deal" opens one, its presses move it on, "Write it"
writes the deal.

Every press is checked as if hostile: the payload must parse, belong to a pulka
of this chat, come from one of its players or a chat administrator, and
describe a state the table can be in now; anything else is answered "out of
date" and changes nothing.  A payload that is not on the message's keyboard
never gets here (:func:`bot.telegram.filters.on_keyboard`), nor one that is not
a wizard state (:class:`bot.views.callbacks.WizardCB` refuses it).
"""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import deals
from bot.actions.keeper import Keeper
from bot.model import EventKind, EventRow, PulkaError, Source, Table
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.telegram.common import (
    author_of_user,
    display_name,
    pulka_to_change_by_press,
    refuse,
)
from bot.telegram.filters import on_keyboard
from bot.views.board import need_players_text
from bot.views.callbacks import NewDealCB, WizardCB, WizardData, WizardOp
from bot.views.deal import wizard_cancelled_text, wizard_written_text, written_note
from bot.views.errors import deal_rejected_note, pulka_error_text
from bot.views.keyboards import deal_keyboard, screen_markup
from bot.views.texts import Texts
from bot.views.wizard import screen
from scoring import ScoringError


async def send_wizard(target: Message, tx: Texts, table: Table) -> Message | None:
    """Open a deal wizard for ``table`` as a new message next to ``target``."""
    first = screen(tx, table, WizardData(pulka=table.id, last=table.last_event_id))
    return await target.answer(first.text, reply_markup=screen_markup(first))


async def new_deal(
    query: CallbackQuery,
    msg: Message,
    callback_data: NewDealCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    callback_answer: CallbackAnswer,
) -> None:
    """ "New deal" (on the scoreboard or under a deal): a wizard for the next deal."""
    table = await pulka_to_change_by_press(
        query, msg, callback_data.pulka, keeper, bot, tx, callback_answer, running=True
    )
    if table is None:
        return
    if table.state is None:
        refuse(callback_answer, need_players_text(tx, table))
        return
    if table.state.finished:
        refuse(callback_answer, tx("note_finished"))
        return
    await send_wizard(msg, tx, table)


async def _written_again(
    msg: Message,
    tx: Texts,
    callback_answer: CallbackAnswer,
    boards: Boards,
    bot: Bot,
    table: Table,
    event: EventRow,
    who: str,
) -> None:
    """A "Write it" press that wrote already: the wizard and the board show the deal."""
    live = table.deal_by_event(event.id) if event.kind == EventKind.DEAL else None
    if live is None:
        refuse(callback_answer, tx("stale"))
        return
    callback_answer.text = written_note(tx, live)
    await delivery.edit_or_answer(
        msg, wizard_written_text(tx, table, live, who), deal_keyboard(tx, table, live)
    )
    await boards.refresh(bot, tx, table)


async def wizard_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: WizardCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    """A wizard button: show the next screen, cancel, or write the deal."""
    w = callback_data.wizard()
    table = await pulka_to_change_by_press(query, msg, w.pulka, keeper, bot, tx, callback_answer)
    if table is None:
        return
    if w.op is WizardOp.WRITE:
        # A press delivered again (the bot was stopped after writing, before it
        # answered) is the same press: answered with what it wrote, before any
        # check of the table, which has moved on since.
        found = await keeper.written_by(Source(msg.chat.id, msg.message_id))
        if found is not None:
            table, event = found
            if event.author_id != query.from_user.id:
                # Someone else's press at the same moment: it wrote nothing.
                refuse(callback_answer, tx("stale"))
                return
            await _written_again(
                msg, tx, callback_answer, boards, bot, table, event, display_name(query.from_user)
            )
            return
    if w.op is WizardOp.CANCEL:
        await msg.edit_text(
            wizard_cancelled_text(tx, display_name(query.from_user)), reply_markup=None
        )
        return
    try:
        shown = screen(tx, table, w)
    except PulkaError:
        refuse(callback_answer, tx("stale"))
        return
    if w.op is WizardOp.SHOW:
        await msg.edit_text(shown.text, reply_markup=screen_markup(shown))
        return
    assert shown.deal is not None
    try:
        # The staleness token is checked again inside the write transaction, and
        # the wizard message is the deal's source: of two "Write it" presses only
        # the first writes.
        written = await deals.write(
            keeper,
            table.id,
            shown.deal,
            author_of_user(query.from_user),
            Source(msg.chat.id, msg.message_id),
            expect_last=w.last,
        )
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        return
    except ScoringError as e:
        refuse(callback_answer, deal_rejected_note(tx, e))
        return
    live = written.table.deal_by_event(written.event_id)
    if live is None:  # written, and undone since (a press delivered again)
        refuse(callback_answer, tx("stale"))
        return
    after = written.table
    # The answer before the board: the presser sees the wizard turn into the deal.
    callback_answer.text = written_note(tx, live)
    await delivery.edit_or_answer(
        msg,
        wizard_written_text(tx, after, live, display_name(query.from_user)),
        deal_keyboard(tx, after, live),
    )
    await boards.refresh(bot, tx, after)


def router() -> Router:
    r = Router(name="wizard")
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (handlers/system.py)
    r.callback_query.register(new_deal, NewDealCB.filter())
    r.callback_query.register(wizard_press, WizardCB.filter())
    return r
