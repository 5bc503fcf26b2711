"""Queen of Dragons events, registered by card code (see abilities.register)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    SCRIPTS,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    facts,
    handler,
    participating,
    register,
    season,
)
from gameplay.engine.cards.queen_of_dragons.common import (
    DRAGON,
    TARGARYEN,
    characters,
    event,
    of_type,
)
from gameplay.engine.cards.vocabulary import choosable, has_trait, pile_to_hand
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import initiative, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel
from gameplay.engine.windows import put_into_play

# --- qod_36 Ambush from the Plains ---------------------------------------------------------
# "Challenges: Put a Targaryen character into play from your hand or discard pile with
# printed cost lower than your total initiative. At the end of the phase, if that character
# is still in play, return that character to its owner's hand."


def _plains_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    player, most = state.players[seat], initiative(state, seat)
    return [
        r
        for r in [*player.hand, *player.discard]
        if facts(state, r).type == "character"
        and TARGARYEN in facts(state, r).houses
        and (facts(state, r).cost or 0) < most
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _plains(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["target"]
    player = state.players[seat]
    if ref not in player.hand and ref not in player.discard:
        return
    put_into_play(state, seat, ref)
    add_delayed(state, "phase_ends", seat, "qod_back_to_hand", ctx["source"], "phase", card=ref)


register("qod_36", event(_plains, phases=("challenges",), targets=_plains_targets))


# --- qod_37 Field of Fire ------------------------------------------------------------------
# "House Targaryen only.
# Challenges: If it is Summer, kneel 2 influence to choose all participating, non-Dragon
# characters. Until the end of the phase, each of those characters gets -2 STR and is killed
# if its STR is 0."

FIELD_STR = -2


def _field_may(state: GameState, ctx: Ctx) -> bool:
    return state.challenge is not None and season(state) == "summer"


def _field(state: GameState, ctx: Ctx) -> None:
    for ref in characters(state):
        if (
            participating(state, ref)
            and not has_trait(state, ref, DRAGON)
            and choosable(state, ref, ctx["source"], ctx["seat"])
        ):
            add_lasting(state, "strength", ref, "phase", ctx["source"], amount=FIELD_STR)
            add_lasting(state, "dies_at_zero", ref, "phase", ctx["source"], value=True)


register(
    "qod_37",
    event(_field, phases=("challenges",), costs=(Cost("influence", 2),), condition=_field_may),
)


# --- qod_38 Maegi's Promise ----------------------------------------------------------------
# "Dominance: Kneel 1 influence to return a Targaryen character from your dead pile to your
# hand."


def _dead_targaryens(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].dead
        if facts(state, r).type == "character" and TARGARYEN in facts(state, r).houses
    ]


register(
    "qod_38",
    event(
        lambda state, ctx: pile_to_hand(state, ctx["seat"], ctx["target"], "dead"),
        phases=("dominance",),
        costs=(Cost("influence", 1),),
        targets=_dead_targaryens,
    ),
)


# --- qod_44 Dissension ---------------------------------------------------------------------
# "Marshalling: Choose and discard from play 1 Ally or Mercenary character, or up to 2
# Refugee characters." The mode is chosen with the action (two uses); the discards can be
# saved.


def _allies(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if has_trait(state, r, "Ally") or has_trait(state, r, "Mercenary")
    ]


def _refugees(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if has_trait(state, r, "Refugee") and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _discard_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


def _refugees_chosen(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    found = _refugees(state, ctx)
    ask_select(state, ctx["seat"], "discard", found, "qod_dissension", low=1, high=2, ctx=data)


@handler("qod_dissension")
def _dissension(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        moves.discard(state, found)


register(
    "qod_44",
    event(
        _discard_target,
        phases=("marshalling",),
        targets=_allies,
        label="Marshalling: Choose and discard from play 1 Ally or Mercenary character.",
    ),
    event(
        _refugees_chosen,
        phases=("marshalling",),
        condition=lambda state, ctx: bool(_refugees(state, ctx)),
        label="Marshalling: Choose and discard from play up to 2 Refugee characters.",
    ),
)


# --- qod_45 Favorable Ground ---------------------------------------------------------------
# "Dominance: kneel 3 influence to discard all non-Limited locations from play." The
# discards can be saved; the influence is knelt first, so a non-Limited location that paid
# it is discarded too.


def _favorable_ground(state: GameState, ctx: Ctx) -> None:
    found = [r for r in of_type(state, "location") if not facts(state, r).limited]
    if found:
        moves.discard(state, found)


register(
    "qod_45",
    event(_favorable_ground, phases=("dominance",), costs=(Cost("influence", 3),)),
)


# --- qod_46 Paper Shield -------------------------------------------------------------------
# "Response: Cancel the effects of an event card just played that does not have a gold or
# an influence cost." An event whose ability has no gold and no influence cost (the
# engine's ``ability`` window for an event played from the hand).


def _paper_shield_may(state: GameState, ctx: Ctx) -> bool:
    source = ctx["event"].get("source")
    if source is None or source == ctx["source"] or facts(state, source).type != "event":
        return False
    for step in state.queue:
        if step["name"] == "resolve_ability" and step["ctx"]["source"] == source:
            script = SCRIPTS[state.code(source)]
            ability = script.abilities[step["ctx"]["index"]]
            return not any(c.kind in ("gold", "influence") for c in ability.costs)
    return False


register(
    "qod_46",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        zones=("hand",),
        condition=_paper_shield_may,
    ),
)
