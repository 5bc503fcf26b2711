"""The Battle of Blackwater Bay: the characters (the_battle_of_blackwater_bay/characters.py),
played through legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
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
    ref,
    shadow,
    start,
    to_window,
    until_phase,
    until_prompt,
    until_seat,
    use,
    uses,
    watch,
    won_window,
)

DEFENDERS = "kl_101"
STEEL = "kl_102"  # a Stark Weapon attachment, cost 2
DAVOS = "kl_105"
ISLAND = "kl_108"
FREE_CITIES = "kl_110"
SOUTHRON = "kl_113"
SPEARMAN = "kl_114"
MANDON = "kl_117"
APPRENTICE = "kl_118"
RUMORS = "kl_116"  # an Any Phase event: its holder is asked in every action window
LORDSHIP = "core_140"  # a neutral Title attachment, cost 1
MILK = "core_145"  # Milk of the Poppy, a Condition attachment
CRESSEN = "core_77"  # Marshalling: kneel to discard a Condition attachment
CROSSROADS = "core_138"  # a neutral location


def marshalling(me: dict, them: dict | None = None):
    return joust(
        {"house": "Stark", **me}, {"house": "Lannister", **(them or {})}, phase="marshalling"
    )


# --- kl_101 Peasant Defenders ------------------------------------------------------------


def test_kl_101_peasant_defenders_lower_the_cost_of_a_weapon_played_on_them():
    state = marshalling({"gold": 1, "in_play": [DEFENDERS, KNIGHT], "hand": [STEEL]})
    steel = hand(state, 0, STEEL)[0]
    defenders, knight = ref(state, 0, DEFENDERS), ref(state, 0, KNIGHT)
    targets = {a.cards[1] for a in marshals(state, 0, steel) if a.kind == "marshal:play"}
    assert targets == {defenders}  # 2 gold on the Knight, 1 on the Defenders
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [steel, knight])
    state = act(state, 0, "marshal:play", [steel, defenders])
    assert state.in_play[steel].attached_to == defenders and state.players[0].gold == 0


def test_kl_101_peasant_defenders_do_not_lower_a_non_weapon_attachment():
    state = marshalling({"gold": 0, "in_play": [DEFENDERS], "hand": [LORDSHIP]})
    lordship = hand(state, 0, LORDSHIP)[0]
    assert not [a for a in marshals(state, 0, lordship) if a.kind == "marshal:play"]


def test_kl_101_armed_peasant_defenders_get_3_str_and_do_not_kneel_to_defend():
    state = joust(
        {"house": "Lannister", "in_play": [HOST], "hand": [RUMORS]},
        {"house": "Stark", "in_play": [{"card": DEFENDERS, "attachments": [STEEL]}]},
    )
    defenders = ref(state, 1, DEFENDERS)
    assert strength(state, defenders) == 5
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [defenders])
    assert events(state, "defenders")[-1]["cards"] == [defenders]
    assert not state.in_play[defenders].knelt


def test_kl_101_unarmed_peasant_defenders_kneel_to_defend_at_printed_str():
    state = joust(
        {"house": "Lannister", "in_play": [HOST], "hand": [RUMORS]},
        {"house": "Stark", "in_play": [{"card": DEFENDERS, "attachments": [LORDSHIP]}]},
    )
    defenders = ref(state, 1, DEFENDERS)
    assert strength(state, defenders) == 2
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [defenders])
    assert state.in_play[defenders].knelt


# --- kl_105 Ser Davos Seaworth -----------------------------------------------------------


def _cressen_discards_milk(davos_side: list):
    """Seat 0 kneels Maester Cressen to discard the Milk of the Poppy on seat 1's Knight;
    returns the state at the ``would_be_discarded`` window."""
    state = marshalling(
        {"house": "Baratheon", "in_play": [CRESSEN]},
        {
            "house": "Stark",
            "in_play": [{"card": KNIGHT, "attachments": [MILK]}, STEWARD, HOST, *davos_side],
        },
    )
    milk = next(r for r in state.in_play if state.code(r) == MILK)
    state = use(state, 0, ref(state, 0, CRESSEN), milk)
    return to_window(state, "would_be_discarded"), milk


def test_kl_105_ser_davos_saves_an_attachment_and_moves_it_to_another_character():
    state, milk = _cressen_discards_milk([DAVOS])
    state = until_seat(state, 1)
    davos = ref(state, 1, DAVOS)
    state = use(state, 1, davos, milk)
    assert state.in_play[davos].knelt
    prompt = head(state)
    assert prompt["purpose"] == "attach" and prompt["seat"] == 1
    steward, knight = ref(state, 1, STEWARD), ref(state, 1, KNIGHT)
    assert steward in prompt["candidates"] and knight not in prompt["candidates"]
    assert ref(state, 1, HOST) not in prompt["candidates"]  # No attachments
    state = answer(state, "attach", [steward])
    state = until_phase(state, "challenges")
    assert milk in state.in_play and state.in_play[milk].attached_to == steward


def test_kl_105_ser_davos_does_not_save_an_attachment_on_a_location_or_a_character():
    chain = "kl_104"  # Tyrion's Chain on a location, discarded when a Military challenge is lost
    state = joust(
        {
            "house": "Baratheon",
            "in_play": [DAVOS, KNIGHT, {"card": CROSSROADS, "attachments": [chain]}],
        },
        {"house": "Stark", "in_play": [HOST]},
    )
    chain_ref = ref(state, 0, chain)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state, offered = watch(state, 0, ref(state, 0, DAVOS), challenges_over, [ref(state, 1, HOST)])
    assert chain_ref in state.players[0].discard  # lost the Military challenge
    assert not offered


# --- kl_108 Island Mercenaries -----------------------------------------------------------


def test_kl_108_island_mercenaries_claim_1_power_after_an_unopposed_win():
    state = joust(
        {"house": "Greyjoy", "in_play": [ISLAND]}, {"house": "Stark", "in_play": [STEWARD]}
    )
    island = ref(state, 0, ISLAND)
    state = won_window(state, "military", [island], [])
    before = state.in_play[island].power
    state = use(state, 0, island)
    assert state.in_play[island].power == before + 1


def test_kl_108_island_mercenaries_do_not_claim_after_an_opposed_win():
    state = joust(
        {"house": "Greyjoy", "in_play": [ISLAND]}, {"house": "Stark", "in_play": [KNIGHT]}
    )
    island = ref(state, 0, ISLAND)
    state = start(state, "military", [island])
    state, offered = watch(state, 0, island, challenges_over, [ref(state, 1, KNIGHT)])
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


def test_kl_108_island_mercenaries_do_not_claim_when_they_did_not_participate():
    state = joust(
        {"house": "Greyjoy", "in_play": [ISLAND, HOST]}, {"house": "Stark", "in_play": [STEWARD]}
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, ref(state, 0, ISLAND), challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


# --- kl_110 Free Cities Mercenaries ------------------------------------------------------


def test_kl_110_free_cities_mercenaries_stand_after_a_str_2_character_is_killed():
    state = joust(
        {"house": "Targaryen", "in_play": [{"card": FREE_CITIES, "knelt": True}, HOST]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    mercs = ref(state, 0, FREE_CITIES)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", [])
    assert events(state, "killed")[-1]["code"] == "core_18"
    state = use(state, 0, mercs)
    assert not state.in_play[mercs].knelt


def test_kl_110_free_cities_mercenaries_ignore_a_stronger_character_killed():
    state = joust(
        {"house": "Targaryen", "in_play": [{"card": FREE_CITIES, "knelt": True}, HOST]},
        {"house": "Baratheon", "in_play": [{"card": HOST, "knelt": True}]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, ref(state, 0, FREE_CITIES), challenges_over)
    assert events(state, "killed") and not offered


# --- kl_113 Southron Mercenaries ---------------------------------------------------------


def test_kl_113_southron_mercenaries_move_1_power_from_the_loser():
    state = joust(
        {"house": "Martell", "in_play": [SOUTHRON]},
        {"house": "Stark", "in_play": [STEWARD], "power": 2},
    )
    state = won_window(state, "intrigue", [ref(state, 0, SOUTHRON)], [])
    before = state.players[0].power
    state = use(state, 0, ref(state, 0, SOUTHRON))
    assert state.players[1].power == 1 and state.players[0].power == before + 1


def test_kl_113_southron_mercenaries_need_to_have_participated():
    state = joust(
        {"house": "Martell", "in_play": [SOUTHRON, HOST]},
        {"house": "Stark", "in_play": [STEWARD], "power": 2},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, ref(state, 0, SOUTHRON), challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


# --- kl_114 Veteran Spearman -------------------------------------------------------------


def test_kl_114_veteran_spearman_keeps_a_character_from_being_chosen_for_military_claim():
    state = joust(
        {"house": "Martell", "in_play": [SPEARMAN, HOST]},
        {"house": "Stark", "in_play": [KNIGHT, STEWARD]},
    )
    spearman, knight = ref(state, 0, SPEARMAN), ref(state, 1, KNIGHT)
    targets = {a.cards[1] for a in uses(state, 0, spearman)}
    assert targets == {knight, ref(state, 1, STEWARD)}  # an opponent's character only
    state = use(state, 0, spearman, knight)
    steward = ref(state, 1, STEWARD)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    # The Steward is the only character the claim may take: the prompt answers itself.
    assert events(state, "killed")[-1]["card"] == steward
    assert knight in state.in_play


def test_kl_114_without_veteran_spearman_the_knight_may_be_chosen():
    state = joust(
        {"house": "Martell", "in_play": [HOST]},
        {"house": "Stark", "in_play": [KNIGHT, STEWARD]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_prompt(state, "claim_kill")
    assert ref(state, 1, KNIGHT) in head(state)["candidates"]


def test_kl_114_veteran_spearman_is_used_only_in_the_challenges_phase():
    state = marshalling({"house": "Martell", "in_play": [SPEARMAN]}, {"in_play": [KNIGHT]})
    assert uses(state, 0, ref(state, 0, SPEARMAN)) == []


# --- kl_117 Ser Mandon Moore -------------------------------------------------------------


def test_kl_117_ser_mandon_moore_kills_a_participant_after_winning_as_defender():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]},
        {"house": "Lannister", "in_play": [MANDON]},
    )
    knight, mandon = ref(state, 0, KNIGHT), ref(state, 1, MANDON)
    state = start(state, "military", [knight])
    state = to_window(state, "challenge_won", [mandon])
    assert {a.cards[1] for a in uses(state, 1, mandon)} == {knight, mandon}
    state = use(state, 1, mandon, knight)
    assert knight in state.players[0].dead


def test_kl_117_ser_mandon_moore_does_nothing_after_winning_as_attacker():
    state = joust(
        {"house": "Lannister", "in_play": [MANDON]}, {"house": "Stark", "in_play": [KNIGHT]}
    )
    mandon = ref(state, 0, MANDON)
    state = start(state, "military", [mandon])
    state, offered = watch(state, 0, mandon, challenges_over, [ref(state, 1, KNIGHT)])
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


def test_kl_117_ser_mandon_moore_comes_out_of_shadows_in_the_challenges_phase():
    state = joust(
        {"house": "Lannister", "gold": 2, "in_play": [STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    mandon = shadow(state, 0, MANDON)
    assert state.phase == "challenges" and head(state)["turn"] == 0
    out = [a for a in legal_actions(state, 0) if a.choice == "shadow" and a.cards == (mandon,)]
    assert out
    state = act(state, 0, "use", [mandon], "shadow")
    assert mandon in state.in_play and state.players[0].gold == 0


# --- kl_118 Pyromancer's Apprentice ------------------------------------------------------


def test_kl_118_pyromancers_apprentice_makes_a_location_controller_pay_1_gold():
    state = marshalling(
        {"house": "Lannister", "gold": 1, "in_play": [CROSSROADS]},
        {"house": "Stark", "gold": 2, "in_play": [CROSSROADS]},
    )
    apprentice = shadow(state, 0, APPRENTICE)
    theirs = ref(state, 1, CROSSROADS)
    state = act(state, 0, "use", [apprentice], "shadow")
    assert {a.cards[1] for a in uses(state, 0, apprentice)} == {theirs}  # not my own
    state = use(state, 0, apprentice, theirs)
    prompt = head(state)
    assert prompt["purpose"] == "pay_or_discard" and prompt["seat"] == 1
    state = choose(state, "pay")
    assert state.players[1].gold == 1 and state.players[0].gold == 1
    assert theirs in state.in_play


def test_kl_118_pyromancers_apprentice_discards_the_location_of_a_player_without_gold():
    state = marshalling(
        {"house": "Lannister", "gold": 1}, {"house": "Stark", "gold": 0, "in_play": [CROSSROADS]}
    )
    apprentice = shadow(state, 0, APPRENTICE)
    theirs = ref(state, 1, CROSSROADS)
    state = act(state, 0, "use", [apprentice], "shadow")
    state = use(state, 0, apprentice, theirs)
    assert head(state).get("purpose") != "pay_or_discard"
    assert theirs in state.players[1].discard


def test_kl_118_pyromancers_apprentice_may_choose_the_discard():
    state = marshalling(
        {"house": "Lannister", "gold": 1}, {"house": "Stark", "gold": 3, "in_play": [CROSSROADS]}
    )
    apprentice = shadow(state, 0, APPRENTICE)
    theirs = ref(state, 1, CROSSROADS)
    state = act(state, 0, "use", [apprentice], "shadow")
    state = use(state, 0, apprentice, theirs)
    state = choose(state, "discard")
    assert theirs in state.players[1].discard and state.players[1].gold == 3
