"""Gates of the Citadel: Lucas Blackwood (soo_1)."""

from __future__ import annotations

from gameplay.engine.abilities import Ability, Ctx, register
from gameplay.engine.cards.vocabulary import grant_challenge
from gameplay.engine.state import GameState

# --- soo_1 Lucas Blackwood ------------------------------------------------------------------
# "Response: After Lucas Blackwood is killed, you may initiate a Military challenge against
# an opponent of your choice as your next player action this phase."
# Read: used from the dead pile by his owner, in any phase. The grant
# (vocabulary.grant_challenge) lets that player initiate a Military challenge in any action
# window of the same phase in which no challenge is being resolved, outside the challenges
# turn order and outside the challenges phase too; it is not one of the player's challenges
# of the phase. It lapses at the end of the phase, and as soon as the player takes another
# action in an action window (a pass does not end it).


def _lucas_killed(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _lucas(state: GameState, ctx: Ctx) -> None:
    grant_challenge(state, ctx["seat"], "military", ctx["source"])


register(
    "soo_1",
    Ability("response", _lucas, trigger="killed", zones=("dead",), condition=_lucas_killed),
)
