"""The end of a pulka: /settle, ending by agreement (and /undo of it), "Settle", "Same table
again", "Export", /export and /import."""

from __future__ import annotations

import io
import json
import logging
import re
from contextlib import suppress
from typing import Any

import aiohttp
from aiogram import Bot, Router
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject
from aiogram.types import BufferedInputFile, CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import archive, ending, rating, seating
from bot.actions.keeper import Keeper
from bot.features.ending.view import (
    again_text,
    agree_note,
    agreed_text,
    alone_keyboard,
    alone_text,
    import_error_text,
    imported_text,
    offer_closed_text,
    offer_text,
    settled_keyboard,
    settled_text,
)
from bot.model import Author, EventKind, PulkaError, Source, Table, Written, shown_settlement
from bot.telegram import delivery
from bot.telegram.context import (
    IN_GROUP,
    Members,
    author_of,
    author_of_user,
    may_change,
    need_players,
    on_keyboard,
    place,
    pulka_of_button,
    pulka_of_press,
    source,
)
from bot.telegram.delivery import Boards
from bot.telegram.sheets import SheetKind, Sheets
from bot.views.board import over_kind
from bot.views.buttons import (
    AgainCB,
    AloneCB,
    EndCB,
    ExportCB,
    ReopenCB,
    SettleCB,
    end_keyboard,
    reopen_keyboard,
    with_sheet_link,
)
from bot.views.format import name
from bot.views.rating import settled_note
from bot.views.texts import Texts
from scoring import ScoringError
from scoring.ending import Verdict
from scoring.jsonread import parse_json
from scoring.record import record_json

log = logging.getLogger(__name__)

#: The largest record file /import reads.
MAX_IMPORT_BYTES = 1_000_000
#: ``/export N``: pulka N of ``/pulkas`` (ASCII digits only: ``str.isdigit`` takes ``²``).
_EXPORT_NUMBER = re.compile(r"\s*#?№?\s*([0-9]{1,9})\s*")


async def final_sheet(target: Message, tx: Texts, table: Table, sheets: Sheets) -> None:
    """The sheet of an ended pulka with its stored settlement written in (never scored again),
    titled settled only once it is."""
    settlement = shown_settlement(table)
    if table.state is not None and settlement is not None:
        await sheets.send(target, tx, table, settlement, kind=over_kind(table))


async def _settled(
    target: Message, tx: Texts, bot: Bot, boards: Boards, sheets: Sheets, written: Written
) -> None:
    """Tell a settlement and refresh the board; the final sheet only when this write ended the
    pulka too (an end by agreement sent it already)."""
    table = written.table
    ratings = await rating.shown(boards.keeper, table.row.chat_id)
    text = settled_text(tx, table) + settled_note(tx, ratings, table)
    keyboard = with_sheet_link(tx, table, settled_keyboard(tx, table), boards.sheet)
    await delivery.answer(target, text, keyboard)
    await boards.refresh(bot, tx, table)
    if written.event is not None and written.event.kind == EventKind.END:
        await final_sheet(target, tx, table, sheets)


async def settle_or_offer(
    target: Message,
    tx: Texts,
    table: Table,
    keeper: Keeper,
    sheets: Sheets,
    author: Author,
    src: Source | None,
) -> Written | None:
    """``/settle`` and the board's "Settle" / "End": a pulka that is over (at its target, or
    ended by agreement) is settled and locked; a running one shows what it would settle
    at now, with "End by agreement" (None)."""
    if table.state is None:
        raise need_players(table)
    if table.active and not table.deals:
        raise PulkaError("settle_no_deals")
    if table.active and not table.can_settle:
        now = ending.agreement(table)
        await target.answer(offer_text(tx, table, now), reply_markup=end_keyboard(tx, table))
        await sheets.send(target, tx, table, now.settlement, kind=SheetKind.NOW)
        return None
    return await ending.settle(keeper, table.id, author, src)


async def settle(
    message: Message,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    sheets: Sheets,
    members: Members,
) -> None:
    """``/settle``: :func:`settle_or_offer` of the pulka here."""
    table = await keeper.active(*place(message))
    if table is None:
        # A repeated /settle after the pulka was archived answers the same again.
        found = await keeper.written_by(source(message))
        if found is not None and found[0].state is not None:
            table, event = found
            await _settled(message, tx, bot, boards, sheets, Written(table, True, event.id, event))
            return
        # Nothing runs here: the last pulka over is settled now if it ended by agreement.
        table, _running = await archive.last_over(keeper, *place(message))
        if table is not None and table.settled and not table.cancelled:
            numbers = await archive.numbers(keeper, table.row.chat_id, [table.row.thread_id])
            if table.id in numbers:  # settled already: where to see it, or start anew
                raise PulkaError("settle_done_here", number=numbers[table.id])
        if table is None or not table.can_settle:
            raise PulkaError("no_pulka")
    await may_change(message, table, bot, members)
    written = await settle_or_offer(
        message, tx, table, keeper, sheets, author_of(message), source(message)
    )
    if written is not None:
        await _settled(message, tx, bot, boards, sheets, written)


async def end_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: EndCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    sheets: Sheets,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "End by agreement": a seated player agrees to stop at the offer's stop point (an
    administrator of the chat too); an administrator who does not play is asked to
    confirm ending it alone."""
    table = await pulka_of_press(query, msg, callback_data.pulka, keeper, bot, members)
    admin = await members.is_admin(bot, msg.chat.id, query.from_user.id)
    src = Source(msg.chat.id, msg.message_id)
    tapped = await _agree(msg, keeper, table, callback_data.last, query, src, admin=admin)
    if tapped.verdict is Verdict.CONFIRM:
        callback_answer.text = tx("agree_alone_popup")
        asked = tapped.written.table  # as the tap found it: at the offer's stop point
        await delivery.answer(msg, alone_text(tx, asked), alone_keyboard(tx, asked, src.message_id))
        return
    table = tapped.written.table
    now = ending.agreement(table)
    if not table.active:
        # Ended (a tap delivered again answers the same).
        callback_answer.text = tx("done")
        await _ended(msg, tx, bot, boards, sheets, table, now)
        return
    callback_answer.text = agree_note(tx, now, again=tapped.written.event is None)
    if tapped.written.event is not None:  # who has agreed, shown on the offer
        await delivery.edit_or_answer(msg, offer_text(tx, table, now), end_keyboard(tx, table))


async def alone_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: AloneCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    sheets: Sheets,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "End for everyone" / "Do not end": an administrator who does not play confirms
    ending the pulka alone (its offer's button goes), or does not."""
    cb = callback_data
    table = await pulka_of_press(query, msg, cb.pulka, keeper, bot, members)
    if not cb.yes:
        still = table.active and table.stop_point == cb.last
        await delivery.edit_or_answer(msg, tx("agree_alone_kept" if still else "stale"))
        return
    if table.is_player(query.from_user.id):  # his vote is on the offer
        raise PulkaError("agree_alone_seated")
    admin = await members.is_admin(bot, msg.chat.id, query.from_user.id)
    src = Source(msg.chat.id, msg.message_id)
    tapped = await _agree(msg, keeper, table, cb.last, query, src, admin=admin, confirmed=True)
    table = tapped.written.table
    if table.active:  # seated meanwhile: his tap was a vote
        callback_answer.text = agree_note(
            tx, ending.agreement(table), again=tapped.written.duplicate
        )
        return
    callback_answer.text = tx("done")
    # The offer's count of who agreed is over: it says who ended it instead.
    with suppress(TelegramAPIError):
        await bot.edit_message_text(
            offer_closed_text(tx, table), chat_id=msg.chat.id, message_id=cb.offer
        )
    await _ended(msg, tx, bot, boards, sheets, table, ending.agreement(table), (cb.offer,))


async def _agree(
    msg: Message,
    keeper: Keeper,
    table: Table,
    stop: int,
    query: CallbackQuery,
    src: Source,
    *,
    admin: bool,
    confirmed: bool = False,
) -> ending.Tapped:
    """:func:`bot.actions.ending.agree`; an offer out of date loses its button."""
    author = author_of_user(query.from_user)
    try:
        return await ending.agree(
            keeper, table.id, stop, author, src, admin=admin, confirmed=confirmed
        )
    except PulkaError as e:
        if e.key == "stale":  # the offer is out of date: its button goes
            with suppress(TelegramAPIError):
                await msg.edit_reply_markup(reply_markup=None)
        raise


async def _ended(
    msg: Message,
    tx: Texts,
    bot: Bot,
    boards: Boards,
    sheets: Sheets,
    table: Table,
    now: ending.Agreement,
    closed: tuple[int, ...] = (),
) -> None:
    """A pulka ended by agreement: ``msg`` says so, the board and the sheet follow; the
    other offers tapped at the same point (but ``closed``, told already) say where the
    end was agreed."""
    await delivery.edit_or_answer(msg, agreed_text(tx, table, now.settlement))
    end = table.end_event
    if end is not None:
        told = (msg.message_id, *closed)
        others = [m for m in table.offers_at(int(end.payload.get("last", -1))) if m not in told]
        await delivery.void_offers(bot, msg.chat.id, others, tx("agree_ended_elsewhere"))
    await boards.refresh(bot, tx, table)
    await final_sheet(msg, tx, table, sheets)


async def settle_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: SettleCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    sheets: Sheets,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Settle" on a closed board, "End" on a running one: as ``/settle``
    (:func:`settle_or_offer`); the offer is not sent twice in a row."""
    table = await pulka_of_press(query, msg, callback_data.pulka, keeper, bot, members)
    if table.playable and sheets.pressed_lately(("offer", table.id, table.stop_point)):
        callback_answer.text = tx("offer_sent")
        return
    author = author_of_user(query.from_user)
    written = await settle_or_offer(msg, tx, table, keeper, sheets, author, None)
    if written is None:  # the offer to stop now, sent
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
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Same table again": a new pulka, same players and rules, the next dealer first.

    Its source is this message's id negated (the message may be the settled pulka's own
    source): a second tap finds the pulka the first one started.
    """
    table = await pulka_of_press(query, msg, callback_data.pulka, keeper, bot, members)
    author = author_of_user(query.from_user)
    written = await seating.again(keeper, table.id, author, Source(msg.chat.id, -msg.message_id))
    new = written.table
    if written.duplicate:
        # His own tap again (delivered again after a restart): what it did; another's: done.
        mine = new.row.created_by == query.from_user.id
        callback_answer.text = again_text(tx, new) if mine else tx("again_already")
        await boards.refresh(bot, tx, new)  # the board, if the first tap could not send it
        return
    callback_answer.text = tx("done")
    # The new pulka's board is the one message saying it started: a failed send is
    # raised, and the error router tells what was written (:func:`again_told`).
    text, keyboard, shown = boards.render(tx, new)
    sent = await delivery.answer(msg, text, keyboard)
    await boards.adopt(bot, tx, new, sent, shown)


def again_told(tx: Texts, written: Written) -> str:
    """What "Same table again" wrote, for an answer lost after it committed."""
    return again_text(tx, written.table)


async def send_export(target: Message, tx: Texts, table: Table) -> None:
    """The pulka as a ``pulka/1`` record file, next to ``target``."""
    data = record_json(table.names, table.rules, table.record_deals())
    body = json.dumps(data, ensure_ascii=False, indent=2).encode("utf-8")
    await target.answer_document(
        BufferedInputFile(body, filename=f"pulka-{table.id}.json"),
        caption=tx("export_caption"),
    )


async def export(message: Message, command: CommandObject, keeper: Keeper, tx: Texts) -> None:
    """``/export``: the running pulka as a ``pulka/1`` record file, else the last one
    over here (as its "Export" button sends it); ``/export N``: pulka N of ``/pulkas``."""
    await send_export(message, tx, await _exported(message, command.args, keeper))


async def _exported(message: Message, args: str | None, keeper: Keeper) -> Table:
    """The pulka ``/export`` means: pulka N of the archive, else the running one, else the
    last one over."""
    if args and args.strip():
        found = _EXPORT_NUMBER.fullmatch(args)
        if found is None:
            raise PulkaError("export_usage")
        numbered = await archive.numbered(keeper, *place(message), int(found[1]))
        if numbered is None:
            raise PulkaError("archive_missing", number=int(found[1]))
        return numbered[1]
    running = await keeper.active(*place(message))
    if running is not None:
        return running
    over, _ = await archive.last_over(keeper, *place(message))
    if over is None:
        raise PulkaError("export_none")
    return over


async def export_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: ExportCB,
    keeper: Keeper,
    tx: Texts,
    sheets: Sheets,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Export" under a settled or archived pulka: anyone may; a repeat soon is not resent."""
    table = await pulka_of_button(keeper, callback_data.pulka, msg)
    if sheets.pressed_lately(("export", table.id, msg.message_id)):
        callback_answer.text = tx("export_sent")
        return
    await send_export(msg, tx, table)


async def undo_end(
    message: Message, keeper: Keeper, bot: Bot, tx: Texts, boards: Boards, members: Members
) -> None:
    """``/undo`` right after an end by agreement takes the end back (until it is settled);
    anything else skips to ``/undo`` of a deal (``features/fixes``)."""
    found = await keeper.written_by(source(message))
    if found is not None and found[1].kind == EventKind.REOPEN:  # delivered again
        await delivery.answer(message, tx("reopen_done", who=name(found[0].author(found[1]))))
        await boards.refresh(bot, tx, found[0])
        return
    running = await keeper.active(*place(message))
    over, _ = await archive.last_over(keeper, *place(message))
    if over is None or (running is not None and running.deals):
        raise SkipHandler
    if not (over.ended_by_agreement or (over.settled and running is None)):
        raise SkipHandler
    if over.settled or running is not None:  # too late, whoever asks
        raise PulkaError("reopen_settled" if over.settled else "reopen_busy")
    await may_change(message, over, bot, members)
    # Asked first, as the undo of a deal is: a second /undo at 2 a.m., meant for the
    # last deal, must not reopen a pulka the table agreed to end.
    end = over.end_event
    assert end is not None  # ended by agreement
    await delivery.answer(
        message, tx("reopen_ask", number=over.dealt), reopen_keyboard(tx, over, end.id)
    )


async def reopen_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: ReopenCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Yes, back to the game" takes the end back (if it still stands); "No" keeps it."""
    cb = callback_data
    over = await pulka_of_press(query, msg, cb.pulka, keeper, bot, members)
    if not cb.yes:
        await msg.edit_text(tx("reopen_kept"), reply_markup=None)
        return
    try:
        written = await ending.reopen(
            keeper, over.id, cb.end, author_of_user(query.from_user), source(msg)
        )
    except PulkaError:
        # The question no longer stands: it says so, not only the presser's alert.
        await delivery.edit_or_answer(msg, tx("stale"))
        raise
    assert written.event is not None
    # A press delivered again answers with who took the end back the first time.
    who = written.table.author(written.event) or "?"
    callback_answer.text = tx("done")
    await delivery.edit_or_answer(msg, tx("reopen_done", who=name(who)))
    await boards.refresh(bot, tx, written.table)


async def _record(message: Message, command: CommandObject, bot: Bot) -> bytes | str:
    """The record: a document here or replied to, or JSON after /import or replied to."""
    for m in (message, message.reply_to_message):
        if m is not None and m.document is not None:
            if (m.document.file_size or 0) > MAX_IMPORT_BYTES:
                raise PulkaError("import_too_big")
            buffer = io.BytesIO()
            try:
                await bot.download(m.document, destination=buffer)
            except (TelegramAPIError, aiohttp.ClientError, TimeoutError) as e:
                # Gone from Telegram's servers, or not handed out: nothing was read.
                log.info("record file not fetched: %s", e)
                raise PulkaError("import_unfetched") from e
            if len(buffer.getbuffer()) > MAX_IMPORT_BYTES:  # its size was not told
                raise PulkaError("import_too_big")
            return buffer.getvalue()
    if command.args and command.args.strip():
        return command.args
    reply = message.reply_to_message
    if reply is not None and reply.text and reply.text.strip().startswith("{"):
        return reply.text.strip()
    raise PulkaError("import_usage")


def import_told(tx: Texts, written: Written) -> str:
    """What an import wrote, for an answer lost after it committed."""
    return imported_text(tx, written.table)


def import_refusal(tx: Texts, err: Exception, data: dict[str, Any]) -> str | None:
    """A record refused: not JSON at all, or JSON that is no record."""
    return import_error_text(tx, err) if isinstance(err, ScoringError) else None


async def import_(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/import``: start a pulka from a record (a file, or JSON after the command)."""
    data: Any = parse_json(await _record(message, command, bot))
    chat_id, thread = place(message)
    written = await archive.import_record(
        keeper, chat_id, thread, data, author_of(message), source(message), lang=tx.lang
    )
    sent = await delivery.answer(message, imported_text(tx, written.table))
    if not written.duplicate:
        # The answer becomes the scoreboard; it turns into one at the next change.
        await boards.adopt(bot, tx, written.table, sent, now=False)


def router() -> Router:
    r = Router(name="settle")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (features/system)
    r.message.register(settle, Command("settle"))
    r.message.register(undo_end, Command("undo"))  # skips to features/fixes but after an end
    r.callback_query.register(reopen_press, ReopenCB.filter())
    r.callback_query.register(end_press, EndCB.filter())
    r.callback_query.register(alone_press, AloneCB.filter())
    r.callback_query.register(settle_press, SettleCB.filter())
    r.callback_query.register(again_press, AgainCB.filter(), flags={"committed": again_told})
    r.callback_query.register(export_press, ExportCB.filter())
    r.message.register(export, Command("export"))
    r.message.register(
        import_,
        Command("import"),
        flags={"refusal": import_refusal, "committed": import_told},
    )
    return r
