"""Where Loyalty Lies: Ser Axell Florent, Ser Jorah Mormont and Daario Naharis, marshalled
from the hand and their text answered as a player would."""

from __future__ import annotations

from gameplay.engine.game import apply
from tests.gameplay.cardtest import (
    act,
    build,
    events,
    head,
    marshals,
    ref,
    use,
    uses,
    waiting_seats,
)

KNIGHT = "Knight of the Tumblestone"  # Stark Knight (House Tully)
BEN = "Brown Ben Plumm"  # Targaryen Mercenary
STEWARD = "Lannisport Steward"  # Lannister, no Knight/Ally/Mercenary/Traitor trait
ARYA = {"card": "Arya Stark", "duplicates": ["Arya Stark"]}
AXELL, JORAH, DAARIO = "atoc_68", "atoc_72", "atoc_73"


def _marshal(code, house, them):
    state = build(players=[{"house": house, "hand": [code], "gold": 10}, {"in_play": them}])
    card = state.players[0].hand[0]
    (action,) = [a for a in marshals(state, 0, card) if a.kind == "marshal:play"]
    state = apply(state, action)
    # The window of "after a player plays a character" (events of the cycle answer it).
    while head(state).get("trigger") == "played":
        state = act(state, waiting_seats(state)[0], "pass")
    return state, card


# --- atoc_72 Ser Jorah Mormont -------------------------------------------------------------


def test_atoc_72_jorah_discards_a_mercenary_or_ally_character():
    state, jorah = _marshal(JORAH, "Targaryen", [BEN, KNIGHT])
    ben, knight = ref(state, 1, BEN), ref(state, 1, KNIGHT)
    prompt = head(state)
    assert prompt.get("purpose") == "discard_from_play", prompt
    # Only Mercenary or Ally characters: Ben and Jorah himself, not the Knight.
    assert sorted(prompt["candidates"]) == sorted([ben, jorah])
    state = act(state, 0, "select", [ben])
    assert ben in state.players[1].discard
    assert knight in state.in_play and jorah in state.in_play


def test_atoc_72_jorah_alone_discards_himself():
    state, jorah = _marshal(JORAH, "Targaryen", [KNIGHT])
    # The only Mercenary or Ally character in play: the prompt settles itself.
    assert jorah in state.players[0].discard


# --- atoc_73 Daario Naharis ----------------------------------------------------------------


def test_atoc_73_daario_discards_a_knight_or_traitor_character():
    state, daario = _marshal(DAARIO, "Targaryen", [BEN, KNIGHT])
    ben, knight = ref(state, 1, BEN), ref(state, 1, KNIGHT)
    prompt = head(state)
    assert prompt.get("purpose") == "discard_from_play", prompt
    # Knight or Traitor characters: the Knight and Daario (a Traitor), not the Mercenary.
    assert sorted(prompt["candidates"]) == sorted([knight, daario])
    state = act(state, 0, "select", [knight])
    assert knight in state.players[1].discard
    assert ben in state.in_play


# --- atoc_68 Ser Axell Florent -------------------------------------------------------------


def _pass_to_axell(state, axell):
    for _ in range(10):
        if uses(state, 0, axell) or head(state).get("name") != "window":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def test_atoc_68_axell_discards_a_duplicate_from_play():
    state, axell = _marshal(AXELL, "Baratheon", [ARYA])
    arya = ref(state, 1, "Arya Stark")
    (dup,) = state.in_play[arya].duplicates
    state = _pass_to_axell(state, axell)
    state = use(state, 0, axell)  # the only duplicate in play: chosen at once
    assert dup in state.players[1].discard
    assert state.in_play[arya].duplicates == []
    assert arya in state.in_play
    assert any(e.get("zone") == "duplicate" for e in events(state, "discarded"))


def test_atoc_68_axell_offers_nothing_without_a_duplicate():
    state, axell = _marshal(AXELL, "Baratheon", [STEWARD])
    for _ in range(10):
        assert not uses(state, 0, axell)
        if head(state).get("name") != "window":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert axell in state.in_play
