"""A Poisoned Spear's House card attachments (gameplay/engine/cards/a_poisoned_spear/cards.py):
Heavy Taxes (atoc_116), Seal of the Crown (atoc_117) and True Queen's Loyalist (atoc_111).

Fillers: Across the Summer Sea (income 6; no effect in a joust), Fealty (core_201, an
agenda), Knight of the Tumblestone."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from gameplay.engine.game import legal_actions
from tests.gameplay.cards.a_poisoned_spear.helpers import from_phase, to_claim
from tests.gameplay.cardtest import (
    CALM,
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    answer,
    build,
    hand,
    head,
    joust,
    marshals,
    on_house,
    ref,
    start,
)
from tests.gameplay.scenario import apply

RICH = "atoc_120"  # income 6
FEALTY = "core_201"


def test_heavy_taxes_caps_the_gold_counted_in_the_marshalling_phase_at_4():
    state = build(players=[{"gold": 5}, {"revealed_plot": RICH}])
    on_house(state, 0, "atoc_116")
    state = act(state, 0, "pass")  # seat 1's marshalling turn: it counts its income
    assert state.players[1].gold == 4
    plain = act(build(players=[{"gold": 5}, {"revealed_plot": RICH}]), 0, "pass")
    assert plain.players[1].gold == 6


def test_heavy_taxes_not_while_its_controller_runs_an_agenda():
    players = [{"gold": 5}, {"revealed_plot": RICH}]
    state = agenda_position(players, {0: FEALTY}, phase="marshalling")
    on_house(state, 0, "atoc_116")
    state = act(state, 0, "pass")
    assert state.players[1].gold == 6


def test_heavy_taxes_attaches_to_its_owners_house_card_only():
    state = build(players=[{"gold": 5, "hand": ["atoc_116"], "in_play": [KNIGHT]}, {}])
    taxes = hand(state, 0, "atoc_116")[0]
    found = [a for a in legal_actions(state, 0) if a.cards[:1] == (taxes,)]
    assert found and all(ref(state, 0, KNIGHT) not in a.cards for a in found)


# --- atoc_117 Seal of the Crown ----------------------------------------------------------

DECK = [KNIGHT] * 8
TAIL = "pots_43"  # The Dragon's Tail: "Marshalling: ... You and that opponent each draw 2 cards."


def test_seal_of_the_crown_one_more_card_in_the_draw_phase():
    state = build(phase="challenges", players=[{"deck": DECK}, {"deck": DECK}], auto_pass=False)
    on_house(state, 0, "atoc_117")
    state = from_phase(state, "draw")
    assert len(state.players[0].hand) == 3 and len(state.players[1].hand) == 3
    plain = build(phase="challenges", players=[{"deck": DECK}, {"deck": DECK}], auto_pass=False)
    assert len(from_phase(plain, "draw").players[0].hand) == 2


def test_seal_of_the_crown_a_draw_by_a_card_effect_costs_a_discard():
    state = build(players=[{"gold": 5, "deck": DECK, "hand": [TAIL]}, {"deck": DECK}])
    on_house(state, 0, "atoc_117")
    tail = hand(state, 0, TAIL)[0]
    (play,) = [a for a in legal_actions(state, 0) if a.cards[:1] == (tail,)]
    state = apply(state, play)
    seats = []
    for _ in (0, 1):
        assert head(state)["purpose"] == "discard_from_hand"
        seats.append(head(state)["seat"])
        state = answer(state, "discard_from_hand", head(state)["candidates"][:1])
    assert sorted(seats) == [0, 1]  # each drawing player discards
    assert len(state.players[0].hand) == 1 and len(state.players[1].hand) == 1


def test_seal_of_the_crown_not_while_its_controller_runs_an_agenda():
    players = [{"gold": 5, "deck": DECK, "hand": [TAIL]}, {"deck": DECK}]
    state = agenda_position(players, {0: FEALTY}, phase="marshalling")
    on_house(state, 0, "atoc_117")
    tail = hand(state, 0, TAIL)[0]
    (play,) = [a for a in legal_actions(state, 0) if a.cards[:1] == (tail,)]
    state = apply(state, play)
    assert head(state).get("purpose") != "discard_from_hand"
    assert len(state.players[0].hand) == 2 and len(state.players[1].hand) == 2


# --- atoc_111 True Queen's Loyalist ------------------------------------------------------

LOYALIST = "atoc_111"


def test_true_queens_loyalist_goes_on_an_opponents_house_card_only():
    state = joust(
        {"house": "Targaryen", "gold": 3, "hand": [LOYALIST]},
        {"house": "Lannister", "in_play": [STEWARD]},
        phase="marshalling",
    )
    loyalist = state.players[0].hand[0]
    assert {a.choice for a in marshals(state, 0, loyalist)} == {"house_1"}


def test_true_queens_loyalist_gives_the_owners_characters_deadly_in_power_challenges():
    state = joust({"in_play": [KNIGHT]}, {"house": "Baratheon", "in_play": [KNIGHT]})
    on_house(state, 0, LOYALIST, 1)
    mine, theirs = ref(state, 0, KNIGHT), ref(state, 1, KNIGHT)
    assert "deadly" not in keywords(state, theirs)  # no challenge
    power = start(state, "power", [mine])
    assert "deadly" in keywords(power, theirs) and "deadly" not in keywords(power, mine)
    military = start(state, "military", [mine])
    assert "deadly" not in keywords(military, theirs)


def _loyalist_game(seats: int):
    specs = [
        {"house": "Targaryen", "revealed_plot": CALM, "in_play": [STEWARD]},
        {"house": "Baratheon", "revealed_plot": CALM, "in_play": [KNIGHT]},
        {"house": "Lannister", "revealed_plot": CALM, "in_play": [STEWARD]},
    ][:seats]
    state = build(phase="challenges", players=specs, first_player=1)
    on_house(state, 0, LOYALIST, 1)
    return state


def test_true_queens_loyalist_claims_1_power_when_the_owner_wins_a_power_challenge():
    state = _loyalist_game(3)
    state = start(state, "power", [ref(state, 1, KNIGHT)], defender=2)
    state = to_claim(state, ("never",))
    assert state.players[0].power == 1


def test_true_queens_loyalist_claims_only_with_more_than_1_opponent_and_in_power():
    state = _loyalist_game(2)
    state = start(state, "power", [ref(state, 1, KNIGHT)], defender=0)
    assert to_claim(state, ("never",)).players[0].power == 0
    state = _loyalist_game(3)
    state = start(state, "military", [ref(state, 1, KNIGHT)], defender=2)
    state = to_claim(state, ("claim_military", "claim_kill"))
    assert state.players[0].power == 0
