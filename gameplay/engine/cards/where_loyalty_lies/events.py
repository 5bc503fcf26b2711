"""Where Loyalty Lies: response events (Words Are Like Arrows, A House Divided, Finger Dance)."""

from __future__ import annotations

from gameplay.engine import from_pile, moves
from gameplay.engine.abilities import Ability, Cost, Ctx, facts, is_character, register, traits
from gameplay.engine.cards.vocabulary import characters_of, has_trait, lost, participants, response
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- atoc_76 Words Are Like Arrows -----------------------------------------------------------
# "House Martell only. Response: After you lose a challenge, kneel 2 influence to choose 1
# participating character controlled by the winning player and return it to its owner's
# hand."  Answered from the hand in the ``challenge_won`` window by the loser (attacking or
# defending); the influence is its cost; the target is chosen as the event is played (a
# character still in play that the winner controls); the return may be saved.


def _arrows_targets(state: GameState, ctx: Ctx) -> list[str]:
    winner = ctx["event"].get("winner")
    return [
        r
        for r in participants(ctx["event"])
        if r in state.in_play and state.in_play[r].controller == winner
    ]


def _arrows(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.return_to_hand(state, [ctx["target"]])


register(
    "atoc_76",
    response(
        _arrows,
        "challenge_won",
        costs=(Cost("influence", 2),),
        condition=lost(),
        targets=_arrows_targets,
    ),
)


# --- atoc_65 A House Divided -----------------------------------------------------------------
# "House Lannister only. Response: After a player plays a character with a Trait he already
# has in play, choose and return 1 character with that Trait to the top of its owner's deck."
# Answered in the ``played`` window of a marshalled character (any player's) that shares a
# current Trait with another character its controller has in play; the target is any
# character in play with one of those shared Traits (the one just played included); the
# return may be saved.


def _shared_traits(state: GameState, event: Ctx) -> set[str]:
    card, seat = event.get("card"), event.get("seat")
    if card not in state.in_play or not is_character(state, card):
        return set()
    others = [r for r in characters_of(state, seat) if r != card]
    had = set().union(*(traits(state, r) for r in others)) if others else set()
    return set(traits(state, card)) & had


def _divided_targets(state: GameState, ctx: Ctx) -> list[str]:
    shared = _shared_traits(state, ctx["event"])
    return [r for r in characters_of(state) if shared & set(traits(state, r))]


def _divided(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.return_to_deck(state, [ctx["target"]])


register(
    "atoc_65",
    response(
        _divided,
        "played",
        condition=lambda state, ctx: bool(_shared_traits(state, ctx["event"])),
        targets=_divided_targets,
    ),
)


# --- atoc_71 Finger Dance --------------------------------------------------------------------
# "Response: Kneel an Ironborn character to cancel the effects of an event card just played.
# Then, discard the top card of the event controller's deck. If a non-character card is
# discarded in this way, shuffle Finger Dance back into your deck."  Any player's event (the
# engine's ``ability`` window of an event's effect); the Ironborn character is one of yours
# (the cost). The shuffle comes once Finger Dance has resolved and lies in your discard pile
# (from_pile's "then shuffle" mark, as Robert Baratheon's).


def _ironborn(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Ironborn")


def _event_played(state: GameState, ctx: Ctx) -> bool:
    source = ctx["event"].get("source")
    return (
        source is not None
        and source != ctx["source"]
        and source in state.cards
        and facts(state, source).type == "event"
    )


def _finger_dance(state: GameState, ctx: Ctx) -> None:
    cancel(state)
    seat = ctx["event"].get("seat")
    if seat is None or not state.players[seat].deck:
        return
    deck = state.players[seat].deck
    top = deck[0]
    if not moves.to_discard_pile(state, top, deck):
        return
    state.emit("discarded", seat=seat, card=top, code=state.code(top), zone="deck")
    if facts(state, top).type != "character":
        mark = {"query": from_pile.THEN, "subject": ctx["source"], "until": "round"}
        state.effects.append({**mark, "source": None, "then": "shuffle"})


register(
    "atoc_71",
    Ability(
        "cancel",
        _finger_dance,
        trigger="ability",
        zones=("hand",),
        costs=(Cost("kneel", 1, _ironborn, "Ironborn character"),),
        condition=_event_played,
    ),
)
