"""Inline button payloads, with versioned prefixes so old buttons keep parsing.

They live below the views that draw the buttons and the filters that read them back.
A payload is checked on arrival against the pulka as it is now ("out of date" if it
has changed).  The deal wizard keeps its whole state in the payload
(:class:`WizardData`), so it survives a restart; :class:`WizardCB` is its wire form:

>>> w = WizardData(pulka=7, last=42, kind=Kind.GAME, seat=1, contract=Contract.parse("7H"),
...                defence=Defence.FIRST, tricks=(7,))
>>> w.pack()
'v1w:s:7:16:g18a7'
>>> WizardData.unpack(w.pack()) == w
True
>>> WizardCB.unpack('v1w:s:7:16:g18a7').wizard() == w
True

The codes are :class:`~enum.StrEnum` members, equal to the letters they are
written as, so a payload made before they were enums reads the same:

>>> WizardOp("w"), Defence("w"), WizardOp.WRITE == "w"
(<WizardOp.WRITE: 'w'>, <Defence.BOTH: 'w'>, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Annotated, Self

from aiogram.filters.callback_data import CallbackData
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo
from pydantic import BeforeValidator, Field, PlainSerializer, model_validator

from bot.model import LiveDeal, Table
from bot.views.format import entry_key
from bot.views.texts import Texts
from scoring import Choice, Contract, Suit, entry, seating

#: Telegram's limit on ``callback_data``, in bytes.
CALLBACK_LIMIT = 64


def fits(data: str) -> bool:
    """Does ``data`` fit in a button (1 to 64 bytes of UTF-8)?"""
    return 1 <= len(data.encode("utf-8")) <= CALLBACK_LIMIT


#: Ids are SQLite integers: a larger one would raise OverflowError in the query.
MAX_ID = 2**63 - 1
#: An id as a button carries it: canonical ASCII digits, at most 19 of them.
_ID_TEXT = re.compile(r"0|[1-9][0-9]{0,18}")


def _canonical_id(value: object) -> object:
    # pydantic alone reads " 1", "+1", "1_0" and "1.0" as integers, and any number
    # of digits; a button payload is only ever what :meth:`CallbackData.pack` wrote.
    if isinstance(value, str) and not _ID_TEXT.fullmatch(value):
        raise ValueError("not a canonical id")
    return value


#: An integer field of a button payload; anything else fails the filter, and the
#: press is answered "out of date" by the catch-all handler.
Id = Annotated[int, BeforeValidator(_canonical_id), Field(ge=0, le=MAX_ID)]
Flag = Annotated[int, BeforeValidator(_canonical_id), Field(ge=0, le=1)]


class UndoCB(CallbackData, prefix="v1u"):
    """Confirm (``yes`` 1) or refuse (0) undoing deal event ``event`` of ``pulka``."""

    pulka: Id
    event: Id
    yes: Flag


class ReopenCB(CallbackData, prefix="v1ro"):
    """Confirm (``yes`` 1) or refuse (0) taking back the end by agreement ``end`` of
    ``pulka`` (``/undo`` right after it)."""

    pulka: Id
    end: Id
    yes: Flag


def reopen_keyboard(tx: Texts, table: Table, end_id: int) -> InlineKeyboardMarkup | None:
    """The question of taking an end by agreement back: yes / no."""
    return markup(
        [
            [
                (tx("reopen_yes"), ReopenCB(pulka=table.id, end=end_id, yes=1).pack()),
                (tx("reopen_no"), ReopenCB(pulka=table.id, end=end_id, yes=0).pack()),
            ]
        ]
    )


class EndCB(CallbackData, prefix="v1e"):
    """End ``pulka`` by agreement (rule 4.2.3) if its last event is still ``last``."""

    pulka: Id
    last: Id


class AloneCB(CallbackData, prefix="v1ea"):
    """An administrator who does not play confirms (``yes`` 1) ending ``pulka`` alone, for
    everyone, if its last event is still ``last``, or does not (0); ``offer``: the message
    with "End by agreement" he tapped."""

    pulka: Id
    last: Id
    offer: Id
    yes: Flag


class NewDealCB(CallbackData, prefix="v1n"):
    """ "New deal": open a deal wizard for ``pulka`` (as it is when pressed)."""

    pulka: Id


class UndoAskCB(CallbackData, prefix="v1a"):
    """ "Undo" on a deal's message: ask to confirm undoing deal event ``event``."""

    pulka: Id
    event: Id


class SitCB(CallbackData, prefix="v1j"):
    """ "Sit down" on a pulka's scoreboard: seat the presser (like ``/join``)."""

    pulka: Id


class SheetCB(CallbackData, prefix="v1p"):
    """ "📷 Sheet": send the picture of ``pulka``'s sheet as it is when pressed."""

    pulka: Id


class SetupCB(CallbackData, prefix="v1s"):
    """A settings message's button: ``op`` with the value ``cur`` it was pressed on (so a
    repeated press is out of date instead of cycling twice)."""

    op: str
    cur: str


# --- the deal wizard -------------------------------------------------------------


class WizardOp(StrEnum):
    """What a wizard button does with the state it carries."""

    SHOW = "s"  # show the screen of that state
    WRITE = "w"  # write the deal the state describes
    CANCEL = "x"  # close the wizard


class Kind(StrEnum):
    """The kind of deal being entered."""

    NONE = ""  # not chosen yet
    GAME = "g"
    MISERE = "m"
    RASPASY = "r"


class Defence(StrEnum):
    """How the two defenders of a game answered, in speaking order, in one tap."""

    FIRST = "a"  # the first whists, the second passes
    SECOND = "b"  # the first passes, the second whists
    BOTH = "w"  # both whist
    NONE = "p"  # both pass
    HALF = "h"  # the first passes, the second half-whists
    #: Hussar with ``dummy_whist``: the one defender passes, the dummy "whists", and
    #: the game is played out (the declarer's tricks are asked).
    DUMMY = "d"

    @property
    def counted(self) -> int:
        """How many trick counts the wizard asks (the declarer's, then a whister's): as
        many as the game wants given (:func:`scoring.entry.counts_wanted`)."""
        return entry.counts_wanted(DEFENCES[self], dummy_whists=self is Defence.DUMMY)


#: Each defence as the defenders' answers: (first defender, second defender).
DEFENCES: dict[Defence, tuple[Choice, Choice]] = {
    Defence.FIRST: (Choice.WHIST, Choice.PASS),
    Defence.SECOND: (Choice.PASS, Choice.WHIST),
    Defence.BOTH: (Choice.WHIST, Choice.WHIST),
    Defence.NONE: (Choice.PASS, Choice.PASS),
    Defence.HALF: (Choice.PASS, Choice.HALF),
    Defence.DUMMY: (Choice.PASS, Choice.PASS),
}
SUITS = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.NO_TRUMPS)
#: The most counts the wizard asks on raspasy, at any table.
_RASPASY_COUNTS = max(entry.raspasy_needed(n) for n in seating.TABLE_SIZES)
#: Every contract, each written in a payload as its place here (one base-36 digit).
_CONTRACTS = tuple(Contract(level, suit) for level in seating.LEVELS for suit in SUITS)
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
#: Seats a wizard's payload may name: up to five at a table.
MAX_SEATS = max(seating.TABLE_SIZES)
_SEATS = _DIGITS[:MAX_SEATS]
#: The longest base-36 id: ``b36(MAX_ID)`` has 13 digits.
_B36_DIGITS = 13


class BadCallback(ValueError):
    """Callback data that is not a well-formed payload of this bot."""


def b36(n: int) -> str:
    """A non-negative integer in base 36: ``b36(42) == '16'``."""
    if n < 0:
        raise ValueError("negative")
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = _DIGITS[r] + out
        if not n:
            return out


def from_b36(text: str) -> int:
    """The integer of canonical base-36 ``text`` (no sign, no leading zeros)."""
    if not text or (len(text) > 1 and text[0] == "0") or any(c not in _DIGITS for c in text):
        raise BadCallback(text)
    return int(text, 36)


def _b36_id(value: object) -> object:
    # Text is a payload read back (base 36, canonical, at most 13 digits); an int is
    # an id given in code.
    if isinstance(value, str):
        if len(value) > _B36_DIGITS:
            raise BadCallback("id too long")
        return from_b36(value)
    return value


#: An id as the wizard's payload carries it: in base 36, to keep within 64 bytes.
B36Id = Annotated[
    int, BeforeValidator(_b36_id), Field(ge=0, le=MAX_ID), PlainSerializer(b36, return_type=str)
]


def _trick(ch: str) -> int:
    if ch not in "0123456789a":
        raise BadCallback(ch)
    return int(ch, 16)


@dataclass(frozen=True, slots=True)
class WizardData:
    """The deal wizard's whole state, as carried by one button.

    ``seat`` is the declarer; ``tricks`` what has been counted so far (game: the
    declarer's, then the first whister's; misère: the declarer's; raspasy: the first
    two at the table); ``last`` the pulka's last event when the wizard opened (the
    staleness token).  Codes given as their letters (``"g"``) are read as members.
    """

    pulka: int
    last: int
    kind: Kind = Kind.NONE
    seat: int | None = None
    contract: Contract | None = None
    defence: Defence | None = None
    tricks: tuple[int, ...] = field(default=())
    op: WizardOp = WizardOp.SHOW

    def __post_init__(self) -> None:
        try:
            # Frozen: the letters are swapped for their members once, here.
            object.__setattr__(self, "op", WizardOp(self.op))
            object.__setattr__(self, "kind", Kind(self.kind))
            if self.defence is not None:
                object.__setattr__(self, "defence", Defence(self.defence))
        except ValueError:
            raise BadCallback("code") from None
        problem = self._problem()
        if problem:
            raise BadCallback(problem)

    def _problem(self) -> str:
        if not 1 <= self.pulka <= MAX_ID or not 0 <= self.last <= MAX_ID:
            return "ids"
        if any(not isinstance(t, int) or t not in entry.COUNTS for t in self.tricks):
            return "tricks"
        if self.seat is not None and not 0 <= self.seat < MAX_SEATS:
            return "seat"
        k, t = self.kind, self.tricks
        if k is Kind.NONE:
            bad = bool(self.seat is not None or self.contract or self.defence or t)
            return "start" if bad else ""
        if k is Kind.GAME:
            if self.seat is None:
                return "declarer"
            if self.defence is not None and self.contract is None:
                return "defence"
            if t and self.defence is None:
                return "order"
            limit = self.defence.counted if self.defence is not None else 0
            if len(t) > limit or entry.left(t) < 0:
                return "tricks"
            return ""
        if k is Kind.MISERE:  # chosen on the declarer's contract screen
            bad = bool(self.seat is None or self.contract or self.defence or len(t) > 1)
            return "misere" if bad else ""
        bad = bool(self.seat is not None or self.contract or self.defence)
        bad = bad or len(t) > _RASPASY_COUNTS
        return "raspasy" if bad or entry.left(t) < 0 else ""

    # --- text form ---------------------------------------------------------------

    def path(self) -> str:
        """The state after the ids: ``g18a7`` is a game by seat 1, 7♥, first whists, 7."""
        out = str(self.kind)
        if self.seat is not None:
            out += str(self.seat)
        if self.contract is not None:
            c = self.contract
            out += _DIGITS[_CONTRACTS.index(c)]
        if self.defence is not None:
            out += self.defence
        return out + "".join(_DIGITS[x] for x in self.tricks)

    @classmethod
    def of_path(cls, pulka: int, last: int, op: WizardOp, path: str) -> WizardData:
        """The state ``path`` (:meth:`path`) describes; :class:`BadCallback` if none does."""
        values: dict[str, object] = {"pulka": pulka, "last": last, "op": op}
        if path:
            kind, rest = path[0], path[1:]
            values["kind"] = kind
            if kind in (Kind.GAME, Kind.MISERE) and rest:
                if rest[0] not in _SEATS:
                    raise BadCallback("seat")
                values["seat"], rest = int(rest[0]), rest[1:]
            if kind == Kind.GAME and rest:
                index = _DIGITS.find(rest[0])
                if not 0 <= index < len(_CONTRACTS):
                    raise BadCallback("contract")
                values["contract"] = _CONTRACTS[index]
                rest = rest[1:]
                if rest:
                    values["defence"], rest = rest[0], rest[1:]
            values["tricks"] = tuple(_trick(ch) for ch in rest)
        try:
            wizard = cls(**values)  # type: ignore[arg-type]
        except (TypeError, ValueError) as e:
            raise BadCallback(str(e)) from None
        if wizard.path() != path:
            raise BadCallback("not canonical")
        return wizard

    def pack(self) -> str:
        """The callback data: ``v1w:{op}:{pulka}:{last}:{path}`` (ids in base 36)."""
        return WizardCB(op=self.op, pulka=self.pulka, last=self.last, path=self.path()).pack()

    @classmethod
    def unpack(cls, data: str) -> WizardData:
        """Parse callback data strictly; :class:`BadCallback` for anything else."""
        try:
            wizard = WizardCB.unpack(data).wizard()
        except (TypeError, ValueError) as e:  # aiogram's, pydantic's, ours
            raise BadCallback(str(e)) from None
        if wizard.pack() != data:
            raise BadCallback("not canonical")
        return wizard

    # --- moves -------------------------------------------------------------------

    def to(self, **changes: object) -> WizardData:
        """This state with ``changes`` (a button's target); shown, not written."""
        return replace(self, op=WizardOp.SHOW, **changes)  # type: ignore[arg-type]

    def as_op(self, op: WizardOp) -> WizardData:
        return replace(self, op=op)

    def back(self) -> WizardData:
        """The screen before this one."""
        if self.tricks:
            t = self.tricks[:-1]
            if (
                self.kind is Kind.GAME
                and self.defence is Defence.BOTH
                and len(t) == 1
                and entry.forced_count(t) is not None
            ):
                t = ()  # the declarer's count left the whisters nothing: no split was asked
            return self.to(tricks=t)
        if self.defence is not None:
            return self.to(defence=None)
        if self.contract is not None:
            return self.to(contract=None)
        if self.kind is Kind.MISERE:  # the declarer's contract screen, misère on it
            return self.to(kind=Kind.GAME)
        return self.to(kind=Kind.NONE, seat=None)


class WizardCB(CallbackData, prefix="v1w"):
    """A wizard button as Telegram carries it: ``v1w:<op>:<pulka>:<last>:<path>`` (ids in
    base 36).  Reading one checks the whole state, so a payload that is no state the
    wizard draws fails the filter and is answered "out of date"."""

    op: WizardOp
    pulka: B36Id
    last: B36Id
    path: Annotated[str, Field(pattern=r"^[0-9a-z]{0,6}$")]

    @model_validator(mode="after")
    def check_state(self) -> Self:
        self.wizard()  # BadCallback is a ValueError: pydantic reports it as invalid
        return self

    def wizard(self) -> WizardData:
        """The wizard state this payload carries."""
        return WizardData.of_path(self.pulka, self.last, self.op, self.path)


# --- seating before the first deal, and a guest seat claimed -------------


class SwapCB(CallbackData, prefix="v1sw"):
    """ "⇄" on a seating message: swap ``seat`` and the next one of ``pulka``, if its
    last event is still ``last``."""

    pulka: Id
    last: Id
    seat: Id


class DealerCB(CallbackData, prefix="v1sd"):
    """A seating message's "deals first" button: rotate ``pulka``'s seats so ``seat``
    is the first (neighbours kept), if its last event is still ``last``."""

    pulka: Id
    last: Id
    seat: Id


class ClaimCB(CallbackData, prefix="v1sc"):
    """Confirm (``yes`` 1) or refuse (0) that Telegram user ``user`` takes over the
    guest at ``seat`` of ``pulka``."""

    pulka: Id
    seat: Id
    user: Id
    yes: Flag


# --- a past deal edited or deleted ---------------------------------------


class EditCB(CallbackData, prefix="v1ae"):
    """ "✏️" under a deal (or under /history): open the deal wizard on the deal that
    event ``event`` of ``pulka`` wrote, to change it."""

    pulka: Id
    event: Id


class DeleteCB(CallbackData, prefix="v1ad"):
    """Deleting the deal of event ``event`` while ``pulka``'s last event is ``last``:
    ``op`` ``a`` asks first, ``y`` deletes, ``n`` keeps it (ids in base 36: within
    64 bytes whatever they are)."""

    pulka: B36Id
    event: B36Id
    last: B36Id
    op: Annotated[str, Field(pattern=r"^[ayn]$")]


@dataclass(frozen=True, slots=True)
class AmendData(WizardData):
    """A wizard state that replaces the deal of event ``edit`` instead of adding one.

    >>> a = AmendData(pulka=7, last=42, edit=40, kind=Kind.MISERE, seat=2, tricks=(0,))
    >>> a.pack()
    'v1aw:s:7:16:14:m20'
    >>> AmendWizardCB.unpack(a.pack()).wizard() == a
    True
    >>> a.to(tricks=()).edit
    40
    """

    edit: int = 0

    def _problem(self) -> str:
        # No zero-argument super() in a slotted dataclass.
        return "edit" if not 1 <= self.edit <= MAX_ID else WizardData._problem(self)

    def pack(self) -> str:
        """``v1aw:{op}:{pulka}:{last}:{edit}:{path}`` (ids in base 36)."""
        return AmendWizardCB(
            op=self.op, pulka=self.pulka, last=self.last, edit=self.edit, path=self.path()
        ).pack()

    @classmethod
    def of(cls, w: WizardData, edit: int) -> AmendData:
        """Wizard state ``w`` editing the deal of event ``edit``."""
        return cls(**{f.name: getattr(w, f.name) for f in fields(WizardData)}, edit=edit)


class AmendWizardCB(CallbackData, prefix="v1aw"):
    """An editing wizard's button: :class:`WizardCB` with the deal's event ``edit``."""

    op: WizardOp
    pulka: B36Id
    last: B36Id
    edit: B36Id
    path: Annotated[str, Field(pattern=r"^[0-9a-z]{0,6}$")]

    @model_validator(mode="after")
    def check_state(self) -> Self:
        self.wizard()
        return self

    def wizard(self) -> AmendData:
        """The editing wizard's state this payload carries."""
        return AmendData.of(
            WizardData.of_path(self.pulka, self.last, self.op, self.path), self.edit
        )


# --- the end of a pulka: settle, play again, export, the archive (prefix "v1e") -------
# ``EndCB`` ("v1e", above) is the "End by agreement" tap: a seated player's agreement.


class SettleCB(CallbackData, prefix="v1es"):
    """ "Settle" on a closed scoreboard: settle and lock ``pulka``; "End" on a running one:
    the offer to stop now (both as ``/settle``)."""

    pulka: Id


class AgainCB(CallbackData, prefix="v1er"):
    """ "Same table again" under a settled ``pulka``: a new one, same players and rules."""

    pulka: Id


class ExportCB(CallbackData, prefix="v1ex"):
    """ "Export": the record file of ``pulka`` (what ``/export`` sends)."""

    pulka: Id


class ArchivePageCB(CallbackData, prefix="v1el"):
    """ "/pulkas" paged: the page ``page`` (0: the newest) of the place's archive."""

    page: Id


# --- typed deals: the question before a likely slip (prefix "v1g") ----------------------


class GuardCB(CallbackData, prefix="v1g"):
    """ "Yes, write it" (``yes`` 1) or "No" (0) under the question about a typed deal
    (the same deal again, or another player sitting out): the deal is the command the
    question replies to, written only if it still has ``digest`` (``bot.features.deals.guard``)
    and ``pulka``'s last event is still ``last``."""

    pulka: Id
    last: Id
    yes: Flag
    digest: Annotated[str, Field(pattern=r"^[0-9a-f]{10}$")]


# --- debts between nights: "Paid" / "Received" on a payment line (prefix "v1db") ------


#: A seat of a settled pulka (0-4: up to five players, scoring.seating.TABLE_SIZES).
DebtSeat = Annotated[int, BeforeValidator(_canonical_id), Field(ge=0, le=MAX_SEATS - 1)]


class DebtCB(CallbackData, prefix="v1db"):
    """ "Paid" (``got`` 0) or "Received" (1) on the line ``payer`` -> ``payee`` (seats)
    of the settled ``pulka`` (``bot.store.debts``); the amount is the line's as it is
    when pressed."""

    pulka: Id
    payer: DebtSeat
    payee: DebtSeat
    got: Flag


# --- /help: its pages by topic (prefix "v1hp"; "v1h": the old "All commands") ----------


class HelpCB(CallbackData, prefix="v1h"):
    """ "📖 All commands" under a short ``/help`` sent before the help had pages: the
    message becomes the first page (``full`` 1; nothing else is read)."""

    full: Flag


class HelpPage(StrEnum):
    """A page of ``/help``, in the order they are shown; ``/help <the value>`` opens it."""

    START = "start"
    DEALS = "deals"
    FIXING = "fixing"
    ENDING = "ending"
    MONEY = "money"
    CALC = "calc"


class HelpPageCB(CallbackData, prefix="v1hp"):
    """A page's button under ``/help``: the message becomes that page (nothing else is
    read, so the button works in any chat, at any time)."""

    page: HelpPage


# --- statistics across nights (prefix "v1st") ------------------------------------------


class StatsCB(CallbackData, prefix="v1st"):
    """ "📈 Chart" under ``/stats``: the chart of the chat's running money totals
    (``chart`` 1; the field keeps room for more views of the statistics)."""

    chart: Flag


# --- /calc: the paper-sheet calculator's step-by-step message (prefix "v1cc") ----------


class CalcCB(CallbackData, prefix="v1cc"):
    """A button of the step-by-step ``/calc`` message (whose text is the sheet so far):
    ``va`` variant, ``np`` number of players, ``hm`` hussar's mountain ``arg``; ``ab``
    seats the default names, ``bk`` takes the last figures back, ``x`` closes."""

    op: Annotated[str, Field(pattern=r"^(va|np|hm|ab|bk|x)$")]
    arg: Annotated[str, Field(pattern=r"^[a-z0-9]{0,12}$")] = ""


@dataclass(frozen=True, slots=True)
class Button:
    """One inline button: its label and its callback data."""

    text: str
    data: str


#: A button as the views describe it: a :class:`Button`, or its label and its payload.
Described = Button | tuple[str, str]


def _button(b: Described) -> InlineKeyboardButton:
    text, data = (b.text, b.data) if isinstance(b, Button) else b
    return InlineKeyboardButton(text=text, callback_data=data)


def markup(rows: Iterable[Iterable[Described]]) -> InlineKeyboardMarkup | None:
    """A keyboard of ``rows`` as given (empty rows dropped); None when it has no button."""
    # The markup is built directly, not through ``InlineKeyboardBuilder``: the views
    # already lay the rows out (at most 6 wide), and the builder's ``as_markup``
    # deep-copies every button, a third of a millisecond per keyboard measured, and a
    # deal sends two keyboards.
    built = [buttons for buttons in ([_button(b) for b in row] for row in rows) if buttons]
    return InlineKeyboardMarkup(inline_keyboard=built) if built else None


def deal_keyboard(tx: Texts, table: Table, live: LiveDeal | None) -> InlineKeyboardMarkup | None:
    """Under a written deal: "New deal" (while the pulka is open), "Undo" and "✏️"
    (change or delete this deal later: ``handlers/amend.py``)."""
    row = []
    if table.playable:
        row.append((tx("btn_new_deal"), NewDealCB(pulka=table.id).pack()))
    if live is not None and table.active:
        undo = entry_key(live.deal, "btn_undo", "btn_undo_correction")
        row.append((tx(undo), UndoAskCB(pulka=table.id, event=live.event.id).pack()))
        row.append((tx("btn_edit"), EditCB(pulka=table.id, event=live.event.id).pack()))
    return markup([row])


def undo_keyboard(tx: Texts, table: Table, live: LiveDeal) -> InlineKeyboardMarkup | None:
    """The confirmation of undoing the last deal: yes / no."""
    return markup(
        [
            [
                (tx("undo_yes"), UndoCB(pulka=table.id, event=live.event.id, yes=1).pack()),
                (tx("undo_no"), UndoCB(pulka=table.id, event=live.event.id, yes=0).pack()),
            ]
        ]
    )


def end_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    """Under the settlement if stopped now: "End by agreement" (while nothing but
    agreements is written: the stop point, :func:`bot.store.ending.stop_point`)."""
    stop = table.stop_point
    return markup([[(tx("settle_agree"), EndCB(pulka=table.id, last=stop).pack())]])


def sheet_button(tx: Texts, table: Table) -> tuple[str, str]:
    """ "📷 Sheet": the picture of the pulka's sheet as it is when pressed."""
    return tx("btn_sheet"), SheetCB(pulka=table.id).pack()


def sheet_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    """Under the text score: the "📷 Sheet" button."""
    return markup([[sheet_button(tx, table)]]) if table.state is not None else None


def pulka_ref(pulka_id: int) -> str:
    """The start parameter of the sheet's page naming a pulka: ``p12``.

    >>> pulka_ref(12), ref_pulka(pulka_ref(12)), ref_pulka("p0"), ref_pulka("12"), ref_pulka("p٣")
    ('p12', 12, None, None, None)
    """
    return f"p{pulka_id}"


_REF = re.compile(r"^p([1-9][0-9]{0,17})$")  # ASCII digits: \d takes "٣" too


def ref_pulka(ref: str | None) -> int | None:
    """The pulka a start parameter names (:func:`pulka_ref`), or None if it names none."""
    found = _REF.match(ref or "")
    return int(found.group(1)) if found else None


@dataclass(frozen=True, slots=True)
class SheetLink:
    """The sheet's page (the Mini App), as configured: ``MINIAPP_URL``, ``MINIAPP_NAME``
    and the bot's username, learnt at start."""

    url: str
    name: str
    bot: str = ""

    def button(self, tx: Texts, table: Table) -> InlineKeyboardButton | None:
        """ "Open the sheet": in a group the Mini App's direct link (``t.me/<bot>/<app>
        ?startapp=p12``; Telegram allows ``web_app`` buttons in private chats only),
        in a private chat a ``web_app`` button."""
        ref = pulka_ref(table.id)
        if table.row.chat_id > 0:  # a private chat
            sep = "&" if "?" in self.url else "?"
            return InlineKeyboardButton(
                text=tx("btn_open_sheet"), web_app=WebAppInfo(url=f"{self.url}{sep}pulka={ref}")
            )
        if not self.bot:
            return None
        return InlineKeyboardButton(
            text=tx("btn_open_sheet"), url=f"https://t.me/{self.bot}/{self.name}?startapp={ref}"
        )

    def private_button(self, tx: Texts) -> InlineKeyboardButton:
        """ "Open the sheet" under the private chat's ``/start``: a ``web_app`` button to
        the page with no pulka named (the page shows the one the user sat in last)."""
        return InlineKeyboardButton(text=tx("btn_open_sheet"), web_app=WebAppInfo(url=self.url))


def board_keyboard(
    tx: Texts, table: Table, sheet: SheetLink | None = None
) -> InlineKeyboardMarkup | None:
    """ "Sit down" while seats are open before the first deal, "New deal" while playable,
    and "📷 Sheet" once a deal is written (on a settled board too: the final sheet), with
    "End" beside it while the pulka runs; "Open the sheet" (the page) once seated, if
    the page is configured (``sheet``)."""
    return with_sheet_link(tx, table, _board_keyboard(tx, table), sheet)


def with_sheet_link(
    tx: Texts, table: Table, keyboard: InlineKeyboardMarkup | None, sheet: SheetLink | None
) -> InlineKeyboardMarkup | None:
    """``keyboard`` with "Open the sheet" under it, if the page is configured (``sheet``)
    and the pulka is seated."""
    link = None if sheet is None or table.state is None else sheet.button(tx, table)
    if link is None:
        return keyboard
    rows = [] if keyboard is None else keyboard.inline_keyboard
    return InlineKeyboardMarkup(inline_keyboard=[*rows, [link]])


def _board_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    row = []
    if table.active and table.seating_open:
        row.append((tx("btn_sit"), SitCB(pulka=table.id).pack()))
    if table.playable:
        row.append((tx("btn_new_deal"), NewDealCB(pulka=table.id).pack()))
    sheet = [sheet_button(tx, table)] if table.deals and table.state is not None else []
    if table.playable and table.deals:  # "End": as /settle, the offer to stop now
        sheet.append((tx("btn_end"), SettleCB(pulka=table.id).pack()))
    return markup([row, sheet, *closing_rows(tx, table)])


def closing_rows(tx: Texts, table: Table) -> list[list[tuple[str, str]]]:
    """The closed board's buttons (``handlers/settle.py``): "Settle" once the pulka is
    over; once settled, "Same table again" and "Export"."""
    if table.can_settle:
        return [[(tx("btn_settle"), SettleCB(pulka=table.id).pack())]]
    if not table.active and table.settled and not table.cancelled:
        return [
            [
                (tx("btn_again"), AgainCB(pulka=table.id).pack()),
                (tx("btn_export"), ExportCB(pulka=table.id).pack()),
            ]
        ]
    return []


def export_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    return markup([[(tx("btn_export"), ExportCB(pulka=table.id).pack())]])
