"""Words and pictures: names never declined, Ukrainian plurals, one English word
for пуля, an unknown /lang, the /import JSON error in the chat's language, error answers
said once, and the sheet picture read on a phone.
"""

from __future__ import annotations

import io
import re
from itertools import pairwise
from typing import Any

import pytest
from fakebotapi import FakeTelegram
from fluent.syntax import FluentParser, FluentSerializer, ast
from harness import App, group
from PIL import Image
from test_picture import THREE, deals3, known3, known4

from bot.views import texts
from bot.views.picture import compose, layout_sheet, render_sheet
from bot.views.texts import LANGS, Texts, format_message
from bot.views.words import JSON_REASONS
from scoring import Rules, replay, settle_state

# --- the catalogs -----------------------------------------------------------------------

#: Placeables that hold a player's name (or a list of names).
NAME_PLACEABLES = (
    "name",
    "names",
    "declarer",
    "player",
    "on",
    "dealer",
    "who",
    "other",
    "last",
    "second",
    "payer",
    "payee",
    "a",
    "b",
    "c",
)
#: Prepositions that would make a name take a case (the name would have to be declined).
PREPOSITIONS = {
    "ru": ("у", "на", "от", "для", "с", "к", "за", "про"),
    "uk": ("у", "в", "на", "від", "для", "з", "до", "за", "про"),
}


def messages(lang: str) -> dict[str, ast.Message]:
    found: dict[str, ast.Message] = {}
    for path in texts.catalog_files(lang):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        found |= {m.id.name: m for m in resource.body if isinstance(m, ast.Message)}
    return found


def source(message: ast.Message) -> str:
    return FluentSerializer().serialize_entry(message)


def rendered(lang: str) -> dict[str, str]:
    """Every message of ``lang`` with every placeable filled with "X"."""
    out = {}
    for key, message in messages(lang).items():
        params = dict.fromkeys(re.findall(r"\$(\w+)", source(message)), "X")
        out[key] = format_message(lang, key, params)[0]
    return out


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_name_after_a_preposition_that_governs_a_case(lang: str) -> None:
    names = "|".join(NAME_PLACEABLES)
    preps = "|".join(PREPOSITIONS[lang])
    pattern = re.compile(rf"(?<![\w$])({preps})\s+\{{\s*\$({names})\s*\}}", re.I)
    bad = {
        key: found
        for key, message in messages(lang).items()
        if (found := pattern.findall(source(message)))
    }
    assert not bad, bad


def test_the_preposition_check_can_fail() -> None:
    pattern = re.compile(r"(?<![\w$])(у|на)\s+\{\s*\$(name|on)\s*\}")
    assert pattern.search("Сколько взяток у { $name }?")
    assert pattern.search("висты: на { $on } 10")
    assert not pattern.search("Взятки — { $name }?")


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_gendered_past_tense_next_to_a_name(lang: str) -> None:
    """ "взял Вера": a past-tense verb agrees with the name's gender, so none stands by one."""
    names = "|".join(NAME_PLACEABLES)
    verb = r"(взял|узяв|назван|ввёл|ввів|записал|записав|скасував)"
    near = re.compile(rf"{verb}\s+\{{\s*\$({names})\s*\}}|\{{\s*\$({names})\s*\}}\s+{verb}\b")
    bad = [key for key, m in messages(lang).items() if near.search(source(m))]
    assert not bad, bad


def test_no_rule_numbers_and_no_formulas_in_russian() -> None:
    for key, text in rendered("ru").items():
        assert not re.search(r"п\. ?\d|\d\.\d\.\d", text), (key, text)
        assert "очко пули =" not in text, key
    assert "умноженную на число игроков" in rendered("ru")["rules_end_total"]


@pytest.mark.parametrize(
    ("n", "word"),
    [
        (1, "хабар"),
        (2, "хабарі"),
        (5, "хабарів"),
        (11, "хабарів"),
        (21, "хабар"),
        (22, "хабарі"),
        (25, "хабарів"),
    ],
)
def test_ukrainian_plurals(n: int, word: str) -> None:
    uk = Texts("uk")
    assert uk("misere_tricks", n=n) == f"{n} {word}"
    assert uk("tricks_sum", total=n) == f"Разом {n} {word}, а в роздачі їх 10."
    assert uk("err-tricks_sum", total=n).startswith(f"разом {n} {word},")


def test_ukrainian_says_the_feminine_trick_everywhere() -> None:
    """One word, "взятка": no "взятків" and no masculine "взяток" as a singular anywhere."""
    for key, text in rendered("uk").items():
        assert "взятків" not in text, (key, text)
        assert "за взяток" not in text, (key, text)


#: The English messages that say "game", each meaning a game declared and played (игра,
#: a contract), never the pulka: a new message saying "game" is read and added here.
GAME_IS_A_CONTRACT = {
    "setup_help",
    "wiz_ask_kind",
    "set_page_game",
    "setup_page_game",
    "set_game_clears_mountain",
    "rules_body",
    "stats_empty",
    "stats_games",
    "stats_games_none",
    "stats_card_games",
    "stats_card_no_games",
    "deals_csv_game",
    "whatif_cost_note",
    "form_all",
    "form_all_hussar",
    "help_deals",
    "declarer_defends",
    "wiz_run",
    "ma_game",  # the sheet page's deal form: a game declared, beside misère and all-pass
    "err-declarer_whists",
    "err-raspasy_exit",
    "err-unwhisted_short",
    "err-half_tricks",
    "err-rules_raspasy_exit",
    "err-tricks_two",
}

#: "game" or "pool" as the whole thing: what is started, settled, finished, archived...
WHOLE = re.compile(
    r"\b(?:(?:new|start|started|settle|settled|finished|ended|archived|cancel|each|every|"
    r"this|that|preferans) (?:a |the )?(?:games?|pools?)|games?'s|"
    r"games? (?:record|N\b|of (?:this|the) chat)|"
    r"(?:games?|pools?) (?:is|was) (?:settled|over|finished|archived|running|cancelled))",
    re.I,
)


def test_english_says_pulka_for_the_whole_and_pool_for_pulya() -> None:
    """One word for the whole thing (pulka) and one for пуля (pool): "game" is only a
    game declared (игра), "pool" never the whole pulka."""
    en = rendered("en")
    for key, text in en.items():
        words = re.sub(r"/\w+", "", text)  # commands (/newpulka) are not words
        assert not WHOLE.search(words), (key, WHOLE.search(words), text)
        if re.search(r"\bgames?\b", words, re.I):
            assert key in GAME_IS_A_CONTRACT, (key, text)
    assert set(GAME_IS_A_CONTRACT) <= set(en), set(GAME_IS_A_CONTRACT) - set(en)
    for key in ("help_short", "help_start", "help_ending", "help_money", "private", "hello"):
        assert not re.search(r"\bgames?\b", en[key], re.I), (key, en[key])
    assert "pulka" in en["help_short"] and "pool" in en["help_fixing"]
    for key in ("missing_tricks", "board_last", "undo_confirm", "help_deals", "deal_repeat"):
        assert "The tricks of" not in en[key] and "no." not in en[key], (key, en[key])
    assert "a new pulka: alone" not in en["help_start"]
    assert "pool" in messages_text("en", "rules_body") and "pulka" in en["started"].casefold()


def messages_text(lang: str, key: str) -> str:
    return rendered(lang)[key]


def test_every_json_reason_is_told_in_every_language() -> None:
    import json

    samples = ["", '{"a" 1}', "[1 2]", '"abc', '"a\x01"', '"\\q"', '"\\u12"', "1 2", "{a:1}"]
    reasons = set()
    for s in samples:
        try:
            json.loads(s)
        except json.JSONDecodeError as e:
            reasons.add(e.msg)
    for reason in reasons:
        assert any(reason.startswith(prefix) for prefix, _ in JSON_REASONS), reason
    for lang in LANGS:
        keys = [k for _, k in JSON_REASONS] + ["json_reason_other"]
        told = [Texts(lang)(k) for k in keys]
        assert len(set(told)) == len(told), lang
        if lang != "en":
            assert not any(re.search("[A-Za-z]{4}", t.replace("XXXX", "")) for t in told), told


# --- end to end -------------------------------------------------------------------------


def users(tg: FakeTelegram, lang: str) -> dict[str, dict[str, Any]]:
    return {
        "anna": tg.create_user("Anna", language_code=lang),
        "boris": tg.create_user("Boris", language_code=lang),
        "vera": tg.create_user("Vera", language_code=lang),
        "admin": tg.create_user("Admin", language_code=lang),
    }


async def test_lang_de_names_the_languages_there_are(app: App, fake_tg: FakeTelegram) -> None:
    p = users(fake_tg, "ru")
    chat = group(fake_tg, p)
    async with app.polling():
        answer = await app.say(chat, p["anna"], "/lang de")
        assert "Языка «de» у бота нет" in answer
        for lang in ("/lang ru", "/lang uk", "/lang en", "русский", "українська", "English"):
            assert lang in answer, answer
        assert "Сейчас язык чата: русский." in answer
        # Nothing changed: the chat still speaks Russian.
        assert "Язык чата: русский. Сменить" in await app.say(chat, p["anna"], "/lang")
        hostile = await app.say(chat, p["anna"], "/lang <b>x</b>")
        assert "«<b>x</b>»" in hostile  # escaped, so shown as typed


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "uk",
            "Запис не прочитано: помилка JSON у рядку 1, позиція 22: тут очікували ім'я поля"
            " в подвійних лапках",
        ),
        (
            "en",
            "The record could not be read: invalid JSON at line 1 column 22: a field name in"
            " double quotes was expected here",
        ),
        (
            "ru",
            "Запись не прочитана: ошибка JSON в строке 1, позиция 22: здесь ждали имя поля",
        ),
    ],
)
async def test_import_json_error_in_the_chats_language(
    app: App, fake_tg: FakeTelegram, lang: str, expected: str
) -> None:
    p = users(fake_tg, lang)
    chat = group(fake_tg, p)
    async with app.polling():
        await app.say(chat, p["admin"], f"/lang {lang}")
        broken = await app.say(chat, p["admin"], '/import {"format": "pulka/1",}')
        assert expected in broken, broken
        assert "Expecting" not in broken  # not Python's English
        cut = await app.say(chat, p["admin"], '/import {"format": "pulka/1", "players": ["A"')
        assert "Expecting" not in cut
    assert await app.count("deal") == 0


async def test_refused_deal_says_nothing_written_once(app: App, fake_tg: FakeTelegram) -> None:
    p = users(fake_tg, "ru")
    chat = group(fake_tg, p)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 10")
        for who in ("anna", "boris", "vera"):
            await app.say(chat, p[who], "/join")
        refused = [
            await app.say(chat, p["anna"], "/deal Anna 6s 5 Boris pass 4 Vera pass 1"),
            await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 4 Vera pass 1"),
            await app.say(chat, p["anna"], "/deal Anna 6s"),
            await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris maybe 3 Vera pass 1"),
        ]
        for answer in refused:
            assert len(re.findall(r"не записан", answer, re.I)) == 1, answer
        assert refused[0].startswith("Сдача не записана: никто не вистовал")
        assert "Не указано число взяток: Anna — сколько?" in refused[2]
        assert "Boris: «maybe» — нужно вист, пас или полвиста." in refused[3]
        wrote = await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        assert "Сдача №1" in wrote
        score = await app.say(chat, p["boris"], "/score text")
        assert "висты: Boris" in score and "на Boris" not in score
    assert await app.count("deal") == 1


# --- the picture on a phone -------------------------------------------------------------

PHONE = 390  # the width Telegram shows a photo at on a phone, in points


def sheet(build: Any, settled: bool) -> list[Any]:
    r = build()
    s = settle_state(r.state) if settled else None
    return layout_sheet(r.state.players, r.state.rules, r.steps, s, title="Пулька")


@pytest.mark.parametrize("build", [known3, known4])
def test_final_results_are_the_largest_numbers_of_the_settled_sheet(build: Any) -> None:
    items = sheet(build, settled=True)
    results = [t for t in items if t.kind == "result"]
    assert len(results) == len(build().state.players)
    ovals = [t for t in items if t.kind in ("balance", "mountain_result")]
    figures = [t for t in items if t.value is not None and t.kind not in ("result", "target")]
    assert ovals and figures
    smallest_result = min(t.size for t in results)
    assert smallest_result > max(t.size for t in ovals), (smallest_result, ovals)
    assert smallest_result > max(t.size for t in figures)
    # Measured on the drawn boxes too: a result is taller than every circled number.
    assert min(t.box[3] - t.box[1] for t in results) > max(t.box[3] - t.box[1] for t in ovals)


@pytest.mark.parametrize("build", [known3, known4])
@pytest.mark.parametrize("settled", [False, True])
def test_labels_readable_at_phone_width(build: Any, settled: bool) -> None:
    """At 390 px across, the names and the final results are at least 9 px high, every
    other text (headers, money, crowded columns) at least 5.4 px; only the suits and the
    average in the small circle of four players go below, to 4.2."""
    r = build()
    s = settle_state(r.state) if settled else None
    png = render_sheet(r.state.players, r.state.rules, r.steps, s, title="Пулька")
    w, h = Image.open(io.BytesIO(png)).size
    scale = PHONE / w
    assert h * scale <= PHONE * 1.05  # the whole sheet on one screen, about square
    for t in sheet(build, settled):
        shown = t.size * scale
        floor = {"name": 9.0, "result": 9.0, "suit": 4.2, "average": 4.2}.get(t.kind, 5.4)
        assert shown >= floor, (t.kind, t.text, t.size, round(shown, 1))


def test_running_totals_cannot_be_read_as_decimals() -> None:
    """Older totals are struck through, as on paper, with no dot, comma or semicolon after."""
    items = sheet(known3, settled=False)
    columns: dict[tuple[str, Any, Any], list[Any]] = {}
    for t in items:
        if t.kind in ("pulka", "mountain", "whists"):
            columns.setdefault((t.kind, t.seat, t.on), []).append(t)
    assert any(len(c) > 1 for c in columns.values())
    for column in columns.values():
        for t in column:
            assert not re.search(r"[.,;:]$", t.text), t.text
        assert [t.decoration for t in column[:-1]] == ["s"] * (len(column) - 1)
        assert column[-1].decoration == ""  # the current total is not struck
        # Apart: the gap between two totals is at least half the figure size.
        for a, b in pairwise(column):
            if a.box[1] == b.box[1]:
                assert b.box[0] - a.box[2] >= a.size * 0.4, (a, b)


@pytest.mark.parametrize("settled", [False, True])
def test_three_player_lower_half_holds_the_money(settled: bool) -> None:
    """The band below the circle of the three-player sheet: who pays whom (now or at the end)."""
    r = known3()
    s = settle_state(r.state)
    items = layout_sheet(
        r.state.players, r.state.rules, r.steps, s if settled else None, title="Пулька"
    )
    geo, _ = compose.layout(r.state.players, r.state.rules, r.steps, None, "Пулька")
    _, cy, rad = geo.centre
    payments = [t for t in items if t.kind == "payment"]
    assert len(payments) == len(s.payments) and payments
    for t, p in zip(payments, s.payments, strict=True):
        assert t.value == p.amount
        assert t.box[1] > cy + rad  # below the circle
        assert p.payer in t.text and p.payee in t.text
    # The four-player sheet has its band of payments too, under the sheet.
    assert [t for t in sheet(known4, True) if t.kind == "payment"]


def test_the_picture_without_deals_has_no_payments() -> None:
    items = layout_sheet(THREE, Rules(), [])
    assert not [t for t in items if t.kind == "payment"]
    r = replay(THREE, Rules(target=10), deals3()[:1])
    assert layout_sheet(r.state.players, r.state.rules, r.steps)
