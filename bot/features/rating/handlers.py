"""The chat's rating: ``/rating`` (the table and the last pulka's changes), ``/rating Name``
(one player's history) and ``/rating on|off`` (show each player's change after a settled
pulka, in its settlement message and in ``/pulkas``).

The rating is the bot's own (:mod:`bot.model.rating`), the replay of the chat's settled
pulkas, so nothing of it is written but the chat's on/off choice (``chats.rating``).
Anyone in the chat may read it; the display is switched by whoever played a pulka of
the chat (a settled one, or the one running here) and by the chat's administrators.
"""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.actions import archive, chats
from bot.actions.keeper import Keeper
from bot.actions.nights import chat_nights
from bot.features.rating.view import (
    archive_notes,
    note_text,
    player_text,
    rating_text,
    switched_text,
    unknown_text,
)
from bot.model import Table
from bot.model.nights import Night
from bot.model.rating import Ratings, find, rate
from bot.telegram import delivery
from bot.telegram.common import is_admin, place
from bot.telegram.filters import IN_GROUP
from bot.views.texts import Texts

#: ``/rating on`` and ``/rating off`` in the bot's languages.
ON = frozenset({"on", "вкл", "включить", "увімк", "увімкнути"})
OFF = frozenset({"off", "выкл", "выключить", "вимк", "вимкнути"})


async def numbers(keeper: Keeper, chat_id: int, nights: list[Night]) -> dict[int, int]:
    """Each night's number in the archive of its place (``/pulka N`` there), by pulka id."""
    found: dict[int, int] = {}
    for thread in sorted({n.table.row.thread_id for n in nights}):
        for listed in await archive.finished(keeper, chat_id, thread):
            found[listed.pulka_id] = listed.number
    return found


async def rating(
    message: Message, command: CommandObject, keeper: Keeper, bot: Bot, tx: Texts
) -> None:
    """``/rating``, ``/rating Anna``, ``/rating on``, ``/rating off``."""
    args = " ".join((command.args or "").split())
    chat_id = message.chat.id
    nights = await chat_nights(keeper, chat_id)
    if args.casefold() in ON | OFF:
        await switch(message, keeper, bot, tx, nights, on=args.casefold() in ON)
        return
    ratings = rate(nights)
    shown = await chats.rating_shown(keeper, chat_id)
    if not args or not ratings.standings:
        text = rating_text(tx, ratings, await numbers(keeper, chat_id, nights), shown=shown)
        await message.answer(text)
        return
    standing = find(ratings, args)
    if standing is None:
        await message.answer(unknown_text(tx, args, ratings))
        return
    text = player_text(tx, ratings, standing, await numbers(keeper, chat_id, nights))
    await message.answer(text)


async def switch(
    message: Message,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    nights: list[Night],
    *,
    on: bool,
) -> None:
    """``/rating on|off``: players of the chat and its administrators (the same again
    changes nothing and answers the same)."""
    if not await may_switch(message, keeper, bot, nights):
        await message.answer(tx("rating_not_allowed"))
        return
    await chats.show_rating(keeper, message.chat.id, on, tx.lang)
    await delivery.answer(message, switched_text(tx, on))


async def may_switch(message: Message, keeper: Keeper, bot: Bot, nights: list[Night]) -> bool:
    """Whoever played a settled pulka of the chat or sits at the one running here, and the
    chat's administrators (an anonymous one posts as the group itself)."""
    if message.sender_chat is not None:
        return message.sender_chat.id == message.chat.id
    user = message.from_user
    if user is None:
        return False
    if any(p.user_id == user.id for n in nights for p in n.people):
        return True
    running = await keeper.active(*place(message))
    if running is not None and running.is_player(user.id):
        return True
    return await is_admin(bot, message.chat.id, user.id)


async def _shown(keeper: Keeper, chat_id: int) -> Ratings | None:
    """The chat's ratings if it shows them after each pulka (``/rating on``), else None."""
    if not await chats.rating_shown(keeper, chat_id):
        return None
    return rate(await chat_nights(keeper, chat_id))


async def settled_note(keeper: Keeper, tx: Texts, table: Table) -> str:
    """What the settlement message of ``table`` adds (``/rating on``): ``""``, or a blank
    line and each player's rating after the pulka with its change."""
    ratings = await _shown(keeper, table.row.chat_id)
    rated = None if ratings is None else ratings.of_pulka(table.id)
    return "" if rated is None else "\n\n" + note_text(tx, rated)


async def pulkas_notes(keeper: Keeper, tx: Texts, chat_id: int) -> dict[int, str]:
    """The line ``/pulkas`` adds under each settled pulka (``/rating on``), by pulka id."""
    ratings = await _shown(keeper, chat_id)
    return {} if ratings is None else archive_notes(tx, ratings)


def router() -> Router:
    r = Router(name="rating")
    r.message.filter(IN_GROUP)
    r.message.register(rating, Command("rating"))
    return r
