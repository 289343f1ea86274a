"""``/help`` and ``/lang``, in a group and in a private chat; in a private chat also
``/start`` (what the bot is), and everything else points to a group; in a group, a
command the bot has not, meant for it, is answered with the one probably meant."""

from __future__ import annotations

import logging

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject, CommandStart, Filter
from aiogram.types import CallbackQuery, MenuButtonWebApp, Message, WebAppInfo

from bot.actions import chats
from bot.actions.keeper import Keeper
from bot.features.help.guess import ENDING_WORDS, meant_command
from bot.features.help.view import (
    PAGES,
    SYNONYMS,
    help_keyboard,
    help_page,
    help_text,
    lang_usage,
    page_of,
    start_keyboard,
    unknown_command_text,
)
from bot.model import PulkaError
from bot.telegram import delivery
from bot.telegram.context import GROUP_TYPES, IN_GROUP, Members, OnLoop, on_keyboard, place
from bot.telegram.delivery import Boards
from bot.views.buttons import HelpCB, HelpPage, HelpPageCB
from bot.views.texts import LANGS, Texts, has_message

log = logging.getLogger(__name__)


async def show_help(message: Message, command: CommandObject, tx: Texts) -> None:
    """``/help`` (and ``/start`` in a group): the everyday commands, with a button for each
    page; ``/help deals`` (a page's name or number): that page; ``/help all`` (any other
    word): the first page."""
    if command.args:
        await show_page(message, tx, page_of(command.args))
    else:
        await message.answer(help_text(tx), reply_markup=help_keyboard(tx))


async def page_press(
    query: CallbackQuery, msg: Message, callback_data: HelpPageCB, tx: Texts
) -> None:
    """A page's button under ``/help``: the message becomes that page."""
    await show_page(msg, tx, callback_data.page, press=True)


async def more_help(query: CallbackQuery, msg: Message, tx: Texts) -> None:
    """ "📖 All commands" under a short ``/help`` of before the pages: the first page."""
    await show_page(msg, tx, PAGES[0], press=True)


async def show_page(msg: Message, tx: Texts, page: HelpPage, *, press: bool = False) -> None:
    """Page ``page`` of ``/help`` with the buttons to the others: a command is answered
    with it, a press (``press``) edits its message into it."""
    text = help_page(tx, page, group=msg.chat.type in GROUP_TYPES)
    keyboard = help_keyboard(tx, page)
    if press:
        await delivery.edit_or_answer(msg, text, keyboard)
    else:
        await msg.answer(text, reply_markup=keyboard)


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
    """Anything but a command in a private chat: pulkas are played in groups."""
    await message.answer(tx("private"))


async def start(message: Message, bot: Bot, tx: Texts, boards: Boards) -> None:
    """``/start`` in a private chat: what the bot is, and, if the sheet's page is
    configured, "Open the sheet" (the pulka the user sat in last) and the chat's menu
    button to it in his language (the default one is Russian)."""
    link = boards.sheet
    await message.answer(tx("private"), reply_markup=start_keyboard(tx, link))
    if link is None:
        return
    button = MenuButtonWebApp(text=tx("btn_menu_sheet"), web_app=WebAppInfo(url=link.url))
    try:
        await bot.set_chat_menu_button(chat_id=message.chat.id, menu_button=button)
    except TelegramAPIError as e:  # a convenience: the default button is there anyway
        log.warning("could not set the menu button of a private chat: %s", e)


class UnknownCommand(Filter):
    """A group's command that none of the bot's routers took and that is meant for this
    bot: named to it (``/end@PulkaBot``), or unnamed and a slip or guess of one of its
    commands (``/dela``, ``/итог``; ``/end`` where a pulka is running; ``/Deal``, one of
    its own in capitals, which Telegram's commands are not).  Another bot's command
    (``/kick``, ``/deal@OtherBot``) is left alone.  Passes ``word`` and ``meant`` (the
    command meant, or None)."""

    __slots__ = ("known", "menu")

    def __init__(self, known: frozenset[str]) -> None:
        self.known = known
        # Only the commands of the menu are offered: they have a description to show.
        self.menu = tuple(sorted(c for c in known if has_message("ru", f"cmd_{c}")))

    async def __call__(
        self, message: Message, bot: Bot, keeper: Keeper
    ) -> dict[str, object] | bool:
        first = (message.text or "").split(maxsplit=1)
        typed, _, mention = first[0][1:].partition("@") if first else ("", "", "")
        if not first or first[0][0] != "/" or not typed:
            return False
        word = typed.casefold()
        if word in self.known and word == typed:  # its own, refused by its filters
            return False
        if mention and mention.casefold() != ((await bot.me()).username or "").casefold():
            return False
        if word in self.known:  # its own in capitals: the same word in small letters
            meant: str | None = word if word in self.menu or word in SYNONYMS else None
        elif word in ENDING_WORDS and await keeper.active(*place(message)) is not None:
            meant = "settle"
        else:
            meant = meant_command(word, self.menu)
        if meant is None and not mention:
            return False
        return {"word": typed, "meant": meant}


async def unknown_command(message: Message, tx: Texts, word: str, meant: str | None) -> None:
    """``/dela``, ``/end``: there is no such command; probably ``/deal``, ``/settle``."""
    await message.answer(unknown_command_text(tx, word, meant))


def unknown_router(known: frozenset[str]) -> Router:
    """A group's commands that the bot has not (``known``: those it has): tried after
    every other router."""
    r = Router(name="unknown")
    r.message.filter(IN_GROUP)
    r.message.register(unknown_command, UnknownCommand(known))
    return r


def router() -> Router:
    """The private chat's: it takes every message there."""
    r = Router(name="private")
    r.message.filter(OnLoop(F.chat.type == "private"))
    r.message.register(start, CommandStart())
    r.message.register(show_help, Command("help"))
    r.message.register(set_lang, Command("lang"))
    r.message.register(private, OnLoop(F.text | F.document | F.caption))
    return r


def group_router() -> Router:
    r = Router(name="help")
    r.message.filter(IN_GROUP)
    r.message.register(show_help, Command("help", "start"))
    r.message.register(set_lang, Command("lang"))
    # Private chats too (the group router sees every press).
    r.callback_query.register(page_press, HelpPageCB.filter(), on_keyboard)
    r.callback_query.register(more_help, HelpCB.filter(), on_keyboard)
    return r
