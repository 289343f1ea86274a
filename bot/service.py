"""The pulka service: the event log in :mod:`bot.store.db` replayed by :mod:`scoring`.

Every write validates against the replayed sheet inside the same transaction
(so two players writing at once cannot both pass a stale check), and every
write remembers its Telegram source so a redelivered command is written once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from bot import crashpoints
from bot.domain import Author, PulkaError, Sitter
from bot.input.parsing import valid_name
from bot.store import debts, ending, nights
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
    UNCHOSEN,
    AmendBreaks,
    LiveDeal,
    Table,
    Tables,
    advance,
    build_table,
    check_amendment,
    deal_from_json,
    rules_from_json,
    same_deal,
    sizes_of,
    with_deal,
)
from scoring import (
    Deal,
    IllegalDeal,
    InvalidDeal,
    Rules,
    ScoringError,
    play,
    seating,
    settle_state,
)
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
        #: The replayed tables of finished pulkas, for the nights of a chat.
        self.finished_tables = nights.Kept()
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
        if seats is not None and seats not in seating.TABLE_SIZES:
            raise PulkaError("table_full")
        if len(seated) > sizes_of(seats)[-1]:  # not chosen: 3 or 4 (tables.UNCHOSEN)
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
        # Two or five players are a chosen size; three and four stay unchosen, as before.
        n = len(doc.players)
        seats = None if n in UNCHOSEN else n
        async with self.storage.uow() as tx:
            pulka_id, again = await _open_pulka(
                tx, chat_id, thread_id, doc.rules, author, source, lang, seats
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
        alone = await self._write_deal_alone(pulka_id, deal, author, source, expect_last)
        if alone is not None:
            return alone
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

    async def _write_deal_alone(
        self,
        pulka_id: int,
        deal: Deal,
        author: Author,
        source: Source | None,
        expect_last: int | None,
    ) -> Written | None:
        """The common deal in one statement (``Storage.append_alone``): the kept table
        is the pulka's latest, the deal plays on it, and its command wrote nothing yet.

        None for anything else, with nothing written: :meth:`write_deal`'s transaction
        then reads the pulka as stored and answers (a repeat, a stale sheet, a deal
        the engine refuses: said on the stored table, not on a kept one).
        """
        table = self.tables.kept(pulka_id)
        if table is None or not table.active or table.state is None:
            return None
        if expect_last is not None and table.last_event_id != expect_last:
            return None
        generation = self.tables.generation
        try:
            step = play(table.state, deal)
        except ScoringError:
            return None
        event = await self.storage.append_alone(
            pulka_id,
            DEAL,
            deal_to_json(deal),
            author.user_id,
            author.name,
            source,
            seq=table.next_seq,
            after=table.last_event_id,
        )
        if event is None:
            return None
        if self.tables.generation != generation:
            # The kept tables were dropped while this waited for the lock (a chat
            # migrated: its pulkas' rows changed with no event): the table after the
            # deal is the log as stored, not the kept table with the deal added.
            stored = await self.get(pulka_id)
            if stored is not None:
                return self._written(table, stored, event)
        return self._written(table, with_deal(table, event, deal, step), event)

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
            if table.row.events[-1].kind == EventKind.AMEND:
                # /undo takes back the last event if it is a deal; an amendment is
                # changed by another /edit (its deal's number is in the message).
                raise PulkaError("undo_after_amend")
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

    async def amend_deal(
        self,
        pulka_id: int,
        target_event_id: int,
        deal: Deal | None,
        author: Author,
        source: Source | None,
        *,
        expect_last: int | None = None,
    ) -> Written:
        """Replace the live deal written by event ``target_event_id`` with ``deal``, or
        delete it (None): an ``amend`` event ``{"event": id, "deal": deal or null}``.

        Checked by replaying every later deal on the amended sheet first: a deal that
        would become impossible raises :class:`AmendBreaks` (naming it), ``deal``
        itself a :class:`ScoringError`; nothing is written then.  ``expect_last`` is
        the staleness token of the screen it was pressed on, as in :meth:`write_deal`.
        """
        async with self.storage.uow() as tx:
            again = await self._again(tx, source, EventKind.AMEND)
            if again is not None:
                return again
            table = await self._table(tx, pulka_id)
            if not table.active:
                raise PulkaError("amend_ended")
            if expect_last is not None and table.last_event_id != expect_last:
                raise PulkaError("stale")
            target = table.deal_by_event(target_event_id)
            if target is None:
                raise PulkaError("amend_gone")
            if deal is not None and same_deal(deal, target.deal):
                raise PulkaError("amend_same", number=target.number)
            check_amendment(table, target, deal)  # raises: nothing is written
            event = await tx.append(
                pulka_id,
                EventKind.AMEND,
                {"event": target_event_id, "deal": None if deal is None else deal_to_json(deal)},
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

    # --- the end: agreements, the end taken back, the settlement (bot/store/ending.py) ---

    async def agree(
        self, pulka_id: int, stop: int, author: Author, source: Source, *, admin: bool
    ) -> Written:
        """A tap on "End by agreement" offered at stop point ``stop``.

        A seated player's tap is an ``agree`` event, until more than half of the
        seated players agree: that tap writes the ``end`` (archived); an
        administrator's tap writes it at once.  A player who agreed already writes
        nothing (``duplicate``, no event).  ``stale`` once anything but an agreement
        was written since the offer (the agreement is to stop at ``stop``).
        The ``end`` remembers ``source`` (the offer message): a tap delivered again
        answers what it did.
        """
        async with self.storage.uow() as tx:
            again = await self._again(tx, source, END)
            if again is not None:
                return again
            table = await self._table(tx, pulka_id)
            if not table.active or table.state is None or ending.stop_point(table) != stop:
                raise PulkaError("stale")
            seat = next(
                (p.seat for p in table.players if author.user_id and p.user_id == author.user_id),
                None,
            )
            agreed = ending.agreed_seats(table)
            if seat is None and not admin:
                raise PulkaError("not_allowed")
            if seat in agreed and not admin:
                return Written(table, duplicate=True)
            by = sorted({*agreed, *(() if seat is None else (seat,))})
            if admin or len(by) >= ending.needed(len(table.players)):
                majority = len(by) >= ending.needed(len(table.players))
                payload = {"agreed": True, "last": stop, "by": by, "admin": not majority}
                event = await tx.end_pulka(
                    pulka_id, payload, author.user_id, author.name, source, seq=table.next_seq
                )
                status = PulkaStatus.ARCHIVED
            else:
                event = await tx.append(
                    pulka_id,
                    EventKind.AGREE,
                    {"seat": seat, "last": stop},
                    author.user_id,
                    author.name,
                    None,  # many taps on one offer: a tap is known by its seat, not its source
                    seq=table.next_seq,
                )
                status = table.row.status
            after = advance(table, table.players, (event,), status)
        return self._written(table, after, event)

    async def last_over(self, chat_id: int, thread_id: int) -> tuple[Table | None, bool]:
        """The place's latest pulka that is over (cancelled ones aside), and whether
        a pulka runs there now."""
        async with self.storage.read() as tx:
            listed = await ending.place_pulkas(tx, chat_id, thread_id)
            over = next((p for p in reversed(listed) if p.status != PulkaStatus.ACTIVE), None)
            running = any(p.status == PulkaStatus.ACTIVE for p in listed)
            table = None if over is None else await self.tables.get(tx, over.pulka_id)
        return table, running

    async def reopen(
        self, pulka_id: int, end_id: int, author: Author, source: Source | None
    ) -> Written:
        """``/undo`` of an end by agreement ``end_id``: the pulka runs again.

        ``reopen_settled`` once it is settled, ``reopen_busy`` when another pulka
        runs in the place, ``stale`` when the end is not that one any more.
        """
        async with self.storage.uow() as tx:
            again = await self._again(tx, source, EventKind.REOPEN)
            if again is not None:
                return again
            table = await self._table(tx, pulka_id)
            if ending.settled(table):
                raise PulkaError("reopen_settled")
            end = ending.end_event(table)
            if not ending.ended_by_agreement(table) or end is None or end.id != end_id:
                raise PulkaError("stale")
            if await tx.active_pulka_id(table.row.chat_id, table.row.thread_id) is not None:
                raise PulkaError("reopen_busy")
            event = await ending.reopen_pulka(
                tx, pulka_id, end.id, author.user_id, author.name, source, seq=table.next_seq
            )
            after = advance(table, table.players, (event,), PulkaStatus.ACTIVE)
        return self._written(table, after, event)

    async def settle(self, pulka_id: int, author: Author, source: Source | None) -> Written:
        """Settle and lock the pulka: its ``settle`` event keeps the settlement as
        computed now, with the rules (:func:`bot.store.ending.settle_payload`).

        A pulka finished at its target is ended too (its ``end``, with ``source``); one
        ended by agreement is only settled (its ``settle`` has the source then).
        Settled already: ``duplicate``, nothing written.  ``stale`` for a pulka still
        running short of its target (its table ends it by agreement first).
        """
        async with self.storage.uow() as tx:
            event = None if source is None else await tx.event_by_source(source)
            if event is not None:  # delivered again: what it wrote the first time
                if event.kind not in (END, EventKind.SETTLE):
                    raise PulkaError("stale")
                table = await self._table(tx, event.pulka_id)
                return _committed(Written(table, True, event.id, event))
            table = await self._table(tx, pulka_id)
            if ending.settled(table):
                return Written(table, duplicate=True, event=ending.settle_event(table))
            if not ending.can_settle(table) or table.state is None:
                raise PulkaError("stale")
            written: list[EventRow] = []
            status, seq = table.row.status, table.next_seq
            if table.active:
                written.append(
                    await tx.end_pulka(
                        pulka_id, {"agreed": False}, author.user_id, author.name, source, seq=seq
                    )
                )
                status, seq = PulkaStatus.ARCHIVED, seq + 1
            payload = ending.settle_payload(table, settle_state(table.state))
            written.append(
                await tx.append(
                    pulka_id,
                    EventKind.SETTLE,
                    payload,
                    author.user_id,
                    author.name,
                    None if written else source,  # the source is the end's, if it ended
                    seq=seq,
                )
            )
            after = advance(table, table.players, tuple(written), status)
        return self._written(table, after, written[0])

    async def again(self, pulka_id: int, author: Author, source: Source) -> Written:
        """ "Same table again" after a settled pulka: a new pulka of the same rules and
        players (guests and users), the seating turned so that the one after the last
        dealer deals first (:attr:`scoring.PulkaState.next_dealer`, clockwise as
        before).  ``source`` makes a second tap the same pulka (``duplicate``)."""
        table = await self.get(pulka_id)
        if table is None or table.state is None or not ending.settled(table):
            raise PulkaError("stale")
        first = table.state.next_dealer
        turned = (*table.players[first:], *table.players[:first])
        return await self.create(
            table.row.chat_id,
            table.row.thread_id,
            table.rules,
            author,
            source,
            seats=len(turned),
            seated=[Sitter(p.name, p.user_id, p.username) for p in turned],
        )

    async def nights(self, chat_id: int) -> list[nights.Night]:
        """The chat's settled pulkas, oldest settlement first (:mod:`bot.store.nights`):
        what statistics, the rating and the debts are made of."""
        async with self.storage.read() as tx:
            return await nights.chat_nights(tx, chat_id, self.finished_tables)

    async def rating_shown(self, chat_id: int) -> bool:
        """Does the chat show rating changes after each pulka (``/rating on``)?"""
        async with self.storage.read() as tx:
            return await tx.chat_rating(chat_id)

    async def show_rating(self, chat_id: int, on: bool, lang: str) -> None:
        """``/rating on|off`` (the same again changes nothing); ``lang``: the language
        the chat speaks now, kept if it had none stored yet."""
        self._langs.pop(chat_id, None)
        async with self.storage.uow() as tx:
            await tx.set_chat_rating(chat_id, on, lang)

    async def finished(self, chat_id: int, thread_id: int) -> list[ending.Listed]:
        """The place's pulkas that are over (not cancelled), numbered as the archive shows."""
        async with self.storage.read() as tx:
            listed = await ending.place_pulkas(tx, chat_id, thread_id)
        return [p for p in listed if p.status != PulkaStatus.ACTIVE]

    async def correct_settled(
        self, pulka_id: int, deal: Deal, author: Author, source: Source | None
    ) -> Written:
        """A correction after the pulka was settled: an ``amend`` event
        ``{"settled": settle_id, "deal": correction}`` after its ``settle``
        (:func:`bot.store.ending.after_settling`); the stored settlement stays what was
        agreed.  ``stale`` if it is not settled; who may write it is the caller's check."""
        async with self.storage.uow() as tx:
            again = await self._again(tx, source, EventKind.AMEND)
            if again is not None:
                return again
            table = await self._table(tx, pulka_id)
            settle = ending.settle_event(table)
            if settle is None or table.state is None:
                raise PulkaError("stale")
            play(table.state, deal)  # raises ScoringError: nothing is written
            event = await tx.append(
                pulka_id,
                EventKind.AMEND,
                {"settled": settle.id, "deal": deal_to_json(deal)},
                author.user_id,
                author.name,
                source,
                seq=table.next_seq,
            )
            after = advance(table, table.players, (event,), table.row.status)
        return self._written(table, after, event)

    async def confirm_payment(
        self,
        pulka_id: int,
        kind: EventKind,
        payer: int,
        payee: int,
        author: Author,
        *,
        admin: bool = False,
    ) -> Written:
        """ "Paid" (``kind`` PAID) or "Received" (RECEIVED) on the line payer -> payee of
        a settled pulka (:mod:`bot.store.debts`): an event of the amount it confirms now.

        Nothing left to confirm (a second press, the press delivered again): nothing is
        written, ``duplicate`` with the confirmation written before.  ``stale`` for no
        such line; ``debts_not_payer`` and the like if it is not the presser's.  Results
        never change: the replay passes these events by.
        """
        async with self.storage.uow() as tx:
            table = await self._table(tx, pulka_id)
            seated = nights.seated(table, await nights.claims(tx, table.row.chat_id))
            line, amount = debts.to_confirm(
                table, seated, kind, payer, payee, author.user_id, admin=admin
            )
            if amount <= 0:
                before = debts.last_confirmation(table, kind, line.payer, line.payee)
                return Written(table, True, before.id if before else 0, before)
            event = await tx.append(
                pulka_id,
                kind,
                {"payer": line.payer, "payee": line.payee, "amount": str(amount)},
                author.user_id,
                author.name,
                None,
                seq=table.next_seq,
            )
            after = advance(table, table.players, (event,), table.row.status)
        return self._written(table, after, event)

    # --- before the first deal: cancel, leave, reseat; a guest seat claimed -------------

    async def cancel(self, pulka_id: int, author: Author, source: Source | None) -> Written:
        """Cancel a pulka started by mistake (``cancel_after_deal`` once a deal is on
        its sheet): archived by its ``cancel`` event, so ``/newpulka`` works again.
        Who may cancel (its creator, an admin) is the caller's check."""
        async with self.storage.uow() as tx:
            again = await self._again(tx, source, EventKind.CANCEL)
            if again is not None:
                return again
            table = await self._table(tx, pulka_id)
            if not table.active:
                raise PulkaError("stale")
            if table.deals:
                raise PulkaError("cancel_after_deal")
            event = await tx.cancel_pulka(
                pulka_id, author.user_id, author.name, source, seq=table.next_seq
            )
            after = advance(table, table.players, (event,), PulkaStatus.ARCHIVED)
        return self._written(table, after, event)

    async def leave(
        self, chat_id: int, thread_id: int, user_id: int, author: Author, source: Source | None
    ) -> Written:
        """The Telegram user ``user_id`` leaves his seat before the first deal; the
        others keep their order (each after him moves up one seat)."""
        async with self.storage.uow() as tx:
            again = await self._again(tx, source, EventKind.LEAVE)
            if again is not None:
                return again
            table = await self._active(tx, chat_id, thread_id)
            if table is None:
                raise PulkaError("no_pulka")
            gone = next((p for p in table.players if p.user_id == user_id), None)
            if gone is None:
                raise PulkaError("leave_not_seated")
            if table.deals:
                raise PulkaError("leave_after_deal", name=gone.name)
            players = _renumbered(p for p in table.players if p is not gone)
            event = await tx.reseat(
                table.id,
                EventKind.LEAVE,
                {"seat": gone.seat, "name": gone.name},
                players,
                author.user_id,
                author.name,
                source,
                seq=table.next_seq,
            )
            after = advance(table, players, (event,), table.row.status)
        return self._written(table, after, event)

    async def reorder(
        self,
        pulka_id: int,
        was: Sequence[str],
        order: Sequence[str],
        author: Author,
        source: Source | None = None,
    ) -> Written:
        """Seat the players in ``order`` (names, clockwise; the first deals first), if
        the seating is still ``was`` (else ``stale``) and no deal is written yet."""
        async with self.storage.uow() as tx:
            again = await self._again(tx, source, EventKind.SEATS)
            if again is not None:
                return again
            table = await self._table(tx, pulka_id)
            if not table.active or tuple(was) != table.names:
                raise PulkaError("stale")
            if table.deals:
                raise PulkaError("seats_after_deal")
            by_name = {p.name: p for p in table.players}
            if sorted(order) != sorted(by_name) or len(set(order)) != len(order):
                raise PulkaError("stale")
            players = _renumbered(by_name[n] for n in order)
            event = await tx.reseat(
                table.id,
                EventKind.SEATS,
                {"order": list(order)},
                players,
                author.user_id,
                author.name,
                source,
                seq=table.next_seq,
            )
            after = advance(table, players, (event,), table.row.status)
        return self._written(table, after, event)

    async def claim(
        self,
        pulka_id: int,
        seat: int,
        user_id: int,
        username: str | None,
        author: Author,
        source: Source | None,
    ) -> Written:
        """The Telegram user ``user_id`` takes over the guest at ``seat`` (a player
        without Telegram, as ``/import`` seats everyone): from now on he is that
        player.  ``stale`` if the seat is no guest's any more; ``already_seated`` if
        he sits elsewhere.  Who confirms is the caller's check."""
        async with self.storage.uow() as tx:
            again = await self._again(tx, source, EventKind.CLAIM)
            if again is not None:
                return again
            table = await self._table(tx, pulka_id)
            if not table.active or seat >= len(table.players):
                raise PulkaError("stale")
            guest = table.players[seat]
            if guest.user_id is not None:
                raise PulkaError("stale")
            if table.is_player(user_id):
                raise PulkaError("already_seated")
            players = tuple(
                PlayerRow(p.seat, p.name, user_id, username) if p is guest else p
                for p in table.players
            )
            event = await tx.reseat(
                table.id,
                EventKind.CLAIM,
                {"seat": seat, "name": guest.name, "user": user_id},
                players,
                author.user_id,
                author.name,
                source,
                seq=table.next_seq,
            )
            after = advance(table, players, (event,), table.row.status)
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


def _renumbered(players: Iterable[PlayerRow]) -> tuple[PlayerRow, ...]:
    """``players`` in their new order, seated from seat 0 clockwise."""
    return tuple(PlayerRow(i, p.name, p.user_id, p.username) for i, p in enumerate(players))


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
    "AmendBreaks",
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
