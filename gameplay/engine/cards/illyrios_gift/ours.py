"""Illyrio's Gift: Ours for the Taking (bwb_8), an event that copies a location's ability.

"House Greyjoy only. Any Phase: Choose 1 location that would kneel to trigger its effect.
Copy that ability (paying any additional costs), without kneeling the location."

Read as: any player's location in play (standing or kneeling, not blank) with an action
ability whose costs include kneeling the location itself. The copy is the event player's:
it must be usable now by that player as if it were theirs (its phase, its condition, a
legal target, its other costs payable), the location is not knelt and its limit is not
used. The other costs it may pay are gold and kneeling characters of one's own; an ability
that also discards, kills or removes its location, or asks influence or another cost, is
not copied (RULINGS). With several such abilities on the chosen location the player picks
one as the event resolves; then its target (if any), then its costs, then its effect, with
the location as its source.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    KNEEL_SELF,
    SCRIPTS,
    Ability,
    Ctx,
    as_acting,
    facts,
    gold_available,
    handler,
    is_blank,
    register,
)
from gameplay.engine.cards.vocabulary import event, in_play_of
from gameplay.engine.moves import knelt, spend_gold
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import kneel_candidates, legal_targets

# The costs a copy may pay besides the location's own kneeling.
COPY_COSTS = frozenset({"kneel_self", "gold", "kneel"})


def _ability(state: GameState, ref: str, index: int) -> Ability:
    return SCRIPTS[state.cards[ref].code].abilities[index]


def _usable_copy(state: GameState, ref: str, index: int, seat: int) -> bool:
    ability = _ability(state, ref, index)
    if ability.kind != "action" or "play" not in ability.zones or KNEEL_SELF not in ability.costs:
        return False
    if any(cost.kind not in COPY_COSTS for cost in ability.costs):
        return False
    if "any" not in ability.phases and state.phase not in ability.phases:
        return False
    gold = sum(c.amount for c in ability.costs if c.kind == "gold")
    if gold_available(state, seat) < gold:
        return False
    for cost in ability.costs:
        if cost.kind == "kneel" and len(kneel_candidates(state, seat, cost)) < cost.amount:
            return False
    ctx = _copy_ctx(ref, index, seat)
    if ability.condition is not None and not ability.condition(state, ctx):
        return False
    return ability.targets is None or bool(legal_targets(state, ability, ctx))


def _copy_ctx(ref: str, index: int, seat: int) -> dict[str, Any]:
    return {"seat": seat, "source": ref, "index": index, "event": {}, "target": None}


def copyable(state: GameState, ref: str, seat: int) -> list[int]:
    """The indexes of the abilities of location ``ref`` that ``seat`` may copy now."""
    if facts(state, ref).type != "location" or is_blank(state, ref):
        return []
    script = SCRIPTS.get(state.cards[ref].code)
    if script is None:
        return []
    return [i for i in range(len(script.abilities)) if _usable_copy(state, ref, i, seat)]


def _locations(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in in_play_of(state, "location") if copyable(state, r, ctx["seat"])]


def _ours(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["target"], ctx["seat"]
    if ref not in state.in_play:
        return
    found = copyable(state, ref, seat)
    data = {"seat": seat, "source": ctx["source"], "location": ref}
    if len(found) == 1:
        _ours_ability(state, {**data, "choice": str(found[0])}, [])
    elif found:
        options = [str(i) for i in found]
        ask_choose(state, seat, "copy_ability", options, "bwb_ours_ability", ctx=data)


@handler("bwb_ours_ability")
def _ours_ability(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref, seat, index = ctx["location"], ctx["seat"], int(ctx["choice"])
    if ref not in state.in_play or not _usable_copy(state, ref, index, seat):
        return
    ability = _ability(state, ref, index)
    data = {**ctx, "index": index}
    if ability.targets is None:
        _ours_target(state, data, [])
        return
    found = legal_targets(state, ability, _copy_ctx(ref, index, seat))
    ask_select(state, seat, "copy_target", found, "bwb_ours_target", low=1, high=1, ctx=data)


@handler("bwb_ours_target")
def _ours_target(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref, seat, index = ctx["location"], ctx["seat"], ctx["index"]
    if ref not in state.in_play:
        return
    ability = _ability(state, ref, index)
    data = {**ctx, "target": selected[0] if selected else None}
    gold = sum(c.amount for c in ability.costs if c.kind == "gold")
    if gold:
        spend_gold(state, seat, gold, "ability")
    kneel = next((c for c in ability.costs if c.kind == "kneel"), None)
    if kneel is None:
        _ours_resolve(state, data, [])
        return
    found = kneel_candidates(state, seat, kneel)
    amount = kneel.amount
    ask_select(
        state, seat, "kneel_cost", found, "bwb_ours_knelt", low=amount, high=amount, ctx=data
    )


@handler("bwb_ours_knelt")
def _ours_knelt(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        state.in_play[ref].knelt = True
    state.emit("knelt_for_cost", seat=ctx["seat"], cards=list(selected))
    knelt(state, list(selected), "cost")
    _ours_resolve(state, {**ctx, "knelt": list(selected)}, selected)


def _ours_resolve(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref, seat, index = ctx["location"], ctx["seat"], ctx["index"]
    if ref not in state.in_play:
        return
    ability = _ability(state, ref, index)
    copy = {**_copy_ctx(ref, index, seat), "target": ctx.get("target")}
    if "knelt" in ctx:
        copy["knelt"] = ctx["knelt"]
    state.emit("ability_copied", seat=seat, card=ref, code=state.code(ref), source=ctx["source"])
    as_acting(state, seat, ability.effect, state, copy)


register("bwb_8", event(_ours, targets=_locations))
