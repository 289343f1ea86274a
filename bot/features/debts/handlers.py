"""Debts between nights: "Paid" / "Received" under a settled pulka, and ``/debts``."""

from __future__ import annotations

import logging

from aiogram import Bot, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import archive, payments
from bot.actions.keeper import Keeper
from bot.actions.nights import chat_nights
from bot.features.debts.view import debts_text
from bot.grammar.deals import find_person
from bot.model import EventKind, PulkaError, Table, debts
from bot.telegram import delivery
from bot.telegram.context import IN_GROUP, Members, author_of_user, on_keyboard, pulka_of_button
from bot.views.buttons import DebtCB
from bot.views.debts import confirmed_text, keyboard_shape, with_debts
from bot.views.errors import lookup_refusal
from bot.views.texts import Texts

log = logging.getLogger(__name__)


async def _redraw(msg: Message, tx: Texts, table: Table) -> None:
    """The message's keyboard with the lines as they are now (only if it changed:
    Telegram refuses an edit to the same keyboard)."""
    new = with_debts(tx, table, msg.reply_markup)
    if keyboard_shape(new) == keyboard_shape(msg.reply_markup):
        return
    try:
        await msg.edit_reply_markup(reply_markup=new)
    except TelegramAPIError as e:  # written already; the press's answer has told it
        log.warning("debts keyboard of %s not redrawn: %s", msg.message_id, e)


async def debt_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: DebtCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Paid" (the payer's) or "Received" (the payee's) on a line of a settled pulka."""
    table = await pulka_of_button(keeper, callback_data.pulka, msg)
    got = bool(callback_data.got)
    admin = await members.confirms_for_guests(bot, table, query.from_user.id)
    try:
        written = await payments.confirm(
            keeper,
            table.id,
            EventKind.RECEIVED if got else EventKind.PAID,
            callback_data.payer,
            callback_data.payee,
            author_of_user(query.from_user),
            admin=admin,
        )
    except PulkaError as e:
        if e.key == "stale":  # no such line any more: the keyboard shows the ones there are
            await _redraw(msg, tx, table)
        raise
    text = confirmed_text(tx, written, callback_data.payer, callback_data.payee, got)
    await _redraw(msg, tx, written.table)
    # Answered here, not after the handler: an answer lost now is said in the chat.
    callback_answer.disabled = True
    await delivery.answer_press(query, msg, text)


async def debts_command(
    message: Message, command: CommandObject, keeper: Keeper, tx: Texts
) -> None:
    """``/debts``: what is open across the chat's settled pulkas, netted per pair;
    ``/debts Anna``: only Anna's."""
    nights = await chat_nights(keeper, message.chat.id)
    numbers = await archive.numbers(keeper, message.chat.id, (n.thread_id for n in nights))
    found = debts.open_debts(nights)
    asked = (command.args or "").strip()[:64]
    who = find_person(nights, asked) if asked and nights else None
    if asked and nights and who is None:
        players = sorted({person.name for night in nights for person in night.people})
        raise PulkaError("debts_who", asked=asked, players=", ".join(players), example=players[0])
    if who is not None:
        found = [d for d in found if who.key in (d.debtor.key, d.creditor.key)]
    await delivery.answer(message, debts_text(tx, found, nights, numbers, who=who))


def router() -> Router:
    r = Router(name="debts")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (features/system)
    r.message.register(debts_command, Command("debts"), flags={"refusal": lookup_refusal})
    r.callback_query.register(debt_press, DebtCB.filter())
    return r
