"""What a committed write did is told, whatever Telegram does to its answer."""

from __future__ import annotations

from typing import Any

from harness import App, group

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
