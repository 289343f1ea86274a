"""Shared pytest fixtures: a local fake Telegram Bot API, an aiogram Bot bound to it, and
the whole bot wired around it (``app``) with the people who talk to it (``people``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from aiogram import Bot
from fakebotapi import FakeTelegram, close_session
from harness import App
from hypothesis import settings
from warmstart import Starter

from bot.views import texts

#: Hypothesis where a test has no ``@settings`` of its own: a hundred examples, each
#: given two seconds (ten times Hypothesis's deadline, so that a loaded machine does not
#: fail an example that took 0.2 s).  Every test drawing more says how many in its
#: ``@settings``.  Hypothesis's ``ci`` profile (on CI) and ``--hypothesis-profile`` win.
settings.register_profile("pulka", max_examples=100, deadline=timedelta(seconds=2), print_blob=True)
if settings.get_current_profile_name() == "default":
    settings.load_profile("pulka")


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
        await close_session(bot)


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


@pytest.fixture(scope="session")
def warm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Starter]:
    """The warm starter (``tests/warmstart.py``): ``python -m bot`` forked in a moment.

    One per worker for the whole session, so the tests that kill the bot share its
    imports wherever the scheduler puts them.
    """
    starter = Starter(
        Path(__file__).resolve().parent.parent, tmp_path_factory.mktemp("warm") / "starter.log"
    )
    try:
        yield starter
    finally:
        starter.close()


# --- the order: the longest tests first ---------------------------------------------------

#: Seconds a test takes, by the start of its id, for a run that has no durations of its
#: own yet (a fresh clone, CI): measured on a quiet machine; only their order matters.
SLOW_FILES = {
    "tests/test_durability.py::test_random_kills_of_cold_processes": 30.0,
    "tests/test_durability.py": 10.0,
    "tests/test_deals_two_and_five.py::test_every_screen_of_a_two_and_a_five": 15.0,
    "tests/test_bot_ops.py": 5.0,
    "tests/scoring_tests/test_properties.py": 3.0,
    "tests/scoring_tests/test_entry.py": 3.0,
    "tests/test_fuzz_inputs.py": 3.0,
    "tests/test_typing.py": 3.0,
}
#: The cache key of the last durations, by test id (``.pytest_cache``).
DURATIONS = "pulka/durations"
_TOOK: dict[str, float] = {}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest tests first, by the durations of the runs before (else
    :data:`SLOW_FILES`): with ``--dist load --maxschedchunk 1`` a worker takes the next
    test when it is free, so the long ones are shared out first and the short ones
    fill in after them.  Every worker reads the same cache, so they collect alike."""
    cache = getattr(config, "cache", None)
    known = cache.get(DURATIONS, {}) if cache is not None else {}

    def took(item: pytest.Item) -> float:
        if item.nodeid in known:
            return float(known[item.nodeid])
        return max((v for k, v in SLOW_FILES.items() if item.nodeid.startswith(k)), default=0.0)

    items.sort(key=took, reverse=True)  # stable: the rest keep pytest's order


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Each test's time, setup and teardown included (the workers report it to the
    controller too)."""
    _TOOK[report.nodeid] = _TOOK.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The durations kept for the next run's order, by the controller only."""
    config = session.config
    cache = getattr(config, "cache", None)
    if cache is None or hasattr(config, "workerinput") or not _TOOK:
        return
    known = cache.get(DURATIONS, {})
    known.update({k: round(v, 2) for k, v in _TOOK.items()})
    cache.set(DURATIONS, known)
