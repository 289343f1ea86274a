"""Who opens the sheet: the init data Telegram hands the page, checked.

Every data request carries it as ``Authorization: tma <initData>``.  The signature is
the bot token's HMAC (aiogram's :func:`safe_parse_webapp_init_data`), and it is good
for a day (``auth_date``); anything else is :class:`Refused` with 401.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from aiogram.utils.web_app import WebAppInitData, WebAppUser, safe_parse_webapp_init_data

#: How long init data is good for once Telegram signed it.
MAX_AGE = timedelta(days=1)
#: A clock ahead of ours by this much is still believed.
CLOCK_SKEW = timedelta(minutes=5)
#: The longest init data read (Telegram's are well under 1 KiB, a photo URL included).
MAX_INIT_DATA = 4096


class Refused(Exception):
    """A request answered ``status`` with the short error ``code`` (JSON, no traceback)."""

    def __init__(self, status: int, code: str) -> None:
        super().__init__(code)
        self.status = status
        self.code = code


def init_data_of(authorization: str | None) -> str:
    """The init data of an ``Authorization: tma <initData>`` header.

    >>> init_data_of("tma a=1&hash=x")
    'a=1&hash=x'
    >>> init_data_of("Bearer x")
    Traceback (most recent call last):
    ...
    bot.features.miniapp.auth.Refused: no_init_data
    """
    scheme, _, data = (authorization or "").strip().partition(" ")
    if scheme.lower() != "tma" or not data.strip():
        raise Refused(401, "no_init_data")
    if len(data) > MAX_INIT_DATA:
        raise Refused(401, "init_data_too_long")
    return data.strip()


def checked_user(token: str, authorization: str | None, now: datetime | None = None) -> WebAppUser:
    """The Telegram user the signed init data of ``authorization`` names.

    :class:`Refused` 401 if it is missing, not signed with ``token``, older than
    :data:`MAX_AGE` or names no user.
    """
    raw = init_data_of(authorization)
    try:
        data: WebAppInitData = safe_parse_webapp_init_data(token, raw)
    except ValueError:  # a wrong signature, or not init data at all
        raise Refused(401, "bad_signature") from None
    now = now or datetime.now(UTC)
    signed = data.auth_date if data.auth_date.tzinfo else data.auth_date.replace(tzinfo=UTC)
    if now - signed > MAX_AGE or signed - now > CLOCK_SKEW:
        raise Refused(401, "stale_init_data")
    if data.user is None:
        raise Refused(401, "no_user")
    return data.user
