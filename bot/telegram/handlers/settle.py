"""The end of a pulka: /settle (and ending by agreement), /export and /import.

The settlement is answered as text and then as the picture of the sheet with
the settlement written in (a picture that cannot be drawn is only logged: the
text has said it all).
"""

from __future__ import annotations

import io
import json
from typing import Any

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import BufferedInputFile, CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.service import PulkaError, PulkaService, Table
from bot.store.db import Source
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.telegram.callbacks import EndCB
from bot.telegram.filters import on_keyboard
from bot.telegram.handlers.common import (
    GROUP_TYPES,
    author_of,
    author_of_user,
    display_name,
    may_change,
    place,
    pulka_here,
    pulka_to_change_by_press,
    refuse,
    source,
)
from bot.telegram.sheets import SheetKind, Sheets
from bot.views.chat import (
    agreed_text,
    archived_text,
    import_error_text,
    imported_text,
    need_players_text,
    pulka_error_text,
    settlement_text,
)
from bot.views.keyboards import end_keyboard
from bot.views.texts import Texts
from scoring import ScoringError, settle_state
from scoring.jsonread import parse_json
from scoring.record import record_json

#: The largest record file /import reads.
MAX_IMPORT_BYTES = 1_000_000


async def final_sheet(target: Message, tx: Texts, table: Table, sheets: Sheets) -> None:
    """The sheet of a settled pulka, with the settlement written in (after its text)."""
    if table.state is not None:
        await sheets.send(target, tx, table, settle_state(table.state), kind=SheetKind.FINAL)


async def settle(
    message: Message, service: PulkaService, bot: Bot, tx: Texts, boards: Boards, sheets: Sheets
) -> None:
    """``/settle``: a finished pulka is ended; a running one shows what it would settle at
    now, with "End by agreement"."""
    table = await service.active(*place(message))
    if table is None:
        # A repeated /settle after the pulka was archived answers the same again.
        found = await service.written_by(source(message))
        again = found[0] if found is not None else None
        if again is not None and again.state is not None:
            await delivery.answer(message, archived_text(tx, again))
            # Stopped after the commit, the board may not know yet that it is over.
            await boards.refresh(bot, tx, again)
            await final_sheet(message, tx, again, sheets)
        else:
            await message.answer(tx("no_pulka"))
        return
    if not await may_change(message, bot, tx, table):
        return
    if table.state is None:
        await message.answer(need_players_text(tx, table))
        return
    if table.state.finished:
        try:
            written = await service.end(
                table.id, None, author_of(message), source(message), agreed=False
            )
        except PulkaError as e:
            await message.answer(pulka_error_text(tx, e))
            return
        await boards.refresh(bot, tx, written.table)
        await delivery.answer(message, archived_text(tx, written.table))
        await final_sheet(message, tx, written.table, sheets)
        return
    settlement = settle_state(table.state)
    await message.answer(
        settlement_text(tx, table.rules, settlement, final=False),
        reply_markup=end_keyboard(tx, table),
    )
    await sheets.send(message, tx, table, settlement, kind=SheetKind.NOW)


async def end_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: EndCB,
    service: PulkaService,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    sheets: Sheets,
    callback_answer: CallbackAnswer,
) -> None:
    """ "End by agreement" (rule 4.2.3): end the pulka, if nothing was written since."""
    table = await pulka_to_change_by_press(
        query, msg, callback_data.pulka, service, bot, tx, callback_answer
    )
    if table is None:
        return
    try:
        written = await service.end(
            table.id,
            callback_data.last,
            author_of_user(query.from_user),
            Source(msg.chat.id, msg.message_id),
            agreed=True,
        )
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        await msg.edit_reply_markup(reply_markup=None)
        return
    callback_answer.text = tx("done")
    assert written.event is not None
    # A press delivered again (stopped after ending, before answering) answers the
    # same: the final text and the final sheet, in the name of who ended it.
    who = written.event.author_name if written.duplicate else display_name(query.from_user)
    await delivery.edit_or_answer(msg, agreed_text(tx, written.table, who or "?"))
    await boards.refresh(bot, tx, written.table)
    await final_sheet(msg, tx, written.table, sheets)


async def export(message: Message, service: PulkaService, tx: Texts) -> None:
    """``/export``: the pulka as a ``pulka/1`` record file."""
    table = await pulka_here(message, service, tx)
    if table is None:
        return
    data = record_json(table.names, table.rules, table.record_deals())
    body = json.dumps(data, ensure_ascii=False, indent=2).encode("utf-8")
    await message.answer_document(
        BufferedInputFile(body, filename=f"pulka-{table.id}.json"),
        caption=tx("export_caption"),
    )


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
    service: PulkaService,
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
        written = await service.import_record(
            chat_id, thread, data, author_of(message), source(message), lang=tx.lang
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
    r.message.filter(F.chat.type.in_(GROUP_TYPES))
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (handlers/system.py)
    r.message.register(settle, Command("settle"))
    r.callback_query.register(end_press, EndCB.filter())
    r.message.register(export, Command("export"))
    r.message.register(import_, Command("import"))
    return r
