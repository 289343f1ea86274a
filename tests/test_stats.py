"""Statistics across nights: ``/stats``, ``/stats Name``, the money chart and
``/export csv stats``, with exact figures for a chat that played three pulkas; the rules'
facts of each deal (scoring/tally.py).

End to end through the real Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest
from harness import App, group
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from tapping import Tapper
from test_after_settling import FIX, reply
from test_ending import SETTLE, Evening

from bot.actions.nights import chat_nights
from bot.features.stats.chart import _height_of, render_chart
from bot.features.stats.handlers import is_csv_stats
from bot.features.stats.view import LIMIT, stats_text
from bot.grammar.deals import find_person
from bot.model import ParseError
from bot.model.nights import Night, NightSheet, Person, guest_key
from bot.model.rows import PlayerRow
from bot.model.stats import ChatStats, NightResult, PlayerStats, chat_stats
from bot.views.texts import Texts
from scoring import Settlement
from scoring.deals import Correction, Game, Misere, Raspasy
from scoring.tally import Kind, Tally, count, facts, tally

#: Night 1 (sochi to 2 at 1 RUB): the three sixes of tests/test_ending.py; after settling,
#: "/correct Anna гора -2" makes its final results +22 / -22 / 0 (agreed 26/3, -46/3, 20/3).
NIGHT_1 = (
    ("anna", "/deal Anna 6s 7 Boris whist 3 Vera pass 0"),
    ("boris", "/deal Boris 6s 6 Vera whist 3 Anna pass 1"),
    ("vera", "/deal Vera 6s 6 Anna whist 3 Boris pass 1"),
)
#: Night 2 (sochi to 2 at 1 RUB): raspasy, two sixes, Boris's misère made.
NIGHT_2 = (
    ("anna", "/deal raspasy Anna 3 Boris 2 Vera 5"),
    ("vera", "/deal Anna 6s 6 Boris whist 3 Vera pass 1"),
    ("anna", "/deal Vera 6s 6 Anna whist 3 Boris pass 1"),
    ("boris", "/deal Boris misere 0"),
)
#: Night 3 (sochi to 2 at 0.5 EUR): Vera's seven of hearts two down, then the three sixes.
NIGHT_3 = (
    ("anna", "/deal Vera 7h 5 Anna whist 4 Boris pass 1"),
    ("anna", "/deal Anna 6s 7 Boris whist 3 Vera pass 0"),
    ("boris", "/deal Boris 6s 6 Vera whist 3 Anna pass 1"),
    ("vera", "/deal Vera 6s 6 Anna whist 3 Boris pass 1"),
)
CHART = "📈 График"
EMPTY = (
    "Статистики пока нет: она складывается из расписанных пулек этого чата. Доиграйте "
    "пульку и распишите её (/settle) — тогда здесь появятся висты, деньги и игры каждого."
)
HOW = (
    "Один игрок: /stats Имя или /stats @username · график: /stats chart · "
    "для таблиц: /export csv stats"
)


def day(at: str) -> str:
    """``01.12.2026``: the date as /stats writes it (Russian)."""
    return f"{at[8:10]}.{at[5:7]}.{at[:4]}"


async def play_night(
    e: Evening, deals: tuple[tuple[str, str], ...], args: str, who: str = "vera"
) -> None:
    """A pulka started with ``args``, ``deals`` written, settled by the board's button."""
    assert "Новая пулька" in await e.say("anna" if who == "vera" else who, f"/newpulka {args}")
    if who == "vera":
        for player in ("anna", "boris", "vera"):
            assert "садится за стол" in await e.say(player, "/join")
    for author, text in deals:
        got = await e.say(author if who == "vera" else who, text)
        assert "Сдача №" in got, got
    board = await e.board()
    assert (await e.ui.tap(e.p[who], board, SETTLE))["text"] == "Готово"


async def three_nights(app: App, people: dict[str, Any]) -> Evening:
    e = Evening(app, people)
    await play_night(e, NIGHT_1, "sochi 2 1")
    await reply(e, "boris", FIX, await e.board())
    await play_night(e, NIGHT_2, "sochi 2 1")
    await play_night(e, NIGHT_3, "sochi 2 0.5 EUR")
    return e


async def test_three_nights_table_card_and_head_to_head(app: App, people: dict[str, Any]) -> None:
    e = Evening(app, people)
    async with app.polling():
        assert await e.say("anna", "/stats") == EMPTY
        assert await e.say("boris", "/stats chart") == EMPTY
        assert await e.say("vera", "/export csv stats") == EMPTY
        assert e.tg.photos == [] and e.tg.documents == []
        e = await three_nights(app, people)
        nights = await chat_nights(app.keeper, e.chat["id"])
        assert [n.final.results for n in nights] == [
            (22, -22, 0),
            (Fraction(-70, 3), Fraction(224, 3), Fraction(-154, 3)),
            (Fraction(160, 3), Fraction(88, 3), Fraction(-248, 3)),
        ]
        d1, d2, d3 = (day(n.settled_at) for n in nights)
        stats = await app.reply_msg(e.chat, e.p["stranger"], "/stats")
        # Whists add across currencies (-22 + 224/3 + 88/3 = 82); money does not.
        assert stats["text"] == "\n\n".join(
            [
                "Статистика чата: 3 расписанные пульки, висты — с поправками после расчёта.",
                # Money is each night's whists times its stake, added exactly (no cent
                # moved for a zero sum): Boris -22 + 224/3 at 1 RUB.
                "1. Boris: пулек 3, висты +82, деньги +52.67 RUB, +14.67 EUR\n"
                f"   лучшая +74⅔ (№2, {d2}), худшая -22 (№1, {d1}), на сдачу +7.45\n"
                "   игры 6: 2 из 2; мизеры 1 из 1; недоборы 0; на распасах взяток 2",
                "2. Anna: пулек 3, висты +52, деньги -1.33 RUB, +26.67 EUR\n"
                f"   лучшая +53⅓ (№3, {d3}), худшая -23⅓ (№2, {d2}), на сдачу +4.73\n"
                "   игры 6: 3 из 3; мизеры 0 из 0; недоборы 0; на распасах взяток 3",
                "3. Vera: пулек 3, висты -134, деньги -51.33 RUB, -41.33 EUR\n"
                f"   лучшая 0 (№1, {d1}), худшая -82⅔ (№3, {d3}), на сдачу -12.18\n"
                "   игры 6: 3 из 3, 7: 0 из 1; мизеры 0 из 0; недоборы 1; на распасах взяток 5",
                # Netted per pair and currency: in roubles Boris paid Anna 22 (night 1)
                # and got 23.33 from her (night 2).
                "Друг с другом (деньги за все пульки, первый в плюсе):\n"
                "Boris — Vera: +51.33 RUB\n"
                "Anna — Vera: +26.66 EUR\n"
                "Boris — Vera: +14.67 EUR\n"
                "Boris — Anna: +1.33 RUB",
                HOW,
            ]
        )
        assert e.ui.labels(stats["message_id"]) == [CHART]

        card = await e.say("boris", "/stats  ANNA ")
        assert card == "\n".join(
            [
                "Anna: статистика за все пульки чата",
                "Пулек: 3 · сдач за столом: 11",
                "Висты: +52 · на сдачу: +4.73",
                "Деньги: -1.33 RUB, +26.67 EUR",
                f"Лучшая пулька: +53⅓ (№3, {d3})",
                f"Худшая пулька: -23⅓ (№2, {d2})",
                "Игры (взято из заказанных): 6: 3 из 3",
                "Мизеры: 0 из 0",
                "Недоборы: 0 (не хватило взяток: 0)",
                "Распасы: взяток 3",
                "Друг с другом (плюс — выигрыш):",
                "   Vera: +26.66 EUR",
                "   Boris: -1.33 RUB",
            ]
        )
        # @username finds the same card; Vera's (username verochka) has her remize.
        assert await e.say("vera", "/stats @anna") == card
        vera = await e.say("anna", "/stats @Verochka")
        assert "Игры (взято из заказанных): 6: 3 из 3, 7: 0 из 1" in vera
        assert "Недоборы: 1 (не хватило взяток: 2)" in vera
        assert "   Boris: -51.33 RUB\n   Anna: -26.66 EUR\n   Boris: -14.67 EUR" in vera
        boris = await e.say("anna", "/stats boris")
        assert "Мизеры: 1 из 1" in boris and "Распасы: взяток 2" in boris

        # Unknown names: what is known, and an example.
        unknown = (
            "Игрока «{}» в статистике этого чата нет. Есть: Boris, Anna, Vera. "
            "Например: /stats Boris"
        )
        assert await e.say("anna", "/stats Gleb") == unknown.format("Gleb")
        assert await e.say("anna", "/stats @nobody") == unknown.format("@nobody")
        # Shown as typed (escaped: the fake Bot API renders HTML as Telegram does).
        assert await e.say("anna", "/stats <b>x</b>") == unknown.format("<b>x</b>")
        long = await e.say("anna", "/stats " + "Я" * 300)
        assert "«" + "Я" * 40 + "…»" in long
        # Nothing was written by any of it.
        assert await app.count("settle") == 3 and await app.count("amend") == 1


async def test_the_chart_by_button_and_command(app: App, people: dict[str, Any]) -> None:
    async with app.polling():
        e = await three_nights(app, people)
        stats = await app.reply_msg(e.chat, e.p["stranger"], "/stats")
        photos = len(e.tg.photos)
        await e.ui.tap(e.p["stranger"], stats["message_id"], CHART)
        await app.idle()
        assert len(e.tg.photos) == photos + 1
        image = Image.open(io.BytesIO(e.tg.photos[-1].data))
        assert image.format == "PNG" and image.size[0] == 1200 and 900 < image.size[1] < 1200
        sent = e.tg.sent_messages(e.chat)[-1]
        assert sent["caption"] == (
            "Деньги каждого нарастающим итогом по расписанным пулькам (RUB); внизу — номера "
            "пулек.\nПульки в других валютах здесь не показаны: EUR."
        )
        # Pressed again at once: not sent again.
        again = await e.ui.tap(e.p["anna"], stats["message_id"], CHART)
        assert again["text"] == "График только что отправлен."
        assert len(e.tg.photos) == photos + 1
        assert "нарастающим итогом" in await e.say("anna", "/stats график")
        assert len(e.tg.photos) == photos + 2


def test_the_chart_draws_each_line_and_the_zero() -> None:
    png = render_chart(
        "Деньги нарастающим итогом, RUB",
        (1, 2),
        [("Аня", (Decimal("22"), Decimal("-1.33"))), ("Боря", (Decimal("-22"), Decimal("1.33")))],
    )
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (1200, 900 + 56 + 12)
    colours = {c for _, c in image.getcolors(1_000_000) or []}
    assert (0, 114, 178) in colours and (213, 94, 0) in colours  # the two players' lines
    assert (90, 98, 116) in colours  # the zero line


async def test_export_csv_stats(app: App, people: dict[str, Any]) -> None:
    async with app.polling():
        e = await three_nights(app, people)
        await e.say("boris", "/export CSV  Stats")
        doc = e.tg.documents[-1]
        assert doc.filename.endswith(".csv") and doc.data.startswith("\ufeff".encode())
        rows = list(csv.reader(io.StringIO(doc.data.decode("utf-8-sig")), delimiter=";"))
        header = rows[0]
        assert header[:8] == [
            "name",
            "telegram",
            "pulkas",
            "deals",
            "whists",
            "whists_per_deal",
            "money_RUB",
            "money_EUR",
        ]
        table = [dict(zip(header, r, strict=True)) for r in rows[1:]]
        assert [r["name"] for r in table] == ["Boris", "Anna", "Vera"]
        anna = table[1]
        assert anna["telegram"] == "anna" and anna["pulkas"] == "3" and anna["deals"] == "11"
        # A Russian chat: decimal commas, as a Russian spreadsheet reads them.
        assert (anna["whists"], anna["whists_per_deal"]) == ("52", "4,73")
        assert (anna["money_RUB"], anna["money_EUR"]) == ("-1,33", "26,67")
        assert (anna["best_whists"], anna["best_pulka"]) == ("53,33", "3")
        assert (anna["worst_whists"], anna["worst_pulka"]) == ("-23,33", "2")
        vera = table[2]
        assert (vera["games_7_declared"], vera["games_7_made"]) == ("1", "0")
        assert (vera["remizes"], vera["remize_tricks"], vera["allpass_tricks"]) == ("1", "2", "5")
        boris = table[0]
        assert (boris["misere_declared"], boris["misere_made"]) == ("1", "1")
        # Each total is the exact sum rounded alone (Boris -22 + 224/3 RUB), so the
        # column adds up to zero only within the cents rounding left.
        assert boris["money_RUB"] == "52,67"
        assert abs(sum(Decimal(r["money_RUB"].replace(",", ".")) for r in table)) <= Decimal("0.01")
        assert e.tg.sent_messages(e.chat)[-1]["caption"] == (
            "Статистика чата для таблиц: CSV в UTF-8, разделитель — точка с запятой."
        )
        # /export alone is still the ending feature's: the record of the last pulka here.
        docs = len(e.tg.documents)
        assert "pulka/1" in await e.say("boris", "/export")
        assert len(e.tg.documents) == docs + 1
        assert e.tg.documents[-1].filename.endswith(".json")


FOUR = (
    ("anna", "/deal Boris 6s 6 Vera whist 3 Gleb pass 1"),
    ("anna", "/deal Vera 6s 6 Gleb whist 3 Anna pass 1"),
    ("anna", "/deal Gleb 6s 6 Anna whist 3 Boris pass 1"),
    ("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1"),
)


async def test_four_at_the_table_the_dealer_sits_out(app: App, people: dict[str, Any]) -> None:
    e = Evening(app, people)
    async with app.polling():
        await e.start("sochi 2 1", players=("anna", "boris", "vera", "gleb"))
        for who, text in FOUR:
            assert "Сдача №" in await e.say(who, text)
        board = await e.board()
        assert (await e.ui.tap(e.p["gleb"], board, SETTLE))["text"] == "Готово"
        card = await e.say("anna", "/stats Gleb")
        # Four deals, each player dealt one and sat it out.
        assert "Пулек: 1 · сдач за столом: 3" in card
        assert "Игры (взято из заказанных): 6: 1 из 1" in card


# --- a guest claimed later counts as the user -----------------------------------------------

GUESTS = {
    "format": "pulka/1",
    "players": ["Аня", "Борис", "Вера"],
    "rules": {"variant": "sochi", "target": 2, "stake": "1"},
    "deals": [{"type": "raspasy", "tricks": {"Аня": 3, "Борис": 2, "Вера": 5}}],
}
GUEST_DEALS = (
    ("admin", "/deal Аня 6s 6 Борис whist 3 Вера pass 1"),
    ("admin", "/deal Борис 6s 6 Вера whist 3 Аня pass 1"),
    ("admin", "/deal Вера 6s 6 Аня whist 3 Борис pass 1"),
)


async def test_a_guest_claimed_later_counts_as_the_user(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    e = Evening(app, people)
    e.chat = group(tg, p)
    e.ui = Tapper(tg, e.chat)
    record = "/import " + json.dumps(GUESTS, ensure_ascii=False)
    async with app.polling():
        # Night 1: three guests.
        assert "Пулька загружена" in await app.say(e.chat, p["gleb"], record)
        for who, text in GUEST_DEALS:
            assert "Сдача №" in await e.say(who, text)
        board = await e.board()
        assert (await e.ui.tap(p["admin"], board, SETTLE))["text"] == "Готово"
        assert "нет" in await e.say("anna", "/stats @anna")
        # Night 2: the same guests, and Anna claims «Аня».
        assert "Пулька загружена" in await app.say(e.chat, p["gleb"], record)
        ask = await app.reply_msg(e.chat, p["anna"], "/join Аня")
        assert (await e.ui.tap(p["gleb"], ask["message_id"], "✅ Да, это Аня"))["text"] == "Готово"
        for _, text in GUEST_DEALS:
            assert "Сдача №" in await e.say("anna", text)
        board = await e.board()
        assert (await e.ui.tap(p["admin"], board, SETTLE))["text"] == "Готово"
        card = await e.say("boris", "/stats @anna")
        assert card.startswith("Аня: статистика за все пульки чата\nПулек: 2 · сдач за столом: 8")
        assert await e.say("boris", "/stats аня") == card
        text = await e.say("boris", "/stats")
        assert text.count("Аня:") == 1 and "Аня: пулек 2" in text
        nights = await chat_nights(app.keeper, e.chat["id"])
        assert [n.people[0].user_id for n in nights] == [p["anna"]["id"]] * 2


# --- the message's size, the filters --------------------------------------------------------


def test_many_players_keep_within_one_message() -> None:
    players = tuple(
        PlayerStats(
            Person(f"g:игрок{i}", f"Игрок{i}"),
            (f"Игрок{i}",),
            (),
            (NightResult(1, "2026-12-01T10:00:00", Fraction(i), Fraction(i), "RUB"),),
            Tally(deals=4),
        )
        for i in range(60)
    )
    stats = ChatStats(1, players, (), ())
    text = stats_text(Texts("ru"), stats)
    assert len(text) <= LIMIT
    shown = text.count(": пулек 1")
    assert 10 < shown < 60
    assert f"…и ещё игроков: {60 - shown}. Один игрок: /stats Имя" in text
    assert text.endswith(HOW)


def test_a_player_by_any_name_he_sat_under_or_its_start_unless_it_starts_several() -> None:
    def night(*seated: tuple[str, str, str | None]) -> Any:
        seats = [PlayerRow(i, name, None, None, nick) for i, (_, name, nick) in enumerate(seated)]
        people = [Person(key, name) for key, name, _ in seated]
        return SimpleNamespace(players=seats, people=people)

    nights = [
        night(("g:борис", "Боря", None), ("g:богдан", "Богдан", None), ("g:вера", "Вера", None)),
        night(("g:борис", "Борис", "Бобик"), ("g:вера", "Вера", None), ("g:глеб", "Глеб", None)),
    ]

    def found(query: str) -> str | None:
        person = find_person(nights, query)
        return None if person is None else person.name

    # His latest name, whichever name, nickname or start he is asked by.
    assert [found(q) for q in ("боря", "БОРИС", "бобик", "бор", "ВЕР", "Vera")] == [
        "Борис",
        "Борис",
        "Борис",
        "Борис",
        "Вера",
        "Вера",
    ]
    assert found("Гриша") is None and found(" ") is None and found("в") is None
    with pytest.raises(ParseError) as asked:
        found("Бо")  # Борис or Богдан
    assert asked.value.params == {"token": "Бо", "names": "Борис", "last": "Богдан"}


@pytest.mark.parametrize(
    ("args", "taken"),
    [
        ("csv stats", True),
        ("CSV STATS", True),
        (" csv\tstats ", True),
        ("csv", False),
        ("csv statsx", False),
        ("csv stats 2", False),
        ("stats", False),
        (None, False),
    ],
)
def test_only_export_csv_stats_is_taken(args: str | None, taken: bool) -> None:
    assert is_csv_stats(args) is taken


# --- scoring/tally.py -----------------------------------------------------------------------


def test_the_facts_of_each_kind_of_deal() -> None:
    down = facts(Game.of("A", "8NT", {"B": "whist", "C": "whist"}, {"A": 5, "B": 3, "C": 2}))
    assert (down.kind, down.level, down.made, down.short) == (Kind.GAME, 8, False, 3)
    over = facts(Game.of("A", "6D", {"B": "half", "C": "pass"}, {"A": 6}))
    assert (over.made, over.short) == (True, 0)  # half-whisted: no play, written as made
    exact = facts(Game.of("A", "10S", {"B": "whist", "C": "pass"}, {"A": 10, "B": 0, "C": 0}))
    assert (exact.level, exact.made) == (10, True)
    assert facts(Misere("B", 1)).made is False and facts(Misere("B", 1)).level is None
    assert facts(Raspasy.of({"A": 0, "B": 4, "C": 6})).raspasy == (("A", 0), ("B", 4), ("C", 6))
    assert facts(Correction.of("A", pulka=2)).kind is Kind.CORRECTION


def test_a_tally_counts_only_the_declarer_and_adds_up() -> None:
    deals = [
        Game.of("A", "8NT", {"B": "whist", "C": "whist"}, {"A": 5, "B": 3, "C": 2}),
        Game.of("B", "9H", {"A": "whist", "C": "pass"}, {"B": 9, "A": 1, "C": 0}),
        Misere("A", 2),
        Raspasy.of({"A": 1, "B": 4, "C": 5}),
        Correction.of("A", mountain=5),
    ]
    a, b = tally(deals, "A"), tally(deals, "B")
    assert (a.deals, a.games(8), a.games(9), a.misere, a.remizes, a.short) == (
        4,
        (1, 0),
        (0, 0),
        (1, 0),
        1,
        3,
    )
    assert (a.contracts, a.raspasy_tricks) == ((2, 0), 1)
    assert (b.games(9), b.remizes, b.raspasy_tricks, b.contracts) == ((1, 1), 0, 4, (1, 1))
    assert tally(deals, "C") == Tally(deals=4, raspasy_tricks=5)
    both = a + b
    assert both.played == (0, 0, 1, 1, 0) and both.made == (0, 0, 0, 1, 0)
    assert count(facts(deals[4]), "A") == Tally()


def _night(number: int, seats: tuple[str, ...], results: tuple[int | Fraction, ...]) -> Night:
    """A night of guests ``seats`` settled to ``results`` at 1 RUB (no payments)."""
    zero = tuple(0 for _ in seats)
    final = Settlement(
        seats, True, zero, zero, 0, zero, tuple(zero for _ in seats), None, results, (), ()
    )
    sheet = NightSheet(
        pulka_id=number,
        thread_id=0,
        last_event_id=number,
        settled_at=f"2026-12-01T10:{number:02d}:00+00:00",
        settle_id=number,
        players=tuple(PlayerRow(i, s, None, None) for i, s in enumerate(seats)),
        currency="RUB",
        stake=Decimal(1),
        agreed=final,
        final=final,
        tallies=tuple(Tally(deals=1) for _ in seats),
        marks=(),
    )
    return Night(number, sheet, tuple(Person(guest_key(s), s) for s in seats))


def test_running_totals_start_at_zero_for_a_later_player_and_add_up() -> None:
    third = Fraction(1, 3)
    nights = [
        _night(1, ("A", "B", "C"), (10, -5, -5)),
        _night(2, ("A", "B", "D"), (third, 2 - third, -2)),
        _night(3, ("A", "C", "D"), (-1, 1, 0)),
        _night(4, ("B", "C", "D"), (4, -4, 0)),
    ]
    stats = chat_stats(nights)
    [(currency, numbers, running)] = stats.running
    assert (currency, numbers) == ("RUB", (1, 2, 3, 4))
    assert running["g:d"] == (0, -2, -2, -2)
    assert running["g:c"] == (-5, -5, -4, -8)
    assert running["g:a"] == (10, 10 + third, 9 + third, 9 + third)
    for p in stats.players:
        assert running[p.person.key][-1] == p.whists == sum(r.whists for r in p.nights)
        assert p.money == (("RUB", p.whists),)
        assert all(type(v) is Fraction for v in running[p.person.key])


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(st.integers(-(10**9), 10**9), st.fractions()),
    st.fractions(),
    st.fractions(min_value=Fraction(1, 10**6)),
    st.integers(0, 2000),
    st.integers(1, 2000),
)
def test_the_charts_pixel_rows_are_the_exact_formulas(
    v: int | Fraction, low: Fraction, span: Fraction, bottom: int, height: int
) -> None:
    # Worked out in integers, truncated towards zero as int() truncates the exact value.
    expected = int(bottom - (Fraction(v) - low) * height / span)
    assert _height_of(v, low, span, bottom, height) == expected


async def test_stats_rating_and_debts_find_a_player_by_his_nickname(
    app: App, people: dict[str, Any]
) -> None:
    """The three commands that ask for a player across nights read his name as ``/deal``
    reads it: his nickname of a night, a start, the other alphabet."""
    e = Evening(app, people)
    async with app.polling():
        assert "Новая пулька" in await e.say("anna", "/newpulka sochi 2 1")
        for player in ("anna", "boris", "vera"):
            assert "садится за стол" in await e.say(player, "/join")
        assert "Боря" in await e.say("boris", "/nick Боря")
        for author, text in NIGHT_1:
            assert "Сдача №" in await e.say(author, text.replace("Boris", "Боря"))
        assert (await e.ui.tap(e.p["vera"], await e.board(), SETTLE))["text"] == "Готово"
        for asked in ("Боря", "боря", "Бор", "Борис"):
            card = await e.say("anna", f"/stats {asked}")
            assert card.startswith("Boris: статистика за все пульки чата"), (asked, card)
            rating = await e.say("anna", f"/rating {asked}")
            assert rating.startswith("Boris — рейтинг"), (asked, rating)
            debts = await e.say("anna", f"/debts {asked}")
            assert debts.startswith("Долги — Boris"), (asked, debts)
            assert "Boris → Anna: 8.66 RUB (пулька №1)\nBoris → Vera: 6.67 RUB" in debts
        assert "Игрока «Глеб» в статистике этого чата нет" in await e.say("anna", "/stats Глеб")


async def test_a_start_two_players_share_is_asked_about_without_nothing_written(
    app: App, people: dict[str, Any]
) -> None:
    """``/stats``, ``/rating`` and ``/debts`` only read: asked which player a start
    means (Vera, and Boris by his nickname Velikan), they do not add "Ничего не
    записано"."""
    e = Evening(app, people)
    async with app.polling():
        assert "Новая пулька" in await e.say("anna", "/newpulka sochi 2 1")
        for player in ("anna", "boris", "vera"):
            assert "садится за стол" in await e.say(player, "/join")
        await e.say("boris", "/nick Velikan")
        for author, text in NIGHT_1:
            assert "Сдача №" in await e.say(author, text)
        assert (await e.ui.tap(e.p["vera"], await e.board(), SETTLE))["text"] == "Готово"
        for command in ("/stats", "/rating", "/debts"):
            said = await e.say("anna", f"{command} Ve")
            assert said == "«Ve» — это Boris или Vera? Напишите имя подлиннее.", said
