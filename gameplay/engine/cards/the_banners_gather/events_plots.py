"""The Banners Gather (kr_1 to kr_20): the events (kr_3, 15, 18, 19) and the plot Rally Cry
(kr_20)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Cost,
    Ctx,
    add_delayed,
    characters,
    controller,
    effect,
    facts,
    handler,
    pool,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    discard_top,
    event,
    in_play_of,
    most_at_command,
    of_house,
    response,
    won,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- kr_3 Into the Breach -----------------------------------------------------------------
# "Any Phase: Put a [Baratheon] character into play from your hand. At the end of the
# phase, if that character is still in play, discard it."  The character is chosen as the
# event is played (uniqueness applies); the discard at the end of the phase may be saved.


def _baratheon_in_hand(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in state.players[seat].hand
        if r != ctx["source"]
        and facts(state, r).type == "character"
        and of_house(state, r, "Baratheon")
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _into_the_breach(state: GameState, ctx: Ctx) -> None:
    seat, card = ctx["seat"], ctx["target"]
    if card not in state.players[seat].hand:
        return
    put_into_play(state, seat, card)
    add_delayed(state, "phase_ends", seat, "kr_breach_end", ctx["source"], "phase", card=card)


@effect("kr_breach_end")
def _breach_end(state: GameState, data: Ctx) -> None:
    if data["card"] in state.in_play:
        moves.discard(state, [data["card"]])


register("kr_3", event(_into_the_breach, targets=_baratheon_in_hand))

# --- kr_15 Breaching the Wall -------------------------------------------------------------
# "House Stark only. Limited Response: After you win a [Military] challenge, choose and kill
# any number of characters with a higher STR than printed cost that are controlled by the
# losing opponent. (Limit 1 limited response per round.)"  The characters are chosen as it
# resolves (any number, none included); playable while there is at least one.


def _over_cost_of_loser(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    if loser is None:
        return []
    return [
        r
        for r in characters_of(state, loser)
        if strength(state, r) > (facts(state, r).cost or 0)
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _breaching_may(state: GameState, ctx: Ctx) -> bool:
    return won("military")(state, ctx) and bool(_over_cost_of_loser(state, ctx))


def _breaching(state: GameState, ctx: Ctx) -> None:
    found = _over_cost_of_loser(state, ctx)
    if found:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_select(state, ctx["seat"], "kill", found, "kr_breaching", high=len(found), ctx=data)


@handler("kr_breaching")
def _breaching_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        moves.kill(state, chosen)


register(
    "kr_15",
    response(
        _breaching,
        "challenge_won",
        condition=_breaching_may,
        limited_response=True,
    ),
)

# --- kr_18 Rain of Fire -------------------------------------------------------------------
# "Play only if you control at least 1 printed Dragon character. Challenges: Discard all
# attachment cards from play. Then, discard the top card of your deck for each attachment
# discarded by this effect."  Every attachment in play (on a character, a location or a
# House card) that the event may affect; the deck discard counts those that left play
# (saves apply), once the discard and its responses are over (a forced step of the event).

RAIN_THEN = "kr_rain_then"


def _printed_dragon(state: GameState, ctx: Ctx) -> bool:
    cards = pool(state)
    return any("Dragon" in cards[state.code(r)].traits for r in characters_of(state, ctx["seat"]))


def _rain_of_fire(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    found = [r for r in in_play_of(state, "attachment") if choosable(state, r, source, seat)]
    if not found:
        return
    moves.discard(state, found)
    then = {"name": "forced", "source": source, "moment": RAIN_THEN, "index": 0}
    then["event"] = {"cards": [source], "attachments": found, "seat": seat}
    at = next((i for i, s in enumerate(state.queue) if s["name"] == "leave_now"), -1) + 1
    state.queue.insert(at, then)


def _rain_then(state: GameState, ctx: Ctx) -> None:
    event_data = ctx["event"]
    gone = [r for r in event_data["attachments"] if r not in state.in_play]
    if gone:
        discard_top(state, event_data["seat"], len(gone), "kr_18")


register(
    "kr_18",
    event(_rain_of_fire, phases=("challenges",), condition=_printed_dragon),
    forced={RAIN_THEN: _rain_then},
)

# --- kr_19 Storm the Gate -----------------------------------------------------------------
# "House Baratheon or Greyjoy only. Dominance: Kneel 3 influence or pay 3 gold to discard
# all kneeling characters from play."  Two ways to play it (two abilities, one per cost);
# every knelt character in play, yours too, that the event may affect (saves apply).


def _storm(state: GameState, ctx: Ctx) -> None:
    found = [
        r
        for r in characters(state)
        if state.in_play[r].knelt and choosable(state, r, ctx["source"], ctx["seat"])
    ]
    if found:
        moves.discard(state, found)


register(
    "kr_19",
    event(_storm, phases=("dominance",), costs=(Cost("influence", 3),)),
    event(_storm, phases=("dominance",), costs=(Cost("gold", 3),)),
)

# --- kr_20 Rally Cry ----------------------------------------------------------------------
# "When revealed, choose and discard 1 character or location with cost X or lower controlled
# by the player with the most cards at his or her command. X is the combined number of plots
# in all players' used piles."  The revealing player chooses; printed cost; nobody has the
# most on a tie (then nothing happens); the discard may be saved.


def _rally_cry(state: GameState, ctx: Ctx) -> None:
    leader = most_at_command(state)
    if leader is None:
        return
    limit = sum(len(p.used_plots) for p in state.players)
    source, seat = ctx["source"], ctx["seat"]
    found = [
        r
        for r in state.players[leader].in_play
        if facts(state, r).type in ("character", "location")
        and controller(state, r) == leader
        and (facts(state, r).cost or 0) <= limit
        and choosable(state, r, source, seat)
    ]
    if found:
        data = {"seat": seat, "source": source}
        ask_select(state, seat, "discard", found, "kr_rally_cry", low=1, high=1, ctx=data)


@handler("kr_rally_cry")
def _rally_cry_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        moves.discard(state, chosen)


register("kr_20", when_revealed=_rally_cry)
