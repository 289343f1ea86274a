"""Which of the bot's commands a command it has not was meant to be: a slip of the
fingers (``/dela``, ``/setle``) or the word a table reaches for (``/итог``, ``/end``).

Only these are answered in a group without the bot's name, and only what no other bot
is likely to own: a group often has other bots, and their ``/kick``, ``/del``,
``/player`` or ``/end`` is none of this bot's business.  So a slip is a letter missed,
doubled or swapped with its neighbour in a word of four letters at least, never a
letter changed (``/kick`` is not ``/nick``) nor a word other bots use (``/stat``,
``/rule``); a guess is a Russian or Ukrainian word (Telegram's command menus hold Latin
letters only, so no bot owns those), or one of a few English words that mean ending the
pulka, heard only where one is running (:data:`ENDING_WORDS`).
"""

from __future__ import annotations

#: Words typed as commands, and the command each means (Russian, Ukrainian).
GUESSES: dict[str, str] = {
    **dict.fromkeys(("итог", "итоги", "конец", "расписать", "роспись"), "settle"),
    **dict.fromkeys(("кінець", "підсумок", "розписати"), "settle"),
    **dict.fromkeys(("счет", "счёт", "лист", "рахунок"), "score"),
    **dict.fromkeys(("сдача", "записать", "роздача", "записати"), "deal"),
    **dict.fromkeys(("отмена", "скасувати"), "undo"),
    **dict.fromkeys(("сесть", "сісти"), "join"),
    **dict.fromkeys(("пулька", "пуля", "новая"), "newpulka"),
    **dict.fromkeys(("история", "історія"), "history"),
    **dict.fromkeys(("долги", "борги"), "debts"),
    **dict.fromkeys(("рейтинг",), "rating"),
    **dict.fromkeys(("статистика",), "stats"),
    **dict.fromkeys(("помощь", "справка", "допомога"), "help"),
}

#: English words for ending the pulka: other bots own them too (a music bot's ``/end``),
#: so they are answered only where a pulka is running.
ENDING_WORDS = frozenset({"end", "finish", "result", "results", "total"})

#: Commands of other bots that are a slip away from one of this bot's.
OTHER_BOTS = frozenset({"player", "rule", "stat", "sets", "seat", "debt"})


def meant_command(word: str, commands: tuple[str, ...]) -> str | None:
    """The one of ``commands`` that ``word`` (casefolded, without the slash) was meant to
    be, or None.

    >>> menu = ("deal", "settle", "score", "nick", "stats", "players")
    >>> [meant_command(w, menu) for w in ("dela", "setle", "scoree", "итог")]
    ['deal', 'settle', 'score', 'settle']
    >>> [meant_command(w, menu) for w in ("kick", "play", "del", "stat", "player", "deal")]
    [None, None, None, None, None, None]
    """
    guess = GUESSES.get(word)
    if guess in commands:
        return guess
    if len(word) < 4 or word in commands or word in OTHER_BOTS:
        return None
    return next((c for c in commands if _slip(word, c)), None)


def _slip(typed: str, name: str) -> bool:
    """``typed`` is ``name`` with one letter missed, doubled or swapped with the next."""
    if len(typed) == len(name) + 1:
        typed, name = name, typed
    if len(typed) + 1 == len(name):  # a letter missed (or, swapped round, one too many)
        return any(name[:i] + name[i + 1 :] == typed for i in range(len(name)))
    if len(typed) != len(name):
        return False
    diff = [i for i, (a, b) in enumerate(zip(typed, name, strict=True)) if a != b]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and typed[diff[0]] == name[diff[1]]
        and (typed[diff[1]] == name[diff[0]])
    )
