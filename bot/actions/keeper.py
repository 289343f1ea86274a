"""The keeper of the pulkas: the database, the replayed tables, and what each update
committed.

Every action (``bot.actions.deals``, ``seating``, ``ending``...) is a function of the
:class:`Keeper`, which handlers get as the ``keeper`` argument.  A write checks
against the replayed sheet inside its own transaction (so two players writing at
once cannot both pass a stale check) and remembers its Telegram source, so that a
redelivered command is written once and answered with what it wrote.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from cachetools import LRUCache

from bot import crashpoints
from bot.model import (
    Author,
    EventKind,
    EventRow,
    PlayerRow,
    PulkaError,
    Source,
    Table,
    Written,
    advance,
    build_table,
)
from bot.model.nights import NightSheet
from bot.storage import chats, events, pulkas
from bot.storage.db import Storage, Tx

#: What the writes of the update being handled committed, oldest first: a fresh list per
#: update (set by an outer middleware), so whoever answers after a failure knows what
#: is written.
COMMITTED: ContextVar[list[Written] | None] = ContextVar("pulka_committed", default=None)


def committed(written: Written) -> Written:
    """Register ``written`` as committed by the current update (a repeat too: it is
    written, and an answer lost after it must say so)."""
    commits = COMMITTED.get()
    if commits is not None:
        commits.append(written)
    return written


async def append(
    tx: Tx,
    table: Table,
    kind: EventKind,
    payload: dict[str, Any],
    author: Author,
    source: Source | None,
    *,
    players: tuple[PlayerRow, ...] | None = None,
) -> tuple[Table, EventRow]:
    """Write an event next on ``table``'s log (with the seating ``players`` it gives, if
    any): the event, and the table after it, to hand to :meth:`Keeper.written` once the
    transaction committed."""
    seated = table.players if players is None else players
    event = await pulkas.write(
        tx, table.id, kind, payload, author, source, seq=table.next_seq, players=players
    )
    status = pulkas.STATUS_AFTER.get(kind, table.row.status)
    return advance(table, seated, (event,), status), event


class Keeper:
    """The database and the replayed tables of the pulkas played now."""

    def __init__(self, storage: Storage, *, hot: int = 256, nights: int = 4096) -> None:
        self.storage = storage
        #: Replayed tables of hot pulkas, each checked against its log's last event id
        #: on every read, so a kept table is never stale: it only saves the replay.
        self.tables: LRUCache[int, Table] = LRUCache(maxsize=hot)
        #: The nights' summaries read so far (:mod:`bot.actions.nights`), each checked
        #: against its log's last event id on every read: a chat's hundreds of nights
        #: are then not parsed again.  Some 3 KiB each.
        self.nights: LRUCache[int, NightSheet] = LRUCache(maxsize=nights)
        #: Chat languages read so far (every update asks); a write of one drops it.
        self.langs: LRUCache[int, str | None] = LRUCache(maxsize=10_000)

    # --- reading ------------------------------------------------------------------

    async def get(self, pulka_id: int) -> Table | None:
        async with self.storage.read() as tx:
            return await self.load(tx, pulka_id)

    async def active(self, chat_id: int, thread_id: int) -> Table | None:
        """The running pulka of a chat (or forum topic), if any."""
        async with self.storage.read() as tx:
            return await self.active_in(tx, chat_id, thread_id)

    async def written_by(self, source: Source) -> tuple[Table, EventRow] | None:
        """The pulka a Telegram message already wrote to (a repeated command or press),
        and the event it wrote; None if it wrote nothing."""
        async with self.storage.read() as tx:
            event = await events.by_source(tx, source)
            table = None if event is None else await self.load(tx, event.pulka_id)
        return None if table is None or event is None else (table, event)

    async def lang(self, chat_id: int) -> str | None:
        """The chat's language, if it has one."""
        if chat_id not in self.langs:
            async with self.storage.read() as tx:
                self.langs[chat_id] = await chats.lang(tx, chat_id)
        return self.langs[chat_id]

    # --- inside a transaction -------------------------------------------------------

    async def load(self, tx: Tx, pulka_id: int, last: int | None = None) -> Table | None:
        """The pulka's table as committed, or None: the kept one brought up to date by
        the events written since (``last``: the log's last event id, if read already)."""
        kept = self.tables.get(pulka_id)
        if kept is not None:
            if last is None:
                last = await events.last_id(tx, pulka_id)
            if last == kept.last_event_id:
                return kept
            if last is not None and last > kept.last_event_id:
                head = await pulkas.head(tx, pulka_id)
                if head is not None:
                    new = await events.after(tx, pulka_id, kept.last_event_id)
                    return self.keep(advance(kept, head.players, new, head.status))
        row = await pulkas.load(tx, pulka_id)
        if row is None:
            self.tables.pop(pulka_id, None)
            return None
        return self.keep(build_table(row))

    async def table(self, tx: Tx, pulka_id: int) -> Table:
        """:meth:`load`, refused ``no_pulka`` if there is none."""
        table = await self.load(tx, pulka_id)
        if table is None:
            raise PulkaError("no_pulka")
        return table

    async def active_in(self, tx: Tx, chat_id: int, thread_id: int) -> Table | None:
        here = await pulkas.active(tx, chat_id, thread_id)
        if here is None:
            return None
        table = await self.load(tx, *here)
        if table is None:
            raise PulkaError("no_pulka")
        return table

    async def again(self, tx: Tx, source: Source | None, *kinds: EventKind) -> Written | None:
        """What ``source`` wrote already (a command or press delivered again), if anything.

        Only a write of one of ``kinds`` is a repeat; a message that wrote something
        else (a wizard that wrote a deal, pressed as an undo) is stale.
        """
        event = None if source is None else await events.by_source(tx, source)
        if event is None:
            return None
        if event.kind not in kinds:
            raise PulkaError("stale")
        return committed(Written(await self.table(tx, event.pulka_id), True, event.id, event))

    def keep(self, table: Table) -> Table:
        """Remember ``table`` (read, or after its transaction committed) as its pulka's
        newest."""
        self.tables[table.id] = table
        return table

    def newest(self, table: Table) -> Table:
        """``table``, or the newer table of its pulka committed since (no read: every
        commit of this process is kept here)."""
        kept = self.tables.get(table.id)
        return kept if kept is not None and kept.last_event_id > table.last_event_id else table

    def written(self, before: Table, after: Table, event: EventRow) -> Written:
        """The outcome of a write, called once it committed: ``after`` is kept."""
        self.keep(after)
        crashpoints.reached(f"{event.kind}_committed")  # committed, nothing answered yet
        return committed(Written(after, False, event.id, event, before))

    def forget(self) -> None:
        """Drop every kept table and language (a chat moved to a new id)."""
        self.tables.clear()
        self.nights.clear()
        self.langs.clear()
