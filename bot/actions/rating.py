"""The chat's rating as it shows it after each pulka (``/rating on``)."""

from __future__ import annotations

from bot.actions.chats import rating_shown
from bot.actions.keeper import Keeper
from bot.actions.nights import chat_nights
from bot.model.rating import Ratings, rate


async def shown(keeper: Keeper, chat_id: int) -> Ratings | None:
    """The chat's ratings if it shows them after each pulka, else None."""
    if not await rating_shown(keeper, chat_id):
        return None
    return rate(await chat_nights(keeper, chat_id))
