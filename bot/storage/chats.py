"""A chat's settings: its language and whether it shows rating changes."""

from __future__ import annotations

from bot.storage.db import Tx, now


async def lang(tx: Tx, chat_id: int) -> str | None:
    row = await tx.one("SELECT lang FROM chats WHERE chat_id = ?", chat_id)
    return None if row is None else str(row["lang"])


async def set_lang(tx: Tx, chat_id: int, lang: str) -> None:
    await tx.run(
        "INSERT INTO chats (chat_id, lang, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (chat_id) DO UPDATE SET lang = excluded.lang, "
        "updated_at = excluded.updated_at",
        chat_id,
        lang,
        now(),
    )


async def default_lang(tx: Tx, chat_id: int, lang: str) -> None:
    """Set the chat's language unless it has one already."""
    await tx.run(
        "INSERT INTO chats (chat_id, lang, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (chat_id) DO NOTHING",
        chat_id,
        lang,
        now(),
    )


async def rating(tx: Tx, chat_id: int) -> bool:
    """Does the chat show rating changes after each pulka (``/rating on``)?"""
    row = await tx.one("SELECT rating FROM chats WHERE chat_id = ?", chat_id)
    return row is not None and bool(row["rating"])


async def set_rating(tx: Tx, chat_id: int, on: bool, lang: str) -> None:
    """``/rating on|off``; a chat without a row yet gets one in ``lang``, the language it
    speaks now."""
    await tx.run(
        "INSERT INTO chats (chat_id, lang, rating, updated_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (chat_id) DO UPDATE SET rating = excluded.rating, "
        "updated_at = excluded.updated_at",
        chat_id,
        lang,
        int(on),
        now(),
    )


async def move(tx: Tx, old: int, new: int) -> None:
    """The settings of chat ``old`` go to ``new``, unless it has its own already."""
    was = await lang(tx, old)
    if was is not None and await lang(tx, new) is None:
        await set_lang(tx, new, was)
        if await rating(tx, old):
            await set_rating(tx, new, True, was)
