"""Resident memory of the bot as chats come and go: after 10 chats and after 5,000, each
touched once (a typed ``/deal`` on its seeded pulka, through the Receiver as the
Poller hands it out), measured with a Bot API session that keeps nothing of the chats.

Run: ``python benchmarks/bench_memory.py`` (about a minute on 2 cores; ``--chats N`` for
another count).  The pulkas are seeded by a child process first, so that the measured
process holds only the bot.  Not a test: it prints a table with the target.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import print_rows  # noqa: E402

#: Every cache is bounded: 5,000 chats cost about what 10 do.
RSS_GROWTH = 1.3
FIRST = 10
DEALS = 10
BASE = -100_0000_000_000


def chat_id(n: int) -> int:
    return BASE - n


def seed(db: str, chats: int) -> None:
    from fakebot import new_maker, people, seed_pulkas

    plan = [(chat_id(n), people(10 * n), new_maker(n), DEALS) for n in range(1, chats + 1)]
    asyncio.run(seed_pulkas(db, plan))


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def measure(db: str, chats: int) -> dict[str, Any]:
    from fakebot import Chat, people, pulka_bot

    pb = await pulka_bot(db)
    session = pb.session
    session.keep = 0
    receiver = pb.inbox()
    out: dict[str, Any] = {}

    def forget(cid: int) -> None:
        # The fake Telegram's own memory of the chat: not the bot's.
        for kept in (session.messages, session.last_sent, session.sent_at, session.chats):
            kept.pop(cid, None)

    async def touch(n: int) -> None:
        cid = chat_id(n)
        chat = Chat(pb.bot, pb.dp, cid, people(10 * n), inbox=receiver)
        await chat.say(chat.users[n % 3], "/deal raspasy Anna 1 Boris 4 Vera 5")
        forget(cid)

    async def settle() -> int:
        await receiver.inbox.flush()
        gc.collect()
        return rss_kib()

    t0 = time.perf_counter()
    for n in range(1, FIRST + 1):
        await touch(n)
    out["first"] = await settle()
    for n in range(FIRST + 1, chats + 1):
        await touch(n)
    out["all"] = await settle()
    out["lanes"] = receiver.lanes.active
    # A chat's lane ends once it has been idle for 30 s, as in production: wait for that.
    while receiver.lanes.active and time.perf_counter() - t0 < 3600:
        await asyncio.sleep(1)
    out["idle"] = await settle()
    out["lanes_idle"] = receiver.lanes.active
    out["seconds"] = time.perf_counter() - t0
    out["kept"] = {
        "tables": len(pb.keeper.tables),
        "nights": len(pb.keeper.nights),
        "langs": len(pb.keeper.langs),
    }
    async with pb.storage.read() as tx:
        row = await tx.one("SELECT COUNT(*) AS n FROM events WHERE kind = 'deal'")
    out["deals"] = int(row["n"]) if row else 0
    await receiver.lanes.close()
    await pb.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chats", type=int, default=5000)
    parser.add_argument("--seed", metavar="DB", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.seed:
        seed(args.seed, args.chats)
        return
    with tempfile.TemporaryDirectory(prefix="bench-memory-") as d:
        db = os.path.join(d, "pulka.sqlite3")
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, __file__, "--seed", db, "--chats", str(args.chats)], check=True
        )
        print(f"seeded {args.chats} pulkas in {time.perf_counter() - t0:.0f} s", flush=True)
        r = asyncio.run(measure(db, args.chats))
    first, every, idle = r["first"], r["all"], r["idle"]
    rows = [
        (f"after {FIRST} chats", f"{first / 1024:.1f}", "1.00", "", ""),
        (
            f"after {args.chats} chats, their lanes alive",
            f"{every / 1024:.1f}",
            f"{every / first:.2f}",
            f"<={RSS_GROWTH:g}",
            "yes" if every / first <= RSS_GROWTH else "NO",
        ),
        (
            "the same, the idle lanes ended",
            f"{idle / 1024:.1f}",
            f"{idle / first:.2f}",
            f"<={RSS_GROWTH:g}",
            "yes" if idle / first <= RSS_GROWTH else "NO",
        ),
    ]
    print_rows(
        "Resident memory of the pulka bot (MiB; growth: / after the first chats)",
        ("after", "RSS", "growth", "target", "met"),
        rows,
    )
    print(
        f"lanes alive: {r['lanes']}, then {r['lanes_idle']}; kept: {r['kept']}; "
        f"deals in the log: {r['deals']}; measured in {r['seconds']:.0f} s"
    )


if __name__ == "__main__":
    main()
