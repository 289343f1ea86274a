"""The fake Bot API server works with the real aiogram Bot and Dispatcher."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiogram import Bot, Dispatcher, F, Router
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramRetryAfter,
)
from aiogram.filters import Command, CommandObject
from aiogram.types import (
    BufferedInputFile,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    ReplyParameters,
)
from fakebotapi import MESSAGE_NOT_MODIFIED, FakeTelegram

EXPORT_BYTES = b'{"pulka": [1, 2, 3]}'


class Recorder:
    """What the tiny test bot observed."""

    def __init__(self) -> None:
        self.downloads: list[bytes] = []
        self.migrations: list[tuple[int, int]] = []


def build_router(seen: Recorder) -> Router:
    """A tiny bot: /echo, /menu + callback edit, /export document, document download."""
    router = Router()

    @router.message(Command("echo"))
    async def echo(message: Message, command: CommandObject) -> None:
        await message.answer(command.args or "(empty)")

    @router.message(Command("menu"))
    async def menu(message: Message) -> None:
        keyboard = InlineKeyboardMarkup(
            inline_keyboard=[
                [
                    InlineKeyboardButton(text="A", callback_data="pick:a"),
                    InlineKeyboardButton(text="B", callback_data="pick:b"),
                ]
            ]
        )
        await message.answer("Choose:", reply_markup=keyboard)

    @router.callback_query(F.data.startswith("pick:"))
    async def pick(callback: CallbackQuery) -> None:
        choice = (callback.data or "").removeprefix("pick:")
        await callback.answer(f"Picked {choice}")
        assert isinstance(callback.message, Message)
        await callback.message.edit_text(f"Picked {choice}")

    @router.message(Command("export"))
    async def export(message: Message) -> None:
        await message.answer_document(
            BufferedInputFile(EXPORT_BYTES, filename="pulka.json"), caption="Export"
        )

    @router.message(F.document)
    async def got_document(message: Message, bot: Bot) -> None:
        assert message.document is not None
        buffer = io.BytesIO()
        await bot.download(message.document, destination=buffer)
        seen.downloads.append(buffer.getvalue())
        await message.answer(f"got {len(buffer.getvalue())} bytes")

    @router.message(F.migrate_to_chat_id)
    async def migrated(message: Message) -> None:
        assert message.migrate_to_chat_id is not None
        seen.migrations.append((message.chat.id, message.migrate_to_chat_id))

    return router


@pytest.fixture
def seen() -> Recorder:
    return Recorder()


@pytest.fixture
async def polling(fake_tg: FakeTelegram, tg_bot: Bot, seen: Recorder) -> AsyncIterator[Dispatcher]:
    """The tiny bot polling the fake server for the duration of a test."""
    dp = Dispatcher()
    dp.include_router(build_router(seen))
    async with fake_tg.run_polling(dp, tg_bot):
        yield dp


async def test_command_round_trip(fake_tg: FakeTelegram, polling: Dispatcher) -> None:
    alice = fake_tg.create_user("Alice", username="alice")
    chat = fake_tg.private_chat(alice)

    sent = fake_tg.send_message(chat, alice, "/echo hello world")
    assert sent["entities"] == [{"offset": 0, "length": 5, "type": "bot_command"}]

    reply = await fake_tg.wait_for_message(chat)
    assert reply["text"] == "hello world"
    assert reply["from"]["id"] == fake_tg.bot_id
    assert reply["from"]["is_bot"] is True
    assert reply["chat"] == chat
    assert reply["message_id"] == sent["message_id"] + 1
    assert isinstance(reply["date"], int)

    call = fake_tg.calls_to("sendMessage")[-1]
    assert call.params["chat_id"] == alice["id"]
    assert call.ok
    poll = fake_tg.calls_to("getUpdates")[0]
    assert set(poll.params["allowed_updates"]) >= {"message", "callback_query"}
    assert fake_tg.calls_to("getMe")
    # The update is confirmed (dropped) by the next long poll.
    await fake_tg.wait_for(lambda: fake_tg.pending_updates == 0)


async def test_command_with_mention_in_forum_topic(
    fake_tg: FakeTelegram, polling: Dispatcher
) -> None:
    alice = fake_tg.create_user("Alice")
    forum = fake_tg.create_supergroup("Club", members=[alice], is_forum=True)
    topic = fake_tg.create_topic(forum, alice, "Friday game")

    fake_tg.send_message(forum, alice, "/echo@other_bot ignored", thread_id=topic)
    sent = fake_tg.send_message(forum, alice, "/echo@pulka_test_bot hi", thread_id=topic)
    assert sent["entities"][0] == {"offset": 0, "length": 20, "type": "bot_command"}
    assert sent["is_topic_message"] is True

    reply = await fake_tg.wait_for_message(forum, lambda m: m["text"] == "hi")
    assert reply["message_thread_id"] == topic
    assert reply["is_topic_message"] is True
    assert reply["chat"]["is_forum"] is True
    assert [m["text"] for m in fake_tg.sent_messages(forum)] == ["hi"]


async def test_callback_answered_and_message_edited(
    fake_tg: FakeTelegram, polling: Dispatcher
) -> None:
    alice = fake_tg.create_user("Alice")
    group = fake_tg.create_group("Table", members=[alice], creator=alice)

    fake_tg.send_message(group, alice, "/menu")
    menu = await fake_tg.wait_for_message(group, lambda m: "reply_markup" in m)
    buttons = menu["reply_markup"]["inline_keyboard"][0]
    assert [b["callback_data"] for b in buttons] == ["pick:a", "pick:b"]

    with pytest.raises(AssertionError, match="no button"):
        fake_tg.press_button(group, alice, menu, "pick:zzz")

    query = fake_tg.press_button(group, alice, menu, "pick:b")
    answer = await fake_tg.wait_for(lambda: fake_tg.callback_answer(query["id"]))
    assert answer["text"] == "Picked b"

    def edited_menu() -> dict[str, Any] | None:
        current = fake_tg.message(group, menu["message_id"])
        return current if current and "edit_date" in current else None

    edited = await fake_tg.wait_for(edited_menu)
    assert edited["text"] == "Picked b"
    # editMessageText without reply_markup removes the inline keyboard, like Telegram.
    assert "reply_markup" not in edited
    assert len(fake_tg.sent_messages(group)) == 1


async def test_not_modified_is_telegram_bad_request(fake_tg: FakeTelegram, tg_bot: Bot) -> None:
    alice = fake_tg.create_user("Alice")
    chat = fake_tg.private_chat(alice)
    keyboard = InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="Go", callback_data="go")]]
    )
    sent = await tg_bot.send_message(chat["id"], "Score: 10", reply_markup=keyboard)

    with pytest.raises(TelegramBadRequest) as excinfo:
        await tg_bot.edit_message_text(
            "Score: 10", chat_id=chat["id"], message_id=sent.message_id, reply_markup=keyboard
        )
    assert excinfo.value.message == MESSAGE_NOT_MODIFIED
    assert fake_tg.calls[-1].status == 400

    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await tg_bot.edit_message_reply_markup(
            chat_id=chat["id"], message_id=sent.message_id, reply_markup=keyboard
        )

    # A different markup is a modification.
    edited = await tg_bot.edit_message_text(
        "Score: 10", chat_id=chat["id"], message_id=sent.message_id
    )
    assert isinstance(edited, Message)
    assert edited.reply_markup is None

    with pytest.raises(TelegramBadRequest, match="message to edit not found"):
        await tg_bot.edit_message_text("x", chat_id=chat["id"], message_id=999)


async def test_flood_wait_is_telegram_retry_after(fake_tg: FakeTelegram, tg_bot: Bot) -> None:
    alice = fake_tg.create_user("Alice")
    chat = fake_tg.private_chat(alice)
    fake_tg.flood("sendMessage", times=1, retry_after=1)

    with pytest.raises(TelegramRetryAfter) as excinfo:
        await tg_bot.send_message(chat["id"], "first")
    assert excinfo.value.retry_after == 1
    assert fake_tg.calls[-1].response == {
        "ok": False,
        "error_code": 429,
        "description": "Too Many Requests: retry after 1",
        "parameters": {"retry_after": 1},
    }

    await tg_bot.send_message(chat["id"], "second")
    assert [c.status for c in fake_tg.calls_to("sendMessage")] == [429, 200]
    assert [m["text"] for m in fake_tg.sent_messages(chat)] == ["second"]


async def test_document_upload_is_captured(fake_tg: FakeTelegram, polling: Dispatcher) -> None:
    alice = fake_tg.create_user("Alice")
    chat = fake_tg.private_chat(alice)

    fake_tg.send_message(chat, alice, "/export")
    message = await fake_tg.wait_for_message(chat, lambda m: "document" in m)

    [upload] = fake_tg.documents
    assert upload.data == EXPORT_BYTES
    assert upload.filename == "pulka.json"
    assert upload.chat_id == alice["id"]
    assert upload.message_id == message["message_id"]
    assert message["caption"] == "Export"
    assert message["document"]["file_name"] == "pulka.json"
    assert message["document"]["mime_type"] == "application/json"
    assert message["document"]["file_size"] == len(EXPORT_BYTES)


async def test_user_document_download(
    fake_tg: FakeTelegram, polling: Dispatcher, seen: Recorder, tg_bot: Bot
) -> None:
    alice = fake_tg.create_user("Alice")
    chat = fake_tg.private_chat(alice)
    payload = "Пуля 10/10/10\n".encode() * 100

    sent = fake_tg.send_message(chat, alice, "my game", document=("game.txt", payload))
    assert sent["caption"] == "my game"

    await fake_tg.wait_for(lambda: seen.downloads)
    assert seen.downloads == [payload]
    reply = await fake_tg.wait_for_message(chat)
    assert reply["text"] == f"got {len(payload)} bytes"
    assert fake_tg.calls_to("getFile")[0].params["file_id"] == sent["document"]["file_id"]

    # The bot can also fetch a file it uploaded itself.
    uploaded = await tg_bot.send_photo(chat["id"], BufferedInputFile(b"\x89PNG...", "p.png"))
    assert uploaded.photo is not None
    buffer = io.BytesIO()
    await tg_bot.download(uploaded.photo[-1], destination=buffer)
    assert buffer.getvalue() == b"\x89PNG..." == fake_tg.photos[0].data


async def test_migration_raises_migrate_to_chat(
    fake_tg: FakeTelegram, polling: Dispatcher, seen: Recorder, tg_bot: Bot
) -> None:
    alice = fake_tg.create_user("Alice")
    group = fake_tg.create_group("Table", members=[alice], creator=alice)
    new_id = -1001234567890

    supergroup = fake_tg.migrate_group(group, new_id, by=alice)
    assert supergroup == {"id": new_id, "type": "supergroup", "title": "Table"}
    await fake_tg.wait_for(lambda: seen.migrations)
    assert seen.migrations == [(group["id"], new_id)]

    with pytest.raises(TelegramMigrateToChat) as excinfo:
        await tg_bot.send_message(group["id"], "hello?")
    assert excinfo.value.migrate_to_chat_id == new_id
    assert "group chat was upgraded to a supergroup chat" in excinfo.value.message

    await tg_bot.send_message(new_id, "hello!")
    assert fake_tg.last_sent(new_id)["text"] == "hello!"  # type: ignore[index]
    migrate_from = [m for m in fake_tg.messages(new_id) if "migrate_from_chat_id" in m]
    assert migrate_from[0]["migrate_from_chat_id"] == group["id"]


async def test_html_parse_mode_and_reply(fake_tg: FakeTelegram, tg_bot: Bot) -> None:
    alice = fake_tg.create_user("Alice")
    chat = fake_tg.private_chat(alice)
    question = fake_tg.send_message(chat, alice, "score?")

    sent = await tg_bot.send_message(
        chat["id"],
        "  <b>Score</b>: 5 &lt; 7\n",
        parse_mode="HTML",
        reply_parameters=ReplyParameters(message_id=question["message_id"]),
    )
    assert sent.text == "Score: 5 < 7"
    stored = fake_tg.last_sent(chat)
    assert stored is not None
    assert stored["entities"] == [{"type": "bold", "offset": 0, "length": 5}]
    assert stored["reply_to_message"]["text"] == "score?"

    with pytest.raises(TelegramBadRequest, match="can't parse entities"):
        await tg_bot.send_message(chat["id"], "1 <br> 2", parse_mode="HTML")
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await tg_bot.edit_message_text(
            "<b>Score</b>: 5 &lt; 7",
            chat_id=chat["id"],
            message_id=sent.message_id,
            parse_mode="HTML",
        )


async def test_chat_admin_membership_and_removal(fake_tg: FakeTelegram, tg_bot: Bot) -> None:
    alice = fake_tg.create_user("Alice")
    bob = fake_tg.create_user("Bob")
    group = fake_tg.create_supergroup("Club", members=[alice, bob], creator=alice)
    fake_tg.set_admins(group, [bob["id"], fake_tg.bot_id])

    admins = await tg_bot.get_chat_administrators(group["id"])
    assert [(a.status, a.user.id) for a in admins] == [
        ("creator", alice["id"]),
        ("administrator", bob["id"]),
        ("administrator", fake_tg.bot_id),
    ]
    member = await tg_bot.get_chat_member(group["id"], bob["id"])
    assert member.status == "administrator"
    info = await tg_bot.get_chat(group["id"])
    assert info.title == "Club"

    sent = await tg_bot.send_message(group["id"], "pin me")
    assert await tg_bot.pin_chat_message(group["id"], sent.message_id)
    assert fake_tg.pinned_message_ids(group) == [sent.message_id]
    assert await tg_bot.delete_message(group["id"], sent.message_id)
    assert fake_tg.sent_messages(group) == []
    assert fake_tg.deleted_messages(group)[0]["text"] == "pin me"

    fake_tg.bot_removed(group, by=alice)
    updates = await tg_bot.get_updates(allowed_updates=["my_chat_member"], timeout=0)
    assert [u.my_chat_member.new_chat_member.status for u in updates if u.my_chat_member] == [
        "administrator",  # promotion by set_admins
        "kicked",
    ]
    with pytest.raises(TelegramForbiddenError, match="bot was kicked from the supergroup chat"):
        await tg_bot.send_message(group["id"], "still here?")


async def test_commands_round_trip(fake_tg: FakeTelegram, tg_bot: Bot) -> None:
    from aiogram.types import BotCommand

    assert await tg_bot.set_my_commands([BotCommand(command="new", description="New pulka")])
    assert await tg_bot.delete_webhook(drop_pending_updates=True)
    commands = await tg_bot.get_my_commands()
    assert [(c.command, c.description) for c in commands] == [("new", "New pulka")]
    assert fake_tg.my_commands() == [{"command": "new", "description": "New pulka"}]
    assert await tg_bot.close() is True


async def test_menu_button_round_trip(fake_tg: FakeTelegram, tg_bot: Bot) -> None:
    from aiogram.types import MenuButtonCommands, MenuButtonWebApp, WebAppInfo

    user = fake_tg.create_user("Mila")
    chat = fake_tg.private_chat(user)
    assert isinstance(await tg_bot.get_chat_menu_button(), MenuButtonCommands)
    sheet = MenuButtonWebApp(text="Sheet", web_app=WebAppInfo(url="https://x.org/sheet/"))
    assert await tg_bot.set_chat_menu_button(menu_button=sheet)
    mine = MenuButtonWebApp(text="Лист", web_app=WebAppInfo(url="https://x.org/sheet/"))
    assert await tg_bot.set_chat_menu_button(chat_id=chat["id"], menu_button=mine)
    got = await tg_bot.get_chat_menu_button(chat_id=chat["id"])
    assert isinstance(got, MenuButtonWebApp) and got.text == "Лист"
    assert fake_tg.menu_button() == {
        "type": "web_app",
        "text": "Sheet",
        "web_app": {"url": "https://x.org/sheet/"},
    }
    assert [c.params.get("chat_id") for c in fake_tg.calls_to("setChatMenuButton")] == [
        None,
        chat["id"],
    ]
    # Only a private chat has a menu button of its own; a web_app one needs a text.
    group = fake_tg.create_group(members=[user], creator=user)
    with pytest.raises(TelegramBadRequest):
        await tg_bot.set_chat_menu_button(chat_id=group["id"], menu_button=sheet)
    with pytest.raises(TelegramBadRequest, match="BUTTON_TEXT_INVALID"):
        await tg_bot.set_chat_menu_button(
            menu_button=MenuButtonWebApp(text="", web_app=WebAppInfo(url="https://x.org/"))
        )


async def raw_call(
    session: aiohttp.ClientSession, fake: FakeTelegram, method: str, **params: Any
) -> tuple[int, dict[str, Any]]:
    """Call the fake with a JSON body, bypassing aiogram."""
    url = f"{fake.base_url}/bot{fake.token}/{method}"
    async with session.post(url, json=params) as response:
        return response.status, await response.json()


async def test_long_polling_protocol(fake_tg: FakeTelegram) -> None:
    alice = fake_tg.create_user("Alice")
    chat = fake_tg.private_chat(alice)
    async with aiohttp.ClientSession() as session:
        assert await raw_call(session, fake_tg, "getUpdates", timeout=0) == (
            200,
            {"ok": True, "result": []},
        )

        poll = asyncio.create_task(raw_call(session, fake_tg, "getUpdates", timeout=30))
        await fake_tg.wait_for(lambda: len(fake_tg.calls_to("getUpdates")) == 2)
        fake_tg.send_message(chat, alice, "hi")
        status, body = await asyncio.wait_for(poll, timeout=2)
        assert status == 200
        [update] = body["result"]
        assert update["message"]["text"] == "hi"

        # Not confirmed yet: delivered again. Confirmed by offset: dropped.
        _, again = await raw_call(session, fake_tg, "getUpdates", timeout=0)
        assert [u["update_id"] for u in again["result"]] == [update["update_id"]]
        offset = update["update_id"] + 1
        _, after = await raw_call(session, fake_tg, "getUpdates", offset=offset, timeout=0)
        assert after["result"] == []

        # allowed_updates filters (and drops) other update types.
        fake_tg.send_message(chat, alice, "dropped")
        _, filtered = await raw_call(
            session, fake_tg, "getUpdates", timeout=0, allowed_updates=["callback_query"]
        )
        assert filtered["result"] == []
        assert fake_tg.dropped_updates[-1]["message"]["text"] == "dropped"

        status, body = await raw_call(session, fake_tg, "noSuchMethod")
        assert (status, body) == (404, {"ok": False, "error_code": 404, "description": "Not Found"})
        async with session.post(f"{fake_tg.base_url}/botWRONG:token/getMe") as response:
            assert response.status == 401
        status, body = await raw_call(session, fake_tg, "sendMessage", chat_id=-42, text="x")
        assert (status, body["description"]) == (400, "Bad Request: chat not found")


async def test_stop_ends_pending_long_poll() -> None:
    fake = FakeTelegram()
    await fake.start()
    async with aiohttp.ClientSession() as session:
        poll = asyncio.create_task(raw_call(session, fake, "getUpdates", timeout=30))
        await fake.wait_for(lambda: fake.calls_to("getUpdates"))
        loop = asyncio.get_running_loop()
        started = loop.time()
        await asyncio.wait_for(fake.stop(), timeout=3)
        assert await asyncio.wait_for(poll, timeout=1) == (200, {"ok": True, "result": []})
        assert loop.time() - started < 2


async def test_wait_for_timeout_reports_calls(fake_tg: FakeTelegram, tg_bot: Bot) -> None:
    await tg_bot.get_me()
    with pytest.raises(AssertionError, match=r"(?s)never.*getMe"):
        await fake_tg.wait_for(lambda: False, timeout=0.05, description="never")
