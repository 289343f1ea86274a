"""The typed forms people actually type, the guards
against the common slip, and the standings in the answer to a typed deal.

The forms table is the list of every accepted form (``/help`` shows the same forms)
with the deal it means; each is also played on the sheet, so the engine accepts it.
The guards are played end to end through the fake Bot API server.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from harness import App, group
from tapping import Tapper
from test_truth_after_commit import redeliver

from bot.features.deals.guard import REPEAT_WINDOW, canonical, repeat_of
from bot.grammar.deals import parse_deal, parse_newpulka
from bot.model import ParseError, PlayerRow
from bot.views.texts import Texts
from scoring import Choice, Deal, Game, Misere, PulkaState, Raspasy, Rules, play

THREE = [
    PlayerRow(0, "Anna", 1, "anna"),
    PlayerRow(1, "Boris", 2, None),
    PlayerRow(2, "Vera", None, None),
]
FOUR = [*THREE, PlayerRow(3, "Gleb", 4, None)]
#: Hussar (two and a dummy) and five (more in tests/test_deals_two_and_five.py).
TWO = THREE[:2]
FIVE = [*FOUR, PlayerRow(4, "Dima", None, None)]


def state_of(players: list[PlayerRow]) -> PulkaState:
    """A fresh sheet: the first seat (Anna) deals, and with four sits out."""
    return PulkaState.new(tuple(p.name for p in players), Rules())


def parsed(text: str, players: list[PlayerRow] = THREE) -> Deal:
    state = state_of(players)
    deal = parse_deal(text, players, state)
    play(state, deal)  # the engine writes it as it is
    return deal


def g(contract: str, defence: dict[str, str], tricks: dict[str, int], who: str = "Anna") -> Game:
    return Game.of(who, contract, defence, tricks)


WB = {"Boris": "whist", "Vera": "pass"}
MADE_7 = g("7H", WB, {"Anna": 7, "Boris": 3, "Vera": 0})
OVER_7 = g("7H", WB, {"Anna": 8, "Boris": 2, "Vera": 0})
DOWN_7 = g("7H", WB, {"Anna": 6, "Boris": 4, "Vera": 0})
HALF_6 = g("6S", {"Boris": "pass", "Vera": "half"}, {"Anna": 6, "Vera": 2, "Boris": 2})

#: Every typed form with a count left out or a word for a number, and the deal it is.
FORMS_TABLE: list[tuple[str, list[PlayerRow], Deal]] = [
    # A made game without counts: the lone whister takes what the declarer did not
    # (the engine writes a lone whister's whists on 10 minus the declarer's tricks,
    # whatever the passer took), the passer 0, as the wizard writes it.
    ("Anna 7ч ровно Boris вист", THREE, MADE_7),
    ("Anna 7ч ровно Boris вист Vera пас", THREE, MADE_7),
    ("Anna 7ч 7 Boris висты", THREE, MADE_7),
    ("Anna 7 червей ровно Boris вистует Vera пасует", THREE, MADE_7),
    ("Anna 7h exactly Boris whists Vera passes", THREE, MADE_7),
    ("Anna 7ч рівно Boris вістує Vera пасує", THREE, MADE_7),
    ("Anna 7ч +1 Boris вист", THREE, OVER_7),
    # A count after the whister's answer, the rest implied as /cost implies it: the
    # declarer's tricks left out are what the defence did not take, the passer's 0.
    ("Anna 7ч 7 Boris вист 3", THREE, MADE_7),
    ("Anna 7h Boris whist 2", THREE, OVER_7),
    ("Anna 7ч Boris вист 4 Vera пас", THREE, DOWN_7),
    ("Anna 7 hearts +1 Boris whist", THREE, OVER_7),
    ("Anna 7ч без одной Boris вист", THREE, DOWN_7),
    ("Anna 7ч -1 Boris вист", THREE, DOWN_7),
    ("Anna 7ч −1 Boris вист", THREE, DOWN_7),
    ("Anna 7ч без однієї Boris віст", THREE, DOWN_7),
    ("Anna 7ч без одного Boris віст", THREE, DOWN_7),
    ("Anna 7ч down 1 Boris whist", THREE, DOWN_7),
    ("Anna 7ч down one Boris whist Vera pass", THREE, DOWN_7),
    ("Anna 7ч без 1 Boris вист", THREE, DOWN_7),
    (
        "Anna 8п без двух Vera вист",
        THREE,
        g("8S", {"Vera": "whist", "Boris": "pass"}, {"Anna": 6, "Vera": 4, "Boris": 0}),
    ),
    # Both pass: nobody plays it, the declarer is written the contract.
    (
        "Anna 10бк Boris пас Vera пас",
        THREE,
        g("10NT", {"Boris": "pass", "Vera": "pass"}, {"Anna": 10, "Boris": 0, "Vera": 0}),
    ),
    (
        "Anna 6 без козыря Boris пасует Vera пасует",
        THREE,
        g("6NT", {"Boris": "pass", "Vera": "pass"}, {"Anna": 6, "Boris": 4, "Vera": 0}),
    ),
    # Pass and half-whist: not played; the half-whister takes half the quota.
    ("Anna 6п Boris пас Vera пол-виста", THREE, HALF_6),
    ("Anna 6п Boris пас Vera полвист", THREE, HALF_6),
    ("Anna 6п Boris пас Vera пів-віста", THREE, HALF_6),
    ("Anna 6 spades Boris pass Vera half", THREE, HALF_6),
    ("Anna 6п Vera полвиста", THREE, HALF_6),
    # The defenders' words with counts, as ever.
    ("Anna 7ч 7 Boris вистует 3 Vera пасует 0", THREE, MADE_7),
    ("Anna 7ч 7 Boris whists 3 Vera passes 0", THREE, MADE_7),
    # With counts, every defender named: the passer's count may be left out (he took
    # 0), and with two whisters one of the three (the rest), as in /cost.
    ("Anna 7ч 7 Boris вист 3 Vera пас", THREE, MADE_7),
    (
        "Anna 6п 5 Boris вист 2 Vera вист",
        THREE,
        g("6S", {"Boris": "whist", "Vera": "whist"}, {"Anna": 5, "Boris": 2, "Vera": 3}),
    ),
    # Both whist, their counts after both choices (/cost 6♠ без одной вист вист 2 3).
    (
        "Boris 6 червей без двух Anna вист Vera вист 2 4",
        THREE,
        g("6H", {"Vera": "whist", "Anna": "whist"}, {"Boris": 4, "Vera": 4, "Anna": 2}, "Boris"),
    ),
    # Misère in any order, clean in words.
    ("мизер Boris 0", THREE, Misere("Boris", 0)),
    ("мізер Boris 2", THREE, Misere("Boris", 2)),
    ("Boris мизер чистый", THREE, Misere("Boris", 0)),
    ("Boris мізер чистий", THREE, Misere("Boris", 0)),
    ("misere Boris clean", THREE, Misere("Boris", 0)),
    # Raspasy tricks in seat order (as on the sheet); with four without the dealer.
    ("распасы 3 2 5", THREE, Raspasy.of({"Anna": 3, "Boris": 2, "Vera": 5})),
    ("розпаси 3 2 5", THREE, Raspasy.of({"Anna": 3, "Boris": 2, "Vera": 5})),
    ("all-pass 3 2 5", THREE, Raspasy.of({"Anna": 3, "Boris": 2, "Vera": 5})),
    ("распасы 3 2 5", FOUR, Raspasy.of({"Boris": 3, "Vera": 2, "Gleb": 5})),
    # Four: the defender not named is the one the seating puts at the table.
    (
        "Boris 7ч ровно Vera вист",
        FOUR,
        g("7H", {"Vera": "whist", "Gleb": "pass"}, {"Boris": 7, "Vera": 3, "Gleb": 0}, "Boris"),
    ),
    # Hussar: one defender, who may go unnamed; the declarer's tricks after his answer.
    ("Anna 7ч вист 7", TWO, g("7H", {"Boris": "whist"}, {"Anna": 7, "Boris": 3})),
    ("Anna 7ч без одной Boris вист", TWO, g("7H", {"Boris": "whist"}, {"Anna": 6, "Boris": 4})),
    ("1 7ч 7 2 вист", TWO, g("7H", {"Boris": "whist"}, {"Anna": 7, "Boris": 3})),
    ("Anna 10бк Boris пас", TWO, g("10NT", {"Boris": "pass"}, {"Anna": 10, "Boris": 0})),
    ("Anna 6п пас", TWO, g("6S", {"Boris": "pass"}, {"Anna": 6, "Boris": 4})),
    ("распасы 3 5", TWO, Raspasy.of({"Anna": 3, "Boris": 5})),
    ("мизер Boris 0", TWO, Misere("Boris", 0)),
    # Five: as four, the three at the table (Anna deals, Dima sits out with her).
    (
        "Boris 7ч ровно Vera вист",
        FIVE,
        g("7H", {"Vera": "whist", "Gleb": "pass"}, {"Boris": 7, "Vera": 3, "Gleb": 0}, "Boris"),
    ),
    ("распасы 3 2 5", FIVE, Raspasy.of({"Boris": 3, "Vera": 2, "Gleb": 5})),
    ("Anna 7h 7 Boris vist Vera pas", THREE, MADE_7),  # вист and пас in Latin letters
    # Telegram names in Latin letters, typed in Cyrillic as the table says them.
    ("Анна 7ч 7 Борис вист 3 Вера пас 0", THREE, MADE_7),
    ("распасы Анна 3 Борис 2 Вера 5", THREE, Raspasy.of({"Anna": 3, "Boris": 2, "Vera": 5})),
    ("Глеб мизер 0", [*THREE[1:], PlayerRow(3, "Gleb", 4, None)], Misere("Gleb", 0)),
]


@pytest.mark.parametrize(("text", "players", "deal"), FORMS_TABLE)
def test_forms_table(text: str, players: list[PlayerRow], deal: Deal) -> None:
    assert canonical(parsed(text, players)) == canonical(deal)


def test_pol_is_half_whist() -> None:
    """``пол`` is what a Russian table says for half-whist, as ``пів`` in Ukrainian."""
    deal = parsed("Anna 6бк Boris пас Vera пол", THREE)
    assert isinstance(deal, Game) and dict(deal.defence)["Vera"] is Choice.HALF


def test_pas_and_vist_in_latin_letters_are_pass_and_whist_never_a_name() -> None:
    # "pas" is not the start of Pasha: it is read as "пас" is, written or refused alike.
    seats = [PlayerRow(i, n, i + 1, None) for i, n in enumerate(("Vera", "Pasha", "Anya"))]

    def read(text: str) -> object:
        try:
            return canonical(parse_deal(text, seats, state_of(seats)))
        except ParseError as e:
            return e.key, e.params

    for latin, cyrillic in [
        ("Vera 6♠ 6 Pasha vist 4 Anya pas", "Vera 6♠ 6 Pasha вист 4 Anya пас"),
        ("Vera 6♠ 6 pas вист 4", "Vera 6♠ 6 пас вист 4"),
    ]:
        assert read(latin) == read(cyrillic), latin


@pytest.mark.parametrize(
    ("names", "word", "key"),
    [
        # A slip of a grammar word is no player, whoever sounds like it.
        (("Вера", "Паша", "Аня"), "пасс", "unknown_player"),
        (("Vera", "Pasha", "Anya"), "пасс", "unknown_player"),
        # A start in one alphabet and a sound in the other: asked, never guessed, and
        # told by seat (no more letters make "Макс" Max).
        (("Max", "Максим", "Вера"), "Макс", "ambiguous_sound"),
        # By sound only whole names, and only across alphabets.
        (("Boris", "Vera", "Anna"), "Бор", "unknown_player"),
        (("Petra", "Boris", "Anna"), "Пётр", "unknown_player"),
        (("Yana", "Boris", "Anna"), "Ian", "unknown_player"),
    ],
)
def test_a_name_by_sound_is_never_a_guess(names: tuple[str, ...], word: str, key: str) -> None:
    seats = [PlayerRow(i, n, i + 1, None) for i, n in enumerate(names)]
    text = f"{names[0]} 6♠ 6 {word} вист 4"
    with pytest.raises(ParseError) as info:
        parse_deal(text, seats, state_of(seats))
    assert info.value.key == key, text


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("6 пик", "S"),
        ("6 пики", "S"),
        ("6 піки", "S"),
        ("6 spades", "S"),
        ("6пик", "S"),
        ("6 треф", "C"),
        ("6 трефи", "C"),
        ("6 крести", "C"),
        ("6к", "C"),
        ("6 хрести", "C"),
        ("6 clubs", "C"),
        ("6 бубен", "D"),
        ("6 бубни", "D"),
        ("6 diamonds", "D"),
        ("6 червей", "H"),
        ("6черв", "H"),
        ("6 чирви", "H"),
        ("6 hearts", "H"),
        ("6 без козыря", "NT"),
        ("6 без козиря", "NT"),
        ("6 notrump", "NT"),
        ("6 no trumps", "NT"),
    ],
)
def test_suits_as_words_and_letters(text: str, suit: str) -> None:
    deal = parsed(f"Anna {text} 6 Boris вист 4 Vera пас 0")
    assert isinstance(deal, Game) and str(deal.contract) == f"6{suit}"


@pytest.mark.parametrize(
    ("text", "players", "key"),
    [
        # Two whisters: how they split the defence is not known.
        ("Anna 7ч ровно Boris вист Vera вист", THREE, "whisters_counts"),
        ("Anna 7ч Boris вист", THREE, "missing_result"),  # whisted: how many?
        ("Anna 7ч ровно Boris пас", THREE, "name_both"),  # the other whisted or passed?
        ("Anna 7ч ровно", THREE, "defenders_form"),
        ("Anna 7ч +5 Boris вист", THREE, "bad_tricks"),
        ("Anna 7ч без Boris вист", THREE, "bad_tricks"),
        ("Anna 7ч -0 Boris вист", THREE, "bad_tricks"),
        # A name where a count may stand, of nobody seated: the name is the matter.
        ("Anna 6п Boris пас Лена пол", THREE, "unknown_player"),
        ("Anna 6s Boris pass Vera half", TWO, "unknown_player"),
        ("Anna 6п 6 Boris вист x Vera пас", THREE, "bad_tricks"),
        ("Anna 6чрв 6 Boris вист 4 Vera пас 0", THREE, "bad_contract"),
        ("Boris мизер", THREE, "missing_tricks"),
        ("Boris мизер грязный", THREE, "bad_tricks"),
        ("распасы 3 2 4", THREE, "tricks_sum"),
        ("распасы 3 2", THREE, "table_count"),  # seat 3, two tricks
        # Four: the named defender sits out by the seating, or the declarer does.
        ("Boris 7ч ровно Anna вист", FOUR, "dealer_sits_out"),  # Anna deals
        ("Anna 7ч ровно Boris вист", FOUR, "dealer_sits_out"),
        # Five: Anna deals, Dima (her neighbour) sits out with her.
        ("Boris 7ч ровно Dima вист", FIVE, "sits_out"),
        ("Dima 7ч ровно Boris вист", FIVE, "sits_out"),
    ],
)
def test_still_refused_with_a_specific_message(
    text: str, players: list[PlayerRow], key: str
) -> None:
    with pytest.raises(ParseError) as info:
        parse_deal(text, players, state_of(players))
    assert info.value.key == key
    for lang in ("ru", "uk", "en"):
        Texts(lang)(info.value.key, **{k: str(v) for k, v in info.value.params.items()})


@pytest.mark.parametrize(
    ("text", "tricks"),
    [
        # One count after two answers is the last defender's, as the page's fields and
        # "name, answer, count" read it; the lone whister takes the rest.
        ("Boris 6s 7 Vera вист Anna вист 1", {"Boris": 7, "Vera": 2, "Anna": 1}),
        ("Boris 6s 6 Vera вист Anna пас 1", {"Boris": 6, "Vera": 3, "Anna": 1}),
        ("Boris 6s 6 Vera вист Anna пас", {"Boris": 6, "Vera": 4, "Anna": 0}),
        # As many counts as answers: in the answers' order, wherever they stand.
        ("Boris 6s 7 Vera вист Anna вист 2 1", {"Boris": 7, "Vera": 2, "Anna": 1}),
        ("Boris 6s 7 Vera вист 1 Anna вист", {"Boris": 7, "Vera": 1, "Anna": 2}),
        ("Boris 6s 7 Vera вист 1 Anna вист 2", {"Boris": 7, "Vera": 1, "Anna": 2}),
    ],
)
def test_a_count_after_the_answers_is_whose_it_stands_by(text: str, tricks: dict[str, int]) -> None:
    assert parsed(text).trick_map == tricks


@pytest.mark.parametrize(
    ("text", "meant"),
    [
        # The trick word after a count, as the bot's own lines write it.
        ("Boris мизер 2 взятки", "Boris мизер 2"),
        ("Boris мизер без взяток", "Boris мизер 0"),
        ("Boris misere 1 trick", "Boris мизер 1"),
        ("Anna 7ч 7 взяток Boris вист", "Anna 7ч 7 Boris вист"),
        ("Anna 7ч 7 Boris вист 2 взятки Vera пас 1 взятка", "Anna 7ч 7 Boris вист 2 Vera пас 1"),
        # Half-whist in two words, a dash jotted before an answer.
        ("Anna 6п 6 Boris пас Vera пол виста", "Anna 6п 6 Boris пас Vera полвиста"),
        ("Anna 6п 6 Boris пас Vera пів віста", "Anna 6п 6 Boris пас Vera полвиста"),
        ("Anna 6п 6, Boris - вист 3, Vera - пас 1", "Anna 6п 6 Boris вист 3 Vera пас 1"),
        # Both passing: who said which does not matter, so no names are needed.
        ("Anna 6п пас пас", "Anna 6п Boris пас Vera пас"),
        ("Anna 6п оба пас", "Anna 6п Boris пас Vera пас"),
        ("Anna 6п both pass", "Anna 6п Boris пас Vera пас"),
        ("Anna 6п 6 оба пас", "Anna 6п Boris пас Vera пас"),
        ("Anna 8п без одной взятки Boris вист", "Anna 8п без одной Boris вист"),
        ("Boris мизер без взяток", "Boris мизер чистый"),
    ],
)
def test_what_a_table_jots_around_the_counts(text: str, meant: str) -> None:
    assert parsed(text) == parsed(meant)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Anna 6п 6 оба вист", "both_whist_named"),  # whose tricks are whose?
        ("Anna 6п оба вист", "both_whist_named"),
        ("Anna 6п пас", "passes_unnamed"),
        ("Anna 6п пас Boris вист", "passes_unnamed"),
        ("Anna 6п Boris пас пас", "passes_unnamed"),
        ("Anna 6п 6 Boris вист вист", "passes_unnamed"),
        # "без взятки" after a game: down six, or a slip? Refused, never written.
        ("Anna 6п без взятки Boris вист", "bad_tricks"),
        # A dash before a count is no mark to drop: "-1", or a slip?
        ("Anna 7ч - 1 Boris вист", "bad_tricks"),
        # The level read, the suit misspelt: the suit is what is wrong.
        ("Anna 7 червй ровно Boris вист", "bad_suit_guess"),
        ("Anna 8 пк ровно Boris вист", "bad_suit_guess"),
        ("Anna 7 хч ровно Boris вист", "bad_suit"),
        ("Anna 11 ч ровно Boris вист", "bad_contract"),
    ],
)
def test_what_cannot_be_read_without_names_is_refused(text: str, key: str) -> None:
    with pytest.raises(ParseError) as info:
        parsed(text)
    assert info.value.key == key, info.value.params
    for lang in ("ru", "uk", "en"):
        assert "{" not in Texts(lang)(key, **info.value.params)


def test_all_pass_at_four_may_write_the_dealers_zero() -> None:
    """Anna deals and sits out; a table that writes her 0 too means the same deal; a 0
    of another is refused naming who is at the table, four counts without a 0 as four
    named for three."""
    meant = parsed("распасы Boris 3 Vera 2 Gleb 5", FOUR)
    assert parsed("распасы Boris 3 Vera 2 Gleb 5 Anna 0", FOUR) == meant
    assert parsed("распасы Anna 0 Boris 3 Vera 2 Gleb 5", FOUR) == meant
    assert parsed("распасы 0 3 2 5", FOUR) == meant  # every seat's count, in seat order
    with pytest.raises(ParseError) as info:
        parsed("распасы Boris 0 Vera 5 Gleb 4 Anna 1", FOUR)
    assert (info.value.key, info.value.params) == (
        "raspasy_counts",
        {"players": "Boris, Vera, Gleb"},
    )
    with pytest.raises(ParseError) as info:
        parsed("распасы Boris 3 Vera 2 Gleb 4 Anna 1", FOUR)
    assert info.value.key == "table_count4"


def test_a_misspelt_suit_is_quoted_with_the_suit_it_is_nearest() -> None:
    with pytest.raises(ParseError) as info:
        parsed("Anna 7 червй ровно Boris вист")
    said = Texts("ru")(info.value.key, **info.value.params)
    assert said == "«7 червй»: не понимаю масть — может быть, 7♥?"


def test_tricks_in_seat_order_one_short_count_the_numbers() -> None:
    """``распасы 3 2`` at three is two tricks of three, not seat 3 with two tricks."""
    with pytest.raises(ParseError) as info:
        parse_deal("распасы 3 2", THREE, state_of(THREE))
    assert (info.value.key, info.value.params["count"]) == ("table_count", 2)


def test_a_pulka_over_is_said_before_who_would_sit_the_next_deal_out() -> None:
    """At four the next dealer sits out; once the pulka is over nobody deals next, so a
    deal that names him is refused as a deal after the end, not as his sitting out."""
    from dataclasses import replace

    from scoring import ScoringError

    over = replace(state_of(FOUR), finished=True)
    dealer, left = FOUR[over.next_dealer].name, FOUR[(over.next_dealer + 1) % 4].name
    with pytest.raises(ScoringError) as info:
        parse_deal(f"{dealer} 6п ровно {left} вист", FOUR, over)
    assert info.value.code == "pulka_over"
    with pytest.raises(ScoringError) as info:
        play(over, parse_deal("распасы 3 2 5", FOUR, over))
    assert info.value.code == "pulka_over"


def test_without_a_sheet_four_need_names() -> None:
    """The forms that ask the seating need the sheet: without it they are refused."""
    with pytest.raises(ParseError):
        parse_deal("распасы 3 2 5", FOUR)
    with pytest.raises(ParseError):
        parse_deal("Boris 7ч ровно Vera вист", FOUR)


@pytest.mark.parametrize(
    ("text", "variant", "target", "stake", "currency"),
    [
        ("сочинка до 20 по 0.5", "sochi", 20, "0.5", None),
        ("сочи до 20 по 1", "sochi", 20, "1", None),
        ("сочі до 20 по 1 UAH", "sochi", 20, "1", "UAH"),
        ("ленинградка до 50 по 1 EUR", "leningrad", 50, "1", "EUR"),
        ("ленинград по 2 до 30", "leningrad", 30, "2", None),
        ("ленінградка до 40", "leningrad", 40, None, None),
        ("ростовка до 10 по 0,25", "rostov", 10, "0.25", None),
        ("ростов 10 по 1", "rostov", 10, "1", None),
        ("rostov to 10 at 0.25 EUR", "rostov", 10, "0.25", "EUR"),
        ("leningrad 50 1 EUR", "leningrad", 50, "1", "EUR"),
        ("по 0.5", "sochi", None, "0.5", None),
    ],
)
def test_newpulka_forms(
    text: str, variant: str, target: int | None, stake: str | None, currency: str | None
) -> None:
    args = parse_newpulka(text)
    assert (args.variant, args.target, args.currency) == (variant, target, currency)
    assert args.stake == (None if stake is None else Decimal(stake))
    args.rules()


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("сочи до", "bad_target"),
        ("сочи по", "bad_stake"),
        ("сочи до x", "bad_target"),
        ("сочи по x", "bad_stake"),
        ("сочи до 20 до 30", "newpulka_extra"),
        ("сочи до 20 по 1 EUR лишнее", "newpulka_extra"),
    ],
)
def test_newpulka_refused(text: str, key: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_newpulka(text)
    assert info.value.key == key


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_help_lists_the_forms(lang: str) -> None:
    tx = Texts(lang)
    text = tx("help_start") + tx("help_deals")  # the pages of /help on starting and deals
    words = {
        "ru": ["ровно", "+1", "без одной", "пол-виста", "мизер Борис 0", "чистый", "распасы 3 2 5"],
        "uk": [
            "рівно",
            "+1",
            "без одного",
            "пів-віста",
            "мізер Борис 0",
            "чистий",
            "розпаси 3 2 5",
        ],
        "en": ["exactly", "+1", "down 1", "half", "misere Boris 0", "clean", "all-pass 3 2 5"],
    }[lang]
    more = ["до 50 по 1", "3 2 5"] if lang != "en" else ["to 50 at 1", "all-pass 3 2 5"]
    for word in [*words, *more]:
        assert word in text, (lang, word)


def test_repeat_window() -> None:
    """Only the last live deal, only the same one, only within two minutes."""
    from bot.model import EventKind, EventRow, PulkaRow, PulkaStatus, build_table
    from scoring.record import deal_to_json, rules_to_json

    deal = parsed("Anna 7ч ровно Boris вист")
    at = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
    event = EventRow(1, 1, 1, EventKind.DEAL, deal_to_json(deal), 1, "Anna", 1, 1, at.isoformat())
    rules = rules_to_json(Rules())
    row = PulkaRow(1, 1, 0, rules, PulkaStatus.ACTIVE, 1, "Anna", tuple(THREE), (event,))
    table = build_table(row)
    assert repeat_of(table, parsed("Anna 7h exactly Boris whist Vera pass"), at) is not None
    late = at + REPEAT_WINDOW
    assert repeat_of(table, deal, late) is None
    assert repeat_of(table, deal, late - timedelta(seconds=1)) is not None
    assert repeat_of(table, parsed("Anna 7ч +1 Boris вист"), at) is None


def test_the_same_words_again_at_four_are_a_repeat_though_the_dealer_moved() -> None:
    """At four the passer left out is the dealer's business: the same words typed again
    after the dealer moved on fill in another passer, and are still the same message."""
    from bot.model import EventKind, EventRow, PulkaRow, PulkaStatus, build_table
    from scoring.record import deal_to_json, rules_to_json

    words = "Vera 7ч ровно Gleb вист"
    first = parsed(words, FOUR)  # Anna deals: Boris passes
    at = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
    event = EventRow(1, 1, 1, EventKind.DEAL, deal_to_json(first), 1, "Anna", 1, 1, at.isoformat())
    row = PulkaRow(
        1, 1, 0, rules_to_json(Rules()), PulkaStatus.ACTIVE, 1, "Anna", tuple(FOUR), (event,)
    )
    table = build_table(row)
    assert table.state is not None
    again = parse_deal(words, FOUR, table.state)  # Boris deals: Anna passes
    assert canonical(again) != canonical(first)
    assert repeat_of(table, again, at, typed=words) is not None
    assert repeat_of(table, again, at) is None  # not the same deal by itself
    assert repeat_of(table, again, at, typed="Vera 7ч ровно Anna пас Gleb вист") is None


# --- end to end ---------------------------------------------------------------------

YES, NO = "✅ Да, записать", "✖ Нет"
STANDINGS = "Если закончить сейчас (в вистах):"


async def seated(app: App, chat: dict[str, Any], p: dict[str, Any], *who: str) -> None:
    assert "Новая пулька" in await app.say(chat, p["anna"], "/newpulka сочинка до 20 по 0.5")
    for name in who:
        assert "садится за стол" in await app.say(chat, p[name], "/join")


async def test_same_deal_again_asks_first(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        await seated(app, chat, p, "anna", "boris", "vera")
        first = await app.say(chat, p["anna"], "/deal Anna 7ч ровно Boris вист")
        # The answer is what it wrote and its cost; the standings are on the scoreboard.
        assert "Сдача №1" in first and len(first.splitlines()) <= 5
        assert STANDINGS in await app.board(chat)
        assert await app.count("deal") == 1

        # The same deal, typed otherwise: asked about, nothing written yet.
        sent = tg.send_message(chat, p["boris"], "/deal Anna 7h exactly Boris whist Vera pass")
        question = await tg.wait_for_message(chat, after=sent["message_id"])
        await app.idle()
        assert "Точно такая же сдача только что записана: №1" in question["text"]
        assert question["reply_to_message"]["message_id"] == sent["message_id"]
        assert ui.labels(question["message_id"]) == [YES, NO]
        assert await app.count("deal") == 1

        # "No": nothing written, and it says so.
        answer = await ui.tap(p["boris"], question["message_id"], NO)
        assert "Boris: «Нет». Ничего не записано." in ui.text(question["message_id"])
        assert ui.labels(question["message_id"]) == []
        assert await app.count("deal") == 1

        # Again, and "Yes": written once, even if the press is delivered again.
        sent = tg.send_message(chat, p["boris"], "/deal Anna 7ч ровно Boris вист")
        question = await tg.wait_for_message(chat, after=sent["message_id"])
        await app.idle()
        q = tg.press_button(
            chat, p["vera"], question["message_id"], ui.data(question["message_id"], YES)
        )
        answer = await tg.wait_for(lambda: tg.callback_answer(q["id"]), description="yes")
        assert answer["text"] == "Записано: сдача №2"
        written = ui.text(question["message_id"])
        assert "Сдача №2" in written and STANDINGS in await app.board(chat)
        assert await app.count("deal") == 2
        again = redeliver(app, q)
        await tg.wait_for(lambda: tg.callback_answer(again["id"]), description="again")
        await app.idle()
        assert await app.count("deal") == 2

        # The command delivered again after "Yes": answered with what it wrote.
        tg.updates.push({"message": sent})
        await app.idle()
        assert "уже записана (№2)" in str(tg.sent_messages(chat)[-1].get("text"))
        assert await app.count("deal") == 2

        # A different deal is written at once.
        other = await app.say(chat, p["vera"], "/deal Boris мизер чистый")
        assert "Сдача №3" in other and STANDINGS in await app.board(chat)


async def test_question_out_of_date_writes_nothing(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        await seated(app, chat, p, "anna", "boris", "vera")
        await app.say(chat, p["anna"], "/deal распасы 3 2 5")
        sent = tg.send_message(chat, p["anna"], "/deal распасы Anna 3 Boris 2 Vera 5")
        question = await tg.wait_for_message(chat, after=sent["message_id"])
        await app.idle()
        assert "№1" in question["text"]
        # Meanwhile another deal is written: the question no longer stands.
        assert "Сдача №2" in await app.say(chat, p["vera"], "/deal Vera мизер 0")
        answer = await ui.tap(p["anna"], question["message_id"], YES)
        assert "устарела" in (answer["text"] or "")
        assert await app.count("deal") == 2


async def test_another_sitting_out_asks_first(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        await seated(app, chat, p, "anna", "boris", "vera", "gleb")
        # Anna deals first and sits out; this deal leaves out Gleb.
        sent = tg.send_message(chat, p["boris"], "/deal Boris 7ч 7 Vera вист 3 Anna пас 0")
        question = await tg.wait_for_message(chat, after=sent["message_id"])
        await app.idle()
        text = question["text"]
        assert "По рассадке эту сдачу пропускает Anna, а в записи пропускает Gleb" in text
        assert await app.count("deal") == 0
        answer = await ui.tap(p["gleb"], question["message_id"], YES)
        assert answer["text"] == "Записано: сдача №1"
        assert await app.count("deal") == 1
        # The engine took Gleb for that dealer: Anna deals next and sits out, as typed.
        typed = await app.say(chat, p["vera"], "/deal Boris 6п ровно Vera вист")
        assert "Сдача №2" in typed and STANDINGS in await app.board(chat)
        assert await app.count("deal") == 2


async def test_english_forms_end_to_end(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        await seated(app, chat, p, "anna", "boris", "vera")
        await app.say(chat, p["anna"], "/lang en")
        answer = await app.say(chat, p["anna"], "/deal Anna 6 spades down 1 Boris whists")
        assert "Deal 1" in answer and "If we stopped now (in whists):" in await app.board(chat)
        refused = await app.say(chat, p["anna"], "/deal Anna 7h exactly Boris whist Vera whist")
        assert "Both whist" in refused
        assert await app.count("deal") == 1


async def test_the_same_words_at_four_are_asked_about_naming_both_deals(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    ui = Tapper(tg, chat)
    async with app.polling():
        await seated(app, chat, p, "anna", "boris", "vera", "gleb")
        assert "Сдача №1" in await app.say(chat, p["anna"], "/deal распасы 3 2 5")
        question = await app.reply_msg(chat, p["anna"], "/deal распасы 3 2 5")
        assert question["text"] == (
            "Эти же слова только что записали сдачу №1: распасы 3-2-5 — Boris 3, Vera 2, "
            "Gleb 5. Сейчас сдаёт другой, и они значат другую сдачу.\n"
            "Записать распасы 3-2-5 — Anna 3, Vera 2, Gleb 5?"
        )
        await ui.tap(p["vera"], question["message_id"], YES)
        assert "Сдача №2: распасы 3-2-5 — Anna 3, Vera 2, Gleb 5" in ui.text(question["message_id"])


async def test_a_misere_of_the_dealer_at_four_names_who_may_play_it(
    app: App, people: dict[str, Any]
) -> None:
    chat = group(app.tg, people)
    async with app.polling():
        await seated(app, chat, people, "anna", "boris", "vera", "gleb")
        refused = await app.say(chat, people["boris"], "/deal Anna мизер 0")
        assert "Anna в этот раз сдаёт и не играет" in refused
        assert "мизер играет один из тех, кто за столом, — Boris, Vera, Gleb" in refused
    assert await app.count("deal") == 0
