"""The Pirates of Lys: the plots (asots_43 Cersei's Scheme, asots_46 Victarion's Scheme,
asots_58 Torrhen's Square, asots_59 Negotiations at the Great Sept)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import Ctx, characters, handler, register
from gameplay.engine.cards.vocabulary import choosable, choose_opponent, has_trait, kneel_card
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState, shuffle_zone

# --- asots_43 Cersei's Scheme --------------------------------------------------------------
# "If you win a challenge as the attacker and the defending player does not have more
# participating characters than you, choose and kneel 1 character controlled by the losing
# opponent."  A forced effect after each such win (``challenge_won``, before the
# responses): the participants are those still in the challenge as it is won; a standing
# character of the loser is chosen (none: nothing happens).


def _cersei_scheme(state: GameState, ctx: Ctx) -> None:
    event, seat = ctx["event"], ctx["seat"]
    loser = event.get("loser")
    if event.get("winner") != seat or event.get("attacker") != seat or loser is None:
        return
    attackers = [r for r in event.get("attackers") or () if r in state.in_play]
    defenders = [r for r in event.get("defenders") or () if r in state.in_play]
    if len(defenders) > len(attackers):
        return
    found = [
        r
        for r in characters(state, loser)
        if not state.in_play[r].knelt and choosable(state, r, ctx["source"], seat)
    ]
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "kneel", found, "asots_cersei_scheme", low=1, high=1, ctx=data)


@handler("asots_cersei_scheme")
def _cersei_kneel(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            kneel_card(state, ref)


register("asots_43", forced={"challenge_won": _cersei_scheme})

# --- asots_46 Victarion's Scheme -----------------------------------------------------------
# "During unopposed challenges, raise the claim value on your revealed plot card by 1."  The
# ``claim`` query of its owner while the current challenge is unopposed (the defending
# player has no participating character: set once the challenge is resolved, before claim).


def _victarion_claim(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if subject != state.cards[source].owner or challenge is None:
        return base
    return base + 1 if challenge.get("unopposed") else base


register("asots_46", passives={"claim": _victarion_claim})

# --- asots_58 Torrhen's Square and asots_59 Negotiations at the Great Sept -----------------
# "If you have no other City plots in your used pile, ...": no plot card with the City trait
# in its owner's used pile other than this one.


def _no_other_city(state: GameState, source: str) -> bool:
    seat = state.cards[source].owner
    return not any(
        r != source and has_trait(state, r, "City") for r in state.players[seat].used_plots
    )


# "If you have no other City plots in your used pile, raise the claim value on your revealed
# plot card by 1 during [Military] challenges."


def _torrhen_claim(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if subject != state.cards[source].owner or challenge is None:
        return base
    if challenge["type"] == "military" and _no_other_city(state, source):
        return base + 1
    return base


register("asots_58", passives={"claim": _torrhen_claim})

# "If you have no other City plots in your used pile, choose an opponent. You and that
# opponent may each choose to shuffle your hands of at least 1 card into your decks, and
# replace them with the top 5 cards of the same deck."  A when revealed effect: the
# revealing player decides first, then the opponent; a player with an empty hand is not
# asked. Taking the 5 cards is not drawing (no draw cap).


def _negotiations(state: GameState, ctx: Ctx) -> None:
    if _no_other_city(state, ctx["source"]):
        choose_opponent(state, ctx, "asots_negotiations_opponent")


@handler("asots_negotiations_opponent")
def _negotiations_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seats = [ctx["seat"], int(ctx["choice"])]
    _ask_replace(state, {"source": ctx["source"], "seats": seats})


def _ask_replace(state: GameState, data: Ctx) -> None:
    seats = list(data["seats"])
    while seats and not state.players[seats[0]].hand:
        seats.pop(0)
    if not seats:
        return
    rest = {"source": data["source"], "seat": seats[0], "seats": seats[1:]}
    options = ["replace", "keep"]
    ask_choose(state, seats[0], "replace_hand", options, "asots_negotiations_replace", ctx=rest)


@handler("asots_negotiations_replace")
def _negotiations_replace(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    if ctx["choice"] == "replace" and player.hand:
        player.deck.extend(player.hand)
        player.hand = []
        shuffle_zone(state, player.deck)
        state.emit("shuffled", seat=player.seat, zone="deck")
        taken = player.deck[:5]
        del player.deck[:5]
        player.hand.extend(taken)
        state.emit("hand_replaced", seat=player.seat, count=len(taken), card=ctx["source"])
    _ask_replace(state, {"source": ctx["source"], "seats": ctx["seats"]})


register("asots_59", when_revealed=_negotiations)
