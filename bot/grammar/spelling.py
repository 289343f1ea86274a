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
        "є": "ie", "ж": "zh", "з": "z", "и": "i", "і": "\x00", "ї": "i", "й": "i", "к": "k",
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


#: Ukrainian і stands where Russian and Latin spellings of one name have e, i or o:
#: Віра/Vera, Гліб/Gleb, Ірина/Irina, Федір/Fedor.  Translated to this mark first, it
#: becomes each of the three in turn (:func:`sounds`).
_UKRAINIAN_I = "\x00"
_I_READINGS = ("i", "e", "o")


@lru_cache(maxsize=4096)  # the seated names, asked for every unknown word of a deal
def sounds(key: str) -> frozenset[str]:
    """How ``key`` (a name as :func:`bot.grammar.deals.fold` makes it) may sound in Latin:
    one spelling, or one per reading of each Ukrainian і.  Two names sound alike when
    their sets meet.

    >>> [sorted(sounds(n)) for n in ("борис", "boris", "вера", "анна", "anna")]
    [['boris'], ['boris'], ['vera'], ['ana'], ['ana']]
    >>> sounds("сергей") == sounds("sergey"), sounds("юлия") == sounds("julia") == sounds("yulia")
    (True, True)
    >>> sounds("максим") == sounds("maxim"), sounds("дмитрий") == sounds("dmitry")
    (True, True)
    >>> sounds("олег") == sounds("oleh"), sounds("ганна") == sounds("hanna")
    (True, True)
    >>> sounds("евгений") == sounds("yevgeniy") == sounds("evgeny")
    True
    >>> [bool(sounds(a) & sounds(b)) for a, b in (("віра", "vera"), ("гліб", "gleb"),
    ...     ("федір", "fedor"), ("ірина", "irina"), ("віра", "vika"))]
    [True, True, True, True, False]
    """
    text = key.translate(_LATIN)
    for pattern, to in _FOLDS:
        text = pattern.sub(to, text)
    spellings = {text}
    while any(_UKRAINIAN_I in t for t in spellings):
        spellings = {t.replace(_UKRAINIAN_I, r, 1) for t in spellings for r in _I_READINGS}
    # A reading may make a letter double ("ii"): single again, as the folds do.
    return frozenset(re.sub(r"(.)\1+", r"\1", t) for t in spellings)


def sound_alike(a: str, b: str) -> bool:
    """Do the folded names ``a`` and ``b``, in different alphabets, sound the same?"""
    return other_alphabet(a, b) and bool(sounds(a) & sounds(b))


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
