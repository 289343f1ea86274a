"""Statistics across nights: ``/stats`` (every player), ``/stats Name`` (one card),
``/stats chart`` and "📈 Chart", and the CSVs ``/export csv [stats | N]``.  This
router comes before the one of ``/export`` (the JSON record), which takes the rest.
"""

from __future__ import annotations

import logging
import re

from aiogram import F, Router
from aiogram.exceptions import TelegramAPIError, TelegramRetryAfter
from aiogram.filters import Command, CommandObject
from aiogram.types import BufferedInputFile, CallbackQuery, Message
from aiogram.utils.callback_answer import CallbackAnswer

from bot.actions import archive
from bot.actions.keeper import Keeper
from bot.actions.nights import chat_nights
from bot.features.stats.chart import render_chart_async
from bot.features.stats.view import (
    card_text,
    csv_caption,
    deals_csv,
    stats_csv,
    stats_keyboard,
    stats_text,
    unknown_text,
)
from bot.grammar.deals import find_person
from bot.model import PulkaError, Table
from bot.model.stats import ChatStats, chart_data, chat_stats
from bot.telegram import delivery
from bot.telegram.context import IN_GROUP, on_keyboard, place
from bot.telegram.sheets import Sheets
from bot.views.buttons import StatsCB
from bot.views.errors import lookup_refusal
from bot.views.stats import chart_caption
from bot.views.texts import Texts

log = logging.getLogger(__name__)

#: ``/stats`` arguments asking for the chart, in the bot's three languages.
CHART_WORDS = frozenset({"chart", "graph", "график", "графік"})
#: ``/export csv``, ``/export csv N``, ``/export csv stats``, any case, spaces aside.
CSV_ARGS = re.compile(r"\s*csv(?:\s+(?:(stats)|#?№?([0-9]{1,9})))?\s*", re.IGNORECASE)


def is_csv_stats(args: str | None) -> bool:
    """Are ``/export``'s arguments exactly ``csv stats`` (any case)?

    >>> is_csv_stats("CSV  Stats"), is_csv_stats("csv"), is_csv_stats(None)
    (True, False, False)
    """
    found = _csv(args)
    return found is not None and found[1] is not None


def _csv(args: str | None) -> re.Match[str] | None:
    return CSV_ARGS.fullmatch(args or "")


async def _stats(keeper: Keeper, chat_id: int) -> ChatStats:
    return chat_stats(await chat_nights(keeper, chat_id))


async def show_stats(message: Message, command: CommandObject, keeper: Keeper, tx: Texts) -> None:
    """``/stats``, ``/stats Name``, ``/stats @username``, ``/stats chart``."""
    nights = await chat_nights(keeper, message.chat.id)
    stats = chat_stats(nights)
    args = " ".join((command.args or "").split())
    if not args or not stats.nights:
        await delivery.answer(message, stats_text(tx, stats), stats_keyboard(tx, stats))
        return
    if args.casefold() in CHART_WORDS:
        await send_chart(message, tx, stats)
        return
    person = find_person(nights, args)
    player = None if person is None else stats.of(person.key)
    if player is None:
        await delivery.answer(message, unknown_text(tx, stats, args))
        return
    await delivery.answer(message, card_text(tx, stats, player))


async def send_chart(target: Message, tx: Texts, stats: ChatStats) -> None:
    """The chart next to ``target``; if it cannot be drawn, says so (the figures stay)."""
    data = chart_data(stats)
    if data is None:
        await delivery.answer(target, stats_text(tx, stats))
        return
    currency, numbers, series = data
    named = [(person.name, line) for person, line in series]
    try:
        png = await render_chart_async(tx("stats_chart_title", currency=currency), numbers, named)
    except Exception:
        log.exception("the statistics chart of chat %s could not be drawn", target.chat.id)
        await delivery.answer(target, tx("stats_chart_failed"))
        return
    try:
        await target.answer_photo(
            BufferedInputFile(png, filename="stats.png"),
            caption=chart_caption(tx, stats, currency),
        )
    except TelegramRetryAfter:
        raise
    except TelegramAPIError as e:
        log.warning("the statistics chart of chat %s was not sent: %s", target.chat.id, e)


async def chart_press(
    query: CallbackQuery,
    msg: Message,
    callback_data: StatsCB,
    keeper: Keeper,
    tx: Texts,
    sheets: Sheets,
    callback_answer: CallbackAnswer,
) -> None:
    """ "📈 Chart": anyone in the chat may look; a press repeated soon is not resent."""
    if sheets.pressed_lately(("stats-chart", msg.chat.id, msg.message_id, tx.lang)):
        callback_answer.text = tx("stats_chart_recent")
        return
    await send_chart(msg, tx, await _stats(keeper, msg.chat.id))


async def export_csv(message: Message, command: CommandObject, keeper: Keeper, tx: Texts) -> None:
    """``/export csv [stats | N]``: the statistics, or a pulka's deals, as a CSV file."""
    found = _csv(command.args)
    assert found is not None  # the filter saw it
    if found[1]:
        stats = await _stats(keeper, message.chat.id)
        if not stats.nights:
            raise PulkaError("stats_empty")
        data, filename = stats_csv(stats, tx.lang), f"stats-{abs(message.chat.id)}.csv"
        await message.answer_document(
            BufferedInputFile(data, filename=filename), caption=tx("stats_csv_caption")
        )
        return
    table = await _deals_table(message, keeper, int(found[2]) if found[2] else None)
    await message.answer_document(
        BufferedInputFile(deals_csv(tx, table), filename=f"pulka-{table.id}.csv"),
        caption=csv_caption(tx, table),
    )


async def _deals_table(message: Message, keeper: Keeper, number: int | None) -> Table:
    """Pulka ``number`` of the archive; None: the running one, else the last over, if it
    has deals."""
    if number is not None:
        found = await archive.numbered(keeper, *place(message), number)
        if found is None:
            raise PulkaError("archive_missing", number=number)
        return found[1]
    table = await keeper.active(*place(message))
    if table is None or not table.deals:
        table, _ = await archive.last_over(keeper, *place(message))
    if table is None or not table.deals:
        raise PulkaError("deals_csv_none")
    return table


def router() -> Router:
    r = Router(name="stats")
    r.message.filter(IN_GROUP)
    r.callback_query.filter(on_keyboard)  # other presses: "out of date" (system)
    r.message.register(show_stats, Command("stats"), flags={"refusal": lookup_refusal})
    r.message.register(export_csv, Command("export", magic=F.args.func(_csv)))
    r.callback_query.register(chart_press, StatsCB.filter(F.chart == 1))
    return r
