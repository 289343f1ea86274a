"""Operating the bot: database copies (``python -m bot backup``, the daily copies) and
the health check (``python -m bot check``).

A copy is made with SQLite's online backup API from a connection of its own, in
one step: that step reads one snapshot of the database, and with WAL the bot's
writes go on meanwhile, so the copy is consistent and no handler waits for it.
The running bot makes it in a worker thread (``asyncio.to_thread``), never on the
bot's own connection, whose one thread every query goes through.

Every problem is an :class:`OpsError` whose text is one line for the operator.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import aiohttp

from bot.config import Settings, database_path
from bot.logsafe import Redactor
from bot.storage.db import damage, quick_check
from bot.storage.schema import SCHEMA_VERSION, check_schema

log = logging.getLogger(__name__)

#: The daily copies: ``pulka-2025-01-31.sqlite3`` (UTC dates); nothing else in the
#: folder is ever removed.
DAILY_RE = re.compile(r"pulka-([0-9]{4}-[0-9]{2}-[0-9]{2})\.sqlite3")
#: How long the check waits for the Bot API (Docker's HEALTHCHECK allows 30 s).
CHECK_TIMEOUT = 10
#: How long the check spends on SQLite's ``quick_check`` of the database at most.
CHECK_DATABASE_SECONDS = 10
#: The Bot API as aiogram's ``TelegramAPIServer.from_base`` addresses it.  The check
#: calls getMe with aiohttp alone: importing aiogram costs seconds of CPU, too much
#: for a health check run every few minutes.
PRODUCTION_API = "https://api.telegram.org"
#: After a failed daily copy, try again this much later.
RETRY_AFTER = timedelta(hours=1)


class OpsError(Exception):
    """A backup or check failed; ``str()`` is one line for the operator."""


@dataclass(frozen=True, slots=True)
class Copy:
    """A copy written: where, its schema and how many events it holds."""

    path: Path
    schema: int
    events: int


def _connect_existing(path: str) -> sqlite3.Connection:
    """A connection to the database at ``path``, which must exist (never created).

    Read-write (not ``mode=ro``): a read-only connection to a WAL database leaves
    its ``-wal`` and ``-shm`` files behind, owned by whoever ran the command.
    """
    file = Path(path)
    if not file.is_file():
        raise OpsError(f"database {path} does not exist")
    try:
        conn = sqlite3.connect(file.resolve().as_uri() + "?mode=rw", uri=True, timeout=10)
    except sqlite3.Error as e:
        raise OpsError(f"database {path}: {e}") from None
    return conn


def _check(conn: sqlite3.Connection, path: str) -> int:
    try:
        return check_schema(conn)
    # Not ours, or sqlite3's "file is not a database", "database is locked".
    except (ValueError, sqlite3.Error) as e:
        raise OpsError(_unusable(path, e)) from None


def _unusable(path: str, e: Exception) -> str:
    # A truncated or overwritten file: "damaged", and what to do about it.
    return damage(path, [str(e)]) if "malformed" in str(e) else f"database {path}: {e}"


def copy_database(source: str, target: Path) -> Copy:
    """Copy the database at ``source`` to ``target`` (a file, or a folder to put a
    time-stamped copy in), consistently, while the bot may be writing to it.

    The copy is written next to ``target`` and renamed over it only once complete
    and checked, so ``target`` is never a half-written file; it is a plain
    (rollback-journal) database, one self-contained file.
    """
    if target.is_dir():
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        target = target / f"pulka-{stamp}.sqlite3"
    src = _connect_existing(source)
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        if target.exists() and os.path.samefile(target, source):
            raise OpsError(f"{target} is the database itself; choose another path")
        schema = _check(src, source)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp.unlink(missing_ok=True)
        dst = sqlite3.connect(tmp)
        try:
            # pages=-1: the whole database in one step, hence one snapshot.
            src.backup(dst, pages=-1)
            dst.execute("PRAGMA journal_mode=DELETE")
            ok = dst.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise OpsError(f"the copy {tmp} failed its check: {ok}")
            events = int(dst.execute("SELECT COUNT(*) FROM events").fetchone()[0]) if schema else 0
        finally:
            dst.close()
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, target)
        _fsync_dir(target.parent)
    except OSError as e:
        raise OpsError(f"cannot write {target}: {e.strerror or e}") from None
    except sqlite3.Error as e:
        raise OpsError(f"copying {source} failed: {e}") from None
    finally:
        src.close()
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)  # left only by a failure
    return Copy(target, schema, events)


def _fsync_dir(folder: Path) -> None:
    # The rename is durable only once the folder itself is on disk.
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# --- daily copies ------------------------------------------------------------------


def daily_name(day: date) -> str:
    """The file name of ``day``'s copy: ``pulka-2025-01-31.sqlite3``."""
    return f"pulka-{day.isoformat()}.sqlite3"


def daily_copies(folder: Path) -> list[Path]:
    """The daily copies in ``folder``, oldest first."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if DAILY_RE.fullmatch(p.name) and p.is_file())


def rotate(folder: Path, keep: int) -> list[Path]:
    """Remove all but the ``keep`` newest daily copies; the ones removed."""
    copies = daily_copies(folder)
    old = copies[:-keep] if keep > 0 else copies
    for p in old:
        p.unlink(missing_ok=True)
    return old


def daily_backup(source: str, folder: Path, keep: int, today: date) -> Copy | None:
    """Make ``today``'s copy unless it exists, then keep the ``keep`` newest.

    None if today's copy was already there (the bot restarted during the day).
    """
    target = folder / daily_name(today)
    made = None if target.exists() else copy_database(source, target)
    for p in rotate(folder, keep):
        log.info("old copy %s removed", p.name)
    return made


def _utcnow() -> datetime:
    return datetime.now(UTC)


async def keep_daily_backups(
    source: str,
    folder: Path,
    keep: int,
    clock: Callable[[], datetime] = _utcnow,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> None:
    """The running bot's background task: a copy a day, the ``keep`` newest kept.

    The copy is made in a worker thread on a connection of its own, so handlers
    never wait for it; a failure is logged and tried again an hour later, and
    never stops the bot.
    """
    while True:
        now = clock()
        wake = now + RETRY_AFTER
        try:
            made = await asyncio.to_thread(daily_backup, source, folder, keep, now.date())
        except OpsError as e:
            log.error("daily copy failed: %s", e)
        except Exception:
            log.exception("daily copy failed")
        else:
            if made is not None:
                log.info("daily copy %s written (%d events)", made.path, made.events)
            # A minute past midnight UTC: the next day's copy.
            wake = datetime.combine(
                now.date() + timedelta(days=1), datetime.min.time(), tzinfo=UTC
            ) + timedelta(minutes=1)
        await sleep(max(1.0, (wake - clock()).total_seconds()))


# --- health check ------------------------------------------------------------------


def check_database(url: str, seconds: float = CHECK_DATABASE_SECONDS) -> str:
    """What the check says about the database: ``database schema 6 (quick_check ok)``;
    :class:`OpsError` if it is not usable: not ours, newer than the bot, or damaged
    (SQLite's ``quick_check``, which is given at most ``seconds``: a bigger file is
    said to be unchecked)."""
    path = database_path(url)
    if path == ":memory:":
        return "database in memory"
    if not Path(path).exists():
        folder = Path(path).parent
        if folder.exists() and not os.access(folder, os.W_OK):
            raise OpsError(f"database {path} does not exist and {folder} is not writable")
        return "database not created yet"
    conn = _connect_existing(path)
    try:
        version = _check(conn, path)
        try:
            problems = quick_check(conn, seconds)
        except sqlite3.Error as e:
            raise OpsError(_unusable(path, e)) from None
    finally:
        conn.close()
    if problems:
        raise OpsError(damage(path, problems))
    checked = f"quick_check not finished in {seconds:g} s" if problems is None else "quick_check ok"
    if version == 0:
        return f"database empty ({checked})"
    if version < SCHEMA_VERSION:
        return f"database schema {version} ({checked}; migrated to {SCHEMA_VERSION} at start)"
    return f"database schema {version} ({checked})"


async def check_token(settings: Settings) -> str:
    """``getMe`` on the Bot API (``TELEGRAM_API_URL`` if set): ``@username``."""
    token = settings.bot_token.get_secret_value()
    redactor = Redactor([token])
    base = (settings.telegram_api_url or PRODUCTION_API).rstrip("/")
    timeout = aiohttp.ClientTimeout(total=CHECK_TIMEOUT)
    try:
        async with (
            aiohttp.ClientSession(timeout=timeout) as session,
            session.get(f"{base}/bot{token}/getMe") as response,
        ):
            status = response.status
            try:
                answer = await response.json(content_type=None)
            except ValueError:
                answer = None
    except (aiohttp.ClientError, OSError, TimeoutError) as e:
        reason = " ".join(str(e).split()) or "no answer in time"
        raise OpsError(
            redactor.redact(f"cannot reach the Bot API at {base}: {type(e).__name__}: {reason}")
        ) from None
    if not isinstance(answer, dict):
        raise OpsError(f"{base} is not a Bot API: it answered HTTP {status}, not JSON")
    if status == 401 or (status == 404 and answer.get("ok") is False):
        # Telegram answers an unknown token with 401, a malformed one with 404.
        raise OpsError(
            f"BOT_TOKEN was refused by the Bot API ({status} "
            f"{answer.get('description', '')}): check it with @BotFather"
        )
    result = answer.get("result")
    if not answer.get("ok") or not isinstance(result, dict):
        description = " ".join(str(answer.get("description", "")).split())
        raise OpsError(
            redactor.redact(f"the Bot API at {base} refused getMe: {status} {description}")
        )
    return f"@{result.get('username')}"


def receiving(settings: Settings) -> str:
    """How the bot is configured to receive updates: ``long polling`` or the webhook."""
    if settings.webhook_url:
        return (
            f"webhook {settings.webhook_url} "
            f"(served on {settings.webhook_host}:{settings.webhook_port})"
        )
    return "long polling"


async def check(settings: Settings) -> str:
    """The whole check: database, then token; the OK line (with the receiving mode),
    or :class:`OpsError`."""
    database = check_database(settings.database_url)
    bot = await check_token(settings)
    return f"ok: {bot}, {database}, {receiving(settings)}"
