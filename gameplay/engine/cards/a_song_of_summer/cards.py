"""A Song of Summer (ator_1..ator_20) scripts, registered by card code."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    facts,
    handler,
    is_character,
    register,
    strength,
)
from gameplay.engine.cards.a_song_of_summer.common import no_rival_queen
from gameplay.engine.cards.vocabulary import (
    every_trait,
    in_season,
    is_mine,
    kneel_card,
    kneel_self_when,
    not_winter,
    of_house_named,
    on_bearer,
    on_self,
    scavengers_of_your_play,
    stand_card,
    summer,
    winter,
)
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import cost_reducer
from gameplay.engine.state import GameState

# "events_found" (cards/vocabulary/zones.py): a searched card goes to the hand, revealed.

QUEEN_PERMISSIONS = {"can_attack": no_rival_queen, "can_defend": no_rival_queen}
QUEEN_PERMISSIONS["can_trigger"] = no_rival_queen


def _search(state: GameState, seat: int, match: Any) -> None:
    moves.search_deck(state, seat, lambda r: match(state, r), "events_found")


# --- ator_20 A Song of Summer (plot) -----------------------------------------------------
# "While it is Summer, your characters get +1 STR."


def _song_of_summer(state: GameState, source: str, subject: Any, base: int) -> int:
    if summer(state) and is_mine(state, source, subject) and is_character(state, subject):
        return base + 1
    return base


register("ator_20", passives={"strength": _song_of_summer})


# --- ator_6 Jeyne Westerling -------------------------------------------------------------
# "If there is another Queen character in play, Jeyne Westerling cannot attack, defend, or
# trigger her character ability. Any Phase: Kneel Jeyne Westerling to search your deck for a
# King character, reveal it, and put it into your hand. Then, shuffle your deck."


def _king_character(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "character" and "King" in facts(state, ref).traits


def _jeyne(state: GameState, ctx: Ctx) -> None:
    _search(state, ctx["seat"], _king_character)


register(
    "ator_6",
    Ability("action", _jeyne, costs=(KNEEL_SELF,)),
    passives=dict(QUEEN_PERMISSIONS),
)


# --- ator_7 Priestess of the Pyre / ator_11 Fairweather Followers ------------------------
# "If it is Summer, stand X each time an event card is played. If it is Winter, kneel X
# each time an event card is played."


def _event_weather(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("type") != "event" or ctx["source"] not in state.in_play:
        return
    if summer(state):
        stand_card(state, ctx["source"])
    elif winter(state):
        kneel_card(state, ctx["source"])


for _code in ("ator_7", "ator_11"):
    register(_code, forced={"played": _event_weather})


# --- ator_8 Selyse Baratheon ---------------------------------------------------------------
# "If there is another Queen character in play, Selyse Baratheon cannot attack, defend, or
# trigger her character ability. Dominance: If it is Summer, pay 1 gold to shuffle the top
# card of your discard pile back into your deck." (The top card is the last one put there.)


def _selyse(state: GameState, ctx: Ctx) -> None:
    from gameplay.engine.state import shuffle_zone

    player = state.players[ctx["seat"]]
    if not player.discard:
        return
    ref = player.discard.pop()
    player.deck.append(ref)
    shuffle_zone(state, player.deck)
    state.emit("pile_shuffled", seat=player.seat, pile="discard", count=1, card=ctx["source"])


def _selyse_ok(state: GameState, ctx: Ctx) -> bool:
    return summer(state) and bool(state.players[ctx["seat"]].discard)


register(
    "ator_8",
    Ability(
        "action", _selyse, phases=("dominance",), costs=(Cost("gold", 1),), condition=_selyse_ok
    ),
    passives=dict(QUEEN_PERMISSIONS),
)


# --- ator_9 Summer's Champion --------------------------------------------------------------
# "If it is Summer, Summer's Champion gains renown. If it is Winter, Summer's Champion gets
# -2 STR and cannot be declared as an attacker or defender."


def _forbid(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source else base


register(
    "ator_9",
    passives={
        "keywords": in_season("summer", on_self(lambda base: base | {"renown"})),
        "strength": in_season("winter", on_self(lambda base: base - 2)),
        "can_attack": in_season("winter", _forbid),
        "can_defend": in_season("winter", _forbid),
    },
)


# --- ator_10 Scavengers of the Sea -----------------------------------------------------------
# "After you play Scavengers of the Sea from your hand, choose a player with a House Greyjoy
# or a House Martell House card. Discard a card at random from that player's hand."


register("ator_10", forced={"played": scavengers_of_your_play(("Greyjoy", "Martell"))})


# --- ator_12 Red Warlock -----------------------------------------------------------------------
# "If it is Winter and you reveal a plot card, kneel Red Warlock. Response: After Red Warlock
# enters play, if it is Summer, search your deck for an attachment and put it into your
# hand. Then, shuffle your deck."


def _warlock_ok(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"] and summer(state)


def _warlock(state: GameState, ctx: Ctx) -> None:
    _search(state, ctx["seat"], lambda s, r: facts(s, r).type == "attachment")


register(
    "ator_12",
    Ability("response", _warlock, trigger="entered_play", condition=_warlock_ok),
    forced={"plot_revealed": kneel_self_when(winter)},
)


# --- ator_13 Starfall Bannerman ------------------------------------------------------------
# "If it is not Winter, House Dayne characters get +1 STR."


def _dayne(state: GameState, source: str, subject: Any, base: int) -> int:
    dayne = subject in state.in_play and is_character(state, subject)
    return base + 1 if dayne and of_house_named(state, subject, "House Dayne") else base


register("ator_13", passives={"strength": in_season("not_winter", _dayne)})


# --- ator_15 Knights of the Sun ------------------------------------------------------------
# "Knights of the Sun gets +1 STR for each gold token on it. Marshalling: If it is Summer,
# move any number of gold tokens from your gold pool to Knights of the Sun."


def _knights_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + state.in_play[source].gold if subject == source else base


def _knights_ok(state: GameState, ctx: Ctx) -> bool:
    return summer(state) and state.players[ctx["seat"]].gold > 0


def _knights(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = [str(n) for n in range(1, state.players[seat].gold + 1)]
    data = {"seat": seat, "source": ctx["source"]}
    ask_choose(state, seat, "gold_amount", options, "ator_knights_gold", ctx=data)


@handler("ator_knights_gold")
def _knights_gold(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["source"]
    if ref not in state.in_play:
        return
    moved = moves.pay_gold(state, ctx["seat"], int(ctx["choice"]), "knights_of_the_sun")
    moves.gold_to_card(state, ref, moved, "knights_of_the_sun")


register(
    "ator_15",
    Ability("action", _knights, phases=("marshalling",), condition=_knights_ok),
    passives={"strength": _knights_strength},
)


# --- ator_18 Summer Port ----------------------------------------------------------------------
# "Marshalling: If it is Summer, kneel Summer Port to reduce the cost of the next House
# Baratheon character you play this phase by 1."

register(
    "ator_18",
    replace(cost_reducer(1, houses=("Baratheon",), types=("character",)), condition=summer),
)


# --- ator_4 Fishing Net --------------------------------------------------------------------
# "Attached character cannot be declared as an attacker or defender, and does not count its
# STR for dominance."


def _net_dominance(state: GameState, source: str, subject: Any, base: int) -> int:
    bearer = attached_to(state, source)
    if bearer is None or bearer not in state.in_play or state.in_play[bearer].knelt:
        return base
    if state.in_play[bearer].controller != subject:
        return base
    return base - strength(state, bearer)


register(
    "ator_4",
    passives={
        "can_attack": on_bearer(lambda base: False),
        "can_defend": on_bearer(lambda base: False),
        "dominance": _net_dominance,
    },
)


# --- ator_17 Lion's Gate -----------------------------------------------------------------------
# "If it is not Winter, Lion's Gate gains: 'Any Phase: Kneel Lion's Gate to discard 1 power
# from a non-House card in play. Then, give that card a Trait of your choice until the end of
# the phase.'" A card with power on it; the Traits offered are every Trait of the card pool.


def _powered_cards(state: GameState, ctx: Ctx) -> list[str]:
    return [r for p in state.players for r in p.in_play if state.in_play[r].power > 0]


def _trait_slug(word: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", word).strip("_").lower()


def _lions_gate(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    if state.in_play[ref].power > 0:
        moves.card_power(state, ref, -1, "lions_gate")
    named = {_trait_slug(t): t for t in sorted(every_trait(state))}
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ref, "traits": named}
    ask_choose(state, ctx["seat"], "name_trait", list(named), "ator_lions_gate_trait", ctx=data)


@handler("ator_lions_gate_trait")
def _lions_gate_trait(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        trait = ctx["traits"][ctx["choice"]]
        add_lasting(state, "traits", ref, "phase", ctx["source"], add=[trait])


register(
    "ator_17",
    Ability(
        "action",
        _lions_gate,
        costs=(KNEEL_SELF,),
        targets=_powered_cards,
        condition=not_winter,
    ),
)


# --- ator_14 Maester of the Sun ------------------------------------------------------------
# "Vengeful. Response: If it is Summer, kneel Maester of the Sun and discard a card from your
# hand to save a House Martell character from being killed or discarded from play."


def _martell_leaving(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play
        and is_character(state, r)
        and "Martell" in facts(state, r).houses
        and not moves.saved(state, r)
    ]


register(
    "ator_14",
    *(
        Ability(
            "save",
            moves.save_target,
            trigger=trigger,
            costs=(KNEEL_SELF, Cost("discard_hand", 1)),
            condition=summer,
            targets=_martell_leaving,
        )
        for trigger in ("would_be_killed", "would_be_discarded")
    ),
)


# --- ator_19 Open Market -------------------------------------------------------------------
# "Dominance: If it is Summer, kneel Open Market and discard 2 cards from your hand to return
# any card from your discard pile to your hand." (Not one of the two just discarded: the
# card is chosen as the ability is used, before its costs are paid.)


def _open_market_targets(state: GameState, ctx: Ctx) -> list[str]:
    return list(state.players[ctx["seat"]].discard)


def _open_market(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    ref = ctx["target"]
    if ref in player.discard:
        player.discard.remove(ref)
        player.hand.append(ref)
        state.emit(
            "returned_to_hand", seat=player.seat, card=ref, code=state.code(ref), source="discard"
        )


register(
    "ator_19",
    Ability(
        "action",
        _open_market,
        phases=("dominance",),
        costs=(KNEEL_SELF, Cost("discard_hand", 2)),
        condition=summer,
        targets=_open_market_targets,
    ),
)
