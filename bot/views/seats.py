"""The seating buttons of ``/seats`` and of the settings message: "1 ⇄ 2" for each pair
of neighbours, "Deals: …" for each seat but the first."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from aiogram.filters.callback_data import CallbackData
from aiogram.types import InlineKeyboardButton
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.views.texts import Texts


def seat_buttons(
    tx: Texts,
    names: Sequence[str],
    swap: Callable[[int], CallbackData],
    dealer: Callable[[int], CallbackData],
) -> InlineKeyboardBuilder:
    """Two rows (none with fewer than two seated); ``swap(i)`` and ``dealer(i)`` are
    seat ``i``'s payloads."""
    kb = InlineKeyboardBuilder()
    if len(names) < 2:
        return kb
    kb.row(
        *(
            InlineKeyboardButton(text=f"{i + 1} ⇄ {i + 2}", callback_data=swap(i).pack())
            for i in range(len(names) - 1)
        )
    )
    kb.row(
        *(
            InlineKeyboardButton(
                text=tx("btn_dealer", name=names[i]), callback_data=dealer(i).pack()
            )
            for i in range(1, len(names))
        )
    )
    return kb
