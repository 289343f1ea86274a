"""Storage and actions: dedup by source message, undo events, concurrent writers."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from harness import count_events

from bot.actions import chats, deals, drafts, ending, seating
from bot.actions.keeper import Keeper
from bot.model import Author, EventKind, PulkaError, Source
from bot.storage import events, pulkas
from bot.storage.db import DatabaseUnusable, Storage
from bot.storage.schema import SCHEMA_VERSION
from scoring import Game, IllegalDeal, InvalidDeal, Raspasy, Rules

ANNA = Author(1, "Anna")


@pytest.fixture
async def keeper(tmp_path: Path) -> AsyncIterator[Keeper]:
    storage = await Storage(str(tmp_path / "p.sqlite3")).open()
    try:
        yield Keeper(storage)
    finally:
        await storage.close()


async def seated(keeper: Keeper, chat: int = -100, target: int = 20) -> int:
    w = await seating.start(
        keeper, chat, 0, Rules.for_variant("sochi", target=target), ANNA, Source(chat, 1)
    )
    for i, name in enumerate(("Anna", "Boris", "Vera")):
        await seating.join(keeper, chat, 0, [name], i + 1, None, ANNA, Source(chat, 10 + i))
    return w.table.id


async def test_another_programs_database_is_refused_not_migrated_into(tmp_path: Path) -> None:
    """A file of another program (no schema version, tables of its own) is refused at
    start as ``check`` refuses it, and left as it was: no table of the bot added."""
    other = tmp_path / "other.sqlite3"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE invoices (id INTEGER)")
    con.commit()
    con.close()
    with pytest.raises(DatabaseUnusable, match=r"not a pulka database .*invoices"):
        await Storage(str(other)).open()
    con = sqlite3.connect(other)
    tables = [name for (name,) in con.execute("SELECT name FROM sqlite_master")]
    version = con.execute("PRAGMA user_version").fetchone()[0]
    con.close()
    assert (tables, version) == (["invoices"], 0)
    # A database of this bot that lost a table is refused too, not half-migrated.
    db = tmp_path / "p.sqlite3"
    await (await Storage(str(db)).open()).close()
    con = sqlite3.connect(db)
    con.execute("DROP TABLE drafts")
    con.commit()
    con.close()
    with pytest.raises(DatabaseUnusable, match="no table drafts"):
        await Storage(str(db)).open()


SIX = Game.of("Anna", "6S", {"Boris": "whist", "Vera": "pass"}, {"Anna": 6, "Boris": 3, "Vera": 1})


async def test_schema_and_pragmas(keeper: Keeper) -> None:
    conn = keeper.storage.conn
    assert (await (await conn.execute("PRAGMA user_version")).fetchone())[0] == SCHEMA_VERSION
    assert (await (await conn.execute("PRAGMA journal_mode")).fetchone())[0] == "wal"
    assert (await (await conn.execute("PRAGMA synchronous")).fetchone())[0] == 2  # FULL


async def test_the_events_that_name_people_are_found_by_their_own_index(keeper: Keeper) -> None:
    # A chat's claims and nicknames are read by its statistics and seating: its pulkas
    # and their naming events found by indexes, not by reading every event.
    conn = keeper.storage.conn
    plan = await (
        await conn.execute("EXPLAIN QUERY PLAN " + events.NAMING_IN_CHAT, (-100, "claim"))
    ).fetchall()
    steps = [str(tuple(row)) for row in plan]
    assert any("pulkas_of_chat" in s for s in steps), steps
    assert any("events_naming" in s for s in steps), steps
    with pytest.raises(ValueError):
        async with keeper.storage.read() as tx:
            await events.of_kind_in_chat(tx, -100, EventKind.DEAL)


async def test_same_message_written_once(keeper: Keeper) -> None:
    pid = await seated(keeper)
    first = await deals.write(keeper, pid, SIX, ANNA, Source(-100, 50))
    again = await deals.write(keeper, pid, SIX, ANNA, Source(-100, 50))
    assert not first.duplicate and again.duplicate
    assert again.event_id == first.event_id
    assert len(again.table.deals) == 1
    # /newpulka and /join redelivered are harmless too.
    assert (await seating.start(keeper, -100, 0, Rules(), ANNA, Source(-100, 1))).duplicate
    assert (
        await seating.join(keeper, -100, 0, ["Anna"], 1, None, ANNA, Source(-100, 10))
    ).duplicate


async def test_rejected_deal_writes_nothing(keeper: Keeper) -> None:
    pid = await seated(keeper)
    bad = Raspasy.of({"Anna": 5, "Boris": 5, "Vera": 1})
    with pytest.raises(InvalidDeal):
        await deals.write(keeper, pid, bad, ANNA, Source(-100, 60))
    async with keeper.storage.read() as tx:
        assert await count_events(tx, "deal") == 0


async def test_undo_is_an_event(keeper: Keeper) -> None:
    pid = await seated(keeper)
    w1 = await deals.write(keeper, pid, SIX, ANNA, Source(-100, 50))
    w2 = await deals.write(
        keeper, pid, Raspasy.of({"Anna": 3, "Boris": 2, "Vera": 5}), ANNA, Source(-100, 51)
    )
    with pytest.raises(PulkaError):  # only the last live deal can be undone
        await deals.undo(keeper, pid, w1.event_id, ANNA, Source(-100, 52))
    u = await deals.undo(keeper, pid, w2.event_id, ANNA, Source(-100, 53))
    assert [d.event.id for d in u.table.deals] == [w1.event_id]
    assert u.table.state is not None and u.table.state.raspasy_run == 0
    u2 = await deals.undo(keeper, pid, w1.event_id, ANNA, Source(-100, 54))
    assert u2.table.deals == ()
    async with keeper.storage.read() as tx:
        row = await pulkas.load(tx, pid)
    assert row is not None
    assert [e.kind for e in row.events][-4:] == ["deal", "deal", "undo", "undo"]


async def test_finished_pulka_refuses_deals_and_settles(keeper: Keeper) -> None:
    pid = await seated(keeper, target=2)
    for i, who in enumerate(("Anna", "Boris", "Vera")):
        others = [n for n in ("Anna", "Boris", "Vera") if n != who]
        g = Game.of(
            who, "6S", {others[0]: "pass", others[1]: "pass"}, {who: 6, others[0]: 2, others[1]: 2}
        )
        await deals.write(keeper, pid, g, ANNA, Source(-100, 70 + i))
    with pytest.raises(IllegalDeal):
        await deals.write(keeper, pid, SIX, ANNA, Source(-100, 80))
    w = await ending.end(keeper, pid, None, ANNA, Source(-100, 81), agreed=False)
    assert not w.table.active
    assert await keeper.active(-100, 0) is None


async def test_concurrent_writers_lose_nothing(keeper: Keeper) -> None:
    pid = await seated(keeper, target=1000)
    good = Raspasy.of({"Anna": 4, "Boris": 3, "Vera": 3})
    bad = Raspasy.of({"Anna": 4, "Boris": 4, "Vera": 3})

    async def write(i: int) -> bool:
        try:
            await deals.write(
                keeper, pid, bad if i % 3 == 0 else good, ANNA, Source(-100, 1000 + i)
            )
        except InvalidDeal:
            return False
        return True

    results = await asyncio.gather(*(write(i) for i in range(60)))
    # Repeat every message too, concurrently: still written once.
    await asyncio.gather(*(write(i) for i in range(60)))
    table = await keeper.get(pid)
    assert table is not None
    assert len(table.deals) == sum(results) == 40
    assert [e.seq for e in table.row.events] == list(range(1, len(table.row.events) + 1))


async def test_concurrent_joins_seat_four_at_most(keeper: Keeper) -> None:
    await seating.start(keeper, -7, 0, Rules(), ANNA, Source(-7, 1))

    async def join(i: int) -> str:
        try:
            await seating.join(keeper, -7, 0, [f"P{i}x"], i, None, ANNA, Source(-7, 100 + i))
        except PulkaError as e:
            return e.key
        return "ok"

    outcomes = await asyncio.gather(*(join(i) for i in range(10)))
    assert outcomes.count("ok") == 4 and set(outcomes) == {"ok", "table_full"}


async def test_migration_and_forum_topics(keeper: Keeper) -> None:
    pid = await seated(keeper, chat=-5)
    assert (await seating.start(keeper, -5, 77, Rules(), ANNA, Source(-5, 2))).table.id != pid
    await chats.set_lang(keeper, -5, "en")
    assert await chats.migrate(keeper, -5, -1005) == 2
    moved = await keeper.active(-1005, 0)
    assert moved is not None and moved.id == pid
    assert await keeper.active(-5, 0) is None
    assert await keeper.lang(-1005) == "en"


async def test_the_creators_language_becomes_the_chats(keeper: Keeper) -> None:
    assert await keeper.lang(-9) is None
    await seating.start(keeper, -9, 0, Rules(), ANNA, Source(-9, 1), lang="uk")
    assert await keeper.lang(-9) == "uk"
    # A pulka created later, by someone else, keeps the chat's language.
    await seating.start(keeper, -9, 5, Rules(), ANNA, Source(-9, 2), lang="en")
    assert await keeper.lang(-9) == "uk"
    await chats.set_lang(keeper, -9, "en")  # /lang changes it
    assert await keeper.lang(-9) == "en"
    await drafts.open_draft(keeper, -10, 1, 0, {}, 1, lang="en")
    assert await keeper.lang(-10) == "en"
    # A refused creation (a pulka runs here) changes nothing.
    with pytest.raises(PulkaError):
        await seating.start(keeper, -9, 0, Rules(), ANNA, Source(-9, 3), lang="ru")
    assert await keeper.lang(-9) == "en"
