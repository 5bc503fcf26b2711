"""Sacred Bonds cards (gameplay/engine/cards/sacred_bonds/): each card's effect in a
position, played through legal actions.

Fillers without text of their own: Host of Storm's End (6 STR Army, military and power),
Knight of the Tumblestone (Stark Knight, 2 STR), Lannisport Steward (2 STR, intrigue),
Direwolf Pup (Stark Direwolf), Ser Jaime Lannister (Deadly); Longship "Foamdrinker"
(acoa_6) is a Warship location.
"""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    code,
    events,
    hand,
    head,
    joust,
    ref,
    start,
    until_window,
    use,
    waiting_seats,
)

HOST = "Host of Storm's End"
KNIGHT = "Knight of the Tumblestone"
STEWARD = "Lannisport Steward"
PUP = "Direwolf Pup"
JAIME = "Ser Jaime Lannister"
FOAMDRINKER = "acoa_6"
ROAD = "The Roseroad"


def test_acoa_41_feral_pack_gives_direwolves_deadly_and_takes_it_from_others():
    state = joust({"house": "Stark", "in_play": ["acoa_41", PUP]}, {"in_play": [JAIME]})
    assert "deadly" in keywords(state, ref(state, 0, PUP))
    assert "deadly" in keywords(state, ref(state, 0, "acoa_41"))
    assert "deadly" not in keywords(state, ref(state, 1, JAIME))
    state = joust({"in_play": ["acoa_41", PUP, STEWARD]}, {"in_play": [JAIME]})
    assert "deadly" not in keywords(state, ref(state, 0, PUP))  # a Lannister character


def test_acoa_42_first_mate_puts_a_warship_into_play():
    state = joust({"in_play": ["acoa_42", HOST], "discard": [FOAMDRINKER]}, {"in_play": [STEWARD]})
    ship = state.players[0].discard[0]
    state = start(state, "power", [ref(state, 0, "acoa_42"), ref(state, 0, HOST)])
    state = until_window(state, "challenge_won")
    state = use(state, 0, ref(state, 0, "acoa_42"))
    state = answer(state, "warship", [ship])
    assert ship in state.in_play


def test_acoa_43_jaqen_hghar_pays_house_power_for_a_keyword():
    state = joust({"in_play": ["acoa_43"], "power": 2}, {"in_play": [STEWARD]})
    jaqen = ref(state, 0, "acoa_43")
    state = until_window(state) if head(state).get("name") == "window" else state
    state = use(state, 0, jaqen)
    state = act(state, 0, "choose", choice="stealth")
    assert "stealth" in keywords(state, jaqen) and state.players[0].power == 1


def _herald(herald, house, other):
    state = build(
        players=[
            {"house": house, "gold": 5, "hand": [herald], "deck": [ROAD, other, ROAD]},
            {},
        ]
    )
    card = hand(state, 0, herald)[0]
    state = act(state, 0, "marshal:play", [card])
    state = until_window(state, "played")
    state = use(state, 0, card)
    prompt = head(state)
    assert prompt["purpose"] == "search" and len(prompt["candidates"]) == 1
    state = answer(state, "search", prompt["candidates"])
    top = state.players[0].deck[0]
    assert state.cards[top].code == code(other)
    assert events(state, "shuffled")
    return state


def test_acoa_51_wolf_herald_puts_a_stark_character_on_top():
    _herald("acoa_51", "Stark", KNIGHT)


def test_acoa_52_lion_herald_puts_a_lannister_character_on_top():
    _herald("acoa_52", "Lannister", JAIME)


def test_acoa_54_herald_of_the_stag_puts_a_baratheon_character_on_top():
    _herald("acoa_54", "Baratheon", HOST)


def test_acoa_55_herald_of_the_sea_puts_a_greyjoy_character_on_top():
    _herald("acoa_55", "Greyjoy", "acoa_59")


def test_acoa_56_herald_of_the_east_puts_a_targaryen_character_on_top():
    _herald("acoa_56", "Targaryen", "Daenerys Targaryen")


def test_acoa_57_herald_of_the_sun_puts_a_martell_character_on_top():
    _herald("acoa_57", "Martell", "acoa_8")


def _kraken_discards_vendor(power):
    """Fury of the Kraken (acoa_28) discards the Vendor from play after a military win."""
    state = joust(
        {"revealed_plot": "acoa_28", "in_play": [HOST]},
        {"house": "Stark", "in_play": [STEWARD, {"card": "acoa_60", "power": power}]},
    )
    vendor = ref(state, 1, "acoa_60")
    state = start(state, "military", [ref(state, 0, HOST)])
    for _ in range(20):
        if head(state).get("purpose") in ("claim_kill", "fury"):
            break
        state = act(state, waiting_seats(state)[0], "pass")
    state = answer(state, "claim_kill", [ref(state, 1, STEWARD)])
    if head(state).get("purpose") == "fury":  # asked only with a choice to make
        state = answer(state, "fury", [vendor])
    assert events(state, "challenge_resolved")
    return state, vendor


def test_acoa_60_vendor_of_venoms_with_2_power_cannot_be_discarded():
    state, vendor = _kraken_discards_vendor(2)
    assert vendor in state.in_play
    state, vendor = _kraken_discards_vendor(1)
    assert vendor in state.players[1].discard
