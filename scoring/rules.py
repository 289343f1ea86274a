"""The conventions a table plays by: one frozen :class:`Rules` value per pulka.

Every point where real tables differ is a named field with a documented
default per variant (Sochi is the default variant).  ``docs/rules.md`` explains
each one with its source in ``shared/rules``.

>>> r = Rules.for_variant("leningrad")
>>> (r.target, r.whist_factor, r.pulka_ratio, r.raspasy, r.raspasy_exit, r.help)
(50, 2, 2, (2, 4, 6), 7, False)
>>> Rules.for_variant("sochi", target=30).target
30
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any

from .errors import InvalidRules

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


class Division(StrEnum):
    """How the mountain is divided at settlement."""

    EXACT = "exact"  # fractions kept
    TRUNCATE = "truncate"  # each player's mountain result cut to whole whists
    ADJUST = "adjust"  # rule 4.2.12: one point moved, 3 whists compensation


@dataclass(frozen=True, slots=True)
class Rules:
    """The conventions of one pulka.  Build with :meth:`for_variant`."""

    variant: Variant = Variant.SOCHI
    target: int = 20
    stake: Decimal = Decimal("1")
    currency: str = "RUB"
    whist: WhistSplit = WhistSplit.GENTLEMAN
    liability: Liability = Liability.FULL
    #: Tricks the defence owes on 6, 7, 8, 9, 10.
    quota: tuple[int, int, int, int, int] = (4, 2, 1, 1, 1)
    quota_liable: QuotaLiable = QuotaLiable.SECOND
    consolation: Consolation = Consolation.ALL
    misere_consolation: bool = False
    half_whist: bool = True
    #: Multiplier of the 1st, 2nd, 3rd... consecutive all-pass deal.
    raspasy: tuple[int, ...] = (1, 2, 2)
    #: After the last multiplier start again from the first (Leningrad 2,4,6,2...).
    raspasy_cycle: bool = False
    raspasy_exit: int = 6
    #: A failed exit game keeps the raspasy run going (Leningrad "strict exit").
    raspasy_strict_exit: bool = False
    #: Pulka points for taking no trick on raspasy, at the first multiplier.
    raspasy_zero: int = 1
    #: The zero-trick points grow with the raspasy multiplier (Code 3.7.2.1:
    #: the price of one trick); off: always ``raspasy_zero`` (Rostov).
    raspasy_zero_progressive: bool = True
    raspasy_scoring: RaspasyScoring = RaspasyScoring.MOUNTAIN
    #: Rostov: whists written per trick by the player with fewest tricks.
    raspasy_whists: int = 5
    #: Write raspasy tricks minus the fewest taken (changes no result).
    raspasy_amnesty: bool = False
    #: Multiplier of whists, consolation, remiz and whister's shortfall.
    whist_factor: int = 1
    #: Mountain points per pulka point when pulkas are equalised.
    pulka_ratio: int = 1
    #: A closed player's points help the opponent with the larger pulka.
    help: bool = True
    end: PulkaEnd = PulkaEnd.CLOSED
    #: A made game first writes the declarer's mountain off (Rostov).
    game_clears_mountain: bool = False
    division: Division = Division.EXACT

    def __post_init__(self) -> None:
        # Accept plain strings and lists (from JSON) for enums, stake and tuples.
        names = [f.name for f in dataclasses.fields(self)]
        for key, value in _coerce({k: getattr(self, k) for k in names}).items():
            object.__setattr__(self, key, value)
        problems = _problems(self)
        if problems:
            key, code, params = problems[0]
            raise InvalidRules.of(code, key, **params)

    @classmethod
    def for_variant(cls, variant: str | Variant = Variant.SOCHI, **overrides: Any) -> Rules:
        """The variant's defaults, with ``overrides`` (field name -> value) on top."""
        try:
            v = Variant(variant)
        except ValueError:
            raise InvalidRules.of("rules_variant", "variant", variant=variant) from None
        values: dict[str, Any] = {**VARIANT_DEFAULTS[v], "variant": v}
        unknown = set(overrides) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            name = sorted(unknown)[0]
            raise InvalidRules.of("rules_unknown", name)
        values.update(overrides)
        return cls(**values)

    def price(self, level: int) -> int:
        """Price of a game of ``level`` tricks: 6 -> 2, 7 -> 4 ... 10 -> 10."""
        return PRICES[level]

    def quota_for(self, level: int) -> int:
        """Tricks the defence owes on a game of ``level`` (6 -> 4 by default)."""
        return self.quota[level - 6]

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
        base = Rules.for_variant(self.variant)
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name != "variant" and getattr(self, f.name) != getattr(base, f.name):
                out[f.name] = _jsonable(getattr(self, f.name))
        return out

    def to_dict(self) -> dict[str, Any]:
        """Every convention, JSON-ready (the record's ``rules`` object)."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}


VARIANT_DEFAULTS: dict[Variant, dict[str, Any]] = {
    Variant.SOCHI: {},
    Variant.LENINGRAD: {
        "target": 50,
        "liability": Liability.HALF,
        "raspasy": (2, 4, 6),
        "raspasy_cycle": True,
        "raspasy_exit": 7,
        "raspasy_strict_exit": True,
        "whist_factor": 2,
        "pulka_ratio": 2,
        "help": False,
        "end": PulkaEnd.TOTAL,
    },
    Variant.ROSTOV: {
        "liability": Liability.HALF,
        "raspasy_scoring": RaspasyScoring.WHISTS,
        "raspasy_zero_progressive": False,
        "misere_consolation": True,
        "game_clears_mountain": True,
    },
}

_ENUMS: dict[str, type[StrEnum]] = {
    "variant": Variant,
    "whist": WhistSplit,
    "liability": Liability,
    "quota_liable": QuotaLiable,
    "consolation": Consolation,
    "raspasy_scoring": RaspasyScoring,
    "end": PulkaEnd,
    "division": Division,
}


def _coerce(values: dict[str, Any]) -> dict[str, Any]:
    out = dict(values)
    for key, enum in _ENUMS.items():
        if key in out and not isinstance(out[key], enum):
            try:
                out[key] = enum(out[key])
            except ValueError:
                choices = ", ".join(m.value for m in enum)
                raise InvalidRules.of("rules_choice", key, value=out[key],
                                      choices=choices) from None
    if "stake" in out and not isinstance(out["stake"], Decimal):
        try:
            out["stake"] = Decimal(str(out["stake"]))
        except ArithmeticError:
            raise InvalidRules.of("rules_stake_number", "stake") from None
    for key in ("quota", "raspasy"):
        if key in out:
            out[key] = tuple(out[key])
    return out


def _problems(r: Rules) -> list[tuple[str, str, dict[str, Any]]]:
    """Every convention out of range, as (key, error code, params)."""
    problems: list[tuple[str, str, dict[str, Any]]] = []

    def check(ok: bool, key: str, code: str, **params: Any) -> None:
        if not ok:
            problems.append((key, code, params))

    check(isinstance(r.target, int) and 1 <= r.target <= 10_000, "target", "rules_target")
    check(r.stake.is_finite() and r.stake >= 0, "stake", "rules_stake")
    check(r.stake.is_finite() and r.stake == r.stake.quantize(Decimal("0.0001")), "stake",
          "rules_stake_decimals")
    check(len(r.currency) <= 8, "currency", "rules_currency")
    check(len(r.quota) == 5 and all(isinstance(q, int) and 0 <= q <= 4 for q in r.quota),
          "quota", "rules_quota")
    check(len(r.raspasy) >= 1 and all(isinstance(m, int) and 1 <= m <= 100 for m in r.raspasy),
          "raspasy", "rules_raspasy")
    check(r.raspasy_exit in (6, 7, 8, 9, 10), "raspasy_exit", "rules_raspasy_exit")
    for name in ("raspasy_zero", "raspasy_whists"):
        value = getattr(r, name)
        check(isinstance(value, int) and 0 <= value <= 100, name, "rules_0_100", name=name)
    for name in ("whist_factor", "pulka_ratio"):
        check(getattr(r, name) in (1, 2, 3, 4), name, "rules_1_4", name=name)
    for name in ("misere_consolation", "half_whist", "raspasy_cycle", "raspasy_strict_exit",
                 "raspasy_zero_progressive", "raspasy_amnesty", "help", "game_clears_mountain"):
        check(isinstance(getattr(r, name), bool), name, "rules_bool", name=name)
    return problems


def _jsonable(value: Any) -> Any:
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, tuple):
        return list(value)
    return value


DEFAULT_RULES = Rules()
