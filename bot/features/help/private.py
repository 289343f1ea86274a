"""Private chat: /start and /help explain, /lang sets the language; everything else
points to a group."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import Message

from bot.actions import chats
from bot.actions.keeper import Keeper
from bot.features.help.view import help_keyboard, help_text, lang_usage
from bot.telegram.filters import OnLoop
from bot.views.texts import LANGS, Texts


async def private_start(message: Message, tx: Texts) -> None:
    """``/start``: what the bot is, and that pulkas are played in groups."""
    await message.answer(tx("private"))


async def private_help(message: Message, command: CommandObject, tx: Texts) -> None:
    """``/help``: the everyday commands, with "📖 All commands" (handlers/table.py);
    ``/help all``: every command with its examples."""
    if command.args:
        await message.answer(help_text(tx, full=True, group=False))
    else:
        await message.answer(help_text(tx, full=False, group=False), reply_markup=help_keyboard(tx))


async def private_lang(message: Message, command: CommandObject, keeper: Keeper, tx: Texts) -> None:
    """The language of this private chat (``/lang uk``)."""
    choice = (command.args or "").strip().lower()
    if choice not in LANGS:
        await message.answer(lang_usage(tx, choice))
        return
    await chats.set_lang(keeper, message.chat.id, choice)
    await message.answer(Texts(choice)("lang_set"))


async def private_other(message: Message, tx: Texts) -> None:
    """Anything else, a record file for /import too: pulkas live in groups."""
    await message.answer(tx("private"))


def router() -> Router:
    r = Router(name="private")
    r.message.filter(OnLoop(F.chat.type == "private"))
    r.message.register(private_start, CommandStart())
    r.message.register(private_help, Command("help"))
    r.message.register(private_lang, Command("lang"))
    r.message.register(private_other, OnLoop(F.text | F.document | F.caption))
    return r
