"""Lords of Winter plots, registered by card code."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    BLANKING_PLOTS,
    Ctx,
    controller,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.lords_of_winter.common import my_characters
from gameplay.engine.cards.vocabulary import of_house_named, search_top
from gameplay.engine.moves import reveal
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState, shuffle_zone

# --- low_49 Marched to the Wall ----------------------------------------------------------
# "When revealed, each player chooses and discards 1 of his or her characters from play
# (cannot be saved)." Each chooses among the characters he or she controls, the plot's
# owner first, then clockwise; the chosen characters are discarded at once.


def _marched(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    seats = [seat, *state.clockwise_from_left(seat)[:-1]]
    _marched_next(state, {"seat": seat, "seats": seats, "i": 0, "chosen": []}, [])


@handler("low_marched_next")
def _marched_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [*ctx["chosen"], *selected]
    for i in range(ctx["i"], len(ctx["seats"])):
        seat = ctx["seats"][i]
        found = my_characters(state, seat)
        if found:
            data = {**ctx, "i": i + 1, "chosen": chosen}
            then = "low_marched_next"
            ask_select(state, seat, "discard_character", found, then, low=1, high=1, ctx=data)
            return
    moves.discard_from_play(state, [r for r in chosen if r in state.in_play])


register("low_49", when_revealed=_marched)


# --- low_50 Fortified Position -----------------------------------------------------------
# "Treat all characters in play as though their printed text boxes were blank (except for
# Traits). Limit 1 per plot deck." (abilities.BLANKING_PLOTS, read by is_blank.)

BLANKING_PLOTS["low_50"] = ("character",)
register("low_50")


# --- low_51 Calm Before the Storm --------------------------------------------------------
# "Characters and locations are immune to events this round." (While it is revealed.)


def _calm(state: GameState, source: str, subject: str, base: set[str]) -> set[str]:
    if subject in state.in_play and facts(state, subject).type in ("character", "location"):
        return base | {"immune to events"}
    return base


register("low_51", passives={"immune": _calm})


# --- low_52 Take Them by Surprise --------------------------------------------------------
# "If you lose initiative, discard your hand." (Another player won it.)


def _surprise(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    if ctx["event"].get("seat") == seat:
        return
    moves.discard_from_hand(state, seat, list(state.players[seat].hand))


register("low_52", forced={"initiative_won": _surprise})


# --- low_53 Storm of Swords --------------------------------------------------------------
# "You may initiate an additional Military challenge during the challenge phase."


def _storm(state: GameState, source: str, subject: str, base: int) -> int:
    if subject == f"{controller(state, source)}:military":
        return base + 1
    return base


register("low_53", passives={"challenges_allowed": _storm})


# --- low_54 Family, Duty, Honor ----------------------------------------------------------
# "When revealed, search the top 5 cards of your deck for any number of House Tully cards,
# reveal them, and add them to your hand. Then, shuffle the other searched cards back into
# your deck." (The whole deck is shuffled: the searched cards are in it.)

FAMILY_TOP = 5


def _family(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]

    def tully(ref: str) -> bool:
        return of_house_named(state, ref, "House Tully")

    search_top(state, seat, FAMILY_TOP, tully, "low_family_found", ctx={"source": ctx["source"]})


@handler("low_family_found")
def _family_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    taken = [r for r in selected if r in player.deck]
    for ref in taken:
        player.deck.remove(ref)
        player.hand.append(ref)
    reveal(state, ctx["seat"], taken, "search")
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=player.seat, zone="deck")


register("low_54", when_revealed=_family)


# --- low_55 Respect of the Old Gods ------------------------------------------------------
# "House Stark only. Lower the cost of the first House Stark character you play during the
# marshalling phase by 2." (A reduction used up by the first one you marshal.)


def _respect(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 2, ctx["source"], houses=("Stark",), types=("character",))


register("low_55", forced={"marshalling_begins": _respect})
