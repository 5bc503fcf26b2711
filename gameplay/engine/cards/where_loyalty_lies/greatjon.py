"""Where Loyalty Lies: Greatjon Umber (atoc_61)."""

from __future__ import annotations

from gameplay.engine import moves, titles
from gameplay.engine.abilities import KNEEL_SELF, Ability, Ctx, register
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
    challenge, source = state.challenge, ctx["source"]
    if challenge is None or challenge.get("winner") is not None:
        return False
    if challenge["attacker"] == ctx["seat"]:
        return False
    if source in challenge["attackers"] or source in challenge["defenders"]:
        return False
    if any(step["name"] == "ask_defenders" for step in state.queue):
        return False
    return any(step["name"] == "resolve_challenge" for step in state.queue)


def _greatjon(state: GameState, ctx: Ctx) -> None:
    challenge, source, seat = state.challenge, ctx["source"], ctx["seat"]
    if challenge is None or source not in state.in_play:
        return
    challenge["defenders"].append(source)
    state.emit("joined_challenge", card=source, seat=seat, side="defenders")
    if titles.supports(state, seat, challenge["defender"]):
        moves.card_power(state, source, 1, "ability")


register(
    "atoc_61",
    Ability(
        "action", _greatjon, phases=("challenges",), costs=(KNEEL_SELF,), condition=_greatjon_may
    ),
)
