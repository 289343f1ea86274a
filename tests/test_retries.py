"""The session's retry layer (``bot.telegram.middlewares.RetryMiddleware``) and a group
that became a supergroup: a send follows the chat, an edit of an old message does not
(the supergroup numbers its messages anew, so the same id is another message there)."""

from __future__ import annotations

from typing import Any

import pytest
from aiogram.exceptions import TelegramMigrateToChat
from aiogram.methods import EditMessageText, SendMessage, TelegramMethod

from bot.telegram.middlewares import RetryMiddleware

OLD, NEW = -4000000001, -1000000000002


class MigratedGroup:
    """A Bot API where every call to the old group id is refused as migrated."""

    def __init__(self) -> None:
        self.calls: list[TelegramMethod[Any]] = []
        self.moves: list[tuple[int, int]] = []

    async def request(self, bot: Any, method: TelegramMethod[Any]) -> Any:
        self.calls.append(method)
        if getattr(method, "chat_id", None) == OLD:
            raise TelegramMigrateToChat(method, "group chat was upgraded", NEW)
        return "ok"

    async def migrate(self, old: int, new: int) -> None:
        self.moves.append((old, new))


async def test_a_send_to_a_migrated_group_goes_to_the_supergroup() -> None:
    api = MigratedGroup()
    retry = RetryMiddleware(api.migrate)
    assert await retry(api.request, None, SendMessage(chat_id=OLD, text="hi")) == "ok"  # type: ignore[arg-type]
    assert [m.chat_id for m in api.calls] == [OLD, NEW]  # type: ignore[attr-defined]
    assert api.moves == [(OLD, NEW)]


async def test_an_edit_in_a_migrated_group_is_not_made_on_another_message() -> None:
    api = MigratedGroup()
    retry = RetryMiddleware(api.migrate)
    edit = EditMessageText(chat_id=OLD, message_id=2, text="board")
    with pytest.raises(TelegramMigrateToChat):
        await retry(api.request, None, edit)  # type: ignore[arg-type]
    assert [m.chat_id for m in api.calls] == [OLD]  # type: ignore[attr-defined]
    assert api.moves == [(OLD, NEW)]  # the pulka still follows the chat
