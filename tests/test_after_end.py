"""After the end, and deal numbers that stay put: ``/export`` of the last finished
pulka, ``/whatif``'s changes one a line by their names, and a deal's number kept for
good after a deletion or an undo (the board, /history, /edit N, a reply agree).

End to end through the real Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from decimal import Decimal
from typing import Any

from harness import App
from test_ending import SETTLE, TO_TWO, Evening
from test_whatif import RASPASY

from bot.features.whatif.grammar import WHATIF_KEYS
from bot.features.whatif.view import _change, changes_text
from bot.views.texts import Texts
from scoring import Rules
from scoring.rules import CONVENTION


def _record(e: Evening) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(e.tg.documents[-1].data)
    return data


async def test_export_after_settling_sends_the_last_finished_pulkas_record(
    app: App, people: dict[str, Any]
) -> None:
    e = Evening(app, people)
    async with app.polling():
        assert "ни идущей, ни законченной" in await e.say("anna", "/export")
        assert not e.tg.documents
        await e.start("sochi 2 1")
        for who, text in TO_TWO[:2]:
            await e.say(who, text)
        await e.say("anna", "/export")  # running: its record
        two = _record(e)
        assert len(two["deals"]) == 2
        await e.say(*TO_TWO[2])  # everyone at 2: over; settled by the board's button
        assert (await e.ui.tap(e.p["vera"], await e.board(), SETTLE))["text"] == "Готово"
        table = await app.keeper.get(1)
        assert table is not None and table.settled and not table.active
        # No pulka runs: /export is the last finished one's record, as its button's.
        await e.say("boris", "/export")
        assert e.tg.documents[-1].filename == "pulka-1.json"
        record = _record(e)
        assert record["players"] == ["Anna", "Boris", "Vera"]
        assert record["deals"][:2] == two["deals"] and len(record["deals"]) == 3
        # By its number in /pulkas, the same file.
        await e.say("vera", "/export 1")
        assert _record(e) == record
        await e.say("vera", "/export №1")
        assert _record(e) == record
        documents = len(e.tg.documents)
        assert "Пульки №2 в архиве нет" in await e.say("vera", "/export 2")
        assert "/export N" in await e.say("vera", "/export всё")
        assert len(e.tg.documents) == documents
        # A new pulka runs: /export is its record; /export 1 still the settled one.
        await e.start("sochi 2 1")
        await e.say(*TO_TWO[0])
        await e.say("anna", "/export")
        assert e.tg.documents[-1].filename == "pulka-2.json" and len(_record(e)["deals"]) == 1
        await e.say("anna", "/export 1")
        assert _record(e) == record
        # In English too.
        await e.say("anna", "/lang en")
        assert "There is no pulka #7" in await e.say("anna", "/export 7")
        assert "/export N" in await e.say("anna", "/export x")


async def _settled_with_raspasy(e: Evening) -> None:
    """Sochi to 2, a raspasy first, settled (the what-if tests' evening)."""
    await e.start("sochi 2 1")
    assert "Сдача №1" in await e.say(*RASPASY)
    await e.settled_evening()


def _differing(before: Rules, after: Rules) -> int:
    """How many conventions /whatif may change differ (and the variant), by hand."""
    keys = [n for n in CONVENTION if n not in {"stake", "currency"}]
    return int(before.variant != after.variant) + sum(
        getattr(before, k) != getattr(after, k) for k in keys
    )


async def test_whatif_names_every_change_on_its_own_line_and_says_when_nothing_changes(
    app: App, people: dict[str, Any]
) -> None:
    sochi = Rules.for_variant("sochi", target=2, stake=Decimal(1))
    leningrad = Rules.for_variant("leningrad", target=2, stake=Decimal(1))
    changed = _differing(sochi, leningrad)
    assert changed > 5 and sochi.raspasy_cycle != leningrad.raspasy_cycle
    e = Evening(app, people)
    async with app.polling():
        await _settled_with_raspasy(e)
        events = await app.count()
        for lang, words in WHATIF_WORDS.items():
            if lang != "ru":
                await e.say("anna", f"/lang {lang}")
            said = (await e.say("boris", "/whatif ленинград")).splitlines()
            assert said[0] == words["title"], said
            shown = said[1 : 1 + changed]
            assert shown[0] == words["variant"]
            assert words["cycle"] in shown and words["exit"] in shown
            # Every change by its name: no internal key, one short line each.
            assert all(re.search(r"[a-z]+_[a-z]+", line) is None for line in shown), shown
            assert all(len(line) < 120 for line in shown), shown
            assert "→" not in said[1 + changed]  # then the refused deal, not a change
            # A change of rules that moves no whist says so.
            said = (await e.say("vera", "/whatif greedy")).splitlines()
            assert said == [words["title"], words["greedy"], words["nothing"]], said
        assert await app.count() == events  # nothing written


#: What /whatif says, in each language, on the evening above.
WHATIF_WORDS = {
    "ru": {
        "title": "Что если — пулька №1:",
        "variant": "Вариант: сочинка → ленинградка",
        "cycle": "Распасы по кругу: нет → да",
        "exit": "Выход с распасов: от 6 → 7",
        "greedy": "Висты: джентльменские → жлобские",
        "nothing": "Итоги те же: по этим правилам висты и деньги у всех остаются прежними.",
    },
    "uk": {
        "title": "Що як — пулька №1:",
        "variant": "Варіант: сочинка → ленінградка",
        "cycle": "Розпаси по колу: ні → так",
        "exit": "Вихід з розпасів: від 6 → 7",
        "greedy": "Вісти: джентльменські → жлобські",
        "nothing": "Підсумки ті самі: за цими правилами вісти й гроші в усіх лишаються такими ж.",
    },
    "en": {
        "title": "What if — pulka #1:",
        "variant": "Variant: Sochi → Leningrad",
        "cycle": "All-pass in a cycle: no → yes",
        "exit": "All-pass exit: from 6 → 7",
        "greedy": "Whist split: gentleman's → greedy",
        "nothing": (
            "The results are the same: under these rules everyone's whists and money "
            "stay as they are."
        ),
    },
}


def test_every_convention_whatif_changes_has_a_name_in_every_language() -> None:
    for lang in ("ru", "uk", "en"):
        tx = Texts(lang)
        for key in WHATIF_KEYS:
            line = _change(tx, key, "x", "y")
            assert "x → y" in line, (lang, key, line)
            # Not the fallback that shows the internal key.
            assert line != tx("whatif_change", key=key, old="x", new="y"), (lang, key)
        # A flag flipped: one line, its name and "no → yes".
        before = Rules()
        line = changes_text(tx, before, replace(before, raspasy_cycle=True))
        assert line == tx("whatif_set_raspasy_cycle", value=f"{tx('no')} → {tx('yes')}")
