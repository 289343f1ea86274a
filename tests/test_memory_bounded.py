"""What the bot keeps in memory for a chat it has seen is bounded: every cache of its
own has a size, and the library's per-chat state that the bot does not use is off."""

from __future__ import annotations

from typing import Any

from harness import App, group

from bot.app import create_dispatcher


async def test_no_fsm_record_is_kept_per_chat_and_user(app: App, people: dict[str, Any]) -> None:
    # aiogram's in-memory FSM keeps a record for every (chat, user) an update came
    # from, never dropped; the bot keeps its unfinished entries as drafts instead.
    tg, p = app.tg, people
    async with app.polling():
        for n in range(3):
            chat = group(tg, p, title=f"Стол {n}")
            assert "Новая пулька" in await app.say(chat, p["anna"], "/newpulka sochi")
            assert "садится за стол" in await app.say(chat, p["boris"], "/join")
        storage = getattr(app.server.dp.fsm.storage, "storage", {})
        assert dict(storage) == {}


def test_every_cache_of_the_keeper_has_a_size(app: App) -> None:
    dp = create_dispatcher(app.storage, app.keeper)
    keeper = dp["keeper"]
    for name in ("tables", "nights", "langs"):
        assert getattr(keeper, name).maxsize < 100_000
