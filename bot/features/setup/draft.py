"""The settings message of ``/newpulka``: its choices, kept in SQLite until "Start".

Each button names the value it was pressed on (``cur``), so a repeated or out-of-date
press is refused instead of moving the value twice.

>>> d = Draft.new()
>>> d.rules.whist.value, cur_of(d, "whist")
('gentleman', '0')
>>> apply(d, "whist", "0").rules.whist.value
'greedy'
>>> apply(d, "t+", "20").rules.target
25
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from bot.actions.seating import first_dealer, free_name, swap_seats
from bot.model import PulkaError, Sitter
from scoring import CONVENTION, CONVENTIONS, InvalidRules, Rules, seating
from scoring.record import rules_from_json, rules_to_json

PAGES = ("main", "game", "raspasy")
VARIANTS = ("sochi", "leningrad", "rostov")
TARGETS: tuple[int, ...] = CONVENTION["target"].offer
STAKES: tuple[Decimal, ...] = CONVENTION["stake"].offer
CURRENCIES: tuple[str, ...] = CONVENTION["currency"].offer


@dataclass(frozen=True, slots=True)
class Switch:
    """A convention button: cycles its convention (and companions) through ``choices``;
    ``code``, the convention's name, is the button's operation."""

    code: str
    choices: tuple[dict[str, Any], ...]


#: Main-page conventions with buttons of their own (``t-``, ``s+``, ``cu``...).
OWN_BUTTONS = frozenset({"target", "stake", "currency"})
#: Convention switches per page, in the order of :data:`scoring.CONVENTIONS`; the main
#: page's are those of one table size (hussar's mountain, who sits out with five).
SWITCHES: dict[str, tuple[Switch, ...]] = {
    page: tuple(
        Switch(c.name, c.choices())
        for c in CONVENTIONS
        if c.page == page and c.name not in OWN_BUTTONS
    )
    for page in PAGES
}
BY_CODE: dict[str, Switch] = {s.code: s for page in SWITCHES.values() for s in page}
#: The table-size button's cycle: three, four, five, then two (hussar) and back; a
#: size fewer than those already seated is skipped.
SIZE_CYCLE = (3, 4, 5, 2)
#: Seating operations: swap a seat with the next one (``sw``), or choose who deals first
#: (``fd``).  Their ``cur`` is ``<seat>.<order>``: the seat pressed and a short mark of
#: the seating it was pressed on.
SEAT_OPS = frozenset({"sw", "fd"})
#: Every press that changes a choice (:func:`apply`).  The others: sit down (``sd``),
#: start (``go``), cancel (``x``), an info-only label (``in``) and the chat's language
#: (``lg``: a chat setting, not in the draft).
CHANGES = frozenset({"va", "np", "t-", "t+", "s-", "s+", "cu", "pg"}) | SEAT_OPS | set(BY_CODE)


@dataclass(frozen=True, slots=True)
class Draft:
    """The choices of one settings message."""

    rules: Rules = field(default_factory=Rules)
    seats: int = 3
    seated: tuple[Sitter, ...] = ()
    page: str = "main"
    closed: bool = False

    @classmethod
    def new(cls, currency: str | None = None) -> Draft:
        """A fresh draft: the default conventions, at ``currency`` if given."""
        return cls() if currency is None else cls(rules=Rules(currency=currency))

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": rules_to_json(self.rules),
            "seats": self.seats,
            "seated": [[s.user_id, s.name, s.username] for s in self.seated],
            "page": self.page,
            "closed": self.closed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Draft:
        return cls(
            rules=rules_from_json(data["rules"]),
            seats=int(data["seats"]),
            seated=tuple(
                Sitter(name, uid, username) for uid, name, username in data.get("seated", [])
            ),
            page=str(data.get("page", "main")),
            closed=bool(data.get("closed", False)),
        )

    def is_seated(self, user_id: int) -> bool:
        return any(s.user_id == user_id for s in self.seated)


def applies(draft: Draft, code: str) -> bool:
    """Whether a convention switch means anything at the draft's table size.

    >>> hussar = Draft(seats=2)
    >>> applies(Draft(), "whist"), applies(Draft(), "dummy_whist"), applies(hussar, "dummy_whist")
    (True, False, True)
    """
    return CONVENTION[code].applies_to(draft.seats)


def switches(draft: Draft, page: str) -> tuple[Switch, ...]:
    """The switches a page of the settings message shows: those of the draft's size."""
    return tuple(s for s in SWITCHES[page] if applies(draft, s.code))


def value_index(rules: Rules, switch: Switch) -> int:
    """Which of the switch's choices is in force (-1: none, e.g. an imported value)."""
    for i, choice in enumerate(switch.choices):
        if all(getattr(rules, k) == v for k, v in choice.items()):
            return i
    return -1


def cur_of(draft: Draft, op: str, arg: str = "") -> str:
    """The ``cur`` a button for ``op`` carries now (what the value is when pressed)."""
    r = draft.rules
    if op in BY_CODE:
        return str(value_index(r, BY_CODE[op]))
    now = {"va": r.variant.value, "np": draft.seats, "t": r.target, "s": r.stake}
    return str({**now, "cu": r.currency, "pg": arg}.get(op.rstrip("+-"), "-"))


def step_value(values: tuple[Any, ...], current: Any, up: bool) -> Any:
    """The next value of a sorted list above (or below) ``current``."""
    if up:
        return next((v for v in values if v > current), None)
    return next((v for v in reversed(values) if v < current), None)


def _rules(rules: Rules, **changes: Any) -> Rules:
    try:
        return Rules(**{**rules.to_dict(), **changes})
    except InvalidRules:
        raise PulkaError("stale") from None


def _next(values: tuple[Any, ...], current: Any) -> Any:
    """The value after ``current`` in a cycle (the first for one not in it)."""
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


def apply(draft: Draft, op: str, cur: str) -> Draft:
    """The draft after pressing ``op`` on value ``cur``: ``stale`` when the value has
    changed since the button was drawn (a double press)."""
    if draft.closed or op not in CHANGES:
        raise PulkaError("stale")
    if op in SEAT_OPS:
        return _reseat(draft, op, cur)
    if op == "pg":
        if cur not in PAGES:
            raise PulkaError("stale")
        return replace(draft, page=cur)
    if cur != cur_of(draft, op):
        raise PulkaError("stale")
    r = draft.rules
    if op in BY_CODE:
        if not applies(draft, op):  # drawn for another table size
            raise PulkaError("stale")
        switch = BY_CODE[op]
        choice = switch.choices[(value_index(r, switch) + 1) % len(switch.choices)]
        return replace(draft, rules=_rules(r, **choice))
    if op == "va":
        variant = _next(VARIANTS, r.variant.value)
        return replace(draft, rules=Rules.for_variant(variant, stake=r.stake, currency=r.currency))
    if op == "np":
        return _seats(draft)
    if op == "cu":
        return with_currency(draft, _next(CURRENCIES, r.currency))
    key, values = ("target", TARGETS) if op[0] == "t" else ("stake", STAKES)
    value = step_value(values, getattr(r, key), up=op[1] == "+")
    if value is None:
        raise PulkaError("setup_limit")
    return replace(draft, rules=_rules(r, **{key: value}))


def _seats(draft: Draft) -> Draft:
    """The next size of :data:`SIZE_CYCLE` that seats everyone seated so far.

    >>> [_seats(Draft(seats=n)).seats for n in SIZE_CYCLE]
    [4, 5, 2, 3]
    >>> _seats(Draft(seats=5, seated=(Sitter("A", None),) * 4)).seats
    4
    """
    cycle = SIZE_CYCLE
    start = cycle.index(draft.seats) if draft.seats in cycle else -1
    for k in range(1, len(cycle) + 1):
        seats = cycle[(start + k) % len(cycle)]
        if seats in seating.TABLE_SIZES and seats >= len(draft.seated) and seats != draft.seats:
            return replace(draft, seats=seats)
    raise PulkaError("setup_too_many", count=len(draft.seated))


def sit(draft: Draft, user_id: int, names: list[str], username: str | None) -> Draft:
    """Seat a Telegram user on the draft under the first free name of ``names``."""
    if draft.closed:
        raise PulkaError("stale")
    if draft.is_seated(user_id):
        raise PulkaError("already_seated")
    if len(draft.seated) >= draft.seats:
        raise PulkaError("table_full")
    name = free_name(names, [s.name for s in draft.seated])
    return replace(draft, seated=(*draft.seated, Sitter(name, user_id, username)))


_SEAT = re.compile(r"[0-9]")


def seating_mark(names: Sequence[str]) -> str:
    """A short mark of a seating (base 36 of a CRC): a press on another one is stale."""
    mark = zlib.crc32("\x1f".join(names).encode("utf-8"))
    digits = ""
    while True:
        mark, d = divmod(mark, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[d] + digits
        if not mark:
            return digits


def seat_cur(draft: Draft, seat: int) -> str:
    """The ``cur`` of a seating button of the settings message for ``seat``."""
    return f"{seat}.{seating_mark([s.name for s in draft.seated])}"


def with_currency(draft: Draft, currency: str) -> Draft:
    """The draft at ``currency`` (a label of :class:`scoring.Rules`)."""
    return replace(draft, rules=_rules(draft.rules, currency=currency))


def _reseat(draft: Draft, op: str, cur: str) -> Draft:
    """The draft after a seating button (``sw`` or ``fd``) pressed on ``cur``."""
    seat, _, mark = cur.partition(".")
    if not _SEAT.fullmatch(seat) or mark != seating_mark([s.name for s in draft.seated]):
        raise PulkaError("stale")
    move = swap_seats if op == "sw" else first_dealer
    return replace(draft, seated=move(draft.seated, int(seat)))
