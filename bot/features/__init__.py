"""Routers of the bot, one module per feature; a fresh set per Dispatcher (tests build many).

Each module's handlers are module-level functions; its ``router()`` only
registers them, with their filters, on a new :class:`aiogram.Router`.
"""

from __future__ import annotations

from aiogram import Router

from bot.features.archive import handlers as archive
from bot.features.calc import handlers as calc
from bot.features.deals import handlers as deals
from bot.features.debts import handlers as debts
from bot.features.ending import corrections as after_settling
from bot.features.ending import handlers as settle
from bot.features.fixes import edit as amend
from bot.features.fixes import edited, undo
from bot.features.help import handlers as help_
from bot.features.rating import handlers as rating
from bot.features.score import handlers as score
from bot.features.seating import handlers as seating
from bot.features.setup import handlers as setup
from bot.features.stats import handlers as stats
from bot.features.system import handlers as system
from bot.features.whatif import handlers as whatif
from bot.telegram import errors
from bot.telegram.context import command_words, commands_first


def get_routers() -> list[Router]:
    """Every router, in the order they are tried (``system``, the catch-all, last).

    A router of commands only first looks the command word up (``commands_first``).
    """
    routers = [
        errors.router(),
        calc.router(),  # before private, which takes every private message
        whatif.cost_router(),  # so is /cost
        help_.router(),  # every private message
        help_.group_router(),
        score.router(),
        after_settling.router(),  # before deals: /correct of a settled pulka, by reply
        deals.router(),
        stats.router(),  # before settle: /export csv stats
        whatif.router(),  # before settle: /export csv [N]
        settle.router(),  # before undo: /undo right after an end by agreement is its
        undo.router(),
        setup.router(),
        seating.router(),
        amend.router(),
        archive.router(),
        debts.router(),
        rating.router(),
    ]
    words = command_words(routers)
    routers.append(edited.router(words))
    routers.append(help_.unknown_router(words))
    routers.append(system.router())
    return [commands_first(r) for r in routers]
