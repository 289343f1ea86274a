"""The conventions a table plays by: one frozen :class:`Rules` value per pulka.

Every point where real tables differ is a field of :class:`Rules` declared with
:func:`convention`: its type, the values allowed, the default of each variant
(Sochi is the default variant), its source in the rules texts and what the
settings page offers.  That declaration is the conventions table
(:data:`CONVENTIONS`): validation, the JSON record's ``rules`` model and the
bot's settings page and rules view are all derived from it, so a new
convention is declared in this one place (the bot's catalogs keep only its
words).  ``docs/rules.md`` explains each one.

>>> r = Rules.for_variant("leningrad")
>>> (r.target, r.whist_factor, r.pulka_ratio, r.raspasy, r.raspasy_exit, r.help)
(50, 2, 2, (2, 4, 6), 7, False)
>>> Rules.for_variant("sochi", target=30).target
30
>>> CONVENTION["whist_shortfall"].default_for(Variant.ROSTOV).value
'joint'
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from fractions import Fraction
from typing import Any, ClassVar, Literal, get_type_hints

from .errors import InvalidRules, ScoringError

#: Price of a contract level (rule 2.2.2): what a made game writes to the pulka
#: and what each trick is worth in whists, mountain and consolation.
PRICES: dict[int, int] = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
#: Price of a misère (мизер).
MISERE_PRICE = 10


class Variant(StrEnum):
    """сочинка, ленинградка (питер), ростов."""

    SOCHI = "sochi"
    LENINGRAD = "leningrad"
    ROSTOV = "rostov"


class WhistSplit(StrEnum):
    """How one whister and one passer share the defence's tricks on a failed game.

    ``gentleman`` (джентльменский): half each; ``greedy`` (жлобский): all to
    the whister.  On a made game the whister always writes for all of them.
    """

    GENTLEMAN = "gentleman"
    GREEDY = "greedy"


class Liability(StrEnum):
    """What a whister short of the quota writes on the mountain per missing trick.

    ``full`` (ответственный вист): the full price; ``half``
    (полуответственный): half of it.
    """

    FULL = "full"
    HALF = "half"


class WhistShortfall(StrEnum):
    """Two whisters on a 6 or 7: whose is the defence's quota (недобор вистующих)?

    ``joint``: the defence's (Code 4.2.1): only the tricks both took together
    are short, and the shortfall is written by whoever has less than his half;
    ``each_half``: each whister answers for his own half alone.
    """

    JOINT = "joint"
    EACH_HALF = "each_half"


class QuotaLiable(StrEnum):
    """Who answers for the single trick owed on 8-10 when both defenders whist."""

    SECOND = "second"  # only the second to say "whist" (Parlett, A2)
    BOTH = "both"  # both whisters (A3)


class Consolation(StrEnum):
    """Who writes consolation whists (консоляция) on a declarer who failed."""

    ALL = "all"  # both defenders and, with four, the dealer sitting out
    DEFENDERS = "defenders"  # both defenders, whether they whisted or passed
    WHISTERS = "whisters"  # only those who whisted


class RaspasyScoring(StrEnum):
    """How an all-pass deal is written."""

    MOUNTAIN = "mountain"  # each trick on the taker's mountain (Sochi, Leningrad)
    WHISTS = "whists"  # fewest tricks write whists on the others (Rostov)


class PulkaEnd(StrEnum):
    """When the pulka is over."""

    CLOSED = "closed"  # every player's pulka reached the target (Sochi, Rostov)
    TOTAL = "total"  # the pulkas add up to target x players (Leningrad)


class HussarMountain(StrEnum):
    """Hussar (гусарик, two players): how a mountain point is paid at settlement.

    ``divisible``: as for any table (Code 4.2.14 with two players), each point
    costs its owner 5 whists to the opponent; ``indivisible`` (неделимая гора,
    Code 4.1.1 c): a point is paid in full, 10 whists, and only half of the
    points that overflow a closed pulka are written off the mountain.
    """

    DIVISIBLE = "divisible"
    INDIVISIBLE = "indivisible"


class HussarRaspasy(StrEnum):
    """Hussar: what the dummy's tricks on raspasy write."""

    IGNORED = "ignored"  # nothing: the dummy has no sheet
    SHARED = "shared"  # half of them counted to each player


class FiveSittingOut(StrEnum):
    """Five players: which neighbour sits out with the dealer."""

    RIGHT = "right"  # the previous dealer: first hand stays left of the dealer
    LEFT = "left"  # the next dealer


class FiveConsolation(StrEnum):
    """Five players, consolation by all: which of the two sitting out write it."""

    BOTH = "both"
    DEALER = "dealer"


class Division(StrEnum):
    """How the mountain is divided at settlement."""

    EXACT = "exact"  # fractions kept
    TRUNCATE = "truncate"  # each player's mountain result cut to whole whists
    ADJUST = "adjust"  # rule 4.2.12: one point moved, 3 whists compensation


# --- domains: the values a convention may take ------------------------------------


class Domain:
    """The values one convention may take, how JSON spells them, and the error otherwise."""

    #: The type the JSON record gives (pydantic annotation of the record's model).
    json: ClassVar[Any] = Any

    def coerce(self, value: Any) -> Any:
        """From the record's spelling (strings, lists) to the engine's value."""
        return value

    def valid(self, value: Any) -> bool:
        raise NotImplementedError

    def error(self, name: str, value: Any) -> ScoringError:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Flag(Domain):
    """``true`` or ``false``."""

    json: ClassVar[Any] = bool

    def valid(self, value: Any) -> bool:
        return isinstance(value, bool)

    def error(self, name: str, value: Any) -> ScoringError:
        return InvalidRules.of("rules_bool", name, name=name)


@dataclass(frozen=True, slots=True)
class OneOf(Domain):
    """One member of an enumeration, spelled by its value in JSON."""

    enum: type[StrEnum]

    def coerce(self, value: Any) -> Any:
        if isinstance(value, self.enum):
            return value
        try:
            return self.enum(value)
        except ValueError:
            return value  # refused by valid(), with the choices in the message

    def valid(self, value: Any) -> bool:
        return isinstance(value, self.enum)

    def error(self, name: str, value: Any) -> ScoringError:
        choices = ", ".join(m.value for m in self.enum)
        return InvalidRules.of("rules_choice", name, value=value, choices=choices)

    @property
    def values(self) -> tuple[StrEnum, ...]:
        return tuple(self.enum)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Whole(Domain):
    """A whole number from ``low`` to ``high``."""

    json: ClassVar[Any] = int
    low: int
    high: int
    #: The error code when out of range (its message names the range).
    code: str = "rules_range"

    def valid(self, value: Any) -> bool:
        return _whole(value) and self.low <= value <= self.high

    def error(self, name: str, value: Any) -> ScoringError:
        return InvalidRules.of(self.code, name, name=name, low=self.low, high=self.high)


@dataclass(frozen=True, slots=True)
class Wholes(Domain):
    """A list of whole numbers, each from ``low`` to ``high``, of a bounded length."""

    json: ClassVar[Any] = list[int]
    low: int
    high: int
    min_length: int
    max_length: int
    code: str

    def coerce(self, value: Any) -> Any:
        return tuple(value) if isinstance(value, list | tuple) else value

    def valid(self, value: Any) -> bool:
        return (
            isinstance(value, tuple)
            and self.min_length <= len(value) <= self.max_length
            and all(_whole(x) and self.low <= x <= self.high for x in value)
        )

    def error(self, name: str, value: Any) -> ScoringError:
        return InvalidRules.of(self.code, name)


#: A decimal as the record writes it: ASCII digits, an optional fraction.
_DECIMAL = re.compile(r"[0-9]{1,16}(\.[0-9]{1,16})?")


@dataclass(frozen=True, slots=True)
class Money(Domain):
    """Money per whist: a decimal string (``"0.5"``) from 0 to ``high``, ``places`` decimals."""

    json: ClassVar[Any] = str
    high: Decimal
    places: int

    def coerce(self, value: Any) -> Any:
        if isinstance(value, Decimal):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return Decimal(value)
        if isinstance(value, str) and _DECIMAL.fullmatch(value):
            try:
                return Decimal(value)
            except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
                pass
        raise InvalidRules.of("rules_stake_number", "stake")

    def valid(self, value: Any) -> bool:
        return (
            isinstance(value, Decimal)
            and value.is_finite()
            and 0 <= value <= self.high
            and value == value.quantize(Decimal(1).scaleb(-self.places))
        )

    def error(self, name: str, value: Any) -> ScoringError:
        if isinstance(value, Decimal) and value.is_finite() and 0 <= value <= self.high:
            return InvalidRules.of("rules_stake_decimals", name, places=self.places)
        return InvalidRules.of("rules_stake", name, high=self.high)


@dataclass(frozen=True, slots=True)
class Label(Domain):
    """A short label (the currency): 1 to ``max_length`` printable characters."""

    json: ClassVar[Any] = str
    max_length: int

    def valid(self, value: Any) -> bool:
        return (
            isinstance(value, str)
            and 1 <= len(value) <= self.max_length
            and value == value.strip()
            and all(unicodedata.category(ch)[0] not in "CZ" for ch in value)
        )

    def error(self, name: str, value: Any) -> ScoringError:
        return InvalidRules.of("rules_currency", name, length=self.max_length)


# --- the table ----------------------------------------------------------------------

#: The sizes of a convention about two defenders (split, quota, half-whist, consolation):
#: hussar has one defender, who whists alone with the dummy (notes 2.2).
NOT_HUSSAR = (3, 4, 5)

Page = Literal["main", "game", "raspasy"]
_UNSET: Any = object()


@dataclass(frozen=True, slots=True)
class Convention:
    """One row of the conventions table: a :class:`Rules` field and everything about it."""

    name: str
    domain: Domain
    #: Sochi's value (the field's default).
    default: Any
    #: Where Leningrad or Rostov differ from Sochi.
    variants: Mapping[Variant, Any]
    #: Where the rules texts (``shared/rules``) or the survey say it.
    source: str
    #: The settings page that shows it (``None``: only through another's ``offer``).
    page: Page | None
    #: The values a settings button cycles through, in order.  An entry may be a
    #: mapping of several conventions set together (a raspasy progression and
    #: whether it cycles); empty: every value of the domain, when it has few.
    offer: tuple[Any, ...]
    #: The table sizes it means anything at (hussar's two, five's five); others ignore it.
    sizes: tuple[int, ...] = (2, 3, 4, 5)

    def applies_to(self, n: int) -> bool:
        """Whether a table of ``n`` players plays by it (the settings page shows it)."""
        return n in self.sizes

    def default_for(self, variant: Variant) -> Any:
        return self.variants.get(variant, self.default)

    def choices(self) -> tuple[dict[str, Any], ...]:
        """What the settings page offers, each as ``{convention: value}``."""
        if self.offer:
            return tuple(v if isinstance(v, dict) else {self.name: v} for v in self.offer)
        if isinstance(self.domain, OneOf):
            return tuple({self.name: v} for v in self.domain.values)
        if isinstance(self.domain, Flag):
            return ({self.name: self.default}, {self.name: not self.default})
        return ()


def convention(
    default: Any,
    domain: Domain,
    *,
    source: str,
    page: Page | None,
    offer: tuple[Any, ...] = (),
    leningrad: Any = _UNSET,
    rostov: Any = _UNSET,
    sizes: tuple[int, ...] = (2, 3, 4, 5),
) -> Any:
    """Declare a :class:`Rules` field as a convention (a row of :data:`CONVENTIONS`)."""
    given = ((Variant.LENINGRAD, leningrad), (Variant.ROSTOV, rostov))
    variants = {v: x for v, x in given if x is not _UNSET}
    row = {
        "domain": domain,
        "source": source,
        "page": page,
        "offer": offer,
        "variants": variants,
        "sizes": sizes,
    }
    return dataclasses.field(default=default, metadata={"convention": row})


@dataclass(frozen=True, slots=True)
class Rules:
    """The conventions of one pulka.  Build with :meth:`for_variant`.

    Each field is a row of the conventions table (see :func:`convention`).
    """

    variant: Variant = Variant.SOCHI
    target: int = convention(
        20,
        Whole(1, 10_000, "rules_target"),
        leningrad=50,
        page="main",
        offer=(5, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100),
        source="Code 4.2.3; text 001 (Leningrad to 50); docs/rules.md 7",
    )
    stake: Decimal = convention(
        Decimal("1"),
        Money(Decimal(1_000_000), 4),
        page="main",
        offer=tuple(
            Decimal(x)
            for x in (
                "0.01",
                "0.05",
                "0.1",
                "0.2",
                "0.25",
                "0.5",
                "1",
                "2",
                "3",
                "5",
                "10",
                "20",
                "50",
                "100",
            )
        ),
        source="Code 4.2.14 (money at a stake); docs/rules.md 10",
    )
    currency: str = convention(
        "RUB",
        Label(8),
        page="main",
        offer=("RUB", "EUR", "USD", "UAH", "BYN", "KZT"),
        source="a label only; docs/rules.md 10",
    )
    whist: WhistSplit = convention(
        WhistSplit.GENTLEMAN,
        OneOf(WhistSplit),
        page="game",
        sizes=NOT_HUSSAR,
        source="texts 000, 001 (how whists are written on a failed game); survey 5",
    )
    liability: Liability = convention(
        Liability.FULL,
        OneOf(Liability),
        leningrad=Liability.HALF,
        rostov=Liability.HALF,
        page="game",
        source="text 003 (Leningrad: the shortfall at half size); survey 3",
    )
    whist_shortfall: WhistShortfall = convention(
        WhistShortfall.JOINT,
        OneOf(WhistShortfall),
        page="game",
        sizes=NOT_HUSSAR,
        source="Code 4.2.1 (texts 001, 004); text 001 and 000: the one without his two tricks",
    )
    #: Tricks the defence owes on 6, 7, 8, 9, 10.
    quota: tuple[int, ...] = convention(
        (4, 2, 1, 1, 1),
        Wholes(0, 4, 5, 5, "rules_quota"),
        page="game",
        offer=((4, 2, 1, 1, 1), (4, 2, 1, 1, 0)),
        source="survey 2",
    )
    quota_liable: QuotaLiable = convention(
        QuotaLiable.SECOND,
        OneOf(QuotaLiable),
        page="game",
        sizes=NOT_HUSSAR,
        source="survey 2 (Parlett, A2, A3)",
    )
    consolation: Consolation = convention(
        Consolation.ALL,
        OneOf(Consolation),
        page="game",
        sizes=NOT_HUSSAR,
        source="text 000; survey 4",
    )
    misere_consolation: bool = convention(
        False, Flag(), rostov=True, page="game", source="survey 7"
    )
    half_whist: bool = convention(True, Flag(), page="game", sizes=NOT_HUSSAR, source="survey 6")
    #: Multiplier of the 1st, 2nd, 3rd... consecutive all-pass deal.
    raspasy: tuple[int, ...] = convention(
        (1, 2, 2),
        Wholes(1, 100, 1, 20, "rules_raspasy"),
        leningrad=(2, 4, 6),
        page="raspasy",
        offer=(
            {"raspasy": (1, 2, 2), "raspasy_cycle": False},
            {"raspasy": (1, 2, 3), "raspasy_cycle": False},
            {"raspasy": (1, 1, 1), "raspasy_cycle": False},
            {"raspasy": (2, 4, 6), "raspasy_cycle": True},
            {"raspasy": (1, 2, 3), "raspasy_cycle": True},
        ),
        source="texts 000, 001 (Sochi 1, 2, 2); text 003 (Leningrad 2, 4, 6); survey 8",
    )
    #: After the last multiplier start again from the first (Leningrad 2,4,6,2...).
    raspasy_cycle: bool = convention(
        False, Flag(), leningrad=True, page=None, source="text 003 (then back to 2)"
    )
    raspasy_exit: int = convention(
        6,
        Whole(6, 10, "rules_raspasy_exit"),
        leningrad=7,
        page="raspasy",
        offer=(6, 7),
        source="text 003 (Leningrad: exit with a seven); survey 9",
    )
    #: A failed exit game keeps the raspasy run going (Leningrad "strict exit").
    raspasy_strict_exit: bool = convention(
        False, Flag(), leningrad=True, page="raspasy", source="text 003; survey 9"
    )
    #: Pulka points for taking no trick on raspasy, at the first multiplier.
    raspasy_zero: int = convention(
        1,
        Whole(0, 100, "rules_0_100"),
        page="raspasy",
        offer=(0, 1, 2),
        source="Code 3.7.2.1; survey 8",
    )
    #: The zero-trick points grow with the raspasy multiplier (Code 3.7.2.1:
    #: the price of one trick); off: always ``raspasy_zero`` (Rostov).
    raspasy_zero_progressive: bool = convention(
        True, Flag(), rostov=False, page="raspasy", source="Code 3.7.2.1, 3.7.2.2; survey 8"
    )
    raspasy_scoring: RaspasyScoring = convention(
        RaspasyScoring.MOUNTAIN,
        OneOf(RaspasyScoring),
        rostov=RaspasyScoring.WHISTS,
        page="raspasy",
        source="Code 3.7.2.2 (Rostov); survey 8",
    )
    #: Rostov: whists written per trick by the player with fewest tricks.
    raspasy_whists: int = convention(
        5, Whole(0, 100, "rules_0_100"), page="raspasy", offer=(5, 10), source="survey 8"
    )
    #: Write raspasy tricks minus the fewest taken (changes no result, except with
    #: ``game_clears_mountain``: docs/rules.md 6.5).
    raspasy_amnesty: bool = convention(
        False, Flag(), page="raspasy", source="text 000 (amnesty of raspasy); survey 8"
    )
    #: Multiplier of whists, consolation, remiz and whister's shortfall.
    whist_factor: int = convention(
        1,
        Whole(1, 4, "rules_1_4"),
        leningrad=2,
        page="game",
        offer=(1, 2),
        source="text 003 (Leningrad doubles); survey 10",
    )
    #: Mountain points per pulka point when pulkas are equalised.
    pulka_ratio: int = convention(
        1,
        Whole(1, 4, "rules_1_4"),
        leningrad=2,
        page="raspasy",
        offer=(1, 2),
        source="Code 4.2.3.3; survey 10",
    )
    #: A closed player's points help the opponent with the larger pulka.
    help: bool = convention(
        True, Flag(), leningrad=False, page="raspasy", source="Code 4.2.3; survey 11"
    )
    end: PulkaEnd = convention(
        PulkaEnd.CLOSED,
        OneOf(PulkaEnd),
        leningrad=PulkaEnd.TOTAL,
        page="raspasy",
        source="text 003 (Leningrad: 150 in all for three); survey 11",
    )
    #: A made game first writes the declarer's mountain off (Rostov).
    game_clears_mountain: bool = convention(
        False,
        Flag(),
        rostov=True,
        page="game",
        source="a table custom, asked for by players (no rules text)",
    )
    division: Division = convention(
        Division.EXACT,
        OneOf(Division),
        page="raspasy",
        source="Code 4.2.12; text 000 (PrefCount's two ways); survey 13",
    )
    #: Hussar: the mountain divisible (5 whists a point) or indivisible (10).
    hussar_mountain: HussarMountain = convention(
        HussarMountain.DIVISIBLE,
        OneOf(HussarMountain),
        page="main",
        sizes=(2,),
        source="Code 4.1.1 c (indivisible); Code 4.2.14 with two (divisible); notes H1",
    )
    #: Hussar: the dummy whists when the opponent passes (вист за болвана).
    dummy_whist: bool = convention(
        False, Flag(), page="game", sizes=(2,), source="no source; notes H3"
    )
    #: Hussar: a misère may be declared against the opponent and the dummy.
    hussar_misere: bool = convention(
        True, Flag(), page="game", sizes=(2,), source="no source against it; notes H5"
    )
    hussar_raspasy: HussarRaspasy = convention(
        HussarRaspasy.IGNORED,
        OneOf(HussarRaspasy),
        page="raspasy",
        sizes=(2,),
        source="no source; notes H4",
    )
    five_sitting_out: FiveSittingOut = convention(
        FiveSittingOut.RIGHT,
        OneOf(FiveSittingOut),
        page="main",
        sizes=(5,),
        source="Wikipedia (two deals in a row: neighbours); side: no source; notes F1",
    )
    five_consolation: FiveConsolation = convention(
        FiveConsolation.BOTH,
        OneOf(FiveConsolation),
        page="game",
        sizes=(5,),
        source="survey 4 (the dealer with four); for five no source; notes F2",
    )

    def __post_init__(self) -> None:
        # Accept the record's spellings (strings, lists) and check every value.
        for c in CONVENTIONS:
            raw = getattr(self, c.name)
            value = c.domain.coerce(raw)
            if not c.domain.valid(value):
                raise c.domain.error(c.name, value)
            if value is not raw:
                object.__setattr__(self, c.name, value)
        if not isinstance(self.variant, Variant):
            try:
                object.__setattr__(self, "variant", Variant(self.variant))
            except ValueError:
                raise InvalidRules.of("rules_variant", "variant", variant=self.variant) from None

    @classmethod
    def for_variant(cls, variant: str | Variant = Variant.SOCHI, **overrides: Any) -> Rules:
        """The variant's defaults, with ``overrides`` (field name -> value) on top."""
        try:
            v = Variant(variant)
        except ValueError:
            raise InvalidRules.of("rules_variant", "variant", variant=variant) from None
        unknown = set(overrides) - set(CONVENTION)
        if unknown:
            raise InvalidRules.of("rules_unknown", sorted(unknown)[0])
        values = {c.name: c.default_for(v) for c in CONVENTIONS}
        values.update(overrides)
        return cls(variant=v, **values)

    def price(self, level: int) -> int:
        """Price of a game of ``level`` tricks: 6 -> 2, 7 -> 4 ... 10 -> 10."""
        return PRICES[level]

    def quota_for(self, level: int) -> int:
        """Tricks the defence owes on a game of ``level`` (6 -> 4 by default)."""
        return self.quota[level - 6]

    def mountain_per_pulka(self, n: int) -> int | Fraction:
        """Mountain points a pulka point is worth at a table of ``n``: ``pulka_ratio``.

        In hussar with an indivisible mountain half of it (Code 4.1.1 c writes
        off half the overflow): a mountain point is paid in full there, so a
        pulka point must be half of one for a game to keep its value whenever
        it is played, into an open pulka, as help or written off.

        >>> Rules().mountain_per_pulka(2)
        1
        >>> Rules(hussar_mountain="indivisible").mountain_per_pulka(2)
        Fraction(1, 2)
        """
        if n == 2 and self.hussar_mountain is HussarMountain.INDIVISIBLE:
            return Fraction(self.pulka_ratio, 2)
        return self.pulka_ratio

    def raspasy_multiplier(self, run: int) -> int:
        """Multiplier of the ``run``-th consecutive all-pass deal (1-based).

        >>> r = Rules.for_variant("leningrad")
        >>> [r.raspasy_multiplier(n) for n in range(1, 6)]
        [2, 4, 6, 2, 4]
        >>> [Rules().raspasy_multiplier(n) for n in range(1, 6)]
        [1, 2, 2, 2, 2]
        """
        k = len(self.raspasy)
        index = (run - 1) % k if self.raspasy_cycle else min(run, k) - 1
        return self.raspasy[index]

    def changes(self) -> dict[str, Any]:
        """The conventions that differ from the variant's defaults, JSON-ready."""
        return {
            c.name: jsonable(getattr(self, c.name))
            for c in CONVENTIONS
            if getattr(self, c.name) != c.default_for(self.variant)
        }

    def to_dict(self) -> dict[str, Any]:
        """Every convention, JSON-ready (the record's ``rules`` object)."""
        return {f.name: jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}


def _table() -> tuple[Convention, ...]:
    hints = get_type_hints(Rules)
    rows = []
    for f in dataclasses.fields(Rules):
        row = f.metadata.get("convention")
        if row is None:
            continue
        assert hints[f.name] is not None
        rows.append(Convention(name=f.name, default=f.default, **row))
    return tuple(rows)


#: The conventions table: every convention but the variant, in declaration order.
CONVENTIONS: tuple[Convention, ...] = _table()
CONVENTION: dict[str, Convention] = {c.name: c for c in CONVENTIONS}
#: Each variant's defaults where they differ from Sochi's (derived from the table).
VARIANT_DEFAULTS: dict[Variant, dict[str, Any]] = {
    v: {c.name: c.variants[v] for c in CONVENTIONS if v in c.variants} for v in Variant
}


def jsonable(value: Any) -> Any:
    """A convention's value as the JSON record writes it."""
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, Decimal):
        # Never an exponent ("1E+1") nor trailing zeros ("0.50"): the record's stake is
        # a plain decimal, written as the chat writes it.
        return f"{value.normalize():f}"
    if isinstance(value, tuple):
        return list(value)
    return value


DEFAULT_RULES = Rules()
