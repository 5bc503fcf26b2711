"""Chasing Dragons: the Greyjoy cards (btns_47 to btns_51)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_lasting,
    controller,
    effect,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    alone_claim_instead,
    cheaper_per_unique,
    first_challenge,
    has_trait,
    in_play_of,
    pile_to_hand,
    won_unopposed,
    won_with,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- btns_47 Follower of Two Gods -----------------------------------------------------------
# "If Follower of Two Gods would be killed, instead put it on the bottom of your deck.
# Response: After you win an unopposed challenge, Follower of Two Gods gains a [Power] icon
# until the end of the phase."  The ``kill_instead`` passive (leaving.leave_now, after the
# saves): it leaves play to the bottom of its owner's deck and is not killed.


def _to_bottom(state: GameState, source: str, subject: Any, base: Any) -> Any:
    return "deck_bottom" if subject == source else base


def _gain_power_icon(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        add_lasting(state, "icons", ctx["source"], "phase", ctx["source"], add=["power"])


register(
    "btns_47",
    Ability("response", _gain_power_icon, trigger="challenge_won", condition=won_unopposed),
    passives={"kill_instead": _to_bottom},
)

# --- btns_48 Thrall -------------------------------------------------------------------------
# "Dominance: Return Thrall from your dead pile to your hand. Use this ability only if there
# are at least 3 characters in your dead pile."  An action of the dominance phase used from
# its owner's dead pile; Thrall counts among the 3.


def _three_dead(state: GameState, ctx: Ctx) -> bool:
    dead = state.players[ctx["seat"]].dead
    return sum(1 for r in dead if facts(state, r).type == "character") >= 3


def _thrall(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["source"], "dead")


register(
    "btns_48",
    Ability("action", _thrall, phases=("dominance",), zones=("dead",), condition=_three_dead),
)

# --- btns_49 Iron Fleet Captain -------------------------------------------------------------
# "Stealth. Response: After you win an unopposed challenge in which Iron Fleet Captain
# participated, it claims 1 power."


def _captain_condition(state: GameState, ctx: Ctx) -> bool:
    return won_unopposed(state, ctx) and won_with("self")(state, ctx)


def _captain(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "btns_iron_fleet_captain")


register(
    "btns_49",
    Ability("response", _captain, trigger="challenge_won", condition=_captain_condition),
)

# --- btns_50 Victarion's Reavers ------------------------------------------------------------
# "No attachments. Lower the cost to play Victarion's Reavers by 1 for each unique [Greyjoy]
# character you control. If you win a challenge in which Victarion's Reavers attacked
# alone, instead of the normal claim effects, the losing player chooses and discards X
# locations he or she controls from play. X is the printed claim on your revealed plot
# card."  The cost is its own text in the hand (``own_cost``). The claim is replaced through
# the ``claim_instead`` passive (as the Warhorses): any challenge type, the Reavers the only
# declared attacker; the discard can be saved. A claim of 0 has no claim effect to replace.


_unique_greyjoy = cheaper_per_unique("Greyjoy")


_reavers_instead = alone_claim_instead("btns_reavers")


@effect("btns_reavers")
def _reavers(state: GameState, data: Ctx) -> None:
    seat, loser = data["seat"], data["target"]
    plot = state.players[seat].revealed_plot
    count = (facts(state, plot).claim or 0) if plot else 0
    found = in_play_of(state, "location", loser)
    if count <= 0 or not found:
        return
    amount = min(count, len(found))
    ask_select(state, loser, "discard", found, "btns_reavers_discard", low=amount, high=amount)


@handler("btns_reavers_discard")
def _reavers_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        moves.discard(state, found)


register(
    "btns_50",
    passives={"own_cost": _unique_greyjoy, "claim_instead": _reavers_instead},
)

# --- btns_51 Longship Grief -----------------------------------------------------------------
# "Raider and Captain characters you control do not kneel to attack or defend during the
# first challenge initiated each round."  The ``kneel_to_attack`` / ``kneel_to_defend``
# permissions of its controller's Raider and Captain characters while the challenge being
# declared is the round's first (the epic phase's challenges count: first_challenge).


def _grief(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if (
        not base
        or not isinstance(subject, str)
        or subject not in state.in_play
        or controller(state, subject) != controller(state, source)
        or not is_character(state, subject)
    ):
        return base
    if not (has_trait(state, subject, "Raider") or has_trait(state, subject, "Captain")):
        return base
    return not first_challenge(state)


register("btns_51", passives={"kneel_to_attack": _grief, "kneel_to_defend": _grief})
