"""The sheet's page for the tests: init data signed as Telegram signs it, the bot's
settings with the page configured, and a client asking the page's endpoints."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import time
from typing import Any
from urllib.parse import urlencode

import aiohttp
from harness import App

from bot.config import Settings

APP_NAME = "sheet"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def sign(
    token: str,
    user: dict[str, Any],
    start: str | None = None,
    *,
    at: float | None = None,
    **fields: str,
) -> str:
    """Init data for ``user`` opening the app with start parameter ``start``, signed
    with ``token`` as Telegram does: HMAC-SHA256 of the sorted ``key=value`` lines
    with the key HMAC-SHA256("WebAppData", token)."""
    who = {k: user[k] for k in ("id", "first_name", "last_name", "username") if k in user}
    who["language_code"] = user.get("language_code") or "ru"
    data = {
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": json.dumps(who, ensure_ascii=False, separators=(",", ":")),
        "auth_date": str(int(time.time() if at is None else at)),
        "chat_type": "supergroup",
        "chat_instance": "-4242",
        **fields,
    }
    if start is not None:
        data["start_param"] = start
    check = "\n".join(f"{k}={v}" for k, v in sorted(data.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    data["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(data)


def configure(app: App, port: int) -> str:
    """Switch the page on for ``app`` (served on 127.0.0.1:``port``); its URL."""
    url = f"http://127.0.0.1:{port}/sheet/"
    app.settings = Settings(
        bot_token=app.tg.token,
        database_url=app.settings.database_url,
        telegram_api_url=app.tg.base_url,
        miniapp_url=url,
        miniapp_name=APP_NAME,
        webhook_host="127.0.0.1",
        webhook_port=port,
    )
    return url


async def seat_three(
    app: App, chat: dict[str, Any], p: dict[str, Any], args: str = "sochi 14 1"
) -> None:
    """``/newpulka args``, then Anna, Boris and Vera sit down."""
    await app.say(chat, p["anna"], f"/newpulka {args}")
    for who in ("anna", "boris", "vera"):
        await app.say(chat, p[who], "/join")


async def pulka_ref(app: App) -> str:
    """The page's reference (``pN``) of the pulka started last."""
    async with app.storage.read() as tx:
        row = await tx.one("SELECT MAX(id) AS id FROM pulkas")
    return f"p{row['id']}"


async def ask(
    http: aiohttp.ClientSession,
    url: str,
    init_data: str | None,
    path: str = "api/sheet",
    **params: Any,
) -> tuple[int, Any]:
    """GET the page's ``path`` with ``params``, signed with ``init_data``: the status
    and the JSON answer."""
    headers = {} if init_data is None else {"Authorization": f"tma {init_data}"}
    async with http.get(url + path, params=params, headers=headers) as response:
        assert response.content_type == "application/json", await response.text()
        return response.status, await response.json()
