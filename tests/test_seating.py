"""The start and the seating, end to end through the fake Bot API server:
the greeting when the bot is added, a failed pin said once, ``/cancel``, ``/leave``,
swapping seats and choosing who deals first (on ``/seats`` and on the settings
message), a guest seat claimed after ``/import``, the default currency of a chat's
language, and the start-up errors of ``python -m bot``.

After every change of the seating the kept table (``Tables``) must be what a fresh
replay of the log gives, and the seats in ``players`` what the log's seating events
say.
"""

from __future__ import annotations

import json
import socket
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fakebotapi import FakeTelegram, close_session
from harness import App, group
from tapping import Tapper
from test_bot_process import bot_env
from warmstart import Starter

from bot.actions.seating import first_dealer, swap_seats
from bot.app import create_bot
from bot.model import Table, build_table
from bot.storage import pulkas

HELLO = "/newpulka сочи 20 1"
PIN_FAILED = "Не получилось закрепить табло"
STALE = "устарела"


def sent_texts(tg: FakeTelegram, chat: dict[str, Any]) -> list[str]:
    return [str(m.get("text", "")) for m in tg.sent_messages(chat)]


async def seat(app: App, chat: dict[str, Any], p: dict[str, Any], *who: str) -> None:
    for name in who:
        assert "садится за стол" in await app.say(chat, p[name], "/join")


async def active(app: App, chat: dict[str, Any]) -> Table:
    table = await app.keeper.active(chat["id"], 0)
    assert table is not None
    return table


def seats_from_log(app: App, pulka_id: int) -> list[str]:
    """The seating as the log alone says it (join, leave, seats; a claim keeps names)."""
    con = sqlite3.connect(app.db)
    try:
        rows = con.execute(
            "SELECT kind, payload FROM events WHERE pulka_id = ? ORDER BY seq", (pulka_id,)
        ).fetchall()
    finally:
        con.close()
    names: list[str] = []
    for kind, raw in rows:
        payload = json.loads(raw)
        if kind == "join":
            names.insert(payload["seat"], payload["name"])
        elif kind == "leave":
            assert names.pop(payload["seat"]) == payload["name"]
        elif kind == "seats":
            assert sorted(payload["order"]) == sorted(names)
            names = list(payload["order"])
    return names


async def check_read_model(app: App, pulka_id: int) -> Table:
    """The kept table equals a fresh replay of the log; the seats equal the log's."""
    kept = await app.keeper.get(pulka_id)
    async with app.storage.read() as tx:
        row = await pulkas.load(tx, pulka_id)
    assert kept is not None and row is not None
    fresh = build_table(row)
    assert kept.players == fresh.players
    assert kept.row.status == fresh.row.status
    assert [d.deal for d in kept.deals] == [d.deal for d in fresh.deals]
    assert kept.state == fresh.state
    assert list(kept.names) == seats_from_log(app, pulka_id)
    assert [p.seat for p in kept.players] == list(range(len(kept.players)))
    return kept


# --- the greeting and the pin ---------------------------------------------------------


async def test_the_bot_says_hello_once_when_added(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    tg.chat_state(chat).bot_status = "left"  # not in the group yet
    async with app.polling():
        tg.bot_added(chat)
        await app.idle()
        hello = [t for t in sent_texts(tg, chat) if HELLO in t]
        assert len(hello) == 1, sent_texts(tg, chat)
        assert "права администратора" in hello[0] and "/join" in hello[0]
        # Made an admin afterwards: no second hello.
        tg.set_admins(chat, [p["admin"], tg.bot_id])
        await app.idle()
        assert sum(HELLO in t for t in sent_texts(tg, chat)) == 1
        # Removed, the bot says nothing.
        tg.bot_removed(chat)
        await app.idle()
        assert sum(HELLO in t for t in sent_texts(tg, chat)) == 1


async def test_a_failed_pin_is_said_once_per_chat(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    pinned = group(tg, p, "Bot is admin here")
    tg.set_admins(pinned, [p["admin"], tg.bot_id])
    async with app.polling():
        board = await app.reply_msg(chat, p["anna"], "/newpulka sochi 20 1")
        assert "Новая пулька" in board["text"]
        notes = [t for t in sent_texts(tg, chat) if PIN_FAILED in t]
        assert len(notes) == 1 and "администратора" in notes[0]
        assert tg.pinned_message_ids(chat) == []
        # Another board in the same chat: not said again.
        assert "отменена" in await app.say(chat, p["anna"], "/cancel")
        await app.reply_msg(chat, p["anna"], "/newpulka sochi 20 1")
        assert sum(PIN_FAILED in t for t in sent_texts(tg, chat)) == 1
        # Where the bot may pin, it pins and says nothing.
        other = await app.reply_msg(pinned, p["anna"], "/newpulka sochi 20 1")
        assert tg.pinned_message_ids(pinned) == [other["message_id"]]
        assert not any(PIN_FAILED in t for t in sent_texts(tg, pinned))


# --- /cancel and /leave -----------------------------------------------------------------


async def test_cancel_by_creator_or_admin_before_the_first_deal(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        assert "Здесь нет идущей пульки" in await app.say(chat, p["anna"], "/cancel")
        board = await app.reply_msg(chat, p["anna"], "/newpulka sochi 20 1")
        await seat(app, chat, p, "anna", "boris")
        first = await active(app, chat)
        # A seated player who did not start it may not; nothing changes.
        assert "тот, кто её начал" in await app.say(chat, p["boris"], "/cancel")
        assert "тот, кто её начал" in await app.say(chat, p["stranger"], "/cancel")
        assert await app.count("cancel") == 0
        # Its creator may: the board says so, /newpulka works again.
        assert "Пулька отменена" in await app.say(chat, p["anna"], "/cancel")
        retired = tg.message(chat, board["message_id"])
        assert retired is not None and "отменена" in retired["text"]
        assert not retired.get("reply_markup")
        assert await app.keeper.active(chat["id"], 0) is None
        kept = await check_read_model(app, first.id)
        assert not kept.active
        assert "Новая пулька" in await app.say(chat, p["boris"], "/newpulka sochi 20 1")
        # An admin may cancel someone else's.
        assert "Пулька отменена" in await app.say(chat, p["admin"], "/cancel")
        # After the first deal: refused, the pulka goes on.
        await app.say(chat, p["vera"], "/newpulka sochi 20 1")
        await seat(app, chat, p, "anna", "boris", "vera")
        # Before the first deal a pulka begun by mistake is cancelled, not settled.
        again = await app.say(chat, p["anna"], "/newpulka leningrad 50 1")
        assert again.startswith("Пулька уже идёт, сдач в ней ещё нет. Начали не ту? /cancel")
        nothing = await app.say(chat, p["anna"], "/settle")
        assert nothing.startswith("Расписывать нечего: сдач ещё нет.") and "/cancel" in nothing
        assert "Сдача №1" in await app.say(
            chat, p["vera"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1"
        )
        assert "уже не отменить" in await app.say(chat, p["vera"], "/cancel")
        assert "уже не отменить" in await app.say(chat, p["admin"], "/cancel")
        assert (await active(app, chat)).deals
    assert await app.count("cancel") == 2
    con = sqlite3.connect(app.db)
    statuses = [s for (s,) in con.execute("SELECT status FROM pulkas ORDER BY id")]
    con.close()
    assert statuses == ["archived", "archived", "active"]


async def test_leave_before_the_first_deal_keeps_the_others_in_order(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 20 1")
        await seat(app, chat, p, "anna", "boris", "vera", "gleb")
        assert "Вы не сидите" in await app.say(chat, p["stranger"], "/leave")
        answer = await app.say(chat, p["boris"], "/leave")
        assert "Boris встаёт из-за стола" in answer
        table = await check_read_model(app, (await active(app, chat)).id)
        assert table.names == ("Anna", "Vera", "Gleb")
        assert table.state is not None and table.state.players == ("Anna", "Vera", "Gleb")
        assert not table.is_player(p["boris"]["id"])
        # He may sit down again: at the end of the table.
        await seat(app, chat, p, "boris")
        table = await check_read_model(app, table.id)
        assert table.names == ("Anna", "Vera", "Gleb", "Boris")
        # /players says who deals first and, at four, who sits that deal out.
        players = await app.say(chat, p["stranger"], "/players")
        assert "4. Boris" in players
        assert players.endswith(
            "Можно играть: первая сдача — /deal. Раздаёт Anna. Не играет: Anna. "
            "Играют: Vera, Gleb, Boris."
        ), players
        assert "Сдача №1" in await app.say(
            chat, p["anna"], "/deal Vera 6s 6 Gleb whist 3 Boris pass 1"
        )
        assert "Уйти из-за стола уже нельзя" in await app.say(chat, p["gleb"], "/leave")
        table = await check_read_model(app, table.id)
        assert table.names == ("Anna", "Vera", "Gleb", "Boris")
    assert await app.count("leave") == 1


async def test_a_deal_before_the_table_is_seated_asks_to_sit_down(
    app: App, people: dict[str, Any]
) -> None:
    # Whoever types it, seated or not: the seats are open, so the answer is to take one,
    # not that only players may write deals.
    tg, p = app.tg, people
    chat = group(tg, p)
    deal = "/deal Anna 6s 6 Boris whist 3 Vera pass 1"
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 20 1")
        want = "Для сдачи нужно 3 или 4 игрока, за столом 0. Садитесь: /join"
        assert await app.say(chat, p["anna"], deal) == want
        await seat(app, chat, p, "anna")
        assert await app.say(chat, p["stranger"], deal) == want.replace("0", "1")
        await seat(app, chat, p, "boris", "vera")
        # Seated: one who does not play is told who may.
        assert "только игроки пульки" in await app.say(chat, p["stranger"], deal)
    assert await app.count("deal") == 0


# --- swapping seats and the first dealer --------------------------------------------------


def test_swap_and_first_dealer_keep_neighbours() -> None:
    order = ("A", "B", "C", "D")
    assert swap_seats(order, 0) == ("B", "A", "C", "D")
    for seat in range(1, 4):
        turned = first_dealer(order, seat)
        assert turned[0] == order[seat]
        # Everyone's left neighbour is the same after the turn.
        left = {order[i]: order[(i + 1) % 4] for i in range(4)}
        assert {turned[i]: turned[(i + 1) % 4] for i in range(4)} == left


async def test_seats_swap_and_first_dealer_then_the_deal(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 20 1")
        await seat(app, chat, p, "anna", "boris", "vera")
        shown = await app.reply_msg(chat, p["vera"], "/seats")
        msg = int(shown["message_id"])
        assert "1. Anna\n2. Boris\n3. Vera" in ui.text(msg)
        assert ui.labels(msg) == ["1 ⇄ 2", "2 ⇄ 3", "Раздаёт: Boris", "Раздаёт: Vera"]
        # A stranger may not.
        answer = await ui.tap(p["stranger"], msg, "1 ⇄ 2")
        assert "только игроки" in answer["text"]
        old = ui.data(msg, "1 ⇄ 2")
        assert (await ui.tap(p["boris"], msg, "1 ⇄ 2"))["text"] == "Рассадка изменена."
        assert "1. Boris\n2. Anna\n3. Vera" in ui.text(msg)
        table = await check_read_model(app, (await active(app, chat)).id)
        assert table.names == ("Boris", "Anna", "Vera")
        # A button of the seating before (an old keyboard) is out of date.
        assert STALE in (await ui.press(p["boris"], msg, old, strict=False))["text"]
        # Vera deals first: the table turns, neighbours kept.
        await ui.tap(p["anna"], msg, "Раздаёт: Vera")
        assert "1. Vera\n2. Boris\n3. Anna" in ui.text(msg)
        assert "Первая сдача: раздаёт Vera." in ui.text(msg)
        table = await check_read_model(app, table.id)
        assert table.names == ("Vera", "Boris", "Anna")
        assert table.state is not None and table.state.next_table.dealer == 0
        lobby = tg.messages(chat)[1]  # /newpulka's answer is the board
        assert "Первым раздаёт Vera" in lobby["text"], lobby["text"]
        # The first deal: Vera deals, so Boris speaks first; the next deal is Boris's.
        written = await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        assert "Сдача №1" in written
        table = await check_read_model(app, table.id)
        assert table.deals[0].before.next_dealer == 0  # Vera dealt it
        assert table.state is not None and table.names[table.state.next_dealer] == "Boris"
        assert "Следующим раздаёт Boris" in await app.board(chat)  # the scoreboard says
        # After the first deal the seating is fixed.
        assert ui.labels(msg)  # the old message still has its buttons ...
        answer = await ui.tap(p["anna"], msg, "1 ⇄ 2")
        assert STALE in answer["text"]  # ... and they are out of date
        again = await app.say(chat, p["anna"], "/seats")
        assert "Рассадку уже не поменять" in again
    assert await app.count("seats") == 2


async def test_the_settings_message_swaps_seats_and_chooses_the_dealer(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        settings = int((await app.reply_msg(chat, p["anna"], "/newpulka"))["message_id"])
        await ui.tap(p["anna"], settings, "🪑 Сесть за стол")
        assert "1 ⇄ 2" not in ui.labels(settings)  # one player: nothing to swap
        await ui.tap(p["boris"], settings, "🪑 Сесть за стол")
        await ui.tap(p["vera"], settings, "🪑 Сесть за стол")
        assert "Anna, Boris, Vera" in ui.text(settings)
        assert "Первая сдача: раздаёт Anna." in ui.text(settings)
        old = ui.data(settings, "2 ⇄ 3")
        await ui.tap(p["vera"], settings, "2 ⇄ 3")
        assert "Anna, Vera, Boris" in ui.text(settings)
        assert STALE in (await ui.press(p["vera"], settings, old, strict=False))["text"]
        answer = await ui.tap(p["stranger"], settings, "Раздаёт: Boris")
        assert answer["show_alert"] and "Anna, Vera, Boris" in ui.text(settings)
        await ui.tap(p["boris"], settings, "Раздаёт: Boris")
        assert "Boris, Anna, Vera" in ui.text(settings)
        assert "Первая сдача: раздаёт Boris." in ui.text(settings)
        await ui.tap(p["anna"], settings, "▶️ Начать пульку")
        table = await check_read_model(app, (await active(app, chat)).id)
        assert table.names == ("Boris", "Anna", "Vera")
        assert "Первым раздаёт Boris" in ui.text(settings)


# --- a guest seat claimed after /import ---------------------------------------------------

RECORD = {
    "format": "pulka/1",
    "players": ["Аня", "Борис", "Вера"],
    "deals": [{"type": "raspasy", "tricks": {"Аня": 3, "Борис": 2, "Вера": 5}}],
}


async def test_a_guest_seat_claimed_after_import(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    deal = "/deal Аня 6s 6 Борис whist 3 Вера pass 1"
    async with app.polling():
        got = await app.say(chat, p["gleb"], "/import " + json.dumps(RECORD, ensure_ascii=False))
        assert "Пулька загружена" in got
        await app.idle()
        # Imported players are guests: Anna may not write yet.
        assert "только игроки" in await app.say(chat, p["anna"], deal)
        ask = await app.reply_msg(chat, p["anna"], "/join Аня")
        assert "Anna хочет играть за место «Аня»" in ask["text"]
        msg = int(ask["message_id"])
        # Neither she herself nor a stranger confirms.
        for who in ("anna", "stranger"):
            answer = await ui.tap(p[who], msg, "✅ Да, это Аня")
            assert "Подтвердить может" in answer["text"] and answer["show_alert"]
        assert await app.count("claim") == 0
        # Whoever imported it does (no one has Telegram at the table yet).
        assert (await ui.tap(p["gleb"], msg, "✅ Да, это Аня"))["text"] == "Готово"
        assert "место «Аня» теперь за Anna" in ui.text(msg)
        assert ui.labels(msg) == []
        table = await check_read_model(app, (await active(app, chat)).id)
        assert table.players[0].user_id == p["anna"]["id"] and table.players[0].name == "Аня"
        assert table.players[0].username == "anna"
        assert len(table.deals) == 1  # the sheet is the same
        # Now she is a player: she writes.
        assert "Сдача №2" in await app.say(chat, p["anna"], deal)
        # She cannot claim a second seat; a seated player confirms the next claim.
        assert "Вы уже за столом" in await app.say(chat, p["anna"], "/join Вера")
        ask = await app.reply_msg(chat, p["boris"], "/join Борис")
        await ui.tap(p["anna"], ask["message_id"], "✅ Да, это Борис")
        assert "место «Борис» теперь за Boris Petrov" in ui.text(ask["message_id"])
        # Refused (by the claimer himself here): the seat stays a guest's.
        ask = await app.reply_msg(chat, p["vera"], "/join Вера")
        await ui.tap(p["vera"], ask["message_id"], "✖ Нет")
        assert "осталось гостевым" in ui.text(ask["message_id"])
        table = await check_read_model(app, table.id)
        assert [pl.user_id for pl in table.players] == [p["anna"]["id"], p["boris"]["id"], None]
        assert table.names == ("Аня", "Борис", "Вера")
        # An admin confirms too; a claimed seat cannot be claimed again.
        ask = await app.reply_msg(chat, p["vera"], "/join Вера")
        first = int(ask["message_id"])
        ask2 = await app.reply_msg(chat, p["stranger"], "/join Вера")
        await ui.tap(p["admin"], first, "✅ Да, это Вера")
        answer = await ui.tap(p["admin"], ask2["message_id"], "✅ Да, это Вера")
        assert STALE in answer["text"]
        assert "Сдача №3" in await app.say(
            chat, p["vera"], "/deal Вера 7h 7 Аня whist 2 Борис pass 1"
        )
    assert await app.count("claim") == 3


async def test_join_with_a_name_that_is_no_guest_seats_a_guest_as_before(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 20 1")
        await seat(app, chat, p, "anna")
        assert "Лена садится за стол" in await app.say(chat, p["anna"], "/join Лена")
        # Лена is a guest now; Boris (not seated) claiming her is asked, not seated.
        ask = await app.say(chat, p["boris"], "/join Лена")
        assert "хочет играть за место «Лена»" in ask
        assert (await active(app, chat)).names == ("Anna", "Лена")


async def test_a_name_that_sounds_like_a_seated_one_in_the_other_alphabet_is_refused(
    app: App, people: dict[str, Any], fake_tg: FakeTelegram
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 20 1")
        await seat(app, chat, p, "anna")
        odd = await app.say(chat, p["boris"], "/join <b>Bob</b>")
        assert "без знаков < > &, не начинаться с @, / или цифры" in odd, odd
        assert "от 1 до 10000" in await app.say(chat, p["boris"], "/newpulka сочи 999999 1")
        refused = await app.say(chat, p["boris"], "/join Анна")
        assert refused.startswith("Имя Анна звучит как Anna — за столом уже есть такой игрок")
        assert "/join Анна2" in refused
        assert (await active(app, chat)).names == ("Anna",)
        # A Telegram user whose first name sounds so sits under his fuller name.
        anya = fake_tg.create_user("Анна", last_name="Смирнова")
        assert "садится за стол" in await app.say(chat, anya, "/join")
        assert (await active(app, chat)).names == ("Anna", "АннаС")


# --- the currency of the chat's language ---------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "currency", "title"),
    [
        ("ru", "RUB", "Новая пулька"),
        ("uk", "UAH", "Нова пулька"),
        ("en", "EUR", "New pulka"),
    ],
)
async def test_the_default_currency_follows_the_language(
    app: App, fake_tg: FakeTelegram, lang: str, currency: str, title: str
) -> None:
    tg = fake_tg
    user = tg.create_user("Olya", language_code=lang)
    other = tg.create_user("Petro", language_code=lang)
    chat = tg.create_group(members=[user, other], creator=user)
    second = tg.create_group("Text form", members=[user, other], creator=user)
    ui = Tapper(tg, chat)
    async with app.polling():
        settings = await app.reply_msg(chat, user, "/newpulka")
        msg = int(settings["message_id"])
        assert title in settings["text"] and f"1 {currency}" in settings["text"]
        # Changeable on the settings message.
        button = next(label for label in ui.labels(msg) if label.endswith(f": {currency}"))
        await ui.tap(user, msg, button)
        assert f"1 {currency}" not in ui.text(msg)
        # The text form too, unless the command names one.
        await app.reply_msg(second, user, "/newpulka sochi 20 1")
        table = await app.keeper.active(second["id"], 0)
        assert table is not None and table.rules.currency == currency
        await app.say(second, user, "/cancel")
        await app.reply_msg(second, user, "/newpulka sochi 20 1 USD")
        table = await app.keeper.active(second["id"], 0)
        assert table is not None and table.rules.currency == "USD"


async def test_the_language_button_brings_its_currency(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        msg = int((await app.reply_msg(chat, p["anna"], "/newpulka"))["message_id"])
        assert "1 RUB" in ui.text(msg)
        await ui.tap(p["anna"], msg, "🌐 Язык: русский")
        assert "1 UAH" in ui.text(msg)  # still the default: the new language's
        button = next(label for label in ui.labels(msg) if label.endswith(": UAH"))
        await ui.tap(p["anna"], msg, button)  # chosen by hand: kept
        chosen = ui.text(msg)
        await ui.tap(p["anna"], msg, next(la for la in ui.labels(msg) if "🌐" in la))
        assert "1 UAH" not in ui.text(msg) and "1 EUR" not in ui.text(msg)
        assert chosen.split("1 ")[1][:3] in ui.text(msg)


# --- start-up errors -----------------------------------------------------------------------


async def run_bot_once(warm: Starter, tmp_path: Path, **env: str) -> tuple[int, str]:
    """``python -m bot`` (forked warm) until it ends: its exit code and its stderr."""
    log = tmp_path / "stderr.log"
    proc = warm.spawn(
        tmp_path,
        bot_env(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'pulka.sqlite3'}", **env),
        log,
    )
    try:
        code = await proc.wait(timeout=60)
    finally:
        proc.kill()
    return code, log.read_text()


async def test_a_refused_token_is_one_line_and_a_failure(
    fake_tg: FakeTelegram, tmp_path: Path, warm: Starter
) -> None:
    wrong = "123456:" + "A" * 35
    assert wrong != fake_tg.token
    code, err = await run_bot_once(
        warm, tmp_path, BOT_TOKEN=wrong, TELEGRAM_API_URL=fake_tg.base_url
    )
    assert code == 1, err
    assert "Traceback" not in err
    assert err.strip().splitlines() == [err.strip()], err
    assert "BOT_TOKEN was refused" in err and "Unauthorized" in err
    assert "A" * 35 not in err  # the token is never printed
    assert [c.method for c in fake_tg.calls] == ["getMe"]  # nothing else was tried


async def test_no_network_at_start_is_one_line_and_a_failure(tmp_path: Path, warm: Starter) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    token = "123456:" + "B" * 35
    code, err = await run_bot_once(
        warm, tmp_path, BOT_TOKEN=token, TELEGRAM_API_URL=f"http://127.0.0.1:{port}"
    )
    assert code == 1, err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert f"cannot reach the Bot API at http://127.0.0.1:{port}" in err
    assert "B" * 35 not in err


async def test_a_good_token_starts(app: App, fake_tg: FakeTelegram) -> None:
    """The check before polling asks getMe once and lets the bot on (the harness's
    Server skips it; here it is called as ``bot.app.run`` calls it)."""
    from bot.app import introduce

    bot = create_bot(app.settings)
    try:
        await introduce(bot, app.settings)
    finally:
        await close_session(bot)
    assert [c.method for c in fake_tg.calls] == ["getMe"]


async def test_help_tells_the_seating_commands(app: App, people: dict[str, Any]) -> None:
    chat = group(app.tg, people)
    async with app.polling():
        text = await app.say(chat, people["anna"], "/help all")
    for command in ("/seats", "/leave", "/cancel", "/join Аня"):
        assert command in text, command
