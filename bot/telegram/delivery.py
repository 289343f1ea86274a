"""Telling the chat the truth after a commit: what was written is always confirmed.

A write commits first and is told afterwards; between the two Telegram can fail (a
500, a flood limit, the message to edit deleted, a lost response):

* :data:`bot.actions.keeper.COMMITTED` records, per update, what its writes committed,
  so the error router says "deal N is written" instead of apologising for work that
  was done;
* every Bot API call is retried where that is worth it, in one place (the session's
  :class:`bot.telegram.middlewares.RetryMiddleware`); :func:`edit_or_answer` falls
  back to a fresh message when an edit cannot be made;
* the scoreboard (:class:`Boards`, one message per pulka, edited after every change) is
  refreshed after every write, so a chat whose answer was lost still sees the deal on
  the board.  The edit goes out beside the answer (:meth:`Boards.beside`), so a table
  waits for one round trip, not two; a chat whose next updates are already queued
  has its board edited once, after the last of them (:meth:`Boards.settle`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest, TelegramMigrateToChat
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from cachetools import LRUCache

from bot import crashpoints
from bot.actions import boards
from bot.actions.keeper import Keeper
from bot.model import Table
from bot.telegram.middlewares import ANSWER_LIMIT
from bot.views.board import board_text
from bot.views.buttons import SheetLink, board_keyboard
from bot.views.settlement import amended_line
from bot.views.texts import Texts

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Bad Request descriptions meaning the message to edit is gone for good.
GONE = ("message to edit not found", "message can't be edited", "message_id_invalid")


def gone(e: TelegramAPIError) -> bool:
    """Is the message an edit was meant for gone for good (deleted, or left behind in a
    group that became a supergroup)?"""
    if isinstance(e, TelegramMigrateToChat):
        return True
    return isinstance(e, TelegramBadRequest) and any(g in e.message.lower() for g in GONE)


async def answer(target: Message, text: str, markup: InlineKeyboardMarkup | None = None) -> Message:
    """Send ``text`` next to ``target`` (in its topic).  A failure is raised: the error
    router then tells what committed."""
    result = await target.answer(text, reply_markup=markup)
    crashpoints.reached("answered")  # told, the update not yet marked handled
    return result


async def answer_press(query: CallbackQuery, target: Message, text: str) -> None:
    """Answer a press with ``text``; if the answer is lost (after the retries), say
    ``text`` next to ``target`` instead: a press whose write committed is told."""
    try:
        await query.answer(text[:ANSWER_LIMIT])
        return
    except TelegramAPIError as e:
        log.warning("press %s not answered: %s; telling the chat", query.id, e)
    await answer(target, text)


async def edit_or_answer(
    message: Message, text: str, markup: InlineKeyboardMarkup | None = None
) -> Message:
    """Edit ``message`` into ``text``; if it cannot be edited, send ``text`` fresh."""
    try:
        await message.edit_text(text, reply_markup=markup)
        crashpoints.reached("answered")
        return message
    except TelegramBadRequest as e:
        if not gone(e):
            log.warning("message %s not edited: %s", message.message_id, e.message)
    except TelegramAPIError as e:
        log.warning("message %s not edited: %s", message.message_id, e)
    return await answer(message, text, markup)


async def void_offers(bot: Bot, chat_id: int, offers: Iterable[int], text: str) -> None:
    """The "End by agreement" messages ``offers`` say ``text`` (their agreements are void,
    or the pulka ended on another offer) and lose their button.  Only told: a failure is
    logged, the button answers "out of date" anyway."""
    for message_id in offers:
        try:
            await bot.edit_message_text(
                text=text, chat_id=chat_id, message_id=message_id, reply_markup=None
            )
        except TelegramAPIError as e:
            log.info("offer %s/%s not voided: %s", chat_id, message_id, e)


def _fingerprint(text: str, markup: InlineKeyboardMarkup | None) -> str:
    keyboard = markup.model_dump(exclude_none=True) if markup else None
    raw = json.dumps([text, keyboard], ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class Boards:
    """Keeps every pulka's scoreboard message; handlers get it as ``boards``.

    The board's message id lives in SQLite (``boards``), with what it shows now, so an
    unchanged board is not edited again ("message is not modified" never arises) and a
    restarted bot keeps editing the same message.  A board that was deleted (or left
    behind in a group that became a supergroup) is sent anew.  Pinning is tried once per
    board message; a chat where the bot may not pin keeps it unpinned, and is told so
    once (with what to do about it).

    No lock: a pulka belongs to one chat, and a chat's updates are handled one
    after another in its lane (``bot.telegram.lanes``), so two refreshes of one
    board never run at once, and no chat waits for another's Bot API call.

    Coalesced: while more updates of the board's chat wait in its lane (``queued``,
    set by the receiver), a refresh is only owed; the chat's last queued update pays
    it (:meth:`settle`), so a burst of deals edits the board once, with the last state
    (Telegram limits a group to about 20 edits a minute).
    """

    def __init__(self, keeper: Keeper, size: int = 1024, sheet: SheetLink | None = None) -> None:
        self.keeper = keeper
        #: The sheet's page the board links to, if it is configured.
        self.sheet = sheet
        #: How many updates of a chat wait to be handled after the current one.
        self.queued: Callable[[int], int] = lambda chat_id: 0
        #: chat -> pulka -> the refresh owed to it, the newest state asked for.
        self._owed: dict[int, dict[int, tuple[Bot, Texts, Table]]] = {}
        #: pulka -> (chat, message, fingerprint shown): the board row as last written,
        #: so an edit of a known board costs no read and no write transaction.
        self._known: LRUCache[int, tuple[int, int, str]] = LRUCache(maxsize=size)
        #: Chats told that the board could not be pinned (once each, per process).
        self._pin_told: set[int] = set()

    def render(self, tx: Texts, table: Table) -> tuple[str, InlineKeyboardMarkup | None, str]:
        """The board's text, keyboard and their fingerprint."""
        text = board_text(tx, table)
        amended = amended_line(tx, table)  # corrections after settling, on a settled board
        if amended is not None:
            text += "\n" + amended
        markup = board_keyboard(tx, table, self.sheet)
        return text, markup, _fingerprint(text, markup)

    async def _row(self, pulka_id: int) -> tuple[int, int, str] | None:
        known = self._known.get(pulka_id)
        if known is None:
            row = await boards.row(self.keeper, pulka_id)
            if row is None:
                return None
            known = (row.chat_id, row.message_id, row.shown)
            self._known[pulka_id] = known
        return known

    async def placed(self, table: Table) -> bool:
        """Has ``table``'s pulka a board message?"""
        return await self._row(table.id) is not None

    async def _store(self, pulka_id: int, chat_id: int, message_id: int, shown: str) -> None:
        """A board message that is new (or moved): written down, it survives a restart."""
        await boards.place(self.keeper, pulka_id, chat_id, message_id, shown)
        self._known[pulka_id] = (chat_id, message_id, shown)

    async def refresh(self, bot: Bot, tx: Texts, table: Table | None) -> None:
        """Show ``table`` on its board: edit it, or send (and pin) a new one if it is
        gone; while more updates of its chat are queued, only owe it (:meth:`settle`)."""
        if table is None:
            return
        chat_id = table.row.chat_id
        owed = self._owed.get(chat_id)
        if self.queued(chat_id):
            self._owed.setdefault(chat_id, {})[table.id] = (bot, tx, table)
            return
        if owed is not None:
            owed.pop(table.id, None)
            if not owed:
                del self._owed[chat_id]
        await self._show(bot, tx, table)

    async def beside(self, bot: Bot, tx: Texts, table: Table | None, reply: Awaitable[T]) -> T:
        """Send ``reply`` while the board is refreshed: the table waits for one round
        trip, not two.  A board still to be sent goes first, so that the answer stays
        the chat's last message.  Offers to end that this change voided say so last."""
        if table is None:
            return await reply
        if await self._row(table.id) is None:
            await self.refresh(bot, tx, table)
            sent = await reply
        else:
            board = asyncio.ensure_future(self.refresh(bot, tx, table))
            try:
                sent = await reply
            finally:
                await board
        await void_offers(bot, table.row.chat_id, table.voided_offers, tx("agree_voided"))
        return sent

    def owes(self, chat_id: int) -> bool:
        """Is a refresh of a board of ``chat_id`` owed?"""
        return chat_id in self._owed

    async def settle(self, chat_id: int) -> None:
        """Pay the refreshes owed to ``chat_id``'s boards (its lane has emptied).  A
        failure is logged: the board is a view, and the next change shows it again."""
        for bot, tx, table in self._owed.pop(chat_id, {}).values():
            try:
                await self._show(bot, tx, table)
            except Exception:
                log.exception("board of pulka %s not refreshed", table.id)

    async def _show(self, bot: Bot, tx: Texts, table: Table) -> None:
        table = self.keeper.newest(table)  # a later commit's state wins
        text, markup, shown = self.render(tx, table)
        row = await self._row(table.id)
        if row is not None and row[0] == table.row.chat_id:
            chat_id, message_id, was = row
            if was == shown:
                return
            try:
                await bot.edit_message_text(
                    text=text, chat_id=chat_id, message_id=message_id, reply_markup=markup
                )
            except TelegramAPIError as e:
                if not gone(e):
                    log.warning("board of pulka %s not edited: %s", table.id, e)
                    return
                log.info("board of pulka %s is gone; sending a new one", table.id)
            else:
                # What it shows is kept in memory only: after a restart the board is
                # edited once more at worst ("not modified" is harmless).
                self._known[table.id] = (chat_id, message_id, shown)
                return
        if not table.active:
            return  # an archived pulka gets no new board
        try:
            sent = await bot.send_message(
                table.row.chat_id,
                text,
                reply_markup=markup,
                message_thread_id=table.row.thread_id or None,
            )
        except TelegramAPIError as e:
            log.warning("board of pulka %s not sent: %s", table.id, e)
            return
        await self._store(table.id, sent.chat.id, sent.message_id, shown)
        await self._pin(bot, tx, sent.chat.id, sent.message_id, table.row.thread_id)

    async def adopt(
        self,
        bot: Bot,
        tx: Texts,
        table: Table,
        message: Message,
        shown: str = "",
        *,
        now: bool = True,
    ) -> None:
        """Make the bot's ``message`` the pulka's board and pin it.

        ``shown`` is the fingerprint of what the message shows (:meth:`render`);
        when it is not the board yet, it is edited into it now, or with ``now``
        False at the next change.
        """
        await self._store(table.id, message.chat.id, message.message_id, shown)
        await self._pin(bot, tx, message.chat.id, message.message_id, table.row.thread_id)
        if now:
            await self.refresh(bot, tx, table)

    def forget(self) -> None:
        """Drop what is known of every board (a chat moved to a new id)."""
        self._known.clear()

    async def retire(self, bot: Bot, table: Table, text: str) -> None:
        """The pulka is gone (cancelled): its board says ``text`` and has no buttons."""
        row = await self._row(table.id)
        if row is None or row[0] != table.row.chat_id:
            return
        try:
            await bot.edit_message_text(
                text=text, chat_id=row[0], message_id=row[1], reply_markup=None
            )
        except TelegramAPIError as e:
            log.info("board of pulka %s not retired: %s", table.id, e)
            return
        self._known[table.id] = (row[0], row[1], _fingerprint(text, None))

    async def _pin(
        self, bot: Bot, tx: Texts, chat_id: int, message_id: int, thread_id: int = 0
    ) -> None:
        """Pin a new board; where the bot may not pin, the chat is told so once."""
        try:
            await bot.pin_chat_message(chat_id, message_id, disable_notification=True)
        except TelegramBadRequest as e:  # no right to pin here: the board works unpinned
            log.info("board %s/%s not pinned: %s", chat_id, message_id, e)
            if chat_id in self._pin_told:
                return
            self._pin_told.add(chat_id)
            try:
                await bot.send_message(
                    chat_id, tx("pin_failed"), message_thread_id=thread_id or None
                )
            except TelegramAPIError as e2:
                log.info("chat %s not told of the pin: %s", chat_id, e2)
        except TelegramAPIError as e:
            log.info("board %s/%s not pinned: %s", chat_id, message_id, e)
