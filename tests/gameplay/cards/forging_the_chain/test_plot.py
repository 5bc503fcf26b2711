"""Forging the Chain: the plot soo_40 (forging_the_chain/cards.py), played through legal
actions."""

from __future__ import annotations

from gameplay.engine.abilities import agenda_cards
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    answer,
    hand,
    head,
    joust,
    ref,
    use,
    won_window,
)

FORGING = "soo_40"
PALE = "soo_38"
BRONZE = "soo_39"
SCHOLAR = "soo_36"  # a Maester, cost 1
LORDSHIP = "core_140"  # a neutral Title attachment, cost 1
PATH = "soo_19"  # The Maester's Path


def _forging(me: dict, them: dict | None = None):
    return joust(
        {"house": "Stark", "revealed_plot": FORGING, "gold": 5, **me},
        {"house": "Lannister", **(them or {})},
        phase="marshalling",
    )


def test_soo_40_forging_the_chain_puts_another_chain_into_play_after_playing_one():
    state = _forging({"in_play": [SCHOLAR], "hand": [BRONZE, PALE], "discard": [BRONZE]})
    scholar = ref(state, 0, SCHOLAR)
    bronze = hand(state, 0, BRONZE)[0]
    state = act(state, 0, "marshal:play", [bronze, scholar])
    assert head(state)["purpose"] == "forge_chain"
    pale = hand(state, 0, PALE)[0]
    assert set(head(state)["candidates"]) == {pale, state.players[0].discard[0]}
    state = answer(state, "forge_chain", [pale])
    assert state.in_play[pale].attached_to == scholar
    assert state.players[0].gold == 4  # only the Bronze Link was paid for


def test_soo_40_forging_the_chain_may_take_from_the_discard_pile_or_decline():
    state = _forging({"in_play": [SCHOLAR], "hand": [BRONZE], "discard": [PALE]})
    pale = state.players[0].discard[0]
    state = act(state, 0, "marshal:play", [hand(state, 0, BRONZE)[0], ref(state, 0, SCHOLAR)])
    state = answer(state, "forge_chain", [pale])
    assert pale in state.in_play
    state = _forging({"in_play": [SCHOLAR], "hand": [BRONZE], "discard": [PALE]})
    state = act(state, 0, "marshal:play", [hand(state, 0, BRONZE)[0], ref(state, 0, SCHOLAR)])
    state = answer(state, "forge_chain", [])
    assert state.players[0].discard and head(state).get("purpose") != "forge_chain"


def test_soo_40_forging_the_chain_only_after_your_chain_attachment():
    state = _forging({"in_play": [SCHOLAR, KNIGHT], "hand": [LORDSHIP], "discard": [PALE]})
    state = act(state, 0, "marshal:play", [hand(state, 0, LORDSHIP)[0], ref(state, 0, KNIGHT)])
    assert head(state).get("purpose") != "forge_chain"  # not a Chain
    state = joust(
        {"house": "Stark", "revealed_plot": FORGING, "discard": [PALE]},
        {"house": "Lannister", "in_play": [SCHOLAR], "hand": [BRONZE], "gold": 5},
        phase="marshalling",
        first_player=1,
    )
    bronze = hand(state, 1, BRONZE)[0]
    state = act(state, 1, "marshal:play", [bronze, ref(state, 1, SCHOLAR)])
    assert head(state).get("purpose") != "forge_chain"  # an opponent's Chain


def test_soo_40_forging_the_chain_after_a_chain_from_the_maesters_path():
    state = agenda_position(
        [
            {"house": "Stark", "in_play": [SCHOLAR], "hand": [PALE], "revealed_plot": FORGING},
            {"house": "Lannister", "in_play": [STEWARD]},
        ],
        {0: PATH},
    )
    chain = state.new_card(BRONZE, 0)
    state.players[0].on_agenda.append(chain)
    state = won_window(state, "power", [ref(state, 0, SCHOLAR)])
    state = use(state, 0, agenda_cards(state)[0])
    assert state.in_play[chain].attached_to == ref(state, 0, SCHOLAR)
    assert head(state)["purpose"] == "forge_chain"
    pale = hand(state, 0, PALE)[0]
    state = answer(state, "forge_chain", [pale])
    assert state.in_play[pale].attached_to == ref(state, 0, SCHOLAR)
