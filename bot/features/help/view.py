"""``/help`` and ``/lang``: the everyday commands, every command by topic on pages with
buttons between them, the languages."""

from __future__ import annotations

from html import escape

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.views.buttons import HelpPage, HelpPageCB, SheetLink
from bot.views.texts import LANGS, Texts
from bot.views.words import lang_unknown_text

PAGES = tuple(HelpPage)


def lang_usage(tx: Texts, choice: str = "") -> str:
    """``/lang`` without a valid language: the current one, or that there is no such one."""
    if choice:
        return lang_unknown_text(tx, choice)
    return tx("lang_usage", current=tx(f"lang_name_{tx.lang}"))


def help_keyboard(tx: Texts, shown: HelpPage | None = None) -> InlineKeyboardMarkup:
    """A button for every page but ``shown`` (the one on screen), two to a row (the labels
    stay whole on a phone)."""
    kb = InlineKeyboardBuilder()
    for page in PAGES:
        if page is not shown:
            kb.button(text=tx(f"btn_help_{page}"), callback_data=HelpPageCB(page=page))
    kb.adjust(2)
    return kb.as_markup()


def start_keyboard(tx: Texts, sheet: SheetLink | None) -> InlineKeyboardMarkup | None:
    """Under the private chat's ``/start``: "Open the sheet", if the page is configured."""
    if sheet is None:
        return None
    return InlineKeyboardMarkup(inline_keyboard=[[sheet.private_button(tx)]])


def help_text(tx: Texts) -> str:
    """The short ``/help``: the everyday commands."""
    return tx("help_short")


def help_page(tx: Texts, page: HelpPage, *, group: bool) -> str:
    """One page of ``/help``: its title, then its commands (in a group the first page also
    has the seating before the first deal)."""
    title = tx(
        "help_title",
        topic=tx(f"help_page_{page}"),
        page=PAGES.index(page) + 1,
        pages=len(PAGES),
    )
    body = tx(f"help_{page}")
    if page is HelpPage.START and group:
        body += "\n" + tx("help_seating")
    return f"{title}\n\n{body}"


def page_of(word: str) -> HelpPage:
    """The page ``/help <word>`` asks for: by its name in any language the bot speaks
    (``deals``, ``сдачи``, ``роздачі``; the first word of a longer name: ``money``,
    ``деньги``) or its number; anything else (``all``): the first page."""
    word = next(iter(word.casefold().split()), "")
    for number, page in enumerate(PAGES, 1):
        names = {page.value, str(number)}
        names.update(Texts(lang)(f"help_page_{page}").casefold().split()[0] for lang in LANGS)
        if word in names:
            return page
    return PAGES[0]


# Commands that are another name of one in the menu, described by the menu's words.
SYNONYMS = {"fix": "correct"}


def unknown_command_text(tx: Texts, word: str, meant: str | None) -> str:
    """A command the bot has not: that it has not, the one probably meant (with what it
    does, as the command menu says it), and where every command is."""
    shown = escape(word[:32])
    if meant is None:
        return tx("unknown_command", command=shown)
    # The menu's words without their example ("сколько стоит сдача: /cost 6♠ ..."): the
    # question ends with what the command does.
    does = tx(f"cmd_{SYNONYMS.get(meant, meant)}").partition(": /")[0]
    return tx("unknown_command_meant", command=shown, meant=meant, does=does)
