"""Settings messages (drafts, until "Start") and live scoreboards (boards)."""

from __future__ import annotations

import json
from typing import Any

from bot.model import BoardRow, DraftRow
from bot.storage.db import Tx, now


async def create(
    tx: Tx,
    chat_id: int,
    message_id: int,
    thread_id: int,
    data: dict[str, Any],
    created_by: int | None,
) -> None:
    await tx.run(
        "INSERT INTO drafts (chat_id, message_id, thread_id, data, created_by, created_at, "
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        chat_id,
        message_id,
        thread_id,
        json.dumps(data, ensure_ascii=False),
        created_by,
        now(),
        now(),
    )


async def get(tx: Tx, chat_id: int, message_id: int) -> DraftRow | None:
    row = await tx.one(
        "SELECT * FROM drafts WHERE chat_id = ? AND message_id = ?", chat_id, message_id
    )
    return None if row is None else _draft(row)


async def latest_unstarted(tx: Tx, chat_id: int, thread_id: int) -> DraftRow | None:
    """The place's newest settings message not started yet (it may be cancelled)."""
    row = await tx.one(
        "SELECT * FROM drafts WHERE chat_id = ? AND thread_id = ? AND pulka_id IS NULL "
        "ORDER BY message_id DESC LIMIT 1",
        chat_id,
        thread_id,
    )
    return None if row is None else _draft(row)


def _draft(row: Any) -> DraftRow:
    return DraftRow(
        int(row["chat_id"]),
        int(row["message_id"]),
        int(row["thread_id"]),
        json.loads(row["data"]),
        row["created_by"],
        row["pulka_id"],
    )


async def save(
    tx: Tx, chat_id: int, message_id: int, data: dict[str, Any], pulka_id: int | None = None
) -> None:
    await tx.run(
        "UPDATE drafts SET data = ?, pulka_id = COALESCE(?, pulka_id), updated_at = ? "
        "WHERE chat_id = ? AND message_id = ?",
        json.dumps(data, ensure_ascii=False),
        pulka_id,
        now(),
        chat_id,
        message_id,
    )


async def board(tx: Tx, pulka_id: int) -> BoardRow | None:
    row = await tx.one("SELECT * FROM boards WHERE pulka_id = ?", pulka_id)
    if row is None:
        return None
    return BoardRow(int(row["pulka_id"]), int(row["chat_id"]), int(row["message_id"]), row["shown"])


async def set_board(tx: Tx, pulka_id: int, chat_id: int, message_id: int, shown: str) -> None:
    await tx.run(
        "INSERT INTO boards (pulka_id, chat_id, message_id, shown, updated_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (pulka_id) DO UPDATE SET "
        "chat_id = excluded.chat_id, message_id = excluded.message_id, "
        "shown = excluded.shown, updated_at = excluded.updated_at",
        pulka_id,
        chat_id,
        message_id,
        shown,
        now(),
    )
