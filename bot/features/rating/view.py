"""Texts of the chat's rating: ``/rating`` and ``/rating Name``, in whole points.

``numbers`` maps a night's pulka id to its number in its place's archive (``/pulka N``).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.model.rating import RatedNight, Ratings, Standing, points
from bot.views.format import date_text, name, signed
from bot.views.rating import changes_text
from bot.views.texts import Texts

#: The most lines of the table, and of one player's history (a message holds 4096 characters).
LINES = 50


def _number(rated: RatedNight, numbers: Mapping[int, int]) -> int:
    return numbers.get(rated.night.pulka_id, rated.night.number)


def nights_text(tx: Texts, count: int) -> str:
    return tx("rating_nights", count=count)


def rating_text(tx: Texts, ratings: Ratings, numbers: Mapping[int, int], *, shown: bool) -> str:
    """``/rating``: place, name, rating, pulkas played, last change (the first
    :data:`LINES` players); then the last pulka's changes, how a rating moves (as
    :mod:`bot.model.rating` moves it), and how to see one player or switch the display."""
    if not ratings.standings or ratings.last is None:
        return tx("rating_empty")
    lines = [tx("rating_title", count=len(ratings.nights))]
    lines.extend(_line(tx, s) for s in ratings.standings[:LINES])
    if len(ratings.standings) > LINES:
        lines.append(tx("rating_more", count=len(ratings.standings) - LINES))
    last = ratings.last
    blocks = [
        "\n".join(lines),
        tx(
            "rating_last",
            number=_number(last, numbers),
            date=date_text(tx, last.night.settled_at),
            changes=changes_text(tx, last),
        ),
        tx("rating_rule"),
        tx("rating_how_on" if shown else "rating_how_off"),
    ]
    return "\n\n".join(blocks)


def _line(tx: Texts, s: Standing) -> str:
    return tx(
        "rating_line",
        place=s.place,
        name=name(s.person.name),
        rating=points(s.rating),
        nights=nights_text(tx, s.nights),
        change=signed(s.last.shown),
    )


def player_text(tx: Texts, ratings: Ratings, standing: Standing, numbers: Mapping[int, int]) -> str:
    """``/rating Anna``: her rating and place, then each pulka she played (the latest
    :data:`LINES`): its number, date, her rating after it and the change."""
    lines = [
        tx(
            "rating_player_title",
            name=name(standing.person.name),
            rating=points(standing.rating),
            place=standing.place,
            count=len(ratings.standings),
            nights=nights_text(tx, standing.nights),
        )
    ]
    history = ratings.history(standing.person.key)
    if len(history) > LINES:  # the latest ones
        lines.append(tx("rating_more", count=len(history) - LINES))
    for rated, change in history[-LINES:]:
        lines.append(
            tx(
                "rating_player_line",
                number=_number(rated, numbers),
                date=date_text(tx, rated.night.settled_at),
                rating=points(change.after),
                change=signed(change.shown),
            )
        )
    return "\n".join(lines)


def unknown_text(tx: Texts, query: str, ratings: Ratings) -> str:
    """``/rating Nobody``: who is in the rating, and an example."""
    names = [s.person.name for s in ratings.standings]
    return tx(
        "rating_unknown",
        query=name(query[:40]),
        names=", ".join(name(n) for n in names),
        example=name(names[0]),
    )
