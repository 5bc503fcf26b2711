"""Lions of the Rock locations, events, attachments and plots
(gameplay/engine/cards/lions_of_the_rock/): each card's effect in a position, driven
through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import crests, icons, keywords, strength, traits
from gameplay.engine.challenges import challenge_problem
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import gold_cost, income
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
    pass_windows,
    ref,
    resolved,
    until_window,
    use,
    uses,
)

HOST = "Host of Storm's End"  # Baratheon, 6 STR, military and power, Army
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power, Knight
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue, Ally, [+2 Income]
WEAPONSMITH = "Lannisport Weaponsmith"  # Lannister, 1 STR, military, [+1 Income]
BEN = "Brown Ben Plumm"  # unique Targaryen, 2 STR, military
CROSSROADS = "core_138"  # neutral location, [+1 Income] [+1 Influence]
TREASURY = "lotr_30"  # Lannister location, Limited, [+2 Income]
GOLDROAD = "lotr_29"  # Lannister location, Limited, [+1 Income]


def marshal(state, seat, card, *targets, choice=""):
    return act(state, seat, "marshal:play", [card, *targets], choice)


# --- locations -------------------------------------------------------------------------


def test_lotr_23_the_inn_gives_a_gold_per_clansman():
    state = joust({"in_play": ["lotr_23", "lotr_38", "lotr_38"]}, {})
    alone = joust({"in_play": ["lotr_23"]}, {})
    assert income(state, 0) == income(alone, 0) + 2


def test_lotr_24_casterly_rock_gives_stealth_to_unique_lannisters_in_challenges():
    state = joust({"in_play": ["lotr_24", "lotr_9", STEWARD]}, {})
    assert "stealth" in keywords(state, ref(state, 0, "lotr_9"))
    assert "stealth" not in keywords(state, ref(state, 0, STEWARD))


def test_lotr_25_sunset_sea_lowers_the_next_lannister_character_by_two():
    state = build(players=[{"house": "Lannister", "in_play": ["lotr_25"], "hand": ["lotr_9"]}, {}])
    state = use(state, 0, ref(state, 0, "lotr_25"))
    state = pass_windows(state)
    assert gold_cost(state, 0, hand(state, 0, "lotr_9")[0]) == 3


def test_lotr_26_queen_cerseis_chambers_may_go_on_the_house_card():
    state = build(players=[{"house": "Lannister", "hand": ["lotr_26"], "gold": 1}, {}])
    chambers = hand(state, 0, "lotr_26")[0]
    found = [a for a in legal_actions(state, 0) if a.kind == "marshal:play" and a.choice]
    assert [(a.cards, a.choice) for a in found] == [((chambers,), "house")]


def test_lotr_27_coin_mint_takes_four_gold_and_moves_it_to_the_pool():
    state = build(players=[{"house": "Lannister", "hand": ["lotr_27"], "gold": 2}, {}])
    state = marshal(state, 0, hand(state, 0, "lotr_27")[0])
    state = pass_windows(state)
    mint = ref(state, 0, "lotr_27")
    assert state.in_play[mint].gold == 4
    state = use(state, 0, mint)
    state = pass_windows(state)
    state = choose(state, "4")  # "any number": the player chooses how many
    assert state.players[0].gold == 4 and state.in_play[mint].gold == 0


def test_lotr_28_darkened_hallways_puts_one_of_the_top_two_on_the_bottom():
    me = {"in_play": ["lotr_28", STEWARD]}
    state = joust(me, {"deck": [KNIGHT, HOST, BEN]})
    deck = list(state.players[1].deck)
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = until_window(state, "challenge_won")
    state = use(state, 0, ref(state, 0, "lotr_28"))
    if head(state).get("purpose") == "choose_deck":
        state = choose(state, "1")
    state = answer(state, "keep_on_top", [deck[1]])
    assert state.players[1].deck == [deck[1], deck[2], deck[0]]


def test_lotr_31_the_iron_throne_cancels_a_character_ability():
    me = {"in_play": ["Ser Ilyn Payne"]}
    state = build(players=[me, {"in_play": ["lotr_31", KNIGHT]}])
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, ref(state, 0, "Ser Ilyn Payne"), knight)
    state = until_window(state, "ability")
    state = use(state, 1, ref(state, 1, "lotr_31"))
    state = pass_windows(state)
    assert knight in state.in_play and state.in_play[ref(state, 1, "lotr_31")].knelt


def test_lotr_40_street_of_silk_discards_a_location_and_lowers_unique_characters():
    me = {"house": "Lannister", "in_play": [GOLDROAD], "hand": ["lotr_40", "lotr_9", "lotr_16"]}
    state = build(players=[me, {}])
    state = marshal(state, 0, hand(state, 0, "lotr_40")[0])
    state = answer(state, "discard", [ref(state, 0, GOLDROAD)])
    state = pass_windows(state)
    assert state.code(state.players[0].discard[0]) == GOLDROAD
    state = use(state, 0, ref(state, 0, "lotr_40"))
    state = pass_windows(state)
    assert gold_cost(state, 0, hand(state, 0, "lotr_9")[0]) == 3
    assert gold_cost(state, 0, hand(state, 0, "lotr_16")[0]) == 3


def test_lotr_46_shield_islands_dromon_sends_a_played_location_to_the_deck():
    me = {"hand": [CROSSROADS], "gold": 2}
    state = build(players=[me, {"in_play": ["lotr_46"]}])
    state = marshal(state, 0, hand(state, 0, CROSSROADS)[0])
    state = until_window(state, "played")
    dromon = ref(state, 1, "lotr_46")
    state = use(state, 1, dromon)
    if head(state).get("purpose") == "shield_islands_dromon":
        state = choose(state, "location_to_deck")
    assert state.code(state.players[0].deck[-1]) == CROSSROADS
    assert state.players[1].deck == [dromon]


# --- events ----------------------------------------------------------------------------


def test_lotr_32_the_lions_cunning_pays_x_for_x_str():
    state = joust({"in_play": [STEWARD], "hand": ["lotr_32"], "gold": 2}, {"in_play": [KNIGHT]})
    steward = ref(state, 0, STEWARD)
    state = initiate(state, "intrigue", [steward])
    state = until_window(state)
    state = use(state, 0, hand(state, 0, "lotr_32")[0])  # X is 1: one Lannister attacker
    state = pass_windows(state)
    assert resolved(state)["strength"] == [3, 0] and state.players[0].gold == 1


def test_lotr_41_the_only_game_that_matters_ignores_str_without_intrigue():
    me = {"in_play": [HOST, STEWARD], "hand": ["lotr_41"]}
    state = joust(me, {"in_play": ["Lannisport Steward"]})
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [ref(state, 1, STEWARD)])
    state = until_window(state)
    state = use(state, 0, hand(state, 0, "lotr_41")[0])
    state = pass_windows(state)
    assert resolved(state)["strength"] == [2, 2]
    assert icons(state, ref(state, 0, STEWARD)) == {"intrigue"}


def test_lotr_42_terminal_schemes_kills_after_an_intrigue_win_by_four():
    me = {"in_play": ["lotr_6", STEWARD], "hand": ["lotr_42"]}
    state = joust(me, {"in_play": [KNIGHT]})
    state = initiate(state, "intrigue", [ref(state, 0, "lotr_6"), ref(state, 0, STEWARD)])
    state = until_window(state, "challenge_won")
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, hand(state, 0, "lotr_42")[0], knight)
    state = pass_windows(state)
    assert knight in state.players[1].dead


def test_lotr_45_split_loyalties_returns_two_unique_characters_from_two_piles():
    me = {"in_play": [CROSSROADS], "hand": ["lotr_45"], "discard": ["lotr_9"], "gold": 9}
    state = joust(me, {"discard": [BEN]}, phase="dominance")
    state = until_window(state)
    state = use(state, 0, hand(state, 0, "lotr_45")[0])
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, CROSSROADS)])
    state = answer(state, "put_into_play", [state.players[0].discard[0]])
    assert ref(state, 0, "lotr_9") and ref(state, 1, BEN)


# --- attachments -----------------------------------------------------------------------


def test_lotr_1_widows_wail_draws_a_card_per_power_on_it():
    me = {"in_play": [{"card": STEWARD, "attachments": ["lotr_1"]}], "deck": [KNIGHT] * 3}
    state = joust(me, {"in_play": ["Lannisport Steward"]})
    wail, steward = ref(state, 0, "lotr_1"), ref(state, 0, STEWARD)
    state.in_play[wail].power = 2
    assert strength(state, steward) == 4
    state = initiate(state, "intrigue", [steward])
    state = defend(state, [ref(state, 1, STEWARD)])
    state = until_window(state, "challenge_won")
    state = use(state, 0, wail)
    assert len(state.players[0].hand) == 2


def test_lotr_39_bastard_discards_other_attachments_and_takes_a_power_icon():
    me = {"in_play": [{"card": KNIGHT, "attachments": ["lotr_47"]}], "hand": ["lotr_39", "lotr_47"]}
    state = build(players=[{**me, "gold": 5}, {}])
    knight = ref(state, 0, KNIGHT)
    state = marshal(state, 0, hand(state, 0, "lotr_39")[0], knight)
    state = pass_windows(state)
    assert [state.code(r) for r in state.players[0].discard] == ["lotr_47"]
    assert "Bastard" in traits(state, knight) and "power" not in icons(state, knight)
    rich = hand(state, 0, "lotr_47")[0]
    assert not [a for a in legal_actions(state, 0) if a.kind == "marshal:play" and rich in a.cards]


def test_lotr_47_rich_lands_draws_a_card_and_gives_a_noble_crest():
    me = {"house": "Lannister", "in_play": [KNIGHT], "hand": ["lotr_47"], "deck": [HOST], "gold": 1}
    state = build(players=[me, {}])
    knight = ref(state, 0, KNIGHT)
    state = marshal(state, 0, hand(state, 0, "lotr_47")[0], knight)
    state = pass_windows(state)
    assert "noble" in crests(state, knight) and len(state.players[0].hand) == 1


# --- plots -----------------------------------------------------------------------------


def test_lotr_49_frey_hospitality_makes_the_intrigue_loser_kill_a_character():
    me = {"in_play": [STEWARD], "revealed_plot": "lotr_49"}
    state = joust(me, {"in_play": [KNIGHT, HOST]})
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = pass_windows(state)
    knight = ref(state, 1, KNIGHT)
    state = answer(state, "kill", [knight])
    state = pass_windows(state)
    assert knight in state.players[1].dead


def test_lotr_50_all_the_gold_adds_a_gold_per_lannister_location():
    me = {"in_play": [TREASURY, GOLDROAD, CROSSROADS], "revealed_plot": "lotr_50"}
    state = joust(me, {})
    assert income(state, 0) == 3 + 2 + 1 + 1 + 2


def test_lotr_53_game_of_thrones_attacks_in_intrigue_without_kneeling():
    state = joust({"in_play": [STEWARD], "revealed_plot": "lotr_53"}, {"in_play": [STEWARD]})
    steward = ref(state, 0, STEWARD)
    state = initiate(state, "intrigue", [steward])
    assert state.challenge is not None and not state.in_play[steward].knelt


def test_lotr_54_edict_of_the_rock_skips_standing_after_dominance():
    me = {"in_play": [{"card": HOST, "knelt": True}], "gold": 3, "revealed_plot": "lotr_54"}
    state = joust(me, {"in_play": [{"card": KNIGHT, "knelt": True}]}, phase="dominance")
    state = pass_windows(state)
    assert state.in_play[ref(state, 0, HOST)].knelt
    assert state.in_play[ref(state, 1, KNIGHT)].knelt


def test_lotr_55_shadows_and_spiders_needs_an_intrigue_win_first():
    me = {"in_play": [STEWARD, HOST], "revealed_plot": "lotr_55"}
    state = joust(me, {"in_play": [KNIGHT]})
    assert challenge_problem(state, 0, "military", 1) is not None
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = pass_windows(state)
    assert challenge_problem(state, 0, "military", 1) is None


_ = uses


def test_lotr_2_vat_of_wildfire_goes_on_a_location_that_then_stays_knelt():
    state = build(players=[{"hand": ["lotr_2"], "gold": 3}, {"in_play": [CROSSROADS]}])
    crossroads = ref(state, 1, CROSSROADS)
    state = marshal(state, 0, hand(state, 0, "lotr_2")[0], crossroads)
    assert state.in_play[ref(state, 0, "lotr_2")].attached_to == crossroads
    them = {"in_play": [{"card": CROSSROADS, "knelt": True, "attachments": ["lotr_2"]}]}
    state = joust({"gold": 1}, them, phase="dominance")
    state = pass_windows(state)
    assert state.phase == "plot" and state.in_play[ref(state, 1, CROSSROADS)].knelt


def test_lotr_3_increased_levy_is_set_up_on_a_location_for_one_income():
    state = build(phase="setup", players=[{"hand": [CROSSROADS, "lotr_3"]}, {"hand": [KNIGHT]}])
    state = act(state, 0, "setup:place", state.players[0].hand)
    state = act(state, 1, "setup:place", state.players[1].hand)
    levy = ref(state, 0, "lotr_3")
    assert state.in_play[levy].attached_to == ref(state, 0, CROSSROADS)
    assert income(state, 0) == 2  # no plot yet: Crossroads and Increased Levy


def test_lotr_33_the_wealth_of_the_rock_adds_a_gold_per_opposing_character():
    me = {"in_play": [KNIGHT, HOST], "gold": 0}
    them = {"hand": ["lotr_33"], "revealed_plot": "Summoning Season"}
    state = build(players=[me, them])
    state = act(state, 0, "pass")
    state = until_window(state, "income_counted")  # right after seat 1 counts its income
    assert head(state)["event"]["seat"] == 1
    gold = state.players[1].gold
    state = use(state, 1, hand(state, 1, "lotr_33")[0])
    assert state.players[1].gold == gold + 2
    assert not [a for a in legal_actions(state, 1) if a.kind == "use"]  # not in the turn


def test_lotr_34_double_bluff_changes_the_claim_to_another_type():
    me = {"in_play": [HOST], "hand": ["lotr_34"], "gold": 2}
    state = joust(me, {"in_play": [KNIGHT, WEAPONSMITH], "power": 3})
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = until_window(state, "defenders_declared")
    state = use(state, 0, hand(state, 0, "lotr_34")[0])
    state = choose(state, "military")
    state = pass_windows(state)
    assert head(state)["purpose"] == "claim_kill" and state.players[1].power == 3


def test_lotr_51_breaking_and_entering_puts_a_claimed_location_into_play():
    me = {"in_play": [STEWARD], "revealed_plot": "lotr_51"}
    state = joust(me, {"in_play": [KNIGHT], "hand": [CROSSROADS]})
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = pass_windows(state)
    crossroads = state.players[1].discard[0]
    state = answer(state, "put_into_play", [crossroads])
    assert crossroads in state.players[0].in_play and state.in_play[crossroads].controller == 0


def test_lotr_35_infamous_moves_claimed_power_onto_a_lannister_character():
    me = {"in_play": [HOST, STEWARD], "hand": ["lotr_35"]}
    state = joust(me, {"house": "Stark"})
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = until_window(state, "power_claimed")  # the unopposed power
    assert head(state)["event"]["reason"] == "unopposed" and state.players[0].power == 1
    infamous, steward = hand(state, 0, "lotr_35")[0], ref(state, 0, STEWARD)
    assert [a.cards[1] for a in uses(state, 0, infamous)] == [steward]  # not the Host
    state = use(state, 0, infamous, steward)
    assert state.players[0].power == 0 and state.in_play[steward].power == 1


def test_lotr_52_the_art_of_seduction_keeps_an_opponent_from_a_new_plot_next_round():
    from gameplay.engine.steps import waiting_seats

    plots = ["Summoning Season", "Rains of Autumn", "Planning Ahead"]
    state = build(
        phase="plot",
        players=[{"plot_deck": ["lotr_52", *plots]}, {"plot_deck": plots}],
    )
    seduction = next(r for r in state.players[0].plot_deck if state.code(r) == "lotr_52")
    state = act(state, 0, "plot:choose", [seduction])
    theirs = state.players[1].plot_deck[0]
    state = act(state, 1, "plot:choose", [theirs])
    for _ in range(200):
        if state.round == 2 and head(state).get("name") == "choose_plots":
            break
        step, seat = head(state), waiting_seats(state)[0]
        if step.get("name") == "first_player":
            state = act(state, seat, "first_player", choice="0")
        elif step.get("name") == "prompt" and step.get("options"):
            state = act(state, seat, "choose", choice=step["options"][0])
        elif step.get("name") == "prompt":
            state = act(state, seat, "done")
        else:
            state = act(state, seat, "pass")
    assert events(state, "plot_skipped_next_round")[-1]["seat"] == 1
    assert waiting_seats(state) == [0]  # seat 1 chooses no plot
    state = act(state, 0, "plot:choose", [state.players[0].plot_deck[0]])
    assert state.players[1].revealed_plot == theirs
    assert [e["seat"] for e in events(state, "plot_revealed") if e["round"] == 2] == [0]
