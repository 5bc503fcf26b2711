"""Illyrio's Gift: the attachments, locations, events, the plot and the House card
(illyrios_gift/cards.py), played through legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import keywords, strength, traits
from gameplay.engine.rules import check_setup
from tests.gameplay.cards.illyrios_gift.helpers import attach_under
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    build,
    challenges_over,
    choose,
    defend,
    events,
    hand,
    head,
    joust,
    marshals,
    pass_until,
    ref,
    start,
    to_window,
    until_prompt,
    until_seat,
    use,
    uses,
    watch,
    won_window,
)

DUBIOUS = "bwb_2"
FOG = "bwb_4"
KINGS_GROUND = "bwb_6"
RAKHARO = "bwb_9"
HORDE = "bwb_10"
ARAKH = "bwb_12"
VAES = "bwb_13"
KHALASAR = "bwb_14"
VESSEL = "bwb_16"
NEUTRAL_FACTION = "bwb_18"
TIDINGS = "bwb_19"
PRINCE = "bwb_20"
HONOR_GUARD = "core_119"  # a Dothraki Army, 4 STR
CROSSROADS = "core_138"  # a neutral location
SCHOLAR = "soo_36"  # Oldtown Scholar, a neutral Maester without text
DAYNE_KNIGHT = "pots_11"  # House Dayne Knight, no text
MILK = "core_145"  # Milk of the Poppy, a Condition attachment
LORDSHIP = "core_140"  # a neutral Title attachment, cost 1
ICE = "core_1"  # Ice, a Stark attachment, cost 2


def marshalling(me: dict, them: dict | None = None):
    return joust(
        {"house": "Stark", **me}, {"house": "Lannister", **(them or {})}, phase="marshalling"
    )


# --- bwb_2 Dubious Loyalties -------------------------------------------------------------


def _dubious(attacker=HOST, helpers=()):
    state = joust(
        {"house": "Stark", "in_play": [attacker]},
        {"house": "Lannister", "in_play": [KNIGHT, *helpers]},
    )
    knight = ref(state, 1, KNIGHT)
    dubious = attach_under(state, 0, DUBIOUS, knight)
    state = start(state, "power", [ref(state, 0, attacker)])
    return state, knight, dubious


def test_bwb_2_dubious_loyalties_gives_the_house_bolton_trait():
    state, knight, _ = _dubious()
    assert "House Bolton" in traits(state, knight)


def test_bwb_2_dubious_loyalties_takes_control_after_you_win_with_it_participating():
    state, knight, dubious = _dubious()
    state = to_window(state, "challenge_won", [knight])
    state = until_seat(state, 0)
    state = use(state, 0, dubious)
    assert state.in_play[knight].controller == 0 and knight in state.players[0].in_play
    assert state.in_play[dubious].attached_to == knight


def test_bwb_2_dubious_loyalties_is_not_offered_when_the_character_did_not_participate():
    state, knight, dubious = _dubious()
    state, offered = watch(state, 0, dubious, challenges_over, defenders=[])
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered
    assert state.in_play[knight].controller == 1


def test_bwb_2_dubious_loyalties_is_not_offered_when_you_lose():
    state, knight, dubious = _dubious(attacker=KNIGHT, helpers=[HOST])
    defenders = [knight, ref(state, 1, HOST)]
    state, offered = watch(state, 0, dubious, challenges_over, defenders=defenders)
    assert events(state, "challenge_resolved")[0]["winner"] == 1 and not offered


# --- bwb_4 Fog of War --------------------------------------------------------------------


def _fog_position():
    return build(
        phase="dominance",
        players=[
            {
                "house": "Lannister",
                "revealed_plot": "Summoning Season",
                "hand": [FOG],
                "in_play": [{"card": HOST, "knelt": True}, {"card": STEWARD, "knelt": True}],
            },
            {
                "house": "Stark",
                "revealed_plot": "Summoning Season",
                "in_play": [{"card": KNIGHT, "knelt": True}, {"card": HOST, "knelt": True}],
            },
        ],
    )


def test_bwb_4_fog_of_war_keeps_each_players_chosen_character_knelt_in_standing():
    state = _fog_position()
    fog = hand(state, 0, FOG)[0]
    state = until_seat(state, 0)
    state = use(state, 0, fog)
    assert head(state)["purpose"] == "fog_of_war" and head(state)["seat"] == 0
    host0, steward = ref(state, 0, HOST), ref(state, 0, STEWARD)
    state = answer(state, "fog_of_war", [steward])
    assert head(state)["purpose"] == "fog_of_war" and head(state)["seat"] == 1
    knight, host1 = ref(state, 1, KNIGHT), ref(state, 1, HOST)
    state = answer(state, "fog_of_war", [host1])
    state = pass_until(state, lambda s: s.phase not in ("dominance", "standing"))
    assert state.in_play[steward].knelt and state.in_play[host1].knelt
    assert not state.in_play[host0].knelt and not state.in_play[knight].knelt


def test_bwb_4_fog_of_war_is_played_only_in_the_dominance_phase():
    state = joust(
        {"house": "Lannister", "hand": [FOG], "in_play": [HOST]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    fog = hand(state, 0, FOG)[0]
    assert not uses(state, 0, fog)


# --- bwb_6 The King's Ground -------------------------------------------------------------


def test_bwb_6_the_kings_ground_goes_only_on_a_location_you_control():
    state = marshalling(
        {"house": "Baratheon", "gold": 3, "hand": [KINGS_GROUND], "in_play": [CROSSROADS, HOST]},
        {"in_play": [CROSSROADS]},
    )
    ground = hand(state, 0, KINGS_GROUND)[0]
    mine = ref(state, 0, CROSSROADS)
    targets = {a.cards[1] for a in marshals(state, 0, ground) if a.kind == "marshal:play"}
    assert targets == {mine}
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [ground, ref(state, 1, CROSSROADS)])


def test_bwb_6_the_kings_ground_location_stands_by_vigilant_after_an_attack_won():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST, {"card": CROSSROADS, "knelt": True}]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    crossroads = ref(state, 0, CROSSROADS)
    attach_under(state, 0, KINGS_GROUND, crossroads)
    assert "vigilant" in keywords(state, crossroads)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_prompt(state, "vigilant")
    assert crossroads in head(state)["candidates"]
    state = answer(state, "vigilant", [crossroads])
    assert not state.in_play[crossroads].knelt


# --- bwb_8 Ours for the Taking: see test_ours.py -------------------------------------------

# --- bwb_12 Rakharo's Arakh --------------------------------------------------------------


def test_bwb_12_rakharos_arakh_goes_only_on_a_dothraki_character():
    state = marshalling(
        {"house": "Targaryen", "gold": 3, "hand": [ARAKH], "in_play": [HONOR_GUARD, HOST, RAKHARO]}
    )
    arakh = hand(state, 0, ARAKH)[0]
    targets = {a.cards[1] for a in marshals(state, 0, arakh) if a.kind == "marshal:play"}
    assert targets == {ref(state, 0, RAKHARO)}  # the Honor Guard takes no attachments


def test_bwb_12_rakharos_arakh_counts_opponents_dead_characters_and_makes_rakharo_deadly():
    state = joust(
        {"house": "Targaryen", "in_play": [RAKHARO, HORDE], "dead": [STEWARD]},
        {"house": "Stark", "dead": [KNIGHT, KNIGHT, "core_181"]},  # a plot is not counted
    )
    rakharo, horde = ref(state, 0, RAKHARO), ref(state, 0, HORDE)
    attach_under(state, 0, ARAKH, rakharo)
    other = attach_under(state, 0, ARAKH, horde)
    assert strength(state, rakharo) == 3 + 2 and "deadly" in keywords(state, rakharo)
    assert strength(state, horde) == 6 + 2  # not Rakharo: Deadly is printed, not gained
    assert other  # two copies only in this hand-made position


# --- bwb_13 Vaes Dothrak -----------------------------------------------------------------


def _vaes_won(attackers=(RAKHARO,), ctype="military", power=1):
    state = joust(
        {"house": "Targaryen", "in_play": [VAES, *attackers]},
        {"house": "Stark", "in_play": [STEWARD], "hand": [KNIGHT], "power": power},
    )
    vaes = ref(state, 0, VAES)
    fighters = [ref(state, 0, a) for a in attackers]
    return state, vaes, fighters


@pytest.mark.parametrize("choice", ["draw", "discard", "power"])
def test_bwb_13_vaes_dothrak_gives_a_choice_after_a_dothraki_military_win(choice):
    state, vaes, fighters = _vaes_won()
    state = state.copy()
    state.players[0].deck = [state.new_card("core_18", 0)]
    state = won_window(state, "military", fighters, [])
    state = until_seat(state, 0)
    state = use(state, 0, vaes)
    assert state.in_play[vaes].knelt
    assert head(state)["options"] == ["draw", "discard", "power"]
    hand0, hand1, power = (
        len(state.players[0].hand),
        len(state.players[1].hand),
        state.players[0].power,
    )
    state = choose(state, choice)
    assert len(state.players[0].hand) == hand0 + (choice == "draw")
    assert len(state.players[1].hand) == hand1 - (choice == "discard")
    assert state.players[0].power >= power + (choice == "power")


def test_bwb_13_vaes_dothrak_offers_no_power_from_an_empty_house():
    state, vaes, fighters = _vaes_won(power=0)
    state = won_window(state, "military", fighters, [])
    state = until_seat(state, 0)
    state = use(state, 0, vaes)
    assert head(state)["options"] == ["draw", "discard"]


def test_bwb_13_vaes_dothrak_needs_a_dothraki_attacker_and_a_military_challenge():
    state, vaes, fighters = _vaes_won(attackers=(HOST,))
    state = start(state, "military", fighters)
    state, offered = watch(state, 0, vaes, challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered
    state, vaes, fighters = _vaes_won(ctype="power")
    state = start(state, "power", fighters)
    state, offered = watch(state, 0, vaes, challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


# --- bwb_14 Deadly Khalasar --------------------------------------------------------------


def test_bwb_14_deadly_khalasar_stands_every_dothraki_after_a_military_claim_kill():
    state = joust(
        {
            "house": "Targaryen",
            "in_play": [RAKHARO, {"card": HONOR_GUARD, "knelt": True}],
            "hand": [KHALASAR],
        },
        {"house": "Stark", "in_play": [STEWARD, {"card": RAKHARO, "knelt": True}]},
    )
    rakharo = ref(state, 0, RAKHARO)
    state = start(state, "military", [rakharo])
    state = to_window(state, "killed", [], claim=[ref(state, 1, STEWARD)])
    assert events(state, "killed")[-1]["code"] == "core_52"
    state = until_seat(state, 0)
    state = use(state, 0, hand(state, 0, KHALASAR)[0])
    assert not state.in_play[rakharo].knelt
    assert not state.in_play[ref(state, 0, HONOR_GUARD)].knelt
    assert not state.in_play[ref(state, 1, RAKHARO)].knelt  # every Dothraki in play


def test_bwb_14_deadly_khalasar_is_not_offered_for_a_deadly_kill():
    state = joust(
        {"house": "Targaryen", "in_play": [HORDE], "hand": [KHALASAR]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    khalasar = hand(state, 0, KHALASAR)[0]
    state = start(state, "power", [ref(state, 0, HORDE)])
    state, offered = watch(state, 0, khalasar, challenges_over, defenders=[ref(state, 1, KNIGHT)])
    assert events(state, "killed") and not offered


def test_bwb_14_deadly_khalasar_is_not_offered_for_your_own_character():
    state = joust(
        {"house": "Stark", "in_play": [HOST]},
        {"house": "Targaryen", "in_play": [STEWARD], "hand": [KHALASAR]},
    )
    khalasar = hand(state, 1, KHALASAR)[0]
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 1, khalasar, challenges_over)
    assert events(state, "killed") and not offered


# --- bwb_16 Southron Vessel --------------------------------------------------------------


def test_bwb_16_southron_vessel_moves_gold_to_and_from_a_house_dayne_character():
    state = marshalling(
        {"house": "Martell", "gold": 2, "in_play": [VESSEL, VESSEL, DAYNE_KNIGHT, HOST]}
    )
    first, second = ref(state, 0, VESSEL, 0), ref(state, 0, VESSEL, 1)
    dayne = ref(state, 0, DAYNE_KNIGHT)
    assert [a.cards[1] for a in uses(state, 0, first)] == [dayne]  # not the Host
    state = use(state, 0, first, dayne)
    assert state.in_play[dayne].gold == 1 and state.players[0].gold == 1
    state = use(state, 0, second, dayne)
    assert head(state)["options"] == ["to_card", "to_pool"]
    state = choose(state, "to_pool")
    assert state.in_play[dayne].gold == 0 and state.players[0].gold == 2


def test_bwb_16_southron_vessel_is_used_only_in_marshalling():
    state = joust({"house": "Martell", "gold": 2, "in_play": [VESSEL, DAYNE_KNIGHT]}, {})
    assert not uses(state, 0, ref(state, 0, VESSEL))


# --- bwb_18 Neutral Faction --------------------------------------------------------------


def house_card(state, seat: int) -> str:
    """The seat's Neutral Faction House card (the House "Neutral"), a card in no zone: its
    text is read through abilities.HOUSE_CARDS, whatever instance exists."""
    return state.new_card(NEUTRAL_FACTION, seat)


def test_bwb_18_neutral_faction_lowers_the_penalty_of_out_of_house_characters_by_1():
    state = marshalling({"house": "Neutral", "gold": 3, "hand": [KNIGHT, ICE]})
    house_card(state, 0)
    knight, ice = hand(state, 0, KNIGHT)[0], hand(state, 0, ICE)[0]
    state = act(state, 0, "marshal:play", [knight])  # 2 + (2 - 1)
    assert knight in state.in_play and state.players[0].gold == 0
    assert not marshals(state, 0, ice)


def test_bwb_18_neutral_faction_does_not_lower_attachments_or_other_houses():
    state = marshalling({"house": "Neutral", "gold": 3, "in_play": [KNIGHT], "hand": [ICE]})
    ice = hand(state, 0, ICE)[0]
    with pytest.raises(IllegalAction):  # Ice: 2 + 2, not reduced (not a character)
        act(state, 0, "marshal:play", [ice, ref(state, 0, KNIGHT)])
    state = marshalling({"house": "Lannister", "gold": 3, "hand": [KNIGHT]})
    assert not marshals(state, 0, hand(state, 0, KNIGHT)[0])  # 2 + 2 for a Lannister


def test_bwb_18_neutral_faction_lowers_the_penalty_of_characters_placed_in_setup():
    state = build(phase="setup", players=[{"house": "Neutral", "hand": [HONOR_GUARD]}, {}])
    house_card(state, 0)
    assert check_setup(state, 0, hand(state, 0, HONOR_GUARD)) is None  # 4 + (2 - 1)
    state = build(phase="setup", players=[{"house": "Neutral", "hand": [KNIGHT, KNIGHT]}, {}])
    assert check_setup(state, 0, hand(state, 0, KNIGHT)) is not None  # 3 + 3


# --- bwb_19 Ill Tidings ------------------------------------------------------------------


def _tidings(power=0, maester=True, phase="challenges"):
    return joust(
        {
            "house": "Stark",
            "hand": [TIDINGS],
            "deck": [STEWARD],
            "power": power,
            "in_play": [SCHOLAR if maester else HOST],
        },
        {"house": "Lannister", "in_play": [{"card": KNIGHT, "attachments": [MILK]}]},
        phase=phase,
    )


def test_bwb_19_ill_tidings_kneels_a_maester_to_discard_an_attachment_and_draws():
    state = _tidings()
    tidings = hand(state, 0, TIDINGS)[0]
    milk = ref(state, 1, MILK)
    state = use(state, 0, tidings, milk)
    assert state.in_play[ref(state, 0, SCHOLAR)].knelt
    state = pass_until(state, lambda s: milk not in s.in_play)
    assert milk in state.players[1].discard
    assert [state.code(r) for r in state.players[0].hand] == ["core_52"]  # the draw


def test_bwb_19_ill_tidings_draws_nothing_with_power_on_your_house():
    state = _tidings(power=1)
    state = use(state, 0, hand(state, 0, TIDINGS)[0], ref(state, 1, MILK))
    state = pass_until(state, lambda s: ref(s, 1, KNIGHT) and not s.players[1].in_play[1:])
    assert state.players[0].hand == [] and len(state.players[0].deck) == 1


def test_bwb_19_ill_tidings_needs_a_maester_or_learned_character_and_the_challenges_phase():
    state = _tidings(maester=False)
    assert not uses(state, 0, hand(state, 0, TIDINGS)[0])
    state = _tidings(phase="marshalling")
    assert not uses(state, 0, hand(state, 0, TIDINGS)[0])


# --- bwb_20 The Prince That Was Promised -------------------------------------------------


def _prince(lordships_elsewhere=0):
    state = joust(
        {"house": "Stark", "revealed_plot": PRINCE, "in_play": [KNIGHT, HOST]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    knight = ref(state, 0, KNIGHT)
    attach_under(state, 0, LORDSHIP, knight)
    for _ in range(lordships_elsewhere):
        attach_under(state, 1, LORDSHIP, ref(state, 1, STEWARD))
    return state, knight


def test_bwb_20_the_most_attached_character_does_not_kneel_to_attack_or_defend():
    state, knight = _prince()
    state = start(state, "power", [knight])
    assert not state.in_play[knight].knelt
    state = pass_until(state, challenges_over)
    state2 = joust(
        {"house": "Stark", "in_play": [HOST]},
        {"house": "Lannister", "revealed_plot": PRINCE, "in_play": [KNIGHT]},
    )
    theirs = ref(state2, 1, KNIGHT)
    attach_under(state2, 1, LORDSHIP, theirs)
    state2 = start(state2, "power", [ref(state2, 0, HOST)])
    state2 = defend(state2, [theirs])
    assert not state2.in_play[theirs].knelt


def test_bwb_20_a_tie_for_most_attachments_kneels_as_usual():
    state, knight = _prince(lordships_elsewhere=1)
    state = start(state, "power", [knight])
    assert state.in_play[knight].knelt


def test_bwb_2_dubious_loyalties_is_not_offered_on_a_character_you_already_control():
    state = joust({"house": "Stark", "in_play": [HOST]}, {"house": "Lannister", "in_play": []})
    host = ref(state, 0, HOST)
    dubious = attach_under(state, 0, DUBIOUS, host)
    state = start(state, "power", [host])
    state, offered = watch(state, 0, dubious, challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered
