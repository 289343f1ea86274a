"""The public JSON record (``docs/record-format.md``), validated with pydantic.

Two forms: a game record (``pulka/1``, the log of deals) and a paper sheet
(``pulka-sheet/1``, totals only).  Errors name the field path:

>>> load_document({"format": "pulka/1", "players": ["A", "B", "C"],
...     "deals": [{"type": "raspasy", "tricks": {"A": 5, "B": 5, "C": 1}}]})
Traceback (most recent call last):
...
scoring.errors.InvalidDeal: deals[0].tricks: tricks add up to 11, a deal has 10
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    create_model,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from .deals import AMOUNT_DECIMALS, Correction, Deal, Game, Misere, Raspasy, check_amount
from .engine import PulkaState, final_state
from .errors import MESSAGES, InvalidDeal, InvalidRules, ScoringError, key_path
from .names import odd_character
from .numbers import FIGURE_PLACES, json_number
from .rules import CONVENTION, CONVENTIONS, Convention, Money, OneOf, Rules, jsonable
from .settle import NOTICES, Payment, Settlement, roundings, settle
from .sheet import Number, Sheet, norm


def _name(value: str) -> str:
    ch = odd_character(value)
    if ch is not None:
        char = f"U+{ord(ch):04X}"
        raise PydanticCustomError("name_character", MESSAGES["name_character"], {"char": char})
    return value


def control_character(text: str) -> str | None:
    """The first control character (or line or paragraph separator) of ``text``, or None.

    What free text (a note) may not hold: it would break a line of the chat, of a
    log or of the calculator's error.  Bidirectional marks stay, unlike in a name.

    >>> control_character("ошибка"), control_character("a\\x00b"), control_character("a\\u2028")
    (None, '\\x00', '\\u2028')
    """
    if text.isprintable():
        return None
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"):
            return ch
    return None


def _char(ch: str) -> dict[str, str]:
    return {"char": f"U+{ord(ch):04X}"}


def _contract(value: str) -> str:
    # The record writes a contract as "7H": a space or a control character around or
    # inside it ("7H\n", "7H\u2028") is a wrong value, not a contract read leniently.
    odd = next((ch for ch in value if ch.isspace() or not ch.isprintable()), None)
    if odd is not None:
        raise PydanticCustomError("contract_character", MESSAGES["contract_character"], _char(odd))
    return value


def _note(value: str, info: ValidationInfo) -> str:
    ch = control_character(value)
    # A deal the bot stored before notes were checked is read back as it was written.
    if ch is not None and not (info.context or {}).get("stored"):
        raise PydanticCustomError("note_character", MESSAGES["note_character"], _char(ch))
    return value


def _amount(value: Any) -> Decimal:
    # A JSON number only: "7.5" or true is a wrong type, as everywhere in the record.
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise PydanticCustomError("amount_number", MESSAGES["amount_number"])
    # A float's repr is its shortest text, the number the JSON wrote (13.33, not
    # 13.3300000000000000710542735760100185871124267578125).
    amount = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    try:
        check_amount(amount)
    except ScoringError as e:
        raise PydanticCustomError(e.code, e.message, e.params) from None
    return amount


def _given(value: Any) -> Any:
    # An optional key is given a value or left out: null is not "the default".
    if value is None:
        raise PydanticCustomError("null_value", MESSAGES["null_value"])
    return value


#: On an optional key: ``null`` is refused, not read as the key left out.
Given = BeforeValidator(_given)
#: Points or whists written on a sheet: a number within ``deals.MAX_AMOUNT``, 4 decimals.
Amount = Annotated[Decimal, PlainValidator(_amount)]
Name = Annotated[str, Field(min_length=1, max_length=64), AfterValidator(_name)]


class _Strict(BaseModel):
    # Built on first validation, not on import: a process that settles a record
    # builds the record's validator alone, one that never reads a record none.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class _RulesBase(_Strict):
    variant: Annotated[Literal["sochi", "leningrad", "rostov"], Given] = "sochi"

    def to_rules(self) -> Rules:
        # The fields as they are (plain JSON values), read without pydantic's
        # serializer: settling a record builds no validator but the record's.
        given = {name: getattr(self, name) for name in type(self).model_fields}
        values = {k: v for k, v in given.items() if v is not None}
        variant = values.pop("variant")
        for c in CONVENTIONS:
            # Money is a decimal string in the record: a JSON number is binary
            # floating point already (0.1 is not 0.1), so it is refused.
            if isinstance(c.domain, Money) and not isinstance(values.get(c.name, ""), str):
                raise InvalidRules.of("rules_stake_number", c.name)
        return Rules.for_variant(variant, **values)


def _json_type(c: Convention) -> Any:
    """How the record spells a convention's value, strictly (no "1" for 1, no 1 for true)."""
    domain = c.domain
    if isinstance(domain, Money):
        return Any  # checked in to_rules, with the convention's own message
    if isinstance(domain, OneOf):
        return Literal[tuple(m.value for m in domain.values)]
    return {bool: StrictBool, int: StrictInt, str: StrictStr, list[int]: list[StrictInt]}[
        domain.json
    ]


#: The ``rules`` object: every key optional, defaults follow the variant.  Derived
#: from the conventions table, so a new convention is a new key here by itself.
_RULES_FIELDS: dict[str, Any] = {
    c.name: (Annotated[_json_type(c) | None, Given], None) for c in CONVENTIONS
}
if TYPE_CHECKING:
    RulesModel = _RulesBase
else:
    RulesModel = create_model("RulesModel", __base__=_RulesBase, **_RULES_FIELDS)


class GameModel(_Strict):
    type: Literal["game"]
    declarer: Name
    contract: Annotated[str, Field(max_length=16), AfterValidator(_contract)]
    whist: dict[Name, Literal["whist", "pass", "half"]]
    tricks: dict[Name, StrictInt]
    dealer: Annotated[Name | None, Given] = None

    def to_deal(self) -> Deal:
        return Game.of(self.declarer, self.contract, self.whist, self.tricks, self.dealer)


class MisereModel(_Strict):
    type: Literal["misere"]
    declarer: Name
    tricks: dict[Name, StrictInt]
    dealer: Annotated[Name | None, Given] = None

    def to_deal(self) -> Deal:
        return _misere(self.declarer, self.tricks, self.dealer)


def _misere(declarer: str, tricks: dict[str, int], dealer: str | None) -> Misere:
    if declarer not in tricks:
        raise InvalidDeal.of("misere_declarer_tricks", "tricks", declarer=declarer)
    others = set(tricks) - {declarer}
    if others:
        raise InvalidDeal.of("misere_only_declarer", "tricks")
    return Misere(declarer, tricks[declarer], dealer)


class RaspasyModel(_Strict):
    type: Literal["raspasy"]
    tricks: dict[Name, StrictInt]
    dealer: Annotated[Name | None, Given] = None

    def to_deal(self) -> Deal:
        return Raspasy.of(self.tricks, self.dealer)


class CorrectionModel(_Strict):
    type: Literal["correction"]
    player: Name
    pulka: Amount = Decimal(0)
    mountain: Amount = Decimal(0)
    whists: Annotated[dict[Name, Amount], Given, Field(default_factory=dict)]
    note: Annotated[str, Given, Field(max_length=500), AfterValidator(_note)] = ""

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
Players = Annotated[list[Name], Field(min_length=2, max_length=5)]


class RecordModel(_Strict):
    """Form 1: a game record."""

    format: Literal["pulka/1"]
    players: Players
    rules: Annotated[RulesModel, Given, Field(default_factory=RulesModel.model_construct)]
    deals: Annotated[list[DealModel], Given, Field(default_factory=list)]


class SheetModel(_Strict):
    """Form 2: a paper sheet."""

    format: Literal["pulka-sheet/1"]
    players: Players
    rules: Annotated[RulesModel, Given, Field(default_factory=RulesModel.model_construct)]
    pulka: Annotated[dict[Name, Amount], Given, Field(default_factory=dict)]
    mountain: Annotated[dict[Name, Amount], Given, Field(default_factory=dict)]
    whists: Annotated[dict[Name, dict[Name, Amount]], Given, Field(default_factory=dict)]


@dataclass(frozen=True)
class Document:
    """A loaded document: the sheet to settle, and the replay if it was a record."""

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
        elif part == "[key]" and i == len(loc) - 1:
            continue  # pydantic's mark of an error in a key: the key is the place
        else:
            out = key_path(out, part)
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
    path = _path(tuple(err["loc"]))
    if err["type"] in _OWN_CODES:
        return InvalidDeal.of(err["type"], path, **err.get("ctx", {}))
    if err["type"] in _OBJECT_ERRORS:
        return InvalidDeal.of("object_type", path)
    return InvalidDeal.of("field", path, detail=_message(err))


#: Errors of the record's own types (names, amounts, text), told by their scoring code.
_OWN_CODES = frozenset(
    {
        "name_character",
        "amount_number",
        "amount_range",
        "amount_decimals",
        "null_value",
        "contract_character",
        "note_character",
    }
)
#: pydantic's "a valid dictionary or instance of RulesModel": an object was expected.
_OBJECT_ERRORS = frozenset({"model_type", "model_attributes_type", "dict_type"})


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
    _check_table_size(doc.rules.model_fields_set, len(players))
    try:
        PulkaState.new(players, rules)
    except ScoringError as e:
        raise InvalidDeal(e.message, "players", e.code, e.params) from None
    if isinstance(doc, RecordModel):
        deals = _to_deals(doc.deals)
        state = final_state(players, rules, deals)
        return Document(
            players=players,
            rules=rules,
            sheet=state.sheet,
            state=state,
            deals=tuple(deals),
        )
    return Document(players=players, rules=rules, sheet=_paper_sheet(doc, players))


def other_table(c: Convention, n: int) -> bool:
    """Whether ``c`` is a convention of one other table size than ``n`` (hussar's at three,
    five's at four): a record of ``n`` players that gives it is refused, as ``/calc`` does,
    rather than settled as if it changed something.

    The conventions of two defenders (``whist``, ``half_whist``, ...) mean nothing in hussar
    but are the record's common keys, and are read there as everywhere.

    >>> other_table(CONVENTION["hussar_mountain"], 3), other_table(CONVENTION["whist"], 2)
    (True, False)
    """
    return len(c.sizes) == 1 and not c.applies_to(n)


#: What a convention of another table size is told, by the size it belongs to.
_SIZE_ERRORS = {2: "rules_hussar_only", 5: "rules_five_only"}


def _check_table_size(keys: set[str], n: int) -> None:
    for c in CONVENTIONS:  # in the table's order, so the first error is always the same
        if c.name in keys and other_table(c, n):
            code = _SIZE_ERRORS.get(c.sizes[0], "rules_size_only")
            raise InvalidRules.of(code, key_path("rules", c.name), name=c.name, count=n)


def _to_deals(models: list[Any]) -> list[Deal]:
    deals = []
    for i, d in enumerate(models):
        try:
            deals.append(d.to_deal())
        except ScoringError as e:
            raise e.at(f"deals[{i}]") from None
    return deals


def _paper_sheet(doc: SheetModel, players: tuple[str, ...]) -> Sheet:
    n = len(players)

    def seat(name: str, path: str) -> int:
        if name not in players:
            raise InvalidDeal.of("unknown_player", path, name=name, players=", ".join(players))
        return players.index(name)

    def column(values: dict[str, Decimal], key: str) -> tuple[Number, ...]:
        out: list[Number] = [0] * n
        for name, v in values.items():
            out[seat(name, key_path(key, name))] = norm(Fraction(v))
        return tuple(out)

    whists: list[Number] = [0] * (n * n)
    for writer, row in doc.whists.items():
        i = seat(writer, key_path("whists", writer))
        for on, v in row.items():
            j = seat(on, key_path(key_path("whists", writer), on))
            if i == j:
                raise InvalidDeal.of(
                    "self_whists", key_path(key_path("whists", writer), on), player=writer
                )
            whists[i * n + j] = norm(Fraction(v))
    return Sheet(
        players, column(doc.pulka, "pulka"), column(doc.mountain, "mountain"), tuple(whists)
    )


# --- writing ------------------------------------------------------------------


def number(x: Number, places: int = FIGURE_PLACES) -> int | float:
    """A JSON number whose text is the figure the chat and the picture show.

    Whole numbers as integers, others to ``places`` decimals (2), halves away
    from 0, all by :func:`scoring.numbers.json_number`, so 1/8 is 0.13 everywhere:

    >>> number(Fraction(1, 8)), number(Fraction(-187, 3)), number(Fraction(10, 2))
    (0.13, -62.33, 5)
    >>> number(Fraction(1, 8), 4)
    0.125
    """
    return json_number(x, places)


def settlement_json(doc: Document) -> dict[str, Any]:
    """The calculator's output for a loaded document."""
    s: Settlement = settle(doc.sheet, doc.rules)
    sheet = doc.sheet
    players = []
    for i, name in enumerate(sheet.players):
        players.append(
            {
                "name": name,
                "pulka": number(sheet.pulka[i]),
                "mountain": number(sheet.mountain[i]),
                "whists": {k: number(v) for k, v in sheet.whists_by(i).items()},
                "result": number(s.results[i]),
                "money": str(s.money[i]),
            }
        )
    out: dict[str, Any] = {
        "players": players,
        "finished": s.finished,
        "currency": doc.rules.currency,
        "stake": jsonable(doc.rules.stake),
        "payments": [{"from": p.payer, "to": p.payee, "amount": str(p.amount)} for p in s.payments],
    }
    moved = roundings(s, doc.rules.stake)
    if moved:
        # Present only when a player's money is not his result times the stake
        # (rounded alone): who, that product, and what he pays or gets instead.
        out["rounding"] = [
            {"name": r.player, "share": str(r.share), "money": str(r.money)} for r in moved
        ]
    if s.notice is not None:
        out["notice"] = NOTICES[s.notice]
    return out


def settlement_to_json(s: Settlement, *, compact: bool = False) -> dict[str, Any]:
    """Every figure of ``s``, exactly: fractions as ``"n/d"``, money as decimal text.

    Unlike :func:`settlement_json` (the figures as shown, to the cent), nothing is
    rounded, so a settlement stored this way reads back equal
    (:func:`settlement_from_json`) and is never scored again.

    >>> sheet = Sheet(("A", "B", "C"), (20, 20, 20), (13, Fraction(15, 2), 25),
    ...               (0, 70, 100, 114, 0, 96, 140, 180, 0))
    >>> s = settle(sheet, Rules())
    >>> stored = settlement_to_json(s)
    >>> stored["results"], stored["money"], stored["payments"][0]
    (['-187/3', '110/3', '77/3'], ['-62.33', '36.66', '25.67'], ['A', 'B', '36.66'])
    >>> settlement_from_json(stored) == s
    True

    ``compact`` is the form a chat's hundreds of night summaries keep: whole figures
    as JSON integers (a fraction stays ``"n/d"``), and no ``adjustment`` or ``notice``
    when there is none.  It reads back equal too:

    >>> small = settlement_to_json(s, compact=True)
    >>> small["amnestied"], small["average"], "notice" in small
    (['11/2', 0, '35/2'], '23/3', False)
    >>> settlement_from_json(small) == s
    True
    """
    exact = _compact if compact else _exact
    out: dict[str, Any] = {
        "players": list(s.players),
        "finished": s.finished,
        "equalised": [exact(x) for x in s.equalised],
        "amnestied": [exact(x) for x in s.amnestied],
        "average": exact(s.average),
        "mountain_results": [exact(x) for x in s.mountain_results],
        "balances": [[exact(x) for x in row] for row in s.balances],
        "adjustment": None
        if s.adjustment is None
        else [s.adjustment[0], exact(s.adjustment[1]), s.adjustment[2]],
        "results": [exact(x) for x in s.results],
        "money": [str(m) for m in s.money],
        "payments": [[p.payer, p.payee, str(p.amount)] for p in s.payments],
        "notice": s.notice,
    }
    if compact:
        for key in ("adjustment", "notice"):
            if out[key] is None:
                del out[key]
    return out


def settlement_from_json(d: dict[str, Any]) -> Settlement:
    """:func:`settlement_to_json` read back, of either form."""
    adj = d.get("adjustment")
    return Settlement(
        players=tuple([str(p) for p in d["players"]]),
        finished=bool(d["finished"]),
        equalised=_figures(d["equalised"]),
        amnestied=_figures(d["amnestied"]),
        average=_figure(d["average"]),
        mountain_results=_figures(d["mountain_results"]),
        balances=tuple([_figures(row) for row in d["balances"]]),
        adjustment=None if adj is None else (int(adj[0]), _figure(adj[1]), int(adj[2])),
        results=_figures(d["results"]),
        money=tuple([Decimal(m) for m in d["money"]]),
        payments=tuple([Payment(str(a), str(b), Decimal(m)) for a, b, m in d["payments"]]),
        notice=d.get("notice"),
    )


def _exact(x: Number) -> str:
    return str(Fraction(x))


def _compact(x: Number) -> int | str:
    if type(x) is int:
        return x
    f = Fraction(x)
    return f.numerator if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _figures(stored: list[Any]) -> tuple[Number, ...]:
    # The compact form's whole figures (most of them) are taken as they are.
    return tuple([x if type(x) is int else _figure(x) for x in stored])


def _figure(stored: object) -> Number:
    """A figure as :func:`settlement_to_json` wrote it (an int, ``"n/d"`` or ``"n"``),
    an ``int`` when whole.  ``"n/d"`` is split by hand: ``Fraction``'s own parsing of a
    string is three times slower, and a chat's nights read thousands of them."""
    if type(stored) is int:
        return stored
    text = str(stored)
    top, slash, bottom = text.partition("/")
    if slash:
        return norm(Fraction(int(top), int(bottom)))
    try:
        return int(text)
    except ValueError:
        return norm(Fraction(text))


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
        # A correction is data, not a figure shown: kept to the decimals it may have,
        # so a stored or exported correction reads back exactly.
        out = {"type": "correction", "player": deal.player}
        if deal.pulka:
            out["pulka"] = number(deal.pulka, AMOUNT_DECIMALS)
        if deal.mountain:
            out["mountain"] = number(deal.mountain, AMOUNT_DECIMALS)
        if deal.whists:
            out["whists"] = {k: number(v, AMOUNT_DECIMALS) for k, v in deal.whists}
        if deal.note:
            out["note"] = deal.note
        return out
    if deal.dealer is not None:
        out["dealer"] = deal.dealer
    return out


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """The record's ``rules``: the variant, target, stake and every change."""
    return {
        "variant": rules.variant.value,
        "target": rules.target,
        "stake": jsonable(rules.stake),
        **rules.changes(),
    }


def record_json(players: tuple[str, ...], rules: Rules, deals: list[Deal]) -> dict[str, Any]:
    """A whole game record (``/export``)."""
    n = len(players)
    written = rules_to_json(rules)
    # A convention of another table size changes nothing here, and the record refuses it.
    kept = {
        k: v for k, v in written.items() if k not in CONVENTION or not other_table(CONVENTION[k], n)
    }
    return {
        "format": "pulka/1",
        "players": list(players),
        "rules": kept,
        "deals": [deal_to_json(d) for d in deals],
    }


def rules_from_json(data: dict[str, Any]) -> Rules:
    """The record's ``rules`` (as :func:`rules_to_json` writes them) back to :class:`Rules`."""
    return RulesModel.model_validate(data).to_rules()


@cache
def _deal_adapter() -> TypeAdapter[Any]:
    # Made on first use, like the models' validators.
    return TypeAdapter(DealModel)


def deal_from_json(data: dict[str, Any]) -> Deal:
    """One deal as the record writes it (:func:`deal_to_json`) back to a deal."""
    deal: Deal = _deal_adapter().validate_python(data, context={"stored": True}).to_deal()
    return deal
