"""``python -m bot`` started in half a second: a warm process forks one per request.

Importing aiogram builds some 900 pydantic models and takes 4-5 s on the test
machines' shared cores (and the bot's own modules another second, compiled from
source again where ``PYTHONDONTWRITEBYTECODE`` is set); a test that kills and restarts
the bot forty times would spend minutes on it.  The starter (this file run as a
script) imports the third-party libraries and the bot's modules once, and then for
each request forks a child that takes its environment, folder and log, and runs the
``bot`` package as ``python -m bot`` does (:func:`runpy.run_module`).  Nothing of
``bot`` reads the environment when it is imported but ``bot.crashpoints``, which the
child imports again (:func:`importlib.reload`), so it reads the child's
``PULKA_CRASH_AT`` and ``PULKA_CRASH_FILE``.  Each child is a process of its own:
killed by its pid, and its exit status reported by the starter.

:class:`Starter` is the test side (blocking pipes and a reader thread, so it works
from any event loop); :class:`Child` one bot process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

#: What the starter imports before forking: the slow part of the bot's start.
WARM = (
    "aiogram",
    "aiogram.types",
    "aiogram.methods",
    "aiogram.client.bot",
    "aiogram.client.session.aiohttp",
    "aiogram.dispatcher.dispatcher",
    "aiogram.filters",
    "aiosqlite",
    "pydantic_settings",
    "fluent.runtime",
    "PIL.Image",
)
#: The bot's modules imported too (all of them: ``bot.app`` imports every feature);
#: ``bot.__main__`` itself is run by the child, as ``python -m bot`` runs it.
BOT = ("bot.config", "bot.logsafe", "bot.app", "bot.ops", "bot.telegram.webhook")


class Child:
    """One forked bot process."""

    def __init__(self, starter: Starter, pid: int) -> None:
        self.starter = starter
        self.pid = pid

    @property
    def returncode(self) -> int | None:
        """The exit code once it ended (``-9`` when SIGKILLed), else None."""
        return self.starter.exits.get(self.pid)

    def signal(self, sig: int) -> None:
        if self.returncode is None:
            # It may have ended meanwhile; the starter reports it.
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.signal(signal.SIGTERM)

    def kill(self) -> None:
        self.signal(signal.SIGKILL)

    async def wait(self, timeout: float = 30.0) -> int:
        """Wait for the process to end; its exit code."""
        deadline = time.monotonic() + timeout
        while self.returncode is None:
            if time.monotonic() > deadline:
                raise TimeoutError(f"bot process {self.pid} still runs after {timeout} s")
            await asyncio.sleep(0.01)
        return int(self.returncode)


class Starter:
    """The warm starter process, from the test's side."""

    def __init__(self, root: Path, log: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(root))
        self._proc = subprocess.Popen(
            [sys.executable, __file__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log.open("ab"),
            env=env,
            cwd=root,
            text=True,
            bufsize=1,
        )
        self.exits: dict[int, int] = {}
        self._pids: list[int] = []
        self._cond = threading.Condition()
        self._ready = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        with self._cond:
            if not self._cond.wait_for(lambda: self._ready or self._proc.poll() is not None, 300):
                raise RuntimeError("the warm starter did not get ready in 300 s")
        if not self._ready:
            raise RuntimeError(f"the warm starter failed; see {log}")

    def _read(self) -> None:
        assert self._proc.stdout is not None
        for line in self._proc.stdout:
            word, *rest = line.split()
            with self._cond:
                if word == "ready":
                    self._ready = True
                elif word == "pid":
                    self._pids.append(int(rest[0]))
                elif word == "exit":
                    self.exits[int(rest[0])] = int(rest[1])
                self._cond.notify_all()
        with self._cond:
            self._cond.notify_all()

    def spawn(self, cwd: Path, env: dict[str, str], log: Path) -> Child:
        """Start ``python -m bot`` in ``cwd`` with exactly ``env``, stderr to ``log``."""
        assert self._proc.stdin is not None
        with self._cond:
            known = len(self._pids)
            self._proc.stdin.write(
                json.dumps({"cwd": str(cwd), "env": env, "log": str(log)}) + "\n"
            )
            self._proc.stdin.flush()
            if not self._cond.wait_for(lambda: len(self._pids) > known, 30):
                raise RuntimeError("the warm starter did not fork")
            return Child(self, self._pids[known])

    def close(self) -> None:
        """Stop the starter (it kills any child still running)."""
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()


# --- the starter process ------------------------------------------------------------


def _reap(_signum: int, _frame: object) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        # os.write, not print: this runs between any two bytecodes of the main loop.
        os.write(1, f"exit {pid} {os.waitstatus_to_exitcode(status)}\n".encode())


def _child(request: dict[str, object]) -> None:
    """In the forked child: become ``python -m bot`` with the request's settings."""
    import importlib
    import runpy
    import traceback

    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    log = os.open(str(request["log"]), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(log, 2)
    os.chdir(str(request["cwd"]))
    env = request["env"]
    assert isinstance(env, dict)
    os.environ.clear()
    os.environ.update(env)
    sys.path.insert(0, str(request["cwd"]))  # as for ``python -m``: the current folder first
    sys.argv = ["bot"]
    importlib.reload(sys.modules["bot.crashpoints"])  # the child's PULKA_CRASH_* read
    code = 1
    try:
        runpy.run_module("bot", run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stderr.flush()
        os._exit(code)


def warm_up() -> None:
    """What each bot builds at its start and keeps, built once here: the Fluent
    catalogs, parsed from the same files (two thirds of a forked start), and aiogram's
    response types; then the heap frozen, so no child's collector scans it."""
    import gc

    from bot.app import keep_response_types
    from bot.views import texts

    for lang in texts.LANGS:
        texts.bundle(lang)
    keep_response_types()
    gc.collect()
    gc.freeze()


def serve() -> None:
    import importlib

    for name in (*WARM, *BOT):
        importlib.import_module(name)
    assert "bot.__main__" not in sys.modules
    warm_up()
    children: list[int] = []
    signal.signal(signal.SIGCHLD, _reap)
    os.write(1, b"ready\n")
    for line in sys.stdin:
        request = json.loads(line)
        sys.stderr.flush()
        # SIGCHLD held back until the pid is told, so "exit" never comes before "pid".
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})
        pid = os.fork()
        if pid == 0:
            _child(request)
        children.append(pid)
        os.write(1, f"pid {pid}\n".encode())
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
    for pid in children:  # the test is gone: no bot outlives it
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


if __name__ == "__main__":
    sys.path.pop(0)  # this file's folder (tests/) is not the bot's path
    serve()
