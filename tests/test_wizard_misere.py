"""A misère by the wizard's buttons: the declarer is asked once, misère offered with the
contracts, and "Back" from its tricks returns to them."""

from __future__ import annotations

from typing import Any

from harness import App, group
from tapping import Tapper

NEW_DEAL = "➕ Новая сдача"


async def test_a_misere_asks_who_once(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    tg.set_admins(chat, [tg.bot_id])
    ui = Tapper(tg, chat)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 20 1")
        for who in ("anna", "boris", "vera"):
            await app.say(chat, p[who], "/join")
        board = ui.newest()
        while NEW_DEAL not in ui.labels(board):
            board -= 1
        wizard = await ui.tap_new(p["vera"], board, NEW_DEAL)
        names = {"Anna", "Boris", "Vera"}
        # Each screen on the way, as the table sees it.
        screens = [ui.labels(wizard)]
        assert sorted(screens[0][:3]) == ["Anna", "Boris", "Vera"]
        assert screens[0][3:] == ["Распасы", "✖ Отмена"]
        assert "Кто играет (игру или мизер)? Или распасы." in ui.text(wizard)
        await ui.tap(p["vera"], wizard, "Boris")
        screens.append(ui.labels(wizard))
        assert "Играет Boris. Какой контракт — или мизер?" in ui.text(wizard)
        assert "6♠" in screens[-1] and "10БК" in screens[-1] and "Мизер" in screens[-1]
        await ui.tap(p["vera"], wizard, "Мизер")
        assert "Мизер играет Boris. Сколько взяток?" in ui.text(wizard)
        screens.append(ui.labels(wizard))
        # Back from the tricks: the contracts of the same declarer, not a second "who".
        await ui.tap(p["vera"], wizard, "« Назад")
        assert ui.labels(wizard) == screens[1]
        await ui.tap(p["vera"], wizard, "Мизер")
        await ui.tap(p["vera"], wizard, "0")
        screens.append(ui.labels(wizard))
        asked_who = [labels for labels in screens if names <= set(labels)]
        assert asked_who == [screens[0]]
        answer = await ui.tap(p["vera"], wizard, "✅ Записать")
        assert (answer["text"] or "").startswith("Записано")
        assert "Сдача №1: Boris мизер / чистый" in ui.text(wizard)
    assert await app.count("deal") == 1
