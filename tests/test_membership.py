"""Who may press is who is in the chat now: a player who leaves is refused at once, and
one who comes back may press at once, not a minute later (the bot keeps members'
statuses for a minute, and is told who joins and leaves).

End to end through the real Dispatcher and the fake Bot API server: the leave and the
return come as Telegram sends them, a ``chat_member`` update to a bot that administers
the chat and a ``left_chat_member`` / ``new_chat_members`` message.
"""

from __future__ import annotations

from typing import Any

from harness import App, group
from test_bot_buttons import NEW_DEAL, Table, seated

REFUSED = "только игроки"


async def pressed(t: Table, who: str) -> str:
    """What ``who``'s press of "New deal" on the board is answered ("" if no text)."""
    return str((await t.ui.tap(t.p[who], t.board, NEW_DEAL))["text"] or "")


async def test_a_player_who_leaves_is_refused_at_once_by_the_leave_message(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        assert await t.ui.tap_new(p["boris"], t.board, NEW_DEAL)  # a member: kept so
        tg.member_left(chat, p["boris"])  # the bot is no admin: the message only
        await app.idle()
        assert REFUSED in await pressed(t, "boris")
        assert REFUSED not in await pressed(t, "anna")


async def test_a_player_who_leaves_is_refused_at_once_by_the_chat_member_update(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        tg.set_admins(chat, [tg.bot_id])  # chat_member updates go to an admin bot only
        await seated(t)
        assert await t.ui.tap_new(p["boris"], t.board, NEW_DEAL)
        tg.member_left(chat, p["boris"], service=False)
        await app.idle()
        assert REFUSED in await pressed(t, "boris")
    assert not tg.dropped_updates, "the bot asks for chat_member updates"


async def test_a_player_who_comes_back_may_press_at_once(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    t = Table(app, chat, p)
    async with app.polling():
        await seated(t)
        tg.member_left(chat, p["boris"])
        await app.idle()
        assert REFUSED in await pressed(t, "boris")  # kept as gone
        # Back, with no word the bot hears: asked again before refusing him.
        tg.chat_state(chat).members.add(p["boris"]["id"])
        assert REFUSED not in await pressed(t, "boris")
        # Gone and back as Telegram tells it.
        tg.member_left(chat, p["boris"])
        await app.idle()
        assert REFUSED in await pressed(t, "boris")
        tg.member_joined(chat, p["boris"])
        await app.idle()
        assert REFUSED not in await pressed(t, "boris")
