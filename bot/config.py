"""Settings from the environment (one pydantic-settings class)."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

_TOKEN = re.compile(r"^\d{1,20}:[A-Za-z0-9_-]{20,}$")


class Settings(BaseSettings):
    """``BOT_TOKEN`` (required), ``DATABASE_URL``, ``TELEGRAM_API_URL``, ``LOG_LEVEL``."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    bot_token: SecretStr
    database_url: str = "sqlite:///data/pulka.sqlite3"
    telegram_api_url: str | None = None
    log_level: str = Field("INFO")

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, v: SecretStr) -> SecretStr:
        if not _TOKEN.match(v.get_secret_value().strip()):
            raise ValueError("BOT_TOKEN is malformed; expected digits:secret, as @BotFather gives")
        return SecretStr(v.get_secret_value().strip())

    @field_validator("database_url")
    @classmethod
    def _sqlite_only(cls, v: str) -> str:
        database_path(v)
        return v

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


def database_path(url: str) -> str:
    """The SQLite file of a ``sqlite:///relative`` or ``sqlite:////absolute`` URL.

    >>> database_path("sqlite:///data/pulka.sqlite3"), database_path("sqlite:////data/p.db")
    ('data/pulka.sqlite3', '/data/p.db')
    """
    prefix = "sqlite:///"
    if not url.startswith(prefix) or len(url) == len(prefix):
        raise ValueError("DATABASE_URL must look like sqlite:///data/pulka.sqlite3")
    return url[len(prefix):]


def prepare_database_path(url: str) -> str:
    """The database file path, with its folder created."""
    path = database_path(url)
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    return path
