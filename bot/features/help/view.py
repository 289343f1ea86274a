"""``/help`` and ``/lang``: the commands in brief and in full, the languages."""

from __future__ import annotations

from aiogram.types import InlineKeyboardMarkup

from bot.views.callbacks import HelpCB
from bot.views.keyboards import markup
from bot.views.texts import Texts
from bot.views.words import lang_unknown_text


def lang_usage(tx: Texts, choice: str = "") -> str:
    """``/lang`` without a valid language: the current one and how to change it;
    ``/lang de``: that there is no such language, and the ones there are."""
    if choice:
        return lang_unknown_text(tx, choice)
    return tx("lang_usage", current=tx(f"lang_name_{tx.lang}"))


def help_keyboard(tx: Texts) -> InlineKeyboardMarkup | None:
    """ "📖 All commands" under the short ``/help``."""
    return markup([[(tx("btn_help_more"), HelpCB(full=1).pack())]])


def help_text(tx: Texts, *, full: bool, group: bool) -> str:
    """``/help``: the everyday commands; ``full``: every command with its examples (and in
    a group, the seating ones of before the first deal)."""
    if not full:
        return tx("help_short")
    return tx("help") + ("\n\n" + tx("help_seating") if group else "")
