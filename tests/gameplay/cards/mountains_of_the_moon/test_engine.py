"""Mountains of the Moon: the engine and vocabulary hooks its cards added (the ``houses``
query, the ``knelt_can_attack`` flag, the attackers prompt's ``one_of``, the cancel reading
"move a card out of a dead or discard pile")."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, houses
from gameplay.engine.card_facts import load_cards
from gameplay.engine.cards.vocabulary import of_house
from gameplay.engine.cards.vocabulary.cancels import _MOVES, _OUT_OF_PILE
from gameplay.engine.prompts import can_finish
from gameplay.engine.rules import can_attack
from tests.gameplay.cardtest import HOST, KNIGHT, joust, ref


def test_houses_query_adds_a_house_to_a_card_in_play():
    state = joust({"house": "Stark", "in_play": [KNIGHT, "kotst_42"]}, {"house": "Lannister"})
    knight, follower = ref(state, 0, KNIGHT), ref(state, 0, "kotst_42")
    assert houses(state, knight) == {"Stark"} and of_house(state, follower, "Neutral")
    add_lasting(state, "houses", knight, "phase", None, add=["Martell"])
    add_lasting(state, "houses", follower, "phase", None, add=["Greyjoy"])
    assert houses(state, knight) == {"Stark", "Martell"} and of_house(state, knight, "Martell")
    assert houses(state, follower) == {"Greyjoy"}  # no longer neutral
    assert not of_house(state, follower, "Neutral")


def test_knelt_can_attack_flag_takes_the_challenge_type():
    state = joust(
        {"house": "Stark", "in_play": [{"card": KNIGHT, "knelt": True}, HOST]},
        {"house": "Lannister"},
    )
    knight = ref(state, 0, KNIGHT)
    assert knight not in can_attack(state, 0, "military")
    add_lasting(state, "knelt_can_attack", (knight, "military"), "phase", None, value=True)
    assert knight in can_attack(state, 0, "military")
    assert knight not in can_attack(state, 0, "power")


def test_one_of_needs_one_of_the_named_cards_selected():
    step = {"selected": ["c2"], "min": 1, "max": 3, "one_of": ["c1", "c3"]}
    assert not can_finish(step)
    assert can_finish({**step, "selected": ["c2", "c3"]})
    assert can_finish({**step, "one_of": []})


def _reads_out_of_pile(code: str) -> bool:
    text = load_cards()[code].text.lower()
    return bool(_OUT_OF_PILE.search(text)) and bool(_MOVES.search(text))


def test_moves_out_of_pile_reads_card_texts():
    # Put into play / returned / shuffled out of a dead or discard pile.
    for code in ("bwb_58", "acoa_23", "btns_32", "cad_24", "cad_90"):
        assert _reads_out_of_pile(code), code
    # Draws, discards into a pile, kills: nothing leaves a pile.
    for code in ("bwb_46", "bwb_56", "core_18", "bwb_51"):
        assert not _reads_out_of_pile(code), code
