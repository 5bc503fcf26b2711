"""The engine hooks The Wildling Horde added: text a card gains as a lasting passive
(abilities.LASTING_PASSIVES), a side's total STR as a lasting number (``side_strength``),
and a return to the bottom of the deck (leaving.return_to_deck(..., bottom=True))."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import LASTING_PASSIVES, add_lasting, strength
from gameplay.engine.challenges import side_strength
from gameplay.engine.steps import run
from tests.gameplay.cardtest import HOST, KNIGHT, STEWARD, joust, ref, start


def test_a_lasting_passive_answers_for_every_subject_while_its_card_is_in_play():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]}, {"house": "Lannister", "in_play": [STEWARD]}
    )
    knight, steward = ref(state, 0, KNIGHT), ref(state, 1, STEWARD)
    LASTING_PASSIVES["test_others_minus_one"] = lambda state, source, subject, base: (
        base - 1 if subject != source else base
    )
    try:
        add_lasting(state, "strength", knight, "phase", passive="test_others_minus_one")
        assert strength(state, steward) == 1 and strength(state, knight) == 2
        moves.return_to_hand(state, [knight])
        run(state)
        assert knight not in state.in_play and strength(state, steward) == 2
    finally:
        del LASTING_PASSIVES["test_others_minus_one"]


def test_a_blank_card_loses_the_text_it_gained():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]}, {"house": "Lannister", "in_play": [STEWARD]}
    )
    knight, steward = ref(state, 0, KNIGHT), ref(state, 1, STEWARD)
    LASTING_PASSIVES["test_others_minus_one"] = lambda state, source, subject, base: (
        base - 1 if subject != source else base
    )
    try:
        add_lasting(state, "strength", knight, "phase", passive="test_others_minus_one")
        add_lasting(state, "blank", knight, "phase", value=True)
        assert strength(state, steward) == 2
    finally:
        del LASTING_PASSIVES["test_others_minus_one"]


def test_side_strength_takes_lasting_amounts():
    state = joust(
        {"house": "Stark", "in_play": [HOST]}, {"house": "Lannister", "in_play": [KNIGHT]}
    )
    state = start(state, "military", [ref(state, 0, HOST)])  # at the defenders prompt
    assert side_strength(state, "attackers") == 6
    add_lasting(state, "side_strength", "0:attackers", "challenge", amount=2)
    assert side_strength(state, "attackers") == 8
    assert side_strength(state, "defenders") == 0


def test_a_card_returns_to_the_bottom_of_its_owners_deck():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT], "deck": [STEWARD, STEWARD]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    knight = ref(state, 0, KNIGHT)
    moves.return_to_deck(state, [knight], bottom=True)
    run(state)
    assert state.players[0].deck[-1] == knight and len(state.players[0].deck) == 3
    assert [e for e in state.log if e.get("event") == "left_play"][-1]["to"] == "deck_bottom"
