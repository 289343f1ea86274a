"""Reading a method's parameters as the Bot API does: the chat, its access, integers.

Every method that names a chat goes through :func:`chat_param`, which gives the answers
the bot has to handle: ``chat not found``, the 400 with ``migrate_to_chat_id`` after a
group became a supergroup, and the 403s of a removed or blocked bot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import CHAT_NOT_FOUND, MIGRATED, ApiError, bad

if TYPE_CHECKING:
    from collections.abc import Callable

    from .files import UploadedFile
    from .state import ChatState, World

    Params = dict[str, Any]
    Files = dict[str, UploadedFile]
    #: A Bot API method: ``(world, params, uploaded files) -> result`` (or a coroutine).
    Method = Callable[[World, Params, Files], Any]


def int_param(params: Params, key: str, default: int | None = None) -> int | None:
    """``params[key]`` as an int (``default`` if absent); 400 if it is not a number."""
    value = params.get(key, default)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise bad(f"invalid {key} specified") from None


def chat_param(world: World, params: Params) -> ChatState:
    """The chat named by ``chat_id``, which the bot must be allowed to write to."""
    raw = params.get("chat_id")
    if raw is None or raw == "":
        raise bad("chat_id is empty")
    try:
        state = world.chats.get(int(raw))
    except (TypeError, ValueError):
        state = None
    if state is None:
        raise ApiError(400, CHAT_NOT_FOUND)
    if state.migrated_to is not None:
        raise ApiError(400, MIGRATED, {"migrate_to_chat_id": state.migrated_to})
    require_access(state)
    return state


def require_access(state: ChatState) -> None:
    """403 unless the bot is in the chat (Telegram's wording for blocked and kicked)."""
    if state.bot_is_in:
        return
    if state.type == "private":
        raise ApiError(403, "Forbidden: bot was blocked by the user")
    kind = "group chat" if state.type == "group" else f"{state.type} chat"
    raise ApiError(403, f"Forbidden: bot was kicked from the {kind}")
