"""Deals entered at a two-player (hussar) and a five-player table, by buttons
and by text, and edited; the guard for a five-player deal with the wrong pair sitting out.

End to end through the real Dispatcher and the fake Bot API server (as
tests/test_bot_buttons.py and tests/test_typed_forms.py do).  No figure is written
here by hand: after every deal the bot's sheet must be the engine's replay of the
deals meant (:func:`scoring.replay`), and the cost the bot shows must be
:func:`scoring.deal_cost` of that deal on the sheet before it.  Who sits out, who
speaks and who defends are asked of :mod:`scoring.seating` too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest
from harness import App, group
from tapping import Tapper
from test_amend import back_to, check_replay

from bot.features.deals.guard import canonical
from bot.features.whatif.grammar import parse_cost
from bot.features.whatif.worth import deal_worth
from bot.grammar.deals import parse_deal
from bot.model import EventRow, ParseError, PlayerRow, PulkaError, PulkaRow, build_table
from bot.views.buttons import BadCallback, WizardData
from bot.views.texts import Texts
from bot.views.wizard import deal_of, screen
from scoring import (
    Contract,
    Deal,
    Game,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    Suit,
    deal_cost,
    figure,
    play,
    replay,
    seating,
)
from scoring.record import deal_to_json, rules_to_json

NEW_DEAL = "➕ Новая сдача"
WRITE = "✅ Записать"
EDIT = "✏️ Изменить"
CANCEL = "✖ Отмена"
YES, NO = "✅ Да, записать", "✖ Нет"
RU = Texts("ru")


# --- helpers ----------------------------------------------------------------------------


class Evening:
    """One chat's pulka: the deals meant so far, checked against the bot after each."""

    def __init__(self, app: App, chat: dict[str, Any], people: dict[str, Any]) -> None:
        self.app, self.tg, self.chat, self.p = app, app.tg, chat, people
        self.ui = Tapper(app.tg, chat)
        self.deals: list[Deal] = []
        self.names: tuple[str, ...] = ()
        self.rules = Rules()
        #: The message of each deal written (its "✏️ Изменить" is there).
        self.messages: list[int] = []

    async def start(self, words: str, *who: str) -> None:
        answer = await self.app.say(self.chat, self.p[who[0]], f"/newpulka {words}")
        assert "Новая пулька" in answer
        for name in who:
            assert "садится за стол" in await self.app.say(self.chat, self.p[name], "/join")
        table = await self.app.keeper.active(self.chat["id"], 0)
        assert table is not None and table.state is not None
        self.names, self.rules = table.names, table.rules

    @property
    def state(self) -> PulkaState:
        return replay(self.names, self.rules, self.deals).state

    def seats(self) -> seating.Table:
        return self.state.next_table

    def at_table(self) -> list[str]:
        return [self.names[s] for s in self.seats().at_table]

    def sitting_out(self) -> list[str]:
        return [self.names[s] for s in self.seats().sitting_out]

    def cost_line(self, deal: Deal) -> str:
        """The "cost of the deal" line as the engine has it, in the bot's words."""
        cost = deal_cost(self.state, deal)
        return ", ".join(
            f"{n} {figure(c, signed=True)}" for n, c in zip(self.names, cost, strict=True)
        )

    def opener(self) -> int:
        """The newest message with a "New deal" button."""
        for msg in reversed(self.tg.sent_messages(self.chat)):
            if NEW_DEAL in self.ui.labels(int(msg["message_id"])):
                return int(msg["message_id"])
        raise AssertionError("no New deal button")

    async def wizard(self, who: str) -> int:
        return await self.ui.tap_new(self.p[who], self.opener(), NEW_DEAL)

    async def taps(self, who: str, deal: Deal, *labels: str, wizard: int = 0) -> str:
        """Enter ``deal`` by pressing ``labels`` then "Write it"; the message written."""
        wizard = wizard or await self.wizard(who)
        for label in labels:
            answer = await self.ui.tap(self.p[who], wizard, label)
            assert answer["text"] is None, (label, answer, self.ui.text(wizard))
        preview = self.ui.text(wizard)
        assert "Будет записано:" in preview and self.cost_line(deal) in preview, preview
        answer = await self.ui.tap(self.p[who], wizard, WRITE)
        assert answer["text"] == f"Записано: сдача №{len(self.deals) + 1}", answer
        return await self.written(deal, wizard, self.ui.text(wizard))

    async def typed(self, who: str, text: str, deal: Deal) -> str:
        """``/deal text``, which must write ``deal``; the bot's answer."""
        reply = await self.app.reply_msg(self.chat, self.p[who], f"/deal {text}")
        return await self.written(deal, int(reply["message_id"]), str(reply["text"]))

    async def written(self, deal: Deal, message: int, text: str) -> str:
        number = len(self.deals) + 1
        assert f"Сдача №{number}" in text, text
        assert self.cost_line(deal) in text, (self.cost_line(deal), text)
        self.deals.append(deal)
        self.messages.append(message)
        table = await self.app.keeper.active(self.chat["id"], 0)
        assert table is not None and table.state == self.state
        assert canonical(table.deals[-1].deal) == canonical(deal)
        return text


def hussar_game(declarer: str, contract: str, opponent: str, choice: str, took: int) -> Game:
    """A hussar game as the notes write it: the opponent's count has the dummy's tricks."""
    return Game.of(declarer, contract, {opponent: choice}, {declarer: took, opponent: 10 - took})


def game(declarer: str, contract: str, defence: dict[str, str], tricks: dict[str, int]) -> Game:
    return Game.of(declarer, contract, defence, tricks)


# --- hussar: an evening by buttons and by text ------------------------------------------


async def test_a_hussar_evening_by_buttons_and_by_text(app: App, people: dict[str, Any]) -> None:
    e = Evening(app, group(app.tg, people), people)
    ui, p = e.ui, people
    async with app.polling():
        await e.start("вдвоём сочи до 20 по 1", "anna", "boris")
        assert e.names == ("Anna", "Boris") and e.seats().dummy

        # The first screen: the two players (speaking order), raspasy.
        wizard = await e.wizard("anna")
        first, second = e.at_table()
        assert ui.labels(wizard) == [first, second, "Распасы", CANCEL]
        await ui.tap(p["anna"], wizard, "Boris")
        await ui.tap(p["anna"], wizard, "7♥")
        # One defender: whist or pass, no half-whist.
        assert ui.labels(wizard)[:2] == ["Anna вист", "Anna пас"]
        assert not any("полвиста" in label for label in ui.labels(wizard))
        await ui.tap(p["anna"], wizard, "Anna вист")
        assert "Остальные — у защиты: Anna с болваном." in ui.text(wizard)
        made = hussar_game("Boris", "7H", "Anna", "whist", 8)
        await e.taps("anna", made, "8", wizard=wizard)
        assert "Boris 7♥ / +1" in ui.text(e.messages[-1])

        # A pass: nobody plays it out, the contract is written.
        passed = hussar_game("Anna", "6S", "Boris", "pass", 6)
        await e.taps("boris", passed, "Anna", "6♠", "Boris пас")
        # A failed game, whisted.
        failed = hussar_game("Boris", "8D", "Anna", "whist", 6)
        text = await e.taps("anna", failed, "Boris", "8♦", "Anna вист", "6")
        assert "Boris 8♦ / без двух" in text
        await e.taps("boris", Misere("Anna", 0), "Anna", "Мизер", "0")
        # Raspasy: both players' tricks, the dummy took the rest.
        wizard = await e.wizard("anna")
        await ui.tap(p["anna"], wizard, "Распасы")
        a, b = e.at_table()
        await ui.tap(p["anna"], wizard, "3")
        assert f"Взятки — {b}? (остальные — у болвана)" in ui.text(wizard)
        assert [x for x in ui.labels(wizard) if x.isdigit()] == [str(k) for k in range(8)]
        await e.taps("anna", Raspasy.of({a: 3, b: 4}), "4", wizard=wizard)

        # By text, the forms of /help.
        await e.typed("boris", "Anna 7ч вист 7", hussar_game("Anna", "7H", "Boris", "whist", 7))
        await e.typed("anna", "Boris 6п пас", hussar_game("Boris", "6S", "Anna", "pass", 6))
        await e.typed(
            "boris", "Anna 8♠ вист без двух", hussar_game("Anna", "8S", "Boris", "whist", 6)
        )
        await e.typed(
            "anna", "Anna 7ч 7 Boris вист", hussar_game("Anna", "7H", "Boris", "whist", 7)
        )
        await e.typed("anna", "мизер Boris 1", Misere("Boris", 1))
        await e.typed("boris", "распасы 3 5", Raspasy.of({"Anna": 3, "Boris": 5}))
        # What the engine refuses is said in its words; nothing is written.
        refused = await app.say(e.chat, p["anna"], "/deal Anna 6п полвиста")
        assert "в гусарике полвиста нет" in refused
        refused = await app.say(e.chat, p["anna"], "/deal распасы 6 5")
        assert "не больше 10" in refused
        # A form the parser cannot read: hussar's own usage hint, with these two.
        refused = await app.say(e.chat, p["anna"], "/deal Anna 7ч вист")
        assert "Взятки — Anna?" in refused and "Форма в гусарике" in refused
        assert "/deal Anna 7ч вист 7" in refused and "Boris вист 2" not in refused
        assert await app.count("deal") == len(e.deals) == 11

        # An edit of deal 1 by its "✏️": Boris took 9, not 8.
        editor = await ui.tap_new(p["boris"], e.messages[0], EDIT)
        assert "Изменение сдачи №1" in ui.text(editor) and WRITE in ui.labels(editor)
        await back_to(ui, p["boris"], editor, "9")
        await ui.tap(p["boris"], editor, "9")
        assert (await ui.tap(p["boris"], editor, WRITE))["text"] == "Сдача №1 изменена"
        await app.idle()
        assert "стало: Boris 7♥ / +2" in ui.text(editor)
        table = await check_replay(app, e.chat)
        e.deals[0] = hussar_game("Boris", "7H", "Anna", "whist", 9)
        assert table.state == e.state
        # A pass edited into a whist: the editor opens on the pass as written.
        editor = await ui.tap_new(p["anna"], e.messages[1], EDIT)
        assert "Anna 6♠ / без виста" in ui.text(editor) and WRITE in ui.labels(editor)
        await back_to(ui, p["anna"], editor, "Boris вист")
        for label in ("Boris вист", "5"):
            await ui.tap(p["anna"], editor, label)
        assert (await ui.tap(p["anna"], editor, WRITE))["text"] == "Сдача №2 изменена"
        await app.idle()
        e.deals[1] = hussar_game("Anna", "6S", "Boris", "whist", 5)
        assert (await check_replay(app, e.chat)).state == e.state

        # /cost at this table: hussar's roles, the declarer and the one defender.
        answer = await app.say(e.chat, p["anna"], "/cost 7ч ровно вист")
        worth = deal_worth(parse_cost("7ч ровно вист", e.rules, 2).deal, e.rules, 2)
        assert worth.roles == ("declarer", "first") and "вдвоём (гусарик)" in answer
        declarer, whister = (figure(x, signed=True) for x in worth.whists)
        assert f"Разыгрывающий: {declarer} вист." in answer
        assert f"Вистующий: {whister} вист." in answer


# --- five: an evening by buttons and by text ------------------------------------------


async def test_a_five_player_evening_by_buttons_and_by_text(
    app: App, people: dict[str, Any]
) -> None:
    people["dima"] = app.tg.create_user("Dima")
    e = Evening(app, group(app.tg, people), people)
    ui, p = e.ui, people
    async with app.polling():
        await e.start("впятером сочи до 20 по 1", "anna", "boris", "vera", "gleb", "dima")
        assert len(e.names) == 5
        pairs = []

        async def opened(who: str) -> int:
            """A wizard, checked: the three at the table, and both who sit out named."""
            wizard = await e.wizard(who)
            out = e.sitting_out()
            assert f"Не играют: {out[0]} и {out[1]}." in ui.text(wizard)
            assert ui.labels(wizard)[:4] == [*e.at_table(), "Распасы"]
            pairs.append(frozenset(out))
            return wizard

        # 1, buttons: one whister.
        a, b, c = e.at_table()
        wizard = await opened("anna")
        deal = game(a, "6S", {b: "whist", c: "pass"}, {a: 6, b: 4, c: 0})
        await e.taps("anna", deal, a, "6♠", f"{b} вист · {c} пас", "6", wizard=wizard)
        # 2, text: the defender not named is the one the seating puts at the table.
        a, b, c = e.at_table()
        pairs.append(frozenset(e.sitting_out()))
        first, second = (e.names[s] for s in e.seats().defenders(e.names.index(b)))
        deal = game(b, "7H", {first: "whist", second: "pass"}, {b: 7, first: 3, second: 0})
        await e.typed("boris", f"{b} 7ч ровно {first} вист", deal)
        # 3, buttons: raspasy, the third at the table takes the rest.
        a, b, c = e.at_table()
        wizard = await opened("vera")
        await e.taps("vera", Raspasy.of({a: 3, b: 2, c: 5}), "Распасы", "3", "2", wizard=wizard)
        # 4, text: raspasy in seat order, the pair sitting out left out.
        pairs.append(frozenset(e.sitting_out()))
        in_seats = [n for n in e.names if n in e.at_table()]
        await e.typed(
            "gleb", "распасы 2 4 4", Raspasy.of(dict(zip(in_seats, (2, 4, 4), strict=True)))
        )
        # 5, buttons: misère.
        a, b, c = e.at_table()
        wizard = await opened("dima")
        await e.taps("dima", Misere(b, 1), b, "Мизер", "1", wizard=wizard)
        # 6, text: all three named with their tricks.
        a, b, c = e.at_table()
        pairs.append(frozenset(e.sitting_out()))
        deal = game(c, "6C", {a: "whist", b: "pass"}, {c: 6, a: 3, b: 1})
        await e.typed("anna", f"{c} 6т 6 {a} вист 3 {b} пас 1", deal)
        # 7, buttons: both whist, the declarer down.
        a, b, c = e.at_table()
        wizard = await opened("boris")
        first, second = (e.names[s] for s in e.seats().defenders(e.names.index(a)))
        deal = game(a, "7C", {first: "whist", second: "whist"}, {a: 5, first: 3, second: 2})
        await e.taps("boris", deal, a, "7♣", "Оба вист", "5", "3", wizard=wizard)

        # The pair sitting out moved one seat a deal: five deals, five pairs of neighbours.
        assert len(set(pairs[:5])) == 5 and pairs[5] == pairs[0]
        for pair in pairs:
            i, j = sorted(e.names.index(n) for n in pair)
            assert (j - i) in (1, 4)
        assert await app.count("deal") == 7

        # An edit of deal 1 by its "✏️": the declarer took 7, not 6.
        editor = await ui.tap_new(p["vera"], e.messages[0], EDIT)
        assert "Изменение сдачи №1" in ui.text(editor)
        out = [e.names[s] for s in PulkaState.new(e.names, e.rules).next_table.sitting_out]
        assert f"Не играют: {out[0]} и {out[1]}." in ui.text(editor)
        await back_to(ui, p["vera"], editor, "7")
        await ui.tap(p["vera"], editor, "7")
        assert (await ui.tap(p["vera"], editor, WRITE))["text"] == "Сдача №1 изменена"
        await app.idle()
        old = e.deals[0]
        assert isinstance(old, Game)
        a, (b, c) = old.declarer, old.choices
        e.deals[0] = game(a, "6S", {b: "whist", c: "pass"}, {a: 7, b: 3, c: 0})
        assert f"стало: {a} 6♠ / +1" in ui.text(editor)
        assert (await check_replay(app, e.chat)).state == e.state

        # /cost at this table: the two sitting out are priced too.
        answer = await app.say(e.chat, p["anna"], "/cost мизер 1")
        worth = deal_worth(parse_cost("мизер 1", e.rules, 5).deal, e.rules, 5)
        resting = figure(worth.whists[worth.roles.index("resting")], signed=True)
        assert "впятером" in answer
        assert f"Сосед сдающего (не играет): {resting} вист." in answer


async def test_a_five_player_deal_with_the_wrong_pair_asks_first(
    app: App, people: dict[str, Any]
) -> None:
    people["dima"] = app.tg.create_user("Dima")
    e = Evening(app, group(app.tg, people), people)
    ui, p, tg = e.ui, people, app.tg
    async with app.polling():
        await e.start("впятером", "anna", "boris", "vera", "gleb", "dima")
        seats = e.seats()
        expected = e.sitting_out()
        # The three the next dealer would seat: they leave out the dealer and the next one.
        other = seating.speaking_order(5, (seats.dealer + 1) % 5, e.rules)
        a, b, c = (e.names[s] for s in other)
        left = [n for n in e.names if n not in (a, b, c)]
        assert set(left) != set(expected)
        text = f"/deal {a} 6п 6 {b} вист 4 {c} пас 0"
        sent = tg.send_message(e.chat, p["boris"], text)
        question = await tg.wait_for_message(e.chat, after=sent["message_id"])
        await app.idle()
        assert (
            f"По рассадке эту сдачу пропускают {expected[0]} и {expected[1]}, "
            f"а в записи — {left[0]} и {left[1]}." in question["text"]
        )
        assert ui.labels(question["message_id"]) == [YES, NO]
        await ui.tap(p["vera"], question["message_id"], NO)
        assert await app.count("deal") == 0

        # Asked again and written: the engine takes the pair's dealer for this deal.
        sent = tg.send_message(e.chat, p["boris"], text)
        question = await tg.wait_for_message(e.chat, after=sent["message_id"])
        await app.idle()
        answer = await ui.tap(p["gleb"], question["message_id"], YES)
        assert answer["text"] == "Записано: сдача №1"
        e.deals.append(game(a, "6S", {b: "whist", c: "pass"}, {a: 6, b: 4, c: 0}))
        table = await app.keeper.active(e.chat["id"], 0)
        assert table is not None and table.state == e.state
        assert e.state.next_dealer == (seats.dealer + 2) % 5
        # The deal the seating expects now is written at once.
        a, b, c = e.at_table()
        deal = game(a, "6S", {b: "whist", c: "pass"}, {a: 6, b: 4, c: 0})
        await e.typed("anna", f"{a} 6п 6 {b} вист 4 {c} пас 0", deal)


# --- the wizard's screens, without Telegram ------------------------------------------------


def table_of(players: tuple[str, ...], rules: Rules, deals: Sequence[Deal] = ()) -> Any:
    """A pulka of ``players`` (its size chosen) as the keeper would load it."""
    events = tuple(
        EventRow(i + 1, 1, i + 1, "deal", deal_to_json(d), 1, "Anna", None, None, "")
        for i, d in enumerate(deals)
    )
    seated = tuple(PlayerRow(i, n, 100 + i, None) for i, n in enumerate(players))
    row = PulkaRow(1, -100, 0, rules_to_json(rules), "active", 1, "Anna", seated, events)
    return build_table(dataclasses.replace(row, seats=len(players)))


def shown(table: Any, **state: Any) -> dict[str, WizardData]:
    w = WizardData(table.id, table.last_event_id, **state)
    return {b.text: WizardData.unpack(b.data) for row in screen(RU, table, w).rows for b in row}


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (("Anna", "Boris"), Rules()),
        (("Anna", "Boris"), Rules(dummy_whist=True, hussar_misere=False)),
        (("Anna", "Boris", "Vera", "Gleb", "Dima"), Rules()),
        (("Anna", "Boris", "Vera", "Gleb", "Dima"), Rules(five_sitting_out="left")),
    ],
)
def test_every_screen_of_a_two_and_a_five_player_table(
    players: tuple[str, ...], rules: Rules
) -> None:
    """Walk every screen reachable from "New deal": each preview is the deal its state
    describes, accepted by the engine, with the declarer at the table."""
    table = table_of(players, rules)
    assert table.state is not None
    seats = table.state.next_table
    queue = [WizardData(table.id, table.last_event_id)]
    seen: set[str] = set()
    previews = 0
    while queue:
        w = queue.pop()
        drawn = screen(RU, table, w)
        if drawn.deal is not None:
            previews += 1
            assert deal_of(table, w) == drawn.deal
            play(table.state, drawn.deal)
            named = set(getattr(drawn.deal, "trick_map", {}))
            assert not named & {players[s] for s in seats.sitting_out}
        for row in drawn.rows:
            for b in row:
                target = WizardData.unpack(b.data)
                if b.data not in seen and target.op == "s":
                    seen.add(b.data)
                    queue.append(target)
    assert previews > 100


def test_hussar_pass_with_the_dummy_whisting_is_played_out() -> None:
    table = table_of(("Anna", "Boris"), Rules(dummy_whist=True))
    seven = {"kind": "g", "seat": 1, "contract": Contract(7, Suit.HEARTS)}
    buttons = shown(table, **seven)
    label = "Anna пас (болван вистует — играем)"
    assert list(buttons)[:2] == ["Anna вист", label]
    # A pass asks the declarer's tricks too, and a failed game is written failed.
    after = shown(table, **seven, defence=buttons[label].defence)
    state = after["6"]
    deal = deal_of(table, state)
    assert deal == hussar_game("Boris", "7H", "Anna", "pass", 6)
    assert table.state is not None
    assert play(table.state, deal).writes.mountain[1] > 0  # the remiz, by the engine
    # The pass nobody plays out is not this table's button.
    with pytest.raises(PulkaError):
        screen(
            RU, table, WizardData(1, 0, "g", seat=1, contract=Contract(7, Suit.HEARTS), defence="p")
        )


def test_hussar_offers_no_misere_where_the_rules_say_so_and_no_other_defence() -> None:
    table = table_of(("Anna", "Boris"), Rules(hussar_misere=False))
    assert "Мизер" not in shown(table)
    assert "Мизер" not in shown(table, kind="g", seat=0)  # nor beside the contracts
    with pytest.raises(PulkaError):
        screen(RU, table, WizardData(1, 0, "m", seat=0))
    six = {"kind": "g", "seat": 0, "contract": Contract(6, Suit.SPADES)}
    for forged in ("b", "w", "h", "d"):  # the second's whist, both, half-whist, the dummy's
        with pytest.raises(PulkaError):
            screen(RU, table, WizardData(1, 0, **six, defence=forged))
    three = table_of(("Anna", "Boris", "Vera"), Rules(dummy_whist=True))
    with pytest.raises(PulkaError):  # no dummy at three
        screen(RU, three, WizardData(1, 0, **six, defence="d"))


def test_five_seats_in_a_payload_and_who_may_declare() -> None:
    five = ("Anna", "Boris", "Vera", "Gleb", "Dima")
    table = table_of(five, Rules())
    seats = PulkaState.new(five, Rules()).next_table
    assert list(shown(table))[:3] == [five[s] for s in seats.at_table]
    for seat in seats.sitting_out:  # a forged declarer sitting out
        with pytest.raises(PulkaError):
            screen(RU, table, WizardData(1, 0, "g", seat=seat))
    w = WizardData(1, 0, "g", seat=4)
    assert WizardData.unpack(w.pack()) == w
    with pytest.raises(BadCallback):
        WizardData(1, 0, "g", seat=5)


# --- the text forms and /cost -----------------------------------------------------------------

TWO = [PlayerRow(0, "Anna", 1, None), PlayerRow(1, "Boris", 2, None)]
FIVE = [
    PlayerRow(i, n, None, None) for i, n in enumerate(("Anna", "Boris", "Vera", "Gleb", "Dima"))
]


@pytest.mark.parametrize(
    ("text", "deal"),
    [
        ("Anna 7ч вист 7", hussar_game("Anna", "7H", "Boris", "whist", 7)),
        ("Anna 7h whist 7", hussar_game("Anna", "7H", "Boris", "whist", 7)),
        ("Anna 7ч ровно вист", hussar_game("Anna", "7H", "Boris", "whist", 7)),
        ("Anna 7ч 7 Boris вист", hussar_game("Anna", "7H", "Boris", "whist", 7)),
        ("Anna 7ч +1 Boris віст", hussar_game("Anna", "7H", "Boris", "whist", 8)),
        ("Anna 7ч Boris вист 3", hussar_game("Anna", "7H", "Boris", "whist", 7)),
        ("Anna 7ч 7 Boris вист 3", hussar_game("Anna", "7H", "Boris", "whist", 7)),
        ("Anna 7ч вист без одной", hussar_game("Anna", "7H", "Boris", "whist", 6)),
        ("Anna 6♠ пас", hussar_game("Anna", "6S", "Boris", "pass", 6)),
        ("Anna 6 spades Boris pass", hussar_game("Anna", "6S", "Boris", "pass", 6)),
        ("мизер Anna 0", Misere("Anna", 0)),
        ("Boris мизер 2", Misere("Boris", 2)),
        ("распасы 3 5", Raspasy.of({"Anna": 3, "Boris": 5})),
        ("розпаси Anna 3 Boris 5", Raspasy.of({"Anna": 3, "Boris": 5})),
    ],
)
def test_hussar_forms(text: str, deal: Deal) -> None:
    state = PulkaState.new(("Anna", "Boris"), Rules())
    parsed = parse_deal(text, TWO, state)
    play(state, parsed)
    assert canonical(parsed) == canonical(deal)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Anna 7ч вист", "missing_result"),  # whisted: how many?
        ("Anna 7ч", "hussar_form"),
        ("Anna 7ч вист 7 лишнее", "hussar_form"),
        ("Anna 7ч 6 Boris вист 3", "tricks_sum"),
        ("Anna 7ч Anna вист 7", "declarer_defends"),
        ("распасы Anna 3", "table_count2"),
    ],
)
def test_hussar_forms_refused(text: str, key: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_deal(text, TWO, PulkaState.new(("Anna", "Boris"), Rules()))
    assert info.value.key == key
    for lang in ("ru", "uk", "en"):
        Texts(lang)(key, **{k: str(v) for k, v in info.value.params.items()})


def test_a_hussar_pass_with_the_dummy_whisting_needs_the_tricks() -> None:
    state = PulkaState.new(("Anna", "Boris"), Rules(dummy_whist=True))
    with pytest.raises(ParseError) as info:
        parse_deal("Anna 7ч пас", TWO, state)
    assert info.value.key == "missing_result"
    deal = parse_deal("Anna 7ч пас 6", TWO, state)
    assert deal == hussar_game("Anna", "7H", "Boris", "pass", 6)
    play(state, deal)


def test_five_forms_name_the_three_at_the_table() -> None:
    names = tuple(p.name for p in FIVE)
    state = PulkaState.new(names, Rules())
    t = state.next_table
    a, b, c = (names[s] for s in t.at_table)
    in_seats = [n for n in names if n in (a, b, c)]
    deal = parse_deal("распасы 3 2 5", FIVE, state)
    assert deal == Raspasy.of(dict(zip(in_seats, (3, 2, 5), strict=True)))
    first, second = (names[s] for s in t.defenders(names.index(a)))
    deal = parse_deal(f"{a} 7ч ровно {second} вист", FIVE, state)
    assert isinstance(deal, Game) and deal.choices == {second: "whist", first: "pass"}
    play(state, deal)
    with pytest.raises(ParseError) as info:
        parse_deal("распасы 3 7", FIVE, state)
    assert info.value.key == "table_count5"
    with pytest.raises(ParseError):
        parse_deal("распасы 3 2 5", FIVE)  # without the sheet: who sits out?


@pytest.mark.parametrize(
    ("text", "size", "tricks"),
    [
        ("7♥ вист 2 вдвоём", 2, {"declarer": 8, "first": 2}),
        ("7ч ровно вист гусарик", 2, {"declarer": 7, "first": 3}),
        ("6п пас 2p", 2, {"declarer": 6, "first": 4}),
        ("6♠ без одной вист вист 2 3 впятером", 5, {"declarer": 5, "first": 2, "second": 3}),
        ("7h whist 2 5", 5, {"declarer": 8, "first": 2, "second": 0}),
    ],
)
def test_cost_at_two_and_five(text: str, size: int, tricks: dict[str, int]) -> None:
    q = parse_cost(text, Rules())
    assert q.size == size
    assert isinstance(q.deal, Game) and q.deal.trick_map == tricks
    worth = deal_worth(q.deal, Rules(), size)
    assert len(worth.roles) == size and sum(worth.whists) == 0


def test_cost_takes_the_chats_hussar_table() -> None:
    q = parse_cost("7ч ровно вист", Rules(), 2)
    assert q.size is None and isinstance(q.deal, Game)
    assert q.deal.trick_map == {"declarer": 7, "first": 3}
    with pytest.raises(ParseError):
        parse_cost("7ч ровно вист вист", Rules(), 2)  # one defender in hussar
    misere = parse_cost("мизер 1 5", Rules())
    worth = deal_worth(misere.deal, Rules(), 5)
    assert misere.size == 5 and worth.whists[worth.roles.index("declarer")] < 0


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", ["Гусарик", "/deal Анна 7ч вист 7", "/deal Анна 6п пас", "/deal распасы 3 5"]),
        ("uk", ["Гусарик", "/deal Анна 7ч віст 7", "/deal Анна 6п пас", "/deal розпаси 3 5"]),
        ("en", ["Hussar", "/deal Anna 7h whist 7", "/deal Anna 6s pass", "/deal all-pass 3 5"]),
    ],
)
def test_help_lists_the_hussar_and_five_forms(lang: str, words: list[str]) -> None:
    text = Texts(lang)("help_deals")  # the page of /help on deals
    for word in words:
        assert word in text, (lang, word)
    assert {"ru": "впятером", "uk": "уп'ятьох", "en": "with five"}[lang] in text


def test_the_protocol_line_of_a_pass_the_dummy_whisted() -> None:
    """With ``dummy_whist`` a hussar pass is played out: told as the whisted game is,
    never "без виста"."""
    from bot.views.format import notation

    tx = Texts("ru")
    rules = Rules(dummy_whist=True)
    passed = Game.of("Аня", "7S", {"Боря": "pass"}, {"Аня": 5, "Боря": 5})
    whisted = Game.of("Аня", "7S", {"Боря": "whist"}, {"Аня": 5, "Боря": 5})
    names = ("Аня", "Боря")
    assert notation(tx, passed, names, rules) == notation(tx, whisted, names, rules)
    assert tx("not_whisted") not in notation(tx, passed, names, rules)
    assert tx("not_whisted") in notation(tx, passed, names, Rules())


def test_a_game_nobody_played_out_shows_no_defenders_tricks() -> None:
    """Both passed (or a hussar pass the dummy did not whist): written as made, so the
    defenders' tricks are nobody's and are not shown; a played-out game shows them."""
    from bot.views.format import details

    tx = Texts("ru")
    both_passed = Game.of(
        "Аня", "6S", {"Боря": "pass", "Вера": "pass"}, {"Аня": 6, "Боря": 3, "Вера": 1}
    )
    assert details(tx, both_passed, ("Аня", "Боря", "Вера")) == " — Боря пас, Вера пас"
    passed = Game.of("Аня", "7S", {"Боря": "pass"}, {"Аня": 7, "Боря": 3})
    assert details(tx, passed, ("Аня", "Боря"), Rules()) == " — Боря пас"
    assert details(tx, passed, ("Аня", "Боря"), Rules(dummy_whist=True)) == " — Боря пас 3"
