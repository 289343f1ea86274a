"""The end of a pulka: /settle, ending by agreement (and /undo of it), "Settle", "Same table
again", "Export", /export and /import.

The settlement is answered as text and then as the picture of the sheet with
the settlement written in (a picture that cannot be drawn is only logged: the
text has said it all).
"""

from __future__ import annotations

import io
import json
from typing import Any

from aiogram import Bot, Router
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.filters import Command, CommandObject
from aiogram.types import BufferedInputFile, CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import archive, ending, seating
from bot.actions.keeper import Keeper
from bot.features.archive.view import import_error_text, imported_text
from bot.features.debts.view import with_debts
from bot.features.ending.view import (
    agree_note,
    agreed_text,
    offer_text,
    reopened_text,
    settled_keyboard,
    settled_text,
    shown_settlement,
)
from bot.features.rating.handlers import settled_note
from bot.model import EventKind, PulkaError, Source, Table, Written
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.telegram.common import (
    author_of,
    author_of_user,
    is_admin,
    may_change,
    place,
    pulka_here,
    pulka_of_button,
    pulka_to_change_by_press,
    refuse,
    source,
)
from bot.telegram.filters import IN_GROUP, on_keyboard
from bot.telegram.sheets import SheetKind, Sheets
from bot.views.board import need_players_text
from bot.views.callbacks import AgainCB, EndCB, ExportCB, SettleCB
from bot.views.errors import pulka_error_text
from bot.views.keyboards import end_keyboard
from bot.views.texts import Texts
from scoring import ScoringError, settle_state
from scoring.jsonread import parse_json
from scoring.record import record_json

#: The largest record file /import reads.
MAX_IMPORT_BYTES = 1_000_000


async def final_sheet(target: Message, tx: Texts, table: Table, sheets: Sheets) -> None:
    """The sheet of an ended pulka, with its settlement written in (after its text): the
    stored one once it is settled, never scored again."""
    settlement = shown_settlement(table)
    if table.state is not None and settlement is not None:
        await sheets.send(target, tx, table, settlement, kind=SheetKind.FINAL)


async def _settled(
    target: Message, tx: Texts, bot: Bot, boards: Boards, sheets: Sheets, written: Written
) -> None:
    """Tell a settlement: its stored figures, "Same table again" and "Export"; the board;
    the final sheet when this write ended the pulka too (an end by agreement sent it)."""
    table = written.table
    text = settled_text(tx, table) + await settled_note(boards.keeper, tx, table)  # /rating on
    await delivery.answer(target, text, with_debts(tx, table, settled_keyboard(tx, table)))
    await boards.refresh(bot, tx, table)
    if written.event is not None and written.event.kind == EventKind.END:
        await final_sheet(target, tx, table, sheets)


async def settle(
    message: Message, keeper: Keeper, bot: Bot, tx: Texts, boards: Boards, sheets: Sheets
) -> None:
    """``/settle``: a finished pulka (or one ended by agreement) is settled and locked;
    a running one shows what it would settle at now, with "End by agreement"."""
    table = await keeper.active(*place(message))
    if table is None:
        # A repeated /settle after the pulka was archived answers the same again.
        found = await keeper.written_by(source(message))
        if found is not None and found[0].state is not None:
            await _settled(
                message, tx, bot, boards, sheets, Written(found[0], True, found[1].id, found[1])
            )
            return
        over, _running = await archive.last_over(keeper, *place(message))
        if over is None or not over.can_settle:
            await message.answer(tx("no_pulka"))
            return
        table = over  # ended by agreement: settled now
    if not await may_change(message, bot, tx, table):
        return
    if table.state is None:
        await message.answer(need_players_text(tx, table))
        return
    if table.can_settle:
        try:
            written = await ending.settle(keeper, table.id, author_of(message), source(message))
        except PulkaError as e:
            await message.answer(pulka_error_text(tx, e))
            return
        await _settled(message, tx, bot, boards, sheets, written)
        return
    await message.answer(offer_text(tx, table), reply_markup=end_keyboard(tx, table))
    await sheets.send(message, tx, table, settle_state(table.state), kind=SheetKind.NOW)


async def end_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: EndCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    sheets: Sheets,
    callback_answer: CallbackAnswer,
) -> None:
    """ "End by agreement": a seated player's agreement to stop at the offer's stop point;
    the one that makes a majority (or an administrator's tap) ends the pulka."""
    table = await pulka_to_change_by_press(
        query, msg, callback_data.pulka, keeper, bot, tx, callback_answer
    )
    if table is None:
        return
    admin = await is_admin(bot, msg.chat.id, query.from_user.id)
    try:
        written = await ending.agree(
            keeper,
            table.id,
            callback_data.last,
            author_of_user(query.from_user),
            Source(msg.chat.id, msg.message_id),
            admin=admin,
        )
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        if e.key == "stale":
            await msg.edit_reply_markup(reply_markup=None)
        return
    table = written.table
    if not table.active:
        # Ended (a tap delivered again after it ended answers the same: the final
        # text and the final sheet).
        callback_answer.text = tx("done")
        await delivery.edit_or_answer(msg, agreed_text(tx, table))
        await boards.refresh(bot, tx, table)
        await final_sheet(msg, tx, table, sheets)
        return
    callback_answer.text = agree_note(tx, table, again=written.event is None)
    if written.event is not None:  # who has agreed, shown on the offer
        await delivery.edit_or_answer(msg, offer_text(tx, table), end_keyboard(tx, table))


async def settle_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: SettleCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    sheets: Sheets,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Settle" on a closed board: as ``/settle`` of a finished (or agreed) pulka."""
    table = await pulka_to_change_by_press(
        query, msg, callback_data.pulka, keeper, bot, tx, callback_answer
    )
    if table is None:
        return
    try:
        written = await ending.settle(keeper, table.id, author_of_user(query.from_user), None)
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        return
    if written.duplicate:  # settled already (a second tap): nothing new to say
        callback_answer.text = tx("settle_already")
        await boards.refresh(bot, tx, written.table)
        return
    callback_answer.text = tx("done")
    await _settled(msg, tx, bot, boards, sheets, written)


async def again_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: AgainCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Same table again": a new pulka, same players and rules, the next dealer first.

    The new pulka's source is this message's id negated (Telegram's ids are positive,
    and the message itself may be the settled pulka's own source): a second tap, or
    the tap delivered again, finds the pulka the first one started.
    """
    table = await pulka_to_change_by_press(
        query, msg, callback_data.pulka, keeper, bot, tx, callback_answer
    )
    if table is None:
        return
    try:
        written = await seating.again(
            keeper, table.id, author_of_user(query.from_user), Source(msg.chat.id, -msg.message_id)
        )
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        return
    callback_answer.text = tx("again_already" if written.duplicate else "done")
    await boards.refresh(bot, tx, written.table)  # the new pulka's board, sent and pinned


async def send_export(target: Message, tx: Texts, table: Table) -> None:
    """The pulka as a ``pulka/1`` record file, next to ``target``."""
    data = record_json(table.names, table.rules, table.record_deals())
    body = json.dumps(data, ensure_ascii=False, indent=2).encode("utf-8")
    await target.answer_document(
        BufferedInputFile(body, filename=f"pulka-{table.id}.json"),
        caption=tx("export_caption"),
    )


async def export(message: Message, keeper: Keeper, tx: Texts) -> None:
    """``/export``: the pulka as a ``pulka/1`` record file."""
    table = await pulka_here(message, keeper, tx)
    if table is None:
        return
    await send_export(message, tx, table)


async def export_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: ExportCB,
    keeper: Keeper,
    tx: Texts,
    sheets: Sheets,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Export" under a settled pulka (or one of the archive): its record file.

    Anyone in the chat may read it; presses within the cooldown send it once.
    """
    table = await pulka_of_button(keeper, callback_data.pulka, msg)
    if table is None:
        refuse(callback_answer, tx("stale"))
        return
    if sheets.pressed_lately(("export", table.id, msg.message_id)):
        callback_answer.text = tx("export_sent")
        return
    await send_export(msg, tx, table)


async def undo_end(message: Message, keeper: Keeper, bot: Bot, tx: Texts, boards: Boards) -> None:
    """``/undo`` right after an end by agreement takes the end back (until it is settled).

    Anything else is ``/undo`` of a deal (``handlers/undo.py``): this handler skips.
    """
    found = await keeper.written_by(source(message))
    if found is not None and found[1].kind == EventKind.REOPEN:  # delivered again
        await delivery.answer(message, reopened_text(tx, found[1].author_name or "?"))
        await boards.refresh(bot, tx, found[0])
        return
    running = await keeper.active(*place(message))
    if running is not None and running.deals:
        raise SkipHandler
    over, _ = await archive.last_over(keeper, *place(message))
    if over is None or (running is not None and not over.ended_by_agreement):
        raise SkipHandler
    if not over.ended_by_agreement:
        if not over.settled:
            raise SkipHandler
        await message.answer(tx("reopen_settled"))
        return
    if running is not None:
        await message.answer(tx("reopen_busy"))
        return
    end = over.end_event
    if end is None or not await may_change(message, bot, tx, over):
        return
    try:
        written = await ending.reopen(keeper, over.id, end.id, author_of(message), source(message))
    except PulkaError as e:
        await message.answer(pulka_error_text(tx, e))
        return
    await delivery.answer(message, reopened_text(tx, author_of(message).name))
    await boards.refresh(bot, tx, written.table)


async def _import_text(message: Message, command: CommandObject, bot: Bot) -> bytes | str | None:
    """The record: a document on this message or the one replied to, or the text after /import."""
    for m in (message, message.reply_to_message):
        if m is not None and m.document is not None:
            if (m.document.file_size or 0) > MAX_IMPORT_BYTES:
                return b"x" * (MAX_IMPORT_BYTES + 1)
            buffer = io.BytesIO()
            await bot.download(m.document, destination=buffer)
            return buffer.getvalue()
    if command.args and command.args.strip():
        return command.args
    if message.reply_to_message is not None and message.reply_to_message.text:
        text = message.reply_to_message.text.strip()
        if text.startswith("{"):
            return text
    return None


async def import_(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/import``: start a pulka from a record (a file, or JSON after the command)."""
    raw = await _import_text(message, command, bot)
    if raw is None:
        await message.answer(tx("import_usage"))
        return
    if isinstance(raw, bytes) and len(raw) > MAX_IMPORT_BYTES:
        await message.answer(tx("import_too_big"))
        return
    try:
        data: Any = parse_json(raw)
    except ScoringError as e:
        # Not JSON at all, or JSON the record refuses (a key twice, a number of 5,000 digits).
        await message.answer(import_error_text(tx, e))
        return
    chat_id, thread = place(message)
    try:
        written = await archive.import_record(
            keeper, chat_id, thread, data, author_of(message), source(message), lang=tx.lang
        )
    except ScoringError as e:
        await message.answer(import_error_text(tx, e))
        return
    except PulkaError as e:
        await message.answer(pulka_error_text(tx, e))
        return
    table = written.table
    sent = await message.answer(imported_text(tx, table))
    if not written.duplicate:
        # The answer becomes the scoreboard; it turns into one at the next change.
        await boards.adopt(bot, tx, table, sent, now=False)


def router() -> Router:
    r = Router(name="settle")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (handlers/system.py)
    r.message.register(settle, Command("settle"))
    r.message.register(undo_end, Command("undo"))  # skips to handlers/undo.py but after an end
    r.callback_query.register(end_press, EndCB.filter())
    r.callback_query.register(settle_press, SettleCB.filter())
    r.callback_query.register(again_press, AgainCB.filter())
    r.callback_query.register(export_press, ExportCB.filter())
    r.message.register(export, Command("export"))
    r.message.register(import_, Command("import"))
    return r
