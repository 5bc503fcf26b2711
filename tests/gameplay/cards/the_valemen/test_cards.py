"""The Valemen events, locations and plots (gameplay/engine/cards/the_valemen/cards.py).

Fillers: Host of Storm's End (Baratheon Army, 6 STR, military and power, printed cost 6),
Knight of the Tumblestone (2 STR, military and power, printed cost 2), Lannisport Steward
(2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from gameplay.engine.challenges import claim_value
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    challenge_without,
    events,
    hand,
    head,
    joust,
    pass_until,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.epictest import play_battle, plot_phase, until_epic_turn

GREEN_FORK, GAMBIT, RED_MOUNTAIN, TOLORRO = "w_47", "w_49", "w_50", "w_56"
MOON_DOOR, COUNCIL, WITHERING = "w_58", "w_59", "w_60"
GUNTHOR = "w_45"  # unique Clansman
CLAN_SCOUT = "w_67"  # non-unique Clansman, no text
BEN = "core_118"  # Brown Ben Plumm: unique Mercenary, no text
SARELLA = "pots_6"  # Sand Snake, military and intrigue, 3 STR
JON_ARRYN = "kl_57"  # unique House Arryn character
INFORMANT = "w_57"  # non-unique House Arryn character
HEDGE_KNIGHT = "kotst_40"  # printed cost 1, no text


def _knelt(card):
    return {"card": card, "knelt": True}


# --- w_47 Battle of the Green Fork ----------------------------------------------------------------


def test_battle_of_the_green_fork_unique_clansmen_and_mercenaries_gain_melee():
    state = plot_phase(
        [
            {"house": "Lannister", "hand": [GREEN_FORK], "in_play": [GUNTHOR, CLAN_SCOUT]},
            {"house": "Targaryen", "in_play": [BEN]},
        ]
    )
    gunthor, scout, ben = ref(state, 0, GUNTHOR), ref(state, 0, CLAN_SCOUT), ref(state, 1, BEN)
    state = play_battle(state, 0, GREEN_FORK)
    assert events(state, "epic_battle")[-1]["types"] == ["military"]
    assert "melee" not in keywords(state, gunthor)  # not before its epic phase
    state = until_epic_turn(state, 0)
    assert "melee" in keywords(state, gunthor) and "melee" in keywords(state, ben)
    assert "melee" not in keywords(state, scout)  # not unique
    state = pass_until(state, lambda s: s.phase != "epic", limit=80)
    assert "melee" not in keywords(state, gunthor)


# --- w_49 An Opening Gambit -----------------------------------------------------------------------


def _gambit(hosts=1, first=None):
    me = {"in_play": [HOST] * hosts}
    them = {"house": "Martell", "in_play": [SARELLA, STEWARD], "hand": [GAMBIT]}
    them["deck"] = [KNIGHT] * 3
    state = joust(me, them)
    sarella, steward = ref(state, 1, SARELLA), ref(state, 1, STEWARD)
    if first is not None:  # an undefended challenge first
        state = start(state, first, [ref(state, 0, HOST, 1)])
        state = pass_until(state, lambda s: s.challenge is None, limit=40)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "challenge_won", defenders=[sarella], claim=[steward])
    return state, sarella


def test_an_opening_gambit_after_the_first_challenge_power_stand_and_draw():
    state, sarella = _gambit()
    gambit = hand(state, 1, GAMBIT)[0]
    assert [a.cards[1:] for a in uses(state, 1, gambit)] == [(sarella,)]
    cards = len(state.players[1].hand)
    state = use(state, 1, gambit, sarella)
    assert state.in_play[sarella].power == 1
    assert sarella in [e["card"] for e in events(state, "stood")]
    assert len(state.players[1].hand) == cards  # the event left, one card drawn


def test_an_opening_gambit_after_a_later_challenge_only_the_power():
    state, sarella = _gambit(hosts=2, first="power")
    gambit = hand(state, 1, GAMBIT)[0]
    cards = len(state.players[1].hand)
    state = use(state, 1, gambit, sarella)
    assert state.in_play[sarella].power == 1
    assert sarella not in [e["card"] for e in events(state, "stood")]
    assert len(state.players[1].hand) == cards - 1


def test_an_opening_gambit_not_for_a_non_sand_snake_nor_after_a_win():
    me = {"in_play": [HOST]}
    them = {"house": "Martell", "in_play": [STEWARD, SARELLA], "hand": [GAMBIT]}
    state = joust(me, them)
    gambit = hand(state, 1, GAMBIT)[0]
    challenge_without(state, "military", [ref(state, 0, HOST)], 1, gambit)  # no defender
    state = joust({"in_play": [STEWARD]}, them)
    sarella = ref(state, 1, SARELLA)
    challenge_without(state, "intrigue", [ref(state, 0, STEWARD)], 1, gambit, [sarella])


# --- w_50 Red Mountain Keep -----------------------------------------------------------------------


def test_red_mountain_keep_shuffles_a_sand_snake_back_into_the_deck():
    me = {"house": "Martell", "in_play": [RED_MOUNTAIN], "dead": [SARELLA, STEWARD]}
    state = build(phase="dominance", players=[me, {}])
    keep = ref(state, 0, RED_MOUNTAIN)
    sarella, steward = state.players[0].dead
    assert [a.cards[1:] for a in uses(state, 0, keep)] == [(sarella,)]
    state = use(state, 0, keep, sarella)
    assert state.players[0].dead == [steward]
    assert [state.code(r) for r in state.players[0].deck] == [SARELLA]
    assert events(state, "pile_shuffled")


def test_red_mountain_keep_only_in_the_dominance_phase():
    me = {"house": "Martell", "in_play": [RED_MOUNTAIN, HOST], "dead": [SARELLA]}
    state = joust(me, {"in_play": [KNIGHT]})
    assert state.phase == "challenges"
    assert not uses(state, 0, ref(state, 0, RED_MOUNTAIN))


# --- w_56 Vaes Tolorro ----------------------------------------------------------------------------


def test_vaes_tolorro_raises_the_claim_in_military_challenges_only():
    me = {"house": "Targaryen", "in_play": [TOLORRO, HOST, STEWARD]}
    state = joust(me, {"in_play": [KNIGHT]})
    assert claim_value(state, 0) == 1
    military = start(state, "military", [ref(state, 0, HOST)])
    assert claim_value(military, 0) == 2 and claim_value(military, 1) == 1
    intrigue = start(state, "intrigue", [ref(state, 0, STEWARD)])
    assert claim_value(intrigue, 0) == 1


# --- w_58 The Moon Door ---------------------------------------------------------------------------


def test_the_moon_door_kneels_a_unique_house_arryn_character_to_kill():
    me = {"in_play": [MOON_DOOR, JON_ARRYN]}
    state = build(phase="dominance", players=[me, {"in_play": [KNIGHT, HOST]}])
    door, knight = ref(state, 0, MOON_DOOR), ref(state, 1, KNIGHT)
    found = {a.cards[1] for a in uses(state, 0, door)}
    assert knight in found and ref(state, 1, HOST) not in found  # printed cost 3 or lower
    state = use(state, 0, door, knight)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [ref(state, 0, JON_ARRYN)])
    assert knight in state.players[1].dead
    stood = events(state, "stood_all")[-1]["cards"]
    assert door in stood and ref(state, 0, JON_ARRYN) in stood  # both knelt for the cost


def test_the_moon_door_not_with_a_non_unique_house_arryn_character():
    me = {"in_play": [MOON_DOOR, INFORMANT]}
    state = build(phase="dominance", players=[me, {"in_play": [KNIGHT]}])
    assert not uses(state, 0, ref(state, 0, MOON_DOOR))


# --- w_59 Holding Council -------------------------------------------------------------------------


def _council(hand_cards):
    players = [
        {"revealed_plot": COUNCIL, "plot_deck": [CALM], "hand": hand_cards},
        {"revealed_plot": CALM, "plot_deck": [CALM]},
    ]
    state = build(phase="plot", players=players)
    for seat in (0, 1):
        if seat in waiting_seats(state) and head(state).get("name") == "choose_plots":
            state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    return state


def test_holding_council_puts_a_cost_one_card_into_play_from_hand():
    state = _council([HEDGE_KNIGHT, HOST])
    prompt = head(state)
    assert prompt["purpose"] == "put_into_play" and prompt["seat"] == 0
    hedge = hand(state, 0, HEDGE_KNIGHT)[0]
    assert prompt["candidates"] == [hedge]  # the Host costs more
    state = answer(state, "put_into_play", [hedge])
    assert hedge in state.players[0].in_play


def test_holding_council_asked_even_with_nothing_to_put_into_play():
    state = _council([HOST])
    prompt = head(state)
    assert prompt["purpose"] == "put_into_play" and prompt["candidates"] == []
    state = answer(state, "put_into_play", [])
    assert not any(state.code(r) == HOST for r in state.players[0].in_play)


# --- w_60 The Withering Cold ----------------------------------------------------------------------


def test_the_withering_cold_skips_the_standing_phase():
    players = [
        {"plot_deck": [WITHERING], "in_play": [_knelt(HOST)]},
        {"plot_deck": [CALM], "in_play": [_knelt(KNIGHT)]},
    ]
    state = build(phase="plot", players=players)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    assert events(state, "phase_skipped")[-1]["phase"] == "standing"
    state = pass_until(state, lambda s: head(s).get("name") == "choose_plots", limit=200)
    assert not events(state, "stood_all")
    assert state.in_play[ref(state, 1, KNIGHT)].knelt
