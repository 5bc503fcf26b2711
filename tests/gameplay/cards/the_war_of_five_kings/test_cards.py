"""The War of Five Kings cards (gameplay/engine/cards/the_war_of_five_kings/): each card's
effect in a position, played through legal actions.

Fillers without text of their own: Host of Storm's End (Baratheon Army, 6 STR, military
and power), Knight of the Tumblestone (Knight, 2 STR, military and power), Lannisport
Steward (2 STR, intrigue), Lannisport Weaponsmith (1 STR, military), Army of the Faithful
(6 STR, Renown), Bastard of Robert (1 STR, power, Stealth); Daenerys Targaryen is a Queen.
"""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength
from gameplay.engine.challenges import challenge_problem
from gameplay.engine.rules import attachment_targets, facts, gold_cost
from tests.gameplay.cardtest import (
    PLOT,
    act,
    answer,
    build,
    defend_until_won,
    events,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    start,
    until_window,
    use,
    uses,
)

HOST = "Host of Storm's End"
KNIGHT = "Knight of the Tumblestone"
STEWARD = "Lannisport Steward"
SMITH = "Lannisport Weaponsmith"
FAITHFUL = "Army of the Faithful"
BASTARD = "Bastard of Robert"
DANY = "Daenerys Targaryen"


def in_defenders_window(state):
    return head(state).get("name") == "window" and state.challenge is not None


def marshalling(me, them=None):
    return build(players=[{"house": "Stark", "gold": 10, **me}, them or {}])


def test_acoa_armies_cost_4_less_with_a_king_or_queen():
    for code in ("acoa_1", "acoa_3", "acoa_4", "acoa_5", "acoa_7", "acoa_9"):
        state = marshalling({"hand": [code], "in_play": [DANY]})
        cheap = gold_cost(state, 0, hand(state, 0, code)[0])
        state = marshalling({"hand": [code], "in_play": [KNIGHT]})
        assert gold_cost(state, 0, hand(state, 0, code)[0]) == cheap + 4, code


def test_acoa_1_king_robbs_host_does_not_kneel_to_attack_in_military():
    state = joust({"in_play": ["acoa_1"]}, {"in_play": [KNIGHT]})
    host = ref(state, 0, "acoa_1")
    state = start(state, "military", [host])
    assert head(state).get("purpose") == "defenders" or in_defenders_window(state)
    assert not state.in_play[host].knelt
    state = joust({"in_play": ["acoa_1"]}, {"in_play": [KNIGHT]})
    state = start(state, "power", [host])
    assert state.in_play[host].knelt


def test_acoa_2_jhalabar_xho_stops_opponents_renown():
    state = joust({"in_play": [FAITHFUL]}, {"in_play": ["acoa_2"]})
    army = ref(state, 0, FAITHFUL)
    state = start(state, "power", [army])
    state = defend_until_won(state, [])
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert state.in_play[army].power == 0


def test_acoa_3_king_joffreys_guard_kneels_two_non_army_characters():
    state = marshalling(
        {"hand": ["acoa_3"], "in_play": [DANY]}, {"in_play": [STEWARD, SMITH, HOST]}
    )
    guard = hand(state, 0, "acoa_3")[0]
    state = act(state, 0, "marshal:play", [guard])
    state = until_window(state, "entered_play")
    state = use(state, 0, guard)
    assert ref(state, 1, HOST) not in head(state)["candidates"]
    state = answer(state, "kneel", [ref(state, 1, STEWARD), ref(state, 1, SMITH)])
    assert state.in_play[ref(state, 1, STEWARD)].knelt and state.in_play[ref(state, 1, SMITH)].knelt


def test_acoa_4_king_roberts_host_standing_forbids_power_challenges():
    state = joust({"in_play": [KNIGHT]}, {"in_play": ["acoa_4"]})
    assert challenge_problem(state, 0, "power", 1)
    assert not challenge_problem(state, 0, "military", 1)
    state.in_play[ref(state, 1, "acoa_4")].knelt = True
    assert not challenge_problem(state, 0, "power", 1)


def test_acoa_5_king_balons_host_strips_opponents_keywords():
    state = joust({"in_play": ["acoa_5"]}, {"in_play": [FAITHFUL, "Ser Jacelyn Bywater"]})
    assert keywords(state, ref(state, 1, FAITHFUL)) == set()
    jacelyn = keywords(state, ref(state, 1, "Ser Jacelyn Bywater"))
    assert jacelyn == {"immune to character abilities"}
    state.in_play[ref(state, 0, "acoa_5")].knelt = True
    assert "renown" in keywords(state, ref(state, 1, FAITHFUL))


def test_acoa_6_foamdrinker_kills_a_participating_character():
    state = joust({"in_play": [HOST, "acoa_6"]}, {"in_play": [KNIGHT, STEWARD]})
    ship, knight = ref(state, 0, "acoa_6"), ref(state, 1, KNIGHT)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend_until_won(state, [knight])
    state = until_window(state, "challenge_won")
    assert {a.cards[1] for a in uses(state, 0, ship)} == {ref(state, 0, HOST), knight}
    state = use(state, 0, ship, knight)
    assert knight in state.players[1].dead and state.in_play[ship].knelt


def test_acoa_7_horde_attacking_alone_stops_defenders_without_a_queen():
    state = joust({"in_play": ["acoa_7"]}, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, "acoa_7")])
    state = pass_windows(state)
    assert head(state).get("purpose") != "defenders"
    assert events(state, "defenders")[-1]["cards"] == []
    state = joust({"in_play": ["acoa_7"]}, {"in_play": [KNIGHT, DANY]})
    state = start(state, "military", [ref(state, 0, "acoa_7")])
    state = pass_windows(state)
    assert ref(state, 1, KNIGHT) in head(state)["candidates"]


def test_acoa_8_maester_of_war_gives_maesters_a_military_icon():
    state = joust({"in_play": ["acoa_8"]}, {"in_play": ["Maester Cressen"]})
    assert "military" in icons(state, ref(state, 1, "Maester Cressen"))


def test_acoa_10_kill_for_your_king_after_revealing_a_military_battle():
    players = [
        {"plot_deck": ["acoa_25"], "hand": ["acoa_10"], "in_play": [KNIGHT]},
        {"plot_deck": [PLOT], "in_play": [STEWARD]},
    ]
    state = build(phase="plot", players=players)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    while head(state).get("name") == "prompt":  # Summoning Season's search
        state = act(state, head(state)["seat"], "done")
    state = until_window(state, "plot_revealed")
    event = hand(state, 0, "acoa_10")[0]
    assert {a.cards[1] for a in uses(state, 0, event)} == {ref(state, 1, STEWARD)}
    steward = ref(state, 1, STEWARD)
    state = use(state, 0, event, steward)
    assert steward in state.players[1].dead


def test_acoa_11_vanguard_scouts_do_not_kneel_in_the_first_challenge():
    state = joust({"in_play": ["acoa_11", KNIGHT]}, {"in_play": [STEWARD]})
    scouts = ref(state, 0, "acoa_11")
    state = start(state, "military", [scouts])
    assert not state.in_play[scouts].knelt
    state = joust({"in_play": ["acoa_11", KNIGHT]}, {"in_play": [STEWARD]})
    state.emit("challenge", seat=1, type="intrigue", defender=0)  # one initiated already
    state = start(state, "power", [scouts])
    assert state.in_play[scouts].knelt


def test_acoa_13_pyromancers_cache_kneels_its_location_and_draws():
    state = marshalling(
        {"hand": ["acoa_13"], "in_play": ["The Roseroad", DANY], "deck": [KNIGHT, STEWARD]}
    )
    cache, road = hand(state, 0, "acoa_13")[0], ref(state, 0, "The Roseroad")
    assert attachment_targets(state, facts(state, cache), 0) == [road]
    state = act(state, 0, "marshal:play", [cache, road])
    state = pass_windows(state)
    assert state.in_play[road].knelt
    state = use(state, 0, cache)
    assert len(state.players[0].hand) == 2  # a Queen: 2 cards


def test_acoa_14_house_florent_scouts_gain_vigilant_and_renown_in_the_first_challenge():
    state = joust({"in_play": ["acoa_14"]}, {"in_play": [STEWARD]})
    scouts = ref(state, 0, "acoa_14")
    assert "renown" not in keywords(state, scouts)
    state = start(state, "military", [scouts])
    assert {"renown", "vigilant"} <= keywords(state, scouts)


def test_acoa_16_seawater_scalawags_kneel_a_card_after_an_unopposed_win():
    state = joust({"in_play": ["acoa_16"]}, {"in_play": [SMITH, "The Roseroad"]})
    scalawags, road = ref(state, 0, "acoa_16"), ref(state, 1, "The Roseroad")
    state = start(state, "power", [scalawags])
    state = defend_until_won(state, [])
    state = until_window(state, "challenge_won")
    state = use(state, 0, scalawags, road)
    assert state.in_play[road].knelt


def test_acoa_17_queens_knight_returns_to_hand_after_a_non_knight_enters():
    state = marshalling({"hand": [STEWARD, KNIGHT], "in_play": ["acoa_17"]})
    queens = ref(state, 0, "acoa_17")
    state = act(state, 0, "marshal:play", [hand(state, 0, KNIGHT)[0]])
    state = pass_windows(state)
    assert queens in state.in_play
    state = act(state, 0, "marshal:play", [hand(state, 0, STEWARD)[0]])
    state = pass_windows(state)
    assert queens in state.players[0].hand


def test_acoa_18_flaming_pitch_tower_kills_a_weakened_character():
    state = joust({"in_play": [HOST, "acoa_18"]}, {"in_play": [KNIGHT, STEWARD]})
    tower, knight = ref(state, 0, "acoa_18"), ref(state, 1, KNIGHT)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend_until_won(state, [])
    state = until_window(state, "challenge_won")
    state = use(state, 0, tower, knight)
    state = pass_windows(state)
    assert knight in state.players[1].dead


def test_acoa_20_dornish_chariot_strips_stealth_renown_and_deadly():
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": ["acoa_20"]}, BASTARD]},
        {"in_play": [FAITHFUL]},
    )
    faithful = ref(state, 1, FAITHFUL)
    assert "renown" in keywords(state, faithful)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert "renown" not in keywords(state, faithful)
    assert "stealth" not in keywords(state, ref(state, 0, BASTARD))
    assert strength(state, faithful) == 6
