"""The pulka as a picture: the classic sheet (пулька) drawn with Pillow.

Pure and self-contained: no Telegram, no database.  Every figure drawn comes
from :mod:`scoring` (the steps of a replay, ``standings`` and a
``Settlement``); this package only lays them out.

The sheet is drawn the way players write it on paper:

* three nested frames around a central circle, cut by lines from the circle to
  the corners.  Three players sit left, top and right (the triangle: lines to
  the two top corners and straight down); four players sit bottom, left, top
  and right (the square: lines to the four corners); five sit bottom left,
  left, top, right and bottom right (the square with its bottom shared by two
  seats, split straight down from the circle); two (hussar) sit left and right
  of the triangle, the dummy on top, its seat tinted and holding only its name
  (``dummy``, the word in the chat's language).  Seats go clockwise in the
  order the players are listed, so each player's left neighbour follows him;
* each player's zone holds, from the outside in, his whists on each opponent
  (the part nearest that opponent), his mountain (гора) and his pulka (пуля),
  each written cumulatively, every new total after the last: ``2; 4; 8.5; 10``
  (not paper's ``2.4.8.10``: a dot would read as a decimal point);
* the centre holds the target and the stake;
* with a settlement, the "4 circles" (4 кружочка) are written in: the
  equalised mountain underlined, the amnestied one doubly underlined, the
  mountain result in the first circle, the whist balance against each
  opponent circled in his column, and the final result in a double circle by
  the player's name.

All text is upright so the sheet reads on a phone; long names are shortened
with an ellipsis and long columns shrink or drop their oldest totals (never
the current one), so nothing overlaps.

How the parts fit, each importing only those above it:

* :mod:`~bot.views.picture.paper`: the sheet's width, margins and inks;
* :mod:`~bot.views.picture.text`: fonts and measuring, the number format,
  tokens, and flowing a column of running totals into a zone's regions (the
  largest size that fits, else the oldest totals left out);
* :mod:`~bot.views.picture.geometry`: the 2-, 3-, 4- and 5-seat sheets: frames,
  lines, the central circle and each player's zone;
* :mod:`~bot.views.picture.compose`: a whole sheet from a replay (and a
  settlement) laid out in that geometry, then drawn and encoded.

This module is the public face: import from here.

>>> from scoring import Game, Rules, replay
>>> r = replay(("Аня", "Боря", "Вера"), Rules(), [
...     Game.of("Аня", "6S", {"Боря": "whist", "Вера": "pass"},
...             {"Аня": 6, "Боря": 3, "Вера": 1})])
>>> [(t.kind, t.text) for t in layout_sheet(r.state.players, r.state.rules, r.steps)
...  if t.kind in ("pulka", "whists")]
[('pulka', '2'), ('whists', '8')]
>>> render_sheet(r.state.players, r.state.rules, r.steps)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from bot.views.picture.compose import (
    DrawnText,
    layout_sheet,
    render_image,
    render_sheet,
    render_sheet_async,
)
from bot.views.picture.paper import WIDTH
from bot.views.picture.text import (
    ASSETS,
    FONT_BOLD,
    FONT_REGULAR,
    SEPARATOR,
    format_money,
    format_number,
)

__all__ = [
    "ASSETS",
    "FONT_BOLD",
    "FONT_REGULAR",
    "SEPARATOR",
    "WIDTH",
    "DrawnText",
    "format_money",
    "format_number",
    "layout_sheet",
    "render_image",
    "render_sheet",
    "render_sheet_async",
]
