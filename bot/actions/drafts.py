"""A settings message's choices until "Start" (a draft), and its pulka started."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.actions import seating
from bot.actions.keeper import Keeper
from bot.model import Author, DraftRow, PulkaError, Sitter, Source, Written
from bot.storage import chats, drafts, pulkas
from scoring import InvalidRules, Rules
from scoring.record import rules_from_json
from scoring.seating import TABLE_SIZES


async def open_draft(
    keeper: Keeper,
    chat_id: int,
    message_id: int,
    thread_id: int,
    data: dict[str, Any],
    created_by: int | None,
    lang: str | None = None,
) -> None:
    """Remember a new settings message's choices; ``lang`` (the language of whoever
    opened it) becomes the chat's language if it has none yet."""
    keeper.langs.pop(chat_id, None)
    async with keeper.storage.uow() as tx:
        await drafts.create(tx, chat_id, message_id, thread_id, data, created_by)
        if lang is not None:
            await chats.default_lang(tx, chat_id, lang)


async def last_settings(keeper: Keeper, chat_id: int, thread_id: int) -> tuple[Rules, int] | None:
    """The rules the place's last pulka was started with and the size of its table
    (the size chosen, else how many sat at it, else three): a new settings message starts
    from them.  None if the place has none, or if they are no longer valid rules."""
    async with keeper.storage.read() as tx:
        last = await pulkas.last_rules(tx, chat_id, thread_id)
    if last is None:
        return None
    data, chosen, sat = last
    try:
        rules = rules_from_json(data)
    except (InvalidRules, ValueError):  # pydantic's ValidationError is a ValueError
        return None
    size = chosen if chosen is not None else sat if sat in TABLE_SIZES else 3
    return rules, size


async def get(keeper: Keeper, chat_id: int, message_id: int) -> DraftRow | None:
    async with keeper.storage.read() as tx:
        return await drafts.get(tx, chat_id, message_id)


async def latest_unstarted(keeper: Keeper, chat_id: int, thread_id: int) -> DraftRow | None:
    """The place's newest settings message not started yet (it may be cancelled)."""
    async with keeper.storage.read() as tx:
        return await drafts.latest_unstarted(tx, chat_id, thread_id)


async def change(
    keeper: Keeper,
    chat_id: int,
    message_id: int,
    change: Callable[[DraftRow], dict[str, Any]],
) -> dict[str, Any]:
    """Apply ``change`` to a draft still open, inside one transaction.

    ``change`` raises :class:`PulkaError` to refuse (``stale`` when the value it was
    pressed on has changed since); the new data is returned.
    """
    async with keeper.storage.uow() as tx:
        row = await drafts.get(tx, chat_id, message_id)
        if row is None or row.pulka_id is not None:
            raise PulkaError("stale")
        data = change(row)
        await drafts.save(tx, chat_id, message_id, data)
        return data


async def start(
    keeper: Keeper,
    chat_id: int,
    message_id: int,
    rules: Rules,
    seats: int,
    seated: Sequence[Sitter],
    author: Author,
) -> Written:
    """ "Start" on a settings message: the pulka is created with its seats, once."""
    row = await get(keeper, chat_id, message_id)
    if row is None:
        raise PulkaError("stale")
    written = await seating.start(
        keeper,
        chat_id,
        row.thread_id,
        rules,
        author,
        Source(chat_id, message_id),
        seats=seats,
        seated=seated,
    )
    async with keeper.storage.uow() as tx:
        await drafts.save(tx, chat_id, message_id, row.data, written.table.id)
    return written
