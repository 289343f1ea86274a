"""Debts between nights: a payment of a settled pulka confirmed "paid" or "received".

``paid`` / ``received`` ``{"payer": seat, "payee": seat, "amount": "12.50"}``: the
amount it confirms now (:mod:`bot.model.debts`); results never change, the replay
passes these events by.
"""

from __future__ import annotations

from bot.actions.keeper import Keeper
from bot.actions.nights import claims
from bot.model import Author, EventKind, Written, advance, debts
from bot.model.nights import seated
from bot.storage import events


async def confirm(
    keeper: Keeper,
    pulka_id: int,
    kind: EventKind,
    payer: int,
    payee: int,
    author: Author,
    *,
    admin: bool = False,
) -> Written:
    """ "Paid" (``kind`` PAID) or "Received" (RECEIVED) on the line payer -> payee.

    Nothing left to confirm (a second press, the press delivered again): nothing is
    written, ``duplicate`` with the confirmation written before.  ``stale`` for no
    such line; ``debts_not_payer`` and the like if it is not the presser's.
    """
    async with keeper.storage.uow() as tx:
        table = await keeper.table(tx, pulka_id)
        people = seated(table.players, await claims(tx, table.row.chat_id))
        line, amount = debts.to_confirm(
            table, people, kind, payer, payee, author.user_id, admin=admin
        )
        if amount <= 0:
            before = debts.last_confirmation(table, kind, line.payer, line.payee)
            return Written(table, True, before.id if before else 0, before)
        event = await events.append(
            tx,
            pulka_id,
            kind,
            {"payer": line.payer, "payee": line.payee, "amount": str(amount)},
            author.user_id,
            author.name,
            None,
            seq=table.next_seq,
        )
        after = advance(table, table.players, (event,), table.row.status)
    return keeper.written(table, after, event)
