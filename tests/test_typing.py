"""Type checks as tests: ``mypy --strict`` on the engine, ``mypy`` on the bot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("args", [["--strict", "scoring"], ["bot"]], ids=["scoring", "bot"])
def test_mypy(args: list[str]) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stdout + out.stderr
