"""Texts of the chat's rating: ``/rating`` and ``/rating Name``, in whole points.

``numbers`` maps a night's pulka id to its number in its place's archive (``/pulka N``).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.model.rating import Ratings
from bot.views.format import date_text, name
from bot.views.rating import LINES, changes_text, pulka_number, rating_line
from bot.views.texts import Texts


def rating_text(tx: Texts, ratings: Ratings, numbers: Mapping[int, int], *, shown: bool) -> str:
    """``/rating``: place, name, rating, pulkas played, last change (the first
    :data:`LINES` players); then the last pulka's changes, how a rating moves (as
    :mod:`bot.model.rating` moves it), and how to see one player or switch the display."""
    if not ratings.standings or ratings.last is None:
        return tx("rating_empty")
    lines = [tx("rating_title", count=len(ratings.nights))]
    lines.extend(rating_line(tx, s) for s in ratings.standings[:LINES])
    if len(ratings.standings) > LINES:
        lines.append(tx("rating_more", count=len(ratings.standings) - LINES))
    last = ratings.last
    blocks = [
        "\n".join(lines),
        tx(
            "rating_last",
            number=pulka_number(last, numbers),
            date=date_text(tx, last.night.settled_at),
            changes=changes_text(tx, last),
        ),
        tx("rating_rule"),
        tx("rating_how_on" if shown else "rating_how_off"),
    ]
    return "\n\n".join(blocks)


def unknown_text(tx: Texts, query: str, ratings: Ratings) -> str:
    """``/rating Nobody``: who is in the rating, and an example."""
    names = [s.person.name for s in ratings.standings]
    return tx(
        "rating_unknown",
        query=name(query[:40]),
        names=", ".join(name(n) for n in names),
        example=name(names[0]),
    )
