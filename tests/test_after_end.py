"""After the end, and deal numbers that stay put: ``/export`` of the last finished
pulka, ``/whatif``'s changes one a line by their names, and a deal's number kept for
good after a deletion or an undo (the board, /history, /edit N, a reply agree).

End to end through the real Dispatcher against the fake Bot API server.
"""

from __future__ import annotations

import json
from typing import Any

from harness import App
from test_ending import SETTLE, TO_TWO, Evening


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
