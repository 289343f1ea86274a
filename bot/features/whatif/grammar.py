"""Reading ``/cost`` and ``/whatif`` arguments.

``/cost`` describes one deal the way a table says it, with no names: the
players are roles (the declarer, the defenders in the order they spoke, and
with four the dealer sitting out, with five his neighbour too; in hussar the
one defender, who plays the dummy).  The grammar is ``/deal``'s without the
names (:func:`bot.grammar.deals.read_defence`; Russian, Ukrainian and English
alike)::

    /cost CONTRACT [RESULT] [CHOICE [N]] [CHOICE [N]] [N ...] [SIZE]
    /cost мизер [чистый | N] [SIZE]

* ``CONTRACT``: ``7♥``, ``7ч``, ``7h``, ``7 червей``, ``6бк``, ``6 без козыря``;
* ``RESULT``: the declarer's tricks right after the contract: a count, ``ровно``,
  ``+1``, ``-1``, ``без одной``, ``down 1``;
* ``CHOICE``: ``вист``/``пас``/``полвиста`` (and their Ukrainian and English words),
  the first defender's then the second's (a lone half-whist is the second's); a
  defender not written passes;
* a number after the choices is a defender's tricks, in the order the choices were
  written (``вист вист 2 3``; ``вист 2 вист 3`` is the same);
* ``SIZE``: ``вдвоём``/``втроём``/``вчетвером``/``впятером`` (``гусарик``, ``2p``..``5p``,
  ``three``, ``four``...) or a last bare ``2``..``5`` once every written defender has
  his count; else the chat's table size.

In hussar one answer is written: ``/cost 7♥ вист 2`` is a seven the defence (the
opponent with the dummy) took 2 of.  What is not written is what
:mod:`scoring.entry` implies for ``/deal`` too: ``/cost 7♥ whist 2`` is a seven with
one whister who took 2 and a passer who took 0, so the declarer took 8, one over.

>>> q = parse_cost("6♠ без одной вист вист 2 3")
>>> q.deal.trick_map, q.size
({'declarer': 5, 'first': 2, 'second': 3}, None)
>>> q = parse_cost("7h whist 2 4")
>>> q.deal.trick_map, [c.value for _, c in q.deal.defence], q.size
({'declarer': 8, 'first': 2, 'second': 0}, ['whist', 'pass'], 4)
>>> parse_whatif("2 greedy").number, parse_whatif("whist=greedy").changes
(2, (('whist', 'greedy'),))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from bot.features.whatif.worth import DECLARER, roles
from bot.grammar.conventions import convention_value
from bot.grammar.deals import (
    CHOICE_WORDS,
    CLEAN_WORDS,
    MISERE_WORDS,
    RASPASY_WORDS,
    SUIT_WORDS,
    TRICKS_RE,
    VARIANT_WORDS,
    Defence,
    implied,
    parse_contract,
    read_contract,
    read_defence,
    size_word,
    tokens,
)
from bot.model import ParseError
from scoring import CONVENTION, Choice, Deal, PulkaState, Rules, entry, seating
from scoring.rules import Flag, OneOf


@dataclass(frozen=True, slots=True)
class CostQuery:
    """A deal written by roles, and the table size asked for (None: the chat's)."""

    deal: Deal
    size: int | None = None


def _count(word: str) -> int | None:
    return int(word) if TRICKS_RE.fullmatch(word) and int(word) in entry.COUNTS else None


def parse_cost(text: str, rules: Rules | None = None, table_size: int = 3) -> CostQuery:
    """The deal of ``/cost`` arguments (see the module).  ``rules`` give the
    half-whister's tricks; ``table_size`` is the chat's table, used unless a size
    is written; the engine says whether the deal can be played."""
    size = None
    words = []
    for w in filter(None, tokens(text)):
        n = size_word(w)
        if n is None:
            words.append(w)
        elif size not in (None, n):
            raise ParseError("whatif_cost_extra", token=w)
        else:
            size = n
    if not words:
        raise ParseError("whatif_cost_empty")
    misere = words[0].casefold() in MISERE_WORDS
    if misere:
        tricks, size = _misere(words[1:], size)
    else:
        try:
            contract, i = read_contract(words, 0)
        except ParseError as e:
            raise ParseError("whatif_cost_contract", token=e.params["token"]) from None
        read = Defence(None, (), i, i)  # no answer written: both pass, a size may follow
        if _choice_words(words[i:]) or not _bare_size(words[i:]):
            # The deal grammar without names: the defenders are the roles, in speaking order.
            try:
                read = read_defence(
                    words, i, contract.level, (), DECLARER, seating.DEFENDERS, named=False
                )
            except ParseError as e:
                raise ParseError("whatif_cost_word", token=e.params.get("token", "")) from None
        size = _size_after(words[read.end :], size)
    n = size or table_size
    state = PulkaState.new(roles(n, rules), rules or Rules())
    if misere:
        return CostQuery(implied(state, entry.GivenMisere(DECLARER, tricks)), size)
    defenders = seating.defending(n)
    if len(read.answers) > defenders:
        raise ParseError("whatif_cost_extra", token=_choice_words(words)[defenders])
    # A defender not written passes.
    passes = (entry.Answer(Choice.PASS),) * (defenders - len(read.answers))
    given = entry.GivenGame(DECLARER, contract, read.tricks, read.answers + passes)
    return CostQuery(implied(state, given), size)


def _size_after(words: list[str], size: int | None) -> int | None:
    """The words after the deal: a bare table size at most (``7h whist 2 4``)."""
    if not words:
        return size
    n = _count(words[0])
    if len(words) == 1 and n in seating.TABLE_SIZES and size is None:
        return n
    if n is not None or words[0].casefold() in CHOICE_WORDS:
        raise ParseError("whatif_cost_extra", token=words[0])
    raise ParseError("whatif_cost_word", token=words[0])


def _bare_size(words: list[str]) -> bool:
    """Are the words after a contract nothing, or a bare table size alone (``6♠ 4``)?
    Anything else there is the declarer's result first (``6♠ ровно``, ``6♠ 6 4``)."""
    return not words or (len(words) == 1 and _count(words[0]) in seating.TABLE_SIZES)


def _choice_words(words: list[str]) -> list[str]:
    return [w for w in words if w.casefold() in CHOICE_WORDS]


def _misere(words: list[str], size: int | None) -> tuple[int, int | None]:
    """A misère's tricks (``чистый`` or a count, else 0) and the size after them."""
    if not words:
        return 0, size
    word = words[0].casefold()
    if word not in CLEAN_WORDS and _count(word) is None:
        raise ParseError("whatif_cost_misere", token=words[0])
    return _count(word) or 0, _size_after(words[1:], size)


# --- /whatif ----------------------------------------------------------------------

#: ``key=value``.
_PAIR = re.compile(r"([A-Za-z_]{1,40})\s*=\s*(\S{1,60})")
_NUMBER = re.compile(r"#?№?([0-9]{1,9})")
#: The conventions /whatif may change: all but the money (they change no whist).
WHATIF_KEYS: tuple[str, ...] = tuple(
    name for name in CONVENTION if name not in {"stake", "currency"}
)


@dataclass(frozen=True, slots=True)
class WhatIf:
    """``/whatif [N] change...``: the archive number (None: the last) and the changes:
    (key, value as written; None flips a flag) or (``variant``, variant name)."""

    number: int | None
    changes: tuple[tuple[str, str | None], ...]


def _value_key(word: str) -> str | None:
    """The one convention that has ``word`` among its values (``greedy`` -> ``whist``)."""
    found = [
        c.name
        for c in CONVENTION.values()
        if isinstance(c.domain, OneOf) and word in {m.value for m in c.domain.values}
    ]
    return found[0] if len(found) == 1 else None


def _deal_word(word: str) -> bool:
    """A word only a deal has: a contract, a suit, an answer, misère or raspasy, unless a
    rule or its value is called so too (``whist``, ``half``)."""
    folded = word.casefold()
    if folded in WHATIF_KEYS or _value_key(folded) is not None:
        return False
    if folded in CHOICE_WORDS or folded in MISERE_WORDS or folded in RASPASY_WORDS:
        return True
    if folded in SUIT_WORDS:
        return True
    try:
        parse_contract(word)
    except ParseError:
        return False
    return True


def parse_whatif(text: str) -> WhatIf:
    """``[N] key=value | flag | value | variant`` (several may follow each other)."""
    words = re.sub(r"\s*=\s*", "=", text or "").split()
    number = None
    found = _NUMBER.fullmatch(words[0]) if words else None
    if found is not None:
        number = int(found[1])
        words = words[1:]
    if not words:
        raise ParseError("whatif_usage")
    if any(_deal_word(w) for w in words):
        raise ParseError("whatif_deal")  # a deal typed to /whatif is a question for /cost
    changes: list[tuple[str, str | None]] = []
    for word in words:
        pair = _PAIR.fullmatch(word)
        if pair is not None:
            key, value = pair[1].casefold(), pair[2]
            if key == "variant":
                variant = VARIANT_WORDS.get(value.casefold())
                if variant is None:
                    raise ParseError("whatif_bad_value", token=word)
                changes.append(("variant", variant))
            elif key in WHATIF_KEYS:
                changes.append((key, value))
            else:
                raise ParseError("whatif_unknown", token=pair[1])
            continue
        key = word.casefold()
        variant = VARIANT_WORDS.get(key)
        by_value = _value_key(key)
        if variant is not None:
            changes.append(("variant", variant))
        elif key in WHATIF_KEYS and isinstance(CONVENTION[key].domain, Flag):
            changes.append((key, None))
        elif by_value is not None:
            changes.append((by_value, key))
        else:
            raise ParseError("whatif_unknown", token=word)
    return WhatIf(number, tuple(changes))


def changed_rules(rules: Rules, changes: tuple[tuple[str, str | None], ...]) -> Rules:
    """``rules`` with ``changes``.  A variant re-scores under that variant's defaults,
    keeping the table's target, stake and currency; the other changes go on top.
    Raises :class:`ParseError` for a word that is no value, and the engine's
    ``InvalidRules`` (a :class:`ScoringError`) for a value it refuses."""
    base = rules
    variants = [raw for key, raw in changes if key == "variant"]
    if variants and variants[-1] != rules.variant.value:
        base = Rules.for_variant(
            str(variants[-1]), target=rules.target, stake=rules.stake, currency=rules.currency
        )
    values: dict[str, Any] = {}
    for key, raw in changes:
        if key != "variant":
            values[key] = _value(key, raw, values.get(key, getattr(base, key)))
    return replace(base, **values)


def _value(key: str, raw: str | None, current: Any) -> Any:
    if raw is None:  # a flag alone: flipped
        return not current
    value = convention_value(key, raw)
    if value is None:
        raise ParseError("whatif_bad_value", token=f"{key}={raw}")
    return value
