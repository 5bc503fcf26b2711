"""The engine hooks A King in the North added: the ``would_win_<type>`` response window
before a challenge's winner is settled (challenges.resolve / determined, for "dotn_90" True
Power) and blanking attachments with a condition (abilities.BLANKING_WHEN, for "dotn_98"
Climbing Spikes)."""

from __future__ import annotations

from gameplay.engine.abilities import is_blank
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    events,
    hand,
    head,
    joust,
    ref,
    start,
    until_seat,
)


def test_the_would_win_window_names_the_would_be_winner_and_a_pass_changes_nothing():
    state = joust({"in_play": [HOST]}, {"house": "Targaryen", "hand": ["dotn_90"], "power": 2})
    state = start(state, "power", [ref(state, 0, HOST)])
    state = until_seat(state, 1)
    step = head(state)
    assert step["trigger"] == "would_win_power"
    assert step["event"] == {
        "type": "power",
        "attacker": 0,
        "defender": 1,
        "winner": 0,
        "loser": 1,
    }
    assert not events(state, "challenge_resolved")  # not settled yet
    state = act(state, 1, "pass")
    resolved = events(state, "challenge_resolved")[-1]
    assert resolved["winner"] == 0 and resolved["unopposed"]
    assert state.players[1].power == 1  # the Power claim of 1 (the unopposed power too)
    assert state.players[0].power == 2


def test_a_conditional_blanking_follows_the_condition_through_logged_moves():
    state = joust(
        {"house": "Stark", "gold": 5, "hand": ["dotn_98", "low_41"]},
        {"house": "Stark", "in_play": ["core_24", KNIGHT]},
        phase="marshalling",
    )
    kennels = ref(state, 1, "core_24")
    state = act(state, 0, "marshal:play", [hand(state, 0, "dotn_98")[0], kennels])
    assert not is_blank(state, kennels)  # no Wildling yet
    state = act(state, 0, "marshal:play", [hand(state, 0, "low_41")[0]])
    assert is_blank(state, kennels)  # Mance's Men, a Wildling, entered play
