"""Names as a table says them: in any case, by the start of a name, by @username, by seat
number and by a nickname a player gives himself (``/nick Боря``); a start several names
share is refused naming them; the board names who plays the next deal at four and five.

End to end through the real Dispatcher and the fake Bot API server.  What a deal named
is checked against the deal written with the seated names in full (:func:`parse_deal`
on the same sheet), and who plays next is asked of :mod:`scoring` (the state's
``next_table``), never written here by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from harness import App

from bot.actions import boards
from bot.grammar.deals import find_player, fold, parse_correction, parse_deal, valid_name
from bot.model import ParseError, PlayerRow, Table
from bot.views.texts import Texts
from scoring import Choice, Deal

RU, UK, EN = Texts("ru"), Texts("uk"), Texts("en")


@pytest.fixture
def folk(app: App) -> dict[str, dict[str, Any]]:
    """Six Telegram users with Russian names, two of them starting alike."""
    tg = app.tg
    return {
        "anna": tg.create_user("Анна"),
        "anton": tg.create_user("Антон"),
        "boris": tg.create_user("Борис", username="bor_is"),
        "vera": tg.create_user("Вера", username="verochka"),
        "gleb": tg.create_user("Глеб"),
        "admin": tg.create_user("Админ"),
    }


class Table4:
    """A chat and its running pulka, spoken to by name."""

    def __init__(self, app: App, folk: dict[str, Any]) -> None:
        self.app, self.tg, self.p = app, app.tg, folk
        self.chat = app.tg.create_group(members=list(folk.values()), creator=folk["admin"])

    async def say(self, who: str, text: str) -> str:
        return await self.app.say(self.chat, self.p[who], text)

    async def start(self, args: str, *who: str) -> None:
        assert "Новая пулька" in await self.say(who[0], f"/newpulka {args}")
        for name in who:
            assert "садится за стол" in await self.say(name, "/join")

    async def table(self) -> Table:
        table = await self.app.keeper.active(self.chat["id"], 0)
        assert table is not None
        return table

    async def board(self) -> str:
        table = await self.table()
        row = await boards.row(self.app.keeper, table.id)
        assert row is not None
        shown = self.tg.message(self.chat, row.message_id)
        assert shown is not None
        return str(shown["text"])

    async def wrote(self, who: str, typed: str, meant: str) -> None:
        """``typed`` by ``who`` writes the deal ``meant`` says with full names."""
        before = await self.table()
        expected = parse_deal(meant, before.players, before.state)
        answer = await self.say(who, f"/deal {typed}")
        assert "Сдача №" in answer, answer
        after = await self.table()
        assert len(after.deals) == len(before.deals) + 1
        assert after.deals[-1].deal == expected


def deal_of(table: Table) -> Deal:
    return table.deals[-1].deal


async def test_names_by_case_start_username_seat_and_nickname(
    app: App, folk: dict[str, Any]
) -> None:
    t = Table4(app, folk)
    async with app.polling():
        await t.start("sochi 20 1", "anna", "boris", "vera")
        answer = await t.say("boris", "/nick Боря")
        assert answer == RU("nick_set", nick="Боря", name="Борис")
        assert "2. Борис (@bor_is) «Боря»" in await t.say("anna", "/players")
        # The issue's own words: lower case, a nickname.
        await t.wrote(
            "anna", "анна 6п ровно боря вист вера пас", "Анна 6п ровно Борис вист Вера пас"
        )
        # The start of a name, an @username, a seat number; a nickname in any case.
        await t.wrote(
            "vera", "бор 7ч ровно @verochka вист 1 пас", "Борис 7ч ровно Вера вист Анна пас"
        )
        await t.wrote("anna", "ВЕР 6б 6 БОРЯ вист 3 ан пас 1", "Вера 6б 6 Борис вист 3 Анна пас 1")
        # /correct reads names the same way.
        before = len((await t.table()).deals)
        assert "Запись №" in await t.say("anna", "/correct бор гора -2 висты ан 4")
        table = await t.table()
        assert len(table.deals) == before + 1
        assert deal_of(table) == parse_correction("Борис гора -2 висты Анна 4", table.players)


async def test_a_start_two_names_share_is_refused_naming_both(
    app: App, folk: dict[str, Any]
) -> None:
    t = Table4(app, folk)
    async with app.polling():
        await t.start("sochi 20 1", "anna", "anton", "boris", "vera")
        events = await app.count()
        answer = await t.say("anna", "/deal ан 6п ровно бор вист вера пас")
        assert RU("ambiguous_player", token="ан", names="Анна", last="Антон") in answer
        assert "«ан» — это Анна или Антон?" in answer
        assert await app.count() == events  # nothing written
        # One letter more is enough, and so is a nickname (Анна deals, so sits out).
        await t.say("anton", "/nick Тоша")
        await t.wrote(
            "anna", "тоша 6п ровно бор вист вер пас", "Антон 6п ровно Борис вист Вера пас"
        )
        answer = await t.say("anna", "/deal ан 6п ровно бор вист вер пас")
        assert "«ан» — это Анна или Антон?" in answer  # a nickname does not end it
        await t.wrote("anna", "бор 6п ровно вер вист анн пас", "Борис 6п ровно Вера вист Анна пас")


async def test_a_whole_name_heard_in_the_other_alphabet_is_told_by_seat(
    app: App, folk: dict[str, Any]
) -> None:
    """ "Макс" with Max and Максим seated: no more letters make it Max, so the refusal
    gives the seats, and the seat number writes the deal."""
    folk["max"], folk["maxim"] = app.tg.create_user("Max"), app.tg.create_user("Максим")
    t = Table4(app, folk)
    async with app.polling():
        await t.start("sochi 20 1", "max", "maxim", "vera")
        events = await app.count()
        answer = await t.say("vera", "/deal Макс 6п ровно Максим вист Вера пас")
        params = {"token": "Макс", "names": "Max", "last": "Максим"}
        assert RU("ambiguous_sound", **params, seats="Max — 1, Максим — 2") in answer
        assert "Напишите вместо имени номер места: Max — 1, Максим — 2." in answer
        assert await app.count() == events  # nothing written
        await t.wrote(
            "vera", "1 6п ровно Максим вист Вера пас", "Max 6п ровно Максим вист Вера пас"
        )


async def test_ambiguity_in_ukrainian_and_english(app: App, folk: dict[str, Any]) -> None:
    t = Table4(app, folk)
    async with app.polling():
        await t.start("sochi 20 1", "anna", "anton", "boris")
        for lang, tx, words in (("uk", UK, "«ан» — це Анна чи Антон?"), ("en", EN, "or Антон?")):
            await t.say("anna", f"/lang {lang}")
            answer = await t.say("anna", "/deal ан 6п ровно бор вист пас")
            assert tx("ambiguous_player", token="ан", names="Анна", last="Антон") in answer
            assert words in answer


async def test_nickname_refused_when_it_is_another_name_and_dropped(
    app: App, folk: dict[str, Any]
) -> None:
    t = Table4(app, folk)
    async with app.polling():
        await t.start("sochi 20 1", "anna", "boris", "vera")
        # Another's name, nickname or username: refused naming whose it is.
        assert await t.say("boris", "/nick анна") == RU("nick_taken", nick="анна", name="Анна")
        assert await t.say("vera", "/nick Боря") == RU("nick_set", nick="Боря", name="Вера")
        assert await t.say("boris", "/nick БОРЯ") == RU("nick_taken", nick="БОРЯ", name="Вера")
        assert await t.say("anna", "/nick verochka") == RU(
            "nick_taken", nick="verochka", name="Вера"
        )
        # Not a name; not at the table.
        assert await t.say("boris", "/nick пас") == RU("bad_nick")
        assert await t.say("gleb", "/nick Глебушка") == RU("nick_not_seated")
        # /nick alone: the nicknames at the table.
        shown = await t.say("gleb", "/nick")
        assert RU("nick_line", nick="Боря", name="Вера") in shown
        assert RU("nick_not_seated") in shown
        # Dropped: the word names nobody any more.
        assert await t.say("vera", "/nick -") == RU("nick_dropped", name="Вера")
        assert await t.say("vera", "/nick -") == RU("nick_none", name="Вера")
        events = await app.count()
        assert "Не знаю игрока «боря»" in await t.say(
            "anna", "/deal анна 6п ровно боря вист бор пас"
        )
        assert await app.count() == events
        assert RU("nick_none_here") in await t.say("anna", "/nick")


async def test_a_nickname_holds_at_the_chats_next_table(app: App, folk: dict[str, Any]) -> None:
    t = Table4(app, folk)
    async with app.polling():
        await t.start("sochi 20 1", "anna", "boris", "vera")
        await t.say("boris", "/nick Боря")
        assert RU("cancel_done") in await t.say("anna", "/cancel")
        await t.start("sochi 10 1", "vera", "anna", "boris")
        table = await t.table()
        assert [p.nick for p in table.players] == [None, None, "Боря"]
        await t.wrote(
            "anna", "боря 6п ровно вера вист анна пас", "Борис 6п ровно Вера вист Анна пас"
        )


async def test_a_nickname_is_no_stop_point_of_an_agreement(app: App, folk: dict[str, Any]) -> None:
    t = Table4(app, folk)
    async with app.polling():
        await t.start("sochi 20 1", "anna", "boris", "vera")
        await t.wrote(
            "anna", "анна 6п ровно бор вист вера пас", "Анна 6п ровно Борис вист Вера пас"
        )
        stop = (await t.table()).stop_point
        await t.say("boris", "/nick Боря")
        table = await t.table()
        assert table.stop_point == stop and table.last_event_id > stop


@pytest.mark.parametrize("size", [4, 5])
async def test_the_board_names_who_plays_next_and_who_sits_out(
    app: App, folk: dict[str, Any], size: int
) -> None:
    t = Table4(app, folk)
    who = ("anna", "anton", "boris", "vera", "gleb")[:size]
    words = "sochi 20 1" + (" впятером" if size == 5 else "")
    async with app.polling():
        await t.start(words, *who)
        for deals in range(3):
            table = await t.table()
            assert table.state is not None
            names, nt = table.names, table.state.next_table
            playing = ", ".join(names[s] for s in sorted(nt.at_table))
            board = await t.board()
            assert RU("next_playing", players=playing) in board
            out = [names[s] for s in nt.sitting_out]
            assert len(out) == size - 3
            if size == 4:
                assert RU("next_sitting_out", name=out[0]) in board
            else:
                assert RU("wiz_sitting_out", first=out[0], second=out[1]) in board
            for name in out:
                assert name not in playing
            # The next deal, typed with the three the board named.
            a, b, c = (names[s] for s in sorted(nt.at_table))
            await t.wrote(
                "anna",
                f"{a.lower()} 6п ровно {b[:3]} вист {c} пас",
                f"{a} 6п ровно {b} вист {c} пас",
            )
            assert deals < 3


def test_grammar_words_are_never_read_as_the_start_of_a_name() -> None:
    """``в`` is whist, ``п`` pass and ``без`` a count, though Вася, Паша and Безруков
    sit at the table; a real start still names its player."""
    seats = [
        PlayerRow(0, "Вася", 1, None),
        PlayerRow(1, "Паша", 2, None),
        PlayerRow(2, "Безруков", 3, None),
    ]
    deal = parse_deal("вас 6п без одной паш в безр п", seats)
    assert deal == parse_deal("Вася 6п 5 Паша вист Безруков пас", seats)
    for word in ("в", "п", "пас", "вист", "без", "ровно", "мизер"):
        assert find_player(seats, word) is None, word
    assert find_player(seats, "безр") is seats[2]


def test_names_compare_after_nfkc_and_case_folding() -> None:
    seats = [PlayerRow(0, "Anna", 1, None), PlayerRow(1, "Straße", 2, None, "Ｂｏｂ")]
    assert find_player(seats, "ＡＮＮＡ") is seats[0]
    assert find_player(seats, "STRASSE") is seats[1]
    assert find_player(seats, "bob") is seats[1]
    assert fold("Ｂｏｂ") == "bob"
    # A seat is ASCII digits: NFKC would read ３ and ² as 3 and 2.
    assert find_player(seats, "2") is seats[1]
    for odd in ("３", "²", "①", "\x00", "@", "\u200b"):
        assert find_player(seats, odd) is None, odd


def test_an_ambiguous_start_names_every_candidate_in_seat_order() -> None:
    seats = [
        PlayerRow(0, "Анна", 1, None),
        PlayerRow(1, "Борис", 2, None, "Аркаша"),
        PlayerRow(2, "Антон", 3, None),
    ]
    assert find_player(seats, "а") is None  # one letter is no start
    assert find_player(seats, "ар") is seats[1]  # the start of a nickname
    with pytest.raises(ParseError) as e:
        parse_deal("ар 6п ровно ан вист анто пас", seats)
    assert e.value.key == "ambiguous_player"
    assert e.value.params == {"token": "ан", "names": "Анна", "last": "Антон"}
    three = [PlayerRow(0, "Анна", 1, None), PlayerRow(1, "Аня", 2, None), seats[2]]
    with pytest.raises(ParseError) as e:
        find_player(three, "АН")
    assert e.value.params == {"token": "АН", "names": "Анна, Аня", "last": "Антон"}
    assert RU("ambiguous_player", **e.value.params).startswith("«АН» — это Анна, Аня или Антон?")


def test_a_ukrainian_spelling_finds_the_latin_name_by_its_sound() -> None:
    """Ukrainian і stands for e, i or o of the Latin spelling: Віра is Vera."""
    seats = [
        PlayerRow(0, "Anna", 1, None),
        PlayerRow(1, "Boris", 2, None),
        PlayerRow(2, "Vera", 3, None),
        PlayerRow(3, "Gleb", 4, None),
        PlayerRow(4, "Fedor", 5, None),
    ]
    for typed, seated in (("Віра", "Vera"), ("Гліб", "Gleb"), ("Федір", "Fedor"), ("Вера", "Vera")):
        found = find_player(seats, typed)
        assert found is not None and found.name == seated, typed
    assert find_player(seats, "Віка") is None and find_player(seats, "Ліна") is None
    deal = parse_deal("Анна 7ч 7 Борис віст 2 Віра пас 1", seats[:3])
    assert deal.declarer == "Anna" and dict(deal.defence) == {
        "Boris": Choice.WHIST,
        "Vera": Choice.PASS,
    }


async def test_debts_name_a_player_as_deals_do(app: App, people: dict[str, Any]) -> None:
    """``/debts`` reads a name as ``/deal`` does: a start, any case, a nickname."""
    from test_debts import night
    from test_ending import Evening

    e = Evening(app, people)
    async with app.polling():
        await e.start("sochi 2 1")
        assert await e.say("vera", "/nick Верунчик") == RU("nick_set", nick="Верунчик", name="Vera")
        await e.say("anna", "/cancel")
        await night(e, 0)
        full = await e.say("anna", "/debts Vera")
        assert full.splitlines()[0].startswith("Долги — Vera")
        for said in ("ver", "VERA", "верунчик", "@verochka"):
            assert await e.say("anna", f"/debts {said}") == full, said


async def test_look_alike_names_are_refused_and_never_seat_twice(
    app: App, folk: dict[str, Any]
) -> None:
    """``/join An\\u200bna`` and ``/join Anna\\u200d`` would seat guests that show exactly
    as "Anna": an invisible character is refused naming it, and a name that looks like a
    seated one (after NFKC and case folding) is taken."""
    t = Table4(app, folk)
    async with app.polling():
        await t.start("sochi 20 1", "boris", "vera")
        assert "садится за стол" in await t.say("anna", "/join Anna")
        events = await app.count()
        for odd, char in (
            ("An\u200bna", "U+200B"),  # zero width space
            ("Anna\u200d", "U+200D"),  # zero width joiner
            ("Anna\u2060", "U+2060"),  # word joiner
            ("Anna\ufe0f", "U+FE0F"),  # a variation selector after a letter
            ("\u00adAnna", "U+00AD"),  # soft hyphen
            ("Ann\u3164a", "U+3164"),  # Hangul filler
        ):
            assert await t.say("gleb", f"/join {odd}") == RU("name_invisible", char=char), odd
            assert await t.say("gleb", f"/nick {odd}") == RU("name_invisible", char=char), odd
        # The same name in full width is the guest's seat: asked to be claimed, not a seat.
        assert "«Anna»" in await t.say("gleb", "/join ＡＮＮＡ")
        assert await app.count() == events
        assert [p.name for p in (await t.table()).players] == ["Борис", "Вера", "Anna"]
        # An emoji sequence keeps its joiner and selector.
        assert "садится за стол" in await t.say("gleb", "/join Глеб\U0001f469\u200d\U0001f4bb")


def test_one_rule_for_names_in_the_record_and_the_engine() -> None:
    """The record refuses the same invisible characters, and two players whose names
    look alike are one name to :mod:`scoring`."""
    from scoring import PulkaState, Rules, ScoringError
    from scoring.names import name_key, odd_character
    from scoring.record import load_document

    for odd in ("An\u200bna", "Anna\u200d", "A\u2066B", "\ufe0fA", "A\U000e0041"):
        assert odd_character(odd) is not None, odd
        with pytest.raises(ScoringError, match="name cannot contain"):
            load_document({"format": "pulka/1", "players": [odd, "B", "C"]})
    scotland = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    for fine in ("Анна", "Straße", scotland, "\u2764\ufe0f"):
        assert odd_character(fine) is None, fine
    assert name_key("ＡＮＮＡ") == name_key("anna") == name_key("An\u200bna")
    for players in (["Anna", "ＡＮＮＡ", "B"], ["Anna", "An\u200bna", "B"]):
        with pytest.raises(ScoringError, match="distinct"):
            PulkaState.new(players, Rules.for_variant("sochi"))


@pytest.mark.parametrize("word", ["Хабар", "Взятка", "Оба", "both", "пол", "Пів", "виста"])
def test_a_word_the_deal_reader_reads_past_is_no_name(word: str) -> None:
    """A guest or a nickname so called would vanish from every deal he is named in."""
    assert not valid_name(word)
