"""Illyrio's Gift: the characters (bwb_1, bwb_3, bwb_5, bwb_7, bwb_9, bwb_10, bwb_11,
bwb_15, bwb_17)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    has_trait,
    in_play_of,
    kneel_card,
    won,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- bwb_1 The Bastard of Bolton ---------------------------------------------------------
# "House Stark only. Deadly. Response: After control of a character changes, put The
# Bastard of Bolton into play from your hand."  The engine's trigger ``control_changed``
# (moves.take_control, by any card effect: not the table's manual move); any player's
# character, whoever took it. From the hand, while its unique copy may enter play.


def _character_changed_hands(state: GameState, ctx: Ctx) -> bool:
    ref = ctx["event"].get("card")
    return (
        ref in state.in_play
        and is_character(state, ref)
        and unique_problem(state, ctx["seat"], facts(state, ctx["source"])) is None
    )


def _bastard(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.players[ctx["seat"]].hand:
        put_into_play(state, ctx["seat"], ctx["source"])


register(
    "bwb_1",
    Ability(
        "response",
        _bastard,
        trigger="control_changed",
        condition=_character_changed_hands,
        zones=("hand",),
    ),
)

# --- bwb_3 Painted Dogs ------------------------------------------------------------------
# "Any Phase: Kneel Painted Dogs to choose 1 character. That character gets +2 STR until the
# end of the phase (+4 STR instead if you have fewer cards in hand than each opponent)."
# Any character in play; the hands are counted as the effect resolves.

DOGS_STR, DOGS_FEWER_STR = 2, 4


def _fewer_cards_than_each(state: GameState, seat: int) -> bool:
    mine = len(state.players[seat].hand)
    return all(mine < len(state.players[o].hand) for o in state.opponents(seat))


def _painted_dogs(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] not in state.in_play:
        return
    amount = DOGS_FEWER_STR if _fewer_cards_than_each(state, ctx["seat"]) else DOGS_STR
    add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=amount)


register(
    "bwb_3",
    Ability(
        "action",
        _painted_dogs,
        costs=(KNEEL_SELF,),
        targets=lambda state, ctx: characters_of(state),
    ),
)

# --- bwb_5 Robert's Loyalists ------------------------------------------------------------
# "No attachments. Robert's Loyalists get +2 STR while attacking any opponent with a
# non-House Baratheon, non-neutral House card."  While they attack, the defending player's
# House is neither Baratheon nor Neutral (Neutral Faction, bwb_18).

LOYALISTS_STR = 2


def _loyalists(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    if subject != source or challenge is None or source not in challenge["attackers"]:
        return base
    house = state.players[challenge["defender"]].house
    return base + LOYALISTS_STR if house not in ("Baratheon", "Neutral") else base


register("bwb_5", passives={"strength": _loyalists})

# --- bwb_7 Motley Crewman ----------------------------------------------------------------
# "Any effect that discards 1 or more cards from an opponent's deck discards an additional
# card."  The query ``deck_discard_count`` of vocabulary.zones.discard_top (an effect's
# "discard the top N cards", not a cost), for a deck of an opponent of his controller; each
# Crewman adds one.


def _one_more(state: GameState, source: str, subject: Any, base: int) -> int:
    if isinstance(subject, int) and subject in state.opponents(controller(state, source)):
        return base + 1
    return base


register("bwb_7", passives={"deck_discard_count": _one_more})

# --- bwb_9 Rakharo -----------------------------------------------------------------------
# "No attachments except Weapon. Response: After you win a Military challenge in which
# every attacking character has the Dothraki trait, discard 1 card at random from the
# losing opponent's hand."  Every attacker (at least one) has the trait now (printed, once
# out of play); offered while the loser holds a card.


def _all_dothraki_attackers(state: GameState, ctx: Ctx) -> bool:
    attackers = ctx["event"].get("attackers", ())
    return bool(attackers) and all(has_trait(state, r, "Dothraki") for r in attackers)


def _loser_holds_cards(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return loser is not None and loser != ctx["seat"] and bool(state.players[loser].hand)


def _rakharo_may(state: GameState, ctx: Ctx) -> bool:
    return (
        won("military")(state, ctx)
        and _all_dothraki_attackers(state, ctx)
        and _loser_holds_cards(state, ctx)
    )


register(
    "bwb_9",
    Ability(
        "response",
        lambda state, ctx: moves.discard_at_random(state, ctx["event"]["loser"], 1),
        trigger="challenge_won",
        condition=_rakharo_may,
    ),
)

# --- bwb_10 Drogo's Horde ----------------------------------------------------------------
# "Deadly. No attachments except Weapon. Reduce the cost to play Drogo's Horde by 1 for
# each Dothraki character you control."  Its own cost from the hand (``own_cost``).


def _horde_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    dothraki = [r for r in characters_of(state, seat) if has_trait(state, r, "Dothraki")]
    return cost - len(dothraki)


register("bwb_10", passives={"own_cost": _horde_cost})

# --- bwb_11 Bitter Crone -----------------------------------------------------------------
# "During Military challenges, characters cannot be saved."  While a Military challenge is
# under way (from its initiation to its end, claim and Deadly included), no character in
# play may be saved (``can_be_saved``), any player's.


def _no_saves(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if (
        challenge is not None
        and challenge["type"] == "military"
        and isinstance(subject, str)
        and subject in state.in_play
        and is_character(state, subject)
    ):
        return False
    return base


register("bwb_11", passives={"can_be_saved": _no_saves})

# --- bwb_15 Edric Dayne ------------------------------------------------------------------
# "If Edric Dayne is killed, choose and discard 1 influence providing location from play.
# Response: After an influence providing location enters play, kneel that location."
# Forced: his controller when he was killed must choose a location in play (any player's)
# with a printed influence value, if there is one; the discard may be saved. The response:
# any player's such location entering play, while it stands.


def _influence_location(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    return card.type == "location" and (card.influence or 0) > 0


def _edric_killed(state: GameState, ctx: Ctx) -> None:
    source, event = ctx["source"], ctx["event"]
    if source not in event.get("cards", ()):
        return
    seat = event.get("controllers", {}).get(source, ctx["seat"])
    found = [
        r
        for r in in_play_of(state, "location")
        if _influence_location(state, r) and choosable(state, r, source, seat)
    ]
    data = {"seat": seat, "source": source}
    ask_select(state, seat, "discard_location", found, "bwb_edric_discard", low=1, high=1, ctx=data)


@handler("bwb_edric_discard")
def _edric_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    refs = [r for r in selected if r in state.in_play]
    if refs:
        moves.discard(state, refs)


def _influence_location_entered(state: GameState, ctx: Ctx) -> bool:
    ref = ctx["event"].get("card")
    record = state.in_play.get(ref) if ref is not None else None
    return record is not None and not record.knelt and _influence_location(state, ref)


register(
    "bwb_15",
    Ability(
        "response",
        lambda state, ctx: kneel_card(state, ctx["event"]["card"]),
        trigger="entered_play",
        condition=_influence_location_entered,
    ),
    forced={"killed": _edric_killed},
)

# --- bwb_17 Beric Dondarrion -------------------------------------------------------------
# "Renown. If you have no power on your House card, Beric Dondarrion cannot be killed or
# discarded from play."  "You": his controller, whose House card holds no power.


def _unkillable(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject == source and state.players[controller(state, source)].power == 0:
        return False
    return base


register("bwb_17", passives={"can_be_killed": _unkillable, "can_be_discarded": _unkillable})
