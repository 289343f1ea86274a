"""The bot wired as in production around the fake Bot API server, for end-to-end tests.

``App`` builds Settings, Storage, PulkaService and the aiogram Bot the way
``bot.app`` does, runs the Dispatcher against :class:`fakebotapi.FakeTelegram`,
and talks to it as a user would.  The ``app`` fixture in ``conftest.py`` is one
on a fresh database.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fakebotapi import FakeTelegram

from bot.app import create_bot, create_dispatcher
from bot.config import Settings
from bot.service import PulkaService
from bot.store.db import Storage


class App:
    """The bot wired as in production, plus helpers to talk to it."""

    def __init__(self, tg: FakeTelegram, db: Path) -> None:
        self.tg = tg
        self.db = db
        self.settings = Settings(bot_token=tg.token, database_url=f"sqlite:///{db}",
                                 telegram_api_url=tg.base_url)
        self.storage = Storage(str(db))
        self.service = PulkaService(self.storage)
        self.bot = create_bot(self.settings, self.service)

    async def close(self) -> None:
        """Close the Bot's HTTP session and the database."""
        await self.bot.session.close()
        await self.storage.close()

    async def restart(self) -> None:
        """Stop, then start as a new process would: the same database, a new Storage,
        PulkaService and Bot (the next :meth:`polling` makes a new Dispatcher)."""
        await self.close()
        self.storage = await Storage(str(self.db)).open()
        self.service = PulkaService(self.storage)
        self.bot = create_bot(self.settings, self.service)

    @asynccontextmanager
    async def polling(self) -> AsyncIterator[None]:
        dp = create_dispatcher(self.storage, self.service)
        async with self.tg.run_polling(dp, self.bot, handle_as_tasks=False):
            yield
            await self.tg.wait_for(lambda: self.tg.pending_updates == 0,
                                   description="updates confirmed")

    async def reply_msg(self, chat: dict[str, Any], user: dict[str, Any],
                        text: str) -> dict[str, Any]:
        """Send ``text`` as ``user`` and return the bot's first message after it, once
        the update is fully handled."""
        sent = self.tg.send_message(chat, user, text)
        reply = await self.tg.wait_for_message(chat, after=sent["message_id"])
        # Updates are handled one by one: once confirmed, the command has sent all it
        # sends (the /settle picture after its text), so the next message is the next
        # command's answer.
        await self.tg.wait_for(lambda: self.tg.pending_updates == 0,
                               description="the command handled")
        return reply

    async def say(self, chat: dict[str, Any], user: dict[str, Any], text: str) -> str:
        """Send ``text`` as ``user`` and return the bot's first answer after it
        (a photo's caption if that answer is a photo)."""
        reply = await self.reply_msg(chat, user, text)
        return str(reply.get("text", reply.get("caption", "")))

    async def count(self, kind: str | None = None) -> int:
        async with self.storage.read() as tx:
            return await tx.count_events(kind)


def group(tg: FakeTelegram, people: dict[str, dict[str, Any]],
          title: str | None = None) -> dict[str, Any]:
    """A group of all ``people``, created by ``people["admin"]``; titled ``title`` if
    given, else with the fake's default title."""
    named = {} if title is None else {"title": title}
    return tg.create_group(**named, members=list(people.values()), creator=people["admin"])
