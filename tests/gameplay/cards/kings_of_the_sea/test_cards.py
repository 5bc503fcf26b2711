"""Kings of the Sea cards (gameplay/engine/cards/kings_of_the_sea/): each card's effect in a
position, driven through legal actions. Opponents use cards without text of their own
where possible (Host of Storm's End, Knight of the Tumblestone, Lannisport Steward, Sea
Raiders, Shadowcat, Gatehouse)."""

from __future__ import annotations

from gameplay.engine.abilities import SCRIPTS, crests, icons, keywords, strength
from gameplay.engine.challenges import challenge_problem
from gameplay.engine.checks import win_power
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import gold_cost
from gameplay.engine.steps import dominance_total
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    choose,
    defend,
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

HOST = "Host of Storm's End"  # Baratheon, 6 STR, military and power, War crest
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power, War crest
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue, no crest
RAIDERS = "kotse_9"  # Sea Raiders: Greyjoy Army Ironborn, 3 STR, military and power
SHADOWCAT = "kotse_43"  # neutral, 2 STR, military, Shadow crest
GATEHOUSE = "kotse_31"  # Greyjoy location, Limited, no text


def by_choice(state, seat, source, choice, *targets):
    found = [a for a in uses(state, seat, source) if a.choice == choice and a.cards[1:] == targets]
    assert len(found) == 1, [str(a) for a in uses(state, seat, source)]
    return act(state, seat, found[0].kind, found[0].cards, found[0].choice)


# --- characters ---------------------------------------------------------------------------


def test_kotse_1_balon_keeps_weaker_defenders_out_while_the_only_king():
    state = joust({"in_play": ["kotse_1"]}, {"in_play": ["Lannisport Weaponsmith", HOST]})
    balon = ref(state, 0, "kotse_1")
    state = initiate(state, "military", [balon])
    state = pass_windows(state)
    assert head(state)["candidates"] == [ref(state, 1, HOST)]


def test_kotse_2_asha_cannot_be_saved_by_her_duplicate():
    state = joust(
        {"in_play": [HOST]}, {"in_play": [{"card": "kotse_2", "duplicates": ["kotse_2"]}]}
    )
    asha = ref(state, 1, "kotse_2")
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_windows(state)
    assert asha in state.players[1].dead


def test_kotse_3_theon_pays_a_gold_to_kneel_a_location_once_per_round():
    state = joust({"in_play": ["kotse_3"], "gold": 2}, {"in_play": [GATEHOUSE]})
    theon, gatehouse = ref(state, 0, "kotse_3"), ref(state, 1, GATEHOUSE)
    state = use(state, 0, theon, gatehouse)
    state = pass_windows(state)
    assert state.in_play[gatehouse].knelt and state.players[0].gold == 1
    assert not uses(state, 0, theon)


def test_kotse_4_euron_gives_stealth_to_greyjoy_characters_while_standing():
    state = joust({"in_play": ["kotse_4", RAIDERS, KNIGHT]}, {"in_play": [HOST]})
    raiders, knight = ref(state, 0, RAIDERS), ref(state, 0, KNIGHT)
    assert "stealth" in keywords(state, raiders) and "stealth" not in keywords(state, knight)
    state.in_play[ref(state, 0, "kotse_4")].knelt = True
    assert "stealth" not in keywords(state, raiders)


def test_kotse_5_victarion_claims_a_power_after_his_plot_is_revealed_with_a_warship():
    players = [
        {"in_play": ["kotse_5", "kotse_29"], "plot_deck": ["kotse_53"]},
        {"plot_deck": ["kotse_53"]},
    ]
    state = build(phase="plot", players=players)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    state = until_window(state, "plot_revealed")
    victarion = ref(state, 0, "kotse_5")
    state = use(state, 0, victarion)
    assert state.in_play[victarion].power == 1


def test_kotse_6_aeron_is_replaced_by_a_holy_character_from_the_deck():
    state = joust({"in_play": [HOST]}, {"in_play": ["kotse_6"], "deck": ["kotse_11", STEWARD]})
    aeron = ref(state, 1, "kotse_6")
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_windows(state)
    prompt = head(state)
    assert prompt["purpose"] == "search" and prompt["seat"] == 1
    state = answer(state, "search", prompt["candidates"])
    state = pass_windows(state)
    assert [state.code(r) for r in state.players[1].in_play] == ["kotse_11"]
    assert state.players[1].deck[-1] == aeron and not state.players[1].dead


def test_kotse_7_maester_wendamyr_saves_a_greyjoy_character():
    state = joust({"in_play": [HOST]}, {"in_play": ["kotse_7", RAIDERS]})
    wendamyr, raiders = ref(state, 1, "kotse_7"), ref(state, 1, RAIDERS)
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = answer(state, "claim_kill", [raiders])
    state = until_window(state, "would_be_killed")
    state = use(state, 1, wendamyr, raiders)
    state = pass_windows(state)
    assert raiders in state.in_play and state.in_play[wendamyr].knelt


def test_kotse_8_wex_pyke_keeps_characters_without_crests_from_defending():
    state = joust({"in_play": ["kotse_8"]}, {"in_play": [STEWARD, "kotse_13"]})
    state = initiate(state, "intrigue", [ref(state, 0, "kotse_8")])
    state = pass_windows(state)
    assert head(state)["candidates"] == [ref(state, 1, "kotse_13")]


def test_kotse_10_stowaway_discards_its_top_card_to_give_an_intrigue_icon():
    state = joust({"in_play": ["kotse_10", RAIDERS], "deck": [KNIGHT, KNIGHT]}, {})
    raiders = ref(state, 0, RAIDERS)
    state = use(state, 0, ref(state, 0, "kotse_10"), raiders)
    state = pass_windows(state)
    assert "intrigue" in icons(state, raiders)
    assert len(state.players[0].deck) == 1 and len(state.players[0].discard) == 1


def test_kotse_11_priest_gives_a_holy_character_one_str_twice_per_phase():
    state = joust({"in_play": ["kotse_11"], "deck": [KNIGHT] * 3}, {})
    priest = ref(state, 0, "kotse_11")
    for _ in range(2):
        state = use(state, 0, priest, priest)
        state = pass_windows(state)
    assert strength(state, priest) == 5 and not uses(state, 0, priest)


def test_kotse_12_drumbeater_makes_a_win_by_four_unopposed():
    state = joust({"in_play": ["kotse_12", HOST]}, {"in_play": [KNIGHT]})
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = until_window(state)
    state = use(state, 0, ref(state, 0, "kotse_12"))
    state = pass_windows(state)
    assert resolved(state)["unopposed"] and resolved(state)["strength"] == [6, 2]


def test_kotse_13_drowned_disciple_goes_to_the_bottom_and_mills_three():
    state = joust({"in_play": [HOST], "deck": [KNIGHT] * 4}, {"in_play": ["kotse_13"]})
    disciple = ref(state, 1, "kotse_13")
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_windows(state)
    assert state.players[1].deck[-1] == disciple and not state.players[1].dead
    assert len(state.players[0].discard) == 3


def test_kotse_14_dagmer_counts_standing_warships_as_two_str_at_dominance():
    state = joust({"in_play": ["kotse_14", "kotse_29"]}, {})
    assert dominance_total(state, 0) == 3 + 2 + state.players[0].gold


def test_kotse_15_ten_towers_honor_guard_is_given_away_then_taken_back():
    state = joust({"hand": ["kotse_15"]}, {})
    guard = hand(state, 0, "kotse_15")[0]
    state = use(state, 0, guard)
    state = pass_windows(state)
    assert guard in state.players[1].in_play
    state = initiate(state, "power", [guard], defender=0)
    state = defend(state, []) if head(state).get("purpose") == "defenders" else state
    state = pass_windows(state)
    assert guard in state.players[0].in_play


def test_kotse_16_scurvy_cutthroat_discards_an_opponents_new_attachment():
    state = marshalling(
        {"in_play": [KNIGHT], "hand": ["kotse_40"], "gold": 5}, {"in_play": ["kotse_16"]}
    )
    bow = hand(state, 0, "kotse_40")[0]
    state = act(state, 0, "marshal:play", [bow, ref(state, 0, KNIGHT)])
    state = until_window(state, "played")
    state = use(state, 1, ref(state, 1, "kotse_16"))
    state = pass_windows(state)
    assert bow in state.players[0].discard and not state.players[1].in_play


def test_kotse_33_robb_stark_makes_the_next_stark_army_free():
    state = marshalling({"in_play": ["kotse_33"], "hand": ["War Host of the North"], "gold": 0}, {})
    host = hand(state, 0, "War Host of the North")[0]
    state = use(state, 0, ref(state, 0, "kotse_33"))
    assert gold_cost(state, 0, host) == 0


def test_kotse_34_joffrey_takes_the_gold_an_opponent_marshals_with():
    state = marshalling(
        {"house": "Greyjoy", "hand": [RAIDERS], "gold": 5}, {"in_play": ["kotse_34"]}
    )
    joffrey = ref(state, 1, "kotse_34")
    state = act(state, 0, "marshal:play", [hand(state, 0, RAIDERS)[0]])
    state = until_window(state, "played")
    state = use(state, 1, joffrey)
    assert state.in_play[joffrey].gold == 2 and strength(state, joffrey) == 3


def test_kotse_36_viserys_lowers_the_power_to_win_by_his_attachments():
    bows = ["kotse_40", "kotse_40"]
    state = joust({"in_play": [{"card": "kotse_36", "attachments": bows}]}, {})
    assert win_power(state, 0, 15) == 13 and win_power(state, 1, 15) == 15


def test_kotse_37_myrcella_gives_a_knight_intrigue_and_stealth():
    state = joust({"in_play": ["kotse_37", KNIGHT]}, {})
    knight = ref(state, 0, KNIGHT)
    state = use(state, 0, ref(state, 0, "kotse_37"), knight)
    assert "intrigue" in icons(state, knight) and "stealth" in keywords(state, knight)


def test_kotse_44_silent_sisters_count_the_dead_characters():
    state = joust({"in_play": ["kotse_44"], "dead": [KNIGHT, KNIGHT]}, {})
    assert strength(state, ref(state, 0, "kotse_44")) == 3


def test_kotse_45_randyll_tarly_strengthens_war_characters():
    state = joust({"in_play": ["kotse_45", KNIGHT, STEWARD]}, {"in_play": [HOST]})
    assert strength(state, ref(state, 0, KNIGHT)) == 3
    assert strength(state, ref(state, 0, STEWARD)) == 2
    assert strength(state, ref(state, 1, HOST)) == 6


def test_kotse_46_jack_of_all_trades_gains_a_chosen_crest():
    state = joust({"in_play": ["kotse_46", "kotse_23"]}, {})
    jack = ref(state, 0, "kotse_46")
    state = use(state, 0, jack)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, "kotse_23")])
    state = choose(state, "holy")
    assert "holy" in crests(state, jack)


def test_kotse_47_godswood_attendant_discards_the_top_card_of_a_deck():
    state = joust({"in_play": ["kotse_47"]}, {"deck": [KNIGHT, STEWARD]})
    state = initiate(state, "power", [ref(state, 0, "kotse_47")])
    state = until_window(state, "challenge_won")
    state = use(state, 0, ref(state, 0, "kotse_47"))
    state = choose(state, "discard")
    assert [state.code(r) for r in state.players[1].discard] == ["core_18"]


# --- events -------------------------------------------------------------------------------


def test_kotse_18_kingsmoot_stands_a_lord_for_two_power_and_two_cards():
    state = build(
        phase="dominance",
        players=[
            {
                "revealed_plot": "Summoning Season",
                "in_play": [{"card": "kotse_1", "knelt": True}, RAIDERS, RAIDERS],
                "hand": ["kotse_18"],
                "deck": [KNIGHT, KNIGHT],
            },
            {"revealed_plot": "Summoning Season"},
        ],
    )
    state = until_window(state, "dominance_won")
    balon = ref(state, 0, "kotse_1")
    state = use(state, 0, hand(state, 0, "kotse_18")[0], balon)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [ref(state, 0, RAIDERS), ref(state, 0, RAIDERS, 1)])
    state = pass_windows(state)
    assert not state.in_play[balon].knelt and state.in_play[balon].power == 2
    assert len(state.players[0].hand) == 2


def test_kotse_19_seasick_cancels_an_ability_of_a_player_without_influence():
    state = joust(
        {"in_play": ["kotse_3"], "gold": 1}, {"in_play": [GATEHOUSE], "hand": ["kotse_19"]}
    )
    gatehouse = ref(state, 1, GATEHOUSE)
    state = use(state, 0, ref(state, 0, "kotse_3"), gatehouse)
    state = until_window(state, "ability")
    state = use(state, 1, hand(state, 1, "kotse_19")[0])
    state = pass_windows(state)
    assert not state.in_play[gatehouse].knelt and events(state, "cancelled")


def test_kotse_38_the_price_of_war_discards_non_limited_locations():
    state = joust({"in_play": [KNIGHT], "hand": ["kotse_38"]}, {"in_play": [GATEHOUSE, "kotse_25"]})
    state = initiate(state, "military", [ref(state, 0, KNIGHT)])
    state = until_window(state, "challenge_won")
    state = use(state, 0, hand(state, 0, "kotse_38")[0])
    assert head(state)["candidates"] == [ref(state, 1, "kotse_25")]
    state = answer(state, "discard", [ref(state, 1, "kotse_25")])
    state = pass_windows(state)
    assert [state.code(r) for r in state.players[1].in_play] == [GATEHOUSE]


def test_kotse_39_confession_discards_a_non_limited_card_from_an_opponents_hand():
    state = joust({"in_play": ["kotse_11"], "hand": ["kotse_39"]}, {"hand": [RAIDERS, SHADOWCAT]})
    state = by_choice(state, 0, hand(state, 0, "kotse_39")[0], "1")
    state = pass_windows(state)
    if head(state).get("purpose") == "discard_from_hand":
        state = answer(state, "discard_from_hand", hand(state, 1, SHADOWCAT))
    assert [state.code(r) for r in state.players[1].hand] == [RAIDERS]
    assert [state.code(r) for r in state.players[1].discard] == [SHADOWCAT]


def test_kotse_41_assertion_of_might_claims_three_power_after_an_unopposed_win():
    state = joust({"in_play": [RAIDERS, KNIGHT, STEWARD], "hand": ["kotse_41"]}, {})
    state = initiate(state, "power", [ref(state, 0, RAIDERS)])
    state = until_window(state, "challenge_won")
    power = state.players[0].power
    state = by_choice(state, 0, hand(state, 0, "kotse_41")[0], "1")
    state = pass_windows(state)
    assert state.players[0].power == power + 3 and state.in_play[ref(state, 0, KNIGHT)].knelt


# --- attachments --------------------------------------------------------------------------


def test_kotse_21_support_of_harlaw_stands_its_character_after_an_unopposed_win():
    state = joust(
        {
            "in_play": [
                {"card": "kotse_43", "attachments": []},
                {"card": "kotse_8", "attachments": ["kotse_21"]},
            ]
        },
        {},
    )
    wex = ref(state, 0, "kotse_8")
    assert "stealth" in keywords(state, wex)
    state = initiate(state, "military", [wex])
    state = until_window(state, "challenge_won")
    state = use(state, 0, ref(state, 0, "kotse_21"))
    assert not state.in_play[wex].knelt


def test_kotse_40_seafarers_bow_gives_two_str_by_kneeling_the_bow():
    state = joust({"in_play": [{"card": KNIGHT, "attachments": ["kotse_40"]}, STEWARD]}, {})
    knight, bow = ref(state, 0, KNIGHT), ref(state, 0, "kotse_40")
    state = initiate(state, "military", [knight])
    state = until_window(state)
    state = by_choice(state, 0, bow, "1", knight)
    state = pass_windows(state)
    assert strength(state, knight) == 4 and state.in_play[bow].knelt


# --- locations ----------------------------------------------------------------------------


def test_kotse_23_iron_island_fiefdoms_lowers_the_next_greyjoy_card():
    state = marshalling(
        {"house": "Greyjoy", "in_play": ["kotse_23"], "hand": [RAIDERS], "gold": 0}, {}
    )
    state = use(state, 0, ref(state, 0, "kotse_23"))
    assert gold_cost(state, 0, hand(state, 0, RAIDERS)[0]) == 1


def test_kotse_24_aerons_chambers_may_go_on_the_house_card():
    state = marshalling({"house": "Greyjoy", "hand": ["kotse_24"], "gold": 1}, {})
    chambers = hand(state, 0, "kotse_24")[0]
    found = [
        a for a in legal_actions(state, 0) if a.kind == "marshal:play" and a.cards == (chambers,)
    ]
    assert {a.choice for a in found} == {"", "house"}


def test_kotse_25_sunset_sea_lowers_the_next_greyjoy_character_by_two():
    state = marshalling(
        {"house": "Greyjoy", "in_play": ["kotse_25"], "hand": [RAIDERS], "gold": 0}, {}
    )
    state = use(state, 0, ref(state, 0, "kotse_25"))
    assert gold_cost(state, 0, hand(state, 0, RAIDERS)[0]) == 0
    assert [state.code(r) for r in state.players[0].discard] == ["kotse_25"]


def test_kotse_26_bloody_keep_lowers_the_next_greyjoy_character_by_two():
    state = marshalling(
        {"house": "Greyjoy", "in_play": ["kotse_26"], "hand": ["kotse_15"], "gold": 0}, {}
    )
    state = use(state, 0, ref(state, 0, "kotse_26"))
    assert gold_cost(state, 0, hand(state, 0, "kotse_15")[0]) == 2


def test_kotse_42_shivering_sea_lowers_the_next_neutral_character_by_one():
    state = marshalling({"in_play": ["kotse_42"], "hand": ["kotse_45"], "gold": 0}, {})
    state = use(state, 0, ref(state, 0, "kotse_42"))
    assert gold_cost(state, 0, hand(state, 0, "kotse_45")[0]) == 2


def test_kotse_27_the_iron_mines_saves_a_character_from_being_killed():
    state = joust({"in_play": [HOST]}, {"in_play": ["kotse_27", STEWARD]})
    steward, mines = ref(state, 1, STEWARD), ref(state, 1, "kotse_27")
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = until_window(state, "would_be_killed")
    state = use(state, 1, mines, steward)
    state = pass_windows(state)
    assert steward in state.in_play and mines in state.players[1].discard


def test_kotse_28_longship_iron_victory_gives_two_str_and_a_card_on_a_win():
    state = joust({"in_play": [KNIGHT, STEWARD, "kotse_28"], "deck": [HOST]}, {})
    knight = ref(state, 0, KNIGHT)
    state = initiate(state, "power", [knight])
    state = until_window(state)
    state = use(state, 0, ref(state, 0, "kotse_28"), knight)
    assert state.in_play[ref(state, 0, "kotse_28")].knelt
    state = pass_windows(state)
    assert resolved(state)["strength"][0] == 4 and len(state.players[0].hand) == 1


def test_kotse_28_longship_kneels_warships_without_a_greyjoy_character():
    state = marshalling({"in_play": [KNIGHT, "kotse_28", "kotse_29"]}, {})
    for _ in range(20):
        if state.phase == "challenges":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert state.in_play[ref(state, 0, "kotse_28")].knelt
    assert state.in_play[ref(state, 0, "kotse_29")].knelt


def test_kotse_29_scouting_vessel_makes_a_defender_not_count_its_str():
    state = joust({"in_play": [HOST, "kotse_29"]}, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [knight])
    state = until_window(state)
    state = use(state, 0, ref(state, 0, "kotse_29"), knight)
    state = pass_windows(state)
    assert resolved(state)["strength"] == [6, 0]


def test_kotse_30_bay_of_ice_kneels_and_draws_for_the_initiative_winner():
    players = [
        {"in_play": ["kotse_30"], "plot_deck": ["kotse_53"], "deck": [KNIGHT]},
        {"plot_deck": ["kotse_53"], "deck": [KNIGHT]},
    ]
    state = build(phase="plot", players=players)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    winner = events(state, "initiative")[-1]["seat"]
    assert winner == 0  # Bay of Ice's +1 initiative
    assert state.in_play[ref(state, 0, "kotse_30")].knelt
    assert len(state.players[0].hand) == 1


def test_kotse_32_kingdom_of_shadows_stands_a_shadow_card_after_an_intrigue_win():
    state = joust({"in_play": [STEWARD, {"card": SHADOWCAT, "knelt": True}, "kotse_32"]}, {})
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = pass_windows(state)
    assert state.in_play[ref(state, 0, "kotse_32")].knelt
    assert not state.in_play[ref(state, 0, SHADOWCAT)].knelt


# --- plots --------------------------------------------------------------------------------


def _second_challenge(plot, ctype):
    state = joust({"revealed_plot": plot, "in_play": [KNIGHT, STEWARD]}, {"in_play": [HOST]})
    state.players[0].challenges_done = [ctype]
    return state


def test_kotse_48_after_the_mummers_ford_allows_a_second_military_challenge():
    state = _second_challenge("kotse_48", "military")
    assert challenge_problem(state, 0, "military", 1) is None
    state.players[0].challenges_done = ["military", "military"]
    assert challenge_problem(state, 0, "military", 1) is not None


def test_kotse_50_the_breaking_of_oaths_allows_a_second_intrigue_challenge():
    state = _second_challenge("kotse_50", "intrigue")
    assert challenge_problem(state, 0, "intrigue", 1) is None


def test_kotse_53_an_empty_throne_allows_a_second_power_challenge():
    state = _second_challenge("kotse_53", "power")
    assert challenge_problem(state, 0, "power", 1) is None
    assert challenge_problem(state, 1, "military", 0) is None


def test_kotse_49_siege_of_riverrun_forbids_its_owner_intrigue_challenges():
    state = joust({"revealed_plot": "kotse_49", "in_play": [STEWARD]}, {"in_play": [STEWARD]})
    assert challenge_problem(state, 0, "intrigue", 1) is not None
    assert challenge_problem(state, 1, "intrigue", 0) is None


def test_kotse_51_the_promise_of_victory_replaces_the_hand_after_an_intrigue_win():
    state = joust(
        {"revealed_plot": "kotse_51", "in_play": [STEWARD], "hand": [HOST], "deck": [KNIGHT]},
        {},
    )
    host = hand(state, 0, HOST)[0]
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = pass_windows(state)
    assert head(state)["purpose"] == "replace_hand"
    state = choose(state, "replace")
    assert [state.code(r) for r in state.players[0].hand] == ["core_18"]
    assert state.players[0].deck[-1] == host


def test_kotse_52_stay_of_execution_returns_a_killed_king_to_hand():
    state = joust({"revealed_plot": "kotse_52", "in_play": [HOST]}, {"in_play": ["kotse_1"]})
    balon = ref(state, 1, "kotse_1")
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_windows(state)
    assert balon in state.players[1].hand and not state.players[1].dead


def test_kotse_54_rise_of_the_kraken_claims_two_power_for_an_unopposed_win():
    state = joust({"revealed_plot": "kotse_54", "in_play": [KNIGHT]}, {})
    state = initiate(state, "power", [ref(state, 0, KNIGHT)])
    state = pass_windows(state)
    gained = [e for e in events(state, "power_gained") if e.get("reason") == "unopposed"]
    assert resolved(state)["unopposed"]
    assert state.players[0].power == 2, (gained, state.players[0].power)


def test_a_later_products_card_test_has_every_script(request):
    assert "core_scripts_only" not in request.fixturenames
    assert any(code.startswith("kotse_") for code in SCRIPTS)
