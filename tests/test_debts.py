"""Debts between nights: "Paid" / "Received" on each payment line of a settled
pulka, ``/debts`` netted per pair across the chat's pulkas; nothing of it changes a result.

End to end through the real Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from harness import App
from test_after_settling import FIX, reply
from test_ending import SETTLE, TO_TWO, Evening

from bot.actions.nights import chat_nights
from bot.model import debts
from bot.views.buttons import DebtCB

#: Anna's deals become Boris's, Boris's Vera's, Vera's Anna's.
ROTATE = {"Anna": "Boris", "Boris": "Vera", "Vera": "Anna"}


def rotated(text: str, times: int) -> str:
    words = text.split()
    for _ in range(times):
        words = [ROTATE.get(w, w) for w in words]
    return " ".join(words)


def debt_message(e: Evening) -> int:
    """The newest message with "Paid" / "Received" buttons."""
    for m in reversed(e.tg.sent_messages(e.chat)):
        if "v1db:" in json.dumps(m.get("reply_markup") or {}):
            return int(m["message_id"])
    raise AssertionError("no message with debt buttons")


async def night(e: Evening, times: int, args: str = "sochi 2 1") -> int:
    """A Sochi pulka to 2 (``TO_TWO`` with the roles turned ``times``), settled by the
    board's button; the settlement's message."""
    await e.start(args)
    for who, text in TO_TWO:
        assert "Сдача №" in await e.say(who, rotated(text, times))
    board = await e.board()
    assert (await e.ui.tap(e.p["vera"], board, SETTLE))["text"] == "Готово"
    await e.app.idle()
    return debt_message(e)


def data(pulka: int, payer: int, payee: int, got: int) -> str:
    return DebtCB(pulka=pulka, payer=payer, payee=payee, got=got).pack()


async def test_three_pulkas_netted_and_confirmed_by_payer_and_payee(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    p = people
    async with app.polling():
        assert "Долгов нет: в чате ещё нет расписанных пулек" in await e.say("anna", "/debts")
        first = await night(e, 0)  # Boris -> Anna 8.66, Boris -> Vera 6.67
        second = await night(e, 1)  # Vera -> Boris 8.66, Vera -> Anna 6.67
        third = await night(e, 2, "sochi 2 1 EUR")  # Anna -> Vera 8.66, Anna -> Boris 6.67
        assert e.ui.labels(first) == [
            "💸 Boris → Anna 8.66: оплачено",
            "📥 Anna ← Boris: получено",
            "💸 Boris → Vera 6.67: оплачено",
            "📥 Vera ← Boris: получено",
            "🔁 Тем же составом",
            "📄 Запись пульки",
        ]
        assert "💸 Anna → Vera 8.66: оплачено" in e.ui.labels(third)
        before = [n.final for n in await chat_nights(app.keeper, e.chat["id"])]
        text = await e.say("gleb", "/debts")
        # Netted per pair: Boris owes Vera 6.67 (№1), Vera owes Boris 8.66 (№2).
        assert text.splitlines()[1:6] == [
            "Boris → Anna: 8.66 RUB (пулька №1)",
            "Vera → Boris: 1.99 RUB (пульки: №1, №2)",
            "Vera → Anna: 6.67 RUB (пулька №2)",
            "Anna → Vera: 8.66 EUR (пулька №3)",
            "Anna → Boris: 6.67 EUR (пулька №3)",
        ]
        assert "Отметки" not in text

        # "Paid" is the payer's: Anna (the payee) and a stranger are refused.
        wrong = await e.ui.tap(p["anna"], first, "💸 Boris → Anna 8.66: оплачено")
        assert wrong["show_alert"] and wrong["text"] == (
            "«Оплачено» отмечает тот, кто платит: Boris (получатель — Anna — отмечает «Получено»)."
        )
        stranger = await e.ui.tap(p["stranger"], first, "💸 Boris → Anna 8.66: оплачено")
        assert stranger["show_alert"] and "отмечает тот, кто платит: Boris" in stranger["text"]
        assert await app.count("paid") == 0
        paid = await e.ui.tap(p["boris"], first, "💸 Boris → Anna 8.66: оплачено")
        assert paid["text"] == (
            "Отмечено: Boris → Anna 8.66 RUB оплачено. Закроет долг «Получено» — Anna."
        )
        assert not paid.get("show_alert")
        assert e.ui.labels(first)[:2] == [
            "☑️ Boris → Anna 8.66: оплачено, ждём",
            "📥 Anna ← Boris: получено",
        ]
        # The same press again (the same callback): nothing more is written.
        again = await e.ui.press(p["boris"], first, data(1, 1, 0, 0))
        assert again["text"] == (
            "Уже отмечено: Boris → Anna 8.66 RUB оплачено; ждём «Получено» — Anna."
        )
        assert await app.count("paid") == 1
        assert (
            "Boris → Anna: 8.66 RUB (пулька №1)\n💸 из них оплачено 8.66, ждём «Получено» — Anna"
            in (await e.say("vera", "/debts"))
        )

        # "Received" is the payee's.
        wrong = await e.ui.tap(p["boris"], first, "📥 Anna ← Boris: получено")
        assert wrong["show_alert"] and wrong["text"].startswith(
            "«Получено» отмечает тот, кто получает: Anna"
        )
        got = await e.ui.tap(p["anna"], first, "📥 Anna ← Boris: получено")
        assert got["text"] == "Отмечено: Boris → Anna 8.66 RUB получено. Долг закрыт."
        assert e.ui.labels(first)[:3] == [
            "✅ Boris → Anna 8.66",
            "💸 Boris → Vera 6.67: оплачено",
            "📥 Vera ← Boris: получено",
        ]
        again = await e.ui.press(p["anna"], first, data(1, 1, 0, 1))
        assert again["text"] == "Уже закрыто: Boris → Anna, получено полностью."
        again = await e.ui.tap(p["anna"], first, "✅ Boris → Anna 8.66")
        assert again["text"] == "Уже закрыто: Boris → Anna, получено полностью."
        assert await app.count("received") == 1

        # Received without "Paid" first closes the line too: Vera -> Boris of №2.
        got = await e.ui.tap(p["boris"], second, "📥 Boris ← Vera: получено")
        assert got["text"] == "Отмечено: Vera → Boris 8.66 RUB получено. Долг закрыт."
        assert await app.count("received") == 2 and await app.count("paid") == 1

        text = await e.say("anna", "/debts")
        assert text.splitlines()[1:5] == [
            "Boris → Vera: 6.67 RUB (пулька №1)",
            "Vera → Anna: 6.67 RUB (пулька №2)",
            "Anna → Vera: 8.66 EUR (пулька №3)",
            "Anna → Boris: 6.67 EUR (пулька №3)",
        ]
        assert "Boris → Anna:" not in text
        marks = text.split("Отметки:\n", 1)[1].splitlines()
        assert [m.split(" · ", 2)[0] for m in marks[:3]] == ["№1", "№1", "№2"]
        assert marks[0].endswith("Boris → Anna 8.66 RUB: оплачено — отметка: Boris")
        assert marks[1].endswith("Boris → Anna 8.66 RUB: получено — отметка: Anna")
        assert marks[2].endswith("Vera → Boris 8.66 RUB: получено — отметка: Boris")
        # One player's debts only.
        vera = await e.say("anna", "/debts vera")
        assert vera.splitlines()[0].startswith("Долги — Vera")
        assert vera.splitlines()[1:4] == [
            "Boris → Vera: 6.67 RUB (пулька №1)",
            "Vera → Anna: 6.67 RUB (пулька №2)",
            "Anna → Vera: 8.66 EUR (пулька №3)",
        ]
        assert "Anna → Boris" not in vera
        # A name of nobody at these tables: said so, with the names there are.
        nobody = await e.say("anna", "/debts Вася")
        assert nobody.startswith("«Вася» — не из игроков расписанных пулек чата: Anna,")
        assert "/debts Anna" in nobody

        # /pulka 1 of the archive shows the lines as they are, with the same buttons.
        await e.say("boris", "/pulka 1")
        shown = debt_message(e)
        assert shown != first
        assert e.ui.labels(shown) == [
            "✅ Boris → Anna 8.66",
            "💸 Boris → Vera 6.67: оплачено",
            "📥 Vera ← Boris: получено",
            "📄 Запись пульки",
        ]
        got = await e.ui.tap(p["vera"], shown, "📥 Vera ← Boris: получено")
        assert got["text"] == "Отмечено: Boris → Vera 6.67 RUB получено. Долг закрыт."
        assert e.ui.labels(shown) == [
            "✅ Boris → Anna 8.66",
            "✅ Boris → Vera 6.67",
            "📄 Запись пульки",
        ]
        # Nothing of it changes a result.
        assert [n.final for n in await chat_nights(app.keeper, e.chat["id"])] == before
        assert "Boris: -15⅓ вист. = -15.33 RUB" in e.ui.text(shown)


async def test_a_correction_after_settling_reopens_the_difference(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    p = people
    async with app.polling():
        await e.start("sochi 2 1")
        await e.settled_evening()
        await app.idle()
        msg = debt_message(e)
        pulka = (await chat_nights(app.keeper, e.chat["id"]))[0].pulka_id
        await e.ui.tap(p["anna"], msg, "📥 Anna ← Boris: получено")  # 8.66 of Boris's
        await e.ui.tap(p["vera"], msg, "📥 Vera ← Boris: получено")  # 6.67 of Boris's
        assert "Открытых долгов нет: всё расписанное получено." in await e.say("anna", "/debts")
        # Anna's mountain 2 less: Boris owes Anna 22.00, Vera nothing.
        await reply(e, "boris", FIX, await e.board())
        [n] = await chat_nights(app.keeper, e.chat["id"])
        assert [(x.payer, x.payee, x.amount) for x in n.final.payments] == [
            ("Boris", "Anna", Decimal("22.00"))
        ]
        text = await e.say("anna", "/debts")
        assert text.splitlines()[1:3] == [
            "Boris → Anna: 13.34 RUB (пулька №1)",
            "Vera → Boris: 6.67 RUB (пулька №1)",  # received too much: paid back
        ]
        assert [(ln.payer, ln.payee, ln.due, ln.open) for ln in debts.night_lines(n)] == [
            (1, 0, Decimal("22.00"), Decimal("13.34")),
            (2, 1, Decimal("0.00"), Decimal("6.67")),
        ]
        # The old buttons confirm what is open now: 13.34 more for Anna.
        got = await e.ui.press(p["anna"], msg, data(pulka, 1, 0, 1))
        assert got["text"] == "Отмечено: Boris → Anna 13.34 RUB получено. Долг закрыт."
        assert e.ui.labels(msg)[:3] == [
            "✅ Boris → Anna 22.00",
            "💸 Vera → Boris 6.67: оплачено",
            "📥 Boris ← Vera: получено",
        ]
        # The paid-back line: Vera pays, Boris receives.
        wrong = await e.ui.tap(p["anna"], msg, "💸 Vera → Boris 6.67: оплачено")
        assert wrong["show_alert"] and "отмечает тот, кто платит: Vera" in wrong["text"]
        await e.ui.tap(p["vera"], msg, "💸 Vera → Boris 6.67: оплачено")
        await e.ui.tap(p["boris"], msg, "📥 Boris ← Vera: получено")
        assert e.ui.labels(msg)[:1] == ["✅ Boris → Anna 22.00"]
        assert "Vera → Boris" not in " ".join(e.ui.labels(msg))
        text = await e.say("anna", "/debts")
        assert "Открытых долгов нет: всё расписанное получено." in text
        assert text.count("получено — отметка") == 4 and text.count("оплачено — отметка") == 1
        assert await app.count("received") == 4 and await app.count("paid") == 1
        assert await app.count("settle") == 1


async def test_a_guest_is_confirmed_for_by_the_other_party_or_an_admin_in_english(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    p = people
    async with app.polling():
        assert "English" in await e.say("anna", "/lang en")
        await e.say("anna", "/newpulka sochi 2 1 RUB")
        assert "takes seat" in await e.say("anna", "/join")
        assert "takes seat" in await e.say("boris", "/join")
        assert "Gena takes seat" in await e.say("anna", "/join Gena")
        for who, text in TO_TWO:
            writer = "anna" if who == "vera" else who  # Vera is not at this table
            assert "Deal " in await e.say(writer, text.replace("Vera", "Gena"))
        board = await e.board()
        assert (await e.ui.tap(p["anna"], board, "🧮 Settle"))["text"] == "Done"
        await app.idle()
        msg = debt_message(e)
        assert e.ui.labels(msg)[:4] == [
            "💸 Boris → Anna 8.66: paid",
            "📥 Anna ← Boris: received",
            "💸 Boris → Gena 6.67: paid",
            "📥 Gena ← Boris: received",
        ]
        # Gena has no Telegram: Vera (not at that table) may not receive for Gena.
        wrong = await e.ui.tap(p["vera"], msg, "📥 Gena ← Boris: received")
        assert wrong["show_alert"] and wrong["text"] == (
            "Gena has no Telegram: “Received” for this player is pressed by Boris "
            "(if also without Telegram, by any player of the pulka) or by an admin of the chat."
        )
        paid = await e.ui.tap(p["boris"], msg, "💸 Boris → Gena 6.67: paid")
        assert paid["text"] == "Noted: Boris → Gena 6.67 RUB paid. “Received” by Gena closes it."
        text = await e.say("anna", "/debts")
        assert text.splitlines()[1:4] == [
            "Boris → Anna: 8.66 RUB (pulka #1)",
            "Boris → Gena: 6.67 RUB (pulka #1)",
            "💸 of it paid 6.67, waiting for “Received” by Gena",
        ]
        # An admin of the chat confirms for the guest.
        got = await e.ui.tap(p["admin"], msg, "📥 Gena ← Boris: received")
        assert got["text"] == "Noted: Boris → Gena 6.67 RUB received. Settled."
        assert e.ui.labels(msg)[2] == "✅ Boris → Gena 6.67"
        text = await e.say("anna", "/debts")
        assert text.splitlines()[1:2] == ["Boris → Anna: 8.66 RUB (pulka #1)"]
        assert "Boris → Gena 6.67 RUB: received — marked by Admin" in text
        # A payee with Telegram confirms for himself: the payer may not.
        got = await e.ui.tap(p["boris"], msg, "📥 Anna ← Boris: received")
        assert got["show_alert"] and got["text"].startswith("“Received” is for the one who is paid")
        await e.ui.tap(p["anna"], msg, "📥 Anna ← Boris: received")
        assert "Nothing open: everything settled has been received." in await e.say(
            "boris", "/debts"
        )
