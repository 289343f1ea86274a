"""The pulka service: the event log in :mod:`bot.store.db` replayed by :mod:`scoring`.

Every write validates against the replayed sheet inside the same transaction
(so two players writing at once cannot both pass a stale check), and every
write remembers its Telegram source so a redelivered command is written once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from bot import crashpoints
from bot.domain import Author, PulkaError, Sitter
from bot.input.parsing import valid_name
from bot.store.db import (
    DEAL,
    END,
    JOIN,
    UNDO,
    BoardRow,
    DraftRow,
    EventKind,
    EventRow,
    PlayerRow,
    PulkaStatus,
    Source,
    Storage,
    Tx,
)
from bot.store.tables import (
    LiveDeal,
    Table,
    Tables,
    advance,
    build_table,
    deal_from_json,
    rules_from_json,
)
from scoring import Deal, IllegalDeal, InvalidDeal, Rules, ScoringError, play, seating
from scoring.record import deal_to_json, load_document, rules_to_json

#: The most deals an imported record may hold (a long evening has 100-200).
MAX_IMPORT_DEALS = 2000


@dataclass
class Commits:
    """What the writes of the update being handled committed, oldest first."""

    written: list[Written] = field(default_factory=list)


#: The current update's commits: a fresh :class:`Commits` per update (set by an outer
#: middleware), so whoever answers after a failure knows what is written.
COMMITTED: ContextVar[Commits | None] = ContextVar("pulka_committed", default=None)


def _committed(written: Written) -> Written:
    commits = COMMITTED.get()
    if commits is not None:
        commits.written.append(written)
    return written


@dataclass(frozen=True, slots=True)
class Written:
    """The result of a write: the table after it, and whether it was a repeat.

    ``event`` is what was written (for a repeat: what the first delivery wrote),
    ``before`` the table before it (None for a repeat), so nothing re-reads.
    """

    table: Table
    duplicate: bool = False
    event_id: int = 0
    event: EventRow | None = None
    before: Table | None = None


class PulkaService:
    """Reads and writes pulkas; handlers get it as the ``service`` argument."""

    def __init__(self, storage: Storage, tables: Tables | None = None) -> None:
        self.storage = storage
        #: The replayed tables of hot pulkas: every read and write goes through it.
        self.tables = tables or Tables()
        #: Chat languages read so far; every write of a language drops its chat.
        self._langs: dict[int, str | None] = {}

    # --- reading -----------------------------------------------------------------

    async def active(self, chat_id: int, thread_id: int) -> Table | None:
        async with self.storage.read() as tx:
            return await self._active(tx, chat_id, thread_id)

    async def get(self, pulka_id: int) -> Table | None:
        async with self.storage.read() as tx:
            return await self.tables.get(tx, pulka_id)

    async def written_by(self, source: Source) -> tuple[Table, EventRow] | None:
        """The pulka a Telegram message already wrote to (a repeated command or press),
        and the event it wrote; None if it wrote nothing."""
        async with self.storage.read() as tx:
            event = await tx.event_by_source(source)
            table = None if event is None else await self.tables.get(tx, event.pulka_id)
        return None if table is None or event is None else (table, event)

    async def lang(self, chat_id: int) -> str | None:
        """The chat's language (kept in memory: every update asks, few change it)."""
        if chat_id in self._langs:
            return self._langs[chat_id]
        async with self.storage.read() as tx:
            lang = await tx.chat_lang(chat_id)
        if len(self._langs) > 10_000:
            self._langs.clear()
        self._langs[chat_id] = lang
        return lang

    async def set_lang(self, chat_id: int, lang: str) -> None:
        self._langs.pop(chat_id, None)
        async with self.storage.uow() as tx:
            await tx.set_chat_lang(chat_id, lang)

    async def migrate_chat(self, old: int, new: int) -> int:
        """The group became a supergroup: its pulkas move to the new chat id."""
        try:
            async with self.storage.uow() as tx:
                return await tx.migrate_chat(old, new)
        finally:
            self.tables.forget()  # the kept tables name the old chat
            self._langs.clear()

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

        ``seats`` fixes the table size; ``seated`` are seated at once, in order
        (the settings message's "Sit down" presses).  ``lang`` (the creator's
        language) becomes the chat's language if it has none yet.
        """
        sizes = seating.TABLE_SIZES
        if (seats is not None and seats not in sizes) or len(seated) > (seats or sizes[-1]):
            raise PulkaError("table_full")
        self._langs.pop(chat_id, None)  # the creator's language may become the chat's
        async with self.storage.uow() as tx:
            pulka_id, again = await _open_pulka(
                tx, chat_id, thread_id, rules, author, source, lang, seats
            )
            if again:
                return Written(await self._table(tx, pulka_id), duplicate=True)
            for seat, sitter in enumerate(seated):
                await tx.seat_player(
                    pulka_id,
                    seat,
                    sitter.name,
                    sitter.user_id,
                    sitter.username,
                    author.user_id,
                    author.name,
                    None,
                )
            table = await self._table(tx, pulka_id)
        return Written(table)

    async def import_record(
        self,
        chat_id: int,
        thread_id: int,
        data: Any,
        author: Author,
        source: Source,
        *,
        lang: str | None = None,
    ) -> Written:
        """Start a pulka from a ``pulka/1`` record (players as guests, deals replayed).

        ``lang`` becomes the chat's language if it has none yet (as in :meth:`create`).
        """
        if not isinstance(data, dict) or data.get("format") != "pulka/1":
            raise PulkaError("import_format")
        doc = load_document(data)  # raises ScoringError with the path
        if len(doc.deals) > MAX_IMPORT_DEALS:
            # Every later command replays and every /history shows them: a bound
            # keeps a chat fast (22,220 corrections fit in 1 MB).
            raise PulkaError("import_too_many", count=len(doc.deals), limit=MAX_IMPORT_DEALS)
        for name in doc.players:
            if not valid_name(name):
                raise PulkaError("import_name", name=name)
        self._langs.pop(chat_id, None)  # the creator's language may become the chat's
        async with self.storage.uow() as tx:
            pulka_id, again = await _open_pulka(
                tx, chat_id, thread_id, doc.rules, author, source, lang
            )
            if again:
                return Written(await self._table(tx, pulka_id), duplicate=True)
            for seat, name in enumerate(doc.players):
                await tx.seat_player(
                    pulka_id, seat, name, None, None, author.user_id, author.name, None
                )
            for deal in doc.deals:
                await tx.append(
                    pulka_id, DEAL, deal_to_json(deal), author.user_id, author.name, None
                )
            table = await self._table(tx, pulka_id)
        return Written(table)

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
            again = await self._again(tx, source, JOIN)
            if again is not None:
                return again
            table = await self._active(tx, chat_id, thread_id)
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
            event = await tx.seat_player(
                table.id,
                seat,
                name,
                user_id,
                username,
                author.user_id,
                author.name,
                source,
                seq=table.next_seq,
            )
            after = advance(
                table,
                (*table.players, _player(seat, name, user_id, username)),
                (event,),
                table.row.status,
            )
        return self._written(table, after, event)

    async def write_deal(
        self,
        pulka_id: int,
        deal: Deal,
        author: Author,
        source: Source | None,
        *,
        expect_last: int | None = None,
    ) -> Written:
        """Append a deal after :func:`scoring.play` accepts it on the current sheet.

        The source is checked first: a command or press delivered again answers
        with what it wrote (``duplicate``), even though the table has moved on.
        ``expect_last`` (a wizard's staleness token) must then still be the pulka's
        last event id, checked inside the write transaction: of two "Write it"
        presses on the same sheet only the first writes, the other gets ``stale``.
        """
        async with self.storage.uow() as tx:
            again = await self._again(tx, source, DEAL)
            if again is not None:
                return again
            table = await self._table(tx, pulka_id)
            if expect_last is not None and (not table.active or table.last_event_id != expect_last):
                raise PulkaError("stale")
            if not table.active:
                raise PulkaError("no_pulka")
            if table.state is None:
                raise PulkaError("need_players", count=len(table.players))
            play(table.state, deal)  # raises ScoringError: nothing is written
            event = await tx.append(
                pulka_id,
                DEAL,
                deal_to_json(deal),
                author.user_id,
                author.name,
                source,
                seq=table.next_seq,
            )
            after = advance(table, table.players, (event,), table.row.status)
        return self._written(table, after, event)

    async def undo(
        self, pulka_id: int, event_id: int, author: Author, source: Source | None
    ) -> Written:
        """Cancel the last live deal if it is still ``event_id`` (else ``stale``)."""
        async with self.storage.uow() as tx:
            again = await self._again(tx, source, UNDO)
            if again is not None:
                return again
            table = await self._table(tx, pulka_id)
            if not table.active or not table.deals or table.deals[-1].event.id != event_id:
                raise PulkaError("stale")
            event = await tx.append(
                pulka_id,
                UNDO,
                {"event": event_id},
                author.user_id,
                author.name,
                source,
                seq=table.next_seq,
            )
            after = advance(table, table.players, (event,), table.row.status)
        return self._written(table, after, event)

    async def end(
        self,
        pulka_id: int,
        last_event_id: int | None,
        author: Author,
        source: Source,
        *,
        agreed: bool,
    ) -> Written:
        """Archive the pulka (settled, or ended by agreement, rule 4.2.3)."""
        async with self.storage.uow() as tx:
            again = await self._again(tx, source, END)
            if again is not None:
                return again
            table = await self._table(tx, pulka_id)
            if not table.active or (
                last_event_id is not None and table.last_event_id != last_event_id
            ):
                raise PulkaError("stale")
            if not agreed and (table.state is None or not table.state.finished):
                raise PulkaError("stale")
            event = await tx.end_pulka(
                pulka_id,
                {"agreed": agreed},
                author.user_id,
                author.name,
                source,
                seq=table.next_seq,
            )
            after = advance(table, table.players, (event,), PulkaStatus.ARCHIVED)
        return self._written(table, after, event)

    # --- the read model --------------------------------------------------------------

    async def _table(self, tx: Tx, pulka_id: int) -> Table:
        table = await self.tables.get(tx, pulka_id)
        if table is None:
            raise PulkaError("no_pulka")
        return table

    async def _active(self, tx: Tx, chat_id: int, thread_id: int) -> Table | None:
        here = await tx.active_pulka(chat_id, thread_id)
        if here is None:
            return None
        table = await self.tables.get(tx, *here)
        if table is None:
            raise PulkaError("no_pulka")
        return table

    async def _again(self, tx: Tx, source: Source | None, kind: EventKind) -> Written | None:
        """What ``source`` wrote already (a command or press delivered again), if anything.

        Only a write of the same ``kind`` is a repeat; a message that wrote
        something else (a wizard that wrote a deal, pressed as an undo) is stale.
        """
        event = None if source is None else await tx.event_by_source(source)
        if event is None:
            return None
        if event.kind != kind:
            raise PulkaError("stale")
        return _committed(Written(await self._table(tx, event.pulka_id), True, event.id, event))

    def _written(self, before: Table, after: Table, event: EventRow) -> Written:
        # Called after the commit: only a committed table is kept.
        self.tables.put(after)
        crashpoints.reached(f"{event.kind}_committed")  # committed, nothing answered yet
        return _committed(Written(after, False, event.id, event, before))

    # --- settings drafts -----------------------------------------------------------

    async def open_draft(
        self,
        chat_id: int,
        message_id: int,
        thread_id: int,
        data: dict[str, Any],
        created_by: int | None,
        lang: str | None = None,
    ) -> None:
        """Remember a new settings message's choices.

        ``lang`` (the language of whoever opened it, the pulka's creator) becomes
        the chat's language if it has none yet.
        """
        self._langs.pop(chat_id, None)
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
        self,
        chat_id: int,
        message_id: int,
        rules: Rules,
        seats: int,
        seated: Sequence[Sitter],
        author: Author,
    ) -> Written:
        """ "Start" on a settings message: the pulka is created with its seats, once."""
        row = await self.draft(chat_id, message_id)
        if row is None:
            raise PulkaError("stale")
        written = await self.create(
            chat_id,
            row.thread_id,
            rules,
            author,
            Source(chat_id, message_id),
            seats=seats,
            seated=seated,
        )
        async with self.storage.uow() as tx:
            await tx.save_draft(chat_id, message_id, row.data, written.table.id)
        return written

    # --- live scoreboards ----------------------------------------------------------

    async def board(self, pulka_id: int) -> BoardRow | None:
        async with self.storage.read() as tx:
            return await tx.board(pulka_id)

    async def set_board(self, pulka_id: int, chat_id: int, message_id: int, shown: str) -> None:
        async with self.storage.uow() as tx:
            await tx.set_board(pulka_id, chat_id, message_id, shown)


def _player(seat: int, name: str, user_id: int | None, username: str | None) -> PlayerRow:
    return PlayerRow(seat, name, user_id, username)


async def _open_pulka(
    tx: Tx,
    chat_id: int,
    thread_id: int,
    rules: Rules,
    author: Author,
    source: Source,
    lang: str | None,
    seats: int | None = None,
) -> tuple[int, bool]:
    """A new pulka in the place, or the one ``source`` created already (``True``: a
    repeated command).  ``PulkaError('busy')`` while another one runs there; ``lang``
    becomes the chat's language if it has none yet."""
    again = await tx.pulka_by_source(source)
    if again is not None:
        return again, True
    if await tx.active_pulka_id(chat_id, thread_id) is not None:
        raise PulkaError("busy")
    pulka_id = await tx.create_pulka(
        chat_id,
        thread_id,
        rules_to_json(rules),
        author.user_id,
        author.name,
        source,
        seats,
    )
    if lang is not None:
        await tx.default_chat_lang(chat_id, lang)
    return pulka_id, False


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
