"""A past deal changed or deleted: the editing wizard, the deletion prompt, the answer.

The editing wizard is the deal wizard (:func:`bot.views.wizard.screen`) shown on
the table as it was before the deal being changed (its seating, its raspasy
run), opened on that deal's own state, with its payloads carrying the deal's
event (:class:`bot.views.callbacks.AmendData`); "Write it" replaces the deal.
The answer shows the deal before and after, and each player's standing before
and after, as :func:`scoring.standings` has them.
"""

from __future__ import annotations

from dataclasses import replace

from aiogram.types import InlineKeyboardMarkup

from bot.service import AmendBreaks, LiveDeal, PulkaError, Table
from bot.store.db import EventKind, EventRow
from bot.store.tables import amended_deal, same_deal, table_at
from bot.views.callbacks import (
    AmendData,
    Defence,
    DeleteCB,
    EditCB,
    Kind,
    WizardData,
)
from bot.views.chat import declarer_prefix, error_text, name, notation, signed
from bot.views.keyboards import markup
from bot.views.texts import Texts
from bot.views.wizard import Button, Screen, deal_of, screen
from scoring import Choice, Correction, Deal, Game, Misere, Raspasy, Rules, standings

#: The most "✏️ N" buttons under /history (the latest deals).
HISTORY_BUTTONS = 24


def editing_view(table: Table, live: LiveDeal) -> Table:
    """``table`` as it stood before ``live`` was played: the wizard asks on that sheet."""
    return replace(table, deals=table.deals[: live.number - 1], state=live.before)


def _defence(first: Choice | None, second: Choice | None) -> Defence | None:
    return {
        (Choice.WHIST, Choice.PASS): Defence.FIRST,
        (Choice.PASS, Choice.WHIST): Defence.SECOND,
        (Choice.WHIST, Choice.WHIST): Defence.BOTH,
        (Choice.PASS, Choice.PASS): Defence.NONE,
        (Choice.PASS, Choice.HALF): Defence.HALF,
    }.get((first, second))  # type: ignore[arg-type]


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
    seats = live.before.next_table
    out = []
    if isinstance(deal, Game) and deal.declarer in names:
        seat = names.index(deal.declarer)
        game = base.to(kind=Kind.GAME, seat=seat)
        defenders = [names[s] for s in seats.defenders(seat)]
        first = defenders[0]
        if seats.dummy:  # hussar: the one defender's answer
            code = _hussar_defence(deal.choices.get(first), seats.rules.dummy_whist)
        else:
            code = _defence(deal.choices.get(first), deal.choices.get(defenders[1]))
        tricks = deal.trick_map
        if code is not None:
            counted = {
                Defence.FIRST: (tricks.get(deal.declarer, 0),),
                Defence.SECOND: (tricks.get(deal.declarer, 0),),
                Defence.BOTH: (tricks.get(deal.declarer, 0), tricks.get(first, 0)),
                Defence.DUMMY: (tricks.get(deal.declarer, 0),),
            }.get(code, ())
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
        except PulkaError:
            continue
        try:
            complete = deal_of(view, state)
        except PulkaError:
            continue
        if complete is None or same_deal(complete, live.deal):
            return shown
    raise PulkaError("stale")


def deal_words(tx: Texts, deal: Deal, names: tuple[str, ...], rules: Rules | None = None) -> str:
    """A deal in the usual notation, with its declarer: ``Anna 7♥ / ровно``."""
    return declarer_prefix(deal) + notation(tx, deal, names, rules)


def amend_screen(tx: Texts, table: Table, live: LiveDeal, w: AmendData) -> Screen:
    """The editing wizard's screen ``w`` for deal ``live`` (``PulkaError('stale')`` if the
    state is impossible there): the deal wizard's, under what the deal is now, with
    "🗑 Delete"."""
    shown = screen(tx, editing_view(table, live), w)
    head = tx(
        "amend_head",
        number=live.number,
        notation=deal_words(tx, live.deal, table.names, table.rules),
    )
    delete = Button(
        tx("btn_delete"),
        DeleteCB(pulka=table.id, event=live.event.id, last=w.last, op="a").pack(),
    )
    return Screen(f"{head}\n{shown.text}", (*shown.rows, (delete,)), shown.deal)


def correction_text(tx: Texts, table: Table, live: LiveDeal) -> str:
    """A correction asked to be edited: it can only be deleted and written again."""
    return tx(
        "amend_correction",
        number=live.number,
        notation=deal_words(tx, live.deal, table.names, table.rules),
    )


def is_correction(live: LiveDeal) -> bool:
    return isinstance(live.deal, Correction)


def delete_prompt(tx: Texts, table: Table, live: LiveDeal) -> str:
    """The question before deleting a past deal."""
    return tx(
        "amend_delete_confirm",
        number=live.number,
        notation=deal_words(tx, live.deal, table.names, table.rules),
    )


def delete_keyboard(tx: Texts, table: Table, live: LiveDeal) -> InlineKeyboardMarkup | None:
    """ "🗑 Yes, delete" / "No" for the deal ``live`` while the table stays as it is."""
    last = table.last_event_id
    return markup(
        [
            [
                (
                    tx("btn_delete_yes"),
                    DeleteCB(pulka=table.id, event=live.event.id, last=last, op="y").pack(),
                ),
                (
                    tx("btn_delete_no"),
                    DeleteCB(pulka=table.id, event=live.event.id, last=last, op="n").pack(),
                ),
            ]
        ]
    )


def delete_button(tx: Texts, table: Table, live: LiveDeal) -> tuple[str, str]:
    """ "🗑 Delete" for ``live``: asks first (while the table stays as it is)."""
    data = DeleteCB(pulka=table.id, event=live.event.id, last=table.last_event_id, op="a")
    return tx("btn_delete"), data.pack()


def kept_text(tx: Texts, live: LiveDeal | None) -> str:
    """The deletion prompt after "No"."""
    return tx("amend_kept", number=live.number if live else "—")


def edit_keyboard(tx: Texts, table: Table, live: LiveDeal | None) -> InlineKeyboardMarkup | None:
    """Under an amendment's answer: "✏️" for the deal again (while it is in force)."""
    if live is None or not table.active:
        return None
    return markup([[(tx("btn_edit"), EditCB(pulka=table.id, event=live.event.id).pack())]])


def correction_keyboard(tx: Texts, table: Table, live: LiveDeal) -> InlineKeyboardMarkup | None:
    """Under a correction asked to be edited: "🗑 Delete"."""
    return markup([[delete_button(tx, table, live)]])


def amended_text(tx: Texts, table: Table, amend: EventRow, before: Table | None) -> str:
    """What amendment ``amend`` did (old -> new, each standing before -> after), from
    the log: a repeated press or command answers the same words."""
    found = amended_deal(table, amend)
    if found is None:
        return tx("stale")
    number, old, new = found
    if before is None:
        before = table_at(table, amend.id - 1)
    after = table_at(table, amend.id) if table.last_event_id != amend.id else table
    names = table.names
    who = name(amend.author_name or "?")
    if new is None:
        lines = [tx("amend_deleted", number=number, old=deal_words(tx, old, names), who=who)]
    else:
        lines = [
            tx(
                "amend_done",
                number=number,
                old=deal_words(tx, old, names),
                new=deal_words(tx, new, names),
                who=who,
            )
        ]
    if before.state is not None and after.state is not None:
        lines.append(tx("amend_standings_title"))
        lines.extend(
            tx("amend_standing_line", name=name(n), before=signed(b), after=signed(a))
            for n, b, a in zip(names, standings(before.state), standings(after.state), strict=True)
        )
    return "\n".join(lines)


def amended_note(tx: Texts, table: Table, amend: EventRow) -> str:
    """A press's answer (plain text): the deal changed or deleted."""
    found = amended_deal(table, amend)
    number = found[0] if found else "—"
    deleted = found is not None and found[2] is None
    return tx("amend_note_deleted" if deleted else "amend_note_done", number=number)


def breaks_text(tx: Texts, table: Table, e: AmendBreaks, *, html: bool = True) -> str:
    """An amendment refused: the later deal it would make impossible, and why."""
    words = deal_words(tx, e.broken.deal, table.names, table.rules)
    return tx(
        "amend_breaks",
        number=e.broken.number,
        notation=words if html else _plain(words),
        reason=error_text(tx, e.error, html=html),
    )


def _plain(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def history_lines(tx: Texts, table: Table) -> list[str]:
    """The amendments of the log, in order: when, who, which deal, old -> new."""
    names = table.names
    lines = []
    for event in table.marks:
        if event.kind != EventKind.AMEND:
            continue
        found = amended_deal(table, event)
        if found is None:
            continue
        number, old, new = found
        when = event.created_at[11:16] + " UTC"
        who = name(event.author_name or "?")
        if new is None:
            lines.append(
                tx(
                    "history_deleted",
                    time=when,
                    who=who,
                    number=number,
                    old=deal_words(tx, old, names),
                )
            )
        else:
            lines.append(
                tx(
                    "history_amended",
                    time=when,
                    who=who,
                    number=number,
                    old=deal_words(tx, old, names),
                    new=deal_words(tx, new, names),
                )
            )
    return [tx("history_amends_title"), *lines] if lines else []


def history_keyboard(tx: Texts, table: Table) -> InlineKeyboardMarkup | None:
    """Under /history: "✏️ N" for the latest deals (while the pulka runs)."""
    if not table.active or not table.deals:
        return None
    buttons = [
        (tx("btn_edit_number", number=d.number), EditCB(pulka=table.id, event=d.event.id).pack())
        for d in table.deals[-HISTORY_BUTTONS:]
    ]
    return markup(buttons[i : i + 6] for i in range(0, len(buttons), 6))


__all__ = [
    "amend_screen",
    "amended_note",
    "amended_text",
    "breaks_text",
    "correction_keyboard",
    "correction_text",
    "delete_keyboard",
    "delete_prompt",
    "edit_keyboard",
    "editing_view",
    "history_keyboard",
    "history_lines",
    "is_correction",
    "kept_text",
    "open_screen",
]
