"""A chat's nights (bot/store/nights.py): which pulkas count, in which order, who is who.

Statistics, the rating and the debts stand on this reader; end to end through the real
Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from harness import App
from test_after_settling import FIX, reply
from test_ending import Evening

from bot.actions.nights import chat_nights
from bot.model.nights import guest_key, user_key


async def test_settled_pulkas_are_the_nights_in_order_with_corrections_after_settling(
    app: App, people: dict[str, Any]
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
        # The correction grew the log: that pulka was replayed again, not taken as kept.
        assert night.table is not kept.table and kept.final == kept.agreed
        await e.settled_evening()
        later = await chat_nights(app.keeper, e.chat["id"])
        assert [n.number for n in later] == [1, 2]
        # Read again, nothing written since: the tables kept are used, not replayed.
        again = await chat_nights(app.keeper, e.chat["id"])
        assert all(a.table is b.table for a, b in zip(again, later, strict=True))
        assert later[1].pulka_id > later[0].pulka_id
        assert later[1].final == later[1].agreed
        assert later[0].settled_at <= later[1].settled_at


def test_guests_are_one_person_per_name_case_and_spaces_aside() -> None:
    assert guest_key("Аня") == guest_key(" аНЯ ") == "g:аня"
    assert guest_key("Anna  Maria") == guest_key("anna maria")
    assert user_key(5) == "u5"
