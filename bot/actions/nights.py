"""A chat's nights read back (:mod:`bot.model.nights` says what they are): what
statistics, the rating and the debts are made of."""

from __future__ import annotations

from dataclasses import replace

from bot.actions.keeper import Keeper
from bot.model import EventKind, Table, build_table
from bot.model.nights import Night, guest_key, seated
from bot.storage import events, pulkas
from bot.storage.db import Tx
from scoring import Settlement, settle_state


async def chat_nights(keeper: Keeper, chat_id: int) -> list[Night]:
    """Every settled pulka of the chat, oldest settlement first."""
    async with keeper.storage.read() as tx:
        return await _nights(keeper, tx, chat_id)


async def _nights(keeper: Keeper, tx: Tx, chat_id: int) -> list[Night]:
    found: list[tuple[str, int, Table, Settlement, Settlement, int | None]] = []
    claimed = await claims(tx, chat_id)
    for pulka_id, last in await pulkas.archived_of_chat(tx, chat_id):
        table = keeper.finished.get(pulka_id)
        if table is None or table.last_event_id != last:
            row = await pulkas.load(tx, pulka_id)
            if row is None:
                continue
            table = keeper.finished[pulka_id] = build_table(row)
        if table.cancelled or not table.settled or table.state is None:
            continue
        settle = table.settle_event
        agreed = table.stored_settlement or settle_state(table.state)
        final = table.amended_settlement() or agreed
        when = settle.created_at if settle is not None else _ended_at(table)
        found.append((when, pulka_id, table, agreed, final, None if settle is None else settle.id))
    found.sort(key=lambda f: (f[0], f[1]))
    names: dict[str, str] = {}  # the name each person last played under
    nights: list[Night] = []
    for number, (when, _, table, agreed, final, settle_id) in enumerate(found, 1):
        people = seated(table, claimed)
        for p in people:
            names[p.key] = p.name
        nights.append(Night(number, table, when, people, agreed, final, settle_id))
    # Everyone under the name last played, in every night (a renamed user stays one row).
    return [
        replace(n, people=tuple(replace(p, name=names[p.key]) for p in n.people)) for n in nights
    ]


async def claims(tx: Tx, chat_id: int) -> dict[str, int]:
    """Guest names claimed by a Telegram user anywhere in the chat, in any pulka (guest
    key -> user); a later claim of the same name wins."""
    found: dict[str, int] = {}
    for payload in await events.of_kind_in_chat(tx, chat_id, EventKind.CLAIM):
        name, user = payload.get("name"), payload.get("user")
        if isinstance(name, str) and isinstance(user, int):
            found[guest_key(name)] = user
    return found


def _ended_at(table: Table) -> str:
    end = table.end_event
    return end.created_at if end is not None else table.row.events[-1].created_at
