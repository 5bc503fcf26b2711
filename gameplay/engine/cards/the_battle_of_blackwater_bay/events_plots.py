"""The Battle of Blackwater Bay: the events and the plot (kl_109, kl_116, kl_119, kl_120)."""

from __future__ import annotations

from gameplay.engine import cancels, epic, moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_lasting,
    allowed,
    effect,
    facts,
    handler,
    is_character,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import choosable, event, has_trait, pile_to_hand
from gameplay.engine.leaving import unsave
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- kl_109 Drinking the Sea -------------------------------------------------------------
# "House Greyjoy only. Response: Cancel an effect that would save a card from being killed
# or discarded from play. Then, draw a card."  A cancel (trigger ``ability``) of a card
# ability answering ``would_be_killed`` or ``would_be_discarded`` (a save: Ser Davos,
# Lightbringer, Risen from the Sea ...), anyone's, from the hand; the card it would have
# saved then leaves play. A duplicate's save is a triggered Response too (rulebook,
# "Duplicates"): it is cancelled in the window ``saved_by_duplicate`` that follows it (the
# duplicate stays discarded; leaving.unsave). The draw is an effect draw (the draw cap
# applies).

SAVE_TRIGGERS = ("would_be_killed", "would_be_discarded")


def _save_pending(state: GameState, ctx: Ctx) -> bool:
    ability = cancels.pending_ability(state)
    return (
        cancels.can_be_cancelled(state)
        and ability is not None
        and ability.kind in ("save", "response")
        and ability.trigger in SAVE_TRIGGERS
    )


def _drink(state: GameState, ctx: Ctx) -> None:
    cancel(state)
    moves.effect_draw(state, ctx["seat"], 1)


def _saved_by_duplicates(state: GameState, ctx: Ctx) -> list[str]:
    if ctx["event"].get("how") not in ("kill", "discard"):
        return []
    cards = ctx["event"].get("cards", ())
    return [r for r in cards if r in state.in_play and moves.saved(state, r)]


def _drink_duplicate(state: GameState, ctx: Ctx) -> None:
    unsave(state, ctx["target"])
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "kl_109",
    Ability("cancel", _drink, trigger="ability", zones=("hand",), condition=_save_pending),
    Ability(
        "response",
        _drink_duplicate,
        trigger="saved_by_duplicate",
        zones=("hand",),
        targets=_saved_by_duplicates,
    ),
)

# --- kl_116 Rumors of War ----------------------------------------------------------------
# "House Martell only. Any Phase: Choose a character. Until the end of the phase, that
# character gains a Military icon, a War crest, and +3 STR."  Any player's character.

RUMORS_STR = 3


def _characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.in_play if is_character(state, r)]


def _rumors(state: GameState, ctx: Ctx) -> None:
    ref, source = ctx["target"], ctx["source"]
    if ref not in state.in_play:
        return
    add_lasting(state, "icons", ref, "phase", source, add=["military"])
    add_lasting(state, "crests", ref, "phase", source, add=["war"])
    add_lasting(state, "strength", ref, "phase", source, amount=RUMORS_STR)


register("kl_116", event(_rumors, targets=_characters))

# --- kl_119 Battle of the Bay ------------------------------------------------------------
# "Plot: After the dominance phase this round, there is an epic phase during which each
# player may initiate a single Military challenge. In addition to the normal claim effect,
# the winner of each challenge chooses and returns a King's Landing location from his or
# her discard pile to his or her hand, if able. (...)"  The epic phase of epic.py; the
# reward is not optional ("if able"): a location with the King's Landing trait.


@effect("kl_epic_battle_of_the_bay")
def _bay_reward(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = [
        r
        for r in state.players[seat].discard
        if facts(state, r).type == "location" and has_trait(state, r, "King's Landing")
    ]
    if found:
        data = {"seat": seat}
        ask_select(state, seat, "return_to_hand", found, "kl_bay_return", low=1, high=1, ctx=data)


@handler("kl_bay_return")
def _bay_return(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        pile_to_hand(state, ctx["seat"], ref, "discard")


register("kl_119", epic.epic_battle_event(("military",), reward="kl_epic_battle_of_the_bay"))

# --- kl_120 City of Soldiers -------------------------------------------------------------
# "When revealed, choose and kill a character with STR X or lower. X is the number of City
# plot cards in your used pile."  City of Soldiers itself is revealed, not yet in the used
# pile. Any player's character (its STR now) that can be killed; the kill may be saved.


def _city_of_soldiers(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    player = state.players[seat]
    x = sum(1 for r in player.used_plots if has_trait(state, r, "City"))
    found = [
        r
        for r in state.in_play
        if is_character(state, r)
        and strength(state, r) <= x
        and allowed(state, "can_be_killed", r)
        and choosable(state, r, source, seat)
    ]
    if found:
        data = {"seat": seat}
        ask_select(state, seat, "kill", found, "kl_soldiers_kill", low=1, high=1, ctx=data)


@handler("kl_soldiers_kill")
def _soldiers_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.kill(state, [r for r in selected if r in state.in_play])


register("kl_120", when_revealed=_city_of_soldiers)
