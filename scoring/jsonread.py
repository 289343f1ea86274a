"""Reading a record's JSON text: strict where :func:`json.loads` is lenient.

The standard reader keeps the last of two equal keys without a word, reads
``NaN`` and ``1e400`` as floats no sheet can hold, and raises a bare
``ValueError`` on an integer of 4,300 digits.  :func:`parse_json`, which the
calculator and the bot's ``/import`` both use, refuses each of them as an
:class:`~scoring.errors.InvalidDeal` with a code and, where there is one, the
place in the document:

>>> parse_json('{"deals": [{"tricks": {"Anna": 5, "Boris": 2, "Anna": 3}}]}')
Traceback (most recent call last):
...
scoring.errors.InvalidDeal: deals[0].tricks: Anna is named twice
>>> parse_json('{"format": "pulka/1", "format": "pulka-sheet/1"}')
Traceback (most recent call last):
...
scoring.errors.InvalidDeal: 'format' is given twice
>>> parse_json('{"mountain": {"A": NaN}}')
Traceback (most recent call last):
...
scoring.errors.InvalidDeal: mountain.A: NaN is not a number: JSON numbers are finite
>>> parse_json('{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any

from .errors import InvalidDeal, key_path, shorten

__all__ = ["MAX_DEPTH", "MAX_NUMBER_CHARS", "SYNTAX_CODES", "parse_json"]

#: The longest number literal read.  A record's largest numbers have a few
#: digits; past this the text is not a pulka (and int() of 4,300 digits raises).
MAX_NUMBER_CHARS = 100
#: The deepest nesting read.  A record needs four levels (``deals[0].tricks.A``).
MAX_DEPTH = 32
#: Codes that mean the text is not JSON at all (rather than JSON the record refuses).
SYNTAX_CODES = frozenset({"json_syntax", "json_encoding", "json_depth"})

#: Objects whose keys are player names, by their key: one of these keys given
#: twice is a player named twice.  (The paper sheet's ``whists.A`` rows too.)
_NAME_MAPS = frozenset({"tricks", "whist", "whists", "pulka", "mountain"})
_SURROGATE = re.compile("[\ud800-\udfff]")
#: An escaped UTF-16 half (``\\ud83d``): in pairs (high, then low) one character.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


class _Refused:
    """Stands in the parsed tree where a value was refused, until its path is known.

    The parser's hooks see a value but not where it is; the walk that follows
    finds the first one in document order and reports it with its path.
    """

    __slots__ = ("code", "params")

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params


def _int(text: str) -> int | _Refused:
    if len(text) > MAX_NUMBER_CHARS:
        return _Refused("json_number_long", length=len(text), limit=MAX_NUMBER_CHARS)
    return int(text)


def _float(text: str) -> float | _Refused:
    if len(text) > MAX_NUMBER_CHARS:
        return _Refused("json_number_long", length=len(text), limit=MAX_NUMBER_CHARS)
    value = float(text)
    mantissa = text.lower().partition("e")[0]
    # 1e400 overflows to infinity, 1e-400 underflows to 0: neither is the number written.
    if math.isinf(value) or (value == 0 and any(d in mantissa for d in "123456789")):
        return _Refused("json_number_range", number=text)
    return value


def _constant(text: str) -> _Refused:
    return _Refused("json_constant", value=text)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any] | _Refused:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                return _Refused("json_duplicate", key=key)
            seen.add(key)
    return out


def _render(loc: tuple[str | int, ...]) -> str:
    out = ""
    for part in loc:
        out = f"{out}[{part}]" if isinstance(part, int) else key_path(out, part)
    return out


def _refusal(refused: _Refused, loc: tuple[str | int, ...]) -> InvalidDeal:
    path = _render(loc)
    if refused.code == "json_duplicate":
        key = shorten(refused.params["key"])
        names = bool(loc) and (loc[-1] in _NAME_MAPS or (len(loc) > 1 and loc[-2] == "whists"))
        if names:
            return _invalid("named_twice", path, name=key)
        return _invalid("json_duplicate", path, key=key)
    return _invalid(refused.code, path, **refused.params)


def _invalid(code: str, path: str, **params: Any) -> InvalidDeal:
    e = InvalidDeal.of(code, path, **params)
    assert isinstance(e, InvalidDeal)
    return e


def _surrogate(text: str, loc: list[str | int], key: str | int | None) -> None:
    found = _SURROGATE.search(text)
    if found:  # the path is built only now: most strings are fine
        where = tuple(loc) if key is None else (*loc, key)
        raise InvalidDeal.of("json_surrogate", _render(where), char=f"U+{ord(found[0]):04X}")


def _lone_surrogates(text: str) -> bool:
    """Does the text decode to a string with a lone surrogate?  Then the strings are searched.

    Decided on the text, so that most records (no such escape at all) skip the search:
    a surrogate in the text itself, or an escaped high half not followed at once by an
    escaped low half, or a low half not right after a high one.  Escaped backslashes
    are blanked out first, so that every backslash left starts an escape.
    """
    if _SURROGATE.search(text):
        return True
    if "\\u" not in text:
        return False
    low_at = -1  # where the low half of the last high half must start
    for m in _SURROGATE_ESCAPE.finditer(text.replace("\\\\", "__")):
        if m[0][3] in "89abAB":
            if low_at != -1:
                return True
            low_at = m.end()
        elif m.start() != low_at:
            return True
        else:
            low_at = -1
    return low_at != -1


def _check(value: Any, strings: bool) -> None:
    """Raise for the first refused value, too deep nesting or (if ``strings``) lone surrogate.

    In document order, iteratively (a tree just below the parser's recursion
    limit must not hit ours), and without building a path until one is needed:
    this walk is most of the reader's time on a long record.
    """
    if isinstance(value, _Refused):
        raise _refusal(value, ())
    if strings and isinstance(value, str):
        _surrogate(value, [], None)
    if not isinstance(value, dict | list):
        return
    # One iterator per open container; loc[i] is the key of the (i+1)-th within the i-th.
    stack: list[Iterator[tuple[str | int, Any]]] = [_items(value, [], strings)]
    loc: list[str | int] = []
    while stack:
        for key, node in stack[-1]:
            kind = type(node)
            if kind is dict or kind is list:
                if len(stack) >= MAX_DEPTH:
                    raise InvalidDeal.of("json_depth", limit=MAX_DEPTH)
                loc.append(key)
                stack.append(_items(node, loc, strings))
                break
            if kind is str:
                if strings:
                    _surrogate(node, loc, key)
            elif kind is _Refused:
                raise _refusal(node, (*loc, key))
        else:
            stack.pop()
            if loc:
                loc.pop()


def _items(
    node: dict[str, Any] | list[Any], loc: list[str | int], strings: bool
) -> Iterator[tuple[str | int, Any]]:
    if isinstance(node, list):
        return enumerate(node)
    if strings:
        for key in node:
            _surrogate(key, loc, key)
    return iter(node.items())


def parse_json(data: str | bytes) -> Any:
    """The JSON value of ``data`` (UTF-8 if bytes), or an :class:`InvalidDeal` saying why not.

    >>> parse_json(b'\\xef\\xbb\\xbf{"format": "pulka/1"}')  # a byte-order mark is skipped
    {'format': 'pulka/1'}
    >>> parse_json('{"a": 1,}')
    Traceback (most recent call last):
    ...
    scoring.errors.InvalidDeal: invalid JSON at line 1 column 9: Expecting property name \
enclosed in double quotes
    >>> parse_json('{"mountain": {"A": ' + "9" * 5001 + '}}')
    Traceback (most recent call last):
    ...
    scoring.errors.InvalidDeal: mountain.A: a number of 5001 characters is too long (at most 100)
    """
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidDeal.of("json_encoding") from None
    else:
        text = data
    # RFC 8259 lets a reader skip a byte-order mark, and Windows editors write one.
    text = text.removeprefix("\ufeff")
    try:
        value = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=_int,
            parse_float=_float,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as e:
        raise InvalidDeal.of("json_syntax", line=e.lineno, column=e.colno, reason=e.msg) from None
    except RecursionError:
        raise InvalidDeal.of("json_depth", limit=MAX_DEPTH) from None
    _check(value, strings=_lone_surrogates(text))
    return value
