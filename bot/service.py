"""The pulka service: the event log in :mod:`bot.storage` replayed by :mod:`scoring`.

Every write validates against the replayed sheet inside the same transaction
(so two players writing at once cannot both pass a stale check), and every
write remembers its Telegram source so a redelivered command is written once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter

from scoring import (
    Deal,
    IllegalDeal,
    InvalidDeal,
    PulkaState,
    Rules,
    ScoringError,
    Step,
    play,
)
from scoring.record import DealModel, RulesModel, deal_to_json, load_document, rules_to_json

from .parsing import valid_name
from .storage import (
    DEAL,
    END,
    JOIN,
    UNDO,
    BoardRow,
    DraftRow,
    EventRow,
    PlayerRow,
    PulkaRow,
    Source,
    Storage,
    Tx,
)

_DEAL: TypeAdapter[Any] = TypeAdapter(DealModel)


class PulkaError(Exception):
    """A write refused for a reason the players can fix; ``key`` names the message."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class Author:
    """Who entered something: a Telegram user id and display name."""

    user_id: int | None
    name: str


@dataclass(frozen=True, slots=True)
class LiveDeal:
    """A deal still in force, with the sheet before it and what it wrote."""

    number: int
    event: EventRow
    deal: Deal
    before: PulkaState
    step: Step


@dataclass(frozen=True, slots=True)
class Table:
    """A pulka as the players see it: seating, conventions, replayed deals."""

    row: PulkaRow
    rules: Rules
    deals: tuple[LiveDeal, ...]
    state: PulkaState | None

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def players(self) -> tuple[PlayerRow, ...]:
        return self.row.players

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.row.players)

    @property
    def active(self) -> bool:
        return self.row.active

    @property
    def seat_limit(self) -> int:
        """How many may sit: the size chosen in the settings message, else four."""
        return self.row.seats or 4

    @property
    def seating_open(self) -> bool:
        """Players may still join: no deal written and a seat free."""
        return not self.deals and len(self.players) < self.seat_limit

    @property
    def playable(self) -> bool:
        """A deal can be written now: active, seated, not finished."""
        return self.active and self.state is not None and not self.state.finished

    @property
    def last_event_id(self) -> int:
        return self.row.events[-1].id if self.row.events else 0

    def deal_by_event(self, event_id: int) -> LiveDeal | None:
        return next((d for d in self.deals if d.event.id == event_id), None)

    def is_player(self, user_id: int | None) -> bool:
        return user_id is not None and any(p.user_id == user_id for p in self.players)

    def record_deals(self) -> list[Deal]:
        return [d.deal for d in self.deals]


def rules_from_json(data: dict[str, Any]) -> Rules:
    """Stored conventions back to :class:`scoring.Rules`."""
    return RulesModel.model_validate(data).to_rules()


def deal_from_json(data: dict[str, Any]) -> Deal:
    """A stored deal (the record's deal format) back to a :mod:`scoring` deal."""
    return _DEAL.validate_python(data).to_deal()


def build_table(row: PulkaRow) -> Table:
    """Replay a pulka's log: undone deals drop out, the rest go through :func:`scoring.play`."""
    rules = rules_from_json(row.rules)
    undone = {e.payload.get("event") for e in row.events if e.kind == UNDO}
    live = [e for e in row.events if e.kind == DEAL and e.id not in undone]
    names = tuple(p.name for p in row.players)
    if len(names) not in (3, 4) or len(names) < (row.seats or 3):
        return Table(row, rules, (), None)
    state = PulkaState.new(names, rules)
    deals = []
    for i, event in enumerate(live, start=1):
        deal = deal_from_json(event.payload)
        step = play(state, deal)
        deals.append(LiveDeal(i, event, deal, state, step))
        state = step.state
    return Table(row, rules, tuple(deals), state)


@dataclass(frozen=True, slots=True)
class Sitter:
    """Someone to seat: a Telegram user (``user_id``) or a guest (None)."""

    name: str
    user_id: int | None
    username: str | None = None


@dataclass(frozen=True, slots=True)
class Written:
    """The result of a write: the table after it, and whether it was a repeat."""

    table: Table
    duplicate: bool = False
    event_id: int = 0


class PulkaService:
    """Reads and writes pulkas; handlers get it as the ``service`` argument."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    # --- reading -----------------------------------------------------------------

    async def active(self, chat_id: int, thread_id: int) -> Table | None:
        async with self.storage.read() as tx:
            return await _active(tx, chat_id, thread_id)

    async def get(self, pulka_id: int) -> Table | None:
        async with self.storage.read() as tx:
            row = await tx.load(pulka_id)
        return None if row is None else build_table(row)

    async def written_by(self, source: Source) -> Table | None:
        """The pulka a Telegram message already wrote to (a repeated command), if any."""
        async with self.storage.read() as tx:
            event = await tx.event_by_source(source)
            row = None if event is None else await tx.load(event.pulka_id)
        return None if row is None else build_table(row)

    async def lang(self, chat_id: int) -> str | None:
        async with self.storage.read() as tx:
            return await tx.chat_lang(chat_id)

    async def set_lang(self, chat_id: int, lang: str) -> None:
        async with self.storage.uow() as tx:
            await tx.set_chat_lang(chat_id, lang)

    async def migrate_chat(self, old: int, new: int) -> int:
        """The group became a supergroup: its pulkas move to the new chat id."""
        async with self.storage.uow() as tx:
            return await tx.migrate_chat(old, new)

    # --- writing -----------------------------------------------------------------

    async def create(
        self,
        chat_id: int,
        thread_id: int,
        rules: Rules,
        author: Author,
        source: Source,
        *,
        seats: int | None = None,
        seated: Sequence[Sitter] = (),
        lang: str | None = None,
    ) -> Written:
        """Start a pulka; ``PulkaError('busy')`` while one is running here.

        ``seats`` fixes the table size (3 or 4); ``seated`` are seated at once, in order
        (the settings message's "Sit down" presses).  ``lang`` (the creator's
        language) becomes the chat's language if it has none yet.
        """
        if seats not in (None, 3, 4) or len(seated) > (seats or 4):
            raise PulkaError("table_full")
        async with self.storage.uow() as tx:
            pulka_id, again = await _open_pulka(tx, chat_id, thread_id, rules, author, source,
                                                lang, seats)
            if again:
                return Written(await _table(tx, pulka_id), duplicate=True)
            for seat, sitter in enumerate(seated):
                await tx.add_player(pulka_id, seat, sitter.name, sitter.user_id,
                                    sitter.username)
                await tx.append(pulka_id, JOIN, {"seat": seat, "name": sitter.name},
                                author.user_id, author.name, None)
            return Written(await _table(tx, pulka_id))

    async def import_record(
        self, chat_id: int, thread_id: int, data: Any, author: Author, source: Source,
        *, lang: str | None = None,
    ) -> Written:
        """Start a pulka from a ``pulka/1`` record (players as guests, deals replayed).

        ``lang`` becomes the chat's language if it has none yet (as in :meth:`create`).
        """
        if not isinstance(data, dict) or data.get("format") != "pulka/1":
            raise PulkaError("import_format")
        doc = load_document(data)  # raises ScoringError with the path
        for name in doc.players:
            if not valid_name(name):
                raise PulkaError("import_name", name=name)
        async with self.storage.uow() as tx:
            pulka_id, again = await _open_pulka(tx, chat_id, thread_id, doc.rules, author,
                                                source, lang)
            if again:
                return Written(await _table(tx, pulka_id), duplicate=True)
            for seat, name in enumerate(doc.players):
                await tx.add_player(pulka_id, seat, name, None, None)
            for deal in doc.deals:
                await tx.append(pulka_id, DEAL, deal_to_json(deal), author.user_id, author.name,
                                None)
            return Written(await _table(tx, pulka_id))

    async def join(
        self,
        chat_id: int,
        thread_id: int,
        names: Sequence[str],
        user_id: int | None,
        username: str | None,
        author: Author,
        source: Source | None,
        *,
        pulka_id: int | None = None,
    ) -> Written:
        """Seat a player (a Telegram user, or a guest when ``user_id`` is None).

        ``names`` are candidates in order of preference; the first free one is used.
        ``pulka_id`` (a "Sit down" button) must still be the active pulka of the place.
        """
        async with self.storage.uow() as tx:
            again = None if source is None else await tx.event_by_source(source)
            if again is not None:
                return Written(await _table(tx, again.pulka_id), duplicate=True)
            table = await _active(tx, chat_id, thread_id)
            if table is None or (pulka_id is not None and table.id != pulka_id):
                raise PulkaError("no_pulka" if pulka_id is None else "stale")
            if user_id is not None and table.is_player(user_id):
                raise PulkaError("already_seated")
            if table.deals:
                raise PulkaError("seating_closed")
            if len(table.players) >= table.seat_limit:
                raise PulkaError("table_full")
            taken = {p.name.casefold() for p in table.players}
            name = next((n for n in names if n.casefold() not in taken), None)
            if name is None:
                raise PulkaError("name_taken", name=names[0] if names else "?")
            seat = len(table.players)
            await tx.add_player(table.id, seat, name, user_id, username)
            event_id = await tx.append(table.id, JOIN, {"seat": seat, "name": name},
                                       author.user_id, author.name, source)
            return Written(await _table(tx, table.id), event_id=event_id)

    async def write_deal(self, pulka_id: int, deal: Deal, author: Author,
                         source: Source | None, *, expect_last: int | None = None) -> Written:
        """Append a deal after :func:`scoring.play` accepts it on the current sheet.

        ``expect_last`` (a wizard's staleness token) must still be the pulka's last
        event id, checked inside the write transaction: of two "Write it" presses
        on the same sheet only the first writes, the other gets ``stale``.
        """
        async with self.storage.uow() as tx:
            again = None if source is None else await tx.event_by_source(source)
            if again is not None:
                return Written(await _table(tx, again.pulka_id), True, again.id)
            table = await _table(tx, pulka_id)
            if expect_last is not None and (not table.active
                                            or table.last_event_id != expect_last):
                raise PulkaError("stale")
            if not table.active:
                raise PulkaError("no_pulka")
            if table.state is None:
                raise PulkaError("need_players", count=len(table.players))
            play(table.state, deal)  # raises ScoringError: nothing is written
            event_id = await tx.append(pulka_id, DEAL, deal_to_json(deal), author.user_id,
                                       author.name, source)
            return Written(await _table(tx, pulka_id), event_id=event_id)

    async def undo(self, pulka_id: int, event_id: int, author: Author,
                   source: Source | None) -> Written:
        """Cancel the last live deal if it is still ``event_id`` (else ``stale``)."""
        async with self.storage.uow() as tx:
            again = None if source is None else await tx.event_by_source(source)
            if again is not None:
                return Written(await _table(tx, again.pulka_id), True, again.id)
            table = await _table(tx, pulka_id)
            if not table.active or not table.deals or table.deals[-1].event.id != event_id:
                raise PulkaError("stale")
            new_id = await tx.append(pulka_id, UNDO, {"event": event_id}, author.user_id,
                                     author.name, source)
            return Written(await _table(tx, pulka_id), event_id=new_id)

    async def end(self, pulka_id: int, last_event_id: int | None, author: Author,
                  source: Source, *, agreed: bool) -> Written:
        """Archive the pulka (settled, or ended by agreement, rule 4.2.3)."""
        async with self.storage.uow() as tx:
            again = await tx.event_by_source(source)
            if again is not None:
                return Written(await _table(tx, again.pulka_id), True, again.id)
            table = await _table(tx, pulka_id)
            if not table.active or (last_event_id is not None
                                    and table.last_event_id != last_event_id):
                raise PulkaError("stale")
            if not agreed and (table.state is None or not table.state.finished):
                raise PulkaError("stale")
            new_id = await tx.append(pulka_id, END, {"agreed": agreed}, author.user_id,
                                     author.name, source)
            await tx.archive(pulka_id)
            return Written(await _table(tx, pulka_id), event_id=new_id)

    # --- settings drafts -----------------------------------------------------------

    async def open_draft(self, chat_id: int, message_id: int, thread_id: int,
                         data: dict[str, Any], created_by: int | None,
                         lang: str | None = None) -> None:
        """Remember a new settings message's choices.

        ``lang`` (the language of whoever opened it, the pulka's creator) becomes
        the chat's language if it has none yet.
        """
        async with self.storage.uow() as tx:
            await tx.create_draft(chat_id, message_id, thread_id, data, created_by)
            if lang is not None:
                await tx.default_chat_lang(chat_id, lang)

    async def draft(self, chat_id: int, message_id: int) -> DraftRow | None:
        async with self.storage.read() as tx:
            return await tx.draft(chat_id, message_id)

    async def change_draft(
        self, chat_id: int, message_id: int, change: Callable[[DraftRow], dict[str, Any]]
    ) -> dict[str, Any]:
        """Apply ``change`` to a draft still open, inside one transaction.

        ``change`` raises :class:`PulkaError` to refuse (e.g. ``stale`` when the
        value it was pressed on has changed since); the new data is returned.
        """
        async with self.storage.uow() as tx:
            row = await tx.draft(chat_id, message_id)
            if row is None or row.pulka_id is not None:
                raise PulkaError("stale")
            data = change(row)
            await tx.save_draft(chat_id, message_id, data)
            return data

    async def start_draft(
        self, chat_id: int, message_id: int, rules: Rules, seats: int,
        seated: Sequence[Sitter], author: Author,
    ) -> Written:
        """"Start" on a settings message: the pulka is created with its seats, once."""
        row = await self.draft(chat_id, message_id)
        if row is None:
            raise PulkaError("stale")
        written = await self.create(chat_id, row.thread_id, rules, author,
                                    Source(chat_id, message_id), seats=seats, seated=seated)
        async with self.storage.uow() as tx:
            await tx.save_draft(chat_id, message_id, row.data, written.table.id)
        return written

    # --- live scoreboards ----------------------------------------------------------

    async def board(self, pulka_id: int) -> BoardRow | None:
        async with self.storage.read() as tx:
            return await tx.board(pulka_id)

    async def set_board(self, pulka_id: int, chat_id: int, message_id: int,
                        shown: str) -> None:
        async with self.storage.uow() as tx:
            await tx.set_board(pulka_id, chat_id, message_id, shown)


async def _table(tx: Tx, pulka_id: int) -> Table:
    row = await tx.load(pulka_id)
    if row is None:
        raise PulkaError("no_pulka")
    return build_table(row)


async def _open_pulka(tx: Tx, chat_id: int, thread_id: int, rules: Rules, author: Author,
                      source: Source, lang: str | None,
                      seats: int | None = None) -> tuple[int, bool]:
    """A new pulka in the place, or the one ``source`` created already (``True``: a
    repeated command).  ``PulkaError('busy')`` while another one runs there; ``lang``
    becomes the chat's language if it has none yet."""
    again = await tx.pulka_by_source(source)
    if again is not None:
        return again, True
    if await tx.active_pulka_id(chat_id, thread_id) is not None:
        raise PulkaError("busy")
    pulka_id = await tx.create_pulka(
        chat_id, thread_id, rules_to_json(rules), author.user_id, author.name, source, seats,
    )
    if lang is not None:
        await tx.default_chat_lang(chat_id, lang)
    return pulka_id, False


async def _active(tx: Tx, chat_id: int, thread_id: int) -> Table | None:
    pulka_id = await tx.active_pulka_id(chat_id, thread_id)
    return None if pulka_id is None else await _table(tx, pulka_id)


__all__ = [
    "Author",
    "IllegalDeal",
    "InvalidDeal",
    "LiveDeal",
    "PulkaError",
    "PulkaService",
    "ScoringError",
    "Sitter",
    "Table",
    "Written",
    "build_table",
    "deal_from_json",
    "rules_from_json",
]
