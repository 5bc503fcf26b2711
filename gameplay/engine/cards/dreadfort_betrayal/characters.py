"""Dreadfort Betrayal: the characters (bwb_101, bwb_102, bwb_103, bwb_107, bwb_109, bwb_111,
bwb_113, bwb_114, bwb_115, bwb_117)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    crests,
    facts,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    has_trait,
    lost_to_opponent,
    won_with,
)
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play


def _mine_with_trait(state: GameState, source: str, subject: Any, trait: str) -> bool:
    """``subject`` is a character with ``trait`` controlled by ``source``'s controller."""
    return (
        isinstance(subject, str)
        and subject in state.in_play
        and is_character(state, subject)
        and state.in_play[subject].controller == controller(state, source)
        and has_trait(state, subject, trait)
    )


# --- bwb_101 Roose Bolton ----------------------------------------------------------------
# "Roose Bolton does not kneel to attack during Intrigue challenges. Response: After you
# win a challenge in which Roose Bolton participated, all players take control of each
# character they own currently in play."  The passive ``kneel_to_attack`` (False for him
# in an Intrigue challenge). The response: each character in play whose controller is not
# its owner goes back to its owner (each a ``control_changed``); offered only while there
# is such a character (otherwise it would do nothing).


def _roose_attacks_standing(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if subject != source or challenge is None or challenge["type"] != "intrigue":
        return base
    return False


def _borrowed(state: GameState) -> list[str]:
    return [r for r in characters_of(state) if state.in_play[r].controller != state.cards[r].owner]


def _roose_may(state: GameState, ctx: Ctx) -> bool:
    return won_with("self")(state, ctx) and bool(_borrowed(state))


def _owners_take_back(state: GameState, ctx: Ctx) -> None:
    for ref in _borrowed(state):
        moves.take_control(state, ref, state.cards[ref].owner)


register(
    "bwb_101",
    Ability("response", _owners_take_back, trigger="challenge_won", condition=_roose_may),
    passives={"kneel_to_attack": _roose_attacks_standing},
)

# --- bwb_102 The Flayed Men / bwb_103 Bolton Loyalist --------------------------------------
# "After a player wins a Power challenge against you, that player gains control of The
# Flayed Men."  /  "After a player wins an Intrigue challenge against you, that player
# takes control of Bolton Loyalist."  Forced (no trigger word); "against you" as the
# vocabulary's ``lost_to_opponent`` reads it (their controller lost the challenge, as its
# defender or its attacker), as The Bastard's Elite (bwb_21) reads the same words.


def _goes_to_winner(ctype: str):  # type: ignore[no-untyped-def]
    def effect(state: GameState, ctx: Ctx) -> None:
        source, event = ctx["source"], ctx["event"]
        if source in state.in_play and lost_to_opponent(ctype)(state, ctx):
            moves.take_control(state, source, event["winner"])

    return effect


register("bwb_102", forced={"challenge_won": _goes_to_winner("power")})
register("bwb_103", forced={"challenge_won": _goes_to_winner("intrigue")})

# --- bwb_107 Shagga Son of Dolf ----------------------------------------------------------
# "Deadly. Knelt Clansman characters you control can be declared as defenders during
# Military challenges."  The flag ``knelt_can_defend`` (rules.can_defend) for his
# controller's Clansman characters (Shagga himself included) in a Military challenge.


def _clansmen_defend_knelt(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if base or challenge is None or challenge["type"] != "military":
        return base
    return _mine_with_trait(state, source, subject, "Clansman")


register("bwb_107", passives={"knelt_can_defend": _clansmen_defend_knelt})

# --- bwb_109 Knight of Summerhall --------------------------------------------------------
# "No attachments except Weapon. Any Phase: Kneel a Holy character to put Knight of
# Summerhall into play from your dead pile."  Holy is a crest; the cost kneels a standing
# Holy character its player controls. From its owner's dead pile, under his control.


def _holy(state: GameState, ref: str) -> bool:
    return "holy" in crests(state, ref)


def _knight_back(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if source in state.players[seat].dead:
        put_into_play(state, seat, source)


register(
    "bwb_109",
    Ability(
        "action",
        _knight_back,
        zones=("dead",),
        costs=(Cost("kneel", 1, _holy, "Holy character"),),
    ),
)

# --- bwb_111 Euron's Enforcers -----------------------------------------------------------
# "Intimidate. No attachments. Euron's Enforcers get +1 STR for each Raider character you
# control."  Themselves included (they are Raiders).


def _enforcers_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    if subject != source:
        return base
    seat = controller(state, source)
    return base + sum(1 for r in characters_of(state, seat) if has_trait(state, r, "Raider"))


register("bwb_111", passives={"strength": _enforcers_strength})

# --- bwb_113 Dothraki Handmaiden ---------------------------------------------------------
# "Challenges: Kneel Dothraki Handmaiden to choose an attacking Dothraki character. Until
# the end of the challenge, that character gets +2 STR."  Any player's attacking Dothraki
# character (she may help an opponent's attack, as the text allows).

HANDMAIDEN_STR = 2


def _attacking_dothraki(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in challenge.get("attackers", ())
        if r in state.in_play and has_trait(state, r, "Dothraki")
    ]


def _handmaiden(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play and state.challenge is not None:
        add_lasting(state, "strength", target, "challenge", ctx["source"], amount=HANDMAIDEN_STR)


register(
    "bwb_113",
    Ability(
        "action",
        _handmaiden,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_attacking_dothraki,
    ),
)

# --- bwb_114 Black Hatchling -------------------------------------------------------------
# "No attachments. Discard Black Hatchling from play any time you control Drogon. Black
# Hatchling cannot defend."  The passive ``discard_now`` (checks.check_discard_now: cannot
# be saved) while her controller controls a character named Drogon (any printing); the
# permission ``can_defend``.


def _drogon_here(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source:
        return base
    seat = controller(state, source)
    return base or any(facts(state, r).name == "Drogon" for r in characters_of(state, seat))


def _cannot_defend(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source else base


register("bwb_114", passives={"discard_now": _drogon_here, "can_defend": _cannot_defend})

# --- bwb_115 Obella Sand -----------------------------------------------------------------
# "Sand Snake characters you control gain a Power icon and vengeful."  Herself included.


def _snake_icon(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if _mine_with_trait(state, source, subject, "Sand Snake"):
        return base | {"power"}
    return base


def _snake_vengeful(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if _mine_with_trait(state, source, subject, "Sand Snake"):
        return base | {"vengeful"}
    return base


register("bwb_115", passives={"icons": _snake_icon, "keywords": _snake_vengeful})

# --- bwb_117 Anguy the Archer ------------------------------------------------------------
# "Deadly. If you have no power on your House card, Anguy the Archer gains: "Response:
# After an opponent's character is killed, Anguy the Archer claims 1 power (limit 3 per
# phase).""  The response exists only while his controller's House card has no power. An
# opponent's character: controlled by an opponent as it was killed (the ``killed`` event's
# ``controllers``); one response per ``killed`` event, however many died in it.

ANGUY_LIMIT = 3


def _opponent_lost_one(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    if state.players[seat].power:
        return False
    event = ctx["event"]
    controllers = event.get("controllers") or {}
    return any(
        facts(state, r).type == "character"
        and controllers.get(r, state.cards[r].owner) in state.opponents(seat)
        for r in event.get("cards", ())
    )


def _anguy_claims(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "anguy_the_archer")


register(
    "bwb_117",
    Ability(
        "response",
        _anguy_claims,
        trigger="killed",
        condition=_opponent_lost_one,
        limit=(ANGUY_LIMIT, "phase"),
    ),
)
