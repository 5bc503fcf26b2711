"""The Pirates of Lys locations (gameplay/engine/cards/the_pirates_of_lys/locations.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting
from gameplay.engine.cards.vocabulary import naval_icons
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    apply,
    at_point,
    code,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    marshalling,
    marshals,
    pass_windows,
    ref,
    start,
    to_window,
    until_prompt,
    until_seat,
    until_window,
    use,
    uses,
    watch,
)

PORT, SWAMPS, TITANS, DOCKS, BALERION = "asots_48", "asots_51", "asots_52", "asots_53", "asots_56"
MARAUDER = "asots_24"  # Ironborn Marauder: 2 STR, [Naval] on its military icon
HIGH_GROUND = "qod_41"  # kneel it to stand a knelt character
MINES = "Golden Tooth Mines"  # location
VISERION = "qod_25"  # Ambush 4, military and power
CHASER = "acoa_59"  # Dragon Chaser: Ambush 4, military and intrigue
NARROW_SEA = "core_33"  # a location with 1 influence


def _knelt(card):
    return {"card": card, "knelt": True}


def _done(state):
    return state.challenge is None


# --- asots_48 Oakenshield Port -----------------------------------------------------------


def test_oakenshield_port_enters_play_with_six_gold():
    state = marshalling({"house": "Baratheon", "hand": [PORT], "gold": 5})
    card = hand(state, 0, PORT)[0]
    action = next(a for a in marshals(state, 0, card) if a.kind.startswith("marshal"))
    state = apply(state, action)
    assert state.in_play[card].gold == 6 and state.players[0].gold == 3


def _port_won(naval=False):
    state = joust(
        {"house": "Baratheon", "in_play": [PORT, HOST]}, {"in_play": [_knelt(KNIGHT)], "power": 9}
    )
    port, host = ref(state, 0, PORT), ref(state, 0, HOST)
    state.in_play[port].gold = 6
    if naval:
        add_lasting(state, "naval", host, "phase", None, add=["power"])
    state = start(state, "power", [host])
    return to_window(state, "challenge_won"), port


def test_oakenshield_port_discards_a_token_to_claim_one_power():
    state, port = _port_won()
    power = state.players[0].power
    state = use(state, 0, port)
    assert state.in_play[port].gold == 5 and state.players[0].power == power + 1


def test_oakenshield_port_two_tokens_for_two_power_with_a_naval_participant():
    state, port = _port_won(naval=True)
    power = state.players[0].power
    state = use(state, 0, port)
    assert state.in_play[port].gold == 4 and state.players[0].power == power + 2


def test_oakenshield_port_not_after_a_loss_nor_without_gold():
    state = joust({"in_play": [KNIGHT]}, {"house": "Baratheon", "in_play": [PORT, HOST]})
    port = ref(state, 1, PORT)
    state.in_play[port].gold = 6
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state, offered = watch(state, 1, port, _done)
    assert not offered  # seat 1 declared no defender: it lost
    state = joust({"house": "Baratheon", "in_play": [PORT, HOST]}, {"in_play": [_knelt(KNIGHT)]})
    port = ref(state, 0, PORT)
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, port, _done)
    assert not offered  # no gold on it


# --- asots_51 Swamps of the Neck ---------------------------------------------------------


def test_swamps_of_the_neck_stands_and_removes_a_participant():
    state = joust({"in_play": [SWAMPS, HOST, KNIGHT]}, {"in_play": [KNIGHT]})
    swamps, knight = ref(state, 0, SWAMPS), ref(state, 0, KNIGHT)
    state = start(state, "power", [ref(state, 0, HOST), knight])
    state = at_point(state, "after_attackers")
    state = until_seat(state, 0)
    assert {a.cards[1] for a in uses(state, 0, swamps)} == {ref(state, 0, HOST), knight}
    state = use(state, 0, swamps, knight)
    assert not state.in_play[knight].knelt and knight not in state.challenge["attackers"]
    assert state.in_play[swamps].knelt


def test_swamps_of_the_neck_not_outside_a_challenge():
    state = joust({"in_play": [SWAMPS, HOST]}, {"in_play": [KNIGHT]})
    state = pass_windows(state)
    assert not uses(state, 0, ref(state, 0, SWAMPS))


# --- asots_52 Titan's Daughter -----------------------------------------------------------


def test_titans_daughter_kneels_a_defender_and_searches_after_a_win():
    state = joust(
        {"house": "Greyjoy", "in_play": [MARAUDER]},
        {"in_play": [TITANS, HOST, KNIGHT], "deck": [STEWARD, KNIGHT, MINES]},
    )
    titans, host = ref(state, 1, TITANS), ref(state, 1, HOST)
    state = start(state, "military", [ref(state, 0, MARAUDER)])
    state = until_window(state, "attackers_declared")
    state = until_seat(state, 1)
    state = use(state, 1, titans, host)
    assert state.in_play[host].knelt and host in state.challenge["defenders"]
    state = until_prompt(state, "defenders")
    state = apply(state, next(a for a in legal_actions(state, 1) if a.kind == "done"))
    state = until_prompt(state, "search")
    assert head(state)["seat"] == 1
    knight = next(r for r in head(state)["candidates"] if state.code(r) == code(KNIGHT))
    assert all(state.code(r) != code(MINES) for r in head(state)["candidates"])
    state = apply(
        state,
        next(a for a in legal_actions(state, 1) if a.kind == "select" and a.cards == (knight,)),
    )
    if head(state).get("purpose") == "search":
        state = apply(state, next(a for a in legal_actions(state, 1) if a.kind == "done"))
    assert state.players[1].deck[0] == knight


def test_titans_daughter_only_against_a_naval_attacker_and_no_search_after_a_loss():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [TITANS, HOST], "deck": [STEWARD, KNIGHT]})
    titans = ref(state, 1, TITANS)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state, offered = watch(state, 1, titans, _done)
    assert not offered
    state = joust(
        {"house": "Greyjoy", "in_play": [MARAUDER, HOST]},
        {"in_play": [TITANS, KNIGHT], "deck": [STEWARD, KNIGHT]},
    )
    titans, knight = ref(state, 1, TITANS), ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, MARAUDER), ref(state, 0, HOST)])
    state = until_window(state, "attackers_declared")
    state = until_seat(state, 1)
    state = use(state, 1, titans, knight)

    def no_search(now):
        assert head(now).get("purpose") != "search"

    state = finish_challenge(state, check=no_search)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0


# --- asots_53 Hellholt Docks -------------------------------------------------------------


def test_hellholt_docks_kneels_a_location_after_an_opponent_kneels_one():
    state = pass_windows(
        joust(
            {"house": "Martell", "in_play": [DOCKS]},
            {"house": "Baratheon", "in_play": [HIGH_GROUND, MINES, _knelt(HOST)]},
        )
    )
    state = until_seat(state, 1)
    state = use(state, 1, ref(state, 1, HIGH_GROUND), ref(state, 1, HOST))
    state = until_window(state, "knelt")
    docks, mines = ref(state, 0, DOCKS), ref(state, 1, MINES)
    assert {a.cards[1] for a in uses(state, 0, docks)} == {mines}
    state = use(state, 0, docks, mines)
    assert state.in_play[mines].knelt and state.in_play[docks].knelt


def test_hellholt_docks_not_after_you_kneel_a_location():
    state = joust(
        {"house": "Baratheon", "in_play": [DOCKS, HIGH_GROUND, MINES, _knelt(HOST)]},
        {"in_play": [MINES]},
    )
    state = use(state, 0, ref(state, 0, HIGH_GROUND), ref(state, 0, HOST))
    assert not uses(state, 0, ref(state, 0, DOCKS))


# --- asots_56 Balerion -------------------------------------------------------------------


def _ambush(state, seat, card):
    return next(
        a for a in legal_actions(state, seat) if a.choice == "ambush" and a.cards[0] == card
    )


def _balerion_game(card):
    state = joust(
        {"house": "Targaryen", "in_play": [BALERION, *[NARROW_SEA] * 3], "hand": [card]},
        {"in_play": [_knelt(STEWARD)]},
    )
    return state


def test_balerion_lowers_the_next_ambush_and_the_character_claims_power_and_naval():
    state = _balerion_game(VISERION)
    viserion = hand(state, 0, VISERION)[0]
    assert not any(a.choice == "ambush" for a in legal_actions(state, 0))  # 4 influence
    state = use(state, 0, ref(state, 0, BALERION))
    state = until_seat(state, 0)
    state = apply(state, _ambush(state, 0, viserion))
    assert viserion in state.in_play
    assert state.in_play[viserion].power == 1
    assert naval_icons(state, viserion) == {"power"}


def test_balerion_gives_no_naval_enhancement_without_a_power_icon():
    state = _balerion_game(CHASER)
    chaser = hand(state, 0, CHASER)[0]
    state = use(state, 0, ref(state, 0, BALERION))
    state = until_seat(state, 0)
    state = apply(state, _ambush(state, 0, chaser))
    assert state.in_play[chaser].power == 1 and not naval_icons(state, chaser)
