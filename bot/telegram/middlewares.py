"""Middlewares: the chat's language for handlers; a request middleware that
waits out 429s, follows a group's migration and ignores "message is not modified";
and the callback-query guard that refuses stale buttons and answers every query
exactly once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from aiogram import BaseMiddleware, Bot
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramMigrateToChat,
    TelegramRetryAfter,
)
from aiogram.methods import AnswerCallbackQuery, Response, TelegramMethod
from aiogram.methods.base import TelegramType
from aiogram.types import CallbackQuery, Chat, Message, TelegramObject, User

from bot.service import COMMITTED, Commits, PulkaService
from bot.views.texts import LANGS, Texts, lang_of

log = logging.getLogger(__name__)

Migrate = Callable[[int, int], Awaitable[Any]]


class CommitsMiddleware(BaseMiddleware):
    """A fresh :data:`bot.service.COMMITTED` for each update (see ``bot.telegram.delivery``)."""

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        # Not reset on the way out: the errors handler, outside this middleware, reads it.
        COMMITTED.set(Commits())
        return await handler(event, data)


class LanguageMiddleware(BaseMiddleware):
    """Puts ``tx`` (the catalog in the chat's language) and ``lang`` into handler data.

    The chat's language is its setting (``/lang``); a chat without one yet
    speaks the language of whoever wrote (their Telegram ``language_code``,
    see :func:`bot.views.texts.lang_of`).  Creating a pulka stores that language as
    the chat's, so it then stays the creator's.
    """

    def __init__(self, service: PulkaService) -> None:
        self.service = service

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        chat: Chat | None = data.get("event_chat")
        user: User | None = data.get("event_from_user")
        lang = await self.service.lang(chat.id) if chat is not None else None
        if lang not in LANGS:
            lang = lang_of(user.language_code if user is not None else None)
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


# --- callback queries: answered exactly once ------------------------------------


@dataclass
class CallbackNote:
    """What a callback query is answered with; handlers get it as ``note``.

    Handlers set it (``note(tx("stale"), alert=True)``) instead of answering;
    :class:`CallbackGuard` answers once, after the handler has edited what it
    edits, so a client's spinner stops when the change is visible.
    """

    text: str | None = None
    alert: bool = False

    def __call__(self, text: str | None, *, alert: bool = False) -> None:
        self.text = text[:200] if text else text
        self.alert = alert


@dataclass
class _Pending:
    query_id: str
    answered: bool = False


#: The callback query being handled in this task (see :class:`AnswerOnceMiddleware`).
_PENDING: ContextVar[_Pending | None] = ContextVar("pulka_pending_callback", default=None)


class AnswerOnceMiddleware(BaseRequestMiddleware):
    """Lets only the first ``answerCallbackQuery`` of the query being handled through.

    A second answer to the same query would fail at Telegram ("query is too
    old"); it is dropped here instead, answered ``True``.
    """

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        if isinstance(method, AnswerCallbackQuery):
            pending = _PENDING.get()
            if pending is not None and pending.query_id == method.callback_query_id:
                if pending.answered:
                    log.debug("second answer to callback %s dropped", pending.query_id)
                    return True  # type: ignore[return-value]
                pending.answered = True
        return await make_request(bot, method)


def ensure_answer_once(bot: Bot) -> None:
    """Install :class:`AnswerOnceMiddleware` on the bot's session if it is not there."""
    if not any(isinstance(m, AnswerOnceMiddleware) for m in bot.session.middleware):
        bot.session.middleware(AnswerOnceMiddleware())


def on_keyboard(query: CallbackQuery) -> bool:
    """Is the pressed payload one of the message's buttons as they are now?

    Telegram sends the message as it is when the button is pressed: a payload
    that is not on it is forged, or from a keyboard replaced since (a button
    pressed twice).
    """
    msg = query.message
    if not isinstance(msg, Message) or msg.reply_markup is None or not query.data:
        return False
    return any(b.callback_data == query.data
               for row in msg.reply_markup.inline_keyboard for b in row)


class CallbackGuard(BaseMiddleware):
    """Outer middleware of callback queries: the safety net of every button.

    * a payload that is not on the message's current keyboard is answered
      "out of date" and goes no further;
    * the handler gets a :class:`CallbackNote` (``note``); unless it answered
      the query itself, the guard answers it with that note, exactly once (an
      exception is answered by the errors router instead).
    """

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        if not isinstance(event, CallbackQuery):
            return await handler(event, data)
        bot: Bot | None = data.get("bot")
        if bot is not None:
            ensure_answer_once(bot)
        pending = _Pending(event.id)
        _PENDING.set(pending)  # kept after return: the errors router answers through it
        note = data["note"] = CallbackNote()
        result = None
        if on_keyboard(event):
            result = await handler(event, data)
        else:
            tx: Texts = data.get("tx") or Texts()
            note(tx("stale"), alert=True)
        if not pending.answered:
            try:
                await event.answer(note.text, show_alert=note.alert)
            except TelegramAPIError as e:
                log.warning("callback %s not answered: %s", event.id, e)
        return result
