"""Remake the pictures of the README and the user guide.

    .venv/bin/python docs/img/make_pictures.py

* ``sheet.png``: the classic paper sheet of a settled three-player Sochi pulka, drawn
  by the bot's own renderer (``bot.views.picture.render_sheet``) with the title the
  bot gives a settled sheet in an English chat.
* ``chat.png``: a short real exchange: ``/newpulka``, three taps on "Sit down", "Start
  the pulka", a typed ``/deal`` and the bot's answer.  The real bot runs against the
  tests' fake Bot API (``tests/harness.py``); the texts, buttons and the pinned message
  are what the bot sent, drawn as a Telegram chat (HTML rendered by headless
  Chromium; Debian: ``apt-get install chromium fonts-noto-color-emoji``).
"""

from __future__ import annotations

import asyncio
import html
import io
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from bot.views.chat import SheetKind, sheet_title  # noqa: E402
from fakebotapi import FakeTelegram  # noqa: E402
from harness import App  # noqa: E402
from tapping import Tapper  # noqa: E402

from bot.views.picture import render_sheet  # noqa: E402
from bot.views.texts import Texts  # noqa: E402
from scoring import Deal, Game, Misere, Raspasy, Rules, replay, settle_state  # noqa: E402

ANNA, BORIS, VERA = "Anna", "Boris", "Vera"


def game(
    declarer: str,
    contract: str,
    first: tuple[str, str, int],
    second: tuple[str, str, int],
    took: int,
) -> Game:
    """A game as a table calls it: the declarer's tricks and each defender's answer and
    tricks (both passing: not played out, the declarer written his contract)."""
    (a, said_a, took_a), (b, said_b, took_b) = first, second
    if said_a == said_b == "pass":
        took_a, took_b = 10 - took, 0
    return Game.of(
        declarer, contract, {a: said_a, b: said_b}, {declarer: took, a: took_a, b: took_b}
    )


def evening() -> list[Deal]:
    """A Sochi pulka to 20 for three that closes on its 22nd deal: games made and
    failed, two raspasy, two misères, games nobody whisted, help from the players who
    closed first, and a last game whose surplus comes off the declarer's mountain."""
    A, B, V = ANNA, BORIS, VERA
    w, p = "whist", "pass"
    return [
        game(A, "6S", (B, w, 3), (V, p, 1), 6),
        game(B, "7H", (V, w, 2), (A, p, 1), 7),
        Raspasy.of({A: 2, B: 5, V: 3}),
        game(V, "6D", (A, w, 3), (B, w, 2), 5),
        game(A, "7C", (B, p, 0), (V, w, 3), 7),
        Misere(B, 0),
        game(V, "6NT", (A, p, 0), (B, p, 0), 6),
        game(A, "8S", (B, w, 3), (V, p, 0), 7),
        Raspasy.of({A: 4, B: 0, V: 6}),
        game(B, "7D", (A, w, 2), (V, p, 1), 7),
        game(V, "7S", (A, w, 2), (B, p, 0), 8),
        game(A, "6H", (B, w, 2), (V, w, 2), 6),
        game(B, "6C", (V, w, 4), (A, p, 0), 6),
        game(V, "8H", (A, w, 2), (B, p, 0), 8),
        game(A, "7NT", (B, p, 0), (V, p, 0), 7),
        game(B, "6S", (A, w, 5), (V, p, 0), 5),
        game(V, "7C", (A, w, 3), (B, p, 0), 7),
        game(A, "6D", (B, w, 3), (V, w, 1), 6),
        Misere(V, 1),
        game(B, "8C", (A, w, 2), (V, p, 0), 8),
        game(V, "6H", (A, p, 0), (B, p, 0), 6),
        game(A, "7S", (B, w, 3), (V, p, 0), 7),
    ]


def make_sheet() -> Path:
    # An English chat's pulka counts in euros (bot.views.seating.CURRENCY_OF_LANG).
    r = replay((ANNA, BORIS, VERA), Rules(currency="EUR"), evening())
    assert r.state.finished, "the evening must close the pulka"
    title = sheet_title(Texts("en"), r.state.rules, SheetKind.FINAL)
    png = render_sheet(r.state.players, r.state.rules, r.steps, settle_state(r.state), title=title)
    path = OUT / "sheet.png"
    save_small(Image.open(io.BytesIO(png)), path)  # 1280 px, as the bot sends it
    return path


def save_small(image: Image.Image, path: Path) -> None:
    """Save ``image`` as a palette PNG: a drawing of few inks keeps its look in 256
    colours at a fraction of the bytes."""
    image.convert("RGB").quantize(
        256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    ).save(path, optimize=True)


# --- the chat ---------------------------------------------------------------------


async def exchange() -> dict[str, Any]:
    """Run the real bot against the fake Bot API; the chat as Boris's phone shows it."""
    tg = FakeTelegram()
    await tg.start()
    with tempfile.TemporaryDirectory() as tmp:
        app = App(tg, Path(tmp) / "pulka.sqlite3")
        await app.storage.open()
        try:
            anna = tg.create_user(ANNA, username="anna", language_code="en")
            boris = tg.create_user(BORIS, language_code="en")
            vera = tg.create_user(VERA, language_code="en")
            chat = tg.create_group("Friday pulka", members=[anna, boris, vera], creator=anna)
            tg.set_admins(chat, [tg.bot_id], creator=anna)  # so that it may pin
            taps = Tapper(tg, chat)
            async with app.polling():
                await app.say(chat, anna, "/newpulka")
                settings = taps.newest()
                for who in (anna, boris, vera):
                    await taps.tap(who, settings, "🪑 Sit down")
                await taps.tap(anna, settings, "▶️ Start the pulka")
                await app.say(chat, boris, "/deal Anna 7h exactly Boris whist")
            return {
                "title": chat["title"],
                "members": 4,
                "me": boris["id"],
                "messages": tg.messages(chat),
                "pinned": tg.pinned_message_ids(chat),
            }
        finally:
            await app.close()
            await tg.stop()


def entities_html(text: str, entities: list[dict[str, Any]]) -> str:
    """Telegram's text and entities (UTF-16 offsets) as HTML."""
    units = text.encode("utf-16-le")
    tags = {"bold": "b", "italic": "i", "code": "code", "pre": "pre", "underline": "u"}
    marks: dict[int, list[str]] = {}
    for e in entities:
        tag = tags.get(e["type"])
        if tag is None:
            continue
        start, end = e["offset"] * 2, (e["offset"] + e["length"]) * 2
        marks.setdefault(start, []).append(f"<{tag}>")
        marks.setdefault(end, []).insert(0, f"</{tag}>")
    out, last = [], 0
    for at in sorted(marks):
        out.append(html.escape(units[last:at].decode("utf-16-le")))
        out.extend(marks[at])
        last = at
    out.append(html.escape(units[last:].decode("utf-16-le")))
    body = "".join(out)
    # Telegram's apps show every /command in a message as a link.
    return _commands(body)


def _commands(body: str) -> str:
    return re.sub(r"(?<![\w/<])(/[a-z]+)\b", r"<a>\1</a>", body)


COLOURS = {ANNA: "#d0543b", VERA: "#3d8cc4", "Pulka": "#8e5bc2"}


def bubble(m: dict[str, Any], me: int, pinned: list[int], clock: str) -> str:
    mine = m["from"]["id"] == me
    who = m["from"]["first_name"]
    text = entities_html(m.get("text", ""), m.get("entities", []))
    name = "" if mine else f'<div class="name" style="color:{COLOURS.get(who, "#555")}">{who}</div>'
    meta = []
    if m["message_id"] in pinned:
        meta.append("📌")
    if "edit_date" in m:
        meta.append("edited")
    meta.append(clock)
    keyboard = ""
    rows = m.get("reply_markup", {}).get("inline_keyboard", [])
    if rows:
        keyboard = (
            '<div class="kb">'
            + "".join(
                '<div class="row">'
                + "".join(f'<div class="btn">{html.escape(b["text"])}</div>' for b in row)
                + "</div>"
                for row in rows
            )
            + "</div>"
        )
    side = "out" if mine else "in"
    avatar = (
        ""
        if mine
        else f'<div class="av" style="background:{COLOURS.get(who, "#888")}">{who[0]}</div>'
    )
    return (
        f'<div class="msg {side}">{avatar}<div class="col"><div class="bub {side}">{name}'
        f'<div class="text">{text}</div><div class="meta">{" ".join(meta)}</div></div>'
        f"{keyboard}</div></div>"
    )


CSS = """
* { box-sizing: border-box; }
body { margin: 0; width: 390px; font: 15px/1.32 "DejaVu Sans", "Noto Color Emoji", sans-serif;
       background: #cfdcc0; color: #000; }
.head { background: #517da2; color: #fff; padding: 10px 14px; display: flex; align-items: center; }
.head .av { width: 38px; height: 38px; border-radius: 50%; background: #e17076; display: flex;
            align-items: center; justify-content: center; font-weight: bold; margin-right: 12px; }
.head .t { font-weight: bold; font-size: 16px; } .head .s { font-size: 13px; opacity: .8; }
.pin { background: #fff; padding: 6px 14px; border-left: 3px solid #4a95d6; font-size: 14px;
       border-bottom: 1px solid #d8d8d8; }
.pin .l { color: #3a8ad0; font-weight: bold; font-size: 13px; }
.pin .x { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.day { text-align: center; margin: 10px 0 4px; }
.day span { background: rgba(60, 90, 60, .35); color: #fff; border-radius: 10px; padding: 2px 10px;
            font-size: 13px; }
.msg { display: flex; align-items: flex-end; padding: 3px 8px; }
.msg.out { justify-content: flex-end; }
.av { flex: none; width: 32px; height: 32px; border-radius: 50%; color: #fff; font-weight: bold;
      display: flex; align-items: center; justify-content: center; margin-right: 6px;
      margin-bottom: 2px; align-self: flex-end; }
.col { max-width: 318px; }
.bub { border-radius: 12px; padding: 6px 10px 4px; box-shadow: 0 1px 1px rgba(0, 0, 0, .15); }
.bub.in { background: #fff; border-bottom-left-radius: 4px; }
.bub.out { background: #e1fec6; border-bottom-right-radius: 4px; }
.name { font-weight: bold; font-size: 14px; margin-bottom: 1px; }
.text { white-space: pre-wrap; word-wrap: break-word; }
.text a { color: #2a7ac0; }
.meta { text-align: right; font-size: 12px; color: #8a9a8a; margin-top: 1px; }
.kb { margin-top: 3px; }
.row { display: flex; gap: 3px; margin-top: 3px; }
.btn { flex: 1; text-align: center; background: rgba(70, 100, 70, .42); color: #fff;
       border-radius: 8px; padding: 7px 4px; font-size: 14px; font-weight: bold; }
.compose { margin-top: 10px; background: #fff; padding: 11px 14px; color: #999; font-size: 15px; }
"""


def chat_html(chat: dict[str, Any]) -> str:
    messages = chat["messages"]
    board = next(m for m in messages if m["message_id"] in chat["pinned"])
    pin_line = html.escape(board["text"].splitlines()[0])
    parts = [
        f'<div class="head"><div class="av">F</div><div><div class="t">{chat["title"]}</div>'
        f'<div class="s">{chat["members"]} members</div></div></div>',
        '<div class="pin"><div class="l">Pinned message</div>'
        f'<div class="x">{pin_line}</div></div>',
        '<div class="day"><span>Today</span></div>',
    ]
    for i, m in enumerate(messages):
        parts.append(bubble(m, chat["me"], chat["pinned"], f"21:{2 + i:02d}"))
    parts.append('<div class="compose">Message</div>')
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><style>{CSS}</style></head>"
        f"<body>{''.join(parts)}</body></html>"
    )


def screenshot(page: Path, png: Path, scale: int = 2) -> Image.Image:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        raise SystemExit("chromium is needed for the chat picture (apt-get install chromium)")
    subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            f"--force-device-scale-factor={scale}",
            f"--screenshot={png}",
            "--window-size=390,2400",
            page.as_uri(),
        ],
        check=True,
        capture_output=True,
    )
    image = Image.open(png).convert("RGB")
    # The page is as tall as the window: cut it below the compose bar, the last white
    # row before the background colour.
    background = image.getpixel((image.width - 1, image.height - 1))
    bottom = image.height
    while bottom > 0 and image.getpixel((image.width // 2, bottom - 1)) == background:
        bottom -= 1
    return image.crop((0, 0, image.width, bottom))


def make_chat() -> Path:
    chat = asyncio.run(exchange())
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "chat.html"
        page.write_text(chat_html(chat), encoding="utf-8")
        image = screenshot(page, Path(tmp) / "chat.png")
    path = OUT / "chat.png"
    save_small(image, path)
    return path


if __name__ == "__main__":
    for made in (make_sheet(), make_chat()):
        print(f"{made.relative_to(ROOT)}: {made.stat().st_size // 1024} KB")
