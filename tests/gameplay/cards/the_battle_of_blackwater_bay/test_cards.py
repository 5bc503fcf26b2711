"""The Battle of Blackwater Bay: the locations, attachments, events and the plot
(the_battle_of_blackwater_bay/locations.py, attachments.py, events_plots.py), played through
legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import crests, icons, keywords, strength
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import attachment_targets, facts
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    SUMMER,
    WINTER,
    IllegalAction,
    act,
    answer,
    challenges_over,
    choose,
    defend,
    events,
    hand,
    head,
    joust,
    marshals,
    plots_revealed,
    ref,
    shadow,
    start,
    to_window,
    until_phase,
    until_prompt,
    use,
    uses,
    waiting_seats,
    watch,
    won_window,
)
from tests.gameplay.epictest import epic_challenge, play_battle, plot_phase, until_epic_turn

STEEL = "kl_102"
GUILD_HALL = "kl_103"
CHAIN = "kl_104"
DAVOS = "kl_105"
HAMMER = "kl_106"
BAY = "kl_107"
DRINKING = "kl_109"
CONTRACT = "kl_111"
HILL = "kl_112"
BLADE = "kl_115"
RUMORS = "kl_116"
MANDON = "kl_117"
BATTLE = "kl_119"
SOLDIERS = "kl_120"
SISTER = "kotst_12"  # Sister of Truth: a Shadow-crest character, cost 1
MILK = "core_145"  # Milk of the Poppy, a Condition attachment
CRESSEN = "core_77"  # Marshalling: kneel to discard a Condition attachment
CROSSROADS = "core_138"  # a neutral location (no King's Landing trait)
MAD_KING = "core_205"  # When revealed: choose and discard an attachment from play


def marshalling(me: dict, them: dict | None = None):
    return joust(
        {"house": "Stark", **me}, {"house": "Lannister", **(them or {})}, phase="marshalling"
    )


def come_out(state, seat, card, *host):
    return act(state, seat, "use", [card, *host], "shadow")


# --- kl_102 Northern Steel ---------------------------------------------------------------


@pytest.mark.parametrize("option", ["strength", "deadly"])
def test_kl_102_northern_steel_gives_3_str_or_deadly_until_the_end_of_the_phase(option):
    state = marshalling({"in_play": [{"card": KNIGHT, "attachments": [STEEL]}]})
    knight = ref(state, 0, KNIGHT)
    steel = ref(state, 0, STEEL)
    state = use(state, 0, steel)
    assert head(state)["purpose"] == "northern_steel" and state.in_play[steel].knelt
    state = choose(state, option)
    if option == "strength":
        assert strength(state, knight) == 5 and "deadly" not in keywords(state, knight)
    else:
        assert strength(state, knight) == 2 and "deadly" in keywords(state, knight)
    state = until_phase(state, "challenges")
    assert strength(state, knight) == 2 and "deadly" not in keywords(state, knight)


def test_kl_102_northern_steel_cannot_be_discarded_from_a_house_stark_character():
    me = {"house": "Stark", "in_play": [{"card": KNIGHT, "attachments": [STEEL]}]}
    state = plots_revealed(CALM, MAD_KING, me=me, them={"house": "Targaryen"})
    steel = next(r for r in state.in_play if state.code(r) == STEEL)
    assert events(state, "when_revealed")[-1]["code"] == MAD_KING
    assert steel in state.in_play and events(state, "not_discarded")[-1]["card"] == steel


def test_kl_102_northern_steel_may_be_discarded_from_a_non_stark_character():
    me = {"house": "Lannister", "in_play": [{"card": STEWARD, "attachments": [STEEL]}]}
    state = plots_revealed(CALM, MAD_KING, me=me, them={"house": "Targaryen"})
    assert [state.code(r) for r in state.players[0].discard] == [STEEL]


# --- kl_103 Alchemist's Guild Hall -------------------------------------------------------


def test_kl_103_alchemists_guild_hall_kneels_a_card_without_the_shadow_crest():
    state = marshalling(
        {"house": "Lannister", "gold": 1, "in_play": [GUILD_HALL]},
        {"house": "Stark", "in_play": [KNIGHT, CROSSROADS]},
    )
    hall, knight, crossroads = (
        ref(state, 0, GUILD_HALL),
        ref(state, 1, KNIGHT),
        ref(state, 1, CROSSROADS),
    )
    sister = shadow(state, 0, SISTER)
    state = come_out(state, 0, sister)
    targets = {a.cards[1] for a in uses(state, 0, hall)}
    assert {knight, crossroads} <= targets
    assert sister not in targets  # the Shadow crest
    state = use(state, 0, hall, knight)
    assert state.in_play[hall].knelt and state.in_play[knight].knelt


def test_kl_103_alchemists_guild_hall_is_a_limited_response():
    state = marshalling(
        {"house": "Lannister", "gold": 2, "in_play": [GUILD_HALL, GUILD_HALL]},
        {"house": "Stark", "in_play": [KNIGHT, CROSSROADS]},
    )
    first, second = ref(state, 0, GUILD_HALL), ref(state, 0, GUILD_HALL, 1)
    one, two = shadow(state, 0, SISTER), shadow(state, 0, SISTER)
    state = come_out(state, 0, one)
    state = use(state, 0, first, ref(state, 1, KNIGHT))
    while head(state).get("trigger") == "came_out_of_shadows":
        state = act(state, 0, "pass")
    state = come_out(state, 0, two)
    assert head(state).get("trigger") == "came_out_of_shadows"  # Sister's own response
    assert uses(state, 0, second) == []  # 1 limited response per round


# --- kl_104 Tyrion's Chain ---------------------------------------------------------------


def test_kl_104_tyrions_chain_kneels_its_location_then_all_its_controllers_locations():
    state = marshalling(
        {"house": "Lannister", "gold": 3, "hand": [CHAIN], "in_play": [STEWARD]},
        {"house": "Stark", "in_play": [CROSSROADS, CROSSROADS, KNIGHT]},
    )
    chain = hand(state, 0, CHAIN)[0]
    first, second = ref(state, 1, CROSSROADS), ref(state, 1, CROSSROADS, 1)
    hosts = {a.cards[1] for a in marshals(state, 0, chain) if a.kind == "marshal:play"}
    assert hosts == {first, second}  # locations only
    state = act(state, 0, "marshal:play", [chain, first])
    assert state.in_play[first].knelt and not state.in_play[second].knelt
    state = use(state, 0, chain)
    assert state.in_play[second].knelt and not state.in_play[ref(state, 1, KNIGHT)].knelt


def test_kl_104_tyrions_chain_is_discarded_when_its_controller_loses_a_military_challenge():
    state = joust(
        {
            "house": "Lannister",
            "in_play": [KNIGHT, STEWARD, {"card": CROSSROADS, "attachments": [CHAIN]}],
        },
        {"house": "Stark", "in_play": [HOST]},
    )
    chain = ref(state, 0, CHAIN)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = pass_to_next_challenge(state)
    assert chain in state.in_play  # an Intrigue challenge lost: it stays
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state, _ = watch(state, 0, chain, challenges_over, [ref(state, 1, HOST)])
    assert chain in state.players[0].discard


def pass_to_next_challenge(state):
    """Pass (declaring no defenders) until seat 0 may initiate its next challenge."""
    for _ in range(40):
        step = head(state)
        if step.get("point") == "before_challenge" and state.challenge is None:
            return state
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
            continue
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no next challenge")


# --- kl_106 King Robert's Hammer ---------------------------------------------------------


def test_kl_106_king_roberts_hammer_stands_a_house_baratheon_character():
    state = marshalling(
        {
            "house": "Baratheon",
            "revealed_plot": CALM,
            "in_play": [HAMMER, {"card": HOST, "knelt": True}, {"card": KNIGHT, "knelt": True}],
        },
        {"revealed_plot": CALM},
    )
    hammer, host = ref(state, 0, HAMMER), ref(state, 0, HOST)
    assert {a.cards[1] for a in uses(state, 0, hammer)} == {host}  # not the Stark Knight
    state = use(state, 0, hammer, host)
    assert not state.in_play[host].knelt and state.in_play[hammer].knelt


@pytest.mark.parametrize("season", [SUMMER, WINTER])
def test_kl_106_king_roberts_hammer_kneels_in_summer_or_winter(season):
    state = marshalling(
        {"house": "Baratheon", "in_play": [HAMMER, {"card": HOST, "knelt": True}, season]}
    )
    hammer = ref(state, 0, HAMMER)
    assert state.in_play[hammer].knelt and uses(state, 0, hammer) == []


# --- kl_107 Blackwater Bay ---------------------------------------------------------------


def test_kl_107_blackwater_bay_places_a_shadow_card_from_the_discard_pile_in_shadows():
    state = joust(
        {"house": "Baratheon", "in_play": [BAY, HOST], "discard": [SISTER, KNIGHT]},
        {"house": "Stark", "in_play": [STEWARD]},
    )
    bay = ref(state, 0, BAY)
    sister, knight = state.players[0].discard
    state = won_window(state, "power", [ref(state, 0, HOST)])
    assert {a.cards[1] for a in uses(state, 0, bay)} == {sister}
    state = use(state, 0, bay, sister)
    assert state.in_play[bay].knelt
    assert [state.code(r) for r in state.players[0].shadows] == [SISTER]
    assert state.players[0].discard == [knight]


def test_kl_107_blackwater_bay_answers_only_a_power_challenge():
    state = joust(
        {"house": "Baratheon", "in_play": [BAY, HOST], "discard": [SISTER]},
        {"house": "Stark", "in_play": [STEWARD]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, ref(state, 0, BAY), challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


# --- kl_109 Drinking the Sea -------------------------------------------------------------


def test_kl_109_drinking_the_sea_cancels_a_save_and_draws_a_card():
    state = marshalling(
        {"house": "Greyjoy", "in_play": [CRESSEN], "hand": [DRINKING], "deck": [KNIGHT]},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "attachments": [MILK]}, STEWARD, DAVOS]},
    )
    drinking = hand(state, 0, DRINKING)[0]
    milk = next(r for r in state.in_play if state.code(r) == MILK)
    state = use(state, 0, ref(state, 0, CRESSEN), milk)
    assert uses(state, 0, drinking) == []  # Cressen's discard is no save
    state = to_window(state, "would_be_discarded")
    while head(state).get("trigger") == "would_be_discarded" and not uses(
        state, 1, ref(state, 1, DAVOS)
    ):
        state = act(state, 0, "pass")
    state = use(state, 1, ref(state, 1, DAVOS), milk)
    assert head(state).get("trigger") == "ability"
    state = use(state, 0, drinking)
    assert milk in state.players[1].discard
    assert [state.code(r) for r in state.players[0].hand] == ["core_18"]


def test_kl_109_drinking_the_sea_cancels_a_duplicates_save():
    state = joust(
        {"house": "Greyjoy", "in_play": [HOST], "hand": [DRINKING], "deck": [KNIGHT]},
        {"house": "Lannister", "in_play": [{"card": MANDON, "duplicates": [MANDON]}]},
    )
    drinking = hand(state, 0, DRINKING)[0]
    mandon = ref(state, 1, MANDON)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_prompt(state, "save")  # the claim kills Mandon: his duplicate may save him
    state = answer(state, "save", [mandon])
    assert head(state).get("trigger") == "saved_by_duplicate"
    state = use(state, 0, drinking, mandon)
    assert mandon in state.players[1].dead
    assert events(state, "save_cancelled")[-1]["card"] == mandon


# --- kl_111 Mercenary Contract -----------------------------------------------------------


def test_kl_111_mercenary_contract_goes_on_a_war_character_only():
    state = marshalling({"gold": 1, "in_play": [KNIGHT, STEWARD], "hand": [CONTRACT]})
    contract = hand(state, 0, CONTRACT)[0]
    assert attachment_targets(state, facts(state, contract), 0) == [ref(state, 0, KNIGHT)]


@pytest.mark.parametrize(
    ("gold", "ctype", "knelt"), [(1, "military", False), (0, "military", True), (1, "power", True)]
)
def test_kl_111_mercenary_contract_attacks_standing_in_military_challenges_with_gold(
    gold, ctype, knelt
):
    state = joust(
        {
            "house": "Targaryen",
            "gold": gold,
            "in_play": [{"card": KNIGHT, "attachments": [CONTRACT]}],
            "hand": [RUMORS],
        },
        {"house": "Stark", "in_play": [STEWARD]},
    )
    knight = ref(state, 0, KNIGHT)
    state = start(state, ctype, [knight])
    assert events(state, "attackers")[-1]["cards"] == [knight]
    assert state.in_play[knight].knelt is knelt


def test_kl_111_mercenary_contract_defends_standing_with_gold():
    state = joust(
        {"house": "Stark", "in_play": [HOST], "hand": [RUMORS]},
        {"house": "Targaryen", "gold": 1, "in_play": [{"card": KNIGHT, "attachments": [CONTRACT]}]},
    )
    knight = ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [knight])
    assert events(state, "defenders")[-1]["cards"] == [knight] and not state.in_play[knight].knelt


# --- kl_112 Rhaenys's Hill ---------------------------------------------------------------


def test_kl_112_rhaenys_hill_borrows_an_opponents_dead_characters_for_the_phase():
    state = marshalling(
        {"house": "Targaryen", "in_play": [HILL], "dead": [HOST], "hand": [RUMORS]},
        {"house": "Stark", "dead": [KNIGHT, STEWARD], "discard": [KNIGHT], "in_play": [HOST]},
    )
    hill = ref(state, 0, HILL)
    knight, steward = state.players[1].dead
    host = state.players[0].dead[0]
    state = use(state, 0, hill)
    assert hill in state.players[0].discard
    assert state.in_play[knight].controller == 0 and state.in_play[steward].controller == 0
    assert host in state.players[0].dead and len(state.players[1].discard) == 1
    state = until_phase(state, "challenges")
    assert state.players[1].dead == [knight, steward]


def test_kl_112_rhaenys_hill_needs_a_character_in_an_opponents_dead_pile():
    state = marshalling({"house": "Targaryen", "in_play": [HILL], "dead": [HOST]}, {"dead": []})
    assert uses(state, 0, ref(state, 0, HILL)) == []


# --- kl_115 Venomous Blade ---------------------------------------------------------------


def test_kl_115_venomous_blade_kills_a_printed_str_2_or_less_opponents_character():
    state = marshalling(
        {"house": "Martell", "gold": 0, "in_play": [STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT, KNIGHT, HOST]},
    )
    blade = shadow(state, 0, BLADE)
    steward = ref(state, 0, STEWARD)
    state = come_out(state, 0, blade, steward)
    prompt = head(state)
    assert prompt["purpose"] == "kill" and prompt["seat"] == 0
    assert set(prompt["candidates"]) == set(ref(state, 1, KNIGHT, i) for i in (0, 1))
    target = prompt["candidates"][0]
    state = answer(state, "kill", [target])
    assert target in state.players[1].dead and state.in_play[blade].attached_to == steward


def test_kl_115_venomous_blade_moves_onto_a_character_you_control():
    state = marshalling(
        {"house": "Martell", "gold": 0, "in_play": [STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT, HOST]},
    )
    blade = shadow(state, 0, BLADE)
    knight, steward = ref(state, 1, KNIGHT), ref(state, 0, STEWARD)
    state = come_out(state, 0, blade, knight)
    # My only character takes it; then the Knight (2 STR) is the only one it may kill.
    assert state.in_play[blade].attached_to == steward
    assert knight in state.players[1].dead


def test_kl_115_venomous_blade_stays_after_you_win_a_challenge():
    state = joust(
        {"house": "Martell", "in_play": [{"card": STEWARD, "attachments": [BLADE]}]},
        {"house": "Stark", "in_play": [HOST]},
    )
    blade = ref(state, 0, BLADE)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state, offered = watch(state, 0, blade, challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0
    assert not offered and blade in state.in_play


def test_kl_115_venomous_blade_goes_into_shadows_after_you_lose_a_challenge():
    state = joust(
        {"house": "Martell", "in_play": [{"card": STEWARD, "attachments": [BLADE]}, KNIGHT]},
        {"house": "Stark", "in_play": [HOST]},
    )
    blade = ref(state, 0, BLADE)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = to_window(state, "challenge_won", [ref(state, 1, HOST)])
    state = use(state, 0, blade)
    assert blade in state.players[0].shadows
    assert not [a for a in legal_actions(state, 0) if a.choice == "shadow"]


# --- kl_116 Rumors of War ----------------------------------------------------------------


def test_kl_116_rumors_of_war_gives_a_military_icon_a_war_crest_and_3_str():
    state = marshalling({"house": "Martell", "hand": [RUMORS]}, {"in_play": [STEWARD]})
    rumors, steward = hand(state, 0, RUMORS)[0], ref(state, 1, STEWARD)
    state = use(state, 0, rumors, steward)
    assert "military" in icons(state, steward) and "war" in crests(state, steward)
    assert strength(state, steward) == 5
    state = until_phase(state, "challenges")
    assert "military" not in icons(state, steward) and strength(state, steward) == 2


def test_kl_116_rumors_of_war_chooses_a_character():
    state = marshalling(
        {"house": "Martell", "hand": [RUMORS], "in_play": [CROSSROADS]}, {"in_play": [STEWARD]}
    )
    rumors = hand(state, 0, RUMORS)[0]
    assert {a.cards[1] for a in uses(state, 0, rumors)} == {ref(state, 1, STEWARD)}
    with pytest.raises(IllegalAction):
        act(state, 0, "use", [rumors, ref(state, 0, CROSSROADS)])


# --- kl_119 Battle of the Bay ------------------------------------------------------------


def test_kl_119_battle_of_the_bay_winner_returns_a_kings_landing_location():
    me = {
        "house": "Lannister",
        "hand": [BATTLE],
        "in_play": [KNIGHT],
        "discard": [GUILD_HALL, HILL, CROSSROADS],
    }
    state = plot_phase([me, {"house": "Stark"}])
    state = play_battle(state, 0, BATTLE)
    assert events(state, "epic_battle")[-1]["types"] == ["military"]
    hall, hill, crossroads = state.players[0].discard[-3:]
    state = until_epic_turn(state, 0)
    state = epic_challenge(state, 0, "military", [ref(state, 0, KNIGHT)])
    prompt = head(state)
    assert prompt["purpose"] == "return_to_hand" and set(prompt["candidates"]) == {hall, hill}
    assert prompt["min"] == 1  # not optional
    state = answer(state, "return_to_hand", [hill])
    assert hill in state.players[0].hand and crossroads in state.players[0].discard


# --- kl_120 City of Soldiers -------------------------------------------------------------


def test_kl_120_city_of_soldiers_kills_a_character_with_str_up_to_the_city_plots_used():
    me = {"used_plots": ["kl_19", "kl_40", CALM]}
    them = {"in_play": [KNIGHT, STEWARD, HOST]}
    state = plots_revealed(SOLDIERS, CALM, me=me, them=them)
    prompt = head(state)
    assert prompt["purpose"] == "kill" and prompt["seat"] == 0
    knight, steward = ref(state, 1, KNIGHT), ref(state, 1, STEWARD)
    assert set(prompt["candidates"]) == {knight, steward}  # 2 City plots: STR 2 or lower
    state = answer(state, "kill", [steward])
    assert steward in state.players[1].dead


def test_kl_120_city_of_soldiers_without_city_plots_kills_nobody_above_0_str():
    state = plots_revealed(SOLDIERS, CALM, me={"used_plots": [CALM]}, them={"in_play": [KNIGHT]})
    assert head(state).get("purpose") != "kill"
    assert ref(state, 1, KNIGHT) in state.in_play and not events(state, "killed")
