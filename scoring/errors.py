"""Errors of the scoring engine.

Every error is a :class:`ValueError`, so callers may catch one type.  The
hierarchy mirrors the two ways a deal can be wrong (as in python-chess):

* :class:`InvalidDeal` -- the deal cannot be understood at all (unknown
  player, tricks that do not add up to 10, a whister who is the declarer).
* :class:`IllegalDeal` -- the deal is well formed but cannot happen at this
  point of the pulka (a six straight after raspasy where the exit is 7, a
  deal after the pulka is over).

``path`` says where the problem is, in the JSON record's terms
(``deals[3].tricks``), so the calculator and the bot can point at it.
"""

from __future__ import annotations


class ScoringError(ValueError):
    """Base class: something about a deal, a sheet or the rules is wrong."""

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.path = path

    def at(self, prefix: str) -> ScoringError:
        """The same error located under ``prefix`` (``deals[3]`` + ``.tricks``)."""
        path = f"{prefix}.{self.path}" if self.path else prefix
        return type(self)(self.message, path)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class InvalidRules(ScoringError):
    """A convention has a value the engine cannot use."""


class InvalidDeal(ScoringError):
    """The deal is malformed: it cannot describe any real deal."""


class IllegalDeal(ScoringError):
    """The deal is well formed but impossible at this moment of the pulka."""
