"""A chat's nights (bot/actions/nights.py): which pulkas count, in which order, who is who,
and their summaries kept in the database, read instead of replayed.

Statistics, the rating and the debts stand on this reader; end to end through the real
Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

import asyncio
import sqlite3
from fractions import Fraction
from typing import Any

import pytest
from harness import App
from test_after_settling import FIX, reply
from test_ending import Evening

from bot.actions import nights as nights_action
from bot.actions.nights import chat_nights
from bot.model.nights import guest_key, user_key


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
