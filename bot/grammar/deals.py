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
чистый`` too.  A defender's count may follow his answer or come after all the
answers, in their order (``Boris 6ч без двух Anna вист Vera вист 2 4``; one count
there is the last defender's, ``Anna вист Vera вист 4``); once a
defender's count is written, the declarer's tricks and every defender are written
too, and what is left out follows (a passer's 0; with both whisting, the third
count).  Hussar (two players and a dummy) has one
defender, who may go unnamed: ``Anna 7ч вист 7`` (the declarer's tricks after the
answer), ``Anna 6п пас``, ``распасы 3 5`` (the dummy took the rest).

The parser only reads words and names players (:func:`read_defence` is the part
``/cost`` shares); what the words leave out is :mod:`scoring.entry`'s, on the sheet
the deal is written on (``state``: who sits out with four and five, what half-whist
writes), and whether the deal can be written is the engine's (:func:`scoring.play`).
Every problem is a :class:`ParseError` whose ``key`` names a message in
:mod:`bot.views.texts`.

>>> from bot.model import PlayerRow
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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from difflib import get_close_matches
from fractions import Fraction
from functools import lru_cache
from typing import Any, overload

from bot.grammar.spelling import sound_alike, sounds
from bot.model import ParseError, PlayerRow
from bot.model.nights import Night, Person
from scoring import (
    Choice,
    Contract,
    Correction,
    Deal,
    Game,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    ScoringError,
    entry,
    seating,
)
from scoring.names import name_key, odd_character
from scoring.record import control_character

RASPASY_WORDS = frozenset(
    {"raspasy", "raspas", "rasp", "allpass", "all-pass", "all_pass"}
    | {"распасы", "распас", "расп", "розпаси", "розпас", "розп"}
)
MISERE_WORDS = frozenset({"misere", "misère", "miser", "мизер", "миз", "мізер", "міз"})
CHOICE_WORDS = {
    **dict.fromkeys(("whist", "whists", "w", "вист", "висты", "вистую", "вистует", "в"), "whist"),
    **dict.fromkeys(("віст", "вісти", "вістую", "вістує"), "whist"),
    **dict.fromkeys(("pass", "passes", "p", "пас", "пасую", "пасует", "пасує", "п"), "pass"),
    # вист and пас typed in Latin letters, as a table without Cyrillic keys writes them.
    "vist": "whist",
    "pas": "pass",
    **dict.fromkeys(("half", "halfwhist", "half-whist", "h", "пв"), "half"),
    **dict.fromkeys(("полвиста", "пол-виста", "полвист", "пол-вист", "пол"), "half"),
    **dict.fromkeys(("піввіста", "пів-віста", "піввіст", "пів"), "half"),
}
#: Suits by name and by the letters players write (the engine reads the letters).
SUIT_WORDS = {
    **dict.fromkeys(("s", "spade", "spades", "♠", "п", "пик", "пики", "пика"), "S"),
    **dict.fromkeys(("пік", "піки", "піка"), "S"),
    **dict.fromkeys(("c", "club", "clubs", "♣", "т", "тр", "треф", "трефы", "трефи"), "C"),
    **dict.fromkeys(("трефа", "к", "кр", "крести", "кресты", "крестей", "хрест", "хрести"), "C"),
    **dict.fromkeys(("d", "diamond", "diamonds", "♦", "б", "бубен", "бубей", "бубны"), "D"),
    **dict.fromkeys(("бубни", "бубна", "бубон"), "D"),
    **dict.fromkeys(("h", "heart", "hearts", "♥", "ч", "черв", "червей", "червы"), "H"),
    **dict.fromkeys(("черви", "черва", "чирв", "чирви", "чирва"), "H"),
    **dict.fromkeys(("nt", "бк", "б/к", "notrump", "notrumps", "no-trump", "no-trumps"), "NT"),
}
#: No-trumps in two words after the level: ``6 без козыря``, ``6 no trumps``.
NO_TRUMP_WORDS = frozenset(
    {("без", w) for w in ("козыря", "козырей", "козиря", "козирів")}
    | {("no", "trump"), ("no", "trumps")}
)
#: The declarer's result in words, instead of a count of tricks: exactly the
#: contract (``ровно``), over (``+1``) or down (``-1``, ``без одной``, ``down 1``).
EXACT_WORDS = frozenset({"ровно", "рівно", "exactly", "made", "="})
OVER_RE = re.compile(r"\+([1-9])")
DOWN_RE = re.compile(r"[-\u2212\u2013]([1-9]|10)")
DOWN_WORDS = frozenset({"без", "down", "minus", "минус", "мінус"})
COUNT_WORDS = {
    **dict.fromkeys(("одной", "одну", "одна", "однієї", "одної", "одного", "one"), 1),
    **dict.fromkeys(("двух", "две", "двох", "дві", "two"), 2),
    **dict.fromkeys(("трёх", "трех", "три", "трьох", "three"), 3),
    **dict.fromkeys(("четырёх", "четырех", "чотирьох", "four"), 4),
    **dict.fromkeys(("пяти", "п'яти", "five"), 5),
}
#: A misère without a trick, in words: ``Борис мизер чистый``.
CLEAN_WORDS = frozenset({"чистый", "чисто", "чистая", "чистий", "чиста", "clean"})
VARIANT_WORDS = {
    **dict.fromkeys(("sochi", "сочи", "сочинка", "сочі"), "sochi"),
    **dict.fromkeys(
        ("leningrad", "ленинград", "ленинградка", "ленінград", "ленінградка"), "leningrad"
    ),
    **dict.fromkeys(("piter", "питер", "пітер"), "leningrad"),
    **dict.fromkeys(("rostov", "ростов", "ростовка"), "rostov"),
}
#: ``/newpulka`` words naming what follows: ``до 20`` the target, ``по 0.5`` the stake.
TARGET_WORDS = frozenset({"до", "to", "target"})
STAKE_WORDS = frozenset({"по", "at", "stake"})
NAMING_WORDS = TARGET_WORDS | STAKE_WORDS
#: ``/newpulka``'s currency written as a word or a sign (``по 0.5 гривень``, ``1 €``);
#: any other three Latin letters are taken for a currency's code (``CHF``), and any
#: other word is refused, so that ``please`` never becomes the money of a settlement.
CURRENCY_WORDS = {
    **dict.fromkeys(
        ("₽", "р", "р.", "руб", "руб.", "рубль", "рубля", "рублей", "рублів", "рублі"), "RUB"
    ),
    **dict.fromkeys(("rouble", "roubles", "ruble", "rubles"), "RUB"),
    **dict.fromkeys(("€", "евро", "євро", "euro", "euros"), "EUR"),
    **dict.fromkeys(("$", "доллар", "доллара", "долларов", "долар", "долара", "доларів"), "USD"),
    **dict.fromkeys(("dollar", "dollars", "бакс", "бакса", "баксов", "баксів"), "USD"),
    **dict.fromkeys(("₴", "грн", "грн.", "гривна", "гривны", "гривен", "гривня"), "UAH"),
    **dict.fromkeys(("гривні", "гривень", "hryvnia", "hryvnias", "hryvnas"), "UAH"),
    **dict.fromkeys(("₸", "тенге", "теньге", "tenge"), "KZT"),
    **dict.fromkeys(("£", "фунт", "фунта", "фунтов", "фунтів", "pound", "pounds"), "GBP"),
}


def currency_of(word: str) -> str | None:
    """The currency ``word`` names (``гривень`` -> UAH, ``eur`` -> EUR), or None.

    >>> currency_of("гривень"), currency_of("Eur"), currency_of("€"), currency_of("please")
    ('UAH', 'EUR', 'EUR', None)
    """
    known = CURRENCY_WORDS.get(word.casefold())
    if known is not None:
        return known
    return word.upper() if re.fullmatch(r"[A-Za-z]{3}", word) else None


#: Words choosing the table size, for ``/newpulka``, ``/calc`` and ``/cost`` alike: two
#: (hussar, with a dummy) to five.  Without one ``/newpulka`` seats three or four
#: (:data:`scoring.seating.UNCHOSEN`).  Apostrophes are read as ``'`` (:func:`size_word`).
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
#: Words a table writes after a count that say nothing the count does not ("2 взятки").
TRICK_WORDS = frozenset(
    {"взятка", "взятки", "взяток", "взятку", "trick", "tricks"}
    | {"хабар", "хабарі", "хабарів", "хабара"}
)
#: A mark jotted between a name and its answer: ``Борис - вист 3``.
DASHES = frozenset({"-", "\u2013", "\u2014"})
#: Half-whist in two words: ``пол виста``, ``пів віста``, ``half whist``.
HALF_SPLIT = {
    **dict.fromkeys((("пол", "виста"), ("пол", "вист")), "полвиста"),
    **dict.fromkeys((("пів", "віста"), ("пів", "віст")), "піввіста"),
    ("half", "whist"): "half",
}
#: ``оба пас``: the same answer of both defenders, as the wizard's button says it.
BOTH_WORDS = frozenset({"оба", "обе", "обидва", "обидві", "both"})


#: What a new name may be: one word, not a number, not a command word.
NAME_RE = re.compile(r"^[^\s@/<>&\d][^\s<>&]{0,23}$")
RESERVED = (
    RASPASY_WORDS
    | MISERE_WORDS
    | set(CHOICE_WORDS)
    | EXACT_WORDS
    | CLEAN_WORDS
    # Read past or read otherwise by :func:`tokens`: a player so named would vanish.
    | TRICK_WORDS
    | BOTH_WORDS
    | {w for pair in HALF_SPLIT for w in pair}
)
#: Numbers are ASCII digits of bounded length, never ``str.isdigit()`` + ``int()``:
#: ``isdigit()`` is true for ``²`` and ``①``, which ``int()`` then refuses (a crash),
#: and ``int()`` reads ``٣`` and ``３`` as 3, which players could not read back.
SEAT_RE = re.compile(r"[0-9]{1,2}")
TRICKS_RE = re.compile(r"[0-9]{1,2}")
LEVEL_RE = re.compile(r"[0-9]{1,2}")
TARGET_RE = re.compile(r"[0-9]{1,5}")
STAKE_RE = re.compile(r"[0-9]{1,9}(?:\.[0-9]{0,4})?|\.[0-9]{1,4}")


def tokens(text: str) -> list[str]:
    """Words of a command's arguments (commas count as spaces), as the grammar reads
    them: a trick word after a count left out (``2 взятки``, ``без одной взятки``), a
    dash before an answer too (``Борис - вист``), half-whist in two words joined (``пол
    виста``), and ``оба пас`` as each defender's ``пас``.  ``без взятки`` stays as it is:
    down six or a clean misère, it is for the reader to take or refuse, never a guess.

    >>> tokens("Анна 7ч 7 взяток, Борис - вист 2 взятки"), tokens("Анна 8п без одной взятки")
    (['Анна', '7ч', '7', 'Борис', 'вист', '2'], ['Анна', '8п', 'без', 'одной'])
    >>> tokens("Анна 6п без взятки Борис вист")
    ['Анна', '6п', 'без', 'взятки', 'Борис', 'вист']
    >>> tokens("Анна 6п 6 Вера пол виста Борис пас"), tokens("Анна 6п оба пас")
    (['Анна', '6п', '6', 'Вера', 'полвиста', 'Борис', 'пас'], ['Анна', '6п', 'пас', 'пас'])
    >>> tokens("Анна 7ч - 1 Борис вист")  # a dash before a count stays: "-1" or a slip?
    ['Анна', '7ч', '-', '1', 'Борис', 'вист']
    """
    words = text.replace(",", " ").replace(";", " ").split()
    out: list[str] = []
    for i, word in enumerate(words):
        key = word.casefold()
        after = words[i + 1].casefold() if i + 1 < len(words) else ""
        before = out[-1].casefold() if out else ""
        if key in TRICK_WORDS and _counted(before):
            continue
        if key in DASHES and after in CHOICE_WORDS:
            continue
        if (before, key) in HALF_SPLIT and out:
            out[-1] = HALF_SPLIT[before, key]
            continue
        if before in BOTH_WORDS and CHOICE_WORDS.get(key) == "pass":
            out[-1] = word
        out.append(word)
    return out


def _counted(word: str) -> bool:
    """Is ``word`` a count a trick word may follow (``7``, ``одной``, ``+1``, ``-1``)?"""
    return bool(TRICKS_RE.fullmatch(word) or word in COUNT_WORDS or OVER_RE.fullmatch(word)) or (
        DOWN_RE.fullmatch(word) is not None
    )


@lru_cache(maxsize=4096)  # the seated names, asked for every word of every deal
def fold(text: str) -> str:
    """A name as names are compared (:func:`scoring.names.name_key`: NFKC, case folded,
    invisible characters left out; ``ＡＮＮＡ``, ``Anna`` and ``anna`` are one name, and
    so are ``Анна`` and ``анна``).

    >>> fold("ＡＮＮＡ") == fold("anna"), fold("Анна") == fold("АННА")
    (True, True)
    """
    return name_key(text)


def find_player(players: Sequence[PlayerRow], token: str) -> PlayerRow | None:
    """The player a table's word names, or None: the one every command that takes a
    player's name asks (``/deal``, ``/edit``, ``/correct``).

    In this order: the seat number (1-based); an ``@username``; the name, then the
    nickname (``/nick``), then the username without ``@`` (all compared
    :func:`fold`-ed); else the start of exactly one player's name or nickname, two
    letters at least and no word of the grammar (``пас``, ``вист``, ``без``... stay
    what they are), or, typed in the other alphabet, the whole name or nickname that
    sounds the same (:func:`bot.grammar.spelling.sound`: ``Борис`` for ``Boris``).  A
    word that several players' names start or sound like is refused
    (``ambiguous_player``) naming them.

    >>> seats = [PlayerRow(0, "Анна", 1, "anna"), PlayerRow(1, "Антон", 2, None),
    ...          PlayerRow(2, "Борис", 3, None, "Боря")]
    >>> [find_player(seats, w).name for w in ("анна", "@ANNA", "2", "боря", "бор", "ант")]
    ['Анна', 'Анна', 'Антон', 'Борис', 'Борис', 'Антон']
    >>> find_player(seats, "ан")
    Traceback (most recent call last):
    bot.model.ParseError: ambiguous_player
    >>> find_player(seats, "в") is None, find_player(seats, "пас") is None
    (True, True)
    >>> latin = [PlayerRow(0, "Boris", 1, None), PlayerRow(1, "Vera", 2, None, "Verochka")]
    >>> [find_player(latin, w).name for w in ("Борис", "Вера", "верочка")]
    ['Boris', 'Vera', 'Vera']
    >>> find_player(latin, "бор") is None, find_player(latin, "Wera") is None
    (True, True)
    """
    if SEAT_RE.fullmatch(raw := token.strip()):  # ASCII digits, before NFKC makes ² a 2
        seat = int(raw) - 1
        return next((p for p in players if p.seat == seat), None)
    found, heard = _named(players, token)
    if len(found) > 1:
        # "Макс" with Max and Максим seated: no more letters make it Max; his seat does.
        if heard:
            seats = ", ".join(f"{p.name} — {p.seat + 1}" for p in found)
            raise ambiguous(token, (p.name for p in found), "ambiguous_sound", seats=seats)
        raise ambiguous(token, (p.name for p in found))
    return found[0] if found else None


def find_person(nights: Sequence[Night], token: str) -> Person | None:
    """The chat's player a word names across its settled nights, or None: what
    ``/stats Name``, ``/rating Name`` and ``/debts Name`` ask, read as
    :func:`find_player` reads a seat's word (any case, a nickname, ``@username``, a
    start, the other alphabet; a start several players share is refused), against
    every name, nickname and username a player sat under, the latest night first.  No
    seat numbers: a seat is a night's, not the chat's.

    >>> from types import SimpleNamespace as NS
    >>> boris, vera = Person("u2", "Борис", 2), Person("g:вера", "Вера")
    >>> old = NS(players=(PlayerRow(0, "Боря", 2, "bob"), PlayerRow(1, "Вера", None, None)),
    ...          people=(Person("u2", "Боря", 2), vera))
    >>> new = NS(players=(PlayerRow(0, "Борис", 2, "bob", "Бобик"),), people=(boris,))
    >>> [find_person([old, new], w).name for w in ("боря", "@BOB", "бобик", "бор", "Vera")]
    ['Борис', 'Борис', 'Борис', 'Борис', 'Вера']
    >>> find_person([old, new], "1") is None, find_person([old, new], "Глеб") is None
    (True, True)
    """
    people: dict[str, int] = {}  # a player's key: his place in ``everyone``
    everyone: list[Person] = []  # as each was called last
    rows: dict[tuple[int, str, str | None, str | None], PlayerRow] = {}
    for night in reversed(nights):
        for seat, person in zip(night.players, night.people, strict=False):
            if person.key not in people:
                people[person.key] = len(everyone)
                everyone.append(person)
            # One row per name he sat under; the row's seat tells one player from another.
            i = people[person.key]
            said = (i, seat.name, seat.nick, seat.username)
            rows.setdefault(said, PlayerRow(i, seat.name, person.user_id, seat.username, seat.nick))
    found, _ = _named(list(rows.values()), token)
    if len(found) > 1:
        raise ambiguous(token, (everyone[p.seat].name for p in found))
    return everyone[found[0].seat] if found else None


def _named(players: Sequence[PlayerRow], token: str) -> tuple[list[PlayerRow], bool]:
    """The players a word names but for the seat number, one row a seat (rows of one
    seat are one player under several names), in seat order; and whether one of them
    was heard by sound, where writing more of the name cannot tell him."""
    key = fold(token)
    handle = key.removeprefix("@")
    if not handle:
        return [], False  # "" is the nickname and username of who has none
    if key.startswith("@"):
        return [p for p in players if p.username and fold(p.username) == handle][:1], False
    for said in (_name, _nick, _username):
        found = next((p for p in players if said(p) == key), None)
        if found is not None:
            return [found], False
    if len(key) < 2 or key in NOT_NAMES:
        return [], False
    starting = [p for p in players if _name(p).startswith(key) or _nick(p).startswith(key)]
    # Typed in the other alphabet ("Борис" for Boris): a whole name or nickname that
    # sounds the same, heard beside the starts above, so "Макс" with Max and Максим
    # seated is asked about, not taken for Максим.  Never a start (a sound is looser
    # than letters: "Пётр" is no Petra), never a word that sounds like the grammar's
    # ("пасс" is a slip of "пас"), never within one alphabet (the letters spoke there).
    heard = []
    if not sounds(key) & _GRAMMAR_SOUNDS:
        heard = [
            p
            for p in players
            if p not in starting and any(sound_alike(key, n) for n in (_name(p), _nick(p)) if n)
        ]
    by_seat = {p.seat: p for p in reversed(starting + heard)}  # the first row of each seat
    return [by_seat[seat] for seat in sorted(by_seat)], bool(heard)


def _name(p: PlayerRow) -> str:
    return fold(p.name)


def _nick(p: PlayerRow) -> str:
    return fold(p.nick) if p.nick else ""


def _username(p: PlayerRow) -> str:
    return fold(p.username) if p.username else ""


def ambiguous(
    token: str, names: Iterable[str], key: str = "ambiguous_player", **params: str
) -> ParseError:
    """``«ан» — это Анна или Антон?``: ``names`` (two at least) in the order seated."""
    *first, last = names
    return ParseError(key, token=token, names=", ".join(first), last=last, **params)


def _player(players: Sequence[PlayerRow], token: str, form: str) -> str:
    p = find_player(players, token)
    if p is None:
        raise _unknown(players, token, form)
    return p.name


def _unknown(players: Sequence[PlayerRow], token: str, form: str = "game") -> ParseError:
    return ParseError(
        "unknown_player", form, token=token, players=", ".join(x.name for x in players)
    )


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
    if not TRICKS_RE.fullmatch(token) or int(token) not in entry.COUNTS:
        raise ParseError("bad_tricks", form, token=token, name=who)
    return int(token)


#: The message of a wrong count of players named, by table size.
_TABLE_COUNT = {2: "table_count2", 3: "table_count", 4: "table_count4", 5: "table_count5"}


def _at_table(n: int, named: int, form: str) -> None:
    if named != seating.playing(n):
        raise ParseError(_TABLE_COUNT.get(n, "table_count"), form, count=named)


@overload
def implied(state: PulkaState, given: entry.GivenGame, form: str = "") -> Game: ...
@overload
def implied(state: PulkaState, given: entry.GivenMisere, form: str = "") -> Misere: ...
@overload
def implied(state: PulkaState, given: entry.GivenRaspasy, form: str = "") -> Raspasy: ...
def implied(state: PulkaState, given: entry.Given, form: str = "") -> Game | Misere | Raspasy:
    """The deal ``given`` says on ``state`` (:func:`scoring.entry.complete`); what it cannot
    imply is refused as a :class:`ParseError` keyed by the refusal's code
    (:data:`scoring.entry.CODES`), shown as any word the grammar refuses; a deal that
    cannot be played at all (a pulka over) is the engine's refusal, as it stands."""
    try:
        return entry.complete(state, given)
    except ScoringError as e:
        if e.code not in entry.CODES:
            raise
        raise ParseError(e.code, form, **e.params) from None


def _sheet(
    players: Sequence[PlayerRow], state: PulkaState | None, unseated: ParseError | None = None
) -> PulkaState:
    """The sheet a deal is written on.  Without one, a new sheet of these players, unless
    the deal leaves out who sits out at four or five: then ``unseated`` is raised."""
    if state is not None:
        return state
    if unseated is not None and seating.anyone_sits_out(len(players)):
        raise unseated
    return PulkaState.new(tuple(p.name for p in sorted(players, key=lambda p: p.seat)), Rules())


def parse_deal(text: str, players: Sequence[PlayerRow], state: PulkaState | None = None) -> Deal:
    """A deal from ``/deal`` arguments, players resolved to their seated names.

    ``state`` is the sheet the deal is written on: what the forms leave out is asked of
    :mod:`scoring.entry` on it (who sits out, who defends, what half-whist writes).
    Every form, with the count it implies, is in the table of ``tests/test_typed_forms.py``.
    A refusal carries the table (its names and sheet) for the usage hint's example.
    """
    try:
        return _deal(text, players, state)
    except ParseError as e:
        e.players, e.state = tuple(p.name for p in players), state
        raise


def _deal(text: str, players: Sequence[PlayerRow], state: PulkaState | None) -> Deal:
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
        _player(players, words[0], "all")  # an unknown name is the first thing to say
        raise ParseError("deal_short", "all")
    declarer = _player(players, words[0], "all")
    if words[1].casefold() in MISERE_WORDS:
        said = [w.casefold() for w in words[2:]]
        if len(said) == 2 and said[0] == "без" and said[1] in TRICK_WORDS:
            words = [*words[:2], "чистый"]  # "мизер без взяток": not a trick taken
        if len(words) > 3:
            raise ParseError("misere_extra", "misere")
        clean = len(words) > 2 and words[2].casefold() in CLEAN_WORDS
        count = 0 if clean else _tricks(words[2] if len(words) > 2 else None, "misere", declarer)
        return implied(_sheet(players, state), entry.GivenMisere(declarer, count), "misere")
    contract, i = read_contract(words, 1)
    hussar = seating.hussar(n)
    if i == len(words) and not hussar:
        raise ParseError("missing_tricks", "game", name=declarer)
    defenders = seating.defending(n)
    read = read_defence(
        words, i, contract.level, players, declarer, defenders, named=not hussar, after=hussar
    )
    if read.end < len(words) and len(read.answers) == defenders and not hussar:
        # Every answer read, and words are left: they are what is wrong, not the answers
        # (hussar's refusal shows its own forms).
        raise ParseError("deal_extra", "game", token=words[read.end])
    if read.end < len(words) or not read.answers:
        if hussar:
            raise ParseError("hussar_form", "game")
        raise ParseError("defenders_form", "game", count=len(words) - read.start)
    named = sum(a.defender is not None for a in read.answers)
    unseated = ParseError("name_both", "game") if named < defenders else None
    sheet = _sheet(players, state, unseated)
    return implied(sheet, entry.GivenGame(declarer, contract, read.tricks, read.answers), "game")


def read_contract(words: Sequence[str], i: int) -> tuple[Contract, int]:
    """The contract at ``words[i]`` and the index after it: ``7ч``, and written apart,
    ``7 ч``, ``7 червей``, ``6 без козыря``.

    >>> read_contract(["Anna", "6", "без", "козыря", "6"], 1)
    (Contract(level=6, suit=<Suit.NO_TRUMPS: 'NT'>), 4)
    """
    word = words[i]
    if LEVEL_RE.fullmatch(word):
        after = tuple(w.casefold() for w in words[i + 1 : i + 3])
        if after in NO_TRUMP_WORDS:
            return parse_contract(word + "nt"), i + 3
        if after and after[0] in SUIT_WORDS:
            return parse_contract(word + words[i + 1]), i + 2
        if after and 6 <= int(word) <= 10:
            # The level is right: the word after it is the suit that could not be read.
            raise _bad_suit(word, words[i + 1])
    return parse_contract(word), i + 1


def _bad_suit(level: str, token: str) -> ParseError:
    """``7 червй``: the suit misspelt, with the suit word it is closest to, if one is."""
    near = get_close_matches(token.casefold(), _SUIT_NAMES, n=1, cutoff=0.7)
    if near:  # told as its symbol: "пк" is as near "пик" as "пік", and ♠ is both
        guess = parse_contract(level + SUIT_WORDS[near[0]]).pretty()
        return ParseError("bad_suit_guess", "game", level=level, token=token, guess=guess)
    return ParseError("bad_suit", "game", level=level, token=token)


#: Suit words long enough to be guessed from a slip (``ч`` or ``s`` are not).
_SUIT_NAMES = [w for w in SUIT_WORDS if len(w) >= 3 and w.isalpha()]


@dataclass(frozen=True, slots=True)
class Defence:
    """What the words after a contract say: the declarer's tricks (None: not said), the
    answers as written, the index of the first word after the result and of the first
    word not read (``len(words)``: all of them)."""

    tricks: int | None
    answers: tuple[entry.Answer, ...]
    start: int
    end: int


def read_defence(
    words: Sequence[str],
    i: int,
    level: int,
    players: Sequence[PlayerRow],
    declarer: str,
    defenders: int,
    *,
    named: bool,
    after: bool = False,
) -> Defence:
    """The declarer's result and the defenders' answers from ``words[i]`` on, the words
    ``/deal`` and ``/cost`` share::

        [RESULT] ([NAME] CHOICE [N])... [N]...

    RESULT is the declarer's tricks: a count, ``ровно``, ``+1``, ``-1``, ``без одной``.
    A count after the choices is a defender's, in the order the choices were written
    (``Аня вист 2 Вера вист 4`` is ``Аня вист Вера вист 2 4``); fewer counts than the
    answers lacking one are the last answers' (``Аня вист Вера вист 4`` is Вера's 4).
    With ``named`` each answer names its defender, and a number before a choice word
    is a seat; without, a name may be left out (``players`` empty: none can be
    written) and the answer is the next defender's.  With ``after`` (hussar's ``7ч
    вист 7``) the declarer's result may come after an answer without a name, if it did
    not come before.

    Reading stops at a word that can only be extra: an answer beyond ``defenders``, a
    count no answer lacks, a name with nothing after it.  A word that cannot be read
    where it stands is a :class:`ParseError` of the ``/deal`` form (``bad_tricks``,
    ``bad_choice``, ``unknown_player``, ``player_twice``, ``declarer_defends``), each
    with the ``token`` it stumbled on where there is one.

    >>> from bot.model import PlayerRow
    >>> seats = [PlayerRow(0, "Аня", 1, None), PlayerRow(1, "Борис", 2, None),
    ...          PlayerRow(2, "Вера", None, None)]
    >>> d = read_defence("без двух Аня вист Вера вист 2 4".split(), 0, 6, seats, "Борис", 2,
    ...                  named=True)
    >>> d.tricks, [(a.defender, a.choice.value, a.tricks) for a in d.answers]
    (4, [('Аня', 'whist', 2), ('Вера', 'whist', 4)])
    >>> d = read_defence("без одной вист вист 2 3".split(), 0, 6, (), "declarer", 2, named=False)
    >>> d.tricks, [(a.choice.value, a.tricks) for a in d.answers], d.end
    (5, [('whist', 2), ('whist', 3)], 6)
    """

    def is_name(k: int) -> bool:
        """Does ``words[k]`` name a player (a number: the seat before a choice word)?"""
        if not TRICKS_RE.fullmatch(words[k]):
            return find_player(players, words[k]) is not None
        before_choice = k + 1 < len(words) and words[k + 1].casefold() in CHOICE_WORDS
        return before_choice and (named or find_player(players, words[k]) is not None)

    def is_seat(k: int) -> bool:
        """Where the declarer's result stands, a number is his count unless a seat
        has it and a choice word follows ("6п 6 пас пас": his 6; "6п 2 пас": seat 2)."""
        return is_name(k) and find_player(players, words[k]) is not None

    tricks: int | None = None
    said = words[i].casefold() if i < len(words) else ""
    if said and not is_seat(i) and said not in CHOICE_WORDS and said not in BOTH_WORDS:
        tricks, i = _result(words, i, level, declarer)
    start = i
    answers: list[list[Any]] = []  # [choice, name or None, count or None], as written
    while i < len(words):
        word = words[i]
        lacking = next((a for a in answers if a[2] is None), None)
        full = len(answers) == defenders
        choice = CHOICE_WORDS.get(word.casefold())
        if word.casefold() in BOTH_WORDS:
            raise ParseError("both_whist_named", "game", token=word)  # whose tricks?
        if is_name(i):
            if full or i + 1 == len(words):
                break
            who = _player(players, word, "game")
            if who == declarer:
                raise ParseError("declarer_defends", "game", name=who)
            if any(a[1] == who for a in answers):
                raise ParseError("player_twice", "game", name=who)
            choice = CHOICE_WORDS.get(words[i + 1].casefold())
            if choice is None:
                raise ParseError("bad_choice", "game", token=words[i + 1], name=who)
            answers.append([choice, who, None])
            i += 2
        elif choice is not None:
            if full:
                break
            # An answer names its defender, but for both passing ("пас пас"): then it
            # does not matter who said which.
            if named and (choice != "pass" or any(a[1] is not None for a in answers)):
                raise ParseError("passes_unnamed", "game")
            answers.append([choice, None, None])
            i += 1
            if after and tricks is None and i < len(words):
                tricks, i = _result(words, i, level, declarer)
                break  # the declarer's result closes hussar's one answer
        elif TRICKS_RE.fullmatch(word) and lacking is None:
            break
        elif lacking is not None:
            if players and _name_like(word):  # a defender not at this table
                raise _unknown(players, word)
            # Counts fewer than the answers lacking one are the last answers' (``Вера
            # вист Аня вист 1`` is Аня's 1, as the page's fields write it); as many, in
            # the order of the answers.
            waiting = [a for a in answers if a[2] is None]
            run = next((k for k, w in enumerate(words[i:]) if not TRICKS_RE.fullmatch(w)), None)
            given = len(words) - i if run is None else run
            owner = waiting[max(0, len(waiting) - max(given, 1))]
            owner[2] = _tricks(word, "game", owner[1] or declarer)
            i += 1
        elif full:
            break
        else:
            raise _unknown(players, word)
    unnamed = [a for a in answers if a[1] is None]
    if named and unnamed and (len(unnamed) < defenders or any(a[2] is not None for a in unnamed)):
        raise ParseError("passes_unnamed", "game")  # "пас 1 пас 3": whose 1?
    return Defence(
        tricks, tuple(entry.Answer(Choice(c), who, t) for c, who, t in answers), start, i
    )


def _name_like(word: str) -> bool:
    """Could ``word`` be a player's name (no digit in it, no word of the grammar)?"""
    return (
        len(word) > 1
        and valid_name(word)
        and not any(ch.isdigit() for ch in word)
        and fold(word) not in NOT_NAMES
    )


def _result(words: Sequence[str], i: int, level: int, declarer: str) -> tuple[int, int]:
    """The declarer's tricks at ``words[i]`` (a count, ``ровно``, ``+1``, ``-1``,
    ``без одной``) and the index after them; anything else is ``bad_tricks``."""
    word = words[i].casefold().replace("\u2212", "-")
    if TRICKS_RE.fullmatch(word):
        return _tricks(word, "game", declarer), i + 1
    over, down = OVER_RE.fullmatch(word), DOWN_RE.fullmatch(word)
    by: int | None = None
    after = i + 1
    if word in EXACT_WORDS:
        by = 0
    elif over is not None:
        by = int(over.group(1))
    elif down is not None:
        by = -int(down.group(1))
    elif word in DOWN_WORDS and i + 1 < len(words):
        # ``без козыря`` is read as the contract before this.
        count = words[i + 1].casefold()
        n = int(count) if TRICKS_RE.fullmatch(count) else COUNT_WORDS.get(count)
        if n is None:
            token = f"{words[i]} {words[i + 1]}"
            raise ParseError("bad_tricks", "game", token=token, name=declarer)
        by, after = -n, i + 2
    tricks = None if by is None else entry.result_count(level, by)
    if tricks is None:
        raise ParseError("bad_tricks", "game", token=words[i], name=declarer)
    return tricks, after


def _raspasy(
    words: list[str], players: Sequence[PlayerRow], n: int, state: PulkaState | None
) -> Raspasy:
    """``распасы Anna 3 Boris 2 Vera 5``, or ``распасы 3 2 5``: the tricks of the players at
    the table in seat order (as on the sheet); with four the dealer sits out, with five
    the dealer and a neighbour (:mod:`scoring.entry`); in hussar ``распасы 3 5``, the
    dummy took the rest."""
    numbers = all(TRICKS_RE.fullmatch(w) for w in words)
    if len(words) == seating.playing(n) and numbers:
        sheet = _sheet(players, state, ParseError("raspasy_form", "raspasy"))
        # Named in a count's refusal: the players at the table, in seat order.
        at = [sheet.players[s] for s in sorted(sheet.next_table.at_table)]
        counts = tuple(_tricks(w, "raspasy", who) for who, w in zip(at, words, strict=True))
        return implied(sheet, entry.GivenRaspasy(counts), "raspasy")
    if numbers and len(words) == n > seating.playing(n):
        # Every seat's count in seat order, who sits out with his 0 ("распасы 0 3 2 5"
        # at four): scoring reads that 0 as no count.
        seats = sorted(players, key=lambda p: p.seat)
        counts = tuple(_tricks(w, "raspasy", p.name) for p, w in zip(seats, words, strict=True))
        given = entry.GivenRaspasy(counts, tuple(p.name for p in seats))
        return implied(_sheet(players, state), given, "raspasy")
    if words and numbers and len(words) < 2 * seating.playing(n):
        # ``распасы 3 2`` at three: tricks in seat order, one short (not seat 3 with 2).
        _at_table(n, len(words), "raspasy")
    if not words or len(words) % 2:
        raise ParseError("raspasy_form", "raspasy")
    named: list[str] = []
    tricks: list[int] = []
    for i in range(0, len(words), 2):
        who = _player(players, words[i], "raspasy")
        if who in named:
            raise ParseError("player_twice", "raspasy", name=who)
        named.append(who)
        tricks.append(_tricks(words[i + 1], "raspasy", who))
    if len(named) != n or 0 not in tricks:  # a 0 among all: maybe who sits out's
        _at_table(n, len(named), "raspasy")
    given = entry.GivenRaspasy(tuple(tricks), tuple(named))
    return implied(_sheet(players, state), given, "raspasy")


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
        given = {"target": self.target, "stake": self.stake, "currency": self.currency}
        overrides = {key: value for key, value in given.items() if value is not None}
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
    for what in ("target", "stake"):
        if what not in named and rest:
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
        currency = currency_of(rest[0])
        if currency is None:
            raise ParseError("bad_currency", "newpulka", token=rest[0])
        rest.pop(0)
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
    **dict.fromkeys(
        ("pulka", "pool", "pula", "пуля", "пулька", "пулю", "куля", "кулька", "кулю"), "pulka"
    ),
    **dict.fromkeys(("mountain", "mount", "гора", "гору", "горка"), "mountain"),
    **dict.fromkeys(("whists", "whist", "висты", "вист", "вісти", "віст"), "whists"),
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
    try:
        return _correction(text, players)
    except ParseError as e:
        e.players = tuple(p.name for p in players)  # for the usage hint's example
        raise


def _correction(text: str, players: Sequence[PlayerRow]) -> Correction:
    found = NOTE_RE.search(text)
    head, note = (text[: found.start()], text[found.end() :]) if found else (text, "")
    # Spaces and line breaks fold to one space; other control characters (a NUL) are
    # dropped, as the record refuses them in a note and /export must read back.
    note = "".join(c for c in " ".join(note.split()) if control_character(c) is None)
    note = note[:NOTE_LIMIT]
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


#: Words of the grammar, never read as the start of a name (:func:`find_player`):
#: ``в`` is whist and ``без`` a count, whoever's name starts so.
NOT_NAMES = frozenset(
    RESERVED
    | set(SUIT_WORDS)
    | DOWN_WORDS
    | set(COUNT_WORDS)
    | {w for pair in NO_TRUMP_WORDS for w in pair}
    | set(CORRECTION_WORDS)
    | ON_WORDS
    | NAMING_WORDS
    | set(SIZE_WORDS)
    | TRICK_WORDS
    | BOTH_WORDS
)
#: How the grammar's words sound (:func:`bot.grammar.spelling.sound`): a word that sounds
#: like one of them ("пасс") is a slip of that word, never a player's name.
_GRAMMAR_SOUNDS = frozenset(s for w in NOT_NAMES for s in sounds(fold(w)))
