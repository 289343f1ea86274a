"""Shared pytest fixtures: a local fake Telegram Bot API, an aiogram Bot bound to it, and
the whole bot wired around it (``app``) with the people who talk to it (``people``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiogram import Bot
from fakebotapi import FakeTelegram
from harness import App

from bot.views import texts


@pytest.fixture
async def fake_tg() -> AsyncIterator[FakeTelegram]:
    """A started :class:`FakeTelegram` on 127.0.0.1 (ephemeral port), stopped afterwards."""
    fake = FakeTelegram()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
async def tg_bot(fake_tg: FakeTelegram) -> AsyncIterator[Bot]:
    """A real aiogram ``Bot`` talking to ``fake_tg``; its HTTP session is closed afterwards."""
    bot = fake_tg.make_bot()
    try:
        yield bot
    finally:
        await bot.session.close()


@pytest.fixture
async def app(fake_tg: FakeTelegram, tmp_path: Path) -> AsyncIterator[App]:
    """The bot wired as in production on ``fake_tg``, with a fresh database in ``tmp_path``."""
    a = App(fake_tg, tmp_path / "pulka.sqlite3")
    await a.storage.open()
    try:
        yield a
    finally:
        await a.close()


@pytest.fixture
def people(fake_tg: FakeTelegram) -> dict[str, dict[str, Any]]:
    """Three players, a fourth, a stranger and the group's administrator, by first name."""
    return {
        "anna": fake_tg.create_user("Anna", username="anna"),
        "boris": fake_tg.create_user("Boris", last_name="Petrov"),
        "vera": fake_tg.create_user("Vera", username="verochka"),
        "gleb": fake_tg.create_user("Gleb"),
        "stranger": fake_tg.create_user("Stranger"),
        "admin": fake_tg.create_user("Admin"),
    }


@pytest.fixture(autouse=True)
def strict_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing message or parameter fails the test instead of being logged."""
    monkeypatch.setattr(texts, "STRICT", True)
