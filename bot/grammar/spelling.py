"""A name as it sounds, whichever alphabet it is typed in: a table that speaks Russian
or Ukrainian types ``Борис`` for the Telegram name ``Boris`` (and ``Vera`` for
``Вера``), so the grammar compares names also by their Latin sound.

No library does this small thing for both alphabets and for the many ways one name is
written in Latin letters (``Sergey``, ``Sergei``; ``Yulia``, ``Julia``, ``Iuliia``), so it
is written here: letters to their usual Latin, then the Latin spellings that differ
only in custom folded together, doubled letters made single.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: Russian and Ukrainian letters in their usual Latin (ГОСТ-like, passport-like).
_LATIN = str.maketrans(
    {
        "а": "a", "б": "b", "в": "v", "г": "g", "ґ": "g", "д": "d", "е": "e", "ё": "e",
        "є": "ie", "ж": "zh", "з": "z", "и": "i", "і": "i", "ї": "i", "й": "i", "к": "k",
        "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
        "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch",
        "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "iu", "я": "ia",
    }
)  # fmt: skip

#: Latin spellings of one sound, folded to one: Maxim/Maksim, Yulia/Julia/Iulia,
#: Khariton/Hariton, Sergey/Sergei, Dmitry/Dmitrii, Josef/Iosif's j; Ukrainian г is h in
#: Latin (Oleh, Hanna), Russian г is g (Oleg, Ganna); Yevgeny/Evgeny.  Both sides of a
#: comparison are folded alike, so "sh" becoming "sg" is harmless.
_FOLDS = (
    (re.compile("x"), "ks"),
    (re.compile("kh"), "h"),
    (re.compile("ph"), "f"),
    (re.compile("h"), "g"),
    (re.compile("w"), "v"),
    (re.compile("[jy]"), "i"),
    (re.compile("ie"), "e"),
    (re.compile(r"(.)\1+"), r"\1"),
)


@lru_cache(maxsize=4096)  # the seated names, asked for every unknown word of a deal
def sound(key: str) -> str:
    """``key`` (a name as :func:`bot.grammar.deals.fold` makes it) as it sounds in Latin.

    >>> [sound(n) for n in ("борис", "boris", "вера", "анна", "anna")]
    ['boris', 'boris', 'vera', 'ana', 'ana']
    >>> sound("сергей") == sound("sergey"), sound("юлия") == sound("julia") == sound("yulia")
    (True, True)
    >>> sound("максим") == sound("maxim"), sound("дмитрий") == sound("dmitry")
    (True, True)
    >>> sound("олег") == sound("oleh"), sound("ганна") == sound("hanna")
    (True, True)
    >>> sound("евгений") == sound("yevgeniy") == sound("evgeny"), sound("саша") == sound("sasha")
    (True, True)
    """
    text = key.translate(_LATIN)
    for pattern, to in _FOLDS:
        text = pattern.sub(to, text)
    return text


def other_alphabet(a: str, b: str) -> bool:
    """One of ``a`` and ``b`` is written in Cyrillic letters and the other is not.

    >>> other_alphabet("борис", "boris"), other_alphabet("boris", "bob")
    (True, False)
    >>> other_alphabet("аня", "юля")
    False
    """
    return _cyrillic(a) != _cyrillic(b)


def _cyrillic(text: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in text)
