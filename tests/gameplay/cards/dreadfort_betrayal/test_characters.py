"""Dreadfort Betrayal: the characters (gameplay/engine/cards/dreadfort_betrayal/characters.py),
played through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength
from tests.gameplay.cards.dreadfort_betrayal.helpers import challenge_over, lend, watch
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    answer,
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
    uses,
    won_window,
)

ROOSE = "bwb_101"
FLAYED = "bwb_102"
LOYALIST = "bwb_103"
SHAGGA = "bwb_107"
SUMMERHALL = "bwb_109"
ENFORCERS = "bwb_111"
HANDMAIDEN = "bwb_113"
HATCHLING = "bwb_114"
OBELLA = "bwb_115"
ANGUY = "bwb_117"

CLAN_SCOUT = "w_67"  # a vanilla Lannister Clansman, military and intrigue
ACOLYTE = "dotn_65"  # Acolyte of the Flame: a Holy (crest) Asshai character
MARAUDER = "asots_24"  # Ironborn Marauder: a vanilla Raider
CRONE = "bwb_11"  # Bitter Crone: a Dothraki, intrigue and power
DROGON = "core_111"
DOREA = "w_89"  # Dorea Sand: a Sand Snake with an Intrigue icon only
STEWARD_INTRIGUE = "core_52"  # Lannisport Steward, intrigue


def _discards(state):
    return [e for e in events(state, "discarded_from_play")]


# --- bwb_101 Roose Bolton ----------------------------------------------------------------


def test_bwb_101_roose_bolton_does_not_kneel_to_attack_in_an_intrigue_challenge():
    state = joust({"in_play": [ROOSE]}, {"in_play": [STEWARD_INTRIGUE]})
    roose = ref(state, 0, ROOSE)
    state = start(state, "intrigue", [roose])
    assert roose in state.challenge["attackers"]
    assert not state.in_play[roose].knelt


def test_bwb_101_roose_bolton_kneels_to_attack_in_a_military_challenge():
    state = joust({"in_play": [ROOSE]}, {"in_play": [KNIGHT]})
    roose = ref(state, 0, ROOSE)
    state = start(state, "military", [roose])
    assert state.in_play[roose].knelt


def _borrowed_position():
    state = joust(
        {"in_play": [ROOSE, HOST, KNIGHT]},
        {"house": "Lannister", "in_play": [KNIGHT, STEWARD_INTRIGUE]},
    )
    mine, theirs = ref(state, 0, KNIGHT), ref(state, 1, KNIGHT)
    lend(state, mine, 1)  # seat 1 controls seat 0's Knight
    lend(state, theirs, 0)  # seat 0 controls seat 1's Knight
    return state, mine, theirs


def test_bwb_101_roose_bolton_gives_every_character_back_to_its_owner():
    state, mine, theirs = _borrowed_position()
    roose = ref(state, 0, ROOSE)
    state = won_window(state, "military", [roose])
    state = use(state, 0, roose)
    assert state.in_play[mine].controller == 0 and mine in state.players[0].in_play
    assert state.in_play[theirs].controller == 1 and theirs in state.players[1].in_play


def test_bwb_101_roose_bolton_must_have_participated():
    state, _mine, theirs = _borrowed_position()
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, ref(state, 0, ROOSE))
    assert not offered and state.in_play[theirs].controller == 0


def test_bwb_101_roose_bolton_must_win_the_challenge():
    state = joust({"in_play": [ROOSE, KNIGHT]}, {"house": "Baratheon", "in_play": [HOST]})
    lend(state, ref(state, 0, KNIGHT), 1)
    roose = ref(state, 0, ROOSE)
    state = start(state, "military", [roose])
    state, offered = watch(state, 0, roose, defenders=[ref(state, 1, HOST)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert not offered


def test_bwb_101_roose_bolton_not_offered_when_every_character_is_with_its_owner():
    state = joust({"in_play": [ROOSE]}, {"in_play": [KNIGHT]})
    roose = ref(state, 0, ROOSE)
    state = start(state, "military", [roose])
    state, offered = watch(state, 0, roose)
    assert not offered


# --- bwb_102 The Flayed Men / bwb_103 Bolton Loyalist ---------------------------------------


def test_bwb_102_the_flayed_men_go_to_the_winner_of_a_power_challenge():
    state = joust({"in_play": [HOST]}, {"in_play": [FLAYED]})
    flayed = ref(state, 1, FLAYED)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = challenge_over(state)
    assert state.in_play[flayed].controller == 0 and flayed in state.players[0].in_play
    assert events(state, "control")[-1]["card"] == flayed


def test_bwb_102_the_flayed_men_stay_after_a_lost_military_challenge():
    state = joust({"in_play": [HOST]}, {"in_play": [FLAYED, KNIGHT]})
    flayed = ref(state, 1, FLAYED)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = challenge_over(state)
    assert flayed not in state.in_play or state.in_play[flayed].controller == 1


def test_bwb_102_the_flayed_men_stay_when_their_controller_wins():
    state = joust({"in_play": [FLAYED]}, {"in_play": [KNIGHT]})
    flayed = ref(state, 0, FLAYED)
    state = start(state, "power", [flayed])
    state = challenge_over(state)
    assert state.in_play[flayed].controller == 0


def test_bwb_103_bolton_loyalist_goes_to_the_winner_of_an_intrigue_challenge():
    state = joust({"in_play": [STEWARD_INTRIGUE, HOST]}, {"in_play": [LOYALIST], "hand": []})
    loyalist = ref(state, 1, LOYALIST)
    state = start(state, "intrigue", [ref(state, 0, STEWARD_INTRIGUE)])
    state = challenge_over(state)
    assert state.in_play[loyalist].controller == 0


def test_bwb_103_bolton_loyalist_stays_after_a_power_challenge():
    state = joust({"in_play": [HOST]}, {"in_play": [LOYALIST]})
    loyalist = ref(state, 1, LOYALIST)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = challenge_over(state)
    assert state.in_play[loyalist].controller == 1


# --- bwb_107 Shagga Son of Dolf ----------------------------------------------------------


def test_bwb_107_shagga_lets_knelt_clansmen_defend_military_challenges():
    state = joust(
        {"in_play": [HOST]},
        {
            "house": "Lannister",
            "in_play": [
                SHAGGA,
                {"card": CLAN_SCOUT, "knelt": True},
                {"card": KNIGHT, "knelt": True},
            ],
        },
    )
    scout, knight = ref(state, 1, CLAN_SCOUT), ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = until_prompt(state, "defenders")
    candidates = head(state)["candidates"]
    assert scout in candidates and knight not in candidates  # a Clansman only
    state = answer(state, "defenders", [scout])
    assert scout in state.challenge["defenders"]


def test_bwb_107_shagga_does_not_help_knelt_clansmen_in_an_intrigue_challenge():
    state = joust(
        {"in_play": [STEWARD_INTRIGUE]},
        {"house": "Lannister", "in_play": [SHAGGA, {"card": CLAN_SCOUT, "knelt": True}]},
    )
    scout = ref(state, 1, CLAN_SCOUT)
    state = start(state, "intrigue", [ref(state, 0, STEWARD_INTRIGUE)])
    state = pass_windows(state)
    assert head(state).get("purpose") != "defenders" or scout not in head(state)["candidates"]


def test_bwb_107_shagga_helps_only_his_controllers_clansmen():
    state = joust(
        {"house": "Lannister", "in_play": [SHAGGA, HOST]},
        {"house": "Lannister", "in_play": [{"card": CLAN_SCOUT, "knelt": True}]},
    )
    scout = ref(state, 1, CLAN_SCOUT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert head(state).get("purpose") != "defenders" or scout not in head(state)["candidates"]


# --- bwb_109 Knight of Summerhall --------------------------------------------------------


def test_bwb_109_knight_of_summerhall_comes_back_from_the_dead_pile_by_kneeling_a_holy_character():
    state = joust({"house": "Baratheon", "in_play": [ACOLYTE], "dead": [SUMMERHALL]}, {})
    knight = state.players[0].dead[0]
    acolyte = ref(state, 0, ACOLYTE)
    state = use(state, 0, knight)
    state = pass_windows(state) if head(state).get("purpose") != "kneel_cost" else state
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], [acolyte])
    state = pass_windows(state)
    assert knight in state.in_play and state.in_play[knight].controller == 0
    assert state.in_play[acolyte].knelt


def test_bwb_109_knight_of_summerhall_needs_a_standing_holy_character():
    state = joust(
        {
            "house": "Baratheon",
            "in_play": [KNIGHT, {"card": ACOLYTE, "knelt": True}],
            "dead": [SUMMERHALL],
        },
        {},
    )
    assert not uses(state, 0, state.players[0].dead[0])


def test_bwb_109_knight_of_summerhall_is_used_only_from_the_dead_pile():
    state = joust({"house": "Baratheon", "in_play": [ACOLYTE], "hand": [SUMMERHALL]}, {})
    assert not uses(state, 0, hand(state, 0, SUMMERHALL)[0])


# --- bwb_111 Euron's Enforcers -----------------------------------------------------------


def test_bwb_111_eurons_enforcers_count_the_raiders_you_control():
    state = joust(
        {"house": "Greyjoy", "in_play": [ENFORCERS, MARAUDER, KNIGHT]},
        {"house": "Greyjoy", "in_play": [MARAUDER]},
    )
    # 3 printed, +1 for itself and +1 for the Marauder; the Knight and the opponent's
    # Raider do not count.
    enforcers = ref(state, 0, ENFORCERS)
    assert strength(state, enforcers) == 5
    state = start(state, "military", [enforcers])
    assert state.challenge is not None
    assert events(state, "challenge")[-1]["type"] == "military"


# --- bwb_113 Dothraki Handmaiden ---------------------------------------------------------


def test_bwb_113_dothraki_handmaiden_gives_an_attacking_dothraki_2_str_for_the_challenge():
    state = joust({"house": "Targaryen", "in_play": [HANDMAIDEN, CRONE]}, {"in_play": [KNIGHT]})
    crone, handmaiden = ref(state, 0, CRONE), ref(state, 0, HANDMAIDEN)
    state = start(state, "power", [crone])
    state = use(state, 0, handmaiden, crone)
    assert state.in_play[handmaiden].knelt
    assert strength(state, crone) == 4
    state = challenge_over(state)
    assert strength(state, crone) == 2  # until the end of the challenge


def test_bwb_113_dothraki_handmaiden_only_chooses_an_attacking_dothraki():
    state = joust(
        {"house": "Targaryen", "in_play": [HANDMAIDEN, CRONE, KNIGHT]}, {"in_play": [KNIGHT]}
    )
    handmaiden = ref(state, 0, HANDMAIDEN)
    assert not uses(state, 0, handmaiden)  # nobody attacks yet
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    assert not uses(state, 0, handmaiden)  # a Knight attacks, the Crone does not


def test_bwb_113_dothraki_handmaiden_is_used_only_in_the_challenges_phase():
    state = joust(
        {"house": "Targaryen", "in_play": [HANDMAIDEN, CRONE]},
        {"in_play": [KNIGHT]},
        phase="marshalling",
    )
    assert not uses(state, 0, ref(state, 0, HANDMAIDEN))


# --- bwb_114 Black Hatchling -------------------------------------------------------------


def test_bwb_114_black_hatchling_is_discarded_when_you_control_drogon():
    state = joust(
        {"house": "Targaryen", "in_play": [HATCHLING], "hand": [DROGON], "gold": 5},
        {},
        phase="marshalling",
    )
    hatchling = ref(state, 0, HATCHLING)
    drogon = hand(state, 0, DROGON)[0]
    state = act(state, 0, "marshal:play", [drogon])
    assert hatchling not in state.in_play and hatchling in state.players[0].discard


def test_bwb_114_black_hatchling_stays_beside_an_opponents_drogon():
    state = joust({"house": "Targaryen", "in_play": [HATCHLING]}, {"in_play": [DROGON]})
    assert ref(state, 0, HATCHLING) in state.in_play


def test_bwb_114_black_hatchling_cannot_defend():
    state = joust({"in_play": [HOST]}, {"house": "Targaryen", "in_play": [HATCHLING, KNIGHT]})
    hatchling = ref(state, 1, HATCHLING)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = until_prompt(state, "defenders")
    assert hatchling not in head(state)["candidates"]
    assert ref(state, 1, KNIGHT) in head(state)["candidates"]


# --- bwb_115 Obella Sand -----------------------------------------------------------------


def test_bwb_115_obella_sand_gives_your_sand_snakes_a_power_icon_and_vengeful():
    state = joust({"house": "Martell", "in_play": [OBELLA, DOREA]}, {"in_play": [KNIGHT]})
    dorea = ref(state, 0, DOREA)
    assert "power" in icons(state, dorea) and "vengeful" in keywords(state, dorea)
    state = start(state, "power", [dorea])  # she may attack a Power challenge now
    assert dorea in state.challenge["attackers"]


def test_bwb_115_obella_sand_only_helps_her_controllers_sand_snakes():
    state = joust(
        {"house": "Martell", "in_play": [OBELLA, KNIGHT]},
        {"house": "Martell", "in_play": [DOREA]},
    )
    dorea = ref(state, 1, DOREA)
    assert "power" not in icons(state, dorea) and "vengeful" not in keywords(state, dorea)


# --- bwb_117 Anguy the Archer ------------------------------------------------------------


def _anguy_kills(my_power: int = 0):
    state = joust(
        {"in_play": [ANGUY, HOST], "power": my_power},
        {"house": "Lannister", "in_play": [STEWARD_INTRIGUE, KNIGHT]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    # Opposed (an unopposed win would put power on the House card).
    return to_window(state, "killed", [ref(state, 1, KNIGHT)])


def test_bwb_117_anguy_claims_1_power_after_an_opponents_character_is_killed():
    state = _anguy_kills()
    anguy = ref(state, 0, ANGUY)
    state = use(state, 0, anguy)
    assert state.in_play[anguy].power == 1


def test_bwb_117_anguy_has_no_response_with_power_on_your_house_card():
    state = joust(
        {"in_play": [ANGUY, HOST], "power": 1},
        {"house": "Lannister", "in_play": [STEWARD_INTRIGUE, KNIGHT]},
    )
    anguy = ref(state, 0, ANGUY)
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, anguy, defenders=[ref(state, 1, KNIGHT)])
    assert events(state, "killed") and not offered


def test_bwb_117_anguy_ignores_your_own_characters_killed():
    state = joust({"in_play": [HOST]}, {"in_play": [ANGUY, KNIGHT]})
    anguy = ref(state, 1, ANGUY)
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 1, anguy, defenders=[ref(state, 1, KNIGHT)])
    assert events(state, "killed") and not offered


def test_bwb_117_anguy_claims_at_most_3_times_a_phase():
    state = _anguy_kills()
    anguy = ref(state, 0, ANGUY)
    mark = f"limit:{anguy}:0:phase:challenges"  # uses.limit_key of his response
    state.used += [mark, mark]  # two uses earlier this phase: a third is allowed
    assert uses(state, 0, anguy)
    state.used.append(mark)  # three: no more this phase
    assert not uses(state, 0, anguy)
