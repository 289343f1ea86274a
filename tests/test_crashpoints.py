"""``bot.crashpoints``: inert without its variables, armed by ``PULKA_CRASH_AT`` or by the
file of ``PULKA_CRASH_FILE`` (read again at each pass), killing at the n-th pass."""

from __future__ import annotations

import importlib
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot import crashpoints

Load = Callable[..., list[int]]


@pytest.fixture
def load(monkeypatch: pytest.MonkeyPatch) -> Iterator[Load]:
    """``load(**env)``: the module read again under ``env``; the signals it would have
    sent are returned in a list, nothing is killed."""

    def read(**env: str) -> list[int]:
        for name in ("PULKA_CRASH_AT", "PULKA_CRASH_FILE"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        importlib.reload(crashpoints)
        kills: list[int] = []
        fake = SimpleNamespace(getpid=os.getpid, kill=lambda _pid, sig: kills.append(sig))
        monkeypatch.setattr(crashpoints, "os", fake)
        return kills

    yield read
    monkeypatch.undo()
    importlib.reload(crashpoints)  # as the run's own environment has it


def test_without_the_variables_nothing_is_killed(load: Load) -> None:
    kills = load()
    for point in ("answered", "updates_kept", "deal_committed"):
        crashpoints.reached(point)
    assert kills == []


def test_the_variable_kills_at_the_nth_pass_of_its_point(load: Load) -> None:
    kills = load(PULKA_CRASH_AT="answered:2")
    crashpoints.reached("deal_committed")
    crashpoints.reached("answered")
    assert kills == []
    crashpoints.reached("answered")
    assert kills == [signal.SIGKILL]


def test_the_file_arms_the_running_process_and_counts_afresh_when_it_changes(
    load: Load, tmp_path: Path
) -> None:
    armed = tmp_path / "crash_at"
    kills = load(PULKA_CRASH_FILE=str(armed))
    crashpoints.reached("answered")  # no file: unarmed
    armed.write_text("", encoding="utf-8")
    crashpoints.reached("answered")  # empty: unarmed
    armed.write_text("answered:2 1\n", encoding="utf-8")
    crashpoints.reached("updates_kept")
    crashpoints.reached("answered")
    assert kills == []
    armed.write_text("answered:2 2\n", encoding="utf-8")  # armed anew: counted from 0
    crashpoints.reached("answered")
    assert kills == []
    crashpoints.reached("answered")
    assert kills == [signal.SIGKILL]
