"""A chat's nights: ``/stats``, ``/rating``, ``/debts``, ``/export csv`` and the chart as a
chat keeps playing (10, 100, 500 and 2,000 settled pulkas).

Run: ``python benchmarks/bench_nights.py [--nights 10,100,500,2000] [--repeat 3]``.

Each size is a fresh SQLite file: one pulka of three players with 30 deals is played
through the bot's own actions, ended by agreement and settled, and a few of its
payments confirmed; it is then copied in SQL (its pulka, seats and log, under new ids)
until the chat has the number of nights asked.  The real Dispatcher, storage and
Keeper run on the fake session of :mod:`fakebot`.  The nights' summaries are made by a
first ``/stats`` (timed apart: it happens once, on a database of an older schema).
Each command is then timed twice per round: the first time after a restart (a new
Keeper: nothing of the chat in memory, what a chat asking once a week meets) and
again at once (warm).  Wall milliseconds, and the process's CPU milliseconds beside,
the median of ``--repeat`` rounds; the target is at most 100 ms at 500 nights and
growing at most linearly to 2,000 (the ratio to 500 nights at most 4.0).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import print_rows
from fakebot import Chat, new_maker, people, pulka_bot, seed_pulkas

CHAT = -100_777
COMMANDS = ("/stats", "/stats chart", "/rating", "/debts", "/export csv stats")
TARGET_MS = 100.0


async def one_night(db: str, users: list[dict[str, object]]) -> None:
    """The first night: 30 deals, ended by agreement, settled, a payment confirmed."""
    from bot.actions import ending, payments
    from bot.actions import keeper as keeper_mod
    from bot.model import Author, EventKind, Source
    from bot.storage.db import Storage

    await seed_pulkas(db, [(CHAT, users, new_maker(7), 30)])
    storage = await Storage(db).open()
    try:
        keeper = keeper_mod.Keeper(storage)
        async with storage.read() as tx:
            from bot.storage import pulkas

            pulka_id, _ = await pulkas.active(tx, CHAT, 0)  # type: ignore[misc]
        first = users[0]
        author = Author(int(first["id"]), str(first["first_name"]))  # type: ignore[arg-type]
        await ending.end(keeper, pulka_id, None, author, Source(CHAT, 10_001), agreed=True)
        written = await ending.settle(keeper, pulka_id, author, Source(CHAT, 10_002))
        final = written.table.stored_settlement
        assert final is not None and final.payments, "the night has nothing to pay"
        pay = final.payments[0]
        seat = {n: i for i, n in enumerate(final.players)}
        payer = users[seat[pay.payer]]
        await payments.confirm(
            keeper,
            pulka_id,
            EventKind.PAID,
            seat[pay.payer],
            seat[pay.payee],
            Author(int(payer["id"]), str(payer["first_name"])),  # type: ignore[arg-type]
        )
    finally:
        await storage.close()


def copy_nights(db: str, total: int) -> None:
    """Copy the chat's one settled pulka until it has ``total`` (its log under new ids,
    without Telegram sources, each settled a minute after the one before)."""
    con = sqlite3.connect(db)
    with con:
        (first,) = con.execute("SELECT id FROM pulkas WHERE chat_id = ?", (CHAT,)).fetchone()
        cols = [r[1] for r in con.execute("PRAGMA table_info(pulkas)") if r[1] != "id"]
        ecols = [r[1] for r in con.execute("PRAGMA table_info(events)") if r[1] != "id"]
        for k in range(1, total):
            values = ", ".join(
                "NULL" if c in ("source_chat_id", "source_message_id") else c for c in cols
            )
            cur = con.execute(
                f"INSERT INTO pulkas ({', '.join(cols)}) SELECT {values} FROM pulkas WHERE id = ?",
                (first,),
            )
            new = cur.lastrowid
            con.execute(
                "INSERT INTO players (pulka_id, seat, name, user_id, username) "
                "SELECT ?, seat, name, user_id, username FROM players WHERE pulka_id = ?",
                (new, first),
            )
            evalues = []
            for c in ecols:
                if c == "pulka_id":
                    evalues.append("?")
                elif c in ("source_chat_id", "source_message_id"):
                    evalues.append("NULL")
                elif c == "created_at":
                    evalues.append(
                        f"strftime('%Y-%m-%dT%H:%M:%S+00:00', created_at, '+{k} minutes')"
                    )
                else:
                    evalues.append(c)
            con.execute(
                f"INSERT INTO events ({', '.join(ecols)}) SELECT {', '.join(evalues)} "
                "FROM events WHERE pulka_id = ? ORDER BY seq",
                (new, first),
            )
    con.close()


async def first_read(db: str, users: list[dict[str, object]]) -> float:
    """``/stats`` on a database whose summaries are not made yet (as schema 6 left it):
    its milliseconds.  Every later read finds them kept."""
    bot = await pulka_bot(db)
    try:
        return await Chat(bot.bot, bot.dp, CHAT, users).say(users[0], "/stats")  # type: ignore[arg-type]
    finally:
        await bot.close()


Timed = dict[str, tuple[float, float, float, float]]


async def timed_commands(db: str, users: list[dict[str, object]]) -> Timed:
    """Each command after a restart, then again: (cold ms, warm ms) in wall time, then
    the same in the process's CPU time (the chart's drawing thread included)."""
    found: Timed = {}
    for command in COMMANDS:
        bot = await pulka_bot(db)
        gc.collect()
        gc.freeze()  # as bot.app.run does once started
        try:
            chat = Chat(bot.bot, bot.dp, CHAT, users)  # type: ignore[arg-type]
            c0 = time.process_time()
            cold = await chat.say(users[0], command)
            c1 = time.process_time()
            warm = await chat.say(users[0], command)
            c2 = time.process_time()
            sent = chat.last_sent()
            assert "caption" in sent or "document" in sent or len(sent.get("text", "")) > 20, sent
        finally:
            await bot.close()
        found[command] = (cold, warm, (c1 - c0) * 1000, (c2 - c1) * 1000)
    return found


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--nights", default="10,100,500,2000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(n) for n in args.nights.split(",")]
    users = people(1000)
    results: dict[int, dict[str, tuple[float, ...]]] = {}
    made: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        template = str(Path(folder) / "one.sqlite3")
        await one_night(template, users)
        for n in sizes:
            db = str(Path(folder) / f"nights-{n}.sqlite3")
            src = sqlite3.connect(template)
            dst = sqlite3.connect(db)
            src.backup(dst)
            src.close()
            dst.close()
            copy_nights(db, n)
            made[n] = await first_read(db, users)
            rounds = [await timed_commands(db, users) for _ in range(args.repeat)]
            results[n] = {
                c: tuple(statistics.median(r[c][k] for r in rounds) for k in range(4))
                for c in COMMANDS
            }
    header = ["command", *(f"{n} cold/warm ms" for n in sizes)]
    rows = [
        [c, *(f"{results[n][c][0]:.1f} / {results[n][c][1]:.1f}" for n in sizes)] for c in COMMANDS
    ]
    print_rows("A chat's nights (median of rounds, wall ms)", header, rows)
    rows = [
        [c, *(f"{results[n][c][2]:.1f} / {results[n][c][3]:.1f}" for n in sizes)] for c in COMMANDS
    ]
    print_rows("The same in CPU ms (steadier than wall on a shared machine)", header, rows)
    print(
        "\nonce, the first read of a database without summaries (they are made and kept): "
        + ", ".join(f"{n} nights {made[n]:.0f} ms" for n in sizes)
    )
    if 500 in results:
        worst = max(max(results[500][c][:2]) for c in COMMANDS)
        ok = "yes" if worst <= TARGET_MS else "NO"
        print(f"\nslowest at 500 nights: {worst:.1f} ms (target at most {TARGET_MS:.0f}: {ok})")
    if 500 in results and 2000 in results:
        growth = max(max(results[2000][c][:2]) / max(results[500][c][:2]) for c in COMMANDS)
        ok = "yes" if growth <= 4.0 else "NO"
        print(f"2,000 nights against 500: at most {growth:.2f}x (linear is 4.0x: {ok})")


if __name__ == "__main__":
    asyncio.run(main())
