"""Reach of the Kraken (asots_1 to asots_20): the characters but the Fleets (fleets.py)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    characters,
    controller,
    facts,
    handler,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    discard_top,
    has_trait,
    lost,
    out_of_shadows,
    won,
    won_with,
)
from gameplay.engine.cards.vocabulary.naval import naval_icons
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState, shuffle_zone

# --- asots_1 Little Bird ---------------------------------------------------------------------
# "Challenges: Kneel Little Bird to choose a character. Until the end of the phase, that
# character gains (choose 1): an [Intrigue] icon, stealth, or infamy."  Any character in
# play; the choice is made as the effect resolves (option ``intrigue``, ``stealth`` or
# ``infamy``).

LITTLE_BIRD_GAINS = ("intrigue", "stealth", "infamy")


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters(state)


def _little_bird(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] not in state.in_play:
        return
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ctx["target"]}
    ask_choose(state, ctx["seat"], "gains", list(LITTLE_BIRD_GAINS), "rotk_little_bird", ctx=data)


@handler("rotk_little_bird")
def _little_bird_gains(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    target, choice = ctx["target"], ctx["choice"]
    if target not in state.in_play:
        return
    query = "icons" if choice == "intrigue" else "keywords"
    add_lasting(state, query, target, "phase", ctx["source"], add=[choice])


register(
    "asots_1",
    Ability(
        "action",
        _little_bird,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_any_character,
    ),
)

# --- asots_2 Blackwater Bay Veteran ----------------------------------------------------------
# "Infamy. While Blackwater Bay Veteran has 1 or more power on it, it gains a [Military]
# [Naval] enhancement."  The ``naval`` set query of the card itself (vocabulary.naval: the
# enhancement counts on the [Military] icon it has).


def _veteran_naval(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    record = state.in_play.get(source)
    if subject == source and record is not None and record.power >= 1:
        return set(base) | {"military"}
    return base


register("asots_2", passives={"naval": _veteran_naval})

# --- asots_4 Apostle of The Drowned God ------------------------------------------------------
# "Response: After you win a challenge in which Apostle of The Drowned God participated,
# discard the top card of the losing opponent's deck. If that card is a location, Apostle of
# The Drowned God claims 1 power."  Not offered while the loser's deck is empty.


def _apostle_may(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return (
        won_with("self")(state, ctx)
        and loser is not None
        and loser != ctx["seat"]
        and bool(state.players[loser].deck)
    )


def _apostle(state: GameState, ctx: Ctx) -> None:
    found = discard_top(state, ctx["event"]["loser"], 1, "apostle")
    location = any(facts(state, r).type == "location" for r in found)
    if location and ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "apostle")


register(
    "asots_4",
    Ability("response", _apostle, trigger="challenge_won", condition=_apostle_may),
)

# --- asots_6 Victarion Greyjoy ---------------------------------------------------------------
# "While Victarion Greyjoy is attacking, raise the claim value on your revealed plot card by 1
# if you control more participating characters with [Naval] enhancements than the defending
# opponent."  The ``claim`` query of his controller; a character "with [Naval] enhancements"
# has one on any icon it has (vocabulary.naval), whatever the challenge's type.


def _naval_count(state: GameState, refs: list[str], seat: int) -> int:
    return sum(
        1
        for r in refs
        if r in state.in_play and controller(state, r) == seat and naval_icons(state, r)
    )


def _victarion_claim(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    if challenge is None or source not in challenge["attackers"]:
        return base
    seat = controller(state, source)
    if subject != seat or challenge.get("attacker") != seat:
        return base
    sides = challenge["attackers"] + challenge["defenders"]
    mine = _naval_count(state, sides, seat)
    theirs = _naval_count(state, sides, challenge["defender"])
    return base + 1 if mine > theirs else base


register("asots_6", passives={"claim": _victarion_claim})

# --- asots_10 Wyman Manderly -----------------------------------------------------------------
# "While Wyman Manderly is participating in a challenge, participating characters with STR 2
# or lower do not count their STR."  The ``counts_strength`` permission of each
# participating character (his own too) whose STR is 2 or lower.


def _wyman_counts(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if challenge is None or not isinstance(subject, str):
        return base
    sides = challenge["attackers"] + challenge["defenders"]
    if source not in sides or subject not in sides or subject not in state.in_play:
        return base
    return base and strength(state, subject) > 2


register("asots_10", passives={"counts_strength": _wyman_counts})

# --- asots_12 Areo Hotah ---------------------------------------------------------------------
# "Vengeful. Response: After you lose a challenge in which Areo Hotah participated in as the
# defender, discard the top 5 cards of your deck to choose and kill a participating
# character."  The 5 cards are a cost: not offered with fewer than 5 in the deck. Any
# participating character (either side) may be chosen; the kill can be saved.

AREO_DISCARD = 5


def _areo_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        lost("defender")(state, ctx)
        and ctx["source"] in event.get("defenders", ())
        and len(state.players[ctx["seat"]].deck) >= AREO_DISCARD
    )


def _participating(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["attackers"] + challenge["defenders"] if r in state.in_play]


def _areo(state: GameState, ctx: Ctx) -> None:
    discard_top(state, ctx["seat"], AREO_DISCARD, "cost")
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])


register(
    "asots_12",
    Ability(
        "response",
        _areo,
        trigger="challenge_won",
        condition=_areo_may,
        targets=_participating,
    ),
)

# --- asots_14 Missandei ----------------------------------------------------------------------
# "While no opponent controls a Queen character, Missandei cannot be discarded from play."
# The ``can_be_discarded`` permission of Missandei herself.


def _missandei(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source or source not in state.in_play:
        return base
    seat = controller(state, source)
    queens = [
        r
        for other in state.opponents(seat)
        for r in characters(state, other)
        if has_trait(state, r, "Queen")
    ]
    return base and bool(queens)


register("asots_14", passives={"can_be_discarded": _missandei})

# --- asots_15 Captain Groleo -----------------------------------------------------------------
# "Response: After you win a challenge in which Captain Groleo participated by 4 or more
# total STR, search your deck for an attachment and add it to your hand. Then, shuffle your
# deck."  The found card is revealed (zones.events_found), the deck shuffled by the search.


def _groleo_may(state: GameState, ctx: Ctx) -> bool:
    return won(by=4)(state, ctx) and won_with("self")(state, ctx)


def _groleo(state: GameState, ctx: Ctx) -> None:
    moves.search_deck(
        state,
        ctx["seat"],
        lambda r: facts(state, r).type == "attachment",
        "events_found",
        ctx={"source": ctx["source"]},
    )


register(
    "asots_15",
    Ability("response", _groleo, trigger="challenge_won", condition=_groleo_may),
)

# --- asots_17 Summer Sea Corsair -------------------------------------------------------------
# "Response: After Summer Sea Corsair comes out of Shadows, reveal 1 card from the top of your
# deck for each Smuggler character you control. Choose 1 revealed card and add it to your
# hand. Then, shuffle the rest back into your deck."  The Smugglers are counted as it
# resolves (the Corsair is one); the revealed cards are public, the one chosen goes to the
# hand and the deck is shuffled.


def _smugglers(state: GameState, seat: int) -> int:
    return sum(1 for r in characters(state, seat) if has_trait(state, r, "Smuggler"))


def _corsair_may(state: GameState, ctx: Ctx) -> bool:
    return bool(state.players[ctx["seat"]].deck) and _smugglers(state, ctx["seat"]) >= 1


def _corsair(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    top = list(state.players[seat].deck[: _smugglers(state, seat)])
    if not top:
        return
    moves.reveal(state, seat, top, "corsair")
    top = [r for r in top if r in state.players[seat].deck]
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "to_hand", top, "rotk_corsair", low=1, high=1, ctx=data)


@handler("rotk_corsair")
def _corsair_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref in player.deck:
            player.deck.remove(ref)
            player.hand.append(ref)
            state.emit("revealed_to_hand", seat=player.seat, card=ref)
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=player.seat, zone="deck")


register("asots_17", out_of_shadows(_corsair, condition=_corsair_may))
