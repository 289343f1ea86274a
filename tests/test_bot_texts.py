"""The message catalog: every key in every language, the same placeholders."""

from __future__ import annotations

import string

from bot.texts import CATALOGS, Texts, ru


def placeholders(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_catalogs_complete_and_consistent() -> None:
    for lang, catalog in CATALOGS.items():
        assert set(catalog) == set(ru), lang
        for key, template in catalog.items():
            assert placeholders(template) == placeholders(ru[key]), (lang, key)


def test_texts_fall_back_to_russian() -> None:
    assert Texts("xx")("done") == ru["done"]
    assert "Anna" in Texts("en")("joined", name="Anna", seat=1)
