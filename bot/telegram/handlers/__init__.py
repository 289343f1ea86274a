"""Routers of the bot, one module per feature; a fresh set per Dispatcher (tests build many).

Each module's handlers are module-level functions; its ``router()`` only
registers them, with their filters, on a new :class:`aiogram.Router`.
"""

from __future__ import annotations

from aiogram import Router

from bot.telegram import errors
from bot.telegram.filters import commands_first
from bot.telegram.handlers import (
    after_settling,
    amend,
    archive,
    calc,
    deals,
    debts,
    private,
    rating,
    score,
    seating,
    settle,
    setup,
    stats,
    system,
    table,
    undo,
    whatif,
    wizard,
)


def get_routers() -> list[Router]:
    """Every router, in the order they are tried (``system``, the catch-all, last).

    A router of commands only first looks the command word up (``commands_first``).
    """
    routers = [
        errors.router(),
        calc.router(),  # before private, which takes every private message
        whatif.cost_router(),  # so is /cost
        private.router(),
        table.router(),
        score.router(),
        after_settling.router(),  # before deals: /correct of a settled pulka, by reply
        deals.router(),
        stats.router(),  # before settle: /export csv stats
        whatif.router(),  # before settle: /export csv [N]
        settle.router(),  # before undo: /undo right after an end by agreement is its
        undo.router(),
        setup.router(),
        wizard.router(),
        seating.router(),
        amend.router(),
        archive.router(),
        debts.router(),
        rating.router(),
        system.router(),
    ]
    return [commands_first(r) for r in routers]
