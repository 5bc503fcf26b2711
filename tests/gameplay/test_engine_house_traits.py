"""Card text's "House X" names a House only for the six great Houses (Stark, Lannister,
Baratheon, Greyjoy, Martell, Targaryen); House Tyrell, House Tully, House Dayne ... are
traits (issue 28). One vocabulary helper reads it (vocabulary.of_house_named): a character
with the trait qualifies whatever its House (a trait an effect gives counts too), one of
the House with the trait's name but without the trait does not."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, strength
from gameplay.engine.cards.vocabulary import of_house_named
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    hand,
    head,
    joust,
    ref,
    uses,
    waiting_seats,
)

STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue, Ally
KNIGHT = "Knight of the Tumblestone"  # Stark, House Tully trait
PUP = "core_19"  # Direwolf Pup: Stark, no House trait
HOST = "Host of Storm's End"  # Baratheon, Army, no House trait
INFORMER = "core_48"  # Enemy Informer: Lannister, House Tyrell trait
TYRELL_GUARD = "core_88"  # House Tyrell Guard: Baratheon, House Tyrell trait
CERSEI = "lotr_6"  # Cersei Lannister: Lannister, 3 STR, intrigue
SCHEMES = "lotr_42"  # Terminal Schemes: "choose and kill a non-House Tyrell character"
HOSTER = "low_21"  # Hoster Tully: "House Tully characters get +1 STR"
BANNERMAN = "ator_13"  # Starfall Bannerman: "If it is not Winter, House Dayne characters
# get +1 STR"
PARAMOUR = "pots_12"  # Martell, 1 STR, no House trait


def _give_trait(state, card: str, trait: str) -> None:
    add_lasting(state, "traits", card, "round", None, add=[trait])


def test_a_great_house_is_the_cards_house_any_other_is_a_trait():
    state = build(players=[{"in_play": [KNIGHT, PUP]}, {"in_play": [STEWARD, HOST]}])
    knight, pup = ref(state, 0, KNIGHT), ref(state, 0, PUP)
    steward, host = ref(state, 1, STEWARD), ref(state, 1, HOST)
    assert of_house_named(state, knight, "House Stark") and of_house_named(state, pup, "Stark")
    assert not of_house_named(state, steward, "House Stark")
    assert of_house_named(state, knight, "House Tully")  # the trait
    assert not of_house_named(state, pup, "House Tully")  # of House Stark, without it
    _give_trait(state, steward, "House Tully")  # a trait an effect gives counts
    assert of_house_named(state, steward, "House Tully")
    assert not of_house_named(state, host, "House Tyrell")  # no card is of a House Tyrell


def _won_intrigue(me: dict, them: dict):
    """Seat 0 wins an unopposed Intrigue challenge with every character it has (by 4 or
    more) and the ``challenge_won`` response window is open."""
    state = joust(me, them)
    while head(state).get("name") == "window" and head(state).get("point") != "before_challenge":
        state = act(state, waiting_seats(state)[0], "pass")
    state = act(state, 0, "challenge:intrigue", choice="1")
    state = answer(state, "attackers", list(state.players[0].in_play))
    for _ in range(40):
        step = head(state)
        if step.get("name") == "window" and step.get("trigger") == "challenge_won":
            return state
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") == "stealth":
            state = answer(state, "stealth", [])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no challenge_won window")


def test_lotr_42_terminal_schemes_spares_house_tyrell_characters_of_any_house():
    me = {"house": "Lannister", "in_play": [CERSEI, STEWARD], "hand": [SCHEMES]}
    state = _won_intrigue(me, {"in_play": [INFORMER, TYRELL_GUARD, HOST, PUP]})
    informer, guard = ref(state, 1, INFORMER), ref(state, 1, TYRELL_GUARD)
    host, pup = ref(state, 1, HOST), ref(state, 1, PUP)
    _give_trait(state, pup, "House Tyrell")
    schemes = hand(state, 0, SCHEMES)[0]
    targets = {a.cards[1] for a in uses(state, 0, schemes)}
    assert host in targets  # of House Baratheon, without the trait
    # With the House Tyrell trait: Lannister, Baratheon, and a Stark given it by an effect.
    assert not targets & {informer, guard, pup}


def test_low_21_hoster_tully_reads_the_house_tully_trait():
    state = build(players=[{"in_play": [HOSTER, KNIGHT, PUP]}, {"in_play": [STEWARD]}])
    knight, pup, steward = ref(state, 0, KNIGHT), ref(state, 0, PUP), ref(state, 1, STEWARD)
    assert strength(state, knight) == 3  # Stark with the trait: 2 + 1
    assert strength(state, pup) == 2  # Stark without it
    _give_trait(state, steward, "House Tully")  # a Lannister character with the trait
    assert strength(state, steward) == 3


def test_ator_13_starfall_bannerman_reads_the_house_dayne_trait():
    me = {"house": "Martell", "in_play": [BANNERMAN, PARAMOUR]}
    state = build(players=[me, {"in_play": [STEWARD]}])
    paramour, steward = ref(state, 0, PARAMOUR), ref(state, 1, STEWARD)
    assert strength(state, ref(state, 0, BANNERMAN)) == 2  # House Dayne itself: 1 + 1
    assert strength(state, paramour) == 1  # House Martell, not House Dayne
    _give_trait(state, steward, "House Dayne")
    assert strength(state, steward) == 3
