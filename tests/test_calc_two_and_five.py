"""``/calc``, the settlement, ``/export`` and ``/import`` with two (hussar) and five players
through the real Dispatcher as ``tests/test_calc.py`` does.

The figures are the rules notes' worked examples (``shared/rules/two-and-five-players.md``):
E6 (a hussar sheet: mountains 3 and 0, whists A→B 12, B→A 4: divisible −7/+7, indivisible
−22/+22), E4 (a closed five-player sheet: −86, 66, −28, 6, 42) and E2 (a short hussar pulka:
−76/+76), each also computed through the calculator's own path.  The picture is another
part's: these tests ask only that a photo is sent, never its pixels.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from fakebotapi import FakeTelegram
from harness import App, group
from tapping import Tapper

from bot.features.calc.sheet import parse_header, parse_sheet, settle_paper
from bot.model import ParseError
from bot.views.texts import Texts
from scoring import figure
from scoring.jsonread import parse_json
from scoring.record import load_document, settlement_json

# --- the notes' sheets -----------------------------------------------------------------

#: E6: A mountain 3, B 0, whists A→B 12, B→A 4 (closed pulkas).
E6_TYPED = "/calc {head}\nA пуля 20 гора 3 висты B 12\nB пуля 20 гора 0 висты A 4"
#: E4: mountains 12, 0, 7, 4, 2; whists P1→P2 30, P2→P1 46, P3→P4 12, P5→P3 20, P4→P5 8.
E4_TYPED = """/calc впятером до 20 по 0,5
P1 20 12 30 0 0 0
P2 20 0 46 0 0 0
P3 пуля 20 гора 7 висты P4 12
P4 пуля 20 гора 4 висты P5 8
P5 20 2 0 0 20 0"""
E4_DOC: dict[str, Any] = {
    "format": "pulka-sheet/1",
    "players": ["P1", "P2", "P3", "P4", "P5"],
    "rules": {"variant": "sochi", "target": 20, "stake": "0.5"},
    "pulka": dict.fromkeys(["P1", "P2", "P3", "P4", "P5"], 20),
    "mountain": {"P1": 12, "P2": 0, "P3": 7, "P4": 4, "P5": 2},
    "whists": {
        "P1": {"P2": 30},
        "P2": {"P1": 46},
        "P3": {"P4": 12},
        "P4": {"P5": 8},
        "P5": {"P3": 20},
    },
}

#: E2 (tests/scoring_tests/test_two_and_five.py): Sochi to 10, A and B and a dummy.
E2_DEALS: list[dict[str, Any]] = [
    {"type": "game", "declarer": d, "contract": c, "whist": w, "tricks": t}
    for d, c, w, t in [
        ("A", "6S", {"B": "whist"}, {"A": 6, "B": 4}),
        ("B", "7H", {"A": "whist"}, {"A": 2, "B": 8}),
        ("A", "8C", {"B": "whist"}, {"A": 7, "B": 3}),
        ("B", "6D", {"A": "pass"}, {"A": 2, "B": 8}),
        ("A", "8S", {"B": "pass"}, {"A": 8, "B": 2}),
        ("B", "9H", {"A": "whist"}, {"A": 1, "B": 9}),
    ]
]
#: A hussar key that changes nothing here (no raspasy), to see it kept.
HUSSAR_RECORD: dict[str, Any] = {
    "format": "pulka/1",
    "players": ["A", "B"],
    "rules": {"variant": "sochi", "target": 10, "stake": "1", "hussar_raspasy": "shared"},
    "deals": E2_DEALS,
}

#: The notes' E5 deals with five (each deal the dealer and his right neighbour rest), a
#: raspasy of the three at the table, then corrections closing every pulka at 10.
FIVE_RECORD: dict[str, Any] = {
    "format": "pulka/1",
    "players": ["P1", "P2", "P3", "P4", "P5"],
    "rules": {"variant": "sochi", "target": 10, "stake": "1", "five_consolation": "dealer"},
    "deals": [
        {
            "type": "game",
            "declarer": "P3",
            "contract": "6S",
            "whist": {"P4": "whist", "P5": "pass"},
            "tricks": {"P3": 6, "P4": 4, "P5": 0},
            "dealer": "P2",
        },
        {
            "type": "game",
            "declarer": "P4",
            "contract": "7H",
            "whist": {"P5": "whist", "P1": "pass"},
            "tricks": {"P4": 6, "P5": 4, "P1": 0},
        },
        {
            "type": "game",
            "declarer": "P5",
            "contract": "6C",
            "whist": {"P1": "whist", "P2": "whist"},
            "tricks": {"P5": 6, "P1": 2, "P2": 2},
        },
        {"type": "misere", "declarer": "P1", "tricks": {"P1": 0}},
        {
            "type": "game",
            "declarer": "P2",
            "contract": "8D",
            "whist": {"P3": "whist", "P4": "pass"},
            "tricks": {"P2": 9, "P3": 1, "P4": 0},
        },
        {"type": "raspasy", "tricks": {"P2": 3, "P3": 3, "P4": 4}},
        {"type": "correction", "player": "P2", "pulka": 4},
        {"type": "correction", "player": "P3", "pulka": 8},
        {"type": "correction", "player": "P4", "pulka": 10},
        {"type": "correction", "player": "P5", "pulka": 8},
    ],
}


def calculator(doc: dict[str, Any]) -> dict[str, Any]:
    """What ``python -m scoring settle`` prints for ``doc``, by its own path (the JSON text)."""
    return settlement_json(load_document(parse_json(json.dumps(doc, ensure_ascii=False))))


def expected_lines(out: dict[str, Any], lang: str = "ru") -> list[str]:
    """The settlement lines the chat must show for the calculator's output ``out``."""
    tx = Texts(lang)
    cur = out["currency"]
    lines = [
        tx(
            "settle_line",
            name=p["name"],
            result=figure(Decimal(str(p["result"])), signed=True),
            unit="one" if abs(Decimal(str(p["result"]))) == 1 else "other",
            money=p["money"] if p["money"][0] == "-" or p["money"] == "0.00" else f"+{p['money']}",
            currency=cur,
        )
        for p in out["players"]
    ]
    lines += [
        tx("payment_line", payer=x["from"], payee=x["to"], amount=x["amount"], currency=cur)
        for x in out["payments"]
    ]
    return lines


def e6_doc(**rules: Any) -> dict[str, Any]:
    return {
        "format": "pulka-sheet/1",
        "players": ["A", "B"],
        "rules": {"variant": "sochi", **rules},
        "pulka": {"A": 20, "B": 20},
        "mountain": {"A": 3, "B": 0},
        "whists": {"A": {"B": 12}, "B": {"A": 4}},
    }


async def photo_answer(app: App, chat: dict[str, Any], user: dict[str, Any], text: str) -> str:
    """The caption of the photo ``/calc`` answers with (one photo sent)."""
    photos = len(app.tg.photos)
    reply = await app.reply_msg(chat, user, text)
    assert "photo" in reply, reply
    assert len(app.tg.photos) == photos + 1
    assert app.tg.photos[-1].data.startswith(b"\x89PNG\r\n\x1a\n")
    return str(reply.get("caption", ""))


# --- /calc: one message ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("head", "rules", "a", "b"),
    [
        ("гусарик", {}, "A: -7 вист. = -7.00 RUB", "B: +7 вист. = +7.00 RUB"),
        ("сочи 2", {}, "A: -7 вист. = -7.00 RUB", "B: +7 вист. = +7.00 RUB"),
        (
            "вдвоём неделимая гора",
            {"hussar_mountain": "indivisible"},
            "A: -22 вист. = -22.00 RUB",
            "B: +22 вист. = +22.00 RUB",
        ),
        (
            "2 игрока hussar_mountain=indivisible",
            {"hussar_mountain": "indivisible"},
            "A: -22 вист. = -22.00 RUB",
            "B: +22 вист. = +22.00 RUB",
        ),
    ],
)
async def test_a_hussar_sheet_e6(
    app: App,
    fake_tg: FakeTelegram,
    people: dict[str, Any],
    head: str,
    rules: dict[str, str],
    a: str,
    b: str,
) -> None:
    chat = group(fake_tg, people)
    out = calculator(e6_doc(**rules, currency="RUB"))
    async with app.polling():
        caption = await photo_answer(app, chat, people["anna"], E6_TYPED.format(head=head))
    for line in expected_lines(out):
        assert line in caption, (line, caption)
    assert a in caption and b in caption
    payment = "A → B: 22.00 RUB" if rules else "A → B: 7.00 RUB"
    assert payment in caption
    # The dummy is no player of the settlement: only its note under the title.
    assert "игроков: 2" in caption
    word = "неделимая" if rules else "делимая"
    assert f"Гусарик, третьим — болван (в росписи его нет); гора {word}" in caption
    assert "Болван:" not in caption and "болван →" not in caption.casefold()


async def test_a_hussar_sheet_in_english(app: App, fake_tg: FakeTelegram) -> None:
    user = fake_tg.create_user("Olga", language_code="en")
    chat = fake_tg.private_chat(user)
    async with app.polling():
        await app.say(chat, user, "/lang en")
        caption = await photo_answer(
            app,
            chat,
            user,
            "/calc hussar indivisible mountain at 0.5\nA pool 20 mountain 3 whists B 12\n"
            "B pool 20 whists A 4",
        )
    assert "A: -22 whists = -11.00 EUR" in caption
    assert "A → B: 11.00 EUR" in caption
    assert "indivisible mountain: a mountain point is 10 whists to the opponent" in caption


async def test_a_five_player_sheet_e4(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    out = calculator({**E4_DOC, "rules": {**E4_DOC["rules"], "currency": "RUB"}})
    assert [p["result"] for p in out["players"]] == [-86, 66, -28, 6, 42]
    async with app.polling():
        caption = await photo_answer(app, chat, people["boris"], E4_TYPED)
    for line in expected_lines(out):
        assert line in caption, (line, caption)
    for hard in ("P1: -86 вист. = -43.00 RUB", "P2: +66 вист.", "P3: -28 вист.", "P4: +6 вист."):
        assert hard in caption
    assert "P5: +42 вист. = +21.00 RUB" in caption
    assert "игроков: 5" in caption and "Гусарик" not in caption


async def test_size_errors_are_told(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    cases = [
        ("/calc неделимая гора\nА 20\nБ 20\nВ 20", "«hussar_mountain»: это правило гусарика"),
        (
            "/calc five_consolation=dealer\nА 20\nБ 20",
            "«five_consolation»: это правило игры впятером",
        ),
        ("/calc гусарик\nА 20\nБ 20\nВ 20", "Сказано игроков: 2, а строк с игроками: 3."),
        ("/calc 6\nА 20\nБ 20", "«6»: число без слова — это число игроков, от 2 до 5"),
        ("/calc\n" + "\n".join(f"И{i} 20" for i in range(6)), "Строк с игроками: 6"),
        ("/calc гусарик вдвоём\nА 20\nБ 20", "«вдвоём»: это уже сказано в первой строке."),
    ]
    async with app.polling():
        photos = len(fake_tg.photos)
        for text, wrong in cases:
            answer = await app.say(chat, people["anna"], text)
            assert wrong in answer.split("\n")[0], (text, answer)
        assert len(fake_tg.photos) == photos


def test_the_header_words_of_sizes() -> None:
    assert parse_header("гусарик").seats == 2
    assert parse_header("уп’ятьох").seats == 5
    assert parse_header("впятером до 30").target == 30
    h = parse_header("сочи 2 неподільна гора по 1 UAH")
    assert h.conventions == (("hussar_mountain", "indivisible"), ("currency", "UAH"))
    assert parse_header("divisible").conventions == (("hussar_mountain", "divisible"),)
    with pytest.raises(ParseError) as e:
        parse_header("неделимая гора hussar_mountain=divisible")
    assert e.value.key == "calc_header_twice"
    # The same figures as the calculator's for the same document.
    typed = parse_sheet("вдвоём неделимая", ["A 20 3 B 12", "B 20 0 A 4"])
    got = settle_paper(typed, "RUB")
    out = calculator(e6_doc(hussar_mountain="indivisible", currency="RUB"))
    assert [str(r) for r in got.settlement.results] == [str(p["result"]) for p in out["players"]]


# --- /calc: step by step --------------------------------------------------------------


async def reply(app: App, chat: dict[str, Any], user: dict[str, Any], text: str, to: int) -> str:
    """``text`` in reply to message ``to``; the bot's new message after it ("" if none)."""
    sent = app.tg.send_message(chat, user, text, reply_to=to)
    await app.idle()
    after = [m for m in app.tg.sent_messages(chat) if m["message_id"] > sent["message_id"]]
    if not after:
        return ""
    return str(after[0].get("text", after[0].get("caption", "")))


async def test_step_by_step_hussar_with_the_indivisible_mountain(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    ui = Tapper(fake_tg, chat)
    async with app.polling():
        await app.say(chat, people["anna"], "/calc")
        m = ui.newest()
        assert "Гора: делимая" not in ui.labels(m)  # three: no hussar mountain
        await ui.tap(people["anna"], m, "Игроков: 2")
        assert "✓ Игроков: 2" in ui.labels(m) and "Имена: А, Б" in ui.labels(m)
        await ui.tap(people["anna"], m, "Гора: делимая")
        assert "hussar_mountain=indivisible" in ui.text(m)
        assert "Гора: неделимая" in ui.labels(m)
        # Another size drops the hussar key; back to two, it is chosen again.
        await ui.tap(people["anna"], m, "Игроков: 3")
        assert "hussar_mountain" not in ui.text(m) and "Гора: неделимая" not in ui.labels(m)
        await ui.tap(people["anna"], m, "Игроков: 2")
        await ui.tap(people["anna"], m, "Гора: делимая")
        await ui.tap(people["anna"], m, "Имена: А, Б")
        assert "А: пуля, гора, затем висты — Б." in ui.text(m)
        await reply(app, chat, people["anna"], "20 3 12", m)
        photos = len(fake_tg.photos)
        caption = await reply(app, chat, people["boris"], "пуля 20 гора 0 висты А 4", m)
        assert len(fake_tg.photos) == photos + 1
    assert "А: -22 вист. = -22.00 RUB" in caption
    assert "Б: +22 вист. = +22.00 RUB" in caption
    assert "/calc сочи 2 hussar_mountain=indivisible" in ui.text(m)
    assert ui.labels(m) == []


async def test_step_by_step_five_players(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    ui = Tapper(fake_tg, chat)
    async with app.polling():
        await app.say(chat, people["anna"], "/calc впятером до 20")
        m = ui.newest()
        assert "✓ Игроков: 5" in ui.labels(m) and "Имена: А, Б, В, Г, Д" in ui.labels(m)
        # Hussar's mountain chosen, then five names typed: five it is, without the key.
        await ui.tap(people["anna"], m, "Игроков: 2")
        await ui.tap(people["anna"], m, "Гора: делимая")
        await reply(app, chat, people["anna"], "А Б В Г Д", m)
        assert "/calc сочи 5 до 20\n" in ui.text(m)
        for figures in ("20 12 30 0 0 0", "20 0 46 0 0 0", "20 7 0 0 12 0", "20 4 0 0 0 8"):
            await reply(app, chat, people["anna"], figures, m)
        assert "Д: пуля, гора, затем висты — А, Б, В, Г." in ui.text(m)
        caption = await reply(app, chat, people["anna"], "20 2 0 0 20 0", m)
    for hard in ("А: -86 вист.", "Б: +66 вист.", "В: -28 вист.", "Г: +6 вист.", "Д: +42 вист."):
        assert hard in caption, caption


# --- /import, /export, the settlement, /whatif, /stats --------------------------------


async def import_export(
    app: App, chat: dict[str, Any], user: dict[str, Any], record: dict[str, Any]
) -> dict[str, Any]:
    """``/import`` of ``record`` (as text), then ``/export``: the record file it sends."""
    got = await app.say(chat, user, "/import " + json.dumps(record, ensure_ascii=False))
    assert "Пулька загружена" in got, got
    docs = len(app.tg.documents)
    sent = app.tg.send_message(chat, user, "/export")
    await app.tg.wait_for_message(chat, lambda m: "document" in m, after=sent["message_id"])
    await app.idle()
    assert len(app.tg.documents) == docs + 1
    exported: dict[str, Any] = json.loads(app.tg.documents[-1].data.decode("utf-8"))
    return exported


async def test_a_hussar_record_imports_exports_and_settles_e2(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    other = group(fake_tg, people, "Second table")
    admin = people["admin"]
    out = calculator(HUSSAR_RECORD)
    assert [p["result"] for p in out["players"]] == [-76, 76]
    async with app.polling():
        exported = await import_export(app, chat, admin, HUSSAR_RECORD)
        assert exported == HUSSAR_RECORD
        # The exported file is a record again: the same, once more.
        assert await import_export(app, other, admin, exported) == HUSSAR_RECORD
        board = await app.say(chat, admin, "/score text")
        assert "A -76, B +76" in board
        settled = await app.say(chat, admin, "/settle")
        for line in expected_lines(out):
            assert line in settled, (line, settled)
        assert "болван" not in settled.casefold()
        assert "Сдачи пульки для таблиц (CSV, 6 шт.)" in await app.say(chat, admin, "/export csv")
        csv = fake_tg.documents[-1].data.decode("utf-8")
        assert "A → B: висты" in csv and "B → A: висты" in csv and "болван" not in csv.casefold()
        whatif = await app.say(chat, admin, "/whatif hussar_mountain=indivisible")
        assert "A: -76 → -106 вист. (-30)" in whatif, whatif
        stats = await app.say(chat, admin, "/stats")
        assert "1. B: пулек 1, висты +76" in stats and "на сдачу +12.67" in stats
        assert "Статистика чата" in await app.say(chat, admin, "/export csv stats")
        lines = fake_tg.documents[-1].data.decode("utf-8").splitlines()
        assert lines[1].startswith("B;;1;6;76;12,67;76,00")
        archived = await app.say(chat, admin, "/pulka 1")
        assert "За столом: A, B" in archived and "A → B: 76.00 RUB" in archived


async def test_a_five_player_record_imports_exports_and_settles(
    app: App, fake_tg: FakeTelegram, people: dict[str, Any]
) -> None:
    chat = group(fake_tg, people)
    other = group(fake_tg, people, "Second table")
    admin = people["admin"]
    out = calculator(FIVE_RECORD)
    assert sum(p["result"] for p in out["players"]) == 0
    async with app.polling():
        exported = await import_export(app, chat, admin, FIVE_RECORD)
        assert exported["players"] == FIVE_RECORD["players"]
        assert exported["rules"] == FIVE_RECORD["rules"]
        assert load_document(exported).deals == load_document(FIVE_RECORD).deals
        # Exported, imported and exported again: the same file.
        assert await import_export(app, other, admin, exported) == exported
        settled = await app.say(chat, admin, "/settle")
        for line in expected_lines(out):
            assert line in settled, (line, settled)
        # The settled message has a "Paid"/"Received" row per payment, the fifth seat's
        # too: "Received" by P5 (seat 4), pressed for the guest by an administrator.
        buttons = [
            (m["message_id"], b["text"], b["callback_data"])
            for m in fake_tg.sent_messages(chat)
            for row in m.get("reply_markup", {}).get("inline_keyboard", [])
            for b in row
            if b["callback_data"].startswith("v1db:")
        ]
        assert len(buttons) == 2 * len(out["payments"]), buttons
        message_id, label, data = next(x for x in buttons if x[2].endswith(":4:1"))
        payer = next(p["from"] for p in out["payments"] if p["to"] == "P5")
        assert label == f"📥 P5 ← {payer}: получено"
        assert f"{payer} → P5: " in await app.say(chat, admin, "/debts")  # open
        await Tapper(fake_tg, chat).press(admin, message_id, data)
        debts = await app.say(chat, admin, "/debts")
        assert f"{payer} → P5: " not in debts and f"{payer} → P5 " in debts  # received
        assert "Сдачи пульки для таблиц (CSV, 10 шт.)" in await app.say(chat, admin, "/export csv")
        assert "Что если" in await app.say(chat, admin, "/whatif greedy")
        stats = await app.say(chat, admin, "/stats")
        # Six deals played (four corrections aside); each of the five sat at three of
        # the first five and at the raspasy unless he sat it out (P1 and P5 did).
        assert "Статистика чата: 1 расписанная пулька" in stats
        assert "Статистика чата" in await app.say(chat, admin, "/export csv stats")
        rows = {
            r.split(";")[0]: r.split(";")
            for r in fake_tg.documents[-1].data.decode("utf-8-sig").splitlines()[1:]
        }
        assert {k: int(v[3]) for k, v in rows.items()} == {
            "P1": 3,
            "P2": 4,
            "P3": 4,
            "P4": 4,
            "P5": 3,
        }
        archived = await app.say(chat, admin, "/pulka 1")
        assert "За столом: P1, P2, P3, P4, P5" in archived
        for line in expected_lines(out):
            assert line in archived, (line, archived)
