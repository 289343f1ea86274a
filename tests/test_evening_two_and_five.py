"""A whole five-player evening and whole hussar evenings, as a real table plays
them through the bot, from ``/newpulka впятером до 6`` (``гусарик``; once with the
indivisible mountain chosen on the settings message; once in English) to ``/settle``.

Joining, deals by text and by buttons, a misère, raspasy, a failed game, a closed pulka
helping, ``/undo``, ``/edit`` of a past deal, ``/score`` and the sheet button, the end of
the pulka, "Settle", the settlement (every figure is :func:`scoring.settle` of
:func:`scoring.replay` of the deals meant, never written by hand), the picture, ``/export``
and ``python -m scoring settle`` on it, ``/pulkas``, ``/pulka 1``, "Same table again",
``/stats``, ``/rating`` and ``/debts``.  End to end through the real Dispatcher and the fake
Bot API server.  ``EVENING_LOG=path`` writes every message the bot sent, for reading.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from harness import App, group
from tapping import Tapper
from test_amend import check_replay

from bot.views.texts import Texts
from scoring import (
    Deal,
    Game,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    deal_cost,
    figure,
    json_number,
    money_text,
    replay,
    seating,
    settle,
)

ROOT = Path(__file__).resolve().parent.parent


class Evening:
    """One chat's pulka played in ``lang``: the deals meant, checked after each."""

    def __init__(self, app: App, people: dict[str, Any], lang: str = "ru") -> None:
        self.app, self.tg, self.p = app, app.tg, people
        self.chat = group(app.tg, people)
        self.ui = Tapper(app.tg, self.chat)
        self.t = Texts(lang)
        self.deals: list[Deal] = []
        self.names: tuple[str, ...] = ()
        self.rules = Rules()
        self.messages: list[int] = []
        self.log: list[str] = []
        self.board = 0

    # --- talking ---------------------------------------------------------------------

    def note(self, who: str, what: str, answer: str) -> None:
        self.log.append(f">>> {who}: {what}\n{answer}\n")

    async def say(self, who: str, text: str) -> str:
        reply = await self.app.reply_msg(self.chat, self.p[who], text)
        answer = str(reply.get("text", reply.get("caption", "")))
        self.note(who, text, answer)
        return answer

    async def tap(self, who: str, message: int, label: str) -> dict[str, Any]:
        answer = await self.ui.tap(self.p[who], message, label)
        shown = self.ui.message(message)
        text = str(shown.get("text", shown.get("caption", "")))
        self.note(who, f"[{label}] -> {answer.get('text')}", f"{text}\n{self.ui.labels(message)}")
        return answer

    def dump(self, name: str) -> None:
        path = os.environ.get("EVENING_LOG")
        if not path:
            return
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"\n===================== {name}\n")
            f.write("\n".join(self.log))
            f.write("\n----- every message as it stands now\n")
            for i, photo in enumerate(self.tg.photos):
                Path(f"{path}.{name.replace(' ', '_')}.{i}.png").write_bytes(photo.data)
            for m in self.tg.sent_messages(self.chat):
                text = m.get("text", m.get("caption", "<photo/document>"))
                f.write(f"#{m['message_id']}: {text}\n   {self.ui.labels(m['message_id'])}\n")

    # --- the pulka -----------------------------------------------------------------

    async def seated(self) -> None:
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
        cost = deal_cost(self.state, deal)
        return ", ".join(
            f"{n} {figure(c, signed=True)}" for n, c in zip(self.names, cost, strict=True)
        )

    async def start(self, who: str, text: str) -> str:
        """``/newpulka ...``: its answer becomes the scoreboard."""
        reply = await self.app.reply_msg(self.chat, self.p[who], text)
        self.board = int(reply["message_id"])
        self.note(who, text, str(reply["text"]))
        return str(reply["text"])

    def opener(self) -> int:
        new_deal = self.t("btn_new_deal")
        for msg in reversed(self.tg.sent_messages(self.chat)):
            if new_deal in self.ui.labels(int(msg["message_id"])):
                return int(msg["message_id"])
        raise AssertionError("no New deal button")

    async def wizard(self, who: str) -> int:
        wizard = await self.ui.tap_new(self.p[who], self.opener(), self.t("btn_new_deal"))
        self.note(who, "[New deal]", f"{self.ui.text(wizard)}\n{self.ui.labels(wizard)}")
        return wizard

    def pictures(self) -> int:
        """The sheet pictures sent to the chat (uploaded, or again by file id)."""
        return sum("photo" in m for m in self.tg.sent_messages(self.chat))

    async def back_to(self, who: str, message: int, label: str) -> None:
        """Tap "Back" on the wizard until ``label`` is on it."""
        for _ in range(6):
            if label in self.ui.labels(message):
                return
            assert (await self.tap(who, message, self.t("btn_back")))["text"] is None
        raise AssertionError((label, self.ui.labels(message)))

    async def taps(self, who: str, deal: Deal, *labels: str, wizard: int = 0) -> str:
        """Enter ``deal`` by pressing ``labels`` then "Write it"; the message written."""
        wizard = wizard or await self.wizard(who)
        for label in labels:
            answer = await self.tap(who, wizard, label)
            assert answer["text"] is None, (label, answer, self.ui.text(wizard))
        preview = self.ui.text(wizard)
        assert self.cost_line(deal) in preview, (self.cost_line(deal), preview)
        await self.tap(who, wizard, self.t("btn_write"))
        await self.app.idle()
        return await self.written(deal, wizard, self.ui.text(wizard))

    async def typed(self, who: str, text: str, deal: Deal) -> str:
        reply = await self.app.reply_msg(self.chat, self.p[who], f"/deal {text}")
        self.note(who, f"/deal {text}", str(reply["text"]))
        return await self.written(deal, int(reply["message_id"]), str(reply["text"]))

    async def written(self, deal: Deal, message: int, text: str) -> str:
        assert self.cost_line(deal) in text, (self.cost_line(deal), text)
        self.deals.append(deal)
        self.messages.append(message)
        assert len(text.splitlines()) <= 5, text  # the deal's few lines
        if len(self.names) == 5 and not self.state.finished:
            # Who deals next, and at five who sits that deal out with him: on the board.
            board = await self.app.board(self.chat)
            assert plain(self.next_line()) in plain(board), (self.next_line(), board)
        table = await self.app.keeper.active(self.chat["id"], 0)
        assert table is not None and table.state == self.state
        return text

    def next_line(self) -> str:
        """The scoreboard's line naming the next dealer (and at five who sits out)."""
        line = self.t("next_dealer", dealer=self.names[self.state.next_dealer])
        out = self.sitting_out()
        if len(out) == 2:
            line += " " + self.t("wiz_sitting_out", first=out[0], second=out[1])
        return line

    def settlement_lines(self) -> list[str]:
        """The settlement's lines as :func:`scoring.settle` of the replay has them."""
        s = settle(self.state.sheet, self.rules)
        cur = self.rules.currency
        lines = [
            self.t(
                "settle_line",
                name=name,
                result=figure(r, signed=True),
                unit="one" if abs(r) == 1 else "other",
                money=money_text(m, signed=True),
                currency=cur,
            )
            for name, r, m in zip(self.names, s.results, s.money, strict=True)
        ]
        lines += [
            self.t(
                "payment_line",
                payer=x.payer,
                payee=x.payee,
                amount=money_text(x.amount),
                currency=cur,
            )
            for x in s.payments
        ]
        return lines


def plain(text: str) -> str:
    return text.replace("<b>", "").replace("</b>", "").replace("\u2068", "").replace("\u2069", "")


# --- five -------------------------------------------------------------------------------


async def test_a_five_player_evening_to_the_settlement(app: App, people: dict[str, Any]) -> None:
    people["dima"] = app.tg.create_user("Dima")
    e = Evening(app, people)
    try:
        await five_evening(e)
    finally:
        e.dump("five")


async def five_evening(e: Evening) -> None:
    app, p = e.app, e.p
    async with app.polling():
        await e.start("anna", "/newpulka впятером до 6")
        for who in ("anna", "boris", "vera", "gleb", "dima"):
            joined = await e.say(who, "/join")
        await e.seated()
        assert len(e.names) == 5 and e.rules.target == 6
        dealer, neighbour = e.sitting_out()
        ready = (
            e.t("join_ready", dealer=dealer)
            + " "
            + e.t("wiz_sitting_out", first=dealer, second=neighbour)
        )
        assert plain(ready) in plain(joined)

        # What a table gets wrong first: each answer says what is wrong, with an example.
        a, b, c = e.at_table()
        out = e.sitting_out()
        # The example is of the three at the table, not of those sitting out.
        assert f"/deal {a} 7ч 7 {b} вист 2 {c} пас 1" in await e.say("vera", f"/deal {a} 7ч")
        assert f"распасы {a} 3 {b} 2 {c} 5" in await e.say("vera", "/deal распасы 3")
        # A misère of one sitting out: it says who may play it, asks nothing impossible.
        for who in out:
            answer = await e.say("vera", f"/deal мизер {who} 0")
            assert "за столом" in answer and "назовите сдающего" not in answer, answer
        await e.say("vera", f"/deal {out[1]} 6п 6 {a} вист 4 {b} пас 0")
        await e.say("vera", f"/deal {a} 6п 6 {b} вист 3")  # 6 + 3 and the passer's 0
        assert await e.say("stranger", "/join") == "Все места за столом заняты."
        assert await app.count("deal") == 0

        # 1, buttons: a six made, one whister.
        a, b, c = e.at_table()
        first, second = (e.names[s] for s in e.seats().defenders(e.names.index(a)))
        deal: Deal = Game.of(a, "6S", {first: "whist", second: "pass"}, {a: 6, first: 4, second: 0})
        await e.taps("anna", deal, a, "6♠", f"{first} вист · {second} пас", "6")
        # 2, text: a seven made exactly.
        a, b, c = e.at_table()
        first, second = (e.names[s] for s in e.seats().defenders(e.names.index(b)))
        deal = Game.of(b, "7H", {first: "whist", second: "pass"}, {b: 7, first: 3, second: 0})
        await e.typed("boris", f"{b} 7ч ровно {first} вист", deal)
        # 3, buttons: raspasy.
        a, b, c = e.at_table()
        await e.taps("vera", Raspasy.of({a: 3, b: 2, c: 5}), "Распасы", "3", "2")
        # 4, text: a clean misère by the one with most on his pulka: it closes and helps.
        a, b, c = e.at_table()
        who = max((a, b, c), key=lambda n: e.state.sheet.pulka[e.names.index(n)])
        text = await e.typed("gleb", f"мизер {who} 0", Misere(who, 0))
        assert "Помощь" in text, text
        # 5, text: a failed game, both whisting.
        a, b, c = e.at_table()
        first, second = (e.names[s] for s in e.seats().defenders(e.names.index(c)))
        deal = Game.of(c, "8D", {first: "whist", second: "whist"}, {c: 6, first: 2, second: 2})
        await e.typed("dima", f"{c} 8б 6 {first} вист 2 {second} вист 2", deal)
        # /undo takes it back; typed again.
        await e.say("vera", "/undo")
        question = e.ui.newest()
        await e.tap("vera", question, e.t("undo_yes"))
        await app.idle()
        e.deals.pop()
        e.messages.pop()
        assert (await check_replay(app, e.chat)).state == e.state
        await e.typed("dima", f"{c} 8б 6 {first} вист 2 {second} вист 2", deal)

        # /edit 1: the six was made with one over.
        sent = e.tg.send_message(e.chat, p["vera"], "/edit 1")
        editor = int((await e.tg.wait_for_message(e.chat, after=sent["message_id"]))["message_id"])
        await app.idle()
        e.note("vera", "/edit 1", f"{e.ui.text(editor)}\n{e.ui.labels(editor)}")
        await e.back_to("vera", editor, "7")
        await e.tap("vera", editor, "7")
        await e.tap("vera", editor, e.t("btn_write"))
        await app.idle()
        old = e.deals[0]
        assert isinstance(old, Game)
        a, (b, c) = old.declarer, old.choices
        e.deals[0] = Game.of(a, "6S", {b: "whist", c: "pass"}, {a: 7, b: 3, c: 0})
        assert (await check_replay(app, e.chat)).state == e.state

        # /score and the sheet button mid-game.
        photos = e.pictures()
        await e.say("anna", "/score")
        assert e.pictures() == photos + 1
        await e.say("anna", "/score text")
        await e.tap("anna", e.ui.newest(), e.t("btn_sheet"))
        await app.idle()
        assert e.pictures() == photos + 2
        # Then misères until the pulka closes.
        while not e.state.finished:
            a, b, c = e.at_table()
            fresh = [n for n in (a, b, c) if Misere(n, 0) != e.deals[-1]]
            who = min(fresh, key=lambda n: e.state.sheet.pulka[e.names.index(n)])
            await e.typed("anna", f"мизер {who} 0", Misere(who, 0))
            assert len(e.deals) < 30
        await the_end(e, "anna")


async def the_end(e: Evening, who: str) -> None:
    """The closed pulka settled by the board's button, and everything after it."""
    app, t = e.app, e.t
    assert e.state.finished
    board = e.board
    assert t("btn_settle") in e.ui.labels(board)
    # /export of the closed pulka, before it is settled.
    docs = len(e.tg.documents)
    await e.say(who, "/export")
    assert len(e.tg.documents) == docs + 1
    record = e.tg.documents[-1].data
    photos = e.pictures()
    before = e.ui.newest()
    await e.tap(who, board, t("btn_settle"))
    await app.idle()
    said = [
        plain(str(m.get("text", m.get("caption", ""))))
        for m in e.tg.sent_messages(e.chat)
        if int(m["message_id"]) > before
    ]
    e.note(who, "(after Settle)", "\n---\n".join(said))
    settled = "\n".join(said)
    for line in e.settlement_lines():
        assert plain(line) in settled, (line, settled)
    assert e.pictures() == photos + 1
    # The board of a settled pulka says it is settled, no longer "Settle it: /settle".
    shown = plain(e.ui.text(board))
    assert plain(t("board_archived")) in shown and plain(t("finished")) not in shown
    # The board's "Export" after it: the same record; the offline calculator on it
    # gives the same results.
    await e.tap(who, board, t("btn_export"))
    assert len(e.tg.documents) == docs + 2
    assert json.loads(e.tg.documents[-1].data)["deals"] == json.loads(record)["deals"]
    run = subprocess.run(
        [sys.executable, "-m", "scoring", "settle", "-"],
        input=record,
        capture_output=True,
        cwd=ROOT,
        check=True,
    )
    out = json.loads(run.stdout)
    s = settle(e.state.sheet, e.rules)
    assert [x["name"] for x in out["players"]] == list(e.names)
    assert [x["money"] for x in out["players"]] == [str(m) for m in s.money]
    assert [x["result"] for x in out["players"]] == [json_number(r) for r in s.results]
    # The archive.
    listed = await e.say(who, "/pulkas")
    for name, r in zip(e.names, s.results, strict=True):
        assert f"{name} {figure(r, signed=True)}" in listed, listed
    shown = await e.say(who, "/pulka 1")
    e.log.append(repr(shown))
    # Same table again, then the chat's statistics, rating and debts.
    await e.tap(who, board, t("btn_again"))
    await app.idle()
    again = await app.keeper.active(e.chat["id"], 0)
    assert again is not None and again.rules == e.rules
    # Seated so that the one after the last dealer deals first.
    k = e.state.next_dealer
    assert again.names == e.names[k:] + e.names[:k]
    assert again.row.seats == len(e.names)
    dummy = t("sheet_dummy") if len(e.names) == 2 else None
    for command in ("/stats", "/rating", "/debts"):
        answer = await e.say(who, command)
        for name in e.names:
            assert name in answer, (command, answer)
        # The dummy is no player: it has no statistics, rating or debts.
        assert dummy is None or dummy not in answer, (command, answer)
    if len(e.names) == 5:  # no dummy at five, anywhere
        assert not [x for x in e.log if "болван" in x.lower()]


# --- hussar ---------------------------------------------------------------------------


def hussar_game(declarer: str, contract: str, opponent: str, choice: str, took: int) -> Game:
    """A hussar game: the opponent's count has the dummy's tricks."""
    return Game.of(declarer, contract, {opponent: choice}, {declarer: took, opponent: 10 - took})


async def test_a_hussar_evening_in_english(app: App, people: dict[str, Any]) -> None:
    e = Evening(app, people, "en")
    try:
        async with app.polling():
            await hussar_evening(e, WORDS["en"], "/lang en", "/newpulka гусарик до 6")
    finally:
        e.dump("hussar en")


WORDS = {
    "en": {
        "whist": "whist",
        "pass": "pass",
        "misere": "misere",
        "raspasy": "raspasy",
        "h": "h",
        "s": "s",
    },
    "ru": {
        "whist": "вист",
        "pass": "пас",
        "misere": "мизер",
        "raspasy": "распасы",
        "h": "ч",
        "s": "п",
    },
}


async def hussar_evening(e: Evening, w: dict[str, str], *commands: str) -> None:
    """``commands`` (the last one ``/newpulka ...``), both join, and the evening; with
    no commands the pulka was started on the settings message already."""
    app, p, t = e.app, e.p, e.t
    if commands:
        for command in commands[:-1]:
            await e.say("anna", command)
        await e.start("anna", commands[-1])
        for who in ("anna", "boris"):
            await e.say(who, "/join")
    await e.seated()
    assert e.names == ("Anna", "Boris") and e.seats().dummy

    # 1, buttons: Boris makes a seven with one over, Anna whisting.
    await e.taps(
        "anna",
        hussar_game("Boris", "7H", "Anna", "whist", 8),
        "Boris",
        "7♥",
        t("hussar_whist", a="Anna"),
        "8",
    )
    # 2, text: Anna's six, passed.
    await e.typed(
        "boris", f"Anna 6{w['s']} {w['pass']}", hussar_game("Anna", "6S", "Boris", "pass", 6)
    )
    # 3, buttons: a failed eight.
    await e.taps(
        "anna",
        hussar_game("Boris", "8D", "Anna", "whist", 6),
        "Boris",
        "8♦",
        t("hussar_whist", a="Anna"),
        "6",
    )
    # 4, buttons: raspasy; taken back by /undo and typed again.
    a, b = e.at_table()
    await e.taps("boris", Raspasy.of({a: 3, b: 4}), t("btn_raspasy"), "3", "4")
    await e.say("anna", "/undo")
    await e.tap("anna", e.ui.newest(), t("undo_yes"))
    await app.idle()
    e.deals.pop()
    e.messages.pop()
    assert (await check_replay(app, e.chat)).state == e.state
    await e.typed("anna", f"{w['raspasy']} {a} 3 {b} 4", Raspasy.of({a: 3, b: 4}))

    # /edit 1: Boris took nine.
    sent = e.tg.send_message(e.chat, p["boris"], "/edit 1")
    editor = int((await e.tg.wait_for_message(e.chat, after=sent["message_id"]))["message_id"])
    await app.idle()
    e.note("boris", "/edit 1", f"{e.ui.text(editor)}\n{e.ui.labels(editor)}")
    await e.back_to("boris", editor, "9")
    await e.tap("boris", editor, "9")
    await e.tap("boris", editor, t("btn_write"))
    await app.idle()
    e.deals[0] = hussar_game("Boris", "7H", "Anna", "whist", 9)
    assert (await check_replay(app, e.chat)).state == e.state

    photos = e.pictures()
    await e.say("boris", "/score")
    await e.say("boris", "/score text")
    await e.tap("boris", e.ui.newest(), t("btn_sheet"))
    await app.idle()
    assert e.pictures() == photos + 2
    rules = await e.say("boris", "/rules")
    # One whister in hussar: no split between two, no pair short, no half-whist.
    assert plain(t("rules_hussar_whist")) in plain(rules)
    assert plain(t("rules_hussar_liable")) in plain(rules)
    assert plain(t("rules_hussar_consolation")) in plain(rules)
    assert plain(t("rules_consolation_all")) not in plain(rules)

    # Clean misères until the pulka closes: the first closes Boris's pulka and he
    # helps Anna close hers.
    before = e.state.sheet.pulka[0]
    text = await e.typed("anna", f"{w['misere']} Boris 0", Misere("Boris", 0))
    helped = e.state.sheet.pulka[0] - before
    assert helped > 0 and t("write_help", name="Boris", on="Anna", amount=helped) in plain(text)
    while not e.state.finished:
        pulka = e.state.sheet.pulka
        who = e.names[pulka.index(min(pulka))]
        if Misere(who, 0) == e.deals[-1]:
            who = e.names[1 - e.names.index(who)]
        await e.typed("anna", f"{w['misere']} {who} 0", Misere(who, 0))
        assert len(e.deals) < 20
    await the_end(e, "boris")


async def test_a_hussar_evening_with_the_indivisible_mountain(
    app: App, people: dict[str, Any]
) -> None:
    """Chosen on the settings message: two players, the indivisible mountain, a short
    pulka; the two sit down by its button and start."""
    e = Evening(app, people)
    try:
        async with app.polling():
            await e.start("anna", "/newpulka")
            board = e.board
            while "Игроков: 2" not in e.ui.labels(board):
                size = next(x for x in e.ui.labels(board) if x.startswith("Игроков: "))
                await e.tap("anna", board, size)
            await e.tap("anna", board, "Гора: делимая (очко — 5 вистов)")
            while lower := [x for x in e.ui.labels(board) if x.startswith("◀ ") and "RUB" not in x]:
                await e.tap("anna", board, lower[0])
            for who in ("anna", "boris"):
                await e.tap(who, board, e.t("btn_sit"))
            await e.tap("boris", board, e.t("btn_start"))
            await hussar_evening(e, WORDS["ru"])
            assert e.rules.hussar_mountain.value == "indivisible"
    finally:
        e.dump("hussar indivisible")
