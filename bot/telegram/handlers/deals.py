"""Writing deals: /deal (without arguments: the deal wizard), /correct (alias /fix:
points written straight onto the sheet, with a note), and /undo with its
confirmation buttons.  Every change is shown on the pulka's scoreboard too."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.input.parsing import ParseError, parse_correction, parse_deal
from bot.service import PulkaError, PulkaService
from bot.store.db import Source
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.telegram.callbacks import UndoCB
from bot.telegram.handlers.common import (
    GROUP_TYPES,
    author_of,
    author_of_user,
    display_name,
    pulka_to_change,
    pulka_to_change_by_press,
    seated_pulka_to_change,
    source,
)
from bot.telegram.handlers.wizard import send_wizard, undo_prompt
from bot.telegram.middlewares import CallbackNote
from bot.views.chat import (
    deal_answer,
    error_text,
    parse_error_text,
    undone_text,
)
from bot.views.keyboards import deal_keyboard, undo_keyboard
from bot.views.texts import Texts
from scoring import Deal, ScoringError


def router() -> Router:
    r = Router(name="deals")
    r.message.filter(F.chat.type.in_(GROUP_TYPES))

    @r.message(Command("deal"))
    async def deal(message: Message, command: CommandObject, service: PulkaService,
                   bot: Bot, tx: Texts, boards: Boards) -> None:
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

    @r.message(Command("correct", "fix"))
    async def correct(message: Message, command: CommandObject, service: PulkaService,
                      bot: Bot, tx: Texts, boards: Boards) -> None:
        table = await seated_pulka_to_change(message, service, bot, tx)
        if table is None or table.state is None:
            return
        try:
            parsed = parse_correction(command.args or "", table.players)
        except ParseError as e:
            await message.answer(parse_error_text(tx, e, table.names))
            return
        await write_and_answer(message, service, bot, tx, boards, table.id, parsed)

    @r.message(Command("undo"))
    async def undo(message: Message, service: PulkaService, bot: Bot, tx: Texts) -> None:
        table = await pulka_to_change(message, service, bot, tx)
        if table is None:
            return
        if not table.deals:
            await message.answer(tx("undo_nothing"))
            return
        await message.answer(undo_prompt(tx, table),
                             reply_markup=undo_keyboard(tx, table, table.deals[-1]))

    @r.callback_query(UndoCB.filter())
    async def undo_press(query: CallbackQuery, callback_data: UndoCB, service: PulkaService,
                         bot: Bot, tx: Texts, boards: Boards,
                         note: CallbackNote) -> None:
        msg = query.message
        assert isinstance(msg, Message)  # the guard let only keyboard presses through
        table = await pulka_to_change_by_press(query, msg, callback_data.pulka, service, bot,
                                               tx, note)
        if table is None:
            return
        target = table.deal_by_event(callback_data.event)
        if not callback_data.yes:
            number = target.number if target else "—"
            await msg.edit_text(tx("undo_kept", number=number), reply_markup=None)
            return
        try:
            written = await service.undo(table.id, callback_data.event,
                                         author_of_user(query.from_user), Source(msg.chat.id,
                                                                        msg.message_id))
        except PulkaError as e:
            note(tx(e.key), alert=True)
            await delivery.edit_or_answer(msg, tx("stale"))
            return
        assert written.event is not None
        # A press delivered again answers with the deal it undid the first time.
        who = written.event.author_name if written.duplicate else display_name(query.from_user)
        note(tx("done"))
        await delivery.edit_or_answer(msg, undone_text(tx, written.table, written.event,
                                                       who or "?"))
        await boards.refresh(bot, tx, written.table)

    return r


async def write_and_answer(message: Message, service: PulkaService, bot: Bot, tx: Texts,
                           boards: Boards, pulka_id: int, deal: Deal) -> None:
    """Write a deal (or a correction) typed in ``message``, refresh the scoreboard and
    answer with what was written (or why nothing was)."""
    try:
        written = await service.write_deal(pulka_id, deal, author_of(message), source(message))
    except ScoringError as e:
        await message.answer(tx("deal_rejected", reason=error_text(tx, e)) + "\n"
                             + tx("nothing_recorded"))
        return
    except PulkaError as e:
        await message.answer(tx(e.key, **e.params))
        return
    after = written.table
    # The board first: the answer is then the last thing this command sends.
    await boards.refresh(bot, tx, after)
    live = after.deal_by_event(written.event_id)
    if live is None:  # a repeated command whose deal was undone since
        await delivery.answer(message, tx("deal_repeat", number="—"))
        return
    await delivery.answer(message, deal_answer(tx, after, live, repeat=written.duplicate),
                          deal_keyboard(tx, after, live))

