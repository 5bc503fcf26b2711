"""The Pirates of Lys: the locations (asots_48 Oakenshield Port, asots_51 Swamps of the Neck,
asots_52 Titan's Daughter, asots_53 Hellholt Docks, asots_56 Balerion)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_delayed,
    add_lasting,
    characters,
    effect,
    facts,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    NAVAL,
    choosable,
    in_play_of,
    is_type,
    kneel_card,
    naval_attacker,
    participants,
    stand_card,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState

# --- asots_48 Oakenshield Port -------------------------------------------------------------
# "When Oakenshield Port enters play put 6 gold tokens from the treasury on it. Response:
# After you win a challenge, discard 1 gold token from Oakenshield Port to claim 1 power for
# your House (discard 2 gold tokens to claim 2 power from your house instead if a [Naval]
# attacker or defender was participating in that challenge)."  A [Naval] attacker or
# defender: a participant (either side, still in play) with a [Naval] enhancement on the
# icon of the challenge's type. Ruling: with one, 2 tokens are discarded for 2 power while
# the Port holds 2; with 1 token left, 1 for 1.


def _port_enters(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if ctx["event"].get("card") == source and source in state.in_play:
        moves.gold_to_card(state, source, 6, "asots_48")


def _naval_participant(state: GameState, event: Ctx) -> bool:
    ctype = event.get("type", "")
    return any(r in state.in_play and naval_attacker(state, r, ctype) for r in participants(event))


def _port_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("winner") == ctx["seat"] and state.in_play[ctx["source"]].gold > 0


def _port(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    record = state.in_play.get(source)
    if record is None or record.gold <= 0:
        return
    amount = 2 if record.gold >= 2 and _naval_participant(state, ctx["event"]) else 1
    record.gold -= amount
    state.emit("gold_paid", seat=seat, gold=amount, reason="asots_48", card=source)
    moves.gain_power(state, seat, amount, source)


register(
    "asots_48",
    Ability("response", _port, trigger="challenge_won", condition=_port_may),
    forced={"entered_play": _port_enters},
)

# --- asots_51 Swamps of the Neck -----------------------------------------------------------
# "Challenges: Kneel Swamps of the Neck to choose a participating character you control.
# Stand that character, and remove it from the challenge."


def _my_participants(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in (*challenge["attackers"], *challenge["defenders"])
        if r in state.in_play
        and state.in_play[r].controller == ctx["seat"]
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _swamps(state: GameState, ctx: Ctx) -> None:
    target, challenge = ctx["target"], state.challenge
    if challenge is None or target not in state.in_play:
        return
    stand_card(state, target)
    for side in ("attackers", "defenders"):
        if target in challenge[side]:
            challenge[side].remove(target)
            state.emit("removed_from_challenge", cards=[target], side=side, card=ctx["source"])


register(
    "asots_51",
    Ability(
        "action",
        _swamps,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_my_participants,
    ),
)

# --- asots_52 Titan's Daughter -------------------------------------------------------------
# "Response: After an opponent declares a [Naval] attacker against you, kneel Titan's
# Daughter to choose a standing character you control and kneel it as a defender. If you
# win the challenge, search your deck for a character, reveal it, and shuffle your deck.
# Then, put the revealed card on top of your deck."  After attackers are declared (one of
# them a [Naval] attacker) in a challenge against its controller: the chosen character
# (any standing character, whatever its icons) is knelt and defends; the defenders declared
# later join it. The search is a delayed effect of the challenge (``challenge_won``), the
# Heralds' search (vocabulary/searches.py) for any character.


def _naval_declared_against_me(state: GameState, ctx: Ctx) -> bool:
    event, challenge = ctx["event"], state.challenge
    if challenge is None or challenge["defender"] != ctx["seat"]:
        return False
    if event.get("seat") not in state.opponents(ctx["seat"]):
        return False
    ctype = event.get("type", "")
    return any(
        r in state.in_play and naval_attacker(state, r, ctype) for r in event.get("cards", ())
    )


def _standing_mine(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state, ctx["seat"])
        if not state.in_play[r].knelt and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _titans_daughter(state: GameState, ctx: Ctx) -> None:
    target, challenge, seat = ctx["target"], state.challenge, ctx["seat"]
    if challenge is None or target not in state.in_play or state.in_play[target].knelt:
        return
    kneel_card(state, target)
    challenge["defenders"].append(target)
    state.emit("joined_challenge", card=target, seat=seat, side="defenders")
    add_delayed(state, "challenge_won", seat, "asots_titans_search", ctx["source"])


@effect("asots_titans_search")
def _titans_search(state: GameState, data: Ctx) -> None:
    seat = data["seat"]
    found = [
        r
        for r in state.players[seat].deck
        if moves.meets_search(state, r, lambda c: facts(state, c).type == "character")
    ]
    ctx = {"seat": seat, "source": data["source"]}
    ask_select(state, seat, "search", found, "acoa_herald", high=1, ctx=ctx, hidden=True)


register(
    "asots_52",
    Ability(
        "response",
        _titans_daughter,
        trigger="attackers_declared",
        condition=_naval_declared_against_me,
        costs=(KNEEL_SELF,),
        targets=_standing_mine,
    ),
)

# --- asots_53 Hellholt Docks ---------------------------------------------------------------
# "Response: After an opponent kneels a location, kneel Hellholt Docks to choose and kneel a
# location."  The ``knelt`` trigger's ``seat``: the player whose cost or effect knelt it;
# any player's standing location is chosen.


def _opponent_knelt_location(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("seat") in state.opponents(ctx["seat"]) and any(
        r in state.in_play and is_type(state, r, "location") for r in event.get("cards", ())
    )


def _standing_locations(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in in_play_of(state, "location")
        if r != ctx["source"]
        and not state.in_play[r].knelt
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _docks(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        kneel_card(state, ctx["target"])


register(
    "asots_53",
    Ability(
        "response",
        _docks,
        trigger="knelt",
        condition=_opponent_knelt_location,
        costs=(KNEEL_SELF,),
        targets=_standing_locations,
    ),
)

# --- asots_56 Balerion ---------------------------------------------------------------------
# "Any Phase: Kneel Balerion to lower the cost of the next character you put into play using
# ambush this phase by 1. That character claims 1 power when it comes into play and until
# the end of the phase, it gains a [Naval] enhancement on its [Power] icon, if able."  An
# Ambush-only reduction (as Pentoshi Deckhand's) marked with its use (``asots_balerion``);
# as the character it lowered enters play (the reduction is then used up), Balerion's
# forced effect gives it 1 power and the enhancement (counted only on a [Power] icon it
# has: vocabulary/naval.py).

BALERION = "asots_balerion"


def _balerion(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    token = f"{source}:{len(state.log)}"
    add_reduction(state, seat, 1, source, types=("character",))
    state.effects[-1].update(ambush=True, ambush_only=True, balerion=token)
    add_lasting(state, BALERION, seat, "phase", source, token=token)


def _balerion_entered(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    card, seat = event.get("card"), event.get("seat")
    if card not in state.in_play or not is_character(state, card):
        return
    ambushed = next((e for e in reversed(state.log) if e["event"] == "ambush"), None)
    if ambushed is None or ambushed.get("card") != card:
        return
    live = {e.get("balerion") for e in state.effects if e["query"] == "reduction"}
    used = [
        e
        for e in state.effects
        if e["query"] == BALERION
        and e["source"] == source
        and e["subject"] == seat
        and e["token"] not in live
    ]
    if not used:
        return
    state.effects = [e for e in state.effects if e not in used]
    moves.card_power(state, card, 1, source)
    add_lasting(state, NAVAL, card, "phase", source, add=["power"])


register(
    "asots_56",
    Ability("action", _balerion, costs=(KNEEL_SELF,)),
    forced={"entered_play": _balerion_entered},
)
