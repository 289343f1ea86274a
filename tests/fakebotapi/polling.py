"""Long polling: the queue of updates and getUpdates, with Telegram's rules.

An update stays queued until a getUpdates with a greater ``offset`` confirms it, so a
bot killed mid-batch gets the same updates again; ``allowed_updates`` is remembered
and drops the other kinds; a newer getUpdates ends a pending one with 409 Conflict;
``stop()`` of the server answers a pending poll at once so shutdown does not wait out
the poll timeout.  ``setWebhook`` is remembered (getUpdates is then refused with 409,
as Telegram does, until ``deleteWebhook``); a test posts the updates to the bot's
webhook itself, taking them with :meth:`UpdateQueue.take`.
"""

from __future__ import annotations

import asyncio
import copy
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from .errors import CONFLICT, ApiError
from .params import int_param

if TYPE_CHECKING:
    from .params import Files, Method, Params
    from .state import World

#: Telegram's answer to getUpdates while a webhook is set.
WEBHOOK_ACTIVE = (
    "Conflict: can't use getUpdates method while webhook is active; "
    "use deleteWebhook to delete the webhook first"
)


class UpdateQueue:
    """Updates injected by the tests and not yet confirmed by the bot."""

    def __init__(self) -> None:
        self.dropped: list[dict[str, Any]] = []
        self._queue: list[dict[str, Any]] = []
        self._allowed: set[str] | None = None
        self._next_update_id = 100_000_001
        self._wakeup = asyncio.Event()
        self._generation = 0
        self._closing = False
        #: The setWebhook parameters while a webhook is set (Telegram then refuses
        #: getUpdates); the test posts the updates itself (:meth:`take`).
        self.webhook: dict[str, Any] | None = None

    def push(self, update: dict[str, Any]) -> dict[str, Any]:
        """Queue a copy of ``update`` with the next ``update_id``; wake the long poll."""
        update = copy.deepcopy(update)
        update["update_id"] = self._next_update_id
        self._next_update_id += 1
        self._queue.append(update)
        self._wake()
        return copy.deepcopy(update)

    @property
    def pending(self) -> int:
        """Number of queued updates not yet confirmed by the bot."""
        return len(self._queue)

    def take(self) -> list[dict[str, Any]]:
        """The deliverable updates, oldest first, as delivered (a webhook's posts)."""
        ready = self._deliverable()
        self._queue = []
        return copy.deepcopy(ready)

    def drop_pending(self) -> None:
        self.dropped.extend(self._queue)
        self._queue = []

    def open(self) -> None:
        self._closing = False

    def close(self) -> None:
        """Answer pending and later polls with no updates at once (server shutdown)."""
        self._closing = True
        self._wake()

    def _wake(self) -> None:
        self._wakeup.set()
        self._wakeup = asyncio.Event()

    def _deliverable(self) -> list[dict[str, Any]]:
        kept = []
        for update in self._queue:
            kind = next(k for k in update if k != "update_id")
            if self._allowed is None or kind in self._allowed:
                kept.append(update)
            else:
                self.dropped.append(update)
        self._queue = kept
        return kept

    async def get(
        self, offset: int | None, timeout: int, allowed: list[str] | None
    ) -> list[dict[str, Any]]:
        """Confirm the updates before ``offset``, then wait up to ``timeout`` seconds for
        deliverable ones (at most 100, Telegram's default limit)."""
        if allowed is not None:
            self._allowed = set(allowed) or None
        # A newer getUpdates terminates the pending one, like the real server does.
        self._generation += 1
        generation = self._generation
        self._wake()
        if offset is not None:
            self._queue = [u for u in self._queue if u["update_id"] >= offset]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if self._closing:
                return []
            if generation != self._generation:
                raise ApiError(409, CONFLICT)
            ready = self._deliverable()
            if ready:
                return copy.deepcopy(ready[:100])
            remaining = deadline - loop.time()
            if remaining <= 0:
                return []
            with suppress(TimeoutError):
                await asyncio.wait_for(self._wakeup.wait(), remaining)


async def get_updates(world: World, params: Params, files: Files) -> Any:
    if world.updates.webhook is not None:
        raise ApiError(409, WEBHOOK_ACTIVE)
    timeout = min(max(int_param(params, "timeout", 0) or 0, 0), 50)
    allowed = params.get("allowed_updates")
    return await world.updates.get(
        int_param(params, "offset"), timeout, allowed if isinstance(allowed, list) else None
    )


def delete_webhook(world: World, params: Params, files: Files) -> Any:
    world.updates.webhook = None
    if params.get("drop_pending_updates"):
        world.updates.drop_pending()
    return True


def set_webhook(world: World, params: Params, files: Files) -> Any:
    if not str(params.get("url", "")).startswith("https://"):
        raise ApiError(400, "Bad Request: bad webhook: An HTTPS URL must be provided for webhook")
    allowed = params.get("allowed_updates")
    if isinstance(allowed, list):
        world.updates._allowed = set(allowed) or None
    if params.get("drop_pending_updates"):
        world.updates.drop_pending()
    world.updates.webhook = dict(params)
    return True


METHODS: dict[str, Method] = {
    "getUpdates": get_updates,
    "deleteWebhook": delete_webhook,
    "setWebhook": set_webhook,
}
