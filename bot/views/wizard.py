"""The deal wizard: a deal entered by taps on one message that edits itself.

Each button carries the whole state after the tap (:class:`bot.views.buttons.WizardData`):
who declares (or raspasy), the contract or misère, the defence in one tap, then the
tricks; what is not asked follows as for a typed deal (:mod:`scoring.entry`).  The last
screen previews what will be written and what it costs, replayed by :mod:`scoring`.
A state the table cannot have now (a forged or out-of-date button) is ``stale``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from aiogram.types import InlineKeyboardMarkup

from bot.model import PulkaError, Table
from bot.views.buttons import DEFENCES, SUITS, Button, Defence, Kind, WizardData, WizardOp, markup
from bot.views.deal import effect_lines
from bot.views.format import contract_label, deal_in_full, name
from bot.views.texts import Texts
from scoring import Choice, Contract, Deal, ScoringError, deal_cost, entry, play, seating


@dataclass(frozen=True, slots=True)
class Screen:
    """A wizard message: its text, its keyboard, and on the preview the deal."""

    text: str
    rows: tuple[tuple[Button, ...], ...]
    deal: Deal | None = None

    def markup(self) -> InlineKeyboardMarkup | None:
        """The screen's keyboard."""
        return markup(self.rows)


def seating_of(table: Table) -> seating.Table:
    """Who deals, sits out and defends at the next deal: asked of :mod:`scoring.seating`."""
    if table.state is None:
        raise PulkaError("stale")
    return table.state.next_table


def deal_of(table: Table, w: WizardData) -> Deal | None:
    """The deal a complete wizard state describes (None while questions remain)."""
    given = _given(seating_of(table), table.names, w)
    if given is None:
        return None
    assert table.state is not None
    try:
        return entry.complete(table.state, given)
    except ScoringError:
        raise PulkaError("stale") from None


def _given(seats: seating.Table, names: tuple[str, ...], w: WizardData) -> entry.Given | None:
    """What the taps so far said, once the wizard has asked all it asks."""
    if w.kind is Kind.GAME and w.seat is not None and w.contract is not None and w.defence:
        choices = _choices(seats, w.defence)
        if choices is None or len(w.tricks) != w.defence.counted:
            return None
        defenders = seats.defenders(w.seat)
        # The declarer's count, then (both whisting) the first whister's.
        counts = (*w.tricks, None, None)
        answers = tuple(
            entry.Answer(choice, names[s], counts[1] if k == 0 else None)
            for k, (s, choice) in enumerate(zip(defenders, choices, strict=True))
        )
        return entry.GivenGame(names[w.seat], w.contract, counts[0], answers)
    if w.kind is Kind.MISERE and w.seat is not None and len(w.tricks) == 1:
        return entry.GivenMisere(names[w.seat], w.tricks[0])
    if w.kind is Kind.RASPASY and len(w.tricks) == entry.raspasy_needed(seats.n):
        # The first two at the table; the third (in hussar the dummy) took the rest.
        at = tuple(names[s] for s in seats.at_table)
        return entry.GivenRaspasy((*w.tricks, None)[: len(at)], at)
    return None


#: Hussar's answers of the one defender: whist, pass, or pass with the dummy whisting.
_HUSSAR = {Defence.FIRST: Choice.WHIST, Defence.NONE: Choice.PASS, Defence.DUMMY: Choice.PASS}


def _choices(seats: seating.Table, defence: Defence) -> tuple[Choice, ...] | None:
    """The defenders' answers a defence button says (None: not a button of this table)."""
    if seats.dummy:
        choice = _HUSSAR.get(defence)
        return None if choice is None else (choice,)
    return None if defence is Defence.DUMMY else DEFENCES[defence]


def _defences(seats: seating.Table, level: int | None) -> tuple[Defence, ...]:
    """The defence buttons at this table: hussar's whist and pass (played out with
    ``dummy_whist``), else the four and half-whist where the conventions have it."""
    if seats.dummy:
        return Defence.FIRST, Defence.DUMMY if seats.rules.dummy_whist else Defence.NONE
    four = (Defence.FIRST, Defence.SECOND, Defence.BOTH, Defence.NONE)
    if level is not None and seats.half_whist_tricks(level) is not None:
        return (*four, Defence.HALF)
    return four


def outdated(table: Table, w: WizardData) -> bool:
    """Was ``w`` drawn on this pulka before its last change (a deal written meanwhile)?"""
    return w.pulka == table.id and w.last != table.last_event_id


def _possible(table: Table, seats: seating.Table, w: WizardData) -> bool:
    """Can this table be in state ``w`` now (not forged, and the table unchanged)?"""
    level = None if w.contract is None else w.contract.level
    return (
        table.playable
        and w.pulka == table.id
        and w.last == table.last_event_id
        and (w.seat is None or seats.can_declare(w.seat))
        and (level is None or level in seats.levels)
        and (w.defence is None or w.defence in _defences(seats, level))
        and (w.kind is not Kind.MISERE or seats.misere_allowed)
    )


def screen(tx: Texts, table: Table, w: WizardData) -> Screen:
    """The message for wizard state ``w`` on ``table`` (``PulkaError('stale')`` if impossible)."""
    seats = seating_of(table)
    if not _possible(table, seats, w):
        raise PulkaError("stale")
    names = table.names
    state = table.state
    assert state is not None
    head = [tx("wiz_title", number=table.dealt + 1, dealer=name(names[seats.dealer]))]
    if len(seats.sitting_out) > 1:  # five: both who sit out are named
        out = [name(names[s]) for s in seats.sitting_out]
        head.append(tx("wiz_sitting_out", first=out[0], second=out[1]))
    if state.raspasy_run:
        head.append(tx("wiz_run", run=state.raspasy_run, exit=table.rules.raspasy_exit))
    nav = _nav(tx, w)

    deal = deal_of(table, w)
    if deal is not None:
        return _preview(tx, table, w, deal, head)
    if w.op is not WizardOp.SHOW:
        raise PulkaError("stale")  # "Write it" is only on a complete deal

    if w.kind is Kind.NONE:
        # Who declares, a game or a misère (asked next, with the contract); or raspasy.
        who = tuple(Button(names[s], w.to(kind=Kind.GAME, seat=s).pack()) for s in seats.at_table)
        raspasy = (Button(tx("btn_raspasy"), w.to(kind=Kind.RASPASY).pack()),)
        ask = tx("wiz_ask_kind") if seats.misere_allowed else tx("wiz_ask_kind_no_misere")
        return Screen("\n".join([*head, ask]), (who, raspasy, nav))

    if w.kind is Kind.GAME:
        assert w.seat is not None
        declarer = name(names[w.seat])
        if w.contract is None:
            rows = [
                tuple(Button(contract_label(tx, c), w.to(contract=c).pack()) for c in contracts)
                for contracts in ([Contract(level, s) for s in SUITS] for level in seats.levels)
            ]
            if seats.misere_allowed:
                rows.append((Button(tx("btn_misere"), w.to(kind=Kind.MISERE).pack()),))
            key = "wiz_ask_contract_or_misere" if seats.misere_allowed else "wiz_ask_contract"
            return Screen("\n".join([*head, tx(key, declarer=declarer)]), (*rows, nav))
        game = f"{declarer} {contract_label(tx, w.contract)}"
        # Button labels are plain text; message texts are HTML (names escaped).
        raw = [names[s] for s in seats.defenders(w.seat)]
        if w.defence is None:
            buttons = [
                Button(_answer(tx, seats, code, raw), w.to(defence=code).pack())
                for code in _defences(seats, w.contract.level)
            ]
            rows = [tuple(buttons[i : i + 2]) for i in range(0, len(buttons), 2)]
            return Screen("\n".join([*head, game, tx("wiz_ask_defence")]), (*rows, nav))
        escaped = [name(n) for n in raw]
        chosen = f"{game} · {_answer(tx, seats, w.defence, escaped)}"
        if seats.dummy:  # the declarer's count only: the defence, with the dummy, took the rest
            ask = tx("wiz_ask_tricks_hussar", name=declarer, other=escaped[0])
            rows = _counts(w, entry.open_counts(), lambda k: (k,))
            return Screen("\n".join([*head, chosen, ask]), (*rows, nav))
        if not w.tricks:
            both = w.defence is Defence.BOTH

            def declared(k: int) -> tuple[int, ...]:
                # With both whisting, a count that leaves the whisters nothing to split
                # asks no split.
                split = entry.forced_count((k,)) if both else None
                return (k,) if split is None else (k, split)

            rows = _counts(w, entry.open_counts(), declared)
            ask = tx("wiz_ask_tricks", name=declarer)
            return Screen("\n".join([*head, chosen, ask]), (*rows, nav))
        rest = entry.left(w.tricks)
        rows = _counts(w, entry.open_counts(w.tricks), lambda k: (w.tricks[0], k))
        text = tx(
            "wiz_ask_split",
            declarer=declarer,
            tricks=w.tricks[0],
            name=escaped[0],
            other=escaped[1],
            rest=rest,
        )
        return Screen("\n".join([*head, chosen, text]), (*rows, nav))

    if w.kind is Kind.MISERE:
        assert w.seat is not None
        ask = tx("wiz_ask_misere_tricks", name=name(names[w.seat]))
        rows = _counts(w, entry.open_counts(), lambda k: (k,))
        return Screen("\n".join([*head, ask]), (*rows, nav))

    # raspasy: the first two at the table; the third (in hussar the dummy) takes the rest.
    at = [name(names[s]) for s in seats.at_table]
    a, b = at[0], at[1]
    done = ", ".join(f"{who} {k}" for who, k in zip((a, b), w.tricks, strict=False))
    ask = (a, b)[len(w.tricks)]
    rows = _counts(w, entry.open_counts(w.tricks), lambda k: (*w.tricks, k))
    lines = [*head, tx("wiz_raspasy")]
    if done:
        lines.append(done)
    if seats.dummy:
        lines.append(tx("wiz_ask_raspasy_dummy", name=ask))
    else:
        lines.append(tx("wiz_ask_raspasy", name=ask, last=at[2]))
    return Screen("\n".join(lines), (*rows, nav))


#: The catalog key of each of hussar's answers (button and summary).
_HUSSAR_KEYS = {
    Defence.FIRST: "hussar_whist",
    Defence.NONE: "hussar_pass",
    Defence.DUMMY: "hussar_pass_dummy",
}


def _answer(tx: Texts, seats: seating.Table, code: Defence, defenders: list[str]) -> str:
    """A defence's button or summary: hussar's names its one opponent, the others both."""
    if seats.dummy:
        return tx(_HUSSAR_KEYS[code], a=defenders[0])
    return tx(_DEFENCE_KEYS[code], a=defenders[0], b=defenders[1])


def _counts(
    w: WizardData, counts: range, tricks: Callable[[int], tuple[int, ...]]
) -> list[tuple[Button, ...]]:
    """A button for each of ``counts`` (:func:`scoring.entry.open_counts`), six to a row:
    each is the state ``w`` with ``tricks(k)``."""
    buttons = [Button(str(k), w.to(tricks=tricks(k)).pack()) for k in counts]
    return [tuple(buttons[i : i + 6]) for i in range(0, len(buttons), 6)]


def _nav(tx: Texts, w: WizardData) -> tuple[Button, ...]:
    cancel = Button(tx("btn_cancel"), w.as_op(WizardOp.CANCEL).pack())
    if w.kind is Kind.NONE:
        return (cancel,)
    return (Button(tx("btn_back"), w.back().pack()), cancel)


#: The catalog key of each defence's button and summary.
_DEFENCE_KEYS = {
    Defence.FIRST: "def_first",
    Defence.SECOND: "def_second",
    Defence.BOTH: "def_both",
    Defence.NONE: "def_none",
    Defence.HALF: "def_half",
}


def _preview(tx: Texts, table: Table, w: WizardData, deal: Deal, head: list[str]) -> Screen:
    state = table.state
    assert state is not None
    try:
        step = play(state, deal)
    except ScoringError:
        raise PulkaError("stale") from None
    names = table.names
    words = deal_in_full(tx, deal, names, table.rules)
    lines = [*head, tx("wiz_preview", notation=words)]
    lines.extend(effect_lines(tx, names, step.writes, deal_cost(state, deal), preview=True))
    if step.state.finished:
        lines.append(tx("wiz_closes"))
    rows = ((Button(tx("btn_write"), w.as_op(WizardOp.WRITE).pack()),), _nav(tx, w))
    return Screen("\n".join(lines), rows, deal)
