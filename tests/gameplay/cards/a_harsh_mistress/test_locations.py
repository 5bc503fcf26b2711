"""A Harsh Mistress locations (gameplay/engine/cards/a_harsh_mistress/locations.py).

Fillers: Host of Storm's End (6 STR, military and power, Army), Knight of the Tumblestone
(Stark Knight, 2 STR, military and power), Lannisport Steward (Lannister Ally, 2 STR,
intrigue), Maester Kedry (soo_33, unique Martell, +2 influence), Dagmer Cleftjaw (kotse_14),
Hired Swords (qod_8, Targaryen Army, cost 2), Vanguard Lancer (kotst_18, Baratheon Knight)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength, traits
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    at_point,
    choose,
    events,
    hand,
    head,
    joust,
    marshalling,
    pass_until,
    ref,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
    watch,
)

HALL, INN, MANOR, NIGHTFORT, JESTER, COG = (
    "btns_62",
    "btns_63",
    "btns_64",
    "btns_66",
    "btns_68",
    "btns_69",
)
PYRAMID, MYR, TYROSH = "btns_75", "btns_76", "btns_77"
KEDRY = "soo_33"
DAGMER = "kotse_14"
SWORDS = "qod_8"
LANCER = "kotst_18"


def _influence(state, refs):
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", refs)
    return state


# --- btns_62 Hall of Dragons ---------------------------------------------------------------


def test_hall_of_dragons_gives_deadly_and_a_trait_of_your_choice():
    state = joust({"in_play": [HALL, KEDRY, KNIGHT]}, {"in_play": [STEWARD]})
    hall, knight = ref(state, 0, HALL), ref(state, 0, KNIGHT)
    assert ref(state, 1, STEWARD) not in [a.cards[1] for a in uses(state, 0, hall)]  # yours
    state = use(state, 0, hall, knight)
    state = _influence(state, [ref(state, 0, KEDRY)])
    assert head(state)["purpose"] == "trait" and "Ally" in head(state)["options"]
    assert "Knight" not in head(state)["options"]  # a Trait it has already
    state = choose(state, "Ally")
    assert "deadly" in keywords(state, knight) and "Ally" in traits(state, knight)
    assert state.in_play[hall].knelt and state.in_play[ref(state, 0, KEDRY)].knelt


def test_hall_of_dragons_needs_influence_and_the_challenges_phase():
    state = joust({"in_play": [HALL, KNIGHT]}, {})
    assert not uses(state, 0, ref(state, 0, HALL))  # no influence to kneel
    state = marshalling({"in_play": [HALL, KEDRY, KNIGHT]})
    assert not uses(state, 0, ref(state, 0, HALL))  # Challenges only


# --- btns_63 Volantis Inn ------------------------------------------------------------------


def _standing(me, them):
    state = joust(me, them)
    inn = ref(state, 0, INN)
    return pass_until(state, lambda s: s.phase == "standing" and bool(uses(s, 0, inn))), inn


def test_volantis_inn_kneels_a_character_without_attachments():
    state, inn = _standing(
        {"in_play": [INN, KNIGHT]},
        {"in_play": [STEWARD, {"card": HOST, "attachments": ["btns_74"]}]},
    )
    steward, host = ref(state, 1, STEWARD), ref(state, 1, HOST)
    targets = [a.cards[1] for a in uses(state, 0, inn)]
    assert steward in targets and host not in targets  # Host carries an attachment
    state = use(state, 0, inn, steward)
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], [ref(state, 0, KNIGHT)])
    assert state.in_play[steward].knelt and state.in_play[ref(state, 0, KNIGHT)].knelt


def test_volantis_inn_needs_a_character_of_yours_to_kneel_and_the_standing_phase():
    state = joust({"in_play": [INN]}, {"in_play": [INN, STEWARD]})
    mine, theirs = ref(state, 0, INN), ref(state, 1, INN)
    assert not uses(state, 1, theirs)  # challenges phase
    state = pass_until(state, lambda s: s.phase == "standing" and bool(uses(s, 1, theirs)))
    assert not uses(state, 0, mine)  # no character of yours to kneel


# --- btns_64 Pentoshi Manor ----------------------------------------------------------------


def _attacked_by_host():
    state = joust({"in_play": [HOST, KNIGHT]}, {"in_play": [MANOR]})
    state = start(state, "power", [ref(state, 0, HOST)])
    state = at_point(state, "after_attackers")
    if waiting_seats(state)[0] == 0:
        state = act(state, 0, "pass")
    return state


def test_pentoshi_manor_attacker_claims_power_and_leaves_the_challenge():
    state = _attacked_by_host()
    host, manor = ref(state, 0, HOST), ref(state, 1, MANOR)
    state = use(state, 1, manor, host)
    assert head(state)["purpose"] == "pentoshi_manor" and head(state)["seat"] == 0
    state = choose(state, "claim_and_leave")
    assert state.in_play[host].power == 1
    (removed,) = events(state, "removed_from_challenge")
    assert removed["cards"] == [host] and state.challenge is None  # no attacker left


def test_pentoshi_manor_attacker_gets_minus_2_str_and_loses_its_keywords():
    state = _attacked_by_host()
    host, manor = ref(state, 0, HOST), ref(state, 1, MANOR)
    assert "no attachments" in keywords(state, host)
    state = use(state, 1, manor, host)
    state = choose(state, "weaken")
    assert strength(state, host) == 4 and not keywords(state, host)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"][0] == 4 and state.in_play[host].power == 0  # it stayed


def test_pentoshi_manor_chooses_only_an_opponents_attacker():
    state = joust({"in_play": [MANOR, HOST]}, {"in_play": [KNIGHT]})
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, ref(state, 0, MANOR), lambda s: s.challenge is None)
    assert not offered  # your own attacker
    state = joust({"in_play": [MANOR]}, {"in_play": [KNIGHT]})
    assert not uses(state, 0, ref(state, 0, MANOR))  # no challenge


# --- btns_66 The Nightfort -----------------------------------------------------------------


def test_the_nightfort_gives_melee_to_a_knight_only():
    state = joust({"in_play": [NIGHTFORT, KNIGHT, STEWARD]}, {})
    fort, knight = ref(state, 0, NIGHTFORT), ref(state, 0, KNIGHT)
    targets = [a.cards[1] for a in uses(state, 0, fort)]
    assert knight in targets and ref(state, 0, STEWARD) not in targets
    state = use(state, 0, fort, knight)
    assert "melee" in keywords(state, knight)
    state = marshalling({"in_play": [NIGHTFORT, KNIGHT]})
    assert not uses(state, 0, ref(state, 0, NIGHTFORT))  # Challenges only


# --- btns_68 Longship Red Jester -----------------------------------------------------------


def _opponent_uses_nightfort():
    state = joust({"in_play": [JESTER, HOST, MAESTER]}, {"in_play": [NIGHTFORT, KNIGHT]})
    state = start(state, "power", [ref(state, 0, HOST)])
    state = at_point(state, "after_attackers")
    if waiting_seats(state)[0] == 0:
        state = act(state, 0, "pass")
    return state


MAESTER = "btns_70"


def test_longship_red_jester_cancels_a_location_ability():
    state = _opponent_uses_nightfort()
    jester, knight = ref(state, 0, JESTER), ref(state, 1, KNIGHT)
    state = use(state, 1, ref(state, 1, NIGHTFORT), knight)
    state = until_window(state, "ability")
    state = use(state, 0, jester)
    assert "melee" not in keywords(state, knight)
    assert jester not in state.in_play and jester in state.players[0].discard


def test_longship_red_jester_does_not_cancel_a_character_ability():
    state = joust({"in_play": [JESTER, STEWARD]}, {"in_play": [MAESTER, KNIGHT]})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = at_point(state, "after_attackers")
    if waiting_seats(state)[0] == 0:
        state = act(state, 0, "pass")
    state = use(state, 1, ref(state, 1, MAESTER), ref(state, 0, STEWARD))
    state, offered = watch(state, 0, ref(state, 0, JESTER), lambda s: s.challenge is None)
    assert not offered


# --- btns_69 Captured Cog ------------------------------------------------------------------


def _dominance(state) -> list[int]:
    state = pass_until(state, lambda s: any(e["event"] == "dominance" for e in s.log))
    return next(e["totals"] for e in state.log if e["event"] == "dominance")


def test_captured_cog_counts_as_4_str_at_dominance_while_standing():
    assert _dominance(joust({"in_play": [COG, STEWARD]}, {"in_play": [HOST]})) == [6, 6]
    knelt = {"card": COG, "knelt": True}
    assert _dominance(joust({"in_play": [knelt, STEWARD]}, {"in_play": [HOST]})) == [2, 6]


def test_captured_cog_still_counts_4_with_dagmer_cleftjaw():
    totals = _dominance(joust({"house": "Greyjoy", "in_play": [COG, DAGMER]}, {}))
    assert totals[0] == 4 + 3


# --- btns_75 Great Pyramid of Meereen ------------------------------------------------------


def test_great_pyramid_lowers_the_next_targaryen_character_by_2():
    state = marshalling(
        {"house": "Targaryen", "in_play": [PYRAMID], "hand": [SWORDS, STEWARD, SWORDS]}
    )
    pyramid = ref(state, 0, PYRAMID)
    swords, steward = hand(state, 0, SWORDS)[0], hand(state, 0, STEWARD)[0]
    before = gold_cost(state, 0, steward)
    state = use(state, 0, pyramid)
    assert gold_cost(state, 0, swords) == 0 and gold_cost(state, 0, steward) == before
    state = act(state, 0, "marshal:play", [swords])
    assert gold_cost(state, 0, hand(state, 0, SWORDS)[0]) == 2  # used up


def test_great_pyramid_is_a_marshalling_action():
    state = joust({"house": "Targaryen", "in_play": [PYRAMID]}, {})
    assert not uses(state, 0, ref(state, 0, PYRAMID))


# --- btns_76 Myr, btns_77 Tyrosh -----------------------------------------------------------


def test_myr_lowers_the_first_knight_each_round_by_1():
    state = marshalling({"in_play": [MYR], "hand": [KNIGHT, KNIGHT], "gold": 10})
    first, second = hand(state, 0, KNIGHT)
    assert gold_cost(state, 0, first) == 1
    state = act(state, 0, "marshal:play", [first])
    assert gold_cost(state, 0, second) == 2  # only the first each round


def test_myr_lowers_the_first_out_of_house_baratheon_card_and_the_first_knight():
    state = marshalling({"house": "Stark", "in_play": [MYR], "hand": [LANCER], "gold": 10})
    lancer = hand(state, 0, LANCER)[0]
    without = marshalling({"house": "Stark", "hand": [LANCER], "gold": 10})
    assert gold_cost(state, 0, lancer) == gold_cost(without, 0, hand(without, 0, LANCER)[0]) - 2
    # In House, a Baratheon Knight gets only the Knight line.
    state = marshalling({"house": "Baratheon", "in_play": [MYR], "hand": [LANCER]})
    assert gold_cost(state, 0, hand(state, 0, LANCER)[0]) == 1


def test_tyrosh_lowers_the_first_out_of_house_lannister_card_and_the_first_ally():
    state = marshalling(
        {"house": "Stark", "in_play": [TYROSH], "hand": [STEWARD, STEWARD], "gold": 10}
    )
    first, second = hand(state, 0, STEWARD)
    without = marshalling({"house": "Stark", "hand": [STEWARD], "gold": 10})
    printed = gold_cost(without, 0, hand(without, 0, STEWARD)[0])
    assert gold_cost(state, 0, first) == printed - 2
    state = act(state, 0, "marshal:play", [first])
    assert gold_cost(state, 0, second) == printed
    state = marshalling({"house": "Lannister", "in_play": [TYROSH], "hand": [KNIGHT]})
    assert gold_cost(state, 0, hand(state, 0, KNIGHT)[0]) >= 2  # neither line
