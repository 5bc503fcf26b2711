"""Here to Serve: Maester's Tower (soo_106), which copies a triggered effect once it has
resolved (the engine's ``ability_resolved`` trigger, uses.py). Handler names start with
``hts_``."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    SCRIPTS,
    Ability,
    Cost,
    Ctx,
    crests,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import is_type
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import ABILITY_RESOLVED, legal_targets

# --- soo_106 Maester's Tower ---------------------------------------------------------------
# "Response: Kneel a Learned character to copy a triggered effect that returns a character from
# your discard or dead pile to your hand, deck, shadows area, or play."  After a triggered
# ability the Tower's controller used (an action, a response, an event; not a plot's "when
# revealed" nor a forced effect) has resolved and returned at least one character from that
# player's discard or dead pile ("your") to hand, deck, Shadows or play (the engine's
# ``ability_resolved`` trigger), the Tower's controller kneels a standing Learned character
# they control (the crest) and the same effect resolves again as theirs: its costs are not
# paid again, its condition is not asked again, and a target is chosen anew among those the
# ability allows now (none: the copy does nothing); an effect that chooses as it resolves
# chooses anew. A copy is not copied again. The ability is its text's, from the card's script.

TOWER = "soo_106"


def _learned(state: GameState, ref: str) -> bool:
    return is_type(state, ref, "character") and "learned" in crests(state, ref)


def _copied(event: dict[str, Any]) -> Ability | None:
    script = SCRIPTS.get(event["code"])
    if script is None or event["index"] >= len(script.abilities):
        return None
    return script.abilities[event["index"]]


def _tower_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    mine = any(owner == ctx["seat"] for owner in event["owners"])
    return mine and event["seat"] == ctx["seat"] and event["code"] != TOWER and bool(_copied(event))


def _copy_ctx(ctx: Ctx) -> dict[str, Any]:
    event = ctx["event"]
    copy = {k: v for k, v in event["ctx"].items() if k != "target"}
    return {**copy, "seat": ctx["seat"], "copied_by": ctx["source"]}


def _tower(state: GameState, ctx: Ctx) -> None:
    ability = _copied(ctx["event"])
    if ability is None:
        return
    copy = _copy_ctx(ctx)
    if ability.targets is None:
        ability.effect(state, copy)
        return
    found = legal_targets(state, ability, copy) if copy["source"] in state.cards else []
    data = {"copy": copy, "code": ctx["event"]["code"], "index": ctx["event"]["index"]}
    ask_select(
        state, ctx["seat"], "copy_target", found, "hts_tower_target", low=1, high=1, ctx=data
    )


@handler("hts_tower_target")
def _tower_target(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    ability = _copied(ctx)
    if ability is None or not selected:
        return
    ability.effect(state, {**ctx["copy"], "target": selected[0]})


register(
    TOWER,
    Ability(
        "response",
        _tower,
        trigger=ABILITY_RESOLVED,
        costs=(Cost("kneel", 1, _learned, "Learned character"),),
        condition=_tower_may,
    ),
)
