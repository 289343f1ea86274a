"""The settings message of a bare ``/newpulka``: it starts from the place's last pulka's
rules, and offers a seat only while one is free."""

from __future__ import annotations

from typing import Any

from harness import App, group
from tapping import Tapper

SIT = "🪑 Сесть за стол"


async def say(
    app: App, chat: dict[str, Any], user: dict[str, Any], text: str, thread: int | None = None
) -> dict[str, Any]:
    """Send ``text`` (in topic ``thread``); the bot's answer."""
    sent = app.tg.send_message(chat, user, text, thread_id=thread)
    return await app.tg.wait_for_message(chat, after=sent["message_id"])


async def settings(
    app: App, chat: dict[str, Any], user: dict[str, Any], thread: int | None = None
) -> int:
    """A bare ``/newpulka``: the settings message's id."""
    msg = await say(app, chat, user, "/newpulka", thread)
    assert "Новая пулька" in msg["text"], msg["text"]
    return int(msg["message_id"])


async def test_the_sit_button_is_gone_once_the_table_is_full(
    app: App, people: dict[str, Any]
) -> None:
    p = people
    chat = group(app.tg, p)
    ui = Tapper(app.tg, chat)
    async with app.polling():
        msg = await settings(app, chat, p["anna"])
        for who in ("anna", "boris"):
            await ui.tap(p[who], msg, SIT)
            assert SIT in ui.labels(msg)
        await ui.tap(p["vera"], msg, SIT)
        assert "За столом (3 из 3)" in ui.text(msg)
        assert SIT not in ui.labels(msg)
        # A fourth seat made: the button is back; taken, gone again.
        await ui.tap(p["anna"], msg, "Игроков: 3")
        assert SIT in ui.labels(msg)
        await ui.tap(p["gleb"], msg, SIT)
        assert "За столом (4 из 4)" in ui.text(msg)
        assert SIT not in ui.labels(msg)
        assert "▶️ Начать пульку" in ui.labels(msg)


async def test_a_new_settings_message_starts_from_the_last_pulka_of_its_place(
    app: App, people: dict[str, Any]
) -> None:
    p = people
    forum = app.tg.create_supergroup(members=list(p.values()), creator=p["admin"], is_forum=True)
    friday = app.tg.create_topic(forum, p["admin"], "Friday")
    sunday = app.tg.create_topic(forum, p["admin"], "Sunday")
    app.tg.set_admins(forum, [app.tg.bot_id])  # it pins its boards: no note that it cannot
    ui = Tapper(app.tg, forum)
    async with app.polling():
        # Friday's table plays Leningrad to 10 at 1 EUR a whist, started typed.
        await say(app, forum, p["anna"], "/newpulka ленинград 10 1 EUR", friday)
        assert "Пулька отменена" in (await say(app, forum, p["anna"], "/cancel", friday))["text"]
        msg = await settings(app, forum, p["anna"], friday)
        text = ui.text(msg)
        assert "Вариант: ленинградка; игроков: 3; пуля до 10; вист по 1 EUR." in text, text
        assert {"Пуля до 10", "Вист: 1 EUR", "Валюта: EUR"} <= set(ui.labels(msg))
        # Started from the buttons, it is the last one in its turn.
        await ui.tap(p["anna"], msg, "◀ 5")
        await ui.tap(p["anna"], msg, SIT)
        await ui.tap(p["anna"], msg, "▶️ Начать пульку")
        assert "Пулька отменена" in (await say(app, forum, p["anna"], "/cancel", friday))["text"]
        again = await settings(app, forum, p["boris"], friday)
        assert "пуля до 5; вист по 1 EUR" in ui.text(again)
        # Another topic has had no pulka: the defaults, in the chat language's money.
        other = await settings(app, forum, p["boris"], sunday)
        assert "Вариант: сочинка; игроков: 3; пуля до 20; вист по 1 RUB." in ui.text(other)


async def test_a_new_settings_message_seats_as_many_as_the_last_pulka(
    app: App, people: dict[str, Any]
) -> None:
    p = people
    chat = group(app.tg, p)
    app.tg.set_admins(chat, [app.tg.bot_id])  # it pins its boards: no note that it cannot
    ui = Tapper(app.tg, chat)
    async with app.polling():
        # A table of four, its size typed: the next settings message is for four.
        await say(app, chat, p["anna"], "/newpulka сочинка вчетвером до 10 по 1")
        assert "Пулька отменена" in (await say(app, chat, p["anna"], "/cancel"))["text"]
        msg = await settings(app, chat, p["anna"])
        assert "Вариант: сочинка; игроков: 4; пуля до 10; вист по 1 RUB." in ui.text(msg)
        assert "Игроков: 4" in ui.labels(msg)
        # Its size not chosen: as many as sat at it.
        await ui.tap(p["anna"], msg, "✖ Отмена")
        await say(app, chat, p["anna"], "/newpulka сочинка до 8")
        for who in ("anna", "boris", "vera", "gleb"):
            await say(app, chat, p[who], "/join")
        assert "Пулька отменена" in (await say(app, chat, p["anna"], "/cancel"))["text"]
        msg = await settings(app, chat, p["boris"])
        assert "игроков: 4; пуля до 8" in ui.text(msg)
        # A hussar table stays a hussar table.
        await ui.tap(p["boris"], msg, "✖ Отмена")
        await say(app, chat, p["anna"], "/newpulka гусарик до 6")
        assert "Пулька отменена" in (await say(app, chat, p["anna"], "/cancel"))["text"]
        msg = await settings(app, chat, p["boris"])
        assert "игроков: 2; пуля до 6" in ui.text(msg)


async def test_join_typed_while_the_settings_message_is_open_sits_at_it(
    app: App, people: dict[str, Any]
) -> None:
    """After a bare ``/newpulka`` the table types ``/join``, as the bot's texts say: it
    sits there, as "Sit down" does, never "no pulka here, start one with /newpulka"."""
    p = people
    chat = group(app.tg, p)
    ui = Tapper(app.tg, chat)
    async with app.polling():
        msg = await settings(app, chat, p["anna"])
        joined = await say(app, chat, p["anna"], "/join")
        assert joined["text"] == (
            "Anna садится за стол: за столом 1 из 3. "
            "Когда все сядут, жмите «▶️ Начать пульку» в настройках выше."
        )
        assert "За столом (1 из 3): Anna" in ui.text(msg)
        assert (await say(app, chat, p["anna"], "/join"))["text"] == "Вы уже за столом."
        guest = await say(app, chat, p["boris"], "/join Петя")
        assert "Гостя сажают, когда пулька начата" in guest["text"]
        assert "/join Петя" in guest["text"]
        await ui.tap(p["boris"], msg, SIT)
        full = await say(app, chat, p["vera"], "/join")
        assert full["text"].startswith("Vera садится за стол: все места заняты.")
        assert "За столом (3 из 3): Anna, Boris, Vera" in ui.text(msg)
        assert await app.count() == 0  # nothing is written before "Start"
        await ui.tap(p["anna"], msg, "▶️ Начать пульку")
        assert "Сдача №1" in await app.say(
            chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1"
        )
        # A cancelled settings message seats nobody.
        other = group(app.tg, p)
        msg = await settings(app, other, p["anna"])
        await Tapper(app.tg, other).tap(p["anna"], msg, "✖ Отмена")
        gone = await say(app, other, p["boris"], "/join")
        assert gone["text"] == "Здесь нет идущей пульки. Начните новую: /newpulka"
