"""The chat's rating: an Elo-like rating per chat, the replay of its settled
pulkas, so that a deal undone before settling or a correction written after settling
changes every later rating exactly; ``/rating``, ``/rating Name``, ``/rating on|off``.

The expected ratings are worked out here by hand from the formula of docs/rules.md
(not by bot.model.rating), and written out as figures too.  End to end through the
real Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from harness import App
from test_after_settling import reply
from test_ending import SETTLE, TO_TWO, Evening

from bot.actions import chats
from bot.actions.keeper import Keeper
from bot.actions.nights import chat_nights
from bot.features.rating.view import rating_text
from bot.grammar.deals import find_person
from bot.model import ParseError
from bot.model.nights import Night, Person
from bot.model.rating import START, K, points, rate
from bot.storage.db import Storage
from bot.views.rating import player_text
from bot.views.texts import Texts

Results = list[tuple[str, Fraction]]

NO_NIGHTS = "Рейтинга пока нет: в этом чате ещё нет расписанных пулек."
SHOWN = "Изменения рейтинга показываются после каждой пульки; не показывать: /rating off"
HIDDEN = "Показывать изменения рейтинга после каждой пульки и в /pulkas: /rating on"


def by_hand(nights: list[Results]) -> list[dict[str, float]]:
    """Everyone's rating after each night: 1500 to start; each pair of a night's players
    one game, S = 1 / 0.5 / 0 by their results, E = 1/(1+10^((Rj-Ri)/400)), a change
    of 32/(n-1) * sum(S - E), all from the ratings before the night."""
    ratings: dict[str, float] = {}
    after: list[dict[str, float]] = []
    for night in nights:
        before = {who: ratings.get(who, 1500.0) for who, _ in night}
        for who, mine in night:
            total = 0.0
            for other, theirs in night:
                if other != who:
                    s = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                    total += s - 1 / (1 + 10 ** ((before[other] - before[who]) / 400))
            ratings[who] = before[who] + 32 / (len(night) - 1) * total
        after.append(dict(ratings))
    return after


def whole(ratings: dict[str, float]) -> dict[str, int]:
    return {who: math.floor(r + 0.5) for who, r in ratings.items()}


def table(text: str) -> dict[str, tuple[int, int, str]]:
    """The lines of ``/rating``: name -> (place, rating, last change)."""
    rows = {}
    for line in text.splitlines():
        head, dot, rest = line.partition(". ")
        if dot and head.isascii() and head.isdigit() and " — " in rest:
            who, _, figures = rest.partition(" — ")
            rating, _nights, last = figures.split(" · ")
            rows[who] = (int(head), int(rating), last.removeprefix("последняя: "))
    return rows


async def undo_last(e: Evening, who: str) -> None:
    """``/undo`` and its "yes"."""
    ask = await e.app.reply_msg(e.chat, e.p[who], "/undo")
    yes = ask["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    e.tg.press_button(e.chat, e.p[who], ask, yes)
    await e.tg.wait_for(lambda: "отменена" in e.tg.message(e.chat, ask["message_id"])["text"])
    await e.app.idle()


def results(e: Evening, night: Night) -> Results:
    return [(p.name, r) for p, r in zip(night.people, night.final.results, strict=True)]


async def test_three_nights_rated_then_a_correction_of_the_first_changes_all_three(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    async with app.polling():
        assert NO_NIGHTS in await e.say("anna", "/rating")
        # Night 1: Anna +8.67, Vera +6.67, Boris -15.33 whists.
        await e.start("sochi 2 1")
        await e.settled_evening()
        first = await e.say("boris", "/rating")
        assert table(first) == {
            "Anna": (1, 1516, "+16"),
            "Vera": (2, 1500, "0"),
            "Boris": (3, 1484, "-16"),
        }
        assert "Последняя пулька, №1 от " in first and ": Anna +16, Boris -16, Vera 0" in first
        assert HIDDEN in first

        # Night 2: a deal written and undone before settling counts as never written;
        # Anna's mountain 3 more: Vera +16.67, Boris -5.33, Anna -11.33.
        await e.start("sochi 2 1")
        await e.say("anna", "/deal Anna 6s 7 Boris whist 3 Vera pass 0")
        await undo_last(e, "anna")
        await e.say("anna", "/correct Anna гора 3 — штраф")
        # Shown after each pulka from now on (a player of the chat says so).
        assert "Изменения рейтинга теперь показываются" in await e.say("boris", "/rating on")
        await e.settled_evening()
        settled = next(
            str(m["text"])
            for m in reversed(e.tg.sent_messages(e.chat))
            if "Пулька расписана" in str(m.get("text", ""))
        )
        assert settled.endswith("\n\nРейтинг: Anna 1499 (-17), Boris 1485 (+1), Vera 1516 (+16)")

        # Night 3: Anna, Boris and the guest Лена; Лена writes a whist on Anna: a tie.
        await e.start("sochi 2 1", players=("anna", "boris"))
        await e.say("anna", "/join Лена")
        for _, deal in TO_TWO:
            assert "Сдача №" in await e.say("anna", deal.replace("Vera", "Лена"))
        await e.say("anna", "/correct Лена висты Anna 1")
        assert (await e.ui.tap(e.p["anna"], await e.board(), SETTLE))["text"] == "Готово"

        nights = await chat_nights(app.keeper, e.chat["id"])
        played = [results(e, n) for n in nights]
        F = Fraction
        assert played == [
            [("Anna", F(26, 3)), ("Boris", F(-46, 3)), ("Vera", F(20, 3))],
            [("Anna", F(-34, 3)), ("Boris", F(-16, 3)), ("Vera", F(50, 3))],
            [("Anna", F(23, 3)), ("Boris", F(-46, 3)), ("Лена", F(23, 3))],
        ]
        expected = [whole(r) for r in by_hand(played)]
        assert expected == [
            {"Anna": 1516, "Boris": 1484, "Vera": 1500},
            {"Anna": 1499, "Boris": 1485, "Vera": 1516},
            {"Anna": 1507, "Boris": 1470, "Vera": 1516, "Лена": 1508},
        ]
        third = await e.say("vera", "/rating")
        assert table(third) == {
            "Vera": (1, 1516, "+16"),
            "Лена": (2, 1508, "+8"),
            "Anna": (3, 1507, "+8"),
            "Boris": (4, 1470, "-15"),
        }
        assert "расписанных пулек: 3" in third and SHOWN in third
        # The archive shows each night's changes.
        listing = await e.say("anna", "/pulkas")
        assert "Рейтинг: Anna +8, Boris -15, Лена +8" in listing
        assert "Рейтинг: Anna -17, Boris +1, Vera +16" in listing
        assert "Рейтинг: Anna +16, Boris -16, Vera 0" in listing
        assert (await e.say("anna", "/rating vera")).splitlines()[1:] == [
            "№1 · " + date(nights[0]) + ": 1500 (0)",
            "№2 · " + date(nights[1]) + ": 1516 (+16)",
        ]

        # A correction of night 1 after settling (Boris's mountain 3 less): Boris +4.67,
        # Anna -1.33, Vera -3.33; nights 2 and 3 are rated again from it.
        shown = await app.reply_msg(e.chat, e.p["vera"], "/pulka 1")
        answer = await reply(e, "boris", "/correct Boris гора -3 — ошиблись", shown["message_id"])
        assert "Поправка к расписанной пульке №1 записана" in str(answer.get("text"))
        nights = await chat_nights(app.keeper, e.chat["id"])
        again = [results(e, n) for n in nights]
        assert again[0] == [("Anna", F(-4, 3)), ("Boris", F(14, 3)), ("Vera", F(-10, 3))]
        assert again[1:] == played[1:]
        fixed = [whole(r) for r in by_hand(again)]
        assert fixed == [
            {"Anna": 1500, "Boris": 1516, "Vera": 1484},
            {"Anna": 1484, "Boris": 1515, "Vera": 1501},
            {"Anna": 1493, "Boris": 1498, "Vera": 1501, "Лена": 1508},
        ]
        assert all(a != b for a, b in zip(fixed, expected, strict=True))
        after = await e.say("anna", "/rating")
        assert table(after) == {
            "Лена": (1, 1508, "+8"),
            "Vera": (2, 1501, "+17"),
            "Boris": (3, 1498, "-17"),
            "Anna": (4, 1493, "+9"),
        }
        assert ": Anna +9, Boris -17, Лена +8" in after
        assert (await e.say("anna", "/rating @verochka")).splitlines() == [
            "Vera — рейтинг 1501, место 2 из 4, 2 пульки:",
            "№1 · " + date(nights[0]) + ": 1484 (-16)",
            "№2 · " + date(nights[1]) + ": 1501 (+17)",
        ]
        boris = (await e.say("anna", "/rating Boris")).splitlines()
        assert [line.rsplit(": ", 1)[1] for line in boris[1:]] == [
            "1516 (+16)",
            "1515 (-1)",
            "1498 (-17)",
        ]
        # The archive's lines follow.
        listing = await e.say("anna", "/pulkas")
        assert "Рейтинг: Anna 0, Boris +16, Vera -16" in listing
        assert "Рейтинг: Anna -16, Boris -1, Vera +17" in listing
        # The unrounded figures are the hand-made ones.
        ratings = rate(nights)
        hand = by_hand(again)
        for night, rated in zip(hand, ratings.nights, strict=True):
            for change in rated.changes:
                assert change.after == night[change.person.name]


def date(night: Night) -> str:
    day = night.settled_at[:10]
    return f"{day[8:10]}.{day[5:7]}.{day[:4]}"


async def test_on_and_off_are_kept_across_a_restart_and_only_players_or_admins_switch(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    async with app.polling():
        # A chat without nights: a specific answer, for the table and for a player.
        assert NO_NIGHTS in await e.say("stranger", "/rating")
        assert NO_NIGHTS in await e.say("anna", "/rating Anna")
        # Nobody has played here yet: only an admin may switch it.
        assert "администраторы чата" in await e.say("anna", "/rating on")
        assert "теперь показываются" in await e.say("admin", "/rating on")
        await e.start("sochi 2 1")
        await e.settled_evening()
        assert "Рейтинг: Anna 1516 (+16)" in "\n".join(
            str(m.get("text", "")) for m in e.tg.sent_messages(e.chat)
        )
        assert "администраторы чата" in await e.say("stranger", "/rating off")
        assert await chats.rating_shown(app.keeper, e.chat["id"])
    await app.restart()
    async with app.polling():
        assert SHOWN in await e.say("stranger", "/rating")
        assert "Рейтинг: Anna +16" in await e.say("stranger", "/pulkas")
        # A player of the chat's nights turns it off ("выкл" too); the same again is the
        # same answer.
        assert "больше не показываются" in await e.say("vera", "/rating выкл")
        assert "больше не показываются" in await e.say("vera", "/rating off")
        # Bad input: a name nobody played under is told, with who is rated.
        unknown = await e.say("vera", "/rating Nobody")
        assert (
            "Игрока «Nobody» в рейтинге этого чата нет. В рейтинге: Anna, Vera, Boris." in unknown
        )
        assert "Пример: /rating Anna" in unknown
    await app.restart()
    async with app.polling():
        assert HIDDEN in await e.say("anna", "/rating")
        assert "Рейтинг:" not in await e.say("anna", "/pulkas")
        # The settlement of the next night says nothing of the rating.
        await e.start("sochi 2 1")
        await e.settled_evening()
        assert "Рейтинг:" not in "\n".join(
            str(m.get("text", "")) for m in e.tg.sent_messages(e.chat)[-4:]
        )


async def test_the_english_and_ukrainian_tables(app: App, fake_tg: Any) -> None:
    tg = fake_tg
    async with app.polling():
        for lang, title, row in (
            ("en", "Rating of the chat", "1. Olya — 1516 · 1 pulka · last: +16"),
            ("uk", "Рейтинг чату", "1. Olya — 1516 · 1 пулька · остання: +16"),
        ):
            users = [tg.create_user(n, language_code=lang) for n in ("Olya", "Petro", "Ivan")]
            chat = tg.create_group(members=users, creator=users[0])
            await app.say(chat, users[0], "/newpulka sochi 2 1")
            for u in users:
                await app.say(chat, u, "/join")
            for text in (
                "/deal Olya 6s 7 Petro whist 3 Ivan pass 0",
                "/deal Petro 6s 6 Ivan whist 3 Olya pass 1",
                "/deal Ivan 6s 6 Olya whist 3 Petro pass 1",
            ):
                await app.say(chat, users[0], text)
            await app.say(chat, users[0], "/settle")
            text = await app.say(chat, users[1], "/rating")
            assert title in text and row in text, text


def test_four_players_and_a_guest_in_two_seats_by_hand() -> None:
    """Four players: K/3 per game; a person twice at one table plays once, with both
    seats' results (a guest seat claimed by a player already seated)."""
    a, b, c, d = (Person(k, k.upper()) for k in "abcd")

    def night(number: int, people: tuple[Person, ...], res: tuple[int, ...]) -> Night:
        s: Any = SimpleNamespace(results=res)  # only ``final.results`` is read
        sheet: Any = SimpleNamespace(final=s, agreed=s, settled_at="2026-12-01")
        return Night(number, sheet, people)

    ratings = rate([night(1, (a, b, c, d), (30, 10, -10, -30)), night(2, (a, b, a), (-5, 10, -5))])
    hand = by_hand(
        [
            [("A", Fraction(30)), ("B", Fraction(10)), ("C", Fraction(-10)), ("D", Fraction(-30))],
            [("A", Fraction(-10)), ("B", Fraction(10))],
        ]
    )
    assert {s.person.name: s.rating for s in ratings.standings} == hand[1]
    assert whole(hand[0]) == {"A": 1516, "B": 1505, "C": 1495, "D": 1484}
    assert [(s.place, s.person.name, points(s.rating), s.nights) for s in ratings.standings] == [
        (1, "B", 1522, 2),
        (2, "A", 1500, 2),
        (3, "C", 1495, 1),
        (4, "D", 1484, 1),
    ]
    assert whole(hand[1]) == {"A": 1500, "B": 1522, "C": 1495, "D": 1484}
    # B's win over A: +16.49, shown as the difference of the shown ratings (1505 -> 1522).
    [_, (rated_a, rated_b)] = [n.changes for n in ratings.nights]
    assert (rated_a.shown, rated_b.shown) == (-16, 17)
    assert K == 32 and START == 1500


def test_a_player_by_his_name_username_or_its_start_unless_it_starts_several() -> None:
    names = ("Борис", "Богдан", "Вера")
    people = tuple(Person(f"g:{n.lower()}", n) for n in names)
    seats = tuple(
        SimpleNamespace(name=n, username=u, nick=None)
        for n, u in zip(names, ("bob", None, None), strict=True)
    )
    s: Any = SimpleNamespace(results=(10, 0, -10))
    sheet: Any = SimpleNamespace(players=seats, final=s, agreed=s, settled_at="2026-12-01")
    nights = [Night(1, sheet, people)]
    ratings = rate(nights)

    def found(query: str) -> str | None:
        person = find_person(nights, query)
        standing = None if person is None else ratings.of(person.key)
        return None if standing is None else standing.person.name

    assert [found(q) for q in ("борис", "@BOB", "бор", "ВЕ", "бог")] == [
        "Борис",
        "Борис",
        "Борис",
        "Вера",
        "Богдан",
    ]
    assert found("в") is None and found("Глеб") is None
    # A start several names share is asked about, as /deal asks.
    with pytest.raises(ParseError) as asked:
        found("бо")
    assert asked.value.params == {"token": "бо", "names": "Борис", "last": "Богдан"}


def test_a_chat_without_nights_has_an_empty_table() -> None:
    ratings = rate([])
    assert ratings.standings == () and ratings.last is None


def test_a_long_table_and_a_long_history_fit_in_a_message() -> None:
    """60 players, 120 pulkas: the table shows the first 50 players, a history the last 50
    pulkas, each saying how many more there are; both well within Telegram's 4096."""
    people = [Person(f"u{i}", f"Игрок{i:02}") for i in range(60)]
    nights = []
    for n in range(120):
        seated = (people[0], people[1 + n % 59], people[1 + (n + 7) % 59])
        s: Any = SimpleNamespace(results=(n % 3 - 1, 0, 1 - n % 3))
        sheet: Any = SimpleNamespace(
            pulka_id=1000 + n, thread_id=0, settled_at="2026-12-01T20:00:00+00:00", final=s
        )
        nights.append(Night(n + 1, sheet, seated))
    ratings = rate(nights)
    tx = Texts("ru")
    text = rating_text(tx, ratings, {}, shown=False)
    assert len(text) < 4096 and text.count(" — <b>") == 50 and "\n… и ещё 10\n" in text
    first = next(s for s in ratings.standings if s.person.key == "u0")
    history = player_text(tx, ratings, first, {}).splitlines()
    assert first.nights == 120 and len("\n".join(history)) < 4096
    assert history[1] == "… и ещё 70" and len(history) == 52
    assert history[-1].startswith("№120 · 01.12.2026: ")


async def test_the_choice_moves_with_a_group_that_becomes_a_supergroup(tmp_path: Path) -> None:
    storage = await Storage(str(tmp_path / "p.sqlite3")).open()
    keeper = Keeper(storage)
    try:
        assert not await chats.rating_shown(keeper, -5)
        # A chat without a row yet keeps the language it speaks now.
        await chats.show_rating(keeper, -5, True, "uk")
        assert await chats.rating_shown(keeper, -5) and await keeper.lang(-5) == "uk"
        await chats.migrate(keeper, -5, -1005)
        assert await chats.rating_shown(keeper, -1005) and await keeper.lang(-1005) == "uk"
        await chats.show_rating(keeper, -1005, False, "ru")
        assert not await chats.rating_shown(keeper, -1005) and await keeper.lang(-1005) == "uk"
    finally:
        await storage.close()
