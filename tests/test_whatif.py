"""What-if: ``/cost`` on the theory's worked costs, ``/whatif`` on a settled
pulka under one changed convention (nothing written), ``/export csv`` rows.

End to end through the real Dispatcher against the fake Bot API server.  The expected
figures are worked out here through :mod:`scoring` directly (or are the rules texts'
own), never through the module under test.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any

from harness import App, group
from hypothesis import given, settings
from hypothesis import strategies as st
from test_ending import Evening

from bot.features.whatif.grammar import changed_rules, parse_cost, parse_whatif
from bot.features.whatif.view import (
    changes_text,
    cost_error_text,
    cost_refused_text,
    cost_text,
    whatif_error_text,
)
from bot.features.whatif.worth import deal_worth
from bot.model import ParseError
from bot.views.texts import Texts
from scoring import (
    Game,
    PulkaState,
    Raspasy,
    Rules,
    ScoringError,
    figure,
    money_text,
    play,
    settle_state,
    standings,
    whists_text,
)
from scoring.engine import final_state

NAMES = ("Anna", "Boris", "Vera")
#: The evening's deals as the engine takes them: raspasy, then TO_TWO's three games.
DEALS = [
    Raspasy.of({"Anna": 3, "Boris": 2, "Vera": 5}),
    Game.of("Anna", "6S", {"Boris": "whist", "Vera": "pass"}, {"Anna": 7, "Boris": 3, "Vera": 0}),
    Game.of("Boris", "6S", {"Vera": "whist", "Anna": "pass"}, {"Boris": 6, "Vera": 3, "Anna": 1}),
    Game.of("Vera", "6S", {"Anna": "whist", "Boris": "pass"}, {"Vera": 6, "Anna": 3, "Boris": 1}),
]
RASPASY = ("anna", "/deal raspasy Anna 3 Boris 2 Vera 5")


def lines(text: str) -> list[str]:
    return text.splitlines()


async def test_cost_of_the_theorys_worked_deals(app: App, people: dict[str, Any]) -> None:
    chat = group(app.tg, people)
    async with app.polling():
        events = await app.count()
        # Text 001, example 4: Sochi with four, a six down one, both whist and take 2
        # and 3, the dealer sits out: the declarer loses 31 whists.
        said = await app.say(chat, people["anna"], "/cost 6♠ без одной вист вист 2 3 вчетвером")
        assert "6♠ / без одной" in said
        assert "Разыгрывающий: 5; Вистующий 1: вист, 2; Вистующий 2: вист, 3" in said
        assert "правила по умолчанию: сочинка, вчетвером" in said
        assert "Разыгрывающий: -31 вист. = -31.00 RUB" in lines(said)
        assert "Вистующий 1: +11 вист. = +11.00 RUB" in lines(said)
        assert "Вистующий 2: +13 вист. = +13.00 RUB" in lines(said)
        assert "Сдающий (на прикупе): +7 вист. = +7.00 RUB" in lines(said)
        # The same with a bare 4 for the table and English words.
        said = await app.say(chat, people["anna"], "/cost 6s down 1 whist whist 2 3 4")
        assert "Разыгрывающий: -31 вист. = -31.00 RUB" in lines(said)
        # Text 001, three players, Sochi: a seven made with one whister (+14 2/3,
        # -1 1/3, -13 1/3) and a six made (+5 1/3).
        said = await app.say(chat, people["boris"], "/cost 7ч ровно вист")
        assert "Разыгрывающий: 7; Вистующий: вист, 3; Пасующий: пас, 0" in said
        # Thirds written as the text writes them, and each price is its whists times the
        # stake: nothing has to add up to zero, so no cent moves.
        assert "Разыгрывающий: +14⅔ вист. = +14.67 RUB" in lines(said)
        assert "Вистующий: -1⅓ вист. = -1.33 RUB" in lines(said)
        assert "Пасующий: -13⅓ вист. = -13.33 RUB" in lines(said)
        said = await app.say(chat, people["boris"], "/cost 6п ровно вист втроём")
        assert "Разыгрывающий: +5⅓ вист. = +5.33 RUB" in lines(said)
        # ... and a six down one (-27 1/3).
        said = await app.say(chat, people["boris"], "/cost 6♠ без одной вист")
        assert "Разыгрывающий: -27⅓ вист. = -27.33 RUB" in lines(said)
        # "/cost 7♥ whist 2": the whister took 2, so the declarer 8 (one over); shown.
        said = await app.say(chat, people["vera"], "/cost 7♥ whist 2")
        assert "7♥ / +1 — Разыгрывающий: 8; Вистующий: вист, 2; Пасующий: пас, 0" in said
        expected = [
            whists_text(x, signed=True)
            for x in _cost(("D", "W", "P"), "7H", {"W": "whist", "P": "pass"}, (8, 2, 0))
        ]
        assert f"Разыгрывающий: {expected[0]} вист." in said
        assert f"Вистующий: {expected[1]} вист." in said
        assert await app.count() == events  # nothing written

        # Leningrad (the running pulka's rules): -62.
        assert "Новая пулька" in await app.say(chat, people["anna"], "/newpulka leningrad")
        said = await app.say(chat, people["anna"], "/cost 6♠ без одной вист вист 2 3 вчетвером")
        assert "Правила идущей пульки: ленинградка, вчетвером" in said
        assert "Разыгрывающий: -62 вист. = -62.00 RUB" in lines(said)


def _cost(
    names: tuple[str, str, str], contract: str, defence: dict[str, str], tricks: tuple[int, ...]
) -> list[Any]:
    """A deal's cost worked out by the engine directly: standings after it (from zero)."""
    state = PulkaState.new(names, Rules())
    game = Game.of(names[0], contract, defence, dict(zip(names, tricks, strict=True)))
    return list(standings(play(state, game).state))


async def test_cost_in_a_private_chat_under_sochi_s_defaults(app: App) -> None:
    user = app.tg.create_user("Olga", language_code="en")
    chat = app.tg.private_chat(user)
    async with app.polling():
        said = await app.say(chat, user, "/cost 6s down 1 whist whist 2 3 4")
    # The theory's example 4 again, in English and in the English chat's currency.
    assert "Declarer: -31 whists = -31.00 EUR" in lines(said), said
    assert await app.count() == 0


async def test_cost_bad_input_says_what_and_how(app: App, people: dict[str, Any]) -> None:
    chat = group(app.tg, people)
    async with app.polling():
        events = await app.count()
        for text, what in [
            ("/cost", "Какую сдачу оценить?"),
            ("/cost 11ч вист", "«11ч» — не контракт"),
            ("/cost 7ч вист вист", "Вистуют оба: напишите взятки"),
            ("/cost 7ч вист вист 5 6", "Взяток получается 11"),
            ("/cost 7ч ровно вист пас вист", "«вист» — лишнее"),
            ("/cost 7ч ровно вист хм", "«хм» здесь не понять"),
        ]:
            said = await app.say(chat, people["anna"], text)
            assert what in said, (text, said)
            assert "Как писать: /cost контракт" in said and "Например: /cost 6♠" in said
        # A deal the engine refuses (half-whist on an eight), with what was understood.
        said = await app.say(chat, people["anna"], "/cost 8ч пас полвиста")
        assert said.startswith("Такую сдачу не сыграть:")
        assert "8♥ / полвиста" in said and "Как писать" in said
        assert await app.count() == events


async def test_a_deal_typed_to_whatif_is_pointed_to_cost(app: App, people: dict[str, Any]) -> None:
    chat = group(app.tg, people)
    async with app.polling():
        said = await app.say(chat, people["anna"], "/whatif Anna 6s 6 Boris whist 3 Vera pass 1")
        assert said == (
            "/whatif пересчитывает законченную пульку по другим правилам: /whatif greedy, "
            "/whatif 2 leningrad. Цену одной сдачи покажет /cost: /cost 6♠ 6 вист 3 пас 1. "
            "Ничего не записано."
        )
        # The example it gives is one /cost reads.
        assert "Цена сдачи: 6♠ / ровно" in await app.say(
            chat, people["anna"], "/cost 6♠ 6 вист 3 пас 1"
        )
        # A deal in its other forms too: a suit in words, a misère, raspasy.
        for deal in ("Anna 7 hearts +1 Boris whists", "Boris мизер 2", "распасы 3 2 5"):
            assert "Цену одной сдачи покажет /cost" in await app.say(
                chat, people["anna"], f"/whatif {deal}"
            ), deal
        # A rule's value still goes to /whatif (no finished pulka here yet), even one a
        # deal says too.
        assert "Законченных пулек" in await app.say(chat, people["anna"], "/whatif greedy")
        assert "Законченных пулек" in await app.say(chat, people["anna"], "/whatif half")
        assert await app.count() == 0


async def _evening(app: App, people: dict[str, Any]) -> Evening:
    """Sochi to 2 at 1 a whist: raspasy, then TO_TWO; settled by the board's button."""
    e = Evening(app, people)
    await e.start("sochi 2 1")
    assert "Сдача №1" in await e.say(*RASPASY)
    await e.settled_evening()
    return e


async def test_whatif_rescores_a_settled_pulka_and_writes_nothing(
    app: App, people: dict[str, Any]
) -> None:
    # What the engine says, worked out here: as agreed, and with half liability.
    agreed_rules = Rules.for_variant("sochi", target=2, stake=Decimal(1))
    agreed = settle_state(final_state(NAMES, agreed_rules, DEALS))
    half = settle_state(
        final_state(
            NAMES, Rules.for_variant("sochi", target=2, stake=Decimal(1), liability="half"), DEALS
        )
    )
    assert agreed.results != half.results  # the change matters (Boris short on deal 2)
    e = Evening(app, people)
    async with app.polling():
        assert "пересчитывает законченную" in await e.say("anna", "/whatif greedy")
        await e.start("sochi 2 1")
        assert "Сдача №1" in await e.say(*RASPASY)
        await e.settled_evening()
        events = await app.count()
        said = await e.say("anna", "/whatif liability=half")
        changed = "Ответственность вистующего: полная → половинная"
        assert lines(said)[:2] == ["Что если — пулька №1:", changed]
        for i, who in enumerate(NAMES):
            r0, r1 = agreed.results[i], half.results[i]
            # Each money figure is the whists beside it times the stake (1 RUB): the
            # settlement's moved cent is no part of a what-if.
            line = (
                f"{who}: {whists_text(r0, signed=True)} → {whists_text(r1, signed=True)} вист. "
                f"({whists_text(r1 - r0, signed=True)}); {money_text(r0, signed=True)} → "
                f"{money_text(r1, signed=True)} RUB ({money_text(r1 - r0, signed=True)})"
            )
            assert line in lines(said), (line, said)
        assert "ничего не изменено" in said
        # By archive number, the same; a key already in force changes nothing.
        assert (await e.say("boris", "/whatif 1 liability=half")) == said
        assert "ничего не меняется" in await e.say("boris", "/whatif gentleman")
        # A deal the changed rules refuse: leaving raspasy needs a seven.
        said = await e.say("vera", "/whatif raspasy_exit=7")
        assert "не сыграть сдачу №2 (Anna 6♠ / +1)" in said
        # Unknown key, bad value, missing pulka.
        said = await e.say("vera", "/whatif lazy")
        assert "Не знаю такого правила или значения: «lazy»" in said
        assert "whist_factor" in said and "Например: /whatif greedy" in said
        assert "quota_liable" in await e.say("vera", "/whatif whist=lazy")
        assert "Пульки №7 в архиве нет" in await e.say("vera", "/whatif 7 greedy")
        assert await app.count() == events  # nothing written by any of it


def ru(x: Any) -> str:
    """A figure as a Russian spreadsheet reads it (a decimal comma)."""
    return figure(x).replace(".", ",")


async def test_export_csv_rows_and_the_json_export_untouched(
    app: App, people: dict[str, Any]
) -> None:
    rules = Rules.for_variant("sochi", target=2, stake=Decimal(1))
    steps, state = [], PulkaState.new(NAMES, rules)
    for deal in DEALS:
        step = play(state, deal)
        steps.append(step)
        state = step.state
    e = Evening(app, people)
    async with app.polling():
        assert "Здесь нет ни идущей" in await e.say("anna", "/export csv")
        await e.start("sochi 2 1")
        assert "Сдача №1" in await e.say(*RASPASY)
        # The running pulka: one deal so far.
        assert "CSV, 1 шт." in await e.say("anna", "/export csv")
        # /export alone is still the JSON record (handlers/settle.py).
        await e.say("anna", "/export")
        assert e.tg.documents[-1].filename == "pulka-1.json"
        await e.settled_evening()
        events = await app.count()
        docs = len(e.tg.documents)
        assert "CSV, 4 шт." in await e.say("boris", "/export csv")
        doc = e.tg.documents[-1]
        assert len(e.tg.documents) == docs + 1 and doc.filename.endswith(".csv")
        assert doc.data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM
        # A Russian chat: a Russian spreadsheet's semicolons and decimal commas.
        rows = list(csv.reader(io.StringIO(doc.data.decode("utf-8-sig")), delimiter=";"))
        head, body = rows[0], rows[1:]
        assert head[:6] == ["№", "сдача", "кто играл", "контракт", "итог", "взятки играющего"]
        assert "Anna: пуля" in head and "Boris → Anna: висты" in head
        assert "Vera: итог сейчас" in head and head[-1] == "примечание"
        assert len(body) == 4
        col = {h: i for i, h in enumerate(head)}
        assert body[0][:6] == ["1", "распасы", "", "", "", ""]
        # "+1" is text a spreadsheet would compute: it is quoted.
        assert body[1][:6] == ["2", "игра", "Anna", "6♠", "'+1", "7"]
        assert body[1][col["Boris: вист/пас"]] == "вист" and body[1][col["Vera: вист/пас"]] == "пас"
        for row, step in zip(body, steps, strict=True):
            w = step.writes
            now = standings(step.state)
            for i, p in enumerate(NAMES):
                assert row[col[f"{p}: пуля"]] == ru(w.pulka[i])
                assert row[col[f"{p}: гора"]] == ru(w.mountain[i])
                assert row[col[f"{p}: итог сейчас"]] == ru(now[i])
                for j, q in enumerate(NAMES):
                    if i != j:
                        assert row[col[f"{p} → {q}: висты"]] == ru(w.whists_on(i, j))
        # Deal 2 by hand: Anna 2 to the pulka, Boris 6 whists on her and 2 on his mountain.
        assert body[1][col["Anna: пуля"]] == "2" and body[1][col["Boris → Anna: висты"]] == "6"
        assert body[1][col["Boris: гора"]] == "2"
        # By archive number; one that is not there.
        assert "CSV, 4 шт." in await e.say("boris", "/export csv 1")
        assert e.tg.documents[-1].data == doc.data
        assert "Пульки №5 в архиве нет" in await e.say("boris", "/export csv 5")
        # "/export csv stats" is not this one's.
        before = len(e.tg.documents)
        await e.say("boris", "/export csv stats")
        assert all(
            not d.filename.startswith("pulka-") or not d.filename.endswith(".csv")
            for d in e.tg.documents[before:]
        )
        assert await app.count() == events


#: Words the grammars know, and some they do not, for the fuzzing below.
_WORDS = [
    "6",
    "7",
    "8",
    "9",
    "10",
    "11",
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "+1",
    "-1",
    "-2",
    "²",
    "٣",
    "=",
    "7ч",
    "6♠",
    "8бк",
    "10nt",
    "6",
    "7",
    "ч",
    "пик",
    "без",
    "одной",
    "двух",
    "down",
    "вист",
    "пас",
    "полвиста",
    "whist",
    "pass",
    "half",
    "віст",
    "піввіста",
    "мизер",
    "misere",
    "чистый",
    "втроём",
    "4p",
    "four",
    "greedy",
    "gentleman",
    "leningrad",
    "rostov",
    "sochi",
    "whist=greedy",
    "half_whist",
    "raspasy=1,2,3",
    "quota=4,2,1,1,0",
    "target=0",
    "target=99999",
    "whist_factor=3",
    "division=adjust",
    "end=total",
    "variant=питер",
    "variant=x",
    "<b>",
    "&",
    "lazy=1",
    "raspasy_cycle",
    "misere_consolation=да",
    "№2",
    "#1",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=9), st.sampled_from(["ru", "uk", "en"]))
def test_the_grammars_answer_or_refuse(words: list[str], lang: str) -> None:
    """Any words: a figure or a specific refusal, never another exception."""
    tx = Texts(lang)
    text = " ".join(words)
    try:
        q = parse_cost(text, Rules())
    except ParseError as e:
        assert cost_error_text(tx, e)
    else:
        size = q.size or 3
        try:
            w = deal_worth(q.deal, Rules(), size)
        except ScoringError as e:
            assert cost_refused_text(tx, q.deal, e)
        else:
            assert sum(w.whists) == 0 and sum(w.money) == 0
            assert cost_text(tx, w, size, "default")
    try:
        asked = parse_whatif(text)
        after = changed_rules(Rules(), asked.changes)
    except (ParseError, ScoringError) as e:
        assert whatif_error_text(tx, e)
    else:
        assert isinstance(changes_text(tx, Rules(), after), str)


def test_a_result_without_answers_is_the_declarers_a_last_bare_count_the_size() -> None:
    """After the contract comes the declarer's result, whether or not answers follow; a
    count alone there that is a table size is the size, as the guide says."""
    cases = {
        "6п": (None, 6),
        "6п 4": (4, 6),
        "6п 6": (None, 6),
        "6п ровно": (None, 6),
        "6п 7 вчетвером": (4, 7),
        "6п ровно 4": (4, 6),
        "6п 6 4": (4, 6),
    }
    for text, (size, tricks) in cases.items():
        q = parse_cost(text, Rules())
        assert (q.size, q.deal.trick_map["declarer"]) == (size, tricks), text
    # Both passed: no defender's tricks are shown, as /deal shows none.
    q = parse_cost("6п ровно", Rules())
    shown = cost_text(Texts("ru"), deal_worth(q.deal, Rules(), 3), 3, "default")
    assert "— Разыгрывающий: 6; Пасующий 1: пас; Пасующий 2: пас\n" in shown
    # Down one with nobody whisting: the engine's refusal, not "«без» здесь не понять".
    down = parse_cost("6п без одной", Rules())
    try:
        deal_worth(down.deal, Rules(), 3)
    except ScoringError as e:
        assert e.code == "unwhisted_short"
        assert "никто не вистовал" in cost_refused_text(Texts("ru"), down.deal, e)
    else:
        raise AssertionError("a game down one that nobody whisted was priced")


def test_a_misere_of_words_not_its_tricks_is_told_the_misere_form() -> None:
    for lang, text, said in (
        ("ru", "мизер 11", "«11» — не взятки мизера: после «мизер» идёт число взяток"),
        ("uk", "мізер без", "«без» — не хабарі мізеру"),
        ("en", "misere down", "“down” is not a misère's tricks"),
    ):
        try:
            parse_cost(text, Rules())
        except ParseError as e:
            shown = cost_error_text(Texts(lang), e)
            assert shown.startswith(said) and "/cost " in shown and "вист вист" not in shown
        else:
            raise AssertionError(text)


async def test_a_value_the_rules_refuse_is_said_before_any_pulka_is_looked_for(
    app: App, people: dict[str, Any]
) -> None:
    chat = group(app.tg, people)
    async with app.polling():
        refused = await app.say(chat, people["anna"], "/whatif liability=maybe")
        assert refused.startswith("Так правило не изменить: неизвестное значение «maybe»")
        assert "Законченных пулек" not in refused
        await app.say(chat, people["anna"], "/lang en")
        refused = await app.say(chat, people["anna"], "/whatif liability=maybe")
        assert refused.startswith("The rule cannot be changed so: unknown value “maybe”")
