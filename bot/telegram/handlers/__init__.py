"""Routers of the bot, one module per feature; a fresh set per Dispatcher (tests build many).

Each module's handlers are module-level functions; its ``router()`` only
registers them, with their filters, on a new :class:`aiogram.Router`.
"""

from __future__ import annotations

from aiogram import Router

from bot.telegram.handlers import (
    after_settling,
    amend,
    archive,
    deals,
    errors,
    private,
    score,
    seating,
    settle,
    setup,
    system,
    table,
    undo,
    wizard,
)


def get_routers() -> list[Router]:
    """Every router, in the order they are tried (``system``, the catch-all, last)."""
    return [
        errors.router(),
        private.router(),
        table.router(),
        score.router(),
        after_settling.router(),  # before deals: /correct of a settled pulka, by reply
        deals.router(),
        settle.router(),  # before undo: /undo right after an end by agreement is its
        undo.router(),
        setup.router(),
        wizard.router(),
        seating.router(),
        amend.router(),
        archive.router(),
        system.router(),
    ]
