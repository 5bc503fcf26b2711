"""Kings of the Storm cards that use Shadows (uses.py, "Shadows")."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import KNEEL_SELF, Ability, Ctx, attached_to, register, traits
from gameplay.engine.state import GameState
from gameplay.engine.uses import discard_from_shadows, has_shadow_crest, return_to_shadows

# --- kotst_12 Sister of Truth ----------------------------------------------------------------
# "Response: After Sister of Truth comes out of Shadows, choose 1 Shadow card in play. Return
# that card to Shadows."

register(
    "kotst_12",
    Ability(
        "response",
        lambda state, ctx: return_to_shadows(state, ctx["target"]),
        trigger="came_out_of_shadows",
        condition=lambda state, ctx: ctx["event"].get("card") == ctx["source"],
        targets=lambda state, ctx: [r for r in state.in_play if has_shadow_crest(state, r)],
    ),
)

# --- kotst_9 Maester Pylos ---------------------------------------------------------------------
# "Response: After you win an Intrigue challenge in which Maester Pylos attacked alone, discard
# (at random) 1 card in Shadows controlled by the losing opponent."


def _pylos_condition(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    loser = event.get("loser")
    return (
        event.get("type") == "intrigue"
        and event.get("winner") == ctx["seat"]
        and event.get("attacker") == ctx["seat"]
        and list(event.get("attackers") or ()) == [ctx["source"]]
        and loser is not None
        and bool(state.players[loser].shadows)
    )


def _pylos(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"]["loser"]
    shadows = state.players[loser].shadows
    if shadows:
        discard_from_shadows(state, shadows[state.random_below(len(shadows))], random=True)


register(
    "kotst_9",
    Ability("response", _pylos, trigger="challenge_won", condition=_pylos_condition),
)

# --- kotst_49 The King's Law -------------------------------------------------------------------
# "At the end of the marshalling phase, discard all cards in Shadows."


def _kings_law(state: GameState, ctx: Ctx) -> None:
    for player in state.players:
        for ref in list(player.shadows):
            discard_from_shadows(state, ref)


register("kotst_49", forced={"marshalling_ends": _kings_law})


# --- kotst_21 Ruby of R'hllor ------------------------------------------------------------------
# "Asshai character only. Vigilant. Attached character is immune to opponent's events.
# Response: After a card is discarded from an opponent's hand, kneel Ruby of R'hllor to draw
# 1 card." (Kept here with the hand-discard trigger it needs: moves.discard_from_hand.)

RUBY_IMMUNITY = "Immune to opponent's events"


def _ruby_immune(state: GameState, source: str, subject: str, base: set[str]) -> set[str]:
    return base | {RUBY_IMMUNITY} if subject == attached_to(state, source) else base


def _ruby_draw(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


def _ruby_condition(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") in state.opponents(ctx["seat"])


register(
    "kotst_21",
    Ability(
        "response",
        _ruby_draw,
        trigger="discarded_from_hand",
        costs=(KNEEL_SELF,),
        condition=_ruby_condition,
    ),
    passives={"immune": _ruby_immune},
    attach_rule=lambda state, code, target, seat: "Asshai" in traits(state, target),
)
