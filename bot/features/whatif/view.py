"""What-if texts: ``/cost`` (a deal's worth by role) and ``/whatif`` (a finished pulka
under other rules, side by side); every figure is :mod:`scoring`'s, only laid out here."""

from __future__ import annotations

from bot.features.whatif.grammar import WHATIF_KEYS
from bot.features.whatif.worth import (
    DEALER,
    DECLARER,
    FIRST,
    RESTING,
    SECOND,
    Broken,
    Unplayable,
    Worth,
)
from bot.model import ParseError, Table
from bot.views.board import variant_name
from bot.views.errors import error_text, params_text
from bot.views.format import declarer_prefix, name, notation, result
from bot.views.rules import value_words
from bot.views.texts import Texts, has_message
from scoring import (
    Choice,
    Deal,
    Game,
    Misere,
    Rules,
    ScoringError,
    Settlement,
    exact_money,
    money_text,
    stake_text,
)

#: Where ``/cost`` took its rules from.
RUNNING, LAST, DEFAULT = "running", "last", "default"
_SOURCE_KEYS = {
    RUNNING: "whatif_cost_rules_running",
    LAST: "whatif_cost_rules_last",
    DEFAULT: "whatif_cost_rules_default",
}
_SIZE_KEYS = {2: "whatif_size_2", 3: "whatif_size_3", 4: "whatif_size_4", 5: "whatif_size_5"}
#: The roles in the order ``/cost`` lists them.
_ROLES = (DECLARER, FIRST, SECOND, DEALER, RESTING)


# --- /cost -------------------------------------------------------------------------


def role_label(tx: Texts, deal: Deal, role: str) -> str:
    """``разыгрывающий``, ``вистующий 1``, ``пасующий``, ``сдающий`` in the chat's language."""
    if role == DECLARER:
        return tx("whatif_role_declarer")
    if role == DEALER:
        return tx("whatif_role_dealer")
    if role == RESTING:
        return tx("whatif_role_resting")
    n = 1 if role == FIRST else 2
    if not isinstance(deal, Game):
        return tx("whatif_role_other", n=n)
    choices = deal.choices
    mine = choices[role]
    # Hussar's one defender needs no number.
    same = len(choices) > 1 and all(c is mine for c in choices.values())
    if mine is Choice.WHIST:
        return tx("whatif_role_whister_n", n=n) if same else tx("whatif_role_whister")
    if mine is Choice.HALF:
        return tx("whatif_role_half")
    return tx("whatif_role_passer_n", n=n) if same else tx("whatif_role_passer")


def understood(tx: Texts, deal: Deal, rules: Rules | None = None) -> str:
    """What ``/cost`` read: ``6♠ / без одной — вистующий 1: вист, 2; …``; a game nobody
    played out (both passed) shows no defender's tricks, as ``/deal`` does: they are
    nobody's."""
    head = notation(tx, deal)
    if isinstance(deal, Misere):
        return head
    assert isinstance(deal, Game)
    tricks = deal.trick_map
    played = deal.played_out(rules)
    parts = [tx("whatif_cost_declarer", role=role_label(tx, deal, DECLARER), n=tricks[DECLARER])]
    for role, choice in deal.defence:
        label, said = role_label(tx, deal, role), tx(choice.value)
        if played:
            parts.append(tx("whatif_cost_defender", role=label, choice=said, n=tricks[role]))
        else:
            parts.append(tx("whatif_cost_defender_unplayed", role=label, choice=said))
    return f"{head} — " + "; ".join(parts)


def cost_text(tx: Texts, worth: Worth, size: int, source: str) -> str:
    """The deal read back, the rules it is priced by, and each role's whists and money."""
    rules, cur = worth.rules, name(worth.rules.currency)
    lines = [
        tx("whatif_cost_title", deal=understood(tx, worth.deal, worth.rules)),
        tx(
            _SOURCE_KEYS[source],
            variant=variant_name(tx, rules),
            size=tx(_SIZE_KEYS[size]),
            stake=stake_text(rules.stake),
            currency=cur,
        ),
    ]
    rows = dict(zip(worth.roles, zip(worth.whists, worth.money, strict=True), strict=True))
    for role in (r for r in _ROLES if r in rows):
        whists, money = rows[role]
        lines.append(
            tx(
                "whatif_cost_line",
                role=role_label(tx, worth.deal, role),
                whists=result(whists),
                money=money_text(money, signed=True),
                currency=cur,
            )
        )
    lines.append(tx("whatif_cost_note"))
    return "\n".join(lines)


def _roles_in(tx: Texts, deal: Deal, e: ScoringError) -> ScoringError:
    """The engine's error with the role names in the chat's words."""
    has_second = not isinstance(deal, Game) or SECOND in deal.choices
    words = {r: role_label(tx, deal, r) for r in _ROLES if r != SECOND or has_second}
    params = {k: words.get(v, v) if isinstance(v, str) else v for k, v in e.params.items()}
    return ScoringError(e.message, e.path, e.code, params)


def cost_refused_text(tx: Texts, deal: Deal, e: ScoringError) -> str:
    """A deal the engine refuses: why, what was understood, the form."""
    return "\n".join(
        [
            tx("whatif_cost_refused", reason=error_text(tx, _roles_in(tx, deal, e))),
            tx("whatif_cost_title", deal=understood(tx, deal)),
            tx("whatif_cost_usage"),
        ]
    )


def cost_refusal(tx: Texts, err: Exception, data: object) -> str | None:
    """``/cost``'s refusals: bad words, or a deal the engine refuses."""
    if isinstance(err, Unplayable):
        return cost_refused_text(tx, err.deal, err)
    return cost_error_text(tx, err) if isinstance(err, ParseError) else None


def cost_error_text(tx: Texts, err: ParseError) -> str:
    """Bad ``/cost`` words: what is wrong (the declarer named by his role), the form,
    examples."""
    params: dict[str, object] = {
        k: tx("whatif_role_declarer") if v == DECLARER else v
        for k, v in params_text(err.params).items()
    }
    if err.key == "whatif_cost_misere":  # its own form and examples: a game's would mislead
        return tx(err.key, **params)
    return "\n".join([tx(err.key, **params), tx("whatif_cost_usage")])


# --- /whatif ------------------------------------------------------------------------


def _words(tx: Texts, key: str, value: object) -> str:
    if isinstance(value, bool):
        return tx("yes") if value else tx("no")
    return value_words(tx, key, value)


def changes_text(tx: Texts, before: Rules, after: Rules) -> str:
    """Every convention that differs, a line each, by its name in the chat's language:
    ``Висты: джентльменские → жлобские``."""
    lines = []
    if before.variant != after.variant:
        old, new = variant_name(tx, before), variant_name(tx, after)
        lines.append(tx("set_variant", value=f"{old} → {new}"))
    for key in WHATIF_KEYS:
        old, new = getattr(before, key), getattr(after, key)
        if old != new:
            lines.append(_change(tx, key, _words(tx, key, old), _words(tx, key, new)))
    return "\n".join(lines)


#: The names of conventions the settings message sets only together with another (so
#: it has no line of their own to name them by).
_NAMED_HERE = {"raspasy_cycle": "whatif_set_raspasy_cycle"}


def _change(tx: Texts, key: str, old: str, new: str) -> str:
    """One convention changed, named as the settings message names it (else by
    :data:`_NAMED_HERE`, else by its key)."""
    for message in (f"set_{key}", _NAMED_HERE.get(key)):
        if message is not None and has_message(tx.lang, message):
            # Each value in its own words ("×1 → ×2", "от 6 → от 7"), the name once.
            label, _, was = tx(message, value=old).partition(": ")
            _, _, now = tx(message, value=new).partition(": ")
            return f"{label}: {was} → {now}" if was and now else tx(message, value=f"{old} → {new}")
    return tx("whatif_change", key=key, old=old, new=new)


def whatif_text(
    tx: Texts, number: int, table: Table, after: Rules, agreed: Settlement, new: Settlement
) -> str:
    """Each player's result and money as agreed and under the changed rules ``after``,
    and the difference; nothing of it is written."""
    lines = [_title(tx, number, table, after)]
    if new.results == agreed.results and new.money == agreed.money:
        return "\n".join([*lines, tx("whatif_nothing")])
    cur = name(table.settled_rules.currency)
    stake = table.settled_rules.stake  # /whatif changes no money convention
    for who, r0, r1 in zip(table.names, agreed.results, new.results, strict=True):
        # Each money figure is the whists beside it times the stake: nothing is paid
        # here, so no cent moves for a zero sum.
        lines.append(
            tx(
                "whatif_line",
                name=name(who),
                agreed=result(r0),
                changed=result(r1),
                diff=result(r1 - r0),
                agreed_money=money_text(exact_money(r0, stake), signed=True),
                changed_money=money_text(exact_money(r1, stake), signed=True),
                diff_money=money_text(exact_money(r1 - r0, stake), signed=True),
                currency=cur,
            )
        )
    if new.notice is not None:
        lines.append(tx(f"notice-{new.notice}"))
    lines.append(tx("whatif_note"))
    return "\n".join(lines)


def broken_text(tx: Texts, number: int, table: Table, after: Rules, broken: Broken) -> str:
    """The changed rules refuse a deal of the pulka: which one and why."""
    deal = broken.live.deal
    return "\n".join(
        [
            _title(tx, number, table, after),
            tx(
                "whatif_broken",
                deal=broken.live.number,
                what=declarer_prefix(deal) + notation(tx, deal, table.names),
                reason=error_text(tx, broken.error),
            ),
            tx("whatif_note"),
        ]
    )


def _title(tx: Texts, number: int, table: Table, after: Rules) -> str:
    """The pulka's number, then the conventions changed, a line each."""
    return tx("whatif_title", number=number) + "\n" + changes_text(tx, table.settled_rules, after)


def whatif_error_text(tx: Texts, err: ParseError | ScoringError) -> str:
    """An unknown key, a value that is none, a value the rules refuse: and the keys."""
    if isinstance(err, ScoringError):
        head = tx("whatif_rules_refused", reason=error_text(tx, err))
    else:
        head = tx(err.key, **params_text(err.params))
    return "\n".join([head, tx("whatif_keys", keys=", ".join(WHATIF_KEYS)), tx("whatif_example")])


def whatif_refusal(tx: Texts, err: Exception, data: object) -> str | None:
    """``/whatif``'s refusals: no change asked, a change that is none (the missing pulka
    is told the usual way)."""
    if isinstance(err, ParseError) and err.key == "whatif_usage":
        return tx("whatif_usage") + "\n" + tx("whatif_example")
    if isinstance(err, ParseError) and err.key == "whatif_deal":
        return tx("whatif_deal")
    return whatif_error_text(tx, err) if isinstance(err, ParseError | ScoringError) else None
