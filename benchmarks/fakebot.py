"""What the bot benchmarks feed the Dispatcher with, and the bots they feed.

* :class:`FakeSession`: an aiogram session with no network.  It does the work
  :class:`aiogram.client.session.aiohttp.AiohttpSession` does around the HTTP
  call (every field through ``prepare_value``, files read, the answer parsed by
  ``check_response`` into ``Response[method.__returning__]``), answers each
  method with a plausible result, keeps every message the bot sent or edited as
  Telegram would show it (so buttons can be pressed on it), and can sleep a
  simulated round trip (``delay``).
* :class:`Chat`: a group with users who write messages and press buttons; it
  builds the aiogram :class:`~aiogram.types.Update` objects (message ids shared
  with the bot's messages, as in a real chat).
* :func:`pulka_bot` (the real bot: ``bot.app``'s Bot with this session,
  ``create_dispatcher`` over the real SQLite ``Storage``) and
  :func:`echo_bot` (a bare aiogram Dispatcher with one handler answering the text).
* :class:`DealMaker` and :func:`deal_command`: valid deals for a pulka and their
  ``/deal`` text; :class:`Probe`: counts replays, ``play`` calls, SQL statements,
  lock acquisitions and Bot API calls, by patching at benchmark time only.

Imported by ``bench_bot.py``; nothing here changes ``bot/`` or ``scoring/``.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import importlib
import inspect
import itertools
import random
import sys
import time
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.base import BaseSession
from aiogram.enums import ParseMode
from aiogram.methods import TelegramMethod
from aiogram.types import Message, Update

if TYPE_CHECKING:
    from scoring import Deal, Game, Rules

TOKEN = "123456789:AAbenchmarkBENCHMARKbenchmark_0123456"
BOT_ID = 123456789
BOT_USER = {
    "id": BOT_ID,
    "is_bot": True,
    "first_name": "Pulka",
    "username": "pulka_bench_bot",
    "can_join_groups": True,
    "can_read_all_group_messages": False,
    "supports_inline_queries": False,
}
#: A plausible size for a sheet picture's answer (the bytes are read, not kept).
PHOTO_SIZES = ((320, 240), (800, 600), (1280, 960))


class FakeSession(BaseSession):
    """A Bot API with no network: each method answered as Telegram would, after ``delay`` s.

    ``admins`` are user ids that ``getChatMember`` calls administrators (everyone
    else is a member); ``calls`` counts the methods called.
    """

    def __init__(self, delay: float = 0.0, keep: int = 24) -> None:
        super().__init__()
        self.delay = delay
        self.calls: Counter[str] = Counter()
        self.admins: set[int] = set()
        self.chats: dict[int, dict[str, Any]] = {}
        #: The newest messages of each chat as they are now: chat id -> message id -> JSON
        #: (an edit counts as new; older ones are forgotten, see ``keep``).
        self.messages: dict[int, OrderedDict[int, dict[str, Any]]] = {}
        self.keep = keep
        #: The newest message the bot sent in each chat.
        self.last_sent: dict[int, dict[str, Any]] = {}
        #: ``time.perf_counter()`` when each chat's newest sent message was answered.
        self.sent_at: dict[int, float] = {}
        self._ids: dict[int, Iterator[int]] = {}
        self._files = itertools.count(1)

    # --- the chat's message numbering, shared with the messages users write --------

    def next_message_id(self, chat_id: int) -> int:
        ids = self._ids.get(chat_id)
        if ids is None:
            ids = self._ids[chat_id] = itertools.count(1)
        return next(ids)

    def message(self, chat_id: int, message_id: int) -> dict[str, Any] | None:
        chat = self.messages.get(chat_id)
        return None if chat is None else chat.get(message_id)

    def _store(self, msg: dict[str, Any]) -> None:
        chat = self.messages.setdefault(msg["chat"]["id"], OrderedDict())
        chat[msg["message_id"]] = msg
        chat.move_to_end(msg["message_id"])
        while len(chat) > self.keep:
            chat.popitem(last=False)

    def chat(self, chat_id: int) -> dict[str, Any]:
        return self.chats.get(chat_id) or {
            "id": chat_id,
            "type": "private",
            "first_name": "someone",
        }

    # --- BaseSession -------------------------------------------------------------

    async def close(self) -> None:
        pass

    async def stream_content(
        self,
        url: str,
        headers: dict[str, Any] | None = None,
        timeout: int = 30,
        chunk_size: int = 65536,
        raise_for_status: bool = True,
    ) -> Any:
        yield b""

    async def make_request(
        self, bot: Bot, method: TelegramMethod[Any], timeout: int | None = None
    ) -> Any:
        # The request side, as AiohttpSession.build_form_data does it.
        files: dict[str, Any] = {}
        fields: dict[str, Any] = {}
        for key, value in method.model_dump(warnings=False).items():
            prepared = self.prepare_value(value, bot=bot, files=files)
            if prepared:
                fields[key] = prepared
        size = 0
        for file in files.values():
            async for chunk in file.read(bot):
                size += len(chunk)
        if self.delay:
            await asyncio.sleep(self.delay)
        name = method.__api_method__
        self.calls[name] += 1
        status, payload = self.answer(name, fields, size)
        return self.check_response(bot, method, status, self.json_dumps(payload)).result

    # --- answers -----------------------------------------------------------------

    def answer(self, name: str, fields: dict[str, Any], size: int) -> tuple[int, dict[str, Any]]:
        """The HTTP status and JSON Telegram would answer ``name`` with."""
        handler = getattr(self, f"_{name}", None)
        if handler is None:
            return 200, {"ok": True, "result": True}
        result = handler(fields, size)
        if isinstance(result, tuple):  # an error: (status, description)
            return result[0], {"ok": False, "error_code": result[0], "description": result[1]}
        return 200, {"ok": True, "result": result}

    def _message(self, fields: dict[str, Any], **content: Any) -> dict[str, Any]:
        chat_id = int(fields["chat_id"])
        msg: dict[str, Any] = {
            "message_id": self.next_message_id(chat_id),
            "date": int(time.time()),
            "chat": self.chat(chat_id),
            "from": BOT_USER,
            **content,
        }
        if "message_thread_id" in fields:
            msg["message_thread_id"] = int(fields["message_thread_id"])
        if "reply_markup" in fields:
            msg["reply_markup"] = self.json_loads(fields["reply_markup"])
        self._store(msg)
        self.last_sent[chat_id] = msg
        self.sent_at[chat_id] = time.perf_counter()
        return msg

    def _sendMessage(self, fields: dict[str, Any], size: int) -> dict[str, Any]:
        return self._message(fields, text=fields.get("text", ""))

    def _sendPhoto(self, fields: dict[str, Any], size: int) -> dict[str, Any]:
        n = next(self._files)
        photo = [
            {
                "file_id": f"photo-{n}-{w}",
                "file_unique_id": f"u{n}-{w}",
                "width": w,
                "height": h,
                "file_size": max(size, 1) * w // 1280,
            }
            for w, h in PHOTO_SIZES
        ]
        content: dict[str, Any] = {"photo": photo}
        if "caption" in fields:
            content["caption"] = fields["caption"]
        return self._message(fields, **content)

    def _sendDocument(self, fields: dict[str, Any], size: int) -> dict[str, Any]:
        n = next(self._files)
        doc = {
            "file_id": f"doc-{n}",
            "file_unique_id": f"d{n}",
            "file_name": "pulka.json",
            "file_size": size,
        }
        content: dict[str, Any] = {"document": doc}
        if "caption" in fields:
            content["caption"] = fields["caption"]
        return self._message(fields, **content)

    def _edit(self, fields: dict[str, Any], **changes: Any) -> dict[str, Any] | tuple[int, str]:
        old = self.message(int(fields["chat_id"]), int(fields["message_id"]))
        if old is None:
            return 400, "Bad Request: message to edit not found"
        new = {k: v for k, v in old.items() if k != "reply_markup"}
        new.update(changes)
        if "reply_markup" in fields:
            new["reply_markup"] = self.json_loads(fields["reply_markup"])
        if new == old:
            return 400, (
                "Bad Request: message is not modified: specified new message content "
                "and reply markup are exactly the same as a current content and reply "
                "markup of the message"
            )
        new["edit_date"] = int(time.time())
        self._store(new)
        return new

    def _editMessageText(self, fields: dict[str, Any], size: int) -> Any:
        return self._edit(fields, text=fields.get("text", ""))

    def _editMessageReplyMarkup(self, fields: dict[str, Any], size: int) -> Any:
        return self._edit(fields)

    def _getMe(self, fields: dict[str, Any], size: int) -> dict[str, Any]:
        return BOT_USER

    def _getChatMember(self, fields: dict[str, Any], size: int) -> dict[str, Any]:
        user_id = int(fields["user_id"])
        user = {"id": user_id, "is_bot": False, "first_name": f"user{user_id}"}
        if user_id in self.admins:
            return {"status": "creator", "user": user, "is_anonymous": False}
        return {"status": "member", "user": user}


# --- the bot's modules, wherever they live -----------------------------------------------

#: Where each part of the bot is, newest layout first (the code moves; the benchmark
#: measures any of them: ``--code`` runs it on another checkout).  The first of the names
#: that exists in the checkout measured is the part.
MODULES = {
    # Storage (and, before bot/model, the rows and event kinds beside it).
    "db": ("bot.storage.db", "bot.store.db", "bot.storage"),
    # EventKind (DEAL...) and Source, the rows storage returns.
    "rows": ("bot.model.rows", "bot.store.db", "bot.storage"),
    # Author and Sitter, who writes and who sits down.
    "people": ("bot.model", "bot.domain", "bot.service"),
    # What keeps the hot tables: Keeper (bot.actions) or PulkaService.
    "keeper": ("bot.actions.keeper", "bot.service"),
    # The read model's replay: build_table and advance.
    "tables": ("bot.model.replay", "bot.model", "bot.store.tables", "bot.service"),
    "callbacks": (
        "bot.views.buttons",
        "bot.views.callbacks",
        "bot.telegram.callbacks",
        "bot.callbacks",
    ),
    "picture": ("bot.views.picture", "bot.picture"),
    "lanes": ("bot.telegram.lanes",),
}


def keeper_class() -> type:
    """``bot.actions.keeper.Keeper``, or ``bot.service.PulkaService`` before it: what
    ``create_bot`` and ``create_dispatcher`` take beside the storage."""
    mod = module("keeper")
    return getattr(mod, "Keeper", None) or mod.PulkaService


def in_checkout(name: str) -> ModuleType | None:
    """The module ``name`` of the checkout measured, imported; None if it has none.

    Looked up as a file first: the project's editable install would otherwise import a
    module of the other checkout when this one has none (``bot.model`` on an old one).
    """
    import bot

    home = Path(bot.__file__).resolve().parent
    base = home.parent.joinpath(*name.split("."))
    if not (base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()):
        return None
    return importlib.import_module(name)


def module(part: str) -> ModuleType:
    """The module of ``part`` (a key of :data:`MODULES`) in the bot being measured."""
    for name in MODULES[part]:
        found = in_checkout(name)
        if found is not None:
            return found
    raise ModuleNotFoundError(f"none of {MODULES[part]} in the checkout measured")


# --- people, chats and their updates ----------------------------------------------------

_update_ids = itertools.count(1)
_query_ids = itertools.count(1)


def user(
    user_id: int, first_name: str, username: str | None = None, lang: str = "en"
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": user_id,
        "is_bot": False,
        "first_name": first_name,
        "language_code": lang,
    }
    if username:
        out["username"] = username
    return out


@dataclass
class Chat:
    """A group chat on one bot's fake session: its users write and press buttons.

    The updates are built as Telegram sends them and bound to the bot
    (``context={"bot": bot}``, as polling does), outside any timing.
    """

    bot: Bot
    dp: Dispatcher
    chat_id: int
    users: list[dict[str, Any]]
    title: str = "Preferans night"
    #: The bot's inbox (``bot.telegram.lanes.Inbox``), if updates go through it: each is
    #: kept first, as the Poller keeps a batch of one, then fed and marked done.
    inbox: Any = None

    def __post_init__(self) -> None:
        self.session: FakeSession = self.bot.session  # type: ignore[assignment]
        self.chat_json = {"id": self.chat_id, "type": "supergroup", "title": self.title}
        self.session.chats[self.chat_id] = self.chat_json

    def message_update(self, who: dict[str, Any], text: str) -> Update:
        msg: dict[str, Any] = {
            "message_id": self.session.next_message_id(self.chat_id),
            "date": int(time.time()),
            "chat": self.chat_json,
            "from": who,
            "text": text,
        }
        if text.startswith("/"):
            msg["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        return Update.model_validate(
            {"update_id": next(_update_ids), "message": msg}, context={"bot": self.bot}
        )

    def press_update(self, who: dict[str, Any], message: dict[str, Any], data: str) -> Update:
        query = {
            "id": str(next(_query_ids)),
            "from": who,
            "chat_instance": str(self.chat_id),
            "message": message,
            "data": data,
        }
        return Update.model_validate(
            {"update_id": next(_update_ids), "callback_query": query}, context={"bot": self.bot}
        )

    async def feed(self, update: Update) -> float:
        """Feed one update through the Dispatcher; the milliseconds it took."""
        t0 = time.perf_counter()
        if self.inbox is None:
            await self.dp.feed_update(self.bot, update)
        elif hasattr(self.inbox, "take"):  # a Receiver: handed out as the Poller does
            await self.inbox.take([update])
            await self.inbox.lanes.drain()
        else:
            if await self.inbox.keep([update]):
                await self.dp.feed_update(self.bot, update)
            self.inbox.done(update.update_id)
        return (time.perf_counter() - t0) * 1000

    async def say(self, who: dict[str, Any], text: str) -> float:
        return await self.feed(self.message_update(who, text))

    def last_sent(self) -> dict[str, Any]:
        return self.session.last_sent[self.chat_id]

    def current(self, message: dict[str, Any]) -> dict[str, Any]:
        """A message as it is now (after the bot's edits)."""
        now = self.session.message(self.chat_id, message["message_id"])
        if now is None:
            raise RuntimeError(f"message {message['message_id']} is gone")
        return now

    async def press(
        self, who: dict[str, Any], message: dict[str, Any], data: str, *, check: bool = True
    ) -> float:
        """Press the button ``data`` on ``message`` as it is now; the milliseconds it took."""
        now = self.current(message)
        if check and data not in buttons(now):
            raise RuntimeError(
                f"no button {data!r} on message {now['message_id']}: {sorted(buttons(now))}"
            )
        return await self.feed(self.press_update(who, now, data))


def buttons(message: dict[str, Any]) -> dict[str, str]:
    """A message's inline buttons: callback data -> label."""
    rows = message.get("reply_markup", {}).get("inline_keyboard", [])
    return {b["callback_data"]: b["text"] for row in rows for b in row if "callback_data" in b}


PEOPLE = (("Anna", "anna"), ("Boris", None), ("Vera", "verochka"))


def people(base: int) -> list[dict[str, Any]]:
    """Three players with distinct user ids from ``base``."""
    return [user(base + i, first, username) for i, (first, username) in enumerate(PEOPLE)]


# --- the two bots --------------------------------------------------------------------


@dataclass
class PulkaBot:
    """The real pulka bot on a fake session."""

    bot: Bot
    dp: Dispatcher
    session: FakeSession
    storage: Any
    #: The Keeper (``bot.actions.keeper``), or the PulkaService of older layouts.
    keeper: Any

    async def close(self) -> None:
        await self.storage.close()

    def inbox(self) -> Any:
        """What the bot's Poller hands updates to: its ``Receiver`` (the lanes and the
        inbox, as in production), or in older layouts the bare ``Inbox``; None before
        either existed."""
        try:
            lanes = module("lanes")
        except ModuleNotFoundError:
            return None
        receiver = getattr(lanes, "Receiver", None)
        if receiver is not None and hasattr(receiver, "take"):

            async def handle(update: Update) -> None:
                await self.dp.feed_update(self.bot, update)

            return receiver(self.bot, handle, self.storage, None, self.dp["boards"])
        inbox = getattr(lanes, "Inbox", None)
        return None if inbox is None else inbox(self.storage)


async def pulka_bot(db_path: str, delay: float = 0.0) -> PulkaBot:
    """The pulka bot as ``bot.app.run`` builds it, with :class:`FakeSession` instead of
    aiohttp (keeping the session middlewares ``create_bot`` installs)."""
    from pydantic import SecretStr

    from bot.app import create_bot, create_dispatcher
    from bot.config import Settings

    storage = await module("db").Storage(db_path).open()
    keeper = keeper_class()(storage)
    settings = Settings(
        bot_token=SecretStr(TOKEN),  # type: ignore[call-arg]
        database_url=f"sqlite:///{db_path}",
        telegram_api_url=None,
    )
    bot = create_bot(settings, keeper)
    real = bot.session
    session = FakeSession(delay)
    session.middleware = real.middleware
    bot.session = session
    await real.close()  # never opened: nothing to close, but tidy
    dp = create_dispatcher(storage, keeper)
    await dp.emit_startup(bot=bot, dispatcher=dp, **dp.workflow_data)
    keep = getattr(importlib.import_module("bot.app"), "keep_response_types", None)
    if keep is not None:  # what bot.app.run does after the start-up hooks
        keep()
    return PulkaBot(bot, dp, session, storage, keeper)


def app_freezes() -> bool:
    """Does ``bot.app`` call ``gc.freeze()`` once started (before polling)?  The
    benchmark then does the same after building its bots (``--freeze auto``)."""
    return "gc.freeze()" in inspect.getsource(importlib.import_module("bot.app"))


def app_keeps_response_types() -> bool:
    return hasattr(importlib.import_module("bot.app"), "keep_response_types")


def echo_bot(delay: float = 0.0) -> tuple[Bot, Dispatcher]:
    """A bare aiogram bot: one message handler answering the text, on the same fake session
    and with the same defaults as the pulka bot."""
    bot = Bot(
        TOKEN,
        session=FakeSession(delay),
        default=DefaultBotProperties(parse_mode=ParseMode.HTML, link_preview_is_disabled=True),
    )
    dp = Dispatcher()

    @dp.message()
    async def echo(message: Message) -> None:
        await message.answer(message.text or "…")

    return bot, dp


@dataclass
class FloorBot:
    """The least any score-keeper does per deal: a bare aiogram bot that writes the text
    durably (one autocommit ``INSERT`` on a file with WAL and ``synchronous=FULL``, as the
    pulka bot's storage), answers it, and edits one earlier message of the chat (as a
    scoreboard).  No parsing, no scoring, no texts: its cost over the echo bot's is what
    durability and a second Bot API call cost, whatever the bot."""

    bot: Bot
    dp: Dispatcher
    conn: Any

    async def close(self) -> None:
        await self.conn.close()


async def floor_bot(db_path: str, delay: float = 0.0) -> FloorBot:
    import aiosqlite

    bot, _ = echo_bot(delay)
    conn = await aiosqlite.connect(db_path, isolation_level=None)
    await conn.execute("PRAGMA journal_mode=WAL")
    await conn.execute("PRAGMA synchronous=FULL")
    await conn.execute("CREATE TABLE IF NOT EXISTS log (id INTEGER PRIMARY KEY, body TEXT)")
    boards: dict[int, int] = {}
    dp = Dispatcher()

    @dp.message()
    async def floor(message: Message) -> None:
        # One autocommit statement: the least a durable write costs.
        await conn.execute("INSERT INTO log (body) VALUES (?)", (message.text,))
        board = boards.get(message.chat.id)
        if board is None:
            sent = await message.answer("board")
            boards[message.chat.id] = sent.message_id
        else:
            await bot.edit_message_text(
                text=f"board after {message.message_id}",
                chat_id=message.chat.id,
                message_id=board,
            )
        await message.answer(message.text or "…")

    return FloorBot(bot, dp, conn)


# --- deals ---------------------------------------------------------------------------


def deal_command(deal: Deal) -> str:
    """The ``/deal`` a player types for ``deal`` (bot/parsing.py's grammar).

    >>> from scoring import Game
    >>> deal_command(Game.of("Anna", "7H", {"Boris": "whist", "Vera": "pass"},
    ...                      {"Anna": 7, "Boris": 2, "Vera": 1}))
    '/deal Anna 7h 7 Boris whist 2 Vera pass 1'
    """
    from scoring import Game, Misere, Raspasy

    if isinstance(deal, Game):
        tricks = deal.trick_map
        words = [deal.declarer, str(deal.contract).lower(), str(tricks[deal.declarer])]
        for name, choice in deal.defence:
            words += [name, choice.value, str(tricks[name])]
        return "/deal " + " ".join(words)
    if isinstance(deal, Misere):
        return f"/deal {deal.declarer} misere {deal.tricks}"
    if isinstance(deal, Raspasy):
        return "/deal raspasy " + " ".join(f"{n} {t}" for n, t in deal.tricks)
    raise TypeError(deal)


class DealMaker:
    """Plausible valid deals for a 3-player pulka, following its sheet (a mirror
    :class:`scoring.PulkaState`): mostly games, some raspasy and misères."""

    def __init__(self, players: tuple[str, ...], rules: Rules, seed: int) -> None:
        from scoring import PulkaState

        self.players = players
        self.rnd = random.Random(seed)
        self.state = PulkaState.new(players, rules)
        self.count = 0
        #: The last deal made: the next is never the same, or the bot would ask whether
        #: the slip of typing one deal twice is meant (the duplicate-deal guard).
        self.last: Deal | None = None

    def _candidate(self) -> Deal:
        from scoring import Game, Misere, Raspasy

        rnd, table = self.rnd, list(self.players)
        kind = rnd.random()
        if kind < 0.15:
            t = [rnd.randint(0, 5), rnd.randint(0, 5)]
            return Raspasy.of(dict(zip(table, [*t, 10 - sum(t)], strict=True)))
        if kind < 0.22:
            return Misere(rnd.choice(table), rnd.choice([0, 0, 1, 2]))
        decl = rnd.choice(table)
        i = table.index(decl)
        d1, d2 = table[(i + 1) % 3], table[(i + 2) % 3]
        level = rnd.randint(self.low(), 8)
        mine = rnd.randint(max(level - 1, 0), 10)
        a = rnd.randint(0, 10 - mine)
        return Game.of(
            decl,
            f"{level}{rnd.choice('SCDH')}",
            {d1: rnd.choice(["whist", "pass"]), d2: "whist"},
            {decl: mine, d1: a, d2: 10 - mine - a},
        )

    def low(self) -> int:
        return self.state.rules.raspasy_exit if self.state.raspasy_run else 6

    def next(self) -> Deal:
        """A deal valid on the sheet now, played on the mirror."""
        from scoring import play

        while True:
            deal = self._candidate()
            if deal == self.last:
                continue
            try:
                self.state = play(self.state, deal).state
            except ValueError:
                continue
            self.count += 1
            self.last = deal
            return deal

    def next_wizard_game(self) -> tuple[int, str, int, Game]:
        """A game for the wizard, first defender whists, second passes: (declarer seat,
        contract, declarer's tricks, the deal), played on the mirror."""
        from scoring import Game, play

        while True:
            seat = self.rnd.randrange(3)
            decl = self.players[seat]
            first, second = self.players[(seat + 1) % 3], self.players[(seat + 2) % 3]
            level = self.rnd.randint(self.low(), 8)
            contract = f"{level}{self.rnd.choice('SCDH')}"
            mine = self.rnd.randint(level - 1, 10)
            deal = Game.of(
                decl,
                contract,
                {first: "whist", second: "pass"},
                {decl: mine, first: 10 - mine, second: 0},
            )
            if deal == self.last:
                continue
            try:
                self.state = play(self.state, deal).state
            except ValueError:
                continue
            self.count += 1
            self.last = deal
            return seat, contract, mine, deal


# --- a pulka at the table: setup, typed deals, the wizard -------------------------------


#: The pulkas of the benchmarks: Sochi to a target no evening reaches, 1 a whist.
TARGET = 10000
PLAYERS = tuple(first for first, _ in PEOPLE)


def new_maker(seed: int) -> DealMaker:
    """The deals of one pulka (``/newpulka sochi 10000 1`` with :data:`PEOPLE`)."""
    from scoring import Rules

    return DealMaker(PLAYERS, Rules.for_variant("sochi", target=TARGET, stake=1), seed)


@dataclass
class PulkaTable:
    """One chat playing a pulka on the pulka bot (or the same messages to the echo bot)."""

    chat: Chat
    maker: DealMaker
    #: Talking to the echo bot: the same messages, and as many presses (on its answers).
    echo: bool = False

    @property
    def users(self) -> list[dict[str, Any]]:
        return self.chat.users

    def setup_texts(self) -> list[tuple[dict[str, Any], str]]:
        first = self.users[0]
        return [(first, f"/newpulka sochi {TARGET} 1"), *((u, "/join") for u in self.users)]

    async def setup(self) -> list[float]:
        return [await self.chat.say(who, text) for who, text in self.setup_texts()]

    def next_deal_text(self) -> tuple[dict[str, Any], str]:
        deal = self.maker.next()
        who = self.users[self.maker.count % len(self.users)]
        return who, deal_command(deal)

    async def type_deal(self) -> float:
        """One typed ``/deal``; its milliseconds."""
        who, text = self.next_deal_text()
        return await self.chat.say(who, text)

    async def wizard_deal(self) -> dict[str, float]:
        """A game entered by taps (see :meth:`wizard_open`): the milliseconds of the
        ``/deal`` that opens the wizard (``open``), of the four screen taps together
        (``tap``) and of "Write it" (``write``)."""
        times = {"open": await self.wizard_open()}
        times["tap"] = await self.wizard_screens()
        times["write"] = await self.wizard_write()
        return times

    async def wizard_open(self) -> float:
        """``/deal`` without arguments: the wizard opens; the next game is chosen for it
        (first defender whists, second passes): the taps will be declarer, contract,
        defence, the declarer's tricks, then "Write it" (six taps with "New deal")."""
        who = self.users[0]
        took = await self.chat.say(who, "/deal")
        self._wizard = self.chat.last_sent()
        seat, contract, mine, _ = self.maker.next_wizard_game()
        if self.echo:  # the same number of presses, on the echo's answer
            self._taps = [f"tap{i}" for i in range(4)]
            self._write = "write"
            return took
        from scoring import Contract

        callbacks = module("callbacks")
        WizardData = callbacks.WizardData
        WRITE = getattr(callbacks, "WRITE", None) or callbacks.WizardOp.WRITE

        first = WizardData.unpack(next(iter(buttons(self._wizard))))
        w = WizardData(first.pulka, first.last).to(kind="g", seat=seat)
        steps = [w, w.to(contract=Contract.parse(contract))]
        steps.append(steps[-1].to(defence="a"))
        steps.append(steps[-1].to(tricks=(mine,)))
        self._taps = [step.pack() for step in steps]
        self._write = steps[-1].as_op(WRITE).pack()
        return took

    async def wizard_screens(self) -> float:
        """The four taps from the first screen to the preview; their milliseconds together."""
        return sum(
            [
                await self.chat.press(self.users[0], self._wizard, data, check=not self.echo)
                for data in self._taps
            ]
        )

    async def wizard_write(self) -> float:
        """ "Write it" on the preview; its milliseconds."""
        return await self.chat.press(self.users[0], self._wizard, self._write, check=not self.echo)


# --- seeding: last night's database ------------------------------------------------------


async def seed_pulkas(
    db_path: str, pulkas: list[tuple[int, list[dict[str, Any]], DealMaker, int]]
) -> None:
    """Write pulkas into the database before the bot starts on it, as a restarted bot
    finds them: for each (chat id, its three users, their deals, how many), the pulka
    created and seated as ``/newpulka`` and ``/join`` do (``bot.actions.seating.start``,
    or ``PulkaService.create`` in older layouts) and the deals appended to its log in
    one transaction (fast: feeding a thousand deals through the bot takes minutes).
    The one place to adapt if the storage API changes.
    """
    from scoring.record import deal_to_json

    db, rows, people_mod = module("db"), module("rows"), module("people")
    DEAL, Source = rows.EventKind.DEAL, rows.Source
    Author, Sitter = people_mod.Author, people_mod.Sitter
    storage = await db.Storage(db_path).open()
    try:
        keeper = keeper_class()(storage)
        # The current layout: a function per write, the event log a module; before
        # bot/actions, PulkaService.create and Tx.append.
        seating, events = in_checkout("bot.actions.seating"), in_checkout("bot.storage.events")
        for chat_id, users, maker, count in pulkas:
            first = users[0]
            author = Author(first["id"], first["first_name"])
            seated = [Sitter(u["first_name"], u["id"], u.get("username")) for u in users]
            args = (chat_id, 0, maker.state.rules, author, Source(chat_id, 0))
            if seating is not None:
                written = await seating.start(keeper, *args, seated=seated, lang="en")
            else:
                written = await keeper.create(*args, seated=seated, lang="en")
            async with storage.uow() as tx:
                for i in range(count):
                    who = users[i % len(users)]
                    event = (
                        written.table.id,
                        DEAL,
                        deal_to_json(maker.next()),
                        who["id"],
                        who["first_name"],
                        None,
                    )
                    if events is not None:
                        await events.append(tx, *event)
                    else:
                        await tx.append(*event)
    finally:
        await storage.close()


# --- counting, by patching at benchmark time only ---------------------------------------


@dataclass
class Counts:
    """What one update did (see :class:`Probe`)."""

    replays: int = 0
    plays: int = 0
    build_tables: int = 0
    advances: int = 0
    sql: int = 0
    writes: int = 0
    locks: Counter[str] = field(default_factory=Counter)
    api: Counter[str] = field(default_factory=Counter)
    full_gcs: int = 0


class Probe:
    """Counts what updates cost: ``scoring.replay``/``scoring.play`` calls,
    ``build_table`` replays, SQL statements (the sqlite3 trace callback of every open
    aiosqlite connection) and write transactions (``BEGIN``, or a write statement
    committed on its own), ``asyncio.Lock``
    acquisitions (named by the object holding the lock), Bot API calls and full
    garbage collections.  Everything is patched in :meth:`counting` and restored after.
    """

    #: Counted functions: (counter, part or module, name), counted wherever a module of
    #: the bot or the engine holds that same function (so a call is counted whichever
    #: module it is made from, in any layout).  ``build_table`` and ``advance`` are the
    #: read model's whole and incremental replays (``bot.model``, earlier ``bot.model.replay``,
    #: ``bot.store.tables``); ``advance`` is absent before the incremental read model.
    FUNCTIONS = (
        ("plays", "scoring.engine", "play"),
        ("replays", "scoring.engine", "replay"),
        ("build_tables", "tables", "build_table"),
        ("advances", "tables", "advance"),
    )

    def __init__(self, session: FakeSession, holders: dict[str, Any]) -> None:
        """``holders``: name -> object whose ``asyncio.Lock`` attributes are named after
        it (``db._lock``): the Dispatcher's workflow data, and the storage as ``db``."""
        self.session = session
        self.holders = holders
        self.counts = Counts()

    def _find(self, kind: type) -> list[Any]:
        """Objects of ``kind`` held by the holders (two levels down) or the collector
        (which does not list what ``gc.freeze()`` froze)."""
        found: dict[int, Any] = {}
        level = list(self.holders.values())
        for _ in range(3):
            below: list[Any] = []
            for obj in level:
                if isinstance(obj, kind):
                    found[id(obj)] = obj
                below.extend(getattr(obj, "__dict__", {}).values())
            level = below
        for obj in gc.get_objects():
            if isinstance(obj, kind):
                found[id(obj)] = obj
        return list(found.values())

    def _lock_names(self) -> dict[int, str]:
        names: dict[int, str] = {}
        for name, obj in self.holders.items():
            for attr, value in getattr(obj, "__dict__", {}).items():
                if isinstance(value, asyncio.Lock):
                    names[id(value)] = f"{name}.{attr}"
        return names

    def _patch_functions(self, c: Counts, undo: list[Callable[[], None]]) -> None:
        for key, where, attr in self.FUNCTIONS:
            home = module(where) if where in MODULES else importlib.import_module(where)
            original = getattr(home, attr, None)
            if original is None:
                continue

            def wrapper(*args: Any, _f: Any = original, _k: str = key, **kw: Any) -> Any:
                setattr(c, _k, getattr(c, _k) + 1)
                return _f(*args, **kw)

            for name, mod in list(sys.modules.items()):
                if mod is None or not name.startswith(("bot", "scoring")):
                    continue
                for a, v in list(vars(mod).items()):
                    if v is original:
                        setattr(mod, a, wrapper)
                        undo.append(functools.partial(setattr, mod, a, v))

    @asynccontextmanager
    async def counting(self) -> AsyncIterator[Counts]:
        import aiosqlite

        c = self.counts = Counts()
        undo: list[Callable[[], None]] = []
        self._patch_functions(c, undo)

        names = self._lock_names()
        acquire = asyncio.Lock.acquire

        async def counted_acquire(lock: asyncio.Lock) -> bool:
            c.locks[names.get(id(lock), "other")] += 1
            return await acquire(lock)

        asyncio.Lock.acquire = counted_acquire  # type: ignore[method-assign, assignment]
        undo.append(functools.partial(setattr, asyncio.Lock, "acquire", acquire))

        def on_gc(phase: str, info: dict[str, Any]) -> None:
            if phase == "start" and info.get("generation") == 2:
                c.full_gcs += 1

        gc.callbacks.append(on_gc)
        undo.append(functools.partial(gc.callbacks.remove, on_gc))

        # A write transaction is a BEGIN, or a write statement outside one (committed on
        # its own, as ``Storage.append_alone`` writes a deal).
        open_tx = [False]

        def trace(sql: str) -> None:
            c.sql += 1
            word = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
            if word == "BEGIN":
                c.writes += 1
                open_tx[0] = True
            elif word in ("COMMIT", "ROLLBACK", "END"):
                open_tx[0] = False
            elif word in ("INSERT", "UPDATE", "DELETE", "REPLACE") and not open_tx[0]:
                c.writes += 1

        connections = [o for o in self._find(aiosqlite.Connection) if o._connection is not None]
        for conn in connections:
            await conn.set_trace_callback(trace)
        before = Counter(self.session.calls)
        try:
            yield c
        finally:
            for conn in connections:
                await conn.set_trace_callback(None)
            for fn in reversed(undo):
                fn()
            c.api = Counter(self.session.calls) - before
