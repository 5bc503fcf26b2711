"""The Grand Melee: the attachments (atoc_23, atoc_25, atoc_28, atoc_30)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import house_card, moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    attached_to,
    controller,
    facts,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    host_won_in_melee,
    kneel_card,
    never_on_a_card,
    of_house,
    participants,
    won,
    won_with,
)
from gameplay.engine.state import GameState

# --- atoc_23 In the Name of the King -----------------------------------------------------
# "Attach to an opponent's House card. Attached House card gains: "Characters you control
# get +2 STR during Military challenges." After the owner of attached House card wins a
# Military challenge, claim 1 power for your house if you have more than 1 opponent."
# A House card attachment (any opponent's House card, as marshalled). The gained text is
# the House card owner's: that player's characters get +2 STR while a Military challenge is
# being resolved (participating or not). The last sentence is a forced effect (no
# "Response:") on ``challenge_won``: the attachment's controller gains 1 power for his or
# her House, only while he or she has 2 or more opponents (a melee).

KING_STR = 2


def _king_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    owner = house_card.house_of(state, source)
    challenge = state.challenge
    if (
        owner is None
        or challenge is None
        or challenge["type"] != "military"
        or not isinstance(subject, str)
        or subject not in state.in_play
        or not is_character(state, subject)
        or controller(state, subject) != owner
    ):
        return base
    return base + KING_STR


register(
    "atoc_23",
    passives={"strength": _king_strength},
    forced={"challenge_won": host_won_in_melee("military", "in_the_name_of_the_king")},
    attach_rule=never_on_a_card,
    house_attachment=True,
    house_rule=house_card.opponents_house,
)

# --- atoc_25 Whisper Campaign ------------------------------------------------------------
# "Attach to an opponent's House card. If you have more than 1 oppponent, after a player
# wins an Intrigue challenge against the owner of attached House card, kneel Whisper
# Campaign. Then, the winner of the challenge draws 1 card for each card discarded for
# claim."  A House card attachment (any opponent's House card). Forced (no "Response:"),
# at ``challenge_won`` after the claim, while its controller has 2 or more opponents: a
# standing Whisper Campaign kneels (a knelt one cannot, and then nothing follows: "Then"),
# and the winner draws 1 card per card the intrigue claim discarded from the owner's hand
# (counted at the forced moment ``claim_discarded`` and kept on the challenge).

WHISPER_KEY = "atoc_claim_discarded"


def _whisper_counts(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is not None:
        cards = list(ctx["event"].get("cards", ()))
        known = challenge.get(WHISPER_KEY, [])
        challenge[WHISPER_KEY] = [*known, *(r for r in cards if r not in known)]


def _whisper(state: GameState, ctx: Ctx) -> None:
    source, event_ = ctx["source"], ctx["event"]
    if source not in state.in_play or state.in_play[source].knelt:
        return
    owner, seat = house_card.house_of(state, source), controller(state, source)
    winner = event_.get("winner")
    if (
        event_.get("type") != "intrigue"
        or owner is None
        or winner is None
        or event_.get("loser") != owner
        or len(state.opponents(seat)) <= 1
    ):
        return
    kneel_card(state, source)
    challenge = state.challenge or {}
    count = sum(1 for r in challenge.get(WHISPER_KEY, []) if r in state.players[owner].discard)
    if count:
        moves.effect_draw(state, winner, count)


register(
    "atoc_25",
    forced={"claim_discarded": _whisper_counts, "challenge_won": _whisper},
    attach_rule=never_on_a_card,
    house_attachment=True,
    house_rule=house_card.opponents_house,
)

# --- atoc_28 Warhammer -------------------------------------------------------------------
# "Response: After you win a Power challenge in which attached character participated,
# choose and discard from play 1 participating character with 1 or more power on it."
# Any participating character still in play (either side, the bearer too) with power on it;
# not offered when there is none.


def _warhammer_condition(state: GameState, ctx: Ctx) -> bool:
    return won("power")(state, ctx) and won_with("attached")(state, ctx)


def _warhammer_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in participants(ctx["event"])
        if r in state.in_play and is_character(state, r) and state.in_play[r].power >= 1
    ]


def _discard_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard_from_play(state, [ctx["target"]])


register(
    "atoc_28",
    Ability(
        "response",
        _discard_target,
        trigger="challenge_won",
        condition=_warhammer_condition,
        targets=_warhammer_targets,
    ),
)

# --- atoc_30 Captain of the Iron Fleet ---------------------------------------------------
# "Unique Greyjoy character only. Attached character gains renown. Response: After you win
# a challenge in which attached character participated, choose and discard 1 kneeling
# location from play."  Any player's kneeling location; not offered when there is none.


def _captain_rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return (
        is_character(state, target)
        and of_house(state, target, "Greyjoy")
        and facts(state, target).unique
    )


def _captain_renown(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject is not None and subject == attached_to(state, source):
        return base | {"renown"}
    return base


def _kneeling_locations(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for player in state.players
        for r in player.in_play
        if facts(state, r).type == "location" and state.in_play[r].knelt
    ]


register(
    "atoc_30",
    Ability(
        "response",
        _discard_target,
        trigger="challenge_won",
        condition=won_with("attached"),
        targets=_kneeling_locations,
    ),
    passives={"keywords": _captain_renown},
    attach_rule=_captain_rule,
)
