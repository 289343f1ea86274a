"""The deal wizard and the settings draft without Telegram: callback data, screens, drafts."""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.actions import deals, seating
from bot.actions.keeper import Keeper
from bot.features.setup.draft import BY_CODE, Draft, apply, cur_of, sit
from bot.features.setup.handlers import draft_view
from bot.model import Author, EventRow, PlayerRow, PulkaError, PulkaRow, Source, Table, build_table
from bot.storage import chats, drafts, pulkas
from bot.storage.db import Storage
from bot.storage.schema import MIGRATIONS, SCHEMA_VERSION
from bot.views.buttons import (
    DEFENCES,
    MAX_ID,
    SUITS,
    BadCallback,
    SetupCB,
    WizardData,
    b36,
    fits,
    from_b36,
)
from bot.views.texts import Texts
from bot.views.wizard import deal_of, screen, seating_of
from scoring import CONVENTION, Contract, Game, Misere, Raspasy, Rules, Suit
from scoring.record import deal_to_json, rules_to_json

BIG = 2**62 + 12345
RU = Texts("ru")


# --- callback data ------------------------------------------------------------------


@st.composite
def wizards(draw: st.DrawFn) -> WizardData:
    """Any well-formed wizard state, with ids up to the largest SQLite integer."""
    ids = st.integers(1, MAX_ID)
    pulka, last = draw(ids), draw(st.integers(0, MAX_ID))
    op = draw(st.sampled_from("swx"))
    kind = draw(st.sampled_from(["", "g", "m", "r"]))
    tricks = st.integers(0, 10)
    if kind == "":
        return WizardData(pulka, last, op=op)
    if kind == "r":
        t = draw(st.lists(tricks, max_size=2).filter(lambda x: sum(x) <= 10))
        return WizardData(pulka, last, "r", tricks=tuple(t), op=op)
    if kind == "m":
        seat = draw(st.integers(0, 4))
        t = tuple(draw(st.lists(tricks, max_size=1)))
        return WizardData(pulka, last, "m", seat=seat, tricks=t, op=op)
    seat = draw(st.integers(0, 4))
    contract = draw(st.none() | st.builds(Contract, st.integers(6, 10), st.sampled_from(SUITS)))
    defence = None if contract is None else draw(st.none() | st.sampled_from(sorted(DEFENCES)))
    limit = {"a": 1, "b": 1, "w": 2, "d": 1}.get(defence or "", 0)
    t = draw(st.lists(tricks, max_size=limit).filter(lambda x: sum(x) <= 10))
    return WizardData(
        pulka, last, "g", seat=seat, contract=contract, defence=defence, tricks=tuple(t), op=op
    )


@given(wizards())
def test_wizard_data_round_trip_within_64_bytes(w: WizardData) -> None:
    data = w.pack()
    assert fits(data), data
    assert WizardData.unpack(data) == w


def test_the_largest_payload_fits() -> None:
    # Four players, 10NT, both whist, the split asked, the largest ids SQLite can give.
    w = WizardData(
        MAX_ID,
        MAX_ID,
        "g",
        seat=3,
        contract=Contract(10, Suit.NO_TRUMPS),
        defence="w",
        tricks=(10, 0),
        op="w",
    )
    data = w.pack()
    assert data == "v1w:w:1y2p0ij32e8e7:1y2p0ij32e8e7:g3owa0"
    assert len(data.encode()) == 40 <= 64


@given(st.text(max_size=80))
def test_any_text_is_refused_or_canonical(text: str) -> None:
    try:
        w = WizardData.unpack(text)
    except BadCallback:
        return
    assert w.pack() == text


@given(wizards(), st.integers(0, 45), st.characters())
def test_tampered_payloads_are_refused_or_canonical(w: WizardData, where: int, ch: str) -> None:
    data = w.pack()
    i = where % len(data)
    tampered = data[:i] + ch + data[i + 1 :]
    try:
        again = WizardData.unpack(tampered)
    except BadCallback:
        return
    assert again.pack() == tampered


@pytest.mark.parametrize(
    "data",
    [
        "",
        "v1w",
        "v1w:",
        "v1w:s:1:0",
        "v1w:s:1:0:g",
        "v1w:q:1:0:",
        "v1w:s:0:0:",
        "v1w:s:01:0:",
        "v1w:s:1:00:",
        "v1w:s:-1:0:",
        "v1w:s:1:0:x",
        "v1w:s:1:0:g5",
        "v1w:s:1:0:g0p",
        "v1w:s:1:0:g0zz",
        "v1w:s:1:0:g00q",
        "v1w:s:1:0:g00p1",
        "v1w:s:1:0:g00a12",
        "v1w:s:1:0:g00wa1",
        "v1w:s:1:0:g00ab",
        "v1w:s:1:0:m5",
        "v1w:s:1:0:m0b",
        "v1w:s:1:0:m001",
        "v1w:s:1:0:r991",
        "v1w:s:1:0:raa",
        "v1w:s:1:0:rb",
        "v1w:s:1y2p0ij32e8e8:0:",
        "v1w:s:zzzzzzzzzzzzz:0:",
        "v1w:s:1:0: ",
        " v1w:s:1:0:",
        "V1W:s:1:0:",
        "v1w:S:1:0:",
        "v1w:s:1:0:G0",
        "v1w:s:1:0:\u0661",
        "v1w:s:\u0661:0:",
        "v1w:s:1:0:g0\n",
        "v2w:s:1:0:",
    ],
)
def test_malformed_payloads_are_refused(data: str) -> None:
    with pytest.raises(BadCallback):
        WizardData.unpack(data)


def test_base36() -> None:
    assert [b36(n) for n in (0, 35, 36, MAX_ID)] == ["0", "z", "10", "1y2p0ij32e8e7"]
    assert from_b36("1y2p0ij32e8e7") == MAX_ID
    for bad in ("", "00", "01", "-1", "+1", "A", " 1"):
        with pytest.raises(BadCallback):
            from_b36(bad)


def test_back_retraces_the_screens() -> None:
    w = WizardData(
        5, 9, "g", seat=1, contract=Contract(8, Suit.HEARTS), defence="w", tricks=(10, 0)
    )
    trail = [w]
    while trail[-1].kind:
        trail.append(trail[-1].back())
    assert [x.path() for x in trail] == ["g1dwa0", "g1dw", "g1d", "g1", ""]
    # Misère is chosen on the declarer's contract screen, and goes back to it.
    assert WizardData(5, 9, "m", seat=2, tricks=(0,)).back().path() == "m2"
    assert WizardData(5, 9, "m", seat=2).back().path() == "g2"
    assert WizardData(5, 9, "r", tricks=(3, 4)).back().path() == "r3"


# --- screens on a table ---------------------------------------------------------------


def table_of(
    players: tuple[str, ...],
    rules: Rules,
    deals: list[Any],
    *,
    pulka_id: int = 1,
    first_event: int = 1,
) -> Table:
    """A pulka as the keeper would load it, without a database."""
    events = tuple(
        EventRow(
            first_event + i,
            pulka_id,
            i + 1,
            "deal",
            deal_to_json(d),
            1,
            "Anna",
            None,
            None,
            "2026-01-01T00:00:00+00:00",
        )
        for i, d in enumerate(deals)
    )
    row = PulkaRow(
        pulka_id,
        -100,
        0,
        rules_to_json(rules),
        "active",
        1,
        "Anna",
        tuple(PlayerRow(i, n, 100 + i, None) for i, n in enumerate(players)),
        events,
    )
    return build_table(row)


FOUR = ("Anna", "Boris", "Vera", "Gleb")


def start(table: Table) -> WizardData:
    return WizardData(table.id, table.last_event_id)


def labels(table: Table, w: WizardData) -> dict[str, WizardData]:
    """The buttons of a screen: label -> the state they lead to."""
    shown = screen(RU, table, w)
    return {b.text: WizardData.unpack(b.data) for row in shown.rows for b in row}


def test_every_button_of_a_four_player_table_fits_and_leads_somewhere() -> None:
    """Walk every screen reachable from "New deal" on a table with huge ids."""
    table = table_of(FOUR, Rules(), [], pulka_id=BIG)
    table = dataclasses.replace(
        table,
        row=dataclasses.replace(
            table.row, events=(EventRow(BIG, BIG, 1, "join", {}, 1, "Anna", None, None, ""),)
        ),
    )
    seen: set[str] = set()
    queue = deque([start(table)])
    previews = 0
    while queue:
        w = queue.popleft()
        shown = screen(RU, table, w)
        if shown.deal is not None:
            previews += 1
            # A sample of previews is enough to check the deal agrees with the state.
            assert deal_of(table, w) == shown.deal
        for row in shown.rows:
            assert len(row) <= 8
            for b in row:
                assert fits(b.data), b.data
                if b.data not in seen:
                    seen.add(b.data)
                    target = WizardData.unpack(b.data)
                    if target.op == "s" and (target.contract is None or target.seat == 1):
                        queue.append(target)
    assert previews > 100
    assert all(len(d.encode()) <= 40 for d in seen)


def test_the_dealer_sits_out_with_four() -> None:
    table = table_of(FOUR, Rules(), [])
    assert seating_of(table).at_table == (1, 2, 3)
    buttons = labels(table, start(table))
    assert list(buttons)[:4] == ["Boris", "Vera", "Gleb", "Распасы"]
    for forged in (WizardData(1, 0, "g", seat=0), WizardData(1, 0, "m", seat=0)):
        with pytest.raises(PulkaError):  # Anna deals: she cannot declare
            screen(RU, table, forged)
    # Gleb (seat 3) declares: Boris, then Vera defend; Anna deals and sits out.
    w = WizardData(1, 0, "g", seat=3, contract=Contract(7, Suit.HEARTS), defence="a", tricks=(7,))
    deal = deal_of(table, w)
    assert isinstance(deal, Game)
    assert deal.trick_map == {"Gleb": 7, "Boris": 3, "Vera": 0}
    assert deal.choices == {"Boris": "whist", "Vera": "pass"}


def test_defence_options_follow_the_conventions() -> None:
    table = table_of(("Anna", "Boris", "Vera"), Rules(), [])
    six = WizardData(1, 0, "g", seat=0, contract=Contract(6, Suit.SPADES))
    assert list(labels(table, six))[:5] == [
        "Boris вист · Vera пас",
        "Boris пас · Vera вист",
        "Оба вист",
        "Оба пас",
        "Boris пас · Vera полвиста",
    ]
    eight = dataclasses.replace(six, contract=Contract(8, Suit.SPADES))
    assert "Boris пас · Vera полвиста" not in labels(table, eight)
    with pytest.raises(PulkaError):
        screen(RU, table, dataclasses.replace(eight, defence="h"))
    no_half = table_of(("Anna", "Boris", "Vera"), Rules(half_whist=False), [])
    assert "Boris пас · Vera полвиста" not in labels(no_half, six)
    half = deal_of(table, dataclasses.replace(six, defence="h"))
    assert isinstance(half, Game) and half.trick_map == {"Anna": 6, "Boris": 2, "Vera": 2}


def test_after_raspasy_only_the_exit_contracts() -> None:
    rules = Rules.for_variant("leningrad")
    table = table_of(
        ("Anna", "Boris", "Vera"), rules, [Raspasy.of({"Anna": 3, "Boris": 3, "Vera": 4})]
    )
    w = WizardData(1, table.last_event_id, "g", seat=1)
    buttons = labels(table, w)
    assert "6♠" not in buttons and "7♠" in buttons and "10БК" in buttons
    assert "играть можно от 7" in screen(RU, table, w).text
    with pytest.raises(PulkaError):
        screen(RU, table, dataclasses.replace(w, contract=Contract(6, Suit.HEARTS)))


def test_tricks_offered_are_only_the_possible_ones() -> None:
    table = table_of(("Anna", "Boris", "Vera"), Rules(), [])
    both = WizardData(1, 0, "g", seat=0, contract=Contract(6, Suit.CLUBS), defence="w")
    assert [k for k in labels(table, both) if k.isdigit()] == [str(k) for k in range(11)]
    assert labels(table, both)["10"].tricks == (10, 0)  # nothing left to split
    split = dataclasses.replace(both, tricks=(7,))
    assert [k for k in labels(table, split) if k.isdigit()] == ["0", "1", "2", "3"]
    r = WizardData(1, 0, "r", tricks=(6,))
    assert [k for k in labels(table, r) if k.isdigit()] == ["0", "1", "2", "3", "4"]
    deal = deal_of(table, dataclasses.replace(r, tricks=(6, 1)))
    assert isinstance(deal, Raspasy)
    assert deal.trick_map == {"Boris": 6, "Vera": 1, "Anna": 3}
    misere = deal_of(table, WizardData(1, 0, "m", seat=2, tricks=(3,)))
    assert misere == Misere("Vera", 3)
    # Counts that cannot add up to 10 are not even a wizard state.
    with pytest.raises(BadCallback):
        dataclasses.replace(split, tricks=(7, 4))
    with pytest.raises(BadCallback):
        WizardData(1, 0, "r", tricks=(6, 5))


def test_preview_shows_writes_and_cost_from_scoring() -> None:
    table = table_of(("Anna", "Boris", "Vera"), Rules(), [])
    w = WizardData(1, 0, "g", seat=0, contract=Contract(6, Suit.SPADES), defence="a", tricks=(6,))
    shown = screen(RU, table, w)
    assert "Проверьте</b>: Anna 6♠ / ровно — Boris вист 4, Vera пас 0" in shown.text
    assert "Boris → Anna: висты +8" in shown.text
    assert "Anna +5⅓, Boris +1⅓, Vera -6⅔" in shown.text
    assert [b.text for b in shown.rows[0]] == ["✅ Записать"]
    assert WizardData.unpack(shown.rows[0][0].data).op == "w"


def test_out_of_date_states_are_refused() -> None:
    table = table_of(("Anna", "Boris", "Vera"), Rules(), [], pulka_id=7, first_event=40)
    assert table.last_event_id == 0
    played = table_of(
        ("Anna", "Boris", "Vera"),
        Rules(),
        [Raspasy.of({"Anna": 3, "Boris": 3, "Vera": 4})],
        pulka_id=7,
        first_event=40,
    )
    fresh = WizardData(7, 0)
    screen(RU, table, fresh)
    for bad in (fresh, dataclasses.replace(fresh, pulka=8)):
        with pytest.raises(PulkaError):
            screen(RU, played, bad)
    closed = table_of(
        ("Anna", "Boris", "Vera"),
        Rules(target=2),
        [
            Game.of(
                n,
                "6S",
                {o: "pass" for o in ("Anna", "Boris", "Vera") if o != n},
                {n: 6, **{o: 2 for o in ("Anna", "Boris", "Vera") if o != n}},
            )
            for n in ("Anna", "Boris", "Vera")
        ],
    )
    assert closed.state is not None and closed.state.finished
    with pytest.raises(PulkaError):
        screen(RU, closed, WizardData(1, closed.last_event_id))


# --- the settings draft -----------------------------------------------------------------


def test_every_convention_has_a_switch() -> None:
    fields = {f.name for f in dataclasses.fields(Rules)}
    covered = {k for s in BY_CODE.values() for choice in s.choices for k in choice}
    assert fields - covered == {"variant", "target", "stake", "currency"}


@pytest.mark.parametrize("code", sorted(BY_CODE))
def test_each_switch_cycles_back(code: str) -> None:
    # At a table size the switch is shown for (hussar's at two, five's at five).
    draft = Draft(seats=next(n for n in (3, 2, 5) if CONVENTION[code].applies_to(n)))
    seen = []
    for _ in range(len(BY_CODE[code].choices)):
        seen.append(draft.rules)
        draft = apply(draft, code, cur_of(draft, code))
        assert Draft.from_json(draft.to_json()) == draft
    assert draft.rules == seen[0]
    assert len(set(seen)) == len(seen)


def test_a_stale_press_does_not_move_twice() -> None:
    draft = Draft.new()
    cur = cur_of(draft, "whist")
    once = apply(draft, "whist", cur)
    with pytest.raises(PulkaError):
        apply(once, "whist", cur)
    with pytest.raises(PulkaError):
        apply(draft, "t+", "30")
    with pytest.raises(PulkaError):
        apply(draft, "zz", "-")
    assert apply(draft, "va", "sochi").rules.target == 50  # Leningrad's default
    assert apply(apply(draft, "va", "sochi"), "va", "leningrad").rules.variant.value == "rostov"


def test_seats_and_names() -> None:
    draft = Draft.new()
    draft = sit(draft, 1, ["Anna"], "anna")
    draft = sit(draft, 2, ["Anna", "AnnaB"], None)
    assert [s.name for s in draft.seated] == ["Anna", "AnnaB"]
    with pytest.raises(PulkaError, match="already_seated"):
        sit(draft, 1, ["Anna"], None)
    draft = sit(draft, 3, ["Vera"], None)
    with pytest.raises(PulkaError, match="table_full"):
        sit(draft, 4, ["Gleb"], None)
    four = apply(draft, "np", "3")
    assert four.seats == 4
    four = sit(four, 4, ["Gleb"], None)
    # The size cycles 3, 4, 5, 2: four seated go to five, then past two and three back.
    assert apply(four, "np", "4").seats == 5
    assert apply(apply(four, "np", "4"), "np", "5").seats == 4
    five = sit(apply(four, "np", "4"), 5, ["Dima"], None)
    with pytest.raises(PulkaError, match="setup_too_many"):
        apply(five, "np", "5")


@pytest.mark.parametrize("page", ["main", "game", "raspasy"])
@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_settings_buttons_fit(page: str, lang: str) -> None:
    draft = dataclasses.replace(Draft.new(), page=page)
    text, keyboard = draft_view(Texts(lang), draft)
    assert keyboard is not None and len(text) < 4096
    for row in keyboard.inline_keyboard:
        for b in row:
            assert b.callback_data is not None and fits(b.callback_data)
            SetupCB.unpack(b.callback_data)


# --- storage and keeper ----------------------------------------------------------------


async def test_schema_1_database_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[1] + "; PRAGMA user_version=1;")
    con.execute("INSERT INTO pulkas (chat_id, rules, created_at) VALUES (-5, '{}', 'now')")
    con.commit()
    con.close()
    storage = await Storage(str(path)).open()
    try:
        version = await (await storage.conn.execute("PRAGMA user_version")).fetchone()
        assert version is not None and version[0] == SCHEMA_VERSION == 8
        async with storage.read() as tx:
            row = await pulkas.load(tx, 1)
            assert row is not None and row.seats is None and row.chat_id == -5
            assert await drafts.board(tx, 1) is None and await drafts.get(tx, -5, 1) is None
            # A chat that already played keeps Russian, its language until schema 3.
            assert await chats.lang(tx, -5) == "ru" and await chats.lang(tx, -6) is None
            # Schema 5: the rating's display is off until a chat asks (/rating on).
            assert not await chats.rating(tx, -5) and not await chats.rating(tx, -6)
    finally:
        await storage.close()


async def test_stale_write_is_refused_inside_the_transaction(tmp_path: Path) -> None:
    storage = await Storage(str(tmp_path / "p.sqlite3")).open()
    keeper = Keeper(storage)
    try:
        anna = Author(1, "Anna")
        w = await seating.start(keeper, -1, 0, Rules(), anna, Source(-1, 1))
        for i, n in enumerate(("Anna", "Boris", "Vera")):
            await seating.join(keeper, -1, 0, [n], i + 1, None, anna, Source(-1, 10 + i))
        table = await keeper.get(w.table.id)
        assert table is not None
        token = table.last_event_id
        deal = Raspasy.of({"Anna": 4, "Boris": 3, "Vera": 3})

        async def press(i: int) -> str:
            try:
                await deals.write(
                    keeper, table.id, deal, anna, Source(-1, 100 + i), expect_last=token
                )
            except PulkaError as e:
                return e.key
            return "written"

        outcomes = await asyncio.gather(*(press(i) for i in range(8)))
        assert sorted(outcomes) == ["stale"] * 7 + ["written"]
        after = await keeper.get(table.id)
        assert after is not None and len(after.deals) == 1
    finally:
        await storage.close()
