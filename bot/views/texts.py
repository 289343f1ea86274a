"""Every text the bot sends, from the Fluent catalogs: a feature keeps its words beside
its code (``bot/features/<name>/{lang}.ftl``), the words many share are
``bot/views/{lang}.ftl``, the command menu's ``bot/views/menu/{lang}.ftl``.  A file is
parsed on the first use of one of its messages (see :class:`_Catalog`).

Russian is the default; Ukrainian and English are complete.  Handlers get a
:class:`Texts` bound to the chat's language as ``tx`` and call ``tx(key, **params)``;
a placeholder ``{ $name }`` in a catalog is the parameter ``name``.

Figures reach Fluent as text the bot wrote itself (:mod:`bot.views.format`, names
HTML-escaped by the caller), so Fluent does no locale number formatting; whole
numbers go as numbers, printed as they are, so that plural variants select on them
("1 взятка / 2 взятки / 5 взяток").

>>> Texts("ru")("misere_tricks", n=2), Texts("uk")("misere_tricks", n=5)
('2 взятки', '5 хабарів')
>>> Texts("en")("joined", name="Anna", seat=1)
'Anna takes seat 1.'
>>> lang_of("uk-UA"), lang_of("be"), lang_of("en-GB"), lang_of("de"), lang_of(None)
('uk', 'ru', 'en', 'ru', 'ru')
"""

from __future__ import annotations

import logging
import re
import threading
from functools import cache
from pathlib import Path

import babel
import babel.plural
from fluent.runtime import FluentBundle
from fluent.runtime.types import fluent_number
from fluent.syntax import FluentParser

log = logging.getLogger(__name__)

DEFAULT_LANG = "ru"
#: Languages of the bot, the default first.
LANGS: tuple[str, ...] = ("ru", "uk", "en")
BOT = Path(__file__).resolve().parent.parent
#: The money of a chat speaking each language.
CURRENCY_OF_LANG = {"ru": "RUB", "uk": "UAH", "en": "EUR"}


def default_currency(lang: str) -> str:
    """The default currency of a chat speaking ``lang``: ``RUB``, ``UAH``, ``EUR``."""
    return CURRENCY_OF_LANG.get(lang, CURRENCY_OF_LANG[DEFAULT_LANG])


def catalog_files(lang: str) -> list[Path]:
    """The catalog files of ``lang``: ``{lang}.ftl`` in ``bot/views`` and in each feature's
    folder (a key is defined once across them; the tests check it)."""
    return sorted(BOT.rglob(f"{lang}.ftl"))


#: Raise on a Fluent error (a missing parameter, an unknown message) instead of
#: logging it; the tests switch it on.
STRICT = False


class TranslationError(LookupError):
    """A message is missing or could not be formatted."""


#: The CLDR plural rules of the bot's languages, as babel has them (a test checks that
#: they still are): all a bundle needs of its locale (see :class:`_PluralLocale`).
PLURAL_RULES: dict[str, dict[str, str]] = {
    "ru": {
        "one": "v in 0 and i mod 10 in 1 and i mod 100 not in 11",
        "few": "v in 0 and i mod 10 in 2..4 and i mod 100 not in 12..14",
        "many": "v in 0 and i mod 10 in 0 or v in 0 and i mod 10 in 5..9"
        " or v in 0 and i mod 100 in 11..14",
    },
    "en": {"one": "i in 1 and v in 0"},
}
PLURAL_RULES["uk"] = PLURAL_RULES["ru"]


class _PluralLocale(babel.Locale):
    """A babel locale that knows its plural rule without loading its locale data.

    ``FluentBundle`` asks its locale for the plural rule only (the bot formats every
    number itself); babel would load the language's whole CLDR data for it, 8 MiB of
    resident memory for the three languages, measured.  Anything else asked of it
    loads the data as babel always does.
    """

    @property
    def plural_form(self) -> babel.plural.PluralRule:
        return babel.plural.PluralRule(PLURAL_RULES[self.language])


class _Bundle(FluentBundle):
    def _get_babel_locale(self) -> babel.Locale:
        return _PluralLocale(self.locales[0])


#: A message's first line in a catalog file: its id at the start of the line, then ``=``
#: (terms start with ``-``, comments with ``#``, a value's further lines with a blank).
_MESSAGE_ID = re.compile(r"^([a-zA-Z][a-zA-Z0-9_-]*) *=", re.MULTILINE)


def message_ids(text: str) -> list[str]:
    """The ids of the messages of a catalog file's ``text``, read without parsing it
    (a test checks that they are the parser's):

        >>> message_ids("# a note\\nhi = Hi, { $name }!\\nlong =\\n    line = two\\n-term = x\\n")
        ['hi', 'long']
    """
    return _MESSAGE_ID.findall(text)


class _Catalog:
    """A language's bundle, each catalog file parsed on the first use of one of its
    messages: a process formats few of the messages it has (the start-up only the
    menu's), and parsing all of them was most of the start-up.  A message refers to
    messages of its own file only (a test checks it), so a file alone formats."""

    def __init__(self, lang: str) -> None:
        self.bundle = _Bundle([lang], use_isolating=False)
        self._file_of: dict[str, Path] = {}
        for path in catalog_files(lang):
            for key in message_ids(path.read_text(encoding="utf-8")):
                self._file_of[key] = path
        self._parsed: set[Path] = set()
        # Pictures and exports are drawn in threads: a file is parsed and added once.
        self._lock = threading.Lock()

    def has(self, key: str) -> bool:
        return key in self._file_of

    def load(self, key: str) -> None:
        """Parse the file of message ``key`` into the bundle, if it is not yet."""
        path = self._file_of.get(key)
        if path is None or path in self._parsed:
            return
        with self._lock:
            if path not in self._parsed:
                self._add(path)

    def load_all(self) -> FluentBundle:
        with self._lock:
            for path in sorted(set(self._file_of.values()) - self._parsed):
                self._add(path)
        return self.bundle

    @property
    def parsed(self) -> frozenset[Path]:
        """The files parsed so far."""
        return frozenset(self._parsed)

    def _add(self, path: Path) -> None:
        # No source positions: nothing reads them, and they are a fifth of a catalog.
        text = path.read_text(encoding="utf-8")
        self.bundle.add_resource(FluentParser(with_spans=False).parse(text))
        self._parsed.add(path)


@cache
def _catalog(lang: str) -> _Catalog:
    if lang not in LANGS:
        raise TranslationError(f"no catalog for language {lang!r}")
    return _Catalog(lang)


def bundle(lang: str) -> FluentBundle:
    """The Fluent bundle of ``lang`` with every catalog file parsed into it."""
    return _catalog(lang).load_all()


def has_message(lang: str, key: str) -> bool:
    """Whether ``lang``'s catalog has message ``key`` (without parsing its file)."""
    return lang in LANGS and _catalog(lang).has(key)


def parsed_files(lang: str) -> frozenset[Path]:
    """The catalog files of ``lang`` parsed so far in this process."""
    return _catalog(lang).parsed


#: The longest text a placeable takes.  Fluent refuses one of about 2,500
#: characters and renders ``{???}``; players' notes, tokens and long lists are
#: cut here, visibly, instead.
PLACEABLE_LIMIT = 1000


#: Whole numbers up to this go to Fluent as numbers; a larger one (a player's
#: 40-digit "number") is text: Fluent's number formatting cannot hold it.
WHOLE_LIMIT = 10**15


def _arg(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < WHOLE_LIMIT:
        # A count: a number for the plural variants, printed without grouping.
        return fluent_number(value, useGrouping=False)
    text = value if isinstance(value, str) else str(value)
    if len(text) <= PLACEABLE_LIMIT:
        return text
    cut = text[: PLACEABLE_LIMIT - 1]
    # Never half an HTML entity or tag: Telegram would refuse the whole message.
    for opener, closer in (("&", ";"), ("<", ">")):
        at = cut.rfind(opener)
        if at > cut.rfind(closer):
            cut = cut[:at]
    return cut + "…"


def format_message(
    lang: str, key: str, params: dict[str, object] | None = None
) -> tuple[str, list[Exception]]:
    """Message ``key`` of ``lang`` with ``params``, and the Fluent errors met."""
    catalog = _catalog(lang)
    if not catalog.has(key):
        raise TranslationError(f"no message {key!r} in {lang}")
    catalog.load(key)
    b = catalog.bundle
    message = b.get_message(key)
    if message.value is None:
        raise TranslationError(f"message {key!r} in {lang} has no value")
    args = {k: _arg(v) for k, v in (params or {}).items()}
    text, errors = b.format_pattern(message.value, args)
    return str(text), errors


def t(lang: str, key: str, /, **params: object) -> str:
    """The message ``key`` in ``lang`` (Russian when the language or key is missing)."""
    if not has_message(lang, key):
        if STRICT and lang in LANGS:
            raise TranslationError(f"no message {key!r} in {lang}")
        lang = DEFAULT_LANG
    text, errors = format_message(lang, key, params)
    if errors:
        if STRICT:
            raise TranslationError(f"{lang}/{key}: {errors}")
        log.error("message %s/%s: %s", lang, key, errors)
    return text


def lang_of(language_code: str | None) -> str:
    """The bot language for a Telegram ``language_code``.

    Ukrainian for ``uk``, English for ``en`` and its regional forms, Russian
    for everyone else (Russian, Belarusian, the other Cyrillic languages and
    the languages the bot does not speak).
    """
    code = (language_code or "").strip().lower().replace("_", "-").split("-")[0]
    if code == "uk":
        return "uk"
    if code == "en":
        return "en"
    return DEFAULT_LANG


class Texts:
    """The catalog bound to one chat's language; handlers get it as ``tx``."""

    def __init__(self, lang: str = DEFAULT_LANG) -> None:
        self.lang = lang if lang in LANGS else DEFAULT_LANG

    def __call__(self, key: str, /, **params: object) -> str:
        return t(self.lang, key, **params)

    def __repr__(self) -> str:
        return f"Texts({self.lang!r})"
