"""``/rating`` says how a rating moves, truly: pairwise, by result, weighted by the
ratings before; so a player who lost a pulka can gain, as Boris does here."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from harness import App
from test_ending import Evening
from test_rating import table

from bot.features.rating.view import rating_text
from bot.model.nights import Night, Person
from bot.model.rating import rate
from bot.views.texts import Texts

RULE = (
    "Как движется рейтинг: каждая пара игроков пульки — одна партия, её выигрывает тот, "
    "чей итог в вистах больше, даже если оба в минусе;"
)


async def test_a_player_who_lost_and_gained_reads_why_under_the_table(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    async with app.polling():
        # Night 1: Anna +8.67, Vera +6.67, Boris -15.33: Boris is rated lowest.
        await e.start("sochi 2 1")
        await e.settled_evening()
        # Night 2: Vera +16.67, Boris -5.33, Anna -11.33: Boris lost the pulka, but beat
        # Anna, rated above him, and lost to Vera, rated above him too.
        await e.start("sochi 2 1")
        await e.say("anna", "/correct Anna гора 3 — штраф")
        await e.settled_evening()
        text = await e.say("boris", "/rating")
        assert table(text)["Boris"] == (3, 1485, "+1")
        lines = text.splitlines()
        rule = next(line for line in lines if line.startswith("Как движется рейтинг"))
        assert rule.startswith(RULE)
        assert "победа над тем, у кого рейтинг выше, даёт больше" in rule
        assert "не больше чем на 32" in rule
        # One line, under the table and the last pulka, above how to see one player.
        assert lines.index(rule) > max(i for i, x in enumerate(lines) if "Последняя пулька" in x)
        assert "/rating Имя" in lines[lines.index(rule) + 2]


def test_the_rule_in_every_language() -> None:
    a, b, c = Person("a", "Anna"), Person("b", "Boris"), Person("c", "Vera")
    s: Any = SimpleNamespace(results=(10, -20, 10))
    sheet: Any = SimpleNamespace(
        pulka_id=1, thread_id=0, settled_at="2026-12-01T20:00:00+00:00", final=s, agreed=s
    )
    night = Night(1, sheet, (a, b, c))
    ratings = rate([night])
    for lang, start in (
        ("ru", "Как движется рейтинг: каждая пара игроков пульки — одна партия"),
        ("uk", "Як рухається рейтинг: кожна пара гравців пульки — одна партія"),
        ("en", "How the rating moves: each pair of a pulka's players is one Elo match"),
    ):
        text = rating_text(Texts(lang), ratings, {}, shown=False)
        assert "\n\n" + start in text, text
        assert "{" not in text and "32" in text
