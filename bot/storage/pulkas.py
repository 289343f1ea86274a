"""Pulkas and their seats: a pulka created, found, loaded; seats and status written
with the event that gives them, and nowhere else (the log is their only writer)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from bot.model import Author, EventKind, EventRow, Listed, PlayerRow, PulkaRow, PulkaStatus, Source
from bot.storage import events
from bot.storage.db import Tx, now


async def create(
    tx: Tx,
    chat_id: int,
    thread_id: int,
    rules: dict[str, Any],
    created_by: int | None,
    created_by_name: str | None,
    source: Source | None,
    seats: int | None = None,
) -> int:
    cur = await tx.run(
        "INSERT INTO pulkas (chat_id, thread_id, rules, created_by, created_by_name, "
        "source_chat_id, source_message_id, created_at, seats) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        chat_id,
        thread_id,
        json.dumps(rules, ensure_ascii=False),
        created_by,
        created_by_name,
        source and source.chat_id,
        source and source.message_id,
        now(),
        seats,
    )
    assert cur.lastrowid is not None
    return int(cur.lastrowid)


async def by_source(tx: Tx, source: Source) -> int | None:
    """The pulka a Telegram message created, if any."""
    row = await tx.one(
        "SELECT id FROM pulkas WHERE source_chat_id = ? AND source_message_id = ?",
        source.chat_id,
        source.message_id,
    )
    return None if row is None else int(row["id"])


async def active(tx: Tx, chat_id: int, thread_id: int) -> tuple[int, int] | None:
    """The active pulka here and its last event id (0: none yet), in one statement:
    every update asks this first."""
    # The status written out, not bound: SQLite uses the partial index
    # ``pulkas_one_active`` only for a query whose WHERE says what the index's does.
    row = await tx.one(
        f"SELECT id, {events.LAST_EVENT} AS last "
        "FROM pulkas p WHERE chat_id = ? AND thread_id = ? AND status = 'active'",
        chat_id,
        thread_id,
    )
    return None if row is None else (int(row["id"]), int(row["last"] or 0))


async def last_rules(
    tx: Tx, chat_id: int, thread_id: int
) -> tuple[dict[str, Any], int | None, int] | None:
    """The pulka started last in the place (any status), if any: its rules, the table
    size chosen for it (None: not chosen) and how many sat at it."""
    row = await tx.one(
        "SELECT rules, seats, (SELECT COUNT(*) FROM players WHERE pulka_id = pulkas.id) AS sat "
        "FROM pulkas WHERE chat_id = ? AND thread_id = ? ORDER BY id DESC LIMIT 1",
        chat_id,
        thread_id,
    )
    if row is None:
        return None
    return dict(json.loads(row["rules"])), row["seats"], int(row["sat"])


async def load(tx: Tx, pulka_id: int) -> PulkaRow | None:
    """A pulka with its players and log, or None."""
    found = await head(tx, pulka_id)
    if found is None:
        return None
    return replace(found, events=await events.after(tx, pulka_id, 0))


async def head(tx: Tx, pulka_id: int) -> PulkaRow | None:
    """A pulka with its players but without its log (``events`` empty), or None."""
    row = await tx.one("SELECT * FROM pulkas WHERE id = ?", pulka_id)
    if row is None:
        return None
    players = tuple(
        PlayerRow(int(p["seat"]), p["name"], p["user_id"], p["username"])
        for p in await tx.all("SELECT * FROM players WHERE pulka_id = ? ORDER BY seat", pulka_id)
    )
    return PulkaRow(
        id=int(row["id"]),
        chat_id=int(row["chat_id"]),
        thread_id=int(row["thread_id"]),
        rules=json.loads(row["rules"]),
        status=PulkaStatus(row["status"]),
        created_by=row["created_by"],
        created_by_name=row["created_by_name"],
        players=players,
        events=(),
        seats=row["seats"],
    )


#: The status an event gives its pulka; any other event leaves it as it was.
STATUS_AFTER = {
    EventKind.END: PulkaStatus.ARCHIVED,
    EventKind.CANCEL: PulkaStatus.ARCHIVED,
    EventKind.REOPEN: PulkaStatus.ACTIVE,
}


async def write(
    tx: Tx,
    pulka_id: int,
    kind: EventKind,
    payload: dict[str, Any],
    author: Author,
    source: Source | None,
    *,
    seq: int | None = None,
    players: tuple[PlayerRow, ...] | None = None,
) -> EventRow:
    """Append an event with what it gives the pulka's row: the seating (``players``, from
    seat 0; written anew, as a shift in place could collide on the primary key midway)
    or the status (:data:`STATUS_AFTER`).  The log is their only writer."""
    if players is not None:
        await tx.run("DELETE FROM players WHERE pulka_id = ?", pulka_id)
        await tx.run_many(
            "INSERT INTO players (pulka_id, seat, name, user_id, username) VALUES (?, ?, ?, ?, ?)",
            [(pulka_id, i, p.name, p.user_id, p.username) for i, p in enumerate(players)],
        )
    event = await events.append(
        tx, pulka_id, kind, payload, author.user_id, author.name, source, seq=seq
    )
    status = STATUS_AFTER.get(kind)
    if status is not None:
        archived = event.created_at if status is PulkaStatus.ARCHIVED else None
        await tx.run(
            "UPDATE pulkas SET status = ?, archived_at = ? WHERE id = ?",
            status,
            archived,
            pulka_id,
        )
    return event


async def of_place(tx: Tx, chat_id: int, thread_id: int) -> list[Listed]:
    """Every pulka of the place but the cancelled ones, numbered in the order they began."""
    rows = await tx.all(
        "SELECT id, status, created_at, archived_at FROM pulkas p "
        "WHERE chat_id = ? AND thread_id = ? AND NOT EXISTS "
        "(SELECT 1 FROM events e WHERE e.pulka_id = p.id AND e.kind = ?) ORDER BY id",
        chat_id,
        thread_id,
        EventKind.CANCEL,
    )
    return [
        Listed(i, int(r["id"]), PulkaStatus(r["status"]), r["created_at"], r["archived_at"])
        for i, r in enumerate(rows, 1)
    ]


async def latest_seated(tx: Tx, user_id: int) -> int | None:
    """The pulka Telegram user ``user_id`` sat in most recently, of any chat: the latest
    running one, else the latest that is over (cancelled ones aside); None if he never
    sat anywhere."""
    row = await tx.one(
        "SELECT p.id FROM pulkas p JOIN players s ON s.pulka_id = p.id "
        "WHERE s.user_id = ? AND NOT EXISTS "
        "(SELECT 1 FROM events e WHERE e.pulka_id = p.id AND e.kind = ?) "
        "ORDER BY p.status = ? DESC, p.id DESC LIMIT 1",
        user_id,
        EventKind.CANCEL,
        PulkaStatus.ACTIVE,
    )
    return None if row is None else int(row["id"])


async def move_chat(tx: Tx, old: int, new: int) -> int:
    """Move the pulkas and drafts of chat ``old`` to ``new``; the number of pulkas moved."""
    cur = await tx.run("UPDATE pulkas SET chat_id = ? WHERE chat_id = ?", new, old)
    moved = cur.rowcount
    await tx.run("UPDATE drafts SET chat_id = ? WHERE chat_id = ?", new, old)
    return moved
