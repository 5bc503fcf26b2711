"""Where Loyalty Lies: Finger Dance (atoc_71), cancelling an opponent's event."""

from __future__ import annotations

from tests.gameplay.cards.where_loyalty_lies.helpers import never_offered
from tests.gameplay.cardtest import (
    act,
    events,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    until_seat,
    use,
    uses,
)

DANCE = "atoc_71"
MARAUDER = "Ironborn Marauder"  # Greyjoy Ironborn
KNIGHT = "core_18"  # Knight of the Tumblestone, a character card
CROSSROADS = "core_138"  # a location card
MASTERY = "core_177"  # an event: stands Robert
ROBERT = "core_71"


def _mastery(top, ironborn=MARAUDER):
    state = joust(
        {"house": "Greyjoy", "hand": [DANCE], "in_play": [ironborn]},
        {"in_play": [{"card": ROBERT, "knelt": True}], "hand": [MASTERY], "deck": [top]},
    )
    robert = ref(state, 1, ROBERT)
    state = until_seat(state, 1)
    state = act(state, 1, "use", [hand(state, 1, MASTERY)[0], robert])
    return state, robert, hand(state, 0, DANCE)[0]


def _cancelled(state):
    return [e["code"] for e in events(state, "cancelled")]


def _codes(state, zone):
    return [state.code(r) for r in zone]


def test_atoc_71_finger_dance_cancels_and_shuffles_back_after_a_non_character():
    state, _, dance = _mastery(CROSSROADS)
    assert head(state).get("trigger") == "ability"
    state = use(state, 0, dance)  # the Marauder, the only Ironborn, kneels
    state = pass_windows(state)
    assert _cancelled(state) == [MASTERY]
    assert CROSSROADS in _codes(state, state.players[1].discard)
    assert DANCE in _codes(state, state.players[0].deck)
    assert DANCE not in _codes(state, state.players[0].discard)


def test_atoc_71_finger_dance_stays_discarded_after_a_character():
    state, _, dance = _mastery(KNIGHT)
    state = use(state, 0, dance)
    state = pass_windows(state)
    assert _cancelled(state) == [MASTERY]
    assert KNIGHT in _codes(state, state.players[1].discard)
    assert DANCE in _codes(state, state.players[0].discard)


def test_atoc_71_finger_dance_needs_an_ironborn_character():
    state, _, dance = _mastery(KNIGHT, ironborn=KNIGHT)
    never_offered(state, 0, dance)


def test_atoc_71_finger_dance_answers_only_an_event():
    state = joust(
        {"house": "Greyjoy", "hand": [DANCE], "in_play": [MARAUDER]},
        {"in_play": [{"card": "kl_46", "knelt": True}]},
    )
    robert = ref(state, 1, "kl_46")
    state = until_seat(state, 1)
    state = act(state, 1, "use", [robert])
    assert not uses(state, 0, hand(state, 0, DANCE)[0])
