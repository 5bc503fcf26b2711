"""Fire Made Flesh: Iron Islands Marines (gameplay/engine/cards/fire_made_flesh/marines.py)."""

from __future__ import annotations

from gameplay.engine.abilities import facts, keywords, strength, traits
from gameplay.engine.cards.vocabulary import characters_of
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    answer,
    finish_challenge,
    head,
    joust,
    pass_until,
    ref,
    start,
    use,
    uses,
)

MARINES = "cad_44"


def test_iron_islands_marines_become_an_army_character_until_the_end_of_the_phase():
    state = joust({"in_play": [MARINES], "hand": [KNIGHT]}, {"in_play": [HOST]})
    marines = ref(state, 0, MARINES)
    assert marines not in characters_of(state)
    state = use(state, 0, marines)
    if head(state).get("purpose"):  # the card to discard
        state = answer(state, head(state)["purpose"], head(state)["candidates"][:1])
    assert len(state.players[0].discard) == 1 and not state.players[0].hand
    assert facts(state, marines).type == "character" and marines in characters_of(state)
    assert strength(state, marines) == 3 and "deadly" in keywords(state, marines)
    assert {"Army", "Warship"} <= traits(state, marines)
    assert not uses(state, 0, marines)  # already a character
    state = start(state, "military", [marines])
    assert state.challenge is not None and state.challenge["attackers"] == [marines]
    state = finish_challenge(state)
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert facts(state, marines).type == "location"


def test_iron_islands_marines_need_a_card_to_discard():
    state = joust({"in_play": [MARINES]}, {"in_play": [HOST]})
    assert not uses(state, 0, ref(state, 0, MARINES))
