"""Valar Dohaeris River plots: Pulled from the Rhoyne (btns_37), Under the Bridge of Dream
(btns_38), On Dagger Lake (btns_39) and Before the Black Walls (btns_40); the "then,
trigger the top River plot" part is vocabulary.river_plot."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, add_lasting, facts, handler
from gameplay.engine.cards.vocabulary import river_plot
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

# --- btns_37 Pulled from the Rhoyne -------------------------------------------------------
# "When revealed, each player returns the top character in his or her dead pile to the top
# of his or her deck. Then, ..."  The top of a dead pile is the card put there last.


def _rhoyne(state: GameState, ctx: Ctx) -> None:
    for seat in state.turn_order():
        player = state.players[seat]
        found = [r for r in player.dead if facts(state, r).type == "character"]
        if found:
            ref = found[-1]
            player.dead.remove(ref)
            player.deck.insert(0, ref)
            state.emit("dead_to_deck", seat=seat, card=ref, code=state.code(ref))


river_plot("btns_37", _rhoyne)

# --- btns_38 Under the Bridge of Dream ----------------------------------------------------
# "When revealed, add 2 gold from the treasury to your gold pool. Then, if this is your
# revealed plot card, trigger the 'when revealed' effect on any River plot card in your
# used pile."  Its player chooses which River plot (one, if there is any).


def _bridge(state: GameState, ctx: Ctx) -> None:
    moves.gain_gold(state, ctx["seat"], 2, "vd_bridge")


river_plot("btns_38", _bridge, any_river=True)

# --- btns_39 On Dagger Lake ---------------------------------------------------------------
# "When revealed, each opponent chooses and discards 1 card from his or her hand, if able.
# Then, ..."  Each opponent in turn order (a hidden prompt: its hand).


def _dagger(state: GameState, ctx: Ctx) -> None:
    for opponent in reversed(state.opponents(ctx["seat"])):
        hand = state.players[opponent].hand
        data = {"seat": opponent}
        ask_select(
            state,
            opponent,
            "discard",
            hand,
            "vd_dagger_discard",
            low=1,
            high=1,
            ctx=data,
            hidden=True,
        )


@handler("vd_dagger_discard")
def _dagger_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["seat"], selected)


river_plot("btns_39", _dagger)

# --- btns_40 Before the Black Walls -------------------------------------------------------
# "When revealed, name a challenge type. In order to declare any characters to attack or
# defend during challenges of that type, a player must declare all of his or her eligible
# characters. Then, ..."  (Ruling: the whole rule is part of the "when revealed" effect, also
# when another River plot triggers it.) A ``declare_all`` lasting effect for the named type
# until the end of the round (challenges.declare_all), for every player.

CHALLENGE_TYPES = ("military", "intrigue", "power")


def _black_walls(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "challenge_type", list(CHALLENGE_TYPES), "vd_walls", ctx=data)


@handler("vd_walls")
def _walls_named(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    named = ctx["choice"]
    state.emit("challenge_type_named", seat=ctx["seat"], named=named, source=ctx["source"])
    add_lasting(state, "declare_all", None, "round", ctx["source"], type=ctx["choice"])


river_plot("btns_40", _black_walls)
