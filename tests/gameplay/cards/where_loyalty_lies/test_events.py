"""Where Loyalty Lies: Words Are Like Arrows, played from the hand after a challenge."""

from __future__ import annotations

from gameplay.engine.game import apply
from tests.gameplay.cards.where_loyalty_lies.helpers import never_offered
from tests.gameplay.cardtest import (
    build,
    defend,
    initiate,
    joust,
    marshals,
    ref,
    to_window,
    until_window,
    use,
    uses,
)

KNIGHT = "Knight of the Tumblestone"  # Stark Knight, 2 STR, military
STEWARD = "Lannisport Steward"  # Lannister, intrigue only
HOST = "Host of Storm's End"  # 6 STR, military
FIEFDOM = "qod_42"  # Kingsroad Fiefdom: +2 influence
CROSSROADS = "core_138"  # +1 influence
ARROWS = "atoc_76"


def _arrows(defenders_of, influence=(FIEFDOM,), window=True):
    state = joust(
        {"in_play": [KNIGHT, STEWARD]},
        {"house": "Martell", "hand": [ARROWS], "in_play": [*influence, HOST]},
    )
    knight, steward, host = ref(state, 0, KNIGHT), ref(state, 0, STEWARD), ref(state, 1, HOST)
    state = initiate(state, "military", [knight])
    defenders = [host] if defenders_of else []
    if window:
        state = to_window(state, "challenge_won", defenders=defenders)
    elif defenders:
        state = defend(state, defenders)
    return state, state.players[1].hand[0], knight, steward


def test_atoc_76_words_are_like_arrows_returns_a_winning_participant():
    state, arrows, knight, steward = _arrows(False)
    # Only the winner's participating character: the Knight, not the Steward at home.
    assert [a.cards[1:] for a in uses(state, 1, arrows)] == [(knight,)]
    state = use(state, 1, arrows, knight)
    assert knight in state.players[0].hand
    assert steward in state.in_play
    assert state.in_play[ref(state, 1, FIEFDOM)].knelt  # the 2 influence


def test_atoc_76_words_are_like_arrows_only_after_you_lose():
    state, arrows, _, _ = _arrows(True, window=False)
    state = never_offered(state, 1, arrows)
    assert arrows in state.players[1].hand


def test_atoc_76_words_are_like_arrows_needs_2_influence():
    state, arrows, _, _ = _arrows(False, influence=(CROSSROADS,), window=False)
    state = never_offered(state, 1, arrows)
    assert arrows in state.players[1].hand


# --- atoc_65 A House Divided ---------------------------------------------------------------

DAYNE = "House Dayne Knight"  # Martell Knight (House Dayne)
DIVIDED = "atoc_65"


def _divided(in_play, marshalled):
    state = build(
        players=[
            {"house": "Stark", "hand": [marshalled], "in_play": in_play, "gold": 10},
            {"house": "Lannister", "hand": [DIVIDED]},
        ]
    )
    card, divided = state.players[0].hand[0], state.players[1].hand[0]
    (action,) = [a for a in marshals(state, 0, card) if a.kind == "marshal:play"]
    return apply(state, action), card, divided


def test_atoc_65_a_house_divided_returns_a_character_with_the_shared_trait():
    state, knight, divided = _divided([DAYNE, STEWARD], KNIGHT)
    dayne, steward = ref(state, 0, DAYNE), ref(state, 0, STEWARD)
    state = until_window(state, "played")
    # The Knight trait is shared: either Knight, not the Steward.
    assert sorted(a.cards[1] for a in uses(state, 1, divided)) == sorted([knight, dayne])
    state = use(state, 1, divided, dayne)
    assert state.players[0].deck[:1] == [dayne]
    assert knight in state.in_play and steward in state.in_play


def test_atoc_65_a_house_divided_needs_a_trait_already_in_play():
    state, _, divided = _divided([STEWARD], KNIGHT)
    state = never_offered(state, 1, divided)
    assert divided in state.players[1].hand
