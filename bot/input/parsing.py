"""Reading command arguments: ``/deal`` in every accepted form, ``/correct`` and ``/newpulka``.

The words of every language of the bot are accepted in any chat: Russian
(вист, пас, полвиста, мизер, распасы), Ukrainian (віст, пас, піввіста, мізер,
розпаси) and English (whist, pass, half, misere/misère, raspasy/all-pass).
Contracts are a level 6-10 and a suit: ♠♣♦♥, s c d h, п т б ч, and no-trumps
as nt or бк (``7ч``, ``6бк``, ``8♠``; ``7 ч`` and the suit's name, ``7 черви``,
``7 hearts``, also do).

Counts may be left out where the deal implies them: ``Anna 7ч ровно Boris вист``
(also ``+1``, ``-1``, ``без одной``, ``down 1``; the lone whister takes the rest),
``Anna 10бк Boris пас Vera пас``, ``Anna 6п Boris пас Vera пол-виста``, and raspasy
in seat order, ``распасы 3 2 5``; misère reads ``мизер Boris 0`` and ``Boris мизер
чистый`` too.  The forms that ask the seating (four and five players) take the sheet
as ``state``.  Hussar (two players and a dummy) has one defender, who may go unnamed:
``Anna 7ч вист 7`` (the declarer's tricks after the answer), ``Anna 6п пас``,
``распасы 3 5`` (the dummy took the rest).

The parser only recognises words and names players; whether the deal can be
written is the engine's call (:func:`scoring.play`).  Every problem is a
:class:`ParseError` whose ``key`` names a message in :mod:`bot.views.texts`.

>>> from bot.store.db import PlayerRow
>>> seats = [PlayerRow(0, "Anna", 1, "anna"), PlayerRow(1, "Boris", 2, None),
...          PlayerRow(2, "Vera", None, None)]
>>> parse_deal("Anna 7h 7 Boris whist 2 Vera pass 1", seats).contract.pretty()
'7♥'
>>> parse_deal("распасы 1 3 2 2 3 5", seats).trick_map
{'Anna': 3, 'Boris': 2, 'Vera': 5}
>>> parse_deal("Anna 6 бк 6 Boris пас 4 Vera піввіста 0", seats).contract
Contract(level=6, suit=<Suit.NO_TRUMPS: 'NT'>)
>>> parse_deal("Anna 7 червей без одной Boris вистует", seats).trick_map
{'Anna': 6, 'Boris': 4, 'Vera': 0}
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from bot.store.db import PlayerRow
from scoring import (
    Contract,
    Correction,
    Deal,
    Game,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    ScoringError,
    seating,
)
from scoring.record import odd_character

RASPASY_WORDS = frozenset(
    {
        "raspasy",
        "raspas",
        "rasp",
        "allpass",
        "all-pass",
        "all_pass",  # English
        "распасы",
        "распас",
        "расп",  # Russian
        "розпаси",
        "розпас",
        "розп",  # Ukrainian
    }
)
MISERE_WORDS = frozenset({"misere", "misère", "miser", "мизер", "миз", "мізер", "міз"})
CHOICE_WORDS = {
    "whist": "whist",
    "whists": "whist",
    "w": "whist",
    "вист": "whist",
    "висты": "whist",
    "вистую": "whist",
    "вистует": "whist",
    "в": "whist",
    "віст": "whist",
    "вісти": "whist",
    "вістую": "whist",
    "вістує": "whist",
    "pass": "pass",
    "passes": "pass",
    "p": "pass",
    "пас": "pass",
    "пасую": "pass",
    "пасует": "pass",
    "пасує": "pass",
    "п": "pass",
    "half": "half",
    "halfwhist": "half",
    "half-whist": "half",
    "h": "half",
    "полвиста": "half",
    "пол-виста": "half",
    "полвист": "half",
    "пол-вист": "half",
    "пв": "half",
    "піввіста": "half",
    "пів-віста": "half",
    "піввіст": "half",
    "пів": "half",
}
#: Suits by name and by the letters players write (the engine reads the letters).
SUIT_WORDS = {
    "s": "S",
    "spade": "S",
    "spades": "S",
    "п": "S",
    "пик": "S",
    "пики": "S",
    "пика": "S",
    "пік": "S",
    "піки": "S",
    "піка": "S",
    "c": "C",
    "club": "C",
    "clubs": "C",
    "т": "C",
    "тр": "C",
    "треф": "C",
    "трефы": "C",
    "трефи": "C",
    "трефа": "C",
    "к": "C",
    "кр": "C",
    "крести": "C",
    "кресты": "C",
    "крестей": "C",
    "хрест": "C",
    "хрести": "C",
    "d": "D",
    "diamond": "D",
    "diamonds": "D",
    "б": "D",
    "бубен": "D",
    "бубей": "D",
    "бубны": "D",
    "бубни": "D",
    "бубна": "D",
    "бубон": "D",
    "h": "H",
    "heart": "H",
    "hearts": "H",
    "ч": "H",
    "черв": "H",
    "червей": "H",
    "червы": "H",
    "черви": "H",
    "черва": "H",
    "чирв": "H",
    "чирви": "H",
    "чирва": "H",
    "nt": "NT",
    "бк": "NT",
    "б/к": "NT",
    "notrump": "NT",
    "notrumps": "NT",
    "no-trump": "NT",
    "no-trumps": "NT",
    "♠": "S",
    "♣": "C",
    "♦": "D",
    "♥": "H",
}
#: No-trumps in two words after the level: ``6 без козыря``, ``6 no trumps``.
NO_TRUMP_WORDS = frozenset(
    {
        ("без", "козыря"),
        ("без", "козырей"),
        ("без", "козиря"),
        ("без", "козирів"),
        ("no", "trump"),
        ("no", "trumps"),
    }
)
#: The declarer's result in words, instead of a count of tricks: exactly the
#: contract (``ровно``), over (``+1``) or down (``-1``, ``без одной``, ``down 1``).
EXACT_WORDS = frozenset({"ровно", "рівно", "exactly", "made", "="})
OVER_RE = re.compile(r"\+([1-9])")
DOWN_RE = re.compile(r"[-\u2212\u2013]([1-9]|10)")
DOWN_WORDS = frozenset({"без", "down", "minus", "минус", "мінус"})
COUNT_WORDS = {
    "одной": 1,
    "одну": 1,
    "одна": 1,
    "однієї": 1,
    "одної": 1,
    "one": 1,
    "двух": 2,
    "две": 2,
    "двох": 2,
    "дві": 2,
    "two": 2,
    "трёх": 3,
    "трех": 3,
    "три": 3,
    "трьох": 3,
    "three": 3,
    "четырёх": 4,
    "четырех": 4,
    "чотирьох": 4,
    "four": 4,
    "пяти": 5,
    "п'яти": 5,
    "five": 5,
}
#: A misère without a trick, in words: ``Борис мизер чистый``.
CLEAN_WORDS = frozenset({"чистый", "чисто", "чистая", "чистий", "чиста", "clean"})
VARIANT_WORDS = {
    "sochi": "sochi",
    "сочи": "sochi",
    "сочинка": "sochi",
    "сочі": "sochi",
    "leningrad": "leningrad",
    "ленинград": "leningrad",
    "ленинградка": "leningrad",
    "ленінград": "leningrad",
    "ленінградка": "leningrad",
    "piter": "leningrad",
    "питер": "leningrad",
    "пітер": "leningrad",
    "rostov": "rostov",
    "ростов": "rostov",
    "ростовка": "rostov",
}
#: ``/newpulka`` words naming what follows: ``до 20`` the target, ``по 0.5`` the stake.
TARGET_WORDS = frozenset({"до", "to", "target"})
STAKE_WORDS = frozenset({"по", "at", "stake"})
NAMING_WORDS = TARGET_WORDS | STAKE_WORDS
#: Words choosing the table size, for ``/newpulka``, ``/calc`` and ``/cost`` alike: two
#: (hussar, with a dummy) to five.  Without one ``/newpulka`` seats three or four
#: (bot.store.tables.UNCHOSEN).  Apostrophes are read as ``'`` (:func:`size_word`).
SIZE_WORDS = {
    **dict.fromkeys(
        ("вдвоём", "вдвоем", "двоих", "гусарик", "удвох", "вдвох", "двох", "two", "hussar"), 2
    ),
    **dict.fromkeys(("втроём", "втроем", "троих", "утрьох", "втрьох", "трьох", "three"), 3),
    **dict.fromkeys(("вчетвером", "четверых", "учотирьох", "вчотирьох", "чотирьох", "four"), 4),
    **dict.fromkeys(("впятером", "пятерых", "уп'ятьох", "вп'ятьох", "п'ятьох", "five"), 5),
    **{f"{n}p": n for n in range(2, 6)},
    **{f"{n}-player": n for n in range(2, 6)},
}
#: ``/score`` arguments asking for the text table instead of the picture.
TEXT_WORDS = frozenset({"text", "txt", "t", "текст", "т"})
#: Usage hints a :class:`ParseError` can ask for (the messages ``form_{form}``).
FORMS = ("all", "game", "misere", "raspasy", "newpulka", "correction")
#: What a new name may be: one word, not a number, not a command word.
NAME_RE = re.compile(r"^[^\s@/<>&\d][^\s<>&]{0,23}$")
RESERVED = RASPASY_WORDS | MISERE_WORDS | set(CHOICE_WORDS) | EXACT_WORDS | CLEAN_WORDS
#: Numbers are ASCII digits of bounded length, never ``str.isdigit()`` + ``int()``:
#: ``isdigit()`` is true for ``²`` and ``①``, which ``int()`` then refuses (a crash),
#: and ``int()`` reads ``٣`` and ``３`` as 3, which players could not read back.
SEAT_RE = re.compile(r"[0-9]{1,2}")
TRICKS_RE = re.compile(r"[0-9]{1,2}")
LEVEL_RE = re.compile(r"[0-9]{1,2}")
TARGET_RE = re.compile(r"[0-9]{1,5}")
STAKE_RE = re.compile(r"[0-9]{1,9}(?:\.[0-9]{0,4})?|\.[0-9]{1,4}")
#: A player's word shown back in an error is cut to this many characters: Fluent
#: renders a placeable longer than about 2,500 characters as ``{???}``.
TOKEN_LIMIT = 40


class ParseError(ValueError):
    """Input the bot cannot accept; ``key`` and ``params`` select the message.

    ``form`` says which usage hint to show (``game``, ``misere``, ``raspasy``,
    ``newpulka`` ...).
    """

    def __init__(self, key: str, form: str = "", **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.form = form
        token = params.get("token")
        if isinstance(token, str) and len(token) > TOKEN_LIMIT:
            params["token"] = token[: TOKEN_LIMIT - 1] + "…"
        self.params = params


def tokens(text: str) -> list[str]:
    """Words of a command's arguments (commas count as spaces)."""
    return text.replace(",", " ").replace(";", " ").split()


def find_player(players: Sequence[PlayerRow], token: str) -> PlayerRow | None:
    """A player named by name (any case), @username, or seat number (1-based)."""
    word = token.strip()
    if SEAT_RE.fullmatch(word):
        seat = int(word) - 1
        return next((p for p in players if p.seat == seat), None)
    key = word.casefold()
    if key.startswith("@"):
        handle = key[1:]
        return next((p for p in players if p.username and p.username.casefold() == handle), None)
    by_name = next((p for p in players if p.name.casefold() == key), None)
    if by_name is not None:
        return by_name
    return next((p for p in players if p.username and p.username.casefold() == key), None)


def _player(players: Sequence[PlayerRow], token: str, form: str) -> str:
    p = find_player(players, token)
    if p is None:
        raise ParseError(
            "unknown_player", form, token=token, players=", ".join(x.name for x in players)
        )
    return p.name


def parse_contract(token: str) -> Contract:
    """A contract as players write it: ``7ч``, ``6бк``, ``8♠``, ``10nt``, ``7черви``.

    >>> str(parse_contract("6бк")), str(parse_contract("7Ч")), str(parse_contract("9hearts"))
    ('6NT', '7H', '9H')
    """
    if not LEVEL_RE.match(token.strip()):
        # Checked here: the engine's Contract.parse trusts isdigit() (see SEAT_RE).
        raise ParseError("bad_contract", "game", token=token)
    try:
        return Contract.parse(token)
    except ScoringError:
        pass
    word = token.strip().casefold()
    digits = word[:2] if word[:2] == "10" else word[:1]
    suit = SUIT_WORDS.get(word[len(digits) :].strip(" .-"))
    if suit is None:
        raise ParseError("bad_contract", "game", token=token)
    try:
        return Contract.parse(digits + suit)
    except ScoringError:
        raise ParseError("bad_contract", "game", token=token) from None


def _tricks(token: str | None, form: str, who: str) -> int:
    if token is None:
        raise ParseError("missing_tricks", form, name=who)
    if not TRICKS_RE.fullmatch(token) or not 0 <= int(token) <= 10:
        raise ParseError("bad_tricks", form, token=token, name=who)
    return int(token)


def _distinct(names: list[str], form: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ParseError("player_twice", form, name=name)
        seen.add(name)


def _sum_ten(tricks: dict[str, int], form: str) -> None:
    total = sum(tricks.values())
    if total != 10:
        raise ParseError("tricks_sum", form, total=total)


#: The message of a wrong count of players named, by table size.
_TABLE_COUNT = {2: "table_count2", 3: "table_count", 4: "table_count4", 5: "table_count5"}


def _at_table(n: int, named: int, form: str) -> None:
    if named != seating.playing(n):
        raise ParseError(_TABLE_COUNT.get(n, "table_count"), form, count=named)


def parse_deal(text: str, players: Sequence[PlayerRow], state: PulkaState | None = None) -> Deal:
    """A deal from ``/deal`` arguments, players resolved to their seated names.

    ``state`` is the sheet the deal is written on: the forms that leave a count
    out ask it who sits out (four players) and what half-whist writes.  Every
    form, with the count it implies, is in the table of ``tests/test_typed_forms.py``.
    """
    words = tokens(text)
    if not words:
        raise ParseError("deal_empty", "all")
    n = len(players)
    head = words[0].casefold()
    if head in RASPASY_WORDS:
        return _raspasy(words[1:], players, n, state)
    if head in MISERE_WORDS and len(words) > 1:
        words = [words[1], words[0], *words[2:]]  # "мизер Борис 0"
    if len(words) < 2:
        if find_player(players, words[0]) is None:
            raise ParseError(
                "unknown_player", "all", token=words[0], players=", ".join(x.name for x in players)
            )
        raise ParseError("deal_short", "all")
    declarer = _player(players, words[0], "all")
    if len(words) > 3 and LEVEL_RE.fullmatch(words[1]) and _no_trumps(words[2], words[3]):
        words = [words[0], words[1] + "nt", *words[4:]]  # "6 без козыря"
    elif (
        len(words) > 2
        and LEVEL_RE.fullmatch(words[1])
        and words[2].casefold() in SUIT_WORDS
        and not LEVEL_RE.fullmatch(words[2])
    ):
        # "7 ч", "6 бк", "6 пик": the level and the suit written apart.
        words = [words[0], words[1] + words[2], *words[3:]]
    second = words[1].casefold()
    if second in MISERE_WORDS:
        if len(words) > 3:
            raise ParseError("misere_extra", "misere")
        if len(words) > 2 and words[2].casefold() in CLEAN_WORDS:
            return Misere(declarer, 0)
        return Misere(declarer, _tricks(words[2] if len(words) > 2 else None, "misere", declarer))
    contract = parse_contract(words[1])
    if n == 2:
        return _hussar(words, declarer, contract, players, state)
    if len(words) == 2:
        raise ParseError("missing_tricks", "game", name=declarer)
    declarer_tricks, i = _result(words, 2, contract.level, declarer, players)
    start = i
    defence: dict[str, str] = {}
    counts: dict[str, int | None] = {}
    names = [declarer]
    while i < len(words):
        if len(defence) == 2:
            raise ParseError("defenders_form", "game", count=len(words) - start)
        who = _player(players, words[i], "game")
        if who == declarer:
            raise ParseError("declarer_defends", "game", name=who)
        if i + 1 >= len(words):
            raise ParseError("defenders_form", "game", count=len(words) - start)
        choice = CHOICE_WORDS.get(words[i + 1].casefold())
        if choice is None:
            raise ParseError("bad_choice", "game", token=words[i + 1], name=who)
        names.append(who)
        _distinct(names, "game")
        defence[who] = choice
        i += 2
        counts[who] = None
        # A count, or a bad one; a player's name (or a seat with a choice) is the next defender.
        if (
            i < len(words)
            and not _seat_before_choice(words, i)
            and (TRICKS_RE.fullmatch(words[i]) or find_player(players, words[i]) is None)
        ):
            counts[who] = _tricks(words[i], "game", who)
            i += 1
    given = {k: v for k, v in counts.items() if v is not None}
    if given:
        # Counts written: all three of them, as ever.
        if len(given) != 2:
            raise ParseError("defenders_form", "game", count=len(words) - start)
        if declarer_tricks is None:
            raise ParseError("missing_tricks", "game", name=declarer)
        tricks = {declarer: declarer_tricks, **given}
        _sum_ten(tricks, "game")
        return Game.of(declarer, contract, defence, tricks)
    if not defence:
        raise ParseError("defenders_form", "game", count=0)
    if len(defence) == 1:
        ((named, choice),) = defence.items()
        if choice == "pass":
            raise ParseError("name_both", "game")
        defence[_other_defender(players, declarer, named, state)] = "pass"
    return _implied(declarer, contract, defence, declarer_tricks, state)


def _hussar(
    words: list[str],
    declarer: str,
    contract: Contract,
    players: Sequence[PlayerRow],
    state: PulkaState | None,
) -> Game:
    """Hussar's game: the one defender's answer, named or not, and the declarer's tricks.

    ``Anna 7ч вист 7``, ``Anna 7ч 7 Boris вист``, ``Anna 7ч ровно вист``,
    ``Anna 7ч Boris вист 3`` (a count after a named defender's answer is his, the
    dummy's included, as with three), ``Anna 6п пас``.  The defence's tricks are
    written to the opponent, who plays the dummy.  A pass is not played out (the
    declarer is written his contract) unless the dummy whists (``dummy_whist``):
    then the tricks are asked as for a whist.
    """
    level = contract.level
    opponent = next(p.name for p in players if p.name != declarer)
    i, took = 2, None
    if i < len(words) and words[i].casefold() not in CHOICE_WORDS:
        word = words[i]
        # A count, unless it is the opponent's seat before his answer (``2 вист``).
        seat = _seat_before_choice(words, i) and find_player(players, word) is not None
        if TRICKS_RE.fullmatch(word) and not seat:
            took, i = _tricks(word, "game", declarer), i + 1
        else:
            took, i = _result(words, i, level, declarer, players)
    named = False
    if i < len(words) and words[i].casefold() not in CHOICE_WORDS:
        who = _player(players, words[i], "game")
        if who == declarer:
            raise ParseError("declarer_defends", "game", name=who)
        named, i = True, i + 1
    if i >= len(words):
        raise ParseError("hussar_form", "game")
    choice = CHOICE_WORDS.get(words[i].casefold())
    if choice is None:
        raise ParseError("bad_choice", "game", token=words[i], name=opponent)
    i += 1
    defence_took: int | None = None
    if i < len(words):
        if named or took is not None:
            defence_took, i = _tricks(words[i], "game", opponent), i + 1
        else:
            took, i = _result(words, i, level, declarer, players)
            if took is None:
                raise ParseError("bad_tricks", "game", token=words[i], name=declarer)
    if i < len(words):
        raise ParseError("hussar_form", "game")
    if defence_took is not None:
        if took is not None:
            _sum_ten({declarer: took, opponent: defence_took}, "game")
        took = 10 - defence_took
    # Half-whist is refused by the engine (``half_hussar``), not asked a count here.
    dummy_whists = state is not None and state.rules.dummy_whist
    played = choice == "whist" or (choice == "pass" and dummy_whists)
    if took is None:
        if played:
            raise ParseError("missing_result", "game", name=declarer)
        took = level
    return Game.of(declarer, contract, {opponent: choice}, {declarer: took, opponent: 10 - took})


def _no_trumps(first: str, second: str) -> bool:
    return (first.casefold(), second.casefold()) in NO_TRUMP_WORDS


def _seat_before_choice(words: list[str], i: int) -> bool:
    """Is the number at ``i`` a seat (``2 вист``), not a count of tricks?"""
    return i + 1 < len(words) and words[i + 1].casefold() in CHOICE_WORDS


def _result(
    words: list[str], i: int, level: int, declarer: str, players: Sequence[PlayerRow]
) -> tuple[int | None, int]:
    """The declarer's tricks at ``words[i]``: a count, ``ровно``, ``+1``, ``-1``,
    ``без одной``; None when the next word names a defender.  Returns the index after."""
    word = words[i].casefold().replace("\u2212", "-")
    if TRICKS_RE.fullmatch(word) and not _seat_before_choice(words, i):
        return _tricks(word, "game", declarer), i + 1
    if word in EXACT_WORDS:
        return level, i + 1
    try:
        by, after = relative_result(words, i)
    except BadCount:
        token = f"{words[i]} {words[i + 1]}"
        raise ParseError("bad_tricks", "game", token=token, name=declarer) from None
    if by is not None:
        if not 0 <= level + by <= 10:
            raise ParseError("bad_tricks", "game", token=words[i], name=declarer)
        return level + by, after
    if find_player(players, words[i]) is None and not _seat_before_choice(words, i):
        raise ParseError("bad_tricks", "game", token=words[i], name=declarer)
    return None, i


class BadCount(ValueError):
    """``без`` followed by a word that is no count (``без козыря`` is read earlier)."""


def relative_result(words: Sequence[str], i: int) -> tuple[int | None, int]:
    """The declarer's result at ``words[i]`` relative to the contract (``+1``, ``-1``,
    ``без одной``, ``down 2``) and the index after it; (None, i + 1) if it is none of
    those.  :class:`BadCount` when ``без`` is followed by a word that is no count."""
    word = words[i].casefold().replace("\u2212", "-")
    over, down = OVER_RE.fullmatch(word), DOWN_RE.fullmatch(word)
    if over is not None:
        return int(over.group(1)), i + 1
    if down is not None:
        return -int(down.group(1)), i + 1
    if word in DOWN_WORDS and i + 1 < len(words):
        count = words[i + 1].casefold()
        n = int(count) if TRICKS_RE.fullmatch(count) else COUNT_WORDS.get(count)
        if n is None:
            raise BadCount(count)
        return -n, i + 2
    return None, i + 1


def _other_defender(
    players: Sequence[PlayerRow], declarer: str, named: str, state: PulkaState | None
) -> str:
    """The defender not named: with three the third player, with four the one the
    seating puts at the table (:func:`scoring.seating.table`)."""
    names = [p.name for p in players]
    rest = [x for x in names if x not in (declarer, named)]
    if len(rest) == 1:
        return rest[0]
    if state is None:
        raise ParseError("name_both", "game")
    seats = state.next_table
    decl = names.index(declarer)
    if not seats.can_declare(decl):
        raise ParseError("name_both", "game")
    pair = [names[s] for s in seats.defenders(decl)]
    if named not in pair:
        raise ParseError("name_both", "game")
    return next(x for x in pair if x != named)


def _implied(
    declarer: str,
    contract: Contract,
    defence: dict[str, str],
    declarer_tricks: int | None,
    state: PulkaState | None,
) -> Game:
    """A game written without the defenders' counts: they follow from the defence.

    Both pass: nobody plays it out, the declarer is written his contract.
    Pass and half-whist: not played either; the half-whister takes what
    :func:`scoring.seating.half_whist_tricks` says (where half-whist is not
    possible here the engine says why).  One whister: he takes every trick the
    declarer did not; the passer's count is written nowhere on the sheet.
    Two whisters: their split is not known, so it must be written.
    """
    level = contract.level
    choices = list(defence.values())
    whisters = [w for w, c in defence.items() if c == "whist"]
    if len(whisters) == 2:
        raise ParseError("whisters_counts", "game")
    first, second = defence
    if "half" in choices:
        half = None if state is None else seating.half_whist_tricks(state.rules, level)
        took = level if declarer_tricks is None else declarer_tricks
        halver = second if defence[second] == "half" else first
        other = first if halver == second else second
        share = min(half or 0, 10 - took)
        tricks = {declarer: took, halver: share, other: 10 - took - share}
    elif whisters:
        if declarer_tricks is None:
            raise ParseError("missing_result", "game", name=declarer)
        other = first if whisters[0] == second else second
        tricks = {declarer: declarer_tricks, whisters[0]: 10 - declarer_tricks, other: 0}
    else:
        took = level if declarer_tricks is None else declarer_tricks
        tricks = {declarer: took, first: 10 - took, second: 0}
    return Game.of(declarer, contract, defence, tricks)


def _raspasy(
    words: list[str], players: Sequence[PlayerRow], n: int, state: PulkaState | None
) -> Raspasy:
    numbers = all(TRICKS_RE.fullmatch(w) for w in words)
    if len(words) == seating.playing(n) and numbers:
        return _raspasy_in_order(words, players, n, state)
    if words and numbers and len(words) < 2 * seating.playing(n):
        # ``распасы 3 2`` at three: tricks in seat order, one short (not seat 3 with 2).
        _at_table(n, len(words), "raspasy")
    if not words or len(words) % 2:
        raise ParseError("raspasy_form", "raspasy")
    tricks: dict[str, int] = {}
    names: list[str] = []
    for i in range(0, len(words), 2):
        who = _player(players, words[i], "raspasy")
        names.append(who)
        _distinct(names, "raspasy")
        tricks[who] = _tricks(words[i + 1], "raspasy", who)
    _at_table(n, len(names), "raspasy")
    if n != 2:  # hussar: at most 10, the dummy took the rest (the engine's check)
        _sum_ten(tricks, "raspasy")
    return Raspasy.of(tricks)


def _raspasy_in_order(
    words: list[str], players: Sequence[PlayerRow], n: int, state: PulkaState | None
) -> Raspasy:
    """``распасы 3 2 5``: the tricks of the players at the table in seat order (as on
    the sheet); with four the dealer sits out, with five the dealer and a neighbour
    (:func:`scoring.seating.table`); in hussar ``распасы 3 5``, the dummy took the rest."""
    out: tuple[int, ...] = ()
    if seating.playing(n) < n:  # someone sits out: the seating says who
        if state is None:
            raise ParseError("raspasy_form", "raspasy")
        out = state.next_table.sitting_out
    at_table = [p.name for p in sorted(players, key=lambda p: p.seat) if p.seat not in out]
    tricks = {}
    for who, word in zip(at_table, words, strict=False):
        tricks[who] = _tricks(word, "raspasy", who)
    _at_table(n, len(tricks), "raspasy")
    if n != 2:
        _sum_ten(tricks, "raspasy")
    return Raspasy.of(tricks)


@dataclass(frozen=True, slots=True)
class NewPulka:
    """``/newpulka`` arguments: variant, target, stake, currency, table size (None =
    default; a size not chosen seats three or four)."""

    variant: str = "sochi"
    target: int | None = None
    stake: Decimal | None = None
    currency: str | None = None
    seats: int | None = None

    def rules(self) -> Rules:
        """The conventions, built by :mod:`scoring` (raises ``InvalidRules``)."""
        overrides: dict[str, Any] = {}
        if self.target is not None:
            overrides["target"] = self.target
        if self.stake is not None:
            overrides["stake"] = self.stake
        if self.currency is not None:
            overrides["currency"] = self.currency
        return Rules.for_variant(self.variant, **overrides)


def parse_newpulka(text: str) -> NewPulka:
    """``[variant] [target] [stake] [currency]``, e.g. ``leningrad 50 1 EUR``; the target
    and the stake may be named, in any order: ``сочинка до 20 по 0.5``, ``sochi to 20 at 1``.

    >>> a = parse_newpulka("сочинка до 20 по 0.5")
    >>> a.variant, a.target, str(a.stake)
    ('sochi', 20, '0.5')

    A size word anywhere (``вдвоём``/``гусарик``, ``впятером``; :data:`SIZE_WORDS`):

    >>> b = parse_newpulka("впятером ленинградка до 30")
    >>> b.variant, b.target, b.seats, parse_newpulka("sochi 20 hussar").seats
    ('leningrad', 30, 5, 2)
    """
    words, seats = _size(text.split())
    variant = "sochi"
    # Anything that looks like a number (``²0`` too) is taken for the target, so that
    # it is refused as a target, not as an unknown variant.
    if words and not words[0][0].isnumeric() and words[0].casefold() not in NAMING_WORDS:
        v = VARIANT_WORDS.get(words[0].casefold())
        if v is None:
            raise ParseError("bad_variant", "newpulka", token=words[0])
        variant = v
        words = words[1:]
    named: dict[str, str] = {}
    rest: list[str] = []
    i = 0
    while i < len(words):
        word = words[i].casefold()
        if word not in NAMING_WORDS:
            rest.append(words[i])
            i += 1
            continue
        what = "target" if word in TARGET_WORDS else "stake"
        if what in named:
            raise ParseError("newpulka_extra", "newpulka", token=words[i])
        if i + 1 >= len(words):
            key = "bad_target" if what == "target" else "bad_stake"
            raise ParseError(key, "newpulka", token=words[i])
        named[what] = words[i + 1]
        i += 2
    order = [w for w in ("target", "stake") if w not in named]
    for what in order:
        if rest:
            named[what] = rest.pop(0)
    target = stake = currency = None
    if "target" in named:
        word = named["target"]
        if not TARGET_RE.fullmatch(word) or not 1 <= int(word) <= 10_000:
            raise ParseError("bad_target", "newpulka", token=word)
        target = int(word)
    if "stake" in named:
        # Decimal() alone takes "1e9", "٣" and 40 digits (which quantize() then refuses).
        word = named["stake"].replace(",", ".")
        if not STAKE_RE.fullmatch(word):
            raise ParseError("bad_stake", "newpulka", token=named["stake"])
        stake = Decimal(word)
    if rest:
        if not re.fullmatch(r"[A-Za-zА-Яа-яЁё₽€$£]{1,8}", rest[0]):
            raise ParseError("bad_currency", "newpulka", token=rest[0])
        currency = rest.pop(0).upper()
    if rest:
        raise ParseError("newpulka_extra", "newpulka", token=rest[0])
    return NewPulka(variant, target, stake, currency, seats)


def size_word(word: str) -> int | None:
    """The table size a word names (``уп’ятьох`` as ``уп'ятьох``), else None."""
    return SIZE_WORDS.get(re.sub("[’ʼ`]", "'", word.casefold()))


def _size(words: list[str]) -> tuple[list[str], int | None]:
    """``/newpulka``'s words without its size word, and the size (None: not chosen).

    A word after ``до``/``по`` is the target's or the stake's, never a size; a second
    size word is refused (``newpulka_extra``).
    """
    rest: list[str] = []
    seats: int | None = None
    for i, word in enumerate(words):
        size = None if i and words[i - 1].casefold() in NAMING_WORDS else size_word(word)
        if size is None:
            rest.append(word)
        elif seats is not None:
            raise ParseError("newpulka_extra", "newpulka", token=word)
        else:
            seats = size
    return rest, seats


#: ``/correct`` words: what an amount is written on.
CORRECTION_WORDS = {
    "pulka": "pulka",
    "pool": "pulka",
    "pula": "pulka",
    "пуля": "pulka",
    "пулька": "pulka",
    "пулю": "pulka",
    "куля": "pulka",
    "кулька": "pulka",
    "кулю": "pulka",
    "mountain": "mountain",
    "mount": "mountain",
    "гора": "mountain",
    "гору": "mountain",
    "горка": "mountain",
    "whists": "whists",
    "whist": "whists",
    "висты": "whists",
    "вист": "whists",
    "вісти": "whists",
    "віст": "whists",
}
#: Optional words between "whists" and the player: ``висты на Boris 10``.
ON_WORDS = frozenset({"on", "на"})
#: The note of a correction starts at ``—``, ``–``, ``:`` or a ``-`` standing alone.
NOTE_RE = re.compile(r"[—–:]|(?:^|(?<=\s))-(?=\s|$)")
AMOUNT_RE = re.compile(r"[+-]?[0-9]{1,6}(?:\.[0-9]{1,4})?")
NOTE_LIMIT = 200


def parse_amount(token: str) -> Fraction:
    """An amount of a correction: ``2``, ``-2``, ``+1``, ``2.5``, ``2,5``, ``−3``.

    >>> parse_amount("2,5"), parse_amount("−3")
    (Fraction(5, 2), Fraction(-3, 1))
    """
    text = token.strip().replace(",", ".").replace("\u2212", "-")
    if not AMOUNT_RE.fullmatch(text):
        raise ParseError("correction_bad_amount", "correction", token=token)
    return Fraction(text)


def parse_correction(text: str, players: Sequence[PlayerRow]) -> Correction:
    """A correction from ``/correct`` arguments: a player, then ``pulka N``,
    ``mountain N`` and/or ``whists Player N [Player N]`` in any order, then an
    optional note after ``—``, ``-`` or ``:``.

    >>> seats = [PlayerRow(0, "Anna", 1, "anna"), PlayerRow(1, "Boris", 2, None),
    ...          PlayerRow(2, "Vera", None, None)]
    >>> c = parse_correction("anna гора -2 висты boris 10 — ошибка", seats)
    >>> c.player, c.mountain, dict(c.whists), c.note
    ('Anna', Fraction(-2, 1), {'Boris': Fraction(10, 1)}, 'ошибка')
    """
    found = NOTE_RE.search(text)
    head, note = (text[: found.start()], text[found.end() :]) if found else (text, "")
    note = " ".join(note.split())[:NOTE_LIMIT]
    words = [w.rstrip(",") for w in head.replace(";", " ").split()]
    words = [w for w in words if w]
    if not words:
        raise ParseError("correction_empty", "correction")
    player = _player(players, words[0], "correction")
    amounts: dict[str, Fraction] = {}
    whists: dict[str, Fraction] = {}
    i = 1
    while i < len(words):
        word = words[i]
        field = CORRECTION_WORDS.get(word.casefold())
        if field is None:
            raise ParseError("correction_bad_word", "correction", token=word)
        if field in amounts or (field == "whists" and whists):
            raise ParseError("correction_twice", "correction", token=word)
        i += 1
        if field != "whists":
            if i >= len(words) or words[i].casefold() in CORRECTION_WORDS:
                raise ParseError("correction_missing_amount", "correction", token=word)
            amounts[field] = parse_amount(words[i])
            i += 1
            continue
        while i < len(words) and words[i].casefold() not in CORRECTION_WORDS:
            if words[i].casefold() in ON_WORDS:
                i += 1
                continue
            on = _player(players, words[i], "correction")
            if on in whists:
                raise ParseError("player_twice", "correction", name=on)
            if i + 1 >= len(words) or words[i + 1].casefold() in CORRECTION_WORDS:
                raise ParseError("correction_missing_amount", "correction", token=words[i])
            whists[on] = parse_amount(words[i + 1])
            i += 2
        if not whists:
            raise ParseError("correction_missing_amount", "correction", token=word)
    if not any(amounts.values()) and not any(whists.values()):
        raise ParseError("correction_no_amount", "correction")
    return Correction.of(player, amounts.get("pulka", 0), amounts.get("mountain", 0), whists, note)


def valid_name(name: str) -> bool:
    """Can ``name`` be a seat's name (one word, not a number or a command word)?"""
    return (
        bool(NAME_RE.match(name))
        and name.casefold() not in RESERVED
        and not name[0].isnumeric()  # "²" or "①" would read as a seat number
        and odd_character(name) is None
    )  # what a record may not hold either
