"""``/help`` and ``/lang``: the commands in brief and in full, the languages."""

from __future__ import annotations

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.views.buttons import HelpCB
from bot.views.texts import Texts
from bot.views.words import lang_unknown_text


def lang_usage(tx: Texts, choice: str = "") -> str:
    """``/lang`` without a valid language: the current one, or that there is no such one."""
    if choice:
        return lang_unknown_text(tx, choice)
    return tx("lang_usage", current=tx(f"lang_name_{tx.lang}"))


def help_keyboard(tx: Texts) -> InlineKeyboardMarkup:
    """ "📖 All commands" under the short ``/help``."""
    kb = InlineKeyboardBuilder()
    kb.button(text=tx("btn_help_more"), callback_data=HelpCB(full=1))
    return kb.as_markup()


def help_text(tx: Texts, *, full: bool, group: bool) -> str:
    """``/help``: the everyday commands; ``full``: every command (and in a group, the seating)."""
    if not full:
        return tx("help_short")
    return tx("help") + ("\n\n" + tx("help_seating") if group else "")
