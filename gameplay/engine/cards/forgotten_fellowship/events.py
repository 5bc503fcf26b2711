"""Forgotten Fellowship (kr_81 to kr_100): the four events that choose "any number of cards
with combined printed cost 3 or lower": Forced March (kr_82), Storming the Shore (kr_85),
Harry the Riverlands (kr_88) and Prepare for War (kr_91).

The cards are chosen one at a time as the event resolves (a prompt of one card, offered
again while some card still fits under what is left of the 3; ``done`` with none stops),
so the combined printed cost never goes over 3. Any player's cards may be chosen, the
event's player's own too; the cards the effect cannot change (a standing card for a
"stand") are not offered, and the event is playable only while one card can be chosen."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.abilities import Ability, Ctx, facts, handler, is_blank, is_character, register
from gameplay.engine.cards.forgotten_fellowship.common import printed_cost
from gameplay.engine.cards.vocabulary import choosable, event, kneel_card, stand_card
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

COMBINED_COST = 3  # "combined printed cost 3 or lower"

Kind = Callable[[GameState, str], bool]


def _knelt(state: GameState, ref: str) -> bool:
    return state.in_play[ref].knelt


def _standing(state: GameState, ref: str) -> bool:
    return not state.in_play[ref].knelt


def _character(state: GameState, ref: str) -> bool:
    return is_character(state, ref)


def _location(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "location"


def _influence(state: GameState, ref: str) -> bool:
    return not is_blank(state, ref) and (facts(state, ref).influence or 0) > 0


# What each event may choose: the kind of card, and which of them the effect changes
# ("either": Prepare for War kneels or stands them, chosen afterwards).
KINDS: dict[str, tuple[Kind, Kind | None]] = {
    "stand_characters": (_character, _knelt),
    "kneel_locations": (_location, _standing),
    "kneel_characters": (_character, _standing),
    "influence": (_influence, None),
}
OPERATIONS = {"stand_characters": "stand", "kneel_locations": "kneel", "kneel_characters": "kneel"}


def _candidates(state: GameState, ctx: Ctx) -> list[str]:
    kind, changed = KINDS[ctx["kind"]]
    left = COMBINED_COST - sum(printed_cost(state, r) for r in ctx.get("chosen", ()))
    return [
        r
        for r in state.in_play
        if r not in ctx.get("chosen", ())
        and kind(state, r)
        and (changed is None or changed(state, r))
        and printed_cost(state, r) <= left
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _ask(state: GameState, ctx: Ctx) -> None:
    found = _candidates(state, ctx)
    if found:
        ask_select(state, ctx["seat"], "combined_cost", found, "ff_combined", high=1, ctx=ctx)
    else:
        _finish(state, ctx)


def _finish(state: GameState, ctx: Ctx) -> None:
    chosen = [r for r in ctx.get("chosen", ()) if r in state.in_play]
    if not chosen:
        return
    operation = OPERATIONS.get(ctx["kind"])
    if operation is None:
        options = ["kneel", "stand"]
        ask_choose(state, ctx["seat"], "kneel_or_stand", options, "ff_kneel_or_stand", ctx=ctx)
        return
    _apply(state, chosen, operation)


def _apply(state: GameState, chosen: list[str], operation: str) -> None:
    for ref in chosen:
        (kneel_card if operation == "kneel" else stand_card)(state, ref)


@handler("ff_combined")
def _combined(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if not selected:
        _finish(state, ctx)
        return
    _ask(state, {**ctx, "chosen": [*ctx.get("chosen", ()), selected[0]]})


@handler("ff_kneel_or_stand")
def _kneel_or_stand(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in ctx.get("chosen", ()) if r in state.in_play]
    _apply(state, chosen, ctx["choice"])


def combined_event(kind: str) -> Ability:
    """The event ability choosing cards of ``kind`` (a key of :data:`KINDS`)."""

    def effect(state: GameState, ctx: Ctx) -> None:
        _ask(state, {"seat": ctx["seat"], "source": ctx["source"], "kind": kind, "chosen": []})

    def condition(state: GameState, ctx: Ctx) -> bool:
        return bool(_candidates(state, {**ctx, "kind": kind}))

    return event(effect, condition=condition)


# --- kr_82 Forced March: "House Baratheon only. Any Phase: Stand any number of characters
# with combined printed cost 3 or lower."
register("kr_82", combined_event("stand_characters"))

# --- kr_85 Storming the Shore: "House Greyjoy only. Any Phase: Choose and kneel any number
# of locations with combined printed cost 3 or lower."
register("kr_85", combined_event("kneel_locations"))

# --- kr_88 Harry the Riverlands: "House Lannister only. Any Phase: Kneel any number of
# characters with combined printed cost 3 or lower."
register("kr_88", combined_event("kneel_characters"))

# --- kr_91 Prepare for War: "House Martell only. Any Phase: Choose any number of influence
# providing cards with combined printed cost 3 or lower. Kneel all chosen cards or stand all
# chosen cards."  The cards (standing or knelt) are chosen first, then kneel or stand.
register("kr_91", combined_event("influence"))
