"""Shadows (uses.py, "Shadows") and the Queen of Dragons card that uses it, played through
legal actions: marshalling face down into Shadows, coming out in a later round, what the
others see."""

from __future__ import annotations

import json

from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.observe import observe
from gameplay.engine.state import GameState
from tests.gameplay.cardtest import (
    act,
    build,
    events,
    hand,
    head,
    hidden_changed,
    in_play,
    joust,
    shadow,
)


def check(state):
    """The state round-trips and each seat's view ignores what it may not see (the gold
    conservation of tests/gameplay/test_invariants.py does not hold in a position built by hand)."""
    assert GameState.from_json(json.loads(json.dumps(state.to_json()))) == state
    for seat in range(len(state.players)):
        assert observe(hidden_changed(state, seat), seat) == observe(state, seat)


WARLOCK = "qod_14"
TARG = {"house": "Targaryen"}


def test_a_shadow_card_is_marshalled_face_down_for_two_gold_and_stays_hidden():
    state = build(players=[{**TARG, "hand": [WARLOCK], "gold": 3}, {"house": "Stark"}])
    warlock = hand(state, 0, WARLOCK)[0]
    assert Action(0, "marshal:shadow", (warlock,)) in legal_actions(state, 0)
    state = act(state, 0, "marshal:shadow", [warlock])
    (hidden,) = state.players[0].shadows
    assert state.code(hidden) == WARLOCK and state.players[0].gold == 1
    assert hidden != warlock and warlock not in state.cards  # a fresh id, like a shuffle
    mine, theirs = observe(state, 0), observe(state, 1)
    assert [c["id"] for c in mine["players"][0]["shadows"]] == [hidden]
    assert theirs["players"][0]["shadows_count"] == 1 and "shadows" not in theirs["players"][0]
    assert all(warlock not in str(e) for e in state.log)  # the log names no card
    # Not out again the same round.
    assert not [a for a in legal_actions(state, 0) if a.choice == "shadow"]
    check(state)


def test_a_card_without_the_shadow_crest_cannot_go_into_shadows():
    state = build(players=[{**TARG, "hand": ["Direwolf Pup"], "gold": 3}, {"house": "Stark"}])
    pup = hand(state, 0, "Direwolf Pup")[0]
    try:
        act(state, 0, "marshal:shadow", [pup])
    except IllegalAction as error:
        assert "Shadow crest" in str(error)
    else:
        raise AssertionError("a card without the Shadow crest went into Shadows")


def test_warlock_of_qarth_comes_out_of_shadows_and_returns_a_cheap_location():
    state = joust(
        {**TARG, "gold": 2},
        {"house": "Stark", "in_play": ["Great Keep", "Winterfell Kennels"]},
        phase="marshalling",
    )
    warlock = shadow(state, 0, WARLOCK)
    other = shadow(state, 1, "Sister of Truth")
    assert other
    out = [a for a in legal_actions(state, 0) if a.choice == "shadow"]
    assert out == [Action(0, "use", (warlock,), "shadow")]
    state = act(state, 0, "use", [warlock], "shadow")
    assert warlock in in_play(state, 0, WARLOCK) and state.players[0].gold == 1
    assert events(state, "out_of_shadows")[-1]["card"] == warlock
    # One card left in Shadows: only a location with printed cost 1 or lower qualifies.
    assert head(state).get("trigger") == "came_out_of_shadows"
    uses = [a for a in legal_actions(state, 0) if a.kind == "use" and a.cards[0] == warlock]
    keep = in_play(state, 1, "Great Keep")[0]
    assert [a.cards[1] for a in uses] == [keep]  # Winterfell Kennels costs 2
    state = act(state, 0, "use", [warlock, keep])
    assert keep in state.players[1].hand
    check(state)
