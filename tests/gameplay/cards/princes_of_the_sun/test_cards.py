"""Princes of the Sun locations, attachments, events and plots
(gameplay/engine/cards/princes_of_the_sun/): each card's effect in a position, played
through legal actions. Fillers as in test_characters.py."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, icons, strength
from gameplay.engine.actions import Action
from gameplay.engine.challenges import challenge_problem
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import can_defend, gold_cost
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    code,
    defend,
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
    waiting_seats,
)

HOST = "Host of Storm's End"
PUP = "Direwolf Pup"
LURKERS = "Lurkers at Harrenhal"
PARAMOUR = "pots_12"
KNIGHT = "Knight of the Tumblestone"
PLOTS = ["Planning Ahead", "Rains of Autumn", "Power and Wealth"]


def marshalling(me, them=None):
    return build(players=[{"house": "Martell", **me}, them or {}])


# --- pots_26 Dornish Fiefdoms, pots_29 Palace Fountains, pots_28 Summer Sea --------------


def test_dornish_fiefdoms_lowers_the_next_martell_card_by_one():
    state = marshalling({"in_play": ["pots_26"], "hand": ["pots_2", PUP]})
    arianne, pup = hand(state, 0, "pots_2")[0], hand(state, 0, PUP)[0]
    state = use(state, 0, ref(state, 0, "pots_26"))
    assert gold_cost(state, 0, arianne) == 3 and gold_cost(state, 0, pup) == 3


def test_palace_fountains_lowers_the_next_martell_card_by_one():
    state = marshalling({"in_play": ["pots_29"], "hand": ["pots_27"]})
    chambers = hand(state, 0, "pots_27")[0]
    state = use(state, 0, ref(state, 0, "pots_29"))
    assert gold_cost(state, 0, chambers) == 0


def test_summer_sea_is_discarded_to_lower_a_martell_or_targaryen_character_by_two():
    state = marshalling({"in_play": ["pots_28"], "hand": ["pots_2", "pots_31"]})
    sea = ref(state, 0, "pots_28")
    arianne, dorne = hand(state, 0, "pots_2")[0], hand(state, 0, "pots_31")[0]
    state = use(state, 0, sea)
    assert sea in state.players[0].discard
    assert gold_cost(state, 0, arianne) == 2 and gold_cost(state, 0, dorne) == 3


# --- pots_27 Lord Doran's Chambers -------------------------------------------------------


def test_lord_dorans_chambers_may_be_played_onto_the_house_card():
    state = marshalling({"hand": ["pots_27"], "gold": 1})
    chambers = hand(state, 0, "pots_27")[0]
    assert Action(0, "marshal:play", (chambers,), "house") in legal_actions(state, 0)
    state = act(state, 0, "marshal:play", [chambers], choice="house")
    assert events(state, "marshalled")[-1]["target"] == "house"


# --- pots_31 Dorne -----------------------------------------------------------------------


def test_dorne_lowers_the_cost_of_cards_with_a_chosen_trait_this_phase():
    state = marshalling(
        {"in_play": ["pots_31"], "hand": ["pots_13", "pots_11", "pots_2"], "gold": 1}
    )
    edric, dayne, arianne = (hand(state, 0, n)[0] for n in ("pots_13", "pots_11", "pots_2"))
    state = use(state, 0, ref(state, 0, "pots_31"))
    assert head(state)["purpose"] == "trait"
    assert set(head(state)["options"]) == {"knight", "house_dayne", "lady"}
    state = act(state, 0, "choose", choice="knight")
    assert [gold_cost(state, 0, r) for r in (edric, dayne, arianne)] == [1, 0, 4]
    state = act(state, 0, "marshal:play", [edric])
    assert gold_cost(state, 0, dayne) == 0  # for the whole phase, not only the next card


# --- pots_32 The Old Palace --------------------------------------------------------------


def test_characters_without_an_intrigue_icon_cannot_declare_stealth_with_the_old_palace():
    for palace, prompt in ((["pots_32"], "defenders"), ([], "stealth")):
        state = joust({"in_play": ["pots_13", *palace]}, {"in_play": [PUP, PUP]})
        state = act(state, 0, "challenge:military", choice="1")
        state = pass_windows(state)
        assert head(state)["purpose"] == prompt


# --- pots_33 The Spear Tower -------------------------------------------------------------


def test_the_spear_tower_weakens_characters_without_a_military_icon():
    state = joust({"in_play": ["pots_33", "Kingsmoot Hopeful"]}, {"in_play": [HOST]})
    assert strength(state, ref(state, 0, "Kingsmoot Hopeful")) == 2
    assert strength(state, ref(state, 1, HOST)) == 6


# --- pots_34 Tower of the Sun ------------------------------------------------------------


def test_characters_without_a_power_icon_claim_no_renown_power_with_tower_of_the_sun():
    state = joust({"in_play": ["pots_4", "pots_1", "pots_34"]}, {})
    darkstar, viper = ref(state, 0, "pots_4"), ref(state, 0, "pots_1")
    state = start(state, "military", [darkstar, viper])
    state = pass_windows(state)
    assert state.in_play[darkstar].power == 0 and state.in_play[viper].power == 1


# --- pots_18 Taste for Blood -------------------------------------------------------------


def test_taste_for_blood_bearer_claims_power_after_losing_as_defender():
    state = joust(
        {"in_play": [HOST]},
        {"in_play": [{"card": KNIGHT, "attachments": ["pots_18"]}], "power": 2},
    )
    knight, taste = ref(state, 1, KNIGHT), ref(state, 1, "pots_18")
    assert strength(state, knight) == 3
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [knight])
    state = until_window(state, "challenge_won")
    state = use(state, 1, taste)
    assert state.in_play[knight].power == 1


# --- pots_19 Locked Away -----------------------------------------------------------------


def test_locked_away_takes_an_icon_of_your_choice_for_the_phase():
    state = build(players=[{"in_play": [{"card": HOST, "attachments": ["pots_19"]}, PARAMOUR]}, {}])
    host = ref(state, 0, HOST)
    state = use(state, 0, ref(state, 0, "pots_19"))
    assert head(state)["options"] == ["military", "power"]
    state = act(state, 0, "choose", choice="military")
    assert icons(state, host) == {"power"}


# --- pots_45 Court Advisor ---------------------------------------------------------------


def test_court_advisor_draws_a_card_and_gives_an_intrigue_icon():
    state = marshalling({"in_play": [KNIGHT], "hand": ["pots_45"], "deck": [HOST], "gold": 1})
    knight = ref(state, 0, KNIGHT)
    state = act(state, 0, "marshal:play", [hand(state, 0, "pots_45")[0], knight])
    assert icons(state, knight) == {"military", "power", "intrigue"}
    assert [state.code(r) for r in state.players[0].hand] == [code(HOST)]


# --- pots_46 The Art of Diplomacy --------------------------------------------------------


def test_art_of_diplomacy_gives_a_power_icon_and_four_str_in_a_power_struggle():
    state = joust({"in_play": [{"card": PUP, "attachments": ["pots_46"]}]}, {})
    pup = ref(state, 0, PUP)
    assert icons(state, pup) == {"military", "power"} and strength(state, pup) == 2
    state = joust(
        {"in_play": [{"card": PUP, "attachments": ["pots_46"]}]}, {"revealed_plot": "pots_57"}
    )
    assert strength(state, ref(state, 0, PUP)) == 6


# --- pots_47 Rusted Sword ----------------------------------------------------------------


def test_rusted_sword_is_attached_from_hand_for_one_influence():
    state = joust(
        {"in_play": ["Kingsmoot Hopeful", PARAMOUR], "hand": ["pots_47"]}, {"in_play": [HOST]}
    )
    hopeful, sword = ref(state, 0, "Kingsmoot Hopeful"), hand(state, 0, "pots_47")[0]
    assert ref(state, 1, HOST) not in {a.cards[1] for a in uses(state, 0, sword)}
    state = use(state, 0, sword, hopeful)
    assert state.in_play[sword].attached_to == hopeful
    assert strength(state, hopeful) == 5 and "military" in icons(state, hopeful)


# --- pots_20 Blood for Blood -------------------------------------------------------------


def test_blood_for_blood_kills_a_character_no_stronger_than_the_killed_martell_one():
    state = joust({"in_play": [HOST, PUP]}, {"in_play": ["pots_13"], "hand": ["pots_20"]})
    host, pup, edric = ref(state, 0, HOST), ref(state, 0, PUP), ref(state, 1, "pots_13")
    state = start(state, "military", [host, pup])
    state = defend(state, [])
    state = until_window(state, "killed")
    assert edric in state.players[1].dead
    blood = hand(state, 1, "pots_20")[0]
    assert {a.cards[1] for a in uses(state, 1, blood)} == {pup}  # not the 6 STR Host
    state = use(state, 1, blood, pup)
    state = pass_windows(state)
    assert pup in state.players[0].dead


# --- pots_22 The Prince's Wrath ----------------------------------------------------------


def test_the_princes_wrath_takes_every_icon_from_a_character():
    state = joust({"in_play": [PARAMOUR, PUP], "hand": ["pots_22"]}, {"in_play": [HOST]})
    host = ref(state, 1, HOST)
    state = use(state, 0, hand(state, 0, "pots_22")[0], host)
    assert icons(state, host) == set()


# --- pots_23 Someone Always Tells --------------------------------------------------------


def test_someone_always_tells_returns_every_standing_character_after_losing_dominance():
    state = build(
        phase="dominance",
        players=[{"in_play": [HOST]}, {"in_play": [PARAMOUR, PARAMOUR], "hand": ["pots_23"]}],
    )
    state = until_window(state, "dominance_won")
    host = ref(state, 0, HOST)
    state = use(state, 1, hand(state, 1, "pots_23")[0])
    state = pass_windows(state)
    assert host in state.players[0].hand
    assert len(state.players[1].in_play) == 2  # the Paramours knelt for influence


# --- pots_24 Scheming on the Sand --------------------------------------------------------


def test_scheming_on_the_sand_reveals_a_new_plot_for_two_noble_characters():
    state = build(
        phase="plot",
        players=[
            {"in_play": ["pots_1", "pots_2"], "hand": ["pots_24"], "plot_deck": PLOTS},
            {"in_play": [PARAMOUR], "plot_deck": PLOTS},
        ],
    )
    for seat in (0, 1):
        plot = next(r for r in state.players[seat].plot_deck if state.code(r) == code(PLOTS[0]))
        state = act(state, seat, "plot:choose", [plot])
    state = act(state, head(state)["seat"], "first_player", choice="0")
    scheming = hand(state, 0, "pots_24")[0]
    found = [a for a in uses(state, 0, scheming) if a.choice == "1"]
    state = act(state, 0, "use", found[0].cards, choice="1")
    assert state.in_play[ref(state, 0, "pots_1")].knelt  # the two Noble characters
    assert state.in_play[ref(state, 0, "pots_2")].knelt
    rains = next(r for r in state.players[0].plot_deck if state.code(r) == code(PLOTS[1]))
    state = answer(state, "new_plot", [rains])
    assert state.players[0].revealed_plot == rains


def test_scheming_on_the_sand_is_played_in_the_challenges_phase_only_in_summer():
    me = {"in_play": [PARAMOUR] * 5 + [PUP], "hand": ["pots_24"], "plot_deck": PLOTS}
    state = joust(me, {"in_play": [HOST]})
    scheming = hand(state, 0, "pots_24")[0]
    assert not uses(state, 0, scheming)
    summer = state.copy()
    plot = summer.players[0].revealed_plot
    add_lasting(summer, "traits", plot, "round", add=["Summer"])  # a Summer plot
    state = use(summer, 0, scheming)
    rains = next(r for r in state.players[0].plot_deck if state.code(r) == code(PLOTS[1]))
    state = answer(state, "new_plot", [rains])
    assert state.players[0].revealed_plot == rains


# --- pots_40 Parting Blow ----------------------------------------------------------------


def test_parting_blow_kneels_an_opponents_character_and_draws_after_yours_leaves_play():
    state = joust(
        {"in_play": [HOST, PUP, "Kingsmoot Hopeful"]},
        {"in_play": [PUP], "hand": ["pots_40"], "deck": [HOST]},
    )
    host, pup = ref(state, 0, HOST), ref(state, 0, PUP)
    state = start(state, "military", [host])
    state = defend(state, [])
    state = until_window(state, "killed")
    state = use(state, 1, hand(state, 1, "pots_40")[0], pup)
    assert state.in_play[pup].knelt
    assert [state.code(r) for r in state.players[1].hand] == [code(HOST)]


# --- pots_41 Wars Are Won with Quills ----------------------------------------------------


def test_wars_are_won_with_quills_keeps_the_loser_out_of_a_challenge_type():
    state = joust({"in_play": [LURKERS], "hand": ["pots_41"]}, {"in_play": [HOST, PUP]})
    state = start(state, "intrigue", [ref(state, 0, LURKERS)])
    state = until_window(state, "challenge_won")
    state = use(state, 0, hand(state, 0, "pots_41")[0])
    state = act(state, 0, "choose", choice="military")
    assert challenge_problem(state, 1, "military", 0) is not None
    assert challenge_problem(state, 1, "power", 0) is None
    assert can_defend(state, 1, "military", []) == []
    assert can_defend(state, 1, "power", []) == [ref(state, 1, HOST)]


# --- pots_42 Make an Example -------------------------------------------------------------


def test_make_an_example_claims_three_power_after_winning_with_eight_str():
    state = joust({"in_play": [HOST, PUP], "hand": ["pots_42"]}, {})
    state = start(state, "military", [ref(state, 0, HOST), ref(state, 0, PUP)])
    state = until_window(state, "challenge_won")
    state = use(state, 0, hand(state, 0, "pots_42")[0])
    assert state.players[0].power == 4  # 1 unopposed + 3


def test_make_an_example_needs_eight_str():
    state = joust({"in_play": [HOST, "Wolf Pack"], "hand": ["pots_42"]}, {"in_play": [LURKERS]})
    state = start(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert not events(state, "ability")


# --- pots_43 The Dragon's Tail -----------------------------------------------------------


def test_the_dragons_tail_makes_both_players_draw_two():
    state = marshalling({"hand": ["pots_43"], "deck": [PUP] * 3}, {"deck": [HOST] * 3})
    state = use(state, 0, hand(state, 0, "pots_43")[0])
    assert len(state.players[0].hand) == 2 and len(state.players[1].hand) == 2


# --- pots_51 When I Woke... --------------------------------------------------------------


def test_when_i_woke_puts_a_participating_character_on_top_of_its_owners_deck():
    state = joust({"in_play": [HOST]}, {"in_play": [PUP, PARAMOUR], "hand": ["pots_51"]})
    host, pup = ref(state, 0, HOST), ref(state, 1, PUP)
    state = start(state, "military", [host])
    state = defend(state, [pup])
    state = answer(state, "claim_kill", [pup])
    state = until_window(state, "challenge_won")
    state = use(state, 1, hand(state, 1, "pots_51")[0])
    state = pass_windows(state)
    assert state.players[0].deck[:1] == [host]


# --- pots_54 Battle of Oxcross -----------------------------------------------------------


def test_battle_of_oxcross_kills_a_character_of_each_player_without_a_military_win():
    state = joust({"revealed_plot": "pots_54", "in_play": [PUP, HOST]}, {"in_play": [PUP]})
    host = ref(state, 0, HOST)
    for _ in range(20):
        if head(state).get("purpose") == "kill":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    state = answer(state, "kill", [host])
    assert host in state.players[0].dead and not state.players[1].in_play


# --- pots_55 Let My Porridge Fly ---------------------------------------------------------


def test_let_my_porridge_fly_discards_an_attachment_after_an_intrigue_win():
    state = joust(
        {"revealed_plot": "pots_55", "in_play": [LURKERS]},
        {"in_play": [{"card": PUP, "attachments": ["pots_18"]}]},
    )
    taste = ref(state, 1, "pots_18")
    state = start(state, "intrigue", [ref(state, 0, LURKERS)])
    state = pass_windows(state)
    assert taste in state.players[1].discard


# --- pots_56 Threat from the North -------------------------------------------------------


def test_threat_from_the_north_weakens_and_discards_characters_at_zero():
    state = joust({"revealed_plot": "pots_56", "in_play": [HOST, PARAMOUR]}, {})
    assert strength(state, ref(state, 0, HOST)) == 5
    assert [state.code(r) for r in state.players[0].discard] == ["pots_12"]


# --- pots_57 The Red Wedding -------------------------------------------------------------


def test_the_red_wedding_kills_a_lord_or_lady_and_the_other_claims_two_power():
    state = build(
        phase="plot",
        players=[
            {"plot_deck": ["pots_57", *PLOTS], "in_play": ["pots_1"]},
            {"plot_deck": PLOTS, "in_play": ["pots_2", "Kingsmoot Hopeful"]},
        ],
    )
    for seat, name in ((0, "pots_57"), (1, PLOTS[0])):
        plot = next(r for r in state.players[seat].plot_deck if state.code(r) == code(name))
        state = act(state, seat, "plot:choose", [plot])
    state = act(state, head(state)["seat"], "first_player", choice="0")
    viper, arianne = ref(state, 0, "pots_1"), ref(state, 1, "pots_2")
    assert head(state)["purpose"] == "lord" and head(state)["seat"] == 1
    state = answer(state, "lord", [viper])
    state = answer(state, "kill", [arianne])
    assert arianne in state.players[1].dead and state.in_play[viper].power == 2


# --- pots_58 Attack from the Sea ---------------------------------------------------------


def test_attack_from_the_sea_kneels_every_location():
    state = build(
        phase="plot",
        players=[
            {"plot_deck": ["pots_58", *PLOTS], "in_play": ["pots_31"]},
            {"plot_deck": PLOTS, "in_play": ["pots_33", PUP]},
        ],
    )
    for seat, name in ((0, "pots_58"), (1, PLOTS[0])):
        plot = next(r for r in state.players[seat].plot_deck if state.code(r) == code(name))
        state = act(state, seat, "plot:choose", [plot])
    state = act(state, head(state)["seat"], "first_player", choice="0")
    dorne, tower, pup = ref(state, 0, "pots_31"), ref(state, 1, "pots_33"), ref(state, 1, PUP)
    assert state.in_play[dorne].knelt and state.in_play[tower].knelt
    assert not state.in_play[pup].knelt


# --- pots_59 Alliance --------------------------------------------------------------------


def test_alliance_removes_the_gold_penalty():
    state = build(
        players=[{"house": "Martell", "revealed_plot": "pots_59", "hand": [HOST, "pots_2"]}, {}]
    )
    host, arianne = hand(state, 0, HOST)[0], hand(state, 0, "pots_2")[0]
    assert gold_cost(state, 0, host) == 5 and gold_cost(state, 0, arianne) == 4


# --- pots_60 To the Spears! --------------------------------------------------------------


def test_to_the_spears_characters_do_not_kneel_to_attack():
    state = joust({"revealed_plot": "pots_60", "in_play": [HOST]}, {"in_play": [PUP]})
    host = ref(state, 0, HOST)
    state = start(state, "military", [host])
    assert not state.in_play[host].knelt
