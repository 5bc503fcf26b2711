"""Scattered Armies cards (gameplay/engine/cards/scattered_armies/): each card's effect in a
position, played through legal actions. The Reinforcements event played is Retreat and
Regroup (ator_114), a Challenges action before any challenge."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from tests.gameplay.cardtest import (
    SUMMER,
    act,
    answer,
    build,
    events,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    start,
    until_prompt,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)
from tests.gameplay.scenario import code

HOST = "Host of Storm's End"
KNIGHT = "Knight of the Tumblestone"
STEWARD = "Lannisport Steward"
RETREAT = "ator_114"


def reinforce(me, them=None):
    """Seat 0 plays Retreat and Regroup; returns the state at the ``played`` window."""
    state = joust({**me, "hand": [RETREAT, *me.get("hand", [])]}, them or {"in_play": [HOST]})
    # Seat 0 is asked first in its challenges turn, before the first challenge.
    assert head(state)["turn"] == 0 and waiting_seats(state) == [0]
    state = use(state, 0, hand(state, 0, RETREAT)[0])
    return until_window(state, "played")


def test_ator_101_desperate_looters_mill_each_opponent_on_entering_and_leaving_play():
    state = build(
        players=[
            {"hand": ["ator_101"], "in_play": [KNIGHT]},
            {"in_play": [HOST], "deck": [STEWARD, KNIGHT]},
        ]
    )
    state.players[0].gold = 5
    state = act(state, 0, "marshal:play", [hand(state, 0, "ator_101")[0]])
    state = until_window(state, "entered_play")
    looters = ref(state, 0, "ator_101")
    state = use(state, 0, looters)
    assert len(state.players[1].deck) == 1 and len(state.players[1].discard) == 1
    # Killed by a military claim: its controller may use the response.
    state = joust({"in_play": [HOST], "deck": [STEWARD]}, {"in_play": ["ator_101"]})
    state = start(state, "military", [ref(state, 0, HOST)])
    state = answer(state, "defenders", [])
    state = until_prompt(state, "use_response", limit=80)
    state = act(state, 1, "choose", choice="yes")
    assert state.players[0].deck == [] and len(state.players[0].discard) == 1


def test_ator_102_depleted_host_searches_for_a_reinforcements_event():
    state = joust({"in_play": ["ator_102"], "deck": [KNIGHT, RETREAT, STEWARD]}, {"in_play": []})
    state = won_window(state, "power", [ref(state, 0, "ator_102")])
    state = use(state, 0, ref(state, 0, "ator_102"))
    state = until_prompt(state, "search")
    retreat = [r for r in state.players[0].deck if state.code(r) == RETREAT]
    state = answer(state, "search", retreat)
    assert [state.code(r) for r in state.players[0].hand] == [RETREAT]


def test_ator_103_northern_cavalry_flank_does_not_kneel_to_attack_against_an_agenda():
    state = joust({"in_play": ["ator_103", KNIGHT]}, {"in_play": []})
    state.players[1].agenda = "kr_40"  # the opponent runs an agenda (A Song of Ice)
    flank = ref(state, 0, "ator_103")
    state = start(state, "power", [flank])
    assert not state.in_play[flank].knelt
    state = joust({"in_play": ["ator_103", KNIGHT]}, {"in_play": []})
    state = start(state, "power", [ref(state, 0, "ator_103")])
    assert state.in_play[ref(state, 0, "ator_103")].knelt


def test_ator_104_northern_infantry_does_not_kneel_to_defend_without_agendas():
    state = joust({"in_play": [HOST, KNIGHT]}, {"in_play": ["ator_104"]})
    infantry = ref(state, 1, "ator_104")
    state = start(state, "power", [ref(state, 0, HOST)])
    state = answer(state, "defenders", [infantry])
    assert state.phase == "challenges" and not state.in_play[infantry].knelt


def test_ator_105_weary_swordsmen_kneels_a_character_without_intrigue():
    state = reinforce({"in_play": ["ator_105"]}, {"in_play": [HOST, STEWARD]})
    host = ref(state, 1, HOST)
    options = {a.cards[1] for a in uses(state, 0, ref(state, 0, "ator_105"))}
    assert host in options and ref(state, 1, STEWARD) not in options
    state = use(state, 0, ref(state, 0, "ator_105"), host)
    assert state.in_play[host].knelt


def test_ator_106_tommen_draws_in_marshalling_unless_another_king_is_in_play():
    state = build(players=[{"in_play": ["ator_106"], "deck": [KNIGHT]}, {"in_play": [HOST]}])
    state = use(state, 0, ref(state, 0, "ator_106"))
    assert len(state.players[0].hand) == 1
    state = build(players=[{"in_play": ["ator_106"], "deck": [KNIGHT]}, {"in_play": ["kotse_35"]}])
    assert not uses(state, 0, ref(state, 0, "ator_106"))


def test_ator_107_exhausted_horsemen_stand_after_reinforcements():
    state = reinforce({"in_play": [{"card": "ator_107", "knelt": True}]})
    horsemen = ref(state, 0, "ator_107")
    state = use(state, 0, horsemen)
    assert not state.in_play[horsemen].knelt


def test_ator_108_stormland_scavengers_discards_from_a_targaryen_hand():
    state = build(
        players=[
            {"house": "Baratheon", "hand": ["ator_108"]},
            {"house": "Targaryen", "hand": [STEWARD, KNIGHT]},
        ]
    )
    state.players[0].gold = 5
    state = act(state, 0, "marshal:play", [hand(state, 0, "ator_108")[0]])
    state = pass_windows(state)
    state = act(state, 0, "choose", choice="1")
    assert len(state.players[1].hand) == 1


def test_ator_109_weathered_crew_puts_a_warship_into_play_from_the_discard_pile():
    state = reinforce({"in_play": ["ator_109"], "discard": ["kotse_28"]})
    ship = state.players[0].discard[0]
    state = use(state, 0, ref(state, 0, "ator_109"), ship)
    assert ship in state.in_play


def test_ator_110_pirates_of_orkmont_strength_is_the_opponents_plot_gold():
    state = joust({"in_play": ["ator_110"]}, {"in_play": [], "revealed_plot": "Blockade"})
    assert strength(state, ref(state, 0, "ator_110")) == 0
    state = joust(
        {"in_play": ["ator_110"]}, {"in_play": [], "revealed_plot": "Condemned by the Realm"}
    )
    assert strength(state, ref(state, 0, "ator_110")) == 5


def test_ator_111_destitute_horde_takes_a_weapon_onto_itself():
    state = reinforce(
        {"in_play": ["ator_111"]},
        {"in_play": [{"card": "Eddard Stark", "attachments": ["pots_47"]}]},
    )
    horde, ice = ref(state, 0, "ator_111"), ref(state, 1, "pots_47")  # Rusted Sword
    state = use(state, 0, horde, ice)
    assert state.in_play[ice].controller == 0 and state.in_play[ice].attached_to == horde


def test_ator_112_desert_exiles_draw_after_reinforcements():
    state = reinforce({"in_play": ["ator_112"], "deck": [KNIGHT]})
    state = use(state, 0, ref(state, 0, "ator_112"))
    assert len(state.players[0].hand) == 1


def test_ator_113_men_with_no_king_takes_control_of_an_unaffiliated_card():
    state = reinforce({"in_play": ["ator_113"], "gold": 2}, {"in_play": [HOST, KNIGHT]})
    host = ref(state, 1, HOST)  # Baratheon, owned by a Stark player
    state = use(state, 0, ref(state, 0, "ator_113"), host)
    assert state.in_play[host].controller == 0 and state.players[0].gold == 0


def test_ator_114_retreat_and_regroup_returns_characters_after_two_losses():
    state = joust(
        {"hand": [RETREAT], "in_play": [STEWARD, KNIGHT], "discard": [KNIGHT, "Robb Stark"]},
        {"in_play": [HOST, "Lurkers at Harrenhal"]},
        first_player=1,
    )
    # Seat 1 (nothing to do before the others have passed) passed: seat 0 is asked next in
    # seat 1's window.
    assert head(state)["turn"] == 1 and waiting_seats(state) == [0]
    state = use(state, 0, hand(state, 0, RETREAT)[0])
    state = start(state, "military", [ref(state, 1, HOST)], defender=0)
    state = finish_challenge(state)
    state = start(state, "power", [ref(state, 1, "Lurkers at Harrenhal")], defender=0)
    state = finish_challenge(state)
    assert [e["winner"] for e in events(state, "challenge_resolved")] == [1, 1]
    state = until_prompt(state, "to_hand", limit=80)
    knights = [r for r in state.players[0].discard if state.code(r) == code(KNIGHT)]
    assert knights and head(state)["candidates"] == knights  # not Robb Stark (unique)
    state = answer(state, "to_hand", knights[:1])
    assert knights[0] in state.players[0].hand


def finish_challenge(state):
    """Pass, declaring no defenders and claiming the first candidate, until the challenge
    is over and the attacker's turn window is back."""
    for _ in range(60):
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: step["min"]])
        elif state.challenge is None and step.get("point") == "before_challenge":
            return state
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def test_ator_120_summer_encampment_returns_a_character_in_summer():
    state = joust({"in_play": ["ator_120", SUMMER, HOST]}, {"in_play": []})
    host = ref(state, 0, HOST)
    state = use(state, 0, ref(state, 0, "ator_120"), host)
    state = pass_windows(state) if head(state).get("name") == "window" else state
    assert host in state.players[0].hand
    state = joust({"in_play": ["ator_120", HOST]}, {"in_play": []})
    assert not uses(state, 0, ref(state, 0, "ator_120"))
