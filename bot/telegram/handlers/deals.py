"""Writing deals by text: /deal (without arguments: the deal wizard, ``handlers/wizard.py``)
and /correct (alias /fix: points written straight onto the sheet, with a note).
Every change is shown on the pulka's scoreboard too."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.input.parsing import ParseError, parse_correction, parse_deal
from bot.service import PulkaError, PulkaService
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.telegram.handlers.common import GROUP_TYPES, author_of, seated_pulka_to_change, source
from bot.telegram.handlers.wizard import send_wizard
from bot.views.chat import (
    deal_rejected_text,
    parse_error_text,
    pulka_error_text,
    written_deal_text,
)
from bot.views.keyboards import deal_keyboard
from bot.views.texts import Texts
from scoring import Deal, ScoringError


async def write_and_answer(
    message: Message,
    service: PulkaService,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    pulka_id: int,
    deal: Deal,
) -> None:
    """Write a deal (or a correction) typed in ``message``, refresh the scoreboard and
    answer with what was written (or why nothing was)."""
    try:
        written = await service.write_deal(pulka_id, deal, author_of(message), source(message))
    except ScoringError as e:
        await message.answer(deal_rejected_text(tx, e))
        return
    except PulkaError as e:
        await message.answer(pulka_error_text(tx, e))
        return
    after = written.table
    # The board first: the answer is then the last thing this command sends.
    await boards.refresh(bot, tx, after)
    live = after.deal_by_event(written.event_id)  # None: a repeat whose deal was undone since
    await delivery.answer(
        message,
        written_deal_text(tx, after, live, repeat=written.duplicate),
        None if live is None else deal_keyboard(tx, after, live),
    )


async def deal(
    message: Message,
    command: CommandObject,
    service: PulkaService,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/deal Anna 6s 6 Boris whist 3 Vera pass 1``: write it; bare ``/deal``: the wizard."""
    table = await seated_pulka_to_change(message, service, bot, tx)
    if table is None or table.state is None:
        return
    if not (command.args or "").strip():
        if table.state.finished:
            await message.answer(tx("finished"))
        else:
            await send_wizard(message, tx, table)
        return
    try:
        parsed = parse_deal(command.args or "", table.players)
    except ParseError as e:
        await message.answer(parse_error_text(tx, e, table.names))
        return
    await write_and_answer(message, service, bot, tx, boards, table.id, parsed)


async def correct(
    message: Message,
    command: CommandObject,
    service: PulkaService,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/correct Anna mountain -2 — miscounted``: points written straight onto the sheet."""
    table = await seated_pulka_to_change(message, service, bot, tx)
    if table is None or table.state is None:
        return
    try:
        parsed = parse_correction(command.args or "", table.players)
    except ParseError as e:
        await message.answer(parse_error_text(tx, e, table.names))
        return
    await write_and_answer(message, service, bot, tx, boards, table.id, parsed)


def router() -> Router:
    r = Router(name="deals")
    r.message.filter(F.chat.type.in_(GROUP_TYPES))
    r.message.register(deal, Command("deal"))
    r.message.register(correct, Command("correct", "fix"))
    return r
