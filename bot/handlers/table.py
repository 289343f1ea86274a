"""Starting a pulka and seating: /newpulka, /join, /players, /rules, /score, /history, /lang."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message, User

from scoring import InvalidRules

from ..parsing import ParseError, parse_newpulka, valid_name
from ..service import PulkaError, PulkaService
from ..texts import LANGS, Texts
from ..views import (
    history_chunks,
    name,
    num,
    parse_error_text,
    players_text,
    rules_text,
    score_text,
    variant_name,
)
from .common import GROUP_TYPES, answer_chunks, author_of, may_write, place, source


def candidate_names(user: User) -> list[str]:
    """Names to seat a Telegram user under, best first (one word, unique at the table)."""
    first = (user.first_name or "").split()
    last = (user.last_name or "").split()
    options = []
    if first:
        options.append(first[0])
        if last:
            options.append(first[0] + last[0][:1])
    if user.username:
        options.append(user.username)
    if first:
        options.append(f"{first[0]}{user.id % 1000}")
    options.append(f"Player{user.id % 10000}")
    return [o[:24] for o in options if valid_name(o[:24])]


def router() -> Router:
    r = Router(name="table")
    r.message.filter(F.chat.type.in_(GROUP_TYPES))

    @r.message(Command("newpulka"))
    async def newpulka(message: Message, command: CommandObject, service: PulkaService,
                       tx: Texts) -> None:
        try:
            rules = parse_newpulka(command.args or "").rules()
        except ParseError as e:
            await message.answer(parse_error_text(tx, e, ()))
            return
        except InvalidRules as e:
            await message.answer(tx("bad_rules", reason=name(str(e))) + "\n"
                                 + tx("form_newpulka"))
            return
        chat_id, thread = place(message)
        try:
            written = await service.create(chat_id, thread, rules, author_of(message),
                                           source(message))
        except PulkaError as e:
            await message.answer(tx(e.key, **e.params))
            return
        r_ = written.table.rules
        await message.answer(tx("started", variant=variant_name(tx, r_), target=r_.target,
                                stake=num(r_.stake), currency=name(r_.currency)))

    @r.message(Command("join"))
    async def join(message: Message, command: CommandObject, service: PulkaService,
                   tx: Texts) -> None:
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
    async def score(message: Message, service: PulkaService, tx: Texts) -> None:
        table = await service.active(*place(message))
        await message.answer(tx("no_pulka") if table is None else score_text(tx, table))

    @r.message(Command("history"))
    async def history(message: Message, service: PulkaService, tx: Texts) -> None:
        table = await service.active(*place(message))
        if table is None:
            await message.answer(tx("no_pulka"))
            return
        await answer_chunks(message, history_chunks(tx, table))

    @r.message(Command("lang"))
    async def lang(message: Message, command: CommandObject, service: PulkaService,
                   bot: Bot, tx: Texts) -> None:
        choice = (command.args or "").strip().lower()
        if choice not in LANGS:
            await message.answer(tx("lang_usage"))
            return
        table = await service.active(*place(message))
        if table is not None and not await may_write(bot, table, message.chat,
                                                     message.from_user, message.sender_chat):
            await message.answer(tx("not_allowed"))
            return
        await service.set_lang(message.chat.id, choice)
        await message.answer(Texts(choice)("lang_set"))

    return r
