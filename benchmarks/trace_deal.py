"""Which of the project's modules one update goes through, and how it moves between them.

Run: ``python benchmarks/trace_deal.py [--code DIR] [--inbox] [--calls]``.  It builds the
pulka bot as ``bench_bot.py`` does (``fakebot.pulka_bot``: the real Dispatcher and
storage on a temporary SQLite file, the fake Bot API session), on a pulka seeded with
38 deals; one typed ``/deal`` is sent first, unmeasured (it sends the scoreboard).  Then
it follows, with :func:`sys.setprofile`, two updates through ``dp.feed_update``:

* one typed ``/deal`` (deal 40);
* one "Write it" press on the deal wizard (deal 41; the wizard's ``/deal`` and its four
  screen taps are sent before, unfollowed).

With ``--inbox`` each update is kept in the durable inbox first (``Inbox.keep``), as the
Poller does.  ``--code DIR`` follows another checkout's bot (``git archive REV | tar -x
-C DIR``) with this harness.  ``--calls`` lists the calls per function too.

What it prints for each update, counting the project's modules only (those named
``bot`` or ``bot.*`` and ``scoring`` or ``scoring.*``; aiogram, pydantic, asyncio, the
standard library and this harness are not counted, and code they run in between is
transparent):

* **modules entered**: in the order of their first entry, with the calls into each, and
  their count.  A module is *entered* when one of its functions is called.
* **calls**: the calls into project functions: every new frame of a function defined in
  a project module (comprehensions, lambdas and the ``__init__``/``__eq__`` that
  ``dataclasses`` writes into the module included).  A coroutine resumed after an
  ``await`` is not a new call, nor is a generator resumed by ``next``.
* **switches**: how many times the *current module* changed.  The current module is the
  module of the innermost project frame that runs: a call into a function of another
  module, or a return (or a generator's ``yield``) to a caller in another module, is a
  switch.  An ``await`` that suspends a coroutine and later resumes it is not: the same
  frames run again.
* **returns to a module already left**: calls that enter module ``M`` (from a frame of
  another module) when ``M`` has been the current module before in this update and,
  since it last was, the current module has been some module that is *not below the new
  frame on the call stack* (not one of its callers).  That is: the update went from
  ``M`` to somewhere other than ``M``'s own callers and came back.  Returning into a
  caller is not one, and neither is a caller calling into ``M`` again when only ``M``,
  its callees' returns and the caller itself came in between (a handler asking two
  functions of one view module).  A callback (``M`` calls ``N`` which calls ``M``) is
  not one either: ``N`` is below the new frame.

Each module is shown with its layer (:data:`LAYERS`; an older layout's packages are
mapped to the layer doing the same job), and the layers are listed in the order of the
modules' first entries.

The target, for both updates: at most about 15 modules, entered in the order of the
layers (docs/architecture.md): the trigger (``bot.telegram``), the feature, the action,
storage and the engine (``bot.storage``, ``bot.model``, ``scoring``), then the view; so
that one update can be read, debugged and changed in a few places, each of which has one
job.  Only the main thread is followed (the sheet picture, drawn in a worker thread, is
not part of these two updates).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import types
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


from common import measure_code  # noqa: E402  (this folder is first on sys.path)

CODE = measure_code(sys.argv)

#: The target: at most about this many project modules per update.
MODULES_TARGET = 15

#: The layer of a module (the first prefix that matches), as docs/architecture.md has
#: them; older layouts' packages are mapped to the layer that does the same job.
LAYERS = (
    ("bot.telegram.handlers", "feature"),  # before bot/features
    ("bot.telegram", "trigger"),
    ("bot.features", "feature"),
    ("bot.actions", "action"),
    ("bot.service", "action"),  # before bot/actions
    ("bot.grammar", "grammar"),
    ("bot.input", "grammar"),  # before bot/grammar
    ("bot.storage", "storage"),
    ("bot.store", "storage"),  # before bot/storage (and bot/model)
    ("bot.model", "model"),
    ("bot.domain", "model"),  # before bot/model
    ("bot.views", "view"),
    ("scoring", "engine"),
)


def layer(module: str) -> str:
    for prefix, name in LAYERS:
        if module == prefix or module.startswith(prefix + "."):
            return name
    return "other"


# 3.11's flags and opcodes: a coroutine's or generator's frame that "returns" at a
# YIELD_VALUE is suspended, not finished.
_CO_GENERATOR = 0x20
_CO_COROUTINE = 0x100
_CO_ITERABLE_COROUTINE = 0x100 << 1
_CO_ASYNC_GENERATOR = 0x200
_RESUMABLE = _CO_GENERATOR | _CO_COROUTINE | _CO_ITERABLE_COROUTINE | _CO_ASYNC_GENERATOR
_AWAITING = _CO_COROUTINE | _CO_ITERABLE_COROUTINE
_YIELD_VALUE = __import__("dis").opmap["YIELD_VALUE"]


def project_module(frame: types.FrameType) -> str | None:
    """The project module ``frame`` runs in, or None for any other code."""
    name = frame.f_globals.get("__name__", "")
    if name in ("bot", "scoring") or name.startswith(("bot.", "scoring.")):
        return str(name)
    return None


def _suspended(frame: types.FrameType) -> bool:
    """At a "return" event: is this frame suspended at a ``yield`` (or an ``await``)
    rather than finished?"""
    if not frame.f_code.co_flags & _RESUMABLE:
        return False
    code = frame.f_code.co_code
    i = frame.f_lasti
    return 0 <= i < len(code) and code[i] == _YIELD_VALUE


@dataclass
class Trace:
    """What :meth:`profile` saw (see the module's docstring for the definitions)."""

    #: Project modules in the order of their first entry.
    order: list[str] = field(default_factory=list)
    calls: Counter[str] = field(default_factory=Counter)
    functions: Counter[str] = field(default_factory=Counter)
    switches: int = 0
    returns: int = 0
    #: (module re-entered, the modules current since it last was that are not below it)
    returned: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    #: The current module's history, one entry per switch (and the first entry).
    history: list[str] = field(default_factory=list)
    current: str | None = None
    #: Every project frame seen, kept alive so that no id is reused while tracing.
    _frames: dict[int, types.FrameType] = field(default_factory=dict)
    _last: dict[str, int] = field(default_factory=dict)

    def _below(self, frame: types.FrameType | None) -> set[str]:
        """The project modules on the call stack from ``frame`` down."""
        out: set[str] = set()
        while frame is not None:
            m = project_module(frame)
            if m is not None:
                out.add(m)
            frame = frame.f_back
        return out

    def _innermost(self, frame: types.FrameType | None) -> str | None:
        while frame is not None:
            m = project_module(frame)
            if m is not None:
                return m
            frame = frame.f_back
        return None

    def _become(self, m: str | None) -> None:
        """The current module is now ``m`` (None: no project frame runs)."""
        if m is None or m == self.current:
            self.current = m if m is not None else self.current
            return
        if self.current is not None:
            self.switches += 1
        self.current = m
        self._last[m] = len(self.history)
        self.history.append(m)

    def _enter_by_call(self, m: str, frame: types.FrameType) -> None:
        if m != self.current and m in self._last:
            since = set(self.history[self._last[m] + 1 :]) - {m}
            away = since - self._below(frame.f_back)
            if away:
                self.returns += 1
                self.returned.append((m, tuple(sorted(away))))
        self._become(m)

    def profile(self, frame: types.FrameType, event: str, arg: Any) -> None:
        if event not in ("call", "return"):
            return
        m = project_module(frame)
        if m is None:
            return
        flags = frame.f_code.co_flags
        if event == "call":
            if id(frame) not in self._frames:  # a new call
                self._frames[id(frame)] = frame
                if m not in self.calls:
                    self.order.append(m)
                self.calls[m] += 1
                self.functions[f"{m}.{frame.f_code.co_qualname}"] += 1
                self._enter_by_call(m, frame)
            elif flags & _AWAITING:  # a coroutine resumed: the same frames as before
                self.current = m
            else:  # a generator resumed by its consumer
                self._enter_by_call(m, frame)
            return
        # "return": finished, or suspended at a yield / an await
        if _suspended(frame) and flags & _AWAITING:
            return  # awaiting: the frames stay; the event loop runs other code
        self._become(self._innermost(frame.f_back))


async def follow(coro: Any) -> Trace:
    """Run ``coro`` under the profiler; what it saw."""
    trace = Trace()
    sys.setprofile(trace.profile)
    try:
        await coro
    finally:
        sys.setprofile(None)
    trace._frames.clear()
    return trace


def report(title: str, trace: Trace, show_calls: bool) -> None:
    print(f"\n{title}")
    width = max(len(m) for m in trace.order)
    print(f"  {'#':>2}  {'module (in the order first entered)':<{width}}  calls  layer")
    for i, m in enumerate(trace.order, 1):
        print(f"  {i:>2}  {m:<{width}}  {trace.calls[m]:>5}  {layer(m)}")
    n = len(trace.order)
    path = [layer(trace.order[0])]
    for m in trace.order[1:]:
        if layer(m) != path[-1]:
            path.append(layer(m))
    print(f"  layers, in the order of the modules' first entries: {' > '.join(path)}")
    ok = "yes" if n <= MODULES_TARGET else "NO"
    print(f"  modules entered: {n} (target: at most about {MODULES_TARGET}: {ok})")
    print(f"  calls into project functions: {sum(trace.calls.values())}")
    print(f"  switches between project modules: {trace.switches}")
    print(f"  returns to a module already left: {trace.returns}")
    if trace.returned:
        seen = Counter(m for m, _ in trace.returned)
        print("    re-entered (times): " + ", ".join(f"{m} {k}" for m, k in seen.most_common()))
    if show_calls:
        print("  calls per function:")
        for name, k in sorted(trace.functions.items()):
            print(f"    {k:>5}  {name}")


async def run(inbox_first: bool, show_calls: bool) -> None:
    from fakebot import Chat, PulkaTable, new_maker, people, pulka_bot, seed_pulkas

    with tempfile.TemporaryDirectory(prefix="trace-deal-") as d:
        db = os.path.join(d, "pulka.sqlite3")
        chat_id, users, maker = -100_0000_000_001, people(10), new_maker(1)
        await seed_pulkas(db, [(chat_id, users, maker, 38)])
        pb = await pulka_bot(db)
        try:
            inbox = pb.inbox() if inbox_first else None
            if inbox_first and inbox is None:
                print("this checkout has no inbox: updates fed directly")
            table = PulkaTable(Chat(pb.bot, pb.dp, chat_id, users, inbox=inbox), maker)
            await table.type_deal()  # deal 39: the scoreboard is sent
            who, text = table.next_deal_text()
            update = table.chat.message_update(who, text)
            deal = await follow(table.chat.feed(update))
            await table.wizard_open()
            await table.wizard_screens()
            now = table.chat.current(table._wizard)
            press = table.chat.press_update(table.users[0], now, table._write)
            write = await follow(table.chat.feed(press))
            via = "kept in the inbox first, then " if inbox is not None else ""
            report(f"A typed /deal at deal 40 ({via}dp.feed_update): {text}", deal, show_calls)
            report(f'"Write it" on the wizard, deal 41 ({via}dp.feed_update)', write, show_calls)
            async with pb.storage.read() as tx:
                one = getattr(tx, "one", None) or tx._one  # Tx._one before bot/storage
                row = await one("SELECT COUNT(*) AS n FROM events WHERE kind = ?", "deal")
            if row["n"] != maker.count:
                print(f"\nWARNING: {maker.count} deals sent, {row['n']} written")
        finally:
            await pb.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", metavar="DIR", help="follow the bot of another checkout")
    parser.add_argument("--inbox", action="store_true", help="keep each update in the inbox first")
    parser.add_argument("--calls", action="store_true", help="list the calls per function")
    args = parser.parse_args()
    print(f"trace_deal: code {CODE}; Python {sys.version.split()[0]}")
    asyncio.run(run(args.inbox, args.calls))


if __name__ == "__main__":
    main()
