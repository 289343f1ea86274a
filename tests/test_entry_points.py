"""The three ways to enter a deal accept the same deals: typed ``/deal`` (with names),
``/cost`` (by roles) and the wizard's taps give the same deal for each form, at two,
three, four and five players, since all three ask :mod:`scoring.entry` what a deal
given the short way implies.

The expected deal of each form is written here by hand, by role, and renamed to the
players of a fresh sheet: on it the first seat deals, and the roles of ``/cost`` sit
where :func:`bot.store.whatif.roles` seats them.
"""

from __future__ import annotations

from typing import Any

import pytest
from harness import App, group
from test_deals_two_and_five import table_of
from test_typed_forms import seated

from bot.features.deals.guard import canonical
from bot.features.whatif.grammar import parse_cost
from bot.features.whatif.worth import DECLARER, FIRST, SECOND, roles
from bot.grammar.deals import parse_deal
from bot.model import ParseError, PlayerRow
from bot.views.buttons import Defence, Kind, WizardData
from bot.views.wizard import deal_of
from scoring import Contract, Deal, Game, Misere, PulkaState, Raspasy, Rules, play, seating

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dima")
D, F, S = DECLARER, FIRST, SECOND

#: (the /cost words, the /deal words with {d}, {f}, {s} for the roles, the wizard's
#: defence and counts, the choices and tricks by role).
GAMES: list[tuple[str, str, Defence, tuple[int, ...], dict[str, str], dict[str, int]]] = [
    ("7ч ровно вист", "{d} 7ч ровно {f} вист", Defence.FIRST, (7,),
     {F: "whist", S: "pass"}, {D: 7, F: 3, S: 0}),
    ("7h exactly pass whist", "{d} 7h exactly {s} whist", Defence.SECOND, (7,),
     {F: "pass", S: "whist"}, {D: 7, F: 0, S: 3}),
    ("7ч +1 вист", "{d} 7ч +1 {f} вист", Defence.FIRST, (8,),
     {F: "whist", S: "pass"}, {D: 8, F: 2, S: 0}),
    # The passer's count left out: he took 0.
    ("7ч 7 вист 3 пас", "{d} 7ч 7 {f} вист 3 {s} пас", Defence.FIRST, (7,),
     {F: "whist", S: "pass"}, {D: 7, F: 3, S: 0}),
    # The declarer's count left out: what the defence did not take.
    ("7♥ вист 2", "{d} 7♥ {f} вист 2", Defence.FIRST, (8,),
     {F: "whist", S: "pass"}, {D: 8, F: 2, S: 0}),
    ("7ч 7 вист 3", "{d} 7ч 7 {f} вист 3", Defence.FIRST, (7,),
     {F: "whist", S: "pass"}, {D: 7, F: 3, S: 0}),
    ("8♦ без двух вист", "{d} 8 бубен без двух {f} вист {s} пас", Defence.FIRST, (6,),
     {F: "whist", S: "pass"}, {D: 6, F: 4, S: 0}),
    # Both whist: two of the three counts, after the choices or after each.
    ("6♠ без одной вист вист 2 3", "{d} 6♠ без одной {f} вист {s} вист 2 3", Defence.BOTH,
     (5, 2), {F: "whist", S: "whist"}, {D: 5, F: 2, S: 3}),
    ("6 червей без двух вист вист 2 4", "{d} 6 червей без двух {f} вист {s} вист 2 4",
     Defence.BOTH, (4, 2), {F: "whist", S: "whist"}, {D: 4, F: 2, S: 4}),
    ("6♠ 5 вист 2 вист", "{d} 6♠ 5 {f} вист 2 {s} вист", Defence.BOTH, (5, 2),
     {F: "whist", S: "whist"}, {D: 5, F: 2, S: 3}),
    ("7c exactly whist 1 whist", "{d} 7c exactly {f} whist 1 {s} whist", Defence.BOTH, (7, 1),
     {F: "whist", S: "whist"}, {D: 7, F: 1, S: 2}),
    # Nobody whisted: the contract written, the first defender the rest.
    ("10бк пас пас", "{d} 10бк {f} пас {s} пас", Defence.NONE, (),
     {F: "pass", S: "pass"}, {D: 10, F: 0, S: 0}),
    ("6 без козыря пас", "{d} 6 без козыря {f} пас {s} пас", Defence.NONE, (),
     {F: "pass", S: "pass"}, {D: 6, F: 4, S: 0}),
    ("6п пас полвиста", "{d} 6п {f} пас {s} полвиста", Defence.HALF, (),
     {F: "pass", S: "half"}, {D: 6, F: 2, S: 2}),
    ("6п полвиста", "{d} 6п {s} пол-виста", Defence.HALF, (),
     {F: "pass", S: "half"}, {D: 6, F: 2, S: 2}),
]  # fmt: skip

#: The same for hussar: the one defender, whose count is his and the dummy's.
HUSSAR: list[tuple[str, str, Defence, tuple[int, ...], dict[str, str], dict[str, int]]] = [
    ("7ч ровно вист", "{d} 7ч ровно вист", Defence.FIRST, (7,), {F: "whist"}, {D: 7, F: 3}),
    ("7ч 7 вист", "{d} 7ч 7 {f} вист", Defence.FIRST, (7,), {F: "whist"}, {D: 7, F: 3}),
    ("7♥ вист 2", "{d} 7♥ {f} вист 2", Defence.FIRST, (8,), {F: "whist"}, {D: 8, F: 2}),
    ("8♦ без двух вист", "{d} 8♦ без двух вист", Defence.FIRST, (6,), {F: "whist"}, {D: 6, F: 4}),
    ("6п пас", "{d} 6п пас", Defence.NONE, (), {F: "pass"}, {D: 6, F: 4}),
    ("10бк пас", "{d} 10бк {f} пас", Defence.NONE, (), {F: "pass"}, {D: 10, F: 0}),
]  # fmt: skip

CASES = [(n, *row) for n in (3, 4, 5) for row in GAMES] + [(2, *row) for row in HUSSAR]


def players_of(n: int) -> list[PlayerRow]:
    return [PlayerRow(i, name, 100 + i, None) for i, name in enumerate(NAMES[:n])]


def by_name(n: int, rules: Rules) -> dict[str, str]:
    """Each ``/cost`` role's player on a fresh sheet of ``n``."""
    return dict(zip(roles(n, rules), NAMES[:n], strict=True))


def renamed(deal: Deal, names: dict[str, str]) -> Deal:
    if isinstance(deal, Misere):
        return Misere(names[deal.declarer], deal.tricks)
    assert isinstance(deal, Game)
    return Game.of(
        names[deal.declarer],
        deal.contract,
        {names[who]: c for who, c in deal.defence},
        {names[who]: t for who, t in deal.tricks},
    )


def wizard(table: Any, **taps: Any) -> Deal | None:
    return deal_of(table, WizardData(table.id, table.last_event_id, **taps))


@pytest.mark.parametrize(("n", "cost", "typed", "defence", "counts", "choices", "tricks"), CASES)
def test_the_three_entry_points_give_the_same_deal(
    n: int,
    cost: str,
    typed: str,
    defence: Defence,
    counts: tuple[int, ...],
    choices: dict[str, str],
    tricks: dict[str, int],
) -> None:
    rules = Rules()
    names = by_name(n, rules)
    asked = parse_cost(cost, rules, n).deal
    assert isinstance(asked, Game)
    contract = asked.contract
    expected = renamed(Game.of(D, contract, choices, tricks), names)
    state = PulkaState.new(NAMES[:n], rules)
    assert state.next_table.defenders(NAMES.index(names[D])) == tuple(
        NAMES.index(names[r]) for r in (F, S)[: seating.playing(n) - 1]
    )
    text = typed.format(d=names[D], f=names[F], s=names.get(S, ""))
    assert parse_deal(text, players_of(n), state) == expected, text
    assert renamed(asked, names) == expected, cost
    table = table_of(NAMES[:n], rules)
    tapped = wizard(table, kind=Kind.GAME, seat=NAMES.index(names[D]), contract=contract,
                    defence=defence, tricks=counts)  # fmt: skip
    assert tapped == expected
    play(state, expected)  # and the engine writes it


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_misere_and_raspasy_by_every_entry_point(n: int) -> None:
    rules = Rules()
    names = by_name(n, rules)
    state = PulkaState.new(NAMES[:n], rules)
    table = table_of(NAMES[:n], rules)
    declarer = names[D]
    misere = Misere(declarer, 1)
    assert parse_deal(f"мизер {declarer} 1", players_of(n), state) == misere
    assert renamed(parse_cost(f"мизер 1 {n}", rules).deal, names) == misere
    assert wizard(table, kind=Kind.MISERE, seat=NAMES.index(declarer), tricks=(1,)) == misere
    # Raspasy (no /cost): the wizard asks the first two at the table, the third (in
    # hussar the dummy) took the rest; typed, in seat order or named.
    at = [NAMES[s] for s in state.next_table.at_table]
    tapped = wizard(table, kind=Kind.RASPASY, tricks=(3, 2))
    expected = Raspasy.of(dict(zip(at, (3, 2, 5), strict=False)))
    assert tapped == expected
    named = " ".join(f"{who} {t}" for who, t in expected.tricks)
    assert parse_deal(f"распасы {named}", players_of(n), state) == expected
    in_seats = " ".join(
        str(expected.trick_map[NAMES[s]]) for s in sorted(state.next_table.at_table)
    )
    assert canonical(parse_deal(f"распасы {in_seats}", players_of(n), state)) == canonical(expected)


@pytest.mark.parametrize(
    ("n", "cost", "typed", "key"),
    [
        # The same refusal by both, in the same words (the key of the message).
        (3, "7ч вист вист", "{d} 7ч ровно {f} вист {s} вист", "whisters_counts"),
        (3, "7ч 7 вист 5 вист", "{d} 7ч 7 {f} вист 5 {s} вист", "tricks_over"),
        (3, "7ч вист", "{d} 7ч {f} вист", "missing_result"),
        (4, "7ч вист", "{d} 7ч {f} вист", "missing_result"),
        (2, "7ч вист", "{d} 7ч вист", "missing_result"),
        (3, "7ч 7 вист 3 пас 1", "{d} 7ч 7 {f} вист 3 {s} пас 1", "tricks_sum"),
        (2, "7ч 6 вист 3", "{d} 7ч 6 {f} вист 3", "tricks_sum"),
    ],
)
def test_refused_alike(n: int, cost: str, typed: str, key: str) -> None:
    names = by_name(n, Rules())
    with pytest.raises(ParseError) as by_roles:
        parse_cost(cost, Rules(), n)
    text = typed.format(d=names[D], f=names[F], s=names.get(S, ""))
    with pytest.raises(ParseError) as by_names:
        parse_deal(text, players_of(n), PulkaState.new(NAMES[:n], Rules()))
    assert by_roles.value.key == by_names.value.key == key


def test_both_whisting_with_their_counts_after_the_choices() -> None:
    """``/cost 6♠ без одной вист вист 2 3`` is understood, and so is the same form with
    names: ``/deal Борис 6 червей без двух Аня вист Вера вист 2 4``."""
    cost = parse_cost("6♠ без одной вист вист 2 3", Rules(), 3).deal
    assert isinstance(cost, Game)
    assert cost.trick_map == {D: 5, F: 2, S: 3}
    assert cost.choices == {F: "whist", S: "whist"}
    seats = [PlayerRow(0, "Аня", 1, None), PlayerRow(1, "Борис", 2, None),
             PlayerRow(2, "Вера", 3, None)]  # fmt: skip
    state = PulkaState.new(("Аня", "Борис", "Вера"), Rules())
    deal = parse_deal("Борис 6 червей без двух Аня вист Вера вист 2 4", seats, state)
    assert deal == Game.of(
        "Борис",
        Contract.parse("6H"),
        {"Аня": "whist", "Вера": "whist"},
        {"Борис": 4, "Аня": 2, "Вера": 4},
    )
    play(state, deal)


async def test_both_forms_through_the_bot(app: App, people: dict[str, Any]) -> None:
    chat = group(app.tg, people)
    async with app.polling():
        said = await app.say(chat, people["anna"], "/cost 6♠ без одной вист вист 2 3")
        assert "Разыгрывающий: 5; Вистующий 1: вист, 2; Вистующий 2: вист, 3" in said
        await seated(app, chat, people, "anna", "boris", "vera")
        said = await app.say(
            chat, people["vera"], "/deal Boris 6 червей без двух Anna вист Vera вист 2 4"
        )
        assert "Сдача №1" in said and "Boris 6♥ / без двух" in said, said
        assert await app.count("deal") == 1


async def test_a_short_form_typed_in_an_edit_is_read_on_that_deals_seating(
    app: App, people: dict[str, Any]
) -> None:
    """``/edit 1 Boris 7ч +1 Vera вист`` at four: deal 1 had Anna dealing and sitting out,
    so Gleb was the other defender, though Boris deals and sits out now."""
    chat = group(app.tg, people)
    async with app.polling():
        await seated(app, chat, people, "anna", "boris", "vera", "gleb")
        assert "Сдача №1" in await app.say(chat, people["boris"], "/deal Boris 7ч ровно Vera вист")
        assert "Сдача №2" in await app.say(chat, people["vera"], "/deal распасы 3 2 5")
        said = await app.say(chat, people["vera"], "/edit 1 Boris 7ч +1 Vera вист")
        assert "Сдача №1 изменена" in said and "стало: Boris 7♥ / +1" in said, said
        table = await app.keeper.active(chat["id"], 0)
        assert table is not None
        assert canonical(table.deals[0].deal) == canonical(
            Game.of(
                "Boris", "7H", {"Vera": "whist", "Gleb": "pass"}, {"Boris": 8, "Vera": 2, "Gleb": 0}
            )
        )
