"""A correction after the pulka was settled: ``/correct …`` (``/fix``) in reply to the bot's
message about the settled pulka.  It is an amendment after the ``settle`` event: the
agreed settlement stays, the archive shows the correction next to it.

Registered before ``deals``: what these filters let through is the ordinary ``/correct``.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.actions import archive, deals
from bot.actions.keeper import Keeper
from bot.grammar.deals import parse_correction
from bot.model import EventKind, ParseError, PulkaError, Source, Table
from bot.telegram import delivery
from bot.telegram.context import IN_GROUP, Members, author_of, may_change, place, source
from bot.telegram.delivery import Boards
from bot.views.buttons import AgainCB, ExportCB, export_keyboard
from bot.views.errors import parse_error_text
from bot.views.settlement import corrected_text
from bot.views.texts import Texts


def _named_pulka(reply: Message, bot: Bot) -> int | None:
    """The pulka a bot's message about a settled pulka names on its buttons."""
    if reply.from_user is None or reply.from_user.id != bot.id or reply.reply_markup is None:
        return None
    for row in reply.reply_markup.inline_keyboard:
        for button in row:
            for kind in (ExportCB, AgainCB):
                with suppress(TypeError, ValueError):
                    return kind.unpack(button.callback_data or "").pulka
    return None


async def replied_settled(message: Message, keeper: Keeper, bot: Bot) -> dict[str, Any] | bool:
    """Filter: a reply to the bot's message about a settled pulka of this chat (or to a
    command that wrote to one): ``{"settled": table}``."""
    reply = message.reply_to_message
    if reply is None:
        return False
    pulka_id = _named_pulka(reply, bot)
    if pulka_id is not None:
        table = await keeper.get(pulka_id)
    else:
        found = await keeper.written_by(Source(message.chat.id, reply.message_id))
        table = None if found is None else found[0]
    if table is None or table.row.chat_id != message.chat.id or table.state is None:
        return False
    return False if table.settle_event is None else {"settled": table}


async def settled_here(message: Message, keeper: Keeper) -> dict[str, Any] | bool:
    """Filter: no pulka runs here, and the last one over is settled: ``{"number": N}``."""
    last, running = await archive.last_over(keeper, *place(message))
    if running or last is None or last.settle_event is None:
        return False
    number = await _number(keeper, last)
    return False if number is None else {"number": number}


async def _number(keeper: Keeper, table: Table) -> int | None:
    """The pulka's number in the archive of its place."""
    found = await archive.numbers(keeper, table.row.chat_id, [table.row.thread_id])
    return found.get(table.id)


def correction_refusal(tx: Texts, err: Exception, data: dict[str, Any]) -> str | None:
    """A correction not understood: its example is written with the settled pulka's names."""
    if isinstance(err, ParseError):
        return parse_error_text(tx, err, data["settled"].names)
    return None


async def correct_settled(
    message: Message,
    command: CommandObject,
    settled: Table,
    keeper: Keeper,
    boards: Boards,
    bot: Bot,
    tx: Texts,
    members: Members,
) -> None:
    """``/correct Anna mountain -2 — miscounted`` in reply to a settled pulka's message."""
    await may_change(message, settled, bot, members)
    parsed = parse_correction(command.args or "", settled.players)
    written = await deals.correct_settled(
        keeper, settled.id, parsed, author_of(message), source(message)
    )
    table, event = written.table, written.event
    if event is None or event.kind != EventKind.AMEND or "settled" not in event.payload:
        raise PulkaError("stale")
    text = corrected_text(tx, table, written.event_id, await _number(keeper, table))
    await delivery.answer(message, text, export_keyboard(tx, table))
    await boards.refresh(bot, tx, table)  # the board shows the results with it too


async def correct_how(message: Message, number: int, tx: Texts) -> None:
    """A plain ``/correct`` with no running pulka, the last one settled: how to correct it."""
    await message.answer(tx("after_settle_how", number=number))


def router() -> Router:
    r = Router(name="after_settling")
    r.message.filter(IN_GROUP)
    r.message.register(
        correct_settled,
        Command("correct", "fix"),
        replied_settled,
        flags={"refusal": correction_refusal},
    )
    r.message.register(correct_how, Command("correct", "fix"), settled_here)
    return r
