"""Webhook mode: the bot's own server on 127.0.0.1, updates posted to it as Telegram would.

The real Dispatcher and Bot run as ``python -m bot`` runs them (``bot.app.Server`` with
``WEBHOOK_URL`` set); the Bot API is the fake server, which remembers ``setWebhook``
and hands the updates people write to the test (``tg.updates.take()``), which posts
them with aiohttp's client.  The guarantees are the polling path's: kept before the
200, handled in its chat's lane, a repeated ``update_id`` answered and not handled again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sqlite3
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiogram.types import Update
from fakebotapi import FakeTelegram
from harness import App, group
from test_bot_process import bot_env

from bot.app import Server, StartupError, create_dispatcher, run
from bot.config import Settings
from bot.storage.schema import SCHEMA_VERSION
from bot.telegram.lanes import Inbox

URL = "https://pulka.example.org/tg/hook"
SECRET = "s3cret_Token-0123456789"
HEADER = "X-Telegram-Bot-Api-Secret-Token"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Hook:
    """The running webhook server and a client posting to it as Telegram does."""

    def __init__(self, app: App, server: Server, http: aiohttp.ClientSession, port: int) -> None:
        self.app, self.tg, self.server, self.http = app, app.tg, server, http
        self.base = f"http://127.0.0.1:{port}"
        self.url = f"{self.base}/tg/hook"

    async def post(self, update: dict[str, Any], secret: str | None = SECRET) -> int:
        headers = {} if secret is None else {HEADER: secret}
        async with self.http.post(self.url, json=update, headers=headers) as response:
            await response.read()
            return response.status

    def take(self) -> list[dict[str, Any]]:
        """What Telegram would post now (the updates people wrote since the last take)."""
        return self.tg.updates.take()

    async def deliver(self) -> None:
        """Post what people wrote, in order, each answered 200."""
        for update in self.take():
            assert await self.post(update) == 200

    async def idle(self) -> None:
        await self.tg.wait_for(lambda: self.server.pending == 0, description="lanes drained")

    async def say(self, chat: dict[str, Any], user: dict[str, Any], text: str) -> str:
        """``text`` written, posted, handled; the bot's first answer after it."""
        sent = self.tg.send_message(chat, user, text)
        await self.deliver()
        reply = await self.tg.wait_for_message(chat, after=sent["message_id"])
        await self.idle()
        return str(reply.get("text", reply.get("caption", "")))


def webhook_settings(app: App, port: int) -> Settings:
    return Settings(
        bot_token=app.tg.token,
        database_url=f"sqlite:///{app.db}",
        telegram_api_url=app.tg.base_url,
        webhook_url=URL,
        webhook_secret=SECRET,
        webhook_host="127.0.0.1",
        webhook_port=port,
    )


@asynccontextmanager
async def serving(app: App) -> AsyncIterator[Hook]:
    """The bot's webhook server running (``setWebhook`` done) until the block exits."""
    port = free_port()
    dp = create_dispatcher(app.storage, app.keeper)
    server = Server(dp, app.bot, app.storage, webhook_settings(app, port))
    since = len(app.tg.calls)
    task = asyncio.create_task(server.run())
    try:
        await app.tg.wait_for(
            lambda: task.done() or any(c.method == "setWebhook" for c in app.tg.calls[since:]),
            description="the webhook to be set",
        )
        if task.done():
            task.result()
        async with aiohttp.ClientSession() as http:
            yield Hook(app, server, http, port)
    finally:
        server.stop.set()
        await asyncio.wait_for(task, 10)


def inbox(db: Path) -> list[tuple[int, int]]:
    con = sqlite3.connect(db)
    try:
        return [(int(u), int(h)) for u, h in con.execute("SELECT update_id, handled FROM inbox")]
    finally:
        con.close()


def pulkas(db: Path) -> int:
    con = sqlite3.connect(db)
    try:
        return int(con.execute("SELECT COUNT(*) FROM pulkas").fetchone()[0])
    finally:
        con.close()


def sends(tg: FakeTelegram) -> int:
    return len(tg.calls_to("sendMessage"))


async def test_an_evening_through_the_webhook(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with serving(app) as hook:
        [call] = tg.calls_to("setWebhook")
        assert call.params["url"] == URL
        assert call.params["secret_token"] == SECRET
        assert call.params.get("drop_pending_updates") in (None, False)
        dp_types = create_dispatcher(app.storage, app.keeper).resolve_used_update_types()
        assert sorted(call.params["allowed_updates"]) == sorted(dp_types)
        assert "message" in call.params["allowed_updates"]

        assert "Новая пулька" in await hook.say(chat, p["anna"], "/newpulka sochi 14 0.5")
        for who in ("anna", "boris", "vera"):
            assert "садится за стол" in await hook.say(chat, p[who], "/join")
        first = await hook.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        assert "Сдача №1: Anna 6♠ / ровно — Boris вист 3, Vera пас 1" in first
        assert "Anna: пуля +2" in first
        assert "Boris → Anna: висты +8" in first
        assert "Anna +5⅓, Boris +1⅓, Vera -6⅔" in first
    assert await app.count("deal") == 1
    assert await app.count("join") == 3
    # Every update kept, and each marked handled once the bot stopped.
    assert [h for _u, h in inbox(app.db)] == [1] * 5
    assert not tg.calls_to("getUpdates"), "no polling in webhook mode"


async def test_wrong_or_missing_secret_refused_and_nothing_kept(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with serving(app) as hook:
        sent = tg.send_message(chat, p["anna"], "/newpulka sochi 14 0.5")
        [update] = hook.take()
        before = len(tg.calls)
        assert await hook.post(update, secret="s3cret_Token-0123456788") == 401
        assert await hook.post(update, secret="") == 401
        assert await hook.post(update, secret=None) == 401
        await asyncio.sleep(0.2)
        assert inbox(app.db) == []
        assert len(tg.calls) == before, "nothing handled, nothing sent"
        # Telegram's retry with the secret goes through.
        assert await hook.post(update) == 200
        reply = await tg.wait_for_message(chat, after=sent["message_id"])
        assert "Новая пулька" in reply["text"]
        await hook.idle()
    assert inbox(app.db) == [(update["update_id"], 1)]
    assert pulkas(app.db) == 1


async def test_a_repeated_update_is_written_once_and_answered_once(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with serving(app) as hook:
        await hook.say(chat, p["anna"], "/newpulka sochi 14 0.5")
        for who in ("anna", "boris", "vera"):
            await hook.say(chat, p[who], "/join")
        sent = tg.send_message(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        [deal] = hook.take()
        before = sends(tg)
        # Twice at once (Telegram timed out on the first), then once more after it is done.
        assert await asyncio.gather(hook.post(deal), hook.post(deal)) == [200, 200]
        await tg.wait_for_message(chat, after=sent["message_id"])
        await hook.idle()
        assert await hook.post(deal) == 200
        await asyncio.sleep(0.2)
        await hook.idle()
        answers = [m for m in tg.sent_messages(chat) if m["message_id"] > sent["message_id"]]
        assert len(answers) == 1 and "Сдача №1:" in answers[0]["text"]
        assert sends(tg) == before + 1
    assert await app.count("deal") == 1
    # The inbox survives a restart: the same update posted to the new process is
    # answered 200 and not handled again.
    await app.restart()
    async with serving(app) as hook:
        assert await hook.post(deal) == 200
        await asyncio.sleep(0.2)
        await hook.idle()
        assert sends(tg) == before + 1
    assert await app.count("deal") == 1


async def test_leftovers_from_before_a_restart_are_handled_first(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    # A bot killed after keeping an update and before handling it: the update is in
    # the inbox, unhandled; Telegram had its 200 and will not post it again.
    sent = tg.send_message(chat, p["anna"], "/newpulka sochi 14 0.5")
    [update] = tg.updates.take()
    assert await Inbox(app.storage).keep([Update.model_validate(update)])
    async with serving(app):
        reply = await tg.wait_for_message(chat, after=sent["message_id"])
        assert "Новая пулька" in reply["text"]
    assert inbox(app.db) == [(update["update_id"], 1)]
    assert pulkas(app.db) == 1


async def test_health_answers_without_asking_telegram(app: App, people: dict[str, Any]) -> None:
    async with serving(app) as hook:
        before = len(app.tg.calls)
        async with hook.http.get(f"{hook.base}/health") as response:
            assert response.status == 200
            body = await response.json()
        assert body == {"ok": True, "mode": "webhook", "pending": 0, "schema": SCHEMA_VERSION}
        assert len(app.tg.calls) == before
        # Only POST at the webhook's path is an update; anything else is not found.
        async with hook.http.get(hook.url) as response:
            assert response.status == 405
        async with hook.http.post(f"{hook.base}/other", json={}) as response:
            assert response.status == 404
        assert await hook.post({"not": "an update"}) == 400
        assert inbox(app.db) == []


async def test_stop_answers_what_came_then_refuses(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with serving(app) as hook:
        sent = tg.send_message(chat, p["anna"], "/newpulka sochi 14 0.5")
        await hook.deliver()
        hook.server.stop.set()  # SIGTERM right after the 200
    # The lane drained before the server stopped: answered, written, marked handled.
    assert any(m["message_id"] > sent["message_id"] for m in tg.sent_messages(chat))
    assert pulkas(app.db) == 1
    assert [h for _u, h in inbox(app.db)] == [1]
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.ClientConnectionError):
            await http.post(hook.url, json={}, headers={HEADER: SECRET})


async def test_a_refused_webhook_or_a_taken_port_is_one_line(app: App) -> None:
    port = free_port()
    dp = create_dispatcher(app.storage, app.keeper)
    app.tg.fail_next("setWebhook", description="Bad Request: bad webhook: Failed to resolve host")
    with pytest.raises(StartupError) as refused:
        await Server(dp, app.bot, app.storage, webhook_settings(app, port)).run()
    assert str(refused.value) == (
        f"the Bot API refused setWebhook for WEBHOOK_URL={URL}: "
        "Bad Request: bad webhook: Failed to resolve host"
    )
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        dp = create_dispatcher(app.storage, app.keeper)
        with pytest.raises(StartupError) as busy:
            await Server(dp, app.bot, app.storage, webhook_settings(app, port)).run()
    assert str(busy.value).startswith(
        f"cannot listen on WEBHOOK_HOST=127.0.0.1 WEBHOOK_PORT={port}: "
    ), busy.value
    assert "\n" not in str(busy.value)


async def run_module(tmp_path: Path, env: dict[str, str], *args: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout=30)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


TOKEN = "123456789:AAFakeTokenForPulkaTestsOnly_0123456789"


@pytest.mark.parametrize(
    ("env", "field", "hidden"),
    [
        ({"WEBHOOK_URL": URL}, "WEBHOOK_SECRET: required when WEBHOOK_URL is set", None),
        ({"WEBHOOK_URL": URL, "WEBHOOK_SECRET": "has spaces in it"}, "WEBHOOK_SECRET", "spaces"),
        ({"WEBHOOK_URL": URL, "WEBHOOK_SECRET": "x" * 257}, "WEBHOOK_SECRET", "xxxx"),
        (
            {"WEBHOOK_URL": "http://pulka.example.org/hook", "WEBHOOK_SECRET": SECRET},
            "WEBHOOK_URL: must be the https:// address",
            None,
        ),
        ({"WEBHOOK_URL": URL, "WEBHOOK_SECRET": SECRET, "WEBHOOK_PORT": "0"}, "WEBHOOK_PORT", None),
    ],
)
async def test_webhook_configuration_errors_are_one_line(
    tmp_path: Path, env: dict[str, str], field: str, hidden: str | None
) -> None:
    code, _out, err = await run_module(tmp_path, bot_env(tmp_path, BOT_TOKEN=TOKEN, **env))
    assert code == 2, err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("pulka-bot: configuration error: "), err
    assert field in err
    if hidden is not None:
        assert hidden not in err, "the secret is never printed"


async def test_check_reports_the_webhook_mode(fake_tg: FakeTelegram, tmp_path: Path) -> None:
    port = free_port()
    env = bot_env(
        tmp_path,
        BOT_TOKEN=fake_tg.token,
        TELEGRAM_API_URL=fake_tg.base_url,
        DATABASE_URL=f"sqlite:///{tmp_path / 'data' / 'pulka.sqlite3'}",
        WEBHOOK_URL=URL,
        WEBHOOK_SECRET=SECRET,
        WEBHOOK_HOST="127.0.0.1",
        WEBHOOK_PORT=str(port),
    )
    code, out, err = await run_module(tmp_path, env, "check")
    assert (code, err) == (0, ""), err
    assert out == (
        "pulka-bot: ok: @pulka_test_bot, database not created yet, "
        f"webhook {URL} (served on 127.0.0.1:{port})\n"
    )
    assert SECRET not in out


async def test_run_serves_the_webhook_until_sigterm(fake_tg: FakeTelegram, tmp_path: Path) -> None:
    """``bot.app.run``, as ``python -m bot`` calls it (in this process: a new process
    would spend most of the test importing aiogram): it sets the webhook, answers
    /health and an update, and returns on SIGTERM with everything closed."""
    tg, port = fake_tg, free_port()
    settings = Settings(
        bot_token=tg.token,
        database_url=f"sqlite:///{tmp_path / 'data' / 'pulka.sqlite3'}",
        telegram_api_url=tg.base_url,
        webhook_url=URL,
        webhook_secret=SECRET,
        webhook_host="127.0.0.1",
        webhook_port=port,
    )
    task = asyncio.create_task(run(settings))
    try:
        await tg.wait_for(
            lambda: task.done() or tg.calls_to("setWebhook"), description="setWebhook"
        )
        assert not task.done(), task.result()
        anna = tg.create_user("Anna")
        chat = tg.private_chat(anna)
        sent = tg.send_message(chat, anna, "/help")
        [update] = tg.updates.take()
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/health") as response:
                assert response.status == 200
                assert json.loads(await response.text())["mode"] == "webhook"
            async with http.post(
                f"http://127.0.0.1:{port}/tg/hook", json=update, headers={HEADER: SECRET}
            ) as response:
                assert response.status == 200
        await tg.wait_for_message(chat, after=sent["message_id"])
        # run() put its handler on SIGTERM; without it the signal would end pytest.
        assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(task, 10)
    finally:
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    assert not tg.calls_to("getUpdates")
    assert [c.method for c in tg.calls if c.method in ("setWebhook", "deleteWebhook")] == [
        "setWebhook"
    ], "the webhook stays set over a restart: Telegram keeps the updates meanwhile"


async def test_polling_again_deletes_a_webhook_left_set(app: App, people: dict[str, Any]) -> None:
    """Back from webhook mode: Telegram refuses getUpdates while a webhook is set, so
    the poller deletes it (keeping the updates Telegram holds) and polls."""
    async with serving(app):
        pass
    assert app.tg.updates.webhook is not None  # stopping leaves the webhook as it was
    chat = group(app.tg, people)
    async with app.polling():
        answer = await app.say(chat, people["anna"], "/newpulka")
    assert answer  # polled: the bot answered
    assert app.tg.updates.webhook is None
    [deleted] = app.tg.calls_to("deleteWebhook")
    assert deleted.params.get("drop_pending_updates") in (None, False, "false")


async def test_an_update_is_marked_handled_when_its_handler_finishes(
    app: App, people: dict[str, Any]
) -> None:
    """Each update handled is marked so in the inbox while the server waits for the
    next request: a bot killed then answers none of them again after its restart."""
    tg, p = app.tg, people
    chat = group(tg, p)
    async with serving(app) as hook:
        await hook.say(chat, p["anna"], "/newpulka sochi 14 0.5")
        for who in ("anna", "boris", "vera"):
            await hook.say(chat, p[who], "/join")
        # A burst: posted at once, handled in the chat's lane; then no more requests.
        for _ in range(10):
            tg.send_message(chat, p["boris"], "/score")
        burst = hook.take()
        assert await asyncio.gather(*(hook.post(u) for u in burst)) == [200] * len(burst)
        await hook.idle()
        await tg.wait_for(
            lambda: all(handled for _, handled in inbox(app.db)),
            timeout=5,
            description="every handled update marked in the inbox",
        )
        assert len(inbox(app.db)) == 4 + len(burst)


async def test_an_update_id_sqlite_cannot_store_is_answered_400(
    app: App, people: dict[str, Any]
) -> None:
    """An ``update_id`` of 2^63 or more (or below -2^63) cannot be kept: 400, nothing
    kept, the server goes on (a 500 would have Telegram retry it for ever)."""
    tg, p = app.tg, people
    chat = group(tg, p)
    async with serving(app) as hook:
        tg.send_message(chat, p["anna"], "/help")
        [update] = hook.take()
        for huge in (2**63, 2**64 + 5, -(2**63) - 1):
            assert await hook.post({**update, "update_id": huge}) == 400
        # Its chat is the inbox's lane: the same.
        message = {**update["message"], "chat": {**update["message"]["chat"], "id": 2**63}}
        assert await hook.post({**update, "message": message}) == 400
        assert inbox(app.db) == []
        reply = await hook.say(chat, p["anna"], "/newpulka sochi 14 0.5")
        assert "Новая пулька" in reply
