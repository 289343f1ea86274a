"""A command edited after it was sent: the bot tells what its first text did and how
to change it, and runs nothing again."""

from __future__ import annotations

from typing import Any

from harness import App, group

DEAL = "/deal Anna 6s 6 Boris whist 3 Vera pass 1"


async def edit(app: App, chat: dict[str, Any], sent: dict[str, Any], user: Any, text: str) -> str:
    """``user`` edits his message ``sent`` into ``text``: the bot's answer."""
    sent_by_bot = app.tg.sent_messages(chat)
    newest = int(sent_by_bot[-1]["message_id"]) if sent_by_bot else 0
    app.tg.edit_user_message(chat, user, sent, text)
    reply = await app.tg.wait_for_message(chat, after=max(newest, int(sent["message_id"])))
    await app.idle()
    return str(reply["text"])


async def test_an_edited_deal_stands_as_written_and_is_given_its_edit(
    app: App, people: dict[str, Any]
) -> None:
    p = people
    chat = group(app.tg, p)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 20 1")
        joined = app.tg.send_message(chat, p["anna"], "/join")
        await app.tg.wait_for_message(chat, after=joined["message_id"])
        for who in ("boris", "vera"):
            await app.say(chat, p[who], "/join")
        sent = app.tg.send_message(chat, p["anna"], DEAL)
        await app.tg.wait_for_message(chat, after=sent["message_id"])
        await app.idle()

        told = await edit(app, chat, sent, p["anna"], "/deal Anna 7s 7 Boris whist 2 Vera pass 1")
        assert told.startswith(
            "Сообщение изменено, но сдача №1 записана по первому тексту: Anna 6♠ / ровно"
        ), told
        assert "Записать её по новому тексту: /edit 1 Anna 7s 7 Boris whist 2 Vera pass 1" in told
        assert await app.count("deal") == 1 and await app.count("amend") == 0
        # The command it gives does it.
        assert "Сдача №1 изменена" in await app.say(
            chat, p["anna"], "/edit 1 Anna 7s 7 Boris whist 2 Vera pass 1"
        )
        assert await app.count("amend") == 1

        # A command that wrote nothing: sent again, not reread.
        refused = app.tg.send_message(chat, p["boris"], "/deal Anna 6s 11")
        await app.tg.wait_for_message(chat, after=refused["message_id"])
        await app.idle()
        told = await edit(app, chat, refused, p["boris"], DEAL)
        assert told.startswith("Бот не перечитывает изменённые сообщения"), told
        # A command that wrote something else: it stands.
        told = await edit(app, chat, joined, p["anna"], "/join Анна")
        assert "бот уже выполнил его по первому тексту" in told
        # A correction: changed or deleted by number.
        fix = app.tg.send_message(chat, p["vera"], "/correct Anna гора 2")
        await app.tg.wait_for_message(chat, after=fix["message_id"])
        await app.idle()
        await app.say(chat, p["anna"], "/lang en")
        told = await edit(app, chat, fix, p["vera"], "/correct Anna гора 4")
        assert "entry 2 stands as its first text wrote it" in told
        assert "/edit 2" in told and "/delete 2" in told
        assert await app.count("deal") == 2

        # Another bot's command, or words that are no command: not answered.
        before = len(app.tg.sent_messages(chat))
        words = app.tg.send_message(chat, p["boris"], "ну что, ещё одну?")
        other = app.tg.send_message(chat, p["boris"], "/deal@OtherBot 1")
        await app.idle()
        app.tg.edit_user_message(chat, p["boris"], words, "/deal@OtherBot 2")
        app.tg.edit_user_message(chat, p["boris"], other, "/play@OtherBot 3")
        await app.idle()
        assert len(app.tg.sent_messages(chat)) == before
    assert await app.count("deal") == 2
