"""What-if, read only: ``/cost`` (what a deal is worth to each role), ``/whatif`` (a
finished pulka re-scored under another convention) and ``/export csv`` (a pulka's
deals as a CSV document).  Nothing here writes: no event, no settlement changes.

The router stands before ``settle``'s, which owns ``/export`` (the JSON record): this
one takes only ``/export csv`` and ``/export csv N``, never ``/export csv stats``.
"""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import BufferedInputFile, Message

from bot.actions import archive
from bot.actions.keeper import Keeper
from bot.features.ending.view import shown_settlement
from bot.features.seating.view import default_currency
from bot.features.whatif.grammar import changed_rules, csv_number, parse_cost, parse_whatif
from bot.features.whatif.view import (
    DEFAULT,
    LAST,
    RUNNING,
    broken_text,
    cost_error_text,
    cost_refused_text,
    cost_text,
    csv_caption,
    deals_csv,
    whatif_error_text,
    whatif_same_text,
    whatif_text,
)
from bot.features.whatif.worth import Broken, deal_worth, rescore
from bot.model import ParseError, Table
from bot.telegram.common import place
from bot.telegram.filters import IN_GROUP
from bot.views.texts import Texts
from scoring import Rules, ScoringError, seating


def _size(table: Table) -> int:
    """The table's size: its players once seated, else the size chosen, else three."""
    n = len(table.players) if table.state is not None else (table.row.seats or 3)
    return n if n in seating.TABLE_SIZES else 3


async def _cost_rules(message: Message, keeper: Keeper, tx: Texts) -> tuple[Rules, int, str]:
    """The running pulka's rules and size, else the place's last pulka's, else Sochi's."""
    running = await keeper.active(*place(message))
    if running is not None:
        return running.rules, _size(running), RUNNING
    over, _ = await archive.last_over(keeper, *place(message))
    if over is not None:
        return over.settled_rules, _size(over), LAST
    return Rules.for_variant("sochi", currency=default_currency(tx.lang)), 3, DEFAULT


async def cost(message: Message, command: CommandObject, keeper: Keeper, tx: Texts) -> None:
    """``/cost 6♠ без одной вист вист 2 3``: the deal's worth to each role, in whists and
    money, under the chat's rules (:mod:`bot.features.whatif.grammar` has the grammar)."""
    rules, size, source = await _cost_rules(message, keeper, tx)
    try:
        query = parse_cost(command.args or "", rules, size)
    except ParseError as e:
        await message.answer(cost_error_text(tx, e))
        return
    size = query.size or size
    try:
        worth = deal_worth(query.deal, rules, size)
    except ScoringError as e:
        await message.answer(cost_refused_text(tx, query.deal, e))
        return
    await message.answer(cost_text(tx, worth, size, source))


async def _finished(
    message: Message, keeper: Keeper, tx: Texts, number: int | None
) -> tuple[int, Table] | None:
    """Pulka ``number`` of the place's archive (None: the last finished), or an answer
    saying there is none."""
    finished = await archive.finished(keeper, *place(message))
    if number is None:
        listed = finished[-1] if finished else None
    else:
        listed = next((p for p in finished if p.number == number), None)
    table = None if listed is None else await keeper.get(listed.pulka_id)
    if listed is None or table is None or table.state is None:
        if number is None:
            await message.answer(tx("whatif_none"))
        else:
            await message.answer(tx("archive_missing", number=number))
        return None
    return listed.number, table


async def whatif(message: Message, command: CommandObject, keeper: Keeper, tx: Texts) -> None:
    """``/whatif greedy``, ``/whatif 2 whist=greedy``, ``/whatif leningrad``: a finished
    pulka re-scored under the changed rules next to what was agreed; nothing is written."""
    try:
        asked = parse_whatif(command.args or "")
    except ParseError as e:
        if e.key == "whatif_usage":
            await message.answer(tx("whatif_usage") + "\n" + tx("whatif_example"))
        else:
            await message.answer(whatif_error_text(tx, e))
        return
    found = await _finished(message, keeper, tx, asked.number)
    if found is None:
        return
    number, table = found
    before = table.settled_rules
    agreed = shown_settlement(table)
    try:
        after = changed_rules(before, asked.changes)
    except (ParseError, ScoringError) as e:
        await message.answer(whatif_error_text(tx, e))
        return
    if after == before or agreed is None:
        await message.answer(whatif_same_text(tx, number))
        return
    result = rescore(table, after)
    if isinstance(result, Broken):
        await message.answer(broken_text(tx, number, table, before, result))
        return
    await message.answer(whatif_text(tx, number, table, before, agreed, result))


async def export_csv(message: Message, command: CommandObject, keeper: Keeper, tx: Texts) -> None:
    """``/export csv``: the running pulka's deals (or the last finished one's) as CSV;
    ``/export csv N``: those of pulka N of ``/pulkas``."""
    number = csv_number(command.args)
    table: Table | None = None
    if number is None or number is False:
        running = await keeper.active(*place(message))
        if running is not None and running.deals:
            table = running
        else:
            over, _ = await archive.last_over(keeper, *place(message))
            table = over if over is not None and over.deals else None
        if table is None:
            await message.answer(tx("whatif_csv_none"))
            return
    else:
        found = await _finished(message, keeper, tx, int(number))
        if found is None:
            return
        table = found[1]
    await message.answer_document(
        BufferedInputFile(deals_csv(tx, table), filename=f"pulka-{table.id}.csv"),
        caption=csv_caption(tx, table),
    )


def _is_csv(command: CommandObject) -> bool:
    return csv_number(command.args) is not False


def cost_router() -> Router:
    """``/cost`` in any chat: in a private one under Sochi's defaults (no pulka there),
    so it goes before the private router, which takes every private message."""
    r = Router(name="cost")
    r.message.register(cost, Command("cost"))
    return r


def router() -> Router:
    r = Router(name="whatif")
    r.message.filter(IN_GROUP)
    r.message.register(whatif, Command("whatif"))
    # Before settle's /export (the JSON record): only "/export csv [N]" is ours.
    r.message.register(export_csv, Command("export", magic=F.func(_is_csv)))
    return r
