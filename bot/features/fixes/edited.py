"""A command edited after it was sent: answered, never run again.

Telegram lets a player edit a message he sent, and a table fixes a typo that way.  The
bot does not run an edited command: what the first text wrote stays, and running the
new text as well would write twice, or write what the table never saw answered.  So
the edit is told what stands and how to change it: a deal written by the first text
gets the ``/edit N`` with the new words, ready to send; a command that wrote nothing
is asked to be sent again.
"""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.actions.keeper import Keeper
from bot.features.fixes.view import about
from bot.model import EventKind, Table
from bot.telegram import delivery
from bot.telegram.context import source
from bot.views.format import name
from bot.views.texts import Texts
from scoring import Correction

#: The commands whose text is a deal: their new words are a deal for ``/edit N``.
DEAL_WORDS = frozenset({"deal", "correct", "fix"})


async def edited(message: Message, command: CommandObject, keeper: Keeper, tx: Texts) -> None:
    """An edited command of the bot's: what its first text did stands."""
    found = await keeper.written_by(source(message))
    if found is None:
        await delivery.answer(message, tx("edited_unread"))
        return
    table, event = found
    await delivery.answer(message, _written_text(tx, table, event.id, event.kind, command))


def _written_text(
    tx: Texts, table: Table, event_id: int, kind: EventKind, command: CommandObject
) -> str:
    """What an edit of a command that wrote ``event_id`` is told."""
    live = table.deal_by_event(event_id) if kind == EventKind.DEAL else None
    words = (command.args or "").strip()
    if live is None or not table.active:
        return tx("edited_done")
    if isinstance(live.deal, Correction):
        return about(tx, "edited_correction_kept", table, live)
    if command.command.casefold() not in DEAL_WORDS:
        return about(tx, "edited_deal_kept", table, live)
    again = name(f"/edit {live.number} {words}".strip())
    return about(tx, "edited_deal", table, live) + "\n" + tx("edited_deal_how", command=again)


def router(words: frozenset[str]) -> Router:
    """Edited messages that are commands of the bot (``words``, as they are answered)."""
    r = Router(name="edited")
    r.edited_message.register(edited, Command(*sorted(words), ignore_case=True))
    return r
