"""``/calc``: a paper sheet typed in the chat, read into a ``pulka-sheet/1`` document.

The header says the game, every part optional and in any order: a variant, the number
of players (2 to 5, or a size word: ``гусарик``, ``впятером``), the target, the stake
and conventions as ``key=value`` (hussar's mountain also as words: ``неделимая гора``).
Then a line per player in seating order (a new line or ``;`` ends one): the name, the
pulka, the mountain and the whists on each other player, in any language of the bot::

    /calc сочи 3 до 20 по 1 division=adjust
    Аня пуля 20 гора 13 висты Боря 70 Вера 100
    Боря 20 7.5 Аня 114 Вера 96

Bare numbers are the pulka, the mountain, then the whists in seating order; a whist's
name may be in any case, or the start of only one player's name.  The document is
settled as ``python -m scoring settle`` settles it.

>>> s = parse_sheet("сочи 3 по 1", ["Аня 20 13 Боря 70 Вера 100", "Боря 20 7.5 114 96",
...                  "Вера пуля 20 гора 25 висты аня 140 бор 180"])
>>> doc = s.document()
>>> doc["rules"], doc["mountain"]
({'variant': 'sochi', 'stake': '1'}, {'Аня': 13, 'Боря': Decimal('7.5'), 'Вера': 25})
>>> doc["whists"]["Вера"]
{'Аня': 140, 'Боря': 180}
>>> [str(r) for r in settle_paper(s).settlement.results]
['-187/3', '110/3', '77/3']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from itertools import takewhile
from typing import Any

from bot.grammar.conventions import convention_value
from bot.grammar.deals import (
    AMOUNT_RE,
    CORRECTION_WORDS,
    NAMING_WORDS,
    ON_WORDS,
    STAKE_RE,
    STAKE_WORDS,
    TARGET_RE,
    TARGET_WORDS,
    VARIANT_WORDS,
    size_word,
)
from bot.model import ParseError
from scoring import (
    CONVENTION,
    Correction,
    Rules,
    Settlement,
    Sheet,
    Step,
    replay,
    settle,
    stake_text,
)
from scoring.names import odd_character
from scoring.record import Document, load_document
from scoring.rules import HussarMountain, OneOf, jsonable
from scoring.seating import TABLE_SIZES

#: The usage hint of every ``/calc`` error (the message ``calc_form``).
FORM = "calc"
#: What an amount of a line is written on: ``/correct``'s words (``пуля``, ``гора``,
#: ``висты``...) and ``hill``.
FIELDS = {**CORRECTION_WORDS, "hill": "mountain"}
FIELD_WORDS = FIELDS.keys() | ON_WORDS
#: After the number of players: ``3 игрока``.
PLAYERS_WORDS = frozenset(
    {"игрока", "игроков", "игроки", "гравці", "гравця", "гравців", "players", "player"}
)
#: A convention of one table size on a sheet of another: what is said (``calc_rule_size``:
#: any other size).
SIZE_RULE_ERRORS = {2: "calc_rule_hussar", 5: "calc_rule_five"}
_INDIVISIBLE, _DIVISIBLE = HussarMountain.INDIVISIBLE.value, HussarMountain.DIVISIBLE.value
#: Hussar's mountain as words (``неделимая гора``, ``indivisible mountain``), the word
#: ``гора`` after it optional: the key ``hussar_mountain`` (Code 4.1.1 c).
MOUNTAIN_RULE_WORDS = {
    **dict.fromkeys(("неделимая", "неподільна", "неподiльна", "indivisible"), _INDIVISIBLE),
    **dict.fromkeys(("делимая", "подільна", "подiльна", "divisible"), _DIVISIBLE),
}
#: A name: one word, not a number, not a command, at most 24 characters.
NAME_LIMIT = 24
_NOT_NAME_START = re.compile(r"[0-9+\-−/@.,]")
#: A word meant as a number (``1000000.5``, ``7.12345``): told as a bad amount.
_NUMBERISH = re.compile(r"[+-]?[.,]?[0-9]")
#: A good value, by the convention's JSON type (``calc_bad_value``).
VALUE_EXAMPLES = {bool: "true, false", int: "7", list[int]: "1,2,3"}


@dataclass(frozen=True, slots=True)
class PaperLine:
    """One player's line: ``pulka`` None until given (the step-by-step form fills it)."""

    name: str
    pulka: Decimal | None = None
    mountain: Decimal | None = None
    #: Whists by name of the opponent, as typed (resolved by :func:`parse_sheet`).
    whists: tuple[tuple[str, Decimal], ...] = ()
    #: Whists without names: on the others in seating order.
    listed: tuple[Decimal, ...] = ()

    @property
    def complete(self) -> bool:
        return self.pulka is not None


@dataclass(frozen=True, slots=True)
class PaperSheet:
    """A typed paper sheet: the game (header) and the players' lines."""

    variant: str = "sochi"
    seats: int | None = None
    target: int | None = None
    stake: Decimal | None = None
    #: ``key=value`` conventions, as record JSON values, in the order typed.
    conventions: tuple[tuple[str, Any], ...] = ()
    lines: tuple[PaperLine, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(line.name for line in self.lines)

    @property
    def size(self) -> int:
        """The number of players: the lines', else the one said, else 3."""
        return len(self.lines) or self.seats or 3

    def document(self) -> dict[str, Any]:
        """The ``pulka-sheet/1`` document (amounts as exact Decimals, as JSON reads them)."""
        rules: dict[str, Any] = {"variant": self.variant}
        if self.target is not None:
            rules["target"] = self.target
        if self.stake is not None:
            rules["stake"] = stake_text(self.stake)
        rules.update(self.conventions)
        whists = {
            x.name: {on: _json_amount(v) for on, v in x.whists} for x in self.lines if x.whists
        }
        return {
            "format": "pulka-sheet/1",
            "players": list(self.players),
            "rules": rules,
            "pulka": {x.name: _json_amount(x.pulka or Decimal(0)) for x in self.lines},
            "mountain": {x.name: _json_amount(x.mountain or Decimal(0)) for x in self.lines},
            "whists": whists,
        }


def _json_amount(d: Decimal) -> int | Decimal:
    """A whole amount as an ``int`` (as JSON writes ``20``), else the exact Decimal."""
    return int(d) if d == d.to_integral_value() else d


# --- reading ---------------------------------------------------------------------------


def split_message(text: str) -> tuple[str, list[str]]:
    """``/calc`` message text: (the header after the command, the other lines).

    The header may also stand alone on the second line (``/calc`` then ``сочи 3``).
    Empty lines are dropped; ``;`` ends a line too.
    """
    first, _, rest = text.partition("\n")
    parts = first.split(maxsplit=1)
    header, _, more = (parts[1] if len(parts) > 1 else "").partition(";")
    header = header.strip()
    lines = [x.strip() for chunk in (more, *rest.split("\n")) for x in chunk.split(";")]
    lines = [x for x in lines if x]
    first = lines[0].split()[0].casefold() if lines else ""
    if not header and first and (_header_word(first) or "=" in first):
        header = lines.pop(0)
    return header, lines


def _header_word(key: str) -> bool:
    return (
        key in VARIANT_WORDS
        or key in NAMING_WORDS
        or size_word(key) is not None
        or key in MOUNTAIN_RULE_WORDS
    )


def parse_header(text: str) -> PaperSheet:
    """The first line: ``[variant] [2-5] [до N] [по S] [key=value ...]``.

    >>> h = parse_header("ленинград 4 игрока до 50 по 0,5 whist=greedy")
    >>> h.variant, h.seats, h.target, h.stake, h.conventions
    ('leningrad', 4, 50, Decimal('0.5'), (('whist', 'greedy'),))

    A size word for the number, and hussar's mountain in words:

    >>> h = parse_header("гусарик неделимая гора до 10")
    >>> h.seats, h.target, h.conventions
    (2, 10, (('hussar_mountain', 'indivisible'),))
    """
    words = text.split()
    sheet = PaperSheet()
    given: set[str] = set()
    i = 0
    while i < len(words):
        word = words[i]
        key = word.casefold()
        i += 1
        if key in VARIANT_WORDS:
            _once(given, "variant", word)
            sheet = replace(sheet, variant=VARIANT_WORDS[key])
        elif re.fullmatch(r"[0-9]{1,6}", key):
            if int(key) not in TABLE_SIZES:
                raise ParseError("calc_bad_count", FORM, token=word)
            _once(given, "seats", word)
            sheet = replace(sheet, seats=int(key))
            if i < len(words) and words[i].casefold() in PLAYERS_WORDS:
                i += 1
        elif size_word(key) is not None:
            _once(given, "seats", word)
            sheet = replace(sheet, seats=size_word(key))
        elif key in MOUNTAIN_RULE_WORDS:
            sheet = _convention(sheet, "hussar_mountain", MOUNTAIN_RULE_WORDS[key], given, word)
            if i < len(words) and FIELDS.get(words[i].casefold()) == "mountain":
                i += 1  # "неделимая гора"
        elif key in TARGET_WORDS or key in STAKE_WORDS:
            what = "target" if key in TARGET_WORDS else "stake"
            _once(given, what, word)
            value = words[i] if i < len(words) else ""
            i += 1
            sheet = _named(sheet, what, value, word)
            if what == "stake" and i < len(words) and _currency_word(words[i]):
                # "по 0,5 EUR", as /newpulka takes it.
                sheet = _convention(sheet, "currency", words[i].upper(), given)
                i += 1
        elif "=" in key:
            name, _, value = word.partition("=")
            sheet = _convention(sheet, name.strip().casefold(), value.strip(), given)
        else:
            raise ParseError("calc_bad_header", FORM, token=word)
    return sheet


def _currency_word(word: str) -> bool:
    """A currency after the stake (``EUR``, ``грн``, ``₽``), not a word of the header."""
    key = word.casefold()
    if _header_word(key) or key in PLAYERS_WORDS:
        return False
    return bool(re.fullmatch(r"[A-Za-zА-Яа-яЁёІіЇїЄєҐґ₽€$£]{1,8}", word))


def _once(given: set[str], what: str, word: str) -> None:
    if what in given:
        raise ParseError("calc_header_twice", FORM, token=word)
    given.add(what)


def _named(sheet: PaperSheet, what: str, value: str, word: str) -> PaperSheet:
    if what == "target":
        if not TARGET_RE.fullmatch(value) or not 1 <= int(value) <= 10_000:
            raise ParseError("calc_bad_target", FORM, token=value or word)
        return replace(sheet, target=int(value))
    text = value.replace(",", ".")
    if not STAKE_RE.fullmatch(text):
        raise ParseError("calc_bad_stake", FORM, token=value or word)
    return replace(sheet, stake=Decimal(text))


def _convention(
    sheet: PaperSheet, key: str, value: str, given: set[str], said: str | None = None
) -> PaperSheet:
    """``key=value``: the record's rules key and its JSON value (``said``: the word that
    said it, if not ``key=value``)."""
    token = f"{key}={value}"
    if key == "variant":
        variant = VARIANT_WORDS.get(value.casefold())
        if variant is None:
            raise ParseError("calc_bad_header", FORM, token=token)
        _once(given, key, token)
        return replace(sheet, variant=variant)
    if key in ("target", "stake"):
        _once(given, key, token)
        return _named(sheet, key, value, token)
    c = CONVENTION.get(key)
    if c is None:
        raise ParseError("calc_bad_key", FORM, token=key, keys=", ".join(CONVENTION))
    _once(given, key, said or token)
    found = convention_value(key, value)
    choices = [m.value for m in c.domain.values] if isinstance(c.domain, OneOf) else []
    if found is None or (choices and found not in choices):
        allowed = ", ".join(choices) or VALUE_EXAMPLES.get(c.domain.json, "RUB")
        raise ParseError("calc_bad_value", FORM, token=token, allowed=allowed)
    return replace(sheet, conventions=(*sheet.conventions, (key, jsonable(found))))


def valid_name(word: str) -> bool:
    """Can ``word`` name a player of the sheet (one word, not a number or a sheet word)?"""
    return (
        0 < len(word) <= NAME_LIMIT
        and not _NOT_NAME_START.match(word)
        and not word[0].isnumeric()
        and word.casefold() not in FIELD_WORDS
        and "=" not in word
        and odd_character(word) is None
    )


def _words(line: str) -> list[str]:
    for ch in "=:;":
        line = line.replace(ch, " ")
    words = line.replace("\u2212", "-").split()
    return [w.strip(",") for w in words if w.strip(",")]


def _amount(word: str) -> Decimal | None:
    text = word.replace(",", ".")
    return Decimal(text) if AMOUNT_RE.fullmatch(text) else None


def _following(words: Sequence[str], i: int, who: str, word: str) -> Decimal:
    """The amount after ``word`` (``пуля 20``, ``Боря 30``)."""
    value = _amount(words[i]) if i < len(words) else None
    if value is None:
        if i < len(words) and _NUMBERISH.match(words[i]):
            raise ParseError("calc_bad_amount", FORM, name=who, token=words[i])
        raise ParseError("calc_missing_amount", FORM, name=who, token=word)
    return value


def parse_line(line: str) -> PaperLine:
    """One player's line: the name, then ``пуля N``, ``гора N``, ``висты Name N ...``
    or the numbers alone (pulka, mountain, then the whists in seating order).

    >>> parse_line("Аня: пуля 20, гора 13; висты Боря 70 Вера 100")
    PaperLine(name='Аня', pulka=Decimal('20'), mountain=Decimal('13'), \
whists=(('Боря', Decimal('70')), ('Вера', Decimal('100'))), listed=())
    """
    words = _words(line)
    if not words:
        raise ParseError("calc_no_lines", FORM)
    who = words[0]
    if not valid_name(who):
        raise ParseError("calc_bad_name", FORM, token=who)
    figures: dict[str, Decimal] = {}  # pulka, mountain
    whists: list[tuple[str, Decimal]] = []
    listed: list[Decimal] = []
    in_whists = False
    i = 1
    while i < len(words):
        word = words[i]
        field = FIELDS.get(word.casefold())
        bare = _amount(word)
        i += 1
        if field == "whists":
            in_whists = True
        elif field is not None:
            value = _following(words, i, who, word)
            if field in figures:
                raise ParseError("calc_twice", FORM, name=who, token=word)
            figures[field] = value
            i += 1
            in_whists = False
        elif word.casefold() in ON_WORDS:
            continue
        elif bare is not None:
            if in_whists or whists:
                raise ParseError("calc_whist_without_name", FORM, name=who, token=word)
            if "pulka" not in figures:
                figures["pulka"] = bare
            elif "mountain" not in figures and not listed:
                figures["mountain"] = bare
            else:
                listed.append(bare)
        elif _NUMBERISH.match(word):
            raise ParseError("calc_bad_amount", FORM, name=who, token=word)
        elif not valid_name(word):
            raise ParseError("calc_bad_word", FORM, name=who, token=word)
        else:
            value = _following(words, i, who, word)
            if listed:
                raise ParseError("calc_whist_without_name", FORM, name=who, token=str(listed[0]))
            whists.append((word, value))
            in_whists = True
            i += 1
    return PaperLine(
        who, figures.get("pulka"), figures.get("mountain"), tuple(whists), tuple(listed)
    )


def _resolve(word: str, players: Sequence[str]) -> str | None:
    """The player a whist names: the same name in any case, else the only one it starts."""
    key = word.casefold()
    same = [p for p in players if p.casefold() == key]
    if same:
        return same[0]
    starts = [p for p in players if p.casefold().startswith(key)]
    return starts[0] if len(starts) == 1 else None


def resolve_lines(sheet: PaperSheet) -> PaperSheet:
    """Check the lines together: 2 to 5 distinct players, whists on the others only, no
    convention of another table size (hussar's at two, five's at five)."""
    players = sheet.players
    n = len(players)
    if n not in TABLE_SIZES:
        raise ParseError("calc_players_count", FORM, n=str(n))
    if sheet.seats is not None and sheet.seats != n:
        raise ParseError("calc_players_differ", FORM, n=str(n), said=str(sheet.seats))
    for key, _ in sheet.conventions:  # hussar's mountain at three would change nothing
        c = CONVENTION[key]
        if not c.applies_to(n):
            error = SIZE_RULE_ERRORS.get(c.sizes[0], "calc_rule_size")
            raise ParseError(error, FORM, token=key, n=str(n))
    seen: set[str] = set()
    for p in players:
        if p.casefold() in seen:
            raise ParseError("calc_name_twice", FORM, name=p)
        seen.add(p.casefold())
    lines = []
    for line in sheet.lines:
        others = [p for p in players if p != line.name]
        whists: dict[str, Decimal] = {}
        if line.listed:
            if len(line.listed) != len(others):
                raise ParseError(
                    "calc_listed_count",
                    FORM,
                    name=line.name,
                    n=str(len(line.listed)),
                    others=", ".join(others),
                )
            whists = dict(zip(others, line.listed, strict=True))
        for word, value in line.whists:
            on = _resolve(word, players)
            if on is None:
                raise ParseError(
                    "calc_unknown_player",
                    FORM,
                    name=line.name,
                    token=word,
                    players=", ".join(players),
                )
            if on == line.name:
                raise ParseError("calc_self_whists", FORM, name=line.name)
            if on in whists:
                raise ParseError("calc_whists_twice", FORM, name=line.name, on=on)
            whists[on] = value
        ordered = tuple((p, whists[p]) for p in others if p in whists)
        lines.append(replace(line, whists=ordered, listed=()))
    return replace(sheet, lines=tuple(lines))


def _sheet(header: str, lines: Sequence[str]) -> PaperSheet:
    sheet = parse_header(header)
    return resolve_lines(replace(sheet, lines=tuple(map(parse_line, lines)))) if lines else sheet


def parse_sheet(header: str, lines: Sequence[str]) -> PaperSheet:
    """The whole typed sheet, every line complete (each with its pulka)."""
    sheet = _sheet(header, lines)  # the header's errors first
    if not lines:
        raise ParseError("calc_no_lines", FORM)
    for line in sheet.lines:
        if not line.complete:
            raise ParseError("calc_missing_pulka", FORM, name=line.name)
    return sheet


# --- settling --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Calc:
    """A settled paper sheet: the loaded document, its settlement, the picture's steps."""

    document: Document
    settlement: Settlement
    steps: tuple[Step, ...]

    @property
    def rules(self) -> Rules:
        return self.document.rules

    @property
    def players(self) -> tuple[str, ...]:
        return self.document.players


def settle_paper(sheet: PaperSheet, currency: str | None = None) -> Calc:
    """Settle as ``python -m scoring settle`` does; raises :class:`scoring.ScoringError`.

    ``currency``: the money's when the sheet names none (the chat language's)."""
    document = sheet.document()
    if currency is not None and "currency" not in document["rules"]:
        document["rules"]["currency"] = currency
    doc = load_document(document)
    # The picture's steps: the sheet written onto an empty one, a correction per player;
    # the last step's sheet is the document's, so the picture settles the same.
    written: Sheet = doc.sheet
    corrections = []
    for i, name in enumerate(written.players):
        whists = {k: v for k, v in written.whists_by(i).items() if v}
        pulka, mountain = written.pulka[i], written.mountain[i]
        if pulka or mountain or whists:
            corrections.append(Correction.of(name, pulka, mountain, whists))
    steps = replay(doc.players, doc.rules, corrections).steps
    return Calc(doc, settle(written, doc.rules), steps)


# --- the step-by-step form: its state is the typed form, kept in the message ------------


def form_lines(sheet: PaperSheet, words: dict[str, str]) -> list[str]:
    """The sheet as the one-message form (``/calc`` line first), which :func:`read_form`
    reads back; ``words`` are the chat language's: ``variant_<v>``, ``to``, ``at``,
    ``pulka``, ``mountain``, ``whists``."""
    head = ["/calc", words[f"variant_{sheet.variant}"], str(sheet.size)]
    if sheet.target is not None:
        head += [words["to"], str(sheet.target)]
    if sheet.stake is not None:
        head += [words["at"], stake_text(sheet.stake)]
    head += [f"{k}={_value_text(v)}" for k, v in sheet.conventions]
    out = [" ".join(head)]
    for line in sheet.lines:
        parts = [line.name]
        if line.complete:
            parts += [words["pulka"], stake_text(line.pulka or 0)]
            parts += [words["mountain"], stake_text(line.mountain or 0)]
            if line.whists:
                parts.append(words["whists"])
                for on, v in line.whists:
                    parts += [on, stake_text(v)]
        out.append(" ".join(parts))
    return out


def _value_text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return ",".join(str(x) for x in v)
    return str(v)


def read_form(text: str) -> PaperSheet | None:
    """The state of a step-by-step message: the form in its text, lines maybe incomplete.

    None if the text holds no readable form (not such a message, or changed by hand).
    """
    lines = text.split("\n")
    start = next((i for i, x in enumerate(lines) if x.startswith("/calc")), None)
    if start is None:
        return None
    body = list(takewhile(str.strip, lines[start + 1 :]))
    try:
        return _sheet("".join(lines[start].split(maxsplit=1)[1:]), body)
    except ParseError:
        return None


def next_line(sheet: PaperSheet) -> int | None:
    """The seat whose figures the step-by-step form asks next (None: all given)."""
    return next((i for i, x in enumerate(sheet.lines) if not x.complete), None)


def parse_names(text: str, sheet: PaperSheet) -> PaperSheet:
    """The step-by-step form's names: 2 to 5 words, in seating order (their number is the
    table's: a convention of another size is dropped, see :func:`with_size`)."""
    names = _words(text)
    if len(names) not in TABLE_SIZES:
        raise ParseError("calc_names_count", FORM, n=str(len(names)))
    for word in names:
        if not valid_name(word):
            raise ParseError("calc_bad_name", FORM, token=word)
    sheet = replace(with_size(sheet, len(names)), lines=tuple(PaperLine(x) for x in names))
    return resolve_lines(sheet)


def with_size(sheet: PaperSheet, n: int) -> PaperSheet:
    """The sheet for ``n`` players (the step-by-step form's choice): a convention of
    another table size (hussar's mountain, once three are chosen) dropped.

    >>> two = PaperSheet(seats=2, conventions=(("hussar_mountain", "indivisible"),))
    >>> with_size(two, 3).conventions, with_size(two, 2) == two
    ((), True)
    """
    kept = tuple(item for item in sheet.conventions if CONVENTION[item[0]].applies_to(n))
    return replace(sheet, seats=n, conventions=kept)


def fill_line(sheet: PaperSheet, seat: int, text: str) -> PaperSheet:
    """The step-by-step form's figures of ``seat``, typed as the rest of that player's line."""
    name = sheet.lines[seat].name
    line = parse_line(f"{name} {text}")
    if not line.complete:
        raise ParseError("calc_missing_pulka", FORM, name=name)
    return resolve_lines(_with_line(sheet, seat, line))


def clear_line(sheet: PaperSheet, seat: int) -> PaperSheet:
    """``seat``'s figures taken back (the "Back" button)."""
    return _with_line(sheet, seat, PaperLine(sheet.lines[seat].name))


def _with_line(sheet: PaperSheet, seat: int, line: PaperLine) -> PaperSheet:
    return replace(sheet, lines=(*sheet.lines[:seat], line, *sheet.lines[seat + 1 :]))
