"""The deal wizard's buttons: "New deal" opens one, its presses move it on, "Write it"
writes the deal.

Every press is checked as if hostile: the payload must parse, belong to a pulka of this
chat, come from one of its players or a chat administrator, and describe a state the
table can be in now (:func:`bot.views.wizard.screen`); anything else is "out of date"
and changes nothing.  A payload that is not on the message's keyboard never gets here
(:func:`bot.telegram.filters.on_keyboard`), nor one that is not a wizard state
(:class:`bot.views.callbacks.WizardCB` refuses it).
"""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions.keeper import Keeper
from bot.features.deals.write import write_and_show
from bot.model import EventKind, PulkaError, Table
from bot.telegram.boards import Boards
from bot.telegram.context import (
    Members,
    author_of_user,
    display_name,
    need_players,
    pulka_of_press,
    source,
)
from bot.telegram.filters import on_keyboard
from bot.views.callbacks import NewDealCB, WizardCB, WizardData, WizardOp
from bot.views.deal import wizard_cancelled_text
from bot.views.keyboards import screen_markup
from bot.views.texts import Texts
from bot.views.wizard import screen
from scoring.record import deal_from_json


async def send_wizard(target: Message, tx: Texts, table: Table) -> None:
    """Open a deal wizard for ``table`` as a new message next to ``target``."""
    first = screen(tx, table, WizardData(pulka=table.id, last=table.last_event_id))
    await target.answer(first.text, reply_markup=screen_markup(first))


async def new_deal(
    query: CallbackQuery,
    msg: Message,
    callback_data: NewDealCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    members: Members,
) -> None:
    """ "New deal" (on the scoreboard or under a deal): a wizard for the next deal."""
    table = await pulka_of_press(
        query, msg, callback_data.pulka, keeper, bot, members, running=True
    )
    if table.state is None:
        raise need_players(table)
    if table.state.finished:
        raise PulkaError("note_finished")
    await send_wizard(msg, tx, table)


async def wizard_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: WizardCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """A wizard button: show the next screen, cancel, or write the deal."""
    w = callback_data.wizard()
    table = await pulka_of_press(query, msg, w.pulka, keeper, bot, members)
    who = display_name(query.from_user)
    if w.op is WizardOp.CANCEL:
        await msg.edit_text(wizard_cancelled_text(tx, who), reply_markup=None)
        return
    done = await keeper.written_by(source(msg)) if w.op is WizardOp.WRITE else None
    if done is not None:
        # A press delivered again (the bot stopped after writing, before it answered) is
        # answered with what it wrote, though the table has moved on since; someone
        # else's press at the same moment wrote nothing.
        event = done[1]
        if event.kind != EventKind.DEAL or event.author_id != query.from_user.id:
            raise PulkaError("stale")
        deal = deal_from_json(event.payload)
    else:
        shown = screen(tx, table, w)
        if w.op is WizardOp.SHOW:
            await msg.edit_text(shown.text, reply_markup=screen_markup(shown))
            return
        assert shown.deal is not None
        deal = shown.deal
    author = author_of_user(query.from_user)
    await write_and_show(
        msg,
        table,
        deal,
        author,
        source(msg),
        keeper,
        bot,
        tx,
        boards,
        press=callback_answer,
        who=who,
    )


def router() -> Router:
    r = Router(name="wizard")
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (features/system)
    r.callback_query.register(new_deal, NewDealCB.filter())
    r.callback_query.register(wizard_press, WizardCB.filter())
    return r
