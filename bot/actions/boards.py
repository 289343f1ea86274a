"""Where each pulka's live scoreboard message is, and what it shows."""

from __future__ import annotations

from bot.actions.keeper import Keeper
from bot.model import BoardRow
from bot.storage import drafts


async def row(keeper: Keeper, pulka_id: int) -> BoardRow | None:
    async with keeper.storage.read() as tx:
        return await drafts.board(tx, pulka_id)


async def place(keeper: Keeper, pulka_id: int, chat_id: int, message_id: int, shown: str) -> None:
    async with keeper.storage.uow() as tx:
        await drafts.set_board(tx, pulka_id, chat_id, message_id, shown)
