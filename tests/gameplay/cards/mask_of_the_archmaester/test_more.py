"""Mask of the Archmaester: Iron Fleet Raiders, Iron Lore, Restrict and Restrain, Citadel
Law, We Light the Way and Archmaester Marwyn (mask_of_the_archmaester/more.py), played
through legal actions, with the restrictions their texts state."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import strength
from gameplay.engine.game import IllegalAction, legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    choose,
    hand,
    head,
    initiate,
    joust,
    pass_windows,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
)

RAIDERS, LORE, RESTRICT = "soo_87", "soo_88", "soo_84"
MARWYN, CITADEL_LAW, LIGHT = "soo_94", "soo_95", "soo_96"
SCHOLAR = "soo_36"  # Oldtown Scholar: Maester (no Learned crest), intrigue and power
FIEFDOMS = "core_26"  # Northern Fiefdoms? a location that costs 2 (checked below)
COPPERS = "core_203"  # Counting Favors: when revealed, you and an opponent draw 3 cards


def event_uses(state, seat, name):
    return [
        a
        for a in legal_actions(state, seat)
        if a.kind == "use" and a.cards[0] in hand(state, seat, name)
    ]


# --- soo_87 Iron Fleet Raiders --------------------------------------------------------


def test_soo_87_iron_fleet_raiders_an_opponent_discards_a_card_to_give_them_minus_2():
    state = joust({"in_play": [KNIGHT], "deck": [STEWARD]}, {"in_play": [RAIDERS]})
    raiders = ref(state, 1, RAIDERS)
    top = state.players[0].deck[0]
    state = use(state, 0, raiders)
    assert strength(state, raiders) == 5 - 2
    assert top in state.players[0].discard and not state.players[0].deck
    assert not uses(state, 0, raiders)  # no card left to discard


def test_soo_87_iron_fleet_raiders_cannot_be_triggered_by_their_controller():
    state = joust({"in_play": [RAIDERS], "deck": [STEWARD, STEWARD]}, {"in_play": [KNIGHT]})
    raiders = ref(state, 0, RAIDERS)
    assert not uses(state, 0, raiders)
    with pytest.raises(IllegalAction):
        act(state, 0, "use", [raiders])


# --- soo_88 Iron Lore -----------------------------------------------------------------


def test_soo_88_iron_lore_pays_a_locations_cost_to_put_it_into_play_from_the_discard():
    location = "kotse_23"  # Iron Island Fiefdoms, cost 1
    state = build(
        players=[
            {"house": "Greyjoy", "hand": [LORE], "discard": [location, HOST], "gold": 5},
            {},
        ]
    )
    from gameplay.engine.card_facts import load_cards
    from tests.gameplay.scenario import code

    cost = load_cards()[code(location)].cost
    mine = state.players[0].discard[0]
    lore = hand(state, 0, LORE)[0]
    options = {
        a.cards[1] for a in legal_actions(state, 0) if a.kind == "use" and a.cards[0] == lore
    }
    assert options == {mine}  # a location only
    state = use(state, 0, lore, mine)
    assert mine in state.players[0].in_play and state.players[0].gold == 5 - cost


def test_soo_88_iron_lore_needs_the_gold_for_the_printed_cost():
    location = "kotse_23"  # Iron Island Fiefdoms, cost 1
    state = build(
        players=[{"house": "Greyjoy", "hand": [LORE], "discard": [location], "gold": 0}, {}]
    )
    lore = hand(state, 0, LORE)[0]
    assert not uses(state, 0, lore)


# --- soo_84 Restrict and Restrain -----------------------------------------------------


def test_soo_84_restrict_and_restrain_keeps_unchosen_characters_out_of_challenges():
    state = joust(
        {"in_play": [MARWYN, KNIGHT, KNIGHT, HOST, STEWARD], "hand": [RESTRICT]},
        {"in_play": [HOST, KNIGHT]},
    )
    marwyn = ref(state, 0, MARWYN)
    card = hand(state, 0, RESTRICT)[0]
    state = use(state, 0, card)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [marwyn])
    assert head(state)["purpose"] == "keep_for_challenges" and head(state)["max"] == 3
    keep = [ref(state, 0, HOST), ref(state, 0, KNIGHT)]
    state = answer(state, "keep_for_challenges", keep)
    # The opponent has only 2 characters: kept without a question.
    state = pass_windows(state)
    state = act(state, 0, "challenge:military", choice="1")
    prompt = head(state)
    assert set(prompt["candidates"]) == set(keep)
    assert ref(state, 0, KNIGHT, 1) not in prompt["candidates"]


def test_soo_84_restrict_and_restrain_needs_a_learned_character_and_no_challenge_yet():
    state = joust({"in_play": [SCHOLAR, KNIGHT], "hand": [RESTRICT]}, {"in_play": [HOST]})
    assert not uses(state, 0, hand(state, 0, RESTRICT)[0])  # a Maester without the crest
    state = joust({"in_play": [MARWYN, KNIGHT], "hand": [RESTRICT]}, {"in_play": [HOST]})
    card = hand(state, 0, RESTRICT)[0]
    assert uses(state, 0, card)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    for _ in range(30):
        if head(state).get("point") == "before_challenge":
            break
        step = head(state)
        if step.get("name") == "prompt":
            state = act(state, step["seat"], "done")
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    assert not uses(state, 0, card)  # a challenge was initiated this phase


# --- soo_95 Citadel Law ---------------------------------------------------------------

PLOTS = ["Rains of Autumn", "Planning Ahead", "Rains of Autumn"]


def plot_phase(me, them):
    """Both players reveal their first plot (Rains of Autumn, no "when revealed"), each
    with two plots left; the state at the first decision after the reveal."""
    players = [{"plot_deck": PLOTS, **me}, {"plot_deck": PLOTS, **them}]
    state = build(phase="plot", players=players, auto_pass=False)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    return state


def test_soo_95_citadel_law_makes_a_player_reveal_a_new_plot():
    state = plot_phase({"in_play": [SCHOLAR], "hand": [CITADEL_LAW]}, {})
    for _ in range(20):
        card = hand(state, 0, CITADEL_LAW)
        if card and waiting_seats(state)[0] == 0 and uses(state, 0, card[0]):
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert state.phase == "plot"
    old = state.players[1].revealed_plot
    state = use(state, 0, hand(state, 0, CITADEL_LAW)[0])
    state = choose(state, "1")
    assert head(state)["purpose"] == "new_plot" and head(state)["seat"] == 1
    new = head(state)["candidates"][0]
    state = act(state, 1, "select", [new])
    assert state.players[1].revealed_plot == new and old in state.players[1].used_plots


def test_soo_95_citadel_law_is_a_plot_action_and_needs_a_maester():
    state = joust({"in_play": [SCHOLAR], "hand": [CITADEL_LAW]}, {})
    assert not uses(state, 0, hand(state, 0, CITADEL_LAW)[0])  # the challenges phase
    me = {"in_play": [KNIGHT], "hand": [CITADEL_LAW]}
    state = plot_phase(me, {})
    for _ in range(20):
        if state.phase != "plot":
            break
        assert not uses(state, waiting_seats(state)[0], hand(state, 0, CITADEL_LAW)[0])
        state = act(state, waiting_seats(state)[0], "pass")


# --- soo_96 We Light the Way ----------------------------------------------------------


def test_soo_96_we_light_the_way_maesters_do_not_kneel_for_that_challenge_type():
    state = joust(
        {"in_play": [SCHOLAR, SCHOLAR, STEWARD], "hand": [LIGHT]},
        {"in_play": [HOST]},
    )
    paid, free = ref(state, 0, SCHOLAR), ref(state, 0, SCHOLAR, 1)
    steward = ref(state, 0, STEWARD)
    state = use(state, 0, hand(state, 0, LIGHT)[0])
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [paid])
    state = choose(state, "intrigue")
    assert state.in_play[paid].knelt
    state = initiate(state, "intrigue", [free, steward])
    assert not state.in_play[free].knelt  # a Maester: does not kneel
    assert state.in_play[steward].knelt  # not a Maester


def test_soo_96_we_light_the_way_only_that_type_and_before_any_challenge():
    state = joust(
        {"in_play": [SCHOLAR, SCHOLAR, STEWARD], "hand": [LIGHT, LIGHT]},
        {"in_play": [HOST]},
    )
    paid, free = ref(state, 0, SCHOLAR), ref(state, 0, SCHOLAR, 1)
    state = use(state, 0, hand(state, 0, LIGHT)[0])
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [paid])
    state = choose(state, "military")
    state = initiate(state, "power", [free])
    assert state.in_play[free].knelt  # a Power challenge: kneels
    for _ in range(30):
        step = head(state)
        if step.get("point") == "before_challenge" and step.get("turn") == 0:
            break
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: step.get("min", 0)])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    state.in_play[paid].knelt = False  # a Maester left to kneel for the cost
    assert not uses(state, 0, hand(state, 0, LIGHT)[0])  # a challenge was initiated


# --- soo_94 Archmaester Marwyn --------------------------------------------------------


def test_soo_94_archmaester_marwyn_resolves_a_used_plots_when_revealed_effect():
    state = joust(
        {"in_play": [HOST], "deck": [KNIGHT] * 4},
        {"in_play": [MARWYN], "used_plots": [COPPERS], "deck": [STEWARD] * 4},
    )
    marwyn = ref(state, 1, MARWYN)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", claim=[marwyn])
    assert marwyn in state.players[1].dead
    coppers = state.players[1].used_plots[0]
    assert {a.cards[1] for a in uses(state, 1, marwyn)} == {coppers}
    state = use(state, 1, marwyn, coppers)
    state = pass_windows(state)
    assert len(state.players[1].hand) == 3 and len(state.players[0].hand) == 3


def test_soo_94_archmaester_marwyn_needs_to_be_killed():
    state = joust(
        {"in_play": [HOST], "deck": [KNIGHT] * 4},
        {"in_play": [MARWYN, STEWARD], "used_plots": [COPPERS]},
    )
    marwyn = ref(state, 1, MARWYN)
    state = start(state, "military", [ref(state, 0, HOST)])
    for _ in range(30):
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], [ref(state, 1, STEWARD)])
        elif step.get("name") == "window" and state.phase == "challenges":
            assert not uses(state, 1, marwyn)  # another character was killed
            state = act(state, waiting_seats(state)[0], "pass")
        else:
            break
    assert state.players[1].dead and marwyn in state.in_play


# --- soo_90 House of Shadow -----------------------------------------------------------

HOUSE_OF_SHADOW = "soo_90"


def test_soo_90_house_of_shadow_lowers_a_lowered_character_by_1_more():
    state = joust(
        {"in_play": [HOUSE_OF_SHADOW, MARWYN], "deck": [KNIGHT, KNIGHT]},
        {"in_play": [RAIDERS]},
    )
    shadow, raiders, marwyn = (
        ref(state, 0, HOUSE_OF_SHADOW),
        ref(state, 1, RAIDERS),
        ref(state, 0, MARWYN),
    )
    state = use(state, 0, raiders)  # Iron Fleet Raiders' -2: a card effect
    for _ in range(5):
        if uses(state, 0, shadow):
            break
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 0, shadow)
    assert state.in_play[marwyn].knelt  # the Learned character knelt for the cost
    assert strength(state, raiders) == 5 - 2 - 1


def test_soo_90_house_of_shadow_needs_a_learned_character():
    state = joust(
        {"in_play": [HOUSE_OF_SHADOW, SCHOLAR], "deck": [KNIGHT, KNIGHT]},
        {"in_play": [RAIDERS]},
    )
    shadow, raiders = ref(state, 0, HOUSE_OF_SHADOW), ref(state, 1, RAIDERS)
    state = use(state, 0, raiders)
    for _ in range(5):
        assert not uses(state, 0, shadow)  # a Maester without the Learned crest
        if head(state).get("trigger") is None:
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert strength(state, raiders) == 5 - 2


# --- soo_89 Bloodrider ----------------------------------------------------------------

BLOODRIDER, JON, WATCHTOWER = "soo_89", "soo_85", "soo_86"
ADVISOR = "qod_39"  # Advisor to the Crown: a Maester with [+2 Influence]


def _cancel_window(state, seat, card, limit=10):
    for _ in range(limit):
        if waiting_seats(state)[0] == seat and uses(state, seat, card):
            return state
        if head(state).get("name") != "window" or head(state).get("trigger") is None:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def test_soo_89_bloodrider_comes_into_play_to_cancel_a_character_ability():
    state = build(
        players=[
            {"in_play": [{"card": JON, "power": 2}], "gold": 0},
            {"house": "Targaryen", "in_play": [ADVISOR], "hand": [BLOODRIDER]},
        ]
    )
    rider = hand(state, 1, BLOODRIDER)[0]
    state = use(state, 0, ref(state, 0, JON))
    state = _cancel_window(state, 1, rider)
    state = use(state, 1, rider)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 1, ADVISOR)])
    state = pass_windows(state) if head(state).get("trigger") else state
    assert rider in state.players[1].in_play
    assert state.in_play[ref(state, 1, ADVISOR)].knelt  # 2 influence knelt
    assert state.players[0].gold == 0  # Ser Jon's effect canceled


def test_soo_89_bloodrider_cancels_only_character_abilities_and_needs_influence():
    state = build(
        players=[
            {"in_play": [WATCHTOWER], "gold": 0},
            {"house": "Targaryen", "in_play": [ADVISOR], "hand": [BLOODRIDER]},
        ]
    )
    rider = hand(state, 1, BLOODRIDER)[0]
    state = use(state, 0, ref(state, 0, WATCHTOWER))  # a location's ability
    for _ in range(5):
        assert not uses(state, 1, rider)
        if head(state).get("trigger") != "ability":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    poor = build(
        players=[
            {"in_play": [{"card": JON, "power": 2}], "gold": 0},
            {"house": "Targaryen", "in_play": [KNIGHT], "hand": [BLOODRIDER]},
        ]
    )
    rider = hand(poor, 1, BLOODRIDER)[0]
    poor = use(poor, 0, ref(poor, 0, JON))
    for _ in range(5):
        assert not uses(poor, 1, rider)  # no influence to kneel
        if head(poor).get("trigger") != "ability":
            break
        poor = act(poor, waiting_seats(poor)[0], "pass")
    assert poor.players[0].gold == 2
