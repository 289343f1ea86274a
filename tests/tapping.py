"""A test driver that plays the bot through its buttons, as people at the table would.

``Tapper`` presses buttons by their label on a message's current keyboard, waits
until the press is answered (the bot answers after it has edited what it edits),
and counts the taps.
"""

from __future__ import annotations

from typing import Any

from fakebotapi import FakeTelegram


class Tapper:
    """Buttons of one chat, pressed by label; ``taps`` counts the presses."""

    def __init__(self, tg: FakeTelegram, chat: dict[str, Any]) -> None:
        self.tg = tg
        self.chat = chat
        self.taps = 0
        self.presses = 0

    def message(self, message_id: int) -> dict[str, Any]:
        found = self.tg.message(self.chat, message_id)
        assert found is not None, f"message {message_id} is gone"
        return found

    def labels(self, message_id: int) -> list[str]:
        markup = self.message(message_id).get("reply_markup", {})
        return [b["text"] for row in markup.get("inline_keyboard", []) for b in row]

    def data(self, message_id: int, label: str) -> str:
        """The callback data of the button labelled ``label`` (exactly)."""
        markup = self.message(message_id).get("reply_markup", {})
        found = [
            b["callback_data"]
            for row in markup.get("inline_keyboard", [])
            for b in row
            if b["text"] == label
        ]
        assert len(found) == 1, (label, self.labels(message_id))
        return str(found[0])

    async def press(
        self, user: dict[str, Any], message_id: int, data: str, *, strict: bool = True
    ) -> dict[str, Any]:
        """Press a button (by its data) and wait for the bot's answer to the press."""
        q = self.tg.press_button(self.chat, user, message_id, data, strict=strict)
        self.presses += 1
        return await self.tg.wait_for(
            lambda: self.tg.callback_answer(q["id"]), description=f"an answer to {data!r}"
        )

    async def tap(self, user: dict[str, Any], message_id: int, label: str) -> dict[str, Any]:
        """Press the button labelled ``label`` on the message, like a player; count it."""
        self.taps += 1
        return await self.press(user, message_id, self.data(message_id, label))

    async def tap_new(self, user: dict[str, Any], message_id: int, label: str) -> int:
        """Tap a button that makes the bot send a new message; that message's id."""
        before = self.newest()
        answer = await self.tap(user, message_id, label)
        newest = self.newest()
        assert newest > before, ("no new message", answer)
        return newest

    def newest(self) -> int:
        sent = self.tg.sent_messages(self.chat)
        return int(sent[-1]["message_id"]) if sent else 0

    def text(self, message_id: int) -> str:
        return str(self.message(message_id).get("text", ""))
