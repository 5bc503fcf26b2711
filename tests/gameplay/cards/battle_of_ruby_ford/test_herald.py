"""Herald of the King (acoa_86, battle_of_ruby_ford/herald.py): it cancels an effect that
would let a player search a deck, played through legal actions.

Winterfell Kennels (core_24: "Any Phase: Kneel Winterfell Kennels and pay 1 gold to search
your deck for a Direwolf card ...") searches; Drogon (core_111: "Any Phase: Pay 2 gold to
choose a character ...") does not.
"""

from __future__ import annotations

from gameplay.engine import cancels
from tests.gameplay.cardtest import build, events, head, ref, use, uses

HERALD = "acoa_86"
KENNELS = "core_24"
DROGON = "core_111"


def test_acoa_86_herald_of_the_king_cancels_a_search():
    state = build(
        players=[
            {"in_play": [KENNELS], "deck": ["Grey Wind", "Summer"], "gold": 1},
            {"in_play": [HERALD]},
        ]
    )
    kennels, herald = ref(state, 0, KENNELS), ref(state, 1, HERALD)
    state = use(state, 0, kennels)
    assert head(state)["trigger"] == "ability" and cancels.is_search(state)
    state = use(state, 1, herald)
    assert events(state, "cancelled")[-1]["card"] == kennels
    assert herald in state.players[1].discard  # its cost
    assert state.players[0].gold == 0 and state.in_play[kennels].knelt  # costs stay paid
    assert not events(state, "searched") and len(state.players[0].hand) == 0
    assert head(state).get("purpose") != "search"


def test_acoa_86_herald_of_the_king_leaves_other_effects_alone():
    state = build(players=[{"in_play": [DROGON], "gold": 2}, {"in_play": [HERALD]}])
    drogon, herald = ref(state, 0, DROGON), ref(state, 1, HERALD)
    state = use(state, 0, drogon, drogon)
    assert not uses(state, 1, herald)
    assert herald in state.in_play and not events(state, "cancelled")


def test_searches_are_read_from_the_ability_or_its_text():
    state = build(players=[{"in_play": [KENNELS, DROGON, HERALD]}, {}])
    assert cancels.searches(state, ref(state, 0, KENNELS), 0)
    assert not cancels.searches(state, ref(state, 0, DROGON), 0)
    assert not cancels.searches(state, ref(state, 0, HERALD), 0)  # a cancel of searches
