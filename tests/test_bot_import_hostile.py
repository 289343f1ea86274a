"""``/import`` reads the record with the calculator's strict reader, in the chat's language.

A key given twice and a number of 5,001 digits used to be read leniently (the
last key won) or to escape as a bare ``ValueError``; now each is refused with
its place in the record, like any other record error.
"""

from __future__ import annotations

from typing import Any

from harness import App, group

RECORD = '{"format": "pulka/1", "players": ["A", "B", "C"], "deals": [%s]}'


async def test_import_refuses_what_the_calculator_refuses(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        twice = await app.say(
            chat,
            p["anna"],
            "/import "
            + RECORD % ('{"type": "raspasy", "tricks": {"A": 5, "B": 2, "A": 3, "C": 3}}'),
        )
        assert "Запись не принята: deals[0].tricks: имя A названо дважды" in twice
        long = await app.say(
            chat,
            p["anna"],
            "/import "
            + RECORD % ('{"type": "raspasy", "tricks": {"A": %s, "B": 2, "C": 3}}' % ("1" * 5001)),
        )
        assert (
            "Запись не принята: deals[0].tricks.A: число из 5001 знаков слишком длинное "
            "(не больше 100)"
        ) in long
        huge = await app.say(
            chat,
            p["anna"],
            "/import " + RECORD % ('{"type": "correction", "player": "A", "mountain": 1e300}'),
        )
        assert (
            "deals[0].mountain: число в пуле, горе или вистах должно быть от -1000000 до 1000000"
        ) in huge
        broken = await app.say(chat, p["anna"], '/import {"format": "pulka/1",}')
        assert (
            "Запись не прочитана: ошибка JSON в строке 1, позиция 22: здесь ждали имя поля"
            in broken
        )
        # Nothing was imported: the chat has no pulka yet.
        assert "Пулька загружена" not in twice + long + huge + broken


async def test_import_is_bounded_in_deals(app: App, people: dict[str, Any]) -> None:
    """A record of more deals than an evening ever has is refused, and nothing is written."""
    tg, p = app.tg, people
    chat = group(tg, p)
    deal = '{"type": "correction", "player": "A", "mountain": 1}'
    record = RECORD % ", ".join([deal] * 2001)
    async with app.polling():
        sent = tg.send_message(chat, p["anna"], "/import", document=("many.json", record.encode()))
        reply = await tg.wait_for_message(chat, after=sent["message_id"])
        await app.idle()
        assert "В записи 2001 сдача" in str(reply.get("text"))
        assert "не больше 2000" in str(reply.get("text"))
    assert await app.count() == 0
