"""Who ends a pulka: a seated player's tap is one vote, an administrator's of the chat too;
an administrator who does not play ends it alone, after confirming it ends for everyone.
The running board's "End" opens the agreement as /settle does, so an evening needs no
typed command after /newpulka; a second /settle names the settled pulka.

End to end through the real Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest
from harness import App, group
from tapping import Tapper

from bot.views.texts import Texts

AGREE = "Закончить по согласию"
END = "🏁 Закончить"
SETTLE = "🧮 Расписать"
ALONE = "✅ Закончить для всех"
NOT_ALONE = "✖ Не заканчивать"
NEW_DEAL = "➕ Новая сдача"
SIT = "🪑 Сесть за стол"
STALE = "устарела"


class Evening:
    """One group, its players, and what its bot has sent."""

    def __init__(self, app: App, people: dict[str, Any]) -> None:
        self.app, self.tg, self.p = app, app.tg, people
        self.chat = group(app.tg, people)
        self.ui = Tapper(app.tg, self.chat)

    async def say(self, who: str, text: str) -> str:
        return await self.app.say(self.chat, self.p[who], text)

    async def start(self, players: tuple[str, ...] = ("anna", "boris", "vera")) -> None:
        assert "Новая пулька" in await self.say("anna", "/newpulka sochi 20 1")
        for who in players:
            assert "садится за стол" in await self.say(who, "/join")

    async def offer(self) -> int:
        """``/settle`` of a running pulka: the message with "End by agreement"."""
        await self.say("anna", "/settle")
        return self.labelled(AGREE)

    def labelled(self, label: str) -> int:
        """The newest message of the bot with a button ``label``."""
        sent = self.tg.sent_messages(self.chat)
        found = next(m for m in reversed(sent) if label in json.dumps(m, ensure_ascii=False))
        return int(found["message_id"])

    def end_payload(self) -> dict[str, Any]:
        con = sqlite3.connect(self.app.db)
        try:
            row = con.execute("SELECT payload FROM events WHERE kind='end'").fetchone()
        finally:
            con.close()
        return dict(json.loads(row[0]))


def tally(text: str) -> str:
    """The count after the colon of an agreement's text: "1 из 3 нужных"."""
    return text.rsplit(": ", 1)[-1].rsplit(" — ", 1)[-1].rstrip(".")


async def test_a_seated_admin_is_one_vote_and_the_offer_and_the_tap_say_one_count(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    app.tg.set_admins(e.chat, [people["anna"]])  # Anna plays and administers the chat
    async with app.polling():
        await e.start(("anna", "boris", "vera", "gleb"))
        await e.say("anna", "/deal Boris 6s 6 Vera whist 3 Gleb pass 1")
        offer = await e.offer()
        assert "нужно, чтобы согласились 3 из сидящих" in e.ui.text(offer)
        answer = await e.ui.tap(e.p["anna"], offer, AGREE)
        # One vote: the pulka runs on, and both say the same count.
        assert answer["text"] == "Согласие записано: 1 из 3 нужных."
        assert "Согласны закончить: Anna — 1 из 3 нужных." in e.ui.text(offer)
        assert tally(answer["text"]) == tally(e.ui.text(offer)) == "1 из 3 нужных"
        assert await app.count("end") == 0 and await app.count("agree") == 1
        again = await e.ui.tap(e.p["anna"], offer, AGREE)
        assert again["text"] == "Вы уже согласились: 1 из 3 нужных."
        answer = await e.ui.tap(e.p["gleb"], offer, AGREE)
        assert tally(answer["text"]) == tally(e.ui.text(offer)) == "2 из 3 нужных"
        assert await app.count("end") == 0
        await e.ui.tap(e.p["boris"], offer, AGREE)
        text = e.ui.text(offer)
        assert "закончена по согласию игроков (Anna, Boris, Gleb)" in text
        assert "администратора" not in text
        # Ended, not settled yet: so headed, no longer "if we stopped now".
        assert text.startswith("Пулька закончена, ещё не расписана (вист по 1 RUB)"), text
        assert "Если закончить сейчас" not in text
        assert e.end_payload()["admin"] is False and e.end_payload()["by"] == [0, 1, 3]


async def test_an_admin_who_does_not_play_ends_alone_only_after_confirming(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)  # the group's creator, Admin, does not play
    async with app.polling():
        await e.start()
        await e.say("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        offer = await e.offer()
        await e.ui.tap(e.p["vera"], offer, AGREE)
        answer = await e.ui.tap(e.p["admin"], offer, AGREE)
        assert answer["text"] == "Подтвердите в сообщении ниже: пулька закончится для всех."
        ask = e.labelled(ALONE)
        assert ask != offer
        assert "закончится для всех игроков (Anna, Boris, Vera), без их согласия" in e.ui.text(ask)
        assert e.ui.labels(ask) == [ALONE, NOT_ALONE]
        assert await app.count("end") == 0 and await app.count("agree") == 1
        # He thinks better of it: nothing is written, the pulka runs on.
        await e.ui.tap(e.p["admin"], ask, NOT_ALONE)
        assert e.ui.text(ask) == "Не закончено: пулька продолжается." and not e.ui.labels(ask)
        assert await app.count("end") == 0
        # Asked again; the confirmation is his: a player's vote is on the offer, a
        # stranger may not.
        ask = await e.ui.tap_new(e.p["admin"], offer, AGREE)
        seated = await e.ui.tap(e.p["anna"], ask, ALONE)
        assert "ваш голос — кнопка «Закончить по согласию»" in seated["text"]
        assert seated["show_alert"]
        stranger = await e.ui.tap(e.p["stranger"], ask, ALONE)
        assert "только игроки" in stranger["text"]
        assert await app.count("end") == 0 and await app.count("agree") == 1
        other = await e.ui.tap_new(e.p["admin"], offer, AGREE)  # a second tap, a second ask
        assert (await e.ui.tap(e.p["admin"], ask, ALONE))["text"] == "Готово"
        text = e.ui.text(ask)
        assert "Пулька закончена решением администратора чата (Admin) и ещё не расписана" in text
        assert text.startswith("Пулька закончена, ещё не расписана") and "Если" not in text
        assert not e.ui.labels(offer)  # the offer's button went with the end
        assert await app.count("end") == 1
        assert e.end_payload()["admin"] is True and e.end_payload()["by"] == [2]
        assert not e.ui.labels(ask)
        # The other confirmation is out of date, and loses its buttons.
        assert STALE in (await e.ui.tap(e.p["admin"], other, ALONE))["text"]
        assert not e.ui.labels(other)
        assert await app.count("end") == 1


@pytest.mark.parametrize("lang", ["uk", "en"])
async def test_the_confirmation_in_every_language(
    app: App, people: dict[str, Any], lang: str
) -> None:
    tx = Texts(lang)
    e = Evening(app, people)
    async with app.polling():
        await e.start()
        await e.say("anna", f"/lang {lang}")
        await e.say("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        await e.say("anna", "/settle")
        offer = e.labelled(tx("settle_agree"))
        answer = await e.ui.tap(e.p["anna"], offer, tx("settle_agree"))
        assert answer["text"] == tx("agree_noted", tally=tx("agree_tally", count=1, needed=2))
        assert tx("agree_tally", count=1, needed=2) in e.ui.text(offer)
        answer = await e.ui.tap(e.p["admin"], offer, tx("settle_agree"))
        assert answer["text"] == tx("agree_alone_popup")
        ask = e.labelled(tx("agree_alone_yes"))
        assert e.ui.text(ask) == tx("agree_alone_ask", names="Anna, Boris, Vera")
        assert await app.count("end") == 0
        await e.ui.tap(e.p["admin"], ask, tx("agree_alone_yes"))
        assert tx("agree_admin", who="Admin") in e.ui.text(ask)
        assert await app.count("end") == 1


async def test_an_evening_by_buttons_alone_after_newpulka(app: App, people: dict[str, Any]) -> None:
    e = Evening(app, people)
    tg, p, ui = app.tg, people, e.ui
    async with app.polling():
        sent = tg.send_message(e.chat, p["anna"], "/newpulka")
        board = int((await tg.wait_for_message(e.chat, after=sent["message_id"]))["message_id"])
        for who in ("anna", "boris", "vera"):
            await ui.tap(p[who], board, SIT)
        await ui.tap(p["vera"], board, "▶️ Начать пульку")
        assert END not in ui.labels(board)  # nothing to end yet
        for who, labels in (
            ("anna", ("Anna", "6♠", "Boris вист · Vera пас", "6")),
            ("boris", ("Распасы", "3", "2")),
        ):
            wizard = await ui.tap_new(p[who], board, NEW_DEAL)
            for label in labels:
                await ui.tap(p[who], wizard, label)
            assert (await ui.tap(p[who], wizard, "✅ Записать"))["text"].startswith("Записано")
        assert ui.labels(board) == [NEW_DEAL, "📷 Лист пульки", END]
        # "End" opens the agreement as /settle does: the offer, and the sheet if stopped now.
        photos = len(tg.photos)
        await ui.tap_new(p["boris"], board, END)
        offer = e.labelled(AGREE)
        assert "Если закончить сейчас" in ui.text(offer)
        assert "нужно, чтобы согласились 2 из сидящих" in ui.text(offer)
        assert ui.labels(offer) == [AGREE]
        assert len(tg.photos) == photos + 1
        # A second tap right after does not send it again.
        repeat = await ui.tap(p["vera"], board, END)
        assert repeat["text"] == "Предложение закончить только что отправлено — оно выше."
        assert e.labelled(AGREE) == offer
        for who in ("anna", "vera"):
            await ui.tap(p[who], offer, AGREE)
        assert "закончена по согласию игроков (Anna, Vera)" in ui.text(offer)
        assert ui.labels(board) == ["📷 Лист пульки", SETTLE]
        assert (await ui.tap(p["boris"], board, SETTLE))["text"] == "Готово"
        said = " ".join(str(m.get("text", "")) for m in tg.sent_messages(e.chat)[-3:])
        assert "Пулька расписана" in said and "Роспись заперта" in said
        assert await app.count("end") == 1 and await app.count("settle") == 1
        assert "🔁 Тем же составом" in ui.labels(board)
    # Nobody typed anything after /newpulka.
    typed = [m for m in tg.messages(e.chat) if not m["from"]["is_bot"] and m.get("text")]
    assert [m["text"] for m in typed] == ["/newpulka"]


async def test_a_second_settle_names_the_settled_pulka(app: App, people: dict[str, Any]) -> None:
    e = Evening(app, people)
    async with app.polling():
        await e.start()
        for who, deal in (
            ("anna", "/deal Anna 6s 7 Boris whist 3 Vera pass 0"),
            ("boris", "/deal Boris 6s 6 Vera whist 3 Anna pass 1"),
        ):
            assert "Сдача №" in await e.say(who, deal)
        offer = await e.offer()
        for who in ("anna", "boris"):
            await e.ui.tap(e.p[who], offer, AGREE)
        assert "Пулька расписана" in await e.say("vera", "/settle")
        again = await e.say("boris", "/settle")
        assert again == (
            "Здесь нет идущей пульки: пулька №1 уже расписана — /pulka 1. Новая пулька: /newpulka"
        )
        assert await app.count("settle") == 1
        # In English too.
        await e.say("anna", "/lang en")
        assert "pulka #1 is settled already — /pulka 1" in await e.say("vera", "/settle")


async def test_a_confirmation_after_a_deal_is_out_of_date(app: App, people: dict[str, Any]) -> None:
    e = Evening(app, people)
    async with app.polling():
        await e.start()
        await e.say("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        offer = await e.offer()
        ask = await e.ui.tap_new(e.p["admin"], offer, AGREE)
        other = await e.ui.tap_new(e.p["admin"], offer, AGREE)
        assert "Сдача №2" in await e.say("boris", "/deal raspasy Anna 3 Boris 2 Vera 5")
        refused = await e.ui.tap(e.p["admin"], ask, ALONE)
        assert STALE in refused["text"] and refused["show_alert"]
        assert not e.ui.labels(ask)
        await e.ui.tap(e.p["admin"], other, NOT_ALONE)
        assert STALE in e.ui.text(other) and not e.ui.labels(other)
        assert await app.count("end") == 0
