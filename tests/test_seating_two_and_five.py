"""Two players (hussar, гусарик) and five at the start of a pulka: the settings
message's size button and the conventions of each size, ``/newpulka вдвоём|впятером``,
the seating, ``/rules``, and schema 6 (``pulkas.seats`` 2 to 5) with its migration.

A pulka whose size nobody chose still seats three or four: two who join do not start a
hussar table, and a fifth ``/join`` is refused.  End to end through the real Dispatcher
and the fake Bot API server, as tests/test_bot_buttons.py does.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from harness import App, group
from tapping import Tapper

from bot.actions import archive, boards, chats, deals
from bot.actions import drafts as draft_actions
from bot.actions import seating as seat_actions
from bot.actions.keeper import Keeper
from bot.features.setup import draft as drafts
from bot.features.setup.draft import SIZE_CYCLE, Draft, apply, cur_of, sit, switches
from bot.features.setup.view import draft_view
from bot.grammar.deals import parse_newpulka
from bot.model import Author, ParseError, PulkaError, Source, Table
from bot.storage import chats as stored_chats
from bot.storage import schema
from bot.storage.db import Storage
from bot.storage.schema import SCHEMA_VERSION
from bot.views.buttons import SetupCB
from bot.views.texts import LANGS, Texts
from scoring import CONVENTION, Raspasy, Rules, seating

SIT = "🪑 Сесть за стол"
START = "▶️ Начать пульку"
FULL = "Все места за столом заняты."
HUSSAR_KEYS = {"hussar_mountain", "dummy_whist", "hussar_misere", "hussar_raspasy"}
FIVE_KEYS = {"five_sitting_out", "five_consolation"}
ANNA = Author(1, "Anna")
INSERT_SEATS = "INSERT INTO pulkas (chat_id, rules, created_at, seats) VALUES (1, '{}', 'x', ?)"


async def settings(app: App, chat: dict[str, Any], user: dict[str, Any]) -> int:
    sent = app.tg.send_message(chat, user, "/newpulka")
    msg = await app.tg.wait_for_message(chat, after=sent["message_id"])
    assert "Новая пулька" in msg["text"]
    return int(msg["message_id"])


async def size_to(ui: Tapper, user: dict[str, Any], message: int, seats: int) -> list[int]:
    """Tap the size button until it says ``seats``; the sizes it went through."""
    seen = []
    while f"Игроков: {seats}" not in ui.labels(message):
        label = next(x for x in ui.labels(message) if x.startswith("Игроков: "))
        assert (await ui.tap(user, message, label))["text"] is None
        seen.append(int(next(x for x in ui.labels(message) if x.startswith("Игроков: "))[9:]))
        assert len(seen) <= len(SIZE_CYCLE)
    return seen


async def active(app: App, chat: dict[str, Any]) -> Table:
    table = await app.keeper.active(chat["id"], 0)
    assert table is not None
    return table


def shown_ops(draft: Draft) -> set[str]:
    """The convention switches a draft's settings message shows on all its pages."""
    ops = set()
    for page in drafts.PAGES:
        _, keyboard = draft_view(Texts("ru"), dataclasses.replace(draft, page=page))
        assert keyboard is not None
        for row in keyboard.inline_keyboard:
            for b in row:
                assert b.callback_data is not None
                ops.add(SetupCB.unpack(b.callback_data).op)
    return ops & set(drafts.BY_CODE)


# --- the settings message -----------------------------------------------------------------


async def test_settings_message_seats_five(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    p["dima"] = tg.create_user("Dima")
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        msg = await settings(app, chat, p["anna"])
        assert "Играем втроём." in ui.text(msg)
        assert await size_to(ui, p["anna"], msg, 5) == [4, 5]
        text = ui.text(msg)
        assert "игроков: 5" in text
        assert "Играем впятером: сдающий и его сосед справа не играют." in text
        # Five's own main-page convention, and nothing of hussar's.
        assert "Со сдающим не играет: сосед справа" in ui.labels(msg)
        assert not [x for x in ui.labels(msg) if x.startswith("Гора:")]
        await ui.tap(p["anna"], msg, "Со сдающим не играет: сосед справа")
        assert "Играем впятером: сдающий и его сосед слева не играют." in ui.text(msg)
        await ui.tap(p["anna"], msg, "⚙️ Игра и висты")
        assert "Консоляцию из неиграющих пишут: оба" in ui.labels(msg)
        assert not [x for x in ui.labels(msg) if "болван" in x]
        assert "Впятером со сдающим не играет сосед слева" in ui.text(msg)
        await ui.tap(p["anna"], msg, "« Готово")
        sit = ui.data(msg, SIT)
        for who in ("anna", "boris", "vera", "gleb", "dima"):
            assert (await ui.tap(p[who], msg, SIT))["text"] is None
        assert "За столом (5 из 5): Anna, Boris, Vera, Gleb, Dima" in ui.text(msg)
        # A full table offers no seat; a press from an older keyboard is out of date.
        assert SIT not in ui.labels(msg)
        assert "устарела" in (await ui.press(p["stranger"], msg, sit, strict=False))["text"]
        # Five seated: the size cannot shrink below them (nothing to cycle to).
        answer = await ui.tap(p["anna"], msg, "Игроков: 5")
        assert answer["text"] == "За стол уже сели 5: столько мест не убрать."
        assert (await ui.tap(p["vera"], msg, START))["text"] == "Готово"
        table = await active(app, chat)
        assert table.row.seats == 5 and table.names == ("Anna", "Boris", "Vera", "Gleb", "Dima")
        assert table.state is not None and table.state.next_table.n == 5
        assert table.rules.five_sitting_out.value == "left"
        board = ui.text(msg)
        assert "Играем впятером: сдающий и его сосед слева не играют." in board
        assert "5. Dima" in board and "Первым раздаёт Anna" in board
        assert await app.say(chat, p["stranger"], "/join") == FULL
        rules = await app.say(chat, p["anna"], "/rules")
        assert "Впятером со сдающим не играет сосед слева" in rules and "Гусарик" not in rules


async def test_settings_message_seats_hussar(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        msg = await settings(app, chat, p["anna"])
        assert await size_to(ui, p["anna"], msg, 2) == [4, 5, 2]
        text = ui.text(msg)
        assert "игроков: 2" in text and "Играем вдвоём, гусарик: третьим — болван." in text
        assert "Гора: делимая (очко — 5 вистов)" in ui.labels(msg)
        assert not [x for x in ui.labels(msg) if x.startswith("Со сдающим")]
        await ui.tap(p["anna"], msg, "Гора: делимая (очко — 5 вистов)")
        assert "Гора: неделимая (очко — 10 вистов)" in ui.labels(msg)
        await ui.tap(p["anna"], msg, "⚙️ Игра и висты")
        labels = ui.labels(msg)
        assert {"Вист за болвана: нет", "Мизер в гусарике: да"} <= set(labels)
        assert not [x for x in labels if x.startswith("Консоляцию из неиграющих")]
        await ui.tap(p["anna"], msg, "Вист за болвана: нет")
        assert "Вист за болвана: да" in ui.labels(msg)
        await ui.tap(p["anna"], msg, "« Готово")
        await ui.tap(p["anna"], msg, "⚙️ Распасы и конец")
        assert "Взятки болвана на распасах: не пишутся" in ui.labels(msg)
        await ui.tap(p["anna"], msg, "« Готово")
        sit = ui.data(msg, SIT)
        for who in ("anna", "boris"):
            assert (await ui.tap(p[who], msg, SIT))["text"] is None
        assert SIT not in ui.labels(msg)
        assert "устарела" in (await ui.press(p["vera"], msg, sit, strict=False))["text"]
        assert (await ui.tap(p["boris"], msg, START))["text"] == "Готово"
        table = await active(app, chat)
        assert table.row.seats == 2 and table.names == ("Anna", "Boris")
        assert table.state is not None and table.state.next_table.dummy
        assert table.rules.hussar_mountain.value == "indivisible" and table.rules.dummy_whist
        assert "Играем вдвоём, гусарик: третьим — болван." in ui.text(msg)
        rules = await app.say(chat, p["anna"], "/rules")
        assert "Гусарик: гора неделимая (очко — 10 вистов)" in rules
        assert "вист за болвана (болван вистует, когда соперник спасовал): да" in rules
        assert "Впятером" not in rules


async def test_size_button_skips_sizes_too_small(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        msg = await settings(app, chat, p["anna"])
        await size_to(ui, p["anna"], msg, 4)
        for who in ("anna", "boris", "vera", "gleb"):
            await ui.tap(p[who], msg, SIT)
        # 4 → 5, then 5 → (2 and 3 are too few for four seated) → 4.
        assert await size_to(ui, p["anna"], msg, 5) == [5]
        assert await size_to(ui, p["anna"], msg, 4) == [4]


# --- /newpulka words ------------------------------------------------------------------------


async def test_newpulka_vpyaterom_and_unchosen(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    p["dima"] = tg.create_user("Dima")
    chat = group(tg, p)
    async with app.polling():
        board = await app.say(chat, p["anna"], "/newpulka впятером сочи до 10")
        assert "Новая пулька: сочинка, до 10, вист по 1 RUB." in board
        assert "Играем впятером: сдающий и его сосед справа не играют." in board
        for who in ("anna", "boris", "vera", "gleb"):
            assert "садится за стол" in await app.say(chat, p[who], "/join")
        assert (await active(app, chat)).state is None  # four of five: not yet
        deal = await app.say(chat, p["anna"], "/deal распасы 2 2 2 2")
        assert "Для сдачи нужно 5 игроков, за столом 4." in deal
        assert "садится за стол" in await app.say(chat, p["dima"], "/join")
        assert await app.say(chat, p["stranger"], "/join") == FULL
        table = await active(app, chat)
        assert table.row.seats == 5 and table.state is not None
        assert len(table.state.players) == 5 and table.rules.target == 10
        await app.say(chat, p["anna"], "/cancel")

        # Nobody chose: two who join are no hussar table, a fifth is refused.
        board = await app.say(chat, p["anna"], "/newpulka сочи 20 1")
        assert "Стол:" not in board and "Нужно 3 или 4 игрока" in board
        for who in ("anna", "boris"):
            await app.say(chat, p[who], "/join")
        assert (await active(app, chat)).state is None
        deal = await app.say(chat, p["anna"], "/deal распасы 5 5")
        assert "Для сдачи нужно 3 или 4 игрока, за столом 2." in deal
        for who in ("vera", "gleb"):
            await app.say(chat, p[who], "/join")
        assert await app.say(chat, p["dima"], "/join") == FULL
        table = await active(app, chat)
        assert table.row.seats is None and table.state is not None and len(table.names) == 4


async def test_newpulka_hussar_in_english(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await app.say(chat, p["admin"], "/lang en")
        board = await app.say(chat, p["anna"], "/newpulka hussar leningrad")
        assert "Table: two, hussar (the third hand is a dummy)." in board
        await app.say(chat, p["anna"], "/join")
        score = await app.say(chat, p["anna"], "/score")
        assert "Seating is open: /join. 2 players are needed." in score
        deal = await app.say(chat, p["anna"], "/deal raspasy 5 5")
        assert "A deal needs 2 players; 1 seated." in deal
        await app.say(chat, p["boris"], "/join")
        assert await app.say(chat, p["vera"], "/join") == "Every seat at the table is taken."
        table = await active(app, chat)
        assert table.row.seats == 2 and table.state is not None
        assert "Hussar: the mountain divisible" in await app.say(chat, p["anna"], "/rules")


@pytest.mark.parametrize(
    ("text", "seats"),
    [
        ("вдвоём", 2),
        ("вдвоем сочи 20", 2),
        ("гусарик до 10", 2),
        ("удвох", 2),
        ("hussar", 2),
        ("two", 2),
        ("втроём", 3),
        ("вчетвером ленинград", 4),
        ("впятером", 5),
        ("уп'ятьох", 5),
        ("уп’ятьох", 5),
        ("ленінградка до 50 по 1 вп'ятьох", 5),
        ("sochi 20 1 EUR five", 5),
        ("5p", 5),
        ("сочи 20 1", None),
    ],
)
def test_newpulka_size_words(text: str, seats: int | None) -> None:
    assert parse_newpulka(text).seats == seats


def test_newpulka_size_words_refused() -> None:
    with pytest.raises(ParseError, match="newpulka_extra"):
        parse_newpulka("вдвоём впятером")
    with pytest.raises(ParseError, match="bad_target"):
        parse_newpulka("до two")  # a word after "до" is the target, never a size


# --- the draft: which conventions a size shows ---------------------------------------------


def test_hussar_draft_shows_hussar_keys_only() -> None:
    hussar = shown_ops(Draft(seats=2))
    assert hussar >= HUSSAR_KEYS and not FIVE_KEYS & hussar
    five = shown_ops(Draft(seats=5))
    assert five >= FIVE_KEYS and not HUSSAR_KEYS & five
    for n in (3, 4):
        assert not (HUSSAR_KEYS | FIVE_KEYS) & shown_ops(Draft(seats=n))
    # About two defenders: not in hussar, where one defender whists with the dummy.
    two_defenders = {"whist", "whist_shortfall", "quota_liable", "consolation", "half_whist"}
    assert not two_defenders & hussar
    assert all(two_defenders <= shown_ops(Draft(seats=n)) for n in (3, 4, 5))
    # Every other convention is on every size's pages.
    rest = set(drafts.BY_CODE) - HUSSAR_KEYS - FIVE_KEYS - two_defenders
    assert all(rest <= shown_ops(Draft(seats=n)) for n in seating.TABLE_SIZES)


def test_a_switch_of_another_size_is_stale() -> None:
    three = Draft()
    with pytest.raises(PulkaError, match="stale"):
        apply(three, "dummy_whist", cur_of(three, "dummy_whist"))
    hussar = Draft(seats=2)
    assert apply(hussar, "dummy_whist", cur_of(hussar, "dummy_whist")).rules.dummy_whist
    assert [s.code for s in switches(hussar, "main")] == ["hussar_mountain"]
    assert [s.code for s in switches(Draft(seats=5), "main")] == ["five_sitting_out"]


def test_size_cycle_and_seated() -> None:
    draft = Draft()
    seen = []
    for _ in SIZE_CYCLE:
        draft = apply(draft, "np", cur_of(draft, "np"))
        seen.append(draft.seats)
    assert seen == [4, 5, 2, 3]
    two = sit(sit(Draft(seats=2), 1, ["Anna"], None), 2, ["Boris"], None)
    with pytest.raises(PulkaError, match="table_full"):
        sit(two, 3, ["Vera"], None)
    assert apply(two, "np", "2").seats == 3  # two seated fit every size


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seats", seating.TABLE_SIZES)
def test_size_pages_fit(lang: str, seats: int) -> None:
    for page in drafts.PAGES:
        draft = dataclasses.replace(Draft.new(), seats=seats, page=page)
        text, keyboard = draft_view(Texts(lang), draft)
        assert keyboard is not None and len(text) < 4096
        for row in keyboard.inline_keyboard:
            for b in row:
                assert b.callback_data is not None and len(b.callback_data.encode()) <= 64
                if SetupCB.unpack(b.callback_data).op in HUSSAR_KEYS | FIVE_KEYS:
                    assert len(b.text) <= 48, b.text


@pytest.mark.parametrize("code", sorted(HUSSAR_KEYS | FIVE_KEYS))
def test_each_size_switch_cycles_back(code: str) -> None:
    size = next(n for n in seating.TABLE_SIZES if CONVENTION[code].applies_to(n))
    draft = Draft(seats=size)
    seen = []
    for _ in drafts.BY_CODE[code].choices:
        seen.append(draft.rules)
        draft = apply(draft, code, cur_of(draft, code))
        assert Draft.from_json(draft.to_json()) == draft
    assert draft.rules == seen[0] and len(set(seen)) == len(seen)


# --- storage: schema 6 ------------------------------------------------------------------------


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the bot, in rowid order."""
    con = sqlite3.connect(path)
    try:
        names = [n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {n: con.execute(f"SELECT * FROM {n} ORDER BY rowid").fetchall() for n in names}
    finally:
        con.close()


def pulka_indexes(path: Path) -> set[tuple[tuple[str, ...], int, int]]:
    """The indexes of ``pulkas``: their columns, unique, partial."""
    con = sqlite3.connect(path)
    try:
        return {
            (tuple(c[2] for c in con.execute(f"PRAGMA index_info({name})")), unique, partial)
            for _, name, unique, _, partial in con.execute("PRAGMA index_list(pulkas)")
        }
    finally:
        con.close()


async def test_schema_5_database_migrates_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.sqlite3"
    # A database of schema 5, written by this code stopped at schema 5.
    monkeypatch.setattr("bot.storage.db.SCHEMA_VERSION", 5)
    storage = await Storage(str(path)).open()
    keeper = Keeper(storage)
    played = await seat_actions.start(keeper, -5, 0, Rules(), ANNA, Source(-5, 1))
    for i, name in enumerate(("Anna", "Boris", "Vera")):
        await seat_actions.join(keeper, -5, 0, [name], i + 1, None, ANNA, Source(-5, 10 + i))
    await deals.write(
        keeper,
        played.table.id,
        Raspasy.of({"Anna": 4, "Boris": 3, "Vera": 3}),
        ANNA,
        Source(-5, 20),
    )
    chosen = await seat_actions.start(keeper, -5, 9, Rules(), ANNA, Source(-5, 2), seats=4)
    await draft_actions.open_draft(keeper, -5, 30, 0, {"seats": 3}, 1, lang="uk")
    await boards.place(keeper, played.table.id, -5, 40, "shown")
    await chats.set_lang(keeper, -5, "en")
    async with storage.uow() as tx:
        await stored_chats.set_rating(tx, -5, True, "en")
    before_table = await keeper.get(played.table.id)
    await storage.close()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 5
    with pytest.raises(sqlite3.IntegrityError):  # schema 5 refuses five seats
        con.execute(
            "INSERT INTO pulkas (chat_id, rules, created_at, seats) VALUES (1, '{}', 'x', 5)"
        )
    con.close()
    before = dump(path)
    indexes_before = pulka_indexes(path)
    monkeypatch.undo()

    storage = await Storage(str(path)).open()
    keeper = Keeper(storage)
    try:
        assert SCHEMA_VERSION == 8
        conn = storage.conn
        assert (await (await conn.execute("PRAGMA user_version")).fetchone())[0] == 8
        assert (await (await conn.execute("PRAGMA foreign_keys")).fetchone())[0] == 1
        assert not await (await conn.execute("PRAGMA foreign_key_check")).fetchall()
        checked = await (await conn.execute("PRAGMA integrity_check")).fetchall()
        assert [tuple(r) for r in checked] == [("ok",)]
        after = dump(path)
        # Every row of every table, ids and all; schema 7 adds the nights' summaries,
        # empty until they are first read.
        assert after.pop("nights") == []
        assert after == before
        # The table's index, unique source and children's foreign keys are all there.
        master = {
            (t, n): sql
            for t, n, sql in await (
                await conn.execute("SELECT type, name, sql FROM sqlite_master")
            ).fetchall()
        }
        assert ("table", "pulkas_6") not in master and not [k for k in master if k[0] == "trigger"]
        assert "WHERE status = 'active'" in master[("index", "pulkas_one_active")]
        assert indexes_before == {
            (("source_chat_id", "source_message_id"), 1, 0),  # UNIQUE (source)
            (("chat_id", "thread_id"), 1, 1),  # pulkas_one_active
        }
        # Schema 8 adds a chat's pulkas' index (pulkas_of_chat).
        assert pulka_indexes(path) == indexes_before | {(("chat_id", "thread_id"), 0, 0)}
        for child in ("players", "events", "drafts", "boards"):
            refs = await (await conn.execute(f"PRAGMA foreign_key_list({child})")).fetchall()
            assert [r[2] for r in refs] == ["pulkas"], child
        with pytest.raises(sqlite3.IntegrityError):
            await conn.execute("INSERT INTO players (pulka_id, seat, name) VALUES (99, 0, 'X')")
        # The data reads back the same; one running pulka a place, still.
        table = await keeper.get(played.table.id)
        assert before_table is not None and table is not None
        assert table.names == before_table.names and table.state == before_table.state
        old = await keeper.get(chosen.table.id)
        assert old is not None and old.row.seats == 4
        with pytest.raises(PulkaError, match="busy"):
            await seat_actions.start(keeper, -5, 0, Rules(), ANNA, Source(-5, 3))
        # Now two and five may be chosen, and nothing outside 2 to 5.
        five = await seat_actions.start(keeper, -5, 7, Rules(), ANNA, Source(-5, 4), seats=5)
        two = await seat_actions.start(keeper, -5, 8, Rules(), ANNA, Source(-5, 5), seats=2)
        assert five.table.row.seats == 5 and two.table.row.seats == 2
        for bad in (1, 6):
            with pytest.raises(sqlite3.IntegrityError):
                await conn.execute(INSERT_SEATS, (bad,))
        assert await keeper.lang(-5) == "en"
    finally:
        await storage.close()
    # A check of the migrated file, as `python -m bot check` does.
    con = sqlite3.connect(path)
    try:
        assert schema.check_schema(con) == 8
    finally:
        con.close()


def test_schema_tables_follow_renames() -> None:
    assert schema.schema_tables(6) == schema.schema_tables(5)
    assert "pulkas_6" not in schema.schema_tables(6)


async def test_an_imported_record_of_two_or_five_keeps_its_size(tmp_path: Path) -> None:
    storage = await Storage(str(tmp_path / "p.sqlite3")).open()
    keeper = Keeper(storage)
    try:
        for thread, names in enumerate((["A", "B"], ["A", "B", "C"], list("ABCDE"))):
            doc = {"format": "pulka/1", "players": names, "rules": {}, "deals": []}
            written = await archive.import_record(keeper, -7, thread, doc, ANNA, Source(-7, thread))
            table = written.table
            assert table.state is not None and table.names == tuple(names)
            assert table.row.seats == (None if len(names) == 3 else len(names))
            assert not table.seating_open or len(names) == 3  # a fourth may join three
    finally:
        await storage.close()
