"""``/calc``: a paper sheet typed in the chat, settled exactly as
``python -m scoring settle`` settles the same ``pulka-sheet/1`` document.

The rules texts' paper sheets (text 003's tables 8 and 9, text 001's "4 circles"
Leningrad pulka) through the one-message form and the step-by-step message, in a
group and in a private chat, with the figures the calculator prints for the same
document (computed here through its own path: ``parse_json`` -> ``load_document``
-> ``settlement_json``) and the rules texts' own figures; the picture sent is a PNG;
bad inputs are answered with what is wrong, the form and an example.
"""

from __future__ import annotations

import io
import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from fakebotapi import FakeTelegram
from harness import App, group
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from tapping import Tapper

from bot.features.calc.sheet import (
    PaperLine,
    PaperSheet,
    form_lines,
    parse_line,
    parse_sheet,
    read_form,
    settle_paper,
    split_message,
)
from bot.features.calc.view import form_words
from bot.model import ParseError
from bot.views.texts import LANGS, Texts
from scoring import whists_text
from scoring.jsonread import parse_json
from scoring.record import load_document, settlement_json

# --- the rules texts' paper sheets, as pulka-sheet/1 documents ---------------------------

#: Text 003, table 8 (three players, Sochi): mountains 130, 75, 250 whists = +13, 7.5, 25.
TABLE8: dict[str, Any] = {
    "format": "pulka-sheet/1",
    "players": ["А", "Б", "В"],
    "rules": {"variant": "sochi", "stake": "1"},
    "pulka": {"А": 20, "Б": 20, "В": 20},
    "mountain": {"А": 13, "Б": 7.5, "В": 25},
    "whists": {"А": {"Б": 70, "В": 100}, "Б": {"А": 114, "В": 96}, "В": {"А": 140, "Б": 180}},
}
TABLE8_TYPED = """/calc сочи 3 по 1{rules}
А пуля 20 гора 13 висты Б 70 В 100
Б: пуля 20, гора 7,5, висты А 114, В 96
В 20 25 140 180"""

#: Text 003, table 9 (four players, Sochi), pulkas closed.
TABLE9: dict[str, Any] = {
    "format": "pulka-sheet/1",
    "players": ["A", "B", "C", "D"],
    "rules": {"variant": "sochi"},
    "pulka": {"A": 20, "B": 20, "C": 20, "D": 20},
    "mountain": {"A": 11, "B": 21, "C": 31, "D": 25},
    "whists": {
        "A": {"B": 210, "C": 105, "D": 116},
        "B": {"A": 310, "C": 160, "D": 185},
        "C": {"A": 230, "B": 280, "D": 145},
        "D": {"A": 85, "B": 205, "C": 175},
    },
}
TABLE9_TYPED = """/calc sochi 4 players
A pool 20 mountain 11 whists B 210 C 105 D 116
B pool 20 mountain 21 whists A 310 C 160 D 185
C 20 31 230 280 145
D 20 25 85 205 175"""

#: Text 001, the "4 circles" Leningrad pulka for four to 50 (pulkas and mountains only).
CIRCLES: dict[str, Any] = {
    "format": "pulka-sheet/1",
    "players": ["P1", "P2", "P3", "P4"],
    "rules": {"variant": "leningrad", "target": 50},
    "pulka": {"P1": 78, "P2": 74, "P3": 32, "P4": 22},
    "mountain": {"P1": 78, "P2": 60, "P3": 34, "P4": 76},
}
CIRCLES_TYPED = """/calc
питер 4 до 50
P1 пуля 78 гора 78
P2 пуля 74 гора 60
P3 пуля 32 гора 34
P4 пуля 22 гора 76"""


def calculator(doc: dict[str, Any]) -> dict[str, Any]:
    """What ``python -m scoring settle`` prints for ``doc``, by its own path (the JSON text)."""
    return settlement_json(load_document(parse_json(json.dumps(doc, ensure_ascii=False))))


SETTLE_LINE = {"ru": "{name}: {result} вист. = {money} {cur}", "en": "{name}: {result} whists"}


def signed_money(text: str) -> str:
    """The calculator's money as the chat writes it beside a result: ``+36.67``."""
    return text if text.startswith("-") or text == "0.00" else f"+{text}"


def expected_lines(out: dict[str, Any], lang: str = "ru") -> list[str]:
    """The settlement lines the chat must show for the calculator's output ``out``."""
    tx = Texts(lang)
    cur = out["currency"]
    lines = []
    # Beside each result its share (the result times the stake); the calculator names
    # whoever the zero sum pays otherwise, and the chat says it in one line.
    shares = {r["name"]: r["share"] for r in out.get("rounding", [])}
    for p in out["players"]:
        # The calculator writes 2 decimals; a result falls on sixths at most.
        exact = Fraction(Decimal(str(p["result"]))).limit_denominator(6)
        result = whists_text(exact, signed=True)
        money = signed_money(shares.get(p["name"], p["money"]))
        lines.append(
            tx(
                "settle_line",
                name=p["name"],
                result=result,
                unit="one" if abs(exact) == 1 else "other",
                money=money,
                currency=cur,
            )
        )
    if shares:
        moves = ", ".join(
            tx(
                "settle_rounding_move",
                name=r["name"],
                money=signed_money(r["money"]),
                share=signed_money(r["share"]),
                currency=cur,
            )
            for r in out["rounding"]
        )
        lines.append(tx("settle_rounding", moves=moves))
    for pay in out["payments"]:
        lines.append(
            tx(
                "payment_line",
                payer=pay["from"],
                payee=pay["to"],
                amount=pay["amount"],
                currency=cur,
            )
        )
    return lines


def assert_png(data: bytes, players: int) -> None:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    img = Image.open(io.BytesIO(data))
    img.verify()
    assert Image.open(io.BytesIO(data)).size[0] == 1280
    assert players in (3, 4)


async def calc_answer(app: App, chat: dict[str, Any], user: dict[str, Any], text: str) -> str:
    return await app.say(chat, user, text)


# --- the one-message form ----------------------------------------------------------------


async def test_table_8_in_a_group_with_the_texts_rounding(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    doc = {**TABLE8, "rules": {**TABLE8["rules"], "division": "adjust"}}
    out = calculator(doc)
    async with app.polling():
        photos = len(fake_tg.photos)
        reply = await app.reply_msg(
            chat, people["anna"], TABLE8_TYPED.format(rules=" division=adjust")
        )
    caption = str(reply.get("caption", ""))
    assert "photo" in reply, reply
    for line in expected_lines(out):
        assert line in caption, (line, caption)
    # Text 003: A -62, B +36, C +26; A pays 36 and 26.
    assert "А: -62 вист. = -62.00 RUB" in caption
    assert "Б: +36 вист. = +36.00 RUB" in caption
    assert "В: +26 вист. = +26.00 RUB" in caption
    assert "А → Б: 36.00 RUB" in caption and "А → В: 26.00 RUB" in caption
    assert "Пулька расписана" in caption
    assert len(fake_tg.photos) == photos + 1
    assert_png(fake_tg.photos[-1].data, 3)


async def test_table_8_exact_in_a_private_chat_in_english(app: App, fake_tg: FakeTelegram) -> None:
    user = fake_tg.create_user("Olga", language_code="en")
    chat = fake_tg.private_chat(user)
    # A sheet naming no currency counts in the chat language's, as /newpulka does.
    out = calculator({**TABLE8, "rules": {**TABLE8["rules"], "currency": "EUR"}})
    async with app.polling():
        await app.say(chat, user, "/lang en")
        reply = await app.reply_msg(chat, user, TABLE8_TYPED.format(rules=""))
    caption = str(reply.get("caption", ""))
    assert "photo" in reply
    for line in expected_lines(out, "en"):
        assert line in caption, (line, caption)
    # Divided exactly: -62.33, +36.67, +25.67; the odd cent from the bigger winner.
    assert [p["money"] for p in out["players"]] == ["-62.33", "36.66", "25.67"]
    # Beside the result its share (36⅔ EUR rounds to 36.67); the line under the
    # payments says who gets the cent less and why.
    assert "А: -62⅓ whists = -62.33 EUR" in caption
    assert "Б: +36⅔ whists = +36.67 EUR" in caption
    assert "А → Б: 36.66 EUR" in caption
    rounding = "Rounding: Б +36.66 instead of +36.67 EUR, so that the payments add up to zero."
    assert rounding in caption
    assert_png(fake_tg.photos[-1].data, 3)


async def test_the_stake_s_currency_as_newpulka_takes_it(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    typed = TABLE9_TYPED.replace("/calc sochi 4 players", "/calc sochi 4 players по 0,5 UAH")
    out = calculator({**TABLE9, "rules": {"variant": "sochi", "stake": "0.5", "currency": "UAH"}})
    async with app.polling():
        caption = await app.say(chat, people["boris"], typed)
    for line in expected_lines(out):
        assert line in caption, (line, caption)
    assert "A: -84 вист. = -42.00 UAH" in caption and "A → C: 42.00 UAH" in caption


async def test_table_9_four_players(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    out = calculator(TABLE9)
    async with app.polling():
        caption = await app.say(chat, people["boris"], TABLE9_TYPED)
    for line in expected_lines(out):
        assert line in caption, (line, caption)
    # Text 003: A -84, B -30, C +125, D -11.
    assert [p["result"] for p in out["players"]] == [-84, -30, 125, -11]
    for hard in ("A: -84 вист.", "B: -30 вист.", "C: +125 вист.", "D: -11 вист."):
        assert hard in caption
    assert "A → C: 84.00 RUB" in caption and "B → C: 30.00 RUB" in caption
    assert "D → C: 11.00 RUB" in caption
    assert_png(fake_tg.photos[-1].data, 4)


async def test_the_four_circles_leningrad_pulka_with_the_header_on_its_own_line(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    out = calculator(CIRCLES)
    async with app.polling():
        caption = await app.say(chat, people["vera"], CIRCLES_TYPED)
    for line in expected_lines(out):
        assert line in caption, (line, caption)
    # Text 001: the mountain results +370, +470, -110, -730 (no whists on this sheet).
    assert [p["result"] for p in out["players"]] == [370, 470, -110, -730]
    assert "P4: -730 вист. = -730.00 RUB" in caption
    assert "ленинградка, до 50" in caption


async def test_an_unfinished_sheet_is_settled_as_if_stopped_now(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    doc = {
        "format": "pulka-sheet/1",
        "players": ["Аня", "Боря", "Вера"],
        "rules": {"variant": "sochi", "stake": "0.5"},
        "pulka": {"Аня": 10, "Боря": 20, "Вера": 6},
        "mountain": {"Аня": 4},
        "whists": {"Аня": {"Боря": 30, "Вера": 12}, "Вера": {"Аня": 8}},
    }
    out = calculator(doc)
    assert out["finished"] is False
    async with app.polling():
        caption = await app.say(
            chat,
            people["anna"],
            "/calc сочи 3 по 0.5\nАня пуля 10 гора 4 висты Боря 30 Вера 12\nБоря пуля 20\n"
            "Вера пуля 6 висты аня 8",
        )
    assert "Если закончить сейчас" in caption
    for line in expected_lines(out):
        assert line in caption, (line, caption)


# --- bad input -------------------------------------------------------------------------

BAD_RU = [
    ("/calc сочи 20 по 1\nА 20\nБ 20\nВ 20", "«20»: число без слова — это число игроков"),
    ("/calc сочи\nА 20", "Строк с игроками: 1, а нужно от 2 до 5"),
    ("/calc сочи 4\nА 20\nБ 20\nВ 20", "Сказано игроков: 4, а строк с игроками: 3."),
    ("/calc\nА 20 13 70\nБ 20\nВ 20", "А: висты без имён пишут каждому из остальных по порядку"),
    ("/calc\nА 20 висты Г 5\nБ 20\nВ 20", "А: «Г» — такого игрока нет. Игроки: А, Б, В."),
    ("/calc\nА гора 5\nБ 20\nВ 20", "А: нет пули. Закрытая пуля — это цель"),
    ("/calc\nА 20\nБ 20\nА 20", "А: это имя уже есть на листе."),
    ("/calc вист=жадный\nА 20\nБ 20\nВ 20", "«вист»: такого правила нет"),
    ("/calc whist=жадный\nА 20\nБ 20\nВ 20", "можно так: gentleman, greedy"),
    ("/calc raspasy=0\nА 20\nБ 20\nВ 20", "rules.raspasy: множители распасов"),
    ("/calc\nА 20 гора 1000000.5\nБ 20\nВ 20", "А: «1000000.5» — число на листе пишут до 6 цифр"),
    ("/calc\nА 20 висты А 5\nБ 20\nВ 20", "А: висты на себя не пишут."),
    ("/calc\n42 20\nБ 20\nВ 20", "«42»: строка игрока начинается с имени"),
    ("/calc пулька\nА 20\nБ 20\nВ 20", "«пулька»: в первой строке ждут вариант"),
]
BAD_EN = [
    ("/calc sochi 6\nA 20\nB 20\nC 20", "“6”: a number alone is the number of players, 2 to 5"),
    ("/calc to 0\nA 20\nB 20\nC 20", "“0”: the pool's target is a whole number from 1 to 10000."),
    ("/calc at x\nA 20\nB 20\nC 20", "“x”: the stake is a number like 1 or 0.5."),
    ("/calc\nA 20 whists 5\nB 20\nC 20", "A: the number 5 has no name."),
    ("/calc\nA pool\nB 20\nC 20", "A: a number must follow “pool”."),
    ("/calc\nA 20 B 1 B 2\nB 20\nC 20", "A: the whists for B are written twice."),
    ("/calc\nA 20 @x 3\nB 20\nC 20", "A: “@x” is neither a number nor a name."),
    ("/calc\nA 20 Z 3\nB 20\nC 20", "A: “Z” is not a player. The players: A, B, C."),
]


async def test_bad_input_in_russian_in_a_group(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    tx = Texts("ru")
    async with app.polling():
        photos = len(fake_tg.photos)
        for text, wrong in BAD_RU:
            answer = await app.say(chat, people["anna"], text)
            lines = answer.split("\n")
            assert wrong in lines[0], (text, answer)
            # What is wrong, the form, an example, and nothing else.
            assert "\n".join(lines[1:]) == _plain(tx("calc_form") + "\n" + tx("calc_example"))
        assert len(fake_tg.photos) == photos


async def test_bad_input_in_english_in_a_private_chat(app: App, fake_tg: FakeTelegram) -> None:
    user = fake_tg.create_user("Olga", language_code="en")
    chat = fake_tg.private_chat(user)
    tx = Texts("en")
    async with app.polling():
        await app.say(chat, user, "/lang en")
        for text, wrong in BAD_EN:
            answer = await app.say(chat, user, text)
            lines = answer.split("\n")
            assert wrong in lines[0], (text, answer)
            assert "\n".join(lines[1:]) == _plain(tx("calc_form") + "\n" + tx("calc_example"))


def _plain(html: str) -> str:
    """The text Telegram keeps of an HTML message (tags and entities gone)."""
    for tag in ("<code>", "</code>", "<b>", "</b>", "<pre>", "</pre>"):
        html = html.replace(tag, "")
    return html.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


# --- the step-by-step form --------------------------------------------------------------


async def reply(app: App, chat: dict[str, Any], user: dict[str, Any], text: str, to: int) -> str:
    """``text`` in reply to message ``to``; the bot's new message after it ("" if it only
    edited the step-by-step message)."""
    sent = app.tg.send_message(chat, user, text, reply_to=to)
    await app.idle()
    after = [m for m in app.tg.sent_messages(chat) if m["message_id"] > sent["message_id"]]
    if not after:
        return ""
    return str(after[0].get("text", after[0].get("caption", "")))


async def test_step_by_step_in_a_group_with_taps_and_back(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    ui = Tapper(fake_tg, chat)
    out = calculator(TABLE8)
    async with app.polling():
        await app.say(chat, people["anna"], "/calc")
        m = ui.newest()
        assert ui.labels(m) == [
            "✓ сочинка",
            "ленинградка",
            "ростов",
            "Игроков: 2",
            "✓ Игроков: 3",
            "Игроков: 4",
            "Игроков: 5",
            "Имена: А, Б, В",
            "✖ Закрыть",
        ]
        await ui.tap(people["anna"], m, "ленинградка")
        assert "/calc ленинград 3" in ui.text(m)
        await ui.tap(people["boris"], m, "Игроков: 4")
        assert "Имена: А, Б, В, Г" in ui.labels(m)
        await ui.tap(people["boris"], m, "Игроков: 3")
        await ui.tap(people["anna"], m, "сочинка")
        await ui.tap(people["anna"], m, "Имена: А, Б, В")
        assert ui.labels(m) == ["↩ Назад", "✖ Закрыть"]
        assert "А: пуля, гора, затем висты — Б, В." in ui.text(m)
        # The figures, each as a reply; a bad one is told and changes nothing.
        await reply(app, chat, people["anna"], "20 13 70 100", m)
        assert "Б: пуля, гора, затем висты — А, В." in ui.text(m)
        await ui.tap(people["anna"], m, "↩ Назад")
        assert "А: пуля, гора, затем висты" in ui.text(m)
        await reply(app, chat, people["anna"], "пуля 20 гора 13 висты Б 70 В 100", m)
        bad = await reply(app, chat, people["vera"], "20 7.5 114", m)
        assert bad.startswith("Б: висты без имён пишут каждому из остальных")
        assert "Б: пуля, гора, затем висты — А, В." in bad
        assert "Б: пуля, гора, затем висты — А, В." in ui.text(m)
        await reply(app, chat, people["vera"], "20 7.5 114 96", m)
        photos = len(fake_tg.photos)
        caption = await reply(app, chat, people["boris"], "пуля 20 гора 25 висты А 140 Б 180", m)
        assert len(fake_tg.photos) == photos + 1
    for line in expected_lines(out):
        assert line in caption, (line, caption)
    assert "А: -62⅓ вист. = -62.33 RUB" in caption
    # The message is closed, with the whole sheet as the one-message form.
    assert ui.labels(m) == []
    text = ui.text(m)
    assert "Лист расписан" in text
    assert "В пуля 20 гора 25 висты А 140 Б 180" in text
    assert_png(fake_tg.photos[-1].data, 3)
    assert ui.taps == 6


async def test_step_by_step_in_a_private_chat_survives_a_restart(
    app: App, fake_tg: FakeTelegram
) -> None:
    user = fake_tg.create_user("Olga", language_code="en")
    chat = fake_tg.private_chat(user)
    ui = Tapper(fake_tg, chat)
    out = calculator({**TABLE9, "rules": {"variant": "sochi", "currency": "EUR"}})  # English
    async with app.polling():
        await app.say(chat, user, "/lang en")
        await app.say(chat, user, "/calc sochi 4")
        m = ui.newest()
        assert "✓ Players: 4" in ui.labels(m)
        bad = await reply(app, chat, user, "A", m)
        assert bad.startswith("Names: 1; a sheet needs 2 to 5")
        await reply(app, chat, user, "A B C D", m)
        await reply(app, chat, user, "pool 20 mountain 11 whists B 210 C 105 D 116", m)
    await app.restart()
    async with app.polling():
        await reply(app, chat, user, "20 21 310 160 185", m)
        await reply(app, chat, user, "20 31 230 280 145", m)
        assert "D: pool, mountain, then whists — A, B, C." in ui.text(m)
        caption = await reply(app, chat, user, "20 25 85 205 175", m)
    for line in expected_lines(out, "en"):
        assert line in caption, (line, caption)
    assert "C: +125 whists" in caption
    assert ui.labels(m) == []


async def test_a_closed_calculator_takes_no_more_replies(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    ui = Tapper(fake_tg, chat)
    async with app.polling():
        await app.say(chat, people["anna"], "/calc")
        m = ui.newest()
        await ui.tap(people["anna"], m, "✖ Закрыть")
        assert ui.labels(m) == [] and "Калькулятор закрыт." in ui.text(m)
        before = ui.newest()
        fake_tg.send_message(chat, people["anna"], "Аня Боря Вера", reply_to=m)
        await app.idle()
        assert ui.newest() == before  # not read: nothing answered


# --- the grammar --------------------------------------------------------------------------


def test_the_forms_of_a_line() -> None:
    a = parse_line("Аня пуля 10 гора 4 висты Боря 30 Вера 12")
    b = parse_line("Аня: 10, 4; Боря=30 Вера=12")
    assert (a.pulka, a.mountain, a.whists) == (b.pulka, b.mountain, b.whists)
    c = parse_line("Аня 10 4 30 12")
    assert c.listed == (Decimal(30), Decimal(12))
    assert parse_line("Аня гора −2,5 пуля 0").mountain == Decimal("-2.5")


def test_names_of_whists_by_case_or_start() -> None:
    sheet = parse_sheet("", ["Аня 20 Бор 1 вера 2", "Борис 20", "Вера 20"])
    assert sheet.lines[0].whists == (("Борис", Decimal(1)), ("Вера", Decimal(2)))
    with pytest.raises(ParseError) as e:
        parse_sheet("", ["Аня 20 В 1", "Вера 20", "Влад 20"])
    assert e.value.key == "calc_unknown_player"


@pytest.mark.parametrize("lang", LANGS)
def test_the_form_written_in_each_language_reads_back(lang: str) -> None:
    header, lines = split_message(TABLE8_TYPED.format(rules=" division=adjust whist=greedy"))
    sheet = parse_sheet(header, lines)
    written = form_lines(sheet, form_words(Texts(lang)))
    again = read_form("\n".join(["🧮 title", *written, "", "question"]))
    assert again == sheet
    assert settle_paper(again).settlement == settle_paper(sheet).settlement


def test_the_document_is_the_calculators() -> None:
    header, lines = split_message(TABLE8_TYPED.format(rules=""))
    sheet: PaperSheet = parse_sheet(header, lines)
    ours = settle_paper(sheet)
    theirs = load_document(parse_json(json.dumps(TABLE8, ensure_ascii=False)))
    assert ours.document.sheet == theirs.sheet and ours.document.rules == theirs.rules
    assert ours.steps[-1].state.sheet == theirs.sheet


_NAMES = st.lists(
    st.text(alphabet="АБВГабвгABCDxyzЁё_'", min_size=1, max_size=6),
    min_size=2,  # scoring.seating.TABLE_SIZES: hussar to five
    max_size=5,
    unique_by=str.casefold,
)
_AMOUNTS = st.decimals(min_value=-999_999, max_value=999_999, places=4, allow_nan=False)


@given(names=_NAMES, data=st.data(), lang=st.sampled_from(LANGS))
@settings(max_examples=60, deadline=None)
def test_any_sheet_written_as_the_form_reads_back(
    names: list[str], data: st.DataObject, lang: str
) -> None:
    """The step-by-step message's state (the form in its text) reads back as it was."""
    lines = []
    for who in names:
        others = [x for x in names if x != who]
        whists = data.draw(st.dictionaries(st.sampled_from(others), _AMOUNTS, max_size=3))
        lines.append(
            PaperLine(
                who,
                data.draw(_AMOUNTS),
                data.draw(_AMOUNTS),
                tuple((x, whists[x]) for x in others if x in whists),
            )
        )
    sheet = PaperSheet(
        variant=data.draw(st.sampled_from(["sochi", "leningrad", "rostov"])),
        seats=len(names),
        lines=tuple(lines),
    )
    written = form_lines(sheet, form_words(Texts(lang)))
    again = read_form("\n".join(written))
    assert again is not None
    assert [(x.name, x.pulka, x.mountain, x.whists) for x in again.lines] == [
        (x.name, x.pulka, x.mountain, x.whists) for x in sheet.lines
    ]
    assert again.variant == sheet.variant


def test_a_semicolon_ends_the_first_line_too() -> None:
    """``;`` ends a line, the header's as well: one line of text is a whole sheet."""
    typed = (
        "/calc sochi 3 to 20 at 1; Anna pool 20 mountain 13 whists Boris 70 Vera 100; "
        "Boris 20 7.5 114 96; Vera 20 25 140 180"
    )
    lines = typed.replace("; ", "\n").splitlines()
    assert split_message(typed) == (lines[0].removeprefix("/calc "), lines[1:])
    assert split_message("/calc сочи 3 ; Anna 1 2 3 4") == ("сочи 3", ["Anna 1 2 3 4"])
