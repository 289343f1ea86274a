"""Rating changes under a settlement and in ``/pulkas`` (``/rating on``): a change is
the difference of the shown ratings; a line of ``/rating`` and one player's history
(``/rating Name``), which the page's "Nights" shows too.

``numbers`` maps a night's pulka id to its number in its place's archive (``/pulka N``).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.model import Table
from bot.model.rating import RatedNight, Ratings, Standing, points
from bot.views.format import date_text, name, signed
from bot.views.texts import Texts

#: The most lines of the table, and of one player's history (a message holds 4096 characters).
LINES = 50


def changes_text(tx: Texts, rated: RatedNight, *, with_rating: bool = False) -> str:
    """``Anna +16, Boris -16, Vera 0`` (``with_rating``: ``Anna 1516 (+16), …``), in
    seating order."""
    return ", ".join(
        tx("rating_item", name=name(c.person.name), rating=points(c.after), change=signed(c.shown))
        if with_rating
        else tx("rating_change", name=name(c.person.name), change=signed(c.shown))
        for c in rated.changes
    )


def settled_note(tx: Texts, ratings: Ratings | None, table: Table) -> str:
    """What the settlement message of ``table`` adds: ``""``, or a blank line and each
    player's rating after the pulka with its change."""
    rated = None if ratings is None else ratings.of_pulka(table.id)
    if rated is None:
        return ""
    return "\n\n" + tx("rating_note", changes=changes_text(tx, rated, with_rating=True))


def pulkas_notes(tx: Texts, ratings: Ratings | None) -> dict[int, str]:
    """The line ``/pulkas`` adds under each settled pulka, by pulka id."""
    if ratings is None:
        return {}
    return {
        n.night.pulka_id: tx("rating_note", changes=changes_text(tx, n)) for n in ratings.nights
    }


def pulka_number(rated: RatedNight, numbers: Mapping[int, int]) -> int:
    return numbers.get(rated.night.pulka_id, rated.night.number)


def nights_text(tx: Texts, count: int) -> str:
    return tx("rating_nights", count=count)


def rating_line(tx: Texts, s: Standing) -> str:
    """``1. Anna — 1516 · 2 pulkas · last: +16``: a line of ``/rating``'s table."""
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
                number=pulka_number(rated, numbers),
                date=date_text(tx, rated.night.settled_at),
                rating=points(change.after),
                change=signed(change.shown),
            )
        )
    return "\n".join(lines)
