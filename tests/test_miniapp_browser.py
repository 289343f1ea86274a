"""The sheet's page in a real headless Chromium (Debian's, through its chromedriver):
opened as Telegram opens it (signed init data in the URL's fragment), it shows what
``/score text`` shows, follows a deal written in the chat without a reload, and sets
players' words as text.  Screenshots at 390×844, light and dark, go to
``tests/artifacts/`` for a person to look at.

One browser for the module; every call into it runs in a thread, so the bot's server
in the test's event loop keeps answering the page meanwhile.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import aiohttp
import pytest
from harness import App, group
from miniapp import ask, configure, free_port, pulka_ref, seat_three, sign
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from test_ending import SETTLE, TO_TWO, Evening
from test_miniapp import two_nights

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"

LIGHT = {
    "bg_color": "#ffffff",
    "text_color": "#000000",
    "hint_color": "#707579",
    "link_color": "#3390ec",
    "button_color": "#3390ec",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#f4f4f5",
    "section_separator_color": "#e7e7e7",
}
DARK = {
    "bg_color": "#17212b",
    "text_color": "#f5f5f5",
    "hint_color": "#708499",
    "link_color": "#6ab3f3",
    "button_color": "#5288c1",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#232e3c",
    "section_separator_color": "#111921",
}
XSS = "<img src=x onerror=alert(1)>"

T = TypeVar("T")


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    if not (shutil.which(CHROMIUM) and shutil.which(DRIVER)):
        pytest.fail("chromium and chromium-driver are needed (.ci/run installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=390,844",
        "--force-device-scale-factor=1",
        # Only the bot on 127.0.0.1: telegram.org's script fails at once, as offline.
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    # A phone's viewport: headless Chromium keeps its windows at least 500 px wide.
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True},
    )
    # Any alert() the page were made to run is recorded instead of shown.
    driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {"source": "window.__alerts = []; window.alert = (m) => window.__alerts.push(m);"},
    )
    try:
        yield driver
    finally:
        driver.quit()


async def open_page(
    browser: webdriver.Chrome, url: str, init_data: str, theme: dict[str, str]
) -> None:
    """Open the page afresh (a fragment alone changed would not load it again)."""
    await run(browser.get, "about:blank")
    await run(browser.get, page_url(url, init_data, theme))


async def run(call: Callable[..., T], *args: Any) -> T:
    return await asyncio.to_thread(call, *args)


async def until(browser: webdriver.Chrome, script: str, timeout: float = 10.0) -> Any:
    """Wait until ``script`` (a JS expression) is truthy in the page; its value."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        value = await run(browser.execute_script, f"return ({script});")
        if value:
            return value
        if loop.time() > end:
            shot = ARTIFACTS / "miniapp-timeout.png"
            await run(browser.save_screenshot, str(shot))
            raise AssertionError(f"{script} not true in {timeout} s (see {shot})")
        await asyncio.sleep(0.1)


def page_url(url: str, init_data: str, theme: dict[str, str]) -> str:
    """The page as Telegram opens it: the init data and the theme in the fragment."""
    return (
        f"{url}#tgWebAppData={quote(init_data, safe='')}&tgWebAppVersion=8.0"
        f"&tgWebAppPlatform=android&tgWebAppThemeParams={quote(json.dumps(theme), safe='')}"
    )


#: Each player's name and standing, as the page shows them.
STANDINGS = (
    "[...document.querySelectorAll('.player')]"
    ".map(p => [p.querySelector('.name').textContent, p.querySelector('.result').textContent])"
)


async def test_the_page_shows_the_live_sheet(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    tg, p = app.tg, people
    ARTIFACTS.mkdir(exist_ok=True)
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling(), aiohttp.ClientSession() as http:
        await app.say(chat, p["anna"], "/newpulka sochi 20 0.5")
        for who in ("anna", "boris", "vera"):
            await app.say(chat, p[who], "/join")
        await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        await app.say(chat, p["boris"], "/deal Boris 7h 7 Anna whist 2 Vera pass 1")
        await app.say(chat, p["vera"], f"/correct Anna mountain -2 — {XSS}")
        ref = await pulka_ref(app)
        score = await app.say(chat, p["stranger"], "/score text")

        await open_page(browser, url, sign(tg.token, p["anna"], ref), LIGHT)
        shown = await until(
            browser, f"document.querySelectorAll('.player .result').length === 3 && {STANDINGS}"
        )
        _, sheet = await ask(http, url, sign(tg.token, p["anna"], ref), pulka=ref)
        assert shown == [[x["name"], x["standing"]] for x in sheet["players"]]
        for who, standing in shown:  # what /score text says
            assert f"{who} {standing}" in score
        assert await run(browser.execute_script, "return document.title") == "Pulka"
        await run(browser.save_screenshot, str(ARTIFACTS / "miniapp-light.png"))

        # A deal written in the chat shows up by itself.
        last = await run(browser.execute_script, "return document.body.dataset.last")
        await app.say(chat, p["vera"], "/deal Vera 6d 6 Anna whist 2 Boris pass 2")
        await until(browser, f"document.body.dataset.last !== {json.dumps(last)}", timeout=8)
        _, sheet = await ask(http, url, sign(tg.token, p["anna"], ref), pulka=ref)
        assert await run(browser.execute_script, f"return {STANDINGS}") == [
            [x["name"], x["standing"]] for x in sheet["players"]
        ]

        # The deals: the correction's note is text, nothing of it runs.
        await run(browser.execute_script, "document.getElementById('tab-history').click()")
        notes = await until(
            browser, "[...document.querySelectorAll('.deal .notation')].map(n => n.textContent)"
        )
        assert any(XSS in n for n in notes), notes
        # When, in the phone's own time (the browser's zone here is UTC), not "… UTC".
        metas = await run(
            browser.execute_script,
            "return [...document.querySelectorAll('.deal .meta')].map(n => n.textContent)",
        )
        now = datetime.now(UTC)  # the deals were written in the last minutes
        days = {(now - timedelta(minutes=m)).strftime("%d.%m.%Y") for m in (0, 10)}
        assert metas and all("UTC" not in m for m in metas), metas
        assert all(any(d in m for d in days) for m in metas), metas
        assert (
            await run(browser.execute_script, "return document.querySelectorAll('img').length") == 0
        )
        assert await run(browser.execute_script, "return window.__alerts") == []

        # Dark, as Telegram's dark theme gives it.
        await open_page(browser, url, sign(tg.token, p["boris"], ref), DARK)
        await until(browser, "document.querySelectorAll('.player .result').length === 3")
        bg = await run(
            browser.execute_script, "return getComputedStyle(document.body).backgroundColor"
        )
        assert bg == "rgb(23, 33, 43)"
        await run(browser.save_screenshot, str(ARTIFACTS / "miniapp-dark.png"))
        await run(browser.execute_script, "document.getElementById('tab-history').click()")
        await until(browser, "document.querySelectorAll('.deal').length === 4")
        await run(browser.save_screenshot, str(ARTIFACTS / "miniapp-dark-history.png"))
        # Tap the first deal: the sheet as it stood after it.
        await run(browser.execute_script, "[...document.querySelectorAll('.deal')].at(-1).click()")
        await until(browser, "document.getElementById('after')")
        assert await run(browser.execute_script, f"return {STANDINGS}") == [
            ["Anna", "+5⅓"],
            ["Boris", "+1⅓"],
            ["Vera", "-6⅔"],
        ]
        assert await run(browser.execute_script, "return window.__alerts") == []


async def test_a_forged_page_says_why(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka")
        forged = sign("1:" + "x" * 35, p["anna"], "p1")
        await open_page(browser, url, forged, LIGHT)
        message = await until(
            browser,
            "document.getElementById('message').textContent !== '…'"
            " && document.getElementById('message').textContent",
        )
        assert "не подписана ботом" in message


async def test_opened_from_a_private_chat_the_page_shows_his_latest_pulka(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    """The menu button names no pulka: the page shows the one the user sat in last and
    asks after it by name; one who never sat is told where to open it, not an error."""
    tg, p = app.tg, people
    ARTIFACTS.mkdir(exist_ok=True)
    url = configure(app, free_port())
    chat = group(tg, p)
    newcomer = tg.create_user("Newcomer", language_code="en")
    async with app.polling():
        await open_page(browser, url, sign(tg.token, newcomer, None, chat_type="sender"), DARK)
        said = await until(browser, "document.querySelector('#message.welcome')?.textContent")
        assert "pinned scoreboard" in said
        assert await run(browser.execute_script, "return document.getElementById('tabs').hidden")
        await run(browser.save_screenshot, str(ARTIFACTS / "miniapp-dark-no-pulka.png"))

        await seat_three(app, chat, p, "sochi 20 1")
        ref = await pulka_ref(app)
        await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        await open_page(browser, url, sign(tg.token, p["vera"], None, chat_type="sender"), LIGHT)
        shown = await until(
            browser, f"document.querySelectorAll('.player .result').length === 3 && {STANDINGS}"
        )
        assert shown == [["Anna", "+5⅓"], ["Boris", "+1⅓"], ["Vera", "-6⅔"]]
        assert not await run(
            browser.execute_script,
            "return document.getElementById('message').className.includes('welcome')",
        )
        # Its polls name the pulka it was given, and follow a deal written in the chat.
        last = await run(browser.execute_script, "return document.body.dataset.last")
        await app.say(chat, p["boris"], "/deal Boris 7h 7 Anna whist 2 Vera pass 1")
        await until(browser, f"document.body.dataset.last !== {json.dumps(last)}", timeout=8)
        asked = await run(
            browser.execute_script,
            "return performance.getEntriesByType('resource').map(e => e.name)"
            ".filter(n => n.includes('/api/'))",
        )
        assert "pulka=" not in asked[0] and len(asked) > 1
        assert all(f"pulka={ref}&" in name for name in asked[1:]), asked


async def test_a_settled_pulka_shows_its_settlement(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    url = configure(app, free_port())
    e = Evening(app, people)
    async with app.polling():
        await e.start("sochi 2 1")
        for who, text in TO_TWO:
            await e.say(who, text)
        await e.ui.tap(e.p["vera"], await e.board(), SETTLE)
        await app.idle()
        settled = next(
            m["text"] for m in reversed(e.tg.sent_messages(e.chat)) if "→" in m.get("text", "")
        )
        ref = await pulka_ref(app)
        await open_page(browser, url, sign(e.tg.token, e.p["gleb"], ref), DARK)
        lines = await until(
            browser,
            "[...document.querySelectorAll('#settlement p')].map(p => p.textContent)",
        )
        assert all(line in settled for line in lines), (lines, settled)
        assert any("→" in line for line in lines)  # who pays whom
        await run(browser.save_screenshot, str(ARTIFACTS / "miniapp-dark-settled.png"))
        # Boris marks his payment in the page, as under the settlement in the chat.
        await open_page(browser, url, sign(e.tg.token, e.p["boris"], ref), LIGHT)
        paid = "💸 Boris → Anna 8.66: оплачено"
        button = f"[...document.querySelectorAll('.debt')].find(b => b.textContent === {paid!r})"
        await until(browser, button)
        await run(browser.execute_script, f"{button}.click()")
        said = await until(browser, "document.getElementById('pressed')?.textContent")
        assert "8.66" in said
        assert await app.count("paid") == 1
        await run(browser.save_screenshot, str(ARTIFACTS / "miniapp-light-settled-paid.png"))


def choose(name: str, value: str) -> str:
    """JS: pick ``value`` in the form's select ``name``, as a tap would."""
    return (
        f"const s = document.querySelector('select[name={name}]'); s.value = {value!r};"
        " s.dispatchEvent(new Event('change'));"
    )


async def test_a_deal_entered_in_the_page_is_posted_in_the_chat(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "sochi 20 1")
        ref = await pulka_ref(app)
        await open_page(browser, url, sign(tg.token, p["vera"], ref), LIGHT)
        await until(browser, "!document.getElementById('tab-entry').hidden")
        await run(browser.execute_script, "document.getElementById('tab-entry').click()")
        await until(browser, "document.querySelector('select[name=declarer]')")
        # Boris 7♥, made; Vera whisted, Anna passed (Boris deals first: Vera speaks).
        for name, value in (("contract", "7H"), ("tricks", "7"), ("choice-0", "pass")):
            await run(browser.execute_script, choose(name, value))
        await run(browser.execute_script, "document.getElementById('check').click()")
        shown = await until(browser, "document.getElementById('preview').textContent")
        assert "Boris 7♥ / ровно" in shown, shown
        await run(browser.save_screenshot, str(ARTIFACTS / "miniapp-light-new-deal.png"))
        before = len(tg.sent_messages(chat))
        await run(browser.execute_script, "document.getElementById('write').click()")
        # Answered once written and told in the chat.
        said = await until(
            browser,
            "document.getElementById('preview').textContent.includes('записана')"
            " && document.getElementById('preview').textContent",
        )
        assert said.startswith("Сдача 1 записана"), said
        await app.idle()
        assert await app.count("deal") == 1
        told = [m.get("text", "") for m in tg.sent_messages(chat)[before:]]
        assert any("Сдача №1: Boris 7♥ / ровно" in t for t in told), told
        # Its button is spent: a second press needs a new check, on the new sheet.
        assert await run(browser.execute_script, "return document.getElementById('write').disabled")


def find(selector: str) -> str:
    """JS: the first element ``selector`` finds."""
    return f"document.querySelector({json.dumps(selector)})"


async def test_the_nights_tab_shows_the_stats_chart_rating_and_debts(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    url = configure(app, free_port())
    e = Evening(app, people)
    async with app.polling(), aiohttp.ClientSession() as http:
        ref = await two_nights(app, e)
        signed = sign(e.tg.token, e.p["gleb"], ref)
        _, nights = await ask(http, url, signed, "api/nights", pulka=ref)
        for theme, name in ((LIGHT, "light"), (DARK, "dark")):
            await open_page(browser, url, signed, theme)
            await until(browser, "!document.getElementById('tabs').hidden")
            tab = await run(
                browser.execute_script, "return document.getElementById('tab-nights').textContent"
            )
            assert tab == "Вечера"
            await run(browser.execute_script, "document.getElementById('tab-nights').click()")
            rows = await until(
                browser,
                "document.querySelectorAll('tr.stat').length === 3 && [...document.querySelectorAll"
                "('tr.stat')].map(r => [...r.children].map(c => c.textContent))",
            )
            # The statistics and the rating as the chat's /stats and /rating have them.
            assert rows == [
                [
                    str(p["place"]),
                    p["name"],
                    str(p["pulkas"]),
                    p["whists"],
                    p["money"],
                    p["per_deal"],
                ]
                for p in nights["players"]
            ]
            rating = await run(
                browser.execute_script,
                "return [...document.querySelectorAll('details.rating summary')]"
                ".map(s => s.textContent)",
            )
            assert rating == [p["line"] for p in nights["rating"]["players"]]
            # Tap Boris's line: his is picked out, the others dimmed.
            boris = next(s["key"] for s in nights["chart"]["series"] if s["name"] == "Boris")
            line = find(f'svg.chart .series[data-key="{boris}"]')
            await run(
                browser.execute_script,
                f"{line}.querySelector('.hit')"
                ".dispatchEvent(new MouseEvent('click', {bubbles: true}))",
            )
            assert await run(browser.execute_script, f"return {line}.classList.contains('picked')")
            others = "[...document.querySelectorAll('svg.chart .series:not(.picked)')]"
            assert await run(
                browser.execute_script,
                f"return {others}.every(g => g.classList.contains('dimmed'))",
            )
            entry = find(f'.legend .entry[data-key="{boris}"]')
            assert (
                await run(browser.execute_script, f"return {entry}.getAttribute('aria-pressed')")
                == "true"
            )
            await run(browser.execute_script, "window.scrollTo(0, 0)")
            await run(browser.save_screenshot, str(ARTIFACTS / f"miniapp-{name}-nights.png"))
            await run(browser.execute_script, "document.getElementById('chart').scrollIntoView()")
            await run(browser.save_screenshot, str(ARTIFACTS / f"miniapp-{name}-nights-chart.png"))
            # A tap on a rating line opens his history (/rating Name).
            await run(
                browser.execute_script, "document.querySelector('details.rating').open = true"
            )
            history = await run(
                browser.execute_script,
                "return [...document.querySelectorAll('details.rating')][0].innerText",
            )
            assert nights["rating"]["players"][0]["history"][1] in history
            await run(browser.execute_script, "document.getElementById('rating').scrollIntoView()")
            await run(browser.save_screenshot, str(ARTIFACTS / f"miniapp-{name}-nights-rating.png"))
        # A tap on the legend picks another player; a second tap lets him go.
        anna = next(s["key"] for s in nights["chart"]["series"] if s["name"] == "Anna")
        entry = find(f'.legend .entry[data-key="{anna}"]')
        await run(browser.execute_script, f"{entry}.click()")
        picked = (
            "[...document.querySelectorAll('svg.chart .series.picked')].map(g => g.dataset.key)"
        )
        assert await run(browser.execute_script, f"return {picked}") == [anna]
        await run(browser.execute_script, f"{entry}.click()")
        assert await run(browser.execute_script, f"return {picked}") == []
        assert await run(browser.execute_script, "return window.__alerts") == []


async def test_a_telegram_name_with_markup_runs_nothing(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    # Names do not allow markup: a Telegram user named so is seated under a stand-in
    # name, and nothing of his own name reaches the page as markup.
    tg, p = app.tg, people
    url = configure(app, free_port())
    odd = tg.create_user(XSS)
    chat = tg.create_group(members=[p["anna"], p["boris"], odd], creator=p["anna"])
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 20 1")
        for who in (p["anna"], p["boris"], odd):
            assert "садится за стол" in await app.say(chat, who, "/join")
        await app.say(chat, p["anna"], "/deal 1 6s 6 2 whist 3 3 pass 1")
        ref = await pulka_ref(app)
        await open_page(browser, url, sign(tg.token, odd, ref), LIGHT)
        names = await until(
            browser,
            "document.querySelectorAll('.player .result').length === 3 && "
            "[...document.querySelectorAll('.player .name')].map(n => n.textContent)",
        )
        assert names[:2] == ["Anna", "Boris"] and "<" not in names[2], names
        await run(browser.execute_script, "document.getElementById('tab-history').click()")
        notations = await until(
            browser, "[...document.querySelectorAll('.deal .notation')].map(n => n.textContent)"
        )
        assert notations and names[2] in notations[0], notations
        assert (
            await run(browser.execute_script, "return document.querySelectorAll('img').length") == 0
        )
        assert await run(browser.execute_script, "return window.__alerts") == []


async def test_the_page_follows_a_change_of_the_chats_language(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "sochi 20 1")
        ref = await pulka_ref(app)
        await open_page(browser, url, sign(tg.token, p["boris"], ref), LIGHT)
        tab = "document.getElementById('tab-sheet').textContent"
        assert await until(browser, f"document.querySelector('.player') && {tab}") == "Лист"
        # No deal is written: the next poll alone redraws it in English.
        await app.say(chat, p["anna"], "/lang en")
        await until(browser, f"{tab} === 'Sheet'", timeout=6)
        assert await run(browser.execute_script, "return document.documentElement.lang") == "en"
        labels = await run(
            browser.execute_script,
            "return [...document.querySelectorAll('.player .label')].map(l => l.textContent)",
        )
        assert labels[:3] == ["Pool", "Mountain", "Whists"]


async def test_one_who_may_not_write_is_not_offered_the_form(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    """A member of the chat neither at the table nor an administrator sees the sheet,
    and instead of the deal form one line saying who writes deals."""
    ARTIFACTS.mkdir(exist_ok=True)
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "sochi 20 1")
        ref = await pulka_ref(app)
        await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        await open_page(browser, url, sign(tg.token, p["gleb"], ref), LIGHT)
        said = await until(browser, "document.getElementById('no-write')?.textContent")
        assert said == "Записывать сдачи могут только игроки пульки и администраторы чата."
        assert await run(
            browser.execute_script, "return document.getElementById('tab-entry').hidden"
        )
        await run(browser.save_screenshot, str(ARTIFACTS / "miniapp-light-may-not-write.png"))
        # A player of the same pulka is offered it, with no such line.
        await open_page(browser, url, sign(tg.token, p["vera"], ref), LIGHT)
        await until(browser, "!document.getElementById('tab-entry').hidden")
        assert not await run(browser.execute_script, "return document.getElementById('no-write')")


#: JS: how many polls of the sheet the page has had answered.
POLLS = "performance.getEntriesByType('resource').filter(e => e.name.includes('/api/sheet')).length"


def visibility(hidden: bool) -> str:
    """JS: the page told it is out of sight (``hidden``) or back, as a browser does when
    Telegram is minimised or the phone locked."""
    return (
        f"window.__hidden = {json.dumps(hidden)};"
        " if (!window.__faked) { window.__faked = true;"
        " Object.defineProperty(document, 'hidden', {configurable: true,"
        " get: () => window.__hidden});"
        " Object.defineProperty(document, 'visibilityState', {configurable: true,"
        " get: () => (window.__hidden ? 'hidden' : 'visible')}); }"
        " document.dispatchEvent(new Event('visibilitychange'));"
    )


async def test_the_page_does_not_poll_while_out_of_sight(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling():
        await seat_three(app, chat, p, "sochi 20 1")
        ref = await pulka_ref(app)
        await open_page(browser, url, sign(tg.token, p["anna"], ref), LIGHT)
        await until(browser, f"document.querySelector('.player') && {POLLS} >= 2")
        last = await run(browser.execute_script, "return document.body.dataset.last")

        await run(browser.execute_script, visibility(True))
        await asyncio.sleep(1)  # a poll already asked may still be answered
        before = await run(browser.execute_script, f"return {POLLS}")
        await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Vera pass 1")
        await asyncio.sleep(3)  # more than one of its intervals
        assert await run(browser.execute_script, f"return {POLLS}") == before
        assert await run(browser.execute_script, "return document.body.dataset.last") == last

        # Back in sight: asked at once, well before the interval is up.
        await run(browser.execute_script, visibility(False))
        await until(browser, f"document.body.dataset.last !== {json.dumps(last)}", timeout=2)
        # Then one poll every interval: no second loop beside the first.
        await asyncio.sleep(0.5)
        start = await run(browser.execute_script, f"return {POLLS}")
        await asyncio.sleep(5.2)
        polls = await run(browser.execute_script, f"return {POLLS}") - start
        assert 1 <= polls <= 3, polls


async def test_the_form_checks_as_it_opens_and_the_closing_deal_is_confirmed(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    """The form opens on a deal that checks (the contract made, one whister, one
    passer); a deal that closes the pulka takes the form away, so the sheet says it was
    written; and with the bot gone the page says so in the chat's words."""
    e = Evening(app, people)
    url = configure(app, free_port())
    async with app.polling():
        await e.start("sochi 2 1")
        for who, text in TO_TWO[:2]:
            await e.say(who, text)
        ref = await pulka_ref(app)
        await open_page(browser, url, sign(e.tg.token, e.p["vera"], ref), LIGHT)
        await until(browser, "!document.getElementById('tab-entry').hidden")
        await run(browser.execute_script, "document.getElementById('tab-entry').click()")
        await until(browser, "document.querySelector('select[name=declarer]')")
        await run(browser.execute_script, "document.getElementById('check').click()")
        shown = await until(browser, "document.getElementById('preview').textContent")
        assert shown.startswith("Anna 6♠ / ровно — Boris вист 4, Vera пас"), shown
        assert "После этой сдачи пулька закрыта." in shown
        # Plurals on the counts, as the chat writes them.
        options = await run(
            browser.execute_script,
            "return [...document.querySelectorAll('select[name=tricks] option')]"
            ".map(o => o.textContent)",
        )
        assert options[:4] == ["—", "0 взяток", "1 взятка", "2 взятки"], options
        await run(browser.execute_script, "document.getElementById('write').click()")
        said = await until(browser, "document.getElementById('written')?.textContent")
        assert said == "Сдача 3 записана; бот написал о ней в чат.", said
        assert await run(browser.execute_script, "return document.getElementById('entry').hidden")
        status = await run(
            browser.execute_script, "return document.getElementById('status').textContent"
        )
        assert status == "сыграна, ещё не рассчитана"
        await run(browser.save_screenshot, str(ARTIFACTS / "miniapp-closing-deal-written.png"))
        assert await app.count("deal") == 3
    # The bot is gone: the next poll says so, in Russian, over the sheet it had.
    said = await until(
        browser,
        "document.body.classList.contains('offline')"
        " && document.getElementById('message').textContent",
    )
    assert said.startswith("Нет связи с ботом"), said


async def test_a_long_name_in_the_whists_is_shortened_never_its_figure(
    app: App, people: dict[str, Any], browser: webdriver.Chrome
) -> None:
    tg, p = app.tg, people
    url = configure(app, free_port())
    chat = group(tg, p)
    async with app.polling():
        await app.say(chat, p["anna"], "/newpulka sochi 20 1")
        for who in ("anna", "boris"):
            await app.say(chat, p[who], "/join")
        await app.say(chat, p["anna"], "/join Bartholomew_the_Great")
        await app.say(chat, p["anna"], "/deal Anna 6s 6 Boris whist 3 Bartholomew_the_Great pass 1")
        ref = await pulka_ref(app)
        await open_page(browser, url, sign(tg.token, p["boris"], ref), LIGHT)
        await until(browser, "document.querySelector('.whist .amount')")
        rows = await run(
            browser.execute_script,
            "return [...document.querySelectorAll('.whist')].map(w => [w.querySelector('.on')"
            ".textContent, w.querySelector('.amount').textContent, w.getClientRects().length,"
            " w.getBoundingClientRect().height])",
        )
        assert rows[2][:3] == ["Anna", "8", 1], rows  # Boris on Anna: one line
        heights = {round(h) for *_, h in rows}
        assert len(heights) == 1, rows  # every whist one line high, the long name too
        wide = await run(
            browser.execute_script, "return document.documentElement.scrollWidth <= innerWidth"
        )
        assert wide
        await run(browser.save_screenshot, str(ARTIFACTS / "miniapp-long-name.png"))
