"""Chasing Dragons: The Red Queen's Faithful (btns_46) and Watchful Servant (btns_54)
(gameplay/engine/cards/chasing_dragons/characters.py).

Fillers: Brienne of Tarth (core_76) and Lady Olenna's Guard (asots_7), unique Baratheon
characters; Host of Storm's End (Baratheon Army, 6 STR, not unique); Knight of the
Tumblestone (2 STR, military)."""

from __future__ import annotations

from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    challenge_without,
    choose,
    events,
    hand,
    head,
    joust,
    ref,
    start,
    use,
    uses,
    waiting_seats,
    won_window,
)

FAITHFUL = "btns_46"
SERVANT = "btns_54"
BRIENNE = "core_76"
OLENNA_GUARD = "asots_7"


def _knelt(card):
    return {"card": card, "knelt": True}


# --- btns_46 The Red Queen's Faithful -----------------------------------------------------


def test_faithful_costs_1_less_for_each_unique_baratheon_character_you_control():
    me = {"house": "Baratheon", "hand": [FAITHFUL], "in_play": [BRIENNE, OLENNA_GUARD, HOST]}
    state = joust(me, {"in_play": [BRIENNE]})
    assert gold_cost(state, 0, hand(state, 0, FAITHFUL)[0]) == 5  # not the Host, not theirs
    plain = joust({"house": "Baratheon", "hand": [FAITHFUL], "in_play": [HOST]}, {})
    assert gold_cost(plain, 0, hand(plain, 0, FAITHFUL)[0]) == 7


def test_faithful_moves_up_to_3_power_from_a_house_card_to_that_players_character():
    me = {"house": "Baratheon", "power": 1, "in_play": [FAITHFUL]}
    state = joust(me, {"power": 4, "in_play": [STEWARD, _knelt(KNIGHT)]})
    faithful, knight = ref(state, 0, FAITHFUL), ref(state, 1, KNIGHT)
    state = won_window(state, "intrigue", [faithful], [ref(state, 1, STEWARD)])
    state = use(state, 0, faithful)
    assert head(state)["options"] == ["0", "1"]  # a player with power on its House card
    state = choose(state, "1")
    assert sorted(head(state)["candidates"]) == sorted([knight, ref(state, 1, STEWARD)])
    state = answer(state, "power_to", [knight])
    assert head(state)["options"] == ["1", "2", "3"]
    state = choose(state, "2")
    assert state.in_play[knight].power == 2 and state.players[1].power == 2


def test_faithful_only_after_a_won_challenge_in_which_it_participated():
    me = {"house": "Baratheon", "in_play": [FAITHFUL, KNIGHT]}
    state = joust(me, {"power": 4, "in_play": [_knelt(KNIGHT)]})
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, ref(state, 0, FAITHFUL))


# --- btns_54 Watchful Servant -------------------------------------------------------------


def test_watchful_servant_removes_a_participant_with_str_3_or_more():
    state = joust({"house": "Martell", "in_play": [SERVANT, KNIGHT]}, {"in_play": [HOST]})
    servant, knight, host = ref(state, 0, SERVANT), ref(state, 0, KNIGHT), ref(state, 1, HOST)
    state = start(state, "military", [knight])
    for _ in range(20):
        if state.challenge and host in state.challenge["defenders"]:
            break
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [host])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    targets = [a.cards[1] for a in uses(state, 0, servant)]
    assert targets == [host]  # the Knight has 2 STR
    state = use(state, 0, servant, host)
    assert servant in state.players[0].dead  # the cost
    (removed,) = events(state, "removed_from_challenge")
    assert removed["cards"] == [host]
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["winner"] == 0 and resolved["strength"] == [2, 0]


def test_watchful_servant_needs_a_challenge():
    state = joust({"house": "Martell", "in_play": [SERVANT]}, {"in_play": [HOST]})
    assert not uses(state, 0, ref(state, 0, SERVANT))
