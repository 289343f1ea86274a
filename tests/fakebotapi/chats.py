"""The bot and its chats: getMe, the command menus (setMyCommands, getMyCommands),
the menu button (setChatMenuButton, getChatMenuButton), close, and what the bot asks
about a chat (getChat, getChatMember, getChatAdministrators).

setMyCommands is checked as Telegram checks it (command names, descriptions of 1 to
256 characters): the bot registers its menus in three languages at start-up.  The
members' statuses (creator, administrator, member, left, kicked), on which the bot's
admin checks rest, come from the same model as the ``my_chat_member`` updates
(:meth:`.state.World.member`).
"""

from __future__ import annotations

import copy
import json
import re
from typing import TYPE_CHECKING, Any

from .errors import bad
from .params import chat_param, int_param

if TYPE_CHECKING:
    from .params import Files, Method, Params
    from .state import World

_BOT_COMMAND_NAME_RE = re.compile(r"^[a-z0-9_]{1,32}$")
_GIFT_TYPES = (
    "unlimited_gifts",
    "limited_gifts",
    "unique_gifts",
    "premium_subscription",
    "gifts_from_channels",
)


def scope_key(scope: Any) -> str:
    """The key of a BotCommandScope: ``"default"`` or its canonical JSON."""
    if not scope or scope == {"type": "default"}:
        return "default"
    return json.dumps(scope, sort_keys=True)


def get_me(world: World, params: Params, files: Files) -> Any:
    return {
        **world.bot_user,
        "can_join_groups": True,
        "can_read_all_group_messages": True,
        "supports_inline_queries": False,
        "can_connect_to_business": False,
        "has_main_web_app": False,
    }


def set_my_commands(world: World, params: Params, files: Files) -> Any:
    commands = params.get("commands")
    if not isinstance(commands, list) or len(commands) > 100:
        raise bad("can't parse commands JSON object")
    for command in commands:
        if not isinstance(command, dict) or not _BOT_COMMAND_NAME_RE.match(
            str(command.get("command", ""))
        ):
            raise bad("BOT_COMMAND_INVALID")
        if not 1 <= len(str(command.get("description", ""))) <= 256:
            raise bad("command description is empty")
    key = (scope_key(params.get("scope")), params.get("language_code") or "")
    world.commands[key] = [
        {"command": c["command"], "description": c["description"]} for c in commands
    ]
    return True


def get_my_commands(world: World, params: Params, files: Files) -> Any:
    return world.my_commands(params.get("scope"), params.get("language_code") or "")


_MENU_BUTTON_TYPES = ("commands", "web_app", "default")


def _menu_chat(world: World, params: Params) -> int | None:
    """The private chat a menu button is for (None: the default of every private chat)."""
    if params.get("chat_id") in (None, ""):
        return None
    state = chat_param(world, params)
    if state.type != "private":
        raise bad("chat_id must be a private chat")  # Telegram: menu buttons are private
    return int(state.chat["id"])


def set_chat_menu_button(world: World, params: Params, files: Files) -> Any:
    """The menu button beside the message field, as Telegram checks it: a ``web_app``
    one has a text of 1 to 64 characters and an ``http(s)`` address (Telegram takes
    ``https://`` only; tests serve the page on 127.0.0.1)."""
    button = params.get("menu_button") or {"type": "default"}
    if not isinstance(button, dict) or button.get("type") not in _MENU_BUTTON_TYPES:
        raise bad("can't parse menu button JSON object")
    if button["type"] == "web_app":
        url = str((button.get("web_app") or {}).get("url", ""))
        if not 1 <= len(str(button.get("text", ""))) <= 64:
            raise bad("BUTTON_TEXT_INVALID")
        if not url.startswith(("https://", "http://")):
            raise bad("BUTTON_URL_INVALID")
    world.menu_buttons[_menu_chat(world, params)] = copy.deepcopy(button)
    return True


def get_chat_menu_button(world: World, params: Params, files: Files) -> Any:
    return world.menu_button(_menu_chat(world, params))


def close(world: World, params: Params, files: Files) -> Any:
    return True


def get_chat(world: World, params: Params, files: Files) -> Any:
    state = chat_param(world, params)
    # The required fields of ChatFullInfo, so that aiogram can parse the answer.
    gifts = dict.fromkeys(_GIFT_TYPES, False)
    return {
        **copy.deepcopy(state.chat),
        "accent_color_id": 0,
        "max_reaction_count": 11,
        "accepted_gift_types": gifts,
    }


def get_chat_member(world: World, params: Params, files: Files) -> Any:
    state = chat_param(world, params)
    user_id = int_param(params, "user_id")
    if user_id is None:
        raise bad("invalid user_id specified")
    if user_id not in world.users:
        raise bad("user not found")
    return world.member(state, user_id)


def get_chat_administrators(world: World, params: Params, files: Files) -> Any:
    state = chat_param(world, params)
    ids = [state.creator_id] if state.creator_id is not None else []
    ids += sorted(state.admin_ids)
    if state.bot_status == "administrator":
        ids.append(world.bot_id)
    return [world.member(state, uid) for uid in ids]


METHODS: dict[str, Method] = {
    "getMe": get_me,
    "setMyCommands": set_my_commands,
    "getMyCommands": get_my_commands,
    "setChatMenuButton": set_chat_menu_button,
    "getChatMenuButton": get_chat_menu_button,
    "close": close,
    "getChat": get_chat,
    "getChatMember": get_chat_member,
    "getChatAdministrators": get_chat_administrators,
}
