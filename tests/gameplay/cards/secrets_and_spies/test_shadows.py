"""Secrets and Spies cards that use Shadows (secrets_and_spies/shadows.py), played through
legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import strength
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import attachment_targets, facts
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    IllegalAction,
    act,
    answer,
    defend,
    events,
    head,
    joust,
    ref,
    shadow,
    start,
    until_phase,
    until_window,
    use,
    uses,
)

JEYNE = "kl_81"
QYBURN = "kl_83"
LITTLEFINGER = "kl_84"
KNIGHT_OF_FLOWERS = "kl_86"
CHAMBER = "kl_87"
ASSASSIN = "kl_90"
PROPHET = "kl_91"
LEGACY = "kl_93"
BRIBERY = "kl_96"
VARYS = "kl_97"
KINGS_LANDING = "kl_99"
SHAE = "Shae"  # a neutral Ally, 1 STR
COUNCIL_EVENT = "core_167"  # You've Killed the Wrong Dwarf!, a Small Council event
ARMY = "Winterfell Honor Guard"  # Stark Army


def marshal(me: dict, them: dict | None = None):
    return joust(
        {"house": "Lannister", **me}, {"house": "Stark", **(them or {})}, phase="marshalling"
    )


def come_out(state, seat, card, *host):
    """``seat`` brings ``card`` out of its Shadows (onto ``host``)."""
    return act(state, seat, "use", [card, *host], "shadow")


# --- kl_83 Qyburn -------------------------------------------------------------------------


def test_qyburn_borrows_a_non_army_character_from_an_opponents_dead_pile_for_the_phase():
    state = marshal({"gold": 1}, {"dead": [KNIGHT, ARMY]})
    qyburn = shadow(state, 0, QYBURN)
    knight, army = state.players[1].dead
    state = come_out(state, 0, qyburn)
    assert head(state).get("trigger") == "came_out_of_shadows"
    # Only the non-Army character may be chosen.
    assert {a.cards[1] for a in uses(state, 0, qyburn)} == {knight}
    state = use(state, 0, qyburn, knight)
    assert state.in_play[knight].controller == 0 and knight in state.players[0].in_play
    assert army in state.players[1].dead
    state = until_phase(state, "challenges")
    # Still in play at the end of the marshalling phase: back to its owner's dead pile.
    assert knight not in state.in_play and knight in state.players[1].dead


def test_qyburn_has_nothing_to_borrow_from_his_own_dead_pile():
    state = marshal({"gold": 1, "dead": [KNIGHT]}, {"dead": [ARMY]})
    qyburn = shadow(state, 0, QYBURN)
    state = come_out(state, 0, qyburn)
    assert uses(state, 0, qyburn) == []
    assert qyburn in state.in_play


# --- kl_84 Littlefinger -------------------------------------------------------------------


def test_littlefinger_costs_1_less_for_each_card_in_shadows():
    state = marshal({"gold": 3, "hand": [LITTLEFINGER]})
    card = state.players[0].hand[0]
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [card])
    shadow(state, 0, HOST)
    shadow(state, 1, KNIGHT)  # every player's Shadows count
    state = act(state, 0, "marshal:play", [card])
    assert card in state.in_play and state.players[0].gold == 0


def test_littlefinger_does_not_kneel_to_attack():
    state = joust({"house": "Lannister", "in_play": [LITTLEFINGER]}, {"in_play": [SHAE]})
    lf = ref(state, 0, LITTLEFINGER)
    state = start(state, "intrigue", [lf])
    assert head(state).get("purpose") == "defenders"
    assert state.challenge["attackers"] == [lf] and not state.in_play[lf].knelt


def test_littlefinger_takes_no_condition_attachment():
    state = joust(
        {"house": "Lannister", "in_play": [LITTLEFINGER, SHAE], "hand": ["Milk of the Poppy"]},
        {"house": "Stark"},
    )
    milk = state.players[0].hand[0]
    targets = attachment_targets(state, facts(state, milk), 0)
    assert ref(state, 0, SHAE) in targets and ref(state, 0, LITTLEFINGER) not in targets


# --- kl_86 Knight of Flowers --------------------------------------------------------------


def test_knight_of_flowers_does_not_kneel_to_attack_while_shadows_are_empty():
    state = joust({"house": "Baratheon", "in_play": [KNIGHT_OF_FLOWERS]}, {"in_play": [KNIGHT]})
    kof = ref(state, 0, KNIGHT_OF_FLOWERS)
    state = start(state, "military", [kof])
    assert state.challenge["attackers"] == [kof] and not state.in_play[kof].knelt


def test_knight_of_flowers_kneels_when_a_card_is_in_shadows():
    state = joust({"house": "Baratheon", "in_play": [KNIGHT_OF_FLOWERS]}, {"in_play": [KNIGHT]})
    shadow(state, 1, KNIGHT)
    kof = ref(state, 0, KNIGHT_OF_FLOWERS)
    state = start(state, "military", [kof])
    assert state.challenge["attackers"] == [kof] and state.in_play[kof].knelt


def test_knight_of_flowers_does_not_kneel_to_defend_while_shadows_are_empty():
    state = joust({"house": "Stark", "in_play": [KNIGHT]}, {"in_play": [KNIGHT_OF_FLOWERS]})
    kof = ref(state, 1, KNIGHT_OF_FLOWERS)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = defend(state, [kof])
    assert events(state, "defenders")[-1]["cards"] == [kof] and not state.in_play[kof].knelt


# --- kl_87 Small Council Chamber ----------------------------------------------------------


def test_small_council_chamber_goes_into_shadows_after_its_controller_wins_an_intrigue_challenge():
    state = joust({"house": "Baratheon", "in_play": [CHAMBER, SHAE]}, {"in_play": [KNIGHT]})
    chamber = ref(state, 0, CHAMBER)
    state = start(state, "intrigue", [ref(state, 0, SHAE)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert chamber not in state.in_play and chamber in state.players[0].shadows
    # Back in Shadows this round: it cannot come out before the next round.
    assert not [a for a in legal_actions(state, 0) if a.choice == "shadow"]


def test_small_council_chamber_stays_after_a_military_win():
    state = joust({"house": "Baratheon", "in_play": [CHAMBER, HOST, SHAE]}, {"in_play": [KNIGHT]})
    chamber = ref(state, 0, CHAMBER)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert chamber in state.in_play


def test_small_council_chamber_returns_a_small_council_event_as_it_comes_out():
    state = marshal(
        {"house": "Baratheon", "gold": 1, "discard": [COUNCIL_EVENT, "Prosperity and Plenty"]}
    )
    chamber = shadow(state, 0, CHAMBER)
    council, other = state.players[0].discard
    state = come_out(state, 0, chamber)
    assert {a.cards[1] for a in uses(state, 0, chamber)} == {council}
    state = use(state, 0, chamber, council)
    assert council in state.players[0].hand and other in state.players[0].discard


# --- kl_90 King's Landing Assassin --------------------------------------------------------


def test_kings_landing_assassin_weakens_a_character_without_attachments_and_kills_it_at_0():
    state = marshal(
        {"house": "Targaryen", "gold": 2},
        {"in_play": [KNIGHT, {"card": HOST, "attachments": ["Milk of the Poppy"]}]},
    )
    assassin = shadow(state, 0, ASSASSIN)
    knight, host = ref(state, 1, KNIGHT), ref(state, 1, HOST)
    state = come_out(state, 0, assassin)
    targets = {a.cards[1] for a in uses(state, 0, assassin)}
    assert knight in targets and host not in targets  # the Host has an attachment
    state = use(state, 0, assassin, knight)
    assert knight not in state.in_play and knight in state.players[1].dead  # 2 STR - 2


# --- kl_91 Shadow Prophet -----------------------------------------------------------------


def test_shadow_prophet_looks_at_a_card_in_an_opponents_shadows():
    state = marshal({"house": "Targaryen", "gold": 0})
    hidden = shadow(state, 1, VARYS)
    prophet = shadow(state, 0, PROPHET)
    state = come_out(state, 0, prophet)
    state = use(state, 0, prophet)
    prompt = head(state)
    assert prompt.get("purpose") == "look" and prompt["seat"] == 0
    assert prompt["ctx"]["shown"] == [hidden]
    assert events(state, "looked_at_shadows")[-1]["other"] == 1


def test_shadow_prophet_has_nothing_to_look_at_without_opponents_shadows():
    state = marshal({"house": "Targaryen", "gold": 0})
    shadow(state, 0, HOST)  # my own Shadows do not count
    prophet = shadow(state, 0, PROPHET)
    state = come_out(state, 0, prophet)
    assert uses(state, 0, prophet) == []


# --- kl_93 Aegon's Legacy -----------------------------------------------------------------


def test_aegons_legacy_takes_x_str_for_the_cards_in_shadows_at_dominance():
    state = joust(
        {"house": "Targaryen", "hand": [LEGACY]},
        {
            "house": "Stark",
            "in_play": [KNIGHT, {"card": HOST, "attachments": ["Milk of the Poppy"]}],
        },
        phase="dominance",
    )
    shadow(state, 0, HOST)
    shadow(state, 1, HOST)
    legacy = state.players[0].hand[0]
    knight, host = ref(state, 1, KNIGHT), ref(state, 1, HOST)
    state = until_window(state, None)
    targets = {a.cards[1] for a in uses(state, 0, legacy)}
    assert knight in targets and host not in targets  # the Host has an attachment
    state = use(state, 0, legacy, knight)
    assert knight in state.players[1].dead  # 2 STR - 2 cards in Shadows


def test_aegons_legacy_is_played_only_in_the_dominance_phase():
    state = joust({"house": "Targaryen", "hand": [LEGACY]}, {"house": "Stark", "in_play": [KNIGHT]})
    shadow(state, 0, HOST)
    assert uses(state, 0, state.players[0].hand[0]) == []


def test_aegons_legacy_with_no_card_in_shadows_kills_only_a_0_str_character():
    state = joust(
        {"house": "Targaryen", "hand": [LEGACY]},
        {"house": "Stark", "in_play": [KNIGHT]},
        phase="dominance",
    )
    knight = ref(state, 1, KNIGHT)
    state = until_window(state, None)
    state = use(state, 0, state.players[0].hand[0], knight)
    assert knight in state.in_play and strength(state, knight) == 2


# --- kl_96 Backroom Bribery ---------------------------------------------------------------


def test_backroom_bribery_comes_out_of_shadows_and_takes_1_gold():
    state = marshal({"house": "Martell", "gold": 0}, {"gold": 3})
    bribery = shadow(state, 0, BRIBERY)
    state = come_out(state, 0, bribery)
    assert bribery in state.players[0].discard and bribery not in state.in_play
    state = use(state, 0, bribery)
    assert state.players[0].gold == 1 and state.players[1].gold == 2


def test_backroom_bribery_answers_only_its_own_coming_out():
    state = marshal({"house": "Martell", "gold": 2, "discard": [BRIBERY]}, {"gold": 3})
    bribery = state.players[0].discard[0]
    assassin = shadow(state, 0, ASSASSIN)
    state = come_out(state, 0, assassin)
    assert head(state).get("trigger") == "came_out_of_shadows"
    assert uses(state, 0, bribery) == [] and state.players[0].gold == 0


# --- kl_97 Varys --------------------------------------------------------------------------


def test_varys_must_discard_an_ally_character_as_he_comes_out():
    state = marshal({"house": "Lannister", "gold": 1}, {"in_play": [SHAE, KNIGHT]})
    varys = shadow(state, 0, VARYS)
    shae, knight = ref(state, 1, SHAE), ref(state, 1, KNIGHT)
    state = come_out(state, 0, varys)
    state = until_window(state, None) if head(state).get("name") == "window" else state
    prompt = head(state)
    assert prompt.get("purpose") == "discard" and prompt["seat"] == 0
    assert set(prompt["candidates"]) == {shae, varys}  # Allies only, Varys himself included
    assert knight not in prompt["candidates"]
    state = answer(state, "discard", [shae])
    assert shae in state.players[1].discard and knight in state.in_play


# --- kl_81 Jeyne Poole --------------------------------------------------------------------


def test_jeyne_poole_cancels_the_response_of_a_card_that_came_out_of_shadows():
    state = marshal({"house": "Targaryen", "gold": 2}, {"in_play": [JEYNE, KNIGHT]})
    assassin = shadow(state, 0, ASSASSIN)
    jeyne, knight = ref(state, 1, JEYNE), ref(state, 1, KNIGHT)
    state = come_out(state, 0, assassin)
    state = use(state, 0, assassin, knight)
    state = until_window(state, "ability")
    state = use(state, 1, jeyne)
    assert jeyne in state.players[1].discard
    assert knight in state.in_play and strength(state, knight) == 2
    assert events(state, "cancelled")


def test_jeyne_poole_cannot_cancel_other_triggered_effects():
    state = joust(
        {"house": "Lannister", "in_play": [SHAE]},
        {"house": "Stark", "in_play": [JEYNE, KNIGHT], "power": 3},
    )
    state = until_window(state, None)
    jeyne, knight = ref(state, 1, JEYNE), ref(state, 1, KNIGHT)
    state = use(state, 0, ref(state, 0, SHAE), knight)
    # Shae's ability did not come out of Shadows: no cancel is offered, it resolves.
    assert state.in_play[knight].knelt and jeyne in state.in_play


# --- kl_99 King's Landing -----------------------------------------------------------------


def test_kings_landing_stands_after_any_card_comes_out_of_shadows():
    state = marshal({"gold": 1}, {"in_play": [{"card": KINGS_LANDING, "knelt": True}]})
    kl = ref(state, 1, KINGS_LANDING)
    qyburn = shadow(state, 0, QYBURN)
    state = come_out(state, 0, qyburn)
    assert not state.in_play[kl].knelt


def test_kings_landing_draws_only_with_more_kings_landing_locations_than_each_opponent():
    state = marshal(
        {"in_play": [KINGS_LANDING], "deck": [KNIGHT, KNIGHT]},
        {"in_play": ["Queen Cersei's Chambers"]},
    )
    kl = ref(state, 0, KINGS_LANDING)
    assert uses(state, 0, kl) == []  # one each
    state = marshal(
        {"in_play": [KINGS_LANDING, "Queen Cersei's Chambers"], "deck": [KNIGHT, KNIGHT]},
        {"in_play": ["Queen Cersei's Chambers"]},
    )
    kl = ref(state, 0, KINGS_LANDING)
    hand = len(state.players[0].hand)
    state = use(state, 0, kl)
    assert state.in_play[kl].knelt and len(state.players[0].hand) == hand + 1


def test_small_council_chamber_stays_when_an_opponent_wins_an_intrigue_challenge():
    state = joust(
        {"house": "Stark", "in_play": [SHAE]}, {"house": "Baratheon", "in_play": [CHAMBER]}
    )
    chamber = ref(state, 1, CHAMBER)
    state = start(state, "intrigue", [ref(state, 0, SHAE)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert chamber in state.in_play and state.players[1].shadows == []
