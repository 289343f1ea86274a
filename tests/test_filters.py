"""The routers' cheap first checks (``bot.telegram.context``): they only ever let through
more than the filters they stand before, so no command is lost to them."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from aiogram import Bot, Router
from aiogram.filters import Command
from aiogram.types import BotCommand, Chat, Message, User
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.features import get_routers
from bot.telegram.context import IN_GROUP, CommandWords, commands_first

BOT = User(id=42, is_bot=True, first_name="Pulka", username="PulkaBot")


BOT_API = Bot("42:TEST")
# What ``bot.me()`` would fetch: a mention is checked against it, with no network.
BOT_API._me = BOT


def _message(
    text: str | None = None, caption: str | None = None, kind: str = "supergroup"
) -> Message:
    return Message(
        message_id=1,
        date=datetime.now(UTC),
        chat=Chat(id=-100, type=kind, title="t"),
        from_user=User(id=1, is_bot=False, first_name="Anna"),
        text=text,
        caption=caption,
    )


async def _passes(f: Any, message: Message, bot: Bot) -> bool:
    result = await (f(message, bot) if isinstance(f, Command) else f(message))
    return bool(result)


def _root(router: Router) -> CommandWords | None:
    found = [
        f.callback
        for f in router.message._handler.filters or []
        if isinstance(f.callback, CommandWords)
    ]
    return found[0] if found else None


async def _noop(message: Message) -> None:
    pass


def test_a_router_of_commands_gets_its_words_and_one_with_any_text_none() -> None:
    commands = Router()
    commands.message.register(_noop, Command("deal"))
    commands.message.register(_noop, Command("correct", "fix"))
    assert (words := _root(commands_first(commands))) is not None
    assert words.words == {"deal", "correct", "fix"}

    mixed = Router()
    mixed.message.register(_noop, Command("calc"))
    mixed.message.register(_noop)  # any message (a reply to a form, say)
    assert _root(commands_first(mixed)) is None


def test_the_bots_routers_that_take_only_commands_look_them_up_first() -> None:
    routers = {r.name: r for r in get_routers()}
    deals = _root(routers["deals"])
    assert deals is not None and {"deal", "correct", "fix"} <= deals.words
    # calc answers replies to its form, private any message, system migrations: no words.
    for name in ("calc", "private", "system"):
        assert _root(routers[name]) is None, name


COMMAND_NAMES = ["deal", "correct", "export", "undo", "help", "straße"]
FILTERS = [
    Command("deal"),
    Command("correct", "export"),
    Command("undo", prefix="/!"),
    Command(BotCommand(command="help", description="help")),
    Command("Straße", ignore_case=True),  # compared casefolded: "strasse"
]
words = st.sampled_from(
    ["deal", "Deal", "DEAL", "correct", "export", "undo", "help", "straße", "STRASSE", "zzz", ""]
)
mentions = st.sampled_from(["", "@PulkaBot", "@pulkabot", "@other_bot", "@"])
rests = st.sampled_from(["", " 7s 7 whist", "  ", "\n2", " csv stats"])
prefixes = st.sampled_from(["/", "/", "!", " /", "", "?"])


@settings(max_examples=200, deadline=None)
@given(prefixes, words, mentions, rests, st.booleans())
def test_a_word_check_passes_every_message_a_command_filter_takes(
    prefix: str, word: str, mention: str, rest: str, as_caption: bool
) -> None:
    text = prefix + word + mention + rest
    message = _message(caption=text) if as_caption else _message(text=text)
    bot = BOT_API
    router = Router()
    filters = FILTERS
    for f in filters:
        router.message.register(_noop, f)
    check = _root(commands_first(router))
    assert check is not None

    async def run() -> tuple[bool, bool]:
        taken = [await _passes(f, message, bot) for f in filters]
        return any(taken), await _passes(check, message, bot)

    taken, passed = asyncio.run(run())
    if taken:
        assert passed, text
    # And it is not a pass-all: plain words and other commands are turned away.
    if passed:
        assert text.lstrip()[:1] in "/!" and word.casefold() in {
            n.casefold() for n in COMMAND_NAMES
        }, text


def test_in_group_is_the_chat_type() -> None:
    async def run() -> list[bool]:
        return [
            await IN_GROUP(_message("x", kind="supergroup")),
            await IN_GROUP(_message("x", kind="group")),
            await IN_GROUP(_message("x", kind="private")),
        ]

    assert asyncio.run(run()) == [True, True, False]
