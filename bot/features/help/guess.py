"""Which of the bot's commands a command it has not was meant to be: a slip of the
fingers (``/dela``, ``/setle``) or the word a table reaches for (``/end``, ``/итог``).

Only these are answered in a group without the bot's name: a group often has other
bots, and their ``/kick`` or ``/play`` is none of this bot's business.  So a slip is
a letter missed, doubled or swapped with its neighbour, never a letter changed
(``/kick`` is not ``/nick``), and the guesses are words no other bot is known to own.
"""

from __future__ import annotations

#: Words typed as commands, and the command each means (English, Russian, Ukrainian).
GUESSES: dict[str, str] = {
    **dict.fromkeys(("end", "finish", "result", "results", "total"), "settle"),
    **dict.fromkeys(("итог", "итоги", "конец", "расписать", "роспись"), "settle"),
    **dict.fromkeys(("кінець", "підсумок", "розписати"), "settle"),
    **dict.fromkeys(("sheet", "table", "points"), "score"),
    **dict.fromkeys(("счет", "счёт", "лист", "рахунок"), "score"),
    **dict.fromkeys(("add", "write", "hand"), "deal"),
    **dict.fromkeys(("сдача", "записать", "роздача", "записати"), "deal"),
    **dict.fromkeys(("back", "oops", "отмена", "скасувати"), "undo"),
    **dict.fromkeys(("sit", "seat", "сесть", "сісти"), "join"),
    **dict.fromkeys(("newgame", "пулька", "пуля", "новая"), "newpulka"),
    **dict.fromkeys(("log", "deals", "история", "історія"), "history"),
    **dict.fromkeys(("долги", "борги"), "debts"),
    **dict.fromkeys(("рейтинг",), "rating"),
    **dict.fromkeys(("статистика",), "stats"),
    **dict.fromkeys(("commands", "помощь", "справка", "допомога"), "help"),
}


def meant_command(word: str, commands: tuple[str, ...]) -> str | None:
    """The one of ``commands`` that ``word`` (casefolded, without the slash) was meant to
    be, or None.

    >>> menu = ("deal", "settle", "score", "nick", "stats")
    >>> [meant_command(w, menu) for w in ("dela", "setle", "scoree", "end", "итог")]
    ['deal', 'settle', 'score', 'settle', 'settle']
    >>> [meant_command(w, menu) for w in ("kick", "play", "de", "deal")]
    [None, None, None, None]
    """
    guess = GUESSES.get(word)
    if guess in commands:
        return guess
    if len(word) < 3 or word in commands:
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
