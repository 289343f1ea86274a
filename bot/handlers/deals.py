"""Writing deals: /deal, and /undo with its confirmation buttons."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from scoring import ScoringError

from ..callbacks import UndoCB
from ..parsing import ParseError, parse_deal
from ..service import PulkaError, PulkaService
from ..storage import Source
from ..texts import Texts
from ..views import deal_answer, declarer_prefix, name, notation, parse_error_text
from .common import GROUP_TYPES, author_of, author_of_user, display_name, may_write, place, source


def router() -> Router:
    r = Router(name="deals")
    r.message.filter(F.chat.type.in_(GROUP_TYPES))

    @r.message(Command("deal"))
    async def deal(message: Message, command: CommandObject, service: PulkaService,
                   bot: Bot, tx: Texts) -> None:
        table = await service.active(*place(message))
        if table is None:
            await message.answer(tx("no_pulka"))
            return
        if not await may_write(bot, table, message.chat, message.from_user,
                               message.sender_chat):
            await message.answer(tx("not_allowed"))
            return
        if table.state is None:
            await message.answer(tx("need_players", count=len(table.players)))
            return
        try:
            parsed = parse_deal(command.args or "", table.players)
        except ParseError as e:
            await message.answer(parse_error_text(tx, e, table.names))
            return
        try:
            written = await service.write_deal(table.id, parsed, author_of(message),
                                               source(message))
        except ScoringError as e:
            await message.answer(tx("deal_rejected", reason=name(e.message)) + "\n"
                                 + tx("nothing_recorded"))
            return
        except PulkaError as e:
            await message.answer(tx(e.key, **e.params))
            return
        after = written.table
        live = after.deal_by_event(written.event_id)
        if live is None:  # a repeated command whose deal was undone since
            await message.answer(tx("deal_repeat", number="—"))
            return
        await message.answer(deal_answer(tx, after, live, repeat=written.duplicate))

    @r.message(Command("undo"))
    async def undo(message: Message, service: PulkaService, bot: Bot, tx: Texts) -> None:
        table = await service.active(*place(message))
        if table is None:
            await message.answer(tx("no_pulka"))
            return
        if not await may_write(bot, table, message.chat, message.from_user,
                               message.sender_chat):
            await message.answer(tx("not_allowed"))
            return
        if not table.deals:
            await message.answer(tx("undo_nothing"))
            return
        last = table.deals[-1]
        text = tx("undo_confirm", number=last.number,
                  notation=declarer_prefix(last.deal) + notation(tx, last.deal, table.names))
        keyboard = InlineKeyboardMarkup(inline_keyboard=[[
            InlineKeyboardButton(text=tx("undo_yes"), callback_data=UndoCB(
                pulka=table.id, event=last.event.id, yes=1).pack()),
            InlineKeyboardButton(text=tx("undo_no"), callback_data=UndoCB(
                pulka=table.id, event=last.event.id, yes=0).pack()),
        ]])
        await message.answer(text, reply_markup=keyboard)

    @r.callback_query(UndoCB.filter())
    async def undo_press(query: CallbackQuery, callback_data: UndoCB, service: PulkaService,
                         bot: Bot, tx: Texts) -> None:
        msg = query.message
        table = await service.get(callback_data.pulka)
        if not isinstance(msg, Message) or table is None or table.row.chat_id != msg.chat.id:
            await query.answer(tx("stale"), show_alert=True)
            return
        if not await may_write(bot, table, msg.chat, query.from_user):
            await query.answer(tx("not_allowed"), show_alert=True)
            return
        target = table.deal_by_event(callback_data.event)
        if not callback_data.yes:
            await query.answer()
            number = target.number if target else "—"
            await msg.edit_text(tx("undo_kept", number=number), reply_markup=None)
            return
        try:
            written = await service.undo(table.id, callback_data.event,
                                         author_of_user(query.from_user), Source(msg.chat.id,
                                                                        msg.message_id))
        except PulkaError as e:
            await query.answer(tx(e.key), show_alert=True)
            await msg.edit_text(tx("stale"), reply_markup=None)
            return
        # ``target`` is None when the press was repeated: the deal is gone already.
        del written
        number = target.number if target else "—"
        shown = (declarer_prefix(target.deal) + notation(tx, target.deal, table.names)
                 if target else "")
        await query.answer(tx("done"))
        await msg.edit_text(tx("undo_done", number=number, notation=shown,
                               who=name(display_name(query.from_user))), reply_markup=None)

    return r

