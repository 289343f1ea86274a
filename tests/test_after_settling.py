"""A correction after settling: written as an amendment after
the settlement, by a reply to the bot's message about the settled pulka; the archive
shows the settlement as agreed and, next to it, the correction and the results with it.

End to end through the real Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from harness import App
from test_ending import Evening

from bot.model import Written
from bot.storage.pulkas import of_place
from bot.views.texts import Texts
from bot.views.written import written_text

#: What the Sochi pulka of ``Evening.settled_evening`` (to 2, 1 a whist) settled at.
AGREED = "Anna +8⅔ (+8.67 RUB), Boris -15⅓ (-15.33 RUB), Vera +6⅔ (+6.67 RUB)"
#: The same with Anna's mountain 2 less (written after settling).
AMENDED = "Anna +22 (+22.00 RUB), Boris -22 (-22.00 RUB), Vera 0 (0.00 RUB)"
FIX = "/correct Anna гора -2 — ошиблись в подсчёте"


async def reply(e: Evening, who: str, text: str, to: int) -> dict[str, Any]:
    """``who`` sends ``text`` in reply to message ``to``; the bot's first answer."""
    sent = e.tg.send_message(e.chat, e.p[who], text, reply_to=to)
    answer = await e.tg.wait_for_message(e.chat, after=sent["message_id"])
    await e.app.idle()
    return answer


def amend_payloads(app: App) -> list[dict[str, Any]]:
    con = sqlite3.connect(app.db)
    try:
        rows = con.execute("SELECT kind, payload FROM events ORDER BY id").fetchall()
    finally:
        con.close()
    return [json.loads(p) for k, p in rows if k == "amend"]


async def test_a_correction_after_settling_is_an_amendment_shown_in_the_archive(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    async with app.polling():
        await e.start("sochi 2 1")
        await e.settled_evening()
        board = await e.board()
        answer = await reply(e, "boris", FIX, board)
        text = str(answer.get("text", ""))
        assert "Поправка к расписанной пульке №1 записана" in text
        assert "Boris — Anna: гора -2 (ошиблись в подсчёте)" in text
        assert "С поправками" in text
        assert "Anna: +22 вист." in text and "Boris: -22 вист." in text
        # Stored after the settlement, naming no deal: the settlement is as agreed.
        [payload] = amend_payloads(app)
        assert "event" not in payload and payload["deal"]["type"] == "correction"
        assert await app.count("settle") == 1
        # An answer lost after the commit is told from the event (bot/telegram/delivery.py).
        async with app.storage.read() as tx:
            [listed] = await of_place(tx, e.chat["id"], 0)
        table = await app.keeper.get(listed.pulka_id)
        assert table is not None
        [(event, _)] = table.corrections_after_settling
        lost = written_text(Texts("ru"), Written(table, True, event.id, event))
        assert "Поправка после расчёта записана" in lost and "Anna: +22 вист." in lost

        shown = await e.say("vera", "/pulka 1")
        agreed, amended = shown.split("Поправки после расчёта:", 1)
        assert "Anna: +8⅔" in agreed and "Boris: -15⅓" in agreed
        assert "Anna: +8⅔ вист. = +8.67 RUB" in agreed and "Anna: +22" not in agreed
        assert "Округление: Anna +8.66 вместо +8.67 RUB — чтобы платежи сошлись в ноль." in agreed
        assert "Boris — Anna: гора -2 (ошиблись в подсчёте)" in amended
        assert "Anna: +22 вист." in amended and "Vera: 0 вист." in amended
        listing = await e.say("anna", "/pulkas")
        assert AGREED in listing
        assert "1 поправка после расчёта, с ними: " + AMENDED in listing
        # The board (the message replied to) shows the results with it as well.
        assert "1 поправка после расчёта, с ними: " + AMENDED in e.ui.text(board)

        # The answer to the correction names the pulka too: a second correction by
        # a reply to it, then the archive shows both.
        second = await reply(e, "admin", "/correct Vera пуля 1", int(answer["message_id"]))
        assert "Admin — Vera: пуля +1" in str(second.get("text"))
        assert "2 поправки после расчёта" in await e.say("anna", "/pulkas")


async def test_a_stranger_may_not_and_a_redelivered_correction_is_written_once(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    async with app.polling():
        await e.start("sochi 2 1")
        await e.settled_evening()
        board = await e.board()
        refused = await reply(e, "stranger", FIX, board)
        assert "только игроки пульки и администраторы" in str(refused.get("text"))
        assert amend_payloads(app) == []

        # Replying to the settlement message itself; then the update delivered again.
        settlement = next(
            m
            for m in reversed(e.tg.sent_messages(e.chat))
            if "Роспись заперта" in str(m.get("text"))
        )
        sent = e.tg.send_message(e.chat, e.p["vera"], FIX, reply_to=settlement)
        await e.tg.wait_for_message(e.chat, after=sent["message_id"])
        await app.idle()
        e.tg.updates.push({"message": sent})
        await app.idle()
        answers = [
            m["text"]
            for m in e.tg.sent_messages(e.chat)
            if "Поправка к расписанной пульке" in str(m.get("text"))
        ]
        assert len(answers) == 2 and answers[0] == answers[1]
        assert len(amend_payloads(app)) == 1
        assert "1 поправка после расчёта, с ними: " + AMENDED in await e.say("anna", "/pulkas")


async def test_a_plain_correct_after_settling_says_how_and_a_new_pulka_takes_it(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    async with app.polling():
        await e.start("sochi 2 1")
        await e.settled_evening()
        how = await e.say("anna", "/correct Anna гора -2")
        assert "пулька №1 уже расписана" in how
        assert "ответом на сообщение бота" in how and "/pulka 1" in how
        assert amend_payloads(app) == [] and await app.count("deal") == 3

        # The archive's message works as the reply, as does /pulka N's answer.
        shown = await e.app.reply_msg(e.chat, e.p["anna"], "/pulka 1")
        done = await reply(e, "anna", "/fix Boris висты Vera 4", int(shown["message_id"]))
        assert "Anna — Boris → Vera: висты +4" in str(done.get("text"))
        # A pulka running again: a plain /correct is its own, as before.
        await e.start("sochi 2 1")
        assert "Поправка" not in await e.say("anna", "/correct Anna гора -2")
        assert await app.count("deal") == 4 and len(amend_payloads(app)) == 1
