"""Updates handled concurrently across chats, in order within a chat, and never lost.

aiogram's polling either handles updates one by one (one slow chat, or a flood
wait, stalls every chat) or as free tasks (a chat's updates race each other,
and Telegram is told an update is done before its deal is committed).  Neither
fits a score-keeper, and no maintained library gives per-chat ordering with
durable acceptance, so it is written here:

* :class:`Lanes` runs one worker per chat: a chat's updates are handled in the
  order they came, different chats at the same time.  A worker that has been
  idle for a while ends, so memory stays bounded by the chats playing now.
* :class:`Receiver` confirms an update to Telegram only once it is safe: kept in
  SQLite (``inbox``, :class:`Inbox`) or handled.  An update that writes is kept in
  the transaction of its first write (:data:`bot.storage.db.RIDER`), so a deal costs
  one durable commit, as any bot that keeps a sheet must pay; one that is not kept
  or handled within :data:`GRACE` is kept on its own.  A bot killed mid-update
  handles a kept update again at start (the event log's de-duplication makes that
  write nothing twice and answer what it did); one killed before confirming gets
  the unconfirmed updates again from Telegram, and those it kept are not handled
  twice.  A kept update is marked handled a moment later, with the others of a burst.
* :class:`Poller` is long polling over those: fetch, hand out, confirm.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramConflictError, TelegramNetworkError
from aiogram.methods import GetUpdates
from aiogram.types import Update
from cachetools import TTLCache

from bot import crashpoints
from bot.storage import inbox
from bot.storage.db import RIDER, Storage, Tx

if TYPE_CHECKING:
    from bot.telegram.delivery import Boards

log = logging.getLogger(__name__)

Handle = Callable[[Update], Coroutine[Any, Any, Any]]


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
                # A task per update, so a context of its own: what the handling sets
                # in context variables (the handler data the error router reads) ends
                # with the update instead of living on in this worker while it idles.
                await asyncio.create_task(self._handle(update))
            except Exception:  # one update's failure must not stop its chat
                log.exception("update %s of chat %s failed", update.update_id, key)
            finally:
                # An idle worker must not hold its last update (and everything the
                # handling hung on it) for the idle time: 5,000 chats would keep 5,000.
                del update
                self._busy -= 1
                if self._busy == 0:
                    self._drained.set()


class Inbox:
    """Received updates kept in SQLite until handled (see the module's docstring)."""

    #: How often the updates handled a day ago are dropped (at most): a statement
    #: of its own in a marking transaction, so not in every one.
    DROP_EVERY = 3600.0
    #: Handled updates are marked so this long after, all of a burst in one commit,
    #: away from the commit a table waits for.
    MARK_AFTER = 0.5

    def __init__(
        self,
        storage: Storage,
        clock: Callable[[], float] = time.monotonic,
        mark_after: float = MARK_AFTER,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.mark_after = mark_after
        #: Handled and not yet marked so in the inbox (:meth:`done` marks them soon).
        self._done: list[int] = []
        self._marking: asyncio.Task[None] | None = None
        self._now = asyncio.Event()
        self._dropped_at: float | None = None

    def _drop_due(self) -> bool:
        return self._dropped_at is None or self.clock() - self._dropped_at >= self.DROP_EVERY

    async def keep(self, updates: Iterable[Update]) -> list[Update]:
        """Store a batch in one transaction (with the marks due); the updates not
        seen before."""
        fresh = []
        done, self._done = self._done, []
        drop = self._drop_due()
        try:
            async with self.storage.uow() as tx:
                if done:
                    await inbox.handled(tx, done)
                if drop:
                    await inbox.drop_old(tx)
                for update in updates:
                    if await inbox.keep(tx, update.update_id, lane_of(update), body(update)):
                        fresh.append(update)
        except BaseException:
            self._done[:0] = done  # rolled back: still to be marked
            raise
        if drop:
            self._dropped_at = self.clock()
        return fresh

    def done(self, update_id: int) -> None:
        """``update_id`` is handled: marked so in the inbox soon, by a task of its own
        (a bot killed before answers it again); the ids handled meanwhile with it."""
        self._done.append(update_id)
        if self._marking is None or self._marking.done():
            self._marking = asyncio.create_task(self._mark(), name="inbox-handled")

    async def _mark(self) -> None:
        # Woken early by flush(); never cancelled, which could stop it mid-transaction.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._now.wait(), self.mark_after)
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
        drop = self._drop_due()
        try:
            async with self.storage.uow() as tx:
                await inbox.handled(tx, done)
                if drop:
                    await inbox.drop_old(tx)
        except BaseException:
            self._done[:0] = done
            raise
        if drop:
            self._dropped_at = self.clock()

    async def flush(self) -> None:
        """Mark the handled updates now (at shutdown)."""
        self._now.set()
        if self._marking is not None:
            with contextlib.suppress(Exception):
                await self._marking
        await self._write_done()
        self._now.clear()

    async def known(self) -> list[int]:
        """The ids of every update kept (handled or not, for a day)."""
        async with self.storage.read() as tx:
            return await inbox.ids(tx)

    async def leftovers(self, bot: Bot) -> list[Update]:
        """Updates kept but not handled when the bot last stopped, oldest first."""
        async with self.storage.read() as tx:
            rows = await inbox.unhandled(tx)
        out = []
        for update_id, raw in rows:
            try:
                out.append(Update.model_validate(json.loads(raw), context={"bot": bot}))
            except ValueError:
                log.error("kept update %s cannot be read again; dropped", update_id)
                self.done(update_id)
        return out


def body(update: Update) -> str:
    """What the inbox keeps of ``update``: its JSON as Telegram sent it."""
    return update.model_dump_json(exclude_unset=True)


#: How long the receiver waits for a batch's updates to be kept by their writes (a
#: deal commits in a few milliseconds) before it keeps the rest itself; the next
#: ``getUpdates`` (or the webhook's 200) waits that long at most.
GRACE = 0.05


class _Cause:
    """An update being handled, riding its first write (:class:`bot.storage.db.Rider`):
    safe to confirm once kept (by that write, or by the receiver) or handled."""

    def __init__(self, update: Update, kept: bool = False) -> None:
        self.update = update
        self.kept = kept
        #: Handled, and its mark no longer held for an owed board.
        self.released = False
        self.safe: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if kept:
            self.settle()

    async def ride(self, tx: Tx) -> None:
        if not self.kept:
            u = self.update
            await inbox.keep(tx, u.update_id, lane_of(u), body(u))

    def committed(self) -> None:
        self.kept = True
        self.settle()

    def settle(self) -> None:
        if not self.safe.done():
            self.safe.set_result(None)


class WebhookRefused(Exception):
    """The webhook cannot be served (its port is taken, or the Bot API refused
    ``setWebhook``); ``str()`` is one line for the operator.  Declared here, with the
    poller, so that a polling bot never imports the webhook server (aiohttp.web is
    1.6 MiB of resident memory)."""


class Receiver:
    """What the poller and the webhook share: updates handed to their lanes, each
    confirmable once safe (see the module's docstring), kept ones marked done once
    handled.

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
        *,
        grace: float = GRACE,
    ) -> None:
        self.bot = bot
        self.handle = handle
        self.inbox = Inbox(storage)
        self.lanes = Lanes(self._run)
        self.allowed_updates = allowed_updates
        self.grace = grace
        self.boards = boards
        if boards is not None:
            boards.queued = self.lanes.queued
        #: Updates handed out and not handled yet, by id.
        self._causes: dict[int, _Cause] = {}
        #: Ids handed out lately (and, from the start, every id kept): Telegram sends
        #: again what was not confirmed before a crash, a webhook what was not
        #: answered 200.
        self._seen: TTLCache[int, bool] = TTLCache(maxsize=100_000, ttl=86_400)
        #: chat -> updates handled whose board refresh is still owed.
        self._held: dict[int, list[_Cause]] = {}

    @property
    def pending(self) -> int:
        """Updates received and not handled yet."""
        return self.lanes.pending

    async def take(self, updates: Iterable[Update]) -> None:
        """Hand ``updates`` to their lanes; return once each is safe to confirm to
        Telegram: kept by its first write, handled, or else kept here after
        :attr:`grace` s.  An update seen before is not handled again."""
        causes = []
        for update in updates:
            if update.update_id in self._seen:
                log.info("update %s came again; not handled twice", update.update_id)
                continue
            self._seen[update.update_id] = True
            cause = self._causes[update.update_id] = _Cause(update)
            causes.append(cause)
            self.lanes.put(update)
        if not causes:
            return
        await asyncio.wait([c.safe for c in causes], timeout=self.grace)
        late = [c for c in causes if not c.safe.done()]
        if not late:
            return
        await self.inbox.keep([c.update for c in late])
        for cause in late:
            cause.kept = True
            if cause.released:  # handled while it was being kept
                self.inbox.done(cause.update.update_id)

    async def _run(self, update: Update) -> None:
        cause = self._causes.pop(update.update_id, None) or _Cause(update, kept=True)
        token = RIDER.set(cause)
        try:
            await self.handle(update)
        finally:
            RIDER.reset(token)
            cause.settle()
            await self._finish(lane_of(update), cause)

    async def _finish(self, lane: int, cause: _Cause) -> None:
        held = self._held.pop(lane, [])
        held.append(cause)
        boards = self.boards
        if boards is not None and not self.lanes.queued(lane):
            await boards.settle(lane)
        if boards is not None and boards.owes(lane):
            self._held[lane] = held
            return
        for c in held:
            c.released = True
            if c.kept:
                self.inbox.done(c.update.update_id)

    async def resume(self) -> None:
        """Queue the updates left unhandled when the bot last stopped; remember every
        id kept, so that Telegram's sending one again is not handled twice."""
        for update_id in await self.inbox.known():
            self._seen[update_id] = True
        for update in await self.inbox.leftovers(self.bot):
            self._causes[update.update_id] = _Cause(update, kept=True)
            self.lanes.put(update)

    async def finish(self) -> None:
        """Let the lanes finish, and forget what they handled."""
        await self.lanes.close()
        await self.inbox.flush()


class Poller(Receiver):
    """Long polling: every update handed to its chat's lane, confirmed once safe."""

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
                # Safe first (kept or handled): only then may the next getUpdates
                # confirm them.
                await self.take(updates)
                crashpoints.reached("updates_kept")  # safe, not yet confirmed
                method = GetUpdates(
                    offset=updates[-1].update_id + 1, timeout=timeout, allowed_updates=allowed
                )
        finally:
            await self.finish()
            # Confirm what was fetched, so a restart does not fetch it again (it is kept).
            if method.offset is not None:
                with contextlib.suppress(TelegramAPIError, TimeoutError):
                    await bot(GetUpdates(offset=method.offset, timeout=0, limit=1))
