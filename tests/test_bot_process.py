"""The bot as a process: configuration errors (exit 2), a refused token or no network
(exit 1), SIGKILL mid-evening and restart, SIGTERM.

The configuration errors are checked on ``python -m bot`` started cold (they stop it
before aiogram is imported); the other processes are forked by the warm starter
(``tests/warmstart.py``), as the durability test's are (its cold evening checks those
against the real thing).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any

from fakebotapi import FakeTelegram
from warmstart import Starter

ROOT = Path(__file__).resolve().parent.parent


def bot_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("BOT_TOKEN", "DATABASE_URL", "TELEGRAM_API_URL", "LOG_LEVEL")
    }
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


async def test_missing_or_malformed_token_is_one_line_and_exit_2(tmp_path: Path) -> None:
    for extra in ({}, {"BOT_TOKEN": "not-a-token"}):
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=tmp_path,
            env=bot_env(tmp_path, **extra),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        _out, err = await asyncio.wait_for(proc.communicate(), timeout=30)
        text = err.decode()
        assert proc.returncode == 2, text
        assert "Traceback" not in text
        assert len(text.strip().splitlines()) == 1
        assert "BOT_TOKEN" in text


async def run_bot(tmp_path: Path, timeout: float = 30, **extra: str) -> tuple[int, str]:
    """``python -m bot`` started cold in an empty folder: its exit code and stderr."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,
        env=bot_env(tmp_path, **extra),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _out, err = await asyncio.wait_for(proc.communicate(), timeout=timeout)
    assert proc.returncode is not None
    return proc.returncode, err.decode()


GOOD_SHAPE = "42:" + "x" * 30


async def test_a_configuration_error_names_its_key_once_and_exits_2(tmp_path: Path) -> None:
    for extra, key in (
        ({"BOT_TOKEN": "123456:your-token"}, "BOT_TOKEN"),  # the README's placeholder
        ({"BOT_TOKEN": GOOD_SHAPE, "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"BOT_TOKEN": GOOD_SHAPE, "DATABASE_URL": "postgres://x"}, "DATABASE_URL"),
        ({"BOT_TOKEN": GOOD_SHAPE, "BACKUP_KEEP": "-1"}, "BACKUP_KEEP"),
    ):
        code, text = await run_bot(tmp_path, **extra)
        assert code == 2, text
        assert text.startswith(f"pulka-bot: configuration error: {key}"), text
        assert text.count(key) == 1, text
        assert len(text.strip().splitlines()) == 1 and "Traceback" not in text
    assert not (tmp_path / "data").exists()  # nothing made before the settings are good


async def test_a_refused_token_or_no_network_is_one_line_and_exit_1(
    fake_tg: FakeTelegram, tmp_path: Path, warm: Starter
) -> None:
    """Forked by the warm starter, which runs ``bot`` as ``python -m bot`` does: a cold
    start spends seconds importing aiogram before it asks ``getMe``."""

    async def run(**extra: str) -> tuple[int, str]:
        log = tmp_path / f"bot-{len(list(tmp_path.glob('bot-*.log')))}.log"
        proc = warm.spawn(tmp_path, bot_env(tmp_path, **extra), log)
        code = await proc.wait(60)
        return code, log.read_text()

    # A token of the right shape that the Bot API does not know: 401 on getMe.
    code, text = await run(BOT_TOKEN=GOOD_SHAPE, TELEGRAM_API_URL=fake_tg.base_url)
    assert code == 1, text
    assert text.strip() == (
        "pulka-bot: cannot start: BOT_TOKEN was refused by the Bot API (Unauthorized): "
        "check it with @BotFather"
    )
    assert [c.method.lower() for c in fake_tg.calls] == ["getme"]
    # Nobody listens on the port: no network.
    code, text = await run(BOT_TOKEN=fake_tg.token, TELEGRAM_API_URL="http://127.0.0.1:1")
    assert code == 1, text
    assert text.startswith(
        "pulka-bot: cannot start: cannot reach the Bot API at http://127.0.0.1:1"
    )
    assert len(text.strip().splitlines()) == 1 and "Traceback" not in text
    assert fake_tg.token not in text


def unhandled(db: Path) -> int:
    """Updates kept in the bot's inbox and not yet marked handled."""
    con = sqlite3.connect(db)
    try:
        return int(con.execute("SELECT COUNT(*) FROM inbox WHERE handled = 0").fetchone()[0])
    finally:
        con.close()


async def say(
    tg: FakeTelegram, chat: dict[str, Any], user: dict[str, Any], text: str, timeout: float = 20.0
) -> str:
    sent = tg.send_message(chat, user, text)
    reply = await tg.wait_for_message(chat, after=sent["message_id"], timeout=timeout)
    return str(reply["text"])


DEALS = [
    "/deal Anna 6s 6 Boris whist 3 Vera pass 1",
    "/deal Boris 7h 7 Anna whist 2 Vera pass 1",
    "/deal raspasy Anna 3 Boris 2 Vera 5",
    "/deal Vera 6d 5 Anna whist 3 Boris whist 2",
    "/deal Boris misere 0",
    "/deal Anna 6c 6 Boris pass 2 Vera whist 2",
]


async def test_sigkill_mid_evening_loses_nothing_doubles_nothing(
    fake_tg: FakeTelegram, tmp_path: Path, warm: Starter
) -> None:
    tg = fake_tg
    db = tmp_path / "data" / "pulka.sqlite3"
    env = bot_env(
        tmp_path,
        BOT_TOKEN=tg.token,
        TELEGRAM_API_URL=tg.base_url,
        DATABASE_URL=f"sqlite:///{db}",
        LOG_LEVEL="INFO",
        PULKA_CRASH_FILE=str(tmp_path / "crash"),
    )
    log = tmp_path / "bot.log"
    anna, boris, vera = (tg.create_user(n) for n in ("Anna", "Boris", "Vera"))
    chat = tg.create_group(members=[anna, boris, vera], creator=anna)
    tg.set_admins(chat, [tg.bot_id])  # it pins its board: no note that it cannot

    proc = warm.spawn(tmp_path, env, log)
    try:
        await tg.wait_for(
            lambda: tg.calls_to("getUpdates"), timeout=60, description="the bot to poll"
        )
        await say(tg, chat, anna, "/newpulka sochi 20 1")
        for who in (anna, boris, vera):
            await say(tg, chat, who, "/join")
        for text in DEALS[:3]:
            assert "Сдача" in await say(tg, chat, anna, text)
        # Armed only once the bot is through with those (their handled marks written):
        # the third answer's own crash point, passed just after the test saw the
        # answer, would otherwise be the one that kills it.
        await tg.wait_for(
            lambda: unhandled(db) == 0, timeout=30, description="the first deals marked handled"
        )
        # Three deals arrive in one batch; the bot kills itself right after answering
        # the first (a signal sent from here could land after the second or third on a
        # loaded machine).  The batch was kept in the inbox before Telegram was told its
        # offset, so the restarted bot handles what was not marked handled: the first is
        # answered as written, the rest is written once.
        (tmp_path / "crash").write_text("answered:1")
        for text in DEALS[3:]:
            tg.send_message(chat, boris, text)
        assert await proc.wait(20) == -signal.SIGKILL
        (tmp_path / "crash").write_text("")
        assert unhandled(db) >= 1  # the first at least: those of the batch fetched before the kill

        before = len(tg.sent_messages(chat))
        proc = warm.spawn(tmp_path, env, log)

        def answered() -> bool:
            after = " ".join(m.get("text", "") for m in tg.sent_messages(chat)[before:])
            return all(f"Сдача №{n}" in after for n in (5, 6))

        await tg.wait_for(answered, timeout=60, description="the kept updates handled again")
        texts = [m.get("text", "") for m in tg.sent_messages(chat)]
        # Deal 4 answered as written once more, never written again.
        assert sum("уже записана (№4)" in t for t in texts) == 1, texts
        assert sum("Сдача №4" in t and "уже записана" not in t for t in texts) == 1, texts
        history = await say(tg, chat, vera, "/history")
        for number in range(1, 7):
            assert f"\n{number}. " in history, history
        assert "\n7. " not in history

        proc.signal(signal.SIGTERM)
        assert await proc.wait(15) == 0
    finally:
        if proc.returncode is None:
            proc.signal(signal.SIGKILL)
            await proc.wait(10)
    con = sqlite3.connect(db)
    kinds = [k for (k,) in con.execute("SELECT kind FROM events ORDER BY seq")]
    con.close()
    assert kinds.count("deal") == 6
    assert "Traceback" not in log.read_text()


async def filled_database(db: Path, chats: int = 3000) -> Path:
    """A database of this bot with some pages of rows, all in the main file."""
    from bot.storage.db import Storage

    db.parent.mkdir(parents=True, exist_ok=True)
    await (await Storage(str(db)).open()).close()
    con = sqlite3.connect(db)
    con.executemany(
        "INSERT INTO chats (chat_id, lang, updated_at) VALUES (?, 'ru', '2025-01-01')",
        [(-1000 - i,) for i in range(chats)],
    )
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return db


async def broken_databases(folder: Path) -> dict[str, Path]:
    """A junk file, a database cut in half, and one with a page of a table no start-up
    reads (``chats``) overwritten: the three ways a disk or a copy breaks a file."""
    folder.mkdir(parents=True, exist_ok=True)
    junk = folder / "junk.sqlite3"
    junk.write_bytes(b"not sqlite " * 500)
    truncated = await filled_database(folder / "truncated.sqlite3")
    truncated.write_bytes(truncated.read_bytes()[: truncated.stat().st_size // 2])
    corrupted = await filled_database(folder / "corrupted.sqlite3")
    con = sqlite3.connect(corrupted)
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    (root,) = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'chats'").fetchone()
    con.close()
    with open(corrupted, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"\xa5" * page_size)
    return {"junk": junk, "truncated": truncated, "corrupted": corrupted}


#: What the bot says when it cannot open each of :func:`broken_databases`.
BROKEN_SAYS = {
    "junk": "file is not a database",
    "truncated": "is damaged (SQLite quick_check: ",
    "corrupted": "is damaged (SQLite quick_check: ",
}


async def test_a_broken_database_file_is_one_line_and_exit_1(
    fake_tg: FakeTelegram, tmp_path: Path, warm: Starter
) -> None:
    """A junk, truncated or page-damaged database: the bot says so in one line and
    exits 1 (a supervisor restarts it, an operator reads why), never polls on it.

    The junk file is started cold, as ``python -m bot``: the database's thread once
    kept that process alive after its CRITICAL traceback (the warm starter's children
    end with ``os._exit``, which would hide it)."""
    broken = await broken_databases(tmp_path / "data")

    def env(db: Path) -> dict[str, str]:
        return bot_env(
            tmp_path,
            BOT_TOKEN=fake_tg.token,
            TELEGRAM_API_URL=fake_tg.base_url,
            DATABASE_URL=f"sqlite:///{db}",
        )

    code, text = await run_bot(tmp_path, timeout=60, **env(broken["junk"]))
    outcomes = {"junk": (code, text)}
    for name in ("truncated", "corrupted"):
        log = tmp_path / f"bot-{name}.log"
        proc = warm.spawn(tmp_path, env(broken[name]), log)
        try:
            outcomes[name] = (await proc.wait(30), log.read_text())
        finally:
            if proc.returncode is None:
                proc.signal(signal.SIGKILL)
                await proc.wait(10)
    for name, (code, text) in outcomes.items():
        assert code == 1, (name, text)
        lines = text.strip().splitlines()
        # After "starting as @...": the token was good, the database was not.
        assert len(lines) == 2 and "starting as @" in lines[0], (name, text)
        assert lines[1].startswith(
            f"pulka-bot: cannot start: cannot open the database {broken[name]}: "
            if name == "junk"
            else f"pulka-bot: cannot start: database {broken[name]} is damaged"
        ), (name, text)
        assert BROKEN_SAYS[name] in lines[1] and "Traceback" not in text, (name, text)
    assert not fake_tg.calls_to("getUpdates")
