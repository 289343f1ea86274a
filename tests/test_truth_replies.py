"""What a committed write did is told, whatever Telegram does to its answer."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from harness import App, group
from test_debt_buttons import ANNA_WINS
from test_debts import debt_message
from test_ending import AGAIN, SETTLE, TO_TWO, Evening
from test_truth_after_commit import redeliver

APOLOGY = "что-то пошло не так"
NOT_DONE = "не выполнена"
RECORD = (
    '{"format": "pulka/1", "players": ["A", "B", "C"], "deals": ['
    '{"type": "correction", "player": "A", "mountain": 2},'
    '{"type": "correction", "player": "B", "mountain": 4}]}'
)
FAIL = {"error_code": 500, "description": "Internal Server Error"}


def texts(app: App, chat: dict[str, Any]) -> list[str]:
    return [str(m.get("text", m.get("caption", ""))) for m in app.tg.sent_messages(chat)]


async def test_an_import_whose_answer_fails_says_it_imported(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        # More failures than one send retries: the answer is lost after the commit.
        tg.fail_next("sendMessage", times=3, **FAIL)
        tg.send_message(chat, p["anna"], "/import " + RECORD)
        await app.idle()
        said = texts(app, chat)
        assert not any(APOLOGY in s or NOT_DONE in s for s in said), said
        assert any("Пулька загружена" in s for s in said), said
    assert await app.count("deal") == 2


async def test_a_join_whose_answer_fails_is_told_without_an_error_in_the_log(
    app: App, people: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    caplog.set_level(logging.WARNING)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 10")
        tg.fail_next("sendMessage", times=3, **FAIL)
        tg.send_message(chat, p["anna"], "/join")
        await app.idle()
        said = texts(app, chat)
        assert any("Anna садится за стол, место 1" in s for s in said), said
        assert not any(APOLOGY in s for s in said), said
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, caplog.text
    assert any("answered after its commit" in r.getMessage() for r in caplog.records)
    assert await app.count("join") == 1


async def test_an_import_of_a_file_telegram_cannot_give_back_says_so(
    app: App, people: dict[str, Any], caplog: pytest.LogCaptureFixture, monkeypatch: Any
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    caplog.set_level(logging.WARNING)
    # getFile hands out a path, but the download answers 404: the file is gone.
    monkeypatch.setattr(tg.files, "at_path", lambda path: None)
    async with app.polling():
        sent = tg.send_message(chat, p["anna"], "/import", document=("p.json", RECORD.encode()))
        reply = await tg.wait_for_message(chat, after=sent["message_id"])
        await app.idle()
        assert reply["text"] == "Не удалось получить файл от Telegram. Пришлите его ещё раз."
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert await app.count() == 0


async def test_same_table_again_with_a_failed_send_says_the_new_pulka_started(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    tg = app.tg
    async with app.polling():
        await e.start("sochi 2 0.5")
        for who, text in TO_TWO:
            await e.say(who, text)
        board = await e.board()
        await e.ui.tap(e.p["vera"], board, SETTLE)
        # The new board's send fails beyond its retries: the pulka and its seats are written.
        tg.fail_next("sendMessage", times=3, **FAIL)
        first = tg.press_button(e.chat, e.p["boris"], board, e.ui.data(board, AGAIN))
        answer = await tg.wait_for(lambda: tg.callback_answer(first["id"]))
        await app.idle()
        assert answer["text"] == "Записано. Ответ не дошёл, повторяю его в чате."
        started = "Начата новая пулька тем же составом: Anna, Boris, Vera."
        assert texts(app, e.chat)[-1] == started
        assert not any(APOLOGY in s for s in texts(app, e.chat))
        # His tap delivered again (as after a restart): what his tap did, and the board.
        again = redeliver(app, first)
        answer = await tg.wait_for(lambda: tg.callback_answer(again["id"]))
        await app.idle()
        assert answer["text"] == started
        new_board = await e.board()
        pins = [c.params.get("message_id") for c in tg.calls_to("pinChatMessage")]
        assert new_board != board and str(new_board) in map(str, pins)
        assert "Первым раздаёт Anna" in e.ui.text(new_board)
        # Another player's tap: started already.
        other = await e.ui.tap(e.p["vera"], board, AGAIN)
        assert other["text"] == "Новая пулька этим составом уже начата."
    pulkas = await e.pulkas()
    assert len(pulkas) == 2 and pulkas[1][1] == "active"


async def test_paid_whose_press_answer_fails_is_said_in_the_chat(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    tg, p = app.tg, people
    async with app.polling():
        await e.start("sochi 2 1")
        for who, text in ANNA_WINS:
            await e.say(who, text)
        board = await e.board()
        await e.ui.tap(p["vera"], board, SETTLE)
        await app.idle()
        msg = debt_message(e)
        before = len(texts(app, e.chat))
        # The press's answer fails beyond its retries; the event is written.
        tg.fail_next("answerCallbackQuery", times=3, **FAIL)
        tg.press_button(e.chat, p["anna"], msg, e.ui.data(msg, "📥 Anna ← Vera: получено"))
        await app.idle()
        said = texts(app, e.chat)[before:]
        assert any(s.startswith("Отмечено: Vera → Anna ") for s in said), said
        assert "📥 Anna ← Vera: получено" not in e.ui.labels(msg)
    assert await app.count("received") == 1
