"""The JSON error of ``/import`` and an unknown ``/lang``, in the chat's words.

:mod:`scoring.jsonread` reports a JSON syntax error with the reason Python's
``json`` gives, in English ("Expecting ',' delimiter").  The players read it in
their own language: the reason is looked up here by its (stable) beginning and
told by a catalog key of ``words.ftl``; a reason not listed gets a general word.

>>> from bot.views.texts import Texts
>>> json_reason(Texts("uk"), "Expecting ',' delimiter")
'бракує коми між значеннями'
>>> json_reason(Texts("en"), "something new")
'the text breaks off or has a stray character'
"""

from __future__ import annotations

from html import escape

from bot.views.texts import LANGS, Texts

#: Python's ``json.JSONDecodeError.msg`` beginnings, and the catalog key of each.
JSON_REASONS: tuple[tuple[str, str], ...] = (
    ("Expecting value", "json_reason_value"),
    ("Expecting property name", "json_reason_key"),
    ("Expecting ':'", "json_reason_colon"),
    ("Expecting ','", "json_reason_comma"),
    ("Unterminated string", "json_reason_string"),
    ("Invalid control character", "json_reason_control"),
    ("Invalid \\uXXXX", "json_reason_unicode"),
    ("Invalid \\escape", "json_reason_escape"),
    ("Extra data", "json_reason_extra"),
)


def json_reason(tx: Texts, reason: str) -> str:
    """Why the text is not JSON, in the chat's language (``reason``: the engine's English)."""
    for prefix, key in JSON_REASONS:
        if reason.startswith(prefix):
            return tx(key)
    return tx("json_reason_other")


def lang_unknown_text(tx: Texts, choice: str) -> str:
    """``/lang de``: there is no such language; the ones there are, and the chat's now."""
    return tx(
        "lang_unknown",
        choice=escape(choice[:24]),
        current=tx(f"lang_name_{tx.lang}"),
        langs=", ".join(f"{Texts(lang)(f'lang_name_{lang}')} (/lang {lang})" for lang in LANGS),
    )
