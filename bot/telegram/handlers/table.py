"""Starting a pulka and seating: /newpulka, /join, /players, /rules, /score, /history, /lang.

``/newpulka`` with arguments answers with the pulka's scoreboard; without
arguments it opens the settings message (``handlers/setup.py``).  ``/score``
sends the picture of the sheet (``/score text``: the text table); the "📷 Sheet"
button of the scoreboard and of the text table sends the picture too.
"""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.input.parsing import TEXT_WORDS, ParseError, parse_newpulka, valid_name
from bot.service import PulkaError, PulkaService, Table
from bot.telegram.boards import Boards
from bot.telegram.callbacks import SheetCB
from bot.telegram.handlers.common import (
    GROUP_TYPES,
    answer_chunks,
    author_of,
    candidate_names,
    may_change,
    place,
    pulka_here,
    pulka_of_button,
    source,
)
from bot.telegram.handlers.setup import open_settings
from bot.telegram.middlewares import CallbackNote
from bot.telegram.sheets import FINAL, LIVE, Sheets
from bot.views.chat import (
    error_text,
    history_chunks,
    lang_usage,
    name,
    parse_error_text,
    players_text,
    rules_text,
    score_text,
)
from bot.views.keyboards import sheet_keyboard
from bot.views.texts import LANGS, Texts
from scoring import InvalidRules, settle_state


def router() -> Router:
    r = Router(name="table")
    r.message.filter(F.chat.type.in_(GROUP_TYPES))

    @r.message(Command("newpulka"))
    async def newpulka(message: Message, command: CommandObject, service: PulkaService,
                       bot: Bot, tx: Texts, boards: Boards) -> None:
        chat_id, thread = place(message)
        if not (command.args or "").strip():
            if await service.active(chat_id, thread) is not None:
                await message.answer(tx("busy"))
                return
            await open_settings(message, service, tx, thread)
            return
        try:
            rules = parse_newpulka(command.args or "").rules()
        except ParseError as e:
            await message.answer(parse_error_text(tx, e, ()))
            return
        except InvalidRules as e:
            await message.answer(tx("bad_rules", reason=error_text(tx, e, path=True)) + "\n"
                                 + tx("form_newpulka"))
            return
        try:
            written = await service.create(chat_id, thread, rules, author_of(message),
                                           source(message), lang=tx.lang)
        except PulkaError as e:
            await message.answer(tx(e.key, **e.params))
            return
        # The answer is the pulka's scoreboard: it is edited as players sit down
        # and deals are written.
        text, keyboard, shown = boards.render(tx, written.table)
        sent = await message.answer(text, reply_markup=keyboard)
        if not written.duplicate:
            await boards.adopt(bot, tx, written.table, sent, shown)

    @r.message(Command("join"))
    async def join(message: Message, command: CommandObject, service: PulkaService,
                   bot: Bot, tx: Texts, boards: Boards) -> None:
        chat_id, thread = place(message)
        guest = (command.args or "").strip()
        user = message.from_user
        if guest:
            if not valid_name(guest):
                await message.answer(tx("bad_name"))
                return
            names, user_id, username = [guest], None, None
        elif user is None or message.sender_chat is not None:
            await message.answer(tx("bad_name"))
            return
        else:
            names, user_id, username = candidate_names(user), user.id, user.username
        try:
            written = await service.join(chat_id, thread, names, user_id, username,
                                         author_of(message), source(message))
        except PulkaError as e:
            await message.answer(tx(e.key, **{k: name(str(v)) for k, v in e.params.items()}))
            return
        table = written.table
        await boards.refresh(bot, tx, table)
        seated = table.players[-1]
        if user_id is not None:
            seated = next((p for p in table.players if p.user_id == user_id), seated)
        elif guest:
            seated = next((p for p in table.players if p.name.casefold() == guest.casefold()),
                          seated)
        lines = [tx("joined", name=name(seated.name), seat=seated.seat + 1),
                 players_text(tx, table)]
        if table.state is not None and not table.deals:
            lines.append(tx("join_ready", dealer=name(table.names[table.state.next_dealer])))
        await message.answer("\n\n".join(lines))

    @r.message(Command("help", "start"))
    async def help_(message: Message, tx: Texts) -> None:
        await message.answer(tx("help"))

    @r.message(Command("players"))
    async def players(message: Message, service: PulkaService, tx: Texts) -> None:
        table = await service.active(*place(message))
        await message.answer(tx("no_pulka") if table is None else players_text(tx, table))

    @r.message(Command("rules"))
    async def rules(message: Message, service: PulkaService, tx: Texts) -> None:
        table = await service.active(*place(message))
        await message.answer(tx("no_pulka") if table is None else rules_text(tx, table.rules))

    @r.message(Command("score"))
    async def score(message: Message, command: CommandObject, service: PulkaService,
                    tx: Texts, sheets: Sheets) -> None:
        table = await pulka_here(message, service, tx)
        if table is None:
            return
        if table.state is None:
            await message.answer(players_text(tx, table))
            return
        if (command.args or "").strip().casefold() in TEXT_WORDS:
            await message.answer(score_text(tx, table), reply_markup=sheet_keyboard(tx, table))
            return
        # One message: the picture, the standings in its caption.
        problem = await sheets.send(message, tx, table, kind=LIVE)
        if problem is not None:
            await message.answer(tx(problem) + "\n\n" + score_text(tx, table))

    @r.callback_query(SheetCB.filter())
    async def sheet_press(query: CallbackQuery, callback_data: SheetCB, service: PulkaService,
                          tx: Texts, sheets: Sheets, note: CallbackNote) -> None:
        """"📷 Sheet": anyone in the chat may look; a press repeated soon is not resent."""
        msg = query.message
        assert isinstance(msg, Message)  # the guard let only keyboard presses through
        table = await pulka_of_button(service, callback_data.pulka, msg)
        if table is None or table.state is None:
            note(tx("stale"), alert=True)
            return
        if sheets.pressed_lately((msg.chat.id, table.id, table.last_event_id, tx.lang)):
            note(tx("sheet_recent"))
            return
        problem = await send_table_sheet(msg, tx, table, sheets)
        if problem is not None:
            await msg.answer(tx(problem) + "\n\n" + score_text(tx, table))

    @r.message(Command("history"))
    async def history(message: Message, service: PulkaService, tx: Texts) -> None:
        table = await pulka_here(message, service, tx)
        if table is None:
            return
        await answer_chunks(message, history_chunks(tx, table))

    @r.message(Command("lang"))
    async def lang(message: Message, command: CommandObject, service: PulkaService,
                   bot: Bot, tx: Texts, boards: Boards) -> None:
        choice = (command.args or "").strip().lower()
        if choice not in LANGS:
            await message.answer(lang_usage(tx))
            return
        table = await service.active(*place(message))
        if table is not None and not await may_change(message, bot, tx, table):
            return
        await service.set_lang(message.chat.id, choice)
        new = Texts(choice)
        await boards.refresh(bot, new, table)  # the scoreboard speaks the new language
        await message.answer(new("lang_set"))

    return r


async def send_table_sheet(target: Message, tx: Texts, table: Table,
                           sheets: Sheets) -> str | None:
    """The sheet of a running pulka, or of an archived one with its settlement written in."""
    if table.active or table.state is None:
        return await sheets.send(target, tx, table, kind=LIVE)
    return await sheets.send(target, tx, table, settle_state(table.state), kind=FINAL)
