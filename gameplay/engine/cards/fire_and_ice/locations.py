"""Fire and Ice (kr_21 to kr_40): the locations (The Kingsroad twice, Longship Great Kraken,
Winterfell, Slaver's Bay)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    facts,
    handler,
    in_play_named,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choose_opponent,
    discard_top,
    kneel_card,
    not_summer,
    summer,
    winter,
    won,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

KINGSROAD = "The Kingsroad"
WINTERFELL_CLAIM = 1

# --- kr_23 The Kingsroad (The North) --------------------------------------------------------
# "After you win a challenge, kneel all copies of The Kingsroad in play to choose an
# opponent. Then, if it is Winter, that player must discard 1 card at random from his or her
# hand."
# --- kr_29 The Kingsroad (Westeros) ---------------------------------------------------------
# "After you win a challenge, kneel all copies of The Kingsroad in play. Then, if it is
# Summer, draw 1 card."
# No trigger word: forced effects of the won challenge (RULINGS: "After ..., ..." without
# "Response:"). The cost is paid only while this copy stands: it kneels every standing copy
# in play, any player's and both printings (same name), so a second copy of its controller
# finds itself knelt and does nothing. Then the effect resolves.


def _kingsroad(then: Callable[[GameState, Ctx], None]) -> Callable[[GameState, Ctx], None]:
    def forced(state: GameState, ctx: Ctx) -> None:
        source = ctx["source"]
        if ctx["event"].get("winner") != ctx["seat"]:
            return
        if source not in state.in_play or state.in_play[source].knelt:
            return
        for ref in in_play_named(state, KINGSROAD):
            if not state.in_play[ref].knelt:
                kneel_card(state, ref)
        then(state, ctx)

    return forced


def _north_road(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "kr_kingsroad_north")


@handler("kr_kingsroad_north")
def _north_road_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other = int(ctx["choice"])
    if winter(state) and state.players[other].hand:
        moves.discard_at_random(state, other, 1)


def _westeros_road(state: GameState, ctx: Ctx) -> None:
    if summer(state):
        moves.effect_draw(state, ctx["seat"], 1)


register("kr_23", forced={"challenge_won": _kingsroad(_north_road)})
register("kr_29", forced={"challenge_won": _kingsroad(_westeros_road)})

# --- kr_25 Longship Great Kraken ------------------------------------------------------------
# 'If it is not Summer, Longship Great Kraken gains, "Dominance: Each opponent must discard
# the top X cards of his or her deck, where X is the number of characters in his or her dead
# pile. (Limit once per round.)"'  X is counted for each opponent as the effect resolves.


def _kraken(state: GameState, ctx: Ctx) -> None:
    for other in state.opponents(ctx["seat"]):
        dead = state.players[other].dead
        count = sum(1 for r in dead if facts(state, r).type == "character")
        if count:
            discard_top(state, other, count, "kr_great_kraken")


register(
    "kr_25",
    Ability("action", _kraken, phases=("dominance",), condition=not_summer, limit=(1, "round")),
)

# --- kr_34 Winterfell -----------------------------------------------------------------------
# "No attachments. Challenges: If it is Winter, kneel Winterfell to increase the claim of the
# current challenge by 1."  The attacking player's claim, until the challenge ends (any
# player's challenge, Winterfell's controller taking part or not).


def _winterfell(state: GameState, ctx: Ctx) -> None:
    if state.challenge is not None:
        attacker = state.challenge["attacker"]
        add_lasting(state, "claim", attacker, "challenge", ctx["source"], amount=WINTERFELL_CLAIM)


register(
    "kr_34",
    Ability(
        "action",
        _winterfell,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        condition=lambda state, ctx: winter(state) and state.challenge is not None,
    ),
)

# --- kr_37 Slaver's Bay ---------------------------------------------------------------------
# "Response: If it is Summer, after you win a [Power] challenge, kneel Slaver's Bay to put a
# non-unique character from any opponent's discard pile into play under your control."  The
# character is chosen as the effect resolves (the piles are public); offered only while one
# is there.


def _bay_candidates(state: GameState, seat: int) -> list[str]:
    return [
        r
        for other in state.opponents(seat)
        for r in state.players[other].discard
        if facts(state, r).type == "character" and not facts(state, r).unique
    ]


def _bay(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _bay_candidates(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "put_into_play", found, "kr_slavers_bay", low=1, high=1, ctx=data)


@handler("kr_slavers_bay")
def _bay_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in _bay_candidates(state, seat):
            put_into_play(state, seat, ref)


register(
    "kr_37",
    Ability(
        "response",
        _bay,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=lambda state, ctx: (
            summer(state) and won("power")(state, ctx) and bool(_bay_candidates(state, ctx["seat"]))
        ),
    ),
)
