"""A local fake Telegram Bot API server for end-to-end tests.

The fake speaks the HTTP protocol of the real Bot API (``/bot{token}/{method}`` and
``/file/bot{token}/{file_path}``) on ``127.0.0.1`` with an ephemeral port, so the real
aiogram ``Bot``/``Dispatcher`` can run against it unchanged::

    async with FakeTelegram() as tg:
        bot = tg.make_bot()
        async with tg.run_polling(dp, bot):
            alice = tg.create_user("Alice")
            chat = tg.private_chat(alice)
            tg.send_message(chat, alice, "/start")
            msg = await tg.wait_for_message(chat)
        await bot.session.close()

It keeps a small model of the Telegram world (users, chats, messages, files, admins),
injects updates the way Telegram would deliver them (real long polling), records every
call the bot makes and reproduces the error texts of the real server for the cases the
bot has to handle (``message is not modified``, flood waits, chat migration, blocked bot,
HTML parse errors...).

Known simplifications: ``Markdown``/``MarkdownV2`` texts are stored verbatim (only HTML is
parsed into entities); message ids are counted per chat; inline mode, payments, media
groups and webhooks are not implemented.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import mimetypes
import re
import secrets
import struct
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiohttp import web
from aiohttp.web_request import FileField

__all__ = [
    "DEFAULT_TOKEN",
    "MESSAGE_NOT_MODIFIED",
    "ApiError",
    "Call",
    "FakeTelegram",
    "StoredFile",
    "UploadedFile",
    "parse_html",
]

T = TypeVar("T")
ChatLike = dict[str, Any] | int
UserLike = dict[str, Any] | int
MessageLike = dict[str, Any] | int

DEFAULT_TOKEN = "123456789:AAFakeTokenForPulkaTestsOnly_0123456789"

MESSAGE_NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a specified message content and reply markup of the message"
)
MESSAGE_TO_EDIT_NOT_FOUND = "Bad Request: message to edit not found"
CHAT_NOT_FOUND = "Bad Request: chat not found"
MIGRATED = "Bad Request: group chat was upgraded to a supergroup chat"
QUERY_TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"
CONFLICT = (
    "Conflict: terminated by other getUpdates request; "
    "make sure that only one bot instance is running"
)

# Update types Telegram does not deliver unless explicitly listed in allowed_updates.
_OPT_IN_UPDATES = frozenset({"chat_member", "message_reaction", "message_reaction_count"})

# Parameters whose form-encoded value is a plain string and must never be JSON-decoded
# (aiogram JSON-encodes every non-string value, but sends strings verbatim).
_STRING_FIELDS = frozenset(
    {
        "text",
        "caption",
        "callback_query_id",
        "url",
        "parse_mode",
        "inline_message_id",
        "file_id",
        "title",
        "description",
        "short_description",
        "name",
        "language_code",
        "business_connection_id",
        "message_effect_id",
        "custom_title",
        "emoji",
        "secret_token",
        "query",
    }
)
_INLINE_BUTTON_ACTIONS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)
_COMMAND_RE = re.compile(r"(?<![\w/])/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?")
_MENTION_RE = re.compile(r"(?<![\w@])@[A-Za-z][A-Za-z0-9_]{3,31}\b")
_BOT_COMMAND_NAME_RE = re.compile(r"^[a-z0-9_]{1,32}$")


def _u16(text: str) -> int:
    """Length of ``text`` in UTF-16 code units (the unit of Telegram entity offsets)."""
    return len(text.encode("utf-16-le")) // 2


class ApiError(Exception):
    """A Bot API error response (``{"ok": false, ...}``) raised inside method handlers."""

    def __init__(
        self, error_code: int, description: str, parameters: dict[str, Any] | None = None
    ) -> None:
        super().__init__(description)
        self.error_code = error_code
        self.description = description
        self.parameters = parameters

    def payload(self) -> dict[str, Any]:
        """The JSON body Telegram would answer with."""
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.error_code,
            "description": self.description,
        }
        if self.parameters:
            body["parameters"] = dict(self.parameters)
        return body


def _bad(description: str) -> ApiError:
    return ApiError(400, f"Bad Request: {description}")


# --------------------------------------------------------------------------- HTML parsing

_HTML_ENTITY_RE = re.compile(r"&(?:(lt|gt|amp|quot)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));")
_HTML_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_HTML_ATTR_RE = re.compile(r"""\s*([a-zA-Z_:-]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?""")
_HTML_SIMPLE = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "code": "code",
    "pre": "pre",
}


def _parse_error(description: str) -> ApiError:
    return _bad(f"can't parse entities: {description}")


def parse_html(source: str) -> tuple[str, list[dict[str, Any]]]:
    """Parse Telegram-flavoured HTML into ``(text, entities)`` like the Bot API does.

    Raises :class:`ApiError` with Telegram's ``can't parse entities`` message on
    unsupported or unbalanced tags (e.g. a bare ``<`` or a ``<br>``).
    """
    out: list[str] = []
    pos16 = 0
    stack: list[tuple[str, dict[str, Any] | None, int]] = []
    entities: list[dict[str, Any]] = []
    i = 0

    def byte_offset(index: int) -> int:
        return len(source[:index].encode("utf-8"))

    while i < len(source):
        ch = source[i]
        if ch == "<":
            end = source.find(">", i)
            if end < 0:
                raise _parse_error(
                    f"Can't find end of the tag starting at byte offset {byte_offset(i)}"
                )
            inner = source[i + 1 : end]
            if inner.startswith("/"):
                name = inner[1:].strip().lower()
                if not stack:
                    raise _parse_error(f"Unexpected end tag at byte offset {byte_offset(i)}")
                open_name, entity, start = stack.pop()
                if name and name != open_name:
                    raise _parse_error(
                        f"Unmatched end tag at byte offset {byte_offset(i)}, "
                        f'expected "</{open_name}>", found "</{name}>"'
                    )
                if entity is not None and pos16 > start:
                    entity["offset"] = start
                    entity["length"] = pos16 - start
                    entities.append(entity)
            else:
                match = re.match(r"([a-zA-Z][a-zA-Z0-9-]*)(.*)$", inner, re.S)
                if match is None:
                    raise _parse_error(
                        f'Unsupported start tag "{inner}" at byte offset {byte_offset(i)}'
                    )
                name = match[1].lower()
                attrs = {
                    m[1].lower(): m[2] if m[2] is not None else (m[3] or m[4] or "")
                    for m in _HTML_ATTR_RE.finditer(match[2].rstrip("/"))
                    if m[1]
                }
                entity: dict[str, Any] | None
                if name in _HTML_SIMPLE:
                    entity = {"type": _HTML_SIMPLE[name]}
                    if name == "code" and stack and stack[-1][0] == "pre":
                        language = attrs.get("class", "")
                        pre_entity = stack[-1][1]
                        if language.startswith("language-") and pre_entity is not None:
                            pre_entity["language"] = language.removeprefix("language-")
                            entity = None
                elif name == "span" and attrs.get("class") == "tg-spoiler":
                    entity = {"type": "spoiler"}
                elif name == "a":
                    href = attrs.get("href", "")
                    entity = {"type": "text_link", "url": href} if href else None
                elif name == "blockquote":
                    expandable = "expandable" in attrs
                    entity = {"type": "expandable_blockquote" if expandable else "blockquote"}
                elif name == "tg-emoji" and attrs.get("emoji-id"):
                    entity = {"type": "custom_emoji", "custom_emoji_id": attrs["emoji-id"]}
                else:
                    raise _parse_error(
                        f'Unsupported start tag "{name}" at byte offset {byte_offset(i)}'
                    )
                stack.append((name, entity, pos16))
            i = end + 1
            continue
        if ch == "&":
            match = _HTML_ENTITY_RE.match(source, i)
            if match is not None:
                if match[1]:
                    char = _HTML_NAMED[match[1]]
                else:
                    code = int(match[2]) if match[2] else int(match[3], 16)
                    char = chr(code) if 0 < code <= 0x10FFFF else "\ufffd"
                out.append(char)
                pos16 += _u16(char)
                i = match.end()
                continue
        out.append(ch)
        pos16 += _u16(ch)
        i += 1
    if stack:
        raise _parse_error(f'Can\'t find end tag corresponding to start tag "{stack[-1][0]}"')
    entities.sort(key=lambda e: (e["offset"], -e["length"]))
    return "".join(out), entities


def _strip_text(text: str, entities: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """Trim surrounding whitespace (as Telegram does) and shift/clip the entities."""
    stripped = text.strip()
    if stripped == text:
        return text, entities
    lead16 = _u16(text[: len(text) - len(text.lstrip())])
    total16 = _u16(stripped)
    result = []
    for entity in entities:
        start = max(entity["offset"] - lead16, 0)
        end = min(entity["offset"] + entity["length"] - lead16, total16)
        if end > start:
            result.append({**entity, "offset": start, "length": end - start})
    return stripped, result


def _auto_entities(text: str) -> list[dict[str, Any]]:
    """Entities Telegram's clients attach to a typed message: bot commands and mentions."""
    found = []
    for regex, kind in ((_COMMAND_RE, "bot_command"), (_MENTION_RE, "mention")):
        for match in regex.finditer(text):
            found.append(
                {
                    "offset": _u16(text[: match.start()]),
                    "length": _u16(match.group()),
                    "type": kind,
                }
            )
    found.sort(key=lambda e: e["offset"])
    return found


def _image_size(data: bytes) -> tuple[int, int]:
    """Width/height of a PNG or JPEG (fallback 320x320); good enough for PhotoSize."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                break
            marker, length = data[i + 1], int.from_bytes(data[i + 2 : i + 4], "big")
            if marker in (0xC0, 0xC1, 0xC2):
                height, width = struct.unpack(">HH", data[i + 5 : i + 9])
                return width, height
            i += 2 + length
    return 320, 320


# --------------------------------------------------------------------------- records


@dataclass
class UploadedFile:
    """A file the bot uploaded (sendDocument/sendPhoto)."""

    method: str
    field: str
    chat_id: int | str | None
    filename: str
    content_type: str
    data: bytes
    file_id: str = ""
    message_id: int | None = None


@dataclass
class StoredFile:
    """A file known to the fake server, downloadable through getFile + the file route."""

    file_id: str
    file_unique_id: str
    data: bytes
    file_name: str
    mime_type: str
    file_path: str


@dataclass
class Call:
    """One HTTP request the bot made to the fake API."""

    method: str
    params: dict[str, Any]
    time: float
    files: dict[str, UploadedFile] = field(default_factory=dict)
    status: int | None = None
    response: dict[str, Any] | None = None

    @property
    def done(self) -> bool:
        """Whether the server already answered this call."""
        return self.response is not None

    @property
    def ok(self) -> bool:
        """Whether the answer was ``{"ok": true}``."""
        return bool(self.response and self.response.get("ok"))

    @property
    def result(self) -> Any:
        """The ``result`` of a successful call (``None`` otherwise)."""
        return (self.response or {}).get("result")

    @property
    def error(self) -> str | None:
        """The error description of a failed call."""
        if self.response is None or self.response.get("ok"):
            return None
        return self.response.get("description")

    def __str__(self) -> str:
        params = {k: v for k, v in self.params.items() if v is not None}
        shown = json.dumps(params, ensure_ascii=False, default=str)
        if len(shown) > 300:
            shown = shown[:297] + "..."
        outcome = "pending" if self.response is None else ("ok" if self.ok else self.error)
        return f"{self.method}({shown}) -> {self.status} {outcome}"


@dataclass
class _Fault:
    method: str
    remaining: int
    error: ApiError
    chat_id: int | None = None


@dataclass
class _ChatState:
    chat: dict[str, Any]
    chat_instance: str
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    deleted: dict[int, dict[str, Any]] = field(default_factory=dict)
    next_message_id: int = 1
    members: set[int] = field(default_factory=set)
    creator_id: int | None = None
    admin_ids: set[int] = field(default_factory=set)
    bot_status: str = "member"
    bot_left_voluntarily: bool = False
    migrated_to: int | None = None
    pinned: list[int] = field(default_factory=list)
    reply_keyboard: dict[str, Any] | None = None

    @property
    def id(self) -> int:
        return self.chat["id"]

    @property
    def type(self) -> str:
        return self.chat["type"]


# --------------------------------------------------------------------------- the fake


class FakeTelegram:
    """In-process fake of the Telegram Bot API plus a test-facing control/inspection API."""

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        bot_username: str = "pulka_test_bot",
        bot_name: str = "Pulka",
        privacy_mode: bool = False,
    ) -> None:
        self.token = token
        self.bot_id = int(token.split(":", 1)[0])
        self.privacy_mode = privacy_mode
        self.bot_user: dict[str, Any] = {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": bot_name,
            "username": bot_username,
        }
        self.base_url = ""
        self.calls: list[Call] = []
        self.uploads: list[UploadedFile] = []
        self.answered_callbacks: list[dict[str, Any]] = []
        self.injected_updates: list[dict[str, Any]] = []
        self.dropped_updates: list[dict[str, Any]] = []
        self.users: dict[int, dict[str, Any]] = {self.bot_id: self.bot_user}
        self.files: dict[str, StoredFile] = {}
        self.commands: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self._chats: dict[int, _ChatState] = {}
        self._queue: list[dict[str, Any]] = []
        self._allowed_updates: set[str] | None = None
        self._pending_callbacks: dict[str, dict[str, Any]] = {}
        self._faults: list[_Fault] = []
        self._ids = itertools.count(1)
        self._next_update_id = 100_000_001
        self._wakeup = asyncio.Event()
        self._poll_generation = 0
        self._closing = False
        self._runner: web.AppRunner | None = None
        self._handlers: dict[str, Callable[..., Any]] = {
            "getme": self._m_get_me,
            "getupdates": self._m_get_updates,
            "deletewebhook": self._m_delete_webhook,
            "getwebhookinfo": self._m_get_webhook_info,
            "setmycommands": self._m_set_my_commands,
            "getmycommands": self._m_get_my_commands,
            "deletemycommands": self._m_delete_my_commands,
            "sendmessage": self._m_send_message,
            "editmessagetext": self._m_edit_message_text,
            "editmessagecaption": self._m_edit_message_caption,
            "editmessagereplymarkup": self._m_edit_message_reply_markup,
            "deletemessage": self._m_delete_message,
            "deletemessages": self._m_delete_messages,
            "answercallbackquery": self._m_answer_callback_query,
            "senddocument": self._m_send_document,
            "sendphoto": self._m_send_photo,
            "pinchatmessage": self._m_pin_chat_message,
            "unpinchatmessage": self._m_unpin_chat_message,
            "unpinallchatmessages": self._m_unpin_all_chat_messages,
            "getchat": self._m_get_chat,
            "getchatmember": self._m_get_chat_member,
            "getchatadministrators": self._m_get_chat_administrators,
            "getchatmembercount": self._m_get_chat_member_count,
            "getfile": self._m_get_file,
            "leavechat": self._m_leave_chat,
            "sendchataction": self._m_send_chat_action,
        }
        for harmless in (
            "close",
            "logout",
            "setmydescription",
            "setmyshortdescription",
            "setmyname",
            "setchatmenubutton",
            "setmydefaultadministratorrights",
        ):
            self._handlers[harmless] = self._m_true

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> str:
        """Start serving on 127.0.0.1 with an ephemeral port; returns ``base_url``."""
        if self._runner is not None:
            return self.base_url
        self._closing = False
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle_api)
        app.router.add_get("/file/bot{token}/{path:.+}", self._handle_file)
        runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=2.0)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        sockets = runner.addresses
        port = sockets[0][1]
        self._runner = runner
        self.base_url = f"http://127.0.0.1:{port}"
        return self.base_url

    async def stop(self) -> None:
        """Stop the server; pending long polls are answered immediately (idempotent)."""
        self._closing = True
        self._wake()
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    async def __aenter__(self) -> FakeTelegram:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def api_server(self) -> TelegramAPIServer:
        """aiogram server config pointing at this fake (requires ``start()``)."""
        if not self.base_url:
            raise RuntimeError("FakeTelegram is not started")
        return TelegramAPIServer.from_base(self.base_url)

    def make_bot(self, **bot_kwargs: Any) -> Bot:
        """A real aiogram ``Bot`` whose session talks to this fake server."""
        return Bot(self.token, session=AiohttpSession(api=self.api_server), **bot_kwargs)

    @asynccontextmanager
    async def run_polling(
        self, dp: Dispatcher, bot: Bot, **polling_kwargs: Any
    ) -> AsyncIterator[asyncio.Task[None]]:
        """Run ``dp.start_polling(bot)`` in a task until the block exits.

        Waits until the first getUpdates request arrives, so updates injected inside the
        block are picked up. Defaults: ``handle_signals=False, close_bot_session=False``.
        On exit the polling is stopped with ``dp.stop_polling()`` and the task awaited
        (exceptions of the polling task propagate).
        """
        polling_kwargs.setdefault("handle_signals", False)
        polling_kwargs.setdefault("close_bot_session", False)
        since = len(self.calls)
        task = asyncio.create_task(dp.start_polling(bot, **polling_kwargs))
        try:
            await self.wait_for(
                lambda: (
                    task.done() or any(c.method.lower() == "getupdates" for c in self.calls[since:])
                ),
                timeout=5.0,
                description="dispatcher to start polling",
            )
            if task.done():
                task.result()
            yield task
        finally:
            if not task.done():
                with suppress(RuntimeError):
                    await asyncio.wait_for(dp.stop_polling(), timeout=5.0)
            if not task.done():
                task.cancel()
            with suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, timeout=5.0)

    # ------------------------------------------------------------------ world building

    def create_user(
        self,
        first_name: str = "Alice",
        *,
        username: str | None = None,
        last_name: str | None = None,
        language_code: str | None = "ru",
        user_id: int | None = None,
        is_premium: bool = False,
    ) -> dict[str, Any]:
        """Create a (human) Telegram user and return its ``User`` dict."""
        uid = user_id if user_id is not None else 700_000_000 + next(self._ids)
        user: dict[str, Any] = {"id": uid, "is_bot": False, "first_name": first_name}
        if last_name:
            user["last_name"] = last_name
        if username:
            user["username"] = username
        if language_code:
            user["language_code"] = language_code
        if is_premium:
            user["is_premium"] = True
        self.users[uid] = user
        return copy.deepcopy(user)

    def private_chat(self, user: UserLike) -> dict[str, Any]:
        """The private chat between ``user`` and the bot (created on first use)."""
        user_obj = self._user(user)
        state = self._chats.get(user_obj["id"])
        if state is None:
            chat = {"id": user_obj["id"], "type": "private", "first_name": user_obj["first_name"]}
            for key in ("last_name", "username"):
                if key in user_obj:
                    chat[key] = user_obj[key]
            state = self._add_chat(chat)
            state.members.add(user_obj["id"])
        return copy.deepcopy(state.chat)

    def create_group(
        self,
        title: str = "Pulka table",
        *,
        members: Iterable[UserLike] = (),
        creator: UserLike | None = None,
        chat_id: int | None = None,
    ) -> dict[str, Any]:
        """Create a basic group (bot is a member) and return its ``Chat`` dict."""
        cid = chat_id if chat_id is not None else -(4_000_000_000 + next(self._ids))
        state = self._add_chat({"id": cid, "type": "group", "title": title})
        self._populate(state, members, creator)
        return copy.deepcopy(state.chat)

    def create_supergroup(
        self,
        title: str = "Pulka club",
        *,
        members: Iterable[UserLike] = (),
        creator: UserLike | None = None,
        is_forum: bool = False,
        username: str | None = None,
        chat_id: int | None = None,
    ) -> dict[str, Any]:
        """Create a supergroup (optionally a forum) and return its ``Chat`` dict."""
        cid = chat_id if chat_id is not None else -(1_000_000_000_000 + next(self._ids))
        chat: dict[str, Any] = {"id": cid, "type": "supergroup", "title": title}
        if username:
            chat["username"] = username
        if is_forum:
            chat["is_forum"] = True
        state = self._add_chat(chat)
        self._populate(state, members, creator)
        return copy.deepcopy(state.chat)

    def set_admins(
        self, chat: ChatLike, user_ids: Iterable[UserLike], *, creator: UserLike | None = None
    ) -> None:
        """Set the chat's administrators (include the bot's id to promote the bot).

        A change of the bot's own status is announced with a ``my_chat_member`` update.
        """
        state = self._state(chat)
        if creator is not None:
            state.creator_id = self._user(creator)["id"]
            state.members.add(state.creator_id)
        ids = {self._user(u)["id"] for u in user_ids}
        state.admin_ids = ids - {self.bot_id, state.creator_id}
        state.members |= state.admin_ids
        new_bot_status = (
            "administrator"
            if self.bot_id in ids
            else ("member" if state.bot_status == "administrator" else state.bot_status)
        )
        if new_bot_status != state.bot_status:
            self._change_bot_status(state, new_bot_status, by=None)

    def create_topic(self, chat: ChatLike, user: UserLike, name: str = "Pulka") -> int:
        """Create a forum topic (service message); returns its ``message_thread_id``."""
        state = self._state(chat)
        message = self._new_message(state, self._user(user))
        message["message_thread_id"] = message["message_id"]
        message["is_topic_message"] = True
        message["forum_topic_created"] = {"name": name, "icon_color": 7322096}
        self._deliver_message(state, message, service=True)
        return message["message_id"]

    # ------------------------------------------------------------------ injection

    def inject_update(self, update: dict[str, Any]) -> dict[str, Any]:
        """Queue a raw update (``update_id`` is assigned) and wake the long poll."""
        update = copy.deepcopy(update)
        update["update_id"] = self._next_update_id
        self._next_update_id += 1
        self._queue.append(update)
        self.injected_updates.append(update)
        self._wake()
        return copy.deepcopy(update)

    def send_message(
        self,
        chat: ChatLike,
        user: UserLike,
        text: str = "",
        reply_to: MessageLike | None = None,
        document: bytes | tuple[str, bytes] | tuple[str, bytes, str] | None = None,
        thread_id: int | None = None,
    ) -> dict[str, Any]:
        """A user writes to a chat; injects a ``message`` update and returns the message.

        ``document`` is ``bytes`` or ``(filename, bytes[, mime_type])``; with a document
        ``text`` becomes the caption. Commands/mentions get their entities.
        """
        state = self._state(chat, for_user=True)
        user_obj = self._user(user)
        state.members.add(user_obj["id"])
        message = self._new_message(state, user_obj, thread_id=thread_id)
        if reply_to is not None:
            message["reply_to_message"] = self._reply_target(state, self._message_id(reply_to))
        if document is not None:
            if isinstance(document, bytes):
                document = ("document.bin", document)
            filename, data = document[0], document[1]
            mime = document[2] if len(document) > 2 else None  # type: ignore[misc]
            stored = self._store_file(data, filename, mime, kind="documents")
            message["document"] = self._document_obj(stored)
            if text:
                message["caption"] = text
                if entities := _auto_entities(text):
                    message["caption_entities"] = entities
        else:
            if not text:
                raise ValueError("send_message needs text or a document")
            message["text"] = text
            if entities := _auto_entities(text):
                message["entities"] = entities
        self._deliver_message(state, message)
        return copy.deepcopy(message)

    def edit_user_message(self, chat: ChatLike, message: MessageLike, text: str) -> dict[str, Any]:
        """A user edits their text message; injects an ``edited_message`` update."""
        state = self._state(chat, for_user=True)
        stored = state.messages[self._message_id(message)]
        stored["text"] = text
        stored.pop("entities", None)
        if entities := _auto_entities(text):
            stored["entities"] = entities
        stored["edit_date"] = int(time.time())
        if state.bot_status in ("member", "administrator", "creator"):
            self.inject_update({"edited_message": stored})
        return copy.deepcopy(stored)

    def press_button(
        self,
        chat: ChatLike,
        user: UserLike,
        message: MessageLike,
        callback_data: str,
        *,
        strict: bool = True,
    ) -> dict[str, Any]:
        """A user presses an inline button; injects a ``callback_query`` update.

        Returns the callback query dict (its ``id`` identifies the answer). With
        ``strict`` the button must exist in the message's *current* inline keyboard.
        """
        state = self._state(chat, for_user=True)
        message_id = self._message_id(message)
        current = state.messages.get(message_id)
        if current is None:
            raise ValueError(f"message {message_id} does not exist in chat {state.id}")
        if strict:
            buttons = [
                button.get("callback_data")
                for row in current.get("reply_markup", {}).get("inline_keyboard", [])
                for button in row
            ]
            if callback_data not in buttons:
                raise AssertionError(
                    f"message {message_id} has no button with callback_data={callback_data!r}; "
                    f"current buttons: {buttons}"
                )
        query = {
            "id": str(4_000_000_000_000 + next(self._ids)),
            "from": self._user(user),
            "message": copy.deepcopy(current),
            "chat_instance": state.chat_instance,
            "data": callback_data,
        }
        self._pending_callbacks[query["id"]] = query
        self.inject_update({"callback_query": query})
        return copy.deepcopy(query)

    def migrate_group(
        self,
        old_chat: ChatLike,
        new_supergroup_id: int | None = None,
        *,
        by: UserLike | None = None,
    ) -> dict[str, Any]:
        """Upgrade a basic group to a supergroup; returns the new ``Chat`` dict.

        Injects the two service messages Telegram sends (``migrate_to_chat_id`` in the old
        group, ``migrate_from_chat_id`` in the supergroup); afterwards every call with the
        old chat id fails with "group chat was upgraded to a supergroup chat".
        """
        old = self._state(old_chat)
        if old.type != "group":
            raise ValueError("only basic groups can be migrated")
        new_id = (
            new_supergroup_id
            if new_supergroup_id is not None
            else -(1_000_000_000_000 + next(self._ids))
        )
        actor = self._actor(old, by)
        new = self._add_chat({"id": new_id, "type": "supergroup", "title": old.chat["title"]})
        new.members = set(old.members)
        new.creator_id = old.creator_id
        new.admin_ids = set(old.admin_ids)
        new.bot_status = old.bot_status
        to_msg = self._new_message(old, actor)
        to_msg["migrate_to_chat_id"] = new_id
        self._deliver_message(old, to_msg, service=True)
        old.migrated_to = new_id
        from_msg = self._new_message(new, actor)
        from_msg["migrate_from_chat_id"] = old.id
        self._deliver_message(new, from_msg, service=True)
        return copy.deepcopy(new.chat)

    def bot_removed(self, chat: ChatLike, by: UserLike | None = None) -> dict[str, Any]:
        """The bot is removed from a group (or blocked by the user in a private chat).

        Injects ``my_chat_member``; later sends to the chat fail with 403 Forbidden.
        """
        state = self._state(chat)
        new_status = "left" if state.type == "group" else "kicked"
        return self._change_bot_status(state, new_status, by=by)

    def bot_added(
        self, chat: ChatLike, by: UserLike | None = None, *, as_admin: bool = False
    ) -> dict[str, Any]:
        """The bot is (re-)added to a chat / unblocked; injects ``my_chat_member``.

        For groups the ``new_chat_members`` service message is injected as well.
        """
        state = self._state(chat)
        update = self._change_bot_status(state, "administrator" if as_admin else "member", by=by)
        if state.type != "private":
            message = self._new_message(state, self._actor(state, by))
            message["new_chat_members"] = [copy.deepcopy(self.bot_user)]
            self._deliver_message(state, message, service=True)
        return update

    # ------------------------------------------------------------------ fault injection

    def flood(self, method: str, times: int = 1, retry_after: int = 1) -> None:
        """Answer the next ``times`` calls of ``method`` with 429 + ``retry_after``."""
        self.fail_next(
            method,
            times=times,
            error_code=429,
            description=f"Too Many Requests: retry after {retry_after}",
            parameters={"retry_after": retry_after},
        )

    def fail_next(
        self,
        method: str,
        *,
        times: int = 1,
        error_code: int = 400,
        description: str = "Bad Request: injected failure",
        parameters: dict[str, Any] | None = None,
        chat_id: int | None = None,
    ) -> None:
        """Make the next ``times`` calls of ``method`` (optionally only for ``chat_id``) fail."""
        self._faults.append(
            _Fault(method.lower(), times, ApiError(error_code, description, parameters), chat_id)
        )

    # ------------------------------------------------------------------ inspection

    def calls_to(self, method: str) -> list[Call]:
        """Every recorded call of ``method`` (case-insensitive), oldest first."""
        method = method.lower()
        return [c for c in self.calls if c.method.lower() == method]

    def messages(self, chat: ChatLike) -> list[dict[str, Any]]:
        """Current state of all (not deleted) messages in a chat, users' and bot's."""
        state = self._state(chat)
        return [copy.deepcopy(m) for m in state.messages.values()]

    def sent_messages(self, chat: ChatLike) -> list[dict[str, Any]]:
        """Current state (edits applied, deleted ones omitted) of the bot's messages."""
        return [m for m in self.messages(chat) if m["from"]["id"] == self.bot_id]

    def last_sent(self, chat: ChatLike) -> dict[str, Any] | None:
        """The bot's most recent live message in the chat, or ``None``."""
        sent = self.sent_messages(chat)
        return sent[-1] if sent else None

    def message(self, chat: ChatLike, message_id: int) -> dict[str, Any] | None:
        """Current state of one message (``None`` if unknown or deleted)."""
        found = self._state(chat).messages.get(message_id)
        return copy.deepcopy(found) if found is not None else None

    def deleted_messages(self, chat: ChatLike) -> list[dict[str, Any]]:
        """Messages deleted in the chat (last state before deletion)."""
        state = self._state(chat)
        return [copy.deepcopy(m) for m in state.deleted.values()]

    def pinned_message_ids(self, chat: ChatLike) -> list[int]:
        """Ids of pinned messages, most recently pinned last."""
        return list(self._state(chat).pinned)

    def reply_keyboard(self, chat: ChatLike) -> dict[str, Any] | None:
        """The last non-inline reply markup (ReplyKeyboardMarkup/Remove/ForceReply) sent."""
        return copy.deepcopy(self._state(chat).reply_keyboard)

    def callback_answer(self, callback_query_id: str) -> dict[str, Any] | None:
        """The answerCallbackQuery parameters for a query id, or ``None``."""
        for answer in self.answered_callbacks:
            if answer["callback_query_id"] == callback_query_id:
                return answer
        return None

    def my_commands(
        self, scope: dict[str, Any] | None = None, language_code: str = ""
    ) -> list[dict[str, Any]]:
        """Commands registered with setMyCommands for a scope/language."""
        return copy.deepcopy(self.commands.get((self._scope_key(scope), language_code), []))

    @property
    def documents(self) -> list[UploadedFile]:
        """Files the bot uploaded with sendDocument."""
        return [u for u in self.uploads if u.field == "document"]

    @property
    def photos(self) -> list[UploadedFile]:
        """Files the bot uploaded with sendPhoto."""
        return [u for u in self.uploads if u.field == "photo"]

    @property
    def pending_updates(self) -> int:
        """Number of injected updates not yet confirmed by the bot."""
        return len(self._queue)

    def format_calls(self, last: int = 15, *, include_polls: bool = False) -> str:
        """Human-readable dump of the most recent calls (for assertion messages)."""
        calls = [c for c in self.calls if include_polls or c.method.lower() != "getupdates"]
        lines = [f"  {c}" for c in calls[-last:]]
        return "\n".join(lines) if lines else "  (no calls)"

    async def wait_for(
        self,
        predicate: Callable[[], T],
        timeout: float = 5.0,
        *,
        description: str | None = None,
    ) -> T:
        """Poll ``predicate()`` every 10 ms until it returns a truthy value; return it.

        Exceptions raised by the predicate count as "not yet". On timeout an
        ``AssertionError`` listing the last calls is raised.
        """
        deadline = asyncio.get_running_loop().time() + min(timeout, 60.0)
        last_exc: Exception | None = None
        while True:
            try:
                value = predicate()
            except Exception as exc:
                last_exc = exc
            else:
                if value:
                    return value
            if asyncio.get_running_loop().time() >= deadline:
                what = description or getattr(predicate, "__name__", repr(predicate))
                extra = f"\nlast predicate error: {last_exc!r}" if last_exc else ""
                raise AssertionError(
                    f"timed out after {timeout}s waiting for {what}{extra}\n"
                    f"last bot API calls:\n{self.format_calls()}"
                )
            await asyncio.sleep(0.01)

    async def wait_for_call(
        self,
        method: str,
        predicate: Callable[[Call], Any] | None = None,
        *,
        since: int = 0,
        timeout: float = 5.0,
    ) -> Call:
        """Wait for a *completed* call of ``method`` (index >= ``since``) matching ``predicate``."""
        method = method.lower()

        def find() -> Call | None:
            for call in self.calls[since:]:
                if (
                    call.method.lower() == method
                    and call.done
                    and (predicate is None or predicate(call))
                ):
                    return call
            return None

        return await self.wait_for(find, timeout, description=f"a {method} call")

    async def wait_for_message(
        self,
        chat: ChatLike,
        predicate: Callable[[dict[str, Any]], Any] | None = None,
        *,
        after: int = 0,
        timeout: float = 5.0,
    ) -> dict[str, Any]:
        """Wait for a live bot message in ``chat`` with ``message_id > after`` matching
        ``predicate``; returns its current state."""

        def find() -> dict[str, Any] | None:
            for message in self.sent_messages(chat):
                if message["message_id"] > after and (predicate is None or predicate(message)):
                    return message
            return None

        chat_id = chat["id"] if isinstance(chat, dict) else chat
        return await self.wait_for(find, timeout, description=f"a bot message in {chat_id}")

    # ------------------------------------------------------------------ internals: model

    def _wake(self) -> None:
        self._wakeup.set()
        self._wakeup = asyncio.Event()

    def _add_chat(self, chat: dict[str, Any]) -> _ChatState:
        if chat["id"] in self._chats:
            raise ValueError(f"chat {chat['id']} already exists")
        state = _ChatState(chat=chat, chat_instance=str(-(8_000_000_000 + next(self._ids))))
        self._chats[chat["id"]] = state
        return state

    def _populate(
        self, state: _ChatState, members: Iterable[UserLike], creator: UserLike | None
    ) -> None:
        state.members = {self._user(m)["id"] for m in members}
        if creator is not None:
            state.creator_id = self._user(creator)["id"]
            state.members.add(state.creator_id)

    def _user(self, user: UserLike) -> dict[str, Any]:
        uid = user["id"] if isinstance(user, dict) else user
        if uid not in self.users:
            if isinstance(user, dict):
                self.users[uid] = copy.deepcopy(user)
            else:
                raise ValueError(f"unknown user {uid}; create it with create_user()")
        return copy.deepcopy(self.users[uid])

    def _state(self, chat: ChatLike, *, for_user: bool = False) -> _ChatState:
        cid = chat["id"] if isinstance(chat, dict) else chat
        state = self._chats.get(cid)
        if state is None:
            raise ValueError(f"unknown chat {cid}")
        if for_user and state.migrated_to is not None:
            raise ValueError(f"chat {cid} was migrated to {state.migrated_to}")
        return state

    @staticmethod
    def _message_id(message: MessageLike) -> int:
        return message["message_id"] if isinstance(message, dict) else int(message)

    def _actor(self, state: _ChatState, by: UserLike | None) -> dict[str, Any]:
        if by is not None:
            return self._user(by)
        if state.type == "private":
            return self._user(state.id)
        for uid in [state.creator_id, *sorted(state.admin_ids), *sorted(state.members)]:
            if uid is not None and uid != self.bot_id and uid in self.users:
                return self._user(uid)
        admin = self.create_user("Admin")
        state.members.add(admin["id"])
        return admin

    def _new_message(
        self, state: _ChatState, sender: dict[str, Any], *, thread_id: int | None = None
    ) -> dict[str, Any]:
        message: dict[str, Any] = {
            "message_id": state.next_message_id,
            "from": copy.deepcopy(sender),
            "chat": copy.deepcopy(state.chat),
            "date": int(time.time()),
        }
        state.next_message_id += 1
        if thread_id is not None:
            message["message_thread_id"] = thread_id
            if state.chat.get("is_forum"):
                message["is_topic_message"] = True
        return message

    def _reply_target(
        self, state: _ChatState, message_id: int, *, allow_missing: bool = False
    ) -> dict[str, Any] | None:
        target = state.messages.get(message_id)
        if target is None:
            if allow_missing:
                return None
            raise _bad("message to be replied not found")
        target = copy.deepcopy(target)
        target.pop("reply_to_message", None)
        return target

    def _deliver_message(
        self, state: _ChatState, message: dict[str, Any], *, service: bool = False
    ) -> None:
        state.messages[message["message_id"]] = message
        if state.bot_status not in ("member", "administrator", "creator"):
            return
        if (
            self.privacy_mode
            and not service
            and state.type in ("group", "supergroup")
            and not self._visible_in_privacy_mode(message)
        ):
            return
        self.inject_update({"message": message})

    def _visible_in_privacy_mode(self, message: dict[str, Any]) -> bool:
        text = message.get("text") or message.get("caption") or ""
        username = self.bot_user["username"].lower()
        command = _COMMAND_RE.match(text)
        if command:
            target = command.group().partition("@")[2].lower()
            return target in ("", username)
        reply = message.get("reply_to_message")
        if reply and reply["from"]["id"] == self.bot_id:
            return True
        return f"@{username}" in text.lower()

    def _status_of(self, state: _ChatState, user_id: int) -> str:
        if user_id == self.bot_id:
            return state.bot_status
        if state.type == "private":
            return "member" if user_id == state.id else "left"
        if user_id == state.creator_id:
            return "creator"
        if user_id in state.admin_ids:
            return "administrator"
        return "member" if user_id in state.members else "left"

    def _member_obj(self, state: _ChatState, user_id: int) -> dict[str, Any]:
        user = self.users.get(user_id) or {"id": user_id, "is_bot": False, "first_name": "User"}
        status = self._status_of(state, user_id)
        member: dict[str, Any] = {"status": status, "user": copy.deepcopy(user)}
        if status == "creator":
            member["is_anonymous"] = False
        elif status == "administrator":
            member.update(
                {
                    "can_be_edited": False,
                    "is_anonymous": False,
                    "can_manage_chat": True,
                    "can_delete_messages": True,
                    "can_manage_video_chats": True,
                    "can_restrict_members": True,
                    "can_promote_members": False,
                    "can_change_info": True,
                    "can_invite_users": True,
                    "can_post_stories": True,
                    "can_edit_stories": True,
                    "can_delete_stories": True,
                    "can_send_welcome_messages": True,
                    "can_pin_messages": True,
                }
            )
            if state.chat.get("is_forum"):
                member["can_manage_topics"] = True
        elif status == "kicked":
            member["until_date"] = 0
        return member

    def _change_bot_status(
        self, state: _ChatState, new_status: str, by: UserLike | None
    ) -> dict[str, Any]:
        old_member = self._member_obj(state, self.bot_id)
        state.bot_status = new_status
        state.bot_left_voluntarily = False
        new_member = self._member_obj(state, self.bot_id)
        return self.inject_update(
            {
                "my_chat_member": {
                    "chat": copy.deepcopy(state.chat),
                    "from": self._actor(state, by),
                    "date": int(time.time()),
                    "old_chat_member": old_member,
                    "new_chat_member": new_member,
                }
            }
        )

    def _store_file(
        self, data: bytes, filename: str, mime_type: str | None, *, kind: str
    ) -> StoredFile:
        n = next(self._ids)
        suffix = filename.rpartition(".")[2] if "." in filename else "bin"
        mime = mime_type
        if not mime or mime == "application/octet-stream":
            mime = mimetypes.guess_type(filename)[0] or mime or "application/octet-stream"
        stored = StoredFile(
            file_id=f"BQACAgIAAxkBAAI{n:06d}{secrets.token_urlsafe(18)}",
            file_unique_id=f"AgAD{n:06d}{secrets.token_hex(3)}",
            data=data,
            file_name=filename,
            mime_type=mime,
            file_path=f"{kind}/file_{n}.{suffix}",
        )
        self.files[stored.file_id] = stored
        return stored

    @staticmethod
    def _document_obj(stored: StoredFile) -> dict[str, Any]:
        return {
            "file_name": stored.file_name,
            "mime_type": stored.mime_type,
            "file_id": stored.file_id,
            "file_unique_id": stored.file_unique_id,
            "file_size": len(stored.data),
        }

    @staticmethod
    def _scope_key(scope: Any) -> str:
        if not scope or scope == {"type": "default"}:
            return "default"
        return json.dumps(scope, sort_keys=True)

    # ------------------------------------------------------------------ internals: HTTP

    async def _parse_request(
        self, request: web.Request
    ) -> tuple[dict[str, Any], dict[str, UploadedFile]]:
        params: dict[str, Any] = {}
        files: dict[str, UploadedFile] = {}
        for key, value in request.query.items():
            params[key] = self._decode_field(key, value)
        if request.method == "POST" and request.body_exists:
            if request.content_type == "application/json":
                body = await request.json()
                if not isinstance(body, dict):
                    raise _bad("request body must be a JSON object")
                params.update(body)
            else:
                form = await request.post()
                for key, value in form.items():
                    if isinstance(value, FileField):
                        files[key] = UploadedFile(
                            method=request.match_info["method"],
                            field=key,
                            chat_id=None,
                            filename=value.filename,
                            content_type=value.content_type,
                            data=value.file.read(),
                        )
                    elif isinstance(value, str):
                        params[key] = self._decode_field(key, value)
        return params, files

    @staticmethod
    def _decode_field(key: str, value: str) -> Any:
        if key in _STRING_FIELDS or value.startswith("attach://"):
            return value
        try:
            return json.loads(value)
        except ValueError:
            return value

    async def _handle_api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        call = Call(method=method, params={}, time=time.time())
        self.calls.append(call)
        try:
            if request.match_info["token"] != self.token:
                raise ApiError(401, "Unauthorized")
            call.params, call.files = await self._parse_request(request)
            handler = self._handlers.get(method.lower())
            if handler is None:
                raise ApiError(404, "Not Found")
            self._check_faults(method, call.params)
            result = handler(call.params, call.files)
            if asyncio.iscoroutine(result):
                result = await result
            payload: dict[str, Any] = {"ok": True, "result": result}
            status = 200
        except ApiError as exc:
            payload, status = exc.payload(), exc.error_code
        call.status, call.response = status, payload
        return web.json_response(payload, status=status)

    async def _handle_file(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(ApiError(401, "Unauthorized").payload(), status=401)
        path = request.match_info["path"]
        for stored in self.files.values():
            if stored.file_path == path:
                return web.Response(body=stored.data, content_type=stored.mime_type)
        return web.json_response(ApiError(404, "Not Found").payload(), status=404)

    def _check_faults(self, method: str, params: dict[str, Any]) -> None:
        method = method.lower()
        for fault in self._faults:
            if fault.method != method or fault.remaining <= 0:
                continue
            if fault.chat_id is not None and params.get("chat_id") != fault.chat_id:
                continue
            fault.remaining -= 1
            if fault.remaining <= 0:
                self._faults.remove(fault)
            raise fault.error

    # ------------------------------------------------------------------ internals: params

    def _chat_param(self, params: dict[str, Any], *, need_access: bool = True) -> _ChatState:
        raw = params.get("chat_id")
        if raw is None or raw == "":
            raise _bad("chat_id is empty")
        state: _ChatState | None = None
        if isinstance(raw, str) and raw.startswith("@"):
            wanted = raw[1:].lower()
            state = next(
                (s for s in self._chats.values() if s.chat.get("username", "").lower() == wanted),
                None,
            )
        else:
            try:
                state = self._chats.get(int(raw))
            except (TypeError, ValueError):
                state = None
        if state is None:
            raise ApiError(400, CHAT_NOT_FOUND)
        if state.migrated_to is not None:
            raise ApiError(400, MIGRATED, {"migrate_to_chat_id": state.migrated_to})
        if need_access:
            self._require_access(state)
        return state

    def _chat_info_param(self, params: dict[str, Any]) -> _ChatState:
        """Chat for read-only methods: a blocked bot can still look at the private chat."""
        state = self._chat_param(params, need_access=False)
        if state.type != "private":
            self._require_access(state)
        return state

    def _require_access(self, state: _ChatState) -> None:
        if state.bot_status in ("member", "administrator", "creator"):
            return
        if state.type == "private":
            raise ApiError(403, "Forbidden: bot was blocked by the user")
        kind = "group chat" if state.type == "group" else f"{state.type} chat"
        if state.bot_left_voluntarily:
            raise ApiError(403, f"Forbidden: bot is not a member of the {kind}")
        raise ApiError(403, f"Forbidden: bot was kicked from the {kind}")

    @staticmethod
    def _int_param(params: dict[str, Any], key: str, default: int | None = None) -> int | None:
        value = params.get(key, default)
        if value is None or value == "":
            return default
        try:
            return int(value)
        except (TypeError, ValueError):
            raise _bad(f"invalid {key} specified") from None

    def _formatted(
        self,
        params: dict[str, Any],
        text_key: str,
        entities_key: str,
        *,
        limit: int,
        empty_error: str | None,
    ) -> tuple[str, list[dict[str, Any]]]:
        raw = params.get(text_key)
        raw = "" if raw is None else str(raw)
        parse_mode = (params.get("parse_mode") or "").lower()
        if parse_mode == "html":
            text, entities = parse_html(raw)
        else:
            text = raw
            given = params.get(entities_key)
            entities = [dict(e) for e in given] if isinstance(given, list) else []
        text, entities = _strip_text(text, entities)
        if not text and empty_error:
            raise _bad(empty_error)
        if _u16(text) > limit:
            raise _bad(
                "message is too long" if text_key == "text" else "message caption is too long"
            )
        return text, entities

    @staticmethod
    def _markup(params: dict[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """Split reply_markup into (inline keyboard stored on the message, other markup)."""
        markup = params.get("reply_markup")
        if markup is None or markup == "":
            return None, None
        if not isinstance(markup, dict):
            raise _bad("can't parse reply keyboard markup JSON object")
        if "inline_keyboard" not in markup:
            return None, markup
        rows = markup["inline_keyboard"]
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise _bad('can\'t parse inline keyboard button: field "inline_keyboard" is invalid')
        for row in rows:
            for button in row:
                if not isinstance(button, dict) or not button.get("text"):
                    raise _bad("can't parse inline keyboard button: Text must be non-empty")
                actions = [a for a in _INLINE_BUTTON_ACTIONS if a in button]
                if not actions:
                    raise _bad(
                        "can't parse inline keyboard button: "
                        "Text buttons are unallowed in the inline keyboard"
                    )
                if "callback_data" in button:
                    size = len(str(button["callback_data"]).encode("utf-8"))
                    if not 1 <= size <= 64:
                        raise _bad("BUTTON_DATA_INVALID")
        if not any(rows):
            return None, None
        return {"inline_keyboard": rows}, None

    def _bot_message(
        self, state: _ChatState, params: dict[str, Any], inline: dict[str, Any] | None
    ) -> dict[str, Any]:
        """Create a message sent by the bot (thread, reply and markup handled)."""
        thread_id = self._int_param(params, "message_thread_id")
        reply_to_id: int | None = None
        allow_missing = bool(params.get("allow_sending_without_reply"))
        reply_parameters = params.get("reply_parameters")
        if isinstance(reply_parameters, dict):
            reply_to_id = self._int_param(reply_parameters, "message_id")
            allow_missing = bool(reply_parameters.get("allow_sending_without_reply"))
        elif params.get("reply_to_message_id") is not None:
            reply_to_id = self._int_param(params, "reply_to_message_id")
        reply = (
            self._reply_target(state, reply_to_id, allow_missing=allow_missing)
            if reply_to_id is not None
            else None
        )
        if thread_id is None and reply is not None and reply.get("is_topic_message"):
            thread_id = reply.get("message_thread_id")
        message = self._new_message(state, self.bot_user, thread_id=thread_id)
        if reply is not None:
            message["reply_to_message"] = reply
        if inline is not None:
            message["reply_markup"] = inline
        return message

    def _find_bot_message(self, params: dict[str, Any]) -> tuple[_ChatState, dict[str, Any]]:
        if params.get("inline_message_id"):
            raise _bad("MESSAGE_ID_INVALID")
        state = self._chat_param(params)
        message_id = self._int_param(params, "message_id")
        message = state.messages.get(message_id) if message_id is not None else None
        if message is None:
            raise ApiError(400, MESSAGE_TO_EDIT_NOT_FOUND)
        if message["from"]["id"] != self.bot_id:
            raise _bad("message can't be edited")
        return state, message

    def _upload(
        self, method: str, params: dict[str, Any], files: dict[str, UploadedFile], key: str
    ) -> tuple[StoredFile, UploadedFile | None]:
        value = params.get(key)
        upload: UploadedFile | None = None
        if isinstance(value, str) and value.startswith("attach://"):
            upload = files.get(value.removeprefix("attach://"))
            if upload is None:
                raise _bad(f"file {value} not found in the request")
        elif key in files:
            upload = files[key]
        elif isinstance(value, str) and value in self.files:
            return self.files[value], None
        elif value:
            raise _bad("wrong file identifier/HTTP URL specified")
        else:
            raise _bad(f"there is no {key} in the request")
        upload.method, upload.field = method, key
        kind = "photos" if key == "photo" else "documents"
        stored = self._store_file(upload.data, upload.filename, upload.content_type, kind=kind)
        upload.file_id = stored.file_id
        return stored, upload

    # ------------------------------------------------------------------ Bot API methods

    def _m_true(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> bool:
        return True

    def _m_get_me(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        return {
            **self.bot_user,
            "can_join_groups": True,
            "can_read_all_group_messages": not self.privacy_mode,
            "supports_inline_queries": False,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    async def _m_get_updates(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        offset = self._int_param(params, "offset")
        limit = min(max(self._int_param(params, "limit", 100) or 100, 1), 100)
        timeout = min(max(self._int_param(params, "timeout", 0) or 0, 0), 50)
        allowed = params.get("allowed_updates")
        if isinstance(allowed, list):
            self._allowed_updates = set(allowed) or None
        # A newer getUpdates terminates the pending one, like the real server does.
        self._poll_generation += 1
        generation = self._poll_generation
        self._wake()
        if offset is not None:
            if offset < 0:
                self._queue = self._queue[offset:]
            else:
                self._queue = [u for u in self._queue if u["update_id"] >= offset]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if self._closing:
                return []
            if generation != self._poll_generation:
                raise ApiError(409, CONFLICT)
            ready = self._deliverable()
            if ready:
                return copy.deepcopy(ready[:limit])
            remaining = deadline - loop.time()
            if remaining <= 0:
                return []
            with suppress(TimeoutError):
                await asyncio.wait_for(self._wakeup.wait(), remaining)

    def _deliverable(self) -> list[dict[str, Any]]:
        kept = []
        for update in self._queue:
            kind = next(k for k in update if k != "update_id")
            allowed = (
                kind in self._allowed_updates
                if self._allowed_updates is not None
                else kind not in _OPT_IN_UPDATES
            )
            if allowed:
                kept.append(update)
            else:
                self.dropped_updates.append(update)
        self._queue = kept
        return kept

    def _m_delete_webhook(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        if params.get("drop_pending_updates"):
            self.dropped_updates.extend(self._queue)
            self._queue = []
        return True

    def _m_get_webhook_info(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        return {
            "url": "",
            "has_custom_certificate": False,
            "pending_update_count": len(self._queue),
        }

    def _m_set_my_commands(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        commands = params.get("commands")
        if not isinstance(commands, list) or len(commands) > 100:
            raise _bad("can't parse commands JSON object")
        for command in commands:
            if not isinstance(command, dict) or not _BOT_COMMAND_NAME_RE.match(
                str(command.get("command", ""))
            ):
                raise _bad("BOT_COMMAND_INVALID")
            if not 1 <= len(str(command.get("description", ""))) <= 256:
                raise _bad("command description is empty")
        key = (self._scope_key(params.get("scope")), params.get("language_code") or "")
        self.commands[key] = [
            {"command": c["command"], "description": c["description"]} for c in commands
        ]
        return True

    def _m_get_my_commands(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        return self.my_commands(params.get("scope"), params.get("language_code") or "")

    def _m_delete_my_commands(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        key = (self._scope_key(params.get("scope")), params.get("language_code") or "")
        self.commands.pop(key, None)
        return True

    def _m_send_message(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        state = self._chat_param(params)
        text, entities = self._formatted(
            params, "text", "entities", limit=4096, empty_error="message text is empty"
        )
        inline, other = self._markup(params)
        message = self._bot_message(state, params, inline)
        message["text"] = text
        if entities:
            message["entities"] = entities
        if other is not None:
            state.reply_keyboard = other
        state.messages[message["message_id"]] = message
        return copy.deepcopy(message)

    def _send_file(
        self, method: str, key: str, params: dict[str, Any], files: dict[str, UploadedFile]
    ) -> Any:
        state = self._chat_param(params)
        caption, entities = self._formatted(
            params, "caption", "caption_entities", limit=1024, empty_error=None
        )
        inline, other = self._markup(params)
        stored, upload = self._upload(method, params, files, key)
        message = self._bot_message(state, params, inline)
        if key == "photo":
            width, height = _image_size(stored.data)
            message["photo"] = [
                {
                    "file_id": stored.file_id,
                    "file_unique_id": stored.file_unique_id,
                    "file_size": len(stored.data),
                    "width": width,
                    "height": height,
                }
            ]
        else:
            message["document"] = self._document_obj(stored)
        if caption:
            message["caption"] = caption
        if entities:
            message["caption_entities"] = entities
        if other is not None:
            state.reply_keyboard = other
        state.messages[message["message_id"]] = message
        if upload is not None:
            upload.chat_id = state.id
            upload.message_id = message["message_id"]
            self.uploads.append(upload)
        return copy.deepcopy(message)

    def _m_send_document(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        return self._send_file("sendDocument", "document", params, files)

    def _m_send_photo(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        return self._send_file("sendPhoto", "photo", params, files)

    def _m_edit_message_text(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        _state, message = self._find_bot_message(params)
        if "text" not in message:
            raise _bad("there is no text in the message to edit")
        text, entities = self._formatted(
            params, "text", "entities", limit=4096, empty_error="message text is empty"
        )
        inline, _ = self._markup(params)
        if (
            text == message["text"]
            and entities == message.get("entities", [])
            and inline == message.get("reply_markup")
        ):
            raise ApiError(400, MESSAGE_NOT_MODIFIED)
        message["text"] = text
        self._set_optional(message, "entities", entities or None)
        self._set_optional(message, "reply_markup", inline)
        message["edit_date"] = int(time.time())
        return copy.deepcopy(message)

    def _m_edit_message_caption(
        self, params: dict[str, Any], files: dict[str, UploadedFile]
    ) -> Any:
        _state, message = self._find_bot_message(params)
        if "text" in message:
            raise _bad("there is no caption in the message to edit")
        caption, entities = self._formatted(
            params, "caption", "caption_entities", limit=1024, empty_error=None
        )
        inline, _ = self._markup(params)
        if (
            caption == message.get("caption", "")
            and entities == message.get("caption_entities", [])
            and inline == message.get("reply_markup")
        ):
            raise ApiError(400, MESSAGE_NOT_MODIFIED)
        self._set_optional(message, "caption", caption or None)
        self._set_optional(message, "caption_entities", entities or None)
        self._set_optional(message, "reply_markup", inline)
        message["edit_date"] = int(time.time())
        return copy.deepcopy(message)

    def _m_edit_message_reply_markup(
        self, params: dict[str, Any], files: dict[str, UploadedFile]
    ) -> Any:
        _state, message = self._find_bot_message(params)
        inline, _ = self._markup(params)
        if inline == message.get("reply_markup"):
            raise ApiError(400, MESSAGE_NOT_MODIFIED)
        self._set_optional(message, "reply_markup", inline)
        message["edit_date"] = int(time.time())
        return copy.deepcopy(message)

    @staticmethod
    def _set_optional(message: dict[str, Any], key: str, value: Any) -> None:
        if value is None:
            message.pop(key, None)
        else:
            message[key] = value

    def _delete_one(self, state: _ChatState, message_id: int | None) -> None:
        message = state.messages.get(message_id) if message_id is not None else None
        if message is None:
            raise _bad("message to delete not found")
        own = message["from"]["id"] == self.bot_id
        if not own and state.type != "private" and state.bot_status != "administrator":
            raise _bad("message can't be deleted")
        state.deleted[message["message_id"]] = state.messages.pop(message["message_id"])
        if message["message_id"] in state.pinned:
            state.pinned.remove(message["message_id"])

    def _m_delete_message(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        state = self._chat_param(params)
        self._delete_one(state, self._int_param(params, "message_id"))
        return True

    def _m_delete_messages(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        state = self._chat_param(params)
        ids = params.get("message_ids")
        if not isinstance(ids, list) or not ids:
            raise _bad("message identifiers are not specified")
        for message_id in ids:
            with suppress(ApiError):
                self._delete_one(state, int(message_id))
        return True

    def _m_answer_callback_query(
        self, params: dict[str, Any], files: dict[str, UploadedFile]
    ) -> Any:
        query_id = str(params.get("callback_query_id", ""))
        query = self._pending_callbacks.pop(query_id, None)
        if query is None:
            raise ApiError(400, QUERY_TOO_OLD)
        text = params.get("text")
        if text is not None and len(str(text)) > 200:
            raise _bad("MESSAGE_TOO_LONG")
        self.answered_callbacks.append(
            {
                "callback_query_id": query_id,
                "text": text,
                "show_alert": bool(params.get("show_alert", False)),
                "url": params.get("url"),
                "cache_time": params.get("cache_time"),
                "data": query.get("data"),
            }
        )
        return True

    def _check_pin_rights(self, state: _ChatState) -> None:
        if state.type != "private" and state.bot_status not in ("administrator", "creator"):
            raise _bad("not enough rights to manage pinned messages in the chat")

    def _m_pin_chat_message(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        state = self._chat_param(params)
        self._check_pin_rights(state)
        message_id = self._int_param(params, "message_id")
        if message_id not in state.messages:
            raise _bad("message to pin not found")
        if message_id in state.pinned:
            state.pinned.remove(message_id)
        state.pinned.append(message_id)
        return True

    def _m_unpin_chat_message(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        state = self._chat_param(params)
        self._check_pin_rights(state)
        message_id = self._int_param(params, "message_id")
        if message_id is None:
            if state.pinned:
                state.pinned.pop()
        elif message_id in state.pinned:
            state.pinned.remove(message_id)
        elif message_id not in state.messages:
            raise _bad("message to unpin not found")
        return True

    def _m_unpin_all_chat_messages(
        self, params: dict[str, Any], files: dict[str, UploadedFile]
    ) -> Any:
        state = self._chat_param(params)
        self._check_pin_rights(state)
        state.pinned.clear()
        return True

    def _m_get_chat(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        state = self._chat_info_param(params)
        info: dict[str, Any] = {
            **copy.deepcopy(state.chat),
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }
        if state.pinned and state.pinned[-1] in state.messages:
            info["pinned_message"] = copy.deepcopy(state.messages[state.pinned[-1]])
        return info

    def _m_get_chat_member(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        state = self._chat_info_param(params)
        user_id = self._int_param(params, "user_id")
        if user_id is None:
            raise _bad("invalid user_id specified")
        if user_id not in self.users:
            raise _bad("user not found")
        return self._member_obj(state, user_id)

    def _m_get_chat_administrators(
        self, params: dict[str, Any], files: dict[str, UploadedFile]
    ) -> Any:
        state = self._chat_info_param(params)
        if state.type == "private":
            raise _bad("there are no administrators in the private chat")
        ids = [state.creator_id] if state.creator_id is not None else []
        ids += sorted(state.admin_ids)
        if state.bot_status == "administrator":
            ids.append(self.bot_id)
        return [self._member_obj(state, uid) for uid in ids]

    def _m_get_chat_member_count(
        self, params: dict[str, Any], files: dict[str, UploadedFile]
    ) -> Any:
        state = self._chat_info_param(params)
        bot = 1 if state.bot_status in ("member", "administrator") else 0
        return len(state.members - {self.bot_id}) + bot

    def _m_get_file(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        stored = self.files.get(str(params.get("file_id", "")))
        if stored is None:
            raise _bad("invalid file_id")
        if len(stored.data) > 20 * 1024 * 1024:
            raise _bad("file is too big")
        return {
            "file_id": stored.file_id,
            "file_unique_id": stored.file_unique_id,
            "file_size": len(stored.data),
            "file_path": stored.file_path,
        }

    def _m_leave_chat(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        state = self._chat_param(params)
        if state.type == "private":
            raise _bad("chat member status can't be changed in private chats")
        state.bot_status = "left"
        state.bot_left_voluntarily = True
        return True

    def _m_send_chat_action(self, params: dict[str, Any], files: dict[str, UploadedFile]) -> Any:
        self._chat_param(params)
        return True
