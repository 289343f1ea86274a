"""The public JSON record (``shared/spec/pulka-json.md``), validated with pydantic.

Two forms: a game record (``pulka/1``, the log of deals) and a paper sheet
(``pulka-sheet/1``, totals only).  Errors name the field path:

>>> load_document({"format": "pulka/1", "players": ["A", "B", "C"],
...     "deals": [{"type": "raspasy", "tricks": {"A": 5, "B": 5, "C": 1}}]})
Traceback (most recent call last):
...
scoring.errors.InvalidDeal: deals[0].tricks: tricks add up to 11, a deal has 10
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError
from pydantic_core import ErrorDetails

from .deals import Correction, Deal, Game, Misere, Raspasy
from .engine import PulkaState, replay
from .errors import InvalidDeal, InvalidRules, ScoringError
from .rules import Rules
from .settle import Settlement, settle
from .sheet import Number, Sheet, norm

Amount = Annotated[Decimal, Field(allow_inf_nan=False)]
Name = Annotated[str, Field(min_length=1, max_length=64)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RulesModel(_Strict):
    """The ``rules`` object: every key optional, defaults follow the variant."""

    variant: Literal["sochi", "leningrad", "rostov"] = "sochi"
    target: StrictInt | None = None
    stake: Decimal | None = None
    currency: str | None = None
    whist: Literal["gentleman", "greedy"] | None = None
    liability: Literal["full", "half"] | None = None
    quota: list[StrictInt] | None = None
    quota_liable: Literal["second", "both"] | None = None
    consolation: Literal["all", "defenders", "whisters"] | None = None
    misere_consolation: StrictBool | None = None
    half_whist: StrictBool | None = None
    raspasy: list[StrictInt] | None = None
    raspasy_cycle: StrictBool | None = None
    raspasy_exit: StrictInt | None = None
    raspasy_strict_exit: StrictBool | None = None
    raspasy_zero: StrictInt | None = None
    raspasy_zero_progressive: StrictBool | None = None
    raspasy_scoring: Literal["mountain", "whists"] | None = None
    raspasy_whists: StrictInt | None = None
    raspasy_amnesty: StrictBool | None = None
    whist_factor: StrictInt | None = None
    pulka_ratio: StrictInt | None = None
    help: StrictBool | None = None
    end: Literal["closed", "total"] | None = None
    game_clears_mountain: StrictBool | None = None
    division: Literal["exact", "truncate", "adjust"] | None = None

    def to_rules(self) -> Rules:
        values = self.model_dump(exclude_none=True)
        variant = values.pop("variant")
        return Rules.for_variant(variant, **values)


class GameModel(_Strict):
    type: Literal["game"]
    declarer: Name
    contract: str
    whist: dict[str, Literal["whist", "pass", "half"]]
    tricks: dict[str, StrictInt]
    dealer: Name | None = None

    def to_deal(self) -> Deal:
        return Game.of(self.declarer, self.contract, self.whist, self.tricks, self.dealer)


class MisereModel(_Strict):
    type: Literal["misere"]
    declarer: Name
    tricks: dict[str, StrictInt]
    dealer: Name | None = None

    def to_deal(self) -> Deal:
        if self.declarer not in self.tricks:
            raise InvalidDeal.of("misere_declarer_tricks", "tricks", declarer=self.declarer)
        others = set(self.tricks) - {self.declarer}
        if others:
            raise InvalidDeal.of("misere_only_declarer", "tricks")
        return Misere(self.declarer, self.tricks[self.declarer], self.dealer)


class RaspasyModel(_Strict):
    type: Literal["raspasy"]
    tricks: dict[str, StrictInt]
    dealer: Name | None = None

    def to_deal(self) -> Deal:
        return Raspasy.of(self.tricks, self.dealer)


class CorrectionModel(_Strict):
    type: Literal["correction"]
    player: Name
    pulka: Amount = Decimal(0)
    mountain: Amount = Decimal(0)
    whists: dict[str, Amount] = {}
    note: str = Field("", max_length=500)

    def to_deal(self) -> Deal:
        return Correction.of(
            self.player,
            Fraction(self.pulka),
            Fraction(self.mountain),
            {k: Fraction(v) for k, v in self.whists.items()},
            self.note,
        )


DealModel = Annotated[
    GameModel | MisereModel | RaspasyModel | CorrectionModel, Field(discriminator="type")
]
Players = Annotated[list[Name], Field(min_length=3, max_length=4)]


class RecordModel(_Strict):
    """Form 1: a game record."""

    format: Literal["pulka/1"]
    players: Players
    rules: RulesModel = RulesModel()
    deals: list[DealModel] = []


class SheetModel(_Strict):
    """Form 2: a paper sheet."""

    format: Literal["pulka-sheet/1"]
    players: Players
    rules: RulesModel = RulesModel()
    pulka: dict[str, Amount] = {}
    mountain: dict[str, Amount] = {}
    whists: dict[str, dict[str, Amount]] = {}


class Document(BaseModel):
    """A loaded document: the sheet to settle, and the replay if it was a record."""

    model_config = ConfigDict(arbitrary_types_allowed=True, frozen=True)

    players: tuple[str, ...]
    rules: Rules
    sheet: Sheet
    state: PulkaState | None = None
    deals: tuple[Any, ...] = ()


_TAGS = {"game", "misere", "raspasy", "correction"}


def _path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for i, part in enumerate(loc):
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in _TAGS and i > 0 and isinstance(loc[i - 1], int):
            continue  # the union member's tag is not part of the document's path
        else:
            out += f".{part}" if out else str(part)
    return out


def _message(err: ErrorDetails) -> str:
    kind = err["type"]
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "missing":
        return "required field is missing"
    if kind == "union_tag_invalid":
        return "type must be game, misere, raspasy or correction"
    if kind == "union_tag_not_found":
        return "a deal needs a type: game, misere, raspasy or correction"
    return str(err["msg"]).removeprefix("Value error, ")


def validation_error(e: ValidationError) -> ScoringError:
    """The first pydantic error as a :class:`ScoringError` with its path."""
    err = e.errors()[0]
    return InvalidDeal.of("field", _path(tuple(err["loc"])), detail=_message(err))


def load_document(data: Any) -> Document:
    """Validate a parsed JSON document of either form and replay it."""
    if not isinstance(data, dict):
        raise InvalidDeal.of("document_object")
    fmt = data.get("format")
    model: type[RecordModel] | type[SheetModel]
    if fmt == "pulka/1":
        model = RecordModel
    elif fmt == "pulka-sheet/1":
        model = SheetModel
    else:
        raise InvalidDeal.of("unknown_format", "format", format=fmt)
    try:
        doc = model.model_validate(data)
    except ValidationError as e:
        raise validation_error(e) from None
    try:
        rules = doc.rules.to_rules()
    except InvalidRules as e:
        raise e.at("rules") from None
    players = tuple(doc.players)
    try:
        PulkaState.new(players, rules)
    except ScoringError as e:
        raise InvalidDeal(e.message, "players", e.code, e.params) from None
    if isinstance(doc, RecordModel):
        deals = []
        for i, d in enumerate(doc.deals):
            try:
                deals.append(d.to_deal())
            except ScoringError as e:
                raise e.at(f"deals[{i}]") from None
        result = replay(players, rules, deals)
        return Document(players=players, rules=rules, sheet=result.state.sheet,
                        state=result.state, deals=tuple(deals))
    return Document(players=players, rules=rules, sheet=_paper_sheet(doc, players))


def _paper_sheet(doc: SheetModel, players: tuple[str, ...]) -> Sheet:
    n = len(players)

    def seat(name: str, path: str) -> int:
        if name not in players:
            raise InvalidDeal.of("unknown_player", path, name=name, players=", ".join(players))
        return players.index(name)

    def column(values: dict[str, Decimal], key: str) -> tuple[Number, ...]:
        out: list[Number] = [0] * n
        for name, v in values.items():
            out[seat(name, f"{key}.{name}")] = norm(Fraction(v))
        return tuple(out)

    whists: list[Number] = [0] * (n * n)
    for writer, row in doc.whists.items():
        i = seat(writer, f"whists.{writer}")
        for on, v in row.items():
            j = seat(on, f"whists.{writer}.{on}")
            if i == j:
                raise InvalidDeal.of("self_whists", f"whists.{writer}.{on}", player=writer)
            whists[i * n + j] = norm(Fraction(v))
    return Sheet(players, column(doc.pulka, "pulka"), column(doc.mountain, "mountain"),
                 tuple(whists))


# --- writing ------------------------------------------------------------------


def number(x: Number) -> int | float:
    """A JSON number: whole numbers as integers, others to 2 decimals, halves away from 0.

    Rounded exactly before the conversion to float, so 1/8 is 0.13, not 0.12:

    >>> number(Fraction(1, 8)), number(Fraction(-187, 3)), number(Fraction(10, 2))
    (0.13, -62.33, 5)
    """
    x = norm(x)
    if isinstance(x, int):
        return x
    cents = math.floor(abs(Fraction(x)) * 100 + Fraction(1, 2))
    value = norm(Fraction(cents if x > 0 else -cents, 100))
    return value if isinstance(value, int) else float(value)


def settlement_json(doc: Document) -> dict[str, Any]:
    """The calculator's output for a loaded document."""
    s: Settlement = settle(doc.sheet, doc.rules)
    sheet = doc.sheet
    players = []
    for i, name in enumerate(sheet.players):
        players.append({
            "name": name,
            "pulka": number(sheet.pulka[i]),
            "mountain": number(sheet.mountain[i]),
            "whists": {k: number(v) for k, v in sheet.whists_by(i).items()},
            "result": number(s.results[i]),
            "money": str(s.money[i]),
        })
    return {
        "players": players,
        "finished": s.finished,
        "currency": doc.rules.currency,
        "stake": str(doc.rules.stake),
        "payments": [
            {"from": p.payer, "to": p.payee, "amount": str(p.amount)} for p in s.payments
        ],
    }


def deal_to_json(deal: Deal) -> dict[str, Any]:
    """One deal as the record writes it."""
    if isinstance(deal, Game):
        out: dict[str, Any] = {
            "type": "game",
            "declarer": deal.declarer,
            "contract": str(deal.contract),
            "whist": {k: v.value for k, v in deal.defence},
            "tricks": dict(deal.tricks),
        }
    elif isinstance(deal, Misere):
        out = {"type": "misere", "declarer": deal.declarer, "tricks": {deal.declarer: deal.tricks}}
    elif isinstance(deal, Raspasy):
        out = {"type": "raspasy", "tricks": dict(deal.tricks)}
    else:
        out = {"type": "correction", "player": deal.player}
        if deal.pulka:
            out["pulka"] = number(deal.pulka)
        if deal.mountain:
            out["mountain"] = number(deal.mountain)
        if deal.whists:
            out["whists"] = {k: number(v) for k, v in deal.whists}
        if deal.note:
            out["note"] = deal.note
        return out
    if deal.dealer is not None:
        out["dealer"] = deal.dealer
    return out


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """The record's ``rules``: the variant, target, stake and every change."""
    return {"variant": rules.variant.value, "target": rules.target,
            "stake": str(rules.stake), **rules.changes()}


def record_json(players: tuple[str, ...], rules: Rules, deals: list[Deal]) -> dict[str, Any]:
    """A whole game record (``/export``)."""
    return {
        "format": "pulka/1",
        "players": list(players),
        "rules": rules_to_json(rules),
        "deals": [deal_to_json(d) for d in deals],
    }
