"""The "Received" buttons of a settled pulka say from whom: a winner paid by two
players has two buttons that differ, each closing its own payment."""

from __future__ import annotations

from typing import Any

from harness import App
from test_debts import debt_message
from test_ending import SETTLE, Evening

#: Anna whists on both others' games: she alone wins, Boris and Vera pay her.
ANNA_WINS = (
    ("anna", "/deal Anna 6s 6 Boris pass Vera pass"),
    ("boris", "/deal Boris 6s 6 Anna whist 4 Vera pass 0"),
    ("vera", "/deal Vera 6s 6 Anna whist 4 Boris pass 0"),
)


async def test_a_winner_paid_by_two_has_a_received_button_for_each(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    p = people
    async with app.polling():
        await e.start("sochi 2 1")
        for who, text in ANNA_WINS:
            assert "Сдача №" in await e.say(who, text)
        board = await e.board()
        assert (await e.ui.tap(p["vera"], board, SETTLE))["text"] == "Готово"
        await app.idle()
        msg = debt_message(e)
        labels = e.ui.labels(msg)
        received = [x for x in labels if x.startswith("📥")]
        assert received == ["📥 Anna ← Boris: получено", "📥 Anna ← Vera: получено"], labels
        got = await e.ui.tap(p["anna"], msg, "📥 Anna ← Vera: получено")
        assert got["text"].startswith("Отмечено: Vera → Anna ")
        assert "📥 Anna ← Boris: получено" in e.ui.labels(msg)
        assert "📥 Anna ← Vera: получено" not in e.ui.labels(msg)
