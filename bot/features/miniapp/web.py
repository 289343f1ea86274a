"""The sheet's page (the Mini App) on the bot's own aiohttp server.

At ``MINIAPP_URL``'s path: the page (``index.html``), its style and its one script
(``static/``, package data, no build step), and its data endpoints: ``api/sheet``,
``api/history``, ``api/nights`` (the chat's statistics, rating and debts), and the
presses ``api/debt`` and ``api/deal``.  A data request must carry the init data
Telegram handed the page (:mod:`bot.features.miniapp.auth`: 401 otherwise); its
``pulka`` parameter (the start parameter, ``p12``) only names what to show: the user
sees it if he sat in it or is a member of its chat (asked of Telegram, kept a minute:
``bot.telegram.context.Members``), else 403.  Without ``pulka`` (the page opened from
a private chat: the menu button, ``/start``'s button) it is the pulka the user sat in
last (:func:`bot.actions.archive.latest_of`), or 404 ``no_pulka`` with a friendly text
if he never sat anywhere; a press (``POST``) must name its pulka.  Every refusal is a
short JSON error in the user's language, never a traceback; requests are bounded in
size and counted per user.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.utils.web_app import WebAppUser, parse_webapp_init_data
from aiohttp import web
from cachetools import TTLCache

from bot.actions import archive, deals, payments
from bot.actions.keeper import Keeper
from bot.actions.nights import chat_nights
from bot.features.miniapp.auth import Refused, checked_user, init_data_of
from bot.features.miniapp.view import history, mark, nights, preview, sheet
from bot.model import Author, EventKind, LiveDeal, PulkaError, Table, debts
from bot.model.rating import rate
from bot.model.stats import chat_stats
from bot.telegram.context import Members
from bot.telegram.delivery import Boards
from bot.views.buttons import deal_keyboard, ref_pulka
from bot.views.deal import wizard_written_text
from bot.views.debts import confirmed_text
from bot.views.errors import error_text, pulka_error_text
from bot.views.texts import LANGS, Texts, lang_of
from scoring import Choice, Contract, ScoringError, entry, seating
from scoring.entry import complete

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
        boards: Boards | None = None,
    ) -> None:
        self.bot, self.keeper, self.members = bot, keeper, members
        #: The scoreboards, refreshed beside a deal's message in the chat.
        self.boards = boards
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
        app.router.add_get(p + "api/nights", self._guarded(self.nights))
        app.router.add_post(p + "api/debt", self._guarded(self.debt))
        app.router.add_post(p + "api/deal", self._guarded(self.deal))
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
        """``api/sheet?pulka=p12[&since=M][&at=E]``: the sheet now (``{"same": true}``
        if it would still be drawn as the sheet of ``mark`` M: no new event, the same
        language, the same right to write), or as it stood after the deal of event
        ``at``."""
        tx, table = await self._open(request)
        since, at = _mark(request), _id(request, "at")
        if at is not None:
            live = table.deal_by_event(at)
            if live is None:
                raise Refused(404, "no_deal")
            return _json(sheet(tx, table, after=live, refused=None))  # no form in the past
        # Only offered here (the write asks again): a status kept as gone is not asked of
        # Telegram at every poll of a page left open.
        refused = await self._refused(table, request[USER], again=False)
        now = mark(table.last_event_id, tx.lang, refused)
        if since == now:
            return _json({"same": True, "last": table.last_event_id, "mark": now})
        return _json(sheet(tx, table, refused=refused))

    async def history(self, request: web.Request) -> web.Response:
        """``api/history?pulka=p12``: every deal, what it wrote, its cost, who and when."""
        tx, table = await self._open(request)
        return _json(history(tx, table))

    async def nights(self, request: web.Request) -> web.Response:
        """``api/nights?pulka=p12``: the nights of the pulka's chat, as ``/stats``,
        ``/rating`` and ``/debts`` tell them there, with the "Paid" / "Received" buttons
        of each settled pulka that has a line open (pressed through ``api/debt`` with
        that pulka)."""
        tx, table = await self._open(request)
        chat_id = table.row.chat_id
        # The chat's nights are the chat's: one who sat in a pulka of it and has left
        # sees his pulka still, not the chat's figures.
        user = request[USER]
        if await self.members.status(self.bot, chat_id, user.id) not in MEMBERS:
            raise Refused(403, "forbidden")
        found = await chat_nights(self.keeper, chat_id)
        numbers = await archive.numbers(self.keeper, chat_id, (n.thread_id for n in found))
        settled = []
        for night in found:
            if any(not line.closed for line in debts.night_lines(night)):
                loaded = await self.keeper.get(night.pulka_id)
                if loaded is not None:
                    settled.append(loaded)
        body = nights(tx, chat_stats(found), rate(found), debts.open_debts(found), numbers, settled)
        return _json(body)

    async def debt(self, request: web.Request) -> web.Response:
        """``POST api/debt?pulka=p12`` ``{"payer": s, "payee": s, "got": 0|1}``: "Paid"
        (``got`` 0) or "Received" on a line of a settled pulka, through the same action
        and permissions as the chat's buttons; the answer's text and the sheet after it."""
        tx, table = await self._open(request, body=True)
        user = request[USER]
        try:
            asked = json.loads(await _text(request))
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
        refused = await self._refused(written.table, user)
        return _json({"text": text, "sheet": sheet(tx, written.table, refused=refused)})

    async def deal(self, request: web.Request) -> web.Response:
        """``POST api/deal?pulka=p12``: a deal from the page's form (:func:`given`), with
        ``last`` the pulka's last event when the form was filled.  ``"write": false``:
        what it would write and cost; ``true``: written as the wizard writes one (the
        same completion, check and staleness: of two presses only the first writes) by a
        player or an administrator, and posted in the chat as a written deal is."""
        tx, table = await self._open(request, body=True)
        user = request[USER]
        asked = _body(await _text(request))
        last = asked.get("last")
        if not isinstance(last, int) or isinstance(last, bool):
            raise Refused(400, "bad_request")
        refused = await self._refused(table, user)
        if last != table.last_event_id:
            body = {"error": "stale", "text": tx("ma_changed")}
            return _json({**body, "sheet": sheet(tx, table, refused=refused)}, 409)
        if table.state is None or not table.playable:
            return _json({"error": "stale", "text": tx("stale")}, 409)
        try:
            deal = complete(table.state, given(table, asked))
            shown = preview(tx, table, deal)
        except ScoringError as e:
            return _not_written(tx, e)
        if not asked.get("write"):
            return _json({"preview": shown})
        if refused is not None:
            return _json({"error": "not_yours", "text": tx(refused)}, 403)
        who = " ".join(x for x in (user.first_name, user.last_name) if x) or str(user.id)
        try:
            written = await deals.write(
                self.keeper, table.id, deal, Author(user.id, who), None, expect_last=last
            )
        except PulkaError as e:
            return _json({"error": e.key, "text": pulka_error_text(tx, e, html=False)}, 409)
        except ScoringError as e:
            return _not_written(tx, e)
        after = written.table
        live = after.deal_by_event(written.event_id)
        if live is not None:
            await self._post(tx, after, live, after.called(user.id, who))
        number = live.number if live is not None else "—"
        shown = sheet(tx, after, refused=await self._refused(after, user))
        return _json({"text": tx("ma_written", number=number), "sheet": shown})

    async def _post(self, tx: Texts, table: Table, live: LiveDeal, who: str) -> None:
        """The deal's message in the chat, as the wizard's, and the scoreboard with it.
        The deal is written: a failure to tell is logged (the board shows it next)."""
        message = self.bot.send_message(
            table.row.chat_id,
            wizard_written_text(tx, table, live, who),
            reply_markup=deal_keyboard(tx, table, live),
            message_thread_id=table.row.thread_id or None,
        )
        try:
            if self.boards is None:
                await message
            else:
                await self.boards.beside(self.bot, tx, table, message)
        except TelegramAPIError as e:
            log.warning("deal %s of pulka %s not told in the chat: %s", live.number, table.id, e)

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
        asked = request.query.get("pulka", "")
        if asked or body:  # a press always names its pulka
            pulka_id = ref_pulka(asked)
            if pulka_id is None:
                raise Refused(400, "bad_request")
            table = await self.keeper.get(pulka_id)
        else:
            # Opened from a private chat (the menu button, /start's button): no start
            # parameter, so the pulka he sat in last; the answer names it ("pulka").
            table = await archive.latest_of(self.keeper, user.id)
            if table is None:
                raise Refused(404, "no_pulka")
        # A pulka that does not exist is refused as a foreign one: no guessing of ids.
        if table is None or not await self._may_see(table, user):
            raise Refused(403, "forbidden")
        lang = await self.keeper.lang(table.row.chat_id)
        return Texts(lang if lang in LANGS else lang_of(user.language_code)), table

    async def _refused(self, table: Table, user: WebAppUser, *, again: bool = True) -> str | None:
        """Why ``user`` may not write a deal of ``table`` now (the key of its words), or
        None if he may: the one check of ``api/deal``'s write and of the sheet that
        offers its form, the chat's own (:meth:`Members.may_change`, as pressed: one
        who left the chat writes nothing; ``again``: as :meth:`Members.status`)."""
        chat_id = table.row.chat_id
        if await self.members.may_change(
            self.bot, table, chat_id, user.id, pressed=True, again=again
        ):
            return None
        return "ma_err_left_chat" if table.is_player(user.id) else "ma_err_not_player"

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
    "no_pulka": "ma_no_pulka",
}


def _language(request: web.Request) -> str | None:
    """The language to refuse a request not signed in: its init data's user's (only
    the words of the refusal rest on it), else the first of ``Accept-Language``."""
    try:
        raw = init_data_of(request.headers.get("Authorization"))
        user = parse_webapp_init_data(raw).user
    except Exception:  # unsigned words only pick the refusal's language: never fail it
        user = None
    if user is not None and user.language_code:
        return user.language_code
    first = request.headers.get("Accept-Language", "").split(",")[0]
    return first.split(";")[0].strip() or None


async def _text(request: web.Request) -> str:
    """A press's body, read at most :data:`MAX_BODY` bytes far: a chunked body has no
    Content-Length for :meth:`_open` to check."""
    raw = await request.content.read(MAX_BODY + 1)
    if len(raw) > MAX_BODY:
        raise Refused(413, "bad_request")
    try:
        return raw.decode()
    except UnicodeDecodeError:
        raise Refused(400, "bad_request") from None


def _body(text: str) -> dict[str, Any]:
    """A request's JSON object; 400 if it is none."""
    try:
        body = json.loads(text)
    except ValueError:
        raise Refused(400, "bad_request") from None
    if not isinstance(body, dict):
        raise Refused(400, "bad_request")
    return body


def _seat(table: Table, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(table.names):
        raise Refused(400, "bad_request")
    return value


def _count(value: object) -> int | None:
    """Tricks as the form gives them: 0-10, or None (not given: implied)."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value not in entry.COUNTS:
        raise Refused(400, "bad_request")
    return value


def given(table: Table, asked: dict[str, Any]) -> entry.Given:
    """The deal the form says, as the typed ``/deal`` and the wizard say one
    (:mod:`scoring.entry`: what is left out is implied the same way).

    ``{"kind": "game", "declarer": seat, "contract": "7H", "tricks": n|null,
    "answers": [{"seat": s, "choice": "whist"|"pass"|"half", "tricks": n|null}]}``,
    ``{"kind": "misere", "declarer": seat, "tricks": n}``, ``{"kind": "raspasy",
    "tricks": [{"seat": s, "tricks": n|null}]}``; 400 if it is not of that shape.
    """
    names = table.names
    kind = asked.get("kind")
    if kind == "game":
        try:
            contract = Contract.parse(str(asked.get("contract", "")))
        except ValueError:
            raise Refused(400, "bad_request") from None
        raw = asked.get("answers")
        if not isinstance(raw, list) or len(raw) > seating.DEFENDERS:
            raise Refused(400, "bad_request")
        answers = []
        for a in raw:
            if not isinstance(a, dict) or a.get("choice") not in {c.value for c in Choice}:
                raise Refused(400, "bad_request")
            answers.append(
                entry.Answer(
                    Choice(a["choice"]), names[_seat(table, a.get("seat"))], _count(a.get("tricks"))
                )
            )
        declarer = names[_seat(table, asked.get("declarer"))]
        return entry.GivenGame(declarer, contract, _count(asked.get("tricks")), tuple(answers))
    if kind == "misere":
        tricks = _count(asked.get("tricks"))
        if tricks is None:
            raise Refused(400, "bad_request")
        return entry.GivenMisere(names[_seat(table, asked.get("declarer"))], tricks)
    if kind == "raspasy":
        raw = asked.get("tricks")
        if not isinstance(raw, list) or not 1 <= len(raw) <= max(seating.TABLE_SIZES):
            raise Refused(400, "bad_request")
        if not all(isinstance(r, dict) for r in raw):
            raise Refused(400, "bad_request")
        players = tuple(names[_seat(table, r.get("seat"))] for r in raw)
        return entry.GivenRaspasy(tuple(_count(r.get("tricks")) for r in raw), players)
    raise Refused(400, "bad_request")


#: A sheet's mark as :func:`bot.features.miniapp.view.mark` makes it; a bare event id
#: is a page loaded before marks were, answered with the whole sheet.
MARK = re.compile(r"[0-9]{1,18}(?:\.[a-z]{2}\.[01])?")


def _mark(request: web.Request) -> str | None:
    """The ``since`` mark of a poll, or None if absent; 400 if malformed."""
    raw = request.query.get("since")
    if raw is not None and not MARK.fullmatch(raw):
        raise Refused(400, "bad_request")
    return raw


def _id(request: web.Request, key: str) -> int | None:
    """A whole-number parameter (an event id), or None if absent; 400 if malformed."""
    raw = request.query.get(key)
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise Refused(400, "bad_request")
    return int(raw)


def _not_written(tx: Texts, e: ScoringError) -> web.Response:
    """A deal the rules refuse, said as the chat says it: "Сдача не записана: …"."""
    reason = error_text(tx, e, html=False)
    return _json({"error": e.code, "text": tx("deal_rejected", reason=reason)}, 422)


def _json(body: dict[str, Any], status: int = 200) -> web.Response:
    return web.Response(
        text=json.dumps(body, ensure_ascii=False),
        status=status,
        content_type="application/json",
        headers={"Cache-Control": "no-store"},
    )
