"""A group's command the bot has not: a slip or a guess of one of its commands is answered
with the one meant; a command named to the bot is answered; another bot's is left alone."""

from __future__ import annotations

from typing import Any

from harness import App, group


async def silent(app: App, chat: dict[str, Any], user: dict[str, Any], text: str) -> bool:
    """Whether the bot says nothing to ``text``."""
    before = len(app.tg.sent_messages(chat))
    app.tg.send_message(chat, user, text)
    await app.idle()
    return len(app.tg.sent_messages(chat)) == before


async def test_a_slip_or_a_guess_is_answered_with_the_command_meant(
    app: App, people: dict[str, Any]
) -> None:
    p = people
    chat = group(app.tg, p)
    async with app.polling():
        answer = await app.say(chat, p["anna"], "/dela Anna 6s 6 Boris whist 3 Vera pass 1")
        assert answer == (
            "Такой команды нет: /dela. Может быть, нужна /deal — записать сдачу? Все команды: /help"
        )
        assert "нужна /settle — расписать пульку?" in await app.say(chat, p["anna"], "/ИТОГ")
        assert "нужна /deal — записать сдачу?" in await app.say(chat, p["anna"], "/Deal 6s")
        # Another name of a menu command, in capitals: itself, with the menu's words.
        assert "нужна /fix — поправка в запись?" in await app.say(chat, p["anna"], "/Fix 1 2")
        # The menu's example stays out of the question.
        assert "нужна /cost — сколько стоит сдача? Все" in await app.say(chat, p["anna"], "/cots")
        assert "нужна /score — счёт?" in await app.say(chat, p["boris"], "/scroe")
        assert "нужна /undo" in await app.say(chat, p["boris"], "/undoo")
        assert "нужна /newpulka" in await app.say(chat, p["boris"], "/newpulk")
        await app.say(chat, p["anna"], "/lang en")
        assert await app.say(chat, p["anna"], "/setle") == (
            "There is no command /setle. Did you mean /settle (settle the pulka)? "
            "All commands: /help"
        )
        await app.say(chat, p["anna"], "/lang uk")
        assert await app.say(chat, p["anna"], "/кінець") == (
            "Такої команди немає: /кінець. Можливо, потрібна /settle — розписати пульку? "
            "Усі команди: /help"
        )
    assert await app.count() == 0  # nothing written


async def test_ending_words_are_heard_only_where_a_pulka_is_running(
    app: App, people: dict[str, Any]
) -> None:
    p = people
    chat = group(app.tg, p)
    async with app.polling():
        assert await silent(app, chat, p["anna"], "/end")  # a music bot's, say
        await app.say(chat, p["anna"], "/newpulka sochi 10 1")
        assert "нужна /settle — расписать пульку?" in await app.say(chat, p["anna"], "/end")
        assert "нужна /settle" in await app.say(chat, p["anna"], "/finish")


async def test_a_command_named_to_the_bot_is_answered_another_bots_is_not(
    app: App, people: dict[str, Any]
) -> None:
    p = people
    chat = group(app.tg, p)
    bot_name = app.tg.bot_user["username"]
    async with app.polling():
        assert await app.say(chat, p["anna"], f"/frobnicate@{bot_name} now") == (
            "Такой команды нет: /frobnicate. Все команды: /help"
        )
        assert "нужна /deal" in await app.say(chat, p["anna"], f"/dael@{bot_name}")
        # Another bot's commands, and an unknown word not meant for any of ours.
        for text in (
            "/kick @troll",
            "/play song",
            "/del",
            "/player",
            "/stat",
            "/rule 3",
            "/frobnicate",
            "/end@OtherBot",
            "/deal@OtherBot",
            f"/@{bot_name}",
        ):
            assert await silent(app, chat, p["anna"], text), text
        # A command of its own is its own, never "unknown".
        assert "Новая пулька" in await app.say(chat, p["anna"], "/newpulka sochi 10 1")


async def test_markup_in_an_unknown_command_is_shown_as_text(
    app: App, people: dict[str, Any]
) -> None:
    p = people
    chat = group(app.tg, p)
    async with app.polling():
        reply = await app.reply_msg(chat, p["anna"], f"/<b>x</b>@{app.tg.bot_user['username']}")
    assert reply["text"].startswith("Такой команды нет: /<b>x</b>.")
    assert "entities" not in reply or all(e["type"] != "bold" for e in reply["entities"])
