"""A deal written while the pulka changes around it: the sheet moved on behind the kept
table, the command wrote already, the engine refuses, a stale screen, the chat migrating,
two presses at once.  Each is answered from the log as stored."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.actions import chats, deals, seating
from bot.actions.keeper import Keeper
from bot.model import Author, EventKind, PulkaError, Source
from bot.storage import events
from bot.storage.db import Storage
from scoring import Game, InvalidDeal, Rules
from scoring.record import deal_to_json

ANNA = Author(1, "Anna")
SIX = Game.of("Anna", "6S", {"Boris": "whist", "Vera": "pass"}, {"Anna": 6, "Boris": 3, "Vera": 1})
SEVEN = Game.of(
    "Boris", "7H", {"Vera": "whist", "Anna": "pass"}, {"Boris": 7, "Vera": 2, "Anna": 1}
)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[str]:
    yield str(tmp_path / "p.sqlite3")


async def _seated(keeper: Keeper, chat: int = -100) -> int:
    w = await seating.start(
        keeper, chat, 0, Rules.for_variant("sochi", target=20), ANNA, Source(chat, 1)
    )
    for i, name in enumerate(("Anna", "Boris", "Vera")):
        await seating.join(keeper, chat, 0, [name], i + 1, None, ANNA, Source(chat, 10 + i))
    return w.table.id


async def test_a_sheet_moved_on_behind_the_kept_table_is_read_again(db: str) -> None:
    """Another connection appends a deal: the kept table is behind, and the write plays
    its deal on the sheet as stored."""
    storage = await Storage(db).open()
    other = await Storage(db).open()
    try:
        keeper = Keeper(storage)
        pid = await _seated(keeper)
        await deals.write(keeper, pid, SIX, ANNA, Source(-100, 50))
        kept = keeper.tables.get(pid)
        assert kept is not None
        async with other.uow() as tx:
            await events.append(
                tx, pid, EventKind.DEAL, deal_to_json(SEVEN), 1, "Anna", Source(-100, 60)
            )
        written = await deals.write(keeper, pid, SIX, ANNA, Source(-100, 61))
        assert [d.deal for d in written.table.deals] == [SIX, SEVEN, SIX]
        assert [d.event.seq for d in written.table.deals] == sorted(
            {d.event.seq for d in written.table.deals}
        )
    finally:
        await other.close()
        await storage.close()


async def test_a_command_delivered_again_is_answered_with_its_first_write(db: str) -> None:
    storage = await Storage(db).open()
    try:
        keeper = Keeper(storage)
        pid = await _seated(keeper)
        first = await deals.write(keeper, pid, SIX, ANNA, Source(-100, 50))
        again = await deals.write(keeper, pid, SEVEN, ANNA, Source(-100, 50))
        assert again.duplicate and again.event_id == first.event_id
        assert [d.deal for d in again.table.deals] == [SIX]
    finally:
        await storage.close()


async def test_a_stale_wizard_and_a_refused_deal_still_say_so(db: str) -> None:
    storage = await Storage(db).open()
    try:
        keeper = Keeper(storage)
        pid = await _seated(keeper)
        first = await deals.write(keeper, pid, SIX, ANNA, Source(-100, 50))
        with pytest.raises(PulkaError) as stale:
            await deals.write(
                keeper, pid, SEVEN, ANNA, Source(-100, 70), expect_last=first.event_id - 1
            )
        assert stale.value.key == "stale"
        unknown = Game.of(
            "Gleb", "6S", {"Boris": "whist", "Vera": "pass"}, {"Gleb": 6, "Boris": 3, "Vera": 1}
        )
        with pytest.raises(InvalidDeal) as refused:
            await deals.write(keeper, pid, unknown, ANNA, Source(-100, 71))
        assert refused.value.code == "unknown_player"
        table = keeper.tables.get(pid)
        assert table is not None and [d.deal for d in table.deals] == [SIX]
    finally:
        await storage.close()


async def test_a_deal_written_while_the_chat_migrates_keeps_the_new_chat(db: str) -> None:
    """A group becoming a supergroup changes its pulkas' chat with no event: a deal
    that waited for the lock meanwhile must not put back a table of the old chat."""
    storage = await Storage(db).open()
    try:
        keeper = Keeper(storage)
        pid = await _seated(keeper)
        await deals.write(keeper, pid, SIX, ANNA, Source(-100, 50))
        migrating = asyncio.create_task(chats.migrate(keeper, -100, -200))
        await asyncio.sleep(0)  # the migration holds the lock; the deal waits for it
        written = await deals.write(keeper, pid, SEVEN, ANNA, Source(-100, 51))
        await migrating
        assert written.table.row.chat_id == -200
        kept = keeper.tables.get(pid)
        assert kept is not None and kept.row.chat_id == -200
        assert [d.deal for d in kept.deals] == [SIX, SEVEN]
        got = await keeper.get(pid)
        assert got is not None and got.row.chat_id == -200
    finally:
        await storage.close()


async def test_a_redelivered_command_whose_deal_no_longer_plays_is_its_first_write(
    db: str,
) -> None:
    """The deal that ended the pulka, delivered again: it would be refused now (the pulka
    is over), but it is answered with what it wrote the first time."""
    storage = await Storage(db).open()
    try:
        keeper = Keeper(storage)
        w = await seating.start(
            keeper, -100, 0, Rules.for_variant("sochi", target=2), ANNA, Source(-100, 1)
        )
        for i, name in enumerate(("Anna", "Boris", "Vera")):
            await seating.join(keeper, -100, 0, [name], i + 1, None, ANNA, Source(-100, 10 + i))
        pid = w.table.id
        n = 50
        while True:
            written = await deals.write(keeper, pid, SIX, ANNA, Source(-100, n))
            assert written.table.state is not None
            if written.table.state.finished:
                break
            n += 1
        again = await deals.write(keeper, pid, SIX, ANNA, Source(-100, n))
        assert again.duplicate and again.event_id == written.event_id
    finally:
        await storage.close()


async def test_two_write_it_presses_at_once_write_one_deal(db: str) -> None:
    storage = await Storage(db).open()
    try:
        keeper = Keeper(storage)
        pid = await _seated(keeper)
        first = await deals.write(keeper, pid, SIX, ANNA, Source(-100, 50))
        token = first.event_id
        results = await asyncio.gather(
            deals.write(keeper, pid, SEVEN, ANNA, Source(-100, 80), expect_last=token),
            deals.write(keeper, pid, SEVEN, ANNA, Source(-100, 81), expect_last=token),
            return_exceptions=True,
        )
        wrote = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, PulkaError)]
        assert len(wrote) == 1 and len(refused) == 1 and refused[0].key == "stale"
        got = await keeper.get(pid)
        assert got is not None and [d.deal for d in got.deals] == [SIX, SEVEN]
    finally:
        await storage.close()
