"""``/calc``: the paper-sheet calculator, in a group or a private chat; it writes nothing.

``/calc`` alone opens the step-by-step message, which keeps the sheet so far in its own
text (:func:`~bot.features.calc.sheet.read_form`), so it survives a restart of the bot.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError, TelegramRetryAfter
from aiogram.filters import Command
from aiogram.types import BufferedInputFile, CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.features.calc import sheet as paper
from bot.features.calc import view
from bot.features.calc.sheet import PaperSheet
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
    header, lines = paper.split_message(message.text or message.caption or "")
    if not lines:
        sheet = paper.parse_header(header)
        await delivery.answer(message, view.step_text(tx, sheet), view.step_keyboard(tx, sheet))
        return
    sheet = paper.parse_sheet(header, lines)
    await _send(message, tx, paper.settle_paper(sheet, default_currency(tx.lang)))


async def _send(message: Message, tx: Texts, result: paper.Calc) -> None:
    """The settlement with the picture of the settled sheet (the text alone if the
    picture cannot be drawn or sent)."""
    text = view.result_text(tx, result)
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
    fits = len(text) <= view.CAPTION_LIMIT
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
    buttons = [b.callback_data or "" for row in reply.reply_markup.inline_keyboard for b in row]
    ours = any(b.startswith(CalcCB.__prefix__ + ":") for b in buttons)
    text = reply.text or ""
    if not text.startswith(view.MARK) or not ours:
        return False
    sheet = paper.read_form(text)
    return False if sheet is None else {"calc_sheet": sheet}


async def calc_typed(message: Message, calc_sheet: PaperSheet, tx: Texts) -> None:
    """The names, or the next player's figures, typed in reply to the step-by-step message."""
    wizard = message.reply_to_message
    assert wizard is not None  # the filter saw it
    if not calc_sheet.lines:
        sheet = paper.parse_names(message.text or "", calc_sheet)
    else:
        seat = paper.next_line(calc_sheet)
        if seat is None:
            return
        sheet = paper.fill_line(calc_sheet, seat, message.text or "")
    if paper.next_line(sheet) is not None:
        await _edit(wizard, tx, sheet)
        return
    result = paper.settle_paper(sheet, default_currency(tx.lang))
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
    sheet = paper.read_form(msg.text or "")
    if sheet is None:
        raise PulkaError("calc_stale")
    op, arg = callback_data.op, callback_data.arg
    if op == "x":
        await _close(msg, tx, sheet, done=False)
        return
    new = sheet
    if op == "bk":
        complete = [i for i, x in enumerate(sheet.lines) if x.complete]
        new = paper.clear_line(sheet, complete[-1]) if complete else replace(sheet, lines=())
    elif sheet.lines:  # the variant and the table are chosen before the names
        callback_answer.text = tx("calc_stale")
        return
    elif op == "va" and arg in view.VARIANTS:
        new = replace(sheet, variant=arg)
    elif op == "np" and arg in {str(n) for n in TABLE_SIZES}:
        new = paper.with_size(sheet, int(arg))
    elif op == "hm" and arg in {m.value for m in HussarMountain} and sheet.size == 2:
        kept = tuple((k, v) for k, v in sheet.conventions if k != "hussar_mountain")
        new = replace(sheet, conventions=(*kept, ("hussar_mountain", arg)))
    elif op == "ab":
        new = paper.parse_names(" ".join(view.default_names(tx, sheet.size)), sheet)
    if new != sheet:  # the same choice tapped again changes nothing (and is not edited)
        await _edit(msg, tx, new)


async def _edit(msg: Message, tx: Texts, sheet: PaperSheet) -> None:
    await delivery.edit_or_answer(msg, view.step_text(tx, sheet), view.step_keyboard(tx, sheet))


async def _close(msg: Message, tx: Texts, sheet: PaperSheet, *, done: bool) -> None:
    try:
        last = tx("calc_done" if done else "calc_closed")
        await msg.edit_text(view.step_text(tx, sheet, last), reply_markup=None)
    except TelegramRetryAfter:
        raise
    except TelegramAPIError as e:  # the settlement is sent anyway
        log.info("the /calc message %s not closed: %s", msg.message_id, e)


def router() -> Router:
    """Before ``private``, which takes every other private message."""
    r = Router(name="calc")
    r.message.register(calc, Command("calc"), flags={"refusal": view.calc_refusal})
    r.message.register(
        calc_typed,
        OnLoop(F.text & F.reply_to_message & ~F.text.startswith("/")),
        calc_reply,
        flags={"refusal": view.step_refusal},
    )
    r.callback_query.register(
        calc_button, CalcCB.filter(), on_keyboard, flags={"refusal": view.calc_refusal}
    )
    return r
