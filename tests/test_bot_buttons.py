"""End to end by taps: the settings message, the deal wizard, undo, the scoreboard.

The real aiogram Bot and Dispatcher run against the fake Bot API server; every
deal here is entered by pressing buttons the bot drew, as players would.  The
settlement figures are literals worked out with ``python -m scoring settle`` on
the equivalent records (the wizard gives a lone whister all the defence's
tricks, and on an unwhisted game the first defender all of them).
"""

from __future__ import annotations

from typing import Any

from fakebotapi import FakeTelegram
from harness import App, group
from tapping import Tapper

from bot.views.buttons import WizardData

NEW_DEAL = "➕ Новая сдача"
WRITE = "✅ Записать"
STALE = "устарела"
SHEET = "📷 Лист пульки"


class Table:
    """A chat where the players use only buttons; counts taps per deal."""

    def __init__(self, app: App, chat: dict[str, Any], people: dict[str, Any]) -> None:
        self.app, self.tg, self.chat, self.p = app, app.tg, chat, people
        self.ui = Tapper(app.tg, chat)
        self.board = 0
        self.last_deal = 0
        #: Taps per deal, by kind of deal.
        self.taps: dict[str, set[int]] = {}

    async def settings(self, who: str) -> int:
        sent = self.tg.send_message(self.chat, self.p[who], "/newpulka")
        msg = await self.tg.wait_for_message(self.chat, after=sent["message_id"])
        assert "Новая пулька" in msg["text"]
        return int(msg["message_id"])

    async def deal(self, who: str, kind: str, *labels: str, via_last: bool = False) -> int:
        """Enter one deal by taps from "New deal" to "Write it"; the wizard message."""
        start = self.ui.taps
        opener = self.last_deal if via_last and self.last_deal else self.board
        wizard = await self.ui.tap_new(self.p[who], opener, NEW_DEAL)
        for label in labels:
            answer = await self.ui.tap(self.p[who], wizard, label)
            assert answer["text"] is None, (label, answer, self.ui.text(wizard))
        answer = await self.ui.tap(self.p[who], wizard, WRITE)
        assert (answer["text"] or "").startswith("Записано"), (answer, self.ui.text(wizard))
        self.taps.setdefault(kind, set()).add(self.ui.taps - start)
        self.last_deal = wizard
        return wizard

    async def say(self, who: str, text: str) -> str:
        return await self.app.say(self.chat, self.p[who], text)


def answered_all(tg: FakeTelegram, ui: Tapper) -> None:
    """Every press was answered exactly once (the fake refuses a second answer)."""
    assert len(tg.answered_callbacks) == ui.presses
    assert not [c for c in tg.calls_to("answerCallbackQuery") if c.error]


def no_failed_edits(tg: FakeTelegram) -> None:
    failed = [c for c in tg.calls_to("editMessageText") if c.error]
    assert not failed, failed


async def test_evening_of_three_by_taps(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        settings = await t.settings("anna")
        for label in ("◀ 15", "◀ 12", "◀ 10", "◀ 0.5 RUB"):
            await ui.tap(p["anna"], settings, label)
        for who in ("anna", "boris", "vera"):
            answer = await ui.tap(p[who], settings, "🪑 Сесть за стол")
            assert answer["text"] is None
        assert "За столом (3 из 3): Anna, Boris, Vera" in ui.text(settings)
        assert (await ui.tap(p["vera"], settings, "▶️ Начать пульку"))["text"] == "Готово"
        t.board = settings  # the settings message became the scoreboard
        assert "Новая пулька: сочинка, до 10, вист по 0.5 RUB" in ui.text(settings)
        assert ui.labels(settings) == [NEW_DEAL]
        # Everyone is seated: who sits where and that play can start, no call to sit down.
        board = ui.text(settings)
        assert "Рассадка (по часовой стрелке):\n1. Anna (@anna)\n2. Boris\n3. Vera" in board
        assert "Можно играть: «Новая сдача» или /deal. Первым раздаёт Anna." in board
        assert "Садитесь" not in board and "Нужно 3 или 4" not in board

        # The preview says what will be written; the written deal, what was.
        wizard = await ui.tap_new(p["anna"], settings, NEW_DEAL)
        for label in ("Anna", "6♠", "Boris вист · Vera пас", "6"):
            await ui.tap(p["anna"], wizard, label)
        assert "Будет записано:\n" in ui.text(wizard) and "\nЗаписано:" not in ui.text(wizard)
        await ui.tap(p["anna"], wizard, "✖ Отмена")

        await t.deal("anna", "one whister", "Anna", "6♠", "Boris вист · Vera пас", "6")
        first = ui.text(t.last_deal)
        assert "Сдача №1: Anna 6♠ / ровно — Boris вист 4, Vera пас 0" in first
        assert "Boris → Anna: висты +8" in first
        assert "Anna +5⅓, Boris +1⅓, Vera -6⅔" in first
        assert "Записал(а): Anna" in first
        assert ui.labels(t.last_deal) == [NEW_DEAL, "↩️ Отменить сдачу", "✏️ Изменить"]
        await t.deal("boris", "both pass", "Boris", "7♥", "Оба пас", via_last=True)
        await t.deal("vera", "raspasy", "Распасы", "3", "2")  # Anna 3, Boris 2, Vera 5
        assert "распасы 3-2-5" in ui.text(t.last_deal)
        await t.deal("anna", "raspasy", "Распасы", "4", "0", via_last=True)
        await t.deal("boris", "both whist", "Vera", "6♦", "Оба вист", "5", "3")
        assert "Vera 6♦ / без одной — Anna вист 3, Boris вист 2" in ui.text(t.last_deal)
        await t.deal("vera", "misere", "Boris", "Мизер", "0")
        assert "Помощь: Boris → Vera, 4 в пулю" in ui.text(t.last_deal)
        await t.deal("anna", "half-whist", "Anna", "7БК", "Boris пас · Vera полвиста")
        assert "Anna 7БК / полвиста" in ui.text(t.last_deal)
        await t.deal("boris", "misere", "Vera", "Мизер", "2")
        await t.deal("vera", "one whister", "Anna", "8♥", "Boris вист · Vera пас", "7")
        assert "Anna 8♥ / без одной" in ui.text(t.last_deal)

        # Deal 10 entered wrongly, undone from its own message, entered again.
        wrong = await t.deal("anna", "one whister", "Boris", "6♣", "Vera вист · Anna пас", "6")
        prompt = await ui.tap_new(p["vera"], wrong, "↩️ Отменить сдачу")
        assert "Отменить последнюю сдачу №10: Boris 6♣ / ровно?" in ui.text(prompt)
        await ui.tap(p["vera"], prompt, "Да, отменить")
        assert "Сдача №10 отменена" in ui.text(prompt)
        assert "Последняя сдача №9" in ui.text(t.board)
        await t.deal("anna", "one whister", "Boris", "6♣", "Vera вист · Anna пас", "7")
        await t.deal("boris", "one whister", "Vera", "7♠", "Anna пас · Boris вист", "7")
        await t.deal("vera", "both pass", "Anna", "6♥", "Оба пас", via_last=True)
        assert "Пулька закрыта!" in ui.text(t.last_deal)
        assert ui.labels(t.last_deal) == ["↩️ Отменить сдачу", "✏️ Изменить"]
        # Nothing more to deal: the picture, and "Settle".
        assert ui.labels(t.board) == [SHEET, "🧮 Расписать"]
        assert "Anna: пуля 10, гора 21, висты: Boris 0, Vera 8" in ui.text(t.board)

        history = await t.say("boris", "/history")
        # The undone deal keeps its number, shown gone; the one entered again is 11.
        assert (
            "\n10. — отменена (/undo)\n11. Boris 6♣ / +1 — Vera вист 3, Anna пас 0 · Anna"
            in history
        )
        assert "13." in history and "14." not in history
        settled = await t.say("vera", "/settle")
        assert "Anna: -64 вист. = -32.00 RUB" in settled
        assert "Boris: +195 вист. = +97.50 RUB" in settled
        assert "Vera: -131 вист. = -65.50 RUB" in settled
        assert "Vera → Boris: 65.50 RUB" in settled
        assert "Anna → Boris: 32.00 RUB" in settled
        assert "Пулька расписана и сохранена в архив" in ui.text(t.board)
        answered_all(tg, ui)
        no_failed_edits(tg)
    assert await app.count("deal") == 13
    assert await app.count("undo") == 1
    # Taps from "New deal" to "Write it", by kind of deal.
    assert t.taps == {
        "one whister": {6},
        "both pass": {5},
        "raspasy": {5},
        "both whist": {7},
        "misere": {5},
        "half-whist": {5},
    }


async def test_evening_of_four_by_taps(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        settings = await t.settings("boris")
        await ui.tap(p["boris"], settings, "Вариант: сочинка")
        assert "Вариант: ленинградка; игроков: 3; пуля до 50" in ui.text(settings)
        await ui.tap(p["boris"], settings, "Игроков: 3")
        for label in (
            "◀ 40",
            "◀ 30",
            "◀ 25",
            "◀ 20",
            "◀ 15",
            "◀ 12",
            "◀ 10",
            "◀ 0.5 RUB",
            "◀ 0.25 RUB",
            "Валюта: RUB",
        ):
            await ui.tap(p["boris"], settings, label)
        for who in ("anna", "boris", "vera", "gleb"):
            await ui.tap(p[who], settings, "🪑 Сесть за стол")
        assert "игроков: 4; пуля до 10; вист по 0.25 EUR" in ui.text(settings)
        await ui.tap(p["anna"], settings, "▶️ Начать пульку")
        t.board = settings
        assert "4. Gleb" in ui.text(settings)

        # Deal 1: Anna deals and sits out; only the three at the table may declare.
        wizard = await ui.tap_new(p["anna"], t.board, NEW_DEAL)
        assert ui.labels(wizard)[:4] == ["Boris", "Vera", "Gleb", "Распасы"]
        await ui.tap(p["anna"], wizard, "✖ Отмена")
        assert "Ввод сдачи отменён (Anna)" in ui.text(wizard)

        await t.deal("anna", "one whister", "Boris", "6♠", "Vera вист · Gleb пас", "6")
        await t.deal("boris", "one whister", "Vera", "7♥", "Gleb пас · Anna вист", "7")
        await t.deal("vera", "raspasy", "Распасы", "3", "2")  # Gleb 3, Anna 2, Boris 5
        await t.deal("gleb", "raspasy", "Распасы", "4", "0")  # Anna 4, Boris 0, Vera 6
        # After raspasy Leningrad plays from 7 up: no sixes on the grid.
        wizard = await ui.tap_new(p["anna"], t.board, NEW_DEAL)
        assert "играть можно от 7" in ui.text(wizard)
        await ui.tap(p["anna"], wizard, "Boris")
        assert "6♠" not in ui.labels(wizard) and "7♠" in ui.labels(wizard)
        for label in ("7♦", "Оба вист", "6", "2", WRITE):
            await ui.tap(p["anna"], wizard, label)
        assert "Boris 7♦ / без одной — Vera вист 2, Gleb вист 2" in ui.text(wizard)
        t.last_deal = wizard
        # A failed exit keeps the raspasy run (strict exit): still from 7 up.
        await t.deal("boris", "misere", "Vera", "Мизер", "0", via_last=True)
        await t.deal("vera", "half-whist", "Gleb", "6♣", "Anna пас · Boris полвиста")
        await t.deal("gleb", "both whist", "Anna", "8♠", "Оба вист", "8", "1")
        await t.deal("anna", "misere", "Boris", "Мизер", "1")
        await t.deal("boris", "both pass", "Gleb", "7БК", "Оба пас")
        await t.deal("vera", "one whister", "Anna", "6♥", "Boris вист · Gleb пас", "6")
        await t.deal("gleb", "one whister", "Boris", "9♣", "Vera вист · Anna пас", "9")
        assert "Пулька закрыта!" in ui.text(t.last_deal)

        settled = await t.say("anna", "/settle")
        assert "Anna: -28 вист. = -7.00 EUR" in settled
        assert "Boris: -172 вист. = -43.00 EUR" in settled
        assert "Vera: +104 вист. = +26.00 EUR" in settled
        assert "Gleb: +96 вист. = +24.00 EUR" in settled
        assert "Boris → Vera: 26.00 EUR" in settled
        assert "Boris → Gleb: 17.00 EUR" in settled
        assert "Anna → Gleb: 7.00 EUR" in settled
        answered_all(tg, ui)
        no_failed_edits(tg)
    assert await app.count("deal") == 12
    assert t.taps == {
        "one whister": {6},
        "raspasy": {5},
        "misere": {5},
        "half-whist": {5},
        "both whist": {7},
        "both pass": {5},
    }


async def seated(t: Table, args: str = "sochi") -> None:
    # The answer becomes the board (a note that it could not be pinned may follow it).
    board = await t.app.reply_msg(t.chat, t.p["anna"], f"/newpulka {args}")
    assert "Новая пулька" in board["text"]
    t.board = int(board["message_id"])
    for who in ("anna", "boris", "vera"):
        assert "садится за стол" in await t.say(who, "/join")


async def test_strangers_are_refused(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        await seated(t)
        answer = await ui.tap(p["stranger"], t.board, NEW_DEAL)
        assert "только игроки" in answer["text"] and answer["show_alert"]
        wizard = await ui.tap_new(p["boris"], t.board, NEW_DEAL)
        for label in ("Anna", "6♠", "Boris вист · Vera пас", "6"):
            await ui.tap(p["boris"], wizard, label)
        shown = ui.text(wizard)
        for label in (WRITE, "« Назад", "✖ Отмена"):
            answer = await ui.tap(p["stranger"], wizard, label)
            assert "только игроки" in answer["text"], label
        assert ui.text(wizard) == shown
        assert await app.count("deal") == 0
        # An administrator of the chat may write.
        assert (await ui.tap(p["admin"], wizard, WRITE))["text"] == "Записано: сдача №1"
        answer = await ui.tap(p["stranger"], wizard, "↩️ Отменить сдачу")
        assert "только игроки" in answer["text"]
        # "Sit down" is gone from the board once deals are written.
        assert STALE in (await ui.press(p["stranger"], t.board, "v1j:1", strict=False))["text"]
        answered_all(tg, ui)
    assert await app.count("deal") == 1
    assert await app.count("undo") == 0


async def test_forged_callbacks_change_nothing(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        await seated(t)
        wizard = await ui.tap_new(p["anna"], t.board, NEW_DEAL)
        for label in ("Anna", "6♠", "Boris вист · Vera пас", "6"):
            await ui.tap(p["anna"], wizard, label)
        write = ui.data(wizard, WRITE)
        shown, board = ui.text(wizard), ui.text(t.board)
        w = WizardData.unpack(write)
        forged = [
            "garbage\x00",
            "x" * 65,
            "v1w:" + "9" * 60,
            write + "0",
            write.replace("v1w", "v2w"),
            write.replace("v1w", "v1u"),
            WizardData(
                pulka=w.pulka + 1,
                last=w.last,
                kind="g",
                seat=0,
                contract=w.contract,
                defence="a",
                tricks=(6,),
                op="w",
            ).pack(),
            WizardData(
                pulka=w.pulka,
                last=w.last + 1,
                kind="g",
                seat=0,
                contract=w.contract,
                defence="a",
                tricks=(6,),
                op="w",
            ).pack(),
            WizardData(
                pulka=w.pulka,
                last=w.last,
                kind="g",
                seat=0,
                contract=w.contract,
                defence="a",
                tricks=(10,),
                op="w",
            ).pack(),
            "v1w:w:1:3:g00a6:",
            "v1w:w:01:3:g00a6",
            "v1n:1",
            "v1n:abc",
            "v1a:1:4",
            "v1s:go:-",
            "v1j:1",
            "v1u:1:1:1",
            "v1e:1:4",
            "",
        ]
        for data in forged:
            answer = await ui.press(p["anna"], wizard, data, strict=False)
            assert STALE in answer["text"], data
            assert answer["show_alert"]
        assert ui.text(wizard) == shown and ui.text(t.board) == board
        assert await app.count() == 3  # the three joins, nothing else
        answered_all(tg, ui)


async def test_write_pressed_twice_writes_once(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        await seated(t)
        wizard = await ui.tap_new(p["anna"], t.board, NEW_DEAL)
        for label in ("Vera", "7♥", "Anna вист · Boris пас", "7"):
            await ui.tap(p["vera"], wizard, label)
        write = ui.data(wizard, WRITE)
        # Two players press "Write it" at the same moment: both presses are on the
        # keyboard when they arrive.
        q1 = tg.press_button(chat, p["vera"], wizard, write)
        q2 = tg.press_button(chat, p["anna"], wizard, write)
        answers = await tg.wait_for(
            lambda: (
                [tg.callback_answer(q["id"]) for q in (q1, q2)]
                if all(tg.callback_answer(q["id"]) for q in (q1, q2))
                else None
            )
        )
        texts = sorted(a["text"] for a in answers)
        assert texts[0] == "Записано: сдача №1" and STALE in texts[1]
        # A third press, after the message has changed, is refused the same way.
        again = await ui.press(p["vera"], wizard, write, strict=False)
        assert STALE in again["text"]
        assert len(tg.answered_callbacks) == ui.presses + 2
    assert await app.count("deal") == 1


async def test_stale_wizard_after_undo(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        await seated(t)
        await t.say("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        wizard = await ui.tap_new(p["boris"], t.board, NEW_DEAL)
        await ui.tap(p["boris"], wizard, "Boris")
        ask = await app.reply_msg(chat, p["vera"], "/undo")
        await ui.tap(p["vera"], ask["message_id"], "Да, отменить")
        assert await app.count("undo") == 1
        answer = await ui.tap(p["boris"], wizard, "7♥")
        assert STALE in answer["text"] and answer["show_alert"]
        assert ui.text(wizard).startswith("Этот ввод сдачи устарел")  # its keypad gone
        # Another deal written meanwhile makes a wizard stale too.
        other = await ui.tap_new(p["boris"], t.board, NEW_DEAL)
        for label in ("Boris", "6♠", "Оба пас"):
            await ui.tap(p["boris"], other, label)
        await t.say("anna", "/deal raspasy Anna 3 Boris 2 Vera 5")
        assert STALE in (await ui.tap(p["boris"], other, WRITE))["text"]
        # ... and so does the end of the pulka.
        third = await ui.tap_new(p["boris"], t.board, NEW_DEAL)
        new_deal = ui.data(t.board, NEW_DEAL)
        settle = await app.reply_msg(chat, p["anna"], "/settle")
        # A majority ends it: Anna's agreement, then Vera's.
        await ui.tap(p["anna"], settle["message_id"], "Закончить по согласию")
        await ui.tap(p["vera"], settle["message_id"], "Закончить по согласию")
        assert STALE in (await ui.tap(p["boris"], third, "Anna"))["text"]
        assert STALE in (await ui.press(p["boris"], t.board, new_deal, strict=False))["text"]
        answered_all(tg, ui)
    assert await app.count("deal") == 2


async def test_restart_in_the_middle_of_a_wizard(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        await seated(t)
        wizard = await ui.tap_new(p["anna"], t.board, NEW_DEAL)
        for label in ("Vera", "8♦", "Оба вист"):
            await ui.tap(p["vera"], wizard, label)
        assert "Взятки — Vera?" in ui.text(wizard)
    # The bot stops; a new process opens the same database with a new Bot and Dispatcher.
    await app.restart()
    async with app.polling():
        await ui.tap(p["vera"], wizard, "8")
        assert "Разыгрывающий Vera: 8, у защиты 2. Сколько из них — Anna?" in ui.text(wizard)
        await ui.tap(p["vera"], wizard, "1")
        assert "Vera 8♦ / ровно — Anna вист 1, Boris вист 1" in ui.text(wizard)
        assert (await ui.tap(p["vera"], wizard, WRITE))["text"] == "Записано: сдача №1"
        answered_all(tg, ui)
    assert await app.count("deal") == 1


async def test_settings_message_sets_conventions(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        settings = await t.settings("anna")
        await ui.tap(p["anna"], settings, "⚙️ Игра и висты")
        await ui.tap(p["anna"], settings, "Висты: джентльменские")
        cycle = ui.data(settings, "Ответственность вистующего: полная")
        await ui.tap(p["anna"], settings, "Ответственность вистующего: полная")
        # The same button pressed again (from an old keyboard) does not cycle twice.
        assert STALE in (await ui.press(p["anna"], settings, cycle, strict=False))["text"]
        assert "Ответственность вистующего: половинная" in ui.labels(settings)
        await ui.tap(p["anna"], settings, "Полвиста: да")
        await ui.tap(p["anna"], settings, "« Готово")
        await ui.tap(p["anna"], settings, "⚙️ Распасы и конец")
        for label in ("Распасы: 1-2-2", "Распасы: 1-2-3", "Распасы: 1-1-1"):
            await ui.tap(p["anna"], settings, label)
        assert "Распасы: 2-4-6 по кругу" in ui.labels(settings)
        await ui.tap(p["anna"], settings, "Выход с распасов: от 6")
        await ui.tap(p["anna"], settings, "Деление горы: точное")
        await ui.tap(p["anna"], settings, "Деление горы: с отбрасыванием долей")
        await ui.tap(p["anna"], settings, "« Готово")
        # Someone else may sit down but not change the settings.
        refused = await ui.tap(p["stranger"], settings, "Валюта: RUB")
        assert "Настройки меняют" in refused["text"]
        for who in ("boris", "vera", "anna"):
            await ui.tap(p[who], settings, "🪑 Сесть за стол")
        again = await ui.tap(p["anna"], settings, "Игроков: 3")  # 3 seated: may grow
        assert again["text"] is None
        await ui.tap(p["gleb"], settings, "🪑 Сесть за стол")
        assert "За столом (4 из 4): Boris, Vera, Anna, Gleb" in ui.text(settings)
        # Four seated: the size grows to five and comes back past two and three (too few).
        assert (await ui.tap(p["anna"], settings, "Игроков: 4"))["text"] is None
        assert (await ui.tap(p["anna"], settings, "Игроков: 5"))["text"] is None
        assert "Игроков: 4" in ui.labels(settings)
        for label in ("◀ 15", "◀ 12", "◀ 10", "◀ 5"):
            await ui.tap(p["anna"], settings, label)
        assert "Дальше некуда" in (await ui.tap(p["anna"], settings, "◀"))["text"]
        # The draft survives a restart of the dispatcher.
    async with app.polling():
        await ui.tap(p["vera"], settings, "▶️ Начать пульку")
        rules = await t.say("stranger", "/rules")
        assert "Висты: жлобские; ответственность вистующего: половинная." in rules
        assert "Полвиста: нет." in rules
        assert "множители 2-4-6 по кругу; выход не ниже 7" in rules
        assert "деление горы: с поправкой до делимой горы" in rules
        assert "пуля до 5; вист стоит 1 RUB" in rules
        players = await t.say("stranger", "/players")
        assert "1. Boris" in players and "4. Gleb" in players
        assert "Пулька уже идёт" in await t.say("anna", "/newpulka")
        assert STALE in (await ui.press(p["anna"], settings, "v1s:go:-", strict=False))["text"]
        answered_all(tg, ui)
    assert await app.count("join") == 4


async def test_settings_cancelled_and_busy(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        first = await t.settings("anna")
        second = await t.settings("boris")
        await ui.tap(p["boris"], second, "🪑 Сесть за стол")
        await ui.tap(p["boris"], second, "▶️ Начать пульку")
        # One pulka per chat: the other settings message cannot start a second one.
        busy = await ui.tap(p["anna"], first, "▶️ Начать пульку")
        assert "Пулька уже идёт" in busy["text"] and busy["show_alert"]
        await ui.tap(p["anna"], first, "✖ Отмена")
        assert "отменена" in ui.text(first) and ui.labels(first) == []
        assert "1. Boris" in ui.text(second)
        assert ui.labels(second) == ["🪑 Сесть за стол"]  # two more seats to fill
        # "Sit down" on the scoreboard seats the presser.
        answer = await ui.tap(p["vera"], second, "🪑 Сесть за стол")
        assert answer["text"] == "Вы за столом: Vera, место 2."
        answer = await ui.tap(p["vera"], second, "🪑 Сесть за стол")
        assert "Вы уже за столом" in answer["text"]
        await ui.tap(p["anna"], second, "🪑 Сесть за стол")
        assert ui.labels(second) == [NEW_DEAL]  # three of three
        assert "Все места за столом заняты" in await t.say("gleb", "/join")
        answered_all(tg, ui)
    assert await app.count("join") == 3


async def test_scoreboard_edited_pinned_and_resent(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    tg.set_admins(chat, [p["admin"], tg.bot_id], creator=p["admin"])
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        await seated(t, "sochi 20 1")
        board = t.board
        assert tg.pinned_message_ids(chat) == [board]
        assert "Можно играть" in ui.text(board)
        edits = len(tg.calls_to("editMessageText"))
        assert "Сдача №1" in await t.say("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        assert len(tg.calls_to("editMessageText")) == edits + 1
        assert "Последняя сдача №1: Anna 6♠ / ровно" in ui.text(board)
        assert "Anna +5⅓, Boris +1⅓, Vera -6⅔" in ui.text(board)
        assert "Следующим раздаёт Boris" in ui.text(board)
        # Nothing changed: no edit at all (never "message is not modified").
        await t.say("anna", "/score")
        await t.say("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1 Boris")
        assert len(tg.calls_to("editMessageText")) == edits + 1
        # The board deleted: the next change sends (and pins) a new one.
        await app.bot.delete_message(chat["id"], board)
        sent = tg.send_message(chat, p["boris"], "/deal raspasy Anna 3 Boris 2 Vera 5")
        await tg.wait_for_message(chat, lambda m: "Сдача №2" in m["text"], after=sent["message_id"])
        await app.idle()  # the new board goes out beside the answer
        new_board = max(
            m["message_id"]
            for m in tg.sent_messages(chat)
            if "Последняя сдача №2" in m.get("text", "")
        )
        assert new_board != board
        assert tg.pinned_message_ids(chat) == [new_board]
        wizard = await ui.tap_new(p["vera"], new_board, NEW_DEAL)
        for label in ("Vera", "6♦", "Оба пас", WRITE):
            await ui.tap(p["vera"], wizard, label)
        assert "Последняя сдача №3: Vera 6♦ / без виста" in ui.text(new_board)
        # The undo from the deal's message shows on the board as well.
        prompt = await ui.tap_new(p["anna"], wizard, "↩️ Отменить сдачу")
        await ui.tap(p["anna"], prompt, "Да, отменить")
        assert "Последняя сдача №2" in ui.text(new_board)
        not_modified = [
            c for c in tg.calls_to("editMessageText") if c.error and "not modified" in c.error
        ]
        assert not not_modified
        answered_all(tg, ui)


async def test_deal_command_without_arguments_opens_the_wizard(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        await seated(t)
        answer = await app.reply_msg(chat, p["boris"], "/deal")
        assert "Сдача №1 · раздаёт Anna" in answer["text"]
        assert ui.labels(answer["message_id"])[:3] == ["Boris", "Vera", "Anna"]
        # The text form answers with the same buttons.
        written = await app.reply_msg(chat, p["boris"], "/deal Boris 7h 7 Vera whist 2 Anna pass 1")
        assert ui.labels(written["message_id"]) == [NEW_DEAL, "↩️ Отменить сдачу", "✏️ Изменить"]
        # The wizard opened before is out of date now.
        assert STALE in (await ui.tap(p["boris"], answer["message_id"], "Vera"))["text"]
        again = await app.reply_msg(chat, p["boris"], "/deal")
        await ui.tap(p["boris"], again["message_id"], "Распасы")
        await ui.tap(p["boris"], again["message_id"], "10")
        assert ui.labels(again["message_id"])[:-2] == ["0"]  # the other two took none
        await ui.tap(p["boris"], again["message_id"], "« Назад")
        assert "Взятки — Vera?" in ui.text(again["message_id"])
        stranger = await app.reply_msg(chat, p["stranger"], "/deal")
        assert "только игроки" in stranger["text"]
        answered_all(tg, ui)


async def test_a_failing_press_is_answered_once(app: App, people: dict[str, Any]) -> None:
    """The safety net: a handler that fails still answers the press, exactly once."""
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        await seated(t)
        wizard = await ui.tap_new(p["anna"], t.board, NEW_DEAL)
        # More 500s than the session retries: the handler fails.
        tg.fail_next(
            "editMessageText",
            times=3,
            error_code=500,
            description="Internal Server Error: injected",
        )
        answer = await ui.tap(p["anna"], wizard, "Anna")
        assert "что-то пошло не так" in answer["text"]
        # Nothing was lost: the same button works once Telegram is well again.
        assert (await ui.tap(p["anna"], wizard, "Anna"))["text"] is None
        assert "Играет Anna. Какой контракт" in ui.text(wizard)
        answered_all(tg, ui)


async def test_concurrent_presses_on_many_wizards(app: App, people: dict[str, Any]) -> None:
    """Players tapping several wizards at once: one deal per sheet, every press answered."""
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        await seated(t)
        wizards = [await ui.tap_new(p[who], t.board, NEW_DEAL) for who in ("anna", "boris", "vera")]
        for w in wizards:
            for label in ("Anna", "6♠", "Оба пас"):
                await ui.tap(p["anna"], w, label)
        queries = [
            tg.press_button(chat, p[who], w, ui.data(w, WRITE))
            for w, who in zip(wizards, ("anna", "boris", "vera"), strict=True)
        ]
        await tg.wait_for(lambda: all(tg.callback_answer(q["id"]) for q in queries))
        texts = [tg.callback_answer(q["id"])["text"] for q in queries]
        assert texts.count("Записано: сдача №1") == 1
        assert sum(STALE in x for x in texts) == 2
    assert await app.count("deal") == 1


async def test_a_wizard_written_over_meanwhile_says_so_and_offers_a_new_deal(
    app: App, people: dict[str, Any]
) -> None:
    """A typed deal while Vera fills a wizard in: her next tap is refused, and the
    wizard becomes "out of date, nothing written", with "New deal", not a keypad whose
    every key is refused."""
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    ui = t.ui
    async with app.polling():
        await seated(t)
        wizard = await ui.tap_new(p["vera"], t.board, NEW_DEAL)
        await ui.tap(p["vera"], wizard, "Anna")
        assert "Сдача №1" in await t.say("boris", "/deal Boris 6s 6 Anna whist 3 Vera pass 1")
        answer = await ui.tap(p["vera"], wizard, "6♠")
        assert STALE in answer["text"] and answer["show_alert"]
        assert ui.text(wizard).startswith("Этот ввод сдачи устарел")
        assert ui.labels(wizard) == [NEW_DEAL]
        assert await app.count("deal") == 1
        # Its "New deal" opens a wizard for deal 2.
        fresh = await ui.tap_new(p["vera"], wizard, NEW_DEAL)
        assert ui.text(fresh).startswith("Сдача №2")
