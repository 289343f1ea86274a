"""The kept table is the replay of its log, down to the events it reads the end from.

An evening through every kind of write (seats, deals, an undo, an amendment, agreements,
an end by agreement taken back, the end with the settlement, a correction after it, a
payment): after each, the table this process keeps equals the log replayed from the
database, and its ``marks`` are exactly the log's events that are not deals."""

from __future__ import annotations

from pathlib import Path

from bot.actions import deals, ending, payments, seating
from bot.actions.keeper import Keeper
from bot.model import Author, EventKind, Source, Table, Written, build_table, debts
from bot.storage import pulkas
from bot.storage.db import Storage
from scoring import Correction, Game, Rules

ANNA = Author(1, "Anna")
NAMES = ("Anna", "Boris", "Vera")


def game(declarer: str, level: int, mine: int) -> Game:
    d1, d2 = (n for n in NAMES if n != declarer)
    rest = 10 - mine
    return Game.of(
        declarer, f"{level}S", {d1: "whist", d2: "pass"}, {declarer: mine, d1: rest, d2: 0}
    )


async def _check(keeper: Keeper, written: Written) -> Table:
    table = written.table
    async with keeper.storage.read() as tx:
        row = await pulkas.load(tx, table.id)
    assert row is not None
    fresh = build_table(row)
    assert table == fresh
    assert table.marks == tuple(e for e in row.events if e.kind != EventKind.DEAL)
    kept = keeper.tables.get(table.id)
    assert kept is not None and kept.marks == fresh.marks
    return table


async def test_every_write_keeps_the_marks_of_its_log(tmp_path: Path) -> None:
    storage = await Storage(str(tmp_path / "p.sqlite3")).open()
    try:
        s = Keeper(storage)
        msg = iter(range(100, 1000))

        def src() -> Source:
            return Source(-100, next(msg))

        w = await seating.start(s, -100, 0, Rules.for_variant("sochi", target=2), ANNA, src())
        pid = w.table.id
        for i, name in enumerate(NAMES):
            w = await seating.join(s, -100, 0, [name], i + 1, None, ANNA, src())
            await _check(s, w)
        w = await deals.write(s, pid, game("Anna", 6, 6), ANNA, src())
        await _check(s, w)
        w = await deals.write(s, pid, game("Boris", 7, 7), ANNA, src())
        t = await _check(s, w)
        w = await deals.undo(s, pid, t.deals[-1].event.id, ANNA, src())
        await _check(s, w)
        w = await deals.write(s, pid, game("Boris", 7, 8), ANNA, src())
        t = await _check(s, w)
        w = await deals.amend(s, pid, t.deals[0].event.id, game("Anna", 6, 7), ANNA, src())
        t = await _check(s, w)
        stop = t.last_event_id
        for author in (ANNA, Author(2, "Boris")):
            w = (await ending.agree(s, pid, stop, author, src(), admin=False)).written
            t = await _check(s, w)
        assert not t.active  # two of three agreed: ended
        end = next(e for e in reversed(t.marks) if e.kind == EventKind.END)
        w = await ending.reopen(s, pid, end.id, ANNA, src())
        t = await _check(s, w)
        assert t.active
        while t.state is not None and not t.state.finished:
            w = await deals.write(s, pid, game("Vera", 8, 8), ANNA, src())
            t = await _check(s, w)
        w = await ending.settle(s, pid, ANNA, src())  # finished at the target: ended and settled
        await _check(s, w)
        fix = Correction.of("Anna", 0, 2, {})
        w = await deals.correct_settled(s, pid, fix, ANNA, src())
        t = await _check(s, w)
        line = debts.lines(t)[0]
        payer = Author(line.payer + 1, NAMES[line.payer])  # seated with user ids 1, 2, 3
        w = await payments.confirm(s, pid, EventKind.PAID, line.payer, line.payee, payer)
        t = await _check(s, w)
        assert debts.confirmations(t.marks, len(t.players))[-1].event == w.event
        kinds = [e.kind for e in t.marks]
        for kind in (EventKind.JOIN, EventKind.UNDO, EventKind.AMEND, EventKind.AGREE):
            assert kind in kinds, kind
        for kind in (EventKind.END, EventKind.REOPEN, EventKind.SETTLE, EventKind.PAID):
            assert kind in kinds, kind
    finally:
        await storage.close()
