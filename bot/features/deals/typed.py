"""Writing deals by text: /deal (without arguments: the deal wizard, ``handlers/wizard.py``)
and /correct (alias /fix: points written straight onto the sheet, with a note).
Every change is shown on the pulka's scoreboard too.

A typed deal that looks like a slip (``bot.features.deals.guard``: the same deal again within
two minutes, or with four players someone else sitting out than the seating says) is
not written at once: the bot replies to the command with "Write it?" and Yes/No.
The pending deal is the command itself, the message the question replies to: Telegram
keeps it (and sends it with every press), so a question survives a restart of the bot
and needs no table of its own; the button carries the deal's digest, so "Yes" writes
only the deal that was asked about (an edited or deleted command is refused), and the
write's source is the command, so a press delivered again, or the command delivered
again after "Yes", is answered with what was written.
"""

from __future__ import annotations

from datetime import UTC, datetime

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import deals
from bot.actions.keeper import Keeper
from bot.features.deals.guard import digest, doubts
from bot.features.deals.view import guard_gone_text, guard_kept_text, guard_keyboard, guard_text
from bot.features.deals.wizard import send_wizard
from bot.grammar.deals import parse_correction, parse_deal
from bot.model import Author, ParseError, PulkaError, Table, Written
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.telegram.common import (
    author_of,
    author_of_user,
    display_name,
    pulka_to_change_by_press,
    refuse,
    seated_pulka_to_change,
    source,
)
from bot.telegram.filters import IN_GROUP, on_keyboard
from bot.views.callbacks import GuardCB
from bot.views.deal import written_deal_text, written_note
from bot.views.errors import (
    deal_rejected_note,
    deal_rejected_text,
    parse_error_text,
    pulka_error_text,
)
from bot.views.keyboards import deal_keyboard
from bot.views.texts import Texts
from scoring import Deal, ScoringError
from scoring.record import deal_from_json


async def write_and_answer(
    message: Message,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    pulka_id: int,
    deal: Deal,
) -> None:
    """Write a deal (or a correction) typed in ``message``, refresh the scoreboard and
    answer with what was written (or why nothing was)."""
    try:
        written = await deals.write(keeper, pulka_id, deal, author_of(message), source(message))
    except ScoringError as e:
        await message.answer(deal_rejected_text(tx, e))
        return
    except PulkaError as e:
        await message.answer(pulka_error_text(tx, e))
        return
    await show_written(message, bot, tx, boards, written)


async def show_written(
    message: Message, bot: Bot, tx: Texts, boards: Boards, written: Written, *, edit: bool = False
) -> None:
    """The scoreboard refreshed, then the deal written with the standings now: a new
    message next to ``message``, or (``edit``) ``message`` edited into it."""
    after = written.table
    # The board first: the answer is then the last thing this command sends.
    await boards.refresh(bot, tx, after)
    live = after.deal_by_event(written.event_id)  # None: a repeat whose deal was undone since
    text = written_deal_text(tx, after, live, repeat=written.duplicate)
    keyboard = None if live is None else deal_keyboard(tx, after, live)
    if edit:
        await delivery.edit_or_answer(message, text, keyboard)
    else:
        await delivery.answer(message, text, keyboard)


async def asked_first(
    message: Message, keeper: Keeper, tx: Texts, table: Table, deal: Deal
) -> bool:
    """Ask "Write it?" instead of writing a likely slip; True if asked.

    A command delivered again after "Yes" wrote it is not asked about: it is
    answered (by the write) with what it wrote.
    """
    found = doubts(table, deal, datetime.now(UTC))
    if not found or await keeper.written_by(source(message)) is not None:
        return False
    await message.reply(
        guard_text(tx, table, deal, found), reply_markup=guard_keyboard(tx, table, deal)
    )
    return True


async def deal(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/deal Anna 6s 6 Boris whist 3 Vera pass 1``: write it; bare ``/deal``: the wizard."""
    table = await seated_pulka_to_change(message, keeper, bot, tx)
    if table is None or table.state is None:
        return
    if not (command.args or "").strip():
        if table.state.finished:
            await message.answer(tx("finished"))
        else:
            await send_wizard(message, tx, table)
        return
    try:
        parsed = parse_deal(command.args or "", table.players, table.state)
    except ParseError as e:
        await message.answer(parse_error_text(tx, e, table.names, table.state))
        return
    if await asked_first(message, keeper, tx, table, parsed):
        return
    await write_and_answer(message, keeper, bot, tx, boards, table.id, parsed)


async def correct(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/correct Anna mountain -2 — miscounted``: points written straight onto the sheet."""
    table = await seated_pulka_to_change(message, keeper, bot, tx)
    if table is None or table.state is None:
        return
    try:
        parsed = parse_correction(command.args or "", table.players)
    except ParseError as e:
        await message.answer(parse_error_text(tx, e, table.names))
        return
    if await asked_first(message, keeper, tx, table, parsed):
        return
    await write_and_answer(message, keeper, bot, tx, boards, table.id, parsed)


def command_deal(text: str, table: Table) -> Deal | None:
    """The deal a ``/deal`` or ``/correct`` (``/fix``) command's text says, on ``table``
    as it is now; None if it says none (another command, or no longer a deal)."""
    head, _, args = text.strip().partition(" ")
    word = head.lstrip("/").split("@", 1)[0].casefold()
    try:
        if word == "deal" and args.strip():
            return parse_deal(args, table.players, table.state)
        if word in ("correct", "fix"):
            return parse_correction(args, table.players)
    except ParseError:
        return None
    return None


async def guard_answer(
    query: CallbackQuery,
    msg: Message,
    callback_data: GuardCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Yes, write it" writes the command the question replies to; "No" writes nothing."""
    table = await pulka_to_change_by_press(
        query, msg, callback_data.pulka, keeper, bot, tx, callback_answer
    )
    if table is None:
        return
    if not callback_data.yes:
        await delivery.edit_or_answer(msg, guard_kept_text(tx, display_name(query.from_user)))
        return
    origin = msg.reply_to_message
    if origin is None or not origin.text:
        await delivery.edit_or_answer(msg, guard_gone_text(tx))
        return
    author = author_of_user(query.from_user)
    done = await keeper.written_by(source(origin))
    if done is not None:  # a press delivered again: the write answers with what it wrote
        deal = deal_from_json(done[1].payload)
    else:
        if not table.playable or table.last_event_id != callback_data.last:
            refuse(callback_answer, tx("stale"))
            await delivery.edit_or_answer(msg, tx("stale"))
            return
        found = command_deal(origin.text, table)
        if found is None or digest(found) != callback_data.digest:
            await delivery.edit_or_answer(msg, guard_gone_text(tx))
            return
        deal = found
    await _write_pressed(msg, keeper, bot, tx, boards, callback_answer, table, deal, author, origin)


async def _write_pressed(
    msg: Message,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
    table: Table,
    deal: Deal,
    author: Author,
    origin: Message,
) -> None:
    try:
        written = await deals.write(
            keeper, table.id, deal, author, source(origin), expect_last=table.last_event_id
        )
    except ScoringError as e:
        refuse(callback_answer, deal_rejected_note(tx, e))
        return
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        await delivery.edit_or_answer(msg, pulka_error_text(tx, e))
        return
    live = written.table.deal_by_event(written.event_id)
    if live is not None:
        callback_answer.text = written_note(tx, live)
    await show_written(msg, bot, tx, boards, written, edit=True)


def router() -> Router:
    r = Router(name="deals")
    r.message.filter(IN_GROUP)
    r.message.register(deal, Command("deal"))
    r.message.register(correct, Command("correct", "fix"))
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (handlers/system.py)
    r.callback_query.register(guard_answer, GuardCB.filter())
    return r
