"""Features as a table uses them late at night (a review of what landed):
what a big club's ``/debts`` and ``/stats`` (emoji names too) fit in, what ``/start`` in a
private chat tells, the short ``/help`` and its pages.

End to end through the real Dispatcher against the fake Bot API server, and the views.
"""

from __future__ import annotations

import html
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from harness import App, group
from tapping import Tapper

from bot.features.debts.view import debts_text
from bot.features.help.view import help_page, help_text
from bot.features.stats.view import card_text, stats_text
from bot.model.debts import Debt
from bot.model.nights import Person
from bot.model.stats import Balance, ChatStats, NightResult, PlayerStats
from bot.views.buttons import HelpPage
from bot.views.texts import LANGS, Texts
from scoring.tally import Tally


def u16(text: str) -> int:
    """The length Telegram counts: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def plain(text: str) -> str:
    """``text`` as Telegram shows it once its HTML is parsed into entities."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


@pytest.mark.parametrize("lang", LANGS)
def test_debts_of_a_big_club_fit_in_one_message(lang: str) -> None:
    """A club of 40 guests over many nights: more open pairs than a message holds. The
    ones that fit are listed, the rest counted (it was an error answered to the chat)."""
    tx = Texts(lang)
    people = [Person(f"g:{i}", f"Гость{i:02d}Длинноеимя") for i in range(40)]
    found = [
        Debt(
            debtor=people[i],
            creditor=people[(i + k) % 40],
            currency="RUB",
            amount=Decimal("123.45"),
            pending=Decimal("100.00") if k == 1 else Decimal(0),
            pulkas=tuple(range(1, 12)),
        )
        for i in range(40)
        for k in (1, 2)
    ]
    numbers = {n: n for n in range(1, 12)}
    text = debts_text(tx, found, [], numbers)
    assert u16(text) <= 4096
    shown = text.count(" → ")
    assert 0 < shown < len(found)
    more = {"ru": "…и ещё долгов: ", "uk": "…і ще боргів: ", "en": "…and more debts: "}[lang]
    assert f"{more}{len(found) - shown}." in text
    assert text.endswith(tx("debts_how"))
    # A few debts: all of them, and no count.
    few = debts_text(tx, found[:3], [], numbers)
    assert few.count(" → ") == 3 and more not in few


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", "Бумажный лист можно посчитать и здесь: /calc"),
        ("uk", "Паперовий аркуш можна порахувати й тут: /calc"),
        ("en", "A paper sheet can be settled here too: /calc"),
    ],
)
async def test_start_in_a_private_chat_tells_of_calc(app: App, lang: str, words: str) -> None:
    user = app.tg.create_user("Olga", language_code=lang)
    chat = app.tg.private_chat(user)
    async with app.polling():
        assert words in await app.say(chat, user, "/start")


@pytest.mark.parametrize("lang", LANGS)
def test_the_short_help_is_short_and_every_page_fits(lang: str) -> None:
    """``/help`` is the everyday commands; every page of every command (the first, in a
    group, with the seating ones) fits one message after its HTML is parsed."""
    tx = Texts(lang)
    short = help_text(tx)
    full = "\n".join(help_page(tx, page, group=True) for page in HelpPage)
    for page in HelpPage:
        for in_group in (True, False):
            text = help_page(tx, page, group=in_group)
            assert u16(text) <= 4096 and u16(plain(text)) <= 4096, page
    assert u16(plain(short)) < 1000 and short.count("\n") < 15
    for command in ("/newpulka", "/join", "/deal", "/undo", "/settle", "/debts", "/calc"):
        assert command in short, command
    assert "/help all" in short
    assert "/seats" in full and "/seats" not in help_page(tx, HelpPage.START, group=False)


@pytest.mark.parametrize(
    ("lang", "button", "full"),
    [
        ("ru", "💰 Деньги и архив", "/rating on|off"),
        ("en", "💰 Money and archive", "/rating on|off"),
    ],
)
async def test_help_opens_its_pages_by_their_buttons_after_a_restart(
    app: App, people: dict[str, Any], lang: str, button: str, full: str
) -> None:
    user = app.tg.create_user("Olga", language_code=lang)
    chats = [app.tg.private_chat(user), group(app.tg, {**people, "olga": user})]
    async with app.polling():
        for chat in chats:
            await app.say(chat, user, f"/lang {lang}")
            short = await app.reply_msg(chat, user, "/help")
            assert full not in short["text"] and "/calc" in short["text"]
    await app.restart()
    async with app.polling():
        for chat in chats:
            ui = Tapper(app.tg, chat)
            m = ui.newest()
            assert button in ui.labels(m) and len(ui.labels(m)) == len(HelpPage)
            await ui.tap(user, m, button)
            assert full in ui.text(m) and button not in ui.labels(m)
            assert len(ui.labels(m)) == len(HelpPage) - 1
            first = await app.say(chat, user, "/help all")  # any other word: the first page
            assert ("/seats" in first) is (chat["type"] == "group") and "/newpulka" in first
            assert full in await app.say(chat, user, "/help money")


@pytest.mark.parametrize("lang", LANGS)
def test_stats_of_players_with_emoji_names_fit_in_one_message(lang: str) -> None:
    """A name may be emoji (two UTF-16 units each, as Telegram counts): /stats of many
    such players, and one player's card with many opponents, still fit in a message."""
    emoji = "\U0001f0a1" * 12  # playing cards, 12 characters, 24 units
    people = [Person(f"g:{i}", f"{emoji}{i:03d}") for i in range(150)]
    players = tuple(
        PlayerStats(
            p,
            (p.name,),
            (),
            (NightResult(1, "2026-12-01T10:00:00", Fraction(i), Fraction(i), "RUB"),),
            Tally(deals=4),
        )
        for i, p in enumerate(people[:60])
    )
    balances = tuple(
        Balance(people[0], other, "RUB", Decimal("12.34")) for other in people[1:]
    ) + tuple(Balance(people[1], other, "EUR", Decimal("5.67")) for other in people[2:])
    stats = ChatStats(1, players, balances, ())
    tx = Texts(lang)
    text = stats_text(tx, stats)
    assert u16(text) <= 4096
    assert text.endswith(tx("stats_how"))
    card = card_text(tx, stats, players[1])
    assert u16(card) <= 4096 and card.endswith("   …")


@pytest.mark.parametrize("lang", LANGS)
def test_a_debt_of_many_nights_lists_ten_pulkas_then_an_ellipsis(lang: str) -> None:
    tx = Texts(lang)
    anna, boris = Person("g:anna", "Anna"), Person("g:boris", "Boris")

    def text(nights: int) -> str:
        debt = Debt(anna, boris, "RUB", Decimal("5.00"), Decimal(0), tuple(range(1, nights + 1)))
        return debts_text(tx, [debt], [], {n: n for n in range(1, nights + 1)})

    sign = "#" if lang == "en" else "№"
    ten = ", ".join(f"{sign}{n}" for n in range(1, 11))
    assert f"{ten})" in text(10)
    assert f"{ten}, …)" in text(11)
    assert f"{sign}11" not in text(500)
    assert text(500) == text(11) and len(text(2000)) == len(text(500))
    assert f"{sign}1, {sign}2)" in text(2)
