"""Writing deals by text: /deal (without arguments: the deal wizard) and /correct (alias
/fix: points written straight onto the sheet, with a note).

A typed deal that looks like a slip (:mod:`bot.features.deals.guard`) is not written at
once: the bot replies to the command with "Write it?" and Yes/No.  The pending deal is
the command itself, the message the question replies to: Telegram keeps it (and sends it
with every press), so a question survives a restart of the bot and needs no table of its
own; the button carries the deal's digest, so "Yes" writes only the deal that was asked
about (an edited or deleted command is refused), and the write's source is the command,
so a press delivered again, or the command delivered again after "Yes", is answered with
what was written.
"""

from __future__ import annotations

from datetime import UTC, datetime

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions.keeper import Keeper
from bot.features.deals.guard import digest, doubts
from bot.features.deals.view import guard_keyboard, guard_text
from bot.features.deals.wizard import send_wizard
from bot.features.deals.write import write_and_show
from bot.grammar.deals import parse_correction, parse_deal
from bot.model import ParseError, PulkaError, Table
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.telegram.context import (
    Members,
    author_of,
    author_of_user,
    display_name,
    pulka_of_press,
    seated_pulka_to_change,
    source,
)
from bot.telegram.filters import IN_GROUP, on_keyboard
from bot.views.callbacks import GuardCB
from bot.views.format import name
from bot.views.texts import Texts
from scoring import Deal
from scoring.record import deal_from_json


def parse_command(word: str, args: str, table: Table) -> Deal:
    """The deal of ``/deal`` or ``/correct`` (``/fix``) ``args`` on ``table`` as it is now."""
    if word == "deal":
        return parse_deal(args, table.players, table.state)
    return parse_correction(args, table.players)


async def deal(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
) -> None:
    """``/deal Anna 6s 6 Boris whist 3 Vera pass 1`` or ``/correct Anna mountain -2 —
    miscounted``: written, or asked about first; bare ``/deal``: the wizard."""
    table = await seated_pulka_to_change(message, keeper, bot, members)
    assert table.state is not None
    args = (command.args or "").strip()
    if command.command == "deal" and not args:
        if table.state.finished:
            raise PulkaError("finished")
        await send_wizard(message, tx, table)
        return
    parsed = parse_command(command.command, args, table)
    found = doubts(table, parsed, datetime.now(UTC))
    # A command delivered again after "Yes" wrote it is answered (by the write) with that.
    if found and await keeper.written_by(source(message)) is None:
        await message.reply(
            guard_text(tx, table, parsed, found), reply_markup=guard_keyboard(tx, table, parsed)
        )
        return
    await write_and_show(
        message, table, parsed, author_of(message), source(message), keeper, bot, tx, boards
    )


def command_deal(text: str, table: Table) -> Deal | None:
    """The deal a ``/deal`` or ``/correct`` (``/fix``) command's text says on ``table`` as
    it is now; None if it says none (another command, or no longer a deal)."""
    head, _, args = text.strip().partition(" ")
    word = head.lstrip("/").split("@", 1)[0].casefold()
    word = "correct" if word == "fix" else word
    if word not in ("deal", "correct") or (word == "deal" and not args.strip()):
        return None
    try:
        return parse_command(word, args, table)
    except ParseError:
        return None


async def guard_answer(
    query: CallbackQuery,
    msg: Message,
    callback_data: GuardCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Yes, write it" writes the command the question replies to; "No" writes nothing."""
    table = await pulka_of_press(query, msg, callback_data.pulka, keeper, bot, members)
    if not callback_data.yes:
        await delivery.edit_or_answer(
            msg, tx("guard_kept", who=name(display_name(query.from_user)))
        )
        return
    origin = msg.reply_to_message
    if origin is None or not origin.text:
        await delivery.edit_or_answer(msg, tx("guard_gone"))
        return
    done = await keeper.written_by(source(origin))
    if done is not None:  # a press delivered again: the write answers with what it wrote
        deal = deal_from_json(done[1].payload)
    else:
        if not table.playable or table.last_event_id != callback_data.last:
            await delivery.edit_or_answer(msg, tx("stale"))
            raise PulkaError("stale")
        found = command_deal(origin.text, table)
        if found is None or digest(found) != callback_data.digest:
            await delivery.edit_or_answer(msg, tx("guard_gone"))
            return
        deal = found
    author = author_of_user(query.from_user)
    await write_and_show(
        msg, table, deal, author, source(origin), keeper, bot, tx, boards, press=callback_answer
    )


def router() -> Router:
    r = Router(name="deals")
    r.message.filter(IN_GROUP)
    r.message.register(deal, Command("deal", "correct", "fix"))
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (features/system)
    r.callback_query.register(guard_answer, GuardCB.filter())
    return r
