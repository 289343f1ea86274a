"""A chat's settings (language, rating shown) and its move to a new id."""

from __future__ import annotations

from bot.actions.keeper import Keeper
from bot.storage import chats, pulkas


async def set_lang(keeper: Keeper, chat_id: int, lang: str) -> None:
    keeper.langs.pop(chat_id, None)
    async with keeper.storage.uow() as tx:
        await chats.set_lang(tx, chat_id, lang)


async def rating_shown(keeper: Keeper, chat_id: int) -> bool:
    """Does the chat show rating changes after each pulka (``/rating on``)?"""
    async with keeper.storage.read() as tx:
        return await chats.rating(tx, chat_id)


async def show_rating(keeper: Keeper, chat_id: int, on: bool, lang: str) -> None:
    """``/rating on|off`` (the same again changes nothing); ``lang``: the language the
    chat speaks now, kept if it had none stored yet."""
    keeper.langs.pop(chat_id, None)
    async with keeper.storage.uow() as tx:
        await chats.set_rating(tx, chat_id, on, lang)


async def migrate(keeper: Keeper, old: int, new: int) -> int:
    """The group became a supergroup: its pulkas and settings move to the new chat id;
    the number of pulkas moved."""
    try:
        async with keeper.storage.uow() as tx:
            moved = await pulkas.move_chat(tx, old, new)
            await chats.move(tx, old, new)
            return moved
    finally:
        keeper.forget()  # the kept tables name the old chat
