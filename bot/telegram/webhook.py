"""Webhook mode: Telegram posts every update to the bot's own HTTP server.

The guarantees are the polling path's (``bot.telegram.lanes``): an update is safe (kept
in the inbox, by its first write or on its own, or handled) before the HTTP 200, is
handled in its chat's lane, and a kept one is then marked done; one posted again (no
200 came back) is known by its ``update_id`` and not handled twice.

aiogram's ``SimpleRequestHandler`` keeps the route and the secret-token check (401,
nothing kept) but not its handling: answering after the handlers ran holds Telegram's
delivery behind a slow chat (and it retries meanwhile), answering at once from a free
task races a chat's updates and loses one the bot stops before handling.  Nor is
``setup_application`` used: it emits the shutdown while requests may still be under
way and before the lanes drained; :meth:`Webhook.run` starts and stops in order.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.exceptions import TelegramAPIError
from aiogram.types import Update
from aiogram.webhook.aiohttp_server import SimpleRequestHandler
from aiohttp import web

from bot import crashpoints
from bot.storage.db import Storage
from bot.storage.schema import SCHEMA_VERSION
from bot.telegram.delivery import Boards
from bot.telegram.lanes import Handle, Receiver, WebhookRefused, lane_of

log = logging.getLogger(__name__)

#: Where the server says how it is (no secret needed, Telegram is not asked).
HEALTH_PATH = "/health"


#: SQLite's INTEGER, where the inbox keeps an update's id and its lane.
_INTEGER = range(-(2**63), 2**63)


def storable(update: Update) -> bool:
    """Whether the inbox can keep ``update``: its id and its chat's fit SQLite's INTEGER."""
    return update.update_id in _INTEGER and lane_of(update) in _INTEGER


class InboxRequestHandler(SimpleRequestHandler):
    """aiogram's handler for one bot, but the update goes to ``accept`` (the inbox and
    the lanes) instead of ``feed_update``; see the module's docstring for why."""

    def __init__(
        self,
        dispatcher: Dispatcher,
        bot: Bot,
        secret_token: str,
        accept: Handle,
    ) -> None:
        if not secret_token:  # aiogram would accept every request without one
            raise ValueError("a webhook needs its secret token")
        super().__init__(dispatcher, bot, handle_in_background=False, secret_token=secret_token)
        self._accept = accept

    async def _handle_request(self, bot: Bot, request: web.Request) -> web.Response:
        # Reached only past the secret check of ``BaseRequestHandler.handle``.
        try:
            data = await request.json(loads=bot.session.json_loads)
            update = Update.model_validate(data, context={"bot": bot})
        except ValueError:  # not JSON, or not an update: nothing kept, Telegram told
            return web.json_response({"ok": False, "description": "not an update"}, status=400)
        if not storable(update):  # Telegram would retry a 500 for ever
            return web.json_response(
                {"ok": False, "description": "update_id out of range"}, status=400
            )
        # Kept before the 200; if keeping fails, aiohttp answers 500 and Telegram retries.
        await self._accept(update)
        return web.json_response({})

    async def _handle_request_background(self, bot: Bot, request: web.Request) -> web.Response:
        return await self._handle_request(bot, request)

    async def close(self) -> None:
        """Nothing: aiogram would close the bot's session at the server's shutdown,
        while the lanes still answer; ``bot.app.run`` closes it after they drained."""


class Webhook(Receiver):
    """The webhook server: every update kept, answered 200, then handled in its lane.

    It has the poller's face (:attr:`pending`, :meth:`run`), so ``bot.app.Server``
    runs either.  ``port`` 0 takes a free one (:attr:`port` is the bound one once
    started).
    """

    def __init__(
        self,
        bot: Bot,
        dispatcher: Dispatcher,
        handle: Handle,
        storage: Storage,
        *,
        url: str,
        secret: str,
        path: str,
        host: str,
        port: int,
        allowed_updates: list[str] | None = None,
        boards: Boards | None = None,
    ) -> None:
        super().__init__(bot, handle, storage, allowed_updates, boards)
        self.url, self.path, self.host, self.port = url, path, host, port
        self.secret = secret
        self.app = web.Application()
        InboxRequestHandler(dispatcher, bot, secret, self.accept).register(self.app, path=path)
        self.app.router.add_get(HEALTH_PATH, self.health)

    async def accept(self, update: Update) -> None:
        """Queue ``update`` in its chat's lane unless it came before; return once it is
        safe to answer 200 (kept or handled)."""
        await self.take([update])
        crashpoints.reached("updates_kept")  # safe, not answered 200

    async def health(self, request: web.Request) -> web.Response:
        """``GET /health``: 200 and how the bot is, from memory (neither Telegram nor
        the database is asked)."""
        body: dict[str, Any] = {
            "ok": True,
            "mode": "webhook",
            "pending": self.pending,
            "schema": SCHEMA_VERSION,
        }
        return web.json_response(body)

    async def run(self, stop: asyncio.Event) -> None:
        """Serve until ``stop`` is set: the updates left from
        before a restart first, then the server, then ``setWebhook``; at the end
        stop accepting, let the requests under way and the lanes finish."""
        await self.resume()
        runner = web.AppRunner(
            self.app, handle_signals=False, access_log=None, shutdown_timeout=10.0
        )
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            try:
                await site.start()
            except OSError as e:
                raise WebhookRefused(
                    f"cannot listen on WEBHOOK_HOST={self.host} WEBHOOK_PORT={self.port}: "
                    f"{e.strerror or e}"
                ) from None
            self.port = int(runner.addresses[0][1])
            log.info("webhook server on %s:%d%s", self.host, self.port, self.path)
            try:
                # Telegram keeps what it could not deliver meanwhile: nothing dropped.
                await self.bot.set_webhook(
                    self.url,
                    secret_token=self.secret,
                    allowed_updates=self.allowed_updates,
                    drop_pending_updates=False,
                )
            except TelegramAPIError as e:
                raise WebhookRefused(
                    f"the Bot API refused setWebhook for WEBHOOK_URL={self.url}: {e.message}"
                ) from None
            log.info("webhook set: %s", self.url)
            await stop.wait()
        finally:
            # Stop listening; requests under way finish (their updates are kept).
            await runner.cleanup()
            await self.finish()
