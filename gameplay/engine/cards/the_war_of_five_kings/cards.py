"""The War of Five Kings (acoa_1 - acoa_20). Conventions: common.py."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    facts,
    handler,
    icons,
    is_character,
    register,
    traits,
)
from gameplay.engine.cards.the_war_of_five_kings.common import (
    choosable,
    first_challenge,
    has_trait,
    kneel_card,
    participants,
    royal_cost,
    won,
    won_unopposed,
)
from gameplay.engine.cards.vocabulary import controls_royal
from gameplay.engine.cards.vocabulary import first_challenge as first_challenge_of_round
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState


def _self_entered(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


# --- acoa_1 King Robb's Host ---------------------------------------------------------------
# "Lower the cost ... by 4 if you control a King or Queen character. King Robb's Host does
# not kneel to attack during Military challenges."


def _robb_host_kneel(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if subject == source and challenge is not None and challenge["type"] == "military":
        return False
    return base


register("acoa_1", passives={"own_cost": royal_cost, "kneel_to_attack": _robb_host_kneel})


# --- acoa_2 Jhalabar Xho -------------------------------------------------------------------
# "Opponent's characters cannot claim power for renown."


def _no_renown(state: GameState, source: str, subject: Any, base: int) -> int:
    if subject in state.in_play and controller(state, subject) in state.opponents(
        controller(state, source)
    ):
        return 0
    return base


register("acoa_2", passives={"renown_power": _no_renown})


# --- acoa_3 King Joffrey's Guard -----------------------------------------------------------
# "Response: After King Joffrey's Guard comes into play, choose and kneel up to 2 non-Army
# characters."


def _joffrey_guard(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    found = [
        r
        for r in (c for p in state.players for c in p.in_play)
        if is_character(state, r)
        and not state.in_play[r].knelt
        and not has_trait(state, r, "Army")
        and choosable(state, r, source, seat)
    ]
    ask_select(state, seat, "kneel", found, "acoa_kneel_chosen", high=2, ctx={"seat": seat})


@handler("acoa_kneel_chosen")
def _kneel_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    for ref in selected:
        kneel_card(state, ref)


register(
    "acoa_3",
    Ability("response", _joffrey_guard, trigger="entered_play", condition=_self_entered),
    passives={"own_cost": royal_cost},
)


# --- acoa_4 King Robert's Host -------------------------------------------------------------
# "While King Robert's Host is standing, opponents cannot initiate Power challenges against
# you."


def _robert_host(state: GameState, source: str, subject: Any, base: bool) -> bool:
    seats, ctype = subject.split(":")
    defender = int(seats.split(">")[1])
    me = controller(state, source)
    if ctype == "power" and defender == me and not state.in_play[source].knelt:
        return False
    return base


register("acoa_4", passives={"own_cost": royal_cost, "can_challenge": _robert_host})


# --- acoa_5 King Balon's Host --------------------------------------------------------------
# "While King Balon's Host is standing, opponent's characters lose all non-immunity
# keywords."


def _balon_host(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if state.in_play[source].knelt or subject not in state.in_play:
        return base
    if not is_character(state, subject):
        return base
    if controller(state, subject) not in state.opponents(controller(state, source)):
        return base
    return {w for w in base if w.lower().startswith("immune")}


register("acoa_5", passives={"own_cost": royal_cost, "keywords": _balon_host})


# --- acoa_6 Longship "Foamdrinker" ---------------------------------------------------------
# "Limited Response: After you win a challenge, kneel Longship "Foamdrinker" to choose and
# kill a participating character."


def _participants_now(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in participants(ctx["event"]) if r in state.in_play]


register(
    "acoa_6",
    Ability(
        "response",
        moves.kill_target,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=won(),
        targets=_participants_now,
        limited_response=True,
    ),
)


# --- acoa_7 Queen Daenerys's Horde ---------------------------------------------------------
# "While Queen Daenerys's Horde is attacking alone, opponents who do not control a Queen
# character cannot declare defenders."


def _horde(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if challenge is None or challenge["attackers"] != [source]:
        return base
    seat = controller(state, subject)
    me = controller(state, source)
    if seat in state.opponents(me) and not controls_royal(state, seat, ("Queen",)):
        return False
    return base


register("acoa_7", passives={"own_cost": royal_cost, "can_defend": _horde})


# --- acoa_8 Maester of War -----------------------------------------------------------------
# "Each Maester character in play gains a Military icon."


def _maester_icons(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    maester = subject in state.in_play and is_character(state, subject)
    if maester and "Maester" in traits(state, subject):
        return base | {"military"}
    return base


register("acoa_8", passives={"icons": _maester_icons})


# --- acoa_9 Queen Myrcella's Guard ---------------------------------------------------------
register("acoa_9", passives={"own_cost": royal_cost})


# --- acoa_10 Kill for Your King! -----------------------------------------------------------
# "Limited Response: After you reveal a Military Battle plot card, choose and kill a
# character without a Military icon."


def _revealed_battle(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    card = event.get("card")
    return (
        event.get("seat") == ctx["seat"]
        and card is not None
        and "Military Battle" in traits(state, card)
    )


def _without_military(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for p in state.players
        for r in p.in_play
        if is_character(state, r) and "military" not in icons(state, r)
    ]


register(
    "acoa_10",
    Ability(
        "response",
        moves.kill_target,
        trigger="plot_revealed",
        zones=("hand",),
        condition=_revealed_battle,
        targets=_without_military,
        limited_response=True,
    ),
)


# --- acoa_11 Vanguard Scouts ---------------------------------------------------------------
# "Does not kneel to attack or defend during the first challenge initiated each phase."


def _vanguard(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source and first_challenge(state) else base


register("acoa_11", passives={"kneel_to_attack": _vanguard, "kneel_to_defend": _vanguard})


# --- acoa_13 Pyromancer's Cache ------------------------------------------------------------
# "Attach to a location you control. Kneel that location. Marshalling: Kneel Pyromancer's
# Cache to draw a card (2 cards if you control a King or Queen character)."


def _cache_rule(state: GameState, ref: str, target: str, seat: int | None) -> bool:
    return facts(state, target).type == "location" and (
        seat is None or controller(state, target) == seat
    )


def _cache_enters(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") != ctx["source"]:
        return
    host = attached_to(state, ctx["source"])
    if host is not None:
        kneel_card(state, host)


def _cache_draw(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    moves.effect_draw(state, seat, 2 if controls_royal(state, seat) else 1)


_cache = register(
    "acoa_13",
    Ability("action", _cache_draw, phases=("marshalling",), costs=(KNEEL_SELF,)),
    attach_rule=_cache_rule,
    forced={"entered_play": _cache_enters},
)
_cache.attach_types = ("location",)


# --- acoa_14 House Florent Scouts ----------------------------------------------------------
# "Gains vigilant and renown during the first challenge initiated each round." (Of the
# round: an epic phase's challenge is the first only if none was initiated before it.)


def _florent(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and first_challenge_of_round(state):
        return base | {"vigilant", "renown"}
    return base


register("acoa_14", passives={"keywords": _florent})


# --- acoa_16 Seawater Scalawags ------------------------------------------------------------
# "Response: After you win an unopposed challenge, choose and kneel a Kingdom card."


def _standing_cards(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for p in state.players
        for r in p.in_play
        if not state.in_play[r].knelt
        and facts(state, r).type in ("character", "location", "attachment")
    ]


register(
    "acoa_16",
    Ability(
        "response",
        lambda state, ctx: kneel_card(state, ctx["target"]),
        trigger="challenge_won",
        condition=won_unopposed,
        targets=_standing_cards,
    ),
)


# --- acoa_17 Queen's Knight ----------------------------------------------------------------
# "After a non-Knight character comes into play, return Queen's Knight to its owner's hand."


def _queens_knight(state: GameState, ctx: Ctx) -> None:
    card = ctx["event"].get("card")
    if card is None or card not in state.in_play or card == ctx["source"]:
        return
    if not is_character(state, card) or has_trait(state, card, "Knight"):
        return
    if ctx["source"] in state.in_play:
        moves.return_to_hand(state, [ctx["source"]])


register("acoa_17", forced={"entered_play": _queens_knight})


# --- acoa_18 Flaming-Pitch Tower -----------------------------------------------------------
# "Limited Response: After you win a challenge by 4 or more total STR, kneel Flaming-Pitch
# Tower to choose a character without attachments. Until the end of the phase, that
# character gets -4 STR and is killed if its STR is 0."


def _no_attachments(state: GameState, ctx: Ctx) -> list[str]:
    hosts = {record.attached_to for record in state.in_play.values() if record.attached_to}
    return [
        r for p in state.players for r in p.in_play if is_character(state, r) and r not in hosts
    ]


def _pitch(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        add_lasting(state, "strength", ref, "phase", ctx["source"], amount=-4)
        add_lasting(state, "dies_at_zero", ref, "phase", ctx["source"], value=True)


register(
    "acoa_18",
    Ability(
        "response",
        _pitch,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=won(by=4),
        targets=_no_attachments,
        limited_response=True,
    ),
)


# --- acoa_20 Dornish Chariot ---------------------------------------------------------------
# "While attached character is participating in a challenge, all other characters lose
# stealth, renown, and deadly."


def _chariot(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    bearer = attached_to(state, source)
    challenge = state.challenge
    if bearer is None or challenge is None or subject == bearer:
        return base
    if bearer not in challenge["attackers"] + challenge["defenders"]:
        return base
    if subject not in state.in_play or not is_character(state, subject):
        return base
    return base - {"stealth", "renown", "deadly"}


register("acoa_20", passives={"keywords": _chariot})
