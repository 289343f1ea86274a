"""Settings from the environment (one pydantic-settings class)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

_TOKEN = re.compile(r"^[0-9]{1,20}:[A-Za-z0-9_-]{20,}$")  # ASCII digits: \d takes "٣" too


#: At most this many daily copies (ten years): a typo should not fill the disk.
MAX_BACKUP_KEEP = 3650


class StorageSettings(BaseSettings):
    """The database and its copies: ``DATABASE_URL``, ``BACKUP_KEEP``, ``BACKUP_DIR``.

    ``python -m bot backup`` needs only these, so it runs without ``BOT_TOKEN``.
    ``BACKUP_KEEP`` is the number of daily copies the running bot keeps (0, the
    default: none); they go to ``BACKUP_DIR``, by default ``backups/`` next to
    the database.
    """

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    database_url: str = "sqlite:///data/pulka.sqlite3"
    backup_keep: int = Field(0, ge=0, le=MAX_BACKUP_KEEP)
    backup_dir: str | None = None

    @field_validator("database_url")
    @classmethod
    def _sqlite_only(cls, v: str) -> str:
        database_path(v)
        return v

    @field_validator("backup_dir")
    @classmethod
    def _backup_dir(cls, v: str | None) -> str | None:
        return None if v is None or not v.strip() else v.strip()

    def backup_folder(self) -> Path:
        """Where the daily copies go."""
        if self.backup_dir:
            return Path(self.backup_dir)
        return Path(database_path(self.database_url)).parent / "backups"


#: What Telegram accepts as a webhook's ``secret_token`` (setWebhook).
_WEBHOOK_SECRET = re.compile(r"^[A-Za-z0-9_-]{1,256}$")
#: A Mini App's short name as @BotFather takes it (``/newapp``).
_MINIAPP_NAME = re.compile(r"^[A-Za-z0-9_]{3,30}$")
#: Where the sheet's page may be served over plain ``http://`` (tests, a local try).
_LOCAL_HOSTS = ("127.0.0.1", "localhost")


class Settings(StorageSettings):
    """``BOT_TOKEN`` (required), ``TELEGRAM_API_URL``, ``LOG_LEVEL``, the webhook's and
    the storage's.

    ``WEBHOOK_URL`` (the public ``https://`` address Telegram posts to) switches from
    long polling to the webhook server (``bot.telegram.webhook``); it then needs
    ``WEBHOOK_SECRET``, which every request must carry.  The server listens on
    ``WEBHOOK_HOST``:``WEBHOOK_PORT`` at the URL's path (a reverse proxy in front
    terminates TLS).

    ``MINIAPP_URL`` (the page's public ``https://`` address) and ``MINIAPP_NAME`` (its
    short name at @BotFather) switch the sheet's Mini App on: the same server serves it
    at the URL's path (in polling mode the server starts for it alone).
    """

    bot_token: SecretStr
    telegram_api_url: str | None = None
    log_level: str = Field("INFO")
    webhook_url: str | None = None
    # validate_default: a missing secret is checked too (against WEBHOOK_URL, above it).
    webhook_secret: SecretStr | None = Field(None, validate_default=True)
    webhook_host: str = "0.0.0.0"  # in a container: every interface
    webhook_port: int = Field(8080, ge=1, le=65535)
    miniapp_url: str | None = None
    # validate_default: a missing name is checked too (against MINIAPP_URL, above it).
    miniapp_name: str | None = Field(None, validate_default=True)

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, v: SecretStr) -> SecretStr:
        if not _TOKEN.match(v.get_secret_value().strip()):
            raise ValueError("BOT_TOKEN is malformed; expected digits:secret, as @BotFather gives")
        return SecretStr(v.get_secret_value().strip())

    @field_validator("telegram_api_url")
    @classmethod
    def _api_url(cls, v: str | None) -> str | None:
        if v is not None and not v.strip():
            return None
        if v is not None and not re.match(r"^https?://", v):
            raise ValueError("TELEGRAM_API_URL must start with http:// or https://")
        return v

    @field_validator("log_level")
    @classmethod
    def _level(cls, v: str) -> str:
        level = v.strip().upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError("LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return level

    @field_validator("webhook_url")
    @classmethod
    def _webhook_url(cls, v: str | None) -> str | None:
        if v is None or not v.strip():
            return None
        url = urlsplit(v.strip())
        if url.scheme != "https" or not url.hostname:
            raise ValueError(
                "must be the https:// address Telegram posts to, "
                "e.g. https://pulka.example.org/telegram"
            )
        return v.strip()

    @field_validator("webhook_secret")
    @classmethod
    def _webhook_secret(cls, v: SecretStr | None, info: ValidationInfo) -> SecretStr | None:
        secret = "" if v is None else v.get_secret_value().strip()
        if not secret:
            if info.data.get("webhook_url"):
                raise ValueError(
                    "required when WEBHOOK_URL is set: 1-256 characters of A-Z a-z 0-9 _ -"
                )
            return None
        if not _WEBHOOK_SECRET.match(secret):
            raise ValueError("must be 1-256 characters of A-Z a-z 0-9 _ - (what Telegram accepts)")
        return SecretStr(secret)

    @field_validator("miniapp_url")
    @classmethod
    def _miniapp_url(cls, v: str | None) -> str | None:
        if v is None or not v.strip():
            return None
        url = urlsplit(v.strip())
        local = url.scheme == "http" and url.hostname in _LOCAL_HOSTS
        if not (url.scheme == "https" or local) or not url.hostname or url.query or url.fragment:
            raise ValueError(
                "must be the https:// address of the sheet's page, e.g. "
                "https://pulka.example.org/sheet/ (http:// only for 127.0.0.1 and localhost)"
            )
        # The page is served at its path ending in "/" and finds its api/ beside it:
        # the links must carry that "/".
        return url._replace(path=url.path if url.path.endswith("/") else url.path + "/").geturl()

    @field_validator("miniapp_name")
    @classmethod
    def _miniapp_name(cls, v: str | None, info: ValidationInfo) -> str | None:
        short = "" if v is None else v.strip()
        if not short:
            if info.data.get("miniapp_url"):
                raise ValueError(
                    "required when MINIAPP_URL is set: the app's short name from @BotFather"
                )
            return None
        if not _MINIAPP_NAME.match(short):
            raise ValueError("must be the app's short name: 3-30 characters of A-Z a-z 0-9 _")
        return short

    @property
    def miniapp_path(self) -> str:
        """The path the sheet's page is served at: ``MINIAPP_URL``'s, ending in ``/``."""
        path = urlsplit(self.miniapp_url or "").path or "/"
        return path if path.endswith("/") else path + "/"

    @field_validator("webhook_host")
    @classmethod
    def _webhook_host(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must be an address to listen on, e.g. 0.0.0.0")
        return v.strip()

    @property
    def webhook_path(self) -> str:
        """The path the webhook server answers on: ``WEBHOOK_URL``'s (``/`` if none)."""
        return urlsplit(self.webhook_url or "").path or "/"


def database_path(url: str) -> str:
    """The SQLite file of a ``sqlite:///relative`` or ``sqlite:////absolute`` URL.

    >>> database_path("sqlite:///data/pulka.sqlite3"), database_path("sqlite:////data/p.db")
    ('data/pulka.sqlite3', '/data/p.db')
    """
    prefix = "sqlite:///"
    if not url.startswith(prefix) or len(url) == len(prefix):
        raise ValueError("DATABASE_URL must look like sqlite:///data/pulka.sqlite3")
    return url[len(prefix) :]


def prepare_database_path(url: str) -> str:
    """The database file path, with its folder created."""
    path = database_path(url)
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    return path
