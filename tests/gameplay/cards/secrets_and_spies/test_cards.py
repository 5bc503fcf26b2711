"""Secrets and Spies cards without Shadows (secrets_and_spies/cards.py), played through
legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import icons, strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    act,
    answer,
    choose,
    code,
    defend,
    events,
    head,
    joust,
    plots_revealed,
    ref,
    start,
    until_seat,
    until_window,
    use,
    uses,
    won_window,
)

BRIBED = "kl_82"
PAYNE = "kl_85"
MARINER = "kl_88"
SHORE_LEAVE = "kl_89"
VISENYA = "kl_92"
DIPLOMAT = "kl_94"
SPEAR = "kl_95"
OSMUND = "kl_98"
SPIES = "kl_100"
LITTLEFINGER = "kl_84"  # a Noble
SHAE = "Shae"  # Challenges: kneel Shae to kneel a character of a player with more power
BARRISTAN = "Ser Barristan Selmy"  # Kingsguard
SUNSET_SEA = "Sunset Sea"  # a Greyjoy location with 1 influence


# --- kl_82 Cannot be Bribed, Cannot be Bought ---------------------------------------------


def _shae_kneels(mine: dict, theirs: dict):
    state = joust(
        {"house": "Lannister", "in_play": [SHAE], **mine},
        {"house": "Stark", "in_play": [KNIGHT], "power": 3, "deck": [HOST], **theirs},
    )
    state = until_window(state, None)
    return use(state, 0, ref(state, 0, SHAE), ref(state, 1, KNIGHT))


def test_cannot_be_bribed_stands_a_character_knelt_by_an_opponents_effect():
    state = _shae_kneels({"hand": [BRIBED]}, {"hand": [BRIBED]})
    knight = ref(state, 1, KNIGHT)
    state = until_window(state, "knelt_by_effect")
    assert state.in_play[knight].knelt
    # Shae's effect is seat 0's own: its copy answers nothing.
    assert uses(state, 0, state.players[0].hand[0]) == []
    state = until_seat(state, 1)
    state = use(state, 1, state.players[1].hand[0], knight)
    assert not state.in_play[knight].knelt and state.in_play[knight].power == 1
    assert [state.code(r) for r in state.players[1].hand] == [code(HOST)]  # drew a card
    assert [state.code(r) for r in state.players[1].discard] == [BRIBED]


def test_cannot_be_bribed_does_not_answer_kneeling_to_defend():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]},
        {"house": "Lannister", "in_play": [HOST], "hand": [BRIBED]},
    )
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    bribed = state.players[1].hand[0]
    state = defend(state, [ref(state, 1, HOST)])
    # Knelt as a defender (no card effect): no window stopped for the event in hand.
    assert events(state, "defenders")[-1]["cards"] == [ref(state, 1, HOST)]
    assert bribed in state.players[1].hand and state.in_play[ref(state, 1, HOST)].power == 0


# --- kl_85 Death by Payne -----------------------------------------------------------------


def test_death_by_payne_kills_a_character_that_triggers_its_ability():
    state = joust(
        {"house": "Stark", "in_play": [SHAE]},
        {"house": "Lannister", "in_play": [LITTLEFINGER, KNIGHT], "power": 3, "hand": [PAYNE]},
    )
    shae, knight, lf = ref(state, 0, SHAE), ref(state, 1, KNIGHT), ref(state, 1, LITTLEFINGER)
    state = until_window(state, None)
    state = use(state, 0, shae, knight)
    state = until_window(state, "ability")
    state = until_seat(state, 1)
    payne = state.players[1].hand[0]
    assert {a.cards[1] for a in uses(state, 1, payne)} == {shae}
    state = use(state, 1, payne, shae)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [lf])
    assert shae in state.players[0].dead
    assert events(state, "knelt_for_cost")[-1]["cards"] == [lf]
    assert events(state, "knelt")[-1]["card"] == knight  # Shae's effect still resolved


def test_death_by_payne_needs_ser_ilyn_payne_or_a_noble_to_kneel():
    state = joust(
        {"house": "Stark", "in_play": [SHAE]},
        {"house": "Lannister", "in_play": [KNIGHT, HOST], "power": 3, "hand": [PAYNE]},
    )
    shae = ref(state, 0, SHAE)
    state = until_window(state, None)
    state = use(state, 0, shae, ref(state, 1, KNIGHT))
    # Nobody could answer: the ability resolved, Shae lives.
    assert shae in state.in_play and state.in_play[ref(state, 1, KNIGHT)].knelt


def test_death_by_payne_answers_only_a_characters_ability():
    state = joust(
        {"house": "Stark", "in_play": [VISENYA], "discard": [KNIGHT]},
        {"house": "Lannister", "in_play": [LITTLEFINGER], "hand": [PAYNE]},
    )
    state = until_window(state, None)
    state = use(state, 0, ref(state, 0, VISENYA), state.players[0].discard[0])
    assert state.players[1].hand and ref(state, 0, VISENYA) in state.in_play


# --- kl_88 Ancient Mariner ----------------------------------------------------------------


def test_ancient_mariner_gets_minus_3_str_during_military_challenges():
    state = joust({"house": "Greyjoy", "in_play": [MARINER]}, {"in_play": [KNIGHT]})
    mariner = ref(state, 0, MARINER)
    assert strength(state, mariner) == 4
    state = start(state, "military", [mariner])
    assert strength(state, mariner) == 1


def test_ancient_mariner_keeps_his_str_in_power_challenges():
    state = joust({"house": "Greyjoy", "in_play": [MARINER]}, {"in_play": [KNIGHT]})
    mariner = ref(state, 0, MARINER)
    state = start(state, "power", [mariner])
    assert state.challenge["type"] == "power" and strength(state, mariner) == 4


# --- kl_89 Shore Leave --------------------------------------------------------------------


def test_shore_leave_stands_a_kneeling_character_that_then_cannot_attack():
    state = joust(
        {
            "house": "Greyjoy",
            "in_play": [SUNSET_SEA, {"card": KNIGHT, "knelt": True}, HOST],
            "hand": [SHORE_LEAVE],
        },
        {"in_play": [KNIGHT]},
    )
    knight, host = ref(state, 0, KNIGHT), ref(state, 0, HOST)
    leave = state.players[0].hand[0]
    state = until_window(state, None)
    assert {a.cards[1] for a in uses(state, 0, leave)} == {knight}  # kneeling ones only
    state = use(state, 0, leave, knight)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, SUNSET_SEA)])
    assert not state.in_play[knight].knelt and state.in_play[ref(state, 0, SUNSET_SEA)].knelt
    state = act(state, 0, "challenge:military", choice="1")
    prompt = head(state)
    if prompt.get("purpose") == "attackers":
        assert knight not in prompt["candidates"] and host in prompt["candidates"]
    else:
        assert events(state, "attackers")[-1]["cards"] == [host]


def test_shore_leave_is_played_only_in_the_challenges_phase():
    state = joust(
        {
            "house": "Greyjoy",
            "in_play": [SUNSET_SEA, {"card": KNIGHT, "knelt": True}],
            "hand": [SHORE_LEAVE],
        },
        {},
        phase="marshalling",
    )
    assert uses(state, 0, state.players[0].hand[0]) == []


# --- kl_92 Visenya's Hill -----------------------------------------------------------------


def test_visenyas_hill_moves_a_character_from_a_discard_pile_to_its_owners_dead_pile():
    state = joust(
        {"house": "Targaryen", "in_play": [VISENYA]},
        {"discard": [KNIGHT, "Prosperity and Plenty"]},
        phase="marshalling",
    )
    hill = ref(state, 0, VISENYA)
    knight, event_card = state.players[1].discard
    assert {a.cards[1] for a in uses(state, 0, hill)} == {knight}  # characters only
    state = use(state, 0, hill, knight)
    assert knight in state.players[1].dead and event_card in state.players[1].discard
    assert state.in_play[hill].knelt


# --- kl_94 Dornish Diplomat ---------------------------------------------------------------


def test_dornish_diplomat_stands_an_opponents_character_then_one_of_yours():
    state = joust(
        {"house": "Martell", "in_play": [DIPLOMAT, {"card": KNIGHT, "knelt": True}]},
        {"in_play": [{"card": KNIGHT, "knelt": True}, {"card": HOST, "knelt": True}]},
    )
    diplomat = ref(state, 0, DIPLOMAT)
    mine, theirs = ref(state, 0, KNIGHT), ref(state, 1, HOST)
    state = won_window(state, "power", [diplomat])
    state = use(state, 0, diplomat)
    assert head(state).get("purpose") == "stand" and head(state)["seat"] == 0
    assert set(head(state)["candidates"]) == {ref(state, 1, KNIGHT), theirs}
    state = answer(state, "stand", [theirs])
    assert not state.in_play[theirs].knelt
    assert set(head(state)["candidates"]) == {mine, diplomat}  # then one of mine
    state = answer(state, "stand", [mine])
    assert not state.in_play[mine].knelt and state.in_play[diplomat].knelt
    assert state.in_play[ref(state, 1, KNIGHT)].knelt


def test_dornish_diplomat_answers_only_a_power_challenge_it_took_part_in():
    state = joust(
        {"house": "Martell", "in_play": [DIPLOMAT, HOST]},
        {"in_play": [SHAE, {"card": KNIGHT, "knelt": True}]},
    )
    state = start(state, "power", [ref(state, 0, HOST)])  # won without the Diplomat
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    # No response was offered: back to the challenges turns.
    assert head(state).get("point") == "before_challenge"
    assert state.in_play[ref(state, 1, KNIGHT)].knelt


def test_dornish_diplomat_does_not_answer_a_lost_power_challenge():
    state = joust(
        {"house": "Martell", "in_play": [DIPLOMAT]},
        {"in_play": [SHAE, HOST, {"card": KNIGHT, "knelt": True}]},
    )
    state = start(state, "power", [ref(state, 0, DIPLOMAT)])
    state = defend(state, [ref(state, 1, HOST)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert (head(state).get("point"), head(state).get("turn")) == ("before_challenge", 1)


# --- kl_95 The Broken Spear ---------------------------------------------------------------


def test_the_broken_spear_makes_its_character_lose_or_gain_a_military_icon():
    state = joust(
        {"house": "Martell", "in_play": [{"card": KNIGHT, "attachments": [SPEAR]}, SHAE]},
        {},
        phase="marshalling",
    )
    knight, spear = ref(state, 0, KNIGHT), ref(state, 0, SPEAR)
    assert {a.cards[1] for a in uses(state, 0, spear)} == {knight}  # attached character only
    state = use(state, 0, spear, knight)
    state = choose(state, "lose")
    assert "military" not in icons(state, knight) and state.in_play[spear].knelt


def test_the_broken_spear_can_give_a_military_icon():
    state = joust(
        {"house": "Martell", "in_play": [{"card": SHAE, "attachments": [SPEAR]}]},
        {},
        phase="marshalling",
    )
    shae, spear = ref(state, 0, SHAE), ref(state, 0, SPEAR)
    state = use(state, 0, spear, shae)
    state = choose(state, "gain")
    assert "military" in icons(state, shae)
    assert uses(state, 0, spear) == []  # knelt


# --- kl_98 Ser Osmund Kettleblack ---------------------------------------------------------


def test_ser_osmund_gives_a_defender_2_str_or_4_if_kingsguard():
    state = joust(
        {"house": "Stark", "in_play": [HOST]},
        {"house": "Lannister", "in_play": [OSMUND, BARRISTAN, KNIGHT]},
    )
    osmund, barristan = ref(state, 1, OSMUND), ref(state, 1, BARRISTAN)
    knight, host = ref(state, 1, KNIGHT), ref(state, 0, HOST)
    state = start(state, "military", [host])
    state = defend(state, [barristan, knight])
    state = until_seat(state, 1)
    assert {a.cards[1] for a in uses(state, 1, osmund)} == {barristan, knight}  # defenders
    state = use(state, 1, osmund, barristan)
    boost = events(state, "lasting_effect")[-1]
    assert (boost["subject"], boost["query"], boost["amount"]) == (barristan, "strength", 4)


def test_ser_osmund_gives_a_non_kingsguard_defender_2_str():
    state = joust(
        {"house": "Stark", "in_play": [HOST]},
        {"house": "Lannister", "in_play": [OSMUND, KNIGHT]},
    )
    osmund, knight = ref(state, 1, OSMUND), ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    assert uses(state, 1, osmund) == []  # no defender yet
    state = defend(state, [knight])
    state = until_seat(state, 1)
    state = use(state, 1, osmund, knight)
    boost = events(state, "lasting_effect")[-1]
    assert (boost["subject"], boost["query"], boost["amount"]) == (knight, "strength", 2)


# --- kl_100 City of Spies -----------------------------------------------------------------


def test_city_of_spies_looks_at_x_cards_discards_one_and_orders_the_rest():
    deck = [KNIGHT, HOST, SHAE, BARRISTAN]
    state = plots_revealed(
        SPIES,
        CALM,
        me={"used_plots": ["kl_40", "kl_60", "kl_80", "Summoning Season"], "deck": [HOST]},
        them={"deck": deck},
    )
    a, b, c, d = state.players[1].deck
    state = choose(state, "1")
    prompt = head(state)
    assert prompt["purpose"] == "discard" and set(prompt["candidates"]) == {a, b, c}  # X = 3
    state = answer(state, "discard", [b])
    assert b in state.players[1].discard
    state = answer(state, "deck_order", [c])
    # The draw phase then draws the top two: c, then a; d stays.
    assert state.players[1].deck == [d] and state.players[1].hand == [c, a]


def test_city_of_spies_does_nothing_without_city_plots_in_the_used_pile():
    state = plots_revealed(
        SPIES, CALM, me={"used_plots": ["Summoning Season"]}, them={"deck": [KNIGHT]}
    )
    assert head(state).get("purpose") != "deck_to_look_at"
    assert state.players[1].discard == []
    assert legal_actions(state, head(state).get("seat", 0)) is not None


def test_shore_leave_character_cannot_be_declared_as_a_defender():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]},
        {
            "house": "Greyjoy",
            "in_play": [SUNSET_SEA, {"card": KNIGHT, "knelt": True}, HOST],
            "hand": [SHORE_LEAVE],
        },
    )
    mine, host = ref(state, 1, KNIGHT), ref(state, 1, HOST)
    state = until_seat(state, 1)
    state = use(state, 1, state.players[1].hand[0], mine)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 1, SUNSET_SEA)])
    assert not state.in_play[mine].knelt
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    prompt = head(state)
    assert prompt.get("purpose") == "defenders"
    assert mine not in prompt["candidates"] and host in prompt["candidates"]


def test_death_by_payne_may_kneel_ser_ilyn_payne():
    state = joust(
        {"house": "Stark", "in_play": [SHAE]},
        {"house": "Lannister", "in_play": ["Ser Ilyn Payne", KNIGHT], "power": 3, "hand": [PAYNE]},
    )
    shae, payne_character = ref(state, 0, SHAE), ref(state, 1, "Ser Ilyn Payne")
    state = until_window(state, None)
    state = use(state, 0, shae, ref(state, 1, KNIGHT))
    state = until_window(state, "ability")
    state = until_seat(state, 1)
    state = use(state, 1, state.players[1].hand[0], shae)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [payne_character])
    assert shae in state.players[0].dead
    assert events(state, "knelt_for_cost")[-1]["cards"] == [payne_character]
