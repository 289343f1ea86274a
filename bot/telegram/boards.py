"""The live scoreboard: one message per pulka, edited after every change.

The board's message id lives in SQLite (``boards``), with what it shows now,
so an unchanged board is not edited again ("message is not modified" never
arises) and a restarted bot keeps editing the same message.  A board that was
deleted (or left behind in a group that became a supergroup) is sent anew.
Pinning is tried once per board message; a chat where the bot may not pin
simply keeps it unpinned.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest
from aiogram.types import InlineKeyboardMarkup, Message

from bot.service import PulkaService, Table
from bot.views.chat import board_text
from bot.views.keyboards import board_keyboard
from bot.views.texts import Texts

log = logging.getLogger(__name__)

#: Bad Request descriptions meaning the board message is gone for good.
_GONE = ("message to edit not found", "message can't be edited", "message_id_invalid")


def _fingerprint(text: str, markup: InlineKeyboardMarkup | None) -> str:
    keyboard = markup.model_dump(exclude_none=True) if markup else None
    raw = json.dumps([text, keyboard], ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class Boards:
    """Keeps every pulka's scoreboard message; handlers get it as ``boards``."""

    def __init__(self, service: PulkaService) -> None:
        self.service = service
        # One board change at a time: two concurrent refreshes must not both
        # find the board missing and send two.
        self._lock = asyncio.Lock()

    @staticmethod
    def render(tx: Texts, table: Table) -> tuple[str, InlineKeyboardMarkup | None, str]:
        """The board's text, keyboard and their fingerprint."""
        text = board_text(tx, table)
        markup = board_keyboard(tx, table)
        return text, markup, _fingerprint(text, markup)

    async def refresh(self, bot: Bot, tx: Texts, table: Table | None) -> None:
        """Show ``table`` on its board: edit it, or send (and pin) a new one if it is gone."""
        if table is None:
            return
        table = await self.service.get(table.id) or table  # the newest state wins
        text, markup, shown = self.render(tx, table)
        async with self._lock:
            row = await self.service.board(table.id)
            if row is not None and row.chat_id == table.row.chat_id:
                if row.shown == shown:
                    return
                try:
                    await bot.edit_message_text(text=text, chat_id=row.chat_id,
                                                message_id=row.message_id, reply_markup=markup)
                except TelegramBadRequest as e:
                    if not any(g in e.message.lower() for g in _GONE):
                        log.warning("board of pulka %s not edited: %s", table.id, e.message)
                        return
                    log.info("board of pulka %s is gone; sending a new one", table.id)
                except TelegramAPIError as e:
                    log.warning("board of pulka %s not edited: %s", table.id, e)
                    return
                else:
                    await self.service.set_board(table.id, row.chat_id, row.message_id, shown)
                    return
            if not table.active:
                return  # an archived pulka gets no new board
            try:
                sent = await bot.send_message(table.row.chat_id, text, reply_markup=markup,
                                              message_thread_id=table.row.thread_id or None)
            except TelegramAPIError as e:
                log.warning("board of pulka %s not sent: %s", table.id, e)
                return
            await self.service.set_board(table.id, sent.chat.id, sent.message_id, shown)
            await self._pin(bot, sent.chat.id, sent.message_id)

    async def adopt(self, bot: Bot, tx: Texts, table: Table, message: Message,
                    shown: str = "", *, now: bool = True) -> None:
        """Make the bot's ``message`` the pulka's board and pin it.

        ``shown`` is the fingerprint of what the message shows (:meth:`render`);
        when it is not the board yet, it is edited into it now, or with ``now``
        False at the next change.
        """
        async with self._lock:
            await self.service.set_board(table.id, message.chat.id, message.message_id, shown)
            await self._pin(bot, message.chat.id, message.message_id)
        if now:
            await self.refresh(bot, tx, table)

    @staticmethod
    async def _pin(bot: Bot, chat_id: int, message_id: int) -> None:
        try:
            await bot.pin_chat_message(chat_id, message_id, disable_notification=True)
        except TelegramAPIError as e:  # no right to pin here: the board works unpinned
            log.info("board %s/%s not pinned: %s", chat_id, message_id, e)
