"""Wiring: settings -> storage -> bot and dispatcher -> polling (or the webhook server).

Dependencies reach handlers as Dispatcher keyword arguments (``keeper``,
``boards``, ``sheets``, ``members``), never as globals, so tests can build as many dispatchers
as they like.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
from collections.abc import AsyncIterator
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.enums import ParseMode
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramNetworkError,
    TelegramNotFound,
    TelegramUnauthorizedError,
)
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeDefault,
    MenuButtonWebApp,
    Update,
    WebAppInfo,
)

from bot.actions import chats
from bot.actions.keeper import Keeper
from bot.config import Settings, prepare_database_path
from bot.features import get_routers
from bot.storage.db import DatabaseUnusable, Storage
from bot.telegram.context import Members
from bot.telegram.delivery import Boards
from bot.telegram.errors import remember_handler
from bot.telegram.lanes import Poller, WebhookRefused
from bot.telegram.middlewares import (
    AnswerAfterHandler,
    RetryMiddleware,
    UpdateMiddleware,
)
from bot.telegram.sheets import Sheets
from bot.views.buttons import SheetLink
from bot.views.texts import DEFAULT_LANG, LANGS, t

if TYPE_CHECKING:
    from aiohttp import web

    from bot.telegram.webhook import Webhook

log = logging.getLogger(__name__)

COMMANDS = (
    "newpulka",
    "cancel",
    "join",
    "leave",
    "seats",
    "players",
    "nick",
    "deal",
    "correct",
    "undo",
    "edit",
    "delete",
    "history",
    "score",
    "rules",
    "settle",
    "pulkas",
    "stats",
    "rating",
    "debts",
    "cost",
    "whatif",
    "export",
    "import",
    "calc",
    "lang",
    "help",
)


def create_bot(settings: Settings, keeper: Keeper | None = None) -> Bot:
    """The aiogram Bot: HTML by default, retries and migration through the session."""
    if settings.telegram_api_url:
        session = AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    else:
        session = AiohttpSession()
    session.middleware(RetryMiddleware(partial(chats.migrate, keeper) if keeper else None))
    return Bot(
        settings.bot_token.get_secret_value(),
        session=session,
        default=DefaultBotProperties(parse_mode=ParseMode.HTML, link_preview_is_disabled=True),
    )


def create_dispatcher(
    storage: Storage, keeper: Keeper | None = None, settings: Settings | None = None
) -> Dispatcher:
    """A Dispatcher with fresh routers; ``keeper``, ``boards``, ``sheets`` and ``members``
    go to the handlers.  With ``MINIAPP_URL`` in ``settings`` the scoreboards link to
    the sheet's page."""
    keeper = keeper or Keeper(storage)
    members = Members()
    link = sheet_link(settings)
    # No FSM: a chat's unfinished entries (the wizard, the "Write it?" guard) are drafts
    # in SQLite, and aiogram's in-memory FSM keeps a record for every (chat, user) it
    # ever saw, which would grow with every chat for nothing.
    boards = Boards(keeper, sheet=link)
    dp = Dispatcher(
        keeper=keeper, boards=boards, sheets=Sheets(), members=members, disable_fsm=True
    )
    # Who joins or leaves a group is kept at once: the chat_member updates (asked for
    # by this handler) and the join and leave messages.
    dp.chat_member.register(members.changed)
    dp.message.outer_middleware(members)
    dp.update.outer_middleware(UpdateMiddleware(keeper))
    # Every press is answered once: after its handler returned (here), or by the
    # errors handler if it failed.  A press not on its message's keyboard is refused
    # by the routers' filter and answered "out of date" by the catch-all.
    dp.callback_query.middleware(AnswerAfterHandler())
    # Which handler took the update: a refusal is answered its way (bot.telegram.errors).
    dp.message.middleware(remember_handler)
    dp.callback_query.middleware(remember_handler)
    dp.include_routers(*get_routers())
    dp.startup.register(set_commands)
    if link is not None:

        async def learn_username(bot: Bot) -> None:
            """The group boards' link names the bot: ``t.me/<bot>/<app>``."""
            me = await bot.me()
            boards.sheet = replace(link, bot=me.username or "")

        async def menu_button(bot: Bot) -> None:
            await set_menu_button(bot, link.url)

        dp.startup.register(learn_username)
        dp.startup.register(menu_button)
    return dp


def sheet_link(settings: Settings | None) -> SheetLink | None:
    """The sheet's page the scoreboards link to, if ``MINIAPP_URL`` is set."""
    if settings is None or not settings.miniapp_url or not settings.miniapp_name:
        return None
    return SheetLink(settings.miniapp_url, settings.miniapp_name)


#: What a private chat with the bot can do (pulkas are played in groups).
PRIVATE_COMMANDS = ("calc", "cost", "lang", "help")


def command_list(lang: str, commands: tuple[str, ...] = COMMANDS) -> list[BotCommand]:
    """The command menu in ``lang``."""
    return [BotCommand(command=c, description=t(lang, f"cmd_{c}")) for c in commands]


async def set_commands(bot: Bot) -> None:
    """Register the command menu in every language: Russian for everyone by default,
    Ukrainian and English for clients in those languages."""
    scopes = (
        (BotCommandScopeDefault(), COMMANDS),
        (BotCommandScopeAllGroupChats(), COMMANDS),
        (BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS),
    )
    try:
        for lang in LANGS:
            code = None if lang == DEFAULT_LANG else lang
            for scope, commands in scopes:
                await bot.set_my_commands(
                    command_list(lang, commands), scope=scope, language_code=code
                )
    except TelegramAPIError as e:  # the menu is a convenience: never fatal
        log.warning("could not register the command list: %s", e)


async def set_menu_button(bot: Bot, url: str) -> None:
    """The menu button of every private chat with the bot: the sheet's page at ``url``
    (``MINIAPP_URL``, no pulka named: the page shows the one the user sat in last).
    One default serves every user, so its text is Russian; a private ``/start`` sets
    the chat's own in its language."""
    button = MenuButtonWebApp(text=t(DEFAULT_LANG, "btn_menu_sheet"), web_app=WebAppInfo(url=url))
    try:
        await bot.set_chat_menu_button(menu_button=button)
    except TelegramAPIError as e:  # a convenience: never fatal
        log.warning("could not set the menu button to the sheet's page: %s", e)


def start_backups(settings: Settings, path: str) -> asyncio.Task[None] | None:
    """The daily copies of the database as a background task, if ``BACKUP_KEEP`` asks."""
    if settings.backup_keep <= 0:
        return None
    if path == ":memory:":
        log.warning("BACKUP_KEEP is set, but the database is in memory: no copies")
        return None
    from bot.ops import keep_daily_backups

    folder = settings.backup_folder()
    log.info("keeping %d daily copies of the database in %s", settings.backup_keep, folder)
    return asyncio.create_task(
        keep_daily_backups(path, folder, settings.backup_keep), name="daily-backups"
    )


class Server:
    """The running bot: long polling into per-chat lanes (``bot.telegram.lanes``), or,
    if ``settings`` have ``WEBHOOK_URL``, the webhook server into the same lanes
    (``bot.telegram.webhook``)."""

    def __init__(
        self, dp: Dispatcher, bot: Bot, storage: Storage, settings: Settings | None = None
    ) -> None:
        self.dp, self.bot, self.storage = dp, bot, storage
        self.stop = asyncio.Event()
        allowed = dp.resolve_used_update_types()
        self.poller: Poller | Webhook
        if settings is not None and settings.webhook_url and settings.webhook_secret:
            # Imported only here: a polling bot does without aiohttp.web (1.6 MiB).
            from bot.telegram.webhook import Webhook

            self.poller = Webhook(
                bot,
                dp,
                self.handle,
                storage,
                url=settings.webhook_url,
                secret=settings.webhook_secret.get_secret_value(),
                path=settings.webhook_path,
                host=settings.webhook_host,
                port=settings.webhook_port,
                allowed_updates=allowed,
                boards=dp["boards"],
            )
        else:
            self.poller = Poller(
                bot, self.handle, storage, allowed_updates=allowed, boards=dp["boards"]
            )
        #: The sheet's page: on the webhook's server, else on a server of its own.
        self.page: web.Application | None = None
        self.host, self.port = "", 0
        if settings is not None and settings.miniapp_url:
            from bot.features.miniapp.web import SheetApp

            page = SheetApp(
                bot, dp["keeper"], dp["members"], path=settings.miniapp_path, boards=dp["boards"]
            )
            if isinstance(self.poller, Poller):
                self.page = page.application()
                self.host, self.port = settings.webhook_host, settings.webhook_port
            else:
                page.register(self.poller.app)

    @property
    def pending(self) -> int:
        """Updates received and not handled yet."""
        return self.poller.pending

    async def handle(self, update: Update) -> None:
        await self.dp.feed_update(self.bot, update)

    async def run(self) -> None:
        """Start-up hooks, polling until :attr:`stop` is set, shutdown hooks."""
        workflow = {**self.dp.workflow_data, "bot": self.bot, "dispatcher": self.dp}
        await self.dp.emit_startup(**workflow)
        keep_response_types()
        # aiogram leaves ~200,000 objects from start-up; the collector would scan
        # them in every full collection (half of a long pulka's deal time).
        gc.collect()
        gc.freeze()
        try:
            async with self.serving_page():
                await self.poller.run(self.stop)
        except WebhookRefused as e:
            raise StartupError(str(e)) from None
        finally:
            await self.dp.emit_shutdown(**workflow)

    @contextlib.asynccontextmanager
    async def serving_page(self) -> AsyncIterator[None]:
        """In polling mode, the sheet's page served while the block runs (:attr:`port`
        is the bound one once started)."""
        if self.page is None:
            yield
            return
        from aiohttp import web

        runner = web.AppRunner(self.page, handle_signals=False, access_log=None)
        await runner.setup()
        try:
            try:
                await web.TCPSite(runner, self.host, self.port).start()
            except OSError as e:
                raise StartupError(
                    f"cannot serve MINIAPP_URL on WEBHOOK_HOST={self.host} "
                    f"WEBHOOK_PORT={self.port}: {e.strerror or e}"
                ) from None
            self.port = int(runner.addresses[0][1])
            log.info("sheet page on %s:%d", self.host, self.port)
            yield
        finally:
            await runner.cleanup()


_RESPONSE_TYPES: list[Any] = []


def keep_response_types() -> None:
    """Hold aiogram's ``Response[T]`` types for the methods the bot calls.

    pydantic caches parametrised generics weakly; a bot that makes garbage gets
    them collected and rebuilt (4.5 ms each, about once per deal measured).
    """
    from aiogram import methods
    from aiogram.methods.base import Response

    for name in (
        "SendMessage",
        "EditMessageText",
        "EditMessageReplyMarkup",
        "AnswerCallbackQuery",
        "SendPhoto",
        "SendDocument",
        "PinChatMessage",
        "GetChatMember",
        "GetUpdates",
        "GetFile",
        "SetMyCommands",
        "DeleteMessage",
        "GetMe",
    ):
        method = getattr(methods, name, None)
        if method is not None:
            returning: Any = method.__returning__
            _RESPONSE_TYPES.append(Response[returning])


class StartupError(Exception):
    """The bot cannot start; its text is one line for the operator."""


async def introduce(bot: Bot, settings: Settings) -> None:
    """``getMe`` before polling: a refused token or no network is a :class:`StartupError`
    (one clear line and a non-zero exit), not a bot that polls in vain."""
    base = settings.telegram_api_url or "https://api.telegram.org"
    try:
        me = await bot.get_me()
    except (TelegramUnauthorizedError, TelegramNotFound) as e:
        # Telegram answers an unknown token with 401, a malformed one with 404.
        raise StartupError(
            f"BOT_TOKEN was refused by the Bot API ({e.message}): check it with @BotFather"
        ) from None
    except TelegramNetworkError as e:
        reason = " ".join(e.message.split()) or "no answer"
        raise StartupError(f"cannot reach the Bot API at {base}: {reason}") from None
    except TelegramAPIError as e:
        raise StartupError(f"the Bot API at {base} refused getMe: {e.message}") from None
    log.info("starting as @%s", me.username)


async def run(settings: Settings) -> None:
    """Introduce the bot to the Bot API and open the database (:class:`StartupError` if
    either cannot be done), poll (or serve the webhook) until SIGTERM/SIGINT, close everything."""
    path = prepare_database_path(settings.database_url)
    storage = Storage(path)
    keeper = Keeper(storage)
    bot = create_bot(settings, keeper)
    try:
        # First of all: a refused token or no network is then the only line printed.
        await introduce(bot, settings)
        # A file that is not SQLite, damaged or newer than the bot: one line, exit 1
        # (``open`` closes its connection, whose thread would keep the process alive).
        await storage.open()
    except DatabaseUnusable as e:
        await bot.session.close()
        raise StartupError(str(e)) from None
    except BaseException:
        await bot.session.close()
        raise
    dp = create_dispatcher(storage, keeper, settings)
    backups = start_backups(settings, path)
    server = Server(dp, bot, storage, settings)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, server.stop.set)
    try:
        await server.run()
    finally:
        if backups is not None:
            backups.cancel()
            # A copy under way finishes in its thread; only the waiting stops.
            with contextlib.suppress(asyncio.CancelledError):
                await backups
        await storage.close()
        await bot.session.close()
        log.info("stopped")
