"""Playing an event from a House card as if from the hand (from_pile grants of zone
``house``: Doran's Game)."""

from __future__ import annotations

from gameplay.engine import from_pile, house_card
from gameplay.engine.state import InPlay
from tests.gameplay.cardtest import HOST, KNIGHT, events, joust, ref, use, uses

DISTRACTION = "core_155"  # Marshalling: choose a character with a Military icon; kneel it


def _on_house(state, seat, owner):
    card = state.new_card(DISTRACTION, owner)
    state.in_play[card] = InPlay(controller=seat)
    state.players[seat].in_play.append(card)
    house_card.attach(state, card, seat)
    return card


def test_a_house_grant_plays_the_event_and_sends_it_to_its_owners_discard_pile():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [HOST]}, phase="marshalling")
    card = _on_house(state, 0, 1)
    assert not uses(state, 0, card)  # no grant: an event on a House card does nothing
    from_pile.add_grant(state, 0, card, None, until="play", zone=from_pile.HOUSE)
    host = ref(state, 1, HOST)
    state = use(state, 0, card, host)
    assert card not in state.in_play
    assert card in state.players[1].discard
    assert events(state, "played_from_pile")[-1]["zone"] == "house"
    assert not [e for e in state.effects if e["query"] == from_pile.LASTING]


def test_a_house_grant_ends_when_the_card_leaves_the_house_card():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [HOST]}, phase="marshalling")
    card = _on_house(state, 0, 1)
    from_pile.add_grant(state, 0, card, None, until="play", zone=from_pile.HOUSE)
    house_card.off_house(state, card)
    assert from_pile.grant(state, 0, card) is None
    assert from_pile.grant(state, 1, card) is None  # only the granted seat
