"""Middlewares: the chat's language for handlers, and a request middleware that
waits out 429s, follows a group's migration and ignores "message is not modified"."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware, Bot
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import TelegramBadRequest, TelegramMigrateToChat, TelegramRetryAfter
from aiogram.methods import Response, TelegramMethod
from aiogram.methods.base import TelegramType
from aiogram.types import Chat, TelegramObject

from .service import PulkaService
from .texts import DEFAULT_LANG, Texts

log = logging.getLogger(__name__)

Migrate = Callable[[int, int], Awaitable[Any]]


class LanguageMiddleware(BaseMiddleware):
    """Puts ``tx`` (the catalog in the chat's language) and ``lang`` into handler data."""

    def __init__(self, service: PulkaService) -> None:
        self.service = service

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        chat: Chat | None = data.get("event_chat")
        lang = DEFAULT_LANG
        if chat is not None:
            lang = await self.service.lang(chat.id) or DEFAULT_LANG
        data["lang"] = lang
        data["tx"] = Texts(lang)
        return await handler(event, data)


class RetryMiddleware(BaseRequestMiddleware):
    """Bot API calls that survive flood limits and group migrations.

    * 429 ``retry_after``: sleep and retry, at most ``max_retries`` times and only
      for waits up to ``max_wait`` seconds;
    * ``TelegramMigrateToChat``: tell ``on_migrate(old, new)`` (the pulka moves)
      and resend to the new chat id;
    * "message is not modified": harmless, answered as ``True``.
    """

    def __init__(
        self,
        on_migrate: Migrate | None = None,
        *,
        max_retries: int = 3,
        max_wait: float = 60.0,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.on_migrate = on_migrate
        self.max_retries = max_retries
        self.max_wait = max_wait
        self.sleep = sleep

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        attempts = 0
        while True:
            try:
                return await make_request(bot, method)
            except TelegramRetryAfter as e:
                attempts += 1
                if attempts > self.max_retries or e.retry_after > self.max_wait:
                    raise
                log.warning("flood limit on %s: waiting %s s", type(method).__name__,
                            e.retry_after)
                await self.sleep(e.retry_after)
            except TelegramMigrateToChat as e:
                old = getattr(method, "chat_id", None)
                attempts += 1
                if not isinstance(old, int) or attempts > self.max_retries:
                    raise
                log.info("chat %s migrated to %s", old, e.migrate_to_chat_id)
                if self.on_migrate is not None:
                    await self.on_migrate(old, e.migrate_to_chat_id)
                method = method.model_copy(update={"chat_id": e.migrate_to_chat_id})
            except TelegramBadRequest as e:
                if "message is not modified" in e.message:
                    return True  # type: ignore[return-value]
                raise
