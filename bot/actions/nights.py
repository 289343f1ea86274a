"""A chat's nights read back (:mod:`bot.model.nights` says what they are).

Each night is read from its stored summary; a pulka whose log has grown since its
summary was made (a new night, a correction or amendment after settling, a payment
confirmed), or that has none yet (a database of an older schema), is replayed once
and its summary kept.  The summaries are written here and nowhere else: one writer,
whatever write path grew the log, and a summary is exact because it names the last
event it was made from.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.actions.keeper import Keeper
from bot.model import EventKind, build_table
from bot.model.nights import (
    Night,
    NightSheet,
    guest_key,
    night_sheet,
    seated,
    sheet_from_json,
    sheet_to_json,
)
from bot.storage import events, nights, pulkas
from bot.storage.db import Tx


async def chat_nights(keeper: Keeper, chat_id: int) -> list[Night]:
    """Every settled pulka of the chat, oldest settlement first."""
    sheets: list[NightSheet] = []
    made: list[tuple[int, int, dict[str, Any] | None]] = []
    async with keeper.storage.read() as tx:
        claimed = await claims(tx, chat_id)
        over = await nights.of_chat(tx, chat_id)
        held = {}  # the summaries this process read already, of the logs as they are
        for pulka_id, last, _ in over:
            sheet = keeper.nights.get(pulka_id)
            if sheet is not None and sheet.last_event_id == last:
                held[pulka_id] = sheet
        wanted = {p: last for p, last, made_at in over if made_at == last and p not in held}
        stored = await nights.summaries(tx, list(wanted))
        read = decoded(stored, wanted)
        for pulka_id, last, made_at in over:
            sheet = held.get(pulka_id)
            if sheet is None and made_at == last:
                if stored.get(pulka_id) is None:
                    continue  # over, no night
                sheet = read[pulka_id]
            if sheet is None:  # no summary yet, a stale one, or of another version
                row = await pulkas.load(tx, pulka_id)
                if row is None:
                    continue
                sheet = night_sheet(build_table(row))
                made.append((pulka_id, last, None if sheet is None else sheet_to_json(sheet)))
                if sheet is None:
                    continue
            keeper.nights[pulka_id] = sheet
            sheets.append(sheet)
    if made:
        # Kept as read: if the log grew meanwhile, the next read sees it and replays.
        async with keeper.storage.uow() as tx:
            for pulka_id, last, summary in made:
                await nights.put(tx, pulka_id, last, summary)
    sheets.sort(key=lambda s: (s.settled_at, s.pulka_id))
    names: dict[str, str] = {}  # the name each person last played under
    found = []
    for number, sheet in enumerate(sheets, 1):
        people = seated(sheet.players, claimed)
        names.update((p.key, p.name) for p in people)
        found.append(Night(number, sheet, people))
    # Everyone under the name last played, in every night (a renamed user stays one row).
    return [n if _named_last(n, names) else _renamed(n, names) for n in found]


def _named_last(night: Night, names: Mapping[str, str]) -> bool:
    return all(p.name == names[p.key] for p in night.people)


def _renamed(night: Night, names: Mapping[str, str]) -> Night:
    return replace(night, people=tuple(replace(p, name=names[p.key]) for p in night.people))


def decoded(
    stored: Mapping[int, str | None], last: Mapping[int, int]
) -> dict[int, NightSheet | None]:
    """The summaries ``stored`` (pulka id -> JSON text) read back, each made from its
    log up to ``last[pulka id]``; None for one of another version (made again)."""
    # Reading 500 summaries makes some hundred thousand small objects (dicts, lists,
    # tuples, Fractions) that all live on: the cyclic GC's passes over them, triggered
    # by their own allocation, made the cost grow faster than the number of nights.
    # None of them can be in a cycle, so the GC waits until they are made.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return {
            pulka_id: sheet_from_json(pulka_id, last[pulka_id], json.loads(text))
            for pulka_id, text in stored.items()
            if text is not None
        }
    finally:
        if enabled:
            gc.enable()


async def claims(tx: Tx, chat_id: int) -> dict[str, int]:
    """Guest names claimed by a Telegram user anywhere in the chat, in any pulka (guest
    key -> user); a later claim of the same name wins."""
    found: dict[str, int] = {}
    for payload in await events.of_kind_in_chat(tx, chat_id, EventKind.CLAIM):
        name, user = payload.get("name"), payload.get("user")
        if isinstance(name, str) and isinstance(user, int):
            found[guest_key(name)] = user
    return found
