"""A Journey's End (asots_101 to asots_108): the Warships and the other locations, Qarl the
Maid and Arms of the Kraken."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_each_time,
    add_lasting,
    attachments,
    characters,
    controller,
    effect,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    challenges_this_phase,
    characters_of,
    discard_top,
    event,
    has_trait,
    in_play_of,
    naval_attacker,
    of_house,
    stand_card,
    this_round,
    won,
    won_unopposed,
)
from gameplay.engine.from_pile import ATTACHED, GRANTS
from gameplay.engine.leaving import return_to_hand
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- asots_101 King's Landing Dromon -------------------------------------------------------
# "House Lannister only. Response: After you win a challenge in which you declared 1 or more
# [Naval] attackers or defenders, kneel King's Landing Dromon to have that character claim
# 1 power."  "That character": one of the winner's participants with a [Naval] enhancement
# on the challenge's icon, still in play, chosen as the response is used.


def _naval_side(state: GameState, ctx: Ctx) -> list[str]:
    event_ = ctx["event"]
    seat = ctx["seat"]
    if event_.get("winner") != seat:
        return []
    side = "attackers" if event_.get("attacker") == seat else "defenders"
    ctype = event_.get("type", "")
    return [
        r for r in event_.get(side) or () if r in state.in_play and naval_attacker(state, r, ctype)
    ]


def _dromon(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.card_power(state, ctx["target"], 1, "kings_landing_dromon")


for _code in ("asots_101",):
    register(
        _code,
        Ability(
            "response",
            _dromon,
            trigger="challenge_won",
            condition=won(),
            costs=(KNEEL_SELF,),
            targets=_naval_side,
        ),
    )

# --- asots_102 Qarl the Maid ---------------------------------------------------------------
# "Intimidate. Response: After you declare Qarl the Maid as a [Naval] attacker, discard the
# top 2 cards of the defending player's deck. Until the end of the phase, Qarl the Maid gets
# +2 STR for each event card discarded in this way."  Intimidate is the engine's keyword.


def _qarl_declared(state: GameState, ctx: Ctx) -> bool:
    event_, source = ctx["event"], ctx["source"]
    return (
        event_.get("seat") == ctx["seat"]
        and source in event_.get("cards", ())
        and state.challenge is not None
        and state.challenge.get("attacker") == ctx["seat"]
        and naval_attacker(state, source, state.challenge["type"])
    )


def _qarl(state: GameState, ctx: Ctx) -> None:
    assert state.challenge is not None
    discarded = discard_top(state, state.challenge["defender"], 2, "qarl_the_maid")
    found = sum(1 for r in discarded if facts(state, r).type == "event")
    if found and ctx["source"] in state.in_play:
        add_lasting(state, "strength", ctx["source"], "phase", ctx["source"], amount=2 * found)


register(
    "asots_102",
    Ability("response", _qarl, trigger="attackers_declared", condition=_qarl_declared),
)

# --- asots_103 Ten Towers Longship ---------------------------------------------------------
# "You may place an event card attached to Ten Towers Longship on the bottom of its owner's
# deck to play it as if it was in your hand. Response: After you win a challenge by 4 or more
# total STR, kneel Ten Towers Longship to choose an event card in the losing opponent's
# discard pile. Attach that event card to Ten Towers Longship."  The attached event stays in
# play under the Longship's controller (its owner keeps it); each is a from_pile grant of
# zone ``attached`` (``pile_grants``): played in its own windows with its own costs and
# restrictions as from the hand, it goes to the bottom of its owner's deck as it is played.


def _longship_grants(state: GameState, source: str, seat: Any, base: list[Any]) -> list[Any]:
    if source not in state.in_play or seat != controller(state, source):
        return base
    found = [r for r in attachments(state, source) if facts(state, r).type == "event"]
    return base + [{"card": r, "source": source, "zone": ATTACHED} for r in found]


def _losers_events(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    if loser is None or loser not in state.opponents(ctx["seat"]):
        return []
    return [r for r in state.players[loser].discard if facts(state, r).type == "event"]


def _longship(state: GameState, ctx: Ctx) -> None:
    ref, source = ctx["target"], ctx["source"]
    owner = state.players[state.cards[ref].owner]
    if source in state.in_play and ref in owner.discard:
        put_into_play(state, controller(state, source), ref, source)


register(
    "asots_103",
    Ability(
        "response",
        _longship,
        trigger="challenge_won",
        condition=won(by=4),
        costs=(KNEEL_SELF,),
        targets=_losers_events,
    ),
    passives={GRANTS: _longship_grants},
)

# --- asots_104 Longship Nightflyer ---------------------------------------------------------
# "Response: After you win an unopposed challenge, kneel Longship Nightflyer to have the
# losing opponent choose and discard a card from his or her hand."  Only while that hand
# holds a card (the effect would do nothing otherwise).


def _nightflyer_may(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return won_unopposed(state, ctx) and loser is not None and bool(state.players[loser].hand)


def _nightflyer(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"]["loser"]
    hand = state.players[loser].hand
    if hand:
        data = {"seat": loser}
        ask_select(state, loser, "discard", hand, "asots_nightflyer", low=1, high=1, ctx=data)


@handler("asots_nightflyer")
def _nightflyer_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["seat"], selected)


register(
    "asots_104",
    Ability(
        "response",
        _nightflyer,
        trigger="challenge_won",
        condition=_nightflyer_may,
        costs=(KNEEL_SELF,),
    ),
)

# --- asots_105 Arms of the Kraken ----------------------------------------------------------
# "House Greyjoy only. Play before any challenges have been declared this phase.
# Challenges: Until the end of the phase, when a player loses a challenge, he or she must
# choose a location he or she controls and return it to its owner's hand."  An ``each_time``
# effect of the phase on the engine's ``challenge_lost`` moment (challenges.challenge_responses,
# as the winner is known, before the responses to the challenge): the loser (any player, the
# Arms' player included) chooses one of the locations he controls, if any; the return may be
# saved. Two copies played: two locations.

ARMS_LOST = "challenge_lost"


def _no_challenge_yet(state: GameState, ctx: Ctx) -> bool:
    return challenges_this_phase(state) == 0


def _arms(state: GameState, ctx: Ctx) -> None:
    add_each_time(state, ARMS_LOST, ctx["seat"], "asots_arms_of_the_kraken", ctx["source"])


@effect("asots_arms_of_the_kraken")
def _arms_lost(state: GameState, entry: Ctx) -> None:
    loser = entry["event"].get("loser")
    if loser is None:
        return
    locations = in_play_of(state, "location", loser)
    if locations:
        data = {"seat": loser}
        ask_select(state, loser, "return", locations, "asots_arms_return", low=1, high=1, ctx=data)


@handler("asots_arms_return")
def _arms_return(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    cards = [r for r in selected if r in state.in_play]
    if cards:
        return_to_hand(state, cards)


register("asots_105", event(_arms, phases=("challenges",), condition=_no_challenge_yet))

# --- asots_106 Shores of the Mander --------------------------------------------------------
# "While you control at least 1 Captain character, your characters get +1 STR during the
# challenges phase."


def _shores(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if state.phase != "challenges" or not isinstance(subject, str):
        return base
    record = state.in_play.get(subject)
    seat = controller(state, source)
    if record is None or record.controller != seat or facts(state, subject).type != "character":
        return base
    if any(has_trait(state, r, "Captain") for r in characters_of(state, seat)):
        return base + 1
    return base


register("asots_106", passives={"strength": _shores})

# --- asots_107 Huntress --------------------------------------------------------------------
# "No attachments. Challenges: Kneel Huntress to choose a Lord or Captain character. Until
# the end of the phase, that character gains melee and renown."  Any player's character.


def _lords_and_captains(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if has_trait(state, r, "Lord") or has_trait(state, r, "Captain")
    ]


def _huntress(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(
            state, "keywords", ctx["target"], "phase", ctx["source"], add=["melee", "renown"]
        )


register(
    "asots_107",
    Ability(
        "action",
        _huntress,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_lords_and_captains,
    ),
)

# --- asots_108 Fury ------------------------------------------------------------------------
# "Any Phase: Kneel Fury and discard 2 cards from your hand to choose and stand a
# [Baratheon] character without attachments. Then draw 1 card. (Draw 2 cards instead if you
# have won a challenge by 4 or more STR this round.)"  Any player's knelt [Baratheon]
# character with no attachment (standing one must change something); "won by 4 or more"
# reads the round's ``challenge_resolved`` log entries (either role).


def _knelt_baratheon(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if state.in_play[r].knelt and of_house(state, r, "Baratheon") and not attachments(state, r)
    ]


def _won_by_four(state: GameState, seat: int) -> bool:
    for entry in this_round(state, "challenge_resolved"):
        attack, defence = entry.get("strength") or (0, 0)
        if entry.get("winner") == seat and abs(attack - defence) >= 4:
            return True
    return False


def _fury(state: GameState, ctx: Ctx) -> None:
    target, seat = ctx["target"], ctx["seat"]
    if target in state.in_play and state.in_play[target].knelt:
        stand_card(state, target)
        moves.effect_draw(state, seat, 2 if _won_by_four(state, seat) else 1)


register(
    "asots_108",
    Ability(
        "action",
        _fury,
        costs=(KNEEL_SELF, Cost("discard_hand", 2)),
        targets=_knelt_baratheon,
    ),
)
