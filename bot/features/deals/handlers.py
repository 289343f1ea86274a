"""Writing deals: a typed /deal (bare: the deal wizard) and /correct (alias /fix: points
written straight onto the sheet, with a note), the wizard's buttons, and the one path
they all end in, :func:`write_and_show`.

A typed deal that looks like a slip (:mod:`bot.features.deals.guard`) is not written at
once: the bot replies to the command with "Write it?" and Yes/No.  The pending deal is
the command itself, the message the question replies to: Telegram keeps it (and sends it
with every press), so a question survives a restart of the bot and needs no table of its
own; the button carries the deal's digest, so "Yes" writes only the deal that was asked
about (an edited or deleted command is refused), and the write's source is the command,
so a press delivered again, or the command delivered again after "Yes", is answered with
what was written.

Every wizard press is checked as if hostile: the payload must parse, belong to a pulka
of this chat, come from one of its players or a chat administrator, and describe a state
the table can be in now (:func:`bot.views.wizard.screen`); anything else is "out of
date" and changes nothing.  A payload that is not on the message's keyboard never gets
here (:func:`bot.telegram.context.on_keyboard`), nor one that is not a wizard state
(:class:`bot.views.buttons.WizardCB` refuses it).
"""

from __future__ import annotations

from contextlib import suppress
from datetime import UTC, datetime

from aiogram import Bot, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import deals
from bot.actions.keeper import Keeper
from bot.features.deals.guard import digest, doubts
from bot.features.deals.view import guard_keyboard, guard_text
from bot.grammar.deals import parse_correction, parse_deal
from bot.model import Author, EventKind, ParseError, PulkaError, Source, Table
from bot.telegram import delivery
from bot.telegram.context import (
    IN_GROUP,
    Members,
    author_of,
    author_of_user,
    called,
    need_players,
    on_keyboard,
    pulka_of_press,
    seated_pulka_to_change,
    source,
)
from bot.telegram.delivery import Boards
from bot.views.buttons import (
    GuardCB,
    NewDealCB,
    WizardCB,
    WizardData,
    WizardOp,
    deal_keyboard,
)
from bot.views.deal import (
    wizard_cancelled_text,
    wizard_written_text,
    written_deal_text,
    written_note,
)
from bot.views.format import name
from bot.views.texts import Texts
from bot.views.wizard import outdated, screen
from scoring import Deal
from scoring.record import deal_from_json


async def write_and_show(
    msg: Message,
    table: Table,
    deal: Deal,
    author: Author,
    origin: Source,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    *,
    press: CallbackAnswer | None = None,
    who: str | None = None,
) -> None:
    """Write ``deal`` on ``table`` as it is now, then show what was written: a command is
    answered with a new message, a press (``press``) edits ``msg`` into the deal, signed
    ``who`` in a wizard.

    ``origin`` is the message the deal comes from: delivered again, it is answered with
    what it wrote.  A press's table must still be the one it was shown on (checked in
    the write's transaction: of two presses only the first writes).
    """
    expect_last = None if press is None else table.last_event_id
    written = await deals.write(keeper, table.id, deal, author, origin, expect_last=expect_last)
    after = written.table
    live = after.deal_by_event(written.event_id)  # None: a repeat whose deal was undone since
    if live is not None and who is not None:
        text = wizard_written_text(tx, after, live, who)
    else:
        text = written_deal_text(tx, after, live, repeat=written.duplicate)
    keyboard = None if live is None else deal_keyboard(tx, after, live)
    if press is None:
        await boards.beside(bot, tx, after, delivery.answer(msg, text, keyboard))
        return
    if live is not None:
        press.text = written_note(tx, live)
    await boards.beside(bot, tx, after, delivery.edit_or_answer(msg, text, keyboard))


async def send_wizard(target: Message, tx: Texts, table: Table) -> None:
    """Open a deal wizard for ``table`` as a new message next to ``target``."""
    first = screen(tx, table, WizardData(pulka=table.id, last=table.last_event_id))
    await target.answer(first.text, reply_markup=first.markup())


async def new_deal(
    query: CallbackQuery,
    msg: Message,
    callback_data: NewDealCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    members: Members,
) -> None:
    """ "New deal" (on the scoreboard or under a deal): a wizard for the next deal."""
    table = await pulka_of_press(
        query, msg, callback_data.pulka, keeper, bot, members, running=True
    )
    if table.state is None:
        raise need_players(table)
    if table.state.finished:
        raise PulkaError("note_finished")
    await send_wizard(msg, tx, table)


async def wizard_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: WizardCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """A wizard button: show the next screen, cancel, or write the deal."""
    w = callback_data.wizard()
    table = await pulka_of_press(query, msg, w.pulka, keeper, bot, members)
    who = called(table, query.from_user)
    if w.op is WizardOp.CANCEL:
        await msg.edit_text(wizard_cancelled_text(tx, who), reply_markup=None)
        return
    done = await keeper.written_by(source(msg)) if w.op is WizardOp.WRITE else None
    if done is not None:
        # A press delivered again (the bot stopped after writing, before it answered) is
        # answered with what it wrote, though the table has moved on since; someone
        # else's press at the same moment wrote nothing.
        event = done[1]
        if event.kind != EventKind.DEAL or event.author_id != query.from_user.id:
            raise PulkaError("stale")
        deal = deal_from_json(event.payload)
    elif outdated(table, w):
        # Written over meanwhile (a typed deal, another wizard): the message says so and
        # offers a new deal, rather than keep a keypad whose every key is refused.
        said = tx("wiz_outdated") if table.playable else tx("stale")
        with suppress(TelegramAPIError):
            await msg.edit_text(said, reply_markup=deal_keyboard(tx, table, None))
        raise PulkaError("stale")
    else:
        shown = screen(tx, table, w)
        if w.op is WizardOp.SHOW:
            await msg.edit_text(shown.text, reply_markup=shown.markup())
            return
        assert shown.deal is not None
        deal = shown.deal
    author = author_of_user(query.from_user)
    await write_and_show(
        msg,
        table,
        deal,
        author,
        source(msg),
        keeper,
        bot,
        tx,
        boards,
        press=callback_answer,
        who=who,
    )


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
    typed = args if command.command == "deal" else None
    found = doubts(table, parsed, datetime.now(UTC), typed)
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
            msg,
            tx(
                "guard_kept",
                who=name(called(table, query.from_user)),
            ),
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
    r.callback_query.register(new_deal, NewDealCB.filter())
    r.callback_query.register(wizard_press, WizardCB.filter())
    return r
