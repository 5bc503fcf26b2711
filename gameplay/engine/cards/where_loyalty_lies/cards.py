"""Where Loyalty Lies (atoc_61-80): card scripts, registered by card code."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, controller, facts, register, traits
from gameplay.engine.cards.vocabulary import killed_for_military_claim
from gameplay.engine.state import GameState

# --- atoc_62 Rickard Karstark -------------------------------------------------------------
# "Rickard Karstark does not kneel to attack during [Military] challenges. If you are not
# running an agenda, Rickard Karstark gains: 'Response: After 1 or more of an opponent's
# characters are killed for [Military] claim, Rickard Karstark claims 1 power.'"  The gained
# response is read from play (he need not participate); "not running an agenda": his
# controller has no agenda card.


def _rickard_kneel(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if subject == source and challenge is not None and challenge["type"] == "military":
        return False
    return base


def _rickard_gains(state: GameState, ctx: Ctx) -> bool:
    seat = controller(state, ctx["source"])
    return state.players[seat].agenda is None and killed_for_military_claim(state, ctx)


def _rickard_power(state: GameState, ctx: Ctx) -> None:
    moves.card_power(state, ctx["source"], 1, "ability")


register(
    "atoc_62",
    Ability("response", _rickard_power, trigger="killed", condition=_rickard_gains),
    passives={"kneel_to_attack": _rickard_kneel},
)


# --- atoc_63 Ser Gregor Clegane ------------------------------------------------------------
# "Joust. While Ser Gregor Clegane is attacking, characters cannot be saved."  Any character
# (either side's), for as long as he is an attacker in the current challenge.


def _gregor_unsavable(state: GameState, source: str, ref: Any, base: bool) -> bool:
    challenge = state.challenge
    if challenge is None or source not in challenge.get("attackers", ()):
        return base
    if isinstance(ref, str) and ref in state.cards and facts(state, ref).type == "character":
        return False
    return base


register("atoc_63", passives={"can_be_saved": _gregor_unsavable})


# --- atoc_70 Asha Greyjoy ------------------------------------------------------------------
# "Renown. House Greyjoy only. Asha Greyjoy does not kneel to attack an opponent with 3 or
# more non-character cards in his or her discard pile."  Read as the attackers are declared:
# the defending player's discard pile then holds 3 or more cards that are not characters.

ASHA_PILE = 3


def _asha_kneel(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if subject != source or challenge is None:
        return base
    pile = state.players[challenge["defender"]].discard
    if sum(1 for r in pile if facts(state, r).type != "character") >= ASHA_PILE:
        return False
    return base


register("atoc_70", passives={"kneel_to_attack": _asha_kneel})


# --- atoc_75 Quentyn's Guard ---------------------------------------------------------------
# "Deadly. Stealth. Reduce the cost to play Quentyn's Guard by 1 for each opponent you have."
# Its own text in the hand (``own_cost``): 1 less per opponent in the game.


def _quentyn_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    return cost - len(state.opponents(seat))


register("atoc_75", passives={"own_cost": _quentyn_cost})


# --- atoc_80 You Swore an Oath -------------------------------------------------------------
# "Knight characters gain joust and do not kneel to defend."  Every Knight character in
# play (each player's) while the plot is revealed.


def _knight(state: GameState, ref: Any) -> bool:
    return (
        isinstance(ref, str)
        and ref in state.in_play
        and facts(state, ref).type == "character"
        and "Knight" in traits(state, ref)
    )


def _oath_keywords(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    return base | {"joust"} if _knight(state, ref) else base


def _oath_kneel(state: GameState, source: str, ref: Any, base: bool) -> bool:
    return False if _knight(state, ref) else base


register("atoc_80", passives={"keywords": _oath_keywords, "kneel_to_defend": _oath_kneel})
