"""Writing a deal and showing it: the one path of a typed /deal, the "Write it?" question's
"Yes" and the wizard's "Write it"."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import deals
from bot.actions.keeper import Keeper
from bot.model import Author, Source, Table
from bot.telegram import delivery
from bot.telegram.boards import Boards
from bot.views.deal import wizard_written_text, written_deal_text, written_note
from bot.views.keyboards import deal_keyboard
from bot.views.texts import Texts
from scoring import Deal


async def write_and_show(
    msg: Message,
    table: Table,
    deal: Deal,
    author: Author,
    origin: Source,
    keeper: Keeper,
    bot: Bot,
    tx: Texts,
    boards: Boards,
    *,
    press: CallbackAnswer | None = None,
    who: str | None = None,
) -> None:
    """Write ``deal`` on ``table`` as it is now, then show what was written: a command is
    answered with a new message, a press (``press``) edits ``msg`` into the deal, signed
    ``who`` in a wizard.

    ``origin`` is the message the deal comes from: delivered again, it is answered with
    what it wrote.  A press's table must still be the one it was shown on (checked in
    the write's transaction: of two presses only the first writes).
    """
    expect_last = None if press is None else table.last_event_id
    written = await deals.write(keeper, table.id, deal, author, origin, expect_last=expect_last)
    after = written.table
    live = after.deal_by_event(written.event_id)  # None: a repeat whose deal was undone since
    if live is not None and who is not None:
        text = wizard_written_text(tx, after, live, who)
    else:
        text = written_deal_text(tx, after, live, repeat=written.duplicate)
    keyboard = None if live is None else deal_keyboard(tx, after, live)
    if press is None:
        # The board first: the answer is then the chat's last message.
        await boards.refresh(bot, tx, after)
        await delivery.answer(msg, text, keyboard)
        return
    # The pressed message first: the presser sees it turn into the deal.
    if live is not None:
        press.text = written_note(tx, live)
    await delivery.edit_or_answer(msg, text, keyboard)
    await boards.refresh(bot, tx, after)
