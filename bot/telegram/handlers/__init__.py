"""Routers of the bot; a fresh set per Dispatcher (tests build many)."""

from __future__ import annotations

from aiogram import Router

from bot.telegram.handlers import deals, errors, private, settle, setup, system, table, wizard


def get_routers() -> list[Router]:
    """Every router, in the order they are tried."""
    return [
        errors.router(),
        private.router(),
        table.router(),
        deals.router(),
        settle.router(),
        setup.router(),
        wizard.router(),
        system.router(),
    ]
