"""A Time for Wolves locations, events and plot (gameplay/engine/cards/a_time_for_wolves/cards.py).

Fillers: Knight of the Tumblestone (Stark Knight, 2 STR, military and power), Lannisport
Steward (Lannister Ally, 2 STR, intrigue), Host of Storm's End (Baratheon Army, 6 STR)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import icons
from gameplay.engine.cards.vocabulary import is_prized
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    SEASON_PLOT,
    STEWARD,
    SUMMER,
    act,
    answer,
    challenge_without,
    choose,
    codes,
    defend,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    pass_until,
    plots_revealed,
    ref,
    start,
    until_seat,
    until_window,
    use,
    uses,
)

PAVILION, SALT, SOLAR, HIDDEN, VOLLEY, GATE, WOLVES = (
    "w_63",
    "w_65",
    "w_69",
    "w_70",
    "w_72",
    "w_75",
    "w_80",
)
KO = "w_74"  # Lesser Ko: "Challenges: Discard a card from your hand to give ..."
OBARA = "ator_31"  # Obara Sand, a Sand Snake
LOCATION = "The Roseroad"
MUMMERS_FORD = "kotse_48"  # After the Mummer's Ford, a Military Battle plot
PUP, SHAGGYDOG, GREY_WIND = "core_19", "core_11", "core_14"
SUMMER_WOLF = "core_3"  # Summer, a Stark Direwolf attachment
HATCHLING = "dotn_69"  # Green Hatchling, a [Targaryen] Creature


def _knelt(card):
    return {"card": card, "knelt": True}


# --- w_63 Renly's Pavilion -----------------------------------------------------------------


def test_renlys_pavilion_claims_a_power_after_you_reveal_a_plot():
    state = plots_revealed(CALM, CALM, me={"in_play": [PAVILION]})
    state = until_window(state, "plot_revealed")
    state = until_seat(state, 0)
    state = use(state, 0, ref(state, 0, PAVILION))
    assert state.players[0].power == 1
    assert not [e for e in events(state, "gold_gained") if e.get("reason") == "renlys_pavilion"]
    assert state.in_play[ref(state, 0, PAVILION)].knelt


def test_renlys_pavilion_gains_a_gold_in_summer():
    state = plots_revealed(CALM, CALM, me={"in_play": [PAVILION, SUMMER]})
    state = until_window(state, "plot_revealed")
    state = until_seat(state, 0)
    state = use(state, 0, ref(state, 0, PAVILION))
    assert state.players[0].power == 1
    (gained,) = [e for e in events(state, "gold_gained") if e.get("reason") == "renlys_pavilion"]
    assert gained["gold"] == 1


def test_renlys_pavilion_not_after_an_opponent_reveals():
    state = plots_revealed(CALM, CALM, them={"in_play": [PAVILION]})
    state = until_window(state, "plot_revealed")
    pavilion = ref(state, 1, PAVILION)
    assert len(uses(state, 1, pavilion)) <= 1
    state = until_seat(state, 1)
    state = use(state, 1, pavilion)
    assert state.players[1].power == 1


# --- w_65 Salt and Iron ----------------------------------------------------------------------


def _two_unopposed(wins: int):
    them = {"in_play": [_knelt(KNIGHT), _knelt(KNIGHT), LOCATION]}
    state = joust({"house": "Greyjoy", "in_play": [KNIGHT, STEWARD], "hand": [SALT]}, them)
    state = finish_challenge(start(state, "military", [ref(state, 0, KNIGHT)]))
    if wins > 1:
        state = finish_challenge(start(state, "intrigue", [ref(state, 0, STEWARD)]))
    return until_seat(state, 0)


def test_salt_and_iron_discards_a_character_and_a_location():
    state = _two_unopposed(2)
    knight, road = ref(state, 1, KNIGHT), ref(state, 1, LOCATION)
    state = use(state, 0, hand(state, 0, SALT)[0])
    state = answer(state, "discard", [knight])
    if head(state).get("purpose") == "discard":
        state = answer(state, "discard", [road])
    assert knight not in state.in_play and road not in state.in_play
    assert {state.code(r) for r in state.players[1].discard} >= {state.code(knight)}


def test_salt_and_iron_needs_two_unopposed_wins_this_phase():
    state = _two_unopposed(1)
    assert not uses(state, 0, hand(state, 0, SALT)[0])


# --- w_69 Doran's Solar ----------------------------------------------------------------------


def test_dorans_solar_draws_two_after_a_discard_from_your_hand():
    state = joust(
        {"house": "Martell", "in_play": [SOLAR, KO], "hand": [KNIGHT], "deck": [STEWARD] * 3},
        {},
    )
    state = use(state, 0, ref(state, 0, KO))
    state = until_window(state, "discarded_from_hand")
    state = until_seat(state, 0)
    state = use(state, 0, ref(state, 0, SOLAR))
    assert len(state.players[0].hand) == 2
    assert state.players[0].limited_response_used


def test_dorans_solar_not_after_an_opponents_discard():
    state = joust(
        {"house": "Martell", "in_play": [SOLAR], "deck": [STEWARD] * 3},
        {"in_play": [KO], "hand": [KNIGHT]},
    )
    state = until_seat(state, 1)
    state = use(state, 1, ref(state, 1, KO))
    assert head(state).get("trigger") != "discarded_from_hand" or not uses(
        state, 0, ref(state, 0, SOLAR)
    )


# --- w_70 A Hidden Game ----------------------------------------------------------------------


def _lost():
    state = joust(
        {"house": "Martell", "in_play": [OBARA, KNIGHT], "hand": [HIDDEN]},
        {"in_play": [HOST]},
    )
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = defend(state, [ref(state, 1, HOST)])
    return state


def test_a_hidden_game_makes_a_character_prized_and_iconless():
    state = _lost()
    host = ref(state, 1, HOST)
    obara = ref(state, 0, OBARA)
    state = until_window(state, "challenge_won")
    state = until_seat(state, 0)
    state = use(state, 0, hand(state, 0, HIDDEN)[0], obara)
    assert any(state.code(r) == OBARA for r in state.players[0].dead)
    state = answer(state, "prized", [host])
    assert icons(state, host) == set() and is_prized(state, host)
    moves.kill(state, [host])
    run(state)

    def prized_power(now):
        return [e for e in events(now, "power") if e.get("reason") == "prized"]

    state = pass_until(state, lambda now: bool(prized_power(now)))
    prized = prized_power(state)
    assert [(e["seat"], e["amount"]) for e in prized] == [(0, 1)]


def test_a_hidden_game_only_after_you_lose_and_only_a_sand_snake():
    state = joust(
        {"house": "Martell", "in_play": [OBARA, KNIGHT], "hand": [HIDDEN]},
        {"in_play": [_knelt(HOST)]},
    )
    challenge_without(state, "power", [ref(state, 0, KNIGHT)], 0, hand(state, 0, HIDDEN)[0])
    state = _lost()
    state = until_window(state, "challenge_won")
    state = until_seat(state, 0)
    targets = {a.cards[1] for a in uses(state, 0, hand(state, 0, HIDDEN)[0])}
    assert targets == {ref(state, 0, OBARA)}


# --- w_72 Volley of Arrows -------------------------------------------------------------------


def _volley(plot):
    state = joust(
        {"in_play": [KNIGHT, STEWARD, STEWARD], "hand": [VOLLEY], "revealed_plot": plot},
        {"in_play": [HOST]},
    )
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = defend(state, [])
    state = until_seat(state, 0)
    return state


def test_volley_of_arrows_adds_str_and_claims_a_power_with_a_military_battle_plot():
    state = _volley(MUMMERS_FORD)
    knight = ref(state, 0, KNIGHT)
    state = use(state, 0, hand(state, 0, VOLLEY)[0], knight)
    state = pass_until(state, lambda s: bool(events(s, "challenge_resolved")))
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"][0] == 4
    state = finish_challenge(state)
    assert state.in_play[knight].power == 1


def test_volley_of_arrows_no_power_without_a_military_battle_plot():
    state = _volley(SEASON_PLOT)
    knight = ref(state, 0, KNIGHT)
    state = use(state, 0, hand(state, 0, VOLLEY)[0], knight)
    state = finish_challenge(state)
    assert state.in_play[knight].power == 0


def test_volley_of_arrows_chooses_only_a_participating_stark_character():
    state = joust({"in_play": [KNIGHT, KNIGHT, STEWARD], "hand": [VOLLEY]}, {"in_play": [HOST]})
    attackers = [ref(state, 0, KNIGHT), ref(state, 0, STEWARD)]
    state = start(state, "military", attackers[:1])
    state = defend(state, [])
    state = until_seat(state, 0)
    targets = {a.cards[1] for a in uses(state, 0, hand(state, 0, VOLLEY)[0])}
    assert targets == {attackers[0]}


# --- w_75 Horse Gate -------------------------------------------------------------------------


def test_horse_gate_raises_power_claim():
    state = joust(
        {"house": "Targaryen", "in_play": [GATE, KNIGHT]},
        {"in_play": [_knelt(KNIGHT)], "power": 5},
    )
    state = finish_challenge(start(state, "power", [ref(state, 0, KNIGHT)]))
    assert state.players[1].power == 3


def test_horse_gate_not_in_other_challenges():
    state = joust(
        {"house": "Targaryen", "in_play": [GATE, KNIGHT]},
        {"in_play": [_knelt(KNIGHT), _knelt(KNIGHT)]},
    )
    state = finish_challenge(start(state, "military", [ref(state, 0, KNIGHT)]))
    assert len(state.players[1].dead) == 1


# --- w_80 A Time for Wolves ------------------------------------------------------------------


def _wolves():
    deck = [PUP, SUMMER_WOLF, STEWARD, GREY_WIND, HATCHLING, "core_137"]
    state = plots_revealed(WOLVES, CALM, me={"deck": deck, "in_play": [KNIGHT]})
    state = pass_until(state, lambda s: head(s).get("purpose") == "search")
    return state


def test_a_time_for_wolves_finds_a_creature_of_cost_three_or_lower():
    state = _wolves()
    found = head(state)["candidates"]
    assert codes(state, found) == sorted([PUP, SUMMER_WOLF, "core_137"])


def test_a_time_for_wolves_puts_a_direwolf_into_play():
    state = _wolves()
    pup = next(r for r in head(state)["candidates"] if state.code(r) == PUP)
    state = act(state, 0, "select", [pup])
    if head(state).get("purpose") == "search":
        state = act(state, 0, "done")
    assert head(state)["purpose"] == "put_into_play"
    state = choose(state, "play")
    assert any(state.code(r) == PUP for r in state.players[0].in_play)


def test_a_time_for_wolves_keeps_a_direwolf_in_hand_when_asked():
    state = _wolves()
    pup = next(r for r in head(state)["candidates"] if state.code(r) == PUP)
    state = act(state, 0, "select", [pup])
    if head(state).get("purpose") == "search":
        state = act(state, 0, "done")
    state = choose(state, "hand")
    assert PUP in [state.code(r) for r in state.players[0].hand]
    assert PUP not in [state.code(r) for r in state.players[0].in_play]
