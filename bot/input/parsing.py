"""Reading command arguments: ``/deal`` in every accepted form, ``/correct`` and ``/newpulka``.

The words of every language of the bot are accepted in any chat: Russian
(вист, пас, полвиста, мизер, распасы), Ukrainian (віст, пас, піввіста, мізер,
розпаси) and English (whist, pass, half, misere/misère, raspasy/all-pass).
Contracts are a level 6-10 and a suit: ♠♣♦♥, s c d h, п т б ч, and no-trumps
as nt or бк (``7ч``, ``6бк``, ``8♠``; ``7 ч`` and the suit's name, ``7 черви``,
``7 hearts``, also do).

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
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from bot.store.db import PlayerRow
from scoring import Contract, Correction, Deal, Game, Misere, Raspasy, Rules, ScoringError
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
    "w": "whist",
    "вист": "whist",
    "в": "whist",
    "віст": "whist",
    "pass": "pass",
    "p": "pass",
    "пас": "pass",
    "п": "pass",
    "half": "half",
    "halfwhist": "half",
    "half-whist": "half",
    "h": "half",
    "полвиста": "half",
    "пв": "half",
    "піввіста": "half",
    "пів": "half",
}
#: Suits by name and by the letters players write (the engine reads the letters).
SUIT_WORDS = {
    "s": "S",
    "spade": "S",
    "spades": "S",
    "п": "S",
    "пики": "S",
    "піки": "S",
    "пика": "S",
    "c": "C",
    "club": "C",
    "clubs": "C",
    "т": "C",
    "трефы": "C",
    "трефи": "C",
    "трефа": "C",
    "d": "D",
    "diamond": "D",
    "diamonds": "D",
    "б": "D",
    "бубны": "D",
    "бубни": "D",
    "бубна": "D",
    "h": "H",
    "heart": "H",
    "hearts": "H",
    "ч": "H",
    "червы": "H",
    "черви": "H",
    "чирви": "H",
    "черва": "H",
    "nt": "NT",
    "бк": "NT",
    "б/к": "NT",
    "notrumps": "NT",
    "no-trumps": "NT",
    "♠": "S",
    "♣": "C",
    "♦": "D",
    "♥": "H",
}
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
}
#: ``/score`` arguments asking for the text table instead of the picture.
TEXT_WORDS = frozenset({"text", "txt", "t", "текст", "т"})
#: Usage hints a :class:`ParseError` can ask for (the messages ``form_{form}``).
FORMS = ("all", "game", "misere", "raspasy", "newpulka", "correction")
#: What a new name may be: one word, not a number, not a command word.
NAME_RE = re.compile(r"^[^\s@/<>&\d][^\s<>&]{0,23}$")
RESERVED = RASPASY_WORDS | MISERE_WORDS | set(CHOICE_WORDS)
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


def _at_table(n: int, named: int, form: str) -> None:
    if named != 3:
        raise ParseError("table_count" if n == 3 else "table_count4", form, count=named)


def parse_deal(text: str, players: Sequence[PlayerRow]) -> Deal:
    """A deal from ``/deal`` arguments, players resolved to their seated names."""
    words = tokens(text)
    if not words:
        raise ParseError("deal_empty", "all")
    n = len(players)
    head = words[0].casefold()
    if head in RASPASY_WORDS:
        return _raspasy(words[1:], players, n)
    if len(words) < 2:
        if find_player(players, words[0]) is None:
            raise ParseError(
                "unknown_player", "all", token=words[0], players=", ".join(x.name for x in players)
            )
        raise ParseError("deal_short", "all")
    declarer = _player(players, words[0], "all")
    if (
        len(words) > 2
        and LEVEL_RE.fullmatch(words[1])
        and words[2].casefold() in SUIT_WORDS
        and not LEVEL_RE.fullmatch(words[2])
    ):
        # "7 ч", "6 бк": the level and the suit written apart.
        words = [words[0], words[1] + words[2], *words[3:]]
    second = words[1].casefold()
    if second in MISERE_WORDS:
        if len(words) > 3:
            raise ParseError("misere_extra", "misere")
        return Misere(declarer, _tricks(words[2] if len(words) > 2 else None, "misere", declarer))
    contract = parse_contract(words[1])
    declarer_tricks = _tricks(words[2] if len(words) > 2 else None, "game", declarer)
    rest = words[3:]
    if len(rest) != 6:
        raise ParseError("defenders_form", "game", count=len(rest))
    defence: dict[str, str] = {}
    tricks = {declarer: declarer_tricks}
    names = [declarer]
    for i in (0, 3):
        who = _player(players, rest[i], "game")
        if who == declarer:
            raise ParseError("declarer_defends", "game", name=who)
        choice = CHOICE_WORDS.get(rest[i + 1].casefold())
        if choice is None:
            raise ParseError("bad_choice", "game", token=rest[i + 1], name=who)
        names.append(who)
        _distinct(names, "game")
        defence[who] = choice
        tricks[who] = _tricks(rest[i + 2], "game", who)
    _sum_ten(tricks, "game")
    return Game.of(declarer, contract, defence, tricks)


def _raspasy(words: list[str], players: Sequence[PlayerRow], n: int) -> Raspasy:
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
    _sum_ten(tricks, "raspasy")
    return Raspasy.of(tricks)


@dataclass(frozen=True, slots=True)
class NewPulka:
    """``/newpulka`` arguments: variant, target, stake, currency (None = default)."""

    variant: str = "sochi"
    target: int | None = None
    stake: Decimal | None = None
    currency: str | None = None

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
    """``[variant] [target] [stake] [currency]``, e.g. ``leningrad 50 1 EUR``."""
    words = text.split()
    variant = "sochi"
    # Anything that looks like a number (``²0`` too) is taken for the target, so that
    # it is refused as a target, not as an unknown variant.
    if words and not words[0][0].isnumeric():
        v = VARIANT_WORDS.get(words[0].casefold())
        if v is None:
            raise ParseError("bad_variant", "newpulka", token=words[0])
        variant = v
        words = words[1:]
    target = stake = currency = None
    if words:
        if not TARGET_RE.fullmatch(words[0]) or not 1 <= int(words[0]) <= 10_000:
            raise ParseError("bad_target", "newpulka", token=words[0])
        target = int(words[0])
        words = words[1:]
    if words:
        # Decimal() alone takes "1e9", "٣" and 40 digits (which quantize() then refuses).
        text = words[0].replace(",", ".")
        if not STAKE_RE.fullmatch(text):
            raise ParseError("bad_stake", "newpulka", token=words[0])
        stake = Decimal(text)
        words = words[1:]
    if words:
        if not re.fullmatch(r"[A-Za-zА-Яа-яЁё₽€$£]{1,8}", words[0]):
            raise ParseError("bad_currency", "newpulka", token=words[0])
        currency = words[0].upper()
        words = words[1:]
    if words:
        raise ParseError("newpulka_extra", "newpulka", token=words[0])
    return NewPulka(variant, target, stake, currency)


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
