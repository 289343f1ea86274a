"""The inbox of received updates (``bot.telegram.lanes.Inbox``): kept before confirmed,
marked handled with the next batch, dropped a day after, and that purge made at most
once an hour so that a batch's transaction is not one statement longer every time."""

from __future__ import annotations

import asyncio
import contextvars
import gc
import weakref
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiogram.types import Update

from bot.storage.db import Storage
from bot.telegram.lanes import Inbox, Lanes, Receiver, lane_of


def update(update_id: int, chat: int = -100) -> Update:
    return Update.model_validate(
        {
            "update_id": update_id,
            "message": {
                "message_id": update_id,
                "date": 0,
                "chat": {"id": chat, "type": "supergroup", "title": "t"},
                "from": {"id": 1, "is_bot": False, "first_name": "Anna"},
                "text": "hello",
            },
        }
    )


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    s = await Storage(str(tmp_path / "p.sqlite3")).open()
    try:
        yield s
    finally:
        await s.close()


async def rows(storage: Storage) -> list[tuple[int, int]]:
    async with storage.read() as tx:
        found = await tx.all("SELECT update_id, handled FROM inbox ORDER BY update_id")
    return [(int(r["update_id"]), int(r["handled"])) for r in found]


async def age(storage: Storage, update_id: int, when: str = "2000-01-01T00:00:00+00:00") -> None:
    async with storage.uow() as tx:
        await tx.conn.execute(
            "UPDATE inbox SET received_at = ? WHERE update_id = ?", (when, update_id)
        )


async def test_kept_marked_handled_then_dropped_a_day_later(storage: Storage) -> None:
    clock = Clock()
    inbox = Inbox(storage, clock)
    assert [u.update_id for u in await inbox.keep([update(1), update(2)])] == [1, 2]
    inbox.done(1)
    assert [u.update_id for u in await inbox.keep([update(3)])] == [3]
    assert await rows(storage) == [(1, 1), (2, 0), (3, 0)]
    # Delivered again (a webhook retry, polling after a crash): kept once, not fresh.
    assert await inbox.keep([update(1), update(3)]) == []
    inbox.done(2)
    inbox.done(3)
    await inbox.keep([update(4)])
    assert await rows(storage) == [(1, 1), (2, 1), (3, 1), (4, 0)]

    # 1 and 4 received two days ago: 1 was handled, 4 never was (a leftover).
    await age(storage, 1)
    await age(storage, 4)
    trace: list[str] = []
    conn = storage.conn
    await conn._execute(conn._conn.set_trace_callback, trace.append)
    clock.now += 60  # within the hour of the last purge: no DELETE
    await inbox.keep([update(5)])
    assert not any(s.startswith("DELETE") for s in trace)
    assert (1, 1) in await rows(storage)
    clock.now += Inbox.DROP_EVERY
    await inbox.keep([update(6)])
    assert sum(s.startswith("DELETE") for s in trace) == 1
    await conn._execute(conn._conn.set_trace_callback, None)
    # The old handled update is gone; the old unhandled one stays to be handled.
    assert await rows(storage) == [(2, 1), (3, 1), (4, 0), (5, 0), (6, 0)]


async def test_the_first_batch_after_a_start_drops_what_is_a_day_old(storage: Storage) -> None:
    first = Inbox(storage, Clock())
    await first.keep([update(1)])
    first.done(1)
    await first.flush()
    await age(storage, 1)
    restarted = Inbox(storage, Clock())
    await restarted.keep([update(2)])
    assert await rows(storage) == [(2, 0)]


class OwingBoards:
    """A stand-in for ``Boards``: a refresh asked for while the chat has more updates
    queued is owed, and paid by ``settle``."""

    def __init__(self) -> None:
        self.queued: Any = lambda chat_id: 0
        self.owed: set[int] = set()
        self.settled: list[int] = []

    def refresh(self, chat_id: int) -> None:
        if self.queued(chat_id):
            self.owed.add(chat_id)

    def owes(self, chat_id: int) -> bool:
        return chat_id in self.owed

    async def settle(self, chat_id: int) -> None:
        self.settled.append(chat_id)
        self.owed.discard(chat_id)


async def test_an_update_whose_board_is_owed_is_marked_handled_once_it_is_shown(
    storage: Storage,
) -> None:
    boards = OwingBoards()
    release = asyncio.Event()
    handled: list[int] = []
    seen_by_2: list[tuple[int, int]] = []

    async def handle(u: Update) -> None:
        if u.update_id == 1:
            await release.wait()
        if u.update_id == 2:
            await receiver.inbox.flush()
            seen_by_2.extend(await rows(storage))
        boards.refresh(lane_of(u))
        handled.append(u.update_id)

    receiver = Receiver(None, handle, storage, None, boards)  # type: ignore[arg-type]
    for u in await receiver.inbox.keep([update(1), update(2), update(3, chat=-200)]):
        receiver.lanes.put(u)
    await asyncio.sleep(0.05)
    release.set()  # 2 was queued behind 1: 1's board is owed until 2 shows it
    while len(handled) < 3:
        await asyncio.sleep(0.01)
    await receiver.lanes.drain()
    await receiver.inbox.flush()
    assert boards.settled == [-200, -100]
    assert (1, 0) in seen_by_2  # killed then, 1 would be handled again at start
    assert await rows(storage) == [(1, 1), (2, 1), (3, 1)]


async def commits(storage: Storage, trace: list[str]) -> None:
    conn = storage.conn
    await conn._execute(conn._conn.set_trace_callback, trace.append)


async def test_an_update_that_writes_is_kept_by_its_write_in_one_commit(
    storage: Storage,
) -> None:
    async def write(u: Update) -> None:
        async with storage.uow() as tx:
            await tx.run("INSERT INTO chats (chat_id, updated_at) VALUES (?, '')", 7)

    receiver = Receiver(None, write, storage, None)  # type: ignore[arg-type]
    receiver.inbox.mark_after = 0.0
    trace: list[str] = []
    await commits(storage, trace)
    await receiver.take([update(1)])  # returns once the write committed
    assert [s for s in trace if s in ("BEGIN IMMEDIATE", "COMMIT")] == ["BEGIN IMMEDIATE", "COMMIT"]
    assert any(s.startswith("INSERT OR IGNORE INTO inbox") for s in trace)
    await receiver.lanes.drain()
    await receiver.inbox.flush()
    assert await rows(storage) == [(1, 1)]


async def test_a_read_handled_at_once_is_not_kept_and_a_slow_one_is(storage: Storage) -> None:
    release = asyncio.Event()

    async def handle(u: Update) -> None:
        if u.update_id == 2:
            await release.wait()

    receiver = Receiver(None, handle, storage, None, grace=0.05)  # type: ignore[arg-type]
    await receiver.take([update(1), update(2, chat=-200)])
    # 1 was handled within the grace: nothing to keep; 2 was not: kept before confirming.
    assert await rows(storage) == [(2, 0)]
    release.set()
    await receiver.lanes.drain()
    await receiver.inbox.flush()
    assert await rows(storage) == [(2, 1)]


async def test_an_update_kept_before_a_restart_is_not_handled_again(storage: Storage) -> None:
    handled: list[int] = []

    async def handle(u: Update) -> None:
        handled.append(u.update_id)

    first = Receiver(None, handle, storage, None)  # type: ignore[arg-type]
    await first.inbox.keep([update(1), update(2)])
    first.inbox.done(1)
    await first.inbox.flush()  # 1 handled, 2 left when the bot stopped
    restarted = Receiver(None, handle, storage, None)  # type: ignore[arg-type]
    await restarted.resume()
    # Telegram sends both again (they were not confirmed), and a new one.
    await restarted.take([update(1), update(2), update(3)])
    await restarted.lanes.drain()
    assert sorted(handled) == [2, 3]


async def test_an_idle_chat_worker_holds_nothing_of_the_updates_it_handled() -> None:
    # Memory stays bounded by the chats being handled now: a worker waits up to its idle
    # time for its chat's next update, and must not keep the last one meanwhile, nor
    # what its handling set in context variables (the handler data, for the error router).
    handling: contextvars.ContextVar[object] = contextvars.ContextVar("handling")

    class Data:
        pass

    left: list[weakref.ref[Any]] = []

    async def handle(u: Update) -> None:
        data = Data()
        handling.set(data)
        left.extend((weakref.ref(u), weakref.ref(data)))

    lanes = Lanes(handle, idle=30.0)
    for n in range(1, 4):
        lanes.put(update(n, chat=-100 * n))
    await lanes.drain()
    gc.collect()
    assert lanes.active == 3  # the workers are still there, idle...
    assert [ref() for ref in left] == [None] * 6  # ...holding nothing
    await lanes.close()
