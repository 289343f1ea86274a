"""The pulka sheet as a photo in the chat, drawn by :mod:`bot.views.picture`.

Drawn in the picture's worker thread, never under the database lock (the table is read
first).  A drawing that fails is logged and the caller answers with the text score
instead: a handler never fails because of the picture.  :class:`Sheets` (the
Dispatcher's ``sheets``) remembers the ``file_id`` of recent sheets, so one asked for
again is resent without drawing it, and when a "📷 Sheet" button was last pressed, so
repeated presses do not flood the chat.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Hashable

from aiogram.exceptions import TelegramAPIError, TelegramRetryAfter
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup, Message
from cachetools import LRUCache

from bot.model import Table
from bot.views import picture
from bot.views.board import SheetKind, sheet_caption, sheet_title
from bot.views.texts import Texts
from scoring import Settlement

log = logging.getLogger(__name__)


class Sheets:
    """Draws and sends pulka sheets; remembers recent sends (file ids, button presses)."""

    def __init__(
        self,
        *,
        cooldown: float = 30.0,
        size: int = 256,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.cooldown = cooldown
        self.clock = clock
        self._file_ids: LRUCache[Hashable, str] = LRUCache(maxsize=size)
        self._pressed: LRUCache[Hashable, float] = LRUCache(maxsize=size)

    async def render(
        self,
        tx: Texts,
        table: Table,
        settlement: Settlement | None = None,
        kind: SheetKind = SheetKind.LIVE,
    ) -> bytes | None:
        """The PNG of ``table``'s sheet, or None (logged) if it could not be drawn."""
        try:
            return await picture.render_sheet_async(
                table.names,
                table.rules,
                [d.step for d in table.deals],
                settlement,
                title=sheet_title(tx, table.rules, kind),
                dummy=tx("sheet_dummy"),
            )
        except Exception:
            log.exception("the sheet of pulka %s could not be drawn", table.id)
            return None

    async def send(
        self,
        target: Message,
        tx: Texts,
        table: Table,
        settlement: Settlement | None = None,
        *,
        kind: SheetKind = SheetKind.LIVE,
        reply_markup: InlineKeyboardMarkup | None = None,
    ) -> str | None:
        """Send the sheet next to ``target``: None, or the catalog key of what failed.

        That is the drawing (``sheet_failed``) or only the upload (``sheet_not_sent``).
        ``kind`` ``NOW``, ``ENDED`` and ``FINAL`` write ``settlement`` in; ``LIVE``, the
        standings.
        """
        if table.state is None:
            return "sheet_failed"
        caption = sheet_caption(tx, table, settlement, kind)
        key = (table.id, table.last_event_id, tx.lang, kind)
        cached = self._file_ids.get(key)
        if cached is not None:
            try:
                await target.answer_photo(cached, caption=caption, reply_markup=reply_markup)
                return None
            except TelegramRetryAfter:
                raise
            except TelegramAPIError as e:  # the file id went stale: draw it again
                log.info("cached sheet of pulka %s not resent: %s", table.id, e)
                self._file_ids.pop(key, None)
        png = await self.render(tx, table, settlement, kind)
        if png is None:
            return "sheet_failed"
        try:
            sent = await target.answer_photo(
                BufferedInputFile(png, filename=f"pulka-{table.id}.png"),
                caption=caption,
                reply_markup=reply_markup,
            )
        except TelegramRetryAfter:
            raise
        except TelegramAPIError as e:
            log.warning("the sheet of pulka %s was not sent: %s", table.id, e)
            return "sheet_not_sent"
        if sent.photo:
            self._file_ids[key] = sent.photo[-1].file_id
        return None

    def pressed_lately(self, key: Hashable) -> bool:
        """Was a button for ``key`` pressed within the cooldown?  Records this press if not."""
        now = self.clock()
        last = self._pressed.get(key)
        if last is not None and now - last < self.cooldown:
            return True
        self._pressed[key] = now
        return False


__all__ = ["SheetKind", "Sheets"]
