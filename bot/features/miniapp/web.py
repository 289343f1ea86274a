"""The sheet's page (the Mini App) on the bot's own aiohttp server.

At ``MINIAPP_URL``'s path: the page (``index.html``), its style and its one script
(``static/``, package data, no build step), and two data endpoints, ``api/sheet`` and
``api/history``.  A data request must carry the init data Telegram handed the page
(:mod:`bot.features.miniapp.auth`: 401 otherwise); its ``pulka`` parameter (the
start parameter, ``p12``) only names what to show: the user sees it if he sat in it
or is a member of its chat (asked of Telegram, kept a minute: ``bot.telegram.context.
Members``), else 403.  Every refusal is a short JSON error in the user's language,
never a traceback; requests are bounded in size and counted per user.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiogram.utils.web_app import WebAppUser, parse_webapp_init_data
from aiohttp import web
from cachetools import TTLCache

from bot.actions import payments
from bot.actions.keeper import Keeper
from bot.features.miniapp.auth import Refused, checked_user, init_data_of
from bot.features.miniapp.view import history, sheet
from bot.model import Author, EventKind, PulkaError, Table
from bot.telegram.context import Members
from bot.views.buttons import ref_pulka
from bot.views.debts import confirmed_text
from bot.views.errors import pulka_error_text
from bot.views.texts import LANGS, Texts, lang_of

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"
#: The page's files: name -> content type.
FILES = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
}
#: Only the page's own files and Telegram's script; no inline code, no other origin.
CSP = (
    "default-src 'none'; script-src 'self' https://telegram.org; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors https://web.telegram.org https://*.telegram.org"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
#: The longest query a data request may have (a pulka, an event id, a version), and
#: the longest body a press may have (three small numbers).
MAX_QUERY, MAX_BODY = 200, 256
#: Requests a user may make in a window of :data:`WINDOW` seconds (the page polls
#: every few seconds; two pages open and a tap or two fit well within).
RATE, WINDOW = 40, 10.0
#: Member statuses that see a chat's sheets.
MEMBERS = frozenset({"creator", "administrator", "member", "restricted"})

#: The user a request is signed by, once checked (for the language of a refusal).
USER = web.RequestKey("user", WebAppUser)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class RateLimit:
    """At most ``rate`` requests per user in each window of ``window`` seconds."""

    def __init__(self, rate: int = RATE, window: float = WINDOW, size: int = 10_000) -> None:
        self.rate, self.window = rate, window
        self._counts: TTLCache[tuple[int, int], int] = TTLCache(maxsize=size, ttl=2 * window)

    def hit(self, user_id: int) -> bool:
        """Count a request of ``user_id``; False once he is over the limit."""
        key = (user_id, int(time.monotonic() // self.window))
        count = self._counts.get(key, 0) + 1
        self._counts[key] = count
        return count <= self.rate


class SheetApp:
    """The page and its data endpoints, registered onto an aiohttp application."""

    def __init__(
        self,
        bot: Bot,
        keeper: Keeper,
        members: Members,
        *,
        path: str = "/",
        limit: RateLimit | None = None,
    ) -> None:
        self.bot, self.keeper, self.members = bot, keeper, members
        self.path = path if path.endswith("/") else path + "/"
        self.limit = limit or RateLimit()
        self.files = {name: (STATIC / name).read_bytes() for name in FILES}

    def register(self, app: web.Application) -> None:
        p = self.path
        app.router.add_get(p, self._guarded(self.page))
        for name in FILES:
            app.router.add_get(p + name, self._guarded(self._file(name)))
        app.router.add_get(p + "api/sheet", self._guarded(self.sheet))
        app.router.add_get(p + "api/history", self._guarded(self.history))
        app.router.add_post(p + "api/debt", self._guarded(self.debt))
        app.router.add_route("*", p + "api/{rest:.*}", self._guarded(self.unknown))

    def application(self) -> web.Application:
        """An application of the page alone (polling mode: no webhook to share with)."""
        app = web.Application(client_max_size=1024)
        self.register(app)
        return app

    # --- the files -------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.Response:
        return self._send("index.html")

    def _file(self, name: str) -> Handler:
        async def send(request: web.Request) -> web.Response:
            return self._send(name)

        return send

    def _send(self, name: str) -> web.Response:
        return web.Response(
            body=self.files[name],
            headers={"Content-Type": FILES[name], "Cache-Control": "no-cache"},
        )

    # --- the data ----------------------------------------------------------------------

    async def sheet(self, request: web.Request) -> web.Response:
        """``api/sheet?pulka=p12[&since=E][&at=E]``: the sheet now (``{"same": true}``
        if its last event is still ``since``), or as it stood after the deal of event
        ``at``."""
        tx, table = await self._open(request)
        since, at = _id(request, "since"), _id(request, "at")
        if at is not None:
            live = table.deal_by_event(at)
            if live is None:
                raise Refused(404, "no_deal")
            return _json(sheet(tx, table, after=live))
        if since is not None and since == table.last_event_id:
            return _json({"same": True, "last": table.last_event_id})
        return _json(sheet(tx, table))

    async def history(self, request: web.Request) -> web.Response:
        """``api/history?pulka=p12``: every deal, what it wrote, its cost, who and when."""
        tx, table = await self._open(request)
        return _json(history(tx, table))

    async def debt(self, request: web.Request) -> web.Response:
        """``POST api/debt?pulka=p12`` ``{"payer": s, "payee": s, "got": 0|1}``: "Paid"
        (``got`` 0) or "Received" on a line of a settled pulka, through the same action
        and permissions as the chat's buttons; the answer's text and the sheet after it."""
        tx, table = await self._open(request, body=True)
        user = request[USER]
        try:
            asked = json.loads(await request.text())
            payer, payee, got = (asked[k] for k in ("payer", "payee", "got"))
        except (ValueError, TypeError, KeyError):
            raise Refused(400, "bad_request") from None
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (payer, payee, got)):
            raise Refused(400, "bad_request")
        if got not in (0, 1) or not (0 <= payer < len(table.players) > payee >= 0):
            raise Refused(400, "bad_request")
        admin = await self.members.confirms_for_guests(self.bot, table, user.id)
        name = " ".join(x for x in (user.first_name, user.last_name) if x)
        try:
            written = await payments.confirm(
                self.keeper,
                table.id,
                EventKind.RECEIVED if got else EventKind.PAID,
                payer,
                payee,
                Author(user.id, name or str(user.id)),
                admin=admin,
            )
        except PulkaError as e:
            return _json({"error": e.key, "text": pulka_error_text(tx, e, html=False)}, 403)
        text = confirmed_text(tx, written, payer, payee, bool(got))
        return _json({"text": text, "sheet": sheet(tx, written.table)})

    async def unknown(self, request: web.Request) -> web.Response:
        raise Refused(404, "not_found")

    async def _open(self, request: web.Request, *, body: bool = False) -> tuple[Texts, Table]:
        """The pulka a data request names, and the texts of its chat's language, once
        the request is signed, within its rate, and its user may see the pulka."""
        size = request.content_length or 0
        if len(request.query_string) > MAX_QUERY or size > (MAX_BODY if body else 0):
            raise Refused(413 if size else 400, "bad_request")
        user = checked_user(self.bot.token, request.headers.get("Authorization"))
        request[USER] = user
        if not self.limit.hit(user.id):
            raise Refused(429, "too_many")
        pulka_id = ref_pulka(request.query.get("pulka"))
        if pulka_id is None:
            raise Refused(400, "bad_request")
        table = await self.keeper.get(pulka_id)
        # A pulka that does not exist is refused as a foreign one: no guessing of ids.
        if table is None or not await self._may_see(table, user):
            raise Refused(403, "forbidden")
        lang = await self.keeper.lang(table.row.chat_id)
        return Texts(lang if lang in LANGS else lang_of(user.language_code)), table

    async def _may_see(self, table: Table, user: WebAppUser) -> bool:
        if table.is_player(user.id):
            return True
        status = await self.members.status(self.bot, table.row.chat_id, user.id)
        return status in MEMBERS

    # --- answers -------------------------------------------------------------------------

    def _guarded(self, handler: Handler) -> Handler:
        """``handler`` with the security headers, and every refusal or failure answered
        as a short JSON error (a failure is logged, its traceback never sent)."""

        async def guarded(request: web.Request) -> web.StreamResponse:
            try:
                response = await handler(request)
            except Refused as e:
                response = self._refusal(request, e)
            except web.HTTPException:
                raise
            except Exception:
                log.exception("sheet page request %s failed", request.path)
                response = self._refusal(request, Refused(500, "internal"))
            response.headers.update(SECURITY_HEADERS)
            return response

        return guarded

    def _refusal(self, request: web.Request, e: Refused) -> web.Response:
        user = request.get(USER)
        code = user.language_code if user is not None else _language(request)
        tx = Texts(lang_of(code))
        text = tx(ERROR_TEXTS.get(e.code, "ma_error"))
        body = {"error": e.code, "text": text}
        return web.json_response(body, status=e.status, headers={"Cache-Control": "no-store"})


#: The words of each refusal; any other is "could not load the sheet".
ERROR_TEXTS = {
    "no_init_data": "ma_err_no_init_data",
    "init_data_too_long": "ma_err_no_init_data",
    "bad_signature": "ma_err_bad_signature",
    "stale_init_data": "ma_err_stale_init_data",
    "no_user": "ma_err_no_init_data",
    "forbidden": "ma_err_forbidden",
    "bad_request": "ma_err_bad_request",
    "too_many": "ma_err_too_many",
}


def _language(request: web.Request) -> str | None:
    """The language to refuse a request not signed in: its init data's user's (only
    the words of the refusal rest on it), else the first of ``Accept-Language``."""
    try:
        raw = init_data_of(request.headers.get("Authorization"))
        user = parse_webapp_init_data(raw).user
    except (Refused, ValueError):
        user = None
    if user is not None and user.language_code:
        return user.language_code
    first = request.headers.get("Accept-Language", "").split(",")[0]
    return first.split(";")[0].strip() or None


def _id(request: web.Request, key: str) -> int | None:
    """A whole-number parameter (an event id), or None if absent; 400 if malformed."""
    raw = request.query.get(key)
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise Refused(400, "bad_request")
    return int(raw)


def _json(body: dict[str, Any], status: int = 200) -> web.Response:
    return web.Response(
        text=json.dumps(body, ensure_ascii=False),
        status=status,
        content_type="application/json",
        headers={"Cache-Control": "no-store"},
    )
