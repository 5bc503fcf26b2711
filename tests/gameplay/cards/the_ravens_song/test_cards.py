"""The Raven's Song cards (gameplay/engine/cards/the_ravens_song/): each card's effect in a
position, played through legal actions.

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import season, strength
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    events,
    hand,
    head,
    joust,
    pass_windows,
    plots_revealed,
    ref,
    start,
    to_window,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)

HOST = "Host of Storm's End"
KNIGHT = "Knight of the Tumblestone"
STEWARD = "Lannisport Steward"


def test_ator_61_dawn_gives_arthur_five_and_kills_when_outnumbered():
    state = joust(
        {"in_play": [{"card": "Ser Arthur Dayne", "attachments": ["ator_61"]}]},
        {"in_play": [KNIGHT, STEWARD, HOST]},
    )
    arthur, dawn = ref(state, 0, "Ser Arthur Dayne"), ref(state, 0, "ator_61")
    assert strength(state, arthur) == 5 + 5  # printed 5
    knight = ref(state, 1, KNIGHT)
    assert not uses(state, 0, dawn)
    state = start(state, "military", [arthur])
    state = to_window(state, None, [knight, ref(state, 1, HOST)])
    state = use(state, 0, dawn, knight)
    state = pass_windows(state) if head(state).get("name") == "window" else state
    assert knight in state.players[1].dead and state.in_play[dawn].knelt


def test_ator_62_northern_scavengers_discards_at_random_from_a_lannister_hand():
    state = build(
        players=[
            {"house": "Stark", "hand": ["ator_62"], "gold": 5},
            {"house": "Lannister", "hand": [STEWARD, KNIGHT]},
        ]
    )
    state = act(state, 0, "marshal:play", [hand(state, 0, "ator_62")[0]])
    state = pass_windows(state)
    assert head(state)["purpose"] == "choose_player"  # both Houses qualify: Stark, Lannister
    state = act(state, 0, "choose", choice="1")
    assert len(state.players[1].hand) == 1 and len(state.players[1].discard) == 1


def test_ator_63_pycelle_killed_in_challenges_returns_used_plots():
    state = joust(
        {"in_play": [HOST]},
        {"in_play": ["ator_63"], "used_plots": ["Rains of Autumn", "Noose and Swordpoint"]},
    )
    pycelle = ref(state, 1, "ator_63")
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", claim=[pycelle])
    state = use(state, 1, pycelle)
    assert not state.players[1].used_plots and len(state.players[1].plot_deck) >= 2


def test_ator_64_renly_draws_after_a_power_win_with_a_power_struggle_plot():
    state = joust(
        {"in_play": ["ator_64"], "deck": [KNIGHT, STEWARD], "revealed_plot": "kotse_53"},
        {"in_play": []},
    )
    state = start(state, "power", [ref(state, 0, "ator_64")])
    state = pass_windows(state)  # a forced effect: no window
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert len(state.players[0].hand) == 1


def test_ator_66_samwell_draws_two_after_a_raven_card_is_played():
    state = build(
        players=[
            {"in_play": ["ator_66"], "deck": [KNIGHT, STEWARD, HOST], "hand": ["ator_16"]},
            {"in_play": [HOST]},
        ]
    )
    state.players[0].gold = 5
    state = act(state, 0, "marshal:play", [hand(state, 0, "ator_16")[0]])  # Carrion Bird
    state = until_window(state, "played")
    state = use(state, 0, ref(state, 0, "ator_66"))
    assert len(state.players[0].hand) == 2


def _plot_response(code, plot, cost_card, cost_icon_card, knelt_card, spared):
    state = plots_revealed(
        plot,
        "Rains of Autumn",
        me={"hand": [code], "in_play": [cost_card]},
        them={"in_play": [knelt_card, spared]},
    )
    state = until_window(state, "plot_revealed")
    card = hand(state, 0, code)[0]
    state = use(state, 0, card)
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], [ref(state, 0, cost_icon_card)])
    return state


def test_ator_67_fights_no_sword_can_win_kneels_military_characters():
    state = _plot_response("ator_67", "kotse_50", STEWARD, STEWARD, HOST, STEWARD)
    assert state.in_play[ref(state, 1, HOST)].knelt
    assert not state.in_play[ref(state, 1, STEWARD)].knelt
    assert state.in_play[ref(state, 0, STEWARD)].knelt


def test_ator_68_the_ravens_message_kneels_intrigue_characters():
    state = _plot_response("ator_68", "kotse_53", KNIGHT, KNIGHT, STEWARD, "Wolf Pack")
    assert state.in_play[ref(state, 1, STEWARD)].knelt
    assert not state.in_play[ref(state, 1, "Wolf Pack")].knelt


def test_ator_69_at_the_point_of_a_blade_kneels_power_characters():
    state = _plot_response("ator_69", "kotse_48", "Wolf Pack", "Wolf Pack", KNIGHT, STEWARD)
    assert state.in_play[ref(state, 1, KNIGHT)].knelt
    assert not state.in_play[ref(state, 1, STEWARD)].knelt


def _rookery_after_loss(code, ctype):
    state = joust(
        {"in_play": [HOST, "Lurkers at Harrenhal"]},
        {"in_play": [code], "gold": 1, "plot_deck": ["Rains of Autumn"]},
    )
    attacker = "Lurkers at Harrenhal" if ctype == "intrigue" else HOST
    state = won_window(state, ctype, [ref(state, 0, attacker)])
    rookery = ref(state, 1, code)
    state = use(state, 1, rookery)
    state = pass_windows(state) if head(state).get("name") == "window" else state
    if head(state).get("purpose") == "new_plot":
        state = answer(state, "new_plot", state.players[1].plot_deck)
    assert rookery in state.players[1].discard
    assert state.code(state.players[1].revealed_plot) == "core_184"
    return state


def test_ator_70_winterfell_rookery_reveals_a_new_plot_after_a_military_loss():
    _rookery_after_loss("ator_70", "military")


def test_ator_71_lannisport_rookery_reveals_a_new_plot_after_an_intrigue_loss():
    _rookery_after_loss("ator_71", "intrigue")


def test_ator_72_dragonstone_rookery_reveals_a_new_plot_after_a_power_loss():
    _rookery_after_loss("ator_72", "power")


def _rookery_after_win(code, ctype):
    state = joust(
        {"in_play": [HOST, code], "gold": 1, "plot_deck": ["Rains of Autumn"]},
        {"in_play": []},
    )
    rookery = ref(state, 0, code)
    state = won_window(state, ctype, [ref(state, 0, HOST)])
    state = use(state, 0, rookery)
    state = pass_windows(state) if head(state).get("name") == "window" else state
    if head(state).get("purpose") == "new_plot":
        state = answer(state, "new_plot", state.players[0].plot_deck)
    assert rookery in state.players[0].discard
    assert state.code(state.players[0].revealed_plot) == "core_184"


def test_ator_73_island_rookery_after_a_military_win_by_four():
    _rookery_after_win("ator_73", "military")


def test_ator_74_qartheen_rookery_after_a_power_win_by_four():
    _rookery_after_win("ator_74", "power")


def test_ator_75_rookery_of_sunspear_after_an_intrigue_win_by_four():
    state = joust(
        {
            "in_play": ["Lurkers at Harrenhal", "ator_75"],
            "gold": 1,
            "plot_deck": ["Rains of Autumn"],
        },
        {"in_play": []},
    )
    rookery = ref(state, 0, "ator_75")
    state = won_window(state, "intrigue", [ref(state, 0, "Lurkers at Harrenhal")])
    state = use(state, 0, rookery)
    state = pass_windows(state) if head(state).get("name") == "window" else state
    if head(state).get("purpose") == "new_plot":
        state = answer(state, "new_plot", state.players[0].plot_deck)
    assert state.code(state.players[0].revealed_plot) == "core_184"


def test_ator_76_vale_rookery_after_an_opponent_wins_dominance():
    state = joust(
        {"in_play": [HOST]},
        {"in_play": ["ator_76"], "gold": 1, "plot_deck": ["Rains of Autumn"]},
        phase="dominance",
    )
    state = until_window(state, "dominance_won")
    rookery = ref(state, 1, "ator_76")
    state = use(state, 1, rookery)
    if head(state).get("purpose") == "new_plot":
        state = answer(state, "new_plot", state.players[1].plot_deck)
    assert rookery in state.players[1].discard
    assert state.code(state.players[1].revealed_plot) == "core_184"


def test_ator_77_heart_of_the_kingdom_kneels_a_kingdom_location_for_one_str():
    state = joust({"in_play": ["ator_77", HOST]}, {"in_play": [STEWARD]})
    heart, host = ref(state, 0, "ator_77"), ref(state, 0, HOST)
    state = start(state, "power", [host])
    state = until_window(state)
    state = use(state, 0, heart, host)
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], [heart])
    assert strength(state, host) == 7 and state.in_play[heart].knelt


def test_ator_78_tower_of_joy_kills_after_winning_outnumbered():
    state = joust({"in_play": [HOST, "ator_78"]}, {"in_play": [KNIGHT, "low_13"]})
    tower = ref(state, 0, "ator_78")
    knight = ref(state, 1, KNIGHT)
    state = won_window(state, "power", [ref(state, 0, HOST)], [knight, ref(state, 1, "low_13")])
    state = use(state, 0, tower, knight)
    state = pass_windows(state) if head(state).get("name") == "window" else state
    assert knight in state.players[1].dead


def test_ator_79_desolate_passage_allows_one_attacker():
    state = joust({"in_play": [HOST, KNIGHT], "revealed_plot": "ator_79"}, {"in_play": [STEWARD]})
    state = pass_windows(state)
    state = act(state, 0, "challenge:power", choice="1")
    prompt = head(state)
    assert prompt["purpose"] == "attackers" and prompt["max"] == 1


def test_ator_80_the_ravens_song_makes_it_neither_summer_nor_winter():
    state = joust({"in_play": [{"card": "Robb Stark", "attachments": ["low_1"]}]}, {"in_play": []})
    assert season(state) == "winter"
    state = joust(
        {"in_play": [{"card": "Robb Stark", "attachments": ["low_1"]}]},
        {"in_play": [], "revealed_plot": "ator_80"},
    )
    assert season(state) is None


assert events and waiting_seats  # helpers some tests may use


def test_ator_65_kraznys_buys_an_opponents_attachment_in_summer():
    summer = {"card": KNIGHT, "attachments": ["qod_6"]}
    state = joust(
        {"in_play": ["ator_65", summer, HOST], "gold": 1},
        {"in_play": [{"card": STEWARD, "attachments": ["pots_47"]}]},
    )
    kraznys, sword = ref(state, 0, "ator_65"), ref(state, 1, "pots_47")  # Rusted Sword, 1 gold
    state = use(state, 0, kraznys, sword)
    state = answer(state, "attach_to", [ref(state, 0, KNIGHT)])
    assert state.in_play[sword].controller == 0 and state.players[0].gold == 0
    assert state.in_play[sword].attached_to == ref(state, 0, KNIGHT)
    state = joust(
        {"in_play": ["ator_65", HOST], "gold": 1},
        {"in_play": [{"card": STEWARD, "attachments": ["pots_47"]}]},
    )
    assert not uses(state, 0, ref(state, 0, "ator_65"))  # not Summer
