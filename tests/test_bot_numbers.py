"""Numbers players and buttons send that look like numbers but are not ASCII digits.

``str.isdigit()`` is true for ``²`` and ``①``, which ``int()`` then refuses, and
``int()`` reads ``٣`` (Arabic-Indic) and ``３`` (fullwidth) as 3.  Each such input
gets its specific message (what is wrong, the expected form, an example), never a
crash; a button payload with such an id, or an id too large for SQLite, is "out of
date".
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fakebotapi import FakeTelegram
from harness import App, group

from bot.grammar.deals import (
    parse_contract,
    parse_correction,
    parse_deal,
    parse_newpulka,
    valid_name,
)
from bot.model import ParseError, PlayerRow
from bot.views.buttons import EndCB, NewDealCB, SheetCB, SitCB, UndoAskCB, UndoCB
from bot.views.errors import parse_error_text
from bot.views.texts import Texts

THREE = [
    PlayerRow(0, "Anna", 1, "anna"),
    PlayerRow(1, "Boris", 2, None),
    PlayerRow(2, "Vera", None, None),
]
#: Superscript, circled, Arabic-Indic, fullwidth, Devanagari digits; a 30-digit number.
ODD = ["²", "①", "٣", "３", "७", "9" * 30]
GAME = "Anna 7h 7 Boris whist 2 Vera pass 1"


def refused(text: str, parse: Any = parse_deal) -> ParseError:
    with pytest.raises(ParseError) as info:
        parse(text, THREE) if parse is not parse_newpulka else parse(text)
    return info.value


@pytest.mark.parametrize("odd", ODD)
@pytest.mark.parametrize(
    ("template", "key", "form"),
    [
        # tricks: the declarer's, a defender's, misère, raspasy
        ("Anna 7h {} Boris whist 2 Vera pass 1", "bad_tricks", "game"),
        ("Anna 7h 7 Boris whist {} Vera pass 1", "bad_tricks", "game"),
        ("Boris misere {}", "bad_tricks", "misere"),
        ("raspasy Anna {} Boris 2 Vera 5", "bad_tricks", "raspasy"),
        # levels, joined to the suit and apart from it
        ("Anna {}h 7 Boris whist 2 Vera pass 1", "bad_contract", "game"),
        ("Anna {} ч 7 Boris whist 2 Vera pass 1", "bad_contract", "game"),
        # seats
        ("{} 7h 7 Boris whist 2 Vera pass 1", "unknown_player", "all"),
        ("Anna 7h 7 {} whist 2 Vera pass 1", "unknown_player", "game"),
        ("raspasy {} 3 Boris 2 Vera 5", "unknown_player", "raspasy"),
    ],
)
def test_odd_digits_in_deals(odd: str, template: str, key: str, form: str) -> None:
    text = template.format(odd)
    err = refused(text)
    assert (err.key, err.form) == (key, form), text
    assert odd[:10] in err.params["token"]
    # The chat gets the whole message: what is wrong, the form, an example.
    shown = parse_error_text(Texts("en"), err, ["Anna", "Boris", "Vera"])
    assert odd[:10] in shown and "For" in shown and "Nothing was written" in shown


@pytest.mark.parametrize("odd", ODD)
@pytest.mark.parametrize(
    ("template", "key"),
    [
        ("sochi {}", "bad_target"),
        ("{}", "bad_target"),
        ("sochi 20 {}", "bad_stake"),
    ],
)
def test_odd_digits_in_newpulka(odd: str, template: str, key: str) -> None:
    err = refused(template.format(odd), parse_newpulka)
    assert (err.key, err.form) == (key, "newpulka")


@pytest.mark.parametrize("odd", ODD)
@pytest.mark.parametrize(
    ("template", "key"),
    [
        ("Anna mountain {}", "correction_bad_amount"),
        ("Anna whists Boris {}", "correction_bad_amount"),
        ("{} mountain 2", "unknown_player"),
    ],
)
def test_odd_digits_in_corrections(odd: str, template: str, key: str) -> None:
    err = refused(template.format(odd), parse_correction)
    assert (err.key, err.form) == (key, "correction")


@pytest.mark.parametrize("word", ["²h", "①nt", "٧ч", "７♠", "1²h", "9" * 30 + "h"])
def test_odd_levels(word: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_contract(word)
    assert info.value.key == "bad_contract"


def test_ascii_numbers_still_read() -> None:
    assert parse_deal(GAME, THREE).trick_map == {"Anna": 7, "Boris": 2, "Vera": 1}
    assert parse_deal("1 7 ч 7 2 whist 2 3 pass 1", THREE).contract.pretty() == "7♥"
    assert parse_newpulka("sochi 20 .5").stake is not None
    assert str(parse_newpulka("30 0,25").stake) == "0.25"
    for stake in ("1e2", "9" * 40, "NaN", "Infinity", "1_000"):
        assert refused(f"sochi 20 {stake}", parse_newpulka).key == "bad_stake", stake


def test_long_tokens_are_shortened_for_the_message() -> None:
    err = refused("Anna 7h " + "9" * 3000 + " Boris whist 2 Vera pass 1")
    assert err.key == "bad_tricks" and len(err.params["token"]) <= 40
    assert "{???}" not in parse_error_text(Texts("ru"), err, ["Anna", "Boris", "Vera"])


def test_names_that_read_as_numbers_are_refused() -> None:
    for name in ("²", "①x", "٣", "３"):
        assert not valid_name(name), name
    assert valid_name("Anna²")


# --- buttons ------------------------------------------------------------------------

HUGE = "9" * 30
FORGED = [
    f"v1j:{HUGE}",
    f"v1n:{HUGE}",
    f"v1p:{HUGE}",
    "v1p:9223372036854775808",
    f"v1a:1:{HUGE}",
    f"v1u:1:1:{HUGE}",
    f"v1u:{HUGE}:1:1",
    f"v1e:1:{HUGE}",
    "v1j:²",
    "v1j:①",
    "v1j:٣",
    "v1j:３",
    "v1u:1:1:2",
    "v1j:-1",
    "v1j:+1",
    "v1j:01",
    "v1j:1_0",
    "v1j: 1",
    "v1j:1.0",
]


@pytest.mark.parametrize("data", FORGED)
def test_forged_ids_do_not_parse(data: str) -> None:
    prefix = data.split(":", 1)[0]
    cls = {c.__prefix__: c for c in (SitCB, NewDealCB, SheetCB, UndoAskCB, UndoCB, EndCB)}
    with pytest.raises(ValueError):
        cls[prefix].unpack(data)


def test_canonical_ids_round_trip() -> None:
    biggest = 2**63 - 1
    assert SitCB.unpack(SitCB(pulka=biggest).pack()).pulka == biggest
    assert UndoCB.unpack(UndoCB(pulka=3, event=9, yes=1).pack()) == UndoCB(pulka=3, event=9, yes=1)


async def test_forged_ids_on_a_keyboard_are_out_of_date(
    app: App, people: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    """Past the keyboard guard (the payload is on the message, as a modified client
    could make it), a huge or non-ASCII id still reaches no query: "out of date"."""
    tg: FakeTelegram = app.tg
    p = people
    chat = group(tg, p)
    caplog.set_level(logging.ERROR)
    async with app.polling():
        sent = tg.send_message(chat, p["anna"], "/newpulka")
        msg = await tg.wait_for_message(chat, after=sent["message_id"])
        # The fake keeps the chat's messages; give this one the forged buttons.
        stored = tg.chat_state(chat).messages[msg["message_id"]]
        stored["reply_markup"] = {
            "inline_keyboard": [[{"text": d, "callback_data": d}] for d in FORGED]
        }
        for data in FORGED:
            q = tg.press_button(chat, p["anna"], msg["message_id"], data)
            answer = await tg.wait_for(
                lambda q=q: tg.callback_answer(q["id"]), description=f"an answer to {data!r}"
            )
            assert "устарела" in answer["text"], (data, answer)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert await app.count() == 0
