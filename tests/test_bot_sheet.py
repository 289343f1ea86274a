"""The pulka sheet in the chat, end to end: /score, /settle and the "📷 Sheet" buttons.

The real aiogram Bot and Dispatcher against the fake Bot API server; the photos
the bot uploads are checked as PNG files (signature, size, what was drawn), and
a renderer that fails (monkeypatched) still gets the players a text answer.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from harness import App, group
from PIL import Image
from tapping import Tapper

from bot.views import picture

PNG = b"\x89PNG\r\n\x1a\n"
#: What bot.views.picture draws with a title: 1280 px wide and high (three, with the band of
#: payments under the pulkas, and four).
SIZE_3 = (1280, 1280)
SIZE_4 = (1280, 1280)
SHEET = "📷 Лист пульки"

DEALS = [
    "/deal Anna 6s 6 Boris whist 3 Vera pass 1",
    "/deal Boris 7h 7 Anna whist 2 Vera pass 1",
    "/deal raspasy Anna 3 Boris 2 Vera 5",
]


class Renders:
    """A spy on bot.views.picture.render_sheet_async: what the bot asked to draw."""

    def __init__(self, fail: bool = False) -> None:
        self.calls: list[dict[str, Any]] = []
        self.fail = fail
        self.real = picture.render_sheet_async

    async def __call__(
        self,
        players: Any,
        rules: Any,
        steps: Any,
        settlement: Any = None,
        *,
        title: str | None = None,
        dummy: str | None = None,
    ) -> bytes:
        self.calls.append(
            {
                "players": tuple(players),
                "steps": len(steps),
                "settlement": settlement,
                "title": title,
            }
        )
        if self.fail:
            raise RuntimeError("the renderer broke")
        return await self.real(players, rules, steps, settlement, title=title, dummy=dummy)


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> Renders:
    spy = Renders()
    monkeypatch.setattr(picture, "render_sheet_async", spy)
    return spy


def opened(data: bytes) -> Image.Image:
    assert data[:8] == PNG
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


async def play_three(
    app: App, chat: dict[str, Any], p: dict[str, Any], args: str = "sochi 10 1"
) -> None:
    await app.say(chat, p["anna"], f"/newpulka {args}")
    for who in ("anna", "boris", "vera"):
        await app.say(chat, p[who], "/join")
    for text in DEALS:
        assert "№" in await app.say(chat, p["anna"], text)


async def test_score_sends_the_sheet_as_a_photo(
    app: App, people: dict[str, Any], renders: Renders
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await play_three(app, chat, p)
        before = len(tg.sent_messages(chat))
        sent = tg.send_message(chat, p["stranger"], "/score")
        photo = await tg.wait_for_message(chat, lambda m: "photo" in m, after=sent["message_id"])
        await tg.wait_for(lambda: tg.pending_updates == 0)
        assert len(tg.sent_messages(chat)) == before + 1  # one message, not two
        image = opened(tg.photos[-1].data)
        assert image.size == SIZE_3
        assert (photo["photo"][0]["width"], photo["photo"][0]["height"]) == SIZE_3
        caption = photo["caption"]
        assert caption.startswith("Пулька (до 10)")
        assert "Если закончить сейчас (в вистах):" in caption
        assert "Anna +" in caption and "Следующим раздаёт Anna." in caption
        call = renders.calls[-1]
        assert call == {
            "players": ("Anna", "Boris", "Vera"),
            "steps": 3,
            "settlement": None,
            "title": "Пулька: сочинка, до 10",
        }
        # The same sheet again: sent by its Telegram file id, not drawn again.
        drawn = len(renders.calls)
        await app.say(chat, p["boris"], "/score")
        assert len(renders.calls) == drawn
        again = tg.calls_to("sendPhoto")[-1]
        assert again.params["photo"] == tg.photos[-1].file_id and not again.error
        # The text table is still there, with the picture's button under it.
        text = await app.reply_msg(chat, p["boris"], "/score text")
        assert "Anna: пуля 2" in text["text"]
        assert text["reply_markup"]["inline_keyboard"][0][0]["text"] == SHEET


async def test_the_buttons_send_the_sheet_without_flooding(
    app: App, people: dict[str, Any], renders: Renders
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 10 1")
        board = tg.sent_messages(chat)[0]["message_id"]
        for who in ("anna", "boris", "vera"):
            await app.say(chat, p[who], "/join")
        assert SHEET not in ui.labels(board)  # nothing written yet
        await app.say(chat, p["anna"], DEALS[0])
        assert SHEET in ui.labels(board)
        answer = await ui.tap(p["stranger"], board, SHEET)  # looking is for everyone
        assert answer["text"] is None
        await tg.wait_for(lambda: len(tg.photos) == 1)
        assert opened(tg.photos[0].data).size == SIZE_3
        photo = tg.sent_messages(chat)[-1]
        assert "photo" in photo and "Anna +5⅓, Boris +1⅓, Vera -6⅔" in photo["caption"]
        # Pressed again at once: answered, nothing sent.
        again = await ui.tap(p["boris"], board, SHEET)
        assert "только что отправлен" in again["text"] and not again["show_alert"]
        assert len(tg.calls_to("sendPhoto")) == 1
        # After a new deal the sheet has changed: the button sends it again.
        await app.say(chat, p["boris"], DEALS[1])
        await ui.tap(p["boris"], board, SHEET)
        await tg.wait_for(lambda: len(tg.calls_to("sendPhoto")) == 2)
        assert renders.calls[-1]["steps"] == 2
        # The button under the text score works the same way.
        text = await app.reply_msg(chat, p["vera"], "/score text")
        assert (
            "только что отправлен" in (await ui.tap(p["vera"], text["message_id"], SHEET))["text"]
        )
        assert len(tg.calls_to("sendPhoto")) == 2
        answered = [c for c in tg.calls_to("answerCallbackQuery") if c.error]
        assert not answered


async def test_settle_sends_the_sheet_with_the_settlement(
    app: App, people: dict[str, Any], renders: Renders
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await play_three(app, chat, p, "sochi 4 1")
        settle = await app.reply_msg(chat, p["anna"], "/settle")
        assert "Если закончить сейчас" in settle["text"]  # not over: the settlement if stopped
        photo = tg.sent_messages(chat)[-1]
        assert "photo" in photo and photo["caption"].startswith("Если закончить сейчас")
        assert opened(tg.photos[-1].data).size == SIZE_3
        call = renders.calls[-1]
        assert call["settlement"] is not None and call["steps"] == 3
        assert call["title"] == "Если закончить сейчас: сочинка, до 4"
        # Close the pulka (Boris is closed at 4; Vera and Anna close theirs) and settle.
        await app.say(chat, p["vera"], "/deal Vera 7s 7 Anna whist 2 Boris pass 1")
        assert "Пулька закрыта!" in await app.say(chat, p["vera"], DEALS[0])
        final = await app.reply_msg(chat, p["vera"], "/settle")
        assert "Пулька расписана" in final["text"] and "архив" in final["text"]
        photo = tg.sent_messages(chat)[-1]
        assert "photo" in photo and photo["caption"].startswith("Пулька расписана")
        call = renders.calls[-1]
        assert call["title"] == "Пулька расписана: сочинка, до 4"
        settlement = call["settlement"]
        assert settlement is not None and sum(settlement.results) == 0
        # The settled board keeps its picture button: the final sheet.
        board = tg.sent_messages(chat)[0]["message_id"]
        ui = Tapper(tg, chat)
        # ... and, settled, "Same table again" and "Export".
        assert ui.labels(board) == [SHEET, "🔁 Тем же составом", "📄 Запись пульки"]
        await ui.tap(p["stranger"], board, SHEET)
        await tg.wait_for(lambda: tg.sent_messages(chat)[-1].get("photo"))
        assert tg.sent_messages(chat)[-1]["caption"].startswith("Пулька расписана")


async def test_four_players_sheet(app: App, people: dict[str, Any], renders: Renders) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 10 1")
        for who in ("anna", "boris", "vera", "gleb"):
            await app.say(chat, p[who], "/join")
        await app.say(chat, p["anna"], "/deal Boris 6s 6 Vera whist 3 Gleb pass 1")
        await app.say(chat, p["anna"], "/score")
        assert opened(tg.photos[-1].data).size == SIZE_4
        assert renders.calls[-1]["players"] == ("Anna", "Boris", "Vera", "Gleb")


async def test_a_failing_renderer_answers_with_text(
    app: App, people: dict[str, Any], renders: Renders, caplog: pytest.LogCaptureFixture
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    renders.fail = True
    ui = Tapper(tg, chat)
    async with app.polling():
        await play_three(app, chat, p)
        score = await app.say(chat, p["anna"], "/score")
        assert "Лист пульки нарисовать не получилось" in score
        assert "Anna: пуля 2, гора 3" in score  # the text score instead
        board = tg.sent_messages(chat)[0]["message_id"]
        answer = await ui.tap(p["vera"], board, SHEET)
        assert answer["text"] is None
        await tg.wait_for(lambda: "не получилось" in tg.sent_messages(chat)[-1].get("text", ""))
        settled = await app.say(chat, p["anna"], "/settle")
        assert "Если закончить сейчас" in settled
        assert not tg.photos
        assert all("что-то пошло не так" not in m.get("text", "") for m in tg.sent_messages(chat))
    assert "could not be drawn" in caplog.text


async def test_a_pulka_ended_by_agreement_is_not_pictured_as_settled(
    app: App, people: dict[str, Any], renders: Renders
) -> None:
    """Ended by agreement, the sheet says ended (ru, uk, en); settled once it is."""
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        await play_three(app, chat, p, "sochi 20 1")
        await app.say(chat, p["anna"], "/settle")
        offer = next(
            m["message_id"]
            for m in reversed(tg.sent_messages(chat))
            if "Закончить по согласию" in str(m.get("reply_markup"))
        )
        for who in ("boris", "vera"):
            await ui.tap(p[who], offer, "Закончить по согласию")
        await tg.wait_for(lambda: "photo" in tg.sent_messages(chat)[-1])
        photo = tg.sent_messages(chat)[-1]
        assert photo["caption"].startswith("Пулька закончена, ещё не расписана")
        assert "расписана" not in photo["caption"].replace("не расписана", "")
        assert renders.calls[-1]["title"] == "Пулька закончена: сочинка, до 20"
        assert renders.calls[-1]["settlement"] is not None
        # Asked for again, in each language: ended, not settled.
        for lang, caption, title in (
            ("uk", "Пульку закінчено, ще не розписано", "Пульку закінчено: сочинка, до 20"),
            ("en", "The pulka has ended, not settled yet", "Pulka ended: Sochi, to 20"),
        ):
            await app.say(chat, p["anna"], f"/lang {lang}")
            await app.say(chat, p["anna"], "/pulka 1")
            await tg.wait_for(lambda: "photo" in tg.sent_messages(chat)[-1])
            assert tg.sent_messages(chat)[-1]["caption"].startswith(caption), lang
            assert renders.calls[-1]["title"] == title, lang
        await app.say(chat, p["anna"], "/lang ru")
        # Settled by its button: now the sheet says settled.
        board = tg.sent_messages(chat)[0]["message_id"]
        await ui.tap(p["vera"], board, "🧮 Расписать")
        await app.say(chat, p["anna"], "/pulka 1")
        await tg.wait_for(lambda: "photo" in tg.sent_messages(chat)[-1])
        assert tg.sent_messages(chat)[-1]["caption"].startswith("Пулька расписана")
        assert renders.calls[-1]["title"] == "Пулька расписана: сочинка, до 20"
