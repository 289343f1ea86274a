"""The bot's messages: sendMessage, editMessageText, editMessageReplyMarkup,
deleteMessage, pinChatMessage and answerCallbackQuery.

These are the calls a pulka evening is made of, and where Telegram refuses what the
bot must cope with: an edit to the same content (``message is not modified``), texts
over 4096 characters, callback data over 64 bytes, an answer to a press already
answered, a pin without the right to pin.  The helpers here are shared with
:mod:`.files` (sendDocument and sendPhoto build their messages the same way).
"""

from __future__ import annotations

import copy
import time
from typing import TYPE_CHECKING, Any

from .errors import MESSAGE_NOT_MODIFIED, MESSAGE_TO_EDIT_NOT_FOUND, QUERY_TOO_OLD, ApiError, bad
from .formatting import parse_html, strip_text, u16
from .params import chat_param, int_param

if TYPE_CHECKING:
    from .params import Files, Method, Params
    from .state import ChatState, World

#: The fields that make an inline button do something; a button needs one.
_INLINE_BUTTON_ACTIONS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)


def formatted(params: Params, key: str) -> tuple[str, list[dict[str, Any]]]:
    """The ``"text"`` or ``"caption"`` and its entities as Telegram stores them: parsed
    if ``parse_mode`` is HTML (the bot's default), trimmed, and checked (a text must not
    be empty; at most 4096 characters, a caption 1024)."""
    raw = params.get(key)
    raw = "" if raw is None else str(raw)
    if (params.get("parse_mode") or "").lower() == "html":
        text, entities = parse_html(raw)
    else:
        text, entities = raw, []
    text, entities = strip_text(text, entities)
    if key == "text":
        if not text:
            raise bad("message text is empty")
        if u16(text) > 4096:
            raise bad("message is too long")
    elif u16(text) > 1024:
        raise bad("message caption is too long")
    return text, entities


def inline_markup(params: Params) -> dict[str, Any] | None:
    """The inline keyboard of ``reply_markup`` to store on the message, checked like
    Telegram checks it; ``None`` for no markup, an empty keyboard or another markup."""
    markup = params.get("reply_markup")
    if markup is None or markup == "":
        return None
    if not isinstance(markup, dict):
        raise bad("can't parse reply keyboard markup JSON object")
    if "inline_keyboard" not in markup:
        return None
    rows = markup["inline_keyboard"]
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        raise bad('can\'t parse inline keyboard button: field "inline_keyboard" is invalid')
    for row in rows:
        for button in row:
            if not isinstance(button, dict) or not button.get("text"):
                raise bad("can't parse inline keyboard button: Text must be non-empty")
            if not any(a in button for a in _INLINE_BUTTON_ACTIONS):
                raise bad(
                    "can't parse inline keyboard button: "
                    "Text buttons are unallowed in the inline keyboard"
                )
            if "callback_data" in button:
                size = len(str(button["callback_data"]).encode("utf-8"))
                if not 1 <= size <= 64:
                    raise bad("BUTTON_DATA_INVALID")
    if not any(rows):
        return None
    return {"inline_keyboard": rows}


def bot_message(
    world: World, state: ChatState, params: Params, inline: dict[str, Any] | None
) -> dict[str, Any]:
    """A new message from the bot, in its topic, replying and with its keyboard if asked."""
    thread_id = int_param(params, "message_thread_id")
    reply_parameters = params.get("reply_parameters")
    reply_to_id = (
        int_param(reply_parameters, "message_id") if isinstance(reply_parameters, dict) else None
    )
    # The reply target is looked up first: a missing one fails without using up an id.
    reply = world.reply_target(state, reply_to_id) if reply_to_id is not None else None
    message = world.new_message(state, world.bot_user, thread_id=thread_id)
    if reply is not None:
        message["reply_to_message"] = reply
    if inline is not None:
        message["reply_markup"] = inline
    return message


def _bot_message_to_edit(world: World, params: Params) -> dict[str, Any]:
    state = chat_param(world, params)
    message_id = int_param(params, "message_id")
    message = state.messages.get(message_id) if message_id is not None else None
    if message is None:
        raise ApiError(400, MESSAGE_TO_EDIT_NOT_FOUND)
    if message["from"]["id"] != world.bot_id:
        raise bad("message can't be edited")
    return message


def _set_optional(message: dict[str, Any], key: str, value: Any) -> None:
    if value is None:
        message.pop(key, None)
    else:
        message[key] = value


def send_message(world: World, params: Params, files: Files) -> Any:
    state = chat_param(world, params)
    text, entities = formatted(params, "text")
    message = bot_message(world, state, params, inline_markup(params))
    message["text"] = text
    if entities:
        message["entities"] = entities
    state.messages[message["message_id"]] = message
    return copy.deepcopy(message)


def edit_message_text(world: World, params: Params, files: Files) -> Any:
    message = _bot_message_to_edit(world, params)
    if "text" not in message:
        raise bad("there is no text in the message to edit")
    text, entities = formatted(params, "text")
    inline = inline_markup(params)
    if (
        text == message["text"]
        and entities == message.get("entities", [])
        and inline == message.get("reply_markup")
    ):
        raise ApiError(400, MESSAGE_NOT_MODIFIED)
    message["text"] = text
    _set_optional(message, "entities", entities or None)
    # Without reply_markup the inline keyboard goes, as on Telegram.
    _set_optional(message, "reply_markup", inline)
    message["edit_date"] = int(time.time())
    return copy.deepcopy(message)


def edit_message_reply_markup(world: World, params: Params, files: Files) -> Any:
    message = _bot_message_to_edit(world, params)
    inline = inline_markup(params)
    if inline == message.get("reply_markup"):
        raise ApiError(400, MESSAGE_NOT_MODIFIED)
    _set_optional(message, "reply_markup", inline)
    message["edit_date"] = int(time.time())
    return copy.deepcopy(message)


def delete_message(world: World, params: Params, files: Files) -> Any:
    state = chat_param(world, params)
    message_id = int_param(params, "message_id")
    message = state.messages.get(message_id) if message_id is not None else None
    if message is None:
        raise bad("message to delete not found")
    own = message["from"]["id"] == world.bot_id
    if not own and state.type != "private" and state.bot_status != "administrator":
        raise bad("message can't be deleted")
    state.deleted[message["message_id"]] = state.messages.pop(message["message_id"])
    if message["message_id"] in state.pinned:
        state.pinned.remove(message["message_id"])
    return True


def pin_chat_message(world: World, params: Params, files: Files) -> Any:
    state = chat_param(world, params)
    if state.type != "private" and state.bot_status not in ("administrator", "creator"):
        raise bad("not enough rights to manage pinned messages in the chat")
    message_id = int_param(params, "message_id")
    if message_id is None or message_id not in state.messages:
        raise bad("message to pin not found")
    if message_id in state.pinned:
        state.pinned.remove(message_id)
    state.pinned.append(message_id)
    return True


def answer_callback_query(world: World, params: Params, files: Files) -> Any:
    query_id = str(params.get("callback_query_id", ""))
    query = world.pending_callbacks.pop(query_id, None)
    if query is None:
        raise ApiError(400, QUERY_TOO_OLD)
    text = params.get("text")
    if text is not None and len(str(text)) > 200:
        raise bad("MESSAGE_TOO_LONG")
    world.answered_callbacks.append(
        {
            "callback_query_id": query_id,
            "text": text,
            "show_alert": bool(params.get("show_alert", False)),
            "url": params.get("url"),
            "cache_time": params.get("cache_time"),
            "data": query.get("data"),
        }
    )
    return True


METHODS: dict[str, Method] = {
    "sendMessage": send_message,
    "editMessageText": edit_message_text,
    "editMessageReplyMarkup": edit_message_reply_markup,
    "deleteMessage": delete_message,
    "pinChatMessage": pin_chat_message,
    "answerCallbackQuery": answer_callback_query,
}
