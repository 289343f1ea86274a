"""Buttons of a running pulka: "New deal", the deal wizard, "Undo", "Sit down".

Every press is checked as if hostile: the payload must parse, belong to a pulka
of this chat, come from one of its players or a chat administrator, and
describe a state the table can be in now; anything else is answered "out of
date" and changes nothing.  The callback guard (``bot.telegram.middlewares``) has
already refused payloads that are not on the message's keyboard, and answers
every query exactly once with the ``note`` set here.
"""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.types import CallbackQuery, Message

from bot.service import LiveDeal, PulkaError, PulkaService, Table
from bot.store.db import DEAL, EventRow, Source
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.telegram.callbacks import (
    CANCEL,
    SHOW,
    WRITE,
    BadCallback,
    NewDealCB,
    SitCB,
    UndoAskCB,
    WizardData,
)
from bot.telegram.handlers.common import (
    author_of_user,
    candidate_names,
    display_name,
    pulka_of_button,
    pulka_to_change_by_press,
)
from bot.telegram.middlewares import CallbackNote
from bot.views.chat import deal_answer, declarer_prefix, error_text, name, notation, standings_lines
from bot.views.keyboards import deal_keyboard, screen_markup, undo_keyboard
from bot.views.texts import Texts
from bot.views.wizard import screen
from scoring import ScoringError


def written_text(tx: Texts, table: Table, live: LiveDeal, who: str) -> str:
    """A deal written by the wizard: what it wrote, its cost, the standings now."""
    lines = [deal_answer(tx, table, live), tx("wiz_entered", who=name(who)), ""]
    lines.extend(standings_lines(tx, table))
    return "\n".join(lines)


async def send_wizard(target: Message, tx: Texts, table: Table) -> Message | None:
    """Open a deal wizard for ``table`` as a new message next to ``target``."""
    first = screen(tx, table, WizardData(pulka=table.id, last=table.last_event_id))
    return await target.answer(first.text, reply_markup=screen_markup(first))


async def _written_again(msg: Message, tx: Texts, note: CallbackNote, boards: Boards, bot: Bot,
                         table: Table, event: EventRow, who: str) -> None:
    """A "Write it" press that wrote already: the wizard and the board show the deal."""
    live = table.deal_by_event(event.id) if event.kind == DEAL else None
    if live is None:
        note(tx("stale"), alert=True)
        return
    note(tx("note_written", number=live.number))
    await delivery.edit_or_answer(msg, written_text(tx, table, live, who),
                                  deal_keyboard(tx, table, live))
    await boards.refresh(bot, tx, table)


def undo_prompt(tx: Texts, table: Table) -> str:
    last = table.deals[-1]
    return tx("undo_confirm", number=last.number,
              notation=declarer_prefix(last.deal) + notation(tx, last.deal, table.names))


def router() -> Router:
    r = Router(name="wizard")

    @r.callback_query(NewDealCB.filter())
    async def new_deal(query: CallbackQuery, callback_data: NewDealCB, service: PulkaService,
                       bot: Bot, tx: Texts, note: CallbackNote) -> None:
        msg = query.message
        assert isinstance(msg, Message)  # the guard let only keyboard presses through
        table = await pulka_to_change_by_press(query, msg, callback_data.pulka, service, bot,
                                               tx, note, running=True)
        if table is None:
            return
        if table.state is None:
            note(tx("need_players", count=len(table.players)), alert=True)
            return
        if table.state.finished:
            note(tx("note_finished"), alert=True)
            return
        await send_wizard(msg, tx, table)

    @r.callback_query(F.data.startswith("v1w:"))
    async def wizard_press(query: CallbackQuery, service: PulkaService, bot: Bot, tx: Texts,
                           note: CallbackNote, boards: Boards) -> None:
        msg = query.message
        assert isinstance(msg, Message) and query.data is not None
        try:
            w = WizardData.unpack(query.data)
        except BadCallback:
            note(tx("stale"), alert=True)
            return
        table = await pulka_to_change_by_press(query, msg, w.pulka, service, bot, tx, note)
        if table is None:
            return
        if w.op == WRITE:
            # A press delivered again (the bot was stopped after writing, before it
            # answered) is the same press: answered with what it wrote, before any
            # check of the table, which has moved on since.
            found = await service.written_by(Source(msg.chat.id, msg.message_id))
            if found is not None:
                table, event = found
                if event.author_id != query.from_user.id:
                    # Someone else's press at the same moment: it wrote nothing.
                    note(tx("stale"), alert=True)
                    return
                await _written_again(msg, tx, note, boards, bot, table, event,
                                     display_name(query.from_user))
                return
        if w.op == CANCEL:
            await msg.edit_text(tx("wiz_cancelled", who=name(display_name(query.from_user))),
                                reply_markup=None)
            return
        try:
            shown = screen(tx, table, w)
        except PulkaError:
            note(tx("stale"), alert=True)
            return
        if w.op == SHOW:
            await msg.edit_text(shown.text, reply_markup=screen_markup(shown))
            return
        assert shown.deal is not None
        try:
            # The staleness token is checked again inside the write transaction, and
            # the wizard message is the deal's source: of two "Write it" presses only
            # the first writes.
            written = await service.write_deal(
                table.id, shown.deal, author_of_user(query.from_user),
                Source(msg.chat.id, msg.message_id), expect_last=w.last)
        except PulkaError as e:
            note(tx(e.key, **e.params), alert=True)
            return
        except ScoringError as e:
            note(tx("deal_rejected", reason=error_text(tx, e, html=False)), alert=True)
            return
        live = written.table.deal_by_event(written.event_id)
        if live is None:  # written, and undone since (a press delivered again)
            note(tx("stale"), alert=True)
            return
        after = written.table
        # The answer before the board: the presser sees the wizard turn into the deal.
        note(tx("note_written", number=live.number))
        await delivery.edit_or_answer(
            msg, written_text(tx, after, live, display_name(query.from_user)),
            deal_keyboard(tx, after, live))
        await boards.refresh(bot, tx, after)

    @r.callback_query(UndoAskCB.filter())
    async def undo_ask(query: CallbackQuery, callback_data: UndoAskCB, service: PulkaService,
                       bot: Bot, tx: Texts, note: CallbackNote) -> None:
        msg = query.message
        assert isinstance(msg, Message)
        table = await pulka_to_change_by_press(query, msg, callback_data.pulka, service, bot,
                                               tx, note, running=True)
        if table is None:
            return
        if not table.deals or table.deals[-1].event.id != callback_data.event:
            note(tx("stale"), alert=True)
            return
        await msg.answer(undo_prompt(tx, table),
                         reply_markup=undo_keyboard(tx, table, table.deals[-1]))

    @r.callback_query(SitCB.filter())
    async def sit_down(query: CallbackQuery, callback_data: SitCB, service: PulkaService,
                       bot: Bot, tx: Texts, note: CallbackNote, boards: Boards) -> None:
        msg = query.message
        assert isinstance(msg, Message)
        table = await pulka_of_button(service, callback_data.pulka, msg)
        if table is None or not table.active:
            note(tx("stale"), alert=True)
            return
        user = query.from_user
        try:
            written = await service.join(
                table.row.chat_id, table.row.thread_id, candidate_names(user), user.id,
                user.username, author_of_user(user), None, pulka_id=table.id)
        except PulkaError as e:
            note(tx(e.key, **{k: str(v) for k, v in e.params.items()}), alert=True)
            return
        seated = next(p for p in written.table.players if p.user_id == user.id)
        await boards.refresh(bot, tx, written.table)
        note(tx("note_seated", name=seated.name, seat=seated.seat + 1))

    return r
