"""The sheet's page over HTTP: who may read it (signed, fresh, a member or a player),
what it answers (the same figures the chat shows), and how it refuses (short JSON)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest
from aiogram.types import ChatMemberRestricted
from harness import App, group
from miniapp import APP_NAME, ask, configure, free_port, pulka_ref, seat_three, sign
from test_ending import AGREE, SETTLE, TO_TWO, Evening

from bot.app import Server, create_dispatcher
from bot.config import Settings
from bot.features.miniapp.web import CSP, RateLimit
from bot.telegram.context import Members
from bot.views.buttons import SheetLink
from bot.views.errors import plain
from bot.views.texts import Texts

DEALS = (
    ("anna", "/deal Anna 6s 6 Boris whist 3 Vera pass 1"),
    ("boris", "/deal boris 7ч 7 ANNA вист 2 vera пас 1"),
)


async def test_signed_member_reads_the_sheet_the_chat_shows(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling(), aiohttp.ClientSession() as http:
        await seat_three(app, chat, p)
        for who, text in DEALS:
            await app.say(chat, p[who], text)
        ref = await pulka_ref(app)
        score = await app.say(chat, p["stranger"], "/score text")

        # The stranger is in the chat, not at the table: a member may look.
        status, sheet = await ask(http, url, sign(tg.token, p["stranger"], ref), pulka=ref)
        assert status == 200, sheet
        # The standings are /score text's, line for line.
        assert len(sheet["standings"]) == 2
        assert all(line in score.splitlines() for line in sheet["standings"])
        for player in sheet["players"]:
            line = f"{player['name']}: пуля {player['pool']}, гора {player['mountain']}"
            assert line in score
            assert f"{player['name']} {player['standing']}" in score
        assert sheet["next"] in score
        assert sheet["deals"] == 2 and sheet["status"] == "running"
        assert sheet["lang"] == "ru" and sheet["labels"]["pool"] == "Пуля"

        # Nothing new: the page's poll is told so in a few bytes.
        _, anna = await ask(http, url, sign(tg.token, p["anna"], ref), pulka=ref)
        status, same = await ask(
            http, url, sign(tg.token, p["anna"], ref), pulka=ref, since=anna["mark"]
        )
        assert (status, same) == (200, {"same": True, "last": sheet["last"], "mark": anna["mark"]})

        # The history: each deal, what it wrote, its cost, who entered it.
        status, history = await ask(
            http, url, sign(tg.token, p["vera"], ref), "api/history", pulka=ref
        )
        assert status == 200
        first = history["deals"][0]
        assert first["notation"] == "Anna 6♠ / ровно — Boris вист 3, Vera пас 1"
        assert "Anna: пуля +2" in first["wrote"] and "Boris → Anna: висты +8" in first["wrote"]
        assert first["cost"] == "Anna +5⅓, Boris +1⅓, Vera -6⅔"
        assert first["author"] == "Anna"

        # The sheet as it stood after the first deal.
        status, after = await ask(
            http, url, sign(tg.token, p["vera"], ref), pulka=ref, at=first["event"]
        )
        assert status == 200 and after["after"] == 1
        assert [x["standing"] for x in after["players"]] == ["+5⅓", "+1⅓", "-6⅔"]


async def test_refusals_are_short_json(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    outsider = tg.create_user("Outsider", language_code="en")
    async with app.polling(), aiohttp.ClientSession() as http:
        await seat_three(app, chat, p)
        await app.say(chat, p["anna"], DEALS[0][1])
        ref = await pulka_ref(app)

        # No init data, a wrong signature, a day old: 401.
        assert (await ask(http, url, None, pulka=ref))[0] == 401
        forged = sign("123456:" + "x" * 35, p["anna"], ref)
        status, body = await ask(http, url, forged, pulka=ref)
        assert status == 401 and body["error"] == "bad_signature" and body["text"]
        tampered = sign(tg.token, p["anna"], ref).replace("Anna", "Anny")
        assert (await ask(http, url, tampered, pulka=ref))[0] == 401
        stale = sign(tg.token, p["anna"], ref, at=time.time() - 86_400 - 60)
        status, body = await ask(http, url, stale, pulka=ref)
        assert (status, body["error"]) == (401, "stale_init_data")

        # Someone of another chat, or a pulka that does not exist: 403 (one answer).
        status, body = await ask(http, url, sign(tg.token, outsider, ref), pulka=ref)
        assert (status, body["error"]) == (403, "forbidden")
        assert body["text"] == "Only the members of the pulka's chat may see its sheet."
        status, _ = await ask(http, url, sign(tg.token, p["anna"], "p999"), pulka="p999")
        assert status == 403

        # Bad input: 400, 404, never a traceback (no pulka at all is the page opened
        # from a private chat: test_opened_from_a_private_chat_it_is_his_latest_pulka).
        good = sign(tg.token, p["anna"], ref)
        for params in (
            {"pulka": "12"},
            {"pulka": "p1x"},
            {"pulka": ref, "since": "-1"},
            {"pulka": ref, "since": "7.ru.2"},
            {"pulka": ref, "at": "1e9"},
            {"pulka": ref, "since": "9" * 300},
        ):
            status, body = await ask(http, url, good, **params)
            assert status == 400 and set(body) == {"error", "text"}, params
        assert (await ask(http, url, good, pulka=ref, at=999_999))[0] == 404
        assert (await ask(http, url, good, "api/nothing", pulka=ref))[0] == 404
        huge = "tma " + "a" * 5000
        async with http.get(
            url + "api/sheet", params={"pulka": ref}, headers={"Authorization": huge}
        ) as r:
            assert r.status == 401 and "Traceback" not in await r.text()

        # The page: its own scripts and Telegram's, nothing else.
        async with http.get(url) as r:
            assert r.status == 200 and r.headers["Content-Security-Policy"] == CSP
            page = await r.text()
        assert "app.js" in page and "<script>" not in page
        async with http.get(url + "app.js") as r:
            assert r.status == 200 and "textContent" in await r.text()


async def test_a_page_left_open_by_one_who_left_does_not_ask_telegram_at_every_poll(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling(), aiohttp.ClientSession() as http:
        await seat_three(app, chat, p)
        ref = await pulka_ref(app)
        tg.member_left(chat, p["vera"])
        await app.idle()
        signed = sign(tg.token, p["vera"], ref)
        _, sheet = await ask(http, url, signed, pulka=ref)
        assert sheet["may_write"] is False
        asked = len(tg.calls_to("getChatMember"))
        for _ in range(5):  # polls of the page, nothing new
            _, same = await ask(http, url, signed, pulka=ref, since=sheet["mark"])
            assert same["same"] is True
        assert len(tg.calls_to("getChatMember")) == asked
        # Her write is still refused, asked of Telegram afresh.
        status, refused = await post_deal(http, url, signed, ref, game(sheet["last"], True))
        assert status == 403, refused
        assert len(tg.calls_to("getChatMember")) == asked + 1


async def test_a_player_who_left_the_chat_still_sees_his_pulka(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling(), aiohttp.ClientSession() as http:
        await seat_three(app, chat, p)
        ref = await pulka_ref(app)
        tg.member_left(chat, p["vera"])
        await app.idle()
        status, sheet = await ask(http, url, sign(tg.token, p["vera"], ref), pulka=ref)
        assert status == 200 and [x["name"] for x in sheet["players"]] == ["Anna", "Boris", "Vera"]
        # His pulka, not the chat's figures: the nights are for its members.
        status, _ = await ask(http, url, sign(tg.token, p["vera"], ref), "api/nights", pulka=ref)
        assert status == 403
        status, _ = await ask(http, url, sign(tg.token, p["anna"], ref), "api/nights", pulka=ref)
        assert status == 200
        # A press's body is read only so far, even sent in chunks with no length.

        async def chunks() -> AsyncIterator[bytes]:
            for _ in range(64):
                yield b" " * 64

        signed = {"Authorization": f"tma {sign(tg.token, p['anna'], ref)}"}
        async with http.post(
            url + "api/deal", params={"pulka": ref}, data=chunks(), headers=signed
        ) as response:
            assert response.status == 413 and response.content_type == "application/json"
        # Gleb left too, and never sat: he no longer sees it.
        tg.member_left(chat, p["gleb"])
        await app.idle()
        status, _ = await ask(http, url, sign(tg.token, p["gleb"], ref), pulka=ref)
        assert status == 403


async def test_opened_from_a_private_chat_it_is_his_latest_pulka(
    app: App, people: dict[str, Any]
) -> None:
    """The menu button and ``/start``'s button name no pulka: the page is shown the one
    the user sat in last (running first, else the latest over), and its answer names it
    so that later asks carry it; one who never sat anywhere is told where to open it."""
    tg, p = app.tg, people
    url = configure(app, free_port())
    other = group(tg, p, "Другой стол")
    e = Evening(app, people)
    newcomer = tg.create_user("Newcomer", language_code="en")

    def private(who: dict[str, Any], **fields: str) -> str:
        return sign(tg.token, who, None, chat_type="sender", **fields)

    async with app.polling(), aiohttp.ClientSession() as http:
        # Anna's oldest pulka still runs in the other chat; two of Evening's are settled.
        await seat_three(app, other, p)
        running = await pulka_ref(app)
        settled = await two_nights(app, e)
        assert running != settled
        status, sheet = await ask(http, url, private(p["anna"]))
        assert status == 200, sheet
        assert (sheet["pulka"], sheet["status"]) == (running, "running")
        assert [x["name"] for x in sheet["players"]] == ["Anna", "Boris", "Vera"]
        # The same as the pulka named; the other data endpoints alike.
        _, named = await ask(http, url, private(p["anna"]), pulka=running)
        assert named == sheet
        status, history = await ask(http, url, private(p["anna"]), "api/history")
        assert (
            status == 200
            and history
            == (await ask(http, url, private(p["anna"]), "api/history", pulka=running))[1]
        )
        status, nights = await ask(http, url, private(p["anna"]), "api/nights")
        assert status == 200 and nights["empty"]  # the other chat has no night yet

        # Once it is cancelled, the latest that is over.
        await app.say(other, p["anna"], "/cancel")
        status, sheet = await ask(http, url, private(p["anna"]))
        assert (status, sheet["pulka"], sheet["status"]) == (200, settled, "settled")
        assert sheet["settlement"] is not None

        # Gleb is of both chats and never sat: told, in his language, where to open it.
        status, body = await ask(http, url, private(p["gleb"]))
        assert (status, body["error"]) == (404, "no_pulka")
        assert body["text"] == Texts("ru")("ma_no_pulka")
        assert "табло" in body["text"]
        status, body = await ask(http, url, private(newcomer), "api/nights")
        assert (status, body["error"]) == (404, "no_pulka")
        assert "pinned scoreboard" in body["text"]

        # Forged or stale init data is refused as ever, before any pulka is looked up.
        forged = sign("123456:" + "x" * 35, p["anna"], None, chat_type="sender")
        status, body = await ask(http, url, forged)
        assert (status, body["error"]) == (401, "bad_signature")
        stale = sign(tg.token, p["anna"], None, at=time.time() - 86_400 - 60)
        assert (await ask(http, url, stale))[0] == 401
        assert (await ask(http, url, None))[0] == 401
        # A press names its pulka: without one it is a bad request, nothing written.
        paid = {"payer": 1, "payee": 0, "got": 0}
        status, body = await post(http, url, private(p["boris"]), "", paid)
        assert (status, body["error"]) == (400, "bad_request")
        assert await app.count("paid") == 0


async def test_a_change_of_the_chats_language_shows_at_the_next_poll(
    app: App, people: dict[str, Any]
) -> None:
    """``/lang`` is no event of the pulka: the poll's "same" rests on the language the
    sheet would be drawn in as well as on its last event."""
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling(), aiohttp.ClientSession() as http:
        await seat_three(app, chat, p)
        await app.say(chat, p["anna"], DEALS[0][1])
        ref = await pulka_ref(app)
        signed = sign(tg.token, p["vera"], ref)
        _, sheet = await ask(http, url, signed, pulka=ref)
        assert (sheet["lang"], sheet["labels"]["pool"]) == ("ru", "Пуля")
        _, same = await ask(http, url, signed, pulka=ref, since=sheet["mark"])
        assert same["same"] is True

        await app.say(chat, p["anna"], "/lang en")
        _, after = await ask(http, url, signed, pulka=ref, since=sheet["mark"])
        assert "same" not in after, after
        assert (after["lang"], after["labels"]["pool"], after["status_text"]) == (
            "en",
            "Pool",
            "running",
        )
        assert after["last"] == sheet["last"] and after["mark"] != sheet["mark"]
        # Then the cheap answer again, for the sheet in English.
        _, same = await ask(http, url, signed, pulka=ref, since=after["mark"])
        assert same == {"same": True, "last": after["last"], "mark": after["mark"]}
        # A page loaded before the marks sends the bare event id: it gets the sheet.
        _, old = await ask(http, url, signed, pulka=ref, since=str(sheet["last"]))
        assert old["lang"] == "en" and "same" not in old


async def test_the_sheet_says_who_may_write_deals(app: App, people: dict[str, Any]) -> None:
    """The players and the chat's administrators are offered the deal form; anyone else
    who may see the sheet is told why not, by the very check the write makes."""
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling(), aiohttp.ClientSession() as http:
        await seat_three(app, chat, p)
        ref = await pulka_ref(app)

        def signed(who: str) -> str:
            return sign(tg.token, p[who], ref)

        sheets = {who: (await ask(http, url, signed(who), pulka=ref))[1] for who in p}
        for who in ("anna", "boris", "vera", "admin"):  # the admin created the group
            assert (sheets[who]["may_write"], sheets[who]["no_write"]) == (True, None), who
        not_player = Texts("ru")("ma_err_not_player")
        for who in ("gleb", "stranger"):
            assert (sheets[who]["may_write"], sheets[who]["no_write"]) == (False, not_player)
        # The same figures for all; the poll tells the two apart.
        assert sheets["stranger"]["players"] == sheets["boris"]["players"]
        _, same = await ask(
            http, url, signed("stranger"), pulka=ref, since=sheets["stranger"]["mark"]
        )
        assert same["same"] is True
        _, other = await ask(
            http, url, signed("stranger"), pulka=ref, since=sheets["boris"]["mark"]
        )
        assert other["may_write"] is False and "same" not in other
        # The write refuses him in the same words.
        last = sheets["stranger"]["entry"]["last"]
        status, body = await post_deal(http, url, signed("stranger"), ref, game(last, write=True))
        assert (status, body["text"]) == (403, not_player)

        # Vera left the chat: she still sees her pulka, and is told why she may not write.
        tg.member_left(chat, p["vera"])
        await app.idle()
        _, vera = await ask(http, url, signed("vera"), pulka=ref, since=sheets["vera"]["mark"])
        left = Texts("ru")("ma_err_left_chat")
        assert (vera["may_write"], vera["no_write"]) == (False, left), vera
        status, body = await post_deal(http, url, signed("vera"), ref, game(last, write=True))
        assert (status, body["text"]) == (403, left)
        assert await app.count("deal") == 0
        status, body = await post_deal(http, url, signed("boris"), ref, game(last, write=True))
        assert status == 200 and body["sheet"]["may_write"] is True
        assert await app.count("deal") == 1


async def test_the_menu_button_and_start_open_the_page_once_configured(app: App) -> None:
    tg = app.tg
    en = tg.create_user("Olga", language_code="en")
    chat = tg.private_chat(en)
    async with app.polling():  # not configured: nothing of the page
        answer = await app.reply_msg(chat, en, "/start")
        assert "reply_markup" not in answer
    assert tg.calls_to("setChatMenuButton") == []
    assert tg.menu_button() == {"type": "commands"}

    url = configure(app, free_port())
    async with app.polling():
        # The default of every private chat: the page, in Russian, no pulka named.
        default = {"type": "web_app", "text": "Лист пульки", "web_app": {"url": url}}
        [call] = tg.calls_to("setChatMenuButton")
        assert call.ok and "chat_id" not in call.params
        assert tg.menu_button() == default
        # /start in private: "Open the sheet" to the page, and the chat's own menu
        # button in its language.
        answer = await app.reply_msg(chat, en, "/start")
        assert "A paper sheet can be settled here too" in answer["text"]
        assert buttons(answer) == [{"text": "📊 Open the sheet", "web_app": {"url": url}}]
        assert tg.menu_button(chat["id"]) == {**default, "text": "The sheet"}
        assert tg.menu_button() == default


async def test_a_menu_button_refused_is_logged_and_the_bot_runs(
    app: App, people: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    tg, p = app.tg, people
    configure(app, free_port())
    tg.fail_next("setChatMenuButton", times=2, description="Bad Request: BUTTON_URL_INVALID")
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p)
        assert "пуля" in await app.say(chat, p["anna"], "/score text")
        user = tg.private_chat(p["gleb"])
        answer = await app.reply_msg(user, p["gleb"], "/start")
        assert buttons(answer)[0]["text"] == "📊 Открыть лист"
    assert [c.ok for c in tg.calls_to("setChatMenuButton")] == [False, False]
    assert "could not set the menu button" in caplog.text


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    rows = message.get("reply_markup", {}).get("inline_keyboard", [])
    return [b for row in rows for b in row]


async def test_the_board_opens_the_sheet_once_configured(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    chat = group(tg, p)
    async with app.polling():  # not configured: no link
        await seat_three(app, chat, p)
        assert not [b for b in buttons(await app.board_message(chat)) if "url" in b]
    configure(app, free_port())
    async with app.polling():
        await app.say(chat, p["anna"], DEALS[0][1])
        ref = await pulka_ref(app)
        links = [b for b in buttons(await app.board_message(chat)) if "url" in b]
        assert links == [
            {
                "text": "📊 Открыть лист",
                "url": f"https://t.me/pulka_test_bot/{APP_NAME}?startapp={ref}",
            }
        ]


def test_in_a_private_chat_the_link_is_a_web_app_button() -> None:
    """Telegram takes ``web_app`` buttons in private chats only; there the page is
    told the pulka in its URL."""
    table = SimpleNamespace(id=7, row=SimpleNamespace(chat_id=42))
    link = SheetLink("https://x.org/sheet/", APP_NAME, "pulka_bot")
    button = link.button(Texts("en"), table)  # type: ignore[arg-type]
    assert button is not None and button.web_app is not None and button.url is None
    assert button.web_app.url == "https://x.org/sheet/?pulka=p7"
    group_table = SimpleNamespace(id=7, row=SimpleNamespace(chat_id=-100))
    assert SheetLink("https://x.org/", APP_NAME).button(Texts("en"), group_table) is None  # type: ignore[arg-type]


def test_rate_limit_counts_per_user() -> None:
    limit = RateLimit(rate=3, window=60)
    assert [limit.hit(1) for _ in range(4)] == [True, True, True, False]
    assert limit.hit(2)


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("https://pulka.example.org/sheet/", True),
        ("http://127.0.0.1:8080/sheet/", True),
        ("http://localhost/", True),
        ("http://pulka.example.org/sheet/", False),
        ("ftp://x/", False),
        ("https://x/?a=1", False),
    ],
)
def test_miniapp_url_is_https_or_local(url: str, ok: bool) -> None:
    def build() -> Settings:
        return Settings(bot_token="1:" + "a" * 30, miniapp_url=url, miniapp_name=APP_NAME)

    if ok:
        assert build().miniapp_path.endswith("/")
        assert build().miniapp_url == url
    else:
        with pytest.raises(ValueError, match="miniapp_url"):
            build()


def test_miniapp_url_gains_the_slash_its_page_is_served_at() -> None:
    # The page is at the path ending in "/" and finds its api/ beside it.
    s = Settings(
        bot_token="1:" + "a" * 30, miniapp_url="https://x.org/sheet", miniapp_name=APP_NAME
    )
    assert s.miniapp_url == "https://x.org/sheet/" and s.miniapp_path == "/sheet/"


async def test_a_restricted_user_who_left_is_gone() -> None:
    # Telegram keeps a restricted user's status "restricted" after he leaves.
    class Asked:
        def __init__(self, member: ChatMemberRestricted) -> None:
            self.member = member

        async def get_chat_member(self, chat_id: int, user_id: int) -> ChatMemberRestricted:
            return self.member

    gone = ChatMemberRestricted.model_construct(status="restricted", is_member=False)
    here = ChatMemberRestricted.model_construct(status="restricted", is_member=True)
    assert await Members().status(Asked(gone), -1, 7) == "left"  # type: ignore[arg-type]
    assert await Members().status(Asked(here), -1, 7) == "restricted"  # type: ignore[arg-type]


def test_miniapp_name_is_required_with_its_url() -> None:
    with pytest.raises(ValueError, match="short name"):
        Settings(bot_token="1:" + "a" * 30, miniapp_url="https://x.org/")
    with pytest.raises(ValueError, match="short name"):
        Settings(bot_token="1:" + "a" * 30, miniapp_url="https://x.org/", miniapp_name="a b")


@pytest.mark.parametrize(
    ("args", "names"),
    [
        ("вдвоём до 10", ("anna", "boris")),
        ("sochi 10 1", ("anna", "boris", "vera", "gleb")),
        ("впятером до 6", ("anna", "boris", "vera", "gleb", "admin")),
    ],
)
async def test_every_table_size_has_its_sheet(
    app: App, people: dict[str, Any], args: str, names: tuple[str, ...]
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling(), aiohttp.ClientSession() as http:
        await app.say(chat, p["anna"], f"/newpulka {args}")
        for who in names:
            await app.say(chat, p[who], "/join")
        ref = await pulka_ref(app)
        score = await app.say(chat, p["stranger"], "/score text")
        status, sheet = await ask(http, url, sign(tg.token, p["stranger"], ref), pulka=ref)
        assert status == 200, sheet
        assert [x["pool"] for x in sheet["players"]] == ["0"] * len(sheet["players"])
        for player in sheet["players"]:
            assert f"{player['name']}: " in score
        assert sheet["next"].endswith(".")  # who deals first


async def test_the_settlement_and_the_archive_link_to_the_sheet(
    app: App, people: dict[str, Any]
) -> None:
    configure(app, free_port())
    e = Evening(app, people)
    async with app.polling():
        await e.start("sochi 2 1")
        for who, text in TO_TWO:
            await e.say(who, text)
        await e.ui.tap(e.p["vera"], await e.board(), SETTLE)
        await app.idle()
        ref = await pulka_ref(app)
        link = f"https://t.me/pulka_test_bot/{APP_NAME}?startapp={ref}"
        settlement = next(
            m for m in reversed(e.tg.sent_messages(e.chat)) if "→" in m.get("text", "")
        )
        assert [b["url"] for b in buttons(settlement) if "url" in b] == [link]
        # A press of "Paid" redraws the debt rows; the link stays.
        paid = "💸 Boris → Anna 8.66: оплачено"
        await e.ui.tap(e.p["boris"], settlement["message_id"], paid)
        await app.idle()
        redrawn = e.tg.message(e.chat, settlement["message_id"])
        assert redrawn is not None and paid not in e.ui.labels(settlement["message_id"])
        assert [b["url"] for b in buttons(redrawn) if "url" in b] == [link]
        archived = await app.reply_msg(e.chat, e.p["anna"], "/pulka 1")
        assert [b["url"] for b in buttons(archived) if "url" in b] == [link]


@pytest.mark.parametrize(
    ("lang", "pool", "status"), [("en", "Pool", "running"), ("uk", "Куля", "триває")]
)
async def test_the_page_speaks_the_chats_language(
    app: App, people: dict[str, Any], lang: str, pool: str, status: str
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling(), aiohttp.ClientSession() as http:
        await app.say(chat, p["anna"], f"/lang {lang}")
        await seat_three(app, chat, p, "sochi 10 1")
        ref = await pulka_ref(app)
        score = await app.say(chat, p["anna"], "/score text")
        # Anna's Telegram speaks Russian; the chat's language wins.
        _, sheet = await ask(http, url, sign(tg.token, p["anna"], ref), pulka=ref)
        assert (sheet["lang"], sheet["labels"]["pool"], sheet["status_text"]) == (
            lang,
            pool,
            status,
        )
        assert sheet["title"] in await app.board(chat)
        assert all(line in score.splitlines() for line in sheet["standings"])
        # The Nights tab in the chat's language, its empty state as /stats says it.
        _, nights = await ask(http, url, sign(tg.token, p["anna"], ref), "api/nights", pulka=ref)
        tab = {"ru": "Вечера", "uk": "Вечори", "en": "Nights"}[lang]
        assert sheet["labels"]["nights"] == nights["labels"]["nights"] == tab
        assert nights["empty"] == plain(await app.say(chat, p["anna"], "/stats"))


async def post(
    http: aiohttp.ClientSession, url: str, init_data: str, ref: str, body: Any
) -> tuple[int, Any]:
    data = body if isinstance(body, str) else json.dumps(body)
    headers = {"Authorization": f"tma {init_data}", "Content-Type": "application/json"}
    async with http.post(url + "api/debt", params={"pulka": ref}, data=data, headers=headers) as r:
        return r.status, await r.json()


async def test_paid_and_received_as_the_chats_buttons(app: App, people: dict[str, Any]) -> None:
    url = configure(app, free_port())
    e = Evening(app, people)
    async with app.polling(), aiohttp.ClientSession() as http:
        await e.start("sochi 2 1")
        for who, text in TO_TWO:
            await e.say(who, text)
        await e.ui.tap(e.p["vera"], await e.board(), SETTLE)
        await app.idle()
        ref = await pulka_ref(app)
        token = e.tg.token

        def signed(who: str) -> str:
            return sign(token, e.p[who], ref)

        _, sheet = await ask(http, url, signed("gleb"), pulka=ref)
        labels = [b["label"] for row in sheet["settlement"]["debts"] for b in row]
        assert labels[:2] == ["💸 Boris → Anna 8.66: оплачено", "📥 Anna ← Boris: получено"]
        paid = {"payer": 1, "payee": 0, "got": 0}
        # "Paid" is the payer's: Anna's press is refused as in the chat.
        status, body = await post(http, url, signed("anna"), ref, paid)
        assert status == 403 and body["error"] == "debts_not_payer" and "Boris" in body["text"]
        status, body = await post(http, url, signed("boris"), ref, paid)
        assert status == 200 and "8.66" in body["text"], body
        assert await app.count("paid") == 1
        again = await post(http, url, signed("boris"), ref, paid)
        assert again[0] == 200 and await app.count("paid") == 1  # pressed twice: once
        status, body = await post(http, url, signed("anna"), ref, {**paid, "got": 1})
        assert status == 200 and await app.count("received") == 1
        # The chat's /debts lists both marks, by their authors.
        listed = await e.say("anna", "/debts")
        assert "Boris → Anna 8.66 RUB: оплачено — отметка: Boris" in listed
        assert "Boris → Anna 8.66 RUB: получено — отметка: Anna" in listed
        # Bad presses: 400, a big body 413, a stranger to the chat 403.
        for bad in (
            "{",
            "[]",
            {"payer": 1},
            {"payer": 9, "payee": 0, "got": 0},
            {"payer": True, "payee": 0, "got": 0},
            {"payer": 1, "payee": 0, "got": 2},
        ):
            assert (await post(http, url, signed("boris"), ref, bad))[0] == 400, bad
        assert (await post(http, url, signed("boris"), ref, "x" * 5000))[0] == 413
        outsider = e.tg.create_user("Outsider")
        assert (await post(http, url, sign(token, outsider, ref), ref, paid))[0] == 403


async def post_deal(
    http: aiohttp.ClientSession, url: str, init_data: str, ref: str, body: Any
) -> tuple[int, Any]:
    data = body if isinstance(body, str) else json.dumps(body)
    headers = {"Authorization": f"tma {init_data}", "Content-Type": "application/json"}
    async with http.post(url + "api/deal", params={"pulka": ref}, data=data, headers=headers) as r:
        return r.status, await r.json()


def game(last: int, write: bool = False) -> dict[str, Any]:
    """Anna 6♠ made, Boris whisted, Vera passed: the form's words for it."""
    answers = [
        {"seat": 1, "choice": "whist", "tricks": None},
        {"seat": 2, "choice": "pass", "tricks": None},
    ]
    return {
        "last": last,
        "write": write,
        "kind": "game",
        "declarer": 0,
        "contract": "6S",
        "tricks": 6,
        "answers": answers,
    }


async def test_a_deal_entered_in_the_page_is_written_once_and_told_in_the_chat(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling(), aiohttp.ClientSession() as http:
        await seat_three(app, chat, p)
        ref = await pulka_ref(app)
        _, sheet = await ask(http, url, sign(tg.token, p["boris"], ref), pulka=ref)
        form = sheet["entry"]
        # In speaking order, from the dealer's (Anna's) left.
        assert [x["name"] for x in form["at_table"]] == ["Boris", "Vera", "Anna"]
        assert {"code": "6S", "label": "6♠"} in form["contracts"]
        last = form["last"]

        # The preview: what it would write, implied as /deal implies it.
        status, body = await post_deal(http, url, sign(tg.token, p["boris"], ref), ref, game(last))
        assert status == 200, body
        assert body["preview"]["notation"] == "Anna 6♠ / ровно — Boris вист 4, Vera пас 0"
        assert await app.count("deal") == 0
        # A member who is neither a player nor an administrator may look, not write.
        stranger = sign(tg.token, p["stranger"], ref)
        status, body = await post_deal(http, url, stranger, ref, game(last, write=True))
        assert status == 403 and await app.count("deal") == 0

        before = len(tg.sent_messages(chat))
        status, body = await post_deal(
            http, url, sign(tg.token, p["boris"], ref), ref, game(last, write=True)
        )
        assert status == 200, body
        assert body["sheet"]["deals"] == 1 and "1" in body["text"]
        told = [m["text"] for m in tg.sent_messages(chat)[before:]]
        wrote = "Записал(а): Boris."  # his seat's name, as the sheet shows him
        assert any("Сдача №1: Anna 6♠ / ровно" in t and wrote in t for t in told), told
        assert "сдача №1: Anna 6♠" in await app.board(chat)
        # Pressed twice (or by two players on the same sheet): written once.
        status, body = await post_deal(
            http, url, sign(tg.token, p["anna"], ref), ref, game(last, write=True)
        )
        assert status == 409 and body["error"] == "stale"
        assert await app.count("deal") == 1

        # The other kinds, and what the engine refuses.
        last = body["sheet"]["last"]
        misere = {"last": last, "kind": "misere", "declarer": 1, "tricks": 0}
        status, body = await post_deal(http, url, sign(tg.token, p["anna"], ref), ref, misere)
        assert status == 200 and body["preview"]["notation"].startswith("Boris мизер")
        raspasy = {
            "last": last,
            "kind": "raspasy",
            "tricks": [
                {"seat": 0, "tricks": 3},
                {"seat": 1, "tricks": 2},
                {"seat": 2, "tricks": None},
            ],
        }
        status, body = await post_deal(http, url, sign(tg.token, p["anna"], ref), ref, raspasy)
        assert status == 200 and "распасы 3-2-5" in body["preview"]["notation"], body
        lone_pass = {**game(last), "answers": [{"seat": 1, "choice": "pass", "tricks": None}]}
        status, body = await post_deal(http, url, sign(tg.token, p["anna"], ref), ref, lone_pass)
        assert status == 422 and body["text"]
        for bad in (
            "[",
            {"last": last},
            {**game(last), "declarer": 7},
            {**game(last), "tricks": 11},
            {**game(last), "contract": "11S"},
            {**game(last), "last": "x"},
        ):
            assert (await post_deal(http, url, sign(tg.token, p["anna"], ref), ref, bad))[0] == 400
        assert await app.count("deal") == 1


async def test_a_deal_from_the_page_voids_the_agreement_to_end(
    app: App, people: dict[str, Any]
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    e = Evening(app, people)
    async with app.polling(), aiohttp.ClientSession() as http:
        await e.start()
        await e.say("anna", "/deal raspasy Anna 3 Boris 2 Vera 5")
        offer = await e.offer()
        await e.ui.tap(p["anna"], offer, AGREE)
        assert "Согласны закончить: Anna" in e.ui.text(offer)
        ref = await pulka_ref(app)
        _, sheet = await ask(http, url, sign(tg.token, p["boris"], ref), pulka=ref)
        last = sheet["entry"]["last"]
        status, body = await post_deal(
            http, url, sign(tg.token, p["boris"], ref), ref, game(last, write=True)
        )
        assert status == 200, body
        assert e.ui.text(offer).startswith("Согласие закончить снято: после него счёт изменился")
        assert e.ui.labels(offer) == [] and await app.count("end") == 0


async def test_in_webhook_mode_the_webhooks_server_serves_the_page(app: App) -> None:
    port = free_port()
    settings = Settings(
        bot_token=app.tg.token,
        database_url=f"sqlite:///{app.db}",
        telegram_api_url=app.tg.base_url,
        webhook_url="https://pulka.example.org/tg/hook",
        webhook_secret="s3cret_Token-0123456789",
        webhook_host="127.0.0.1",
        webhook_port=port,
        miniapp_url="https://pulka.example.org/sheet/",
        miniapp_name=APP_NAME,
    )
    server = Server(
        create_dispatcher(app.storage, app.keeper, settings), app.bot, app.storage, settings
    )
    task = asyncio.create_task(server.run())
    try:
        await app.tg.wait_for(
            lambda: task.done() or bool(app.tg.calls_to("setWebhook")),
            description="the webhook to be set",
        )
        base = f"http://127.0.0.1:{port}"
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{base}/sheet/") as r:
                assert r.status == 200 and "app.js" in await r.text()
            status, body = await ask(http, f"{base}/sheet/", None, pulka="p1")
            assert (status, body["error"]) == (401, "no_init_data")
            async with http.get(f"{base}/health") as r:
                assert r.status == 200
    finally:
        server.stop.set()
        await asyncio.wait_for(task, 10)


def _rotated(text: str) -> str:
    """A deal of Anna's played by Boris, of Boris's by Vera, of Vera's by Anna."""
    swap = {"Anna": "Boris", "Boris": "Vera", "Vera": "Anna"}
    return " ".join(swap.get(word, word) for word in text.split())


#: The second night: :data:`TO_TWO` with the parts turned round (Boris wins it).
SECOND = tuple((who, _rotated(text)) for who, text in TO_TWO)


async def two_nights(app: App, e: Evening) -> str:
    """Two pulkas of ``e``'s chat played to the end and settled; the second's reference."""
    for deals_ in (TO_TWO, SECOND):
        await e.start("sochi 2 1")
        for who, text in deals_:
            await e.say(who, text)
        await e.ui.tap(e.p["vera"], await e.board(), SETTLE)
        await app.idle()
    return await pulka_ref(app)


async def test_the_nights_are_the_chats_stats_rating_and_debts(
    app: App, people: dict[str, Any]
) -> None:
    url = configure(app, free_port())
    e = Evening(app, people)
    outsider = e.tg.create_user("Outsider")
    async with app.polling(), aiohttp.ClientSession() as http:
        ref = await two_nights(app, e)
        token = e.tg.token

        # Signed and of the chat, as api/sheet: else 401 and 403.
        assert (await ask(http, url, None, "api/nights", pulka=ref))[0] == 401
        forged = sign("123456:" + "x" * 35, e.p["anna"], ref)
        assert (await ask(http, url, forged, "api/nights", pulka=ref))[0] == 401
        status, body = await ask(http, url, sign(token, outsider, ref), "api/nights", pulka=ref)
        assert (status, body["error"]) == (403, "forbidden")
        foreign = sign(token, e.p["anna"], "p999")
        assert (await ask(http, url, foreign, "api/nights", pulka="p999"))[0] == 403

        # Gleb is in the chat, never played: a member may look.
        status, nights = await ask(
            http, url, sign(token, e.p["gleb"], ref), "api/nights", pulka=ref
        )
        assert status == 200, nights
        assert nights["count"] == 2 and nights["labels"]["nights"] == "Вечера"
        stats = plain(await e.say("gleb", "/stats"))
        assert nights["title"] in stats
        assert len(nights["players"]) == 3
        for p in nights["players"]:  # each player's lines are /stats' own
            assert all(line in stats for line in p["lines"]), (p["lines"], stats)
            assert f"висты {p['whists']}, деньги {p['money']}" in p["lines"][0]

        # Head to head, as /stats' pairs.
        assert nights["pairs"]["lines"]
        pairs = [nights["pairs"]["title"], *nights["pairs"]["lines"]]
        assert all(line in stats.splitlines() for line in pairs), (pairs, stats)
        # The chart: each player's running money after each night, ending at his money.
        chart = nights["chart"]
        assert chart["nights"] == [1, 2] and chart["currency"] == "RUB"
        money = {p["name"]: p["money"] for p in nights["players"]}
        for s in chart["series"]:
            assert len(s["values"]) == len(s["texts"]) == 2
            assert money[s["name"]] == f"{s['total']} RUB"
            assert s["texts"][-1] == s["total"]
        assert {t["text"] for t in chart["ticks"]} >= {"0"}

        # The rating: /rating's lines, and each player's history as /rating Name says it.
        rating_text = plain(await e.say("gleb", "/rating"))
        assert nights["rating"]["title"] in rating_text
        for p in nights["rating"]["players"]:
            assert p["line"] in rating_text.splitlines()
            assert p["history"] == plain(await e.say("gleb", f"/rating {p['name']}")).split("\n")

        # The debts: /debts' lines, and the buttons of each pulka with a line open.
        debts_text = plain(await e.say("gleb", "/debts"))
        assert nights["debts"]["lines"] and nights["debts"]["none"] is None
        assert all(line in debts_text.splitlines() for line in nights["debts"]["lines"])
        assert [x["number"] for x in nights["debts"]["pulkas"]] == ["№1", "№2"]
        first = nights["debts"]["pulkas"][0]
        row = first["buttons"][0]
        assert [b["got"] for b in row] == [0, 1]
        # "Paid" from the page goes through api/debt with that pulka: the same event.
        paid = {k: row[0][k] for k in ("payer", "payee", "got")}
        # "💸 Boris → Anna 8.66: оплачено": the payer's name stands before the arrow.
        named = row[0]["label"].split("→")[0].split()[-1]
        payer = next(n for n in ("anna", "boris", "vera") if e.p[n]["first_name"] == named)
        status, body = await post(
            http, url, sign(token, e.p[payer], first["pulka"]), first["pulka"], paid
        )
        assert status == 200, body
        assert await app.count("paid") == 1
        _, after = await ask(http, url, sign(token, e.p["gleb"], ref), "api/nights", pulka=ref)
        assert after["debts"]["pulkas"][0]["buttons"][0][0]["label"].startswith("☑️")
        debts_text = plain(await e.say("gleb", "/debts"))
        assert all(line in debts_text.splitlines() for line in after["debts"]["lines"])
        assert any("💸" in line for line in after["debts"]["lines"])


async def test_the_nights_before_any_night(app: App, people: dict[str, Any]) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling(), aiohttp.ClientSession() as http:
        await seat_three(app, chat, p)
        ref = await pulka_ref(app)
        status, nights = await ask(
            http, url, sign(tg.token, p["anna"], ref), "api/nights", pulka=ref
        )
        assert status == 200
        assert nights["empty"] == plain(await app.say(chat, p["anna"], "/stats"))
        assert nights["chart"] is None and nights["rating"] is None and not nights["players"]
