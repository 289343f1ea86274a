""":class:`FakeTelegram`: the fake Bot API as the tests drive it.

It is the :class:`~.state.World` plus its :class:`~.server.Server`, with the calls a
test makes: build the world (users, groups, admins, forum topics), act as people do
(write, press a button, upgrade a group, remove and re-add the bot), inject faults,
and look at the result (the bot's messages as they are now, the calls it made, its
uploads, its answers to presses), waiting where the bot works asynchronously.
"""

from __future__ import annotations

import asyncio
import copy
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager, suppress
from typing import Any, TypeVar

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer

from .errors import ApiError
from .faults import flood_error
from .files import UploadedFile, document_obj
from .formatting import command_entities
from .server import Call, Server
from .state import ChatLike, ChatState, MessageLike, UserLike, World

T = TypeVar("T")

DEFAULT_TOKEN = "123456789:AAFakeTokenForPulkaTestsOnly_0123456789"


async def close_session(bot: Bot) -> None:
    """Close ``bot``'s HTTP session.

    aiogram's ``AiohttpSession.close`` then sleeps 250 ms so that SSL connections can
    shut down (aiohttp's graceful-shutdown advice); the fake speaks plain HTTP on
    127.0.0.1, so there are none, and the suite's hundreds of bots would spend a minute
    of the run asleep.  Only the underlying aiohttp session is closed here.
    """
    session = bot.session
    client = getattr(session, "_session", None)  # aiogram keeps it private
    if isinstance(session, AiohttpSession) and client is not None:
        await client.close()
    else:
        await session.close()


class FakeTelegram(World):
    """In-process fake of the Telegram Bot API plus a test-facing control/inspection API."""

    def __init__(self) -> None:
        super().__init__(DEFAULT_TOKEN, bot_username="pulka_test_bot", bot_name="Pulka")
        self._server = Server(self)

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> str:
        """Start serving on 127.0.0.1 with an ephemeral port; returns ``base_url``."""
        return await self._server.start()

    async def stop(self) -> None:
        """Stop the server; pending long polls are answered immediately (idempotent)."""
        await self._server.stop()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:{port}`` once started, else ``""``."""
        return self._server.base_url

    def make_bot(self, **bot_kwargs: Any) -> Bot:
        """A real aiogram ``Bot`` whose session talks to this fake server (once started)."""
        if not self.base_url:
            raise RuntimeError("FakeTelegram is not started")
        api = TelegramAPIServer.from_base(self.base_url)
        return Bot(self.token, session=AiohttpSession(api=api), **bot_kwargs)

    @asynccontextmanager
    async def run_polling(
        self, dp: Dispatcher, bot: Bot, **polling_kwargs: Any
    ) -> AsyncIterator[asyncio.Task[None]]:
        """Run ``dp.start_polling(bot)`` in a task until the block exits.

        Waits until the first getUpdates request arrives, so updates injected inside the
        block are picked up. Defaults: ``handle_signals=False, close_bot_session=False``.
        On exit the polling is stopped with ``dp.stop_polling()`` and the task awaited
        (exceptions of the polling task propagate).
        """
        polling_kwargs.setdefault("handle_signals", False)
        polling_kwargs.setdefault("close_bot_session", False)
        since = len(self.calls)
        task = asyncio.create_task(dp.start_polling(bot, **polling_kwargs))
        try:
            await self.wait_for(
                lambda: (
                    task.done() or any(c.method.lower() == "getupdates" for c in self.calls[since:])
                ),
                timeout=5.0,
                description="dispatcher to start polling",
            )
            if task.done():
                task.result()
            yield task
        finally:
            if not task.done():
                with suppress(RuntimeError):
                    await asyncio.wait_for(dp.stop_polling(), timeout=5.0)
            if not task.done():
                task.cancel()
            with suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, timeout=5.0)

    # ------------------------------------------------------------------ world building

    def create_user(
        self,
        first_name: str = "Alice",
        *,
        username: str | None = None,
        last_name: str | None = None,
        language_code: str | None = "ru",
    ) -> dict[str, Any]:
        """Create a (human) Telegram user and return its ``User`` dict."""
        uid = 700_000_000 + next(self.ids)
        user: dict[str, Any] = {"id": uid, "is_bot": False, "first_name": first_name}
        if last_name:
            user["last_name"] = last_name
        if username:
            user["username"] = username
        if language_code:
            user["language_code"] = language_code
        self.users[uid] = user
        return copy.deepcopy(user)

    def private_chat(self, user: UserLike) -> dict[str, Any]:
        """The private chat between ``user`` and the bot (created on first use)."""
        user_obj = self.user(user)
        state = self.chats.get(user_obj["id"])
        if state is None:
            chat = {"id": user_obj["id"], "type": "private", "first_name": user_obj["first_name"]}
            for key in ("last_name", "username"):
                if key in user_obj:
                    chat[key] = user_obj[key]
            state = self.add_chat(chat)
            state.members.add(user_obj["id"])
        return copy.deepcopy(state.chat)

    def create_group(
        self,
        title: str = "Pulka table",
        *,
        members: Iterable[UserLike] = (),
        creator: UserLike | None = None,
    ) -> dict[str, Any]:
        """Create a basic group (bot is a member) and return its ``Chat`` dict."""
        cid = -(4_000_000_000 + next(self.ids))
        state = self.add_chat({"id": cid, "type": "group", "title": title})
        self._populate(state, members, creator)
        return copy.deepcopy(state.chat)

    def create_supergroup(
        self,
        title: str = "Pulka club",
        *,
        members: Iterable[UserLike] = (),
        creator: UserLike | None = None,
        is_forum: bool = False,
    ) -> dict[str, Any]:
        """Create a supergroup (optionally a forum) and return its ``Chat`` dict."""
        cid = -(1_000_000_000_000 + next(self.ids))
        chat: dict[str, Any] = {"id": cid, "type": "supergroup", "title": title}
        if is_forum:
            chat["is_forum"] = True
        state = self.add_chat(chat)
        self._populate(state, members, creator)
        return copy.deepcopy(state.chat)

    def _populate(
        self, state: ChatState, members: Iterable[UserLike], creator: UserLike | None
    ) -> None:
        state.members = {self.user(m)["id"] for m in members}
        if creator is not None:
            state.creator_id = self.user(creator)["id"]
            state.members.add(state.creator_id)

    def set_admins(
        self, chat: ChatLike, user_ids: Iterable[UserLike], *, creator: UserLike | None = None
    ) -> None:
        """Set the chat's administrators (include the bot's id to promote the bot).

        A change of the bot's own status is announced with a ``my_chat_member`` update.
        """
        state = self.chat_state(chat)
        if creator is not None:
            state.creator_id = self.user(creator)["id"]
            state.members.add(state.creator_id)
        ids = {self.user(u)["id"] for u in user_ids}
        state.admin_ids = ids - {self.bot_id, state.creator_id}
        state.members |= state.admin_ids
        new_bot_status = (
            "administrator"
            if self.bot_id in ids
            else ("member" if state.bot_status == "administrator" else state.bot_status)
        )
        if new_bot_status != state.bot_status:
            self.change_bot_status(state, new_bot_status, by=None)

    def create_topic(self, chat: ChatLike, user: UserLike, name: str = "Pulka") -> int:
        """Create a forum topic (keeper message); returns its ``message_thread_id``."""
        state = self.chat_state(chat)
        message = self.new_message(state, self.user(user))
        message["message_thread_id"] = message["message_id"]
        message["is_topic_message"] = True
        message["forum_topic_created"] = {"name": name, "icon_color": 7322096}
        self.deliver(state, message)
        return int(message["message_id"])

    # ------------------------------------------------------------------ people act

    def send_message(
        self,
        chat: ChatLike,
        user: UserLike,
        text: str = "",
        reply_to: MessageLike | None = None,
        document: tuple[str, bytes] | None = None,
        thread_id: int | None = None,
    ) -> dict[str, Any]:
        """A user writes to a chat; injects a ``message`` update and returns the message.

        ``document`` is ``(filename, bytes)``; with a document ``text`` becomes the
        caption. Commands get their ``bot_command`` entities.
        """
        state = self.chat_state(chat, for_user=True)
        user_obj = self.user(user)
        state.members.add(user_obj["id"])
        message = self.new_message(state, user_obj, thread_id=thread_id)
        if reply_to is not None:
            message["reply_to_message"] = self.reply_target(state, self.message_id(reply_to))
        if document is not None:
            filename, data = document
            stored = self.files.add(data, filename, None, kind="documents")
            message["document"] = document_obj(stored)
            if text:
                message["caption"] = text
                if entities := command_entities(text):
                    message["caption_entities"] = entities
        else:
            if not text:
                raise ValueError("send_message needs text or a document")
            message["text"] = text
            if entities := command_entities(text):
                message["entities"] = entities
        self.deliver(state, message)
        return copy.deepcopy(message)

    def edit_user_message(
        self, chat: ChatLike, user: UserLike, message: MessageLike, text: str
    ) -> dict[str, Any]:
        """A user edits the text of a message he sent; injects an ``edited_message``
        update and returns the message as it is now."""
        state = self.chat_state(chat, for_user=True)
        current = state.messages.get(self.message_id(message))
        if current is None or current.get("from", {}).get("id") != self.user(user)["id"]:
            raise ValueError("a user edits only a message of his own")
        current["text"] = text
        current["edit_date"] = int(time.time())
        current.pop("entities", None)
        if entities := command_entities(text):
            current["entities"] = entities
        if state.bot_is_in:
            self.updates.push({"edited_message": copy.deepcopy(current)})
        return copy.deepcopy(current)

    def press_button(
        self,
        chat: ChatLike,
        user: UserLike,
        message: MessageLike,
        callback_data: str,
        *,
        strict: bool = True,
    ) -> dict[str, Any]:
        """A user presses an inline button; injects a ``callback_query`` update.

        Returns the callback query dict (its ``id`` identifies the answer). With
        ``strict`` the button must exist in the message's *current* inline keyboard.
        """
        state = self.chat_state(chat, for_user=True)
        message_id = self.message_id(message)
        current = state.messages.get(message_id)
        if current is None:
            raise ValueError(f"message {message_id} does not exist in chat {state.id}")
        if strict:
            buttons = [
                button.get("callback_data")
                for row in current.get("reply_markup", {}).get("inline_keyboard", [])
                for button in row
            ]
            if callback_data not in buttons:
                raise AssertionError(
                    f"message {message_id} has no button with callback_data={callback_data!r}; "
                    f"current buttons: {buttons}"
                )
        query: dict[str, Any] = {
            "id": str(4_000_000_000_000 + next(self.ids)),
            "from": self.user(user),
            "message": copy.deepcopy(current),
            "chat_instance": state.chat_instance,
            "data": callback_data,
        }
        self.pending_callbacks[query["id"]] = query
        self.updates.push({"callback_query": query})
        return copy.deepcopy(query)

    def migrate_group(
        self,
        old_chat: ChatLike,
        new_supergroup_id: int | None = None,
        *,
        by: UserLike | None = None,
    ) -> dict[str, Any]:
        """Upgrade a basic group to a supergroup; returns the new ``Chat`` dict.

        Injects the two keeper messages Telegram sends (``migrate_to_chat_id`` in the old
        group, ``migrate_from_chat_id`` in the supergroup); afterwards every call with the
        old chat id fails with "group chat was upgraded to a supergroup chat".
        """
        old = self.chat_state(old_chat)
        if old.type != "group":
            raise ValueError("only basic groups can be migrated")
        new_id = (
            new_supergroup_id
            if new_supergroup_id is not None
            else -(1_000_000_000_000 + next(self.ids))
        )
        actor = self.actor(old, by)
        new = self.add_chat({"id": new_id, "type": "supergroup", "title": old.chat["title"]})
        new.members = set(old.members)
        new.creator_id = old.creator_id
        new.admin_ids = set(old.admin_ids)
        new.bot_status = old.bot_status
        to_msg = self.new_message(old, actor)
        to_msg["migrate_to_chat_id"] = new_id
        self.deliver(old, to_msg)
        old.migrated_to = new_id
        from_msg = self.new_message(new, actor)
        from_msg["migrate_from_chat_id"] = old.id
        self.deliver(new, from_msg)
        return copy.deepcopy(new.chat)

    def bot_removed(self, chat: ChatLike, by: UserLike | None = None) -> dict[str, Any]:
        """The bot is removed from a group (or blocked by the user in a private chat).

        Injects ``my_chat_member``; later sends to the chat fail with 403 Forbidden.
        """
        state = self.chat_state(chat)
        new_status = "left" if state.type == "group" else "kicked"
        return self.change_bot_status(state, new_status, by=by)

    def bot_added(self, chat: ChatLike) -> dict[str, Any]:
        """The bot is (re-)added to a chat / unblocked; injects ``my_chat_member``.

        For groups the ``new_chat_members`` keeper message is injected as well.
        """
        state = self.chat_state(chat)
        update = self.change_bot_status(state, "member", by=None)
        if state.type != "private":
            message = self.new_message(state, self.actor(state, None))
            message["new_chat_members"] = [copy.deepcopy(self.bot_user)]
            self.deliver(state, message)
        return update

    def member_left(
        self, chat: ChatLike, user: UserLike, *, service: bool = True, update: bool = True
    ) -> None:
        """``user`` leaves the group: a ``chat_member`` update if the bot administers the
        chat (and ``update``), the ``left_chat_member`` message if ``service``."""
        state = self.chat_state(chat)
        self.change_member_status(
            state, self.user(user)["id"], False, service=service, update=update
        )

    def member_joined(
        self, chat: ChatLike, user: UserLike, *, service: bool = True, update: bool = True
    ) -> None:
        """``user`` (re-)joins the group: ``chat_member`` and ``new_chat_members`` as
        :meth:`member_left` sends them."""
        state = self.chat_state(chat)
        self.change_member_status(
            state, self.user(user)["id"], True, service=service, update=update
        )

    # ------------------------------------------------------------------ fault injection

    def flood(self, method: str, times: int = 1, retry_after: int = 1) -> None:
        """Answer the next ``times`` calls of ``method`` with 429 + ``retry_after``."""
        self._server.faults.add(method, times, flood_error(retry_after))

    def slow(self, method: str, seconds: float) -> None:
        """Make every call of ``method`` take ``seconds`` (0: as fast as it can)."""
        self._server.latency[method.lower()] = seconds

    def fail_next(
        self,
        method: str,
        *,
        times: int = 1,
        error_code: int = 400,
        description: str = "Bad Request: injected failure",
    ) -> None:
        """Make the next ``times`` calls of ``method`` fail with this error."""
        self._server.faults.add(method, times, ApiError(error_code, description))

    def recover(self) -> None:
        """Drop every failure injected and not yet used, and every slowness."""
        self._server.faults.clear()
        self._server.latency.clear()

    # ------------------------------------------------------------------ inspection

    @property
    def calls(self) -> list[Call]:
        """Every HTTP request the bot made, oldest first, with the answer it got."""
        return self._server.calls

    def calls_to(self, method: str) -> list[Call]:
        """Every recorded call of ``method`` (case-insensitive), oldest first."""
        method = method.lower()
        return [c for c in self.calls if c.method.lower() == method]

    def messages(self, chat: ChatLike) -> list[dict[str, Any]]:
        """Current state of all (not deleted) messages in a chat, users' and bot's."""
        state = self.chat_state(chat)
        return [copy.deepcopy(m) for m in state.messages.values()]

    def sent_messages(self, chat: ChatLike) -> list[dict[str, Any]]:
        """Current state (edits applied, deleted ones omitted) of the bot's messages."""
        return [m for m in self.messages(chat) if m["from"]["id"] == self.bot_id]

    def last_sent(self, chat: ChatLike) -> dict[str, Any] | None:
        """The bot's most recent live message in the chat, or ``None``."""
        sent = self.sent_messages(chat)
        return sent[-1] if sent else None

    def message(self, chat: ChatLike, message_id: int) -> dict[str, Any] | None:
        """Current state of one message (``None`` if unknown or deleted)."""
        found = self.chat_state(chat).messages.get(message_id)
        return copy.deepcopy(found) if found is not None else None

    def deleted_messages(self, chat: ChatLike) -> list[dict[str, Any]]:
        """Messages deleted in the chat (last state before deletion)."""
        state = self.chat_state(chat)
        return [copy.deepcopy(m) for m in state.deleted.values()]

    def pinned_message_ids(self, chat: ChatLike) -> list[int]:
        """Ids of pinned messages, most recently pinned last."""
        return list(self.chat_state(chat).pinned)

    def callback_answer(self, callback_query_id: str) -> dict[str, Any] | None:
        """The answerCallbackQuery parameters for a query id, or ``None``."""
        for answer in self.answered_callbacks:
            if answer["callback_query_id"] == callback_query_id:
                return answer
        return None

    @property
    def documents(self) -> list[UploadedFile]:
        """Files the bot uploaded with sendDocument."""
        return [u for u in self.uploads if u.field == "document"]

    @property
    def photos(self) -> list[UploadedFile]:
        """Files the bot uploaded with sendPhoto."""
        return [u for u in self.uploads if u.field == "photo"]

    @property
    def pending_updates(self) -> int:
        """Number of injected updates not yet confirmed by the bot."""
        return self.updates.pending

    @property
    def dropped_updates(self) -> list[dict[str, Any]]:
        """Updates dropped unseen: filtered out by ``allowed_updates`` or by
        ``deleteWebhook(drop_pending_updates=True)``."""
        return self.updates.dropped

    def format_calls(self, last: int = 15) -> str:
        """Human-readable dump of the most recent calls but polls (for assertion messages)."""
        calls = [c for c in self.calls if c.method.lower() != "getupdates"]
        lines = [f"  {c}" for c in calls[-last:]]
        return "\n".join(lines) if lines else "  (no calls)"

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,
        *,
        description: str | None = None,
    ) -> T:
        """Poll ``predicate()`` every 10 ms until it returns a truthy value; return it.

        Exceptions raised by the predicate count as "not yet". On timeout an
        ``AssertionError`` listing the last calls is raised.
        """
        deadline = asyncio.get_running_loop().time() + min(timeout, 60.0)
        last_exc: Exception | None = None
        while True:
            try:
                value = predicate()
            except Exception as exc:
                last_exc = exc
            else:
                if value:
                    return value
            if asyncio.get_running_loop().time() >= deadline:
                what = description or getattr(predicate, "__name__", repr(predicate))
                extra = f"\nlast predicate error: {last_exc!r}" if last_exc else ""
                raise AssertionError(
                    f"timed out after {timeout}s waiting for {what}{extra}\n"
                    f"last bot API calls:\n{self.format_calls()}"
                )
            await asyncio.sleep(0.01)

    async def wait_for_message(
        self,
        chat: ChatLike,
        predicate: Callable[[dict[str, Any]], Any] | None = None,
        *,
        after: int = 0,
        timeout: float = 5.0,
    ) -> dict[str, Any]:
        """Wait for a live bot message in ``chat`` with ``message_id > after`` matching
        ``predicate``; returns its current state."""

        def find() -> dict[str, Any] | None:
            for message in self.sent_messages(chat):
                if message["message_id"] > after and (predicate is None or predicate(message)):
                    return message
            return None

        chat_id = chat["id"] if isinstance(chat, dict) else chat
        return await self.wait_for(find, timeout, description=f"a bot message in {chat_id}")
