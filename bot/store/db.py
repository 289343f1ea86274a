"""SQLite storage: one aiosqlite connection, WAL, every write behind one lock.

A pulka is an append-only event log (``events``): deals, undos, the end.  The
sheet is always the replay of that log; history is never rewritten.  Each
event remembers the Telegram message that caused it, and ``UNIQUE(source chat,
message id)`` makes a command Telegram delivers twice be written once.

Reads take the same lock as writes: with one shared connection a read between
another task's ``BEGIN`` and ``COMMIT`` would otherwise see uncommitted rows.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

SCHEMA_VERSION = 6

_MIGRATIONS: dict[int, str] = {
    1: """
    CREATE TABLE chats (
        chat_id     INTEGER PRIMARY KEY,
        lang        TEXT NOT NULL DEFAULT 'ru',
        updated_at  TEXT NOT NULL
    );
    CREATE TABLE pulkas (
        id                INTEGER PRIMARY KEY,
        chat_id           INTEGER NOT NULL,
        thread_id         INTEGER NOT NULL DEFAULT 0,
        rules             TEXT NOT NULL,
        status            TEXT NOT NULL DEFAULT 'active'
                          CHECK (status IN ('active', 'archived')),
        created_by        INTEGER,
        created_by_name   TEXT,
        source_chat_id    INTEGER,
        source_message_id INTEGER,
        created_at        TEXT NOT NULL,
        archived_at       TEXT,
        UNIQUE (source_chat_id, source_message_id)
    );
    CREATE UNIQUE INDEX pulkas_one_active ON pulkas (chat_id, thread_id)
        WHERE status = 'active';
    CREATE TABLE players (
        pulka_id  INTEGER NOT NULL REFERENCES pulkas (id),
        seat      INTEGER NOT NULL,
        name      TEXT NOT NULL,
        user_id   INTEGER,
        username  TEXT,
        PRIMARY KEY (pulka_id, seat)
    );
    CREATE TABLE events (
        id                INTEGER PRIMARY KEY,
        pulka_id          INTEGER NOT NULL REFERENCES pulkas (id),
        seq               INTEGER NOT NULL,
        kind              TEXT NOT NULL,
        payload           TEXT NOT NULL,
        author_id         INTEGER,
        author_name       TEXT,
        source_chat_id    INTEGER,
        source_message_id INTEGER,
        created_at        TEXT NOT NULL,
        UNIQUE (pulka_id, seq),
        UNIQUE (source_chat_id, source_message_id)
    );
    """,
    # 2: inline keyboards.  ``seats`` is the table size chosen in the settings
    # message (NULL: 3 or 4); ``drafts`` keeps a settings message's choices
    # until "Start"; ``boards`` is each pulka's live scoreboard message.
    2: """
    ALTER TABLE pulkas ADD COLUMN seats INTEGER CHECK (seats IS NULL OR seats IN (3, 4));
    CREATE TABLE drafts (
        chat_id     INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        thread_id   INTEGER NOT NULL DEFAULT 0,
        data        TEXT NOT NULL,
        created_by  INTEGER,
        pulka_id    INTEGER REFERENCES pulkas (id),
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL,
        PRIMARY KEY (chat_id, message_id)
    );
    CREATE TABLE boards (
        pulka_id    INTEGER PRIMARY KEY REFERENCES pulkas (id),
        chat_id     INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        shown       TEXT NOT NULL DEFAULT '',
        updated_at  TEXT NOT NULL
    );
    """,
    # 3: languages.  A chat without a language now speaks its pulka creator's;
    # chats that already play keep Russian, what they had until now.
    3: """
    INSERT OR IGNORE INTO chats (chat_id, lang, updated_at)
        SELECT DISTINCT chat_id, 'ru', strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')
        FROM (SELECT chat_id FROM pulkas UNION SELECT chat_id FROM drafts);
    """,
    # 4: the inbox.  Every received update is kept here before it is confirmed to
    # Telegram; handled ones are remembered for a day, so one delivered twice is
    # handled once (``bot.telegram.lanes``).
    4: """
    CREATE TABLE inbox (
        update_id    INTEGER PRIMARY KEY,
        lane         INTEGER NOT NULL,
        body         TEXT NOT NULL,
        received_at  TEXT NOT NULL,
        handled      INTEGER NOT NULL DEFAULT 0
    );
    """,
    # 5: the rating (issue 12).  Whether the settlement and the archive show each
    # player's rating change (``/rating on|off``); off until a chat asks.  The rating
    # itself is never stored: it is the replay of the chat's nights (bot/store/rating.py).
    5: """
    ALTER TABLE chats ADD COLUMN rating INTEGER NOT NULL DEFAULT 0 CHECK (rating IN (0, 1));
    """,
    # 6: two and five players (issue 13).  ``seats`` may be 2 (hussar) to 5; NULL still
    # means 3 or 4.  SQLite cannot change a column's CHECK, so the table is rebuilt as its
    # documentation says (https://sqlite.org/lang_altertable.html#otheralter): a new
    # table with every column of schema 5 in the same order, the rows copied with their
    # ids, the old one dropped, the new one renamed (which keeps the children's
    # ``REFERENCES pulkas``), its index made again.  :meth:`Storage._migrate` runs it with
    # foreign keys off and checks them before the commit.  ``pulkas`` has no trigger.
    6: """
    CREATE TABLE pulkas_6 (
        id                INTEGER PRIMARY KEY,
        chat_id           INTEGER NOT NULL,
        thread_id         INTEGER NOT NULL DEFAULT 0,
        rules             TEXT NOT NULL,
        status            TEXT NOT NULL DEFAULT 'active'
                          CHECK (status IN ('active', 'archived')),
        created_by        INTEGER,
        created_by_name   TEXT,
        source_chat_id    INTEGER,
        source_message_id INTEGER,
        created_at        TEXT NOT NULL,
        archived_at       TEXT,
        seats             INTEGER CHECK (seats IS NULL OR seats BETWEEN 2 AND 5),
        UNIQUE (source_chat_id, source_message_id)
    );
    INSERT INTO pulkas_6 (id, chat_id, thread_id, rules, status, created_by, created_by_name,
                          source_chat_id, source_message_id, created_at, archived_at, seats)
        SELECT id, chat_id, thread_id, rules, status, created_by, created_by_name,
               source_chat_id, source_message_id, created_at, archived_at, seats
        FROM pulkas;
    DROP TABLE pulkas;
    ALTER TABLE pulkas_6 RENAME TO pulkas;
    CREATE UNIQUE INDEX pulkas_one_active ON pulkas (chat_id, thread_id)
        WHERE status = 'active';
    """,
}


class EventKind(StrEnum):
    """What a line of a pulka's log is; stored as its value (``events.kind``)."""

    DEAL = "deal"  # a deal or a correction, written on the sheet
    UNDO = "undo"  # a deal taken back (the event it names)
    JOIN = "join"  # a player seated
    END = "end"  # the pulka ended (settled, or by agreement)
    # The evening around the deals (issue 11); each kind's payload is described where it
    # is written and replayed.
    AMEND = "amend"  # a past deal replaced or deleted (the event it names, the new deal)
    AGREE = "agree"  # a player agreed to end the pulka now
    REOPEN = "reopen"  # an end by agreement taken back before settling
    SETTLE = "settle"  # the pulka settled: its settlement as written then, locked
    CANCEL = "cancel"  # a pulka started by mistake, cancelled before its first deal
    LEAVE = "leave"  # a player left his seat before the first deal
    SEATS = "seats"  # the seating changed before the first deal (swap, first dealer)
    CLAIM = "claim"  # a Telegram user took over a guest seat (after /import)
    # Beyond the sheet (issue 12): written on a settled pulka, they change no figure.
    PAID = "paid"  # the payer says a payment of the settlement is paid
    RECEIVED = "received"  # the payee says a payment of the settlement is received


#: The kinds by their short names, as the readers of the log import them.
DEAL, UNDO, JOIN, END = EventKind.DEAL, EventKind.UNDO, EventKind.JOIN, EventKind.END


class PulkaStatus(StrEnum):
    """A pulka's ``status`` column: running, or ended (only an ``end`` event ends it)."""

    ACTIVE = "active"
    ARCHIVED = "archived"


def schema_tables(version: int) -> set[str]:
    """The tables a database of schema ``version`` has (read off the migrations: each
    ``CREATE TABLE``, ``DROP TABLE`` and ``ALTER TABLE ... RENAME TO`` in order).

    >>> sorted(schema_tables(2))
    ['boards', 'chats', 'drafts', 'events', 'players', 'pulkas']
    >>> schema_tables(SCHEMA_VERSION) >= {'pulkas', 'inbox'}, 'pulkas_6' in schema_tables(6)
    (True, False)
    """
    tables: set[str] = set()
    statement = re.compile(r"CREATE TABLE (\w+)|DROP TABLE (\w+)|ALTER TABLE (\w+) RENAME TO (\w+)")
    for v in range(1, version + 1):
        for made, dropped, old, new in statement.findall(_MIGRATIONS[v]):
            if made:
                tables.add(made)
            elif dropped:
                tables.discard(dropped)
            else:
                tables.discard(old)
                tables.add(new)
    return tables


def check_schema(conn: sqlite3.Connection) -> int:
    """The schema version of the database on ``conn`` (0: empty, the bot will create
    it); ``ValueError`` saying why it is not a database of this bot.

    Used by ``python -m bot check`` and ``backup`` on their own connection, so it
    only reads.  ``sqlite3.DatabaseError`` if the file is not SQLite at all.
    """
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    tables = {
        str(name) for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    if version == 0:
        if tables:
            raise ValueError(
                "not a pulka database (it has other tables: " + ", ".join(sorted(tables)[:5]) + ")"
            )
        return 0
    if version > SCHEMA_VERSION:
        raise ValueError(f"its schema {version} is newer than this bot's ({SCHEMA_VERSION})")
    missing = schema_tables(version) - tables
    if missing:
        raise ValueError("not a pulka database (no table " + ", ".join(sorted(missing)) + ")")
    return version


def now() -> str:
    """The current UTC time as ISO text."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def ago(seconds: float) -> str:
    """The UTC time ``seconds`` ago as ISO text (comparable with :func:`now`)."""
    return (datetime.now(UTC) - timedelta(seconds=seconds)).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A seat at the table: a Telegram user or a guest (``user_id`` None)."""

    seat: int
    name: str
    user_id: int | None
    username: str | None


@dataclass(frozen=True, slots=True)
class EventRow:
    """One line of a pulka's log."""

    id: int
    pulka_id: int
    seq: int
    kind: EventKind
    payload: dict[str, Any]
    author_id: int | None
    author_name: str | None
    source_chat_id: int | None
    source_message_id: int | None
    created_at: str


@dataclass(frozen=True, slots=True)
class PulkaRow:
    """A pulka with its players and its whole log."""

    id: int
    chat_id: int
    thread_id: int
    rules: dict[str, Any]
    status: PulkaStatus
    created_by: int | None
    created_by_name: str | None
    players: tuple[PlayerRow, ...]
    events: tuple[EventRow, ...]
    #: The table size chosen (the settings message, ``/newpulka впятером``): 2 to 5;
    #: None: nobody chose, 3 or 4 sit (:data:`bot.store.tables.UNCHOSEN`).
    seats: int | None = None

    @property
    def active(self) -> bool:
        return self.status == PulkaStatus.ACTIVE


@dataclass(frozen=True, slots=True)
class DraftRow:
    """A settings message's choices (``data``), keyed by its chat and message id."""

    chat_id: int
    message_id: int
    thread_id: int
    data: dict[str, Any]
    created_by: int | None
    pulka_id: int | None


@dataclass(frozen=True, slots=True)
class BoardRow:
    """Where a pulka's live scoreboard is, and what it shows now (``shown``)."""

    pulka_id: int
    chat_id: int
    message_id: int
    shown: str


@dataclass(frozen=True, slots=True)
class Source:
    """The Telegram message a write came from (for deduplication)."""

    chat_id: int
    message_id: int


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

    async def open(self) -> Storage:
        """Connect, switch on WAL and FULL sync, migrate the schema."""
        self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        self._conn.row_factory = aiosqlite.Row
        await self._conn.execute("PRAGMA journal_mode=WAL")
        await self._conn.execute("PRAGMA synchronous=FULL")
        await self._conn.execute("PRAGMA foreign_keys=ON")
        await self._conn.execute("PRAGMA busy_timeout=5000")
        await self._migrate()
        return self

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
            if version > SCHEMA_VERSION:
                raise RuntimeError(
                    f"database schema {version} is newer than this bot ({SCHEMA_VERSION})"
                )
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
            for statement in _MIGRATIONS[v].split(";"):
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

        Never await a Telegram call inside it.
        """
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield Tx(self.conn)
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """Read-only access under the lock (sees only committed data)."""
        async with self._lock:
            yield Tx(self.conn)

    async def append_alone(
        self,
        pulka_id: int,
        kind: EventKind,
        payload: dict[str, Any],
        author_id: int | None,
        author_name: str | None,
        source: Source | None,
        *,
        seq: int,
        after: int,
    ) -> EventRow | None:
        """Append an event in one statement, committed on its own, if the pulka's last
        event is still ``after`` and ``source`` has written nothing yet; else None, and
        nothing is written.

        The common write (one deal on a sheet nobody changed since it was read) then
        takes one trip to aiosqlite's thread and one fsync, where ``uow`` takes five
        trips (``BEGIN``, two checks, ``INSERT``, ``COMMIT``).  A single statement is
        atomic and durable by itself (autocommit, ``synchronous=FULL``).  On None the
        caller writes through ``uow``, which tells a repeat from a stale sheet.
        """
        event = _new_event(pulka_id, seq, kind, payload, author_id, author_name, source)
        async with self._lock:
            cur = await self.conn.execute(
                f"INSERT INTO events ({_EVENT_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? "
                "WHERE COALESCE((SELECT MAX(id) FROM events WHERE pulka_id = ?), 0) = ? "
                "AND NOT EXISTS (SELECT 1 FROM events "
                "WHERE source_chat_id = ? AND source_message_id = ?)",
                (
                    *_event_values(event),
                    pulka_id,
                    after,
                    event.source_chat_id,
                    event.source_message_id,
                ),
            )
        if cur.rowcount != 1 or cur.lastrowid is None:
            return None
        return replace(event, id=int(cur.lastrowid))


class Tx:
    """Queries on the connection; used only inside :meth:`Storage.uow` or ``read``."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    # ``execute_fetchall``: the statement and its rows in one trip to aiosqlite's
    # thread, where ``execute`` then ``fetchone`` take two.
    async def _one(self, sql: str, *args: Any) -> aiosqlite.Row | None:
        rows = list(await self.conn.execute_fetchall(sql, args))
        return rows[0] if rows else None

    async def _all(self, sql: str, *args: Any) -> list[aiosqlite.Row]:
        return list(await self.conn.execute_fetchall(sql, args))

    # --- chats ---------------------------------------------------------------

    async def chat_lang(self, chat_id: int) -> str | None:
        row = await self._one("SELECT lang FROM chats WHERE chat_id = ?", chat_id)
        return None if row is None else str(row["lang"])

    async def set_chat_lang(self, chat_id: int, lang: str) -> None:
        await self.conn.execute(
            "INSERT INTO chats (chat_id, lang, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (chat_id) DO UPDATE SET lang = excluded.lang, "
            "updated_at = excluded.updated_at",
            (chat_id, lang, now()),
        )

    async def default_chat_lang(self, chat_id: int, lang: str) -> None:
        """Set the chat's language unless it has one already."""
        await self.conn.execute(
            "INSERT INTO chats (chat_id, lang, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (chat_id) DO NOTHING",
            (chat_id, lang, now()),
        )

    async def chat_rating(self, chat_id: int) -> bool:
        """Does the chat show rating changes after each pulka (``/rating on``)?"""
        row = await self._one("SELECT rating FROM chats WHERE chat_id = ?", chat_id)
        return row is not None and bool(row["rating"])

    async def set_chat_rating(self, chat_id: int, on: bool, lang: str) -> None:
        """``/rating on|off``; a chat without a row yet gets one in ``lang``, the
        language it speaks now."""
        await self.conn.execute(
            "INSERT INTO chats (chat_id, lang, rating, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (chat_id) DO UPDATE SET rating = excluded.rating, "
            "updated_at = excluded.updated_at",
            (chat_id, lang, int(on), now()),
        )

    async def migrate_chat(self, old: int, new: int) -> int:
        """Move pulkas and settings of chat ``old`` to ``new``; the number of pulkas moved."""
        cur = await self.conn.execute("UPDATE pulkas SET chat_id = ? WHERE chat_id = ?", (new, old))
        moved = cur.rowcount
        await self.conn.execute("UPDATE drafts SET chat_id = ? WHERE chat_id = ?", (new, old))
        lang = await self.chat_lang(old)
        if lang is not None and await self.chat_lang(new) is None:
            await self.set_chat_lang(new, lang)
            if await self.chat_rating(old):
                await self.set_chat_rating(new, True, lang)
        return moved

    # --- pulkas --------------------------------------------------------------

    async def create_pulka(
        self,
        chat_id: int,
        thread_id: int,
        rules: dict[str, Any],
        created_by: int | None,
        created_by_name: str | None,
        source: Source | None,
        seats: int | None = None,
    ) -> int:
        cur = await self.conn.execute(
            "INSERT INTO pulkas (chat_id, thread_id, rules, created_by, created_by_name, "
            "source_chat_id, source_message_id, created_at, seats) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                chat_id,
                thread_id,
                json.dumps(rules, ensure_ascii=False),
                created_by,
                created_by_name,
                source and source.chat_id,
                source and source.message_id,
                now(),
                seats,
            ),
        )
        assert cur.lastrowid is not None
        return int(cur.lastrowid)

    async def pulka_by_source(self, source: Source) -> int | None:
        row = await self._one(
            "SELECT id FROM pulkas WHERE source_chat_id = ? AND source_message_id = ?",
            source.chat_id,
            source.message_id,
        )
        return None if row is None else int(row["id"])

    async def active_pulka_id(self, chat_id: int, thread_id: int) -> int | None:
        # The status written out, not bound: SQLite uses the partial index
        # ``pulkas_one_active`` only for a query whose WHERE says what the index's does.
        row = await self._one(
            "SELECT id FROM pulkas WHERE chat_id = ? AND thread_id = ? AND status = 'active'",
            chat_id,
            thread_id,
        )
        return None if row is None else int(row["id"])

    async def active_pulka(self, chat_id: int, thread_id: int) -> tuple[int, int] | None:
        """The active pulka here and its last event id (0: none yet), in one statement:
        every update asks this first."""
        row = await self._one(
            "SELECT id, (SELECT MAX(id) FROM events WHERE pulka_id = p.id) AS last "
            "FROM pulkas p WHERE chat_id = ? AND thread_id = ? AND status = 'active'",
            chat_id,
            thread_id,
        )
        return None if row is None else (int(row["id"]), int(row["last"] or 0))

    async def load(self, pulka_id: int) -> PulkaRow | None:
        """A pulka with its players and log, or None."""
        head = await self.head(pulka_id)
        if head is None:
            return None
        return replace(head, events=await self.events_after(pulka_id, 0))

    async def head(self, pulka_id: int) -> PulkaRow | None:
        """A pulka with its players but without its log (``events`` empty), or None."""
        row = await self._one("SELECT * FROM pulkas WHERE id = ?", pulka_id)
        if row is None:
            return None
        players = tuple(
            PlayerRow(int(p["seat"]), p["name"], p["user_id"], p["username"])
            for p in await self._all(
                "SELECT * FROM players WHERE pulka_id = ? ORDER BY seat", pulka_id
            )
        )
        events: tuple[EventRow, ...] = ()
        return PulkaRow(
            id=int(row["id"]),
            chat_id=int(row["chat_id"]),
            thread_id=int(row["thread_id"]),
            rules=json.loads(row["rules"]),
            status=PulkaStatus(row["status"]),
            created_by=row["created_by"],
            created_by_name=row["created_by_name"],
            players=players,
            events=events,
            seats=row["seats"],
        )

    async def events_after(self, pulka_id: int, event_id: int) -> tuple[EventRow, ...]:
        """The pulka's events after ``event_id``, in order."""
        rows = await self._all(
            "SELECT * FROM events WHERE pulka_id = ? AND id > ? ORDER BY seq", pulka_id, event_id
        )
        return tuple(_event(e) for e in rows)

    async def last_event_id(self, pulka_id: int) -> int | None:
        """The id of the pulka's last event (0: none yet; None: no such pulka)."""
        row = await self._one(
            "SELECT (SELECT MAX(id) FROM events WHERE pulka_id = p.id) AS last "
            "FROM pulkas p WHERE p.id = ?",
            pulka_id,
        )
        return None if row is None else int(row["last"] or 0)

    # --- players -------------------------------------------------------------

    async def seat_player(
        self,
        pulka_id: int,
        seat: int,
        name: str,
        user_id: int | None,
        username: str | None,
        author_id: int | None,
        author_name: str | None,
        source: Source | None,
        *,
        seq: int | None = None,
    ) -> EventRow:
        """Seat a player: the ``join`` event, and the seat it gives (``players``).

        The log is the only writer of seats: a seat is written here, with its
        event, and nowhere else.
        """
        await self.conn.execute(
            "INSERT INTO players (pulka_id, seat, name, user_id, username) VALUES (?, ?, ?, ?, ?)",
            (pulka_id, seat, name, user_id, username),
        )
        return await self.append(
            pulka_id, JOIN, {"seat": seat, "name": name}, author_id, author_name, source, seq=seq
        )

    async def end_pulka(
        self,
        pulka_id: int,
        payload: dict[str, Any],
        author_id: int | None,
        author_name: str | None,
        source: Source | None,
        *,
        seq: int | None = None,
    ) -> EventRow:
        """End the pulka: the ``end`` event, and the status it gives (archived).

        The log is the only writer of a pulka's status: it changes here, with its
        event, and nowhere else.
        """
        event = await self.append(pulka_id, END, payload, author_id, author_name, source, seq=seq)
        await self.conn.execute(
            "UPDATE pulkas SET status = ?, archived_at = ? WHERE id = ?",
            (PulkaStatus.ARCHIVED, event.created_at, pulka_id),
        )
        return event

    async def cancel_pulka(
        self,
        pulka_id: int,
        author_id: int | None,
        author_name: str | None,
        source: Source | None,
        *,
        seq: int | None = None,
    ) -> EventRow:
        """Cancel a pulka started by mistake: the ``cancel`` event, and the status it
        gives (archived; no ``end`` event, so it is no finished pulka of the archive)."""
        event = await self.append(
            pulka_id, EventKind.CANCEL, {}, author_id, author_name, source, seq=seq
        )
        await self.conn.execute(
            "UPDATE pulkas SET status = ?, archived_at = ? WHERE id = ?",
            (PulkaStatus.ARCHIVED, event.created_at, pulka_id),
        )
        return event

    async def reseat(
        self,
        pulka_id: int,
        kind: EventKind,
        payload: dict[str, Any],
        players: tuple[PlayerRow, ...],
        author_id: int | None,
        author_name: str | None,
        source: Source | None,
        *,
        seq: int | None = None,
    ) -> EventRow:
        """A change of the seating (``leave``, ``seats`` or ``claim``): its event, and
        the seats it gives (``players``, seat numbers from 0 in order), together.

        As :meth:`seat_player`: the log is the only writer of seats.  The seats are
        written anew (a shift in place could collide on the primary key midway).
        """
        assert kind in (EventKind.LEAVE, EventKind.SEATS, EventKind.CLAIM)
        await self.conn.execute("DELETE FROM players WHERE pulka_id = ?", (pulka_id,))
        await self.conn.executemany(
            "INSERT INTO players (pulka_id, seat, name, user_id, username) VALUES (?, ?, ?, ?, ?)",
            [(pulka_id, i, p.name, p.user_id, p.username) for i, p in enumerate(players)],
        )
        return await self.append(pulka_id, kind, payload, author_id, author_name, source, seq=seq)

    # --- events --------------------------------------------------------------

    async def event_by_source(self, source: Source) -> EventRow | None:
        row = await self._one(
            "SELECT * FROM events WHERE source_chat_id = ? AND source_message_id = ?",
            source.chat_id,
            source.message_id,
        )
        return None if row is None else _event(row)

    async def append(
        self,
        pulka_id: int,
        kind: EventKind,
        payload: dict[str, Any],
        author_id: int | None,
        author_name: str | None,
        source: Source | None,
        *,
        seq: int | None = None,
    ) -> EventRow:
        """Append an event at the end of the pulka's log (``seq``: its place, if known)."""
        if seq is None:
            row = await self._one(
                "SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM events WHERE pulka_id = ?",
                pulka_id,
            )
            seq = int(row["next"]) if row else 1
        event = _new_event(pulka_id, seq, kind, payload, author_id, author_name, source)
        cur = await self.conn.execute(
            f"INSERT INTO events ({_EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            _event_values(event),
        )
        assert cur.lastrowid is not None
        return replace(event, id=int(cur.lastrowid))

    async def count_events(self, kind: str | None = None) -> int:
        if kind is None:
            row = await self._one("SELECT COUNT(*) AS n FROM events")
        else:
            row = await self._one("SELECT COUNT(*) AS n FROM events WHERE kind = ?", kind)
        return int(row["n"]) if row else 0

    # --- the inbox of received updates -------------------------------------------

    async def keep_update(self, update_id: int, lane: int, body: str) -> bool:
        """Keep a received update; False if it was kept (or handled) already."""
        cur = await self.conn.execute(
            "INSERT OR IGNORE INTO inbox (update_id, lane, body, received_at) VALUES (?, ?, ?, ?)",
            (update_id, lane, body, now()),
        )
        return cur.rowcount == 1

    async def forget_updates(self, update_ids: list[int]) -> None:
        """Mark updates handled (kept a day more: a repeated ``update_id`` is known)."""
        await self.conn.executemany(
            "UPDATE inbox SET handled = 1 WHERE update_id = ?", [(u,) for u in update_ids]
        )

    async def drop_old_updates(self, seconds: float = 86_400) -> int:
        """Drop the updates handled that were received more than ``seconds`` ago."""
        cur = await self.conn.execute(
            "DELETE FROM inbox WHERE handled = 1 AND received_at < ?", (ago(seconds),)
        )
        return cur.rowcount

    async def kept_updates(self) -> list[tuple[int, str]]:
        """Updates kept but not handled, oldest first."""
        rows = await self._all(
            "SELECT update_id, body FROM inbox WHERE handled = 0 ORDER BY update_id"
        )
        return [(int(r["update_id"]), str(r["body"])) for r in rows]

    # --- drafts (settings messages) --------------------------------------------

    async def create_draft(
        self,
        chat_id: int,
        message_id: int,
        thread_id: int,
        data: dict[str, Any],
        created_by: int | None,
    ) -> None:
        await self.conn.execute(
            "INSERT INTO drafts (chat_id, message_id, thread_id, data, created_by, created_at, "
            "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                chat_id,
                message_id,
                thread_id,
                json.dumps(data, ensure_ascii=False),
                created_by,
                now(),
                now(),
            ),
        )

    async def draft(self, chat_id: int, message_id: int) -> DraftRow | None:
        row = await self._one(
            "SELECT * FROM drafts WHERE chat_id = ? AND message_id = ?", chat_id, message_id
        )
        if row is None:
            return None
        return DraftRow(
            int(row["chat_id"]),
            int(row["message_id"]),
            int(row["thread_id"]),
            json.loads(row["data"]),
            row["created_by"],
            row["pulka_id"],
        )

    async def save_draft(
        self, chat_id: int, message_id: int, data: dict[str, Any], pulka_id: int | None = None
    ) -> None:
        await self.conn.execute(
            "UPDATE drafts SET data = ?, pulka_id = COALESCE(?, pulka_id), updated_at = ? "
            "WHERE chat_id = ? AND message_id = ?",
            (json.dumps(data, ensure_ascii=False), pulka_id, now(), chat_id, message_id),
        )

    # --- boards (live scoreboards) ----------------------------------------------

    async def board(self, pulka_id: int) -> BoardRow | None:
        row = await self._one("SELECT * FROM boards WHERE pulka_id = ?", pulka_id)
        if row is None:
            return None
        return BoardRow(
            int(row["pulka_id"]), int(row["chat_id"]), int(row["message_id"]), row["shown"]
        )

    async def set_board(self, pulka_id: int, chat_id: int, message_id: int, shown: str) -> None:
        await self.conn.execute(
            "INSERT INTO boards (pulka_id, chat_id, message_id, shown, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (pulka_id) DO UPDATE SET "
            "chat_id = excluded.chat_id, message_id = excluded.message_id, "
            "shown = excluded.shown, updated_at = excluded.updated_at",
            (pulka_id, chat_id, message_id, shown, now()),
        )


_EVENT_COLUMNS = (
    "pulka_id, seq, kind, payload, author_id, author_name, "
    "source_chat_id, source_message_id, created_at"
)


def _new_event(
    pulka_id: int,
    seq: int,
    kind: EventKind,
    payload: dict[str, Any],
    author_id: int | None,
    author_name: str | None,
    source: Source | None,
) -> EventRow:
    """An event about to be written (its id, 0, is the database's to give)."""
    return EventRow(
        0,
        pulka_id,
        seq,
        kind,
        payload,
        author_id,
        author_name,
        None if source is None else source.chat_id,
        None if source is None else source.message_id,
        now(),
    )


def _event_values(e: EventRow) -> tuple[Any, ...]:
    """``e``'s values in the order of :data:`_EVENT_COLUMNS`."""
    return (
        e.pulka_id,
        e.seq,
        e.kind,
        json.dumps(e.payload, ensure_ascii=False),
        e.author_id,
        e.author_name,
        e.source_chat_id,
        e.source_message_id,
        e.created_at,
    )


def _event(e: aiosqlite.Row) -> EventRow:
    return EventRow(
        id=int(e["id"]),
        pulka_id=int(e["pulka_id"]),
        seq=int(e["seq"]),
        kind=EventKind(e["kind"]),
        payload=json.loads(e["payload"]),
        author_id=e["author_id"],
        author_name=e["author_name"],
        source_chat_id=e["source_chat_id"],
        source_message_id=e["source_message_id"],
        created_at=e["created_at"],
    )
