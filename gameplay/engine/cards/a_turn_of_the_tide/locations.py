"""A Turn of the Tide (asots_61 to asots_80): the locations and Seized."""

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
    attachments,
    facts,
    handler,
    icons,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choose_opponent,
    discard_top,
    lost,
    naval_icons,
    pile_to_hand,
    release_attached,
    stand_card,
    take_attached,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState, shuffle_zone

ICONS = ("military", "intrigue", "power")


def _since_phase(state: GameState, name: str) -> list[dict[str, Any]]:
    """The log entries named ``name`` since the current phase began (newest first)."""
    found = []
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            break
        if entry["event"] == name:
            found.append(entry)
    return found


# --- asots_64 Deepwood Motte -----------------------------------------------------------------
# "Challenges: Kneel Deepwood Motte to discard the top 3 cards of an opponent's deck (any
# player may discard 1 power from his or her House card to cancel this effect). If 2 or more
# non-character cards are discarded in this way, choose and stand a character."  After the
# opponent is chosen, each player with power on his or her House card is asked in turn (the
# opponents clockwise, then Deepwood Motte's controller) whether to cancel; the first who does
# discards 1 power and nothing else happens. The character stood is any knelt character.


def _deepwood(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "asots_deepwood_opponent")


@handler("asots_deepwood_opponent")
def _deepwood_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    askers = [s for s in [*state.opponents(seat), seat] if state.players[s].power >= 1]
    data = {"seat": seat, "source": ctx["source"], "other": int(ctx["choice"]), "ask": askers}
    _deepwood_next(state, data)


def _deepwood_next(state: GameState, data: Ctx) -> None:
    askers = [s for s in data["ask"] if state.players[s].power >= 1]
    if askers:
        rest = {**data, "ask": askers[1:], "asked": askers[0]}
        options = ["cancel", "allow"]
        ask_choose(state, askers[0], "cancel_effect", options, "asots_deepwood_cancel", ctx=rest)
        return
    _deepwood_discard(state, data)


@handler("asots_deepwood_cancel")
def _deepwood_cancel(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == "cancel" and state.players[ctx["asked"]].power >= 1:
        moves.discard_power(state, ctx["asked"], 1, "cancel")
        state.emit("cancelled", seat=ctx["asked"], card=ctx["source"])
        return
    _deepwood_next(state, ctx)


def _deepwood_discard(state: GameState, data: Ctx) -> None:
    cards = discard_top(state, data["other"], 3, data["source"])
    if sum(1 for r in cards if facts(state, r).type != "character") < 2:
        return
    knelt = [r for r in characters_of(state) if state.in_play[r].knelt]
    ask_select(state, data["seat"], "stand", knelt, "asots_deepwood_stand", low=1, high=1, ctx=data)


@handler("asots_deepwood_stand")
def _deepwood_stand(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            stand_card(state, ref)


register("asots_64", Ability("action", _deepwood, phases=("challenges",), costs=(KNEEL_SELF,)))

# --- asots_65 Seized -------------------------------------------------------------------------
# "Attach to a non-unique non-limited location. Take control of attached location and discard
# all other attachments attached to it."  Any player's location (one you control already too);
# as Seized enters play its controller takes control of the location (vocabulary
# ``take_attached``), the other attachments on it are discarded then; when Seized leaves play
# control goes back (``release_attached``).


def _seizable(state: GameState, code: str, target: str, seat: int | None) -> bool:
    card = facts(state, target)
    return card.type == "location" and not card.unique and not card.limited


def _seized(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if ctx["event"].get("card") != source or source not in state.in_play:
        return
    host = attached_to(state, source)
    if host is None:
        return
    take_attached(state, ctx)
    others = [r for r in attachments(state, host) if r != source]
    if others:
        moves.discard(state, others)


_seized_script = register(
    "asots_65",
    attach_rule=_seizable,
    forced={"entered_play": _seized, "card_left_play": release_attached},
)
_seized_script.attach_types = ("location",)

# --- asots_68 Shores of the Blackwater -------------------------------------------------------
# "Challenges: If you have won a challenge by 4 or more total STR this phase, kneel and discard
# Shores of the Blackwater from play to choose a character in your dead pile killed this
# phase. Return that character to your hand."  As an attacker or a defender; "killed this
# phase": a ``killed`` entry of the log since the phase began names that card.


def _won_by_four(state: GameState, seat: int) -> bool:
    for entry in _since_phase(state, "challenge_resolved"):
        total = entry.get("strength") or [0, 0]
        if entry.get("winner") == seat and abs(total[0] - total[1]) >= 4:
            return True
    return False


def _killed_here(state: GameState, ctx: Ctx) -> list[str]:
    dead = state.players[ctx["seat"]].dead
    killed = {e.get("card") for e in _since_phase(state, "killed")}
    return [r for r in dead if r in killed and facts(state, r).type == "character"]


def _blackwater_may(state: GameState, ctx: Ctx) -> bool:
    return _won_by_four(state, ctx["seat"])


def _blackwater(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["target"], "dead")


register(
    "asots_68",
    Ability(
        "action",
        _blackwater,
        phases=("challenges",),
        costs=(KNEEL_SELF, DISCARD_SELF),
        condition=_blackwater_may,
        targets=_killed_here,
    ),
)

# --- asots_72 Greenblood Vessel --------------------------------------------------------------
# "Response: After an opponent declares a challenge against you, kneel Greenblood Vessel to
# choose a character you control. Until the end of the phase, that character gains an icon of
# your choice."  Answered once the attackers are declared (``attackers_declared``); the icon
# is any of the three (one it has already changes nothing).


def _declared_against_me(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    return (
        challenge is not None
        and challenge.get("defender") == ctx["seat"]
        and challenge.get("attacker") in state.opponents(ctx["seat"])
    )


def _mine(state: GameState, ctx: Ctx) -> list[str]:
    return characters_of(state, ctx["seat"])


def _vessel(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ctx["target"]}
    ask_choose(state, ctx["seat"], "choose_icon", list(ICONS), "asots_vessel", ctx=data)


@handler("asots_vessel")
def _vessel_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    target = ctx["target"]
    if target in state.in_play and ctx["choice"] not in icons(state, target):
        add_lasting(state, "icons", target, "phase", ctx["source"], add=[ctx["choice"]])


register(
    "asots_72",
    Ability(
        "response",
        _vessel,
        trigger="attackers_declared",
        condition=_declared_against_me,
        costs=(KNEEL_SELF,),
        targets=_mine,
    ),
)

# --- asots_73 Shores of the Summer Sea -------------------------------------------------------
# "Response: After you lose a challenge, kneel Shores of the Summer Sea to choose 2 cards in
# your discard pile. Shuffle those cards back into your deck."  Only with 2 or more cards in
# the discard pile (the player chooses exactly 2).


def _summer_may(state: GameState, ctx: Ctx) -> bool:
    return lost()(state, ctx) and len(state.players[ctx["seat"]].discard) >= 2


def _summer_sea(state: GameState, ctx: Ctx) -> None:
    pile = list(state.players[ctx["seat"]].discard)
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "shuffle", pile, "asots_summer_sea", low=2, high=2, ctx=data)


@handler("asots_summer_sea")
def _summer_sea_shuffle(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    cards = [r for r in selected if r in player.discard]
    for ref in cards:
        player.discard.remove(ref)
        player.deck.append(ref)
    shuffle_zone(state, player.deck)
    state.emit(
        "pile_shuffled", seat=player.seat, pile="discard", count=len(cards), card=ctx["source"]
    )


register(
    "asots_73",
    Ability(
        "response",
        _summer_sea,
        trigger="challenge_won",
        condition=_summer_may,
        costs=(KNEEL_SELF,),
    ),
)

# --- asots_76 Port at Slaver's Bay -----------------------------------------------------------
# "Marshalling: Kneel Port at Slaver's Bay to lower the cost of the next attachment you play
# this phase by 1 (by 2 instead if it is an out-of-House attachment)."  A pending reduction
# (rules.add_reduction) whose ``out_of_house`` extra applies to a card of a House other than
# its player's (rules.reduction_amount; a neutral attachment is not out of House).


def _port(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 1, ctx["source"], types=("attachment",))
    state.effects[-1]["out_of_house"] = 1


register("asots_76", Ability("action", _port, phases=("marshalling",), costs=(KNEEL_SELF,)))

# --- asots_78 Blazewater Bay -----------------------------------------------------------------
# "Marshalling: Kneel and discard Blazewater Bay to lower the cost of the next card you play
# this phase with a [Naval] enhancement by 2."  A pending reduction (rules.add_reduction)
# limited to cards with a printed [Naval] enhancement (its ``naval`` flag). "+1 Influence" is
# printed data.


def _blazewater(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 2, ctx["source"])
    state.effects[-1]["naval"] = True


register(
    "asots_78",
    Ability("action", _blazewater, phases=("marshalling",), costs=(KNEEL_SELF, DISCARD_SELF)),
)

# --- asots_79 Blackwater Rush ----------------------------------------------------------------
# "Challenges: Kneel Blackwater Rush to choose a character with a [Naval] enhancement. Until
# the end of the phase, that character gains deadly."  Any player's character with an icon
# carrying a [Naval] enhancement now (vocabulary ``naval_icons``).


def _naval_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if naval_icons(state, r)]


def _rush(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "keywords", ctx["target"], "phase", ctx["source"], add=["deadly"])


register(
    "asots_79",
    Ability(
        "action",
        _rush,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_naval_characters,
    ),
)
