"""The one place an update's failure is answered: a refusal in the chat's words, what a
committed write did, or an apology for work that did not commit.

Handlers do not catch refusals.  An action refuses by raising
:class:`~bot.model.PulkaError` (a write the players can fix), the grammar
:class:`~bot.input.parsing.ParseError`, the engine :class:`~scoring.ScoringError`, an
amendment :class:`~bot.model.AmendBreaks`; the router here renders it with
:func:`bot.views.errors.refusal_text`, or with the renderer the handler names in its
``refusal`` flag (``flags={"refusal": render}``, ``render(tx, err, data) -> str | None``,
None for the usual text), and sends it: an answer to a message, an alert to a press
(``flags={"refused": "edit"}`` also edits the pressed message into the refusal,
``"drop_keyboard"`` takes its buttons away).

Anything else is a failure.  If the update's write committed before it (the answer to
Telegram failed, say), the chat is told what was written, never "not done": a player
who read an apology would enter the deal again and count it twice.  Only work that did
not commit is apologised for (a handler whose write has no event of its own, a pulka
started, names its words with ``flags={"committed": told}``, ``told(tx, written)``).
A lost answer after a commit is a warning, not an error: the chat is told.  A press
is answered here and only here when its handler raised
(:class:`bot.telegram.middlewares.AnswerAfterHandler` answers the others), so every
press is answered exactly once.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress
from contextvars import ContextVar
from typing import Any

from aiogram import Router
from aiogram.dispatcher.flags import get_flag
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import CallbackQuery, ErrorEvent, Message, TelegramObject

from bot.actions.keeper import COMMITTED
from bot.model import AmendBreaks, ParseError, PulkaError, Written
from bot.telegram import delivery
from bot.telegram.middlewares import ANSWER_LIMIT
from bot.views.errors import plain, refusal_text
from bot.views.texts import Texts
from bot.views.written import written_text
from scoring import ScoringError

log = logging.getLogger(__name__)

Render = Callable[[Texts, Exception, dict[str, Any]], "str | None"]
#: A handler's words for what its write did (``flags={"committed": told}``), when the
#: usual :func:`~bot.views.written.written_text` would only say "done".
Told = Callable[[Texts, Written], str]


#: The current update's handler data (set by :func:`remember_handler`): its flags say
#: how a refusal is told.
HANDLING: ContextVar[dict[str, Any] | None] = ContextVar("pulka_handling", default=None)


async def remember_handler(
    handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
    event: TelegramObject,
    data: dict[str, Any],
) -> Any:
    """An inner middleware: the error router sees the update observer's data, not the
    handler's, so the handler's is kept here."""
    HANDLING.set(data)
    return await handler(event, data)


REFUSALS = (PulkaError, ParseError, ScoringError, AmendBreaks)


async def on_refusal(event: ErrorEvent, **data: Any) -> bool:
    """Tell the chat why nothing was done."""
    tx: Texts = data.get("tx") or Texts()
    err = event.exception
    handling = HANDLING.get() or {}
    render: Render | None = get_flag(handling, "refusal")
    text = None if render is None else render(tx, err, handling)
    if text is None:
        text = refusal_text(tx, err)
    query = event.update.callback_query
    if query is not None:
        await _answer_press(query, plain(text), alert=True)
        msg = query.message
        how = get_flag(handling, "refused")
        if isinstance(msg, Message) and how is not None:
            with suppress(TelegramAPIError):
                if how == "edit":
                    await delivery.edit_or_answer(msg, text)
                elif how == "drop_keyboard":
                    await msg.edit_reply_markup(reply_markup=None)
        return True
    message = event.update.message
    if message is not None:
        try:
            await delivery.answer(message, text)
        except TelegramAPIError as e:
            log.warning("chat %s not told of a refusal: %s", message.chat.id, e)
    return True


async def _answer_press(query: CallbackQuery, text: str, *, alert: bool) -> None:
    # Best effort: the press may be too old to answer by now, and the chat is told anyway.
    with suppress(TelegramAPIError, RuntimeError):
        await query.answer(text[:ANSWER_LIMIT], show_alert=alert)


async def on_error(event: ErrorEvent, **data: Any) -> bool:
    """Answer a failed update: what it committed, or an apology if nothing was."""
    tx: Texts = data.get("tx") or Texts()
    commits = COMMITTED.get()
    done = commits[-1] if commits else None
    err = event.exception
    if done is not None and isinstance(err, TelegramAPIError):  # written; told below
        log.warning("update %s answered after its commit: %s", event.update.update_id, err)
    else:
        log.error("update %s failed", event.update.update_id, exc_info=err)
    update = event.update
    query = update.callback_query
    target = query.message if query is not None else update.message
    if done is not None:
        if query is not None:
            await _answer_press(query, tx("note_saved"), alert=False)
        if isinstance(target, Message):
            told: Told | None = get_flag(HANDLING.get() or {}, "committed")
            try:
                text = written_text(tx, done) if told is None else told(tx, done)
                await delivery.answer(target, text)
            except TelegramAPIError as e:  # the board still shows it (refreshed first)
                log.error("chat %s not told of a committed write: %s", target.chat.id, e)
        return True
    if query is not None:
        await _answer_press(query, tx("error_generic"), alert=True)
    elif isinstance(target, Message):
        with suppress(TelegramAPIError, RuntimeError):
            await target.answer(tx("error_generic"))
    return True


def router() -> Router:
    r = Router(name="errors")
    r.errors.register(on_refusal, ExceptionTypeFilter(*REFUSALS))
    r.errors.register(on_error)
    return r
