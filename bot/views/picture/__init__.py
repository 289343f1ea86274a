"""The pulka as a picture: the classic sheet (пулька) drawn with Pillow, no Telegram.

Every figure comes from :mod:`scoring` (a replay's steps, ``standings``, a
``Settlement``); this package only lays them out, the way players write on paper:

* three nested frames around a central circle, cut by lines to the corners; seats go
  clockwise in the order the players are listed (three: left, top, right; four: bottom
  first; five: two share the bottom; two, hussar: left and right, the dummy's seat on
  top tinted and holding only its name);
* each zone holds, from the outside in, the whists on each opponent (nearest him), the
  mountain and the pulka, each written cumulatively, the older totals struck through;
* the centre holds the target and the stake; with a settlement the "4 circles" are
  written in (the equalised and amnestied mountain underlined, the mountain result
  and the whist balances circled, the final result double-circled by the name, the
  money under it);
* a band holds who pays whom (the settlement's, or on a live sheet if the pulka
  stopped now): under the pulkas for two and three, under the sheet for four and five.
  Every figure of the settlement text is on the sheet.

All text is upright, so the sheet reads on a phone; long names are shortened and long
columns shrink or drop their oldest totals, so nothing overlaps.  The parts, each
importing only those above it: :mod:`.paper` (size, inks), :mod:`.text` (fonts,
flowing), :mod:`.geometry` (the 2- to 5-seat sheets), :mod:`.compose` (a sheet laid
out and drawn).

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
    render_sheet,
    render_sheet_async,
)
from bot.views.picture.paper import WIDTH
from bot.views.picture.text import (
    FONT_BOLD,
    FONT_REGULAR,
    SEPARATOR,
    format_money,
    format_number,
)

__all__ = [
    "FONT_BOLD",
    "FONT_REGULAR",
    "SEPARATOR",
    "WIDTH",
    "DrawnText",
    "format_money",
    "format_number",
    "layout_sheet",
    "render_sheet",
    "render_sheet_async",
]
