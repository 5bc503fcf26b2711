"""Where Loyalty Lies: Greatjon Umber (atoc_61)."""

from __future__ import annotations

from gameplay.engine import moves, titles
from gameplay.engine.abilities import KNEEL_SELF, Ability, Ctx, register
from gameplay.engine.cards.vocabulary import join_as_defender, may_join_as_defender
from gameplay.engine.state import GameState

# --- atoc_61 Greatjon Umber ------------------------------------------------------------------
# "Melee. Challenges: Kneel Greatjon Umber to have him participate in the current challenge
# as a defender. Then, if your Title supports the defending player's Title, Greatjon Umber
# claims 1 power."  Usable once the defenders are declared and before the challenge
# resolves, in a challenge his controller did not initiate (against him or, in melee,
# against another player); kneeling him is the cost; he joins the defending side whatever
# his icons (the text makes him participate; he is not declared). The power: only while
# his controller's Title supports the defending player's Title (melee; never in a joust).


def _greatjon_may(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    return (
        challenge is not None
        and challenge["attacker"] != ctx["seat"]
        and may_join_as_defender(state, ctx["source"])
    )


def _greatjon(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if not join_as_defender(state, source, seat):
        return
    assert state.challenge is not None
    if titles.supports(state, seat, state.challenge["defender"]):
        moves.card_power(state, source, 1, "ability")


register(
    "atoc_61",
    Ability(
        "action", _greatjon, phases=("challenges",), costs=(KNEEL_SELF,), condition=_greatjon_may
    ),
)
