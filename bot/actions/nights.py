"""A chat's nights read back (:mod:`bot.model.nights` says what they are)."""

from __future__ import annotations

from dataclasses import replace

from bot.actions.keeper import Keeper
from bot.model import EventKind, Table, build_table
from bot.model.nights import Night, agreed_settlement, guest_key, seated
from bot.storage import events, pulkas
from bot.storage.db import Tx


async def chat_nights(keeper: Keeper, chat_id: int) -> list[Night]:
    """Every settled pulka of the chat, oldest settlement first."""
    found = []
    async with keeper.storage.read() as tx:
        claimed = await claims(tx, chat_id)
        for pulka_id, last in await pulkas.archived_of_chat(tx, chat_id):
            table = keeper.finished.get(pulka_id)
            if table is None or table.last_event_id != last:
                row = await pulkas.load(tx, pulka_id)
                if row is None:
                    continue
                table = keeper.finished[pulka_id] = build_table(row)
            agreed = agreed_settlement(table)
            if agreed is not None:
                final = table.amended_settlement() or agreed
                found.append((_settled_at(table), pulka_id, table, agreed, final))
    found.sort(key=lambda f: (f[0], f[1]))
    names: dict[str, str] = {}  # the name each person last played under
    nights = []
    for number, (when, _, table, agreed, final) in enumerate(found, 1):
        people = seated(table, claimed)
        names.update((p.key, p.name) for p in people)
        settle = table.settle_event
        settle_id = None if settle is None else settle.id
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


def _settled_at(table: Table) -> str:
    event = table.settle_event or table.end_event
    return event.created_at if event is not None else table.row.events[-1].created_at
