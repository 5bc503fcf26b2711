"""Refugees of War cards (gameplay/engine/cards/refugees_of_war/): each card's effect in a
position, played through legal actions.

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue). Winter: Crown of Winter (low_1)
on Robb Stark; Summer: qod_6 (a Crown that makes it Summer)."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import keywords, strength
from tests.gameplay.cardtest import (
    SUMMER,
    WINTER,
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
    to_window,
    until_prompt,
    use,
    won_window,
)

HOST = "Host of Storm's End"
KNIGHT = "Knight of the Tumblestone"
STEWARD = "Lannisport Steward"


def test_ator_81_needle_attaches_from_the_discard_pile_to_a_stalwart_character():
    state = build(
        players=[
            {"hand": ["Eddard Stark"], "discard": ["ator_81"], "in_play": ["Northern Fiefdoms"]},
            {"in_play": [HOST]},
        ]
    )
    state.players[0].gold = 10
    needle = state.players[0].discard[0]
    state = act(state, 0, "marshal:play", [hand(state, 0, "Eddard Stark")[0]])
    state = to_window(state, "played")
    state = use(state, 0, needle)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, "Northern Fiefdoms")])
    eddard = ref(state, 0, "Eddard Stark")
    assert state.in_play[needle].attached_to == eddard
    assert strength(state, eddard) == 3 + 1 and "stealth" in keywords(state, eddard)


def test_ator_82_head_of_a_dwarf_gives_infamy_and_takes_the_claimed_power():
    state = joust(
        {"in_play": [{"card": HOST, "attachments": ["ator_82"]}, KNIGHT]},
        {"in_play": [], "power": 3},
    )
    host = ref(state, 0, HOST)
    assert "infamy" in keywords(state, host)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = pass_windows(state)
    assert state.players[0].power == 0 and state.in_play[host].power == 2  # unopposed + claim


REFUGEES = ["ator_83", "ator_85", "ator_86", "ator_88", "ator_90", "ator_92", "ator_97"]


@pytest.mark.parametrize("code", REFUGEES)
def test_refugees_pay_one_gold_or_are_discarded_after_losing_dominance(code):
    state = joust({"in_play": [code], "gold": 1}, {"in_play": [HOST]}, phase="dominance")
    refugee = ref(state, 0, code)
    state = until_prompt(state, "pay_or_discard")
    state = act(state, 0, "choose", choice="pay")
    assert refugee in state.in_play and state.players[0].gold == 0
    state = joust({"in_play": [code], "gold": 1}, {"in_play": [HOST]}, phase="dominance")
    refugee = ref(state, 0, code)
    state = until_prompt(state, "pay_or_discard")
    state = act(state, 0, "choose", choice="discard")
    state = pass_windows(state)
    assert refugee not in state.in_play and refugee in state.players[0].discard


def test_refugee_without_gold_is_discarded_and_kept_after_winning_dominance():
    state = joust({"in_play": ["ator_83"]}, {"in_play": [HOST]}, phase="dominance")
    state = until_prompt(state, "plot_choice", limit=40, stop="choose_plots")
    assert state.players[0].discard and not state.players[0].in_play
    state = joust({"in_play": ["ator_83"]}, {"in_play": []}, phase="dominance")
    state = until_prompt(state, "plot_choice", limit=40, stop="choose_plots")
    assert state.players[0].in_play


def test_ator_84_cat_o_the_canals_is_discarded_when_you_control_arya():
    state = build(players=[{"hand": ["Arya Stark"], "in_play": ["ator_84"]}, {"in_play": [HOST]}])
    state.players[0].gold = 5
    cat = ref(state, 0, "ator_84")
    state = act(state, 0, "marshal:play", [hand(state, 0, "Arya Stark")[0]])
    state = pass_windows(state)
    assert cat not in state.in_play and cat in state.players[0].discard


def test_ator_84_cat_o_the_canals_is_discarded_when_control_of_arya_is_taken():
    state = joust({"in_play": ["ator_84", HOST]}, {"in_play": ["Arya Stark"]})
    cat, arya = ref(state, 0, "ator_84"), ref(state, 1, "Arya Stark")
    from gameplay.engine import moves
    from gameplay.engine.steps import run

    moves.take_control(state, arya, 0)  # as Men With No King would
    run(state)
    assert cat in state.players[0].discard


def test_ator_98_gilly_is_discarded_in_winter_and_stronger_in_summer():
    state = joust({"in_play": ["ator_98", HOST]}, {"in_play": [WINTER]})
    assert state.players[0].discard and "ator_98" in [
        state.code(r) for r in state.players[0].discard
    ]
    state = joust({"in_play": ["ator_98", SUMMER], "deck": [HOST]}, {"in_play": []})
    gilly = ref(state, 0, "ator_98")
    assert strength(state, gilly) == 1 + 2
    state = start(state, "power", [gilly])  # a Power icon in Summer
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert len(state.players[0].hand) == 1


def test_ator_87_arena_knight_has_renown_in_power_challenges():
    state = joust({"in_play": ["ator_87"]}, {"in_play": [STEWARD]})
    knight = ref(state, 0, "ator_87")
    assert "renown" not in keywords(state, knight)
    state = start(state, "power", [knight])
    assert "renown" in keywords(state, knight)


def test_ator_89_alannys_discards_at_random_unless_a_stronger_character_kneels():
    state = joust({"in_play": ["ator_89"]}, {"in_play": [HOST], "hand": [STEWARD, KNIGHT]})
    alannys, host = ref(state, 0, "ator_89"), ref(state, 1, HOST)
    state = use(state, 0, alannys)
    state = answer(state, "kneel_or_discard", [])
    assert len(state.players[1].hand) == 1 and state.in_play[alannys].knelt
    state = joust({"in_play": ["ator_89"]}, {"in_play": [HOST], "hand": [STEWARD, KNIGHT]})
    state = use(state, 0, ref(state, 0, "ator_89"))
    state = answer(state, "kneel_or_discard", [host])
    assert len(state.players[1].hand) == 2 and events(state, "knelt")[-1]["card"] == host


def test_ator_89_alannys_cannot_act_with_another_queen_in_play():
    state = joust({"in_play": ["ator_89"]}, {"in_play": ["Daenerys Targaryen"]})
    from tests.gameplay.cardtest import uses

    assert not uses(state, 0, ref(state, 0, "ator_89"))


def test_ator_91_dragonstone_scavenger_discards_from_a_baratheon_hand():
    state = build(
        players=[
            {"house": "Targaryen", "hand": ["ator_91"]},
            {"house": "Baratheon", "hand": [STEWARD, KNIGHT]},
        ]
    )
    state.players[0].gold = 5
    state = act(state, 0, "marshal:play", [hand(state, 0, "ator_91")[0]])
    state = pass_windows(state)
    state = act(state, 0, "choose", choice="1")  # both Houses qualify
    assert len(state.players[1].hand) == 1


def test_ator_93_pit_viper_discards_itself_to_kill_another_participant():
    state = joust({"in_play": ["ator_93"]}, {"in_play": [KNIGHT, "Wolf Pack"]})
    viper, knight = ref(state, 0, "ator_93"), ref(state, 1, KNIGHT)
    state = start(state, "military", [viper])  # attacks alone, and loses
    pack = ref(state, 1, "Wolf Pack")
    state = to_window(state, "challenge_won", [knight, pack], claim=[pack])
    state = use(state, 0, viper, knight)
    state = pass_windows(state) if head(state).get("name") == "window" else state
    assert viper in state.players[0].discard and knight in state.players[1].dead


def _bandit(code, season_card, location, house):
    state = build(
        players=[
            {"house": house, "hand": [code], "in_play": [season_card] if season_card else []},
            {"in_play": [location]},
        ]
    )
    state.players[0].gold = 5
    state = act(state, 0, "marshal:play", [hand(state, 0, code)[0]])
    state = pass_windows(state)
    if head(state).get("purpose") == "discard":
        state = answer(state, "discard", [ref(state, 1, location)])
    return state


def test_ator_94_bandit_of_winter_discards_a_stark_location_in_winter():
    state = _bandit("ator_94", WINTER, "Winterfell Kennels", "Stark")
    assert not state.players[1].in_play and state.players[1].discard
    state = _bandit("ator_94", None, "Winterfell Kennels", "Stark")
    assert state.players[1].in_play


def test_ator_95_river_bandit_discards_a_lannister_location_when_no_season():
    state = _bandit("ator_95", None, "Lannisport", "Lannister")
    assert not state.players[1].in_play and state.players[1].discard
    state = _bandit("ator_95", WINTER, "Lannisport", "Lannister")
    assert state.players[1].in_play


def test_ator_96_bandit_of_summer_discards_a_targaryen_location_in_summer():
    state = _bandit("ator_96", SUMMER, "Xaro's Home", "Targaryen")
    assert not state.players[1].in_play and state.players[1].discard


def test_ator_100_the_tides_of_war_reveals_a_new_plot_after_a_win_in_winter():
    state = joust(
        {"in_play": [HOST, WINTER], "revealed_plot": "ator_100", "plot_deck": ["Rains of Autumn"]},
        {"in_play": []},
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    state = pass_windows(state)  # the only plot left is revealed
    assert state.code(state.players[0].revealed_plot) == "core_184"


assert won_window  # shared helpers
