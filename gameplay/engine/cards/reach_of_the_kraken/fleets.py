"""Reach of the Kraken (asots_1 to asots_20): the Fleets (asots_3, 5, 8, 11, 16) and Lady
Nym's Guard (asots_13): "Lower the cost to play X by 3 if any opponent is running an agenda"
and the Fleets' "After X is declared as a [Naval] attacker" response."""

from __future__ import annotations

from gameplay.engine import cancels
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    agenda_of,
    controller,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import has_trait, stand_card
from gameplay.engine.cards.vocabulary.naval import naval_attacker
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

AGENDA_DISCOUNT = 3


def _opponent_agenda(state: GameState, card: str, seat: int, cost: int) -> int:
    """The ``own_cost`` passive: 3 less while some opponent of ``seat`` runs an agenda."""
    if any(agenda_of(state, other) for other in state.opponents(seat)):
        return cost - AGENDA_DISCOUNT
    return cost


# --- asots_3 Fleet from The Arbor, asots_5 Fleet from Pyke, asots_8 Fleet from Lys,
# asots_11 Fleet from Wolf's Den, asots_16 Fleet from Volantis --------------------------------
# "Lower the cost to play X by 3 if any opponent is running an agenda. Response: After X is
# declared as a [Naval] attacker, choose another attacking character you control. Stand and
# remove that character from the challenge."  The response answers ``attackers_declared``
# when the Fleet is among the declared attackers with a [Naval] enhancement on the icon of
# the challenge's type (vocabulary.naval); the character chosen is another attacker its
# controller controls (knelt or standing).


def _naval_declared(state: GameState, ctx: Ctx) -> bool:
    event, source = ctx["event"], ctx["source"]
    return (
        source in event.get("cards", ())
        and event.get("seat") == ctx["seat"]
        and naval_attacker(state, source, event.get("type", ""))
    )


def _other_attackers(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in challenge["attackers"]
        if r != ctx["source"] and r in state.in_play and controller(state, r) == ctx["seat"]
    ]


def _stand_and_remove(state: GameState, ctx: Ctx) -> None:
    target, challenge = ctx["target"], state.challenge
    if target not in state.in_play:
        return
    stand_card(state, target)
    if challenge is not None and target in challenge["attackers"]:
        challenge["attackers"].remove(target)
        state.emit("removed_from_challenge", cards=[target], side="attackers", card=ctx["source"])


FLEETS = ("asots_3", "asots_5", "asots_8", "asots_11", "asots_16")

for _fleet in FLEETS:
    register(
        _fleet,
        Ability(
            "response",
            _stand_and_remove,
            trigger="attackers_declared",
            condition=_naval_declared,
            targets=_other_attackers,
        ),
        passives={"own_cost": _opponent_agenda},
    )


# --- asots_13 Lady Nym's Guard ---------------------------------------------------------------
# "Lower the cost to play Lady Nym's Guard by 3 if any opponent is running an agenda.
# Response: Discard a card from your hand to cancel a card effect just triggered that chooses
# 1 of your Sand Snake characters as the only target."  A cancel (trigger ``ability``) of
# any card's triggered ability whose one chosen target is a Sand Snake character its
# controller (the Guard's) controls; the engine's abilities choose one target at most, so
# that target is the only one. The Guard must be in play.


def _sand_snake_targeted(state: GameState, ctx: Ctx) -> bool:
    if cancels.source(state) is None or not cancels.can_be_cancelled(state):
        return False
    chosen = cancels.targets(state)
    return len(chosen) == 1 and any(
        r in state.in_play
        and is_character(state, r)
        and controller(state, r) == ctx["seat"]
        and has_trait(state, r, "Sand Snake")
        for r in chosen
    )


def _cancel(state: GameState, ctx: Ctx) -> None:
    cancel(state)


register(
    "asots_13",
    Ability(
        "cancel",
        _cancel,
        trigger="ability",
        condition=_sand_snake_targeted,
        costs=(Cost("discard_hand", 1),),
    ),
    passives={"own_cost": _opponent_agenda},
)
