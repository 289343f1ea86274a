"""Logs that are safe to share: no bot token, no SQL parameters.

The token is part of every Bot API URL (``/bot<token>/<method>``, and
``/file/bot<token>/<path>`` for downloads), and aiohttp puts the URL into the
text of its errors: a failed file download logged the token at INFO and, with
its traceback, at DEBUG.  :class:`Redactor` sits on the handlers of the root
logger, so every record of every library passes it, and rewrites the message,
its arguments and the exception text before anything is formatted.

aiosqlite logs each statement it runs at DEBUG together with its parameters
(the players' names, whole deals); its logger never goes below INFO.

>>> r = Redactor(["123456:" + "A" * 35])
>>> r.redact("GET http://api/file/bot123456:" + "A" * 35 + "/documents/file_1.json")
'GET http://api/file/bot<BOT_TOKEN>/documents/file_1.json'
>>> r.redact("token=123456%3A" + "A" * 35)
'token=<BOT_TOKEN>'
>>> r.redact("bot987:xyz_other-secret failed")
'bot<BOT_TOKEN> failed'
"""

from __future__ import annotations

import logging
import re
import traceback
from collections.abc import Iterable
from urllib.parse import quote

#: What a token is replaced with.
MASK = "<BOT_TOKEN>"
#: Loggers whose DEBUG records carry SQL parameters.
SQL_LOGGERS = ("aiosqlite",)
#: Any token-shaped text, ours or not (a token from an old .env, a second bot):
#: ``bot<digits>:<secret>`` as in URLs, and ``<digits>:<35 URL-safe characters>``
#: as @BotFather gives them (also with the colon URL-encoded).
_SHAPES = re.compile(
    r"(?<=bot)[0-9]{1,20}(?::|%3[Aa])[A-Za-z0-9_-]+"
    r"|(?<![A-Za-z0-9_-])[0-9]{3,20}(?::|%3[Aa])[A-Za-z0-9_-]{30,}"
)


class Redactor(logging.Filter):
    """A handler filter that removes ``secrets`` (and anything token-shaped) from records.

    It also drops DEBUG records of :data:`SQL_LOGGERS`, in case a library or an
    operator lowers their level again.
    """

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        forms: set[str] = set()
        for secret in secrets:
            if secret:
                forms.update({secret, quote(secret, safe=""), quote(secret)})
        # Longest first, so a form is never replaced inside a longer one only in part.
        self._secrets = sorted(forms, key=len, reverse=True)

    def redact(self, text: str) -> str:
        """``text`` without the secrets and without token-shaped words."""
        for secret in self._secrets:
            text = text.replace(secret, MASK)
        return _SHAPES.sub(MASK, text)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.INFO and record.name.split(".")[0] in SQL_LOGGERS:
            return False
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: keep what there is, redacted
            message = f"{record.msg!r} {record.args!r}"
        # The record is rewritten in place, so every handler after this one (and
        # every formatter) sees only the redacted text.
        record.msg, record.args = self.redact(message), None
        if record.exc_info and record.exc_info[0] is not None:
            text = record.exc_text or "".join(traceback.format_exception(*record.exc_info))
            record.exc_text = self.redact(text.rstrip("\n"))
            # Formatters print exc_text when set; with exc_info gone none of them can
            # format the original exception (and its URL) again.
            record.exc_info = None
        elif record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


def install(secrets: Iterable[str], logger: logging.Logger | None = None) -> Redactor:
    """Put a :class:`Redactor` on every handler of ``logger`` (the root logger) and
    keep the SQL loggers at INFO or above."""
    redactor = Redactor(secrets)
    target = logger or logging.getLogger()
    for handler in target.handlers:
        for old in [f for f in handler.filters if isinstance(f, Redactor)]:
            handler.removeFilter(old)
        handler.addFilter(redactor)
    for name in SQL_LOGGERS:
        sql = logging.getLogger(name)
        if sql.getEffectiveLevel() < logging.INFO:
            sql.setLevel(logging.INFO)
    return redactor


def setup_logging(level: str, secrets: Iterable[str]) -> Redactor:
    """The process's logging: one stream handler on stderr at ``level``, token-safe."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return install(secrets)
