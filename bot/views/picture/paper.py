"""The paper: the sheet's size, margins and inks, and the shapes of boxes and regions.

Shared by every part of the picture, so none of them imports another just for a
constant.
"""

from __future__ import annotations

#: Output width in pixels (Telegram's photo size is at most 1280 on a side).
WIDTH = 1280
MARGIN = 16
TITLE_HEIGHT = 64
SCALE = 2  # supersampling of lines and circles

RGB = tuple[int, int, int]
PAPER: RGB = (253, 251, 244)
GRID: RGB = (118, 134, 160)
INK: RGB = (24, 34, 58)
MUTED: RGB = (104, 112, 128)
PLUS: RGB = (12, 104, 48)
MINUS: RGB = (168, 24, 30)
SUIT_RED: RGB = (196, 30, 40)
#: The hussar sheet's dummy seat (and the players' bands on it): nothing is written there.
DUMMY_TINT: RGB = (238, 235, 224)

#: A drawn text's pixel box (x0, y0, x1, y1).
Box = tuple[int, int, int, int]
#: A region text flows into (x0, y0, x1, y1), in fractional pixels.
Rect = tuple[float, float, float, float]
