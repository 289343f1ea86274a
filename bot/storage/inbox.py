"""The inbox: every received update kept before Telegram is told it arrived; handled
ones are remembered for a day, so one delivered twice is handled once."""

from __future__ import annotations

from bot.storage.db import Tx, ago, now


async def keep(tx: Tx, update_id: int, lane: int, body: str) -> bool:
    """Keep a received update; False if it was kept (or handled) already."""
    cur = await tx.run(
        "INSERT OR IGNORE INTO inbox (update_id, lane, body, received_at) VALUES (?, ?, ?, ?)",
        update_id,
        lane,
        body,
        now(),
    )
    return cur.rowcount == 1


async def handled(tx: Tx, update_ids: list[int]) -> None:
    """Mark updates handled (kept a day more: a repeated ``update_id`` is known)."""
    await tx.run_many(
        "UPDATE inbox SET handled = 1 WHERE update_id = ?", [(u,) for u in update_ids]
    )


async def drop_old(tx: Tx, seconds: float = 86_400) -> int:
    """Drop the updates handled that were received more than ``seconds`` ago."""
    cur = await tx.run("DELETE FROM inbox WHERE handled = 1 AND received_at < ?", ago(seconds))
    return cur.rowcount


async def unhandled(tx: Tx) -> list[tuple[int, str]]:
    """Updates kept but not handled, oldest first."""
    rows = await tx.all("SELECT update_id, body FROM inbox WHERE handled = 0 ORDER BY update_id")
    return [(int(r["update_id"]), str(r["body"])) for r in rows]


async def ids(tx: Tx) -> list[int]:
    """The ids of every update kept (handled ones for a day)."""
    return [int(r["update_id"]) for r in await tx.all("SELECT update_id FROM inbox")]
