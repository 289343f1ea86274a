"""Injected failures: the next N calls of a method answer with an error.

Used for the answers the bot must survive and that a healthy fake never gives: a flood
wait (429 with ``retry_after``, which aiogram raises as ``TelegramRetryAfter``) and a
server error (500) in the middle of a button press.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ApiError


@dataclass
class _Fault:
    method: str
    remaining: int
    error: ApiError


class Faults:
    """Pending injected failures, by lower-case method name, oldest first."""

    def __init__(self) -> None:
        self._pending: list[_Fault] = []

    def add(self, method: str, times: int, error: ApiError) -> None:
        """Answer the next ``times`` calls of ``method`` with ``error``."""
        self._pending.append(_Fault(method.lower(), times, error))

    def clear(self) -> None:
        """Drop every pending failure (Telegram is well again)."""
        self._pending.clear()

    def check(self, method: str) -> None:
        """Raise the injected error for this call of ``method``, if one is pending."""
        method = method.lower()
        for fault in self._pending:
            if fault.method != method or fault.remaining <= 0:
                continue
            fault.remaining -= 1
            if fault.remaining <= 0:
                self._pending.remove(fault)
            raise fault.error


def flood_error(retry_after: int) -> ApiError:
    """Telegram's flood wait: 429 with ``parameters.retry_after``."""
    return ApiError(
        429, f"Too Many Requests: retry after {retry_after}", {"retry_after": retry_after}
    )
