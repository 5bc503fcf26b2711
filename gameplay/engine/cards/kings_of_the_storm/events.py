"""Kings of the Storm events (kotst_*), registered by card code."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    effect,
    facts,
    handler,
    icons,
    participating,
    register,
)
from gameplay.engine.cards.kings_of_the_storm.common import (
    baratheon_character,
    event,
    has_trait,
    in_play_of,
    response,
    won,
)
from gameplay.engine.cards.vocabulary import (
    choose_opponent,
    discard_then_order,
    kneel_card,
    stand_card,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

# --- kotst_33 Obey the King ---------------------------------------------------------------
# "House Baratheon only. Challenges: Choose and stand or kneel 1 character with at least 1
# power." Two abilities: stand a kneeling one, or kneel a standing one.


def _with_power(knelt: bool) -> Callable[[GameState, Ctx], list[str]]:
    def targets(state: GameState, ctx: Ctx) -> list[str]:
        return [
            r
            for r in in_play_of(state, "character")
            if state.in_play[r].power >= 1 and state.in_play[r].knelt == knelt
        ]

    return targets


def _obey_stand(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["target"])


def _obey_kneel(state: GameState, ctx: Ctx) -> None:
    kneel_card(state, ctx["target"])


register(
    "kotst_33",
    event(
        _obey_stand,
        phases=("challenges",),
        targets=_with_power(True),
        label="Challenges: Stand 1 character with at least 1 power.",
    ),
    event(
        _obey_kneel,
        phases=("challenges",),
        targets=_with_power(False),
        label="Challenges: Kneel 1 character with at least 1 power.",
    ),
)


# --- kotst_34 Heart of the Stag -----------------------------------------------------------
# "Challenges: Choose 1 participating House Baratheon character. That character gets +2 STR
# and gains renown until the end of the challenge."


def _baratheon_participants(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in in_play_of(state, "character")
        if participating(state, r) and baratheon_character(state, r)
    ]


def _stag(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        add_lasting(state, "strength", ref, "challenge", ctx["source"], amount=2)
        add_lasting(state, "keywords", ref, "challenge", ctx["source"], add=["renown"])


register("kotst_34", event(_stag, phases=("challenges",), targets=_baratheon_participants))


# --- kotst_35 Bound by Blood --------------------------------------------------------------
# "Challenges: Return 1 House Baratheon character to your hand (cannot be saved) to put
# another House Baratheon character with the same cost (and different title) into play from
# your hand." The character returned (the target) is yours; the one put into play is
# chosen as the event resolves, among those in hand with the same printed cost and another
# name (not the returned card itself).


def _swaps(state: GameState, seat: int, ref: str) -> list[str]:
    card = facts(state, ref)
    return [
        r
        for r in state.players[seat].hand
        if r != ref
        and baratheon_character(state, r)
        and facts(state, r).cost == card.cost
        and facts(state, r).name != card.name
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _bound_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in in_play_of(state, "character", seat)
        if baratheon_character(state, r) and _swaps(state, seat, r)
    ]


def _bound(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["target"]
    if ref not in state.in_play:
        return
    card = facts(state, ref)
    candidates = _swaps(state, seat, ref)
    moves.return_to_hand(state, [ref], savable=False)
    data = {"seat": seat, "cost": card.cost, "name": card.name, "returned": ref}
    ask_select(
        state,
        seat,
        "put_into_play",
        candidates,
        "kotst_bound",
        low=1,
        high=1,
        ctx=data,
        position=1,
        hidden=True,
    )


@handler("kotst_bound")
def _bound_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        card = facts(state, ref)
        fits = (
            ref in state.players[seat].hand
            and ref != ctx["returned"]
            and baratheon_character(state, ref)
            and card.cost == ctx["cost"]
            and card.name != ctx["name"]
            and unique_problem(state, seat, card) is None
        )
        if fits:
            put_into_play(state, seat, ref)


register("kotst_35", event(_bound, phases=("challenges",), targets=_bound_targets))


# --- kotst_37 Dark Prophecy ---------------------------------------------------------------
# "House Baratheon only. Response: After you win dominance or after you win a Power
# challenge, reveal the top 5 cards of an opponent's deck, discard 1 of the cards, and put
# the rest on the top of the deck in any order."
# The order: the player selects the remaining cards one at a time from the top down.


def _won_dominance(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _prophecy(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "kotst_prophecy_opponent")


@handler("kotst_prophecy_opponent")
def _prophecy_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other = ctx["seat"], int(ctx["choice"])
    top = state.players[other].deck[:5]
    if not top:
        return
    _prophecy_discard(state, seat, other, top)
    moves.reveal(state, seat, top, "dark_prophecy")


_prophecy_discard = discard_then_order("kotst_prophecy", hidden=False)


register(
    "kotst_37",
    response(_prophecy, "dominance_won", condition=_won_dominance),
    response(_prophecy, "challenge_won", condition=won("power")),
)


# --- kotst_38 See who is Stronger ---------------------------------------------------------
# "House Baratheon only. Any Phase: Kneel 3 influence to choose 1 Knight or 1 Army character
# in your discard or dead pile. Put that character into play." (printed traits; a unique
# one only if you could have it)


def _stronger_targets(state: GameState, ctx: Ctx) -> list[str]:
    player = state.players[ctx["seat"]]
    return [
        r
        for r in player.discard + player.dead
        if facts(state, r).type == "character"
        and (has_trait(state, r, "Knight") or has_trait(state, r, "Army"))
        and unique_problem(state, ctx["seat"], facts(state, r)) is None
    ]


def _stronger(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    ref = ctx["target"]
    if (
        ref in player.discard + player.dead
        and unique_problem(state, ctx["seat"], facts(state, ref)) is None
    ):
        put_into_play(state, ctx["seat"], ref)


register(
    "kotst_38",
    event(_stronger, costs=(Cost("influence", 3),), targets=_stronger_targets),
)


# --- kotst_47 Superior Claim --------------------------------------------------------------
# "Response: After you win a Power challenge by 4 or more total STR, claim 2 power for your
# House. Limit 1 per challenge."


def _superior(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 2, "superior_claim")


register(
    "kotst_47",
    response(_superior, "challenge_won", condition=won("power", 4), limit=(1, "challenge")),
)


# --- kotst_36 Direct Assault --------------------------------------------------------------
# "House Stark or House Baratheon only. Challenges: Choose 1 character with a Military and a
# Power icon that is attacking alone. For the duration of the challenge, that character gets
# +2 STR. If you win the challenge, instead of the normal claim effects, choose a non-unique
# location controlled by the losing opponent. Take control of that location."
# Only the attacker can win the challenge, so the claim is replaced only when the attacker
# plays it: its claim is 0 for the challenge, and the location is taken as the challenge's
# responses open (a player without such a location takes nothing).


def _alone_attackers(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None or len(challenge["attackers"]) != 1:
        return []
    ref = challenge["attackers"][0]
    if ref not in state.in_play or not {"military", "power"} <= icons(state, ref):
        return []
    return [ref]


def _assault(state: GameState, ctx: Ctx) -> None:
    ref, seat, challenge = ctx["target"], ctx["seat"], state.challenge
    if ref not in state.in_play or challenge is None:
        return
    add_lasting(state, "strength", ref, "challenge", ctx["source"], amount=2)
    if challenge["attacker"] == seat:
        add_lasting(state, "claim", seat, "challenge", ctx["source"], amount=-100)
        add_delayed(state, "challenge_won", seat, "kotst_assault_take", ctx["source"])


@effect("kotst_assault_take")
def _assault_take(state: GameState, entry: dict) -> None:
    challenge = state.challenge
    loser = challenge.get("loser") if challenge else None
    if loser is None:
        return
    locations = [r for r in in_play_of(state, "location", loser) if not facts(state, r).unique]
    data = {"seat": entry["seat"]}
    then = "kotst_assault_location"
    ask_select(state, entry["seat"], "take_control", locations, then, low=1, high=1, ctx=data)


@handler("kotst_assault_location")
def _assault_location(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            moves.take_control(state, ref, ctx["seat"])


register(
    "kotst_36",
    event(_assault, phases=("challenges",), targets=_alone_attackers),
)


# --- kotst_48 Narrow Escape ---------------------------------------------------------------
# "Any Phase: Put into play from their owner's dead piles or discard piles all characters
# that were killed or discarded this phase. Any opponent may discard his or her hand of at
# least 1 card to cancel this effect. (Limit one per phase.)" (the limit is errata)
# The characters are those that left play for the dead or discard pile this phase and are
# still there; each comes into play under its owner's control (a unique one only while its
# owner has no copy in play). The opponents are asked in turn order; the first who discards
# his or her hand cancels it.


def _escaped(state: GameState) -> list[str]:
    found: list[str] = []
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            break
        if entry["event"] != "left_play" or entry.get("to") not in ("dead", "discard"):
            continue
        ref = entry["card"]
        if ref not in state.cards or ref in found or facts(state, ref).type != "character":
            continue
        owner = state.players[state.cards[ref].owner]
        if ref in owner.dead or ref in owner.discard:
            found.append(ref)
    return list(reversed(found))


def _escape_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_escaped(state))


def _escape(state: GameState, ctx: Ctx) -> None:
    opponents = [s for s in state.turn_order() if s in state.opponents(ctx["seat"])]
    _escape_ask(state, {"seat": ctx["seat"], "source": ctx["source"], "left": opponents})


def _escape_ask(state: GameState, ctx: Ctx) -> None:
    left = [s for s in ctx["left"] if state.players[s].hand]
    if not left:
        _escape_resolve(state)
        return
    data = {"seat": ctx["seat"], "source": ctx["source"], "left": left[1:], "asked": left[0]}
    options = ["discard_hand", "allow"]
    ask_choose(state, left[0], "cancel_escape", options, "kotst_escape_cancel", ctx=data)


@handler("kotst_escape_cancel")
def _escape_cancel(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["asked"]]
    if ctx["choice"] != "discard_hand" or not player.hand:
        _escape_ask(state, ctx)
        return
    moves.discard_from_hand(state, player.seat, list(player.hand))
    state.emit("cancelled", seat=player.seat, card=ctx["source"], code=state.code(ctx["source"]))


def _escape_resolve(state: GameState) -> None:
    for ref in _escaped(state):
        owner = state.cards[ref].owner
        if unique_problem(state, owner, facts(state, ref)) is None:
            put_into_play(state, owner, ref)


register(
    "kotst_48",
    event(_escape, condition=_escape_may, limit=(1, "phase")),
)
