"""Long random evenings for the pulka picture: the tests' and the benchmark's builder.

Importable as ``from evenings import long_evening`` from the tests (``tests/`` is on
``sys.path``) and from ``benchmarks/bench_picture.py`` (which puts it there).
"""

from __future__ import annotations

import random

from scoring import Deal, Game, Misere, PulkaState, Raspasy, Replay, Rules, play, replay


def long_evening(players: tuple[str, ...], count: int, seed: int) -> Replay:
    """``count`` plausible deals (games, raspasy, misères), valid throughout."""
    rules = Rules(target=60)  # high enough that 60 deals do not end the pulka
    rnd = random.Random(seed)
    state = PulkaState.new(players, rules)
    deals: list[Deal] = []
    n = len(players)
    while len(deals) < count:
        dealer = players[len(deals) % n] if n == 4 else None
        table = [p for p in players if p != dealer]
        kind = rnd.random()
        deal: Deal
        if kind < 0.15:
            t = [rnd.randint(0, 5), rnd.randint(0, 5)]
            deal = Raspasy.of(dict(zip(table, [*t, 10 - sum(t)], strict=True)), dealer=dealer)
        elif kind < 0.22:
            deal = Misere(rnd.choice(table), rnd.choice([0, 0, 1, 2]), dealer=dealer)
        else:
            declarer = rnd.choice(table)
            i = table.index(declarer)
            d1, d2 = table[(i + 1) % 3], table[(i + 2) % 3]
            level = rnd.randint(6, 8)
            mine = rnd.randint(level - 1, min(10, level + 1))
            a = rnd.randint(0, 10 - mine)
            deal = Game.of(
                declarer,
                f"{level}{rnd.choice('SCDH')}",
                {d1: rnd.choice(["whist", "pass"]), d2: "whist"},
                {declarer: mine, d1: a, d2: 10 - mine - a},
                dealer=dealer,
            )
        try:
            state = play(state, deal).state
        except ValueError:
            continue
        deals.append(deal)
    return replay(players, rules, deals)
