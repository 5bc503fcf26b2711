"""Card scripts (a_song_of_summer/carrion.py), each under its card's code and text."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, facts, handler, register
from gameplay.engine.cards.vocabulary import choosable, won_with
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState, shuffle_zone

# --- ator_16 Carrion Bird (and ator_35, The Winds of Winter) ------------------------------
# "Stealth. Response: After you win a challenge in which Carrion Bird participated, shuffle
# any number of Raven cards from your discard pile, or one card with the printed Raven
# trait from play, back into their owner's decks. (Cannot be canceled.)"
# The player chooses the discard pile (any number of its Raven cards, none included) or
# play (one card with the printed Raven trait, any player's, Carrion Bird itself included:
# returned to its owner's deck, with saves, then that deck is shuffled). An option with no
# card is not offered. ``cannot_be_cancelled``: no cancel applies (gameplay.engine.cancels).

RAVEN = "Raven"


def _pile_ravens(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.players[ctx["seat"]].discard if RAVEN in facts(state, r).traits]


def _play_ravens(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.in_play
        if RAVEN in facts(state, r).traits and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _options(state: GameState, ctx: Ctx) -> list[str]:
    found = []
    if _pile_ravens(state, ctx):
        found.append("discard_pile")
    if _play_ravens(state, ctx):
        found.append("from_play")
    return found


def _carrion_may(state: GameState, ctx: Ctx) -> bool:
    return won_with("self")(state, ctx) and bool(_options(state, ctx))


def _carrion(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "carrion_bird", _options(state, ctx), "ator_carrion", ctx=data)


@handler("ator_carrion")
def _carrion_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    data = {"seat": seat, "source": ctx["source"]}
    if ctx["choice"] == "discard_pile":
        found = _pile_ravens(state, ctx)
        ask_select(state, seat, "shuffle_into_deck", found, "ator_carrion_pile", ctx=data)
    else:
        found = _play_ravens(state, ctx)
        purpose = "shuffle_into_deck"
        ask_select(state, seat, purpose, found, "ator_carrion_play", low=1, high=1, ctx=data)


@handler("ator_carrion_pile")
def _carrion_pile(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    cards = [r for r in selected if r in player.discard]
    for ref in cards:
        player.discard.remove(ref)
        player.deck.append(ref)
    shuffle_zone(state, player.deck)
    state.emit(
        "pile_shuffled", seat=player.seat, pile="discard", count=len(cards), card=ctx["source"]
    )


@handler("ator_carrion_play")
def _carrion_play(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            owner = state.cards[ref].owner
            # The shuffle follows the return (and its saves) by a step of its own.
            then = {**ctx, "card": ref, "owner": owner}
            ask_select(state, owner, "resolve", [], "ator_carrion_shuffle", ctx=then)
            moves.return_to_deck(state, [ref])


@handler("ator_carrion_shuffle")
def _carrion_shuffle(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["owner"]]
    if ctx["card"] in player.deck:
        shuffle_zone(state, player.deck)
        state.emit("shuffled", seat=player.seat, zone="deck")


register(
    "ator_16",
    Ability(
        "response",
        _carrion,
        trigger="challenge_won",
        condition=_carrion_may,
        cannot_be_cancelled=True,
    ),
)
