"""Influence: what a seat can produce and paying an influence cost (standing cards with an
influence value, knelt to pay; in melee, the Hand of the King's 2 once a round, offered
first).

The payment ends in the ``influence_paid`` handler of :mod:`gameplay.engine.uses`, which
kneels the chosen cards and goes on with what the influence paid for (``pay``); this module
reaches it through the handler registry, so it does not import :mod:`uses`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameplay.engine.abilities import (
    HANDLERS,
    PASSIVE_CODES,
    allowed,
    facts,
    handler,
    is_blank,
    live_queries,
    quiet,
    value,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import check_marshal, gold_cost
from gameplay.engine.state import GameState
from gameplay.engine.titles import hand_influence, mark_used


def influence_available(state: GameState, seat: int) -> dict[str, int]:
    """Standing cards of ``seat`` that provide influence, with how much."""
    found = {}
    # Asked only where a card of the game or a lasting effect may forbid it.
    asked = "can_kneel_for_cost" in PASSIVE_CODES and not quiet(state, "can_kneel_for_cost")
    for ref in state.players[seat].in_play:
        amount = 0 if is_blank(state, ref) else facts(state, ref).influence or 0
        if amount and not state.in_play[ref].knelt:
            if asked and not allowed(state, "can_kneel_for_cost", ref):
                continue  # Bowl of Brown: "cannot kneel to pay for effects"
            found[ref] = amount
    return found


def total_influence(state: GameState, seat: int) -> int:
    """All the influence ``seat`` could produce now: standing cards plus the Hand of the
    King's 2 if unused (titles.hand_influence) plus a standing House card's (house_influence)."""
    cards = sum(influence_available(state, seat).values())
    return cards + hand_influence(state, seat) + house_influence(state, seat)


def house_mark(seat: int) -> str:
    """The ``state.used`` mark of a House card knelt this round (House cards stand in the
    standing phase; Alliance's action kneels it too)."""
    return f"house_knelt:{seat}"


def house_influence(state: GameState, seat: int) -> int:
    """Influence ``seat``'s House card gives when knelt ("Your House card gains [+2
    Influence]": Knights of the Hollow Hill): the ``house_influence`` query, 0 while the
    House card kneels."""
    if "house_influence" not in PASSIVE_CODES or house_mark(seat) in state.used:
        return 0
    return int(value(state, "house_influence", seat, 0))


def ask_influence(state: GameState, seat: int, amount: int, pay: dict[str, Any]) -> None:
    """Ask ``seat`` to pay ``amount`` influence, then go on with ``pay`` (the context of what
    it pays for): the Hand of the King is offered first when ``seat`` holds it unused."""
    if not ask_hand_of_the_king(state, seat, amount, pay):
        ask_influence_cards(state, seat, amount, pay)


def ask_influence_cards(state: GameState, seat: int, amount: int, ctx: dict[str, Any]) -> None:
    """Ask ``seat`` to kneel cards providing ``amount`` influence, then pay (``ctx``); a
    House card with influence is offered first (kneeling it, like the Hand of the King)."""
    produced = house_influence(state, seat)
    if amount > 0 and produced:
        cards = sum(influence_available(state, seat).values())
        options = ["use", "decline"] if cards >= amount else ["use"]
        data = {"seat": seat, "amount": amount, "pay": ctx}
        ask_choose(state, seat, "house_card_influence", options, "house_card_influence", ctx=data)
        return
    _ask_cards(state, seat, amount, ctx)


@handler("house_card_influence")
def _house_card_influence(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat, amount, pay = ctx["seat"], ctx["amount"], ctx["pay"]
    if ctx["choice"] == "use":
        amount -= house_influence(state, seat)
        state.used.append(house_mark(seat))
        state.emit("house_knelt", seat=seat, reason="influence")
    if amount > 0:
        _ask_cards(state, seat, amount, pay)
    else:
        HANDLERS["influence_paid"](state, pay, [])


def _ask_cards(state: GameState, seat: int, amount: int, ctx: dict[str, Any]) -> None:
    weights = influence_available(state, seat)
    ask_select(
        state,
        seat,
        "influence",
        list(weights),
        "influence_paid",
        weights=weights,
        need=amount,
        low=1 if amount else 0,
        ctx=ctx,
    )


def ask_hand_of_the_king(state: GameState, seat: int, amount: int, pay: dict[str, Any]) -> bool:
    """Before ``seat`` kneels cards for ``amount`` influence, ask whether to use the Hand of
    the King; True when asked (the answer continues the payment with ``pay``). Only "use" is
    offered when the cards are not enough."""
    if amount <= 0 or not hand_influence(state, seat):
        return False
    cards = sum(influence_available(state, seat).values())
    options = ["use", "decline"] if cards >= amount else ["use"]
    ctx = {"seat": seat, "amount": amount, "pay": pay}
    ask_choose(state, seat, "hand_of_the_king", options, "hand_of_the_king", ctx=ctx)
    return True


@handler("hand_of_the_king")
def _hand_of_the_king(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat, amount, pay = ctx["seat"], ctx["amount"], ctx["pay"]
    if ctx["choice"] == "use":
        produced = hand_influence(state, seat)
        mark_used(state, seat, "hand_of_the_king", influence=produced)
        amount -= produced
    if amount > 0:
        ask_influence_cards(state, seat, amount, pay)
    else:
        HANDLERS["influence_paid"](state, pay, [])


# --- influence paying a marshalling cost -------------------------------------------------
# The passive flag query ``cost_as_influence`` (subject ``(seat, ref)``, base False): while
# True, ``seat`` may pay any amount of the gold cost of marshalling ``ref`` with influence
# instead ("During the marshalling phase, you may pay any amount of the gold cost of Army
# characters using influence instead": Plaza of Purification, soo_70). Each amount N is a
# variant of the marshal action, ``marshal:play:<card>=influence_N``; the influence is paid
# like any influence cost (:func:`ask_influence`: the Hand of the King, the House card, cards
# knelt) before the card is marshalled with the rest in gold (game.py).
COST_AS_INFLUENCE = "cost_as_influence"
INFLUENCE_CHOICE = "influence_"


def marshal_influence(choice: str | None) -> int:
    """The influence a marshal action's choice pays (``influence_N``), 0 for any other."""
    if not choice or not choice.startswith(INFLUENCE_CHOICE):
        return 0
    amount = choice[len(INFLUENCE_CHOICE) :]
    return int(amount) if amount.isdigit() else 0


def marshal_influence_choices(state: GameState, seat: int, refs: Sequence[str]) -> list[str]:
    """The ``influence_N`` choices with which ``seat`` may marshal ``refs`` (the card, and an
    attachment's host) now: none unless a card answers :data:`COST_AS_INFLUENCE`."""
    ref = refs[0] if refs else None
    if COST_AS_INFLUENCE not in live_queries(state) or ref not in state.cards:
        return []  # no card of this game lets influence pay a gold cost
    if not value(state, COST_AS_INFLUENCE, (seat, ref), False):
        return []
    host = refs[1] if len(refs) > 1 else None
    cost = gold_cost(state, seat, ref, host) or 0
    most = min(cost, total_influence(state, seat))
    return [
        f"{INFLUENCE_CHOICE}{n}"
        for n in range(1, most + 1)
        if check_marshal(state, seat, refs, influence=n) is None
    ]
