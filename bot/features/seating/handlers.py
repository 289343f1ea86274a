"""The seating: the greeting, ``/join`` and "Sit down", ``/leave``, ``/seats``, ``/players``,
``/rules``, ``/cancel``, a guest seat claimed by a Telegram user (``/join Аня``), and
``/nick Боря``, another name a player answers to.

All of it happens before the first deal, except a claim: an imported pulka has its deals
already, and its players are guests until they claim their seats.
"""

from __future__ import annotations

import logging

from aiogram import Bot, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import JOIN_TRANSITION, ChatMemberUpdatedFilter, Command, CommandObject
from aiogram.types import CallbackQuery, ChatMemberUpdated, Message, User
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import seating
from bot.actions.keeper import Keeper
from bot.actions.seating import first_dealer, swap_seats
from bot.features.seating.view import (
    claim_view,
    joined_text,
    nicks_text,
    seating_text,
    seats_view,
)
from bot.grammar.deals import fold
from bot.model import PulkaError
from bot.telegram import delivery
from bot.telegram.context import (
    IN_GROUP,
    Members,
    author_of,
    author_of_user,
    candidate_names,
    display_name,
    on_keyboard,
    place,
    pulka_here,
    pulka_of_button,
    pulka_of_press,
    source,
)
from bot.telegram.delivery import Boards
from bot.views.board import players_text, table_size
from bot.views.buttons import ClaimCB, DealerCB, SitCB, SwapCB
from bot.views.format import name
from bot.views.rules import rules_text
from bot.views.texts import Texts

log = logging.getLogger(__name__)


async def greet(event: ChatMemberUpdated, bot: Bot, tx: Texts) -> None:
    """The bot was added to a group: hello (once: a promotion to admin is no new arrival)."""
    try:
        await bot.send_message(event.chat.id, tx("hello"))
    except TelegramAPIError as e:  # a greeting is a courtesy: nothing depends on it
        log.info("no greeting in chat %s: %s", event.chat.id, e)


async def join(
    message: Message,
    command: CommandObject,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
) -> None:
    """``/join`` seats the sender; ``/join Name`` a guest, or asks to give a guest's seat to
    the Telegram user not seated yet."""
    guest = (command.args or "").strip()
    user = message.from_user
    if guest:
        seating.check_name(guest, "bad_name")
        if await ask_claim(message, keeper, tx, guest):
            return  # a Telegram user claims a guest seat: the table confirms
        names, user_id, username = [guest], None, None
    elif user is None or message.sender_chat is not None:
        raise PulkaError("bad_name")
    else:
        names, user_id, username = candidate_names(user), user.id, user.username
    written = await seating.join(
        keeper, *place(message), names, user_id, username, author_of(message), source(message)
    )
    table = written.table
    await boards.refresh(bot, tx, table)
    # Whom it seated: the sender, or the guest it named (a repeat: seated before).
    seated = next(
        (p for p in table.players if p.user_id == user_id)
        if user_id is not None
        else (p for p in table.players if fold(p.name) == fold(guest)),
        table.players[-1],
    )
    await delivery.answer(message, joined_text(tx, table, seated))


async def sit_down(
    query: CallbackQuery,
    msg: Message,
    callback_data: SitCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Sit down" on the scoreboard: seat the presser, as ``/join`` does."""
    table = await pulka_of_button(keeper, callback_data.pulka, msg, running=True)
    user = query.from_user
    written = await seating.join(
        keeper,
        table.row.chat_id,
        table.row.thread_id,
        candidate_names(user),
        user.id,
        user.username,
        author_of_user(user),
        None,
        pulka_id=table.id,
    )
    seated = next(p for p in written.table.players if p.user_id == user.id)
    await boards.refresh(bot, tx, written.table)
    callback_answer.text = tx("note_seated", name=seated.name, seat=seated.seat + 1)


async def leave(message: Message, keeper: Keeper, bot: Bot, tx: Texts, boards: Boards) -> None:
    """``/leave``: the sender leaves his seat before the first deal."""
    user = message.from_user
    if user is None or message.sender_chat is not None:
        raise PulkaError("leave_not_seated")
    written = await seating.leave(
        keeper, *place(message), user.id, author_of(message), source(message)
    )
    assert written.event is not None
    await boards.refresh(bot, tx, written.table)
    gone = name(str(written.event.payload.get("name", "?")))
    await message.answer(tx("leave_done", name=gone) + "\n\n" + players_text(tx, written.table))


#: ``/nick`` words taking the nickname back.
DROP_WORDS = frozenset({"-", "—", "–", "off", "none", "нет", "снять", "ні", "зняти"})


async def nick(
    message: Message, command: CommandObject, keeper: Keeper, bot: Bot, tx: Texts, boards: Boards
) -> None:
    """``/nick Боря``: the sender answers to Боря too (in ``/deal``, ``/correct``, at this
    table and the chat's next ones); ``/nick -`` takes it back; ``/nick`` alone: the
    nicknames at the table."""
    word = " ".join((command.args or "").split())
    user = message.from_user
    if not word:
        table = await pulka_here(message, keeper)
        seated = user is not None and message.sender_chat is None and table.is_player(user.id)
        await message.answer(nicks_text(tx, table, seated=seated))
        return
    if user is None or message.sender_chat is not None:
        raise PulkaError("nick_not_seated")
    given = None if fold(word) in DROP_WORDS else word
    written = await seating.nick(
        keeper, *place(message), user.id, given, author_of(message), source(message)
    )
    assert written.event is not None
    payload = written.event.payload
    who, now = name(str(payload.get("name", "?"))), payload.get("nick")
    await boards.refresh(bot, tx, written.table)
    if now:
        await message.answer(tx("nick_set", nick=name(str(now)), name=who))
    else:
        await message.answer(tx("nick_dropped", name=who))


async def show_players(message: Message, keeper: Keeper, tx: Texts) -> None:
    """``/players``: who sits where."""
    await message.answer(seating_text(tx, await pulka_here(message, keeper)))


async def show_rules(message: Message, keeper: Keeper, tx: Texts) -> None:
    """``/rules``: the conventions of the running pulka."""
    table = await pulka_here(message, keeper)
    await message.answer(rules_text(tx, table.rules, table_size(table)))


async def show_seats(message: Message, keeper: Keeper, tx: Texts) -> None:
    """``/seats``: the seating, with buttons to swap two seats or choose who deals first."""
    text, keyboard = seats_view(tx, await pulka_here(message, keeper))
    await message.answer(text, reply_markup=keyboard)


async def reseat(
    query: CallbackQuery,
    msg: Message,
    callback_data: SwapCB | DealerCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "1 ⇄ 2": two neighbours change places; "Deals: Вера": the table turns so Вера
    deals first."""
    table = await pulka_of_press(
        query, msg, callback_data.pulka, keeper, bot, members, running=True
    )
    if table.last_event_id != callback_data.last:
        raise PulkaError("stale")
    move = swap_seats if isinstance(callback_data, SwapCB) else first_dealer
    order = move(table.names, callback_data.seat)
    written = await seating.reorder(
        keeper, table.id, table.names, order, author_of_user(query.from_user)
    )
    text, keyboard = seats_view(tx, written.table)
    await msg.edit_text(text, reply_markup=keyboard)
    await boards.refresh(bot, tx, written.table)
    callback_answer.text = tx("seats_done")


async def cancel(
    message: Message, keeper: Keeper, bot: Bot, tx: Texts, boards: Boards, members: Members
) -> None:
    """``/cancel``: the pulka started by mistake is gone (its creator or an admin)."""
    table = await pulka_here(message, keeper)
    user = message.from_user
    if message.sender_chat is not None:  # an anonymous administrator posts as the group
        may = message.sender_chat.id == message.chat.id
    else:
        may = user is not None and (
            user.id == table.row.created_by or await members.is_admin(bot, message.chat.id, user.id)
        )
    if not may:
        raise PulkaError("cancel_not_allowed")
    written = await seating.cancel(keeper, table.id, author_of(message), source(message))
    await boards.retire(bot, written.table, tx("cancel_done"))
    await message.answer(tx("cancel_done"))


async def ask_claim(message: Message, keeper: Keeper, tx: Texts, wanted: str) -> bool:
    """``/join Аня`` by a Telegram user not at the table, where Аня is a guest: ask the table
    to confirm he is Аня (True); False for an ordinary /join."""
    user = message.from_user
    if user is None or message.sender_chat is not None:
        return False
    table = await keeper.active(*place(message))
    guests = [] if table is None else [p for p in table.players if p.user_id is None]
    seat = next((p.seat for p in guests if fold(p.name) == fold(wanted)), None)
    if table is None or seat is None:
        return False
    if table.is_player(user.id):  # one seat each: he has his
        raise PulkaError("already_seated")
    text, keyboard = claim_view(tx, table, seat, user.id, display_name(user))
    await message.answer(text, reply_markup=keyboard)
    return True


async def claim_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: ClaimCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    members: Members,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Yes, that is Аня": the claimer takes over the guest seat; "No" (the claimer may say
    it too): it stays a guest's.  A seated player, the creator or an admin confirms."""
    table = await pulka_of_button(keeper, callback_data.pulka, msg, running=True)
    seat = callback_data.seat
    if seat >= len(table.players):
        raise PulkaError("stale")
    guest = name(table.players[seat].name)
    user = query.from_user
    may = (
        table.is_player(user.id)
        or user.id == table.row.created_by
        or await members.is_admin(bot, msg.chat.id, user.id)
    )
    if not (may or (not callback_data.yes and user.id == callback_data.user)):
        raise PulkaError("claim_not_allowed")
    if not callback_data.yes:
        await msg.edit_text(tx("claim_refused", name=guest), reply_markup=None)
        return
    claimer = await _claimer(bot, msg.chat.id, callback_data.user)
    written = await seating.claim(
        keeper,
        table.id,
        seat,
        callback_data.user,
        claimer.username if claimer else None,
        author_of_user(user),
        source(msg),
    )
    who = display_name(claimer) if claimer is not None else str(callback_data.user)
    await msg.edit_text(tx("claim_done", name=guest, user=name(who)), reply_markup=None)
    await boards.refresh(bot, tx, written.table)
    callback_answer.text = tx("done")


async def _claimer(bot: Bot, chat_id: int, user_id: int) -> User | None:
    """The claimer as Telegram knows him (for his username and name), if it answers."""
    try:
        return (await bot.get_chat_member(chat_id, user_id)).user
    except TelegramAPIError as e:
        log.info("getChatMember %s failed: %s", user_id, e)
        return None


def router() -> Router:
    r = Router(name="seating")
    r.my_chat_member.filter(IN_GROUP)
    r.my_chat_member.register(greet, ChatMemberUpdatedFilter(member_status_changed=JOIN_TRANSITION))
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (features/system)
    r.message.register(join, Command("join"))
    r.callback_query.register(sit_down, SitCB.filter())
    r.message.register(leave, Command("leave"))
    r.message.register(show_players, Command("players"))
    r.message.register(nick, Command("nick"))
    r.message.register(show_rules, Command("rules"))
    r.message.register(show_seats, Command("seats"))
    r.callback_query.register(reseat, SwapCB.filter())
    r.callback_query.register(reseat, DealerCB.filter())
    r.message.register(cancel, Command("cancel"))
    r.callback_query.register(claim_press, ClaimCB.filter())
    return r
