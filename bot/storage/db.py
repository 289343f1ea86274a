"""SQLite: one aiosqlite connection, WAL and full sync, every transaction behind one lock.

A pulka is an append-only event log (``events``); each event remembers the Telegram
message that caused it, and ``UNIQUE(source chat, message id)`` makes a command
Telegram delivers twice be written once.  The queries are plain functions by what
they store (:mod:`~bot.storage.events`, :mod:`~bot.storage.pulkas`,
:mod:`~bot.storage.chats`, :mod:`~bot.storage.inbox`, :mod:`~bot.storage.drafts`), each
taking the :class:`Tx` of a transaction; they return rows and know no rule of the game.

One connection shared by concurrent handlers shares one transaction, so every
transaction, reads too, takes the lock: a read between another task's ``BEGIN`` and
``COMMIT`` would otherwise see uncommitted rows, and one task's rollback erased
another's insert (reproduced).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

import aiosqlite

from bot.storage.schema import MIGRATIONS, SCHEMA_VERSION, TABLES_SQL, refusal

log = logging.getLogger(__name__)


def now() -> str:
    """The current UTC time as ISO text."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def ago(seconds: float) -> str:
    """The UTC time ``seconds`` ago as ISO text (comparable with :func:`now`)."""
    return (datetime.now(UTC) - timedelta(seconds=seconds)).isoformat(timespec="seconds")


#: How long opening the database may spend on SQLite's ``quick_check`` (a pulka's file
#: of some megabytes takes milliseconds); a bigger file is opened unchecked.
OPEN_CHECK_SECONDS = 10.0


class DatabaseUnusable(Exception):
    """The database file cannot be used: not SQLite, damaged, newer than the bot;
    ``str()`` is one line for the operator."""


def _deadline(seconds: float) -> Callable[[], int]:
    """A progress handler that stops SQLite's statement once ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    return lambda: int(time.monotonic() > deadline)


#: SQLite calls the progress handler every this many virtual machine steps.
_STEPS = 10_000
_QUICK_CHECK = "PRAGMA quick_check(3)"


def _found(rows: Iterable[Sequence[Any]]) -> list[str]:
    problems = [str(row[0]) for row in rows]
    return [] if problems == ["ok"] else problems


def _stopped(e: sqlite3.DatabaseError) -> list[str] | None:
    """What a ``quick_check`` that raised found: None if it ran out of time, the
    error if the damage stopped it; re-raised if the file is not SQLite at all."""
    if isinstance(e, sqlite3.OperationalError) and "interrupted" in str(e):
        return None
    if "not a database" in str(e):
        raise e
    return [str(e)]


def quick_check(conn: sqlite3.Connection, seconds: float) -> list[str] | None:
    """SQLite's ``quick_check`` on ``conn``: [] if the file is sound, else the first
    problems it found; None if it did not finish in ``seconds`` (a big file).

    ``sqlite3.DatabaseError`` if the file is not SQLite at all.
    """
    conn.set_progress_handler(_deadline(seconds), _STEPS)
    try:
        return _found(conn.execute(_QUICK_CHECK).fetchall())
    except sqlite3.DatabaseError as e:
        return _stopped(e)
    finally:
        conn.set_progress_handler(None, 0)


async def quick_check_async(conn: aiosqlite.Connection, seconds: float) -> list[str] | None:
    """:func:`quick_check` on an aiosqlite connection (in its thread)."""
    await conn.set_progress_handler(_deadline(seconds), _STEPS)
    try:
        return _found(await conn.execute_fetchall(_QUICK_CHECK))
    except sqlite3.DatabaseError as e:
        return _stopped(e)
    finally:
        # None removes the handler (sqlite3 allows it; aiosqlite's hint does not say so).
        await conn.set_progress_handler(None, 0)  # type: ignore[arg-type]


def damage(path: str, problems: list[str]) -> str:
    """The one line saying a database is damaged and what ``quick_check`` found."""
    found = "; ".join(" ".join(p.split()) for p in problems)
    return (
        f"database {path} is damaged (SQLite quick_check: {found}): restore it from a backup copy"
    )


def unusable(path: str, e: sqlite3.Error) -> str:
    """The one line saying why SQLite could not use the database at ``path``."""
    if "malformed" in str(e):  # a truncated or overwritten file
        return damage(path, [str(e)])
    return f"cannot open the database {path}: {e}"


class Tx:
    """A transaction's statements; only inside :meth:`Storage.uow` or :meth:`Storage.read`."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    # ``execute_fetchall``: the statement and its rows in one trip to aiosqlite's
    # thread, where ``execute`` then ``fetchone`` take two.
    async def one(self, sql: str, *args: Any) -> aiosqlite.Row | None:
        rows = list(await self.conn.execute_fetchall(sql, args))
        return rows[0] if rows else None

    async def all(self, sql: str, *args: Any) -> list[aiosqlite.Row]:
        return list(await self.conn.execute_fetchall(sql, args))

    async def run(self, sql: str, *args: Any) -> aiosqlite.Cursor:
        return await self.conn.execute(sql, args)

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(sql, rows)


class Rider(Protocol):
    """Work that rides along the current task's next write transaction: the receiver
    keeps the update being handled in the transaction of its first write, so that the
    update and what it wrote cost one durable commit (``bot.telegram.lanes``)."""

    async def ride(self, tx: Tx) -> None:
        """Run in the transaction, after its own statements, before the commit."""

    def committed(self) -> None:
        """The transaction committed."""


#: The rider of the task running now (set per update by the receiver), if any.
RIDER: ContextVar[Rider | None] = ContextVar("pulka_rider", default=None)


class Storage:
    """The single database connection and its lock."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @property
    def conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("storage is not open")
        return self._conn

    async def open(self, check_seconds: float = OPEN_CHECK_SECONDS) -> Storage:
        """Connect, switch on WAL and FULL sync, check the file (SQLite's
        ``quick_check``, at most ``check_seconds``), migrate the schema.

        :class:`DatabaseUnusable` if the file is not SQLite, is damaged or is newer than
        the bot; the connection (and its thread) is closed then.
        """
        try:
            self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        except sqlite3.Error as e:
            raise DatabaseUnusable(unusable(self.path, e)) from None
        try:
            self._conn.row_factory = aiosqlite.Row
            await self._conn.execute("PRAGMA journal_mode=WAL")
            await self._conn.execute("PRAGMA synchronous=FULL")
            await self._conn.execute("PRAGMA foreign_keys=ON")
            await self._conn.execute("PRAGMA busy_timeout=5000")
            await self._check(check_seconds)
            await self._migrate()
        except BaseException as e:
            conn, self._conn = self._conn, None
            await conn.close()
            if isinstance(e, sqlite3.Error):
                raise DatabaseUnusable(unusable(self.path, e)) from None
            raise
        return self

    async def _check(self, seconds: float) -> None:
        if seconds <= 0:
            return
        problems = await quick_check_async(self.conn, seconds)
        if problems is None:
            log.warning(
                "the database %s is too big to check in %g s at start: not checked",
                self.path,
                seconds,
            )
        elif problems:
            raise DatabaseUnusable(damage(self.path, problems))

    async def close(self) -> None:
        """Close the connection (waits for a running transaction)."""
        if self._conn is None:
            return
        async with self._lock:
            conn, self._conn = self._conn, None
            await conn.close()

    async def _migrate(self) -> None:
        async with self._lock:
            cur = await self.conn.execute("PRAGMA user_version")
            row = await cur.fetchone()
            version = int(row[0]) if row else 0
            # Another program's file (or one missing a table) is refused, never migrated
            # into: the bot would write its tables beside the other program's.
            tables = {str(name) for (name,) in await self.conn.execute_fetchall(TABLES_SQL)}
            reason = refusal(version, tables)
            if reason is not None:
                raise DatabaseUnusable(f"database {self.path}: {reason}")
            if version == SCHEMA_VERSION:
                return
            # Foreign keys off while migrating (a pragma outside a transaction): a table
            # rebuilt (schema 6) is dropped while its children still refer to it.  Each
            # migration checks them before its commit, so none commits a dangling row.
            await self.conn.execute("PRAGMA foreign_keys=OFF")
            try:
                for v in range(version + 1, SCHEMA_VERSION + 1):
                    await self._migrate_to(v)
            finally:
                await self.conn.execute("PRAGMA foreign_keys=ON")

    async def _migrate_to(self, v: int) -> None:
        log.info("migrating database to schema %d", v)
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[v].split(";"):
                if statement.strip():
                    await self.conn.execute(statement)
            dangling = await (await self.conn.execute("PRAGMA foreign_key_check")).fetchall()
            if dangling:
                raise RuntimeError(f"schema {v}: rows refer to nothing: {list(dangling)[:3]}")
            await self.conn.execute(f"PRAGMA user_version={v}")
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise

    @asynccontextmanager
    async def uow(self) -> AsyncIterator[Tx]:
        """A write transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``) under the lock.

        Never await a Telegram call inside it: every other chat would wait.
        """
        rider = RIDER.get()
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                tx = Tx(self.conn)
                yield tx
                if rider is not None:
                    await rider.ride(tx)
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")
        if rider is not None:
            rider.committed()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """Read-only access under the lock (sees only committed data)."""
        async with self._lock:
            yield Tx(self.conn)
