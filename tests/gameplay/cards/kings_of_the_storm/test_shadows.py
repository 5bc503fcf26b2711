"""Kings of the Storm cards that use Shadows (kings_of_the_storm/shadows.py), played through
legal actions."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    act,
    events,
    head,
    joust,
    ref,
    shadow,
    until_window,
    waiting_seats,
)
from tests.gameplay.scenario import code

SISTER = "kotst_12"
PYLOS = "kotst_9"
LAW = "kotst_49"
WARLOCK = "qod_14"
HOST = "Host of Storm's End"


def test_sister_of_truth_returns_a_shadow_card_in_play_to_shadows():
    state = joust(
        {"house": "Baratheon", "gold": 1},
        {"house": "Targaryen", "in_play": [WARLOCK]},
        phase="marshalling",
    )
    sister = shadow(state, 0, SISTER)
    state = act(state, 0, "use", [sister], "shadow")
    assert head(state).get("trigger") == "came_out_of_shadows"
    warlock = ref(state, 1, WARLOCK)
    targets = {a.cards[1] for a in legal_actions(state, 0) if a.kind == "use"}
    assert targets == {sister, warlock}
    state = act(state, 0, "use", [sister, warlock])
    assert warlock in state.players[1].shadows and warlock not in state.in_play
    # Back in Shadows this round: it may not come out again before the next round.
    assert not [a for a in legal_actions(state, 1) if a.choice == "shadow"]


def test_maester_pylos_discards_a_random_shadow_card_of_the_loser():
    state = joust({"house": "Baratheon", "in_play": [PYLOS]}, {"house": "Stark"})
    hidden = shadow(state, 1, WARLOCK)
    state = act(state, 0, "challenge:intrigue", choice="1")
    state = until_window(state, "challenge_won")
    state = act(state, 0, "use", [ref(state, 0, PYLOS)])
    assert state.players[1].shadows == [] and hidden in state.players[1].discard
    assert events(state, "shadow_discarded")[-1]["card"] == hidden


def test_the_kings_law_discards_every_card_in_shadows_at_the_end_of_marshalling():
    state = joust(
        {"house": "Baratheon", "revealed_plot": LAW}, {"house": "Stark"}, phase="marshalling"
    )
    mine, theirs = shadow(state, 0, SISTER), shadow(state, 1, WARLOCK)
    assert state.players[0].shadows == [mine]
    while state.phase == "marshalling":
        state = act(state, waiting_seats(state)[0], "pass")
    assert state.players[0].shadows == [] == state.players[1].shadows
    assert mine in state.players[0].discard and theirs in state.players[1].discard


RUBY = "kotst_21"


def test_ruby_of_rhllor_draws_after_a_card_is_discarded_from_an_opponents_hand():
    state = joust(
        {
            "house": "Baratheon",
            "in_play": [{"card": SISTER, "attachments": [RUBY]}],
            "deck": [HOST],
        },
        {"house": "Stark", "hand": ["Direwolf Pup"]},
    )
    ruby = ref(state, 0, RUBY)
    state = act(state, 0, "challenge:intrigue", choice="1")
    state = until_window(state, "discarded_from_hand")
    assert state.players[1].hand == []
    state = act(state, 0, "use", [ruby])
    assert state.in_play[ruby].knelt and [state.code(r) for r in state.players[0].hand] == [
        code(HOST)
    ]


def test_ruby_of_rhllor_goes_only_on_an_asshai_character():
    from gameplay.engine.rules import attachment_targets, facts

    state = joust(
        {"house": "Baratheon", "in_play": [SISTER, HOST], "hand": [RUBY]}, {"house": "Stark"}
    )
    ruby = state.players[0].hand[0]
    assert attachment_targets(state, facts(state, ruby), 0) == [ref(state, 0, SISTER)]
