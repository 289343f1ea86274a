"""``/help`` and ``/lang``, in a group and in a private chat; in a private chat also
``/start`` (what the bot is), and everything else points to a group."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message

from bot.actions import chats
from bot.actions.keeper import Keeper
from bot.features.help.view import help_keyboard, help_text, lang_usage
from bot.model import PulkaError
from bot.telegram import delivery
from bot.telegram.context import GROUP_TYPES, IN_GROUP, Members, OnLoop, on_keyboard, place
from bot.telegram.delivery import Boards
from bot.views.buttons import HelpCB
from bot.views.texts import LANGS, Texts


async def show_help(message: Message, command: CommandObject, tx: Texts) -> None:
    """``/help`` (and ``/start`` in a group): the everyday commands; ``/help all`` (any word
    after it): every command."""
    group = message.chat.type in GROUP_TYPES
    if command.args:
        await message.answer(help_text(tx, full=True, group=group))
    else:
        await message.answer(help_text(tx, full=False, group=group), reply_markup=help_keyboard(tx))


async def more_help(query: CallbackQuery, msg: Message, tx: Texts) -> None:
    """ "📖 All commands": the short ``/help`` becomes the full one."""
    await delivery.edit_or_answer(msg, help_text(tx, full=True, group=msg.chat.type in GROUP_TYPES))


async def set_lang(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
) -> None:
    """``/lang uk``: the chat's language (only one who may change a running pulka)."""
    choice = (command.args or "").strip().lower()
    if choice not in LANGS:
        await message.answer(lang_usage(tx, choice))
        return
    table = await keeper.active(*place(message))
    if table is not None and not await members.may_write(
        bot, table, message.chat, message.from_user, message.sender_chat
    ):
        raise PulkaError("not_allowed")
    await chats.set_lang(keeper, message.chat.id, choice)
    new = Texts(choice)
    await boards.refresh(bot, new, table)
    await message.answer(new("lang_set"))


async def private(message: Message, tx: Texts) -> None:
    """``/start`` and anything else in a private chat: pulkas are played in groups."""
    await message.answer(tx("private"))


def router() -> Router:
    """The private chat's: it takes every message there."""
    r = Router(name="private")
    r.message.filter(OnLoop(F.chat.type == "private"))
    r.message.register(private, CommandStart())
    r.message.register(show_help, Command("help"))
    r.message.register(set_lang, Command("lang"))
    r.message.register(private, OnLoop(F.text | F.document | F.caption))
    return r


def group_router() -> Router:
    r = Router(name="help")
    r.message.filter(IN_GROUP)
    r.message.register(show_help, Command("help", "start"))
    r.message.register(set_lang, Command("lang"))
    r.callback_query.register(more_help, HelpCB.filter(), on_keyboard)  # private chats too
    return r
