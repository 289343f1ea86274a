"""Changing or deleting any past deal, end to end through the fake Bot API.

Five typed deals, then deal 2 changed by ``/edit`` as a reply, deal 4 by its "✏️"
button, deal 3 deleted by ``/delete``; after each the sheet must be the fresh
replay (:func:`scoring.replay`) of the deals in force, read off the log.  An
amendment that would make a later deal impossible is refused and writes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from harness import App, group
from tapping import Tapper
from test_truth_after_commit import redeliver

from bot.actions import ending
from bot.model import Author, EventKind, Source, build_table
from bot.storage import pulkas
from bot.views.buttons import (
    MAX_ID,
    AmendData,
    AmendWizardCB,
    Defence,
    DeleteCB,
    EditCB,
    Kind,
    WizardOp,
    fits,
)
from bot.views.format import result
from scoring import Contract, Deal, replay, standings
from scoring.record import deal_from_json

WRITE = "✅ Записать"
BACK = "« Назад"
EDIT = "✏️ Изменить"
DELETE_YES = "🗑 Да, удалить"

DEALS = [
    ("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1"),
    ("boris", "/deal Boris 7h 7 Anna whist 3 Vera pass 0"),
    ("vera", "/deal raspasy Anna 3 Boris 2 Vera 5"),
    ("anna", "/deal Vera 6d 6 Anna whist 4 Boris pass 0"),
    ("boris", "/deal Anna 7c 7 Boris whist 3 Vera pass 0"),
]


#: Leningrad: after raspasy only from 7 up.
LENINGRAD = [
    ("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1"),
    ("boris", "/deal Boris 7h 7 Anna whist 3 Vera pass 0"),
    ("anna", "/deal Vera 6d 6 Anna whist 4 Boris pass 0"),
]


async def start(
    app: App,
    chat: dict[str, Any],
    p: dict[str, Any],
    rules: str,
    deals: list[tuple[str, str]] = DEALS,
) -> tuple[list[int], list[int]]:
    """A pulka of Anna, Boris and Vera; ``deals`` written; the ids of the bot's answers
    and of the commands that wrote them."""
    assert "Новая пулька" in await app.say(chat, p["anna"], f"/newpulka {rules}")
    for who in ("anna", "boris", "vera"):
        assert "садится за стол" in await app.say(chat, p[who], "/join")
    answers, commands = [], []
    for number, (who, text) in enumerate(deals, 1):
        sent = app.tg.send_message(chat, p[who], text)
        commands.append(int(sent["message_id"]))
        reply = await app.tg.wait_for_message(chat, after=sent["message_id"])
        await app.idle()
        assert f"Сдача №{number}:" in reply["text"], reply["text"]
        answers.append(int(reply["message_id"]))
    return answers, commands


def in_force(events: Any) -> list[Deal]:
    """The deals in force, read off the log by hand: each deal in its place, in the
    form its last amendment gave it, left out if undone or deleted."""
    forms: dict[int, Any] = {}
    order: list[int] = []
    for e in events:
        if e.kind == EventKind.DEAL:
            order.append(e.id)
            forms[e.id] = e.payload
        elif e.kind == EventKind.UNDO:
            forms[e.payload["event"]] = None
        elif e.kind == EventKind.AMEND:
            forms[e.payload["event"]] = e.payload["deal"]
    return [deal_from_json(forms[i]) for i in order if forms[i] is not None]


async def check_replay(app: App, chat: dict[str, Any]) -> Any:
    """The bot's sheet is the fresh replay of the amended log (and of the database)."""
    table = await app.keeper.active(chat["id"], 0)
    assert table is not None and table.state is not None
    expected = replay(table.names, table.rules, in_force(table.row.events)).state
    assert table.state == expected
    # Each deal keeps its number for good: its place among the log's deals.
    order = [e.id for e in table.row.events if e.kind == EventKind.DEAL]
    assert [d.number for d in table.deals] == [order.index(d.event.id) + 1 for d in table.deals]
    async with app.storage.read() as tx:
        row = await pulkas.load(tx, table.id)
    assert row is not None and build_table(row).state == expected
    return table


async def back_to(ui: Tapper, user: dict[str, Any], msg: int, label: str) -> None:
    """Tap "Back" on the wizard until ``label`` is on it."""
    for _ in range(6):
        if label in ui.labels(msg):
            return
        assert (await ui.tap(user, msg, BACK))["text"] is None
    raise AssertionError((label, ui.labels(msg)))


async def test_edit_and_delete_past_deals(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        answers, commands = await start(app, chat, p, "sochi 20 1")
        before = await check_replay(app, chat)
        assert len(before.deals) == 5

        # Deal 2 by reply: the wizard opens on that very deal ("Write it" at once).
        sent = tg.send_message(chat, p["anna"], "/edit", reply_to=answers[1])
        editor = (await tg.wait_for_message(chat, after=sent["message_id"]))["message_id"]
        await app.idle()
        assert "Изменение сдачи №2" in ui.text(editor)
        assert "Boris 7♥ / ровно" in ui.text(editor)
        assert WRITE in ui.labels(editor) and "🗑 Удалить сдачу" in ui.labels(editor)
        await back_to(ui, p["anna"], editor, "8")
        await ui.tap(p["anna"], editor, "8")
        assert "Boris 7♥ / +1" in ui.text(editor)
        press = tg.press_button(chat, p["anna"], editor, ui.data(editor, WRITE))
        answer = await tg.wait_for(lambda: tg.callback_answer(press["id"]))
        assert answer["text"] == "Сдача №2 изменена"
        await app.idle()
        done = ui.text(editor)
        assert "Сдача №2 изменена" in done
        assert "было: Boris 7♥ / ровно" in done and "стало: Boris 7♥ / +1" in done
        after = await check_replay(app, chat)
        assert before.state is not None and after.state is not None
        moved = zip(after.names, standings(before.state), standings(after.state), strict=True)
        for name, b, a in moved:
            assert f"{name}: {result(b)} → {result(a)}" in done
        assert standings(before.state) != standings(after.state)
        assert await app.count("amend") == 1
        assert len(after.deals) == 5 and after.deals[1].amended is not None

        # The same press delivered again: answered the same, written once.
        again = redeliver(app, press)
        answer = await tg.wait_for(lambda: tg.callback_answer(again["id"]))
        assert answer["text"] == "Сдача №2 изменена"
        await app.idle()
        assert ui.text(editor) == done
        assert await app.count("amend") == 1

        # /undo does not take back an amendment.
        assert "правка" in await app.say(chat, p["boris"], "/undo")

        # Deal 4 by its "✏️" button: Vera takes 7 instead of 6.
        editor = await ui.tap_new(p["vera"], answers[3], EDIT)
        assert "Изменение сдачи №4" in ui.text(editor)
        await back_to(ui, p["vera"], editor, "7")
        await ui.tap(p["vera"], editor, "7")
        assert (await ui.tap(p["vera"], editor, WRITE))["text"] == "Сдача №4 изменена"
        await app.idle()
        assert "стало: Vera 6♦ / +1" in ui.text(editor)
        await check_replay(app, chat)

        # Deal 3 deleted by reply, after a question.
        sent = tg.send_message(chat, p["vera"], "/delete", reply_to=answers[2])
        prompt = (await tg.wait_for_message(chat, after=sent["message_id"]))["message_id"]
        await app.idle()
        assert "Удалить сдачу №3: распасы 3-2-5?" in ui.text(prompt)
        assert (await ui.tap(p["vera"], prompt, DELETE_YES))["text"] == "Сдача №3 удалена"
        await app.idle()
        assert "Сдача №3 удалена" in ui.text(prompt)
        table = await check_replay(app, chat)
        assert len(table.deals) == 4
        assert str(table.deals[2].deal.declarer) == "Vera"  # type: ignore[union-attr]

        # The history: every deal by its number (deal 3 deleted in its place), and
        # every change with who made it.
        reply = await app.reply_msg(chat, p["stranger"], "/history")
        history = reply["text"]
        assert "\n3. — удалена\n4. Vera 6♦ / +1" in history and "5. Anna 7♣" in history
        assert "Правки" in history
        assert "Anna: сдача №2 Boris 7♥ / ровно → Boris 7♥ / +1" in history
        assert "Vera: сдача №4 Vera 6♦ / ровно → Vera 6♦ / +1" in history
        assert "Vera: сдача №3 распасы 3-2-5 удалена" in history
        assert ui.labels(reply["message_id"]) == ["✏️ 1", "✏️ 2", "✏️ 4", "✏️ 5"]
        # "✏️ 1" under the history opens deal 1.
        editor = await ui.tap_new(p["anna"], reply["message_id"], "✏️ 1")
        assert "Изменение сдачи №1" in ui.text(editor)
        answer = await ui.tap(p["stranger"], reply["message_id"], "✏️ 2")
        assert answer["show_alert"] and "только игроки" in answer["text"]

        # Typed: "/edit N" and the new deal; or as a reply to the command that wrote it.
        typed = await app.say(chat, p["boris"], "/edit 1 Anna 6s 7 Boris whist 3 Vera pass 0")
        assert "Сдача №1 изменена" in typed and "стало: Anna 6♠ / +1" in typed
        sent = tg.send_message(
            chat, p["anna"], "/edit Anna 7c 6 Boris whist 3 Vera pass 1", reply_to=commands[4]
        )
        typed = (await tg.wait_for_message(chat, after=sent["message_id"]))["text"]
        await app.idle()
        assert "Сдача №5 изменена" in typed and "стало: Anna 7♣ / без одной" in typed
        await check_replay(app, chat)
        assert "нет (последняя — №5)" in await app.say(chat, p["anna"], "/edit 9")
        assert "Сдача №3 удалена — её уже не изменить" in await app.say(chat, p["anna"], "/edit 3")
        assert "/delete 3" in await app.say(chat, p["anna"], "/edit")
        score = await app.say(chat, p["stranger"], "/score text")

    # A restart keeps the amended sheet.
    await app.restart()
    async with app.polling():
        assert await app.say(chat, p["stranger"], "/score text") == score
        await check_replay(app, chat)
    assert await app.count("amend") == 5


async def test_an_amendment_that_breaks_a_later_deal_is_refused(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        answers, _ = await start(app, chat, p, "leningrad 10 1", LENINGRAD)
        before = await check_replay(app, chat)
        # "Write it" on the deal as it is: no change, nothing written.
        editor = await ui.tap_new(p["vera"], answers[1], EDIT)
        answer = await ui.tap(p["vera"], editor, WRITE)
        assert answer["show_alert"] and "Сдача №2 и так такая" in answer["text"]

        # Deal 2 as raspasy: deal 3 (6♦) would follow raspasy, where 7 is the least.
        editor = await ui.tap_new(p["anna"], answers[1], EDIT)
        await back_to(ui, p["anna"], editor, "Распасы")
        await ui.tap(p["anna"], editor, "Распасы")
        await ui.tap(p["anna"], editor, "4")
        await ui.tap(p["anna"], editor, "3")
        shown = ui.text(editor)
        answer = await ui.tap(p["anna"], editor, WRITE)
        assert answer["show_alert"] is True
        assert "стала бы невозможной сдача №3 (Vera 6♦ / ровно)" in answer["text"]
        await app.idle()
        assert ui.text(editor) == shown  # still the wizard: nothing was written
        assert await app.count("amend") == 0
        assert (await check_replay(app, chat)).state == before.state

        # Once the pulka has ended, its deals are not changed.
        table = await app.keeper.active(chat["id"], 0)
        assert table is not None
        admin = Author(p["admin"]["id"], "Admin")
        await ending.end(
            app.keeper, table.id, None, admin, Source(chat["id"], 999_999), agreed=True
        )
        sent = tg.send_message(chat, p["anna"], "/delete", reply_to=answers[2])
        ended = await tg.wait_for_message(chat, after=sent["message_id"])
        assert "Пулька уже закончена" in ended["text"]
        await app.idle()
    assert await app.count("amend") == 0


def test_editing_payloads_round_trip_and_refuse_tampering() -> None:
    w = AmendData(pulka=7, last=42, edit=40, kind=Kind.GAME, seat=1, contract=Contract.parse("7H"))
    for state in (w, w.to(defence=Defence.BOTH, tricks=(7, 2)), w.back(), w.as_op(WizardOp.WRITE)):
        data = state.pack()
        assert fits(data) and data.startswith("v1aw:")
        again = AmendWizardCB.unpack(data).wizard()
        assert again == state and again.edit == 40
    for forged in (
        "v1aw:s:7:16:0:m20",
        "v1aw:s:7:16:14:m90",
        "v1aw:s:7:16:014:m20",
        "v1aw:q:7:1:1:",
    ):
        with pytest.raises(ValueError):
            AmendWizardCB.unpack(forged)
    for op in ("a", "y", "n"):
        data = DeleteCB(pulka=MAX_ID, event=MAX_ID, last=MAX_ID, op=op).pack()
        assert fits(data) and DeleteCB.unpack(data).op == op
    with pytest.raises(ValueError):
        DeleteCB.unpack("v1ad:1:2:3:x")
    assert fits(EditCB(pulka=MAX_ID, event=MAX_ID).pack())


async def test_delete_by_number_in_english(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        await start(app, chat, p, "sochi 20 1")
        await app.say(chat, p["anna"], "/lang en")
        prompt = await app.reply_msg(chat, p["boris"], "/delete 1")
        assert "Delete deal 1: Anna 6♠ / made?" in prompt["text"], prompt["text"]
        answer = await ui.tap(p["boris"], prompt["message_id"], "🗑 Yes, delete")
        assert answer["text"] == "Deal 1 deleted"
        await app.idle()
        done = ui.text(prompt["message_id"])
        assert "Deal 1 deleted" in done and "Deleted by Boris." in done
        assert "If we stopped now (in whists), before → after:" in done
        table = await check_replay(app, chat)
        assert len(table.deals) == 4
        # Deal 2 keeps its number; deal 1 is gone.
        editor = await app.reply_msg(chat, p["vera"], "/edit 2")
        assert "Changing deal 2, now: Boris 7♥ / made" in editor["text"], editor["text"]
        assert "Deal 1 was deleted" in await app.say(chat, p["vera"], "/edit 1")


async def test_undo_by_number_names_only_the_last_deal(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        await start(app, chat, p, "sochi 20 1")
        refused = await app.say(chat, p["boris"], "/undo 3")
        assert "/undo отменяет только последнюю сдачу или запись — №5" in refused
        assert "/edit 3" in refused and "/delete 3" in refused
        assert "последняя — №5" in await app.say(chat, p["boris"], "/undo 9")
        assert "с её номером (/undo 7)" in await app.say(chat, p["boris"], "/undo please")
        assert await app.count("undo") == 0
        prompt = await app.reply_msg(chat, p["boris"], "/undo №5")
        assert "Отменить последнюю сдачу №5" in prompt["text"], prompt["text"]
        await ui.tap(p["boris"], prompt["message_id"], "Да, отменить")
        assert await app.count("undo") == 1
        # The undone deal is said undone, not deleted, by /edit and /undo alike.
        undone = "Сдача №5 отменена (/undo) — её уже не изменить."
        assert (await app.say(chat, p["vera"], "/edit 5")).startswith(undone)
        assert (await app.say(chat, p["vera"], "/undo 5")).startswith(undone)
        # The last deal standing is named as the last, not the undone one.
        assert "(последняя — №4)" in await app.say(chat, p["vera"], "/edit 6")
        await app.say(chat, p["anna"], "/lang en")
        assert "the last deal or entry, #4. #2 can be changed" in await app.say(
            chat, p["vera"], "/undo 2"
        )


async def test_a_deal_dealt_by_another_is_edited_as_it_was_dealt(
    app: App, people: dict[str, Any]
) -> None:
    """At four, a deal written (after "Write it?") with Boris sitting out instead of the
    seating's dealer Anna opens in the editor as dealt by Boris, and is written so."""
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka сочи 10 1 вчетвером")
        for who in ("anna", "boris", "vera", "gleb"):
            await app.say(chat, p[who], "/join")
        ask = await app.reply_msg(chat, p["boris"], "/deal Анна 6п 5 Вера вист 3 Глеб вист 2")
        assert "пропускает Boris" in ask["text"], ask["text"]
        await ui.tap(p["boris"], ask["message_id"], "✅ Да, записать")
        written = ui.newest()
        assert "Сдача №1: Anna 6♠ / без одной" in ui.text(written)
        editor = await ui.tap_new(p["anna"], written, EDIT)
        shown = ui.text(editor)
        assert "раздаёт Boris" in shown and "Vera вист 3, Gleb вист 2" in shown, shown
        await ui.tap(p["anna"], editor, BACK)
        await ui.tap(p["anna"], editor, "4")
        answer = await ui.tap(p["anna"], editor, WRITE)
        assert answer["text"] == "Сдача №1 изменена"
        done = ui.text(editor)
        assert "было: Anna 6♠ / без одной — Vera вист 3, Gleb вист 2" in done
        assert "стало: Anna 6♠ / без одной — Vera вист 4, Gleb вист 1" in done
        table = await check_replay(app, chat)
        assert table.deals[0].step.dealer == 1 and table.deals[0].deal.trick_map == {
            "Anna": 5,
            "Vera": 4,
            "Gleb": 1,
        }
        history = await app.say(chat, p["vera"], "/history")
        assert "Vera вист 3, Gleb вист 2 → Anna 6♠ / без одной — Vera вист 4" in history


async def test_a_correction_is_an_entry_in_every_word_and_edit_changes_its_amounts(
    app: App, people: dict[str, Any]
) -> None:
    """A correction is no deal: its buttons, the question before writing it twice, the
    press's answer and its edit all say "запись", and ``/edit N`` with new amounts
    replaces it, showing what it wrote before and after."""
    p = people
    chat = group(app.tg, p)
    ui = Tapper(app.tg, chat)
    async with app.polling():
        await start(app, chat, p, "sochi 20 1", DEALS[:1])
        first = await app.reply_msg(chat, p["anna"], "/correct Vera гора -2")
        assert first["text"].startswith("Запись №2: Vera поправка")
        assert ui.labels(first["message_id"]) == [
            "➕ Новая сдача",
            "↩️ Отменить запись",
            "✏️ Изменить",
        ]
        again = await app.reply_msg(chat, p["anna"], "/correct Vera гора -2")
        assert again["text"].startswith("Точно такая же запись только что сделана: №2.")
        pressed = await ui.tap(p["anna"], again["message_id"], "✅ Да, записать")
        assert pressed["text"] == "Запись №3 сделана"
        changed = await app.say(chat, p["boris"], "/edit 3 Vera гора -4")
        assert changed.startswith(
            "✏️ Запись №3 изменена\nбыло: Vera: гора -2\nстало: Vera: гора -4\nИзменил(а): Boris."
        ), changed
        same = await app.say(chat, p["boris"], "/edit 3 Vera гора -4")
        assert same == "Запись №3 и так такая: ничего не изменено."
        history = await app.say(chat, p["anna"], "/history")
        assert "Boris: запись №3" in history, history
        editor = await app.reply_msg(chat, p["anna"], "/edit 2")
        assert ui.labels(editor["message_id"]) == ["🗑 Удалить запись"]
        assert "после /edit 2" in ui.text(editor["message_id"])
        # New amounts keep the table's note unless they bring one.
        await app.say(chat, p["anna"], "/correct Anna пуля 1 — спорная сдача")
        await app.say(chat, p["anna"], "/edit 4 Anna пуля 2")
        table = await app.keeper.active(chat["id"], 0)
        assert table is not None
        assert (table.deals[-1].deal.pulka, table.deals[-1].deal.note) == (2, "спорная сдача")
        # Deal words for an entry by hand: the correction's own form is shown.
        refused = await app.say(chat, p["anna"], "/edit 2 Anna 6s 6 Boris whist 3 Vera pass 1")
        assert "Форма: /correct Игрок" in refused and "Ничего не записано." in refused


async def test_an_edit_the_rules_refuse_is_said_of_that_deal(
    app: App, people: dict[str, Any]
) -> None:
    """Leningrad: after all-pass the next game is 7 at least. Deal 2 edited into a six
    is refused as that deal not changed, not as a new deal "not written"."""
    p = people
    chat = group(app.tg, p)
    async with app.polling():
        deals = [
            ("anna", "/deal распасы 3 3 4"),
            ("anna", "/deal Boris 7s 7 Anna whist 2 Vera pass 1"),
        ]
        await start(app, chat, p, "ленинград 20 1", deals)
        events = await app.count()
        said = await app.say(chat, p["anna"], "/edit 2 Boris 6s 6 Anna whist 3 Vera pass 1")
        assert said == "Сдача №2 не изменена: после распасов играют не ниже 7, а не 6."
        assert await app.count() == events


async def test_an_editor_written_over_meanwhile_says_so_and_offers_to_edit_again(
    app: App, people: dict[str, Any]
) -> None:
    p = people
    chat = group(app.tg, p)
    ui = Tapper(app.tg, chat)
    async with app.polling():
        await start(app, chat, p, "sochi 20 1", DEALS[:2])
        editor = await app.reply_msg(chat, p["anna"], "/edit 1")
        labels = ui.labels(editor["message_id"])
        assert "Сдача №3" in await app.say(chat, p["vera"], "/deal raspasy Anna 3 Boris 2 Vera 5")
        answer = await ui.tap(p["anna"], editor["message_id"], labels[0])
        assert "устарела" in answer["text"] and answer["show_alert"]
        assert ui.text(editor["message_id"]).startswith("Это изменение сдачи №1 устарело")
        assert ui.labels(editor["message_id"]) == [EDIT]
        assert await app.count("amend") == 0
        # Its "✏️" opens the editor again, on the sheet as it is now.
        fresh = await ui.tap_new(p["anna"], editor["message_id"], EDIT)
        assert "Изменение сдачи №1" in ui.text(fresh)
