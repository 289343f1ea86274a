"""The start and the seating: the greeting when the bot is added to a group,
``/cancel`` (a pulka started by mistake), ``/leave``, ``/seats`` (swap two seats,
who deals first) and a guest seat claimed by a Telegram user (``/join Аня``
after ``/import``, confirmed by a tap).

Everything here happens before the first deal, except a claim: an imported
pulka has its deals already, and its players are guests until they claim
their seats.
"""

from __future__ import annotations

import logging

from aiogram import Bot, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import JOIN_TRANSITION, ChatMemberUpdatedFilter, Command
from aiogram.types import CallbackQuery, ChatMemberUpdated, Message, User
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import seating
from bot.actions.keeper import Keeper
from bot.features.seating.view import (
    claim_done_text,
    claim_refused_text,
    claim_view,
    left_text,
    seats_view,
)
from bot.features.setup.draft import first_dealer, swap_seats
from bot.model import PulkaError, Table
from bot.telegram.boards import Boards
from bot.telegram.common import (
    author_of,
    author_of_user,
    display_name,
    is_admin,
    place,
    pulka_here,
    pulka_of_button,
    pulka_to_change_by_press,
    refuse,
    source,
)
from bot.telegram.filters import IN_GROUP, on_keyboard
from bot.views.board import players_text
from bot.views.callbacks import ClaimCB, DealerCB, SwapCB
from bot.views.errors import pulka_error_text
from bot.views.texts import Texts

log = logging.getLogger(__name__)


async def greet(event: ChatMemberUpdated, bot: Bot, tx: Texts) -> None:
    """The bot was added to a group: hello, what to type first, and that pinning the
    scoreboard needs admin rights.  Once: a promotion to admin is no new arrival."""
    try:
        await bot.send_message(event.chat.id, tx("hello"))
    except TelegramAPIError as e:  # a greeting is a courtesy: nothing depends on it
        log.info("no greeting in chat %s: %s", event.chat.id, e)


async def cancel(message: Message, keeper: Keeper, bot: Bot, tx: Texts, boards: Boards) -> None:
    """``/cancel``: the pulka started by mistake is gone (its creator or an admin, before
    its first deal); ``/newpulka`` works again."""
    table = await pulka_here(message, keeper, tx)
    if table is None:
        return
    if not await _creator_or_admin(message, bot, table):
        await message.answer(tx("cancel_not_allowed"))
        return
    try:
        written = await seating.cancel(keeper, table.id, author_of(message), source(message))
    except PulkaError as e:
        await message.answer(pulka_error_text(tx, e))
        return
    await boards.retire(bot, written.table, tx("cancel_done"))
    await message.answer(tx("cancel_done"))


async def _creator_or_admin(message: Message, bot: Bot, table: Table) -> bool:
    if message.sender_chat is not None:  # an anonymous administrator posts as the group
        return message.sender_chat.id == message.chat.id
    user = message.from_user
    if user is None:
        return False
    return user.id == table.row.created_by or await is_admin(bot, message.chat.id, user.id)


async def leave(message: Message, keeper: Keeper, bot: Bot, tx: Texts, boards: Boards) -> None:
    """``/leave``: the sender leaves his seat before the first deal."""
    user = message.from_user
    if user is None or message.sender_chat is not None:
        await message.answer(tx("leave_not_seated"))
        return
    chat_id, thread = place(message)
    try:
        written = await seating.leave(
            keeper, chat_id, thread, user.id, author_of(message), source(message)
        )
    except PulkaError as e:
        await message.answer(pulka_error_text(tx, e))
        return
    assert written.event is not None
    await boards.refresh(bot, tx, written.table)
    gone = str(written.event.payload.get("name", "?"))
    await message.answer(left_text(tx, gone) + "\n\n" + players_text(tx, written.table))


async def show_seats(message: Message, keeper: Keeper, tx: Texts) -> None:
    """``/seats``: the seating, with buttons to swap two seats or choose who deals first."""
    table = await pulka_here(message, keeper, tx)
    if table is None:
        return
    text, keyboard = seats_view(tx, table)
    await message.answer(text, reply_markup=keyboard)


async def _reseat(
    query: CallbackQuery,
    msg: Message,
    callback_data: SwapCB | DealerCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    table = await pulka_to_change_by_press(
        query, msg, callback_data.pulka, keeper, bot, tx, callback_answer, running=True
    )
    if table is None:
        return
    if table.last_event_id != callback_data.last:
        refuse(callback_answer, tx("stale"))
        return
    move = swap_seats if isinstance(callback_data, SwapCB) else first_dealer
    try:
        order = move(table.names, callback_data.seat)
        written = await seating.reorder(
            keeper, table.id, table.names, order, author_of_user(query.from_user)
        )
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        return
    text, keyboard = seats_view(tx, written.table)
    await msg.edit_text(text, reply_markup=keyboard)
    await boards.refresh(bot, tx, written.table)
    callback_answer.text = tx("seats_done")


async def swap_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: SwapCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    """ "1 ⇄ 2": two neighbours change places (a ``seats`` event)."""
    await _reseat(query, msg, callback_data, keeper, bot, tx, boards, callback_answer)


async def dealer_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: DealerCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Deals: Вера": the table turns so Вера deals first (a ``seats`` event)."""
    await _reseat(query, msg, callback_data, keeper, bot, tx, boards, callback_answer)


def guest_seat(table: Table, wanted: str) -> int | None:
    """The seat of the guest (a player without Telegram) named ``wanted``, if any."""
    return next(
        (
            p.seat
            for p in table.players
            if p.user_id is None and p.name.casefold() == wanted.casefold()
        ),
        None,
    )


async def ask_claim(message: Message, keeper: Keeper, tx: Texts, wanted: str) -> bool:
    """``/join Аня`` by a Telegram user not at the table, where Аня is a guest: ask the
    table to confirm he is Аня (True); False when this is no claim (an ordinary /join)."""
    user = message.from_user
    if user is None or message.sender_chat is not None:
        return False
    table = await keeper.active(*place(message))
    seat = None if table is None else guest_seat(table, wanted)
    if table is None or seat is None:
        return False
    if table.is_player(user.id):  # one seat each: he has his
        await message.answer(tx("already_seated"))
        return True
    text, keyboard = claim_view(tx, table, seat, user.id, display_name(user))
    await message.answer(text, reply_markup=keyboard)
    return True


async def _may_confirm(bot: Bot, table: Table, chat_id: int, user: User) -> bool:
    """A seated player with Telegram, the pulka's creator or an admin confirms a claim."""
    return (
        table.is_player(user.id)
        or user.id == table.row.created_by
        or await is_admin(bot, chat_id, user.id)
    )


async def claim_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: ClaimCB,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    callback_answer: CallbackAnswer,
) -> None:
    """ "Yes, that is Аня": the claimer takes over the guest seat (a ``claim`` event);
    "No": the seat stays a guest's (the claimer may take his question back too)."""
    table = await pulka_of_button(keeper, callback_data.pulka, msg)
    seat = callback_data.seat
    if table is None or not table.active or seat >= len(table.players):
        refuse(callback_answer, tx("stale"))
        return
    guest = table.players[seat].name
    user = query.from_user
    may = await _may_confirm(bot, table, msg.chat.id, user)
    if not callback_data.yes:
        if not (may or user.id == callback_data.user):
            refuse(callback_answer, tx("claim_not_allowed"))
            return
        await msg.edit_text(claim_refused_text(tx, guest), reply_markup=None)
        return
    if not may:
        refuse(callback_answer, tx("claim_not_allowed"))
        return
    claimer = await _claimer(bot, msg.chat.id, callback_data.user)
    try:
        written = await seating.claim(
            keeper,
            table.id,
            seat,
            callback_data.user,
            claimer.username if claimer else None,
            author_of_user(user),
            source(msg),
        )
    except PulkaError as e:
        refuse(callback_answer, pulka_error_text(tx, e, html=False))
        return
    who = display_name(claimer) if claimer is not None else str(callback_data.user)
    await msg.edit_text(claim_done_text(tx, guest, who), reply_markup=None)
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
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (handlers/system.py)
    r.message.register(cancel, Command("cancel"))
    r.message.register(leave, Command("leave"))
    r.message.register(show_seats, Command("seats"))
    r.callback_query.register(swap_press, SwapCB.filter())
    r.callback_query.register(dealer_press, DealerCB.filter())
    r.callback_query.register(claim_press, ClaimCB.filter())
    return r
