"""A pulka started, its seats taken, left, reordered and claimed, or cancelled.

* ``join`` ``{"seat": s, "name": n}``: a player seated;
* ``leave`` ``{"seat": s, "name": n}``: he left before the first deal (those after
  him move up one seat);
* ``seats`` ``{"order": [names]}``: the seating changed before the first deal;
* ``claim`` ``{"seat": s, "name": n, "user": id}``: a Telegram user took over a guest;
* ``nick`` ``{"seat": s, "name": n, "user": id, "nick": k}``: the player seated as ``n``
  answers to ``k`` too (``/nick``; null: to his name only).  It holds in the chat: a
  later ``join`` of the same Telegram user carries it (``"nick"``), unless it is
  another's name or nickname there;
* ``cancel`` ``{}``: a pulka started by mistake, cancelled before its first deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TypeVar

from bot.actions.keeper import Keeper, append, committed
from bot.grammar.deals import fold, valid_name
from bot.grammar.spelling import sound_alike
from bot.model import (
    Author,
    EventKind,
    PlayerRow,
    PulkaError,
    PulkaStatus,
    Sitter,
    Source,
    Written,
)
from bot.storage import chats, events, pulkas
from bot.storage.db import Tx
from scoring import Deal, Rules, seating
from scoring.names import odd_character
from scoring.record import deal_to_json, rules_to_json


async def may_open(keeper: Keeper, chat_id: int, thread_id: int) -> None:
    """A new pulka may start here (:func:`_may_open`): asked before a settings message."""
    async with keeper.storage.read() as tx:
        await _may_open(keeper, tx, chat_id, thread_id)


async def unsettled_end(keeper: Keeper, chat_id: int, thread_id: int) -> int | None:
    """The archive number of the place's last pulka over, if it ended by agreement and is
    not settled yet (``/settle`` settles it, ``/undo`` takes it back into play)."""
    async with keeper.storage.read() as tx:
        return await _unsettled_end(keeper, tx, chat_id, thread_id)


async def _may_open(keeper: Keeper, tx: Tx, chat_id: int, thread_id: int) -> None:
    # None runs (``busy``), and the last one over was not left ended by agreement and
    # unsettled (``open_unsettled``): a new pulka makes that end final, and a sheet never
    # settled never reaches the debts or the statistics.
    active = await pulkas.active(tx, chat_id, thread_id)
    if active is not None:
        # Before its first deal a pulka started by mistake is cancelled, not settled.
        table = await keeper.table(tx, active[0])
        raise PulkaError("busy" if table.deals else "busy_no_deals")
    number = await _unsettled_end(keeper, tx, chat_id, thread_id)
    if number is not None:
        raise PulkaError("open_unsettled", number=number)


async def _unsettled_end(keeper: Keeper, tx: Tx, chat_id: int, thread_id: int) -> int | None:
    listed = await pulkas.of_place(tx, chat_id, thread_id)
    over = next((p for p in reversed(listed) if p.status != PulkaStatus.ACTIVE), None)
    if over is None:
        return None
    table = await keeper.load(tx, over.pulka_id)
    return over.number if table is not None and table.ended_by_agreement else None


async def _open_pulka(
    keeper: Keeper,
    tx: Tx,
    chat_id: int,
    thread_id: int,
    rules: Rules,
    author: Author,
    source: Source,
    lang: str | None,
    seats: int | None = None,
) -> tuple[int, bool]:
    """A new pulka in the place, or the one ``source`` created already (``True``); ``lang``
    becomes the chat's language if it has none yet."""
    again = await pulkas.by_source(tx, source)
    if again is not None:
        return again, True
    await _may_open(keeper, tx, chat_id, thread_id)
    pulka_id = await pulkas.create(
        tx, chat_id, thread_id, rules_to_json(rules), author.user_id, author.name, source, seats
    )
    if lang is not None:
        await chats.default_lang(tx, chat_id, lang)
    return pulka_id, False


async def start(
    keeper: Keeper,
    chat_id: int,
    thread_id: int,
    rules: Rules,
    author: Author,
    source: Source,
    *,
    seats: int | None = None,
    seated: Sequence[Sitter] = (),
    lang: str | None = None,
    deals: Sequence[Deal] = (),
) -> Written:
    """Start a pulka: ``seats`` fixes the table size, ``seated`` are seated at once, in order,
    and ``deals`` (an imported record's) written."""
    if seats is not None and seats not in seating.TABLE_SIZES:
        raise PulkaError("table_full")
    if len(seated) > seating.sizes_of(seats)[-1]:  # not chosen: 3 or 4
        raise PulkaError("table_full")
    keeper.langs.pop(chat_id, None)  # the creator's language may become the chat's
    async with keeper.storage.uow() as tx:
        pulka_id, again = await _open_pulka(
            keeper, tx, chat_id, thread_id, rules, author, source, lang, seats
        )
        if again:
            return committed(Written(await keeper.table(tx, pulka_id), duplicate=True))
        await _seat_all(tx, pulka_id, seated, author, chat_id)
        for deal in deals:
            payload = deal_to_json(deal)
            await events.append(
                tx, pulka_id, EventKind.DEAL, payload, author.user_id, author.name, None
            )
        table = await keeper.table(tx, pulka_id)
    return committed(Written(table))  # an answer lost now must not apologise


async def join(
    keeper: Keeper,
    chat_id: int,
    thread_id: int,
    names: Sequence[str],
    user_id: int | None,
    username: str | None,
    author: Author,
    source: Source | None,
    *,
    pulka_id: int | None = None,
) -> Written:
    """Seat a player (a guest when ``user_id`` is None) under the first free of ``names``;
    ``pulka_id`` (a "Sit down" button) must still be the active pulka of the place."""
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.JOIN)
        if again is not None:
            return again
        table = await keeper.active_in(tx, chat_id, thread_id)
        if table is None or (pulka_id is not None and table.id != pulka_id):
            raise PulkaError("no_pulka" if pulka_id is None else "stale")
        if user_id is not None and table.is_player(user_id):
            raise PulkaError("already_seated")
        if table.deals:
            raise PulkaError("seating_closed")
        if len(table.players) >= table.seat_limit:
            raise PulkaError("table_full")
        taken = taken_names(table.players)
        name = free_name(names, taken)
        seat = len(table.players)
        payload: dict[str, object] = {"seat": seat, "name": name}
        # The nickname he gave himself in the chat, unless another's here.
        nick = (await chat_nicks(tx, chat_id)).get(user_id) if user_id is not None else None
        if nick is not None and fold(nick) not in {fold(n) for n in (name, *taken)}:
            payload["nick"] = nick
        after, event = await append(
            tx,
            table,
            EventKind.JOIN,
            payload,
            author,
            source,
            players=(*table.players, PlayerRow(seat, name, user_id, username)),
        )
    return keeper.written(table, after, event)


async def leave(
    keeper: Keeper,
    chat_id: int,
    thread_id: int,
    user_id: int,
    author: Author,
    source: Source | None,
) -> Written:
    """The Telegram user ``user_id`` leaves his seat before the first deal."""
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.LEAVE)
        if again is not None:
            return again
        table = await keeper.active_in(tx, chat_id, thread_id)
        if table is None:
            raise PulkaError("no_pulka")
        gone = next((p for p in table.players if p.user_id == user_id), None)
        if gone is None:
            raise PulkaError("leave_not_seated")
        if table.deals:
            raise PulkaError("leave_after_deal", name=gone.name)
        players = _renumbered(p for p in table.players if p is not gone)
        payload = {"seat": gone.seat, "name": gone.name}
        after, event = await append(
            tx, table, EventKind.LEAVE, payload, author, source, players=players
        )
    return keeper.written(table, after, event)


async def reorder(
    keeper: Keeper,
    pulka_id: int,
    was: Sequence[str],
    order: Sequence[str],
    author: Author,
    source: Source | None = None,
) -> Written:
    """Seat the players in ``order`` (names, clockwise; the first deals first), if the
    seating is still ``was`` (else ``stale``) and no deal is written yet."""
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.SEATS)
        if again is not None:
            return again
        table = await keeper.table(tx, pulka_id)
        if not table.active or tuple(was) != table.names:
            raise PulkaError("stale")
        if table.deals:
            raise PulkaError("seats_after_deal")
        by_name = {p.name: p for p in table.players}
        if sorted(order) != sorted(by_name) or len(set(order)) != len(order):
            raise PulkaError("stale")
        players = _renumbered(by_name[n] for n in order)
        after, event = await append(
            tx, table, EventKind.SEATS, {"order": list(order)}, author, source, players=players
        )
    return keeper.written(table, after, event)


async def claim(
    keeper: Keeper,
    pulka_id: int,
    seat: int,
    user_id: int,
    username: str | None,
    author: Author,
    source: Source | None,
) -> Written:
    """The Telegram user ``user_id`` takes over the guest at ``seat``; who confirms is the
    caller's check."""
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.CLAIM)
        if again is not None:
            return again
        table = await keeper.table(tx, pulka_id)
        if not table.active or seat >= len(table.players):
            raise PulkaError("stale")
        guest = table.players[seat]
        if guest.user_id is not None:
            raise PulkaError("stale")
        if table.is_player(user_id):
            raise PulkaError("already_seated")
        players = tuple(
            replace(p, user_id=user_id, username=username) if p is guest else p
            for p in table.players
        )
        payload = {"seat": seat, "name": guest.name, "user": user_id}
        after, event = await append(
            tx, table, EventKind.CLAIM, payload, author, source, players=players
        )
    return keeper.written(table, after, event)


async def nick(
    keeper: Keeper,
    chat_id: int,
    thread_id: int,
    user_id: int,
    nick: str | None,
    author: Author,
    source: Source | None,
) -> Written:
    """The seated Telegram user ``user_id`` answers to ``nick`` too (None: to his name
    only), at this table and at the chat's next ones.  Refused if it is no name
    (``bad_nick``) or another player's name, nickname or username (``nick_taken``)."""
    if nick is not None:
        check_name(nick, "bad_nick")
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.NICK)
        if again is not None:
            return again
        table = await keeper.active_in(tx, chat_id, thread_id)
        if table is None:
            raise PulkaError("no_pulka")
        me = next((p for p in table.players if p.user_id == user_id), None)
        if me is None:
            raise PulkaError("nick_not_seated")
        if nick is None and me.nick is None:
            raise PulkaError("nick_none", name=me.name)
        if nick is not None:
            clash = next((p for p in table.players if p is not me and _says(p, nick)), None)
            if clash is not None:
                raise PulkaError("nick_taken", nick=nick, name=clash.name)
        payload = {"seat": me.seat, "name": me.name, "user": user_id, "nick": nick}
        after, event = await append(tx, table, EventKind.NICK, payload, author, source)
    return keeper.written(table, after, event)


def _says(player: PlayerRow, word: str) -> bool:
    """Is ``word`` the name, nickname or username of ``player`` (as names compare)?"""
    key = fold(word)
    return key in {fold(n) for n in (player.name, player.nick, player.username) if n}


def taken_names(players: Iterable[PlayerRow]) -> list[str]:
    """The names and nicknames of the seated ``players``: no one else may take them."""
    return [n for p in players for n in (p.name, p.nick) if n]


async def chat_nicks(tx: Tx, chat_id: int) -> dict[int, str]:
    """The nickname each Telegram user of the chat gave himself last (``/nick``), if he
    still has one."""
    found: dict[int, str | None] = {}
    for payload in await events.of_kind_in_chat(tx, chat_id, EventKind.NICK):
        user, nick = payload.get("user"), payload.get("nick")
        if isinstance(user, int):
            found[user] = nick if isinstance(nick, str) and nick else None
    return {user: nick for user, nick in found.items() if nick is not None}


async def cancel(keeper: Keeper, pulka_id: int, author: Author, source: Source | None) -> Written:
    """Cancel a pulka started by mistake, before its first deal; who may is the caller's check."""
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.CANCEL)
        if again is not None:
            return again
        table = await keeper.table(tx, pulka_id)
        if not table.active:
            raise PulkaError("stale")
        if table.deals:
            raise PulkaError("cancel_after_deal")
        after, event = await append(tx, table, EventKind.CANCEL, {}, author, source)
    return keeper.written(table, after, event)


async def again(keeper: Keeper, pulka_id: int, author: Author, source: Source) -> Written:
    """ "Same table again": a new pulka of the settled one's rules and players, the one
    after the last dealer dealing first."""
    table = await keeper.get(pulka_id)
    if table is None or table.state is None or not table.settled:
        raise PulkaError("stale")
    turned = seating.dealing_first(table.players, table.state.next_dealer)
    return await start(
        keeper,
        table.row.chat_id,
        table.row.thread_id,
        table.rules,
        author,
        source,
        seats=len(turned),
        seated=[Sitter(p.name, p.user_id, p.username) for p in turned],
    )


async def _seat_all(
    tx: Tx, pulka_id: int, sitters: Sequence[Sitter], author: Author, chat_id: int
) -> None:
    """Seat a new pulka's players in order: their ``join`` events, each with the nickname
    its Telegram user has in the chat (unless another's name or an earlier nickname)."""
    nicks = await chat_nicks(tx, chat_id) if any(s.user_id for s in sitters) else {}
    names = {fold(s.name) for s in sitters}
    players: tuple[PlayerRow, ...] = ()
    for seat, s in enumerate(sitters):
        players = (*players, PlayerRow(seat, s.name, s.user_id, s.username))
        payload: dict[str, object] = {"seat": seat, "name": s.name}
        nick = nicks.get(s.user_id) if s.user_id is not None else None
        if nick is not None and fold(nick) not in names:
            payload["nick"] = nick
            names.add(fold(nick))
        await pulkas.write(tx, pulka_id, EventKind.JOIN, payload, author, None, players=players)


def check_name(name: str, refusal: str) -> None:
    """Refuse ``name`` as a seat's name or a nickname: a character that shows nothing
    (``name_invisible``, naming it: ``An\u200bna`` would look like ``Anna``), else
    whatever :func:`valid_name` refuses (the code ``refusal``)."""
    ch = odd_character(name)
    if ch is not None:
        raise PulkaError("name_invisible", char=f"U+{ord(ch):04X}")
    if not valid_name(name):
        raise PulkaError(refusal)


def free_name(names: Sequence[str], taken: Iterable[str]) -> str:
    """The first of the candidate ``names`` no one seated has (names match as :func:`fold`
    compares them), nor one that sounds the same in the other alphabet: ``Анна`` beside
    ``Anna`` would read as one player on the sheet (``name_sounds_like``)."""
    folded = {fold(t): t for t in taken}
    name = next((n for n in names if fold(n) not in folded and not _sounds_like(n, folded)), None)
    if name is not None:
        return name
    first = names[0] if names else "?"
    alike = _sounds_like(first, folded) if fold(first) not in folded else None
    if alike is not None:
        raise PulkaError("name_sounds_like", name=first, seated=alike)
    raise PulkaError("name_taken", name=first)


def _sounds_like(name: str, taken: dict[str, str]) -> str | None:
    """The seated name (``taken``: by its fold) that ``name``, in the other alphabet,
    sounds like, if any."""
    key = fold(name)
    return next((t for k, t in taken.items() if sound_alike(key, k)), None)


def _renumbered(players: Iterable[PlayerRow]) -> tuple[PlayerRow, ...]:
    """``players`` in their new order, seated from seat 0 clockwise."""
    return tuple(replace(p, seat=i) for i, p in enumerate(players))


T = TypeVar("T")


def swap_seats(order: Sequence[T], seat: int) -> tuple[T, ...]:
    """``order`` with ``seat`` and the next seat swapped; ``stale`` past the end.

    >>> swap_seats("ABC", 1)
    ('A', 'C', 'B')
    """
    if not 0 <= seat < len(order) - 1:
        raise PulkaError("stale")
    new = list(order)
    new[seat], new[seat + 1] = new[seat + 1], new[seat]
    return tuple(new)


def first_dealer(order: Sequence[T], seat: int) -> tuple[T, ...]:
    """``order`` turned so that ``seat`` deals first: everyone keeps his neighbours.

    >>> first_dealer("ABCD", 2)
    ('C', 'D', 'A', 'B')
    """
    if not 0 < seat < len(order):
        raise PulkaError("stale")
    return seating.dealing_first(order, seat)
