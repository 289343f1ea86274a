"""Deals (сдачи): immutable values, one per line of the pulka's protocol.

A pulka is an append-only log of these; the sheet is their replay
(:func:`scoring.engine.replay`).  Players are named as in the record.

>>> Contract.parse("7H"), str(Contract.parse("10nt")), Contract.parse("6♠").pretty()
(Contract(level=7, suit=<Suit.HEARTS: 'H'>), '10NT', '6♠')
>>> g = Game.of("Anna", "7H", {"Boris": "whist", "Vera": "pass"},
...             {"Anna": 7, "Boris": 2, "Vera": 1})
>>> g.outcome, g.whister_names
(0, ('Boris',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import TypeVar

from .errors import InvalidDeal, key_path
from .rules import Rules

T = TypeVar("T")

#: The tricks of one deal: ten, the two of the talon aside.
TRICKS = 10


class Suit(StrEnum):
    """Trump suit, in the order of rank (пики < трефы < бубны < червы < БК)."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    NO_TRUMPS = "NT"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]


_SYMBOLS = {
    Suit.SPADES: "♠",
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.HEARTS: "♥",
    Suit.NO_TRUMPS: "NT",
}
_SUIT_ALIASES = {
    "S": Suit.SPADES,
    "♠": Suit.SPADES,
    "П": Suit.SPADES,
    "ПИ": Suit.SPADES,
    "C": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "Т": Suit.CLUBS,
    "ТР": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "Б": Suit.DIAMONDS,
    "БУ": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "Ч": Suit.HEARTS,
    "ЧЕ": Suit.HEARTS,
    "NT": Suit.NO_TRUMPS,
    "N": Suit.NO_TRUMPS,
    "БК": Suit.NO_TRUMPS,
    "BK": Suit.NO_TRUMPS,
}


@dataclass(frozen=True, slots=True, order=True)
class Contract:
    """A game contract: 6 to 10 tricks in a suit or no-trumps."""

    level: int
    suit: Suit

    def __post_init__(self) -> None:
        if self.level not in (6, 7, 8, 9, 10):
            raise InvalidDeal.of("contract_level", "contract", level=self.level)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read ``7H``, ``10NT``, ``6♠``, ``8бк``, ``9ч`` (case-insensitive)."""
        raw = text.strip().upper().replace("♤", "♠").replace("♡", "♥").replace("♢", "♦")
        raw = raw.replace("♧", "♣").replace("\ufe0f", "")
        digits = raw[:2] if raw[:2] == "10" else raw[:1]
        suit = _SUIT_ALIASES.get(raw[len(digits) :].strip())
        # Compared as text, never isdigit() + int(): "²" is a digit to isdigit().
        if digits not in ("6", "7", "8", "9", "10") or suit is None:
            raise InvalidDeal.of("contract_text", "contract", text=text)
        return cls(int(digits), suit)

    def __str__(self) -> str:
        return f"{self.level}{self.suit.value}"

    def pretty(self) -> str:
        """With the suit symbol: ``7♥``, ``10NT``."""
        return f"{self.level}{self.suit.symbol}"


class Choice(StrEnum):
    """A defender's answer to a game: вист, пас or полвиста."""

    WHIST = "whist"
    PASS = "pass"
    HALF = "half"


#: Each choice by its text; a Choice is its own text, so it finds itself.
_CHOICES: dict[object, Choice] = {c.value: c for c in Choice}


def _pairs(mapping: Mapping[str, T]) -> tuple[tuple[str, T], ...]:
    return tuple(mapping.items())


@dataclass(frozen=True, slots=True)
class Game:
    """A game (игра) of ``contract`` by ``declarer``.

    ``defence`` holds each defender's choice, ``tricks`` the tricks of the three
    players at the table (the dealer sits out with four), as (name, value) pairs
    in the order given.
    """

    declarer: str
    contract: Contract
    defence: tuple[tuple[str, Choice], ...]
    tricks: tuple[tuple[str, int], ...]
    dealer: str | None = None

    @classmethod
    def of(
        cls,
        declarer: str,
        contract: str | Contract,
        defence: Mapping[str, str | Choice],
        tricks: Mapping[str, int],
        dealer: str | None = None,
    ) -> Game:
        """Build from plain mappings, as the record and the bot have them."""
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        choices = {}
        for name, choice in defence.items():
            try:
                choices[name] = _CHOICES[choice]
            except (KeyError, TypeError):  # TypeError: not even hashable
                raise InvalidDeal.of("choice", "whist", name=name, choice=choice) from None
        return cls(declarer, c, _pairs(choices), _pairs(dict(tricks)), dealer)

    @property
    def choices(self) -> dict[str, Choice]:
        return dict(self.defence)

    @property
    def trick_map(self) -> dict[str, int]:
        return dict(self.tricks)

    @property
    def declarer_tricks(self) -> int:
        return self.trick_map.get(self.declarer, 0)

    @property
    def whister_names(self) -> tuple[str, ...]:
        return tuple(n for n, c in self.defence if c is Choice.WHIST)

    @property
    def whisted(self) -> bool:
        """Did anyone whist (or half-whist)?  If not, nobody plays it out."""
        return any(c is not Choice.PASS for _, c in self.defence)

    @property
    def outcome(self) -> int:
        """Declarer's tricks over (+) or under (-) the contract; 0 is exactly."""
        return self.result()

    def played_out(self, rules: Rules | None = None) -> bool:
        """Was it played out: someone whisted, or in hussar the dummy "whisted" for a
        pass (``rules.dummy_whist``)?  If not, it is written as made unplayed."""
        return self.whisted or (rules is not None and rules.dummy_whist and len(self.defence) == 1)

    def result(self, rules: Rules | None = None) -> int:
        """:attr:`outcome` under ``rules`` (a hussar pass is played out with ``dummy_whist``).

        >>> g = Game.of("A", "7S", {"B": "pass"}, {"A": 5, "B": 5})
        >>> g.result(), g.result(Rules(dummy_whist=True))
        (0, -2)
        """
        if not self.played_out(rules):
            return 0
        return self.declarer_tricks - self.contract.level


@dataclass(frozen=True, slots=True)
class Misere:
    """A misère (мизер): the declarer must take no trick."""

    declarer: str
    tricks: int
    dealer: str | None = None

    @property
    def made(self) -> bool:
        return self.tricks == 0


@dataclass(frozen=True, slots=True)
class Raspasy:
    """All pass (распасы): everyone plays to take as few tricks as possible."""

    tricks: tuple[tuple[str, int], ...]
    dealer: str | None = None

    @classmethod
    def of(cls, tricks: Mapping[str, int], dealer: str | None = None) -> Raspasy:
        return cls(_pairs(dict(tricks)), dealer)

    @property
    def trick_map(self) -> dict[str, int]:
        return dict(self.tricks)


@dataclass(frozen=True, slots=True)
class Correction:
    """Points written straight onto the sheet (a house rule, a fix), with a note.

    ``whists`` are what ``player`` writes on the others; amounts may be negative.
    """

    player: str
    pulka: Fraction = Fraction(0)
    mountain: Fraction = Fraction(0)
    whists: tuple[tuple[str, Fraction], ...] = ()
    note: str = ""

    def __post_init__(self) -> None:
        # Bounded like a paper sheet's amounts, whoever builds it (the record, /correct).
        check_amount(self.pulka, "pulka")
        check_amount(self.mountain, "mountain")
        for name, amount in self.whists:
            check_amount(amount, key_path("whists", name))

    @classmethod
    def of(
        cls,
        player: str,
        pulka: Fraction | int = 0,
        mountain: Fraction | int = 0,
        whists: Mapping[str, Fraction | int] | None = None,
        note: str = "",
    ) -> Correction:
        w = {k: Fraction(v) for k, v in (whists or {}).items()}
        return cls(player, Fraction(pulka), Fraction(mountain), _pairs(w), note)


Deal = Game | Misere | Raspasy | Correction


#: The largest amount, either sign, that a correction or a paper sheet writes in
#: one place (points or whists).  A whole evening writes a few hundred; the bound
#: keeps every sum of the settlement small and exact, where 1e26 or 10**5000
#: used to break the money's arithmetic.
MAX_AMOUNT = 1_000_000
#: Decimals an amount may have: paper writes halves, and thirds as 13.33 or
#: 13.333; four is also what ``/correct`` reads.
AMOUNT_DECIMALS = 4


def check_amount(value: int | Fraction | Decimal, path: str = "") -> None:
    """Refuse an amount no sheet holds: beyond :data:`MAX_AMOUNT` or too finely divided.

    >>> check_amount(Fraction(1333, 100)), check_amount(Decimal("-1000000"))
    (None, None)
    >>> check_amount(Decimal("1e300"), "mountain")
    Traceback (most recent call last):
    ...
    scoring.errors.InvalidDeal: mountain: an amount must be from -1000000 to 1000000
    >>> check_amount(Fraction(1, 3), "pulka")
    Traceback (most recent call last):
    ...
    scoring.errors.InvalidDeal: pulka: an amount may have at most 4 decimals
    """
    # Compared exactly, and decimals counted from the digits: Fraction(Decimal("1e-999999999"))
    # would have to build a denominator of a billion digits.
    if (isinstance(value, Decimal) and not value.is_finite()) or not (
        -MAX_AMOUNT <= value <= MAX_AMOUNT
    ):
        raise InvalidDeal.of("amount_range", path, limit=MAX_AMOUNT)
    if isinstance(value, Decimal):
        _, digits, exponent = value.as_tuple()
        assert isinstance(exponent, int)  # finite
        zeros = len(digits) - len("".join(map(str, digits)).rstrip("0"))
        fine = value == 0 or exponent + zeros >= -AMOUNT_DECIMALS
    else:
        fine = (Fraction(value) * 10**AMOUNT_DECIMALS).denominator == 1
    if not fine:
        raise InvalidDeal.of("amount_decimals", path, decimals=AMOUNT_DECIMALS)


def same_deal(a: Deal, b: Deal) -> bool:
    """Do ``a`` and ``b`` say the same (the order players are named in aside)?

    >>> same_deal(Raspasy.of({"A": 3, "B": 2, "C": 5}), Raspasy.of({"C": 5, "A": 3, "B": 2}))
    True
    """
    if isinstance(a, Game) and isinstance(b, Game):
        return (a.declarer, a.contract, a.choices, a.trick_map) == (
            b.declarer,
            b.contract,
            b.choices,
            b.trick_map,
        )
    if isinstance(a, Raspasy) and isinstance(b, Raspasy):
        return a.trick_map == b.trick_map
    return a == b
