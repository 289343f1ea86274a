"""The model of the Telegram world the bot lives in: users, chats, messages, members.

:class:`World` holds what Telegram knows (who is in which chat with which status, every
message as it is now, the bot's command menus, the files) and does the bookkeeping
both sides share: the Bot API methods read and change it on the bot's behalf, and the
test-facing :class:`~fakebotapi.fake.FakeTelegram` (a ``World``) changes it on the
users' behalf and queues the updates Telegram would deliver.  Message ids are counted
per chat, as in groups.
"""

from __future__ import annotations

import copy
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

from .chats import scope_key
from .errors import bad
from .files import FileStore, UploadedFile
from .polling import UpdateQueue

ChatLike = dict[str, Any] | int
UserLike = dict[str, Any] | int
MessageLike = dict[str, Any] | int

#: The statuses in which the bot gets a chat's updates and may write to it.
_IN_CHAT = ("member", "administrator", "creator")

_ADMIN_RIGHTS = {
    "can_be_edited": False,
    "is_anonymous": False,
    "can_manage_chat": True,
    "can_delete_messages": True,
    "can_manage_video_chats": True,
    "can_restrict_members": True,
    "can_promote_members": False,
    "can_change_info": True,
    "can_invite_users": True,
    "can_post_stories": True,
    "can_edit_stories": True,
    "can_delete_stories": True,
    "can_send_welcome_messages": True,
    "can_pin_messages": True,
}


@dataclass
class ChatState:
    """One chat: its ``Chat`` dict, live and deleted messages, members and their roles."""

    chat: dict[str, Any]
    chat_instance: str
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    deleted: dict[int, dict[str, Any]] = field(default_factory=dict)
    next_message_id: int = 1
    members: set[int] = field(default_factory=set)
    creator_id: int | None = None
    admin_ids: set[int] = field(default_factory=set)
    bot_status: str = "member"
    migrated_to: int | None = None
    pinned: list[int] = field(default_factory=list)

    @property
    def id(self) -> int:
        return int(self.chat["id"])

    @property
    def type(self) -> str:
        return str(self.chat["type"])

    @property
    def bot_is_in(self) -> bool:
        """Whether the bot gets this chat's updates and may write to it."""
        return self.bot_status in _IN_CHAT


class World:
    """Users, chats and files as Telegram knows them, and the bot's pending updates."""

    def __init__(self, token: str, *, bot_username: str, bot_name: str) -> None:
        self.token = token
        self.bot_id = int(token.split(":", 1)[0])
        self.bot_user: dict[str, Any] = {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": bot_name,
            "username": bot_username,
        }
        self.users: dict[int, dict[str, Any]] = {self.bot_id: self.bot_user}
        self.chats: dict[int, ChatState] = {}
        #: Command menus by (scope key, language code), as setMyCommands left them.
        self.commands: dict[tuple[str, str], list[dict[str, Any]]] = {}
        #: Menu buttons as setChatMenuButton left them, by private chat (None: the
        #: default of every private chat).
        self.menu_buttons: dict[int | None, dict[str, Any]] = {}
        #: Files the bot uploaded, oldest first.
        self.uploads: list[UploadedFile] = []
        #: answerCallbackQuery parameters, oldest first.
        self.answered_callbacks: list[dict[str, Any]] = []
        #: Callback queries pressed and not answered yet, by id.
        self.pending_callbacks: dict[str, dict[str, Any]] = {}
        # One counter for every generated id (users, chats, files, queries).
        self.ids = itertools.count(1)
        self.files = FileStore(self.ids)
        self.updates = UpdateQueue()

    def my_commands(
        self, scope: dict[str, Any] | None = None, language_code: str = ""
    ) -> list[dict[str, Any]]:
        """Commands registered with setMyCommands for a scope/language."""
        return copy.deepcopy(self.commands.get((scope_key(scope), language_code), []))

    def menu_button(self, chat_id: int | None = None) -> dict[str, Any]:
        """The menu button of private chat ``chat_id``: its own, else the default one,
        else Telegram's (the command list)."""
        button = self.menu_buttons.get(chat_id) or self.menu_buttons.get(None)
        return copy.deepcopy(button or {"type": "commands"})

    # ------------------------------------------------------------------ lookups

    def user(self, user: UserLike) -> dict[str, Any]:
        """A copy of a known user's ``User`` dict (by dict or id)."""
        uid = user["id"] if isinstance(user, dict) else user
        if uid not in self.users:
            raise ValueError(f"unknown user {uid}; create it with create_user()")
        return copy.deepcopy(self.users[uid])

    def chat_state(self, chat: ChatLike, *, for_user: bool = False) -> ChatState:
        """A chat by dict or id; ``for_user``: one people can still write to (not migrated)."""
        cid = chat["id"] if isinstance(chat, dict) else chat
        state = self.chats.get(cid)
        if state is None:
            raise ValueError(f"unknown chat {cid}")
        if for_user and state.migrated_to is not None:
            raise ValueError(f"chat {cid} was migrated to {state.migrated_to}")
        return state

    @staticmethod
    def message_id(message: MessageLike) -> int:
        return int(message["message_id"]) if isinstance(message, dict) else int(message)

    def actor(self, state: ChatState, by: UserLike | None) -> dict[str, Any]:
        """Who did something in a chat: ``by``, else the private chat's user, else the
        creator, an admin or a member."""
        if by is not None:
            return self.user(by)
        if state.type == "private":
            return self.user(state.id)
        for uid in [state.creator_id, *sorted(state.admin_ids), *sorted(state.members)]:
            if uid is not None and uid != self.bot_id and uid in self.users:
                return self.user(uid)
        raise ValueError(f"nobody in chat {state.id} to act; pass by=")

    # ------------------------------------------------------------------ changes

    def add_chat(self, chat: dict[str, Any]) -> ChatState:
        if chat["id"] in self.chats:
            raise ValueError(f"chat {chat['id']} already exists")
        state = ChatState(chat=chat, chat_instance=str(-(8_000_000_000 + next(self.ids))))
        self.chats[chat["id"]] = state
        return state

    def new_message(
        self, state: ChatState, sender: dict[str, Any], *, thread_id: int | None = None
    ) -> dict[str, Any]:
        """A new message dict with the chat's next id (not stored yet)."""
        message: dict[str, Any] = {
            "message_id": state.next_message_id,
            "from": copy.deepcopy(sender),
            "chat": copy.deepcopy(state.chat),
            "date": int(time.time()),
        }
        state.next_message_id += 1
        if thread_id is not None:
            message["message_thread_id"] = thread_id
            if state.chat.get("is_forum"):
                message["is_topic_message"] = True
        return message

    def reply_target(self, state: ChatState, message_id: int) -> dict[str, Any]:
        """The ``reply_to_message`` for a reply to ``message_id`` (one level deep)."""
        target = state.messages.get(message_id)
        if target is None:
            raise bad("message to be replied not found")
        target = copy.deepcopy(target)
        target.pop("reply_to_message", None)
        return target

    def deliver(self, state: ChatState, message: dict[str, Any]) -> None:
        """Store a user's (or keeper) message; the bot gets it if it is in the chat."""
        state.messages[message["message_id"]] = message
        if state.bot_is_in:
            self.updates.push({"message": message})

    def member(self, state: ChatState, user_id: int) -> dict[str, Any]:
        """The ``ChatMember`` of a known user in the chat."""
        status = self._status_of(state, user_id)
        member: dict[str, Any] = {"status": status, "user": copy.deepcopy(self.users[user_id])}
        if status == "creator":
            member["is_anonymous"] = False
        elif status == "administrator":
            member.update(_ADMIN_RIGHTS)
        elif status == "kicked":
            member["until_date"] = 0
        return member

    def _status_of(self, state: ChatState, user_id: int) -> str:
        if user_id == self.bot_id:
            return state.bot_status
        if state.type == "private":
            return "member" if user_id == state.id else "left"
        if user_id == state.creator_id:
            return "creator"
        if user_id in state.admin_ids:
            return "administrator"
        return "member" if user_id in state.members else "left"

    def change_member_status(
        self, state: ChatState, user_id: int, joined: bool, *, service: bool, update: bool
    ) -> None:
        """A user joins (``joined``) or leaves a group: the ``chat_member`` update, sent
        (as Telegram sends it) only to a bot that administers the chat, when ``update``;
        the ``new_chat_members`` / ``left_chat_member`` service message when ``service``."""
        old_member = self.member(state, user_id)
        if joined:
            state.members.add(user_id)
        else:
            state.members.discard(user_id)
            state.admin_ids.discard(user_id)
        new_member = self.member(state, user_id)
        user = copy.deepcopy(self.users[user_id])
        if update and state.bot_is_in and state.bot_status == "administrator":
            self.updates.push(
                {
                    "chat_member": {
                        "chat": copy.deepcopy(state.chat),
                        "from": user,
                        "date": int(time.time()),
                        "old_chat_member": old_member,
                        "new_chat_member": new_member,
                    }
                }
            )
        if service:
            message = self.new_message(state, user)
            if joined:
                message["new_chat_members"] = [user]
            else:
                message["left_chat_member"] = user
            self.deliver(state, message)

    def change_bot_status(
        self, state: ChatState, new_status: str, by: UserLike | None
    ) -> dict[str, Any]:
        """Set the bot's status in the chat and queue the ``my_chat_member`` update."""
        old_member = self.member(state, self.bot_id)
        state.bot_status = new_status
        new_member = self.member(state, self.bot_id)
        return self.updates.push(
            {
                "my_chat_member": {
                    "chat": copy.deepcopy(state.chat),
                    "from": self.actor(state, by),
                    "date": int(time.time()),
                    "old_chat_member": old_member,
                    "new_chat_member": new_member,
                }
            }
        )
