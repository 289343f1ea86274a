"""Starting a pulka and seating: /newpulka, /join and "Sit down", /players, /rules,
/help, /lang.

``/newpulka`` with arguments answers with the pulka's scoreboard; without
arguments it opens the settings message (``handlers/setup.py``).
"""

from __future__ import annotations

from dataclasses import replace

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import chats, seating
from bot.actions.keeper import Keeper
from bot.features.help.view import help_keyboard, help_text, lang_usage
from bot.features.seating.handlers import ask_claim
from bot.features.seating.view import default_currency, joined_text, seated_note
from bot.features.setup.handlers import open_settings
from bot.features.setup.view import bad_rules_text
from bot.grammar.deals import parse_newpulka, valid_name
from bot.model import ParseError, PlayerRow, PulkaError, Table
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.telegram.common import (
    author_of,
    author_of_user,
    candidate_names,
    may_change,
    place,
    pulka_of_button,
    refuse,
    source,
)
from bot.telegram.filters import GROUP_TYPES, IN_GROUP, on_keyboard
from bot.views.board import players_text, table_size
from bot.views.callbacks import HelpCB, SitCB
from bot.views.errors import parse_error_text, pulka_error_text
from bot.views.rules import rules_text
from bot.views.texts import LANGS, Texts
from scoring import InvalidRules


async def new_pulka(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/newpulka sochi 20 …``: start a pulka; bare ``/newpulka``: the settings message."""
    chat_id, thread = place(message)
    if not (command.args or "").strip():
        if await keeper.active(chat_id, thread) is not None:
            await message.answer(tx("busy"))
            return
        await open_settings(message, keeper, tx, thread)
        return
    try:
        parsed = parse_newpulka(command.args or "")
        if parsed.currency is None:  # the chat's language names the money
            parsed = replace(parsed, currency=default_currency(tx.lang))
        rules = parsed.rules()
    except ParseError as e:
        await message.answer(parse_error_text(tx, e, ()))
        return
    except InvalidRules as e:
        await message.answer(bad_rules_text(tx, e))
        return
    try:
        written = await seating.start(
            keeper,
            chat_id,
            thread,
            rules,
            author_of(message),
            source(message),
            seats=parsed.seats,  # вдвоём, впятером...; None: three or four
            lang=tx.lang,
        )
    except PulkaError as e:
        await message.answer(pulka_error_text(tx, e))
        return
    # The answer is the pulka's scoreboard: it is edited as players sit down
    # and deals are written.
    text, keyboard, shown = boards.render(tx, written.table)
    sent = await message.answer(text, reply_markup=keyboard)
    if not written.duplicate:
        await boards.adopt(bot, tx, written.table, sent, shown)


def _seated(table: Table, user_id: int | None, guest: str) -> PlayerRow:
    """Whom ``/join`` seated: the sender, or the guest it named (a repeat: seated before)."""
    if user_id is not None:
        return next((p for p in table.players if p.user_id == user_id), table.players[-1])
    return next(
        (p for p in table.players if p.name.casefold() == guest.casefold()), table.players[-1]
    )


async def join(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/join`` seats the sender; ``/join Name`` a guest without Telegram, or, by a
    Telegram user not seated where Name is a guest, asks to give him that seat."""
    chat_id, thread = place(message)
    guest = (command.args or "").strip()
    user = message.from_user
    if guest:
        if not valid_name(guest):
            await message.answer(tx("bad_name"))
            return
        if await ask_claim(message, keeper, tx, guest):
            return  # a Telegram user claims a guest seat: the table confirms
        names, user_id, username = [guest], None, None
    elif user is None or message.sender_chat is not None:
        await message.answer(tx("bad_name"))
        return
    else:
        names, user_id, username = candidate_names(user), user.id, user.username
    try:
        written = await seating.join(
            keeper, chat_id, thread, names, user_id, username, author_of(message), source(message)
        )
    except PulkaError as e:
        await message.answer(pulka_error_text(tx, e))
        return
    table = written.table
    await boards.refresh(bot, tx, table)
    await message.answer(joined_text(tx, table, _seated(table, user_id, guest)))


async def sit_down(
    query: CallbackQuery,
    msg: Message,
    callback_data: SitCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Sit down" on the scoreboard: seat the presser, as ``/join`` does."""
    table = await pulka_of_button(keeper, callback_data.pulka, msg)
    if table is None or not table.active:
        refuse(callback_answer, tx("stale"))
        return
    user = query.from_user
    try:
        written = await seating.join(
            keeper,
            table.row.chat_id,
            table.row.thread_id,
            candidate_names(user),
            user.id,
            user.username,
            author_of_user(user),
            None,
            pulka_id=table.id,
        )
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        return
    seated = next(p for p in written.table.players if p.user_id == user.id)
    await boards.refresh(bot, tx, written.table)
    callback_answer.text = seated_note(tx, seated)


async def show_help(message: Message, command: CommandObject, tx: Texts) -> None:
    """``/help`` (and ``/start``) in a group: the everyday commands, with "📖 All
    commands"; ``/help all`` (any word after it): every command with its examples."""
    if command.args:
        await message.answer(help_text(tx, full=True, group=True))
    else:
        await message.answer(help_text(tx, full=False, group=True), reply_markup=help_keyboard(tx))


async def more_help(query: CallbackQuery, msg: Message, tx: Texts) -> None:
    """ "📖 All commands" (in a group or a private chat): the short ``/help`` becomes
    the full one."""
    group = msg.chat.type in GROUP_TYPES
    await delivery.edit_or_answer(msg, help_text(tx, full=True, group=group))


async def show_players(message: Message, keeper: Keeper, tx: Texts) -> None:
    """``/players``: who sits where."""
    table = await keeper.active(*place(message))
    await message.answer(tx("no_pulka") if table is None else players_text(tx, table))


async def show_rules(message: Message, keeper: Keeper, tx: Texts) -> None:
    """``/rules``: the conventions of the running pulka."""
    table = await keeper.active(*place(message))
    if table is None:
        await message.answer(tx("no_pulka"))
        return
    await message.answer(rules_text(tx, table.rules, table_size(table)))


async def set_lang(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/lang uk``: the chat's language (the scoreboard is redrawn in it)."""
    choice = (command.args or "").strip().lower()
    if choice not in LANGS:
        await message.answer(lang_usage(tx, choice))
        return
    table = await keeper.active(*place(message))
    if table is not None and not await may_change(message, bot, tx, table):
        return
    await chats.set_lang(keeper, message.chat.id, choice)
    new = Texts(choice)
    await boards.refresh(bot, new, table)  # the scoreboard speaks the new language
    await message.answer(new("lang_set"))


def router() -> Router:
    r = Router(name="table")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (handlers/system.py)
    r.message.register(new_pulka, Command("newpulka"))
    r.message.register(join, Command("join"))
    r.callback_query.register(sit_down, SitCB.filter())
    r.message.register(show_help, Command("help", "start"))
    r.callback_query.register(more_help, HelpCB.filter())  # private chats too
    r.message.register(show_players, Command("players"))
    r.message.register(show_rules, Command("rules"))
    r.message.register(set_lang, Command("lang"))
    return r
