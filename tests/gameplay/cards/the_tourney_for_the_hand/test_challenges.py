"""The Tourney for the Hand (gameplay/engine/cards/the_tourney_for_the_hand/cards.py),
played through legal actions: Ser Barristan Selmy, Dorea Sand, A Nest of Vipers and Newly
Made Lord."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from tests.gameplay.cards.the_tourney_for_the_hand.helpers import settle_challenge
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    apply,
    defend,
    events,
    hand,
    head,
    joust,
    marshalling,
    marshals,
    pass_until,
    ref,
    start,
    to_window,
    use,
    uses,
)

BARRISTAN = "atoc_10"
DOREA = "atoc_13"
NEST = "atoc_14"
NEWLY_MADE_LORD = "atoc_16"
OBELLA = "bwb_115"  # Martell, unique Sand Snake
BASTARD_DAUGHTER = "bwb_93"  # Martell, non-unique Sand Snake
LAST_RIVER = "atoc_3"  # location, cost 1
HIGHGARDEN = "atoc_15"  # location, cost 3
GODSWOOD = "core_32"  # Limited location, cost 2
WINTERFELL = "low_23"  # location, cost 4


# --- atoc_10 Ser Barristan Selmy ---------------------------------------------------------


def _barristan(attacker=BARRISTAN, cards_in_hand=(STEWARD,)):
    state = joust(
        {"house": "Targaryen", "in_play": [BARRISTAN, HOST], "hand": list(cards_in_hand)},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    barristan, knight = ref(state, 0, BARRISTAN), ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, attacker)])
    state = defend(state, [knight])
    return state, barristan, knight


def test_ser_barristan_discards_a_card_to_give_minus_2_str_and_kill_at_0():
    state, barristan, knight = _barristan()
    discarded = state.players[0].hand[0]
    state = use(state, 0, barristan, knight)
    assert discarded in state.players[0].discard
    assert knight in state.players[1].dead  # 2 STR - 2: killed at 0


def test_ser_barristan_must_participate():
    state, barristan, _knight = _barristan(attacker=HOST)
    assert uses(state, 0, barristan) == []


def test_ser_barristan_needs_a_card_in_hand():
    state, barristan, _knight = _barristan(cards_in_hand=())
    assert uses(state, 0, barristan) == []


# --- atoc_13 Dorea Sand --------------------------------------------------------------------


def test_dorea_sand_lets_sand_snakes_attack_without_kneeling_after_losing_as_defender():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST]},
        {"house": "Martell", "in_play": [DOREA, STEWARD]},
    )
    dorea = ref(state, 1, DOREA)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = to_window(state, "challenge_won", [])
    state = use(state, 1, dorea)
    granted = [e["subject"] for e in events(state, "lasting_effect")]
    assert granted == [dorea]  # Sand Snakes only (not the Steward)
    state = pass_until(state, lambda s: head(s).get("turn") == 1 and s.challenge is None)
    state = start(state, "military", [dorea])
    assert events(state, "challenge_resolved")[-1]["attacker"] == 1
    assert not state.in_play[dorea].knelt


def test_dorea_sand_does_not_answer_a_loss_as_the_attacker():
    state = joust(
        {"house": "Martell", "in_play": [DOREA]},
        {"house": "Baratheon", "in_play": [HOST]},
    )
    dorea = ref(state, 0, DOREA)
    state = start(state, "military", [dorea])
    state = defend(state, [ref(state, 1, HOST)])
    state = settle_challenge(state, 0, dorea)
    assert events(state, "challenge_resolved")[-1]["winner"] == 1


# --- atoc_14 A Nest of Vipers --------------------------------------------------------------


def _nest(victim):
    state = joust(
        {"house": "Baratheon", "in_play": [HOST]},
        {"house": "Martell", "in_play": [victim, OBELLA, BASTARD_DAUGHTER], "hand": [NEST]},
    )
    nest, killed = hand(state, 1, NEST)[0], ref(state, 1, victim)
    state = start(state, "military", [ref(state, 0, HOST)])
    return state, nest, killed


def test_a_nest_of_vipers_gives_unique_sand_snakes_renown_after_a_martell_character_dies():
    state, nest, dorea = _nest(DOREA)
    state = to_window(state, "killed", [], claim=[dorea])
    assert dorea in state.players[1].dead
    state = use(state, 1, nest)
    obella, daughter = ref(state, 1, OBELLA), ref(state, 1, BASTARD_DAUGHTER)
    assert "renown" in keywords(state, obella)
    assert "renown" not in keywords(state, daughter)  # not unique


def test_a_nest_of_vipers_answers_only_a_martell_character_killed():
    state, nest, steward = _nest(STEWARD)  # a Lannister character of the Martell player
    state = settle_challenge(state, 1, nest)  # the claim kills the Steward
    assert steward in state.players[1].dead


# --- atoc_16 Newly Made Lord ---------------------------------------------------------------


def test_newly_made_lord_discards_a_small_non_limited_location_when_played():
    state = marshalling(
        {"house": "Greyjoy", "hand": [NEWLY_MADE_LORD], "gold": 3},
        {"house": "Stark", "in_play": [HIGHGARDEN, LAST_RIVER, GODSWOOD, WINTERFELL]},
    )
    lord = hand(state, 0, NEWLY_MADE_LORD)[0]
    highgarden, river = ref(state, 1, HIGHGARDEN), ref(state, 1, LAST_RIVER)
    state = apply(state, marshals(state, 0, lord)[0])
    step = head(state)
    # cost 3 or lower, not Limited (not the Godswood, not Winterfell: cost 4)
    assert step.get("purpose") == "discard_location"
    assert sorted(step["candidates"]) == sorted([highgarden, river])
    state = answer(state, "discard_location", [highgarden])
    assert highgarden in state.players[1].discard and river in state.in_play


def test_newly_made_lord_discards_nothing_if_unable():
    state = marshalling(
        {"house": "Greyjoy", "hand": [NEWLY_MADE_LORD], "gold": 3},
        {"house": "Stark", "in_play": [GODSWOOD, WINTERFELL]},
    )
    lord = hand(state, 0, NEWLY_MADE_LORD)[0]
    state = apply(state, marshals(state, 0, lord)[0])
    assert lord in state.in_play and head(state).get("purpose") != "discard_location"
    assert len(state.players[1].in_play) == 2
