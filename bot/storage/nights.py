"""Each pulka's night summary (:class:`bot.model.nights.NightSheet` as JSON), kept beside
its log with the id of the log's last event it was made from."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.model import PulkaStatus
from bot.storage.db import Tx

#: A chat's pulkas that are over, with the last event of each log and of its summary.
_OF_CHAT = (
    "SELECT p.id, (SELECT max(e.id) FROM events e WHERE e.pulka_id = p.id) AS last, "
    "n.last_event_id AS made "
    "FROM pulkas p LEFT JOIN nights n ON n.pulka_id = p.id "
    "WHERE p.chat_id = ? AND p.status = ? ORDER BY p.id"
)


async def of_chat(tx: Tx, chat_id: int) -> list[tuple[int, int, int | None]]:
    """The chat's pulkas that are over (any topic), oldest first: (pulka id, its log's
    last event id, the last event id its summary was made from, None if it has none)."""
    rows = await tx.all(_OF_CHAT, chat_id, PulkaStatus.ARCHIVED)
    return [
        (int(r["id"]), int(r["last"] or 0), None if r["made"] is None else int(r["made"]))
        for r in rows
    ]


async def summaries(tx: Tx, pulka_ids: Sequence[int]) -> dict[int, str | None]:
    """The summaries kept of ``pulka_ids``, as the JSON text :func:`put` wrote (None:
    over, no night).  Decoded by the reader, all at once."""
    found: dict[int, str | None] = {}
    for at in range(0, len(pulka_ids), _BATCH):
        batch = pulka_ids[at : at + _BATCH]
        marks = ",".join("?" * len(batch))
        rows = await tx.all(
            f"SELECT pulka_id, summary FROM nights WHERE pulka_id IN ({marks})", *batch
        )
        for r in rows:
            found[int(r["pulka_id"])] = r["summary"]
    return found


#: Ids per ``IN (...)``: well under SQLite's limit of bound parameters.
_BATCH = 500


async def put(tx: Tx, pulka_id: int, last_event_id: int, summary: dict[str, Any] | None) -> None:
    """Keep the pulka's summary, made from its log up to ``last_event_id`` (None: the
    pulka is over but no night, a cancelled one)."""
    text = None if summary is None else json.dumps(summary, ensure_ascii=False)
    await tx.run(
        "INSERT INTO nights (pulka_id, last_event_id, summary) VALUES (?, ?, ?) "
        "ON CONFLICT (pulka_id) DO UPDATE "
        "SET last_event_id = excluded.last_event_id, summary = excluded.summary",
        pulka_id,
        last_event_id,
        text,
    )
