"""Money shown beside whists is those whists times the stake, rounded as every figure is.

Where the settlement's largest remainder moves a cent so that the payments add up to
zero, one line under the payments names who and why; ``/cost``, ``/whatif`` and
``/stats`` need no zero sum, so they move no cent and have no such line.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

from fakebotapi import FakeTelegram
from harness import App
from hypothesis import given, settings
from hypothesis import strategies as st
from test_calc import TABLE8_TYPED
from test_ending import Evening

from bot.views.settlement import settlement_text
from bot.views.texts import Texts
from scoring import Rules, Sheet, round_half_away, settle

VULGAR = {"⅓": Fraction(1, 3), "⅔": Fraction(2, 3), "⅙": Fraction(1, 6), "⅚": Fraction(5, 6)}
FIG = r"[+-]?[\d.]*[⅓⅔⅙⅚]?"
MONEY = r"[+-]?\d+\.\d\d"
WORD = r"(?:вист\.?|віст\.?|whists?)"
#: A result and its money: the settlement's line, /cost's, and the archive's.
PAIRS = (
    re.compile(rf"^\S+: (?P<w>{FIG}) {WORD} = (?P<m>{MONEY}) "),
    re.compile(rf"(?:^|, |· )\S+ (?P<w>{FIG}) \((?P<m>{MONEY}) "),
)
WHATIF = re.compile(
    rf"^\S+: (?P<w0>{FIG}) → (?P<w1>{FIG}) {WORD} \((?P<dw>{FIG})\); "
    rf"(?P<m0>{MONEY}) → (?P<m1>{MONEY}) \S+ \((?P<dm>{MONEY})\)$"
)
STATS = re.compile(rf"(?:висты|Висты:) (?P<w>{FIG}),? .*?(?P<m>{MONEY}) RUB$")
ROUNDING = ("Округление:", "Округлення:", "Rounding:")


def whists(text: str) -> Fraction:
    """``+296⅔`` -> 890/3, ``-15.33`` -> -1533/100."""
    part = VULGAR.get(text[-1:], Fraction(0))
    body = text[:-1] if part else text
    sign = -1 if body.startswith("-") else 1
    digits = body.lstrip("+-")
    return sign * (Fraction(Decimal(digits)) if digits else Fraction(0)) + sign * part


def money_of(w: Fraction, stake: Decimal) -> Decimal:
    return Decimal(round_half_away(w * Fraction(stake), 2)) / 100


def checked(text: str, stake: Decimal) -> int:
    """Every result shown with its money in ``text``: the money is the result times
    ``stake``; how many such pairs (the moved cent's line is skipped)."""
    seen = 0
    for line in text.splitlines():
        if line.startswith(ROUNDING):
            continue
        for pattern in PAIRS:
            for m in pattern.finditer(line):
                assert money_of(whists(m["w"]), stake) == Decimal(m["m"]), (line, stake)
                seen += 1
        if m := WHATIF.match(line):
            for w, money in (("w0", "m0"), ("w1", "m1"), ("dw", "dm")):
                assert money_of(whists(m[w]), stake) == Decimal(m[money]), line
            seen += 1
        if m := STATS.search(line):
            assert money_of(whists(m["w"]), stake) == Decimal(m["m"]), line
            seen += 1
    return seen


def everything(tg: FakeTelegram, chat: dict[str, Any]) -> list[str]:
    return [str(m.get("text") or m.get("caption") or "") for m in tg.sent_messages(chat)]


async def test_an_evening_in_thirds_at_two_roubles(app: App, people: dict[str, Any]) -> None:
    """Anna +8⅔, Boris -15⅓, Vera +6⅔ at 2 RUB a whist: 17.33, -30.67, 13.33 shown
    beside them; the payments add up to zero by a cent from Boris, said once."""
    e = Evening(app, people)
    stake = Decimal(2)
    async with app.polling():
        await e.start("sochi 2 2")
        await e.settled_evening()
        settled = next(t for t in reversed(everything(e.tg, e.chat)) if "Кто кому" in t)
        assert "Anna: +8⅔ вист. = +17.33 RUB" in settled
        assert "Boris: -15⅓ вист. = -30.67 RUB" in settled
        assert "Vera: +6⅔ вист. = +13.33 RUB" in settled
        assert "Boris → Anna: 17.33 RUB" in settled and "Boris → Vera: 13.33 RUB" in settled
        [cent] = [line for line in settled.splitlines() if line.startswith("Округление")]
        assert cent == "Округление: Boris -30.66 вместо -30.67 RUB — чтобы платежи сошлись в ноль."
        texts = [
            settled,
            await e.say("anna", "/pulkas"),
            await e.say("anna", "/pulka 1"),
            await e.say("anna", "/cost 7ч ровно вист"),
            await e.say("anna", "/whatif liability=half"),
            await e.say("anna", "/stats"),
            await e.say("anna", "/stats Boris"),
        ]
        assert [checked(t, stake) for t in texts] == [3, 3, 3, 3, 3, 3, 0]
        assert "Висты: -15⅓" in texts[6] and "Деньги: -30.67 RUB" in texts[6]
        for t in texts[3:]:  # a price, a what-if and the totals move no cent
            assert "Округление" not in t and "30.66" not in t
        assert "Разыгрывающий: +14⅔ вист. = +29.33 RUB" in texts[3]
        assert "Boris: пулек 1, висты -15⅓, деньги -30.67 RUB" in texts[5]
        # Whatever the chat was sent, no money beside whists is off.
        assert sum(checked(t, stake) for t in everything(e.tg, e.chat)) > 15


async def test_a_paper_sheet_in_thirds_in_each_language(app: App, fake_tg: FakeTelegram) -> None:
    """Table 8 (text 003) in Russian, Ukrainian and English, at 1 and at 3 a whist:
    every money figure is the result times the stake; the moved cent only at 1."""
    user = fake_tg.create_user("Olga")
    chat = fake_tg.private_chat(user)
    cents = {
        "ru": "Округление: Б +36.66 вместо +36.67 RUB — чтобы платежи сошлись в ноль.",
        "uk": "Округлення: Б +36.66 замість +36.67 UAH — щоб платежі зійшлися в нуль.",
        "en": "Rounding: Б +36.66 instead of +36.67 EUR, so that the payments add up to zero.",
    }
    async with app.polling():
        for lang, cent in cents.items():
            await app.say(chat, user, f"/lang {lang}")
            for stake in (Decimal(1), Decimal(3)):
                typed = TABLE8_TYPED.replace("по 1{rules}", f"по {stake}")
                caption = str((await app.reply_msg(chat, user, typed)).get("caption", ""))
                assert checked(caption, stake) == 3, caption
                assert (cent in caption.splitlines()) is (stake == 1), caption
                cost = await app.say(chat, user, "/cost 7ч ровно вист")
                assert checked(cost, Decimal(1)) == 3 and not any(
                    line.startswith(ROUNDING) for line in cost.splitlines()
                )


#: Sheets of three to five whose results fall on thirds, quarters and fifths.
sheets = st.integers(3, 5).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.integers(0, 20), min_size=n, max_size=n),
        st.lists(st.integers(0, 60).map(lambda x: Fraction(x, 2)), min_size=n, max_size=n),
        st.lists(st.integers(0, 150), min_size=n * n, max_size=n * n),
    )
)


@settings(max_examples=200, deadline=None)
@given(
    sheet=sheets,
    stake=st.sampled_from(["1", "2", "0.5", "0.1", "3", "0.0125"]).map(Decimal),
    lang=st.sampled_from(["ru", "uk", "en"]),
    division=st.sampled_from(["exact", "adjust"]),
)
def test_the_moved_cent_is_named_exactly_when_rounding_moved_one(
    sheet: tuple[int, list[int], list[Fraction], list[int]],
    stake: Decimal,
    lang: str,
    division: str,
) -> None:
    n, pulka, mountain, whist = sheet
    names = tuple("ABCDE"[:n])
    whist = [0 if i // n == i % n else w for i, w in enumerate(whist)]
    rules = Rules(target=20, stake=stake, division=division)
    s = settle(Sheet(names, tuple(pulka), tuple(mountain), tuple(whist)), rules)
    text = settlement_text(Texts(lang), rules, s, final=True)
    # Which shares rounded alone the zero sum paid otherwise, worked out here.
    alone = [round_half_away(Fraction(r) * Fraction(stake), 2) for r in s.results]
    paid = [int(m * 100) for m in s.money]
    assert sum(paid) == 0 and all(abs(a - p) <= 1 for a, p in zip(alone, paid, strict=True))
    moved = [who for who, a, p in zip(names, alone, paid, strict=True) if a != p]
    assert len(moved) == abs(sum(alone))  # a cent for each one the shares miss zero by
    lines = [line for line in text.splitlines() if line.startswith(ROUNDING)]
    assert len(lines) == (1 if moved else 0), text
    if moved:
        named = re.findall(r"([A-E]) ([+-]?\d+\.\d\d) (?:вместо|замість|instead of) ", lines[0])
        assert [w for w, _ in named] == moved, text
        for who, money in named:
            assert Decimal(money) == s.money[names.index(who)]
    assert checked(text, stake) == n
