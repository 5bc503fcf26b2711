"""The engine hooks The Battle of Blackwater Bay added: the ``attach_cost`` passive
(rules.gold_cost with the host), the ``can_be_claimed`` permission (challenges.claim) and
the ``saved_by_duplicate`` trigger with leaving.unsave."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting
from gameplay.engine.leaving import unsave
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    defend,
    events,
    hand,
    head,
    joust,
    ref,
    start,
    until_prompt,
)

DEFENDERS = "kl_101"  # Peasant Defenders: the only attach_cost passive of the pack
STEEL = "kl_102"  # a Weapon attachment, cost 2


def test_gold_cost_reads_attach_cost_passives_only_for_the_host_named():
    state = joust(
        {"house": "Stark", "in_play": [DEFENDERS, KNIGHT], "hand": [STEEL]},
        {"house": "Lannister"},
        phase="marshalling",
    )
    steel = hand(state, 0, STEEL)[0]
    assert gold_cost(state, 0, steel) == 2
    assert gold_cost(state, 0, steel, ref(state, 0, KNIGHT)) == 2
    assert gold_cost(state, 0, steel, ref(state, 0, DEFENDERS)) == 1


def test_a_character_that_cannot_be_claimed_is_left_out_of_military_claim():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST]},
        {"house": "Stark", "in_play": [KNIGHT, STEWARD, KNIGHT]},
    )
    first, second = ref(state, 1, KNIGHT), ref(state, 1, KNIGHT, 1)
    add_lasting(state, "can_be_claimed", first, "phase", None, value=False)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_prompt(state, "claim_kill")
    assert set(head(state)["candidates"]) == {second, ref(state, 1, STEWARD)}


def test_a_duplicate_save_still_saves_when_nothing_cancels_it():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST]},
        {"house": "Lannister", "in_play": [{"card": "kl_117", "duplicates": ["kl_117"]}]},
    )
    mandon = ref(state, 1, "kl_117")
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_prompt(state, "save")
    state = answer(state, "save", [mandon])
    assert mandon in state.in_play and not state.in_play[mandon].duplicates
    assert events(state, "saved")[-1]["card"] == mandon


def test_unsave_does_nothing_without_a_removal_being_resolved():
    state = joust({"house": "Baratheon", "in_play": [HOST]}, {"house": "Stark"})
    host = ref(state, 0, HOST)
    unsave(state, host)
    assert host in state.in_play and not events(state, "save_cancelled")
