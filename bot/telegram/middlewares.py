"""Middlewares: each update's commits and the chat's language for handlers; a request
middleware that waits out 429s, follows a group's migration and ignores "message is
not modified"; aiogram's callback answering, made to answer once a handler returned."""

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
from aiogram.dispatcher.flags import get_flag
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.methods import AnswerCallbackQuery, GetMe, GetUpdates, Response, TelegramMethod
from aiogram.methods.base import TelegramType
from aiogram.types import CallbackQuery, Chat, TelegramObject, User
from aiogram.utils.callback_answer import CallbackAnswer, CallbackAnswerMiddleware

from bot.actions.keeper import COMMITTED, Keeper
from bot.views.texts import LANGS, Texts, lang_of

log = logging.getLogger(__name__)

Migrate = Callable[[int, int], Awaitable[Any]]


class UpdateMiddleware(BaseMiddleware):
    """A fresh :data:`~bot.actions.keeper.COMMITTED` for each update, and ``tx`` (the
    catalog in the chat's language) and ``lang`` in handler data.

    The chat's language is its setting (``/lang``); a chat without one yet
    speaks the language of whoever wrote (their Telegram ``language_code``,
    see :func:`bot.views.texts.lang_of`).  Creating a pulka stores that language as
    the chat's, so it then stays the creator's.
    """

    def __init__(self, keeper: Keeper) -> None:
        self.keeper = keeper

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        # Not reset on the way out: the errors handler, outside this middleware, reads it.
        COMMITTED.set([])
        chat: Chat | None = data.get("event_chat")
        user: User | None = data.get("event_from_user")
        lang = await self.keeper.lang(chat.id) if chat is not None else None
        if lang not in LANGS:
            lang = lang_of(user.language_code if user is not None else None)
        data["lang"] = lang
        data["tx"] = Texts(lang)
        return await handler(event, data)


class RetryMiddleware(BaseRequestMiddleware):
    """Bot API calls that survive flood limits, passing failures and group migrations:
    the one retry layer of the bot.

    * 429 ``retry_after``: sleep and retry, at most ``flood_retries`` times and only for
      waits up to ``max_wait`` seconds (in the chat's lane: other chats go on);
    * a 5xx or a network failure: retry ``retries`` times, a quarter second, then a
      half, apart (not ``getUpdates``, which the poller repeats itself, nor the
      start-up's ``getMe``, whose failure is the operator's one line);
    * ``TelegramMigrateToChat``: tell ``on_migrate(old, new)`` (the pulka moves) and
      resend to the new chat id, unless the call names a message of the old chat
      (an edit, a pin): that message is gone;
    * "message is not modified": harmless, answered as ``True``.
    """

    def __init__(
        self,
        on_migrate: Migrate | None = None,
        *,
        flood_retries: int = 5,
        retries: int = 2,
        max_wait: float = 120.0,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.on_migrate = on_migrate
        self.flood_retries = flood_retries
        self.retries = retries
        self.max_wait = max_wait
        self.sleep = sleep

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        floods = failures = moves = 0
        while True:
            try:
                return await make_request(bot, method)
            except TelegramRetryAfter as e:
                floods += 1
                if floods > self.flood_retries or e.retry_after > self.max_wait:
                    raise
                log.warning("flood limit on %s: waiting %s s", type(method).__name__, e.retry_after)
                await self.sleep(e.retry_after)
            except (TelegramServerError, TelegramNetworkError) as e:
                failures += 1
                if failures > self.retries or isinstance(method, GetUpdates | GetMe):
                    raise
                log.warning("%s failed (%s); trying again", type(method).__name__, e)
                await self.sleep(0.25 * 2 ** (failures - 1))
            except TelegramMigrateToChat as e:
                old = getattr(method, "chat_id", None)
                moves += 1
                if not isinstance(old, int) or moves > 1:
                    raise
                log.info("chat %s migrated to %s", old, e.migrate_to_chat_id)
                if self.on_migrate is not None:
                    await self.on_migrate(old, e.migrate_to_chat_id)
                if getattr(method, "message_id", None) is not None:
                    # The new chat numbers its messages anew: the same id there is
                    # another message (an answer sent a moment ago, say).  The caller
                    # treats the message as gone.
                    raise
                method = method.model_copy(update={"chat_id": e.migrate_to_chat_id})
            except TelegramBadRequest as e:
                if "message is not modified" in e.message:
                    return True  # type: ignore[return-value]
                raise


# --- callback queries: answered once, after the handler -------------------------

#: Telegram refuses a callback answer's text past 200 characters.
ANSWER_LIMIT = 200


class AnswerAfterHandler(CallbackAnswerMiddleware):
    """aiogram's :class:`CallbackAnswerMiddleware`, answering only for a handler that returned.

    Handlers set the answer on ``callback_answer`` (``.text``, ``.show_alert``); it goes
    after the handler, so the spinner stops once the edit is visible.  The library
    answers in a ``finally``, after a handler that raised too, with what it had set
    ("done" for a deal whose edit then failed), and the errors handler could not
    answer what committed (Telegram refuses a second answer): here a handler that
    raised is left to the errors handler.  A failed answer is only logged.
    """

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        if not isinstance(event, CallbackQuery):
            return await handler(event, data)
        answer = data["callback_answer"] = self.construct_callback_answer(
            properties=get_flag(data, "callback_answer"),
        )
        if not answer.disabled and answer.answered:  # answered before the handler (``pre``)
            await self._send(event, answer)
        result = await handler(event, data)  # raised: answered by the errors handler
        if not answer.disabled and not answer.answered:
            await self._send(event, answer)
        return result

    async def _send(self, event: CallbackQuery, answer: CallbackAnswer) -> None:
        try:
            await self.answer(event, answer)
        except TelegramAPIError as e:
            log.warning("callback %s not answered: %s", event.id, e)

    def answer(self, event: CallbackQuery, callback_answer: CallbackAnswer) -> AnswerCallbackQuery:
        """The library's answer, with the text cut to what Telegram takes."""
        text = callback_answer.text
        return event.answer(
            text=text[:ANSWER_LIMIT] if text else text,
            show_alert=callback_answer.show_alert,
            url=callback_answer.url,
            cache_time=callback_answer.cache_time,
        )
