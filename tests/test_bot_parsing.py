"""The /deal, /correct and /newpulka parsers: every accepted form, aliases, each kind of
bad input."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from bot.grammar.deals import FORMS, parse_correction, parse_deal, parse_newpulka, valid_name
from bot.model import ParseError, PlayerRow
from scoring import Choice, Correction, Game, Misere, Raspasy, Rules, Suit
from scoring.record import load_document, record_json

THREE = [
    PlayerRow(0, "Anna", 1, "anna"),
    PlayerRow(1, "Boris", 2, None),
    PlayerRow(2, "Vera", None, None),
]
FOUR = [*THREE, PlayerRow(3, "Gleb", 4, "gleb_k")]


def game(text: str, players: list[PlayerRow] = THREE) -> Game:
    deal = parse_deal(text, players)
    assert isinstance(deal, Game)
    return deal


def test_canonical_forms() -> None:
    g = game("Anna 7h 7 Boris whist 2 Vera pass 1")
    assert g == Game.of(
        "Anna", "7H", {"Boris": "whist", "Vera": "pass"}, {"Anna": 7, "Boris": 2, "Vera": 1}
    )
    assert parse_deal("Boris misere 0", THREE) == Misere("Boris", 0)
    assert parse_deal("raspasy Anna 3 Boris 2 Vera 5", THREE) == Raspasy.of(
        {"Anna": 3, "Boris": 2, "Vera": 5}
    )


@pytest.mark.parametrize(
    "text",
    [
        "anna 7ч 7 BORIS вист 2 vera пас 1",
        "@anna 7♥ 7 2 whist 2 3 pass 1",
        "1 7H 7 Boris w 2 Vera p 1",
        "Anna 7h 7, Boris whist 2, Vera pass 1",
        "Anna 7че 7 Boris вист 2 Vera пас 1",
    ],
)
def test_game_aliases(text: str) -> None:
    g = game(text)
    assert g.declarer == "Anna" and g.contract.level == 7 and g.contract.suit is Suit.HEARTS
    assert g.choices == {"Boris": Choice.WHIST, "Vera": Choice.PASS}


@pytest.mark.parametrize(
    ("word", "suit"),
    [
        ("6s", Suit.SPADES),
        ("6♠", Suit.SPADES),
        ("6п", Suit.SPADES),
        ("6c", Suit.CLUBS),
        ("6♣", Suit.CLUBS),
        ("6т", Suit.CLUBS),
        ("6d", Suit.DIAMONDS),
        ("6♦", Suit.DIAMONDS),
        ("6б", Suit.DIAMONDS),
        ("6h", Suit.HEARTS),
        ("6♥️", Suit.HEARTS),
        ("6ч", Suit.HEARTS),
        ("6nt", Suit.NO_TRUMPS),
        ("6бк", Suit.NO_TRUMPS),
        ("6БК", Suit.NO_TRUMPS),
    ],
)
def test_suits(word: str, suit: Suit) -> None:
    assert game(f"Anna {word} 6 Boris whist 3 Vera pass 1").contract.suit is suit


def test_half_whist_and_russian_kinds() -> None:
    g = game("Anna 6s 6 Boris пас 2 Vera полвиста 2")  # the engine judges if it is legal
    assert g.choices["Vera"] is Choice.HALF
    assert parse_deal("Вера мизер 0".replace("Вера", "Vera"), THREE) == Misere("Vera", 0)
    assert parse_deal("распасы 1 3 2 2 3 5", THREE) == Raspasy.of(
        {"Anna": 3, "Boris": 2, "Vera": 5}
    )
    assert isinstance(parse_deal("РАСП Anna 3 Boris 2 Vera 5", THREE), Raspasy)


def test_four_players_name_three() -> None:
    g = game("@gleb_k 8бк 8 Anna whist 1 Boris pass 1", FOUR)
    assert set(g.trick_map) == {"Gleb", "Anna", "Boris"}  # Vera deals and sits out
    r = parse_deal("raspasy Anna 3 Boris 2 Gleb 5", FOUR)
    assert isinstance(r, Raspasy)


@pytest.mark.parametrize(
    ("text", "key", "params"),
    [
        ("", "deal_empty", {}),
        ("Anna", "deal_short", {}),
        ("Petya", "unknown_player", {"token": "Petya"}),
        ("Petya 6s 6 Boris whist 3 Vera pass 1", "unknown_player", {"token": "Petya"}),
        ("Anna 6s 6 Boris whist 3 @nobody pass 1", "unknown_player", {"token": "@nobody"}),
        ("Anna 6s 6 Boris whist 3 7 pass 1", "unknown_player", {"token": "7"}),
        ("Anna 6x 6 Boris whist 3 Vera pass 1", "bad_contract", {"token": "6x"}),
        ("Anna 5s 6 Boris whist 3 Vera pass 1", "bad_contract", {"token": "5s"}),
        ("Anna 6s", "missing_tricks", {"name": "Anna"}),
        ("Anna 6s six Boris whist 3 Vera pass 1", "bad_tricks", {"token": "six"}),
        ("Anna 6s 6 Boris whist 11 Vera pass 1", "bad_tricks", {"token": "11"}),
        # The passer's count is implied (0), as /cost implies it: 6 + 3 is not 10.
        ("Anna 6s 6 Boris whist 3", "tricks_sum", {"total": 9}),
        ("Anna 6s 6 Boris whist 3 Vera pass 1 extra", "deal_extra", {"token": "extra"}),
        ("Anna 6s 6 Boris whist 3 Vera pass 1 5", "deal_extra", {"token": "5"}),
        ("Anna 6s 6 Boris maybe 3 Vera pass 1", "bad_choice", {"token": "maybe"}),
        ("Anna 6s 6 Boris whist 3 Boris pass 1", "player_twice", {"name": "Boris"}),
        ("Anna 6s 6 Anna whist 3 Vera pass 1", "declarer_defends", {"name": "Anna"}),
        ("Anna 6s 6 Boris whist 3 Vera pass 2", "tricks_sum", {"total": 11}),
        ("raspasy Anna 5 Boris 5", "table_count", {"count": 2}),
        ("raspasy Anna 5 Boris", "raspasy_form", {}),
        ("raspasy", "raspasy_form", {}),
        ("raspasy Anna 5 Anna 5", "player_twice", {"name": "Anna"}),
        ("raspasy Anna 5 Boris 4 Vera 2", "tricks_sum", {"total": 11}),
        ("Boris misere", "missing_tricks", {"name": "Boris"}),
        ("Boris misere 0 1", "misere_extra", {}),
        ("Boris мизер x", "bad_tricks", {"token": "x"}),
    ],
)
def test_bad_input_specific_message(text: str, key: str, params: dict[str, object]) -> None:
    with pytest.raises(ParseError) as info:
        parse_deal(text, THREE)
    assert info.value.key == key
    for k, v in params.items():
        assert info.value.params[k] == v


def test_four_players_need_three_named() -> None:
    with pytest.raises(ParseError) as info:
        parse_deal("raspasy Anna 3 Boris 2 Vera 4 Gleb 1", FOUR)
    assert info.value.key == "table_count4"


def test_newpulka() -> None:
    assert parse_newpulka("").rules().target == 20
    r = parse_newpulka("sochi 20 0.5").rules()
    assert (r.variant.value, r.target, r.stake, r.currency) == ("sochi", 20, Decimal("0.5"), "RUB")
    r = parse_newpulka("leningrad 50 1 EUR").rules()
    assert (r.variant.value, r.target, r.stake, r.currency) == ("leningrad", 50, Decimal(1), "EUR")
    assert parse_newpulka("ростов 10 0,25").rules().stake == Decimal("0.25")
    assert parse_newpulka("30").rules().target == 30
    # The money as a code, a word or a sign; any other word is not taken for it.
    for words, code in [("0.5 гривень", "UAH"), ("1 eur", "EUR"), ("1 €", "EUR"), ("1 chf", "CHF")]:
        assert parse_newpulka(f"сочі до 20 по {words}").rules().currency == code, words
    for text, key in [
        ("sochi 20 0.5 please", "bad_currency"),
        ("sochi 20 0.5 очков", "bad_currency"),
        ("chess", "bad_variant"),
        ("sochi x", "bad_target"),
        ("sochi 20 abc", "bad_stake"),
        ("sochi 20 1 12$$", "bad_currency"),
        ("sochi 20 1 EUR more", "newpulka_extra"),
        ("sochi 20 -1", "bad_stake"),
    ]:
        with pytest.raises(ParseError) as info:
            parse_newpulka(text)
        assert info.value.key == key, text


def test_names() -> None:
    assert valid_name("Вася") and valid_name("Anna")
    for bad in ("12", "two words", "пас", "misere", "", "@x", "<b>"):
        assert not valid_name(bad), bad


# --- the words of every language --------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Anna 7ч 7 Boris віст 2 Vera пас 1",  # Ukrainian
        "Anna 7h 7 Boris whist 2 Vera pass 1",  # English
        "Anna 7 ч 7 Boris вист 2 Vera пас 1",  # level and suit apart
        "Anna 7 ♥ 7 Boris whist 2 Vera pass 1",
        "Anna 7черви 7 Boris віст 2 Vera пас 1",  # the suit's name
        "Anna 7чирви 7 Boris віст 2 Vera пас 1",
        "Anna 7hearts 7 Boris whist 2 Vera pass 1",
        "1 7 h 7 2 whist 2 3 pass 1",  # seats by number
    ],
)
def test_game_in_every_language(text: str) -> None:
    g = game(text)
    assert g.declarer == "Anna" and g.contract.level == 7 and g.contract.suit is Suit.HEARTS
    assert g.choices == {"Boris": Choice.WHIST, "Vera": Choice.PASS}


@pytest.mark.parametrize("word", ["6бк", "6БК", "6 бк", "6б/к", "6 nt", "6NT", "6 notrumps"])
def test_no_trumps(word: str) -> None:
    assert game(f"Anna {word} 6 Boris whist 3 Vera pass 1").contract.suit is Suit.NO_TRUMPS


@pytest.mark.parametrize(
    ("half", "misere", "raspasy"),
    [
        ("полвиста", "мизер", "распасы"),
        ("піввіста", "мізер", "розпаси"),
        ("half", "misère", "all-pass"),
        ("half-whist", "misere", "allpass"),
        ("пв", "miser", "raspasy"),
    ],
)
def test_kinds_in_every_language(half: str, misere: str, raspasy: str) -> None:
    assert game(f"Anna 6s 6 Boris пас 2 Vera {half} 2").choices["Vera"] is Choice.HALF
    assert parse_deal(f"Vera {misere} 0", THREE) == Misere("Vera", 0)
    assert parse_deal(f"{raspasy} Anna 3 Boris 2 Vera 5", THREE) == Raspasy.of(
        {"Anna": 3, "Boris": 2, "Vera": 5}
    )


@pytest.mark.parametrize("word", ["віст", "піввіста", "мізер", "розпаси", "all-pass", "half"])
def test_words_of_every_language_are_not_names(word: str) -> None:
    assert not valid_name(word)


def test_bad_contract_in_any_form() -> None:
    # "6черв" is a contract (tests/test_typed_forms.py): "6чрв" is not.
    for token in ("6x", "5ч", "11бк", "6чрв", "5 ч"):
        with pytest.raises(ParseError) as e:
            parse_deal(f"Anna {token} 6 Boris whist 3 Vera pass 1", THREE)
        assert e.value.key in ("bad_contract", "defenders_form"), token


def test_ukrainian_variants() -> None:
    assert parse_newpulka("ленінградка 50 1 UAH").variant == "leningrad"
    assert parse_newpulka("сочі").variant == "sochi"


# --- /correct ------------------------------------------------------------------------


def test_correction_full_form() -> None:
    c = parse_correction("Anna mountain -2 pulka 1 whists Boris 10 — miscounted deal 5", THREE)
    assert c == Correction.of(
        "Anna", pulka=1, mountain=-2, whists={"Boris": 10}, note="miscounted deal 5"
    )


@pytest.mark.parametrize(
    "text",
    [
        "anna гора -2 пуля 1 висты boris 10 — ошиблись",  # Russian
        "ANNA гора -2 куля 1 вісти Boris 10 — ошиблись",  # Ukrainian
        "@anna mountain -2 pool 1 whists 2 10 — ошиблись",  # English, @username, seat
        "1 пуля +1 гора −2 висты на Boris 10: ошиблись",  # any order, Unicode minus, colon
        "Anna whists on boris 10 mountain -2 pulka 1 - ошиблись",
        "Anna гору -2 пулю 1 вист Boris 10 —ошиблись",
    ],
)
def test_correction_words_of_every_language(text: str) -> None:
    assert parse_correction(text, THREE) == Correction.of(
        "Anna", pulka=1, mountain=-2, whists={"Boris": 10}, note="ошиблись"
    )


def test_correction_note_drops_control_characters() -> None:
    """A note keeps no control character: the record refuses one, and /export must read back."""
    c = parse_correction("Anna гора 1 — ошибка\x00 в\x07 сдаче\u2028 5\x9f", THREE)
    assert c.note == "ошибка в сдаче 5"
    load_document(record_json(("Anna", "Boris", "Vera"), Rules(), [c]))


def test_correction_amounts_and_notes() -> None:
    c = parse_correction("Vera гора 2.5", THREE)
    assert (c.player, c.mountain, c.pulka, c.whists, c.note) == ("Vera", Fraction(5, 2), 0, (), "")
    assert parse_correction("Vera гора 2,5", THREE).mountain == Fraction(5, 2)
    c = parse_correction("Boris whists Anna 3, Vera -1.5", THREE)
    assert dict(c.whists) == {"Anna": Fraction(3), "Vera": Fraction(-3, 2)}
    assert parse_correction("Boris pool -4 — a note:  with   spaces", THREE).note == (
        "a note: with spaces"
    )
    assert parse_correction("Boris pool 4 -", THREE).note == ""
    assert parse_correction("Gleb mountain 1", FOUR).player == "Gleb"


@pytest.mark.parametrize(
    ("text", "key", "params"),
    [
        ("", "correction_empty", {}),
        ("   — just a note", "correction_empty", {}),
        ("Dima mountain 2", "unknown_player", {"token": "Dima"}),
        ("Anna", "correction_no_amount", {}),
        ("Anna — note only", "correction_no_amount", {}),
        ("Anna mountain 0 pool 0", "correction_no_amount", {}),
        ("Anna mountain", "correction_missing_amount", {"token": "mountain"}),
        ("Anna whists", "correction_missing_amount", {"token": "whists"}),
        ("Anna whists Boris", "correction_missing_amount", {"token": "Boris"}),
        ("Anna whists Boris mountain 2", "correction_missing_amount", {"token": "Boris"}),
        ("Anna mountain pool 2", "correction_missing_amount", {"token": "mountain"}),
        ("Anna mountain two", "correction_bad_amount", {"token": "two"}),
        ("Anna гора 1e5", "correction_bad_amount", {"token": "1e5"}),
        ("Anna гора 2.5.1", "correction_bad_amount", {"token": "2.5.1"}),
        ("Anna whists Boris x", "correction_bad_amount", {"token": "x"}),
        ("Anna hill 2", "correction_bad_word", {"token": "hill"}),
        ("Anna 2", "correction_bad_word", {"token": "2"}),
        ("Anna гора 1 гора 2", "correction_twice", {"token": "гора"}),
        ("Anna пуля 1 pool 2", "correction_twice", {"token": "pool"}),
        ("Anna whists Boris 1 mountain 1 whists Vera 2", "correction_twice", {"token": "whists"}),
        ("Anna whists Boris 1 Boris 2", "player_twice", {"name": "Boris"}),
        ("Anna whists Dima 1", "unknown_player", {"token": "Dima"}),
    ],
)
def test_correction_bad_input(text: str, key: str, params: dict[str, object]) -> None:
    with pytest.raises(ParseError) as info:
        parse_correction(text, THREE)
    assert info.value.key == key and info.value.form == "correction"
    for k, v in params.items():
        assert info.value.params[k] == v
    assert "correction" in FORMS
