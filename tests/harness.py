"""The bot wired as in production around the fake Bot API server, for end-to-end tests.

``App`` builds Settings, Storage, Keeper and the aiogram Bot the way
``bot.app`` does, runs the Dispatcher against :class:`fakebotapi.FakeTelegram`,
and talks to it as a user would.  The ``app`` fixture in ``conftest.py`` is one
on a fresh database.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fakebotapi import FakeTelegram, close_session

from bot.actions import boards
from bot.actions.keeper import Keeper
from bot.app import Server, create_bot, create_dispatcher
from bot.config import Settings
from bot.storage.db import Storage, Tx
from bot.storage.pulkas import of_place


class App:
    """The bot wired as in production, plus helpers to talk to it."""

    def __init__(self, tg: FakeTelegram, db: Path) -> None:
        self.tg = tg
        self.db = db
        self.settings = Settings(
            bot_token=tg.token, database_url=f"sqlite:///{db}", telegram_api_url=tg.base_url
        )
        self.storage = Storage(str(db))
        self.keeper = Keeper(self.storage)
        self.bot = create_bot(self.settings, self.keeper)

    async def close(self) -> None:
        """Close the Bot's HTTP session and the database."""
        await close_session(self.bot)
        await self.storage.close()

    async def restart(self) -> None:
        """Stop, then start as a new process would: the same database, a new Storage,
        Keeper and Bot (the next :meth:`polling` makes a new Dispatcher)."""
        await self.close()
        self.storage = await Storage(str(self.db)).open()
        self.keeper = Keeper(self.storage)
        self.bot = create_bot(self.settings, self.keeper)

    @asynccontextmanager
    async def polling(self) -> AsyncIterator[None]:
        """Run the bot as ``python -m bot`` does (``bot.app.Server``) until the block exits."""
        dp = create_dispatcher(self.storage, self.keeper, self.settings)
        self.server = server = Server(dp, self.bot, self.storage, self.settings)
        since = len(self.tg.calls)
        task = asyncio.create_task(server.run())
        try:
            await self.tg.wait_for(
                lambda: (
                    task.done()
                    or any(c.method.lower() == "getupdates" for c in self.tg.calls[since:])
                ),
                # Start-up collects and freezes the heap (bot.app.Server.run): on a
                # loaded machine that alone can take seconds.
                timeout=30.0,
                description="the bot to start polling",
            )
            if task.done():
                task.result()
            yield
            await self.idle()
        finally:
            server.stop.set()
            await asyncio.wait_for(task, 10)

    async def idle(self) -> None:
        """Wait until every update sent so far is confirmed and handled."""
        server = self.server
        await self.tg.wait_for(
            lambda: self.tg.pending_updates == 0 and server.pending == 0,
            description="updates confirmed and handled",
        )

    async def reply_msg(
        self, chat: dict[str, Any], user: dict[str, Any], text: str
    ) -> dict[str, Any]:
        """Send ``text`` as ``user`` and return the bot's first message after it, once
        the update is fully handled."""
        sent = self.tg.send_message(chat, user, text)
        reply = await self.tg.wait_for_message(chat, after=sent["message_id"])
        # Once confirmed and handled, the command has sent all it sends (the /settle
        # picture after its text), so the next message is the next command's answer.
        await self.idle()
        return reply

    async def say(self, chat: dict[str, Any], user: dict[str, Any], text: str) -> str:
        """Send ``text`` as ``user`` and return the bot's first answer after it
        (a photo's caption if that answer is a photo)."""
        reply = await self.reply_msg(chat, user, text)
        return str(reply.get("text", reply.get("caption", "")))

    async def board(self, chat: dict[str, Any], thread: int = 0) -> str:
        """The text of the scoreboard of ``chat``'s latest pulka, as the chat shows it now."""
        return str((await self.board_message(chat, thread)).get("text", ""))

    async def board_message(self, chat: dict[str, Any], thread: int = 0) -> dict[str, Any]:
        """The scoreboard message of ``chat``'s latest pulka, as the chat shows it now."""
        async with self.storage.read() as tx:
            listed = await of_place(tx, chat["id"], thread)
        row = await boards.row(self.keeper, listed[-1].pulka_id)
        assert row is not None, "no scoreboard"
        shown = self.tg.message(chat, row.message_id)
        assert shown is not None, "the scoreboard is gone"
        return shown

    async def count(self, kind: str | None = None) -> int:
        async with self.storage.read() as tx:
            return await count_events(tx, kind)


def group(
    tg: FakeTelegram, people: dict[str, dict[str, Any]], title: str | None = None
) -> dict[str, Any]:
    """A group of all ``people``, created by ``people["admin"]``; titled ``title`` if
    given, else with the fake's default title."""
    named = {} if title is None else {"title": title}
    return tg.create_group(**named, members=list(people.values()), creator=people["admin"])


async def count_events(tx: Tx, kind: str | None = None) -> int:
    """How many events the log holds (of ``kind``, if given)."""
    if kind is None:
        row = await tx.one("SELECT COUNT(*) AS n FROM events")
    else:
        row = await tx.one("SELECT COUNT(*) AS n FROM events WHERE kind = ?", kind)
    return int(row["n"]) if row else 0
