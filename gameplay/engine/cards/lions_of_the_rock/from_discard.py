"""Lions of the Rock: Crawn Son of Calor (lotr_19), who lets a Clansman card be played from
the discard pile as if from the hand (gameplay/engine/from_pile.py)."""

from __future__ import annotations

from gameplay.engine import from_pile
from gameplay.engine.abilities import KNEEL_SELF, Ability, Ctx, facts, register
from gameplay.engine.state import GameState

CRAWN = "lotr_19"

# --- lotr_19 Crawn Son of Calor: "Marshalling: Kneel Crawn Son of Calor to choose 1 Clansman
# card in your discard pile. You may play that card as your next action as if it were in
# your hand."
# The chosen card (printed Clansman trait, any type) may be marshalled (in the marshalling
# turn, paying its cost) or played (an event) as the seat's next action this phase; any
# other action of that seat ends the grant (a pass does not), and so does the phase's end.


def _clansmen(state: GameState, ctx: Ctx) -> list[str]:
    pile = state.players[ctx["seat"]].discard
    return [r for r in pile if "Clansman" in facts(state, r).traits]


def _crawn(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.players[ctx["seat"]].discard:
        from_pile.add_grant(state, ctx["seat"], target, ctx["source"], next_action=True)


register(
    CRAWN,
    Ability("action", _crawn, phases=("marshalling",), costs=(KNEEL_SELF,), targets=_clansmen),
)
