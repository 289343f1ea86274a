"""End to end: the real aiogram Bot and Dispatcher against the fake Bot API server.

Expected figures are literals worked out with ``python -m scoring settle`` on the
equivalent records (and by hand for the first deal's cost).
"""

from __future__ import annotations

from typing import Any

from harness import App, group


async def seat_three(app: App, chat: dict[str, Any], p: dict[str, Any], args: str) -> None:
    # Without arguments /newpulka opens the settings message; the text form starts at once.
    assert "Новая пулька" in await app.say(chat, p["anna"], f"/newpulka {args or 'sochi'}")
    for who in ("anna", "boris", "vera"):
        assert "садится за стол" in await app.say(chat, p[who], "/join")


EVENING_3 = [
    # (who types, command): every accepted form shows up at least once.
    ("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1"),
    ("boris", "/deal boris 7ч 7 ANNA вист 2 vera пас 1"),
    ("vera", "/deal raspasy Anna 3 Boris 2 Vera 5"),
    ("vera", "/deal распасы 1 4 2 0 3 6"),
    ("anna", "/deal Vera 6♦ 5 Anna whist 3 Boris whist 2"),
    ("boris", "/deal Boris misere 0"),
    ("anna", "/deal @anna 6т 6 Boris pass 2 Vera вист 2"),
    ("vera", "/deal Vera мизер 2"),
    ("vera", "/deal Vera 7бк 7 Anna пас 1 Boris пас 2"),
    ("anna", "/deal Anna 8h 7 Boris whist 2 @verochka pass 1"),
    ("boris", "/deal расп Anna 2 Boris 4 Vera 4"),
    ("boris", "/deal Boris 6S 6 Anna whist 4 Vera pass 0"),
    ("vera", "/deal 3 6♥ 6 1 pass 2 2 whist 2"),
    ("anna", "/deal Anna 7c 7 Boris whist 2 Vera whist 1"),
    ("vera", "/deal Vera 6nt 7 Anna whist 2 Boris pass 1"),
    ("boris", "/deal Boris 6б 6 Anna pass 1 Vera whist 3"),
    ("vera", "/deal Vera 7п 7 Anna whist 2 Boris pass 1"),
    ("anna", "/deal Anna 6h 6 Boris whist 3 Vera pass 1"),
]


async def test_evening_of_three_settled_exactly(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "sochi 14 0.5")
        answers = []
        for who, text in EVENING_3:
            answers.append(await app.say(chat, p[who], text))
            if len(answers) == 1:  # whose deal is next: on the scoreboard, not in the answer
                assert "Следующим раздаёт Boris." in await app.board(chat)
        first = answers[0]
        assert "Сдача №1</b>" not in first  # HTML was parsed, not shown
        assert "Сдача №1: Anna 6♠ / ровно — Boris вист 3, Vera пас 1" in first
        assert "Anna: пуля +2" in first
        assert "Boris → Anna: висты +8" in first
        assert "Anna +5⅓, Boris +1⅓, Vera -6⅔" in first
        assert "Следующим раздаёт" not in first and len(first.splitlines()) == 3
        assert "Vera 6♦ / без одной" in answers[4]
        assert "Vera: гора +2" in answers[4]
        assert "Boris мизер / чистый" in answers[5]
        assert "Помощь: Boris → Anna, 2 в пулю" in answers[5]  # Boris closed at 14
        assert "мизер / 2 взятки" in answers[7]
        assert "Vera: гора +20" in answers[7]
        assert "Anna 8♥ / без одной" in answers[9]
        assert "распасы 2-4-4" in answers[10]
        assert "Помощь: Anna → Vera, 2 в пулю" in answers[17]
        assert "Пулька закрыта!" in answers[17]
        assert all("Ничего не записано" not in a for a in answers)

        history = await app.say(chat, p["boris"], "/history")
        assert "4. распасы 4-0-6 — Anna 4, Boris 0, Vera 6 · Vera" in history
        assert "16. Boris 6♦ / ровно — Anna пас 1, Vera вист 3 · Boris" in history

        score = await app.say(chat, p["stranger"], "/score text")
        assert "Anna: пуля 14, гора 21, висты: Boris 20, Vera 46" in score
        photos = len(tg.photos)
        caption = await app.say(chat, p["stranger"], "/score")
        assert "Anna -36⅔, Boris +258⅓, Vera -221⅔" in caption
        assert len(tg.photos) == photos + 1

        settled = await app.say(chat, p["vera"], "/settle")
        assert "Пулька расписана" in settled
        assert "Anna: -36⅔ вист. = -18.33 RUB" in settled
        # Beside each result its share (258⅓ at 0.5 is 129.17); each share is a third
        # of a cent from its rounding, and the extra cent comes from the winner, not
        # from the last seat (scoring.split_money): said under the payments.
        assert "Boris: +258⅓ вист. = +129.17 RUB" in settled
        assert "Vera: -221⅔ вист. = -110.83 RUB" in settled
        assert "Vera → Boris: 110.83 RUB" in settled
        assert "Anna → Boris: 18.33 RUB" in settled
        assert (
            "Округление: Boris +129.16 вместо +129.17 RUB — чтобы платежи сошлись в ноль."
            in settled
        )
        assert "архив" in settled
        assert "Здесь нет идущей пульки" in await app.say(chat, p["anna"], "/score")
        assert "Новая пулька" in await app.say(chat, p["anna"], "/newpulka")
    assert await app.count("deal") == 18
    assert await app.count("end") == 1
    assert tg.my_commands(), "the command list is registered at start"


EVENING_4 = [
    "/deal Boris 6s 6 Vera whist 3 Gleb pass 1",
    "/deal Vera 7h 7 Anna whist 2 Gleb pass 1",
    "/deal raspasy Anna 3 Boris 2 Gleb 5",
    "/deal Anna misere 0",
    "/deal Boris 6d 5 Vera whist 3 Gleb whist 2",
    "/deal gleb 6c 6 anna pass 2 vera whist 2",
    "/deal Anna 7nt 7 Boris whist 2 Gleb pass 1",
    "/deal Boris misere 1",
    "/deal raspasy Boris 0 Vera 4 Gleb 6",
    "/deal Vera 8s 8 Anna whist 1 Gleb pass 1",
    "/deal 4 7d 7 1 pass 1 2 whist 2",
    "/deal Anna 6h 6 Boris whist 3 Vera pass 1",
    "/deal Boris 7s 7 Vera pass 1 Gleb whist 2",
    "/deal Vera 6c 6 Gleb whist 2 Anna pass 2",
    "/deal Gleb 6h 6 Anna whist 2 Boris whist 2",
    "/deal Anna 6s 6 Boris pass 2 Vera whist 2",
    "/deal Boris 6nt 6 Vera whist 3 Gleb pass 1",
    "/deal Vera 7d 7 Anna whist 3 Gleb pass 0",
]


async def test_evening_of_four_in_english(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "sochi 12 0.5 EUR")
        assert "Gleb садится за стол, место 4" in await app.say(chat, p["anna"], "/join Gleb")
        assert "Язык чата: русский" in await app.say(chat, p["anna"], "/lang ru")
        assert "English" in await app.say(chat, p["boris"], "/lang en")
        typists = ["anna", "boris", "vera"]
        answers = []
        for i, text in enumerate(EVENING_4):
            answers.append(await app.say(chat, p[typists[i % 3]], text))
            if i == 0:  # whose deal is next: on the scoreboard, not in the answer
                board = await app.board(chat)
                assert "Anna deals next" not in board and "Boris deals next." in board
        assert "deals next" not in answers[0]
        assert "Anna misère / clean" in answers[3]
        assert "Boris 6♦ / down 1" in answers[4]
        assert "Gleb 7♦ / made — Anna pass 1, Boris whist 2" in answers[10]
        assert "The pulka is closed!" in answers[-1]
        assert "no. 17" not in answers[-1]
        players = await app.say(chat, p["gleb"], "/players")
        assert "4. Gleb (guest)" in players
        settled = await app.say(chat, p["anna"], "/settle")
        assert "Anna: +116.5 whists = +58.25 EUR" in settled
        assert "Boris: -105.5 whists = -52.75 EUR" in settled
        assert "Vera: +68.5 whists = +34.25 EUR" in settled
        assert "Gleb: -79.5 whists = -39.75 EUR" in settled
        assert "Boris → Anna: 52.75 EUR" in settled
        assert "Gleb → Anna: 5.50 EUR" in settled
        assert "Gleb → Vera: 34.25 EUR" in settled
    assert await app.count("deal") == 18


async def test_undo_with_confirmation(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "")
        await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        await app.say(chat, p["boris"], "/deal Boris 7h 8 Anna whist 1 Vera pass 1")
        ask = await app.reply_msg(chat, p["vera"], "/undo")
        assert "Отменить последнюю сдачу №2: Boris 7♥ / +1?" in ask["text"]
        yes = ask["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        assert yes.startswith("v1u:")

        q = tg.press_button(chat, p["stranger"], ask, yes)
        await tg.wait_for(lambda: tg.callback_answer(q["id"]))
        assert "только игроки" in tg.callback_answer(q["id"])["text"]
        assert await app.count("undo") == 0

        q = tg.press_button(chat, p["anna"], ask, yes)
        done = await tg.wait_for(
            lambda: (m := tg.message(chat, ask["message_id"])) and "edit_date" in m and m
        )
        assert "Сдача №2 отменена (Boris 7♥ / +1)" in done["text"]
        assert "reply_markup" not in done
        # The same (now removed) button pressed again writes nothing more.
        q = tg.press_button(chat, p["anna"], ask, yes, strict=False)
        await tg.wait_for(lambda: tg.callback_answer(q["id"]))
        assert await app.count("undo") == 1

        history = await app.say(chat, p["anna"], "/history")
        # The undone deal keeps its number, shown gone in its place.
        assert "1. Anna 6♠ / ровно" in history and "\n2. — отменена (/undo)" in history
        assert "Boris 7♥" not in history

        # A confirmation gone stale: another deal was written after it.
        ask = await app.reply_msg(chat, p["vera"], "/undo")
        await app.say(chat, p["boris"], "/deal Boris 6h 6 Anna whist 3 Vera pass 1")
        yes = ask["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        q = tg.press_button(chat, p["vera"], ask, yes)
        await tg.wait_for(lambda: tg.callback_answer(q["id"]))
        assert "устарела" in tg.callback_answer(q["id"])["text"]
        assert await app.count("undo") == 1
        # A forged payload is refused as out of date too.
        q = tg.press_button(chat, p["vera"], ask, "v1u:999:1:1", strict=False)
        await tg.wait_for(lambda: tg.callback_answer(q["id"]))
        assert "устарела" in tg.callback_answer(q["id"])["text"]
        q = tg.press_button(chat, p["vera"], ask, "garbage\x00", strict=False)
        await tg.wait_for(lambda: tg.callback_answer(q["id"]))
        assert "устарела" in tg.callback_answer(q["id"])["text"]
    assert await app.count("deal") == 3


async def test_stranger_refused_admin_allowed(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "")
        deal = "/deal Anna 6s 6 Boris whist 3 Vera pass 1"
        assert "только игроки" in await app.say(chat, p["stranger"], deal)
        assert "только игроки" in await app.say(chat, p["stranger"], "/undo")
        assert "только игроки" in await app.say(chat, p["stranger"], "/settle")
        assert await app.count("deal") == 0
        assert "Сдача №1" in await app.say(chat, p["admin"], deal)
        assert "Рассадка закрыта" in await app.say(chat, p["stranger"], "/join")
        assert "Правила этой пульки" in await app.say(chat, p["stranger"], "/rules")
    assert await app.count("deal") == 1


MALFORMED = [
    ("/deal Anna", "не дописана"),
    ("/deal Petya 6s 6 Boris whist 3 Vera pass 1", "Не знаю игрока «Petya»"),
    ("/deal Anna 6x 6 Boris whist 3 Vera pass 1", "Не понимаю контракт «6x»"),
    ("/deal Anna 6s", "Не указано число взяток: Anna — сколько?"),
    ("/deal Anna 6s 11 Boris whist 3 Vera pass 1", "«11» — не число взяток"),
    ("/deal Anna 6s 6 Boris whist 3", "Взятки в сумме 9"),
    ("/deal Anna 6s 6 Boris maybe 3 Vera pass 1", "Boris: «maybe» — нужно вист, пас"),
    ("/deal Anna 6s 6 Boris whist 3 Boris pass 1", "Имя Boris названо дважды"),
    ("/deal Anna 6s 6 Anna whist 3 Vera pass 1", "Anna разыгрывает"),
    ("/deal Anna 6s 6 Boris whist 3 Vera pass 2", "Взятки в сумме 11"),
    ("/deal raspasy Anna 5 Boris 5", "нужны взятки всех троих"),
    ("/deal raspasy Anna 5 Boris", "пары: игрок и его взятки"),
    ("/deal Boris misere 0 1", "только взятки мизерящего"),
    ("/deal Anna 6s 5 Boris pass 4 Vera pass 1", "Сдача не записана: никто не вистовал"),
    ("/deal <b>x</b> 6s", "Не знаю игрока «&lt;b&gt;x&lt;/b&gt;»"),
]


async def test_malformed_answered_and_nothing_written(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "")
        for text, expected in MALFORMED:
            sent = tg.send_message(chat, p["anna"], text)
            reply = await tg.wait_for_message(chat, after=sent["message_id"])
            shown = reply["text"]
            want = expected.replace("&lt;", "<").replace("&gt;", ">")
            assert want in shown, (text, shown)
            assert "Ничего не записано" in shown or "Сдача не записана" in shown, text
            assert shown.count("не записан") == 1, shown  # said once
            assert len(tg.sent_messages(chat)) == len(
                [m for m in tg.sent_messages(chat) if m["message_id"] <= reply["message_id"]]
            )
        assert "Не знаю вариант «chess»" in await app.say(chat, p["anna"], "/newpulka chess")
        assert "Пулька уже идёт" in await app.say(chat, p["anna"], "/newpulka")
    assert await app.count("deal") == 0


async def test_private_chat_explains(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = tg.private_chat(p["anna"])
    async with app.polling():
        assert "групповом чате" in await app.say(chat, p["anna"], "/start")
        assert "/deal Anna 7h 7 Boris whist 2 Vera pass 1" in await app.say(
            chat, p["anna"], "/help сдачи"
        )
        assert "/help" in await app.say(chat, p["anna"], "/deal Anna 6s 6")


async def test_export_import_roundtrip(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    other = group(tg, p, "Second table")
    async with app.polling():
        await seat_three(app, chat, p, "leningrad 50 1 EUR")
        await app.say(chat, p["anna"], "/deal Anna 7s 7 Boris whist 2 Vera pass 1")
        await app.say(chat, p["anna"], "/deal raspasy Anna 3 Boris 2 Vera 5")
        sent = tg.send_message(chat, p["anna"], "/export")
        await tg.wait_for_message(chat, lambda m: "document" in m, after=sent["message_id"])
        data = tg.documents[-1].data.decode()
        assert '"format": "pulka/1"' in data and '"variant": "leningrad"' in data
        # Another group starts from the record: a reply to the file with /import.
        doc = tg.send_message(other, p["boris"], "", document=("pulka.json", data.encode()))
        got = await app.reply_msg(other, p["boris"], "/import")
        assert "Ответьте командой /import" in got["text"]
        reply = tg.send_message(other, p["boris"], "/import", reply_to=doc)
        got = await tg.wait_for_message(other, after=reply["message_id"])
        assert "Пулька загружена: 2 сдачи" in got["text"]
        await app.idle()  # its board, and the note that it could not be pinned
        score = await app.say(other, p["boris"], "/score text")
        assert "Anna: пуля 4" in score
        # A broken record is answered with where it is wrong.
        third = group(tg, p, "Third")
        bad = await app.say(
            third,
            p["anna"],
            '/import {"format": "pulka/1", "players": '
            '["A", "B", "C"], "deals": [{"type": "raspasy", '
            '"tricks": {"A": 5, "B": 5, "C": 1}}]}',
        )
        assert "deals[0].tricks: взятки в сумме 11, а в сдаче их 10" in bad
        assert "Запись не прочитана" in await app.say(third, p["anna"], "/import {nope")
        assert "Пулька уже идёт" in await app.say(chat, p["anna"], "/import " + data)


async def test_group_migration_keeps_the_pulka(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "")
        await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
    # While the bot is not polling, a deal is typed and the group is upgraded: the
    # bot answers the old chat id, gets "migrated", and follows the pulka.
    tg.send_message(chat, p["boris"], "/deal Boris 7h 7 Anna whist 2 Vera pass 1")
    new = tg.migrate_group(chat)
    async with app.polling():
        await tg.wait_for_message(new, lambda m: "Сдача №2" in m.get("text", ""))
        await app.idle()  # the new board (and the note that it cannot be pinned) too
        score = await app.say(new, p["vera"], "/score text")
        assert "Boris: пуля 4" in score
        assert "Сдача №3" in await app.say(new, p["vera"], "/deal raspasy Anna 3 Boris 2 Vera 5")
    assert any(c.error and "upgraded" in c.error for c in tg.calls_to("sendMessage"))
    assert await app.count("deal") == 3


async def test_flood_wait_and_bot_readded(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "")
        tg.flood("sendMessage", times=1, retry_after=1)
        answer = await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        assert "Сдача №1" in answer
        tg.bot_removed(chat)
        tg.bot_added(chat)
        await app.idle()  # added again, the bot says hello (tests/test_seating.py)
        assert "/newpulka" in tg.sent_messages(chat)[-1]["text"]
        assert "Anna: пуля 2" in await app.say(chat, p["vera"], "/score text")
    assert await app.count("deal") == 1


async def test_correction_written_undone_and_after_the_end(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "sochi 4")
        await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        before = await app.say(chat, p["anna"], "/score text")
        assert "Anna: пуля 2, гора 0, висты: Boris 0, Vera 0" in before

        # Only players and admins; a malformed one gets the form and writes nothing.
        assert "только игроки" in await app.say(chat, p["stranger"], "/correct Anna гора -2")
        bad = await app.say(chat, p["anna"], "/correct Anna гора два")
        assert "«два» — не число" in bad and "Форма: /correct" in bad
        assert "Ничего не записано" in bad
        assert await app.count("deal") == 1

        text = "/correct anna гора 2 пуля -1 висты Boris 3.5 — забыли про ремиз"
        answer = await app.say(chat, p["boris"], text)
        assert "Запись №2: Anna поправка: забыли про ремиз" in answer  # no deal played
        assert "Anna: пуля -1" in answer and "Anna: гора +2" in answer
        assert "Anna → Boris: висты +3.5" in answer
        assert "Следующим раздаёт Boris." in await app.board(chat)  # a correction deals no cards
        history = await app.say(chat, p["vera"], "/history")
        assert "2. Anna поправка: забыли про ремиз · Boris" in history
        score = await app.say(chat, p["anna"], "/score text")
        assert "Anna: пуля 1, гора 2, висты: Boris 3.5, Vera 0" in score
        board = tg.messages(chat)[1]  # /newpulka's answer became the scoreboard
        assert "Последняя запись №2: Anna поправка: забыли про ремиз" in board["text"]
        assert "Anna: пуля 1, гора 2" in board["text"]
        assert await app.count("deal") == 2

        # Undone like any deal.
        ask = await app.reply_msg(chat, p["vera"], "/undo")
        assert "Отменить последнюю запись №2: Anna поправка: забыли про ремиз?" in ask["text"]
        yes = ask["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        tg.press_button(chat, p["vera"], ask, yes)
        done = await tg.wait_for(
            lambda: (m := tg.message(chat, ask["message_id"])) and "edit_date" in m and m
        )
        assert "Запись №2 отменена (Anna поправка: забыли про ремиз)" in done["text"]
        assert await app.count("undo") == 1
        score = await app.say(chat, p["anna"], "/score text")
        assert "Anna: пуля 2, гора 0, висты: Boris 0, Vera 0" in score
        assert "поправка" not in await app.say(chat, p["vera"], "/history")

        # Written after the pulka is over, when deals are not.
        await app.say(chat, p["boris"], "/deal Boris 7s 7 Anna pass 1 Vera pass 2")
        await app.say(chat, p["vera"], "/deal Vera 7s 7 Anna pass 1 Boris pass 2")
        last = await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris pass 2 Vera pass 2")
        assert "Пулька закрыта!" in last
        late = await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris pass 2 Vera pass 2")
        assert late == (
            "Сдача не записана: пулька уже закрыта; распишите её (/settle) или внесите "
            "поправку (/correct)."
        )
        fixed = await app.say(chat, p["vera"], "/fix Vera mountain -1.5: scored twice")
        assert "Vera поправка: scored twice" in fixed and "Vera: гора -1.5" in fixed
        assert "Пулька закрыта!" in fixed
        history = await app.say(chat, p["vera"], "/history")
        assert "Vera поправка: scored twice · Vera" in history
    assert await app.count("deal") == 6
