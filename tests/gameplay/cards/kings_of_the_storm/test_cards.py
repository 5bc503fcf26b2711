"""Kings of the Storm cards (gameplay/engine/cards/kings_of_the_storm/): each card's effect in
a position, driven through legal actions. Opponents use cards without text of their own
where possible (Host of Storm's End, Knight of the Tumblestone, Lannisport Steward)."""

from __future__ import annotations

import pytest

from gameplay.engine import moves
from gameplay.engine.abilities import crests, icons, keywords, season, strength, traits
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import attachment_targets, facts, gold_cost
from tests.gameplay.cardtest import (
    PLOT,
    IllegalAction,
    act,
    answer,
    build,
    end_turn,
    events,
    hand,
    head,
    initiate,
    joust,
    marshalling,
    pass_windows,
    ref,
    resolved,
    until_window,
    use,
    uses,
    waiting_seats,
)

HOST = "Host of Storm's End"  # Baratheon Army, 6 STR, military and power, War crest
KNIGHT = "Knight of the Tumblestone"  # Stark Knight, 2 STR, military and power, War crest
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue, no crest
CORTNAY = "kotst_8"  # Baratheon Lord Knight, 3 STR (+2 in Power challenges only)
GATEHOUSE = "kotse_31"  # Greyjoy location, Limited, no text
FIEFDOMS = "kotst_28"  # Stormlands Fiefdoms: 1 influence


def defend(state, defenders):
    if not defenders:  # the defender has no character: no prompt, responses may follow
        return state
    state = pass_windows(state)
    assert head(state).get("purpose") == "defenders", head(state)
    return answer(state, "defenders", defenders)


def legal(state, seat):
    return [str(a) for a in legal_actions(state, seat)]


def by_index(state, seat, source, index, *targets):
    found = [
        a for a in uses(state, seat, source) if a.choice == str(index) and a.cards[1:] == targets
    ]
    found = found or [
        a
        for a in uses(state, seat, source)
        if (a.choice or "0") == str(index) and a.cards[1:] == targets
    ]
    assert len(found) == 1, [str(a) for a in uses(state, seat, source)]
    return act(state, seat, found[0].kind, found[0].cards, found[0].choice)


# --- characters ---------------------------------------------------------------------------


def test_kotst_1_robert_allows_a_second_power_challenge_while_the_only_baratheon_king():
    state = joust({"in_play": ["kotst_1", HOST]}, {})
    state = initiate(state, "power", [ref(state, 0, "kotst_1")])
    state = defend(state, [])
    state = pass_windows(state)
    assert "p0:challenge:power=1" in legal(state, 0)
    other = joust({"in_play": ["kotst_1", HOST]}, {"in_play": ["kotst_3"]})
    other = initiate(other, "power", [ref(other, 0, "kotst_1")])
    other = defend(other, [])
    other = pass_windows(other)
    assert "p0:challenge:power=1" not in legal(other, 0)


def test_kotst_2_renly_lowers_the_cost_of_other_baratheon_characters():
    state = marshalling({"house": "Baratheon", "in_play": ["kotst_2"], "hand": [HOST], "gold": 9})
    assert gold_cost(state, 0, hand(state, 0, HOST)[0]) == 4
    other = marshalling(
        {"house": "Baratheon", "in_play": ["kotst_2"], "hand": [HOST], "gold": 9},
        {"in_play": ["kotst_1"]},
    )
    assert gold_cost(other, 0, hand(other, 0, HOST)[0]) == 5


def test_kotst_3_stannis_stops_drawing_by_card_effects():
    state = joust({"in_play": ["kotst_3"], "deck": [KNIGHT] * 3}, {"deck": [KNIGHT] * 3})
    assert moves.effect_draw(state, 1, 2) == 0 and not state.players[1].hand
    other = joust({"in_play": ["kotst_3"]}, {"in_play": ["kotst_1"], "deck": [KNIGHT] * 3})
    assert moves.effect_draw(other, 1, 2) == 2


def test_kotst_4_ser_emmon_cuy_strengthens_your_baratheon_lords():
    state = joust({"in_play": ["kotst_4", CORTNAY, HOST]}, {"in_play": [CORTNAY]})
    assert strength(state, ref(state, 0, CORTNAY)) == 4
    assert strength(state, ref(state, 0, HOST)) == 6
    assert strength(state, ref(state, 1, CORTNAY)) == 3


def test_kotst_5_ser_guyard_morrigen_gives_your_baratheon_lords_stealth():
    state = joust({"in_play": ["kotst_5", CORTNAY, HOST]}, {"in_play": [CORTNAY]})
    assert "stealth" in keywords(state, ref(state, 0, CORTNAY))
    assert "stealth" not in keywords(state, ref(state, 0, HOST))
    assert "stealth" not in keywords(state, ref(state, 1, CORTNAY))


def test_kotst_6_ser_parmen_crane_saves_a_baratheon_lord_for_one_influence():
    state = joust({"in_play": [HOST]}, {"in_play": ["kotst_6", CORTNAY, FIEFDOMS]})
    cortnay = ref(state, 1, CORTNAY)
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = answer(state, "defenders", [])
    state = answer(state, "claim_kill", [cortnay])
    state = until_window(state, "would_be_killed")
    state = use(state, 1, ref(state, 1, "kotst_6"), cortnay)
    state = pass_windows(state)
    assert cortnay in state.in_play and state.in_play[ref(state, 1, FIEFDOMS)].knelt


def test_kotst_7_salladhor_saan_discards_a_location():
    state = marshalling({"in_play": ["kotst_7"]}, {"in_play": [GATEHOUSE]})
    gatehouse = ref(state, 1, GATEHOUSE)
    state = use(state, 0, ref(state, 0, "kotst_7"), gatehouse)
    state = pass_windows(state)
    assert gatehouse in state.players[1].discard


def test_kotst_8_ser_cortnay_penrose_is_stronger_and_vigilant_in_power_challenges():
    state = joust({"in_play": [CORTNAY]}, {})
    cortnay = ref(state, 0, CORTNAY)
    assert strength(state, cortnay) == 3 and "vigilant" not in keywords(state, cortnay)
    state = initiate(state, "power", [cortnay])
    assert strength(state, cortnay) == 5 and "vigilant" in keywords(state, cortnay)


def test_kotst_10_marya_seaworth_stands_a_character():
    state = joust({"in_play": ["kotst_10", {"card": HOST, "knelt": True}]}, {})
    host = ref(state, 0, HOST)
    state = use(state, 0, ref(state, 0, "kotst_10"), host)
    assert not state.in_play[host].knelt and state.in_play[ref(state, 0, "kotst_10")].knelt


def test_kotst_11_veteran_knight_takes_war_crests_from_opposing_participants():
    keep_open = ["kotst_10", {"card": STEWARD, "knelt": True}]  # Marya: an action to take
    state = joust({"in_play": ["kotst_11", *keep_open]}, {"in_play": [HOST, KNIGHT]})
    host, knight = ref(state, 1, HOST), ref(state, 1, KNIGHT)
    state = initiate(state, "military", [ref(state, 0, "kotst_11")])
    state = defend(state, [host])
    assert "war" not in crests(state, host) and "war" in crests(state, knight)
    assert "war" in crests(state, ref(state, 0, "kotst_11"))


def test_kotst_13_bearer_of_the_light_lowers_the_next_asshai_character():
    state = marshalling(
        {"house": "Baratheon", "in_play": ["kotst_13"], "hand": ["kotst_14", HOST], "gold": 0}
    )
    state = use(state, 0, ref(state, 0, "kotst_13"))
    assert gold_cost(state, 0, hand(state, 0, "kotst_14")[0]) == 1
    assert gold_cost(state, 0, hand(state, 0, HOST)[0]) == 5


def test_kotst_14_asshai_initiate_moves_a_dead_character_to_the_discard_pile():
    state = joust({"in_play": ["kotst_14"], "deck": [KNIGHT] * 3}, {"dead": [HOST]})
    dead = state.players[1].dead[0]
    state = use(state, 0, ref(state, 0, "kotst_14"), dead)
    state = pass_windows(state)
    assert dead in state.players[1].discard and len(state.players[0].discard) == 2
    assert not uses(state, 0, ref(state, 0, "kotst_14"))


def test_kotst_15_knights_of_the_storm_makes_you_first_player():
    state = build(players=[{}, {"house": "Baratheon", "hand": ["kotst_15"], "gold": 5}])
    state = end_turn(state)
    knights = hand(state, 1, "kotst_15")[0]
    state = act(state, 1, "marshal:play", [knights])
    state = until_window(state, "played")
    state = use(state, 1, knights)
    assert state.first_player == 1


def test_kotst_16_stanniss_cavalry_gains_renown_with_a_nights_watch_character():
    state = joust({"in_play": ["kotst_16"]}, {})
    assert "renown" not in keywords(state, ref(state, 0, "kotst_16"))
    state = joust({"in_play": ["kotst_16"]}, {"in_play": ["Benjen Stark"]})
    assert "renown" in keywords(state, ref(state, 0, "kotst_16"))


def test_kotst_17_lost_captain_returns_from_the_discard_pile_after_a_power_win_by_four():
    state = joust({"in_play": [HOST], "discard": ["kotst_17"]}, {})
    captain = state.players[0].discard[0]
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_window(state, "challenge_won")
    state = use(state, 0, captain)
    assert captain in state.players[0].hand


def test_kotst_41_ser_preston_greenfield_makes_every_player_discard_down_to_four():
    state = build(
        phase="dominance",
        players=[
            {"revealed_plot": "Summoning Season", "in_play": ["kotst_41"], "hand": [KNIGHT] * 6},
            {"revealed_plot": "Summoning Season", "hand": [STEWARD] * 5},
        ],
    )
    state = until_window(state, "dominance_won")
    state = use(state, 0, ref(state, 0, "kotst_41"))
    state = answer(state, "discard_from_hand", state.players[0].hand[:2])
    state = answer(state, "discard_from_hand", state.players[1].hand[:1])
    assert len(state.players[0].hand) == 4 and len(state.players[1].hand) == 4


def test_kotst_42_fanatical_follower_counts_the_roads():
    state = joust({"in_play": ["kotst_42", "kotst_44"]}, {"in_play": ["kotst_45"]})
    assert strength(state, ref(state, 0, "kotst_42")) == 3


# --- attachments --------------------------------------------------------------------------


def test_kotst_22_accepted_destiny_counts_your_house_power():
    state = joust({"in_play": [{"card": HOST, "attachments": ["kotst_22"]}], "power": 3}, {})
    assert strength(state, ref(state, 0, HOST)) == 9


def test_kotst_23_crown_of_azor_ahai_makes_summer_then_winter():
    state = joust({"in_play": [{"card": CORTNAY, "attachments": ["kotst_23"]}, HOST]}, {})
    assert season(state) == "summer"
    crown = facts(state, ref(state, 0, "kotst_23"))
    assert ref(state, 0, HOST) not in attachment_targets(state, crown, 0)
    state = use(state, 0, ref(state, 0, "kotst_23"))
    assert season(state) == "winter"


def test_kotst_43_knighted_gives_the_knight_trait_and_one_str():
    state = joust({"in_play": [{"card": HOST, "attachments": ["kotst_43"]}]}, {})
    host = ref(state, 0, HOST)
    assert "Knight" in traits(state, host) and strength(state, host) == 7


# --- locations ----------------------------------------------------------------------------


def test_kotst_24_the_stormlands_gives_power_struggle_and_claim_in_power_challenges():
    state = joust({"revealed_plot": "kotst_55", "in_play": ["kotst_24", HOST]}, {"power": 5})
    plot = state.players[0].revealed_plot
    assert "Power Struggle" in traits(state, plot)
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_windows(state)
    assert events(state, "claim")[-1]["amount"] == 2
    other = joust({"in_play": ["kotst_24"]}, {})
    assert "Power Struggle" in traits(other, other.players[0].revealed_plot)


def test_kotst_25_sallas_escort_ship_moves_one_str():
    state = joust({"in_play": ["kotst_25", HOST]}, {"in_play": [KNIGHT]})
    host, knight = ref(state, 0, HOST), ref(state, 1, KNIGHT)
    state = use(state, 0, ref(state, 0, "kotst_25"), host)  # the Knight is the only other
    assert strength(state, host) == 7 and strength(state, knight) == 1


def test_kotst_26_king_roberts_chambers_may_go_on_the_house_card():
    state = marshalling({"house": "Baratheon", "hand": ["kotst_26"], "gold": 1})
    chambers = hand(state, 0, "kotst_26")[0]
    assert f"p0:marshal:play:{chambers}=house" in legal(state, 0)


def test_kotst_27_great_hall_lowers_the_next_baratheon_character_by_two():
    state = marshalling({"house": "Baratheon", "in_play": ["kotst_27"], "hand": [HOST], "gold": 0})
    state = use(state, 0, ref(state, 0, "kotst_27"))
    assert gold_cost(state, 0, hand(state, 0, HOST)[0]) == 3


def test_kotst_28_stormlands_fiefdoms_lowers_the_next_baratheon_card_by_one():
    state = marshalling({"house": "Baratheon", "in_play": ["kotst_28"], "hand": [HOST], "gold": 0})
    state = use(state, 0, ref(state, 0, "kotst_28"))
    assert gold_cost(state, 0, hand(state, 0, HOST)[0]) == 4


def test_kotst_29_narrow_sea_is_discarded_to_lower_a_stark_or_baratheon_character():
    state = marshalling({"in_play": ["kotst_29"], "hand": [KNIGHT, HOST], "gold": 0})
    sea = ref(state, 0, "kotst_29")
    state = use(state, 0, sea)
    assert sea in state.players[0].discard
    assert gold_cost(state, 0, hand(state, 0, KNIGHT)[0]) == 0


def test_kotst_30_pyre_of_the_false_gods_puts_played_events_under_the_deck():
    state = joust(
        {
            "in_play": ["kotst_30", {"card": HOST, "power": 1}],
            "hand": ["kotst_33"],
            "deck": [KNIGHT],
        },
        {},
    )
    obey = hand(state, 0, "kotst_33")[0]
    state = by_index(state, 0, obey, 1, ref(state, 0, HOST))
    state = pass_windows(state)
    assert state.players[0].deck[-1] == obey and obey not in state.players[0].discard


def test_kotst_30_pyre_of_the_false_gods_returns_an_event_for_two_gold():
    state = marshalling({"in_play": ["kotst_30"], "discard": ["kotst_33"], "gold": 2})
    obey = state.players[0].discard[0]
    state = use(state, 0, ref(state, 0, "kotst_30"), obey)
    assert obey in state.players[0].hand and state.players[0].gold == 0


def test_kotst_31_smugglers_cove_gives_two_str_and_stealth_in_a_power_challenge():
    state = joust({"in_play": ["kotst_31", HOST]}, {})
    host = ref(state, 0, HOST)
    assert not uses(state, 0, ref(state, 0, "kotst_31"))
    state = initiate(state, "power", [host])
    state = until_window(state)
    state = use(state, 0, ref(state, 0, "kotst_31"), host)
    assert events(state, "lasting_effect")[-1]["add"] == ["stealth"]
    assert resolved(state)["strength"] == [8, 0]


def test_kotst_32_storms_end_puts_the_dominance_power_on_two_baratheon_characters():
    state = build(
        phase="dominance",
        players=[
            {"revealed_plot": PLOT, "in_play": ["kotst_32", HOST, CORTNAY]},
            {"revealed_plot": PLOT},
        ],
    )
    state = pass_windows(state)
    assert head(state).get("purpose") == "dominance_power", head(state)
    state = act(state, 0, "choose", choice="characters")
    state = pass_windows(state)
    assert state.players[0].power == 0
    assert state.in_play[ref(state, 0, HOST)].power == 1
    assert state.in_play[ref(state, 0, CORTNAY)].power == 1


def test_kotst_46_kings_pavillion_strengthens_standing_characters():
    state = joust({"in_play": ["kotst_46", HOST, {"card": KNIGHT, "knelt": True}]}, {})
    assert strength(state, ref(state, 0, HOST)) == 9
    assert strength(state, ref(state, 0, KNIGHT)) == 2


# --- events -------------------------------------------------------------------------------


def test_kotst_33_obey_the_king_kneels_a_character_with_power():
    state = joust({"hand": ["kotst_33"]}, {"in_play": [{"card": HOST, "power": 1}, KNIGHT]})
    host = ref(state, 1, HOST)
    obey = hand(state, 0, "kotst_33")[0]
    assert [a.cards[1:] for a in uses(state, 0, obey)] == [(host,)]
    state = use(state, 0, obey, host)
    assert state.in_play[host].knelt


def test_kotst_34_heart_of_the_stag_gives_two_str_and_renown():
    state = joust({"in_play": [HOST], "hand": ["kotst_34"]}, {})
    host = ref(state, 0, HOST)
    state = initiate(state, "power", [host])
    state = until_window(state)
    state = use(state, 0, hand(state, 0, "kotst_34")[0], host)
    assert resolved(state)["strength"] == [8, 0] and state.in_play[host].power == 1


def test_kotst_35_bound_by_blood_swaps_characters_of_the_same_cost():
    state = joust({"in_play": [CORTNAY], "hand": ["kotst_35", "kotst_5"]}, {})
    cortnay = ref(state, 0, CORTNAY)
    guyard = hand(state, 0, "kotst_5")[0]
    state = use(state, 0, hand(state, 0, "kotst_35")[0], cortnay)
    state = answer(state, "put_into_play", [guyard])
    state = pass_windows(state)
    assert guyard in state.in_play and cortnay in state.players[0].hand


def test_kotst_36_direct_assault_takes_a_location_instead_of_the_claim():
    state = joust(
        {"in_play": [HOST], "hand": ["kotst_36"]}, {"in_play": [GATEHOUSE, KNIGHT], "power": 3}
    )
    host, gatehouse = ref(state, 0, HOST), ref(state, 1, GATEHOUSE)
    state = initiate(state, "power", [host])
    state = until_window(state)
    state = use(state, 0, hand(state, 0, "kotst_36")[0], host)
    state = answer(state, "defenders", [ref(state, 1, KNIGHT)])
    state = pass_windows(state)
    assert resolved(state)["strength"] == [8, 2]
    assert gatehouse in state.players[0].in_play and state.players[1].power == 3


def test_kotst_37_dark_prophecy_discards_one_of_the_top_five_cards():
    deck = [KNIGHT, STEWARD, KNIGHT, STEWARD, KNIGHT, HOST]
    state = joust({"in_play": [HOST], "hand": ["kotst_37"]}, {"deck": deck})
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_window(state, "challenge_won")
    state = by_index(state, 0, hand(state, 0, "kotst_37")[0], 1)
    top = state.players[1].deck[:5]
    state = answer(state, "discard", [top[1]])
    order = [top[4], top[3], top[2], top[0]]
    for card in order[:3]:
        state = answer(state, "deck_order", [card])
    assert state.players[1].discard == [top[1]]
    assert state.players[1].deck[:4] == order and len(state.players[1].deck) == 5


def test_kotst_38_see_who_is_stronger_puts_an_army_into_play_from_the_discard_pile():
    state = joust({"in_play": [FIEFDOMS] * 3, "hand": ["kotst_38"], "discard": [HOST, STEWARD]}, {})
    host = state.players[0].discard[0]
    stronger = hand(state, 0, "kotst_38")[0]
    assert [a.cards[1:] for a in uses(state, 0, stronger)] == [(host,)]
    state = use(state, 0, stronger, host)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [r for r in state.players[0].in_play if r != host][:3])
    state = pass_windows(state)
    assert host in state.in_play


def _killed_knight(me_hand):
    state = joust(
        {"in_play": [HOST, "kotst_10", {"card": STEWARD, "knelt": True}], "hand": me_hand},
        {"in_play": [KNIGHT], "hand": ["kotst_48"]},
    )
    knight = ref(state, 1, KNIGHT)
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = answer(state, "defenders", [])
    for _ in range(40):  # to an action window after the claim, seat 1 to act
        step = head(state)
        action = step.get("name") == "window" and step.get("kind") == "action"
        if knight in state.players[1].dead and action and waiting_seats(state) == [1]:
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert knight in state.players[1].dead
    return state, knight


def test_kotst_48_narrow_escape_brings_back_the_characters_killed_this_phase():
    state, knight = _killed_knight([])
    state = use(state, 1, hand(state, 1, "kotst_48")[0])
    assert knight in state.players[1].in_play


def test_kotst_48_narrow_escape_is_cancelled_by_an_opponent_discarding_a_hand():
    state, knight = _killed_knight([STEWARD, STEWARD])
    state = use(state, 1, hand(state, 1, "kotst_48")[0])
    state = act(state, 0, "choose", choice="discard_hand")
    assert knight in state.players[1].dead and not state.players[0].hand


def test_kotst_47_superior_claim_claims_two_power_after_a_power_win_by_four():
    state = joust({"in_play": [HOST], "hand": ["kotst_47"]}, {})
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_window(state, "challenge_won")
    power = state.players[0].power
    state = use(state, 0, hand(state, 0, "kotst_47")[0])
    assert state.players[0].power == power + 2


# --- plots --------------------------------------------------------------------------------


def test_kotst_51_the_power_of_faith_gives_holy_characters_military_without_kneeling():
    state = joust({"revealed_plot": "kotst_51", "in_play": ["kotse_11"]}, {})
    priest = ref(state, 0, "kotse_11")
    assert "military" in icons(state, priest)
    state = initiate(state, "military", [priest])
    assert not state.in_play[priest].knelt


def test_kotst_52_assault_on_kings_landing_forbids_saves():
    state = joust(
        {"in_play": [HOST]},
        {"revealed_plot": "kotst_52", "in_play": [{"card": KNIGHT, "duplicates": [KNIGHT]}]},
    )
    knight = ref(state, 1, KNIGHT)
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = answer(state, "defenders", [])
    state = pass_windows(state)
    assert knight in state.players[1].dead


def _reveal(players):
    state = build(phase="plot", players=players)
    for seat in range(len(players)):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    return state


def test_kotst_53_regroup_puts_the_top_discarded_card_on_the_deck():
    state = _reveal(
        [
            {"plot_deck": ["kotst_53"], "discard": [STEWARD, KNIGHT], "deck": [HOST]},
            {"plot_deck": ["Planning Ahead"]},
        ]
    )
    knight = next(r for r in state.cards if state.code(r) == "core_18")
    assert knight not in state.players[0].discard
    assert knight in state.players[0].deck or knight in state.players[0].hand


def test_kotst_54_feast_or_famine_adds_six_gold_and_forbids_challenges():
    state = _reveal(
        [{"plot_deck": ["kotst_54"], "in_play": [HOST]}, {"plot_deck": ["Planning Ahead"]}]
    )
    assert head(state).get("purpose") == "feast", head(state)
    state = act(state, 0, "choose", choice="feast")
    for _ in range(20):
        if state.phase == "marshalling":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert state.players[0].gold >= 6
    state = end_turn(state)
    state = end_turn(state)
    state = pass_windows(state)
    assert not [a for a in legal(state, 0) if ":challenge:" in a]


def test_kotst_55_lineage_and_legacy_needs_a_power_win_before_a_military_challenge():
    state = joust({"revealed_plot": "kotst_55", "in_play": [HOST, KNIGHT]}, {})
    state = pass_windows(state)
    assert "p0:challenge:military=1" not in legal(state, 0)
    with pytest.raises(IllegalAction):
        act(state, 0, "challenge:military", choice="1")
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_windows(state)
    assert "p0:challenge:military=1" in legal(state, 0)


def test_kotst_50_forgotten_plans_blanks_other_plots_after_the_plot_phase():
    players = [
        {"revealed_plot": "kotst_50", "in_play": [KNIGHT]},
        {"revealed_plot": "Tourney for the Hand", "in_play": [KNIGHT]},
    ]
    state = build(phase="draw", players=players)
    assert strength(state, ref(state, 1, KNIGHT)) == 2
    other = build(phase="draw", players=[{"revealed_plot": PLOT}, players[1]])
    assert strength(other, ref(other, 1, KNIGHT)) == 3
