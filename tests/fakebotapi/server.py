"""The HTTP side: the Bot API routes on 127.0.0.1, request parsing, method dispatch.

It serves ``/bot{token}/{method}`` and ``/file/bot{token}/{file_path}`` the way
``api.telegram.org`` does, so the real aiogram ``Bot`` talks to it through
``TelegramAPIServer.from_base()``.  Every request is recorded as a :class:`Call`
(with the answer it got) for the tests to inspect; the injected faults are checked
before the method runs.  A method not listed in :data:`METHODS` answers 404 like
Telegram does for an unknown method, so a new call in the bot fails loudly here.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web
from aiohttp.web_request import FileField

from . import chats, files, messages, polling
from .errors import ApiError
from .faults import Faults
from .files import UploadedFile

if TYPE_CHECKING:
    from .params import Method
    from .state import World

#: The Bot API methods the fake answers, by lower-case name (Telegram ignores the case).
METHODS: dict[str, Method] = {
    name.lower(): method
    for module in (chats, polling, messages, files)
    for name, method in module.METHODS.items()
}

# Form fields whose value is a plain string and must never be JSON-decoded (aiogram
# JSON-encodes every non-string value but sends strings verbatim: a text "1" stays "1").
_STRING_FIELDS = frozenset(
    {"text", "caption", "parse_mode", "callback_query_id", "file_id", "language_code"}
)


@dataclass
class Call:
    """One HTTP request the bot made to the fake API, and the answer it got."""

    method: str
    params: dict[str, Any]
    status: int | None = None
    response: dict[str, Any] | None = None
    #: ``time.monotonic()`` when the request arrived and when it was answered.
    started: float = 0.0
    finished: float | None = None

    @property
    def ok(self) -> bool:
        """Whether the answer was ``{"ok": true}``."""
        return bool(self.response and self.response.get("ok"))

    @property
    def error(self) -> str | None:
        """The error description of a failed call."""
        if self.response is None or self.response.get("ok"):
            return None
        return str(self.response.get("description"))

    def __str__(self) -> str:
        params = {k: v for k, v in self.params.items() if v is not None}
        shown = json.dumps(params, ensure_ascii=False, default=str)
        if len(shown) > 300:
            shown = shown[:297] + "..."
        outcome = "pending" if self.response is None else ("ok" if self.ok else self.error)
        return f"{self.method}({shown}) -> {self.status} {outcome}"


def _decode_field(key: str, value: str) -> Any:
    if key in _STRING_FIELDS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


async def _parse_request(request: web.Request) -> tuple[dict[str, Any], dict[str, UploadedFile]]:
    """Parameters and uploaded files of a POST (a JSON body or a multipart/url form)."""
    params: dict[str, Any] = {}
    uploads: dict[str, UploadedFile] = {}
    if request.method == "POST" and request.body_exists:
        if request.content_type == "application/json":
            params.update(await request.json())
        else:
            form = await request.post()
            for key, value in form.items():
                if isinstance(value, FileField):
                    uploads[key] = UploadedFile(
                        field=key,
                        filename=value.filename,
                        content_type=value.content_type,
                        data=value.file.read(),
                    )
                elif isinstance(value, str):
                    params[key] = _decode_field(key, value)
    return params, uploads


class Server:
    """The aiohttp application serving one :class:`~.state.World`."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.calls: list[Call] = []
        self.faults = Faults()
        #: Lower-case method -> seconds each call of it takes (a slow Bot API).
        self.latency: dict[str, float] = {}
        self.base_url = ""
        self._runner: web.AppRunner | None = None

    async def start(self) -> str:
        """Start serving on 127.0.0.1 with an ephemeral port; returns ``base_url``."""
        if self._runner is not None:
            return self.base_url
        self.world.updates.open()
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle_api)
        app.router.add_get("/file/bot{token}/{path:.+}", self._handle_file)
        runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=2.0)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        self._runner = runner
        self.base_url = f"http://127.0.0.1:{port}"
        return self.base_url

    async def stop(self) -> None:
        """Stop the server; pending long polls are answered immediately (idempotent)."""
        self.world.updates.close()
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    async def _handle_api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        call = Call(method=method, params={}, started=time.monotonic())
        self.calls.append(call)
        try:
            if request.match_info["token"] != self.world.token:
                raise ApiError(401, "Unauthorized")
            call.params, uploads = await _parse_request(request)
            handler = METHODS.get(method.lower())
            if handler is None:
                raise ApiError(404, "Not Found")
            delay = self.latency.get(method.lower())
            if delay:
                await asyncio.sleep(delay)
            self.faults.check(method)
            result = handler(self.world, call.params, uploads)
            if asyncio.iscoroutine(result):
                result = await result
            payload: dict[str, Any] = {"ok": True, "result": result}
            status = 200
        except ApiError as exc:
            payload, status = exc.payload(), exc.error_code
        call.status, call.response = status, payload
        call.finished = time.monotonic()
        return web.json_response(payload, status=status)

    async def _handle_file(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.world.token:
            return web.json_response(ApiError(401, "Unauthorized").payload(), status=401)
        stored = self.world.files.at_path(request.match_info["path"])
        if stored is None:
            return web.json_response(ApiError(404, "Not Found").payload(), status=404)
        return web.Response(body=stored.data, content_type=stored.mime_type)
