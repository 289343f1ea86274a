"""Operating the bot: token-safe logs, database copies, the health check.

Process-level tests run ``python -m bot`` against the fake Bot API server, as an
operator or Docker's HEALTHCHECK would.
"""

from __future__ import annotations

import asyncio
import io
import logging
import sqlite3
import sys
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fakebotapi import FakeTelegram
from harness import App, count_events, group
from test_bot_process import BROKEN_SAYS, bot_env, broken_databases, filled_database, say
from warmstart import Starter

from bot.logsafe import MASK, Redactor, install
from bot.model import EventKind
from bot.ops import (
    OpsError,
    check_database,
    copy_database,
    daily_backup,
    daily_copies,
    daily_name,
    keep_daily_backups,
)
from bot.storage import events, pulkas
from bot.storage.db import DatabaseUnusable, Storage
from bot.storage.schema import SCHEMA_VERSION

ROOT = Path(__file__).resolve().parent.parent
#: A player's name that only the SQL parameters would carry into a log.
MARKER = "Quuxleyname"


# --- token-safe logs ------------------------------------------------------------------


@pytest.fixture
def debug_log() -> Iterator[io.StringIO]:
    """The root logger at DEBUG into a buffer, made token-safe as ``python -m bot`` does
    (pytest's own capture handlers are left alone, then everything is restored)."""
    root = logging.getLogger()
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    level, sql_level = root.level, logging.getLogger("aiosqlite").level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield buffer
    finally:
        root.removeHandler(handler)
        for h in root.handlers:
            for f in [f for f in h.filters if isinstance(f, Redactor)]:
                h.removeFilter(f)
        root.setLevel(level)
        logging.getLogger("aiosqlite").setLevel(sql_level)


def test_redactor_cleans_message_args_and_traceback(debug_log: io.StringIO) -> None:
    token = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1"
    install([token])
    log = logging.getLogger("test.redact")
    log.info("GET %s failed", f"https://api.telegram.org/file/bot{token}/documents/f.json")
    log.warning("encoded %s", token.replace(":", "%3A"))
    log.warning("another bot: bot987654:other_Secret-value and 55555:" + "x" * 35)
    try:
        raise RuntimeError(f"boom at /bot{token}/getMe")
    except RuntimeError:
        log.exception("failed with %r", {"url": token})
    log.debug("stack", stack_info=True, extra={})
    text = debug_log.getvalue()
    assert token not in text and token.split(":")[1] not in text
    assert "other_Secret" not in text and "x" * 35 not in text
    assert text.count(MASK) >= 6, text
    assert "RuntimeError: boom at /bot" + MASK in text  # the traceback is kept, redacted


def test_redactor_survives_bad_format_strings() -> None:
    r = Redactor(["1:" + "s" * 30])
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "%d %d", ("1:" + "s" * 30,), None)
    assert r.filter(record)
    assert "s" * 30 not in record.getMessage()


def break_downloads(tg: FakeTelegram, monkeypatch: pytest.MonkeyPatch) -> None:
    """getFile still answers, the file route then says 404: the download fails with
    aiohttp's error, whose text is the file's URL, the token in it."""
    monkeypatch.setattr(tg.files, "at_path", lambda path: None)


async def test_debug_log_of_a_failed_download_has_no_token_and_no_sql(
    fake_tg: FakeTelegram,
    tmp_path: Path,
    debug_log: io.StringIO,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tg = fake_tg
    install([tg.token])  # first, as python -m bot does
    app = App(tg, tmp_path / "pulka.sqlite3")
    await app.storage.open()
    try:
        break_downloads(tg, monkeypatch)
        people = {n: tg.create_user(n) for n in ("Anna", "Boris", MARKER)}
        chat = group(tg, people | {"admin": tg.create_user("Admin")})
        async with app.polling():
            await app.say(chat, people["Anna"], "/newpulka")
            await app.say(chat, people[MARKER], "/join")
            sent = tg.send_message(chat, people["Anna"], "/import", document=("pulka.json", b"{}"))
            reply = await tg.wait_for_message(chat, after=sent["message_id"])
            assert "Не удалось получить файл от Telegram" in reply["text"]  # said, not a hang
    finally:
        await app.close()
    text = debug_log.getvalue()
    # One line, no traceback, and the file's address with the token masked.
    assert "record file not fetched" in text and f"/file/bot{MASK}/documents/" in text
    assert "Traceback" not in text
    assert tg.token not in text and tg.token.split(":")[1] not in text
    assert "aiosqlite" not in text and MARKER not in text


async def test_bot_process_at_debug_logs_no_token(
    fake_tg: FakeTelegram, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, warm: Starter
) -> None:
    tg = fake_tg
    break_downloads(tg, monkeypatch)
    env = bot_env(
        tmp_path,
        BOT_TOKEN=tg.token,
        TELEGRAM_API_URL=tg.base_url,
        DATABASE_URL=f"sqlite:///{tmp_path / 'pulka.sqlite3'}",
        LOG_LEVEL="DEBUG",
    )
    log = tmp_path / "bot.log"
    anna, boris = tg.create_user("Anna"), tg.create_user(MARKER)
    chat = tg.create_group(members=[anna, boris], creator=anna)
    proc = warm.spawn(tmp_path, env, log)
    try:
        await tg.wait_for(
            lambda: tg.calls_to("getUpdates"), timeout=30, description="the bot to poll"
        )
        await say(tg, chat, anna, "/newpulka")
        await say(tg, chat, boris, "/join")
        sent = tg.send_message(chat, anna, "/import", document=("p.json", b"{}"))
        await tg.wait_for_message(chat, after=sent["message_id"], timeout=20)
        await tg.wait_for(
            lambda: tg.pending_updates == 0, timeout=20, description="the import handled"
        )
        proc.terminate()
        assert await asyncio.wait_for(proc.wait(), timeout=15) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    text = log.read_text()
    assert " DEBUG " in text and f"/file/bot{MASK}/documents/" in text, text[-2000:]
    assert tg.token not in text and tg.token.split(":")[1] not in text
    assert "aiosqlite" not in text and MARKER not in text


# --- copies ---------------------------------------------------------------------------


def events_of(path: Path) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(path)
    try:
        return con.execute(
            "SELECT pulka_id, seq, kind, payload FROM events ORDER BY pulka_id, seq"
        ).fetchall()
    finally:
        con.close()


async def write_events(storage: Storage, n: int) -> None:
    async with storage.uow() as tx:
        pulka = await pulkas.create(tx, 1, 0, {"variant": "sochi"}, 1, "Anna", None)
    for i in range(n):
        async with storage.uow() as tx:
            await events.append(
                tx, pulka, EventKind.JOIN, {"i": i, "names": [MARKER]}, 1, "Anna", None
            )
        if i % 10 == 0:
            await asyncio.sleep(0)


async def test_copies_while_the_bot_writes_are_consistent(tmp_path: Path) -> None:
    db = tmp_path / "pulka.sqlite3"
    storage = await Storage(str(db)).open()
    try:
        writer = asyncio.create_task(write_events(storage, 400))
        copies = []
        while not writer.done():
            target = tmp_path / f"copy-{len(copies)}.sqlite3"
            copies.append(await asyncio.to_thread(copy_database, str(db), target))
        await writer
        final = await asyncio.to_thread(copy_database, str(db), tmp_path / "final.sqlite3")
        assert len(copies) >= 2  # some copies were made while the writes went on
        for made in copies:
            rows = events_of(made.path)
            # A snapshot: the first n events, none half-written, none missing.
            assert [r[1] for r in rows] == list(range(1, len(rows) + 1))
            assert made.events == len(rows) and made.schema == SCHEMA_VERSION
        async with storage.read() as tx:
            assert final.events == await count_events(tx) == 400
    finally:
        await storage.close()
    assert events_of(final.path) == events_of(db)
    # A copy is one self-contained file: no -wal beside it, and it opens as ours.
    assert not Path(f"{final.path}-wal").exists()
    reopened = await Storage(str(final.path)).open()
    async with reopened.read() as tx:
        assert await count_events(tx) == 400
    await reopened.close()


def test_copy_refusals(tmp_path: Path) -> None:
    db = tmp_path / "pulka.sqlite3"
    with pytest.raises(OpsError, match="does not exist"):
        copy_database(str(db), tmp_path / "copy.sqlite3")
    assert not db.exists()  # never created by a backup
    other = tmp_path / "other.sqlite3"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE invoices (id INTEGER)")
    con.commit()
    con.close()
    with pytest.raises(OpsError, match="not a pulka database"):
        copy_database(str(other), tmp_path / "copy.sqlite3")
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"hello " * 1000)
    with pytest.raises(OpsError, match="not a database"):
        copy_database(str(junk), tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()
    assert not list(tmp_path.glob(".*.tmp"))


async def test_copy_refuses_to_overwrite_the_database(tmp_path: Path) -> None:
    db = tmp_path / "pulka.sqlite3"
    await (await Storage(str(db)).open()).close()
    with pytest.raises(OpsError, match="the database itself"):
        copy_database(str(db), db)
    made = copy_database(str(db), tmp_path)  # a folder: a time-stamped file in it
    assert made.path.parent == tmp_path and made.path.name.startswith("pulka-")


async def test_daily_copies_rotate(tmp_path: Path) -> None:
    db = tmp_path / "pulka.sqlite3"
    storage = await Storage(str(db)).open()
    await write_events(storage, 3)
    await storage.close()
    folder = tmp_path / "backups"
    folder.mkdir()
    today = date(2025, 3, 10)
    for back in range(1, 6):
        (folder / daily_name(today - timedelta(days=back))).write_bytes(b"old")
    (folder / "notes.txt").write_text("mine")
    (folder / "pulka-manual.sqlite3").write_text("mine")
    made = daily_backup(str(db), folder, 3, today)
    assert made is not None and made.events == 3
    assert [p.name for p in daily_copies(folder)] == [
        daily_name(today - timedelta(days=2)),
        daily_name(today - timedelta(days=1)),
        daily_name(today),
    ]
    assert (folder / "notes.txt").exists() and (folder / "pulka-manual.sqlite3").exists()
    # Restarted the same day: today's copy is there already.
    assert daily_backup(str(db), folder, 3, today) is None
    assert daily_backup(str(db), folder, 1, today + timedelta(days=1)) is not None
    assert [p.name for p in daily_copies(folder)] == [daily_name(today + timedelta(days=1))]


async def test_daily_task_copies_and_never_stops_the_bot(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "pulka.sqlite3"
    storage = await Storage(str(db)).open()
    folder = tmp_path / "backups"
    days = iter(datetime(2025, 3, d, 12, tzinfo=UTC) for d in range(1, 31))
    day = next(days)
    sleeps: list[float] = []
    limit = 4

    async def fast_sleep(seconds: float) -> None:
        """The next day at once; after ``limit`` days, wait to be cancelled."""
        nonlocal day
        sleeps.append(seconds)
        if len(sleeps) >= limit:
            await asyncio.Event().wait()
        day = next(days)

    try:
        await write_events(storage, 2)
        task = asyncio.create_task(keep_daily_backups(str(db), folder, 2, lambda: day, fast_sleep))
        while len(sleeps) < limit:
            await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    finally:
        await storage.close()
    assert [p.name for p in daily_copies(folder)][-1].startswith("pulka-2025-03-0")
    assert len(daily_copies(folder)) == 2
    # Noon to a minute past midnight: the next day's copy.
    assert sleeps[0] == pytest.approx(timedelta(hours=12, minutes=1).total_seconds(), abs=1)

    # A copy that fails is logged and tried again an hour later.
    caplog.set_level(logging.ERROR, logger="bot.ops")
    day = datetime(2025, 4, 1, 12, tzinfo=UTC)
    sleeps.clear()
    limit = 1
    task = asyncio.create_task(
        keep_daily_backups(str(tmp_path / "gone.sqlite3"), folder, 2, lambda: day, fast_sleep)
    )
    while not sleeps:
        await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert caplog.text.count("daily copy failed") == 1 and "does not exist" in caplog.text
    assert sleeps == [3600.0]


async def cli(tmp_path: Path, env: dict[str, str], *args: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout=60)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_backup_command_while_the_bot_runs(
    fake_tg: FakeTelegram, tmp_path: Path, warm: Starter
) -> None:
    tg = fake_tg
    db = tmp_path / "data" / "pulka.sqlite3"
    env = bot_env(
        tmp_path,
        BOT_TOKEN=tg.token,
        TELEGRAM_API_URL=tg.base_url,
        DATABASE_URL=f"sqlite:///{db}",
        BACKUP_KEEP="2",
    )
    log = tmp_path / "bot.log"
    anna, boris, vera = (tg.create_user(n) for n in ("Anna", "Boris", "Vera"))
    chat = tg.create_group(members=[anna, boris, vera], creator=anna)
    tg.set_admins(chat, [tg.bot_id])  # it pins its board: no note that it cannot
    proc = warm.spawn(tmp_path, env, log)
    try:
        await tg.wait_for(
            lambda: tg.calls_to("getUpdates"), timeout=30, description="the bot to poll"
        )
        await say(tg, chat, anna, "/newpulka sochi 20 1")
        for who in (anna, boris, vera):
            await say(tg, chat, who, "/join")
        assert "Сдача" in await say(tg, chat, anna, "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        # The daily copy of BACKUP_KEEP, made at start in the background.
        daily = db.parent / "backups" / daily_name(datetime.now(UTC).date())
        await tg.wait_for(daily.exists, timeout=20, description="the daily copy")
        # A command of a second process, the bot holding the database open.
        no_token = {k: v for k, v in env.items() if k != "BOT_TOKEN"}
        code, out, err = await cli(tmp_path, no_token, "backup", "copies/now.sqlite3")
        assert (code, err) == (0, ""), err
        assert "backup written to copies/now.sqlite3" in out and "4 events" in out
        copy = tmp_path / "copies" / "now.sqlite3"
        assert events_of(copy) == events_of(db)
        code, out, err = await cli(tmp_path, no_token, "backup", "copies/stamped/")
        assert (code, err) == (0, ""), err
        [stamped] = (tmp_path / "copies" / "stamped").iterdir()
        assert stamped.name.startswith("pulka-") and events_of(stamped) == events_of(db)
        assert "Сдача" in await say(tg, chat, vera, "/deal Boris misere 0")
        proc.terminate()
        assert await asyncio.wait_for(proc.wait(), timeout=15) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert len(events_of(db)) == len(events_of(copy)) + 1
    con = sqlite3.connect(daily)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    con.close()
    assert "Traceback" not in log.read_text()


async def test_backup_command_failures_are_one_line(tmp_path: Path) -> None:
    env = bot_env(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'missing.sqlite3'}")
    code, out, err = await cli(tmp_path, env, "backup", "copy.sqlite3")
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1, err
    assert "does not exist" in err and "Traceback" not in err
    code, _, err = await cli(
        tmp_path, bot_env(tmp_path, DATABASE_URL="postgres://x"), "backup", "copy.sqlite3"
    )
    assert code == 2 and "DATABASE_URL" in err and len(err.strip().splitlines()) == 1


# --- the health check -----------------------------------------------------------------


def check_env(tg: FakeTelegram, tmp_path: Path, **extra: str) -> dict[str, str]:
    values = {
        "BOT_TOKEN": tg.token,
        "TELEGRAM_API_URL": tg.base_url,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'data' / 'pulka.sqlite3'}",
        **extra,
    }
    return bot_env(tmp_path, **values)


def one_line_failure(code: int, out: str, err: str) -> str:
    assert code == 1, (code, out, err)
    assert out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    return err


async def test_check_ok(fake_tg: FakeTelegram, tmp_path: Path) -> None:
    env = check_env(fake_tg, tmp_path)
    code, out, err = await cli(tmp_path, env, "check")
    assert (code, err) == (0, ""), err
    assert out == "pulka-bot: ok: @pulka_test_bot, database not created yet, long polling\n"
    db = tmp_path / "data" / "pulka.sqlite3"
    db.parent.mkdir()
    await (await Storage(str(db)).open()).close()
    code, out, err = await cli(tmp_path, env, "--check")
    assert (code, err) == (0, ""), err
    assert out == (
        f"pulka-bot: ok: @pulka_test_bot, database schema {SCHEMA_VERSION} (quick_check ok), "
        "long polling\n"
    )
    assert fake_tg.calls_to("getMe")
    assert sorted(p.name for p in db.parent.iterdir()) == ["pulka.sqlite3"]  # nothing left


async def test_check_failures_are_one_line(fake_tg: FakeTelegram, tmp_path: Path) -> None:
    tg = fake_tg
    wrong = "999999:" + "B" * 35
    err = one_line_failure(*await cli(tmp_path, check_env(tg, tmp_path, BOT_TOKEN=wrong), "check"))
    assert "BOT_TOKEN was refused" in err and "B" * 35 not in err

    # No network: nothing listens on the port of a server just stopped.
    gone = FakeTelegram()
    await gone.start()
    url = gone.base_url
    await gone.stop()
    err = one_line_failure(
        *await cli(tmp_path, check_env(tg, tmp_path, TELEGRAM_API_URL=url), "check")
    )
    assert "cannot reach the Bot API" in err and tg.token not in err

    data = tmp_path / "data"
    data.mkdir()
    other = data / "other.sqlite3"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE invoices (id INTEGER)")
    con.commit()
    con.close()
    env = check_env(tg, tmp_path, DATABASE_URL=f"sqlite:///{other}")
    err = one_line_failure(*await cli(tmp_path, env, "check"))
    assert "not a pulka database" in err

    junk = data / "junk.sqlite3"
    junk.write_bytes(b"not sqlite " * 500)
    env = check_env(tg, tmp_path, DATABASE_URL=f"sqlite:///{junk}")
    assert "not a database" in one_line_failure(*await cli(tmp_path, env, "check"))

    newer = data / "newer.sqlite3"
    await (await Storage(str(newer)).open()).close()
    con = sqlite3.connect(newer)
    con.execute("PRAGMA user_version=99")
    con.close()
    env = check_env(tg, tmp_path, DATABASE_URL=f"sqlite:///{newer}")
    assert "newer than this bot" in one_line_failure(*await cli(tmp_path, env, "check"))

    env = bot_env(tmp_path)  # no BOT_TOKEN at all
    assert "BOT_TOKEN" in one_line_failure(*await cli(tmp_path, env, "check"))


async def test_check_runs_quick_check_and_says_what_it_found(
    fake_tg: FakeTelegram, tmp_path: Path
) -> None:
    """A truncated or page-damaged database, which the bot cannot start on, fails the
    check with what SQLite's ``quick_check`` found (the schema alone looked fine)."""
    broken = await broken_databases(tmp_path / "data")
    for name, db in broken.items():
        env = check_env(fake_tg, tmp_path, DATABASE_URL=f"sqlite:///{db}")
        err = one_line_failure(*await cli(tmp_path, env, "check"))
        assert BROKEN_SAYS[name] in err, (name, err)
        if name != "junk":
            assert err.startswith(f"pulka-bot: check failed: database {db} is damaged"), err
            assert "restore it from a backup copy" in err


async def test_quick_check_is_bounded_in_time(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A file too big to check in its time is said to be unchecked, by the check and at
    start, and is still used; a sound one is checked."""
    db = await filled_database(tmp_path / "big.sqlite3", chats=20_000)
    url = f"sqlite:///{db}"
    assert check_database(url) == f"database schema {SCHEMA_VERSION} (quick_check ok)"
    assert check_database(url, seconds=1e-9) == (
        f"database schema {SCHEMA_VERSION} (quick_check not finished in 1e-09 s)"
    )
    with caplog.at_level(logging.WARNING, logger="bot.storage.db"):
        storage = await Storage(str(db)).open(check_seconds=1e-9)
    async with storage.read() as tx:
        assert (await tx.one("SELECT COUNT(*) FROM chats"))[0] == 20_000
    await storage.close()
    assert "too big to check" in caplog.text


async def test_a_broken_database_is_refused_and_its_connection_closed(tmp_path: Path) -> None:
    """``Storage.open`` on a broken file raises one line and leaves no thread behind
    (aiosqlite's thread is not a daemon: it kept ``python -m bot`` from exiting)."""
    import threading

    broken = await broken_databases(tmp_path / "data")
    before = set(threading.enumerate())
    for name, db in broken.items():
        storage = Storage(str(db))
        with pytest.raises(DatabaseUnusable) as refused:
            await storage.open()
        assert BROKEN_SAYS[name] in str(refused.value) and "\n" not in str(refused.value)
        await storage.close()  # a no-op now
    for _ in range(100):  # a closed connection's thread ends just after ``close``
        if not set(threading.enumerate()) - before:
            break
        await asyncio.sleep(0.02)
    assert not set(threading.enumerate()) - before
