"""Epic Battles characters (acoa_61 to acoa_75)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    facts,
    register,
    traits,
)
from gameplay.engine.cards.epic_battles.common import draw_if_epic
from gameplay.engine.cards.vocabulary import characters_of, of_house
from gameplay.engine.state import GameState, shuffle_zone

# --- acoa_61 Dacey Mormont ----------------------------------------------------------------
# "While there is at least 1 Military Battle plot card revealed, Dacey Mormont gains an
# Intrigue icon and does not kneel to defend." Military Battle is a plot trait.


def _battle_revealed(state: GameState) -> bool:
    return any(
        p.revealed_plot and "Military Battle" in traits(state, p.revealed_plot)
        for p in state.players
    )


def _dacey_icons(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and _battle_revealed(state):
        return base | {"intrigue"}
    return base


def _dacey_kneel(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source and _battle_revealed(state) else base


register("acoa_61", passives={"icons": _dacey_icons, "kneel_to_defend": _dacey_kneel})


# --- acoa_62 Salladhor Saan ---------------------------------------------------------------
# "At the end of the standing phase, the player who controls the most standing characters
# claims 2 power for his or her House." Nobody on a tie for the most.


def _salladhor(state: GameState, ctx: Ctx) -> None:
    counts = {
        p.seat: sum(1 for r in characters_of(state, p.seat) if not state.in_play[r].knelt)
        for p in state.players
    }
    best = max(counts.values())
    leaders = [s for s, n in counts.items() if n == best]
    if len(leaders) == 1:
        moves.gain_power(state, leaders[0], 2, "acoa_62")


register("acoa_62", forced={"standing_ends": _salladhor})


# --- acoa_64 The Bastard of Godsgrace -----------------------------------------------------
# "Any phase: Kneel The Bastard of Godsgrace to give a House Martell character +2 STR until
# the end of the phase. If you trigger this effect during the epic phase, draw a card."


def _martell_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if of_house(state, r, "Martell")]


def _bastard(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=2)
    draw_if_epic(state, ctx["seat"])


register("acoa_64", Ability("action", _bastard, costs=(KNEEL_SELF,), targets=_martell_characters))


# --- acoa_75 Stormcrows -------------------------------------------------------------------
# "After you win a challenge in which Stormcrows is participating, shuffle all non-neutral
# characters in all discard piles back into their owner's decks." (Forced.)


def _stormcrows(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    if event.get("winner") != ctx["seat"]:
        return
    if source not in [*event.get("attackers", ()), *event.get("defenders", ())]:
        return
    for player in state.players:
        found = [r for r in player.discard if _non_neutral_character(state, r)]
        if not found:
            continue
        for ref in found:
            player.discard.remove(ref)
        player.deck.extend(found)
        shuffle_zone(state, player.deck)
        state.emit("pile_shuffled", seat=player.seat, pile="discard", count=len(found), card=source)


def _non_neutral_character(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    return card.type == "character" and "Neutral" not in card.houses


register("acoa_75", forced={"challenge_won": _stormcrows})
