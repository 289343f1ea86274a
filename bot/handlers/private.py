"""Private chat: /start and /help explain; everything else points to a group."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandStart
from aiogram.types import Message

from ..texts import Texts


def router() -> Router:
    r = Router(name="private")
    r.message.filter(F.chat.type == "private")

    @r.message(CommandStart())
    async def start(message: Message, tx: Texts) -> None:
        await message.answer(tx("private"))

    @r.message(Command("help"))
    async def help_(message: Message, tx: Texts) -> None:
        await message.answer(tx("help"))

    @r.message(F.text)
    async def other(message: Message, tx: Texts) -> None:
        await message.answer(tx("private"))

    return r
