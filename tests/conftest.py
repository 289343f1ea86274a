"""Shared pytest fixtures: a local fake Telegram Bot API and an aiogram Bot bound to it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiogram import Bot
from fakebotapi import FakeTelegram

from bot import texts


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


@pytest.fixture(autouse=True)
def strict_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing message or parameter fails the test instead of being logged."""
    monkeypatch.setattr(texts, "STRICT", True)
