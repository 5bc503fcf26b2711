"""The Champion's Purse characters (gameplay/engine/cards/the_champions_purse/characters.py).

Fillers: Host of Storm's End (Baratheon, 6 STR), Knight of the Tumblestone (Stark, 2 STR),
Lannisport Steward (Lannister, 2 STR)."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import icons, keywords, strength
from gameplay.engine.leaving import become_agenda
from tests.gameplay.cards.the_champions_purse.helpers import killed_by_claim, prized_power
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    apply,
    calm_marshalling,
    choose,
    codes,
    events,
    hand,
    head,
    joust,
    marshals,
    names,
    never_offered,
    pass_windows,
    ref,
    start,
    to_window,
    use,
    uses,
    won_window,
)

AGENDA_CHARACTER = "btns_1"  # The Kindly Man: "attach him to your House card as your only agenda"

# --- Prized on the characters ----------------------------------------------------------------


@pytest.mark.parametrize(
    "card", ["cad_24", "cad_29", "cad_31", "cad_35", "cad_36", "cad_38", "cad_39"]
)
def test_a_prized_character_killed_gives_each_opponent_its_prized_value(card):
    state = killed_by_claim(card)
    assert prized_power(state, 0) == 1
    assert prized_power(state, 1) == 0


def test_a_character_without_prized_gives_nothing():
    assert prized_power(killed_by_claim(KNIGHT), 0) == 0


# --- cad_21 Knight of the Songs ---------------------------------------------------------------


def test_knight_of_the_songs_counts_prized_characters_you_control():
    state = joust(
        {"in_play": ["cad_21", "cad_35", "cad_29", KNIGHT]}, {"in_play": ["cad_35", HOST]}
    )
    assert strength(state, ref(state, 0, "cad_21")) == 4  # 2 + two prized of mine


def test_knight_of_the_songs_without_prized_characters():
    state = joust({"in_play": ["cad_21", KNIGHT]}, {"in_play": ["cad_35"]})
    assert strength(state, ref(state, 0, "cad_21")) == 2


# --- cad_22 Rider from Storm's End, cad_27 Frey Emissary ------------------------------------


def test_rider_from_storms_end_with_stark_and_lannister_characters():
    state = joust({"in_play": ["cad_22", KNIGHT, STEWARD]}, {"in_play": [HOST]})
    rider = ref(state, 0, "cad_22")
    assert strength(state, rider) == 3
    assert "stealth" in keywords(state, rider)


def test_rider_from_storms_end_alone_or_with_opponents_houses():
    state = joust({"in_play": ["cad_22", HOST]}, {"in_play": [KNIGHT, STEWARD]})
    rider = ref(state, 0, "cad_22")
    assert strength(state, rider) == 2
    assert "stealth" not in keywords(state, rider)


def test_frey_emissary_with_stark_and_baratheon_characters():
    state = joust({"in_play": ["cad_27", KNIGHT, HOST]}, {"in_play": [STEWARD]})
    emissary = ref(state, 0, "cad_27")
    assert strength(state, emissary) == 3
    assert "renown" in keywords(state, emissary)


def test_frey_emissary_without_them():
    state = joust({"in_play": ["cad_27", STEWARD]}, {"in_play": [KNIGHT, HOST]})
    emissary = ref(state, 0, "cad_27")
    assert strength(state, emissary) == 2
    assert "renown" not in keywords(state, emissary)


# --- cad_36 Viserys Targaryen -----------------------------------------------------------------


def test_viserys_kneels_to_discard_an_attachment_from_play():
    state = calm_marshalling(
        {"house": "Targaryen", "in_play": ["cad_36"]},
        {"in_play": [{"card": KNIGHT, "attachments": ["Milk of the Poppy"]}]},
    )
    viserys = ref(state, 0, "cad_36")
    milk = ref(state, 1, "Milk of the Poppy")
    state = use(state, 0, viserys, milk)
    assert milk not in state.in_play and milk in state.players[1].discard
    assert state.in_play[viserys].knelt


def test_viserys_needs_to_stand_and_an_attachment():
    state = calm_marshalling({"house": "Targaryen", "in_play": ["cad_36"]}, {"in_play": [KNIGHT]})
    assert not uses(state, 0, ref(state, 0, "cad_36"))
    state = calm_marshalling(
        {"house": "Targaryen", "in_play": [{"card": "cad_36", "knelt": True}]},
        {"in_play": [{"card": KNIGHT, "attachments": ["Milk of the Poppy"]}]},
    )
    assert not uses(state, 0, ref(state, 0, "cad_36"))


# --- cad_24 Wex Pyke --------------------------------------------------------------------------


def _wex(them_in_play=(), attackers=("cad_24",)):
    state = joust(
        {"in_play": ["cad_24", KNIGHT], "discard": ["cad_35", HOST], "dead": ["cad_29"]},
        {"in_play": list(them_in_play)},
    )
    return state


def test_wex_pyke_returns_a_prized_card_after_an_unopposed_win():
    state = _wex()
    wex = ref(state, 0, "cad_24")
    state = won_window(state, "power", [wex])
    discard, dead = state.players[0].discard, state.players[0].dead
    poleman, scout = discard[0], dead[0]
    targets = {a.cards[1] for a in uses(state, 0, wex)}
    assert targets == {poleman, scout}  # not the Host: not prized
    state = use(state, 0, wex, scout)
    assert scout in state.players[0].hand and scout not in state.players[0].dead


def test_wex_pyke_not_after_an_opposed_win_or_without_him():
    state = _wex(them_in_play=[KNIGHT])
    wex = ref(state, 0, "cad_24")
    state = start(state, "power", [wex, ref(state, 0, KNIGHT)])
    state = never_offered(state, 0, wex, defenders=[ref(state, 1, KNIGHT)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    state = _wex()
    wex = ref(state, 0, "cad_24")
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    never_offered(state, 0, wex)


# --- cad_29 Summer Sea Scout ----------------------------------------------------------------


def _scout(deck):
    state = joust({"in_play": [HOST]}, {"in_play": ["cad_29"], "deck": deck})
    state = start(state, "power", [ref(state, 0, HOST)])
    return to_window(state, "challenge_won", defenders=[ref(state, 1, "cad_29")])


def test_summer_sea_scout_takes_the_revealed_prized_cards():
    state = _scout(["cad_35", KNIGHT, STEWARD])
    scout = ref(state, 1, "cad_29")
    poleman, knight, steward = state.players[1].deck
    state = use(state, 1, scout)
    assert poleman in state.players[1].hand
    assert state.players[1].deck == [knight, steward]


def test_summer_sea_scout_orders_the_non_prized_cards():
    state = _scout([KNIGHT, STEWARD, "cad_35"])
    scout = ref(state, 1, "cad_29")
    knight, steward, poleman = state.players[1].deck
    state = use(state, 1, scout)
    state = answer(state, "deck_order", [steward])
    assert state.players[1].deck == [steward, knight, poleman]
    assert not state.players[1].hand


def test_summer_sea_scout_not_after_losing_as_the_attacker():
    state = joust({"in_play": ["cad_29"], "deck": [KNIGHT] * 3}, {"in_play": [HOST]})
    scout = ref(state, 0, "cad_29")
    state = start(state, "power", [scout])
    state = never_offered(state, 0, scout, defenders=[ref(state, 1, HOST)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 1


# --- cad_32 Ser Edmure Tully -------------------------------------------------------------------


def test_ser_edmure_tully_shuffles_a_card_back_into_its_owners_deck():
    state = calm_marshalling(
        {"in_play": ["cad_32"], "deck": [KNIGHT]}, {"dead": [HOST], "deck": [STEWARD]}
    )
    edmure = ref(state, 0, "cad_32")
    host = state.players[1].dead[0]
    state = use(state, 0, edmure, host)
    assert not state.players[1].dead
    assert codes(state, state.players[1].deck) == names(HOST, STEWARD)


def test_ser_edmure_tully_once_per_round():
    state = calm_marshalling({"in_play": ["cad_32"], "discard": [KNIGHT, STEWARD]}, {})
    edmure = ref(state, 0, "cad_32")
    knight = state.players[0].discard[0]
    state = use(state, 0, edmure, knight)
    assert codes(state, state.players[0].deck) == names(KNIGHT)
    assert not uses(state, 0, edmure)


# --- cad_39 Vargo Hoat -----------------------------------------------------------------------


def _vargo_marshalled(them=None):
    state = calm_marshalling({"hand": ["cad_39"], "gold": 5}, them)
    vargo = hand(state, 0, "cad_39")[0]
    (marshal,) = marshals(state, 0, vargo)
    state = apply(state, marshal)
    return state, vargo


def test_vargo_hoat_kneels_a_house_card_as_he_enters_play():
    state, vargo = _vargo_marshalled()
    state = use(state, 0, vargo)
    assert head(state)["options"] == ["0", "1"]
    state = choose(state, "1")
    assert "house_knelt:1" in state.used
    assert head(state).get("purpose") != "discard_agenda"  # no character agenda there
    state, vargo = _vargo_marshalled()
    state.used.append("house_knelt:0")
    state = use(state, 0, vargo)  # a knelt House card cannot be chosen: the only one left
    assert "house_knelt:1" in state.used


def test_vargo_hoat_may_discard_a_character_agenda():
    for answer_word, discarded in (("discard", True), ("keep", False)):
        state, vargo = _vargo_marshalled()
        agenda = state.new_card(AGENDA_CHARACTER, 1)
        become_agenda(state, 1, agenda)
        state = use(state, 0, vargo)
        state = choose(state, "1")
        state = choose(state, answer_word)
        assert (agenda in state.players[1].discard) is discarded
        assert (state.players[1].agenda_card is None) is discarded


def test_vargo_hoat_only_as_he_enters_play():
    state = calm_marshalling({"in_play": ["cad_39"], "hand": [KNIGHT], "gold": 5})
    vargo = ref(state, 0, "cad_39")
    (marshal,) = marshals(state, 0, hand(state, 0, KNIGHT)[0])
    state = apply(state, marshal)
    assert not uses(state, 0, vargo)


# --- cad_31 Desert Raider -----------------------------------------------------------------------


def test_desert_raider_comes_back_after_a_lost_challenge_and_takes_an_icon():
    state = joust(
        {"house": "Martell", "in_play": [KNIGHT], "dead": ["cad_31"]}, {"in_play": [HOST]}
    )
    raider, host = state.players[0].dead[0], ref(state, 1, HOST)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = to_window(state, "challenge_won", defenders=[host])
    state = use(state, 0, raider)
    assert raider in state.in_play
    state = answer(state, "raider_character", [host])
    state = choose(state, "power")
    assert "power" not in icons(state, host) and "power" in icons(state, raider)
    assert "intrigue" not in icons(state, raider)


def test_desert_raider_not_after_a_won_challenge():
    state = joust(
        {"house": "Martell", "in_play": [HOST], "dead": ["cad_31"]}, {"in_play": [KNIGHT]}
    )
    raider = state.players[0].dead[0]
    state = start(state, "power", [ref(state, 0, HOST)])
    never_offered(state, 0, raider, defenders=[ref(state, 1, KNIGHT)])


# --- cad_38 Shagwell ---------------------------------------------------------------------------

MERCENARY = "core_120"  # The Titan's Bastard, a Mercenary character (cost 3)


def _shagwell(house="Neutral", card=MERCENARY):
    state = calm_marshalling(
        {"house": house, "in_play": ["cad_38"], "hand": [card, card], "gold": 10},
        {"in_play": [KNIGHT, HOST]},
    )
    shagwell = ref(state, 0, "cad_38")
    (marshal,) = marshals(state, 0, hand(state, 0, card)[0])
    return apply(state, marshal), shagwell


def test_shagwell_kneels_a_non_army_character_after_you_play_a_mercenary():
    state, shagwell = _shagwell()
    knight, host = ref(state, 1, KNIGHT), ref(state, 1, HOST)
    targets = {a.cards[1] for a in uses(state, 0, shagwell)}
    assert knight in targets and host not in targets  # the Host is an Army
    state = use(state, 0, shagwell, knight)
    assert state.in_play[knight].knelt
    state = pass_windows(state)
    (marshal,) = marshals(state, 0, hand(state, 0, MERCENARY)[0])
    state = apply(state, marshal)
    assert not uses(state, 0, shagwell)  # once per round


def test_shagwell_needs_the_neutral_house_card_and_a_mercenary():
    state, shagwell = _shagwell(house="Stark")
    assert not uses(state, 0, shagwell)
    state, shagwell = _shagwell(card=KNIGHT)
    assert not uses(state, 0, shagwell)


# --- cad_26 Ser Robert Strong ----------------------------------------------------------------


def _marshal_knight(dead, robert_seat=0):
    robert = {"in_play": ["cad_26"]}
    me = {"house": "Lannister", "hand": [KNIGHT], "gold": 5, "dead": dead}
    state = calm_marshalling(
        {**me, **robert} if robert_seat == 0 else me, robert if robert_seat else None
    )
    knight = hand(state, 0, KNIGHT)[0]
    (marshal,) = marshals(state, 0, knight)
    return apply(state, marshal), knight


def test_ser_robert_strong_makes_cheap_characters_come_into_play_knelt():
    state, knight = _marshal_knight([STEWARD] * 3)  # cost 2 < 3 characters dead
    assert state.in_play[knight].knelt
    state, knight = _marshal_knight([STEWARD] * 3, robert_seat=1)  # an opponent's Robert
    assert state.in_play[knight].knelt


def test_ser_robert_strong_not_with_as_many_dead_characters_as_the_cost():
    state, knight = _marshal_knight([STEWARD] * 2)
    assert not state.in_play[knight].knelt
    state, knight = _marshal_knight([STEWARD, STEWARD, "Milk of the Poppy"])  # not a character
    assert not state.in_play[knight].knelt


def test_ser_robert_strong_also_when_put_into_play():
    # Desert Raider (cost 2) comes back from a dead pile that holds 3 other characters.
    state = joust(
        {"house": "Martell", "in_play": [KNIGHT], "dead": ["cad_31", STEWARD, STEWARD, STEWARD]},
        {"in_play": [HOST, "cad_26"]},
    )
    raider, host = state.players[0].dead[0], ref(state, 1, HOST)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = to_window(state, "challenge_won", defenders=[host])
    state = use(state, 0, raider)
    assert state.in_play[raider].knelt
