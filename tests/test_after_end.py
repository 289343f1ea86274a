"""After the end, and deal numbers that stay put: ``/export`` of the last finished
pulka, ``/whatif``'s changes one a line by their names, and a deal's number kept for
good after a deletion or an undo (the board, /history, /edit N, a reply agree).

End to end through the real Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from decimal import Decimal
from typing import Any

from harness import App
from test_ending import SETTLE, TO_TWO, Evening
from test_whatif import RASPASY

from bot.features.whatif.grammar import WHATIF_KEYS
from bot.features.whatif.view import _change, changes_text
from bot.views.texts import Texts
from scoring import Rules
from scoring.rules import CONVENTION


def _record(e: Evening) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(e.tg.documents[-1].data)
    return data


async def test_export_after_settling_sends_the_last_finished_pulkas_record(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    async with app.polling():
        assert "ни идущей, ни законченной" in await e.say("anna", "/export")
        assert not e.tg.documents
        await e.start("sochi 2 1")
        for who, text in TO_TWO[:2]:
            await e.say(who, text)
        await e.say("anna", "/export")  # running: its record
        two = _record(e)
        assert len(two["deals"]) == 2
        await e.say(*TO_TWO[2])  # everyone at 2: over; settled by the board's button
        assert (await e.ui.tap(e.p["vera"], await e.board(), SETTLE))["text"] == "Готово"
        table = await app.keeper.get(1)
        assert table is not None and table.settled and not table.active
        # No pulka runs: /export is the last finished one's record, as its button's.
        await e.say("boris", "/export")
        assert e.tg.documents[-1].filename == "pulka-1.json"
        record = _record(e)
        assert record["players"] == ["Anna", "Boris", "Vera"]
        assert record["deals"][:2] == two["deals"] and len(record["deals"]) == 3
        # By its number in /pulkas, the same file.
        await e.say("vera", "/export 1")
        assert _record(e) == record
        await e.say("vera", "/export №1")
        assert _record(e) == record
        documents = len(e.tg.documents)
        assert "Пульки №2 в архиве нет" in await e.say("vera", "/export 2")
        assert "/export N" in await e.say("vera", "/export всё")
        assert len(e.tg.documents) == documents
        # A new pulka runs: /export is its record; /export 1 still the settled one.
        await e.start("sochi 2 1")
        await e.say(*TO_TWO[0])
        await e.say("anna", "/export")
        assert e.tg.documents[-1].filename == "pulka-2.json" and len(_record(e)["deals"]) == 1
        await e.say("anna", "/export 1")
        assert _record(e) == record
        # In English too.
        await e.say("anna", "/lang en")
        assert "There is no pulka #7" in await e.say("anna", "/export 7")
        assert "/export N" in await e.say("anna", "/export x")


async def _settled_with_raspasy(e: Evening) -> None:
    """Sochi to 2, a raspasy first, settled (the what-if tests' evening)."""
    await e.start("sochi 2 1")
    assert "Сдача №1" in await e.say(*RASPASY)
    await e.settled_evening()


def _differing(before: Rules, after: Rules) -> int:
    """How many conventions /whatif may change differ (and the variant), by hand."""
    keys = [n for n in CONVENTION if n not in {"stake", "currency"}]
    return int(before.variant != after.variant) + sum(
        getattr(before, k) != getattr(after, k) for k in keys
    )


async def test_whatif_names_every_change_on_its_own_line_and_says_when_nothing_changes(
    app: App, people: dict[str, Any]
) -> None:
    sochi = Rules.for_variant("sochi", target=2, stake=Decimal(1))
    leningrad = Rules.for_variant("leningrad", target=2, stake=Decimal(1))
    changed = _differing(sochi, leningrad)
    assert changed > 5 and sochi.raspasy_cycle != leningrad.raspasy_cycle
    e = Evening(app, people)
    async with app.polling():
        await _settled_with_raspasy(e)
        events = await app.count()
        for lang, words in WHATIF_WORDS.items():
            if lang != "ru":
                await e.say("anna", f"/lang {lang}")
            said = (await e.say("boris", "/whatif ленинград")).splitlines()
            assert said[0] == words["title"], said
            shown = said[1 : 1 + changed]
            assert shown[0] == words["variant"]
            assert words["cycle"] in shown and words["exit"] in shown
            # Every change by its name: no internal key, one short line each.
            assert all(re.search(r"[a-z]+_[a-z]+", line) is None for line in shown), shown
            assert all(len(line) < 120 for line in shown), shown
            assert "→" not in said[1 + changed]  # then the refused deal, not a change
            # A change of rules that moves no whist says so.
            said = (await e.say("vera", "/whatif greedy")).splitlines()
            assert said == [words["title"], words["greedy"], words["nothing"]], said
        assert await app.count() == events  # nothing written


#: What /whatif says, in each language, on the evening above.
WHATIF_WORDS = {
    "ru": {
        "title": "Что если — пулька №1:",
        "variant": "Вариант: сочинка → ленинградка",
        "cycle": "Распасы по кругу: нет → да",
        "exit": "Выход с распасов: от 6 → от 7",
        "greedy": "Висты: джентльменские → жлобские",
        "nothing": "Итоги те же: по этим правилам висты и деньги у всех остаются прежними.",
    },
    "uk": {
        "title": "Що як — пулька №1:",
        "variant": "Варіант: сочинка → ленінградка",
        "cycle": "Розпаси по колу: ні → так",
        "exit": "Вихід з розпасів: від 6 → від 7",
        "greedy": "Вісти: джентльменські → жлобські",
        "nothing": "Підсумки ті самі: за цими правилами вісти й гроші в усіх лишаються такими ж.",
    },
    "en": {
        "title": "What if — pulka #1:",
        "variant": "Variant: Sochi → Leningrad",
        "cycle": "All-pass in a cycle: no → yes",
        "exit": "All-pass exit: from 6 → from 7",
        "greedy": "Whist split: gentleman's → greedy",
        "nothing": (
            "The results are the same: under these rules everyone's whists and money "
            "stay as they are."
        ),
    },
}


def test_every_convention_whatif_changes_has_a_name_in_every_language() -> None:
    for lang in ("ru", "uk", "en"):
        tx = Texts(lang)
        for key in WHATIF_KEYS:
            line = _change(tx, key, "x", "y")
            # The old value, then the new, each in the setting's own words.
            assert re.search(r"x.* → .*y", line), (lang, key, line)
            # Not the fallback that shows the internal key.
            assert line != tx("whatif_change", key=key, old="x", new="y"), (lang, key)
        # A flag flipped: one line, its name and "no → yes".
        before = Rules()
        line = changes_text(tx, before, replace(before, raspasy_cycle=True))
        assert line == tx("whatif_set_raspasy_cycle", value=f"{tx('no')} → {tx('yes')}")


#: A deal by each in turn, made: fourteen of them keep a Sochi pulka to 20 going.
_TURNS = (
    ("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1"),
    ("boris", "/deal Boris 6c 6 Vera whist 3 Anna pass 1"),
    ("vera", "/deal Vera 6d 6 Anna whist 3 Boris pass 1"),
)


async def test_a_deal_keeps_its_number_after_a_deletion_and_an_undo(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    async with app.polling():
        await e.start("sochi 20 1")
        answers = []
        for n in range(1, 15):
            who, text = _TURNS[(n - 1) % 3]
            reply = await app.reply_msg(e.chat, e.p[who], text)
            assert reply["text"].startswith(f"Сдача №{n}:"), reply["text"]
            answers.append(int(reply["message_id"]))
        # Deal 3 deleted (by its number).
        prompt = await app.reply_msg(e.chat, e.p["vera"], "/delete 3")
        assert "Удалить сдачу №3: Vera 6♦ / ровно?" in prompt["text"], prompt["text"]
        assert (await e.ui.tap(e.p["vera"], prompt["message_id"], "🗑 Да, удалить"))[
            "text"
        ] == "Сдача №3 удалена"
        await app.idle()
        # The board still names the last deal by the number its message shows.
        board = e.ui.text(await e.board())
        assert "Последняя сдача №14: Boris 6♣ / ровно" in board, board
        assert "Сдача №14: Boris 6♣" in e.ui.text(answers[13])
        # /history: deal 3 deleted in its place, the later ones under their numbers.
        history = await app.reply_msg(e.chat, e.p["stranger"], "/history")
        text = history["text"]
        assert "\n2. Boris 6♣ / ровно" in text and "\n3. — удалена\n4. Anna 6♠ / ровно" in text
        assert "\n14. Boris 6♣ / ровно" in text and "\n13. Anna 6♠ / ровно" in text
        assert "Vera: сдача №3 Vera 6♦ / ровно удалена" in text
        assert e.ui.labels(history["message_id"])[-2:] == ["✏️ 13", "✏️ 14"]
        assert "✏️ 3" not in e.ui.labels(history["message_id"])
        # /edit 14, a reply to deal 14's message and "✏️ 14" all open deal 14.
        head = "Изменение сдачи №14, сейчас: Boris 6♣ / ровно"
        assert head in await e.say("boris", "/edit 14")
        sent = e.tg.send_message(e.chat, e.p["anna"], "/edit", reply_to=answers[13])
        by_reply = await e.tg.wait_for_message(e.chat, after=sent["message_id"])
        await app.idle()
        assert head in by_reply["text"], by_reply["text"]
        opened = await e.ui.tap_new(e.p["anna"], history["message_id"], "✏️ 14")
        assert head in e.ui.text(opened)
        # ... and a deal before the gone one is still itself.
        assert "Изменение сдачи №2, сейчас: Boris 6♣" in await e.say("anna", "/edit 2")
        assert "Сдача №3 удалена — её уже не изменить" in await e.say("anna", "/edit 3")
        assert "нет (последняя — №14)" in await e.say("anna", "/edit 15")
        # A typed change of deal 13 is answered under its number.
        said = await e.say("anna", "/edit 13 Anna 6s 7 Boris whist 3 Vera pass 0")
        assert "Сдача №13 изменена" in said, said

        # Undo of the last deal: it keeps its number too; the next deal is the next one.
        wrong = await app.reply_msg(e.chat, e.p["vera"], _TURNS[2][1])
        assert wrong["text"].startswith("Сдача №15:"), wrong["text"]
        prompt = await app.reply_msg(e.chat, e.p["boris"], "/undo")
        assert "Отменить последнюю сдачу №15" in prompt["text"], prompt["text"]
        await e.ui.tap(e.p["boris"], prompt["message_id"], "Да, отменить")
        await app.idle()
        assert "Сдача №15 отменена" in e.ui.text(prompt["message_id"])
        assert "Последняя сдача №14: Boris 6♣ / ровно" in e.ui.text(await e.board())
        assert "Сдача №16" in await e.say("boris", "/deal")  # the wizard's title
        said = await e.say(*_TURNS[2])
        assert said.startswith("Сдача №16:"), said
        assert "Последняя сдача №16: Vera 6♦ / ровно" in e.ui.text(await e.board())
        text = await e.say("stranger", "/history")
        assert "\n13. Anna 6♠ / +1" in text and "\n15. — отменена (/undo)\n16. Vera 6♦" in text
        sent = e.tg.send_message(e.chat, e.p["anna"], "/edit", reply_to=wrong["message_id"])
        gone = await e.tg.wait_for_message(e.chat, after=sent["message_id"])
        await app.idle()
        assert "больше нет" in gone["text"], gone["text"]  # the undone deal's message
        assert "Сдача №15 отменена (/undo)" in await e.say(
            "anna", "/edit 15"
        )  # undone, not deleted
        # The CSV record numbers the deals the same way.
        await e.say("anna", "/export csv")
        rows = e.tg.documents[-1].data.decode("utf-8-sig").splitlines()[1:]
        assert [r.split(";")[0] for r in rows] == [str(n) for n in range(1, 17) if n not in (3, 15)]


async def test_an_ended_board_and_the_texts_after_it_say_what_is_so(
    app: App, people: dict[str, Any]
) -> None:
    """Once settled, the board has no "if we stopped now" nor a next dealer; /debts
    says "пулька №1" for one pulka."""
    e = Evening(app, people)
    async with app.polling():
        await e.start("sochi 2 1")
        for who, text in TO_TWO[:2]:
            await e.say(who, text)
        running = await app.board(e.chat)
        assert "Если закончить сейчас" in running and "Следующим раздаёт" in running
        await e.say(*TO_TWO[2])
        assert (await e.ui.tap(e.p["vera"], await e.board(), SETTLE))["text"] == "Готово"
        settled = await app.board(e.chat)
        assert "Пулька расписана" in settled
        assert "Если закончить сейчас" not in settled and "раздаёт" not in settled
        debts = await e.say("anna", "/debts")
        assert "(пулька №1)" in debts and "пульки:" not in debts
        # The evening just settled: /history is its protocol, not "no pulka here".
        history = await e.say("boris", "/history")
        assert "Здесь нет идущей пульки" not in history
        assert all(f"\n{n}." in "\n" + history for n in (1, 2, 3)), history


def test_a_changed_setting_writes_each_value_in_its_own_words() -> None:
    ru, en = Texts("ru"), Texts("en")
    assert _change(ru, "pulka_ratio", "1", "2") == "Недобор пули в гору: ×1 → ×2"
    assert _change(ru, "raspasy_exit", "6", "7") == "Выход с распасов: от 6 → от 7"
    assert changes_text(en, Rules(), replace(Rules(), pulka_ratio=2)).count("×") == 2


def test_one_whist_is_singular_in_english() -> None:
    from bot.views.settlement import money_lines
    from scoring import Sheet, settle

    sheet = Sheet(("A", "B", "C"), (20, 20, 20), (0, 0, 0), (0, 1, 0, 0, 0, 0, 0, 0, 0))
    rules = Rules(stake=Decimal("1"))
    lines = money_lines(Texts("en"), rules, settle(sheet, rules))
    assert any(re.search(r": [+-]?[\d⅓⅔]+ whists = ", line) for line in lines), lines
    singular = [line for line in lines if re.search(r": [+-]1 whist = ", line)]
    assert all(" whists = " not in line for line in singular)
