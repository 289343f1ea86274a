"""A place's pulkas that are over, a player's latest pulka, and a pulka imported from
its record."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.actions.keeper import Keeper
from bot.actions.seating import start
from bot.grammar.deals import valid_name
from bot.model import (
    Author,
    Listed,
    PulkaError,
    PulkaStatus,
    Sitter,
    Source,
    Table,
    Written,
)
from bot.storage import pulkas
from scoring import seating
from scoring.record import load_document

#: The most deals an imported record may hold (a long evening has 100-200).
MAX_IMPORT_DEALS = 2000


async def finished(keeper: Keeper, chat_id: int, thread_id: int) -> list[Listed]:
    """The place's pulkas that are over (not cancelled), numbered as the archive shows."""
    async with keeper.storage.read() as tx:
        listed = await pulkas.of_place(tx, chat_id, thread_id)
    return [p for p in listed if p.status != PulkaStatus.ACTIVE]


async def numbers(keeper: Keeper, chat_id: int, threads: Iterable[int]) -> dict[int, int]:
    """The pulkas' archive numbers (``/pulka N``) in the chat's ``threads``, by pulka id."""
    found: dict[int, int] = {}
    for thread in sorted(set(threads)):
        found.update((p.pulka_id, p.number) for p in await finished(keeper, chat_id, thread))
    return found


async def numbered(
    keeper: Keeper, chat_id: int, thread_id: int, number: int | None = None
) -> tuple[int, Table] | None:
    """Pulka ``number`` of the place's archive (None: the last finished), if it was seated,
    with its archive number."""
    listed = await finished(keeper, chat_id, thread_id)
    if number is not None:
        listed = [p for p in listed if p.number == number]
    table = await keeper.get(listed[-1].pulka_id) if listed else None
    if table is None or table.state is None:
        return None
    return listed[-1].number, table


async def last_over(keeper: Keeper, chat_id: int, thread_id: int) -> tuple[Table | None, bool]:
    """The place's latest pulka that is over (cancelled ones aside), and whether a pulka
    runs there now."""
    async with keeper.storage.read() as tx:
        listed = await pulkas.of_place(tx, chat_id, thread_id)
        over = next((p for p in reversed(listed) if p.status != PulkaStatus.ACTIVE), None)
        running = any(p.status == PulkaStatus.ACTIVE for p in listed)
        table = None if over is None else await keeper.load(tx, over.pulka_id)
    return table, running


async def latest_of(keeper: Keeper, user_id: int) -> Table | None:
    """The pulka Telegram user ``user_id`` sat in most recently (the sheet's page opened
    from a private chat, with no pulka named): his latest running one, else his latest
    that is over; None if he never sat at a table."""
    async with keeper.storage.read() as tx:
        pulka_id = await pulkas.latest_seated(tx, user_id)
        return None if pulka_id is None else await keeper.load(tx, pulka_id)


async def import_record(
    keeper: Keeper,
    chat_id: int,
    thread_id: int,
    data: Any,
    author: Author,
    source: Source,
    *,
    lang: str | None = None,
) -> Written:
    """Start a pulka from a ``pulka/1`` record (players as guests, deals replayed)."""
    if not isinstance(data, dict) or data.get("format") != "pulka/1":
        raise PulkaError("import_format")
    doc = load_document(data)  # raises ScoringError with the path
    if len(doc.deals) > MAX_IMPORT_DEALS:
        # Every later command replays and every /history shows them: a bound keeps a
        # chat fast (22,220 corrections fit in 1 MB).
        raise PulkaError("import_too_many", count=len(doc.deals), limit=MAX_IMPORT_DEALS)
    for name in doc.players:
        if not valid_name(name):
            raise PulkaError("import_name", name=name)
    # Two or five players are a chosen size; three and four stay unchosen.
    n = len(doc.players)
    return await start(
        keeper,
        chat_id,
        thread_id,
        doc.rules,
        author,
        source,
        seats=None if n in seating.UNCHOSEN else n,
        seated=[Sitter(name, None) for name in doc.players],
        lang=lang,
        deals=doc.deals,
    )
