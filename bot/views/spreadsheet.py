"""CSV files for spreadsheets, in one dialect for every file the bot sends.

A spreadsheet opens a CSV with its locale's list separator and decimal sign: in
Russian and Ukrainian ones ``;`` and ``,``, in English ones ``,`` and ``.``.  A file
made the other way opens as one column, or with money read as dates (``8.66``); so
the dialect follows the chat's language.  Every file is UTF-8 with a byte order mark
(without it Excel reads Cyrillic as Latin-1) and CRLF line ends (RFC 4180).

Cells are given as values: text is written as it is, except that a cell a spreadsheet
would take for a formula (``=1+1``, ``-Петя``, ``@x``) gets a leading quote; whists
(``int`` or ``Fraction``) are written as :func:`scoring.figure` writes them and money
(``Decimal``) to the cent, each with the dialect's decimal sign.

>>> csv_text([["Аня", Fraction(26, 3), Decimal("8.66"), "-Петя"]], "ru")
"\\ufeffАня;8,67;8,66;'-Петя\\r\\n"
>>> csv_text([["Anna", Fraction(26, 3), Decimal("8.66"), 3]], "en")
'\\ufeffAnna,8.67,8.66,3\\r\\n'
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

from scoring import figure, money_text

#: A cell: text, whists (exact) or money.
Cell = str | int | Fraction | Decimal

#: Starts of a text a spreadsheet would read as a formula.
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def dialect(lang: str) -> tuple[str, str]:
    """The list separator and the decimal sign of a spreadsheet in ``lang``."""
    return (",", ".") if lang == "en" else (";", ",")


def cell(value: Cell, decimal: str = ".") -> str:
    """One cell as written (see the module)."""
    if isinstance(value, str):
        return "'" + value if value.startswith(FORMULA) else value
    if isinstance(value, bool):  # pragma: no cover - no flag is a cell
        raise TypeError("a flag is no cell")
    text = money_text(value) if isinstance(value, Decimal) else figure(value)
    return text.replace(".", decimal)


def csv_text(rows: Iterable[Sequence[Cell]], lang: str) -> str:
    """``rows`` as the text of a CSV file for a spreadsheet in ``lang``."""
    separator, decimal = dialect(lang)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator, lineterminator="\r\n")
    writer.writerows([cell(v, decimal) for v in row] for row in rows)
    return "\ufeff" + out.getvalue()


def csv_file(rows: Iterable[Sequence[Cell]], lang: str) -> bytes:
    """``rows`` as a CSV file (bytes) for a spreadsheet in ``lang``."""
    return csv_text(rows, lang).encode("utf-8")
