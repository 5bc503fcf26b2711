"""A Journey's End: the three Prayer events (asots_118 to asots_120). Each is paid by kneeling
2 influence or by kneeling a [Holy] character you control: two abilities per card, one per
way to pay ("Any House except X" is deck-building)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    crests,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.leaving import save
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.uses import put_into_play

PRAYER_INFLUENCE = 2


def _holy(state: GameState, ref: str) -> bool:
    return "holy" in crests(state, ref)


PRAYER_COSTS = (
    Cost("influence", PRAYER_INFLUENCE),
    Cost("kneel", 1, _holy, "[Holy] character"),
)

# --- asots_118 Blessed by the Maiden -------------------------------------------------------
# "Any House except Baratheon. Any Phase: Kneel 2 influence or kneel a [Holy] character to
# choose up to 3 cards in any player's discard and dead piles and shuffle them into his or
# her deck."  One player's piles ("his or her deck"): the player chooses that player (one
# whose discard or dead pile holds a card), then up to 3 cards of those two piles; they are
# shuffled into that player's deck. Not the Blessed by the Maiden being played (it is in the
# discard pile as it resolves).

BLESSED_COUNT = 3


def _pile_cards(state: GameState, seat: int, source: str) -> list[str]:
    player = state.players[seat]
    return [r for r in (*player.discard, *player.dead) if r != source]


def _piled_seats(state: GameState, source: str) -> list[int]:
    return [p.seat for p in state.players if _pile_cards(state, p.seat, source)]


def _blessed_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_piled_seats(state, ctx["source"]))


def _blessed(state: GameState, ctx: Ctx) -> None:
    seats = _piled_seats(state, ctx["source"])
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(seats) == 1:
        _blessed_cards(state, {**data, "choice": str(seats[0])}, [])
    elif seats:
        options = [str(s) for s in seats]
        ask_choose(state, ctx["seat"], "player", options, "asots_blessed_player", ctx=data)


@handler("asots_blessed_player")
def _blessed_cards(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    whose = int(ctx["choice"])
    found = _pile_cards(state, whose, ctx["source"])
    data = {"seat": ctx["seat"], "whose": whose}
    then = "asots_blessed_shuffle"
    ask_select(state, ctx["seat"], "shuffle", found, then, high=BLESSED_COUNT, ctx=data)


@handler("asots_blessed_shuffle")
def _blessed_shuffle(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["whose"]]
    moved = False
    for ref in selected:
        for pile in (player.discard, player.dead):
            if ref in pile:
                pile.remove(ref)
                player.deck.append(ref)
                state.emit("to_deck", seat=player.seat, card=ref, code=state.code(ref))
                moved = True
    if moved:
        shuffle_zone(state, player.deck)
        state.emit("shuffled", seat=player.seat, zone="deck")


register(
    "asots_118",
    *(
        Ability("action", _blessed, zones=("hand",), costs=(cost,), condition=_blessed_may)
        for cost in PRAYER_COSTS
    ),
)

# --- asots_119 Supported by the Smith ------------------------------------------------------
# "Any House except Greyjoy. Any Phase: Kneel 2 influence or kneel a [Holy] character to
# choose up to 2 locations with a total printed cost of 2 or less in your discard pile and
# put them into play."  Chosen one after the other (the second within what the first left
# of the 2; a location with no printed cost counts 0), each put into play at once
# (uniqueness permitting: a second copy of a unique location just put in play is no choice).

SMITH_TOTAL = 2
SMITH_COUNT = 2


def _printed_cost(state: GameState, ref: str) -> int:
    return facts(state, ref).cost or 0


def _smith_locations(state: GameState, seat: int, budget: int) -> list[str]:
    return [
        r
        for r in state.players[seat].discard
        if facts(state, r).type == "location"
        and _printed_cost(state, r) <= budget
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _smith_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_smith_locations(state, ctx["seat"], SMITH_TOTAL))


def _smith(state: GameState, ctx: Ctx) -> None:
    _smith_ask(state, {"seat": ctx["seat"], "budget": SMITH_TOTAL, "left": SMITH_COUNT})


def _smith_ask(state: GameState, data: Ctx) -> None:
    found = _smith_locations(state, data["seat"], data["budget"])
    if found and data["left"] > 0:
        ask_select(state, data["seat"], "put_into_play", found, "asots_smith", high=1, ctx=data)


@handler("asots_smith")
def _smith_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in state.players[seat].discard:
            put_into_play(state, seat, ref)
            budget = ctx["budget"] - _printed_cost(state, ref)
            _smith_ask(state, {"seat": seat, "budget": budget, "left": ctx["left"] - 1})


register(
    "asots_119",
    *(
        Ability("action", _smith, zones=("hand",), costs=(cost,), condition=_smith_may)
        for cost in PRAYER_COSTS
    ),
)

# --- asots_120 Favored by the Warrior ------------------------------------------------------
# "Any House except Stark. Response: Kneel 2 influence or kneel a [Holy] character to save a
# unique character you control from being killed (any player may discard 3 power from his
# or her House card to cancel this effect). Then, search your deck for a copy of that
# character and attach it as a duplicate and shuffle your deck."  As it resolves, each other
# player with 3 power on his or her House card, in turn order, may discard 3 of it to cancel
# the whole effect; otherwise the character is saved, then its player searches the deck for
# a card of the same title to put under it as a duplicate (the deck is shuffled).

FAVORED_POWER = 3
FAVORED_OPTIONS = ("cancel", "allow")


def _favored_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards") or ()
        if r in state.in_play
        and is_character(state, r)
        and facts(state, r).unique
        and state.in_play[r].controller == ctx["seat"]
        and not moves.saved(state, r)
    ]


def _favored(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    others = [s for s in state.turn_order() if s != seat]
    data = {"seat": seat, "source": ctx["source"], "target": ctx["target"], "asking": others}
    _favored_ask(state, data)


def _favored_ask(state: GameState, data: Ctx) -> None:
    asking = [s for s in data["asking"] if state.players[s].power >= FAVORED_POWER]
    if asking:
        ctx = {**data, "asking": asking[1:], "other": asking[0]}
        ask_choose(state, asking[0], "cancel_favored", FAVORED_OPTIONS, "asots_favored", ctx=ctx)
        return
    target, seat = data["target"], data["seat"]
    if target not in state.in_play:
        return
    save(state, target, by=data["source"])
    title = facts(state, target).name

    def copy(ref: str) -> bool:
        return facts(state, ref).name == title

    found = {"seat": seat, "target": target}
    moves.search_deck(state, seat, copy, "asots_favored_found", ctx=found)


@handler("asots_favored")
def _favored_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other = ctx["other"]
    if ctx["choice"] == "cancel" and state.players[other].power >= FAVORED_POWER:
        moves.discard_power(state, other, FAVORED_POWER, "favored_by_the_warrior")
        source = ctx["source"]
        state.emit("cancelled", seat=other, card=source, code=state.code(source))
        return
    _favored_ask(state, {k: v for k, v in ctx.items() if k not in ("other", "choice")})


@handler("asots_favored_found")
def _favored_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, target = ctx["seat"], ctx["target"]
    deck = state.players[seat].deck
    for ref in selected:
        if ref in deck and target in state.in_play:
            deck.remove(ref)
            state.in_play[target].duplicates.append(ref)
            state.emit("duplicate", seat=seat, card=ref, code=state.code(ref), target=target)


register(
    "asots_120",
    *(
        Ability(
            "save",
            _favored,
            trigger="would_be_killed",
            zones=("hand",),
            costs=(cost,),
            targets=_favored_targets,
        )
        for cost in PRAYER_COSTS
    ),
)
