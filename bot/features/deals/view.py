"""The question before writing a typed deal that looks like a slip (``bot.features.deals.guard``):
its text and its Yes/No buttons."""

from __future__ import annotations

from aiogram.types import InlineKeyboardMarkup

from bot.features.deals.guard import Doubts, canonical, digest
from bot.model import Table
from bot.views.buttons import GuardCB, markup
from bot.views.format import deal_in_full, entry_key, name
from bot.views.texts import Texts
from scoring import Deal


def guard_text(tx: Texts, table: Table, deal: Deal, doubts: Doubts) -> str:
    """Why the bot asks, then "Write <the deal>?"."""
    lines = []
    names, rules = table.names, table.rules
    repeat = doubts.repeat
    if repeat is not None and canonical(repeat.deal) == canonical(deal):
        lines.append(
            tx(entry_key(deal, "guard_repeat", "guard_repeat_correction"), number=repeat.number)
        )
    elif repeat is not None:  # the same words, another deal now that another deals
        written = deal_in_full(tx, repeat.deal, names, rules)
        lines.append(tx("guard_repeat_words", number=repeat.number, notation=written))
    if doubts.seat is not None:
        named, expected = doubts.seat
        if len(named) == 1:
            lines.append(tx("guard_seat", named=name(named[0]), expected=name(expected[0])))
        else:  # five: the pairs
            lines.append(
                tx(
                    "guard_seat_pair",
                    named=name(named[0]),
                    named2=name(named[1]),
                    expected=name(expected[0]),
                    expected2=name(expected[1]),
                )
            )
    lines.append(tx("guard_ask", notation=deal_in_full(tx, deal, names, rules)))
    return "\n".join(lines)


def guard_keyboard(tx: Texts, table: Table, deal: Deal) -> InlineKeyboardMarkup | None:
    """ "Yes, write it" / "No", for ``deal`` on ``table`` as it is now."""
    d, last = digest(deal), table.last_event_id
    yes, no = (GuardCB(pulka=table.id, last=last, yes=y, digest=d).pack() for y in (1, 0))
    return markup([[(tx("guard_yes"), yes), (tx("guard_no"), no)]])
