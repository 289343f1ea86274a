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
        # A name the calculator takes but the chat cannot read back ("в" is a whist).
        letter = await app.say(
            chat, p["anna"], '/import {"format": "pulka/1", "players": ["А", "Б", "В"]}'
        )
        assert letter.startswith("Имя «В» не годится для бота: имя — одно слово до 24")
        assert "не служебное слово (пас, вист, мизер, в...)" in letter
        assert "Переименуйте этого игрока в записи" in letter
        # Nothing was imported: the chat has no pulka yet.
        assert "Пулька загружена" not in twice + long + huge + broken + letter


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


async def test_import_is_strict_about_nulls_contracts_and_notes(
    app: App, people: dict[str, Any]
) -> None:
    """``null`` is not "the default", a contract holds no space or control character, a
    note no control character: each is refused with its field, in the chat's words."""
    tg, p = app.tg, people
    chat = group(tg, p)
    game = (
        '{"type": "game", "declarer": "A", "contract": "%s", '
        '"whist": {"B": "whist", "C": "pass"}, "tricks": {"A": 7, "B": 2, "C": 1}}'
    )
    async with app.polling():
        target = await app.say(
            chat,
            p["anna"],
            '/import {"format": "pulka/1", "players": ["A", "B", "C"], "rules": {"target": null}}',
        )
        assert "Запись не принята: rules.target: null — не значение" in target
        rules = await app.say(
            chat,
            p["anna"],
            '/import {"format": "pulka/1", "players": ["A", "B", "C"], "rules": null}',
        )
        assert "Запись не принята: rules: null — не значение" in rules
        assert "RulesModel" not in rules
        listed = await app.say(
            chat,
            p["anna"],
            '/import {"format": "pulka/1", "players": ["A", "B", "C"], "rules": []}',
        )
        assert "Запись не принята: rules: здесь нужен объект JSON" in listed
        contract = await app.say(chat, p["anna"], "/import " + RECORD % (game % "7H\\n"))
        assert (
            "Запись не принята: deals[0].contract: контракт пишется без пробелов и управляющих "
            "символов, например 7H или 10NT, а в этом есть символ U+000A"
        ) in contract
        note = await app.say(
            chat,
            p["anna"],
            "/import " + RECORD % '{"type": "correction", "player": "A", "note": "a\\u0000b"}',
        )
        assert (
            "Запись не принята: deals[0].note: в примечании не может быть управляющего символа "
            "U+0000"
        ) in note
        assert "Пулька загружена" not in target + rules + listed + contract + note
    assert await app.count() == 0


async def test_import_refuses_a_convention_of_another_table_size(
    app: App, people: dict[str, Any]
) -> None:
    """As /calc does: a hussar key on a record of three is named, with the table it belongs to."""
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():
        hussar = await app.say(
            chat,
            p["anna"],
            '/import {"format": "pulka/1", "players": ["A", "B", "C"], '
            '"rules": {"hussar_mountain": "indivisible"}}',
        )
        assert (
            "Запись не принята: rules.hussar_mountain: hussar_mountain — правило гусарика "
            "(двое игроков), а в записи игроков: 3"
        ) in hussar
        five = await app.say(
            chat,
            p["anna"],
            '/import {"format": "pulka/1", "players": ["A", "B", "C", "D"], '
            '"rules": {"five_consolation": "dealer"}}',
        )
        assert (
            "Запись не принята: rules.five_consolation: five_consolation — правило игры "
            "впятером, а в записи игроков: 4"
        ) in five
        calc = await app.say(chat, p["anna"], "/calc неделимая гора\nА 20\nБ 20\nВ 20")
        assert "«hussar_mountain»: это правило гусарика" in calc
        assert "Пулька загружена" not in hussar + five
    assert await app.count() == 0
