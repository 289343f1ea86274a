"""Updates handled concurrently across chats, in order within a chat, and never lost.

aiogram's polling either handles updates one by one (one slow chat, or a flood
wait, stalls every chat) or as free tasks (a chat's updates race each other,
and Telegram is told an update is done before its deal is committed).  Neither
fits a score-keeper, and no maintained library gives per-chat ordering with
durable acceptance, so it is written here:

* :class:`Lanes` runs one worker per chat: a chat's updates are handled in the
  order they came, different chats at the same time.  A worker that has been
  idle for a while ends, so memory stays bounded by the chats playing now.
* :class:`Inbox` keeps every received update in SQLite (``inbox``) before it
  is confirmed to Telegram, and forgets it only once handled.  A bot killed
  mid-update handles it again at start (the event log's de-duplication makes
  that write nothing twice and answer what it did); an update delivered twice
  (polling after a crash, a webhook retry) is handled once.
* :class:`Poller` is long polling over those two: fetch, keep, confirm, hand out.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramConflictError, TelegramNetworkError
from aiogram.methods import GetUpdates
from aiogram.types import Update

from bot import crashpoints
from bot.storage import inbox
from bot.storage.db import Storage

if TYPE_CHECKING:
    from bot.telegram.delivery import Boards

log = logging.getLogger(__name__)

Handle = Callable[[Update], Awaitable[Any]]


def lane_of(update: Update) -> int:
    """The chat an update belongs to (0 for updates of no chat)."""
    for event in (
        update.message,
        update.edited_message,
        update.my_chat_member,
        update.chat_member,
        update.channel_post,
        update.chat_join_request,
    ):
        if event is not None:
            return int(event.chat.id)
    query = update.callback_query
    if query is not None:
        if query.message is not None:
            return int(query.message.chat.id)
        return int(query.from_user.id)
    return 0


@dataclass
class _Lane:
    queue: asyncio.Queue[Update] = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None


class Lanes:
    """One worker per chat: in order within a chat, concurrent across chats."""

    def __init__(self, handle: Handle, *, idle: float = 30.0) -> None:
        self._handle = handle
        self._idle = idle
        self._lanes: dict[int, _Lane] = {}
        self._busy = 0
        self._drained = asyncio.Event()
        self._drained.set()

    def put(self, update: Update) -> None:
        """Queue ``update`` behind the earlier updates of its chat."""
        key = lane_of(update)
        lane = self._lanes.get(key)
        if lane is None:
            lane = self._lanes[key] = _Lane()
        lane.queue.put_nowait(update)
        self._busy += 1
        self._drained.clear()
        if lane.task is None or lane.task.done():
            lane.task = asyncio.create_task(self._work(key, lane), name=f"lane-{key}")

    @property
    def pending(self) -> int:
        """Updates queued or being handled."""
        return self._busy

    def queued(self, key: int) -> int:
        """Updates of chat ``key`` waiting behind the one being handled."""
        lane = self._lanes.get(key)
        return 0 if lane is None else lane.queue.qsize()

    @property
    def active(self) -> int:
        """Chats with a worker now."""
        return len(self._lanes)

    async def drain(self) -> None:
        """Wait until every queued update is handled."""
        await self._drained.wait()

    async def close(self, timeout: float = 10.0) -> None:
        """Let the queued updates finish (at most ``timeout`` s), then stop every worker."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.drain(), timeout)
        tasks = [lane.task for lane in self._lanes.values() if lane.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._lanes.clear()

    async def _work(self, key: int, lane: _Lane) -> None:
        while True:
            try:
                update = await asyncio.wait_for(lane.queue.get(), self._idle)
            except TimeoutError:
                if lane.queue.empty() and self._lanes.get(key) is lane:
                    del self._lanes[key]
                return
            try:
                await self._handle(update)
            except Exception:  # one update's failure must not stop its chat
                log.exception("update %s of chat %s failed", update.update_id, key)
            finally:
                self._busy -= 1
                if self._busy == 0:
                    self._drained.set()


class Inbox:
    """Received updates kept in SQLite until handled (see the module's docstring)."""

    #: How often the updates handled a day ago are dropped (at most): a statement
    #: of its own in a batch's transaction, so not in every batch's.
    DROP_EVERY = 3600.0

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.monotonic) -> None:
        self.storage = storage
        self.clock = clock
        #: Handled and not yet marked so in the inbox (:meth:`done` marks them at once).
        self._done: list[int] = []
        self._marking: asyncio.Task[None] | None = None
        self._dropped_at: float | None = None

    async def keep(self, updates: Iterable[Update]) -> list[Update]:
        """Store a fetched batch in one transaction; the updates not seen before."""
        fresh = []
        done, self._done = self._done, []
        now = self.clock()
        drop = self._dropped_at is None or now - self._dropped_at >= self.DROP_EVERY
        try:
            async with self.storage.uow() as tx:
                if done:
                    await inbox.handled(tx, done)
                if drop:
                    await inbox.drop_old(tx)
                for update in updates:
                    body = update.model_dump_json(exclude_unset=True)
                    if await inbox.keep(tx, update.update_id, lane_of(update), body):
                        fresh.append(update)
        except BaseException:
            self._done[:0] = done  # rolled back: still to be marked
            raise
        if drop:
            self._dropped_at = now
        return fresh

    def done(self, update_id: int) -> None:
        """``update_id`` is handled: marked so in the inbox at once, by a task of its
        own (a bot killed now answers it again only if it had not got that far).
        The ids handled while one marking runs are marked together by the next."""
        self._done.append(update_id)
        if self._marking is None or self._marking.done():
            self._marking = asyncio.create_task(self._mark(), name="inbox-handled")

    async def _mark(self) -> None:
        while self._done:
            try:
                await self._write_done()
            except Exception:  # left for the next batch, a later done(), or shutdown
                log.exception("could not mark updates handled in the inbox")
                return

    async def _write_done(self) -> None:
        done, self._done = self._done, []
        if not done:
            return
        try:
            async with self.storage.uow() as tx:
                await inbox.handled(tx, done)
        except BaseException:
            self._done[:0] = done
            raise

    async def flush(self) -> None:
        """Mark the handled updates now (at shutdown)."""
        if self._marking is not None:
            with contextlib.suppress(Exception):
                await self._marking
        await self._write_done()

    async def leftovers(self, bot: Bot) -> list[Update]:
        """Updates kept but not handled when the bot last stopped, oldest first."""
        async with self.storage.read() as tx:
            rows = await inbox.unhandled(tx)
        out = []
        for update_id, body in rows:
            try:
                out.append(Update.model_validate(json.loads(body), context={"bot": bot}))
            except ValueError:
                log.error("kept update %s cannot be read again; dropped", update_id)
                self.done(update_id)
        return out


class WebhookRefused(Exception):
    """The webhook cannot be served (its port is taken, or the Bot API refused
    ``setWebhook``); ``str()`` is one line for the operator.  Declared here, with the
    poller, so that a polling bot never imports the webhook server (aiohttp.web is
    1.6 MiB of resident memory)."""


class Receiver:
    """What the poller and the webhook share: the inbox, the lanes, and each update
    marked done once handled.

    ``boards`` (:class:`bot.telegram.delivery.Boards`) learns how many updates of a
    chat are queued, so that a burst edits the board once; an update whose board
    refresh is still owed is marked done only once the chat's last update has paid
    it, so a bot killed in a burst shows the board right after its restart.
    """

    def __init__(
        self,
        bot: Bot,
        handle: Handle,
        storage: Storage,
        allowed_updates: list[str] | None,
        boards: Boards | None = None,
    ) -> None:
        self.bot = bot
        self.handle = handle
        self.inbox = Inbox(storage)
        self.lanes = Lanes(self._run)
        self.allowed_updates = allowed_updates
        self.boards = boards
        if boards is not None:
            boards.queued = self.lanes.queued
        #: chat -> updates handled whose board refresh is still owed.
        self._held: dict[int, list[int]] = {}

    @property
    def pending(self) -> int:
        """Updates received and not handled yet."""
        return self.lanes.pending

    async def _run(self, update: Update) -> None:
        try:
            await self.handle(update)
        finally:
            await self._finish(lane_of(update), update.update_id)

    async def _finish(self, lane: int, update_id: int) -> None:
        held = self._held.pop(lane, [])
        held.append(update_id)
        boards = self.boards
        if boards is not None and not self.lanes.queued(lane):
            await boards.settle(lane)
        if boards is not None and boards.owes(lane):
            self._held[lane] = held
            return
        for done in held:
            self.inbox.done(done)

    async def resume(self) -> None:
        """Queue the updates left unhandled when the bot last stopped."""
        for update in await self.inbox.leftovers(self.bot):
            self.lanes.put(update)

    async def finish(self) -> None:
        """Let the lanes finish, and forget what they handled."""
        await self.lanes.close()
        await self.inbox.flush()


class Poller(Receiver):
    """Long polling: every update kept, confirmed, then handled in its chat's lane."""

    def __init__(
        self,
        bot: Bot,
        handle: Handle,
        storage: Storage,
        *,
        allowed_updates: list[str] | None = None,
        timeout: int = 30,
        boards: Boards | None = None,
    ) -> None:
        super().__init__(bot, handle, storage, allowed_updates, boards)
        self.timeout = timeout

    async def run(self, stop: asyncio.Event) -> None:
        """Poll until ``stop`` is set; then let the lanes finish and confirm what was fetched."""
        bot, timeout, allowed = self.bot, self.timeout, self.allowed_updates
        await self.resume()
        method = GetUpdates(timeout=timeout, allowed_updates=allowed)
        delay = 1.0
        try:
            while not stop.is_set():
                fetch = asyncio.ensure_future(bot(method, request_timeout=timeout + 30))
                stopping = asyncio.ensure_future(stop.wait())
                await asyncio.wait({fetch, stopping}, return_when=asyncio.FIRST_COMPLETED)
                if not fetch.done():
                    fetch.cancel()
                    with contextlib.suppress(asyncio.CancelledError, TelegramAPIError):
                        await fetch
                    break
                stopping.cancel()
                try:
                    updates = fetch.result()
                except (TelegramNetworkError, TelegramAPIError, TimeoutError) as e:
                    if isinstance(e, TelegramConflictError) and "webhook" in e.message.lower():
                        # Back from webhook mode (WEBHOOK_URL unset): polling is what the
                        # operator runs now.  The updates Telegram holds stay (no drop).
                        log.warning("a webhook is set; deleting it to poll (%s)", e.message)
                        with contextlib.suppress(TelegramNetworkError, TelegramAPIError):
                            await bot.delete_webhook(drop_pending_updates=False)
                            continue
                    log.warning("getUpdates failed (%s); again in %.0f s", e, delay)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 30.0)
                    continue
                delay = 1.0
                if not updates:
                    continue
                # Kept first: only then may the next getUpdates confirm them.
                fresh = await self.inbox.keep(updates)
                crashpoints.reached("updates_kept")  # kept, not confirmed, not handled
                method = GetUpdates(
                    offset=updates[-1].update_id + 1, timeout=timeout, allowed_updates=allowed
                )
                for update in fresh:
                    self.lanes.put(update)
        finally:
            await self.finish()
            # Confirm what was fetched, so a restart does not fetch it again (it is kept).
            if method.offset is not None:
                with contextlib.suppress(TelegramAPIError, TimeoutError):
                    await bot(GetUpdates(offset=method.offset, timeout=0, limit=1))
