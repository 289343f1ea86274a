"""A convention's value read from a word, as ``/calc``'s header and ``/whatif`` take it.

>>> convention_value("half_whist", "выкл"), convention_value("raspasy", "1-2/3")
(False, (1, 2, 3))
>>> convention_value("whist", "Greedy"), convention_value("target", "20k")
('greedy', None)
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from scoring import CONVENTION
from scoring.rules import Flag, Money, OneOf, Whole, Wholes

FLAG_WORDS = {
    **dict.fromkeys(("true", "yes", "on", "1", "y", "да", "вкл", "так"), True),
    **dict.fromkeys(("false", "no", "off", "0", "n", "нет", "выкл", "ні"), False),
}


def convention_value(key: str, word: str) -> Any:
    """The engine's value of convention ``key`` written as ``word``, None if it is no
    such value.  An enumeration's word is only casefolded: the engine (or the caller)
    refuses a wrong one naming the choices."""
    domain, low = CONVENTION[key].domain, word.casefold()
    if isinstance(domain, Flag):
        return FLAG_WORDS.get(low)
    if isinstance(domain, OneOf):
        return low
    if isinstance(domain, Whole):
        return int(low) if re.fullmatch(r"[0-9]{1,6}", low) else None
    if isinstance(domain, Wholes):
        items = [x for x in re.split(r"[,/\-]", low) if x]
        whole = items and all(re.fullmatch(r"[0-9]{1,4}", x) for x in items)
        return tuple(int(x) for x in items) if whole else None
    if isinstance(domain, Money):
        text = low.replace(",", ".")
        return Decimal(text) if re.fullmatch(r"[0-9]{1,9}(\.[0-9]{1,4})?", text) else None
    return word or None  # a label (the currency), as written
