"""A Journey's End Warships and other locations, Qarl the Maid and Arms of the Kraken
(gameplay/engine/cards/a_journeys_end/ships.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), Ironborn Marauder (asots_24, a
[Naval] enhancement on its military icon), Great Keep (core_29, a location), Bastard in
Hiding (kotst_19, a [Baratheon] character), Distraction (core_155, an event)."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    challenge_without,
    defend,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    ref,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)

DROMON = "asots_101"
QARL = "asots_102"
NIGHTFLYER = "asots_104"
ARMS = "asots_105"
SHORES = "asots_106"
HUNTRESS = "asots_107"
FURY = "asots_108"
TARLY = "asots_115"
MARAUDER = "asots_24"
KEEP = "core_29"
BASTARD = "kotst_19"
DISTRACTION = "core_155"
HOPEFUL = "soo_29"  # Kingsmoot Hopeful: a Lord


def _knelt(card):
    return {"card": card, "knelt": True}


# --- asots_101 King's Landing Dromon -------------------------------------------------------


def test_dromon_has_the_naval_attacker_claim_1_power():
    state = joust({"house": "Lannister", "in_play": [DROMON, MARAUDER]}, {})
    marauder = ref(state, 0, MARAUDER)
    state = won_window(state, "military", [marauder])
    state = use(state, 0, ref(state, 0, DROMON), marauder)
    assert state.in_play[marauder].power == 1


def test_dromon_needs_a_naval_participant():
    # The Marauder's [Naval] enhancement is on its military icon, not on power.
    state = joust({"house": "Lannister", "in_play": [DROMON, MARAUDER]}, {})
    marauder = ref(state, 0, MARAUDER)
    challenge_without(state, "power", [marauder], 0, ref(state, 0, DROMON))


def test_dromon_needs_a_won_challenge():
    state = joust({"house": "Lannister", "in_play": [DROMON, MARAUDER]}, {"in_play": [HOST]})
    marauder = ref(state, 0, MARAUDER)
    state = joust({"house": "Lannister", "in_play": [DROMON, MARAUDER]}, {"in_play": [HOST]})
    marauder = ref(state, 0, MARAUDER)
    host = ref(state, 1, HOST)
    challenge_without(state, "military", [marauder], 0, ref(state, 0, DROMON), [host])


# --- asots_102 Qarl the Maid ---------------------------------------------------------------


def test_qarl_discards_two_and_gets_2_str_per_event():
    state = joust(
        {"house": "Greyjoy", "in_play": [QARL]},
        {"in_play": [STEWARD], "deck": [DISTRACTION, KNIGHT, DISTRACTION]},
    )
    qarl = ref(state, 0, QARL)
    state = start(state, "intrigue", [qarl])
    state = until_window(state, "attackers_declared")
    state = use(state, 0, qarl)
    assert len(state.players[1].discard) == 2
    assert len(state.players[1].deck) == 1
    assert strength(state, qarl) == 4  # 2 printed + 2 for the one event


def test_qarl_needs_a_naval_attack():
    # His [Naval] enhancement is on the intrigue icon only.
    state = joust({"house": "Greyjoy", "in_play": [QARL]}, {"deck": [DISTRACTION] * 3})
    qarl = ref(state, 0, QARL)
    state = start(state, "military", [qarl])
    step = head(state)
    assert step.get("trigger") != "attackers_declared" or not uses(state, 0, qarl)


# --- asots_104 Longship Nightflyer ---------------------------------------------------------


def test_nightflyer_makes_the_loser_discard_a_card():
    state = joust({"in_play": [NIGHTFLYER, KNIGHT]}, {"hand": [KNIGHT, STEWARD]})
    state = won_window(state, "military", [ref(state, 0, KNIGHT)])
    state = use(state, 0, ref(state, 0, NIGHTFLYER))
    prompt = head(state)
    assert prompt["purpose"] == "discard" and prompt["seat"] == 1
    steward = hand(state, 1, STEWARD)[0]
    state = answer(state, "discard", [steward])
    assert state.players[1].discard == [steward]
    assert len(state.players[1].hand) == 1


def test_nightflyer_needs_an_unopposed_challenge():
    state = joust({"in_play": [NIGHTFLYER, HOST]}, {"in_play": [KNIGHT], "hand": [KNIGHT]})
    defender = ref(state, 1, KNIGHT)
    challenge_without(
        state, "military", [ref(state, 0, HOST)], 0, ref(state, 0, NIGHTFLYER), [defender]
    )


def test_nightflyer_needs_a_card_in_the_losers_hand():
    state = joust({"in_play": [NIGHTFLYER, KNIGHT]}, {})
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, ref(state, 0, NIGHTFLYER))


# --- asots_105 Arms of the Kraken ----------------------------------------------------------


def _arms_then_attack(me_in_play, them_in_play, attacker, defenders=()):
    state = joust(
        {"house": "Greyjoy", "hand": [ARMS], "in_play": me_in_play}, {"in_play": them_in_play}
    )
    state = use(state, 0, hand(state, 0, ARMS)[0])
    state = start(state, "military", [ref(state, 0, attacker)])
    return defend(state, [ref(state, 1, d) for d in defenders])


def _to_return(state):
    for _ in range(20):
        if head(state).get("purpose") == "return":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no return prompt")


def test_arms_of_the_kraken_makes_the_loser_return_a_location():
    state = _arms_then_attack([HOST], [KEEP, DROMON], HOST)
    state = _to_return(state)
    assert head(state)["seat"] == 1
    keep = ref(state, 1, KEEP)
    state = answer(state, "return", [keep])
    assert keep in state.players[1].hand
    assert ref(state, 1, DROMON) in state.players[1].in_play


def test_arms_of_the_kraken_also_hits_its_own_player():
    state = _arms_then_attack([KNIGHT, KEEP, DROMON], [HOST], KNIGHT, [HOST])
    state = _to_return(state)
    assert head(state)["seat"] == 0


def test_arms_of_the_kraken_single_location_and_the_end_of_the_phase():
    state = _arms_then_attack([HOST], [KEEP], HOST)
    # The only location returns (no choice to make); the effect ends with the phase.
    assert state.players[1].hand and state.code(state.players[1].hand[0]) == KEEP
    assert state.phase != "challenges"
    assert not any(e["query"].startswith("each_time") for e in state.effects)


def test_arms_of_the_kraken_asks_nothing_without_a_location():
    state = _arms_then_attack([HOST], [], HOST)
    assert not events(state, "left_play")
    assert state.phase != "challenges"


def test_arms_of_the_kraken_only_before_any_challenge():
    state = joust({"house": "Greyjoy", "hand": [ARMS, ARMS], "in_play": [HOST, KNIGHT]}, {})
    arms = hand(state, 0, ARMS)[0]
    assert uses(state, 0, arms)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    assert not uses(state, 0, arms)
    state = finish_challenge(state)
    assert state.phase == "challenges"
    assert not uses(state, 0, arms)


def test_arms_of_the_kraken_only_in_the_challenges_phase():
    state = joust({"house": "Greyjoy", "hand": [ARMS]}, {}, phase="marshalling")
    assert not uses(state, 0, hand(state, 0, ARMS)[0])


# --- asots_106 Shores of the Mander --------------------------------------------------------


def test_shores_gives_1_str_with_a_captain_in_the_challenges_phase():
    state = joust({"in_play": [SHORES, TARLY, KNIGHT]}, {"in_play": [KNIGHT]})
    assert strength(state, ref(state, 0, KNIGHT)) == 3
    assert strength(state, ref(state, 1, KNIGHT)) == 2  # not the opponent's


def test_shores_needs_a_captain():
    state = joust({"in_play": [SHORES, KNIGHT]}, {})
    assert strength(state, ref(state, 0, KNIGHT)) == 2


def test_shores_only_in_the_challenges_phase():
    state = joust({"in_play": [SHORES, TARLY, KNIGHT]}, {}, phase="marshalling")
    assert strength(state, ref(state, 0, KNIGHT)) == 2


# --- asots_107 Huntress --------------------------------------------------------------------


def test_huntress_gives_a_lord_melee_and_renown():
    state = joust({"in_play": [HUNTRESS, HOPEFUL]}, {})
    hopeful = ref(state, 0, HOPEFUL)
    state = use(state, 0, ref(state, 0, HUNTRESS), hopeful)
    from gameplay.engine.abilities import keywords

    assert {"melee", "renown"} <= keywords(state, hopeful)


def test_huntress_only_a_lord_or_captain_in_the_challenges_phase():
    state = joust({"in_play": [HUNTRESS, HOPEFUL, KNIGHT]}, {})
    found = {a.cards[1] for a in uses(state, 0, ref(state, 0, HUNTRESS))}
    assert found == {ref(state, 0, HOPEFUL)}
    state = joust({"in_play": [HUNTRESS, HOPEFUL]}, {}, phase="marshalling")
    assert not uses(state, 0, ref(state, 0, HUNTRESS))


# --- asots_108 Fury ------------------------------------------------------------------------


def _fury_position(extra=()):
    return joust(
        {
            "house": "Baratheon",
            "in_play": [FURY, _knelt(BASTARD), *extra],
            "hand": [KNIGHT, KNIGHT, STEWARD],
            "deck": [KNIGHT] * 5,
        },
        {},
    )


def test_fury_stands_a_baratheon_character_and_draws_1():
    state = _fury_position()
    bastard = ref(state, 0, BASTARD)
    state = use(state, 0, ref(state, 0, FURY), bastard)
    state = answer(state, "discard_cost", hand(state, 0, KNIGHT))
    assert not state.in_play[bastard].knelt
    assert len(state.players[0].hand) == 2  # 3 - 2 discarded + 1 drawn


def test_fury_draws_2_after_a_challenge_won_by_4():
    state = _fury_position([HOST])
    state = start(state, "military", [ref(state, 0, HOST)])
    while state.challenge is not None:  # won 6 to 0 (nobody can defend)
        state = act(state, waiting_seats(state)[0], "pass")
    assert events(state, "challenge_resolved")[0]["winner"] == 0
    bastard = ref(state, 0, BASTARD)
    state = use(state, 0, ref(state, 0, FURY), bastard)
    state = answer(state, "discard_cost", hand(state, 0, KNIGHT))
    assert len(state.players[0].hand) == 3  # 3 - 2 + 2


def test_fury_only_a_knelt_baratheon_character_without_attachments():
    state = joust(
        {
            "house": "Baratheon",
            "in_play": [
                FURY,
                _knelt(KNIGHT),
                {"card": BASTARD, "knelt": True, "attachments": ["Milk of the Poppy"]},
            ],
            "hand": [KNIGHT, KNIGHT],
        },
        {},
    )
    assert not uses(state, 0, ref(state, 0, FURY))


def test_fury_needs_2_cards_to_discard():
    state = joust({"house": "Baratheon", "in_play": [FURY, _knelt(BASTARD)], "hand": [KNIGHT]}, {})
    assert not uses(state, 0, ref(state, 0, FURY))


# --- asots_103 Ten Towers Longship ---------------------------------------------------------

TEN_TOWERS = "asots_103"
MASTERY = "core_177"  # Distinct Mastery: "Any Phase: Choose and stand a Holy ... character."
SELYSE = "core_70"  # a [Holy] character


def test_ten_towers_attaches_an_event_from_the_losers_discard_pile():
    state = joust({"in_play": [TEN_TOWERS, HOST]}, {"discard": [MASTERY, KNIGHT]})
    towers = ref(state, 0, TEN_TOWERS)
    mastery = state.players[1].discard[0]
    state = won_window(state, "military", [ref(state, 0, HOST)])
    assert {a.cards[1] for a in uses(state, 0, towers)} == {mastery}  # not the Knight
    state = use(state, 0, towers, mastery)
    assert state.in_play[mastery].attached_to == towers
    assert state.in_play[mastery].controller == 0 and state.cards[mastery].owner == 1


def test_ten_towers_needs_a_win_by_4():
    state = joust({"in_play": [TEN_TOWERS, KNIGHT]}, {"discard": [MASTERY]})
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, ref(state, 0, TEN_TOWERS))


def test_ten_towers_plays_an_attached_event_onto_the_bottom_of_its_owners_deck():
    towers = {"card": TEN_TOWERS, "attachments": [MASTERY]}
    state = joust({"in_play": [towers, _knelt(SELYSE)], "deck": [KNIGHT]}, {})
    mastery = next(r for r, rec in state.in_play.items() if state.code(r) == MASTERY)
    selyse = ref(state, 0, SELYSE)
    state = use(state, 0, mastery, selyse)
    assert not state.in_play[selyse].knelt
    assert mastery not in state.in_play
    assert state.players[0].deck[-1] == mastery and mastery not in state.players[0].discard


def test_ten_towers_attached_event_only_for_its_controller():
    # Seat 0 (waiting, with a knelt [Holy] character) may not play seat 1's attached event.
    towers = {"card": TEN_TOWERS, "attachments": [MASTERY]}
    state = joust({"in_play": [_knelt(SELYSE), KNIGHT]}, {"in_play": [towers]})
    mastery = next(r for r, rec in state.in_play.items() if state.code(r) == MASTERY)
    assert uses(state, 1, mastery)  # its controller may, in the same window
    state = act(state, 1, "pass")
    assert waiting_seats(state) == [0]
    assert not uses(state, 0, mastery)
