"""Where Loyalty Lies: Ghost of High Heart (atoc_77), her STR bonus and her action."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from tests.gameplay.cardtest import answer, choose, head, joust, marshalling, ref, use, uses

GHOST = "atoc_77"
STEWARD = "Lannisport Steward"  # no Brotherhood trait, 2 STR
KNIGHT = "Knight of the Tumblestone"


def test_atoc_77_ghost_gives_brotherhood_characters_str_without_house_power():
    state = joust({"in_play": [GHOST, STEWARD]}, {})
    ghost, steward = ref(state, 0, GHOST), ref(state, 0, STEWARD)
    assert strength(state, ghost) == 2
    assert strength(state, steward) == 2  # not Brotherhood


def test_atoc_77_ghost_gives_nothing_with_power_on_the_house():
    state = joust({"in_play": [GHOST], "power": 1}, {})
    assert strength(state, ref(state, 0, GHOST)) == 1


def _ghost():
    state = joust({"in_play": [GHOST]}, {"hand": [STEWARD, KNIGHT], "deck": [STEWARD]})
    return state, ref(state, 0, GHOST)


def test_atoc_77_ghost_discards_a_chosen_card_and_the_player_draws():
    state, ghost = _ghost()
    steward, knight = state.players[1].hand
    (drawn,) = state.players[1].deck
    state = use(state, 0, ghost)
    assert state.in_play[ghost].knelt
    assert head(state)["purpose"] == "choose_player"
    state = choose(state, "1")
    prompt = head(state)
    assert prompt["seat"] == 0 and sorted(prompt["candidates"]) == sorted([steward, knight])
    state = answer(state, "discard_from_hand", [knight])
    assert knight in state.players[1].discard
    assert sorted(state.players[1].hand) == sorted([steward, drawn])


def test_atoc_77_ghost_is_limited_to_once_per_round():
    state, ghost = _ghost()
    state = use(state, 0, ghost)
    state = choose(state, "1")
    state = answer(state, "discard_from_hand", [state.players[1].hand[0]])
    state.in_play[ghost].knelt = False  # stood by some other effect
    assert not uses(state, 0, ghost)


def test_atoc_77_ghost_acts_only_in_the_challenges_phase():
    state = marshalling({"in_play": [GHOST]}, {"hand": [STEWARD]})
    assert not uses(state, 0, ref(state, 0, GHOST))
