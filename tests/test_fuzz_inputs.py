"""Fuzzing what players type, press and import: each input is refused or accepted, never a crash.

hypothesis fuzzing of the text grammar
(``/deal``, ``/correct``, ``/newpulka``), of the callback data and of ``/import``,
with the database unchanged after each refusal.

* The grammar and the callback data are pure: properties over hostile words
  (player names, deal words of the three languages, ASCII, Unicode and 30-digit
  numbers, suits, punctuation, emoji, control characters, very long tokens).
* End to end, the real bot (``app``) gets hypothesis-drawn texts, forged button
  presses (payloads planted on the message's keyboard, as a modified client could)
  and ``/import`` records mutated from a valid export.  After each one the bot has
  answered, nothing was logged at ERROR, and the events, pulkas and players tables
  are identical when the input was refused (appended to, never rewritten, when it
  was accepted).

Hypothesis's ``@given`` does not drive an async test with function-scoped fixtures,
so the end-to-end tests draw their inputs first, deterministically
(:func:`drawn`), and then play them against one running bot: one pulka serves
many examples, which keeps the file within seconds.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import pytest
from aiogram.filters.callback_data import CallbackData
from harness import App, group
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from bot.grammar import deals as parsing
from bot.grammar.deals import NewPulka, parse_correction, parse_deal, parse_newpulka, valid_name
from bot.model import ParseError, PlayerRow
from bot.views import buttons, texts
from bot.views.buttons import (
    MAX_ID,
    SUITS,
    BadCallback,
    EndCB,
    NewDealCB,
    SetupCB,
    SheetCB,
    SitCB,
    UndoAskCB,
    UndoCB,
    WizardData,
    b36,
    fits,
)
from bot.views.errors import error_text, parse_error_text
from bot.views.texts import LANGS, Texts
from scoring import (
    Contract,
    Correction,
    Game,
    InvalidRules,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    ScoringError,
    play,
    replay,
    seating,
)
from scoring.jsonread import parse_json
from scoring.record import load_document, record_json

T = TypeVar("T")
#: More examples everywhere (``PULKA_FUZZ_SCALE=20`` for a long hunt); 1 keeps the file
#: within about half a minute on two cores.
SCALE = max(1, int(os.environ.get("PULKA_FUZZ_SCALE", "1")))
#: Other end-to-end inputs than the fixed derandomized ones (``PULKA_FUZZ_SEED=7``).
SEED = int(os.environ["PULKA_FUZZ_SEED"]) if os.environ.get("PULKA_FUZZ_SEED") else None

# --- hostile words -----------------------------------------------------------------

THREE = [
    PlayerRow(0, "Anna", 1, "anna"),
    PlayerRow(1, "Boris", 2, None),
    PlayerRow(2, "Vera", None, None),
]
FOUR = [*THREE, PlayerRow(3, "Gleb", 4, "gleb")]
#: Names players may have that are not ASCII (valid_name accepts each).
ODD_NAMES = [
    PlayerRow(0, "Анна", 1, "anna_k"),
    PlayerRow(1, "Öz", None, None),
    PlayerRow(2, "👩\u200d💻", 3, None),
]
TABLES = [THREE, FOUR, ODD_NAMES]

#: Every word the grammar knows, in all three languages.
WORDS = sorted(
    parsing.RASPASY_WORDS
    | parsing.MISERE_WORDS
    | set(parsing.CHOICE_WORDS)
    | set(parsing.SUIT_WORDS)
    | set(parsing.VARIANT_WORDS)
    | set(parsing.CORRECTION_WORDS)
    | parsing.ON_WORDS
    | parsing.TEXT_WORDS
)
WHO = [
    "Anna",
    "anna",
    "ANNA",
    "@anna",
    "@ANNA",
    "Boris",
    "boris",
    "Vera",
    "@verochka",
    "Gleb",
    "@gleb",
    "Анна",
    "öz",
    "👩\u200d💻",
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "01",
    "@",
    "@@anna",
]
#: Superscript, circled, Arabic-Indic, fullwidth, Devanagari digits, a 30-digit number.
ODD_NUMBERS = [
    "²",
    "①",
    "٣",
    "３",
    "७",
    "½",
    "Ⅶ",
    "9" * 30,
    "1" * 5000,
    "-0",
    "+7",
    "1e3",
    "NaN",
    "inf",
    "0x10",
    "1_0",
    "7.",
    ".5",
    "2,5",
    "−3",
    "1/2",
]
#: Those of them that are amounts of a correction (``+7``, the minus sign, a comma).
AMOUNTS = frozenset({"+7", "2,5", "−3"})
#: And those that are stakes of ``/newpulka``.
STAKES = frozenset({"7.", ".5", "2,5"})
PUNCTUATION = [
    ",",
    ";",
    "—",
    "–",
    ":",
    "-",
    ".",
    "/",
    "<",
    ">",
    "&",
    "<b>",
    "&amp;",
    "{",
    "}",
    "{ $token }",
    "$",
    "#",
    '"',
    "'",
    "`",
    "\\",
    "|",
    "«»",
    "…",
]
#: Controls, bidi overrides, separators, joiners; ``\ud800`` only in the pure tests
#: (Telegram's UTF-8 cannot carry a lone surrogate).
CONTROLS = [
    "\x00",
    "\x07",
    "\x1b",
    "\x7f",
    "\u202e",
    "\u2066",
    "\u2028",
    "\u2029",
    "\t",
    "\ufeff",
    "\u200d",
    "\u200b",
    "\ufe0f",
    "\u0301",
]
EMOJI = ["👩\u200d💻", "🂡", "♠️", "♥\ufe0f", "🇺🇦", "🃏", "😀" * 50]
SUIT_EMOJI = frozenset({"♠️", "♥\ufe0f"})
LEVELS = ["6", "7", "8", "9", "10", "5", "11", "0", "06", "²", "٧", "７"]

numbers = st.one_of(
    st.integers(-20, 20).map(str),
    st.integers(0, 10**30).map(str),
    st.sampled_from(ODD_NUMBERS),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.floats().map(str),
)
contracts = st.builds(
    lambda level, gap, suit: f"{level}{gap}{suit}",
    st.sampled_from(LEVELS),
    st.sampled_from(["", "", " ", "-", "."]),
    st.sampled_from([*parsing.SUIT_WORDS, "x", "", "♤", "NT", "БК"]),
)


def token_strategy(*, surrogates: bool) -> st.SearchStrategy[str]:
    """One word a player (or a fuzzer) might type."""
    controls = [*CONTROLS, "\ud800", "\udfff"] if surrogates else CONTROLS
    alphabet = st.characters(exclude_categories=["Cs"]) if not surrogates else st.characters()
    return st.one_of(
        st.sampled_from(WHO),
        st.sampled_from(WORDS),
        numbers,
        contracts,
        st.sampled_from(PUNCTUATION),
        st.sampled_from(controls),
        st.sampled_from(EMOJI),
        st.text(alphabet, max_size=8),
        st.text(alphabet, min_size=50, max_size=3000),
        st.builds(str.__add__, st.sampled_from(WHO + WORDS), st.sampled_from(controls)),
    )


SEPARATORS = st.sampled_from(
    [" ", " ", " ", "  ", ",", ", ", ";", "\n", " — ", " - ", ": ", "\u3000", "\u00a0", "\t"]
)


@st.composite
def phrases(draw: st.DrawFn, *, surrogates: bool = True, limit: int = 12) -> str:
    """A command's arguments: hostile words joined by hostile separators."""
    words = draw(st.lists(token_strategy(surrogates=surrogates), max_size=limit))
    return "".join(w + draw(SEPARATORS) for w in words)


#: Well-formed arguments, one word of which :func:`mutated` replaces: deeper in the
#: grammar than random words get, and sometimes still a valid deal.
VALID_DEALS = [
    "Anna 7h 7 Boris whist 2 Vera pass 1",
    "boris 7ч 7 ANNA вист 2 vera пас 1",
    "raspasy Anna 3 Boris 2 Vera 5",
    "распасы 1 4 2 0 3 6",
    "Boris misere 0",
    "Vera мізер 2",
    "Vera 6 бк 6 Anna пас 1 Boris полвиста 3",
    "@anna 6т 6 Boris pass 2 Vera вист 2",
    "3 6♥ 6 1 pass 2 2 whist 2",
    "Anna 10 nt 10 Boris whist 0 Vera pass 0",
]
VALID_CORRECTIONS = [
    "Anna pulka 2",
    "anna гора -2 висты boris 10 — ошибка",
    "Boris mountain 1.5 : note",
    "Vera whists on Anna 3 Boris 4",
    "1 куля 2 гору -1 - fix",
]
VALID_NEWPULKAS = ["sochi", "leningrad 50 1 EUR", "ростов 20 0,5 ₽", "20 .25", "піт 30"]


@st.composite
def mutated(draw: st.DrawFn, valid: Sequence[str], *, surrogates: bool = True) -> str:
    """A valid argument line with one or two of its words replaced, dropped or doubled."""
    words = draw(st.sampled_from(valid)).split()
    for _ in range(draw(st.integers(1, 2))):
        i = draw(st.integers(0, len(words) - 1))
        how = draw(st.sampled_from(["replace", "replace", "drop", "double", "insert"]))
        word = draw(token_strategy(surrogates=surrogates))
        if how == "replace":
            words[i] = word
        elif how == "drop" and len(words) > 1:
            del words[i]
        elif how == "double":
            words.insert(i, words[i])
        else:
            words.insert(i, word)
    return " ".join(words)


def args_strategy(valid: Sequence[str], *, surrogates: bool = True) -> st.SearchStrategy[str]:
    return st.one_of(phrases(surrogates=surrogates), mutated(valid, surrogates=surrogates))


# --- 1. the grammar (pure) ------------------------------------------------------------


def _states(players: Sequence[PlayerRow]) -> list[PulkaState]:
    """States a parsed deal is played on: a fresh pulka, one during raspasy (only the
    exit contracts may be played), a Leningrad and a Rostov one."""
    names = tuple(p.name for p in players)
    a, b, c = names[:3]
    run = replay(names, Rules(), [Raspasy.of({a: 3, b: 3, c: 4})]).state
    return [
        PulkaState.new(names, Rules()),
        run,
        PulkaState.new(names, Rules.for_variant("leningrad")),
        PulkaState.new(names, Rules.for_variant("rostov")),
    ]


STATES = {tuple(p.name for p in t): _states(t) for t in TABLES}


def shown_everywhere(err: ParseError, players: Sequence[PlayerRow]) -> None:
    """The refusal renders in every language: no Fluent error (strict), no ``{???}``."""
    assert texts.STRICT  # the autouse fixture of conftest.py; a Fluent error raises
    for lang in LANGS:
        text = parse_error_text(Texts(lang), err, [p.name for p in players])
        assert text and "{???}" not in text, (lang, text)
        assert len(text) <= 4096, (lang, len(text))  # one Telegram message


def scoring_refusal_shown(err: ScoringError, *, path: bool = False) -> None:
    for lang in LANGS:
        text = error_text(Texts(lang), err, path=path)
        assert text and "{???}" not in text, (lang, text)


def check_parsed_deal(deal: object, players: Sequence[PlayerRow]) -> None:
    """A deal the parser returns names only seated players, with tricks that add up."""
    names = {p.name for p in players}
    if isinstance(deal, Game | Raspasy):
        assert set(deal.trick_map) <= names and sum(deal.trick_map.values()) == 10
        assert all(0 <= t <= 10 for t in deal.trick_map.values())
    if isinstance(deal, Game):
        assert deal.declarer in names and 6 <= deal.contract.level <= 10
        assert len(deal.trick_map) == 3 and len(deal.defence) == 2
    elif isinstance(deal, Misere):
        assert deal.declarer in names and 0 <= deal.tricks <= 10
    elif isinstance(deal, Raspasy):
        assert len(deal.trick_map) == 3
    else:
        assert isinstance(deal, Correction), deal
        assert deal.player in names and {n for n, _ in deal.whists} <= names
        assert len(deal.note) <= parsing.NOTE_LIMIT


def played_or_refused(
    deal: Game | Misere | Raspasy | Correction, players: Sequence[PlayerRow]
) -> None:
    """``scoring.play`` writes the deal or refuses it with a ScoringError, nothing else."""
    for state in STATES[tuple(p.name for p in players)]:
        try:
            play(state, deal)
        except ScoringError as e:
            scoring_refusal_shown(e)


GRAMMAR = settings(max_examples=400 * SCALE, deadline=None)


@GRAMMAR
@given(args_strategy(VALID_DEALS), st.sampled_from(TABLES))
def test_deal_grammar_parses_or_refuses(text: str, players: list[PlayerRow]) -> None:
    try:
        deal = parse_deal(text, players)
    except ParseError as e:
        shown_everywhere(e, players)
        return
    check_parsed_deal(deal, players)
    played_or_refused(deal, players)


@GRAMMAR
@given(args_strategy(VALID_CORRECTIONS), st.sampled_from(TABLES))
def test_correction_grammar_parses_or_refuses(text: str, players: list[PlayerRow]) -> None:
    try:
        correction = parse_correction(text, players)
    except ParseError as e:
        shown_everywhere(e, players)
        return
    check_parsed_deal(correction, players)
    played_or_refused(correction, players)


@GRAMMAR
@given(args_strategy(VALID_NEWPULKAS))
def test_newpulka_grammar_parses_or_refuses(text: str) -> None:
    try:
        args = parse_newpulka(text)
    except ParseError as e:
        shown_everywhere(e, THREE)
        return
    assert isinstance(args, NewPulka) and args.variant in set(parsing.VARIANT_WORDS.values())
    assert args.target is None or 1 <= args.target <= 10_000
    assert args.stake is None or (isinstance(args.stake, Decimal) and args.stake.is_finite())
    try:
        rules = args.rules()
    except InvalidRules as e:  # a ScoringError: the handler shows it with its path
        scoring_refusal_shown(e, path=True)
        return
    assert isinstance(rules, Rules)


def test_the_fixed_hostile_words_are_refused() -> None:
    """The classic traps, each refused with a message rather than raised."""
    for word in [*ODD_NUMBERS, *CONTROLS, *EMOJI, "\ud800", "x" * 10_000]:
        for template in (
            "Anna 7h {} Boris whist 2 Vera pass 1",
            "{} 7h 7 Boris whist 2 Vera pass 1",
            "raspasy Anna {} Boris 2 Vera 5",
            "Anna 7{} 7 Boris whist 2 Vera pass 1",
        ):
            if word in SUIT_EMOJI and "7{}" in template:
                continue  # 7♠️: a suit as its emoji, read as the suit
            if not word.strip() and template.startswith("Anna 7h {}"):
                continue  # whitespace only separates: the declarer's count left out, as /cost

            with pytest.raises(ParseError) as info:
                parse_deal(template.format(word), THREE)
            shown_everywhere(info.value, THREE)
        for template in ("Anna mountain {}", "{} pulka 2", "Anna whists Boris {}"):
            if word in AMOUNTS and template != "{} pulka 2":
                continue
            with pytest.raises(ParseError) as info:
                parse_correction(template.format(word), THREE)
            shown_everywhere(info.value, THREE)
        if word in STAKES or not word.strip():
            continue  # a stake, or whitespace that only separates
        with pytest.raises(ParseError) as info:
            parse_newpulka(f"sochi 20 {word}")
        shown_everywhere(info.value, THREE)


def test_odd_names_are_valid_names() -> None:
    # The tables above must be tables the bot could seat, or the properties prove little.
    assert all(valid_name(p.name) for t in TABLES for p in t)


# --- 2. callback data (pure) ---------------------------------------------------------

#: Every CallbackData class of the bot (found, so that a new one is fuzzed too).
CALLBACKS: list[type[CallbackData]] = sorted(
    (
        c
        for c in vars(buttons).values()
        if isinstance(c, type) and issubclass(c, CallbackData) and c is not CallbackData
    ),
    key=lambda c: c.__name__,
)
PREFIXES = [c.__prefix__ for c in CALLBACKS]
#: The errors the payload readers are documented to raise: aiogram's TypeError
#: (field count) and ValueError (prefix), pydantic's ValidationError (a field);
#: aiogram's filter catches exactly (TypeError, ValueError).
UNPACK_ERRORS = (TypeError, ValueError, ValidationError)

FIELDS = st.one_of(
    st.integers(-5, 2**64 + 5).map(str),
    st.integers(0, 10**40).map(str),
    st.just(str(MAX_ID)),
    st.just(str(MAX_ID + 1)),
    st.sampled_from(
        [
            "",
            "0",
            "00",
            "01",
            "-0",
            "-1",
            "+1",
            " 1",
            "1 ",
            "1.0",
            "1_0",
            "0x1",
            "1e3",
            "inf",
            "nan",
            "true",
            "null",
            "None",
            "9" * 5000,
        ]
    ),
    st.sampled_from(ODD_NUMBERS),
    st.text(max_size=10),
)


@st.composite
def payloads(draw: st.DrawFn) -> str:
    """Callback data shaped like the bot's: a real prefix (or a near one), mangled fields."""
    prefix = draw(
        st.sampled_from([*PREFIXES, "v1w", "v2u", "V1U", "v1", "", "v1u "]) | st.text(max_size=4)
    )
    fields = draw(st.lists(FIELDS, max_size=5))
    return ":".join([prefix, *fields])


@settings(max_examples=600 * SCALE, deadline=None)
@given(payloads() | st.text() | st.binary().map(lambda b: b.decode("latin-1")))
def test_callback_data_unpacks_or_is_refused(data: str) -> None:
    for cls in CALLBACKS:
        try:
            cb = cls.unpack(data)
        except UNPACK_ERRORS as e:
            assert type(e) in UNPACK_ERRORS, (cls, data, e)
            continue
        # Accepted: canonical (packs back to the same text), ids fit SQLite.  Only the
        # settings button, of free text, reads more than Telegram's 64 bytes (which
        # Telegram never delivers) and cannot pack that back.
        if fits(data):
            assert cb.pack() == data, (cls, data)
        else:
            assert cls is SetupCB, (cls, data[:100])
        for value in cb.model_dump().values():
            assert not isinstance(value, int) or 0 <= value <= MAX_ID, (cls, data)


ids = st.integers(0, MAX_ID)
#: What the settings buttons carry: short codes and values ("t+", "sochi", "0.5", "₽").
SETUP_TEXT = st.text(
    st.sampled_from("abcdefghijklmnopqrstuvwxyzRUBEO0123456789.+-_₽€$"), max_size=12
)
VALID_CALLBACKS = st.one_of(
    st.builds(UndoCB, pulka=ids, event=ids, yes=st.integers(0, 1)),
    st.builds(EndCB, pulka=ids, last=ids),
    st.builds(NewDealCB, pulka=ids),
    st.builds(UndoAskCB, pulka=ids, event=ids),
    st.builds(SitCB, pulka=ids),
    st.builds(SheetCB, pulka=ids),
    st.builds(SetupCB, op=SETUP_TEXT, cur=SETUP_TEXT),
)


@settings(max_examples=200 * SCALE, deadline=None)
@given(VALID_CALLBACKS)
def test_valid_callback_data_round_trips(cb: CallbackData) -> None:
    data = cb.pack()
    assert type(cb).unpack(data) == cb
    assert fits(data), data
    # No other class reads it: one payload, one handler.
    for other in CALLBACKS:
        if other is not type(cb):
            with pytest.raises(UNPACK_ERRORS):
                other.unpack(data)


B36 = st.one_of(
    st.integers(0, MAX_ID + 10).map(b36),
    st.integers(0, 36**14).map(b36),
    st.sampled_from(
        [
            "",
            "0",
            "00",
            "01",
            "A",
            "Z",
            "-1",
            "²",
            "٣",
            "1" * 14,
            "z" * 13,
            "1y2p0ij32e8e7",
            "1y2p0ij32e8e8",
        ]
    ),
)
PATH_CHARS = "0123456789abcdefghijklmnopqrstuvwxyzgmrawbphA²٣:-"


@st.composite
def wizard_payloads(draw: st.DrawFn) -> str:
    """``v1w:{op}:{pulka}:{last}:{path}`` with each part drawn from near-misses."""
    op = draw(st.sampled_from(["s", "w", "x", "q", "", "S", "sw"]))
    path = draw(st.text(st.sampled_from(PATH_CHARS), max_size=9))
    parts = ["v1w", op, draw(B36), draw(B36), path]
    if draw(st.booleans()):
        parts = draw(st.permutations(parts)) if draw(st.booleans()) else parts[:-1]
    return ":".join(parts) + draw(st.sampled_from(["", "", ":", " ", "\n", "x" * 64]))


@st.composite
def valid_wizards(draw: st.DrawFn) -> WizardData:
    """A state the bot could have drawn (the kinds' rules as in ``WizardData._problem``)."""
    pulka, last = draw(st.integers(1, MAX_ID)), draw(st.integers(0, MAX_ID))
    op, kind = draw(st.sampled_from("swx")), draw(st.sampled_from(["", "g", "m", "r"]))
    tricks = st.integers(0, 10)
    if kind == "r":
        split = draw(st.lists(tricks, max_size=2).filter(lambda x: sum(x) <= 10))
        return WizardData(pulka, last, "r", tricks=tuple(split), op=op)
    if kind == "m":
        seat = draw(st.integers(0, 3))
        taken = tuple(draw(st.lists(tricks, max_size=1)))
        return WizardData(pulka, last, "m", seat=seat, tricks=taken, op=op)
    if kind == "g":
        contract = draw(st.none() | st.builds(Contract, st.integers(6, 10), st.sampled_from(SUITS)))
        defence = None if contract is None else draw(st.none() | st.sampled_from("abwph"))
        limit = {"a": 1, "b": 1, "w": 2}.get(defence or "", 0)
        t = draw(st.lists(tricks, max_size=limit).filter(lambda x: sum(x) <= 10))
        return WizardData(
            pulka,
            last,
            "g",
            seat=draw(st.integers(0, 3)),
            contract=contract,
            defence=defence,
            tricks=tuple(t),
            op=op,
        )
    return WizardData(pulka, last, op=op)


@st.composite
def tampered_wizards(draw: st.DrawFn) -> str:
    """A payload the bot could have drawn, with one character changed, dropped or added."""
    data = draw(valid_wizards()).pack()
    i = draw(st.integers(0, len(data)))
    ch = draw(st.characters() | st.sampled_from(PATH_CHARS))
    how = draw(st.sampled_from(["replace", "insert", "drop"]))
    if how == "replace":
        return data[:i] + ch + data[i + 1 :]
    return data[:i] + ch + data[i:] if how == "insert" else data[:i] + data[i + 1 :]


@settings(max_examples=600 * SCALE, deadline=None)
@given(wizard_payloads() | tampered_wizards() | st.text(max_size=80))
def test_wizard_data_unpacks_or_is_refused(data: str) -> None:
    try:
        w = WizardData.unpack(data)
    except BadCallback:
        return  # the only error: the handler answers "out of date" on it
    assert w.pack() == data and fits(data)
    assert 1 <= w.pulka <= MAX_ID and 0 <= w.last <= MAX_ID
    assert w.contract is None or (6 <= w.contract.level <= 10 and w.contract.suit in SUITS)
    # The moves a screen offers from it are payloads again.
    assert WizardData.unpack(w.back().pack()) == w.back()


# --- 3. end to end ---------------------------------------------------------------------


def drawn(strategy: st.SearchStrategy[T], n: int) -> list[T]:
    """``n`` examples of ``strategy``, the same ones on every run (derandomized), or
    those of ``PULKA_FUZZ_SEED`` when it is set.

    The end-to-end tests play them against one running bot; there is no shrinking,
    so each assertion names its input.
    """
    out: list[T] = []

    def collect(x: T) -> None:
        out.append(x)

    run = settings(
        max_examples=n,
        derandomize=SEED is None,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )(given(strategy)(collect))
    (run if SEED is None else seed(SEED)(run))()
    return out


Rows = tuple[tuple[Any, ...], ...]
#: The tables a refused input must leave as they were: the log and what it hangs on.
LOGGED = ("events", "pulkas", "players")


def query(db: Path, sql: str, *args: object) -> tuple[Any, ...]:
    """The first row of ``sql``, read on a separate read-only connection (WAL: it sees
    what the bot committed and takes no lock the bot would wait for)."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)) as conn:
        return tuple(conn.execute(sql, args).fetchone())


def dump(db: Path) -> dict[str, Rows]:
    """Every row of the logged tables, in rowid order."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)) as conn:
        return {
            t: tuple(conn.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall()) for t in LOGGED
        }


def new_events(before: dict[str, Rows], after: dict[str, Rows]) -> Rows:
    """The events appended; the log's earlier rows must be untouched."""
    old, new = before["events"], after["events"]
    assert new[: len(old)] == old, "an event was changed or deleted"
    return new[len(old) :]


def no_errors(caplog: pytest.LogCaptureFixture, what: object) -> None:
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, (what, caplog.text[-3000:])


class Marks:
    """How the bot's answers read in one language, taken from its catalog."""

    def __init__(self, lang: str) -> None:
        tx = Texts(lang)
        self.lang = lang
        # "<b>Сдача №7</b>: ..." arrives as "Сдача №7: ..." (the fake parses the HTML); a
        # correction is "Запись №7: ...".
        heads = [
            re.escape(re.sub(r"</?b>", "", tx(key, number="999", notation="@")).split("@")[0])
            for key in ("deal_written", "correction_written")
        ]
        self.written = re.compile("^(?:" + "|".join(heads).replace("999", r"\d+") + ")")
        bold = re.search(r"<b>(.*?)</b>", tx("imported", count="1"))
        assert bold is not None
        self.imported = bold[1]  # "Пулька загружена"
        self.stale = tx("stale")
        self.generic = tx("error_generic")
        self.lang_set = tx("lang_set")


MARKS = {lang: Marks(lang) for lang in LANGS}


class Room:
    """A group with a seated pulka of three or four (target 500: fuzzed deals never close
    it), speaking ``lang``; :meth:`open` starts another when a forged press ended it."""

    SEATS: ClassVar[dict[int, tuple[str, ...]]] = {
        3: ("anna", "boris", "vera"),
        4: ("anna", "boris", "vera", "gleb"),
    }
    #: Two deals to start with (with four, the dealer sits out: Anna first, then Boris).
    DEALS: ClassVar[dict[int, tuple[str, str]]] = {
        3: ("Anna 6s 6 Boris whist 3 Vera pass 1", "raspasy Anna 3 Boris 2 Vera 5"),
        4: ("Boris 6s 6 Vera whist 3 Gleb pass 1", "raspasy Anna 3 Vera 2 Gleb 5"),
    }

    def __init__(self, app: App, people: dict[str, Any], seats: int, lang: str) -> None:
        self.app, self.tg, self.p = app, app.tg, people
        self.seats, self.marks = seats, MARKS[lang]
        self.chat: dict[str, Any] = {}
        self.board = self.wizard = self.deal = 0
        self.rooms = 0

    async def open(self) -> None:
        self.rooms += 1
        self.chat = chat = group(self.tg, self.p, f"Fuzz table {self.rooms}")
        board = await self.app.reply_msg(chat, self.p["anna"], "/newpulka sochi 500")
        self.board = int(board["message_id"])
        for who in self.SEATS[self.seats]:
            await self.app.say(chat, self.p[who], "/join")
        # Once seated: only the pulka's players (or an admin) change its language.
        assert MARKS[self.marks.lang].lang_set in await self.app.say(
            chat, self.p["anna"], f"/lang {self.marks.lang}"
        )
        for text in self.DEALS[self.seats]:
            answer = await self.app.reply_msg(chat, self.p["boris"], f"/deal {text}")
            assert self.marks.written.match(answer["text"]), answer
            self.deal = int(answer["message_id"])
        wizard = await self.app.reply_msg(chat, self.p["vera"], "/deal")
        self.wizard = int(wizard["message_id"])

    def ids(self) -> dict[str, int]:
        """The ids a forged payload may name: this pulka, its last event, a deal event."""
        pulka, last, first = query(
            self.app.db,
            "SELECT pulka_id, MAX(id), MIN(id) FROM events WHERE kind = 'deal' "
            "AND pulka_id = (SELECT MAX(id) FROM pulkas WHERE chat_id = ?)",
            self.chat["id"],
        )
        return {"pulka": pulka, "last": last, "event": first}

    def running(self) -> bool:
        (n,) = query(
            self.app.db,
            "SELECT COUNT(*) FROM pulkas WHERE chat_id = ? AND status = 'active'",
            self.chat["id"],
        )
        return bool(n)


WHO_TYPES = ["anna", "anna", "boris", "vera", "stranger"]
TEXTS = st.tuples(
    st.sampled_from(WHO_TYPES),
    st.one_of(
        st.tuples(
            st.sampled_from(["/deal", "/deal", "/correct", "/fix", "/newpulka"]),
            phrases(surrogates=False),
        ),
        st.tuples(st.just("/deal"), mutated(VALID_DEALS, surrogates=False)),
        st.tuples(st.just("/correct"), mutated(VALID_CORRECTIONS, surrogates=False)),
        st.tuples(st.just("/newpulka"), mutated(VALID_NEWPULKAS, surrogates=False)),
    ),
)
#: What the fuzz must reach at least once: words that used to crash, as fixed examples.
FIXED_TEXTS = [
    ("anna", ("/deal", "Anna 7h ² Boris whist 2 Vera pass 1")),
    ("anna", ("/deal", "Anna 7h " + "9" * 3000 + " Boris whist 2 Vera pass 1")),
    ("boris", ("/deal", "raspasy Anna ① Boris 2 Vera ٣")),
    ("vera", ("/correct", "Anna mountain ３ — " + "x" * 3000)),
    ("anna", ("/correct", "Anna whists Anna 2")),
    ("anna", ("/newpulka", "sochi 99999999999999999999999999999")),
    ("anna", ("/newpulka", "sochi 20 " + "9" * 40)),
    ("anna", ("/deal", "\u202eAnna 7h 7 Boris whist 2 Vera pass 1\x00")),
]


@pytest.mark.parametrize(("seats", "lang"), [(3, "ru"), (4, "uk")])
async def test_hostile_texts_end_to_end(
    app: App, people: dict[str, Any], caplog: pytest.LogCaptureFixture, seats: int, lang: str
) -> None:
    inputs = FIXED_TEXTS + drawn(TEXTS, 40 * SCALE)
    room = Room(app, people, seats, lang)
    marks = room.marks
    caplog.set_level(logging.WARNING)
    written = 0
    async with app.polling():
        await room.open()
        for who, (command, args) in inputs:
            text = f"{command} {args}"[:4096]  # what one Telegram message holds
            before = dump(app.db)
            answer = await app.reply_msg(room.chat, people[who], text)
            after = dump(app.db)
            shown = str(answer.get("text", ""))
            what = (who, text[:300], shown[:300])
            no_errors(caplog, what)
            assert shown and marks.generic not in shown, what
            added = new_events(before, after)
            if marks.written.match(shown):
                # Accepted: one deal appended, the rest as it was.
                assert len(added) == 1 and added[0][3] == "deal", what
                assert {t: after[t] for t in ("pulkas", "players")} == {
                    t: before[t] for t in ("pulkas", "players")
                }, what
                written += 1
            else:
                assert after == before, what  # refused: the database byte for byte
    # The fuzz reached both outcomes (a valid deal now and then, mostly refusals).
    assert 0 < written < len(inputs) // 2, written


#: Ids a forged payload names: placeholders filled in at press time.
ID_FIELDS = st.one_of(
    st.sampled_from(["{pulka}", "{pulka}", "{last}", "{event}", "{event}"]),
    st.sampled_from(
        [
            "0",
            "1",
            "01",
            "-1",
            "+1",
            str(MAX_ID),
            str(MAX_ID + 1),
            "9" * 30,
            "²",
            "٣",
            "３",
            " 1",
            "1.0",
            "",
        ]
    ),
)


@st.composite
def forged(draw: st.DrawFn) -> tuple[str, str, str]:
    """(who presses, which message, the payload with ``{pulka}``-style placeholders)."""
    who = draw(st.sampled_from(["anna", "anna", "boris", "vera", "stranger", "admin"]))
    kind = draw(st.sampled_from(["cb", "cb", "wizard", "wizard", "wizard", "setup", "raw"]))
    if kind == "cb":
        prefix = draw(st.sampled_from(["v1u", "v1e", "v1n", "v1a", "v1j", "v1p"]))
        fields = draw(st.lists(ID_FIELDS | FIELDS, min_size=1, max_size=4))
        data = ":".join([prefix, *fields])
    elif kind == "wizard":
        # Mostly a state the bot could draw (so that it reaches the screens and the
        # write), on this pulka's ids; now and then a random path or op.
        w = draw(valid_wizards())
        path = draw(
            st.just(w.path())
            | st.just(w.path())
            | st.text(st.sampled_from("0123456789abcdefghijklmnopqrstuvwxyzgmr"), max_size=6)
        )
        op = draw(st.just(w.op) | st.just(w.op) | st.sampled_from(["q", "", "s"]))
        ids = [
            draw(
                st.sampled_from(
                    ["{b36pulka}", "{b36pulka}", "{b36pulka}", "0", "zz", "1y2p0ij32e8e8", "01"]
                )
            ),
            draw(
                st.sampled_from(["{b36last}", "{b36last}", "{b36last}", "0", "1", "zzzzzzzzzzzzz"])
            ),
        ]
        data = ":".join(["v1w", op, *ids, path])
    elif kind == "setup":
        op = draw(
            st.sampled_from(
                [
                    "va",
                    "np",
                    "t-",
                    "t+",
                    "s-",
                    "s+",
                    "cu",
                    "pg",
                    "sd",
                    "go",
                    "x",
                    "in",
                    "lg",
                    "whist",
                    "zz",
                    "",
                ]
            )
        )
        cur = draw(
            st.sampled_from(
                ["0", "1", "sochi", "3", "10", "0.5", "RUB", "main", "game", "ru", "en", "-", ""]
            )
            | st.text(max_size=6)
        )
        data = f"v1s:{op}:{cur}" + draw(st.sampled_from(["", "", ":x"]))
    else:
        data = draw(payloads() | st.text(min_size=1, max_size=70))
    where = "draft" if kind == "setup" else draw(st.sampled_from(["board", "wizard", "deal"]))
    return who, where, data


def fill(template: str, ids: dict[str, int]) -> str:
    """The payload with ``{pulka}``, ``{b36pulka}``... replaced (not str.format: drawn
    payloads have braces of their own)."""
    for key, value in ids.items():
        template = template.replace(f"{{{key}}}", str(value))
        template = template.replace(f"{{b36{key}}}", b36(value))
    return template


FIXED_PRESSES = [
    ("anna", "board", "v1n:{pulka}"),
    ("anna", "wizard", "v1w:s:{b36pulka}:{b36last}:"),
    ("anna", "wizard", "v1w:w:{b36pulka}:{b36last}:"),  # "write" on an empty wizard
    ("anna", "wizard", "v1w:w:{b36pulka}:{b36last}:g0"),
    ("anna", "wizard", "v1w:s:{b36pulka}:{b36last}:g3"),  # the fourth seat of three
    ("anna", "wizard", "v1w:s:{b36pulka}:{b36last}:m3"),
    ("boris", "deal", "v1a:{pulka}:{event}"),
    ("boris", "deal", "v1u:{pulka}:{event}:0"),
    ("anna", "board", "v1p:{pulka}"),
    ("anna", "board", "v1j:{pulka}"),
    ("anna", "board", "v1u:{pulka}:99999999999999999999:1"),
    ("anna", "draft", "v1s:go:-"),
    ("anna", "draft", "v1s:pg:" + "x" * 60),
    # Accepted ones, each on a message that has not written yet: a raspasy by the
    # wizard on the board, the undo of the first deal, ending the pulka (play goes
    # on at a new table).
    ("vera", "board", "v1w:w:{b36pulka}:{b36last}:r33"),
    ("vera", "deal", "v1u:{pulka}:{event}:1"),
    ("anna", "wizard", "v1e:{pulka}:{last}"),
]


@pytest.mark.parametrize(("seats", "lang"), [(3, "ru"), (4, "en")])
async def test_forged_presses_end_to_end(
    app: App, people: dict[str, Any], caplog: pytest.LogCaptureFixture, seats: int, lang: str
) -> None:
    inputs = FIXED_PRESSES + drawn(forged(), 50 * SCALE)
    tg = app.tg
    room = Room(app, people, seats, lang)
    marks = room.marks
    caplog.set_level(logging.WARNING)
    accepted = drafts = 0

    async def new_draft() -> tuple[dict[str, Any], int]:
        nonlocal drafts
        drafts += 1
        chat = group(tg, people, f"Fuzz settings {drafts}")
        return chat, int((await app.reply_msg(chat, people["anna"], "/newpulka"))["message_id"])

    async with app.polling():
        await room.open()
        draft_chat, draft = await new_draft()
        for who, where, template in inputs:
            data = fill(template, room.ids())
            chat = draft_chat if where == "draft" else room.chat
            message = {
                "draft": draft,
                "board": room.board,
                "wizard": room.wizard,
                "deal": room.deal,
            }[where]
            # Plant the payload on the message's keyboard, past the guard that answers
            # a payload not on the keyboard "out of date" without reading it.
            stored = tg.chat_state(chat).messages[message]
            stored["reply_markup"] = {"inline_keyboard": [[{"text": "x", "callback_data": data}]]}
            before = dump(app.db)
            qid = str(tg.press_button(chat, people[who], message, data)["id"])
            answer = await tg.wait_for(
                partial(tg.callback_answer, qid), description=f"an answer to {data!r}"
            )
            await app.idle()
            after = dump(app.db)
            note = str(answer.get("text"))
            what = (who, where, data, note)
            no_errors(caplog, what)
            assert marks.generic[:100] not in note, what
            added = new_events(before, after)
            if after != before:
                accepted += 1
                assert note != marks.stale, what  # answered "out of date", yet it wrote
                assert len(added) <= 4, what  # a deal, an undo, an end, or the seats
                if not room.running():
                    await room.open()  # ended by a forged "end": play on at a new table
                if where == "draft":  # a forged "start" started it: a new draft
                    draft_chat, draft = await new_draft()
    assert 3 <= accepted < len(inputs) // 2, accepted


BASE_RECORD = record_json(
    ("Anna", "Boris", "Vera"),
    Rules.for_variant("leningrad"),
    [
        Game.of(
            "Anna", "7S", {"Boris": "whist", "Vera": "pass"}, {"Anna": 7, "Boris": 2, "Vera": 1}
        ),
        Raspasy.of({"Anna": 3, "Boris": 2, "Vera": 5}),
        Misere("Vera", 1),
        Correction.of("Boris", 0, 2, {"Anna": 3}, "fix"),
    ],
)
JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 11, 10**40, 2**63, -(2**63) - 1, 0.5, 1e300, -0.0, 1e-300]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(
        [
            "",
            "pulka/1",
            "pulka-sheet/1",
            "7S",
            "10NT",
            "whist",
            "raspasy",
            "²",
            "\u0000",
            "\u202e",
            "x" * 3000,
        ]
    ),
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
#: Names a record may try to seat: controls, bidi, too long, numbers, command words,
#: HTML, a name twice; and two that are fine (an emoji sequence, Cyrillic).
HOSTILE_NAMES = [
    "An\u0000na",
    "\u202eAnna",
    "An\nna",
    "A" * 300,
    "1",
    "²",
    "@anna",
    "пас",
    "whist",
    "<b>A</b>",
    "A&B",
    "",
    " ",
    "Boris",
    "👩\u200d💻",
    "Анна",
    "Ann a",
]


def _paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*here, i))
    return out


def _rename(node: Any, old: str, new: str) -> Any:
    if isinstance(node, dict):
        return {(new if k == old else k): _rename(v, old, new) for k, v in node.items()}
    if isinstance(node, list):
        return [_rename(v, old, new) for v in node]
    return new if node == old else node


@st.composite
def records(draw: st.DrawFn) -> tuple[str, bytes]:
    """("text" | "document", the record): a valid export with a few mutations."""
    doc: Any = json.loads(json.dumps(BASE_RECORD))
    for _ in range(draw(st.integers(0, 3))):
        how = draw(st.sampled_from(["replace", "replace", "delete", "add", "rename", "nest"]))
        if how == "rename":
            doc = _rename(
                doc,
                draw(st.sampled_from(["Anna", "Boris", "Vera"])),
                draw(st.sampled_from(HOSTILE_NAMES)),
            )
            continue
        path = draw(st.sampled_from(_paths(doc)))
        if not path:
            if how == "replace":
                doc = draw(JSON_VALUES)
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if not isinstance(parent, dict | list):
            continue
        key = path[-1]
        if how == "replace":
            parent[key] = draw(JSON_VALUES)
        elif how == "delete":
            del parent[key]
        elif how == "nest":
            depth = draw(st.sampled_from([5, 31, 33, 200]))
            parent[key] = json.loads("[" * depth + "1" + "]" * depth)
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "dealer", "note", "", "format"]))] = draw(
                JSON_VALUES
            )
        else:
            parent.append(draw(JSON_VALUES))
    text = json.dumps(doc, ensure_ascii=draw(st.booleans()))
    edit = draw(
        st.sampled_from(
            [
                "none",
                "none",
                "dup",
                "dup_name",
                "number",
                "constant",
                "truncate",
                "bom",
                "control",
                "surrogate",
                "deep",
            ]
        )
    )
    if edit == "dup" and text.startswith("{"):
        text = '{"format": "pulka/1", ' + text[1:]
    elif edit == "dup_name":
        text = text.replace('"tricks": {', '"tricks": {"Anna": 1, ', 1)
    elif edit == "number":
        literal = draw(
            st.sampled_from(
                [
                    "1" * 5000,
                    "1e400",
                    "-1e400",
                    "1e-400",
                    "1E2",
                    "-0",
                    "9" * 100,
                    "9" * 101,
                    "0.1" + "0" * 200,
                ]
            )
        )
        text = re.sub(r"(?<=: )\d+", literal, text, count=1)
    elif edit == "constant":
        text = re.sub(
            r"(?<=: )\d+", draw(st.sampled_from(["NaN", "Infinity", "-Infinity"])), text, count=1
        )
    elif edit == "truncate":
        text = text[: draw(st.integers(0, max(0, len(text) - 1)))]
    elif edit == "bom":
        text = "\ufeff" + text
    elif edit == "control":
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.sampled_from(["\x00", "\x01", "\n", "\u2028"])) + text[i:]
    elif edit == "surrogate":
        text = text.replace(
            '"Vera"',
            draw(st.sampled_from(['"Ve\\ud800ra"', '"Ve\\udc00ra"', '"Ve\\ud83d\\ude00ra"'])),
        )
    elif edit == "deep":
        text = "[" * 100_000 + "]" * 100_000
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0:
        data = data.replace(b"Anna", b"An\xffna", 1)  # not UTF-8
    # Telegram carries at most 4096 characters of text; longer records come as files.
    how = draw(st.sampled_from(["text", "document"]))
    if len(text) > 4000 or b"\xff" in data or edit == "surrogate":
        how = "document"
    return how, data


FIXED_RECORDS: list[tuple[str, bytes]] = [
    ("text", json.dumps(BASE_RECORD).encode()),  # accepted: the unmutated export
    ("document", b"\xef\xbb\xbf" + json.dumps(BASE_RECORD).encode()),
    ("document", b"{}"),
    ("document", b""),
    ("document", b"\xff\xfe"),
    ("document", b"x" * 1_000_001),  # over the size limit
    ("text", b'{"format": "pulka/1", "format": "pulka/1"}'),
    ("text", json.dumps({**BASE_RECORD, "players": ["Anna", "Anna", "Vera"]}).encode()),
    ("text", json.dumps({**BASE_RECORD, "players": ["Anna", "Boris"]}).encode()),
    (
        "text",
        json.dumps({**BASE_RECORD, "players": [*BASE_RECORD["players"], "Gleb", "D"]}).encode(),
    ),
]


@settings(max_examples=300 * SCALE, deadline=None)
@given(records() | st.sampled_from(FIXED_RECORDS))
def test_the_import_reader_reads_or_refuses(record: tuple[str, bytes]) -> None:
    """What ``/import`` does before the database, without the bot: the JSON reader, the
    record's validation and replay refuse with a ScoringError only, told in every
    language (a paper sheet, ``pulka-sheet/1``, too)."""
    _, data = record
    for raw in (data, data.replace(b'"pulka/1"', b'"pulka-sheet/1"', 1)):
        try:
            doc = load_document(parse_json(raw))
        except ScoringError as e:
            scoring_refusal_shown(e, path=True)
            continue
        assert len(doc.players) in seating.TABLE_SIZES


async def test_hostile_imports_end_to_end(
    app: App, people: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    inputs = FIXED_RECORDS + drawn(records(), 45 * SCALE)
    tg = app.tg
    caplog.set_level(logging.WARNING)
    rooms = imported = 0

    async def new_chat() -> dict[str, Any]:
        # Every other chat speaks English: the refusals are told in both languages.
        nonlocal rooms
        rooms += 1
        chat = group(tg, people, f"Import {rooms}")
        if rooms % 2 == 0:
            await app.say(chat, people["anna"], "/lang en")
        return chat

    async with app.polling():
        chat = await new_chat()
        for i, (how, data) in enumerate(inputs):
            marks = MARKS["en" if rooms % 2 == 0 else "ru"]
            before = dump(app.db)
            if how == "text":
                sent = tg.send_message(chat, people["anna"], "/import " + data.decode())
            else:
                sent = tg.send_message(
                    chat, people["anna"], "/import", document=("pulka.json", data)
                )
            answer = await tg.wait_for_message(chat, after=sent["message_id"])
            await app.idle()
            after = dump(app.db)
            shown = str(answer.get("text", ""))
            what = (i, how, data[:300], shown[:300])
            no_errors(caplog, what)
            assert shown and marks.generic not in shown, what
            added = new_events(before, after)
            if marks.imported in shown:
                imported += 1
                assert after["pulkas"][: len(before["pulkas"])] == before["pulkas"], what
                assert len(after["pulkas"]) == len(before["pulkas"]) + 1, what
                # Seats (join events), then the record's deals, all of one new pulka.
                assert {row[3] for row in added} <= {"join", "deal"}, what
                assert {row[1] for row in added} == {after["pulkas"][-1][0]}, what
                chat = await new_chat()  # this chat has a pulka now
            else:
                assert after == before, what  # refused: the database byte for byte
    assert 0 < imported < len(inputs) // 2, imported
