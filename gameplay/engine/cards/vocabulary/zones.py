"""Cards moved between zones by an effect: from a pile back to the hand, the top of a deck
discarded, a searched card to the hand, cards drawn later, a card returned at the end of
the phase; and the pile each way of leaving play ends in.

The handler and effect names below are stored in saved games: they keep the names they
had when their first product defined them."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import PASSIVE_CODES, Ctx, effect, facts, handler, value
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.uses import discard_from_shadows

# The pile a card ends in for each way of leaving play (None: not a pile of its owner's).
LEFT_PLAY = {
    "killed": "dead",
    "discarded": "discard",
    "returned_to_hand": "hand",
    "returned_to_deck": None,
    "removed_from_game": None,
}


def pile_to_hand(state: GameState, seat: int, ref: str, pile: str) -> None:
    """Return a card from ``seat``'s discard or dead pile to its hand (logged)."""
    player = state.players[seat]
    cards = getattr(player, pile)
    if ref in cards:
        cards.remove(ref)
        player.hand.append(ref)
        state.emit("returned_to_hand", seat=seat, card=ref, code=state.code(ref), source=pile)


def discard_top(state: GameState, seat: int, count: int, reason: str) -> list[str]:
    """ "Discard the top N cards of your deck" (as many as there are). An effect's count
    (not a cost's) goes through the numeric query ``deck_discard_count`` (subject the seat
    whose deck it is): "Any effect that discards 1 or more cards from an opponent's deck
    discards an additional card" (Motley Crewman, bwb_7)."""
    player = state.players[seat]
    if count >= 1 and reason != "cost":
        count = value(state, "deck_discard_count", seat, count)
        if not player.deck and count >= 1 and _command_instead(state, seat):
            return []
    # Each through moves.to_discard_pile (Darkstar goes into play instead), whose trigger
    # card_discarded_from_deck names the cards of this discard (``top``) and a cost's.
    top, cost = player.deck[:count], reason == "cost"
    cards = [r for r in top if moves.to_discard_pile(state, r, player.deck, top=top, cost=cost)]
    if cards:
        codes = [state.code(r) for r in cards]
        state.emit("discarded_from_deck", seat=seat, cards=cards, codes=codes, reason=reason)
    return cards


# "If an effect would discard 1 or more cards from an opponent's deck that has no cards
# remaining in it, that opponent must choose and discard 1 card at his or her command,
# instead" (Iron Islands Reaver, w_84): the passive flag ``command_discard_instead``
# (subject the seat whose deck it is), read by :func:`discard_top` for an effect's discard
# from an empty deck. The cards at his or her command: the hand, the cards in play he or she
# controls, the Shadows (a hidden prompt: it lists the hand).
COMMAND_INSTEAD = "command_discard_instead"


def _command_instead(state: GameState, seat: int) -> bool:
    if COMMAND_INSTEAD not in PASSIVE_CODES or not value(state, COMMAND_INSTEAD, seat, False):
        return False
    player = state.players[seat]
    in_play = [r for r in player.in_play if r in state.in_play]
    found = [*player.hand, *in_play, *player.shadows]
    data = {"seat": seat}
    ask_select(
        state, seat, "discard", found, "hot_command_discard", low=1, high=1, ctx=data, hidden=True
    )
    return True


@handler("hot_command_discard")
def _command_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    for ref in selected:
        if ref in player.hand:
            moves.discard_from_hand(state, seat, [ref])
        elif ref in player.shadows:
            discard_from_shadows(state, ref)
        elif ref in state.in_play:
            moves.discard(state, [ref])


def first_of_top(state: GameState, event: Ctx, kind: str) -> bool:
    """Whether the event of ``card_discarded_from_deck`` (``moves.to_discard_pile``) is,
    for an effect (not a cost) that discarded cards from the top of a deck in one go
    (``top``), that discard's first card of type ``kind`` that reached the discard pile:
    "after an effect discards 1 or more characters from the top of a deck" answers once per
    discard, in the window of that card (Corpse Lake, atoc_87)."""
    top, card = event.get("top"), event.get("card")
    if not top or event.get("cost") or card not in state.cards:
        return False
    pile = state.players[state.cards[card].owner].discard
    found = [r for r in top if r in pile and facts(state, r).type == kind]
    return bool(found) and found[0] == card


@handler("events_found")
def found_to_hand(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    """The continuation of a search (``moves.search_deck(..., "events_found")``): the found
    card goes from the deck into the hand, revealed to all players."""
    player = state.players[ctx["seat"]]
    for ref in selected:
        player.deck.remove(ref)
        player.hand.append(ref)
    moves.reveal(state, player.seat, selected, "search")


def searched_to_hand(state: GameState, seat: int, selected: list[str]) -> None:
    """ "Search your deck for up to N cards ..., add them to your hand, then shuffle your
    deck" (Children of the Forest, Common Cause): the chosen cards still in the deck go to
    the hand, each logged as ``searched``, and the deck is shuffled."""
    player = state.players[seat]
    for ref in selected:
        if ref in player.deck:
            player.deck.remove(ref)
            player.hand.append(ref)
            state.emit("searched", seat=seat, card=ref, code=state.code(ref))
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=seat, zone="deck")


@effect("draw_cards")
def draw_cards(state: GameState, data: Ctx) -> None:
    """A delayed "draw N cards" (``add_delayed(..., "draw_cards", ..., amount=N)``)."""
    moves.effect_draw(state, data["seat"], data["amount"])


@effect("qod_back_to_hand")
def back_to_hand(state: GameState, data: Ctx) -> None:
    """A delayed "at the end of the phase, return it to its owner's hand"
    (``add_delayed(..., "qod_back_to_hand", ..., card=ref)``)."""
    if data["card"] in state.in_play:
        moves.return_to_hand(state, [data["card"]])
