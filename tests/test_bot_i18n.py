"""The Fluent catalogs (bot/views/{lang}.ftl, bot/features/*/{lang}.ftl) and the bot in each
of its languages.

Catalog checks: every key in every language, no key the bot never uses (keys
built with f-strings are enumerated from their sources), the same placeholders
in every translation, every message formatting without a Fluent error, plural
forms, each language's own Preferans words.  End to end: a chat in Ukrainian
and one in English, the default language taken from the pulka's creator, the
language button of the settings message, the command menus.
"""

from __future__ import annotations

import fnmatch
import re
import string
import subprocess
import sys
import tomllib
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
from fakebotapi import FakeTelegram
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor
from harness import App, group
from tapping import Tapper

from bot.app import COMMANDS, PRIVATE_COMMANDS
from bot.features.setup.draft import BY_CODE, PAGES
from bot.grammar.deals import FORMS, parse_deal
from bot.model import PlayerRow
from bot.views import texts
from bot.views.buttons import HelpPage
from bot.views.errors import error_text
from bot.views.texts import LANGS, Texts, format_message, lang_of
from scoring import CONVENTIONS, Choice, InvalidRules, PulkaState, Rules, Variant, entry, play
from scoring.errors import MESSAGES
from scoring.settle import NOTICES

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"


# --- the catalogs as data ---------------------------------------------------------------


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)
        self.generic_visit(node)


def catalog(lang: str) -> dict[str, ast.Message]:
    """The messages of a language's catalog files, by key (each file must parse without
    junk, and a key is defined once across them)."""
    messages: list[ast.Message] = []
    for path in texts.catalog_files(lang):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        junk = [e for e in resource.body if isinstance(e, ast.Junk)]
        assert not junk, (lang, path.name, junk[0].content[:200])
        messages += [e for e in resource.body if isinstance(e, ast.Message)]
    keys = [m.id.name for m in messages]
    assert len(keys) == len(set(keys)), f"{lang}: a key is defined twice"
    return {m.id.name: m for m in messages}


def placeholders(message: ast.Message) -> set[str]:
    v = _Variables()
    v.visit(message)
    return v.names


CATALOGS = {lang: catalog(lang) for lang in LANGS}


def scoring_params(code: str) -> set[str]:
    """The parameters of a scoring error code, from its English message."""
    return {
        field.split("!")[0] for _, field, _, _ in string.Formatter().parse(MESSAGES[code]) if field
    }


def dynamic_keys() -> dict[str, set[str]]:
    """Keys the bot builds with f-strings, by prefix, enumerated from their sources."""
    enums = {f: v for f, v in Rules.__annotations__.items()}
    rule_values = {
        f"rules_{field}_": {m.value for m in type(getattr(Rules(), field))}
        for field in enums
        if isinstance(getattr(Rules(), field), StrEnum) and field != "variant"
    }
    # The settings page's switches and the companions' words, from the conventions table.
    switches = set(BY_CODE)  # the game and raspasy pages', and a size's own on the main
    companions = {c.name for c in CONVENTIONS if c.page is None and isinstance(c.default, bool)}
    return {
        "set_": switches,
        "rules_": companions,
        "err-": set(MESSAGES),
        # What a deal given the short way cannot imply heads a refused /deal or /cost
        # (bot.input.parsing.implied: a ParseError keyed by the code).
        "": set(entry.CODES),
        "notice-": set(NOTICES),
        "variant_": {v.value for v in Variant},
        "cmd_": set(COMMANDS),
        "form_": set(FORMS),
        "setup_page_": {p for p in PAGES if p != "main"},
        "lang_name_": set(LANGS),
        # /help's pages: the text, the title's topic and the button of each.
        "help_": {p.value for p in HelpPage},
        "help_page_": {p.value for p in HelpPage},
        "btn_help_": {p.value for p in HelpPage},
        **rule_values,
    }


def bot_sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(BOT.rglob("*.py")))


def used_keys() -> set[str]:
    """Every key the bot's code names: string literals, plus the dynamic families."""
    source = bot_sources()
    literals = set(re.findall(r"""["']([a-z][a-z0-9_-]*)["']""", source))
    keys = {k for k in CATALOGS["ru"] if k in literals}
    for prefix, values in dynamic_keys().items():
        keys |= {prefix + v for v in values}
    # tx(choice.value): the defenders' words.
    keys |= {c.value for c in Choice}
    return keys


# --- completeness, use, placeholders ------------------------------------------------


def test_every_key_in_every_language() -> None:
    ru = set(CATALOGS["ru"])
    for lang in LANGS:
        missing = ru - set(CATALOGS[lang])
        extra = set(CATALOGS[lang]) - ru
        assert not missing and not extra, (lang, sorted(missing), sorted(extra))


def test_no_unused_key() -> None:
    unused = set(CATALOGS["ru"]) - used_keys()
    assert not unused, f"keys nobody uses: {sorted(unused)}"


def test_every_key_the_code_names_exists() -> None:
    source = bot_sources()
    named = set(re.findall(r"""\btx\(\s*["']([\w-]+)["']""", source))
    named |= set(re.findall(r"""\bt\(\s*\w+,\s*["']([\w-]+)["']""", source))
    named |= set(re.findall(r"""(?:PulkaError|ParseError)\(\s*["']([\w-]+)["']""", source))
    named |= set(re.findall(r"""Switch\(\s*"\w+",\s*"([\w-]+)\"""", source))
    named |= used_keys() - set(CATALOGS["ru"])  # dynamic keys that are not in the catalog
    assert named, "the patterns found nothing"
    for lang in LANGS:
        missing = named - set(CATALOGS[lang])
        assert not missing, (lang, sorted(missing))


def test_every_dynamic_key_family_is_enumerated() -> None:
    """A new ``tx(f"...")`` family must be added to :func:`dynamic_keys`."""
    source = bot_sources()
    prefixes = set(re.findall(r"""\b(?:tx|t)\((?:\s*\w+,)?\s*f["']([\w-]*)\{""", source))
    assert prefixes, "the pattern found nothing"
    known = set(dynamic_keys()) | {"rules_"}
    assert prefixes <= known, sorted(prefixes - known)
    # ``rules_{field}_{value}``: every StrEnum field of Rules is enumerated.
    assert {p for p in dynamic_keys() if p.startswith("rules_")} >= {
        "rules_whist_",
        "rules_liability_",
        "rules_quota_liable_",
        "rules_consolation_",
        "rules_raspasy_scoring_",
        "rules_end_",
        "rules_division_",
    }


def test_same_placeholders_in_every_translation() -> None:
    for key, message in CATALOGS["ru"].items():
        expected = placeholders(message)
        for lang in LANGS:
            got = placeholders(CATALOGS[lang][key])
            assert got == expected, (lang, key, sorted(got), sorted(expected))


def test_scoring_errors_translated_with_their_params() -> None:
    for code in MESSAGES:
        key = f"err-{code}"
        for lang in LANGS:
            assert key in CATALOGS[lang], (lang, key)
            assert placeholders(CATALOGS[lang][key]) == scoring_params(code), (lang, code)


def test_the_refusals_of_a_deal_given_short_are_sentences_with_their_params() -> None:
    for code in entry.CODES:
        for lang in LANGS:
            assert placeholders(CATALOGS[lang][code]) == scoring_params(code), (lang, code)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("value", ["1", "7", "22", "-3", "2.5", "—", "<b>Анна</b>"])
def test_every_message_formats(lang: str, value: str) -> None:
    for key, message in CATALOGS[lang].items():
        params = dict.fromkeys(placeholders(message), value)
        text, errors = format_message(lang, key, params)
        assert not errors, (lang, key, errors)
        assert text.strip() and "{" not in text.replace('{"', ""), (lang, key, text)


def test_no_leading_or_trailing_space_by_accident() -> None:
    """Only the keys meant to be appended start with a space (written ``{" "}``)."""
    spaced = {"player_guest", "rules_raspasy_cycle"}
    for lang in LANGS:
        for key in CATALOGS[lang]:
            text, _ = format_message(
                lang, key, dict.fromkeys(placeholders(CATALOGS[lang][key]), "x")
            )
            assert text == text.rstrip(), (lang, key)
            assert (text != text.lstrip()) == (key in spaced), (lang, key)


# --- Fluent features and words --------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("ru", 1, "1 взятка"),
        ("ru", 2, "2 взятки"),
        ("ru", 5, "5 взяток"),
        ("ru", 21, "21 взятка"),
        ("ru", 12, "12 взяток"),
        ("uk", 1, "1 хабар"),
        ("uk", 3, "3 хабарі"),
        ("uk", 0, "0 хабарів"),
        ("en", 1, "1 trick"),
        ("en", 2, "2 tricks"),
        ("en", 0, "0 tricks"),
    ],
)
def test_plural_forms(lang: str, n: int, expected: str) -> None:
    assert Texts(lang)("misere_tricks", n=n) == expected


@pytest.mark.parametrize("lang", LANGS)
def test_the_plural_rules_kept_are_cldr_s_as_babel_has_them(lang: str) -> None:
    """The bundles carry their plural rules (texts.PLURAL_RULES) instead of loading
    babel's locale data for them: they must be the same rules."""
    import babel

    ours = texts.bundle(lang)._babel_locale.plural_form
    assert ours.rules == babel.Locale.parse(lang).plural_form.rules
    for n in [*range(0, 130), 1001, 1011, 1021, 1112]:
        assert ours(n) == babel.Locale.parse(lang).plural_form(n), n


def test_counts_and_down_in_words() -> None:
    assert Texts("ru")("down", n=1) == "без одной"
    assert Texts("ru")("down", n=3) == "без трёх"
    assert Texts("uk")("down", n=1) == "без одного"
    assert Texts("uk")("down", n=5) == "без п'яти"
    assert Texts("en")("down", n=2) == "down 2"
    assert Texts("ru")("imported", count=2) == "<b>Пулька загружена</b>: 2 сдачи."
    assert Texts("uk")("imported", count=5) == "<b>Пульку завантажено</b>: 5 роздач."
    assert Texts("en")("imported", count=1) == "<b>Pulka loaded</b>: 1 deal."
    # Numbers come in as the bot formatted them: no locale grouping or signs.
    assert Texts("ru")("write_pulka", name="A", amount="+1250") == "A: пуля +1250"
    assert Texts("uk")("tricks_sum", total=11) == "Разом 11 хабарів, а в роздачі їх 10."


def words(lang: str) -> str:
    return "\n".join(
        format_message(lang, k, dict.fromkeys(placeholders(m), "x"))[0]
        for k, m in CATALOGS[lang].items()
        if not k.startswith("lang_")
    )


@pytest.mark.parametrize(
    ("lang", "vocabulary"),
    [
        ("ru", ["пуля", "гора", "висты", "вист", "пас", "полвиста", "мизер", "распасы", "сдающ"]),
        ("uk", ["куля", "гора", "вісти", "віст", "пас", "піввіста", "мізер", "розпаси", "здавач"]),
        ("en", ["pool", "mountain", "whists", "whist", "pass", "half-whist", "misère", "all-pass"]),
    ],
)
def test_each_language_has_its_preferans_words(lang: str, vocabulary: list[str]) -> None:
    text = words(lang).casefold()
    for word in vocabulary:
        assert word in text, (lang, word)


def test_ukrainian_is_not_russian() -> None:
    uk = words("uk")
    assert not re.search("[ыэъё]", uk, re.IGNORECASE), re.findall(r"\w*[ыэъё]\w*", uk)
    for russian in ("вист ", "висты", "пуля", "распасы", "мизер", "сдающ", "полвиста"):
        assert russian not in uk, russian
    ru = words("ru")
    assert not re.search("[іїєґ]", ru, re.IGNORECASE), re.findall(r"\w*[іїєґ]\w*", ru)


@pytest.mark.parametrize(
    ("code", "lang"),
    [
        ("uk", "uk"),
        ("uk-UA", "uk"),
        ("ru", "ru"),
        ("be", "ru"),
        ("kk", "ru"),
        ("sr", "ru"),
        ("en", "en"),
        ("en-GB", "en"),
        ("en_US", "en"),
        ("de", "ru"),
        ("", "ru"),
        (None, "ru"),
    ],
)
def test_language_of_a_telegram_user(code: str | None, lang: str) -> None:
    assert lang_of(code) == lang


@pytest.mark.parametrize("lang", LANGS)
def test_help_examples_are_the_languages_own_and_valid(lang: str) -> None:
    """Every /deal example of /help parses and is a deal the engine accepts."""
    text = Texts(lang)("help_deals")  # the page of /help on deals
    own = {
        "ru": ["вист", "мизер", "распасы", "бк"],
        "uk": ["віст", "мізер", "розпаси", "бк"],
        "en": ["whist", "misere", "all-pass", "nt"],
    }[lang]
    for word in own:
        assert word in text, (lang, word)
    examples = re.findall(r"<code>/deal ([^<]+)</code>", text)
    assert len(examples) >= 4
    # The hussar line's examples are for two players.
    hussar = {
        e
        for line in text.splitlines()
        if "усарик (" in line or "Hussar (" in line
        for e in re.findall(r"<code>/deal ([^<]+)</code>", line)
    }
    assert len(hussar) >= 3, lang
    casts = [("Анна", "Борис", "Вера"), ("Анна", "Борис", "Віра"), ("Anna", "Boris", "Vera")]
    for example in examples:
        names = next((c for c in casts if all(n in example for n in c)), None)
        names = names or {"ru": casts[0], "uk": casts[1], "en": casts[2]}[lang]
        if example in hussar:
            names = names[:2]
        seats = [PlayerRow(i, n, None, None) for i, n in enumerate(names)]
        deal = parse_deal(example, seats)
        play(PulkaState.new(names, Rules()), deal)


def test_package_ships_the_catalogs() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["bot"]
    files = [p.relative_to(BOT).as_posix() for lang in LANGS for p in texts.catalog_files(lang)]
    assert {f.split("/")[-1] for f in files} == {f"{lang}.ftl" for lang in LANGS}
    # Every language has its catalog in the same folders (a feature's words in each).
    folders = {lang: sorted(p.parent for p in texts.catalog_files(lang)) for lang in LANGS}
    assert len({tuple(v) for v in folders.values()}) == 1, folders
    for f in files:
        assert any(fnmatch.fnmatch(f, pattern) for pattern in patterns), f
    deps = " ".join(config["project"]["dependencies"])
    assert "fluent.runtime" in deps


class _References(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def visit_MessageReference(self, node: ast.MessageReference) -> None:
        self.ids.add(node.id.name)
        self.generic_visit(node)

    def visit_TermReference(self, node: ast.TermReference) -> None:
        self.ids.add("-" + node.id.name)
        self.generic_visit(node)


ALL_FILES = sorted({p for lang in LANGS for p in texts.catalog_files(lang)})


def _entries(path: Path) -> list[ast.Message | ast.Term]:
    body = FluentParser().parse(path.read_text(encoding="utf-8")).body
    return [e for e in body if isinstance(e, ast.Message | ast.Term)]


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.relative_to(BOT).as_posix())
def test_the_index_of_a_file_is_its_messages(path: Path) -> None:
    """Which file holds a message is read with a regex, without parsing the file: it must
    find exactly the messages the parser finds, in every file."""
    parsed = [e.id.name for e in _entries(path) if isinstance(e, ast.Message)]
    assert texts.message_ids(path.read_text(encoding="utf-8")) == parsed


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.relative_to(BOT).as_posix())
def test_a_message_refers_only_to_its_own_file(path: Path) -> None:
    """A file is parsed when one of its messages is first used, alone: a reference to a
    message or term of another file would not be found then."""
    entries = _entries(path)
    own = {e.id.name if isinstance(e, ast.Message) else "-" + e.id.name for e in entries}
    v = _References()
    for e in entries:
        v.visit(e)
    assert v.ids <= own, sorted(v.ids - own)


def test_the_start_up_parses_only_the_menu() -> None:
    """Building the bot and registering its command menus in every language parses the
    menu files and no other catalog file."""
    probe = """
import asyncio, sys
from bot.app import create_dispatcher, set_commands
from bot.storage.db import Storage
from bot.views import texts

class MenuOnly:
    async def set_my_commands(self, commands, **kwargs):
        assert all(c.description for c in commands)

async def main():
    storage = await Storage(":memory:").open()
    create_dispatcher(storage)
    await set_commands(MenuOnly())
    await storage.close()
    files = sorted({p.relative_to(texts.BOT).as_posix() for l in texts.LANGS
                    for p in texts.parsed_files(l)})
    print(" ".join(files))

asyncio.run(main())
"""
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [f"views/menu/{lang}.ftl" for lang in sorted(LANGS)]


def test_a_message_is_found_before_its_file_is_parsed() -> None:
    assert texts.has_message("en", "cmd_help") and not texts.has_message("en", "no_such_key")
    assert not texts.has_message("de", "cmd_help")


# --- end to end -------------------------------------------------------------------------


def people(tg: FakeTelegram, lang: str | None) -> dict[str, dict[str, Any]]:
    first = {"uk": ("Анна", "Борис", "Віра"), "ru": ("Анна", "Борис", "Вера")}.get(
        lang or "", ("Anna", "Boris", "Vera")
    )
    return {
        "anna": tg.create_user(first[0], language_code=lang),
        "boris": tg.create_user(first[1], language_code="ru"),
        "vera": tg.create_user(first[2], language_code=lang),
        "admin": tg.create_user("Admin", language_code="ru"),
    }


BAD_RECORD = (
    '/import {"format": "pulka/1", "players": ["A", "B", "C"], "deals": '
    '[{"type": "raspasy", "tricks": {"A": 5, "B": 5, "C": 1}}]}'
)


async def test_a_chat_in_ukrainian(app: App, fake_tg: FakeTelegram) -> None:
    """The creator speaks Ukrainian: the chat does, for everyone, with Ukrainian words."""
    tg = fake_tg
    p = people(tg, "uk")
    chat = group(tg, p)
    other = group(tg, p, "Another table")
    async with app.polling():
        assert "Нова пулька" in await app.say(chat, p["anna"], "/newpulka сочинка 10 0.5 UAH")
        # Boris's Telegram is in Russian, the chat stays Ukrainian.
        assert "Анна сідає за стіл, місце 1" in await app.say(chat, p["anna"], "/join")
        assert "Борис сідає за стіл" in await app.say(chat, p["boris"], "/join")
        joined = await app.say(chat, p["vera"], "/join")
        assert "Можна грати" in joined and "Четвертий може підсісти" in joined
        wrote = await app.say(chat, p["boris"], "/deal Анна 7ч 7 Борис віст 2 Віра пас 1")
        assert "Роздача №1: Анна 7♥ / рівно — Борис віст 2, Віра пас 1" in wrote
        assert "Анна: куля +4" in wrote and "Наступним здає Борис." in await app.board(chat)
        assert "Разом 11 хабарів, а в роздачі їх 10" in await app.say(
            chat, p["vera"], "/deal Борис 6п 6 Анна віст 4 Віра пас 1"
        )
        rejected = await app.say(chat, p["vera"], "/deal Борис 6 бк 5 Анна пас 4 Віра пас 1")
        assert (
            "Роздачу не записано: ніхто не вістував, гру не розігрують: Борис пише 6БК рівно"
            in rejected
            and "Нічого не записано" not in rejected  # "не записано" is said once
        )
        assert "Борис мізер / 1 хабар" in await app.say(chat, p["anna"], "/deal Борис мізер 1")
        assert "розпаси 3-2-5" in await app.say(
            chat, p["vera"], "/deal розпаси Анна 3 Борис 2 Віра 5"
        )
        score = await app.say(chat, p["boris"], "/score текст")
        assert "Анна: куля 4, гора 3, вісти: Борис 0" in score
        assert "Якщо закінчити зараз" in score
        caption = await app.say(chat, p["boris"], "/score")
        assert caption.startswith("Пулька (до 10)") and len(tg.photos) == 1
        assert "віст" in await app.say(chat, p["boris"], "/help")
        assert "Правила цієї пульки" in await app.say(chat, p["boris"], "/rules")
        board = tg.sent_messages(chat)[0]  # the answer to /newpulka is the scoreboard
        assert "Остання роздача №3" in board["text"]
        # Another chat, switched to Ukrainian by a Russian speaker: a scoring error of a
        # record, with its path, in Ukrainian.
        assert "запись преферанса" in await app.say(other, p["boris"], "/help")
        assert "Мова чату: українська." in await app.say(other, p["boris"], "/lang uk")
        bad = await app.say(other, p["boris"], BAD_RECORD)
        assert "Запис не прийнято: deals[0].tricks: разом 11 хабарів, а в роздачі їх 10" in bad
        assert "Пульку завантажено" not in bad
    assert await app.count("deal") == 3


async def test_a_chat_switched_to_english(app: App, fake_tg: FakeTelegram) -> None:
    tg = fake_tg
    p = people(tg, "ru")
    chat = group(tg, p)
    async with app.polling():
        assert "Новая пулька" in await app.say(chat, p["anna"], "/newpulka sochi 10")
        for who in ("anna", "boris", "vera"):
            await app.say(chat, p[who], "/join")
        assert "Язык чата: русский. Сменить: /lang ru" in await app.say(chat, p["anna"], "/lang")
        assert "Chat language: English." in await app.say(chat, p["anna"], "/lang en")
        board = tg.sent_messages(chat)[0]  # the answer to /newpulka is the scoreboard
        assert "New pulka" in board["text"]  # redrawn in English
        assert "The tricks add up to 11; a deal has 10." in await app.say(
            chat, p["vera"], "/deal Анна 6s 6 Борис whist 4 Вера pass 1"
        )
        rejected = await app.say(chat, p["vera"], "/deal Анна 6nt 5 Борис pass 4 Вера pass 1")
        assert (
            "The deal was not written: nobody whisted, so the game is not played out: "
            "Анна is written 6NT made"
        ) in rejected
        wrote = await app.say(chat, p["boris"], "/deal Анна 7h 8 Борис whist 1 Вера pass 1")
        assert "Deal 1: Анна 7♥ / +1 — Борис whist 1, Вера pass 1" in wrote
        assert "Анна misère / 2 tricks" in await app.say(chat, p["vera"], "/deal Анна misère 2")
        assert "all-pass 3-2-5" in await app.say(
            chat, p["vera"], "/deal all-pass Анна 3 Борис 2 Вера 5"
        )
        assert "Анна: pool 4, mountain" in await app.say(chat, p["boris"], "/score text")
        assert "all-pass" in await app.say(chat, p["boris"], "/help deals")
        settled = await app.say(chat, p["anna"], "/settle")
        assert "If we stopped now" in settled and "Who pays whom" in settled
        # The Ukrainian words work in an English chat too.
        assert "Deal 4" in await app.say(chat, p["vera"], "/deal Вера 7♠ 7 Анна віст 3 Борис пас 0")
        third = group(tg, p, "Third")
        await app.say(third, p["admin"], "/lang en")
        bad = await app.say(third, p["admin"], BAD_RECORD)
        assert (
            "The record was not accepted: deals[0].tricks: tricks add up to 11, a deal has 10"
        ) in bad
    assert await app.count("deal") == 4


async def test_the_creators_language_is_the_default(app: App, fake_tg: FakeTelegram) -> None:
    tg = fake_tg
    uk, en, be = (
        tg.create_user("Оксана", language_code="uk"),
        tg.create_user("John", language_code="en-GB"),
        tg.create_user("Алесь", language_code="be"),
    )
    ru = tg.create_user("Иван", language_code="ru")
    members = [uk, en, be, ru]
    chats = [tg.create_group(f"t{i}", members=members, creator=ru) for i in range(3)]
    async with app.polling():
        # Before a pulka, the chat answers in the language of whoever writes.
        assert "запись преферанса" in await app.say(chats[0], ru, "/help")
        assert "запис преферансу" in await app.say(chats[0], uk, "/help")
        settings = await app.reply_msg(chats[0], uk, "/newpulka")
        assert "Нова пулька" in settings["text"]
        assert "— налаштування" in settings["text"]
        # The pulka's creator set the chat's language: a Russian speaker reads Ukrainian.
        assert "Нова пулька — налаштування" in await app.say(chats[0], ru, "/newpulka")
        assert "New pulka" in await app.say(chats[1], en, "/newpulka sochi")
        assert "Preferans" in await app.say(chats[1], ru, "/help")
        assert "Новая пулька" in await app.say(chats[2], be, "/newpulka sochi")
        assert await app.keeper.lang(chats[0]["id"]) == "uk"
        assert await app.keeper.lang(chats[1]["id"]) == "en"
        assert await app.keeper.lang(chats[2]["id"]) == "ru"
        # A private chat: the user's language, and /lang there.
        private = tg.private_chat(en)
        assert "group chat" in await app.say(private, en, "/start")
        assert "Мова чату: українська." in await app.say(private, en, "/lang uk")
        assert "груповому чаті" in await app.say(private, en, "/start")


async def test_the_settings_message_switches_the_language(app: App, fake_tg: FakeTelegram) -> None:
    tg = fake_tg
    p = people(tg, "ru")
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        settings = await app.reply_msg(chat, p["anna"], "/newpulka")
        m = settings["message_id"]
        assert "🌐 Язык: русский" in ui.labels(m)
        stranger = tg.create_user("Stranger")
        refused = await ui.tap(stranger, m, "🌐 Язык: русский")
        assert "Настройки меняют" in refused["text"]
        answer = await ui.tap(p["anna"], m, "🌐 Язык: русский")
        assert answer["text"] == "Мова чату: українська."
        assert "Нова пулька" in ui.text(m) and "🌐 Мова: українська" in ui.labels(m)
        # The old button (pressed on "ru") is out of date now.
        old = ui.data(m, "🌐 Мова: українська").replace(":uk", ":ru")
        stale = await ui.press(p["anna"], m, old, strict=False)
        assert "Кнопка застаріла" in stale["text"]
        await ui.tap(p["anna"], m, "🌐 Мова: українська")
        assert "🌐 Language: English" in ui.labels(m) and "New pulka" in ui.text(m)
        await ui.tap(p["anna"], m, "🪑 Sit down")
        assert "Seated (1 of 3): Анна" in ui.text(m)
        assert await app.keeper.lang(chat["id"]) == "en"


async def test_command_menus_in_three_languages(app: App, fake_tg: FakeTelegram) -> None:
    tg = fake_tg
    async with app.polling():
        await tg.wait_for(lambda: tg.my_commands(language_code="en"), description="menus")
    menus = {
        code: {c["command"]: c["description"] for c in tg.my_commands(language_code=code)}
        for code in ("", "uk", "en")
    }
    for menu in menus.values():
        assert list(menu) == list(COMMANDS)
    assert menus[""]["deal"] == "записать сдачу"
    assert menus["uk"]["deal"] == "записати роздачу"
    assert menus["en"]["deal"] == "write a deal"
    group = {"type": "all_group_chats"}
    assert tg.my_commands(group, "uk") and tg.my_commands(group, "")
    # A private chat's menu: what works there.
    private = {"type": "all_private_chats"}
    assert [c["command"] for c in tg.my_commands(private, "en")] == list(PRIVATE_COMMANDS)
    assert tg.my_commands(private, "")[0] == {
        "command": "calc",
        "description": "посчитать бумажный лист",
    }


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "rules.target: пуля должна быть целым числом очков от 1 до 10000"),
        ("uk", "rules.target: куля має бути цілим числом очок від 1 до 10000"),
        ("en", "rules.target: the pool target must be a whole number of points from 1 to 10000"),
    ],
)
def test_a_rules_error_in_each_language(lang: str, expected: str) -> None:
    """Conventions out of range (an imported record's) are told in the chat's language."""
    with pytest.raises(InvalidRules) as e:
        Rules.for_variant("sochi", target=0)
    assert error_text(Texts(lang), e.value.at("rules"), path=True) == expected
