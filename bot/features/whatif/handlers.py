"""What-if, read only: ``/cost`` (what a deal is worth to each role) and ``/whatif`` (a
finished pulka re-scored under another convention).  Nothing here writes."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.actions import archive
from bot.actions.keeper import Keeper
from bot.features.whatif import view
from bot.features.whatif.grammar import changed_rules, parse_cost, parse_whatif
from bot.features.whatif.worth import Broken, deal_worth, rescore
from bot.model import PulkaError, Table, shown_settlement
from bot.telegram.context import IN_GROUP, place
from bot.views.board import table_size
from bot.views.texts import Texts, default_currency
from scoring import Rules, seating


def _size(table: Table) -> int:
    """The table's size: its players once seated, else the size chosen, else three."""
    n = table_size(table) or 3
    return n if n in seating.TABLE_SIZES else 3


async def _cost_rules(message: Message, keeper: Keeper, tx: Texts) -> tuple[Rules, int, str]:
    """The running pulka's rules and size, else the place's last pulka's, else Sochi's."""
    running = await keeper.active(*place(message))
    if running is not None:
        return running.rules, _size(running), view.RUNNING
    over, _ = await archive.last_over(keeper, *place(message))
    if over is not None:
        return over.settled_rules, _size(over), view.LAST
    return Rules.for_variant("sochi", currency=default_currency(tx.lang)), 3, view.DEFAULT


async def cost(message: Message, command: CommandObject, keeper: Keeper, tx: Texts) -> None:
    """``/cost 6♠ без одной вист вист 2 3``: the deal's worth to each role, in whists and
    money, under the chat's rules."""
    rules, size, source = await _cost_rules(message, keeper, tx)
    query = parse_cost(command.args or "", rules, size)
    size = query.size or size
    await message.answer(view.cost_text(tx, deal_worth(query.deal, rules, size), size, source))


async def whatif(message: Message, command: CommandObject, keeper: Keeper, tx: Texts) -> None:
    """``/whatif greedy``, ``/whatif 2 whist=greedy``, ``/whatif leningrad``: a finished
    pulka re-scored under the changed rules next to what was agreed."""
    asked = parse_whatif(command.args or "")
    changed_rules(Rules(), asked.changes)  # a value the rules refuse, before any pulka
    found = await archive.numbered(keeper, *place(message), asked.number)
    if found is None:
        if asked.number is None:
            raise PulkaError("whatif_none")
        raise PulkaError("archive_missing", number=asked.number)
    number, table = found
    after = changed_rules(table.settled_rules, asked.changes)
    agreed = shown_settlement(table)
    if after == table.settled_rules or agreed is None:
        await message.answer(tx("whatif_same", number=number))
        return
    new = rescore(table, after)
    if isinstance(new, Broken):
        await message.answer(view.broken_text(tx, number, table, after, new))
        return
    await message.answer(view.whatif_text(tx, number, table, after, agreed, new))


def cost_router() -> Router:
    """``/cost`` in any chat: in a private one under Sochi's defaults (no pulka there),
    so it goes before the private router, which takes every private message."""
    r = Router(name="cost")
    r.message.register(cost, Command("cost"), flags={"refusal": view.cost_refusal})
    return r


def router() -> Router:
    r = Router(name="whatif")
    r.message.filter(IN_GROUP)
    r.message.register(whatif, Command("whatif"), flags={"refusal": view.whatif_refusal})
    return r
