"""Errors of the scoring engine.

Every error is a :class:`ValueError`, so callers may catch one type.  The
hierarchy mirrors the two ways a deal can be wrong (as in python-chess):

* :class:`InvalidDeal` -- the deal cannot be understood at all (unknown
  player, tricks that do not add up to 10, a whister who is the declarer).
* :class:`IllegalDeal` -- the deal is well formed but cannot happen at this
  point of the pulka (a six straight after raspasy where the exit is 7, a
  deal after the pulka is over).

``path`` says where the problem is, in the JSON record's terms
(``deals[3].tricks``), so the calculator and the bot can point at it.  ``code``
and ``params`` say what it is, so the bot can say it in the players' language;
:data:`MESSAGES` holds the English text of every code.

>>> e = InvalidDeal.of("tricks_sum", "tricks", total=11)
>>> str(e.at("deals[3]")), e.code, e.params
('deals[3].tricks: tricks add up to 11, a deal has 10', 'tricks_sum', {'total': 11})
"""

from __future__ import annotations

from typing import Any

#: English text of each error code; ``str.format`` placeholders are the params.
MESSAGES: dict[str, str] = {
    "players_count": "a pulka has 2 to 5 players, not {count}",
    "player_name_empty": "player names must be non-empty",
    "player_names_distinct": "player names must be distinct",
    "unknown_player": "unknown player {name!r}; the players are {players}",
    "pulka_over": "the pulka is already over; settle it or write a correction",
    "named_twice": "{name} is named twice",
    "tricks_range": "{name}: tricks must be a whole number 0 to 10, not {count!r}",
    "tricks_three": "give the tricks of all three players ({players})",
    "tricks_four": "with four players give the tricks of the three at the table; "
    "the one not named is the dealer, who sits out",
    "tricks_five": "with five players give the tricks of the three at the table; "
    "the two not named are the dealer and his neighbour, who sit out",
    "sitting_out_pair": "{names} cannot sit out together: with five the dealer and his "
    "neighbour sit out ({expected} by the seating)",
    "tricks_two": "in hussar give the tricks of both players ({players}), or of the "
    "declarer alone in a game; the whister's count includes the dummy's",
    "tricks_two_sum": "the players' tricks add up to {total}; on raspasy in hussar "
    "they are at most 10 (the dummy takes the rest)",
    "dealer_at_table": "the dealer {dealer} sits out and cannot be at the table",
    "tricks_sum": "tricks add up to {total}, a deal has 10",
    "declarer_tricks": "the declarer {declarer} must be among the tricks",
    "declarer_whists": "the declarer {declarer} cannot whist or pass on his own game",
    "not_defender": "{name} sits this deal out and does not defend",
    "whist_missing": "say whist or pass for {names}",
    "raspasy_exit": "after raspasy the lowest game is {exit}, not {level}",
    "unwhisted_short": "nobody whisted, so the game is not played out: {declarer} is written "
    "{contract} made and must have at least {level} tricks",
    "half_off": "half-whist is not played under these rules",
    "half_hussar": "in hussar there is no half-whist: the one defender whists or passes",
    "half_level": "half-whist is possible only on 6 and 7, not on {level}",
    "half_order": "only the second defender ({second}) may say half-whist, "
    "and only after the first passed",
    "half_quota": "half-whist on {level} needs a quota that halves into whole tricks",
    "half_tricks": "on half-whist the game is not played: {declarer} is written {level} tricks "
    "and {second} {half}",
    "misere_tricks": "misère tricks must be a whole number 0 to 10, not {count!r}",
    "misere_dealer": "{declarer} deals this time and sits out (at the table: {playing}); "
    "name the dealer if it was someone else",
    "misere_out": "{declarer} sits this deal out (the dealer is {dealer}; at the table: "
    "{playing}); name the dealer if it was someone else",
    "misere_hussar_off": "misère is not played in hussar under these rules",
    "misere_declarer_tricks": "give the declarer's tricks, like {{{declarer!r}: 0}}",
    "misere_only_declarer": "a misère needs only the declarer's tricks",
    "self_whists": "{player} cannot write whists on himself",
    "contract_text": "cannot read contract {text!r}; expected a level 6-10 and a suit "
    "S, C, D, H or NT, like 7H or 10NT",
    "contract_level": "contract level must be 6 to 10, not {level}",
    "choice": "{name}: expected whist, pass or half, not {choice!r}",
    "unknown_deal": "unknown deal {deal!r}",
    "document_object": "the document must be a JSON object",
    "unknown_format": 'unknown format {format!r}; expected "pulka/1" or "pulka-sheet/1"',
    "field": "{detail}",
    # A deal given the short way, that its words do not complete (scoring.entry).
    "whisters_counts": "both whist: give two of the three counts (the declarer's and a "
    "whister's, or both whisters'); the third is the rest",
    "missing_result": "{name} was whisted: give his tricks (a count, exactly, +1, down 1) "
    "or the whister's",
    "name_both": "name both defenders and what each said: whist or pass",
    "sits_out": "{name} sits this deal out (the dealer is {dealer}); if another dealt, name "
    "both defenders",
    "dealer_sits_out": "{name} deals this time and sits out; if another dealt, name both defenders",
    "hussar_form": "in hussar give the one defender's answer, whist or pass",
    "tricks_over": "the tricks given add up to {total}, more than the 10 of a deal",
    "raspasy_counts": "on raspasy give the tricks of {players}, all but one at most "
    "(in hussar all: the dummy takes the rest)",
    # The record's text, its numbers and its names (scoring.jsonread, scoring.record).
    "json_syntax": "invalid JSON at line {line} column {column}: {reason}",
    "json_encoding": "the document is not UTF-8 text",
    "json_depth": "invalid JSON: nested more than {limit} levels deep",
    "json_number_long": "a number of {length} characters is too long (at most {limit})",
    "json_number_range": "the number {number} is out of range",
    "json_constant": "{value} is not a number: JSON numbers are finite",
    "json_duplicate": "{key!r} is given twice",
    "json_surrogate": "the text holds {char}, half of a UTF-16 pair, which is not a character",
    "name_character": "a name cannot contain the control character {char}",
    "null_value": "null is not a value: give one, or leave the key out for the default",
    "object_type": "must be a JSON object",
    "contract_character": "a contract is written without spaces or control characters, "
    "like 7H or 10NT, and this one holds {char}",
    "note_character": "a note cannot contain the control character {char}",
    "amount_number": "an amount must be a JSON number, like 7 or 7.5",
    "amount_range": "an amount must be from -{limit} to {limit}",
    "amount_decimals": "an amount may have at most {decimals} decimals",
    "rules_variant": "unknown variant {variant!r}; expected sochi, leningrad or rostov",
    "rules_unknown": "unknown convention",
    "rules_choice": "unknown value {value!r}; expected {choices}",
    "rules_stake_number": 'stake must be a decimal string like "0.5"',
    "rules_target": "target must be a whole number of points from 1 to 10000",
    "rules_stake": "stake must be from 0 to {high}",
    "rules_stake_decimals": "stake may have at most {places} decimals",
    "rules_currency": "currency must be a label of 1 to {length} characters, like RUB",
    "rules_range": "{name} must be a whole number from {low} to {high}",
    "rules_quota": "quota must list the tricks owed on 6, 7, 8, 9 and 10, each 0 to 4",
    "rules_raspasy": "raspasy must list 1 to 20 whole multipliers, each from 1 to 100",
    "rules_raspasy_exit": "raspasy_exit must be 6 to 10",
    "rules_0_100": "{name} must be a whole number from 0 to 100",
    "rules_1_4": "{name} must be 1, 2, 3 or 4",
    "rules_bool": "{name} must be true or false",
    "rules_hussar_only": "{name} is a hussar convention (two players), and the record has "
    "{count} players",
    "rules_five_only": "{name} is a five-player convention, and the record has {count} players",
    "rules_size_only": "{name} is a convention of another table size, and the record has "
    "{count} players",
}


#: The longest piece of players' text (a name, a key) an error quotes in full.
QUOTE_LIMIT = 64


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, the cut marked with an ellipsis.

    Errors quote what the players wrote; a name of a megabyte must not make a
    message of a megabyte (and Fluent refuses a placeable of about 2,500).
    """
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def key_path(prefix: str, key: str) -> str:
    """The path of ``key`` inside ``prefix``: ``tricks.Anna``, or ``tricks['A\\nB']``.

    A key that could be misread in a path (a dot, a bracket, a quote, spaces at
    an end, anything unprintable) is quoted as Python would, so a path is
    always one unambiguous line:

    >>> key_path("tricks", "Anna"), key_path("", "format"), key_path("whists", "A.B")
    ('tricks.Anna', 'format', "whists['A.B']")
    >>> print(key_path("tricks", "A\\nB"))
    tricks['A\\nB']
    """
    k = shorten(key)
    if k and k.isprintable() and k == k.strip() and not any(c in k for c in ".[]'\""):
        return f"{prefix}.{k}" if prefix else k
    return f"{prefix}[{k!r}]"


def one_line(text: str) -> str:
    """``text`` with every unprintable character escaped (``\\n``, ``\\u2028``).

    The calculator's last line of defence: its error is one line on stderr
    whatever a message quotes.

    >>> print(one_line("unknown player 'A\\nerror: B'"))
    unknown player 'A\\nerror: B'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class ScoringError(ValueError):
    """Base class: something about a deal, a sheet or the rules is wrong."""

    def __init__(
        self, message: str, path: str = "", code: str = "", params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.code = code
        self.params = dict(params or {})

    @classmethod
    def of(cls, code: str, path: str = "", **params: Any) -> ScoringError:
        """The error ``code`` with its English message (see :data:`MESSAGES`)."""
        return cls(MESSAGES[code].format(**params), path, code, params)

    def at(self, prefix: str) -> ScoringError:
        """The same error located under ``prefix`` (``deals[3]`` + ``.tricks``)."""
        path = f"{prefix}.{self.path}" if self.path else prefix
        return type(self)(self.message, path, self.code, self.params)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class InvalidRules(ScoringError):
    """A convention has a value the engine cannot use."""


class InvalidDeal(ScoringError):
    """The deal is malformed: it cannot describe any real deal."""


class IllegalDeal(ScoringError):
    """The deal is well formed but impossible at this moment of the pulka."""
