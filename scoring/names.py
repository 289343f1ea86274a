"""What a player's name may hold, and when two names are one name.

One rule for the record, the calculator and the bot: a name holds no character that
shows nothing or turns the text around (so ``An\\u200bna`` and ``Anna\\u200d`` are no
names, not a second "Anna"), and two names are one when :func:`name_key` says so (NFKC,
case folded, invisible characters left out), so two seats never look alike.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

#: Bidirectional embeddings, overrides and isolates: they make a name read as another.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

#: Characters that show nothing and are no format character (Cf): the combining
#: grapheme joiner, the Hangul fillers, the Khmer inherent vowels, the Mongolian free
#: variation selectors.
_BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0")

_ZWJ = "\u200d"


def _selector(ch: str) -> bool:
    """A variation selector (VS1-VS16, VS17-VS256)."""
    o = ord(ch)
    return 0xFE00 <= o <= 0xFE0F or 0xE0100 <= o <= 0xE01EF


def _tag(ch: str) -> bool:
    """A tag character, as in the flag of Scotland (a black flag and its tags)."""
    return 0xE0020 <= ord(ch) <= 0xE007F


def _picture(ch: str) -> bool:
    """A symbol an emoji sequence is made of: an emoji or a skin tone."""
    return unicodedata.category(ch) == "So" or 0x1F3FB <= ord(ch) <= 0x1F3FF


def _unseen(ch: str) -> bool:
    """Does ``ch`` show nothing by itself (a format character, a selector, a filler)?"""
    return ch in _BLANK or _selector(ch) or unicodedata.category(ch) == "Cf"


# Remembered: every deal of a log names the same few players, and a replay reads each
# name again (a cold pulka's replay spent most of its time here).
@lru_cache(maxsize=4096)
def odd_character(text: str) -> str | None:
    """The first character a name may not hold, or None.

    Controls (a newline in a name made the calculator's error two lines), lone
    surrogates, line and paragraph separators, the bidirectional controls, and every
    character that shows nothing (format characters such as the zero width space and
    joiner, variation selectors, fillers): ``An\\u200bna`` looks exactly like ``Anna``.
    Only an emoji sequence keeps its joiners, selectors and tags, between and after
    the emoji they join.

    >>> odd_character("Анна"), odd_character("A\\tB"), odd_character("Вера\\u2028")
    (None, '\\t', '\\u2028')
    >>> odd_character("An\\u200bna"), odd_character("Anna\\u200d"), odd_character("A\\ufe0f")
    ('\\u200b', '\\u200d', '\\ufe0f')
    >>> odd_character("\\U0001f469\\u200d\\U0001f4bb")  # woman technologist
    >>> odd_character("Вера\\u2764\\ufe0f")  # a red heart, in emoji style
    """
    for i, ch in enumerate(text):
        if ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"):
            return ch
        if not _unseen(ch):
            continue
        before = text[i - 1] if i else ""
        after = text[i + 1] if i + 1 < len(text) else ""
        if _selector(ch) and ord(ch) <= 0xFE0F and before and _picture(before):
            continue  # text or emoji style of the symbol before
        if _tag(ch) and before and (_picture(before) or _tag(before)):
            continue  # a subdivision flag
        if ch == _ZWJ and before and after and _picture(after):
            glued = text[i - 2] if before == "\ufe0f" and i >= 2 else before
            if _picture(glued):
                continue  # joins two emoji into one
        return ch
    return None


def name_key(text: str) -> str:
    """A name as names are compared: NFKC, case folded, invisible characters left out
    and spaces made one, so that names that look alike are one name (``ＡＮＮＡ``,
    ``Anna`` and ``anna``; ``Анна`` and ``АННА``).

    >>> name_key("ＡＮＮＡ") == name_key("anna"), name_key("Анна") == name_key("АННА")
    (True, True)
    >>> name_key("An\\u200bna") == name_key(" Anna\\u200d ")  == "anna"
    True
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    return " ".join("".join(ch for ch in folded if not _unseen(ch)).split())
