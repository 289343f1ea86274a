"""A chat's nights (bot/actions/nights.py): which pulkas count, in which order, who is who,
and their summaries kept in the database, read instead of replayed.

Statistics, the rating and the debts stand on this reader; end to end through the real
Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from dataclasses import fields, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from harness import App
from test_after_settling import FIX, reply
from test_ending import Evening

from bot.actions import nights as nights_action
from bot.actions.nights import chat_nights
from bot.model.nights import (
    SHEET_VERSION,
    NightSheet,
    guest_key,
    sheet_from_json,
    sheet_to_json,
    user_key,
)
from bot.model.rows import EventKind, EventRow, PlayerRow
from scoring import Rules, settle
from scoring.record import settlement_to_json
from scoring.sheet import Sheet
from scoring.tally import Tally


async def test_settled_pulkas_are_the_nights_in_order_with_corrections_after_settling(
    app: App, people: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    e = Evening(app, people)
    async with app.polling():
        await e.start("sochi 2 1")
        await e.settled_evening()
        [kept] = await chat_nights(app.keeper, e.chat["id"])
        await reply(e, "boris", FIX, await e.board())
        # A running pulka is not a night.
        await e.start("sochi 2 1")
        nights = await chat_nights(app.keeper, e.chat["id"])
        assert [n.number for n in nights] == [1]
        [night] = nights
        assert [p.key for p in night.people] == [
            user_key(people[w]["id"]) for w in ("anna", "boris", "vera")
        ]
        # The agreed settlement stays; the final one has Anna's mountain 2 less.
        assert night.agreed.results == (Fraction(26, 3), Fraction(-46, 3), Fraction(20, 3))
        assert night.final.results == (22, -22, 0)
        assert night.settle_id is not None
        # The correction grew the log: that pulka's summary was made again.
        assert night.sheet.last_event_id > kept.sheet.last_event_id
        assert kept.final == kept.agreed
        await e.settled_evening()
        later = await chat_nights(app.keeper, e.chat["id"])
        assert [n.number for n in later] == [1, 2]
        # Read again, nothing written since: the summaries kept are read, nothing replayed.
        monkeypatch.setattr(nights_action, "build_table", replay_forbidden)
        again = await chat_nights(app.keeper, e.chat["id"])
        assert again == later
        monkeypatch.undo()
        assert later[1].pulka_id > later[0].pulka_id
        assert later[1].final == later[1].agreed
        assert later[0].settled_at <= later[1].settled_at


def test_guests_are_one_person_per_name_case_and_spaces_aside() -> None:
    assert guest_key("Аня") == guest_key(" аНЯ ") == "g:аня"
    assert guest_key("Anna  Maria") == guest_key("anna maria")
    assert user_key(5) == "u5"


def replay_forbidden(*_: object) -> None:
    raise AssertionError("a night was replayed although its summary is kept")


async def test_summaries_read_back_equal_the_replay_and_follow_every_later_event(
    app: App, people: dict[str, Any]
) -> None:
    """A summary kept is what the replay makes; a correction after settling makes it
    again; a database without summaries (as schema 6 left it) gets them.  (A payment
    confirmed is followed too: tests/test_debts.py reads /debts after each.)"""
    e = Evening(app, people)

    def forget_summaries() -> None:
        """As a database of schema 6 has it (the process forgets what it read too)."""
        con = sqlite3.connect(app.db, timeout=10)
        with con:
            con.execute("DELETE FROM nights")
        con.close()

    def kept() -> list[tuple[int, int, bool]]:
        con = sqlite3.connect(app.db, timeout=10)
        rows = con.execute("SELECT pulka_id, last_event_id, summary IS NOT NULL FROM nights")
        found = [(int(a), int(b), bool(c)) for a, b, c in rows]
        con.close()
        return found

    async with app.polling():
        await e.start("sochi 2 1")
        await e.settled_evening()
        await e.start("sochi 2 1")
        await e.say("anna", "/cancel")
        first = await chat_nights(app.keeper, e.chat["id"])
        # The night and the cancelled pulka (over, no night) are both kept.
        stored = await asyncio.to_thread(kept)
        assert sorted(ok for _, _, ok in stored) == [False, True]
        await asyncio.to_thread(forget_summaries)
        app.keeper.nights.clear()
        assert await chat_nights(app.keeper, e.chat["id"]) == first
        # A correction after settling: the night's final settlement follows it.
        await reply(e, "boris", FIX, await e.board())
        [night] = await chat_nights(app.keeper, e.chat["id"])
        assert night.final != first[0].final and night.agreed == first[0].agreed
        await asyncio.to_thread(forget_summaries)
        app.keeper.nights.clear()
        assert await chat_nights(app.keeper, e.chat["id"]) == [night]
        [(pulka, last, _)] = [k for k in await asyncio.to_thread(kept) if k[2]]
        assert pulka == night.pulka_id and last == night.sheet.last_event_id


async def test_a_summary_of_an_older_version_is_made_again_once(
    app: App, people: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A summary as version 1 wrote it (settlements in full, tallies as objects) is read
    as none: the night is replayed once and kept in the current, compact form."""
    e = Evening(app, people)

    def summary() -> dict[str, Any]:
        con = sqlite3.connect(app.db, timeout=10)
        [(text,)] = con.execute("SELECT summary FROM nights WHERE summary IS NOT NULL")
        con.close()
        return dict(json.loads(text))

    def store(d: dict[str, Any]) -> None:
        con = sqlite3.connect(app.db, timeout=10)
        with con:
            con.execute("UPDATE nights SET summary = ? WHERE summary IS NOT NULL", (json.dumps(d),))
        con.close()

    async with app.polling():
        await e.start("sochi 2 1")
        await e.settled_evening()
        first = await chat_nights(app.keeper, e.chat["id"])
        now = await asyncio.to_thread(summary)
        assert now["version"] == SHEET_VERSION == 2
        # Compact: whole figures are integers, a tally is the list of its fields.
        assert all(type(x) is int for x in now["agreed"]["amnestied"])
        assert "notice" not in now["agreed"] and "adjustment" not in now["agreed"]
        assert now["tallies"][0][0] == first[0].sheet.tallies[0].deals
        [night] = first
        old = {
            **now,
            "version": 1,
            "agreed": settlement_to_json(night.agreed),
            "tallies": [
                {f.name: getattr(t, f.name) for f in fields(t)} for t in night.sheet.tallies
            ],
        }
        await asyncio.to_thread(store, old)
        app.keeper.nights.clear()
        replays = 0
        build = nights_action.build_table

        def counted(*args: Any) -> Any:
            nonlocal replays
            replays += 1
            return build(*args)

        monkeypatch.setattr(nights_action, "build_table", counted)
        assert await chat_nights(app.keeper, e.chat["id"]) == first
        assert replays == 1
        assert await asyncio.to_thread(summary) == now
        app.keeper.nights.clear()
        assert await chat_nights(app.keeper, e.chat["id"]) == first
        assert replays == 1


def test_a_summary_reads_back_equal_through_its_json_text() -> None:
    tally = Tally(30, (1, 4, 1, 0, 0), (1, 3, 1, 0, 0), 1, 0, 1, 1, 23)
    sheet = Sheet(
        ("A", "B", "C"),
        (20, 20, 20),
        (13, Fraction(15, 2), 25),
        (0, 70, 100, 114, 0, 96, 140, 180, 0),
    )
    agreed = settle(sheet, Rules())
    final = settle(replace(sheet, mountain=(11, Fraction(15, 2), 25)), Rules())
    mark = EventRow(
        9, 1, 9, EventKind.PAID, {"payer": 0, "payee": 1, "amount": "1"}, 5, "A", None, None, "t"
    )
    night = NightSheet(
        pulka_id=1,
        thread_id=0,
        last_event_id=9,
        settled_at="2026-12-04T01:08:06+00:00",
        settle_id=8,
        players=(
            PlayerRow(0, "A", 5, "a"),
            PlayerRow(1, "B", None, None),
            PlayerRow(2, "C", 7, None),
        ),
        currency="RUB",
        stake=Decimal("0.5"),
        agreed=agreed,
        final=final,
        tallies=(tally, Tally(), tally + tally),
        marks=(mark,),
    )
    text = json.dumps(sheet_to_json(night), ensure_ascii=False)
    assert sheet_from_json(1, 9, json.loads(text)) == night
    assert sheet_from_json(1, 9, {**json.loads(text), "version": 1}) is None
