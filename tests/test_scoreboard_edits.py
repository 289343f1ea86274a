"""The scoreboard's edit goes out beside a deal's answer (the table waits for one round
trip, not two), and a burst of deals edits it once, with the last state."""

from __future__ import annotations

from typing import Any

from fakebotapi.server import Call
from harness import App, group
from test_bot_buttons import Table, seated

#: A slow Bot API: long enough that a second call made after the first finished shows.
ROUND_TRIP = 0.3

DEALS = (
    "/deal raspasy Anna 1 Boris 4 Vera 5",
    "/deal Anna 6s 6 Boris whist 3 Vera pass 1",
    "/deal raspasy Anna 3 Boris 3 Vera 4",
    "/deal Boris 7h 7 Anna whist 2 Vera pass 1",
    "/deal raspasy Anna 2 Boris 5 Vera 3",
)


def board_edits(app: App, board: int, since: int) -> list[Call]:
    return [
        c
        for c in app.tg.calls[since:]
        if c.method.lower() == "editmessagetext" and c.params.get("message_id") == board
    ]


def answers(app: App, since: int) -> list[Call]:
    return [c for c in app.tg.calls[since:] if c.method.lower() == "sendmessage"]


async def test_a_deal_is_answered_while_its_board_is_edited(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        since = len(tg.calls)
        tg.slow("sendMessage", ROUND_TRIP)
        tg.slow("editMessageText", ROUND_TRIP)
        assert "Сдача №1" in await t.say("anna", DEALS[0])
        tg.recover()
    (edit,) = board_edits(app, t.board, since)
    (answer,) = answers(app, since)
    assert edit.ok and answer.ok
    assert edit.finished is not None and answer.finished is not None
    # Each was asked for before the other was answered: one round trip, not two.
    assert answer.started < edit.finished and edit.started < answer.finished
    assert "сдача №1" in await app.board(chat)


async def test_a_burst_of_deals_edits_the_board_once_with_the_last(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        tg.slow("editMessageText", ROUND_TRIP)
        start = len(tg.calls)
        tg.send_message(chat, p["anna"], DEALS[0])
        # The rest come while the first deal's board edit is on its way: they wait
        # in the chat's lane behind it.
        await tg.wait_for(lambda: bool(board_edits(app, t.board, start)))
        since = len(tg.calls)
        for text in DEALS[1:]:
            tg.send_message(chat, p["anna"], text)
        await app.idle()
        tg.recover()
        told = [m.get("text", "") for m in tg.sent_messages(chat)]
    assert await app.count("deal") == len(DEALS)
    # Every deal is answered, in order ...
    numbers = [n for n in range(1, len(DEALS) + 1) if any(f"Сдача №{n}" in x for x in told)]
    assert numbers == list(range(1, len(DEALS) + 1))
    # ... and the board is edited once for the four that queued, showing the last.
    assert len(board_edits(app, t.board, since)) == 1
    assert f"сдача №{len(DEALS)}" in await app.board(chat)
