"""The Banners Gather (kr_1 to kr_20): the Strongholds and Siege cards that stay in play
(kr_2, 5, 6, 9, 12, 14, 17); the Bannerman characters and the Strongholds that pay with a
card from the hand are in bannermen.py."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    facts,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import in_play_of, most_at_command, pile_to_hand
from gameplay.engine.state import GameState

# --- kr_2 Brightwater Keep ----------------------------------------------------------------
# "No attachments. Response: After a card is discarded from a player's hand, kneel
# Brightwater Keep to return that card to its owner's hand."  Any player's hand, any
# discard (a cost, a claim, an effect); the card chosen among those of the discard still in
# their owner's discard pile. No attachments is the engine's keyword.


def _discarded(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.cards and r in state.players[state.cards[r].owner].discard
    ]


def _brightwater(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    owner = state.cards[ref].owner
    if ref in state.players[owner].discard:
        pile_to_hand(state, owner, ref, "discard")


register(
    "kr_2",
    Ability(
        "response",
        _brightwater,
        trigger="discarded_from_hand",
        costs=(KNEEL_SELF,),
        targets=_discarded,
    ),
)

# --- kr_5 Hammerhorn ----------------------------------------------------------------------
# "The player with the most cards at his or her command at the beginning of the draw phase
# draws 1 less card (to a minimum of 1) when he or she draws for that phase."  That player
# is found as the draw phase begins (a forced effect that marks the seat for the phase;
# nobody on a tie), then the draw phase's draw counts 1 less for that seat.

COMMAND_LEADER = "kr_command_leader"


def _hammerhorn_begins(state: GameState, ctx: Ctx) -> None:
    leader = most_at_command(state)
    if leader is not None:
        add_lasting(state, COMMAND_LEADER, leader, "phase", ctx["source"])


def _hammerhorn_draw(state: GameState, source: str, seat: Any, base: int) -> int:
    marked = any(
        e["query"] == COMMAND_LEADER and e["source"] == source and e["subject"] == seat
        for e in state.effects
    )
    return max(min(base, 1), base - 1) if marked else base


register(
    "kr_5",
    forced={"draw_begins": _hammerhorn_begins},
    passives={"draw_phase_cards": _hammerhorn_draw},
)

# --- kr_6 Scaling Ladder ------------------------------------------------------------------
# "Attach to a location. While attached location is knelt, its controller cannot declare
# defenders during [Military] challenges."  The permission ``can_defend_type`` (subject
# "<seat>:<type>") of the attached location's controller.


def _ladder(state: GameState, source: str, subject: Any, base: bool) -> bool:
    host = attached_to(state, source)
    if host is None or host not in state.in_play or not state.in_play[host].knelt:
        return base
    return False if subject == f"{controller(state, host)}:military" else base


register("kr_6", passives={"can_defend_type": _ladder}).attach_types = ("location",)

# --- kr_9 Trebuchet -----------------------------------------------------------------------
# "Any Phase: Discard Trebuchet from play to give each of your participating characters +X
# STR until the end of the challenge. X is the number of cards in your hand."  Only during a
# challenge in which you have a participating character; X is counted as it resolves.


def _mine_participating(state: GameState, seat: int) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in (*challenge["attackers"], *challenge["defenders"])
        if r in state.in_play and controller(state, r) == seat
    ]


def _trebuchet_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_mine_participating(state, ctx["seat"]))


def _trebuchet(state: GameState, ctx: Ctx) -> None:
    amount = len(state.players[ctx["seat"]].hand)
    for ref in _mine_participating(state, ctx["seat"]):
        add_lasting(state, "strength", ref, "challenge", ctx["source"], amount=amount)


register("kr_9", Ability("action", _trebuchet, costs=(DISCARD_SELF,), condition=_trebuchet_may))

# --- kr_12 Poisoned Well ------------------------------------------------------------------
# "Attach to a location. Response: After attached location's effect is triggered, return it
# to its owner's hand."  "It" is the attached location. A triggered effect of that location
# (an action or a response) opens the ``ability`` window as its costs are paid: the Well's
# controller may answer there; the location's effect still resolves.


def _well_host_triggered(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and ctx["event"].get("source") == host


def _poisoned_well(state: GameState, ctx: Ctx) -> None:
    host = ctx["event"].get("source")
    if host in state.in_play:
        moves.return_to_hand(state, [host])


register(
    "kr_12",
    Ability("response", _poisoned_well, trigger="ability", condition=_well_host_triggered),
).attach_types = ("location",)

# --- kr_14 Northland Keep -----------------------------------------------------------------
# "Any Phase: Kneel Northland Keep to choose a participating character with a higher STR
# than printed cost. Remove that character from the challenge."


def _over_cost(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in (*challenge["attackers"], *challenge["defenders"])
        if r in state.in_play and strength(state, r) > (facts(state, r).cost or 0)
    ]


def _northland(state: GameState, ctx: Ctx) -> None:
    target, challenge = ctx["target"], state.challenge
    if challenge is None:
        return
    for side in ("attackers", "defenders"):
        if target in challenge[side]:
            challenge[side].remove(target)
            state.emit("removed_from_challenge", cards=[target], side=side, card=ctx["source"])


register("kr_14", Ability("action", _northland, costs=(KNEEL_SELF,), targets=_over_cost))

# --- kr_17 Castle Darry -------------------------------------------------------------------
# "Immune to plot card effects. At the end of the standing phase, claim 1 power for your
# House if you control more attachments than each opponent."  Attachments in play
# controlled (on characters, locations or a House card); the power comes from the pool.


def _attachment_count(state: GameState, seat: int) -> int:
    return len(in_play_of(state, "attachment", seat))


def _castle_darry(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    mine = _attachment_count(state, seat)
    if all(mine > _attachment_count(state, o) for o in state.opponents(seat)):
        moves.gain_power(state, seat, 1, "kr_17")


register("kr_17", forced={"standing_ends": _castle_darry})
