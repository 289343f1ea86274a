"""Benchmark of the bot: realistic updates through the real Dispatcher, on a fake
Bot API session and the real SQLite storage, side by side with a bare aiogram echo bot.

Run: ``python benchmarks/bench_bot.py`` (about 2 minutes on 2 cores, 4 under load),
``--quick`` (under a minute, fewer samples), ``--only latency,counts`` for some sections,
``--code DIR`` for another checkout (before/after figures).  Every comparison
is made in the same run, interleaved where it can be (a pulka update, then an echo
update, ...), so the ratios hold on a loaded machine even when the milliseconds do not.
Not a test: it prints tables, each row with its target and whether it is met.

Sections:

* ``latency``: one ``/deal`` at deal 10, 40 and 1,000 of a pulka, each followed by one
  text message to the echo bot; median, p90, p99 and the ratio to the echo's median;
  at 40 also with each update kept in the bot's durable inbox first (if it has one);
* ``wizard``: a game entered by taps at deal ~45 (the ``/deal`` opening the wizard, the
  four screen taps, "Write it"), paired with as many echo updates;
* ``counts``: what one ``/deal`` and one "Write it" do: ``build_table`` replays,
  ``scoring.play`` calls, SQL statements, write transactions, lock acquisitions, Bot
  API calls (patched at benchmark time only, see ``fakebot.Probe``);
* ``roundtrip``: a typed ``/deal`` at deal ~40 with a simulated Bot API round trip of
  50 and 150 ms: the time from the update to its answer (the answer's ``sendMessage``
  done) and to the end of its handling, against one round trip plus the bot's own time
  (the same deals with no delay);
* ``concurrency``: 50 chats each writing 4 deals, one chat after another vs all at
  once (``asyncio.gather`` of per-chat sequences), with 0 and 50 ms Bot API round
  trips; the echo bot does the same for reference;
* ``memory`` and ``startup``: each bot in fresh subprocesses (alternating, the same
  ones for both): the time to import and build it, and its resident memory once
  built and after the same evening's messages;
* ``engine``: replay + settle and the offline calculator on a 1,000-deal vs a 1-deal
  record, and the sheet picture of 300 vs 1,000 deals (no bot).

docs/benchmarks.md says what each row means and has figures.

The seeded pulkas are written into the database before the bot starts on it (see
``fakebot.seed_pulkas``); the measured updates are all fed through ``dp.feed_update``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


from common import measure_code  # noqa: E402  (this folder is first on sys.path)

CODE = measure_code(sys.argv)

from common import percentile, print_rows  # noqa: E402

SECTIONS = (
    "latency",
    "roundtrip",
    "wizard",
    "counts",
    "concurrency",
    "memory",
    "startup",
    "engine",
)


@dataclass(frozen=True)
class Sizes:
    """How much each section does (the default run and ``--quick``)."""

    #: Deal number -> how many pulkas are measured around it.
    ladder: dict[int, int]
    #: Deals measured in each of those pulkas (around the deal number).
    rounds: int
    #: Chats of the concurrency section (twice as many pulkas), and the deals each writes.
    chats: int
    deals: int
    #: Subprocesses per bot (memory and start-up are measured in the same ones).
    runs: int
    #: Repeats of the engine timings (the 1,000-deal picture: a third of it).
    engine_repeat: int


DEFAULT = Sizes({10: 12, 40: 40, 1000: 4}, rounds=5, chats=50, deals=4, runs=3, engine_repeat=9)
QUICK = Sizes({10: 4, 40: 10, 1000: 2}, rounds=3, chats=20, deals=2, runs=1, engine_repeat=3)

# The targets, and what each is for.
#: A deal answered about as fast as any bot answers a message: the bot's own work
#: (parsing, scoring, storage, texts) small next to aiogram's, and no slow tail.
DEAL40_ECHO_RATIO = 3.0
DEAL40_P99_MS = 10.0
#: A long pulka costs what a short one does: nothing replays the whole log per deal.
DEAL1000_RATIO = 1.5
#: A durable write costs about what the floor of any durable bot costs (wall and CPU),
#: with no slow tail; a chat whose pulka left memory costs about what a hot one does.
FLOOR_RATIO = 1.5
FLOOR_P99_MS = 3.0
COLD_RATIO = 1.5
#: Chats do not wait for each other: at once is never slower than one after another,
#: and with a real round trip the chats overlap (no lock held across a Bot API call).
CONC_0MS = 1.0
CONC_50MS = 10.0
#: A deal's answer waits for one Bot API round trip, not for the board's edit too:
#: at most the round trip plus the bot's own time plus this share of a round trip.
ROUNDTRIP_SLACK = 0.2
#: The offline calculator and a whole replay stay cheap at any length of record.
CALC_MS = 10.0
#: The picture grows linearly: 1,000 deals at most this many times 300
#: (bench_picture.py's GOAL_GROWTH).
PICTURE_GROWTH = 3.5
#: The bot costs about what a bare aiogram bot costs to host and to restart.
RSS_RATIO = 1.2
STARTUP_RATIO = 1.2


def describe(code: Path) -> str:
    """The checkout measured: its commit, and whether bot/ or scoring/ have changes; and
    where ``bot`` and ``scoring`` were imported from (an editable install could differ)."""
    import bot
    import scoring

    found = {Path(str(m.__file__)).resolve().parent.parent for m in (bot, scoring)}
    where = "" if found == {code.resolve()} else f" (imported from {sorted(map(str, found))})"
    return _describe(code) + where


def _describe(code: Path) -> str:
    try:
        rev = subprocess.run(
            ["git", "-C", str(code), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            [
                "git",
                "--no-optional-locks",
                "-C",
                str(code),
                "status",
                "--porcelain",
                "--",
                "bot",
                "scoring",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return str(code)
    return f"{code} at {rev}" + (" with uncommitted changes in bot/ or scoring/" if dirty else "")


def met(ok: bool) -> str:
    return "yes" if ok else "NO"


def ms(x: float) -> str:
    return f"{x:.2f}" if x < 10 else f"{x:.1f}"


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def proc_status() -> dict[str, int]:
    """VmRSS, VmHWM... of this process in kB (``/proc/self/status``)."""
    out: dict[str, int] = {}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key.startswith("Vm") and value.strip().endswith("kB"):
                out[key] = int(value.split()[0])
    except OSError:
        import resource

        out["VmHWM"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        out["VmRSS"] = out["VmHWM"]
    return out


# --- the in-process sections ---------------------------------------------------------------


class Bench:
    """The pulka bot on a seeded database and an echo bot, in one event loop."""

    def __init__(self, sizes: Sizes, sections: set[str], db_dir: str, freeze: bool) -> None:
        self.sizes = sizes
        self.freeze = freeze
        self.sections = sections
        self.db = os.path.join(db_dir, "pulka.sqlite3")
        self._chat_ids = iter(range(1, 10**6))
        self.makers: list[Any] = []
        self.seeds: list[tuple[int, list[dict[str, Any]], Any, int]] = []
        self.echo_chats = 0

    def _plan(self, count: int, seeded: int) -> list[tuple[int, list[dict[str, Any]], Any]]:
        """``count`` new chats whose pulkas start with ``seeded`` deals."""
        from fakebot import new_maker, people

        out = []
        for _ in range(count):
            n = next(self._chat_ids)
            chat_id, users, maker = -100_0000_000_000 - n, people(10 * n), new_maker(n)
            self.makers.append(maker)
            self.seeds.append((chat_id, users, maker, seeded))
            out.append((chat_id, users, maker))
        return out

    def _echo(self, seed: int) -> Any:
        from fakebot import Chat, PulkaTable, new_maker, people

        self.echo_chats += 1
        chat = Chat(
            self.echo_bot,
            self.echo_dp,
            -200_0000_000_000 - self.echo_chats,
            people(10**7 + 10 * self.echo_chats),
        )
        return PulkaTable(chat, new_maker(10**6 + seed), echo=True)

    async def run(self) -> dict[str, Any]:
        from fakebot import Chat, PulkaTable, echo_bot, floor_bot, pulka_bot, seed_pulkas

        s = self.sizes
        half = s.rounds // 2
        # Warm-up deal first (it sends the scoreboard), then the measured ones around n.
        ladder = (
            {n: self._plan(c, n - half - 2) for n, c in s.ladder.items()}
            if {"latency", "wizard", "roundtrip"} & self.sections
            else {}
        )
        if "wizard" in self.sections and 40 not in ladder:
            ladder[40] = self._plan(s.ladder.get(40, 10), 40 - half - 2)
        # The same, each update kept in the bot's durable inbox first (as its Poller does).
        inboxed = (
            self._plan(max(s.ladder.get(40, 10) // 2, 1), 40 - half - 2)
            if "latency" in self.sections
            else []
        )
        counted = (
            {n: self._plan(1, n - 2)[0] for n in (10, 40)} if "counts" in self.sections else {}
        )
        counted_inbox = self._plan(1, 40 - 2)[0] if "counts" in self.sections else None
        sets = (
            {name: self._plan(s.chats, 10) for name in "AB"}
            if "concurrency" in self.sections
            else {}
        )
        t0 = time.perf_counter()
        await seed_pulkas(self.db, self.seeds)
        seeding = time.perf_counter() - t0
        print(
            f"seeded {len(self.seeds)} pulkas ({sum(x[3] for x in self.seeds)} deals) "
            f"in {seeding:.1f} s",
            flush=True,
        )

        pb = await pulka_bot(self.db)
        self.echo_bot, self.echo_dp = echo_bot()
        self.floor = await floor_bot(self.db + ".floor") if "latency" in self.sections else None
        self.pb = pb
        if self.freeze:  # as bot.app.run does once started (see --freeze)
            gc.collect()
            gc.freeze()

        inbox = pb.inbox()

        def tables(
            plan: list[tuple[int, list[dict[str, Any]], Any]], via_inbox: bool = False
        ) -> list[Any]:
            return [
                PulkaTable(
                    Chat(pb.bot, pb.dp, cid, users, inbox=inbox if via_inbox else None), maker
                )
                for cid, users, maker in plan
            ]

        results: dict[str, Any] = {}
        try:
            if ladder:
                ladder_tables: dict[Any, list[Any]] = {n: tables(p) for n, p in ladder.items()}
                if inboxed and inbox is not None:
                    ladder_tables["40i"] = tables(inboxed, via_inbox=True)
                for ts in ladder_tables.values():
                    for t in ts:
                        await t.type_deal()  # the scoreboard is sent: steady state from here
                if "latency" in self.sections:
                    results["latency"] = await self.latency(ladder_tables)
                if "roundtrip" in self.sections:
                    results["roundtrip"] = await self.roundtrip(ladder_tables[40])
                if "wizard" in self.sections:
                    results["wizard"] = await self.wizard(ladder_tables[40])
            if counted:
                counting: dict[Any, Any] = {n: tables([p])[0] for n, p in counted.items()}
                if inbox is not None and counted_inbox is not None:
                    counting["40i"] = tables([counted_inbox], via_inbox=True)[0]
                results["counts"] = await self.counts(counting)
            if sets:
                results["concurrency"] = await self.concurrency(
                    {k: tables(p) for k, p in sets.items()}
                )
            async with pb.storage.read() as tx:
                one = getattr(tx, "one", None) or tx._one  # Tx._one before bot/storage
                written = (await one("SELECT COUNT(*) AS n FROM events WHERE kind = ?", "deal"))[
                    "n"
                ]
            expected = sum(m.count for m in self.makers)
            if written != expected:
                print(
                    f"WARNING: {expected} deals sent, {written} written: some were refused "
                    "(the figures then include error answers)",
                    flush=True,
                )
                await self.explain_refused()
            results["written"] = (written, expected)
        finally:
            await pb.close()
            if self.floor is not None:
                await self.floor.close()
        return results

    async def explain_refused(self) -> None:
        """Which pulkas have fewer deals than were sent, and the bot's last words there."""
        for chat_id, _, maker, _ in self.seeds:
            table = await self.pb.keeper.active(chat_id, 0)
            if table is not None and len(table.deals) != maker.count:
                last = list(self.pb.session.messages.get(chat_id, {}).values())[-3:]
                print(
                    f"  chat {chat_id}: {len(table.deals)} deals written of {maker.count}; "
                    f"last messages: {[m.get('text', '')[:300] for m in last]}"
                )

    async def latency(self, ladder: dict[int, list[Any]]) -> dict[str, Any]:
        from fakebot import Chat, PulkaTable, new_maker, people

        echo = self._echo(1)
        await echo.setup()
        assert self.floor is not None
        floor = PulkaTable(
            Chat(self.floor.bot, self.floor.dp, -300_0000_000_000, people(2 * 10**7)),
            new_maker(2 * 10**6),
            echo=True,
        )
        await floor.setup()
        samples: dict[Any, list[float]] = {n: [] for n in ladder}
        cpu: dict[Any, list[float]] = {n: [] for n in ladder}
        echoes: list[float] = []
        floors: list[float] = []
        floors_cpu: list[float] = []

        async def timed(t: Any) -> tuple[float, float]:
            c0 = time.process_time()
            wall = await t.type_deal()
            return wall, (time.process_time() - c0) * 1000

        for r in range(self.sizes.rounds):
            for n, ts in ladder.items():
                for t in ts:
                    wall, spent = await timed(t)
                    samples[n].append(wall)
                    cpu[n].append(spent)
                    echoes.append(await echo_sample(echo))
                    wall, spent = await timed(floor)
                    floors.append(wall)
                    floors_cpu.append(spent)
            if 40 in ladder and r % 2:
                # A cold chat: its pulka no longer in memory (evicted by busier chats),
                # paired with a hot one of the same length.
                for t in ladder[40]:
                    self.pb.keeper.tables.clear()
                    wall, spent = await timed(t)
                    samples.setdefault("cold", []).append(wall)
                    cpu.setdefault("cold", []).append(spent)
                    wall, spent = await timed(t)
                    samples.setdefault("hot", []).append(wall)
                    cpu.setdefault("hot", []).append(spent)
        print(f"latency: {sum(map(len, samples.values()))} deals measured", flush=True)
        return {
            "deal": {k: v for k, v in samples.items() if k not in ("cold", "hot")},
            "cpu": cpu,
            "echo": echoes,
            "floor": floors,
            "floor_cpu": floors_cpu,
            "cold": (samples.get("cold", []), samples.get("hot", [])),
            "cold_cpu": (cpu.get("cold", []), cpu.get("hot", [])),
        }

    async def wizard(self, ts: list[Any]) -> dict[str, Any]:
        echo = self._echo(2)
        await echo.setup()
        out: dict[str, list[float]] = {"open": [], "tap": [], "write": [], "echo": []}
        for t in ts:
            times = await t.wizard_deal()
            out["open"].append(times["open"])
            out["tap"].append(times["tap"] / 4)
            out["write"].append(times["write"])
            out["echo"].append(await echo_sample(echo))
        print(f"wizard: {len(ts)} games by taps", flush=True)
        return out

    async def counts(self, ts: dict[Any, Any]) -> list[tuple[str, Any]]:
        from fakebot import Probe

        # The storage as "db", as the older layouts had it in the workflow data.
        probe = Probe(self.pb.session, {**self.pb.dp.workflow_data, "db": self.pb.storage})
        rows = []
        for n, t in ts.items():
            await t.type_deal()  # warm-up: the scoreboard is sent
            who, text = t.next_deal_text()  # the DealMaker plays it: not the bot's count
            async with probe.counting() as c:
                await t.chat.say(who, text)
            if n == "40i":
                rows.append(("/deal (typed), deal 40, through the inbox", c))
                continue
            rows.append((f"/deal (typed), deal {n}", c))
            await t.wizard_open()
            await t.wizard_screens()
            async with probe.counting() as c:
                await t.wizard_write()
            rows.append((f'"Write it" tap, deal {n + 1}', c))
        t = ts[40]
        await t.wizard_open()
        async with probe.counting() as c:
            await t.wizard_screens()
        rows.append(("4 wizard screen taps, deal 42", c))
        await t.wizard_write()
        return rows

    async def roundtrip(self, ts: list[Any]) -> dict[str, Any]:
        """Typed deals with a round trip of 0, 50 and 150 ms (interleaved by table):
        the milliseconds to the answer and to the end of the update."""
        session = self.pb.session
        out: dict[str, dict[str, list[float]]] = {}
        for _ in range(self.sizes.rounds):
            for delay in (0.0, 0.05, 0.15):
                got = out.setdefault(f"{delay * 1000:.0f}", {"answer": [], "update": []})
                session.delay = delay
                for t in ts:
                    t0 = time.perf_counter()
                    took = await t.type_deal()
                    got["answer"].append((session.sent_at[t.chat.chat_id] - t0) * 1000)
                    got["update"].append(took)
        session.delay = 0.0
        print(f"roundtrip: {sum(len(v['answer']) for v in out.values())} deals", flush=True)
        return out

    async def concurrency(self, sets: dict[str, list[Any]]) -> dict[str, Any]:
        """Two sets of chats; with no delay each set runs once in each mode (A one after
        another, B at once, then B one after another, A at once: the pulkas grow
        alike), with 50 ms A one after another and B at once."""
        deals = self.sizes.deals
        for ts in sets.values():  # warm-up (scoreboards sent), no delay
            for t in ts:
                await t.type_deal()

        async def chat(t: Any) -> None:
            for _ in range(deals):
                await t.type_deal()

        async def run(ts: list[Any], concurrent: bool) -> float:
            gc.collect()
            t0 = time.perf_counter()
            if concurrent:
                await asyncio.gather(*(chat(t) for t in ts))
            else:
                for t in ts:
                    await chat(t)
            return time.perf_counter() - t0

        a, b = sets["A"], sets["B"]
        echoes = [self._echo(100 + i) for i in range(len(a))]
        await echo_sample(echoes[0])
        out: dict[str, Any] = {}
        for delay, order in (
            (0.0, ((a, "seq"), (b, "conc"), (b, "seq"), (a, "conc"))),
            (0.05, ((a, "seq"), (b, "conc"))),
        ):
            self.pb.session.delay = delay
            self.echo_bot.session.delay = delay  # type: ignore[attr-defined]
            pulka: dict[str, float] = {"seq": 0.0, "conc": 0.0}
            echo: dict[str, float] = {"seq": 0.0, "conc": 0.0}
            for ts, mode in order:
                pulka[mode] += await run(ts, mode == "conc")
                echo[mode] += await run(echoes, mode == "conc")
            out[f"{delay * 1000:.0f}"] = {"pulka": pulka, "echo": echo}
            print(f"concurrency: {delay * 1000:.0f} ms done", flush=True)
        self.pb.session.delay = 0.0
        self.echo_bot.session.delay = 0.0  # type: ignore[attr-defined]
        return out


async def echo_sample(echo: Any) -> float:
    """One measured text message to the echo bot, after an unmeasured one.

    In one process the pulka bot's garbage gets pydantic's weakly cached
    ``Response[...]`` types collected (STYLE.md), and the echo bot would pay for
    rebuilding them; alone in its process it seldom does.  The unmeasured message
    rebuilds them first.
    """
    await echo.chat.say(echo.users[0], "/start")
    return float(await echo.type_deal())


# --- subprocess sections: memory after an evening, start-up -----------------------------------


async def child_run(kind: str, db_dir: str, deals: int, t0: float, freeze: bool) -> dict[str, Any]:
    """One bot in this fresh process: imported and built (the start-up: for the pulka
    bot with its storage opened and its start-up hooks run), then fed one evening
    (three players seated, ``deals`` typed deals with a ``/score`` picture every 20,
    three games by taps, ``/score``, ``/history``: the echo bot gets the same
    messages and presses); memory once built and after the evening."""
    import fakebot

    users = fakebot.people(7000)
    if kind == "pulka":
        pb = await fakebot.pulka_bot(os.path.join(db_dir, "pulka.sqlite3"))
        bot, dp = pb.bot, pb.dp
        if freeze:
            gc.collect()
            gc.freeze()
    else:
        bot, dp = fakebot.echo_bot()
    startup = (time.perf_counter() - t0) * 1000
    gc.collect()
    built = proc_status()
    chat = fakebot.Chat(bot, dp, -1007000, users)
    table = fakebot.PulkaTable(chat, fakebot.new_maker(7), echo=kind != "pulka")
    await table.setup()
    for i in range(1, deals + 1):
        await table.type_deal()
        if i % 20 == 0:
            await chat.say(users[1], "/score")
    for _ in range(3):
        await table.wizard_deal()
    await chat.say(users[2], "/score")
    await chat.say(users[0], "/history")
    gc.collect()
    after = proc_status()
    if kind == "pulka":
        await pb.close()
    return {
        "startup_ms": startup,
        "built_rss": built.get("VmRSS", 0),
        "rss": after.get("VmRSS", 0),
        "hwm": after.get("VmHWM", 0),
    }


def child(kind: str, db_dir: str, deals: int, freeze: bool) -> None:
    t0 = time.perf_counter()
    print(json.dumps(asyncio.run(child_run(kind, db_dir, deals, t0, freeze))))


def run_child(kind: str, deals: int, freeze: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-bot-") as d:
        t0 = time.perf_counter()
        done = subprocess.run(
            [
                sys.executable,
                __file__,
                "--child",
                kind,
                "--db-dir",
                d,
                "--evening-deals",
                str(deals),
                "--code",
                str(CODE),
                "--freeze",
                "yes" if freeze else "no",
            ],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        wall = (time.perf_counter() - t0) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"the subprocess of the {kind} bot failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result["wall_ms"] = wall
    return result


def subprocesses(runs: int, deals: int, freeze: bool) -> dict[str, list[dict[str, Any]]]:
    """``runs`` fresh processes per bot, alternating which goes first."""
    out: dict[str, list[dict[str, Any]]] = {"pulka": [], "echo": []}
    for i in range(runs):
        for kind in ("pulka", "echo") if i % 2 == 0 else ("echo", "pulka"):
            out[kind].append(run_child(kind, deals, freeze))
    print(f"subprocesses: {runs} per bot", flush=True)
    return out


# --- the engine (no bot) -------------------------------------------------------------------


def engine(repeat: int) -> dict[str, Any]:
    """The calculator on 1 vs 1,000 deals and the picture of 300 vs 1,000 deals,
    interleaved (one of each in turn)."""
    from fakebot import module

    # scoring and the picture before bench_scoring, which puts this checkout first.
    from scoring import Rules, replay, settle_state
    from scoring.record import load_document, record_json, settlement_json

    render_sheet = module("picture").render_sheet
    from bench_scoring import make_deals

    players = ("Anna", "Boris", "Vera")
    rules = Rules.for_variant("sochi", target=5000)
    deals = make_deals(players, rules, 1000)
    texts = {n: json.dumps(record_json(players, rules, deals[:n])) for n in (1, 1000)}
    calc: dict[int, list[float]] = {1: [], 1000: []}
    settle: dict[int, list[float]] = {1: [], 1000: []}
    for _ in range(repeat + 1):
        for n, text in texts.items():
            t0 = time.perf_counter()
            settle_state(replay(players, rules, deals[:n]).state)
            t1 = time.perf_counter()
            settlement_json(load_document(json.loads(text)))
            settle[n].append((t1 - t0) * 1000)
            calc[n].append((time.perf_counter() - t1) * 1000)
    steps = {n: replay(players, rules, deals[:n]).steps for n in (300, 1000)}
    picture: dict[int, list[float]] = {300: [], 1000: []}
    for _ in range(max(repeat // 3, 1) + 1):
        for n, st in steps.items():
            t0 = time.perf_counter()
            render_sheet(players, rules, st, title="Pulka")
            picture[n].append((time.perf_counter() - t0) * 1000)
    print("engine: done", flush=True)
    # The first round warmed up (fonts, caches): not counted.
    return {
        "calc": {n: v[1:] for n, v in calc.items()},
        "settle": {n: v[1:] for n, v in settle.items()},
        "picture": {n: v[1:] for n, v in picture.items()},
    }


# --- the tables ------------------------------------------------------------------------------


def report_latency(r: dict[str, Any]) -> None:
    echo = r["echo"]
    e = statistics.median(echo)
    rows: list[tuple[object, ...]] = [
        (
            "echo bot: a text message",
            len(echo),
            ms(e),
            ms(percentile(echo, 90)),
            ms(percentile(echo, 99)),
            "1.0",
            "",
            "",
        )
    ]
    floor = r.get("floor") or []
    if floor:
        f = statistics.median(floor)
        rows.append(
            (
                "floor bot: durable write, answer, edit",
                len(floor),
                ms(f),
                ms(percentile(floor, 90)),
                ms(percentile(floor, 99)),
                f"{f / e:.1f}",
                "",
                "",
            )
        )
    med = {}
    for n, xs in r["deal"].items():
        med[n] = m = statistics.median(xs)
        p99 = percentile(xs, 99)
        target = ok = ""
        if n in (40, "40i"):
            target = f"<={DEAL40_ECHO_RATIO:g}x echo, p99<{DEAL40_P99_MS:g} ms"
            ok = met(m / e <= DEAL40_ECHO_RATIO and p99 < DEAL40_P99_MS)
        label = (
            "/deal at deal ~40, kept in the inbox first" if n == "40i" else f"/deal at deal ~{n}"
        )
        rows.append(
            (label, len(xs), ms(m), ms(percentile(xs, 90)), ms(p99), f"{m / e:.1f}", target, ok)
        )
    if 10 in med and 1000 in med:
        ratio = med[1000] / med[10]
        rows.append(
            (
                "deal 1000 / deal 10 (medians)",
                "",
                "",
                "",
                "",
                f"{ratio:.1f}",
                f"<={DEAL1000_RATIO:g}",
                met(ratio <= DEAL1000_RATIO),
            )
        )
    print_rows(
        "One update through the Dispatcher, interleaved with the echo bot "
        "(ms; 'x echo': median / echo median)",
        ("update", "n", "median", "p90", "p99", "x echo", "target", "met"),
        rows,
    )
    report_floor(r)


def report_floor(r: dict[str, Any]) -> None:
    """Each /deal row against the floor bot, in wall and in CPU time."""
    floor, floor_cpu = r.get("floor") or [], r.get("floor_cpu") or []
    if not floor or not floor_cpu:
        return
    f_wall, f_cpu, f_p99 = statistics.median(floor), statistics.median(floor_cpu), 0.0
    f_p99 = percentile(floor, 99)
    rows: list[tuple[object, ...]] = [
        ("floor bot", len(floor), ms(f_wall), ms(f_p99), "1.00", ms(f_cpu), "1.00", "", "")
    ]
    for n, xs in r["deal"].items():
        cs = r["cpu"][n]
        wall, spent, p99 = statistics.median(xs), statistics.median(cs), percentile(xs, 99)
        target = ok = ""
        if n == "40i":
            target = f"<={FLOOR_RATIO:g}x, p99<=floor+{FLOOR_P99_MS:g}"
            ok = met(
                wall / f_wall <= FLOOR_RATIO
                and spent / f_cpu <= FLOOR_RATIO
                and p99 <= f_p99 + FLOOR_P99_MS
            )
        label = "/deal at ~40, production path" if n == "40i" else f"/deal at ~{n}, no inbox"
        rows.append(
            (
                label,
                len(xs),
                ms(wall),
                ms(p99),
                f"{wall / f_wall:.2f}",
                ms(spent),
                f"{spent / f_cpu:.2f}",
                target,
                ok,
            )
        )
    cold, hot = r.get("cold") or ([], [])
    cold_cpu, hot_cpu = r.get("cold_cpu") or ([], [])
    if cold and hot:
        wall = statistics.median(cold) / statistics.median(hot)
        spent = statistics.median(cold_cpu) / statistics.median(hot_cpu)
        rows.append(
            (
                "cold chat / hot chat at ~40",
                len(cold),
                ms(statistics.median(cold)),
                ms(percentile(cold, 99)),
                f"{wall:.2f}",
                ms(statistics.median(cold_cpu)),
                f"{spent:.2f}",
                f"<={COLD_RATIO:g}x a hot chat",
                met(wall <= COLD_RATIO and spent <= COLD_RATIO),
            )
        )
    print_rows(
        "A /deal against the floor bot (one autocommit INSERT, an answer, a board edit), "
        "interleaved (ms; ratios: median / the floor's median, the cold row: / a hot chat)",
        ("update", "n", "wall", "p99", "x floor", "CPU", "x floor CPU", "target", "met"),
        rows,
    )


def report_roundtrip(r: dict[str, Any]) -> None:
    own = statistics.median(r["0"]["answer"])
    rows: list[tuple[object, ...]] = []
    for delay, got in r.items():
        rtt = float(delay)
        answer, update = statistics.median(got["answer"]), statistics.median(got["update"])
        goal = rtt + own + ROUNDTRIP_SLACK * rtt
        rows.append(
            (
                f"{delay} ms",
                len(got["answer"]),
                ms(answer),
                ms(percentile(got["answer"], 90)),
                ms(update),
                f"{(answer - own) / rtt:.2f}" if rtt else "",
                f"<={ms(goal)}" if rtt else "",
                met(answer <= goal) if rtt else "",
            )
        )
    print_rows(
        "A typed /deal at deal ~40 with a simulated Bot API round trip (ms; "
        "'trips': (to the answer - the bot's own time) / the round trip)",
        ("round trip", "n", "to answer", "p90", "whole update", "trips", "target", "met"),
        rows,
    )


def report_wizard(r: dict[str, Any]) -> None:
    e = statistics.median(r["echo"])
    rows: list[tuple[object, ...]] = [
        ("echo bot: a text message", len(r["echo"]), ms(e), ms(percentile(r["echo"], 99)), "1.0")
    ]
    for key, label in (
        ("open", "/deal opening the wizard"),
        ("tap", "a screen tap (mean of 4)"),
        ("write", '"Write it" tap'),
    ):
        xs = r[key]
        rows.append(
            (
                label,
                len(xs),
                ms(statistics.median(xs)),
                ms(percentile(xs, 99)),
                f"{statistics.median(xs) / e:.1f}",
            )
        )
    print_rows(
        "A game entered by taps at deal ~45 (ms; no target)",
        ("update", "n", "median", "p99", "x echo"),
        rows,
    )


def report_counts(rows_in: list[tuple[str, Any]]) -> None:
    rows = []
    for label, c in rows_in:
        locks = ", ".join(f"{k} {v}" for k, v in sorted(c.locks.items())) or "0"
        api = ", ".join(f"{k} {v}" for k, v in sorted(c.api.items())) or "0"
        rows.append(
            (
                label,
                c.build_tables,
                c.advances,
                c.plays,
                c.replays,
                c.sql,
                c.writes,
                sum(c.locks.values()),
                locks,
                api,
                c.full_gcs,
            )
        )
    print_rows(
        "What one update does (counted by patching at benchmark time, see fakebot.Probe)",
        (
            "update",
            "build_table",
            "advance",
            "play",
            "replay",
            "SQL",
            "write tx",
            "locks",
            "locks by holder",
            "Bot API calls",
            "full GCs",
        ),
        rows,
    )


def report_concurrency(r: dict[str, Any], chats: int, deals: int) -> None:
    rows = []
    for delay, target in (("0", CONC_0MS), ("50", CONC_50MS)):
        for bot in ("pulka", "echo"):
            seq, conc = r[delay][bot]["seq"], r[delay][bot]["conc"]
            speed = seq / conc
            rows.append(
                (
                    f"{bot} bot, {delay} ms round trip",
                    f"{seq:.2f}",
                    f"{conc:.2f}",
                    f"{speed:.1f}",
                    f">={target:g}x" if bot == "pulka" else "",
                    met(speed >= target) if bot == "pulka" else "",
                )
            )
    print_rows(
        f"{chats} chats x {deals} deals: one chat after another vs all at once (s; "
        "0 ms: the sum of two runs in each mode)",
        ("bots", "sequential", "concurrent", "speed-up", "target", "met"),
        rows,
    )


def report_subprocess(runs: dict[str, Any], memory: bool, startup: bool) -> None:
    rows: list[tuple[object, ...]] = []

    def med(runs: list[dict[str, Any]], key: str) -> float:
        return statistics.median(x[key] for x in runs)

    if memory:
        p, e = med(runs["pulka"], "rss") / 1024, med(runs["echo"], "rss") / 1024
        rows.append(
            (
                "RSS after an evening (MiB)",
                f"{p:.1f}",
                f"{e:.1f}",
                f"{p / e:.2f}",
                f"<={RSS_RATIO:g}",
                met(p / e <= RSS_RATIO),
            )
        )
        p, e = med(runs["pulka"], "hwm") / 1024, med(runs["echo"], "hwm") / 1024
        rows.append(("  peak RSS during it (MiB)", f"{p:.1f}", f"{e:.1f}", f"{p / e:.2f}", "", ""))
        p, e = med(runs["pulka"], "built_rss") / 1024, med(runs["echo"], "built_rss") / 1024
        rows.append(
            ("  RSS once built, before it (MiB)", f"{p:.1f}", f"{e:.1f}", f"{p / e:.2f}", "", "")
        )
    if startup:
        p, e = med(runs["pulka"], "startup_ms"), med(runs["echo"], "startup_ms")
        rows.append(
            (
                "start-up: import + build (ms)",
                f"{p:.0f}",
                f"{e:.0f}",
                f"{p / e:.2f}",
                f"<={STARTUP_RATIO:g}",
                met(p / e <= STARTUP_RATIO),
            )
        )
        p, e = med(runs["pulka"], "wall_ms"), med(runs["echo"], "wall_ms")
        rows.append(
            ("  whole process, python to exit (ms)", f"{p:.0f}", f"{e:.0f}", f"{p / e:.2f}", "", "")
        )
    n = len(runs["pulka"])
    print_rows(
        f"Each bot in a fresh subprocess (medians of {n} each)",
        ("what", "pulka bot", "echo bot", "ratio", "target", "met"),
        rows,
    )


def report_engine(r: dict[str, Any]) -> None:
    s1, s1000 = (statistics.median(r["settle"][n]) for n in (1, 1000))
    c1, c1000 = (statistics.median(r["calc"][n]) for n in (1, 1000))
    p300, p1000 = (statistics.median(r["picture"][n]) for n in (300, 1000))
    limit = PICTURE_GROWTH
    rows = [
        ("replay + settle: 1 deal", ms(s1), "", ""),
        ("replay + settle: 1,000 deals", ms(s1000), "", ""),
        ("  1,000 over 1", ms(s1000 - s1), f"<{CALC_MS:g} ms", met(s1000 - s1 < CALC_MS)),
        ("calculator, JSON to JSON: 1-deal record", ms(c1), "", ""),
        ("calculator, JSON to JSON: 1,000-deal record", ms(c1000), "", ""),
        ("  1,000 over 1", ms(c1000 - c1), f"<{CALC_MS:g} ms", met(c1000 - c1 < CALC_MS)),
        ("picture: 300 deals", ms(p300), "", ""),
        ("picture: 1,000 deals", ms(p1000), "", ""),
        (
            "  1,000 / 300 (linear: 3.33)",
            f"{p1000 / p300:.2f}",
            f"<={limit:g}",
            met(p1000 / p300 <= limit),
        ),
    ]
    print_rows(
        "The engine, no bot (medians, ms; replay + settle as bench_scoring.py; the "
        "calculator: JSON -> validate -> settle -> JSON, as `python -m scoring settle`)",
        ("what", "value", "target", "met"),
        rows,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples (about a minute)")
    parser.add_argument(
        "--only", default=",".join(SECTIONS), help=f"comma-separated sections: {','.join(SECTIONS)}"
    )
    parser.add_argument(
        "--db-dir", help="where the benchmark's SQLite file goes (default: a new temporary folder)"
    )
    parser.add_argument(
        "--evening-deals",
        type=int,
        default=40,
        help="typed deals of the memory section's evening (default 40)",
    )
    parser.add_argument(
        "--code",
        metavar="DIR",
        help="measure the bot of another checkout "
        "(e.g. `git archive REV | tar -x -C DIR`); default: this one",
    )
    parser.add_argument(
        "--freeze",
        choices=("auto", "yes", "no"),
        default="auto",
        help="gc.freeze() the pulka bot once built, as bot.app.run does; "
        "auto: if bot.app does it (default)",
    )
    parser.add_argument("--child", choices=("pulka", "echo"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.db_dir, args.evening_deals, args.freeze == "yes")
        return

    sizes = QUICK if args.quick else DEFAULT
    sections = {s.strip() for s in args.only.split(",") if s.strip()}
    unknown = sections - set(SECTIONS)
    if unknown:
        parser.error(f"unknown sections: {', '.join(sorted(unknown))}")
    import aiogram
    import fakebot

    freeze = fakebot.app_freezes() if args.freeze == "auto" else args.freeze == "yes"
    started = time.perf_counter()
    print(
        f"bench_bot {'--quick ' if args.quick else ''}{datetime.now(UTC):%Y-%m-%d %H:%M} UTC; "
        f"{os.cpu_count()} cores, load average {load()}; Python {platform.python_version()}, "
        f"aiogram {aiogram.__version__}",
        flush=True,
    )
    print(
        f"code: {describe(CODE)}; start-up as bot.app.run: Response types kept "
        f"{met(fakebot.app_keeps_response_types())}, gc.freeze {met(freeze)}",
        flush=True,
    )
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-bot-", dir=args.db_dir) as d:
        if sections & {"latency", "roundtrip", "wizard", "counts", "concurrency"}:
            results.update(asyncio.run(Bench(sizes, sections, d, freeze).run()))
    runs = (
        subprocesses(sizes.runs, args.evening_deals, freeze)
        if sections & {"memory", "startup"}
        else None
    )
    if "engine" in sections:
        results["engine"] = engine(sizes.engine_repeat)

    if "latency" in results:
        report_latency(results["latency"])
    if "roundtrip" in results:
        report_roundtrip(results["roundtrip"])
    if "wizard" in results:
        report_wizard(results["wizard"])
    if "counts" in results:
        report_counts(results["counts"])
    if "concurrency" in results:
        report_concurrency(results["concurrency"], sizes.chats, sizes.deals)
    if runs:
        report_subprocess(runs, "memory" in sections, "startup" in sections)
    if "engine" in results:
        report_engine(results["engine"])
    if "written" in results:
        written, expected = results["written"]
        print(f"\ndeals written / sent: {written} / {expected}")
    print(
        f"took {time.perf_counter() - started:.0f} s; load average now {load()} "
        f"({os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main()
