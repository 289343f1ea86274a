"""One way to write a number: a figure reads the same in the chat, the picture
and the JSON.

For random replayed pulkas, every figure is collected from each place it is shown: the
chat's score and settlement texts (the strings handed to the catalog, so the wording of
a language does not matter), the picture's text pieces (``layout_sheet``, no pixels
drawn), the calculator's JSON (``settlement_json``) and the export (``record_json``).
The same exact value must give the same string everywhere, and that string is
:func:`scoring.numbers.figure` of it (a leading ``+`` aside, which a JSON number cannot
carry).
"""

from __future__ import annotations

import json
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scoring_tests.strategies import pulkas

from bot.model import PlayerRow, PulkaRow, Table
from bot.views.board import score_text
from bot.views.deal import writes_lines
from bot.views.picture import SEPARATOR, layout_sheet
from bot.views.settlement import settlement_text
from bot.views.texts import Texts
from scoring import (
    Correction,
    Deal,
    PulkaState,
    Rules,
    ScoringError,
    figure,
    money_text,
    play,
    replay,
    settle_state,
    share,
    stake_text,
    standings,
    whists_text,
)
from scoring.deals import AMOUNT_DECIMALS
from scoring.record import Document, record_json, settlement_json

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Key = tuple[Any, ...]


class Recording(Texts):
    """The English catalog, remembering every message asked for and its parameters."""

    def __init__(self) -> None:
        super().__init__("en")
        self.calls: list[tuple[str, dict[str, object]]] = []

    def __call__(self, key: str, **params: object) -> str:
        self.calls.append((key, params))
        return super().__call__(key, **params)


@st.composite
def evenings(draw: st.DrawFn) -> tuple[tuple[str, ...], Rules, list[Deal]]:
    """A valid pulka, sometimes with corrections in eighths (0.125 is where rounding differed)."""
    players, rules, deals = draw(pulkas(max_deals=20))
    state = replay(players, rules, deals).state
    for _ in range(draw(st.integers(0, 2))):
        who, other = draw(st.permutations(players))[:2]
        deal = Correction.of(
            who,
            mountain=Fraction(draw(st.integers(-20, 20)), 8),
            whists={other: Fraction(draw(st.integers(0, 200)), 8)},
            note="eighths",
        )
        try:
            state = play(state, deal).state
        except ScoringError:
            continue
        deals.append(deal)
    return players, rules, deals


def table_of(players: tuple[str, ...], rules: Rules, state: PulkaState) -> Table:
    seats = tuple(PlayerRow(i, n, None, None) for i, n in enumerate(players))
    row = PulkaRow(1, 1, 0, {}, "active", None, None, seats, ())
    return Table(row, rules, (), state, ())


def plain(text: str) -> str:
    return text.removeprefix("+")


class Shown:
    """Every string shown for each figure, by where it was shown."""

    def __init__(self) -> None:
        self.by_key: dict[Key, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))

    def add(self, place: str, key: Key, text: object) -> None:
        assert isinstance(text, str), (place, key, text)
        self.by_key[key][place].add(text)

    def check(self, expected: dict[Key, str]) -> None:
        for key, places in self.by_key.items():
            texts = {plain(t) for ts in places.values() for t in ts}
            assert texts == {expected[key]}, (key, dict(places))


@SETTINGS
@given(evenings())
def test_every_figure_reads_the_same_everywhere(p: tuple) -> None:
    players, rules, deals = p
    r = replay(players, rules, deals)
    state = r.state
    sheet = state.sheet
    s = settle_state(state)
    n = len(players)
    seat = {name: i for i, name in enumerate(players)}
    shown = Shown()

    # What each figure must read: figure() of its exact value (money to the cent).
    expected: dict[Key, str] = {}
    for i in range(n):
        expected["pulka", i] = figure(sheet.pulka[i])
        expected["mountain", i] = figure(sheet.mountain[i])
        for j in range(n):
            if i != j:
                expected["whists", i, j] = figure(sheet.whists_on(i, j))
        expected["result", i] = figure(s.results[i])
        # A result told beside its money has its thirds exact (whists_text), so the
        # money, the result times the stake, reads as that figure times the stake.
        expected["told", i] = whists_text(s.results[i])
        expected["money", i] = money_text(share(s.results[i], rules.stake))
        # What is paid: the money adding up to zero (the largest remainder's cent).
        expected["paid", i] = money_text(s.money[i])
    for pay in s.payments:
        expected["payment", seat[pay.payer], seat[pay.payee]] = money_text(pay.amount)
    for i, v in enumerate(standings(state)):
        expected["standing", i] = whists_text(v)  # beside the money it will be
    expected["stake",] = stake_text(rules.stake)

    # The chat: /score (sheet and standings) and /settle.
    tx = Recording()
    table = table_of(players, rules, state)
    text = score_text(tx, table) + "\n" + settlement_text(tx, rules, s, final=True)
    whists_on: dict[str, object] = {}
    standing_seat = 0
    for key, params in tx.calls:
        if key == "score_whist":
            whists_on[str(params["on"])] = params["amount"]
        elif key == "score_line":
            i = seat[str(params["name"])]
            shown.add("chat", ("pulka", i), params["pulka"])
            shown.add("chat", ("mountain", i), params["mountain"])
            for on, amount in whists_on.items():
                shown.add("chat", ("whists", i, seat[on]), amount)
            whists_on = {}
        elif key == "standing_line":
            shown.add("chat", ("standing", standing_seat), params["amount"])
            standing_seat += 1
        elif key == "settle_line":
            i = seat[str(params["name"])]
            shown.add("chat", ("told", i), params["result"])
            shown.add("chat", ("money", i), params["money"])
        elif key == "settle_rounding_move":
            i = seat[str(params["name"])]
            shown.add("chat", ("money", i), params["share"])
            shown.add("chat", ("paid", i), params["money"])
        elif key == "payment_line":
            pair = ("payment", seat[str(params["payer"])], seat[str(params["payee"])])
            shown.add("chat", pair, params["amount"])
        elif key == "settle_final":
            shown.add("chat", ("stake",), params["stake"])
        for value in params.values():
            if isinstance(value, str) and value[-1:].isdigit():
                assert value in text  # the catalog puts the figure in as it is
    assert standing_seat == n
    # Each deal's answer: what it wrote, figure by figure.
    for step in r.steps:
        tx = Recording()
        writes_lines(tx, players, step.writes)
        w = step.writes
        for key, params in tx.calls:
            if key in ("write_pulka", "write_mountain"):
                i = seat[str(params["name"])]
                amount = (w.pulka if key == "write_pulka" else w.mountain)[i]
                assert params["amount"] == figure(amount, signed=True)
            elif key == "write_whists":
                i, j = seat[str(params["name"])], seat[str(params["on"])]
                assert params["amount"] == figure(w.whists_on(i, j), signed=True)

    # The picture, live (standings) and settled (the 4 circles).
    live = layout_sheet(players, rules, r.steps)
    settled = layout_sheet(players, rules, r.steps, s)
    for items in (live, settled):
        last: dict[Key, str] = {}
        struck: dict[Key, bool] = {}  # older totals are struck through, the current not
        for t in items:
            if t.kind in ("pulka", "mountain"):
                last[t.kind, t.seat] = t.text
                struck[t.kind, t.seat] = t.decoration == "s"
            elif t.kind == "whists":
                last["whists", t.seat, t.on] = t.text
                struck["whists", t.seat, t.on] = t.decoration == "s"
            elif t.kind == "stake":
                shown.add("picture", ("stake",), t.text.removesuffix(" " + rules.currency))
        for column, t_text in last.items():
            assert not struck[column]  # the current total ends its column
            shown.add("picture", column, t_text)
    for t in live + settled:
        if t.kind in ("pulka", "mountain", "whists", "equalised", "amnestied"):
            assert t.text.removesuffix(SEPARATOR) == figure(t.value), t  # type: ignore[arg-type]
        elif t.kind in ("standing", "result"):  # a player's whole result, beside money
            assert t.text == whists_text(t.value, signed=True), t  # type: ignore[arg-type]
        elif t.kind in ("mountain_result", "balance"):
            assert t.text == figure(t.value, signed=True), t  # type: ignore[arg-type]
    for t in live:
        if t.kind == "standing":
            shown.add("picture", ("standing", t.seat), t.text)
    for t in settled:
        if t.kind == "result":
            shown.add("picture", ("told", t.seat), t.text)
        elif t.kind == "money":
            shown.add("picture", ("money", t.seat), t.text.removesuffix(" " + rules.currency))

    # The calculator's JSON, number by number as json.dumps writes it.
    doc = Document(players=players, rules=rules, sheet=sheet, state=state, deals=tuple(deals))
    raw = settlement_json(doc)
    for i, entry in enumerate(raw["players"]):
        shown.add("json", ("pulka", i), json.dumps(entry["pulka"]))
        shown.add("json", ("mountain", i), json.dumps(entry["mountain"]))
        for on, v in entry["whists"].items():
            shown.add("json", ("whists", i, seat[on]), json.dumps(v))
        shown.add("json", ("result", i), json.dumps(entry["result"]))
        shown.add("json", ("paid", i), entry["money"])
    for moved in raw.get("rounding", []):
        shown.add("json", ("money", seat[moved["name"]]), moved["share"])
        shown.add("json", ("paid", seat[moved["name"]]), moved["money"])
    for pay in raw["payments"]:
        shown.add("json", ("payment", seat[pay["from"]], seat[pay["to"]]), pay["amount"])

    shown.check(expected)
    assert {place for places in shown.by_key.values() for place in places} == {
        "chat",
        "picture",
        "json",
    }

    # The export is data, not a figure: a correction's amounts are written exactly
    # (to the 4 decimals a correction may have), so the record reads back the same.
    record = record_json(players, rules, deals)
    for deal, entry in zip(deals, record["deals"], strict=True):
        if isinstance(deal, Correction):
            if deal.mountain:
                assert json.dumps(entry["mountain"]) == figure(deal.mountain, AMOUNT_DECIMALS)
            for on, v in deal.whists:
                assert json.dumps(entry["whists"][on]) == figure(v, AMOUNT_DECIMALS)


def test_one_eighth_everywhere() -> None:
    """The issue's example: 1/8 was 0.12 in the chat and 0.13 in /export."""
    players = ("Anna", "Boris", "Vera")
    rules = Rules(stake=Decimal("1"))
    deal = Correction.of("Anna", whists={"Boris": Fraction(1, 8)}, note="1/8")
    r = replay(players, rules, [deal])
    tx = Recording()
    score_text(tx, table_of(players, rules, r.state))
    shown = [p["amount"] for k, p in tx.calls if k == "score_whist" and p["on"] == "Boris"]
    assert shown[0] == "0.13"  # Anna's row (Vera's has 0 on Boris)
    assert [
        t.text
        for t in layout_sheet(players, rules, r.steps)
        if t.kind == "whists" and t.seat == 0 and t.on == 1
    ] == ["0.13"]
    record = json.dumps(record_json(players, rules, [deal]))
    assert '"Boris": 0.125' in record  # the correction itself, exactly (it is data)
    doc = Document(players=players, rules=rules, sheet=r.state.sheet, state=r.state)
    assert json.dumps(settlement_json(doc)["players"][0]["whists"]["Boris"]) == "0.13"
