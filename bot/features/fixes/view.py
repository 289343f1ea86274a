"""A past deal changed or deleted: the editing wizard, the deletion prompt, the answer.

The editing wizard is the deal wizard (:func:`bot.views.wizard.screen`) shown on
the table as it was before the deal being changed (its seating, its raspasy
run), opened on that deal's own state, with its payloads carrying the deal's
event (:class:`bot.views.buttons.AmendData`); "Write it" replaces the deal.
The answer shows the deal before and after, and each player's standing before
and after, as :func:`scoring.standings` has them.
"""

from __future__ import annotations

from dataclasses import replace

from aiogram.types import InlineKeyboardMarkup

from bot.model import EventRow, LiveDeal, PulkaError, Table, amended_deal
from bot.views.buttons import (
    DEFENCES,
    AmendData,
    Defence,
    DeleteCB,
    EditCB,
    Kind,
    WizardData,
    markup,
)
from bot.views.format import deal_words, entry_key
from bot.views.texts import Texts
from bot.views.wizard import Button, Screen, deal_of, screen
from bot.views.written import amended_text
from scoring import Choice, Game, Misere, Raspasy
from scoring.deals import same_deal


def editing_view(table: Table, live: LiveDeal) -> Table:
    """``table`` as it stood before ``live`` was played: the wizard asks on that sheet
    (and names the deal by its number), dealt by who dealt ``live`` (another than the
    seating's, if the table said so when it was written)."""
    before = table.deals[: table.index_of(live)]
    state = live.before
    if live.step.dealer is not None:
        state = replace(state, next_dealer=live.step.dealer)
    return replace(table, deals=before, state=state, dealt=live.number - 1)


#: The defence button of the two defenders' answers (the dummy's pass is hussar's only).
_DEFENCE_OF = {choices: d for d, choices in DEFENCES.items() if d is not Defence.DUMMY}


def _hussar_defence(choice: Choice | None, dummy_whist: bool) -> Defence | None:
    """Hussar's one defender: whist, or a pass (played out when the dummy whists)."""
    if choice is Choice.WHIST:
        return Defence.FIRST
    if choice is Choice.PASS:
        return Defence.DUMMY if dummy_whist else Defence.NONE
    return None


def _states(table: Table, live: LiveDeal) -> list[WizardData]:
    """Wizard states for ``live``'s deal, the whole deal first, then ever shorter."""
    base = WizardData(pulka=table.id, last=table.last_event_id)
    deal, names = live.deal, table.names
    view = editing_view(table, live).state
    assert view is not None
    seats = view.next_table
    out = []
    if isinstance(deal, Game) and deal.declarer in names:
        seat = names.index(deal.declarer)
        game = base.to(kind=Kind.GAME, seat=seat)
        defenders = [names[s] for s in seats.defenders(seat)]
        first = defenders[0]
        if seats.dummy:  # hussar: the one defender's answer
            code = _hussar_defence(deal.choices.get(first), seats.rules.dummy_whist)
        else:
            answers = (deal.choices.get(first), deal.choices.get(defenders[1]))
            code = _DEFENCE_OF.get(answers)  # type: ignore[arg-type]
        if code is not None:
            tricks = deal.trick_map
            # The declarer's count, then (both whisting) the first whister's.
            counted = (tricks.get(deal.declarer, 0), tricks.get(first, 0))[: code.counted]
            out += _state(game, contract=deal.contract, defence=code, tricks=counted)
            out += _state(game, contract=deal.contract, defence=code)
        out += _state(game, contract=deal.contract)
        out.append(game)
    elif isinstance(deal, Misere) and deal.declarer in names:
        seat = names.index(deal.declarer)
        out += _state(base, kind=Kind.MISERE, seat=seat, tricks=(deal.tricks,))
        out += _state(base, kind=Kind.MISERE, seat=seat)
    elif isinstance(deal, Raspasy):
        tricks = deal.trick_map
        a, b = (tricks.get(names[s], 0) for s in seats.at_table[:2])
        out += _state(base, kind=Kind.RASPASY, tricks=(a, b))
    out.append(base)
    return out


def _state(w: WizardData, **changes: object) -> list[WizardData]:
    """``w`` with ``changes``, if that is a state the wizard has (a typed deal may say
    what no button does)."""
    try:
        return [w.to(**changes)]
    except ValueError:
        return []


def open_screen(tx: Texts, table: Table, live: LiveDeal) -> Screen:
    """The editing wizard opened on ``live``: its preview when the wizard can draw
    exactly that deal, else the furthest screen it agrees with."""
    view = editing_view(table, live)
    for w in _states(table, live):
        state = AmendData.of(w, live.event.id)
        try:
            shown = amend_screen(tx, table, live, state)
            complete = deal_of(view, state)
        except PulkaError:
            continue
        if complete is None or same_deal(complete, live.deal):
            return shown
    raise PulkaError("stale")


def about(tx: Texts, key: str, table: Table, live: LiveDeal) -> str:
    """The message ``key`` about deal ``live``: its number and what it says."""
    notation = deal_words(tx, live.deal, table.names, table.rules)
    return tx(key, number=live.number, notation=notation)


def amend_screen(tx: Texts, table: Table, live: LiveDeal, w: AmendData) -> Screen:
    """The editing wizard's screen ``w`` for deal ``live`` (``PulkaError('stale')`` if the
    state is impossible there): the deal wizard's, under what the deal is now, with
    "🗑 Delete"."""
    shown = screen(tx, editing_view(table, live), w)
    head = about(tx, "amend_head", table, live)
    delete = Button(*delete_button(tx, table, live))
    return Screen(f"{head}\n{shown.text}", (*shown.rows, (delete,)), shown.deal)


def _delete(tx: Texts, key: str, table: Table, live: LiveDeal, op: str) -> tuple[str, str]:
    data = DeleteCB(pulka=table.id, event=live.event.id, last=table.last_event_id, op=op)
    return tx(key), data.pack()


def delete_button(tx: Texts, table: Table, live: LiveDeal) -> tuple[str, str]:
    """ "🗑 Delete" for ``live``: asks first (while the table stays as it is)."""
    return _delete(
        tx, entry_key(live.deal, "btn_delete", "btn_delete_correction"), table, live, "a"
    )


def delete_keyboard(tx: Texts, table: Table, live: LiveDeal) -> InlineKeyboardMarkup | None:
    """ "🗑 Yes, delete" / "No" for the deal ``live`` while the table stays as it is."""
    yes = _delete(tx, "btn_delete_yes", table, live, "y")
    return markup([[yes, _delete(tx, "btn_delete_no", table, live, "n")]])


def kept_text(tx: Texts, key: str, correction: str, kept: LiveDeal | None) -> str:
    """A deletion or undo prompt after "No": the deal stays (``—`` if it is gone
    meanwhile); ``correction``: the words when it is a correction ("запись №N")."""
    if kept is not None:
        key = entry_key(kept.deal, key, correction)
    return tx(key, number=kept.number if kept else "—")


def amended_answer(
    tx: Texts, table: Table, amend: EventRow, before: Table | None
) -> tuple[str, InlineKeyboardMarkup | None]:
    """What amendment ``amend`` did, and "✏️" for its deal again (while it is in force)."""
    live = table.deal_by_event(int(amend.payload.get("event", 0)))
    keyboard = None
    if live is not None and table.active:
        edit = EditCB(pulka=table.id, event=live.event.id)
        keyboard = markup([[(tx("btn_edit"), edit.pack())]])
    return amended_text(tx, table, amend, before), keyboard


def amended_note(tx: Texts, table: Table, amend: EventRow) -> str:
    """A press's answer (plain text): the deal changed or deleted."""
    found = amended_deal(table, amend)
    number = found[0] if found else "—"
    deleted = found is not None and found[2] is None
    return tx("amend_note_deleted" if deleted else "amend_note_done", number=number)
