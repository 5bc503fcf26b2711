"""The War of Five Kings cards of the_war_of_five_kings/more.py: Icy Catapult, The Fox's
Teeth, Besiegers of Dorne, each played through legal actions.

Fillers: Host of Storm's End (6 STR Army, military and power), Knight of the Tumblestone
(House Stark Knight, 2 STR, military and power), Lannisport Steward (2 STR, intrigue);
Toll Gate (acoa_33: "Challenges: Kneel Toll Gate to choose a non-unique, participating
character. Stand that character, and remove it from the challenge.").
"""

from __future__ import annotations

from tests.gameplay.cardtest import (
    act,
    answer,
    events,
    head,
    joust,
    pass_windows,
    ref,
    resolved,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
)

HOST = "Host of Storm's End"
KNIGHT = "Knight of the Tumblestone"
STEWARD = "Lannisport Steward"
TOLL_GATE = "acoa_33"


def test_acoa_12_icy_catapult_kills_a_character_without_attachments_when_its_bearer_leaves():
    state = joust(
        {"in_play": [HOST, STEWARD]},
        {"in_play": [{"card": KNIGHT, "attachments": ["acoa_12"]}]},
    )
    catapult = ref(state, 1, "acoa_12")
    knight, steward = ref(state, 1, KNIGHT), ref(state, 0, STEWARD)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    state = answer(state, "defenders", [])
    state = until_window(state, "killed")  # claim: the Knight is killed, the Catapult falls
    assert knight in state.players[1].dead and catapult in state.players[1].discard
    # Only characters without attachments may be chosen (the Host and the Steward).
    assert {a.cards[1] for a in uses(state, 1, catapult)} == {ref(state, 0, HOST), steward}
    state = use(state, 1, catapult, steward)
    state = pass_windows(state)
    assert steward in state.players[0].dead


def test_acoa_12_icy_catapult_does_not_answer_other_characters_leaving():
    state = joust(
        {"in_play": [HOST]},
        {"in_play": [KNIGHT], "discard": ["acoa_12"]},
    )
    catapult = state.players[1].discard[0]
    state = start(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    state = answer(state, "defenders", [])
    while head(state).get("name") == "window" and head(state).get("trigger") != "killed":
        state = act(state, waiting_seats(state)[0], "pass")
    assert not uses(state, 1, catapult)


def test_acoa_15_the_fox_s_teeth_lets_only_knelt_characters_defend():
    state = joust(
        {"in_play": ["acoa_15"]},
        {"in_play": [{"card": KNIGHT, "knelt": True}, KNIGHT]},
    )
    knelt, standing = ref(state, 1, KNIGHT, 0), ref(state, 1, KNIGHT, 1)
    state = start(state, "military", [ref(state, 0, "acoa_15")])
    state = pass_windows(state)
    assert head(state)["purpose"] == "defenders" and head(state)["candidates"] == [knelt]
    state = answer(state, "defenders", [knelt])
    assert state.challenge["defenders"] == [knelt]
    assert not state.in_play[standing].knelt


def test_acoa_15_without_the_fox_s_teeth_attacking_only_standing_characters_defend():
    state = joust(
        {"in_play": ["acoa_15", HOST]},
        {"in_play": [{"card": KNIGHT, "knelt": True}, KNIGHT]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert head(state)["candidates"] == [ref(state, 1, KNIGHT, 1)]


def test_acoa_19_besiegers_of_dorne_cancel_the_first_effect_of_the_first_challenge():
    state = joust(
        {"in_play": [HOST, STEWARD, TOLL_GATE, TOLL_GATE]},
        {"in_play": ["acoa_19"]},
    )
    host = ref(state, 0, HOST)
    first_gate, second_gate = ref(state, 0, TOLL_GATE, 0), ref(state, 0, TOLL_GATE, 1)
    state = start(state, "power", [host])
    state = use(state, 0, first_gate, host)  # the first effect: cancelled
    assert events(state, "cancelled")[-1]["card"] == first_gate
    assert state.in_play[first_gate].knelt  # its cost stays paid
    assert host in state.challenge["attackers"] and state.in_play[host].knelt
    state = use(state, 0, second_gate, host)  # the second effect resolves
    state = pass_windows(state)
    assert not state.in_play[host].knelt and resolved(state)["winner"] is None
    assert len(events(state, "cancelled")) == 1


def test_acoa_19_besiegers_of_dorne_leave_the_second_challenge_alone():
    state = joust(
        {"in_play": [HOST, STEWARD, TOLL_GATE]},
        {"in_play": ["acoa_19"]},
    )
    host, steward, gate = ref(state, 0, HOST), ref(state, 0, STEWARD), ref(state, 0, TOLL_GATE)
    state = start(state, "power", [host])
    while state.challenge is not None:
        if head(state).get("purpose") == "defenders":
            state = answer(state, "defenders", [])
            continue
        state = act(state, waiting_seats(state)[0], "pass")
    state = start(state, "intrigue", [steward])
    state = use(state, 0, gate, steward)
    state = pass_windows(state)
    assert not events(state, "cancelled")
    assert not state.in_play[steward].knelt  # stood and removed by the Toll Gate
