"""The event log: append an event, read a pulka's events, find what a message wrote."""

from __future__ import annotations

import json
from typing import Any

import aiosqlite

from bot.model import EventKind, EventRow, Source
from bot.storage.db import Tx, now

_INSERT = (
    "INSERT INTO events (pulka_id, seq, kind, payload, author_id, author_name, "
    "source_chat_id, source_message_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)

#: The id of the last event of pulka ``p`` (NULL: none yet), as a subquery.  Found by
#: its seq, which rises with the id within a pulka: the (pulka_id, seq) index gives it
#: at once, where MAX(id) reads every event of the pulka (a chat of 2,000 nights: 64,000).
LAST_EVENT = "(SELECT id FROM events WHERE pulka_id = p.id ORDER BY seq DESC LIMIT 1)"


def row_event(e: aiosqlite.Row) -> EventRow:
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


async def append(
    tx: Tx,
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
        row = await tx.one(
            "SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM events WHERE pulka_id = ?", pulka_id
        )
        seq = int(row["next"]) if row else 1
    chat = None if source is None else source.chat_id
    message = None if source is None else source.message_id
    values = (pulka_id, seq, kind, payload, author_id, author_name, chat, message, now())
    cur = await tx.run(_INSERT, *values[:3], json.dumps(payload, ensure_ascii=False), *values[4:])
    assert cur.lastrowid is not None
    return EventRow(int(cur.lastrowid), *values)


async def by_source(tx: Tx, source: Source) -> EventRow | None:
    """The event a Telegram message wrote, if any."""
    row = await tx.one(
        "SELECT * FROM events WHERE source_chat_id = ? AND source_message_id = ?",
        source.chat_id,
        source.message_id,
    )
    return None if row is None else row_event(row)


async def after(tx: Tx, pulka_id: int, event_id: int) -> tuple[EventRow, ...]:
    """The pulka's events after ``event_id``, in order."""
    rows = await tx.all(
        "SELECT * FROM events WHERE pulka_id = ? AND id > ? ORDER BY seq", pulka_id, event_id
    )
    return tuple(row_event(e) for e in rows)


async def last_id(tx: Tx, pulka_id: int) -> int | None:
    """The id of the pulka's last event (0: none yet; None: no such pulka)."""
    row = await tx.one(
        f"SELECT {LAST_EVENT} AS last FROM pulkas p WHERE p.id = ?",
        pulka_id,
    )
    return None if row is None else int(row["last"] or 0)


#: The kinds of event that name people, kept in an index of their own (schema 8).
NAMING = (EventKind.CLAIM, EventKind.NICK)
#: The kinds written out: SQLite uses the partial index ``events_naming`` only for a
#: query whose WHERE says what the index's does.
NAMING_IN_CHAT = (
    "SELECT e.payload FROM events e JOIN pulkas p ON p.id = e.pulka_id "
    "WHERE p.chat_id = ? AND e.kind = ? AND e.kind IN ('claim', 'nick') ORDER BY e.id"
)


async def of_kind_in_chat(tx: Tx, chat_id: int, kind: EventKind) -> list[dict[str, Any]]:
    """The payloads of every event of ``kind`` (one of :data:`NAMING`) in the chat's
    pulkas, oldest first."""
    if kind not in NAMING:
        raise ValueError(f"{kind} events are not indexed by chat")
    rows = await tx.all(
        NAMING_IN_CHAT,
        chat_id,
        kind,
    )
    return [json.loads(r["payload"]) for r in rows]
