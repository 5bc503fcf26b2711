"""Gates of the Citadel: card scripts (soo_*)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    attached_to,
    controller,
    facts,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import event, has_trait, of_house, on_bearer
from gameplay.engine.state import GameState


def chains_on(state: GameState, ref: str) -> int:
    """How many Chain attachments ``ref`` has."""
    return sum(
        1
        for r, record in state.in_play.items()
        if record.attached_to == ref and has_trait(state, r, "Chain")
    )


# --- soo_5 The Laughing Storm ---------------------------------------------------------------
# "House Baratheon only. Deadly. While The Laughing Storm is standing, cards cannot be
# discarded from your hand."
# Read: the permission ``can_discard_from_hand`` (subject a seat, asked by
# ``moves.to_discard_pile`` for any discard from a hand: an effect, an intrigue claim) is False
# for its controller while it is in play and standing.


def _storm(state: GameState, source: str, subject: Any, base: bool) -> bool:
    record = state.in_play.get(source)
    if record is None or record.knelt or subject != record.controller:
        return base
    return False


register("soo_5", passives={"can_discard_from_hand": _storm})

# --- soo_9 Daenerys Targaryen ---------------------------------------------------------------
# "Renown. Targaryen characters you control get +1 STR." Herself included.


def _daenerys(state: GameState, source: str, subject: Any, base: int) -> int:
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    if (
        record is None
        or source not in state.in_play
        or record.controller != controller(state, source)
        or not is_character(state, subject)
        or not of_house(state, subject, "Targaryen")
    ):
        return base
    return base + 1


register("soo_9", passives={"strength": _daenerys})

# --- soo_10 The Dragon Strikes --------------------------------------------------------------
# "House Targaryen only. Challenges: Kneel 1 influence to choose a Dragon character. Until the
# end of the phase, that character gains stealth, renown, and deadly." Any player's Dragon
# character in play (its traits now).


def _dragons(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.in_play if is_character(state, r) and has_trait(state, r, "Dragon")]


def _dragon_strikes(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        words = ["stealth", "renown", "deadly"]
        add_lasting(state, "keywords", target, "phase", ctx["source"], add=words)


register(
    "soo_10",
    event(
        _dragon_strikes,
        phases=("challenges",),
        costs=(Cost("influence", 1),),
        targets=_dragons,
    ),
)

# --- soo_14 Leyton Hightower ----------------------------------------------------------------
# "No Attachments. Renown. Leyton Hightower cannot be saved. Maester characters you control
# gain: "immune to opponents' events and attachments.""
# Read: the ``can_be_saved`` permission (any save: cards, duplicates) on himself; the ``immune``
# set of each Maester character his controller controls (traits now, himself if he gets it).

LEYTON_IMMUNITY = "immune to opponents' events and attachments"


def _leyton_saved(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source else base


def _leyton_immune(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    if (
        record is None
        or source not in state.in_play
        or record.controller != controller(state, source)
        or not is_character(state, subject)
        or not has_trait(state, subject, "Maester")
    ):
        return base
    return base | {LEYTON_IMMUNITY}


register("soo_14", passives={"can_be_saved": _leyton_saved, "immune": _leyton_immune})

# --- soo_15 Beware of the Sphinx ------------------------------------------------------------
# "Challenges: Choose a participating Maester character. Until the end of the challenge, that
# character gets +1 STR for each Chain attachment it has. If you win the challenge, draw 2
# cards."
# Read: any participating Maester character (either side); the bonus counts its Chain
# attachments as the event resolves (a fixed amount, 0 without Chains); the draw waits for a
# challenge won by the event's player this challenge (the ``draw_cards`` delayed effect).


def _participating_maesters(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    sides = [*challenge.get("attackers", ()), *challenge.get("defenders", ())]
    return [r for r in sides if r in state.in_play and has_trait(state, r, "Maester")]


def _sphinx(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        chains = chains_on(state, target)
        add_lasting(state, "strength", target, "challenge", ctx["source"], amount=chains)
    add_delayed(state, "challenge_won", ctx["seat"], "draw_cards", ctx["source"], amount=2)


register("soo_15", event(_sphinx, phases=("challenges",), targets=_participating_maesters))

# --- soo_18 Apprentice Collar ---------------------------------------------------------------
# "Setup. Attached character gains the Maester trait and gets +1 STR for each Chain
# attachment it has." (The Collar is a Chain: at least +1.)


def _collar_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    if isinstance(subject, str) and subject == attached_to(state, source):
        return base + chains_on(state, subject)
    return base


register(
    "soo_18",
    passives={"traits": on_bearer(lambda base: base | {"Maester"}), "strength": _collar_strength},
)

# --- soo_7 Gylbert Farwynd ------------------------------------------------------------------
# "The cost to play non-Noble cards cannot be reduced."
# Read: every player's cards without the Noble crest (printed), while Gylbert is in play: the
# engine permission ``cost_reducible`` (``rules.gold_cost`` then never goes below the printed
# cost plus gold penalty, and no pending reduction applies to such a card or is used up by it;
# Ambush too).


def _gylbert(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if source not in state.in_play or not isinstance(subject, str) or subject not in state.cards:
        return base
    return base and "noble" in facts(state, subject).crests


register("soo_7", passives={"cost_reducible": _gylbert})
