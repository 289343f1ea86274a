"""Fewer words per deal and per page: a deal's answer says what it wrote and what it cost
(the standings and whose deal is next are on the scoreboard), whichever way it was
written; ``/help`` comes in pages of a topic each, with buttons between them.

End to end through the real Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

from typing import Any

import pytest
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from harness import App, group
from tapping import Tapper

from bot.features.help.view import help_page
from bot.views.buttons import HelpCB, HelpPage
from bot.views.texts import LANGS, Texts

#: The most lines a deal's answer and a page of /help may take.
DEAL_LINES, PAGE_LINES = 5, 15

#: Per language: the deals typed (a contract made; set, both whisting; a misère; raspasy;
#: a half-whist), and what each answer names (its number and the declarer's result).
DEALS = {
    "ru": [
        ("/deal Anna 7ч 7 Boris вист 2 Vera пас 1", "Сдача №1: Anna 7♥ / ровно"),
        ("/deal Boris 6п 5 Vera вист 3 Anna вист 2", "Сдача №2: Boris 6♠ / без одной"),
        ("/deal Vera мизер 1", "Сдача №3: Vera мизер / 1 взятка"),
        ("/deal распасы Anna 3 Boris 2 Vera 5", "Сдача №4: распасы 3-2-5"),
        ("/deal Anna 6бк 6 Boris пас 2 Vera полвиста 2", "Сдача №5: Anna 6БК / полвиста"),
    ],
    "uk": [
        ("/deal Anna 7ч 7 Boris віст 2 Vera пас 1", "Роздача №1: Anna 7♥ / рівно"),
        ("/deal Boris 6п 5 Vera віст 3 Anna віст 2", "Роздача №2: Boris 6♠ / без одного"),
        ("/deal Vera мізер 1", "Роздача №3: Vera мізер / 1 хабар"),
        ("/deal розпаси Anna 3 Boris 2 Vera 5", "Роздача №4: розпаси 3-2-5"),
        ("/deal Anna 6бк 6 Boris пас 2 Vera піввіста 2", "Роздача №5: Anna 6БК / піввіста"),
    ],
    "en": [
        ("/deal Anna 7h 7 Boris whist 2 Vera pass 1", "Deal 1: Anna 7♥ / made"),
        ("/deal Boris 6s 5 Vera whist 3 Anna whist 2", "Deal 2: Boris 6♠ / down 1"),
        ("/deal Vera misere 1", "Deal 3: Vera misère / 1 trick"),
        ("/deal all-pass Anna 3 Boris 2 Vera 5", "Deal 4: all-pass 3-2-5"),
        ("/deal Anna 6nt 6 Boris pass 2 Vera half 2", "Deal 5: Anna 6NT / half-whist"),
    ],
}

#: The words that now live on the scoreboard only: the standings, whose deal is next.
BOARD_ONLY = {
    "ru": ("Если закончить сейчас", "Следующим раздаёт"),
    "uk": ("Якщо закінчити зараз", "Наступним здає"),
    "en": ("If we stopped now", "deals next"),
}


async def seated(app: App, chat: dict[str, Any], p: dict[str, Any], lang: str) -> None:
    await app.say(chat, p["anna"], f"/lang {lang}")
    await app.say(chat, p["anna"], "/newpulka sochi 20 1")
    for who in ("anna", "boris", "vera"):
        await app.say(chat, p[who], "/join")


@pytest.mark.parametrize("lang", LANGS)
async def test_a_typed_deal_is_answered_in_at_most_five_lines(
    app: App, people: dict[str, Any], lang: str
) -> None:
    """Every kind of deal: its line, what it wrote, what it cost; the standings and the
    next dealer are on the scoreboard (brought up to date before the answer)."""
    tx = Texts(lang)
    chat = group(app.tg, people)
    async with app.polling():
        await seated(app, chat, people, lang)
        for text, head in DEALS[lang]:
            answer = await app.say(chat, people["anna"], text)
            lines = answer.splitlines()
            assert len(lines) <= DEAL_LINES and len(lines) == 3, answer
            assert lines[0].startswith(head), (lines[0], head)
            assert lines[2].startswith(tx("deal_cost", costs="")), answer
            board = await app.board(chat)
            for words in BOARD_ONLY[lang]:
                assert words not in answer and words in board, (words, answer, board)
            if head == DEALS[lang][0][1]:  # after the first deal the standings are its cost
                assert lines[2].removeprefix(tx("deal_cost", costs="")) in board
        assert await app.count("deal") == len(DEALS[lang])


async def test_the_deal_that_closes_the_pulka_says_so_in_its_few_lines(
    app: App, people: dict[str, Any]
) -> None:
    chat = group(app.tg, people)
    async with app.polling():
        await app.say(chat, people["anna"], "/newpulka sochi 2 1")
        for who in ("anna", "boris", "vera"):
            await app.say(chat, people[who], "/join")
        for text in (
            "/deal Anna 6s 7 Boris whist 3 Vera pass 0",
            "/deal Boris 6s 6 Vera whist 3 Anna pass 1",
        ):
            await app.say(chat, people["anna"], text)
        last = await app.say(chat, people["anna"], "/deal Vera 6s 6 Anna whist 3 Boris pass 1")
        assert len(last.splitlines()) == 4 and last.splitlines()[-1].startswith("Пулька закрыта!")


async def test_the_wizard_and_the_guard_answer_in_as_few_lines(
    app: App, people: dict[str, Any]
) -> None:
    """ "Write it" of the wizard and "Yes" of the guard end where a typed deal does."""
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        await seated(app, chat, p, "ru")
        board = next(
            int(m["message_id"])
            for m in tg.sent_messages(chat)
            if "➕ Новая сдача" in str(m.get("reply_markup"))
        )
        wizard = await ui.tap_new(p["anna"], board, "➕ Новая сдача")
        for label in ("Anna", "6♠", "Boris вист · Vera пас", "6", "✅ Записать"):
            await ui.tap(p["anna"], wizard, label)
        written = ui.text(wizard).splitlines()
        assert written[0].startswith("Сдача №1: Anna 6♠ / ровно"), written
        assert written[-1] == "Записал(а): Anna." and len(written) == 4 <= DEAL_LINES
        assert "Если закончить сейчас" in await app.board(chat)

        # The same deal typed again is asked about; "Yes" writes it in as few lines.
        sent = tg.send_message(chat, p["boris"], "/deal Anna 6п 6 Boris вист 4 Vera пас 0")
        question = await tg.wait_for_message(chat, after=sent["message_id"])
        await app.idle()
        assert "Точно такая же сдача" in question["text"]
        await ui.tap(p["boris"], question["message_id"], "✅ Да, записать")
        yes = ui.text(question["message_id"]).splitlines()
        assert yes[0].startswith("Сдача №2: Anna 6♠ / ровно") and len(yes) == 3 <= DEAL_LINES
        assert "Следующим раздаёт Vera." in await app.board(chat)
        assert await app.count("deal") == 2


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_page_is_at_most_fifteen_lines(lang: str) -> None:
    tx = Texts(lang)
    for page in HelpPage:
        for in_group in (True, False):
            text = help_page(tx, page, group=in_group)
            assert len(text.splitlines()) <= PAGE_LINES, (lang, page, in_group, text)


@pytest.mark.parametrize("lang", LANGS)
async def test_every_help_page_is_reached_by_its_button_edited_in_place(
    app: App, people: dict[str, Any], lang: str
) -> None:
    """From the short /help, each page's button edits the message into that page (the same
    text as ``/help <page>``), with buttons to every other page."""
    tx = Texts(lang)
    chat = group(app.tg, people)
    ui = Tapper(app.tg, chat)
    user = people["anna"]
    async with app.polling():
        await app.say(chat, user, f"/lang {lang}")
        m = int((await app.reply_msg(chat, user, "/help"))["message_id"])
        labels = [tx(f"btn_help_{page}") for page in HelpPage]
        assert ui.labels(m) == labels
        for page, label in reversed(list(zip(HelpPage, labels, strict=True))):
            count = len(app.tg.sent_messages(chat))
            await ui.tap(user, m, label)
            shown = ui.text(m)
            assert len(app.tg.sent_messages(chat)) == count  # edited, nothing new sent
            assert len(shown.splitlines()) <= PAGE_LINES, shown
            assert tx(f"help_page_{page}") in shown.splitlines()[0]
            assert ui.labels(m) == [x for x in labels if x != label]
            assert await app.say(chat, user, f"/help {page}") == shown
            name = tx(f"help_page_{page}").split()[0]
            assert await app.say(chat, user, f"/help {name}") == shown
        # Every command of the old one-message help is on one page or another.
        pages = "\n".join(
            [await app.say(chat, user, f"/help {n}") for n in range(1, len(HelpPage) + 1)]
        )
        for command in ("/newpulka", "/seats", "/deal", "/correct", "/edit", "/settle"):
            assert command in pages, command
        for command in ("/pulkas", "/debts", "/rating", "/stats", "/calc", "/cost", "/whatif"):
            assert command in pages, command


async def test_an_all_commands_button_sent_before_the_pages_opens_the_first(
    app: App, people: dict[str, Any]
) -> None:
    chat = group(app.tg, people)
    ui = Tapper(app.tg, chat)
    old = InlineKeyboardMarkup(
        inline_keyboard=[
            [InlineKeyboardButton(text="📖 Все команды", callback_data=HelpCB(full=1).pack())]
        ]
    )
    async with app.polling():
        sent = await app.bot.send_message(chat["id"], "help", reply_markup=old)
        await ui.tap(people["anna"], sent.message_id, "📖 Все команды")
        text = ui.text(sent.message_id)
        assert text == await app.say(chat, people["anna"], "/help all")
        assert "/newpulka" in text and "/seats" in text
        assert len(ui.labels(sent.message_id)) == len(HelpPage) - 1
