"""The chat's rating: ``/rating``, ``/rating Name`` and ``/rating on|off`` (each
player's change shown after a settled pulka).  Only the on/off choice is written; it
is switched by whoever played a pulka of the chat and by the chat's administrators.
"""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.actions import archive, chats
from bot.actions.keeper import Keeper
from bot.actions.nights import chat_nights
from bot.features.rating.view import rating_text, unknown_text
from bot.grammar.deals import find_person
from bot.model import PulkaError
from bot.model.nights import Night
from bot.model.rating import rate
from bot.telegram import delivery
from bot.telegram.context import IN_GROUP, Members, place
from bot.views.errors import lookup_refusal
from bot.views.rating import player_text
from bot.views.texts import Texts

#: ``/rating on`` and ``/rating off`` in the bot's languages.
ON = frozenset({"on", "вкл", "включить", "увімк", "увімкнути"})
OFF = frozenset({"off", "выкл", "выключить", "вимк", "вимкнути"})


async def rating(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    members: Members,
) -> None:
    """``/rating``, ``/rating Anna``, ``/rating on``, ``/rating off``."""
    args = " ".join((command.args or "").split())
    chat_id = message.chat.id
    nights = await chat_nights(keeper, chat_id)
    if args.casefold() in ON | OFF:
        # The same again changes nothing and answers the same.
        on = args.casefold() in ON
        if not await may_switch(message, keeper, bot, members, nights):
            raise PulkaError("rating_not_allowed")
        await chats.show_rating(keeper, chat_id, on, tx.lang)
        await delivery.answer(message, tx("rating_on_done" if on else "rating_off_done"))
        return
    ratings = rate(nights)
    numbers = await archive.numbers(keeper, chat_id, (n.thread_id for n in nights))
    if args and ratings.standings:
        person = find_person(nights, args)
        standing = None if person is None else ratings.of(person.key)
        if standing is None:
            await message.answer(unknown_text(tx, args, ratings))
            return
        text = player_text(tx, ratings, standing, numbers)
    else:
        text = rating_text(tx, ratings, numbers, shown=await chats.rating_shown(keeper, chat_id))
    await message.answer(text)


async def may_switch(
    message: Message, keeper: Keeper, bot: Bot, members: Members, nights: list[Night]
) -> bool:
    """Whoever played a settled pulka of the chat or may change the one running here
    (its players, the chat's administrators)."""
    user = message.from_user
    played = {p.user_id for n in nights for p in n.people}
    if message.sender_chat is None and user is not None and user.id in played:
        return True
    running = await keeper.active(*place(message))
    return await members.may_write(bot, running, message.chat, user, message.sender_chat)


def router() -> Router:
    r = Router(name="rating")
    r.message.filter(IN_GROUP)
    r.message.register(rating, Command("rating"), flags={"refusal": lookup_refusal})
    return r
