"""Never lie about a deal: what is committed is confirmed, whatever Telegram does after.

Telegram can fail between a commit and its answer (a 500, a flood limit beyond
the retries, the message to edit deleted), and it delivers a press again when
the bot stopped before answering it.  Each case here checks that the chat is
told what was written, that nothing is written twice, and that no apology is
sent for work that committed.
"""

from __future__ import annotations

import copy
from typing import Any

from harness import App, group
from test_bot_buttons import NEW_DEAL, STALE, WRITE, Table, seated

APOLOGY = "что-то пошло не так"


def redeliver(app: App, query: dict[str, Any]) -> dict[str, Any]:
    """The same press delivered again (as after a restart): the message as it was then."""
    again = copy.deepcopy(query)
    again["id"] = query["id"] + "0"  # a fresh answer slot in the fake; same press otherwise
    app.tg.pending_callbacks[again["id"]] = again
    app.tg.updates.push({"callback_query": again})
    return again


async def wizard_ready(t: Table) -> int:
    """A wizard on "Write it" for Vera's 7♥ with Anna whisting, 7 tricks."""
    wizard = await t.ui.tap_new(t.p["anna"], t.board, NEW_DEAL)
    for label in ("Vera", "7♥", "Anna вист · Boris пас", "7"):
        await t.ui.tap(t.p["vera"], wizard, label)
    return wizard


def texts(app: App, chat: dict[str, Any]) -> list[str]:
    return [str(m.get("text", m.get("caption", ""))) for m in app.tg.sent_messages(chat)]


async def test_a_redelivered_write_it_answers_what_it_wrote(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        wizard = await wizard_ready(t)
        # The write commits, then every answer fails (the bot "stops" before answering).
        for method in ("editMessageText", "sendMessage", "answerCallbackQuery"):
            tg.fail_next(method, times=6, error_code=500, description="Internal Server Error")
        first = tg.press_button(chat, p["vera"], wizard, t.ui.data(wizard, WRITE))
        await app.idle()
        assert await app.count("deal") == 1
        assert STALE not in t.ui.text(wizard)
        tg.recover()
        # Delivered again: the same press, the message as it was (with "Write it").
        again = redeliver(app, first)
        answer = await tg.wait_for(lambda: tg.callback_answer(again["id"]))
        assert answer["text"] == "Записано: сдача №1"
        await app.idle()
        assert "Сдача №1: Vera 7♥" in t.ui.text(wizard)
        assert "сдача №1: Vera 7♥" in t.ui.text(t.board)
    assert await app.count("deal") == 1


async def test_a_redelivered_undo_names_the_deal_it_undid(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        assert "Сдача №1" in await t.say("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        prompt = await t.ui.tap_new(p["anna"], t.ui.newest(), "↩️ Отменить сдачу")
        first = tg.press_button(chat, p["anna"], prompt, t.ui.data(prompt, "Да, отменить"))
        await app.idle()
        done = t.ui.text(prompt)
        assert "Сдача №1 отменена (Anna 6♠" in done
        again = redeliver(app, first)
        await tg.wait_for(lambda: tg.callback_answer(again["id"]))
        await app.idle()
        assert t.ui.text(prompt) == done  # the same words, the number and the deal named
    assert await app.count("undo") == 1


async def test_a_redelivered_end_by_agreement_sends_the_final_sheet(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        await t.say("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        await t.say("anna", "/settle")
        offer = next(m for m in reversed(tg.sent_messages(chat)) if "reply_markup" in m)
        data = t.ui.data(offer["message_id"], "Закончить по согласию")
        # Boris agrees first; Anna's agreement is the majority that ends it.
        await t.ui.press(p["boris"], offer["message_id"], data)
        tg.fail_next("sendPhoto", times=6, error_code=500, description="Internal Server Error")
        first = tg.press_button(chat, p["anna"], offer["message_id"], data)
        await app.idle()
        photos = len(tg.calls_to("sendPhoto"))
        tg.recover()
        again = redeliver(app, first)
        await tg.wait_for(lambda: tg.callback_answer(again["id"]))
        await app.idle()
        sent = [c for c in tg.calls_to("sendPhoto")[photos:] if not c.error]
        assert sent, "the final sheet is sent when the press comes again"
        assert "закончена по согласию" in t.ui.text(offer["message_id"])
    assert await app.count("end") == 1


async def test_a_500_after_the_commit_is_retried_and_the_deal_confirmed(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        tg.fail_next("sendMessage", times=1, error_code=500, description="Internal Server Error")
        answer = await t.say("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        assert "Сдача №1" in answer
    assert await app.count("deal") == 1


async def test_failures_beyond_the_retries_never_apologise_for_a_written_deal(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        before = len(texts(app, chat))
        # More failures than one answer retries: the answer is lost, and the error
        # handler (after the commit) confirms the deal instead of apologising.
        tg.fail_next("sendMessage", times=4, error_code=500, description="Internal Server Error")
        tg.send_message(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        await app.idle()
        said = texts(app, chat)[before:]
        assert not any(APOLOGY in s for s in said), said
        assert any("Сдача №1" in s for s in said), said
    assert await app.count("deal") == 1


async def test_a_deleted_wizard_gets_the_deal_as_a_fresh_message(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        wizard = await wizard_ready(t)
        tg.fail_next(
            "editMessageText", times=1, description="Bad Request: message to edit not found"
        )
        before = t.ui.newest()
        answer = await t.ui.tap(p["vera"], wizard, WRITE)
        assert answer["text"] == "Записано: сдача №1"
        await app.idle()
        fresh = [m for m in tg.sent_messages(chat) if m["message_id"] > before]
        assert any("Сдача №1: Vera 7♥" in str(m.get("text")) for m in fresh)
    assert await app.count("deal") == 1


async def test_a_flood_limit_after_the_commit_is_waited_out(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        # More 429s than the session middleware retries: the answer still arrives.
        tg.flood("sendMessage", times=5, retry_after=1)
        sent = tg.send_message(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        reply = await tg.wait_for_message(chat, after=sent["message_id"], timeout=20)
        assert "Сдача №1" in str(reply.get("text"))
    assert await app.count("deal") == 1


async def test_a_player_who_left_the_chat_cannot_write_by_button(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        tg.chat_state(chat).members.discard(p["boris"]["id"])  # Boris left the group
        answer = await t.ui.tap(p["boris"], t.board, NEW_DEAL)
        assert "только игроки" in answer["text"]
        # Anna is still there: her press opens the wizard.
        assert await t.ui.tap_new(p["anna"], t.board, NEW_DEAL)
    assert await app.count("deal") == 0


async def test_a_record_sent_in_a_private_chat_is_answered(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    private = tg.private_chat(p["anna"])
    async with app.polling():
        sent = tg.send_message(
            private, p["anna"], "", document=("pulka.json", b'{"format": "pulka/1"}')
        )
        reply = await tg.wait_for_message(private, after=sent["message_id"])
        assert "групп" in str(reply.get("text"))
