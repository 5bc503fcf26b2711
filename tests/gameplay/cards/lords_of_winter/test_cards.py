"""Lords of Winter cards (gameplay/engine/cards/lords_of_winter/): each card's effect in a
position, played through legal actions.

Fillers without text of their own where possible: Host of Storm's End (Baratheon Army, 6
STR, military and power, War), Direwolf Pup (Stark Direwolf Creature, 2 STR, military),
Knight of the Tumblestone (House Tully Knight, 2 STR, military and power, War), Riverrun
Messenger (low_13, House Tully, 2 STR, intrigue and power), Lurkers at Harrenhal (6 STR,
intrigue and power, Stealth), Lannisport Steward (2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import (
    allowed,
    immune_to,
    is_blank,
    keywords,
    season,
    strength,
)
from gameplay.engine.actions import Action
from gameplay.engine.challenges import challenge_problem
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import attachment_targets, can_attack, facts, gold_cost
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    defend,
    events,
    hand,
    head,
    joust,
    pass_until,
    pass_windows,
    plots_revealed,
    ref,
    start,
    until_window,
    use,
    uses,
)

HOST = "Host of Storm's End"
PUP = "Direwolf Pup"
KNIGHT = "Knight of the Tumblestone"
MESSENGER = "low_13"
LURKERS = "Lurkers at Harrenhal"
STEWARD = "Lannisport Steward"
RECRUITER = "House Tully Recruiter"  # 1 STR, power icon, House Tully


def marshalling(me, them=None):
    return build(players=[{"house": "Stark", **me}, them or {}])


def round_over(state):
    """Pass until the next round's plots are chosen."""
    return pass_until(state, lambda s: head(s).get("name") == "choose_plots")


# --- attachments -------------------------------------------------------------------------


def test_low_1_crown_of_winter_on_a_unique_stark_character_makes_it_winter():
    state = joust(
        {"in_play": [{"card": "Robb Stark", "attachments": ["low_1"]}, KNIGHT], "hand": ["low_1"]},
        {"in_play": [HOST]},
    )
    robb = ref(state, 0, "Robb Stark")
    assert strength(state, robb) == 4
    assert immune_to(state, robb, "event", 1) and immune_to(state, robb, "character", 1)
    assert not immune_to(state, robb, "event", 0)
    assert season(state) == "winter"
    crown = facts(state, hand(state, 0, "low_1")[0])
    assert attachment_targets(state, crown, 0) == [robb]  # not the non-unique Knight


def test_low_2_grey_wind_kneels_to_kill_a_weak_character():
    state = joust(
        {"in_play": [{"card": HOST, "attachments": ["low_2"]}]},
        {"in_play": [RECRUITER, KNIGHT]},
    )
    wolf, recruiter = ref(state, 0, "low_2"), ref(state, 1, RECRUITER)
    assert {a.cards[1] for a in uses(state, 0, wolf)} == {recruiter}  # STR 1 or lower
    state = use(state, 0, wolf, recruiter)
    state = pass_windows(state)
    assert recruiter in state.players[1].dead and state.in_play[wolf].knelt


def test_low_2_grey_wind_on_robb_stark_kills_str_two():
    state = joust(
        {"in_play": [{"card": "Robb Stark", "attachments": ["low_2"]}]},
        {"in_play": [KNIGHT]},
    )
    knight = ref(state, 1, KNIGHT)
    assert knight in {a.cards[1] for a in uses(state, 0, ref(state, 0, "low_2"))}


def test_low_3_shaggydog_kneels_to_weaken_an_attacker_and_stands_after_a_win():
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": ["low_3"]}]},
        {"in_play": [HOST]},
    )
    dog, knight = ref(state, 0, "low_3"), ref(state, 0, KNIGHT)
    state = start(state, "power", [knight])
    state = until_window(state)
    state = use(state, 0, dog, knight)
    state = pass_windows(state) if head(state).get("name") == "window" else state
    assert state.in_play[dog].knelt and strength(state, knight) == 0


def test_low_3_shaggydog_stands_after_its_character_wins():
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": ["low_3"]}, HOST]}, {"in_play": [STEWARD]}
    )
    dog = ref(state, 0, "low_3")
    state.in_play[dog].knelt = True
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert state.phase == "challenges" and not state.in_play[dog].knelt


def test_low_43_bowl_of_brown_stops_abilities_and_kneeling_for_costs():
    state = joust(
        {"in_play": [{"card": "Eddard Stark", "attachments": ["low_43"]}], "hand": ["core_160"]},
        {"in_play": [HOST]},
        phase="dominance",
    )
    assert not uses(state, 0, hand(state, 0, "core_160")[0])  # Guilty!: no Noble to kneel
    state = joust(
        {"in_play": ["Eddard Stark"], "hand": ["core_160"]}, {"in_play": [HOST]}, phase="dominance"
    )
    assert uses(state, 0, hand(state, 0, "core_160")[0])
    state = joust(
        {"in_play": [{"card": "Arya Stark", "attachments": ["low_43"]}, "Northern Fiefdoms"]},
        {"in_play": ["Brienne of Tarth"]},
    )
    assert not uses(state, 0, ref(state, 0, "Arya Stark"))


# --- characters --------------------------------------------------------------------------


def test_low_6_eddard_stark_defending_lowers_the_claim_to_zero():
    state = joust({"in_play": [HOST]}, {"in_play": ["low_6"], "power": 3})
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [ref(state, 1, "low_6")])
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert state.players[1].power == 3 and state.players[0].power == 0


def test_low_7_catelyn_stark_joins_as_a_knelt_defender_and_returns_to_hand():
    state = joust({"in_play": [HOST]}, {"in_play": [MESSENGER], "hand": ["low_7"]})
    catelyn = hand(state, 1, "low_7")[0]
    state = start(state, "power", [ref(state, 0, HOST)])
    assert not uses(state, 1, catelyn)  # not before defenders are declared
    state = defend(state, [])
    state = until_window(state)
    state = use(state, 1, catelyn)
    assert catelyn in state.in_play and state.in_play[catelyn].knelt
    assert events(state, "joined_challenge")[-1]["card"] == catelyn
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["strength"] == [6, 3]
    state = round_over(state)
    assert catelyn in state.players[1].hand


def test_low_8_robb_stark_names_a_trait_for_one_str_once_a_round():
    state = joust({"in_play": ["low_8", KNIGHT, PUP]}, {"in_play": [HOST]})
    robb, knight, pup = ref(state, 0, "low_8"), ref(state, 0, KNIGHT), ref(state, 0, PUP)
    state = use(state, 0, robb)
    assert "house_tully" in head(state)["options"]
    state = act(state, 0, "choose", choice="house_tully")
    assert strength(state, knight) == 3 and strength(state, pup) == 2
    state = pass_windows(state) if head(state).get("name") != "window" else state
    assert not uses(state, 0, robb)


def test_low_9_summer_is_cheaper_with_bran_and_protects_him_from_events():
    state = marshalling({"in_play": ["Bran Stark"], "hand": ["low_9"], "gold": 1})
    summer, bran = hand(state, 0, "low_9")[0], ref(state, 0, "Bran Stark")
    assert gold_cost(state, 0, summer) == 1
    state = act(state, 0, "marshal:play", [summer])
    assert summer in state.in_play
    assert not allowed(state, "targetable", (bran, "event", 1))
    assert allowed(state, "targetable", (bran, "event", 0))


def test_low_10_bran_stark_claims_five_power_after_winning_intrigue_as_defender():
    state = joust({"in_play": [STEWARD]}, {"in_play": ["low_10", LURKERS]})
    bran = ref(state, 1, "low_10")
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [ref(state, 1, LURKERS)])
    state = until_window(state, "challenge_won")
    state = use(state, 1, bran)
    assert state.in_play[bran].power == 5


def test_low_10_bran_stark_is_killed_after_losing_an_intrigue_challenge():
    state = joust(
        {"in_play": [LURKERS]}, {"in_play": [{"card": "low_10", "duplicates": ["low_10"]}]}
    )
    bran = ref(state, 1, "low_10")
    state = start(state, "intrigue", [ref(state, 0, LURKERS)])
    state = pass_windows(state)
    assert bran in state.players[1].dead


def test_low_11_deepwood_mercenary_discards_an_attachment_when_declared():
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": ["core_3"]}]}, {"in_play": ["low_11"]}
    )
    summer = ref(state, 0, "core_3")
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = defend(state, [ref(state, 1, "low_11")])
    state = until_window(state, "defenders_declared")
    state = use(state, 1, ref(state, 1, "low_11"), summer)
    state = pass_windows(state)
    assert summer in state.players[0].discard


def test_low_12_house_tully_septon_cannot_attack_and_defends_standing():
    state = joust({"in_play": ["low_12"]}, {"in_play": [STEWARD]})
    assert can_attack(state, 0, "intrigue") == []
    state = joust({"in_play": [STEWARD]}, {"in_play": ["low_12"]})
    septon = ref(state, 1, "low_12")
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [septon])
    assert not state.in_play[septon].knelt


def test_low_15_host_of_the_bear_is_discarded_at_initiative_two_or_lower():
    state = plots_revealed("low_51", "Rains of Autumn", me={"in_play": ["low_15"]})
    assert not state.players[0].in_play and state.players[0].discard
    state = plots_revealed("Rains of Autumn", "low_51", me={"in_play": ["low_15"]})
    assert state.players[0].in_play


def test_low_17_knight_of_the_red_fork_kneels_your_non_tully_cards():
    state = marshalling({"in_play": [PUP, KNIGHT], "hand": ["low_17"], "gold": 1})
    state = act(state, 0, "marshal:play", [hand(state, 0, "low_17")[0]])
    assert state.in_play[ref(state, 0, PUP)].knelt
    assert not state.in_play[ref(state, 0, KNIGHT)].knelt
    assert not state.in_play[ref(state, 0, "low_17")].knelt


def test_low_17_knight_of_the_red_fork_does_not_stand_after_losing_dominance():
    state = joust(
        {"in_play": [{"card": "low_17", "knelt": True}, {"card": KNIGHT, "knelt": True}]},
        {"in_play": [HOST]},
        phase="dominance",
    )
    state = round_over(state)
    assert state.in_play[ref(state, 0, "low_17")].knelt
    assert not state.in_play[ref(state, 0, KNIGHT)].knelt


def test_low_18_guard_at_riverrun_defends_stronger_and_draws_without_a_military_loss():
    state = joust({"in_play": [PUP]}, {"in_play": ["low_18"], "deck": [PUP, PUP]})
    guard = ref(state, 1, "low_18")
    state = start(state, "military", [ref(state, 0, PUP)])
    state = defend(state, [guard])
    assert events(state, "challenge_resolved")[-1]["strength"] == [2, 3]
    state = round_over(state)
    assert len(state.players[1].hand) == 1


def test_low_18_guard_at_riverrun_draws_nothing_after_a_military_loss():
    state = joust({"in_play": [HOST]}, {"in_play": ["low_18", PUP], "deck": [PUP, PUP]})
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = answer(state, "claim_kill", [ref(state, 1, PUP)])
    state = round_over(state)
    assert not state.players[1].hand


def test_low_19_edmures_host_costs_one_less_per_tully_character():
    state = marshalling({"in_play": [KNIGHT, MESSENGER, PUP], "hand": ["low_19"]})
    assert gold_cost(state, 0, hand(state, 0, "low_19")[0]) == 4


def test_low_20_ser_edmure_tully_removes_weak_attackers():
    state = joust({"in_play": [RECRUITER, HOST]}, {"in_play": ["low_20"]})
    recruiter = ref(state, 0, RECRUITER)
    state = start(state, "power", [recruiter, ref(state, 0, HOST)])
    state = defend(state, [ref(state, 1, "low_20")])
    state = until_window(state, "defenders_declared")
    state = use(state, 1, ref(state, 1, "low_20"))
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["strength"] == [6, 3]


def test_low_21_hoster_tully_gives_house_tully_characters_one_str():
    state = joust({"in_play": ["low_21", KNIGHT, PUP]}, {"in_play": [MESSENGER]})
    assert strength(state, ref(state, 0, "low_21")) == 1
    assert strength(state, ref(state, 0, KNIGHT)) == 3
    assert strength(state, ref(state, 1, MESSENGER)) == 3
    assert strength(state, ref(state, 0, PUP)) == 2


def test_low_22_the_blackfish_keeps_tully_attackers_standing_and_draws():
    state = joust(
        {"in_play": [{"card": "low_22", "power": 3}, KNIGHT], "deck": [PUP]}, {"in_play": [PUP]}
    )
    knight = ref(state, 0, KNIGHT)
    state = start(state, "military", [knight])
    assert head(state).get("purpose") == "defenders" and not state.in_play[knight].knelt
    state = defend(state, [])
    state = until_window(state, "challenge_won")
    state = use(state, 0, ref(state, 0, "low_22"))
    assert len(state.players[0].hand) == 1


# --- locations ---------------------------------------------------------------------------


def test_low_23_winterfell_claims_two_power_after_a_military_defence():
    state = joust({"in_play": [PUP]}, {"in_play": ["low_23", HOST]})
    state = start(state, "military", [ref(state, 0, PUP)])
    state = defend(state, [ref(state, 1, HOST)])
    state = until_window(state, "challenge_won")
    state = use(state, 1, ref(state, 1, "low_23"))
    assert state.players[1].power == 2


def test_low_24_riverrun_gives_power_to_tully_characters_without_a_lost_challenge():
    state = joust({"in_play": ["low_24", KNIGHT, PUP]}, {})
    state = round_over(state)
    assert state.in_play[ref(state, 0, KNIGHT)].power == 1
    assert state.in_play[ref(state, 0, PUP)].power == 0


def test_low_25_mole_town_brothel_stands_a_defender_and_leaves_with_wildlings():
    state = joust({"in_play": [HOST]}, {"in_play": ["low_25", MESSENGER, "Northern Fiefdoms"]})
    messenger = ref(state, 1, MESSENGER)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [messenger])
    state = until_window(state)
    state = use(state, 1, ref(state, 1, "low_25"), messenger)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 1, "Northern Fiefdoms")])
    assert not state.in_play[messenger].knelt
    state = marshalling({"in_play": ["low_25"], "hand": ["low_41"], "gold": 4})
    brothel = ref(state, 0, "low_25")
    state = act(state, 0, "marshal:play", [hand(state, 0, "low_41")[0]])
    state = pass_until(state, lambda s: brothel not in s.in_play, limit=5)
    assert brothel in state.players[0].discard


def test_low_26_frozen_outpost_stands_a_defender_with_four_str_for_war():
    state = joust({"in_play": [HOST]}, {"in_play": ["low_26", KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [knight])
    state = until_window(state)
    state = use(state, 1, ref(state, 1, "low_26"), knight)
    assert not state.in_play[knight].knelt
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["strength"] == [6, 6]


def test_low_27_wolfswood_gives_your_direwolves_stealth():
    state = joust({"in_play": ["low_27", PUP, KNIGHT]}, {"in_play": [PUP]})
    assert "stealth" in keywords(state, ref(state, 0, PUP))
    assert "stealth" not in keywords(state, ref(state, 0, KNIGHT))
    assert "stealth" not in keywords(state, ref(state, 1, PUP))


def test_low_28_lord_eddards_chambers_may_be_played_onto_the_house_card():
    state = marshalling({"hand": ["low_28"], "gold": 1})
    chambers = hand(state, 0, "low_28")[0]
    assert Action(0, "marshal:play", (chambers,), "house") in legal_actions(state, 0)


def test_reprinted_cost_reducers_low_29_low_31_low_32_low_45():
    for code, card, cost in (
        ("low_29", "Robb Stark", 2),
        ("low_31", "Northern Fiefdoms", 0),
        ("low_32", "Robb Stark", 2),
        ("low_45", PUP, 0),
    ):
        state = marshalling({"in_play": [code], "hand": [card]})
        state = use(state, 0, ref(state, 0, code))
        assert gold_cost(state, 0, hand(state, 0, card)[0]) == cost, code


def test_low_44_training_grounds_armies_do_not_kneel_to_attack_in_military():
    state = joust({"in_play": ["low_44", HOST]}, {"in_play": [PUP, MESSENGER]})
    host = ref(state, 0, HOST)
    state = start(state, "military", [host])
    assert head(state).get("purpose") == "defenders" and not state.in_play[host].knelt
    state = joust({"in_play": ["low_44", HOST]}, {"in_play": [PUP, MESSENGER]})
    state = start(state, "power", [ref(state, 0, HOST)])
    assert head(state).get("purpose") == "defenders" and state.in_play[ref(state, 0, HOST)].knelt


# --- events ------------------------------------------------------------------------------


def test_low_33_routing_the_charge_kills_an_attacker_after_a_defence():
    state = joust(
        {"in_play": [{"card": PUP, "duplicates": [PUP]}]},
        {"in_play": [HOST], "hand": ["low_33"]},
    )
    pup = ref(state, 0, PUP)
    state = start(state, "military", [pup])
    state = defend(state, [ref(state, 1, HOST)])
    state = until_window(state, "challenge_won")
    state = use(state, 1, hand(state, 1, "low_33")[0], pup)
    state = pass_windows(state)
    assert pup in state.players[0].dead


def test_low_35_wolf_dreams_finds_a_direwolf():
    state = marshalling({"hand": ["low_35"], "deck": [HOST, PUP]})
    state = use(state, 0, hand(state, 0, "low_35")[0])
    pup = next(r for r in state.players[0].deck if state.code(r) == "core_19")
    state = act(state, 0, "select", [pup])
    if head(state).get("purpose") == "search":
        state = act(state, 0, "done")
    assert [state.code(r) for r in state.players[0].hand] == ["core_19"]


def test_low_36_fear_cuts_deeper_cancels_an_event_on_your_stark_character():
    state = joust({"in_play": [HOST], "hand": ["low_46"]}, {"in_play": [PUP], "hand": ["low_36"]})
    pup = ref(state, 1, PUP)
    state = use(state, 0, hand(state, 0, "low_46")[0], pup)
    state = until_window(state, "ability")
    state = use(state, 1, hand(state, 1, "low_36")[0])
    state = pass_windows(state) if head(state).get("name") == "window" else state
    assert events(state, "cancelled") and not is_blank(state, pup)


def test_low_46_nightmares_blanks_a_character_for_the_phase():
    state = joust({"hand": ["low_46"]}, {"in_play": [LURKERS]})
    lurkers = ref(state, 1, LURKERS)
    state = use(state, 0, hand(state, 0, "low_46")[0], lurkers)
    state = pass_windows(state) if head(state).get("name") == "window" else state
    assert is_blank(state, lurkers) and "stealth" not in keywords(state, lurkers)


def test_low_37_endless_endurance_pumps_and_returns_after_a_big_military_win():
    state = joust({"in_play": [PUP, HOST], "hand": ["low_37"]}, {})
    pup, endurance = ref(state, 0, PUP), hand(state, 0, "low_37")[0]
    state = start(state, "military", [pup, ref(state, 0, HOST)])
    state = until_window(state)
    state = use(state, 0, endurance, pup)
    assert strength(state, pup) == 4 and endurance in state.players[0].discard
    state = until_window(state, "challenge_won")
    state = use(state, 0, endurance)
    assert endurance in state.players[0].hand


def test_low_38_at_night_they_howl_stands_every_creature():
    state = joust(
        {"in_play": [{"card": PUP, "knelt": True}, {"card": HOST, "knelt": True}]},
        {"in_play": [{"card": "low_14", "knelt": True}], "hand": ["low_38"]},
    )
    state = pass_until(state, lambda s: bool(uses(s, 1, hand(s, 1, "low_38")[0])))
    state = use(state, 1, hand(state, 1, "low_38")[0])
    assert not state.in_play[ref(state, 0, PUP)].knelt
    assert not state.in_play[ref(state, 1, "low_14")].knelt
    assert state.in_play[ref(state, 0, HOST)].knelt


def test_low_47_die_by_the_sword_kills_after_a_military_win_with_a_war_character():
    state = joust({"in_play": [KNIGHT], "hand": ["low_47"]}, {"in_play": [STEWARD, LURKERS]})
    lurkers = ref(state, 1, LURKERS)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = answer(state, "claim_kill", [ref(state, 1, STEWARD)])
    state = until_window(state, "challenge_won")
    state = use(state, 0, hand(state, 0, "low_47")[0], lurkers)
    state = pass_windows(state)
    assert lurkers in state.players[1].dead


def test_low_40_qhorin_halfhand_kills_a_small_non_unique_character():
    state = joust({"in_play": ["low_40", HOST]}, {"in_play": [MESSENGER, LURKERS, HOST]})
    messenger = ref(state, 1, MESSENGER)
    state = start(state, "military", [ref(state, 0, "low_40"), ref(state, 0, HOST)])
    state = defend(state, [])
    state = answer(state, "claim_kill", [ref(state, 1, HOST)])
    state = until_window(state, "challenge_won")
    qhorin = ref(state, 0, "low_40")
    assert {a.cards[1] for a in uses(state, 0, qhorin)} == {messenger}
    state = use(state, 0, qhorin, messenger)
    state = pass_windows(state)
    assert messenger in state.players[1].dead


def test_low_42_rorge_raises_the_claim_of_the_first_challenge():
    state = joust({"in_play": [HOST, "low_42"]}, {"power": 5})
    state = start(state, "power", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert events(state, "claim")[-1]["amount"] == 2


# --- plots -------------------------------------------------------------------------------


def test_low_49_marched_to_the_wall_each_player_discards_a_character():
    state = plots_revealed(
        "low_49", "Rains of Autumn", me={"in_play": [PUP, HOST]}, them={"in_play": [LURKERS]}
    )
    state = pass_until(state, lambda s: head(s).get("purpose") == "discard_character")
    pup = ref(state, 0, PUP)
    state = act(state, 0, "select", [pup])
    assert pup in state.players[0].discard
    assert state.players[1].discard and not state.players[1].in_play
    assert ref(state, 0, HOST)


def test_low_50_fortified_position_blanks_every_character():
    state = joust(
        {"revealed_plot": "low_50", "in_play": ["low_21", KNIGHT]}, {"in_play": [LURKERS]}
    )
    lurkers = ref(state, 1, LURKERS)
    assert is_blank(state, lurkers) and "stealth" not in keywords(state, lurkers)
    assert strength(state, ref(state, 0, KNIGHT)) == 2


def test_low_51_calm_before_the_storm_makes_characters_immune_to_events():
    state = joust({"revealed_plot": "low_51", "hand": ["low_46"]}, {"in_play": [LURKERS]})
    assert immune_to(state, ref(state, 1, LURKERS), "event", 0)
    assert not uses(state, 0, hand(state, 0, "low_46")[0])


def test_low_52_take_them_by_surprise_loser_of_initiative_discards_the_hand():
    state = plots_revealed(
        "low_52", "low_52", me={"hand": [PUP, PUP], "power": 5}, them={"hand": [PUP]}
    )
    assert events(state, "initiative")[-1]["seat"] == 1
    assert not state.players[0].hand and len(state.players[0].discard) == 2
    assert len(state.players[1].hand) == 1


def test_low_53_storm_of_swords_allows_a_second_military_challenge():
    state = joust({"revealed_plot": "low_53", "in_play": [PUP, PUP]}, {"in_play": [STEWARD]})
    state = start(state, "military", [ref(state, 0, PUP)])
    state = pass_until(state, lambda s: head(s).get("point") == "before_challenge")
    assert challenge_problem(state, 0, "military", 1) is None


def test_low_54_family_duty_honor_takes_tully_cards_from_the_top_five():
    deck = [KNIGHT, PUP, MESSENGER, HOST, HOST, KNIGHT]
    state = plots_revealed("low_54", "Rains of Autumn", me={"deck": deck})
    state = pass_until(state, lambda s: head(s).get("purpose") == "search")
    found = head(state)["candidates"]
    assert len(found) == 2
    for card in found:
        state = act(state, 0, "select", [card])
    if head(state).get("purpose") == "search":
        state = act(state, 0, "done")
    assert sorted(events(state, "revealed")[-1]["codes"]) == ["core_18", "low_13"]
    assert len(state.players[0].hand) == 4  # and the two of the draw phase


def test_low_55_respect_of_the_old_gods_lowers_the_first_stark_character():
    players = [
        {"revealed_plot": "low_55", "hand": ["Robb Stark", "Sansa Stark"]},
        {"revealed_plot": "Summoning Season"},
    ]
    state = build(phase="draw", players=players)
    state = pass_until(state, lambda s: s.phase == "marshalling")
    robb, sansa = hand(state, 0, "Robb Stark")[0], hand(state, 0, "Sansa Stark")[0]
    assert gold_cost(state, 0, robb) == 2 and gold_cost(state, 0, sansa) == 0


# --- low_4 Frozen Solid, low_5 Jojen Reed, low_16 King Robb's Companions ----------------


def test_low_4_frozen_solid_blanks_a_non_limited_location():
    state = marshalling(
        {"hand": ["low_4"], "gold": 1, "in_play": [PUP]},
        {"in_play": ["low_27", "Great Keep", PUP]},
    )
    frozen, wolfswood = hand(state, 0, "low_4")[0], ref(state, 1, "low_27")
    targets = {a.cards[1] for a in legal_actions(state, 0) if a.cards[:1] == (frozen,)}
    assert targets == {wolfswood}  # not the Limited Great Keep, not characters
    assert "stealth" in keywords(state, ref(state, 1, PUP))
    state = act(state, 0, "marshal:play", [frozen, wolfswood])
    assert is_blank(state, wolfswood) and "stealth" not in keywords(state, ref(state, 1, PUP))


def test_low_5_jojen_reed_names_a_card_and_claims_power_for_each_copy():
    state = marshalling(
        {"in_play": ["low_5", "Northern Fiefdoms"]}, {"deck": [PUP, HOST, PUP, PUP]}
    )
    jojen = ref(state, 0, "low_5")
    state = use(state, 0, jojen)
    state = pass_until(state, lambda s: head(s).get("purpose") == "name_a_card", limit=5)
    state = act(state, 0, "choose", choice="core_19")
    state = act(state, 0, "choose", choice="1")
    assert state.in_play[jojen].power == 2 and state.in_play[jojen].knelt
    assert len(state.players[1].discard) == 3 and len(state.players[1].deck) == 1


def test_low_16_king_robbs_companions_are_paid_partly_with_influence():
    state = marshalling(
        {"hand": ["low_16"], "gold": 3, "in_play": ["Northern Fiefdoms", "low_31", "low_28"]}
    )
    companions = hand(state, 0, "low_16")[0]
    state = use(state, 0, companions)
    assert head(state)["options"] == ["2", "3"]
    state = act(state, 0, "choose", choice="2")
    state = answer(
        state, "influence", [ref(state, 0, "Northern Fiefdoms"), ref(state, 0, "low_31")]
    )
    assert companions in state.in_play and state.players[0].gold == 0
    assert events(state, "marshalled")[-1]["card"] == companions
