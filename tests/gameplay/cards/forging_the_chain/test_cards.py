"""Forging the Chain: locations, attachments and events (forging_the_chain/cards.py),
played through legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.rules import income, initiative
from tests.gameplay.cards.forging_the_chain.helpers import never_usable
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    hand,
    head,
    joust,
    marshalling,
    marshals,
    ref,
    set_season,
    shadow,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
)

RAIN = "soo_23"
INN = "soo_26"
LIGHT = "soo_28"
PILLAGED = "soo_30"
SEER = "soo_31"  # an Asshai character
KEDRY = "soo_33"  # [+2 Influence]
GHASTON = "soo_34"
JAQEN = "soo_35"
SCHOLAR = "soo_36"  # a Maester, cost 1
CALLED = "soo_37"
PALE = "soo_38"
BRONZE = "soo_39"
CROSSROADS = "core_138"  # [+1 Income] [+1 Influence]
DAGOS = "atoc_92"  # Dagos Manwoody, a Martell Noble character, cost 3
LORDSHIP = "core_140"  # a neutral Title attachment, cost 1
RUMORS = "kl_116"  # an Any Phase event: its holder is asked in every action window


# --- soo_23 Freezing Rain ----------------------------------------------------------------


def test_soo_23_freezing_rain_blanks_a_location_and_moves_for_1_influence():
    state = marshalling(
        {"house": "Stark", "gold": 2, "hand": [RAIN], "in_play": [KEDRY]},
        {"house": "Lannister", "in_play": [CROSSROADS, CROSSROADS]},
    )
    rain, theirs = hand(state, 0, RAIN)[0], ref(state, 1, CROSSROADS)
    other = ref(state, 1, CROSSROADS, 1)
    targets = {a.cards[1] for a in marshals(state, 0, rain) if a.kind == "marshal:play"}
    assert targets == {theirs, other}  # locations only, not Kedry
    assert income(state, 1) == 2
    state = act(state, 0, "marshal:play", [rain, theirs])
    assert income(state, 1) == 1  # one [+1 Income] is blank
    state = use(state, 0, rain, other)
    assert state.in_play[rain].attached_to == other
    assert state.in_play[ref(state, 0, KEDRY)].knelt
    assert income(state, 1) == 1


def test_soo_23_freezing_rain_needs_influence_to_move():
    state = marshalling(
        {"house": "Stark", "gold": 2, "hand": [RAIN], "in_play": [KNIGHT]},
        {"house": "Lannister", "in_play": [CROSSROADS, CROSSROADS]},
    )
    rain, theirs = hand(state, 0, RAIN)[0], ref(state, 1, CROSSROADS)
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [rain, ref(state, 0, KNIGHT)])
    state = act(state, 0, "marshal:play", [rain, theirs])
    assert not uses(state, 0, rain)  # no influence of mine to kneel


# --- soo_26 The Inn of the Kneeling Man --------------------------------------------------


def _inn(season: str | None, attacker: str = KNIGHT):
    state = joust(
        {"house": "Stark", "in_play": [INN, attacker]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    if season:
        set_season(state, season)
    return start(state, "power", [ref(state, 0, attacker)])


def test_soo_26_the_inn_stands_a_knelt_2_str_character_in_winter():
    state = _inn("Winter")
    knight, inn = ref(state, 0, KNIGHT), ref(state, 0, INN)
    assert state.in_play[knight].knelt
    state = use(state, 0, inn, knight)
    assert not state.in_play[knight].knelt and state.in_play[inn].knelt


def test_soo_26_the_inn_only_in_summer_or_winter_and_str_2_or_lower():
    state = _inn(None)
    never_usable(state, 0, ref(state, 0, INN))
    state = _inn("Summer", attacker=HOST)  # 6 STR
    never_usable(state, 0, ref(state, 0, INN))


def test_soo_26_the_inn_limit_once_per_phase():
    state = joust(
        {"house": "Stark", "in_play": [INN, KNIGHT, KNIGHT, STEWARD]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    set_season(state, "Summer")
    inn = ref(state, 0, INN)
    state.in_play[inn].knelt = False
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = use(state, 0, inn, ref(state, 0, KNIGHT))
    state.in_play[inn].knelt = False  # stood by hand: the limit still holds
    state = never_usable(state, 0, inn)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    never_usable(state, 0, inn)


# --- soo_28 Cleansing Light --------------------------------------------------------------


def test_soo_28_cleansing_light_str_per_shadow_card_and_deadly_for_a_shadow_card():
    state = joust(
        {"house": "Targaryen", "in_play": [{"card": SEER, "attachments": [LIGHT]}]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    seer = ref(state, 0, SEER)
    light = next(r for r in state.in_play if state.code(r) == LIGHT)
    assert strength(state, seer) == 2
    mine = shadow(state, 0, JAQEN)
    shadow(state, 1, JAQEN)
    assert strength(state, seer) == 4  # every player's Shadows
    state = use(state, 0, light)
    assert "deadly" in keywords(state, seer)
    assert mine in state.players[0].discard and strength(state, seer) == 3


def test_soo_28_cleansing_light_asshai_only_and_needs_a_card_in_your_shadows():
    state = marshalling(
        {"house": "Baratheon", "gold": 1, "hand": [LIGHT], "in_play": [SEER, KNIGHT]},
    )
    light = hand(state, 0, LIGHT)[0]
    targets = {a.cards[1] for a in marshals(state, 0, light) if a.kind == "marshal:play"}
    assert targets == {ref(state, 0, SEER)}
    state = joust(
        {"house": "Targaryen", "in_play": [{"card": SEER, "attachments": [LIGHT]}]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    shadow(state, 1, JAQEN)  # only an opponent's Shadows
    light = next(r for r in state.in_play if state.code(r) == LIGHT)
    assert not uses(state, 0, light)


# --- soo_30 Burned and Pillaged ----------------------------------------------------------


def test_soo_30_burned_and_pillaged_costs_the_locations_controller_income_and_initiative():
    state = marshalling(
        {"house": "Greyjoy", "gold": 1, "hand": [PILLAGED], "in_play": [KNIGHT]},
        {"house": "Lannister", "in_play": [CROSSROADS]},
    )
    pillaged, theirs = hand(state, 0, PILLAGED)[0], ref(state, 1, CROSSROADS)
    targets = {a.cards[1] for a in marshals(state, 0, pillaged) if a.kind == "marshal:play"}
    assert targets == {theirs}  # a location only
    before = (income(state, 0), income(state, 1), initiative(state, 0), initiative(state, 1))
    state = act(state, 0, "marshal:play", [pillaged, theirs])
    after = (income(state, 0), income(state, 1), initiative(state, 0), initiative(state, 1))
    assert after == (before[0], before[1] - 1, before[2], before[3] - 1)


# --- soo_34 Ghaston Grey -----------------------------------------------------------------


def _ghaston(theirs: list[str]):
    state = joust(
        {"house": "Martell", "in_play": [GHASTON, DAGOS, KNIGHT], "hand": [RUMORS]},
        {"house": "Lannister", "in_play": theirs},
    )
    return state


def test_soo_34_ghaston_grey_trades_a_martell_noble_for_a_cheaper_character():
    state = _ghaston([STEWARD, HOST, KNIGHT])
    steward = ref(state, 1, STEWARD)
    state = use(state, 0, ref(state, 0, GHASTON))  # Dagos, the only Martell Noble
    assert hand(state, 0, DAGOS) and ref(state, 0, KNIGHT)
    assert set(head(state)["candidates"]) == {steward, ref(state, 1, KNIGHT)}  # not the Host
    state = answer(state, "return", [steward])
    assert hand(state, 1, STEWARD) and not state.players[1].in_play.count(steward)


def test_soo_34_ghaston_grey_needs_a_character_of_equal_or_lower_cost():
    state = _ghaston([HOST])
    assert not uses(state, 0, ref(state, 0, GHASTON))


# --- soo_37 Called by the Citadel --------------------------------------------------------


def test_soo_37_called_by_the_citadel_returns_a_maester_and_its_chains_then_draws():
    state = joust(
        {
            "house": "Stark",
            "in_play": [{"card": SCHOLAR, "attachments": [BRONZE, LORDSHIP]}],
            "hand": [CALLED],
            "deck": [KNIGHT],
        },
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    scholar = ref(state, 0, SCHOLAR)
    state = use(state, 0, hand(state, 0, CALLED)[0], scholar)
    assert hand(state, 0, SCHOLAR) and hand(state, 0, BRONZE) and hand(state, 0, KNIGHT)
    assert any(state.code(r) == LORDSHIP for r in state.players[0].discard)


def test_soo_37_called_by_the_citadel_only_a_maester_you_control():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT], "hand": [CALLED]},
        {"house": "Lannister", "in_play": [SCHOLAR]},
    )
    assert not uses(state, 0, hand(state, 0, CALLED)[0])


# --- soo_38 Pale Steel Link --------------------------------------------------------------


def _linked(link: str, my_hand=(), discard=()):
    state = joust(
        {
            "house": "Stark",
            "in_play": [{"card": SCHOLAR, "attachments": [link]}, KNIGHT],
            "hand": list(my_hand),
            "discard": list(discard),
        },
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    return start(state, "power", [ref(state, 0, SCHOLAR)])


def test_soo_38_pale_steel_link_puts_a_cheap_card_into_play_after_its_maester_kneels():
    state = _linked(PALE, my_hand=[SCHOLAR, HOST, LORDSHIP])
    link = next(r for r in state.in_play if state.code(r) == PALE)
    state = use(state, 0, link)
    cheap = {*hand(state, 0, SCHOLAR), *hand(state, 0, LORDSHIP)}
    assert set(head(state)["candidates"]) == cheap  # not the 6-cost Host
    state = answer(state, "put_into_play", hand(state, 0, SCHOLAR))
    assert len([r for r in state.players[0].in_play if state.code(r) == SCHOLAR]) == 2


def test_soo_38_pale_steel_link_attachment_and_maester_only():
    state = _linked(PALE, my_hand=[LORDSHIP])
    link = next(r for r in state.in_play if state.code(r) == PALE)
    state = use(state, 0, link)
    lordship = next(r for r in state.cards if state.code(r) == LORDSHIP)
    state = answer(state, "attach_to", [ref(state, 0, KNIGHT)])
    assert state.in_play[lordship].attached_to == ref(state, 0, KNIGHT)
    state = marshalling({"house": "Stark", "gold": 1, "hand": [PALE], "in_play": [KNIGHT, SCHOLAR]})
    pale = hand(state, 0, PALE)[0]
    targets = {a.cards[1] for a in marshals(state, 0, pale) if a.kind == "marshal:play"}
    assert targets == {ref(state, 0, SCHOLAR)}


# --- soo_39 Bronze Link ------------------------------------------------------------------


def test_soo_39_bronze_link_returns_the_topmost_attachment_of_the_discard_pile():
    state = _linked(BRONZE, discard=[LORDSHIP, KNIGHT, PALE, KNIGHT])
    link = next(r for r in state.in_play if state.code(r) == BRONZE)
    state = use(state, 0, link)
    assert hand(state, 0, PALE) and not hand(state, 0, LORDSHIP)
    assert not uses(state, 0, link)  # once per phase (and the window is over)


def test_soo_39_bronze_link_only_when_its_character_kneels():
    state = joust(
        {
            "house": "Stark",
            "in_play": [{"card": SCHOLAR, "attachments": [BRONZE]}, KNIGHT],
            "discard": [LORDSHIP],
        },
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    link = next(r for r in state.in_play if state.code(r) == BRONZE)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    never_usable(state, 0, link)


# --- soo_32 Pyrophobia -------------------------------------------------------------------

PYRO = "soo_32"
ESCORT = "kotst_25"  # Challenges: kneel: one character +1 STR, another -1 STR this phase
LURKERS = "core_51"  # 6 STR
LUWIN_3 = "soo_21"  # Maester Luwin, 3 STR


def _escort(victim: dict | str):
    state = joust(
        {"house": "Baratheon", "in_play": [ESCORT, HOST], "hand": [PYRO, RUMORS]},
        {"house": "Stark", "in_play": [victim]},
    )
    state = use(state, 0, ref(state, 0, ESCORT), ref(state, 0, HOST))
    return state


def test_soo_32_pyrophobia_returns_a_character_reduced_to_2_with_its_attachments():
    state = _escort({"card": LUWIN_3, "attachments": [LORDSHIP]})
    luwin = ref(state, 1, LUWIN_3)
    assert strength(state, luwin) == 2
    state = until_window(state, "strength_reduced")
    state = use(state, 0, hand(state, 0, PYRO)[0])
    assert hand(state, 1, LUWIN_3) and hand(state, 1, LORDSHIP)
    assert not state.players[1].discard


def test_soo_32_pyrophobia_not_above_2_str():
    state = _escort(LURKERS)
    assert strength(state, ref(state, 1, LURKERS)) == 5
    pyro = hand(state, 0, PYRO)[0]
    for _ in range(10):
        if head(state).get("name") != "window" or head(state).get("point") == "before_challenge":
            break
        assert not uses(state, 0, pyro)
        state = act(state, waiting_seats(state)[0], "pass")
    assert not uses(state, 0, pyro)
