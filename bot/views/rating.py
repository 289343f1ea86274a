"""Rating changes under a settlement and in ``/pulkas`` (``/rating on``): a change is
the difference of the shown ratings."""

from __future__ import annotations

from bot.model import Table
from bot.model.rating import RatedNight, Ratings, points
from bot.views.format import name, signed
from bot.views.texts import Texts


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
