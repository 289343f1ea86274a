"""``/calc``: the paper-sheet calculator, in a group or a private chat; it writes nothing.

``/calc`` with the sheet in the message answers with the settlement and the picture of
the settled sheet; ``/calc`` alone (or with only the header) opens the step-by-step
message: variant and size by buttons, then the names and each player's figures typed in
reply.  That message keeps the sheet so far in its own text (:func:`read_form`), so it
survives a restart of the bot.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError, TelegramRetryAfter
from aiogram.filters import Command
from aiogram.types import BufferedInputFile, CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.features.calc.sheet import (
    Calc,
    PaperSheet,
    clear_line,
    fill_line,
    next_line,
    parse_header,
    parse_names,
    parse_sheet,
    read_form,
    settle_paper,
    split_message,
    with_size,
)
from bot.features.calc.view import (
    CAPTION_LIMIT,
    MARK,
    VARIANTS,
    calc_refusal,
    default_names,
    result_text,
    step_keyboard,
    step_refusal,
    step_text,
)
from bot.model import PulkaError
from bot.telegram import delivery
from bot.telegram.context import OnLoop, on_keyboard
from bot.views import picture
from bot.views.board import SheetKind, sheet_title
from bot.views.buttons import CalcCB
from bot.views.texts import Texts, default_currency
from scoring.rules import HussarMountain
from scoring.seating import TABLE_SIZES

log = logging.getLogger(__name__)


async def calc(message: Message, tx: Texts) -> None:
    """``/calc``: the typed sheet settled, or the step-by-step message."""
    header, lines = split_message(message.text or message.caption or "")
    if not lines:
        sheet = parse_header(header)
        await delivery.answer(message, step_text(tx, sheet), step_keyboard(tx, sheet))
        return
    await _send(message, tx, settle_paper(parse_sheet(header, lines), default_currency(tx.lang)))


async def _send(message: Message, tx: Texts, result: Calc) -> None:
    """The settlement with the picture of the settled sheet (the text alone if the
    picture cannot be drawn or sent)."""
    text = result_text(tx, result)
    kind = SheetKind.FINAL if result.settlement.finished else SheetKind.NOW
    try:
        png = await picture.render_sheet_async(
            result.players,
            result.rules,
            list(result.steps),
            result.settlement,
            title=sheet_title(tx, result.rules, kind),
            dummy=tx("sheet_dummy"),
        )
    except Exception:
        log.exception("the /calc sheet could not be drawn")
        await delivery.answer(message, text)
        return
    fits = len(text) <= CAPTION_LIMIT
    if not fits:
        await delivery.answer(message, text)
    try:
        await message.answer_photo(
            BufferedInputFile(png, filename="calc.png"), caption=text if fits else None
        )
    except TelegramRetryAfter:
        raise
    except TelegramAPIError as e:
        log.warning("the /calc sheet was not sent: %s", e)
        if fits:
            await delivery.answer(message, text)


async def calc_reply(message: Message, bot: Bot) -> dict[str, PaperSheet] | bool:
    """A reply (not a command) to an open step-by-step message of this bot: its sheet."""
    reply = message.reply_to_message
    if reply is None or not message.text or message.text.startswith("/"):
        return False
    if reply.from_user is None or reply.from_user.id != bot.id or reply.reply_markup is None:
        return False
    text = reply.text or ""
    if not text.startswith(MARK) or not _has_calc_buttons(reply):
        return False
    sheet = read_form(text)
    return False if sheet is None else {"calc_sheet": sheet}


def _has_calc_buttons(msg: Message) -> bool:
    markup = msg.reply_markup
    return markup is not None and any(
        (b.callback_data or "").startswith(CalcCB.__prefix__ + ":")
        for row in markup.inline_keyboard
        for b in row
    )


async def calc_typed(message: Message, calc_sheet: PaperSheet, tx: Texts) -> None:
    """The names, or the next player's figures, typed in reply to the step-by-step message."""
    wizard = message.reply_to_message
    assert wizard is not None  # the filter saw it
    if not calc_sheet.lines:
        sheet = parse_names(message.text or "", calc_sheet)
    else:
        seat = next_line(calc_sheet)
        if seat is None:
            return
        sheet = fill_line(calc_sheet, seat, message.text or "")
    if next_line(sheet) is not None:
        await _edit(wizard, tx, sheet)
        return
    result = settle_paper(sheet, default_currency(tx.lang))
    await _close(wizard, tx, sheet, done=True)
    await _send(message, tx, result)


async def calc_button(
    query: CallbackQuery,
    msg: Message,
    callback_data: CalcCB,
    tx: Texts,
    callback_answer: CallbackAnswer,
) -> None:
    """A button of the step-by-step message: variant, players, hussar's mountain, default
    names, back, close."""
    sheet = read_form(msg.text or "")
    if sheet is None:
        raise PulkaError("calc_stale")
    op, arg = callback_data.op, callback_data.arg
    if op == "x":
        await _close(msg, tx, sheet, done=False)
        return
    new = sheet
    if op == "bk":
        complete = [i for i, x in enumerate(sheet.lines) if x.complete]
        new = clear_line(sheet, complete[-1]) if complete else replace(sheet, lines=())
    elif sheet.lines:  # the variant and the table are chosen before the names
        callback_answer.text = tx("calc_stale")
        return
    elif op == "va" and arg in VARIANTS:
        new = replace(sheet, variant=arg)
    elif op == "np" and arg in {str(n) for n in TABLE_SIZES}:
        new = with_size(sheet, int(arg))
    elif op == "hm" and arg in {m.value for m in HussarMountain} and sheet.size == 2:
        kept = tuple((k, v) for k, v in sheet.conventions if k != "hussar_mountain")
        new = replace(sheet, conventions=(*kept, ("hussar_mountain", arg)))
    elif op == "ab":
        new = parse_names(" ".join(default_names(tx, sheet.size)), sheet)
    if new != sheet:  # the same choice tapped again changes nothing (and is not edited)
        await _edit(msg, tx, new)


async def _edit(msg: Message, tx: Texts, sheet: PaperSheet) -> None:
    await delivery.edit_or_answer(msg, step_text(tx, sheet), step_keyboard(tx, sheet))


async def _close(msg: Message, tx: Texts, sheet: PaperSheet, *, done: bool) -> None:
    try:
        last = tx("calc_done" if done else "calc_closed")
        await msg.edit_text(step_text(tx, sheet, last), reply_markup=None)
    except TelegramRetryAfter:
        raise
    except TelegramAPIError as e:  # the settlement is sent anyway
        log.info("the /calc message %s not closed: %s", msg.message_id, e)


def router() -> Router:
    """Before ``private``, which takes every other private message."""
    r = Router(name="calc")
    r.message.register(calc, Command("calc"), flags={"refusal": calc_refusal})
    r.message.register(
        calc_typed,
        OnLoop(F.text & F.reply_to_message & ~F.text.startswith("/")),
        calc_reply,
        flags={"refusal": step_refusal},
    )
    r.callback_query.register(
        calc_button, CalcCB.filter(), on_keyboard, flags={"refusal": calc_refusal}
    )
    return r
