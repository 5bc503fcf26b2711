"""Reach of the Kraken plots (gameplay/engine/cards/reach_of_the_kraken/plots.py) and Black
Sails (gameplay/engine/cards/agendas/black_sails.py).

Fillers: Host of Storm's End (Baratheon, 6 STR), Knight of the Tumblestone (Stark, 2 STR),
Great Keep (core_29, a location), Above the Sorrows (btns_18, a River plot: "discard the top
card of each opponent's deck"), Fleet from Pyke (asots_5, military with a [Naval]
enhancement)."""

from __future__ import annotations

from gameplay.engine.abilities import agenda_of
from gameplay.engine.game import apply, legal_actions
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    act,
    agenda_position,
    answer,
    build,
    choose,
    code,
    head,
    pass_until,
    plots_revealed,
    ref,
    start,
    until_window,
    use,
)
from tests.gameplay.scenario import settle

SCHEME = "asots_9"
BLACK_SAILS = "asots_18"
NAVAL_REINFORCEMENTS = "asots_19"
CROSSING = "asots_20"
SORROWS = "btns_18"  # Above the Sorrows
LOCATION = "core_29"
PYKE = "asots_5"


def _pile(state, seat, zone, name):
    return [r for r in getattr(state.players[seat], zone) if state.code(r) == code(name)]


# --- asots_9 Melisandre's Scheme -------------------------------------------------------------


def _scheme(plot: str):
    players = [
        {"house": "Baratheon", "revealed_plot": plot, "discard": [HOST, KNIGHT], "gold": 10},
        {"revealed_plot": CALM},
    ]
    return build(players=players)


def _marshals_from_pile(state, card):
    return [a for a in legal_actions(state, 0) if a.kind.startswith("marshal") and card in a.cards]


def test_melisandres_scheme_marshals_baratheon_characters_from_the_discard_pile():
    state = _scheme(SCHEME)
    (host,) = _pile(state, 0, "discard", HOST)
    found = _marshals_from_pile(state, host)
    assert found
    state = apply(state, found[0])
    assert host in state.players[0].in_play


def test_melisandres_scheme_only_baratheon_characters():
    state = _scheme(SCHEME)
    (knight,) = _pile(state, 0, "discard", KNIGHT)
    assert not _marshals_from_pile(state, knight)


def test_melisandres_scheme_only_while_revealed():
    state = _scheme(CALM)
    (host,) = _pile(state, 0, "discard", HOST)
    assert not _marshals_from_pile(state, host)


# --- asots_19 Naval Reinforcements -----------------------------------------------------------


def _reinforcements(agenda: bool):
    players = [{"plot_deck": [NAVAL_REINFORCEMENTS]}, {"plot_deck": [CALM]}]
    state = build(phase="plot", players=players, auto_pass=False)
    if agenda:
        state.players[0].agenda = BLACK_SAILS
        state.new_card(BLACK_SAILS, 0)
        for cache in ("_passive_cache", "_agenda_cards"):
            state.__dict__.pop(cache, None)
    held = [state.new_card(code(KNIGHT), 0), state.new_card(LOCATION, 0)]
    state.players[0].hold = list(held)
    state = settle(state)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, 0, "first_player", choice="0")
    return state, held


def test_naval_reinforcements_adds_a_character_from_the_hold():
    state, (knight, location) = _reinforcements(agenda=True)
    assert head(state).get("purpose") == "the_hold"
    assert head(state)["candidates"] == [knight]
    state = answer(state, "the_hold", [knight])
    assert knight in state.players[0].hand and state.players[0].hold == [location]


def test_naval_reinforcements_needs_black_sails():
    state, held = _reinforcements(agenda=False)
    assert head(state).get("purpose") != "the_hold"
    assert state.players[0].hold == held and state.players[0].hand == []


# --- asots_20 Crossing the Ruby Ford ---------------------------------------------------------


def _crossing(them: dict):
    me = {"used_plots": [SORROWS]}
    return plots_revealed(CROSSING, CALM, me=me, them={"deck": [KNIGHT, KNIGHT], **them})


def test_crossing_the_ruby_ford_discards_a_power_then_triggers_the_river_plot():
    state = _crossing({"in_play": [{"card": HOST, "power": 1}], "power": 2})
    host = ref(state, 1, HOST)
    assert head(state).get("purpose") == "discard_power" and head(state)["seat"] == 1
    state = choose(state, host)
    assert state.in_play[host].power == 0 and state.players[1].power == 2
    assert len(state.players[1].discard) == 1  # Above the Sorrows: the top card of the deck


def test_crossing_the_ruby_ford_house_power():
    state = _crossing({"in_play": [{"card": HOST, "power": 1}], "power": 2})
    state = choose(state, "house")
    assert state.players[1].power == 1 and state.in_play[ref(state, 1, HOST)].power == 1


def test_crossing_the_ruby_ford_if_able():
    state = _crossing({"in_play": [HOST]})
    assert head(state).get("purpose") != "discard_power"
    assert len(state.players[1].discard) == 1  # the River plot still resolves


# --- asots_18 Black Sails --------------------------------------------------------------------


def test_black_sails_takes_a_hold_card_after_a_naval_win():
    state = agenda_position([{"in_play": [PYKE], "house": "Greyjoy"}, {}], {0: BLACK_SAILS})
    held = state.new_card(code(KNIGHT), 0)
    state.players[0].hold.append(held)
    state = until_window(start(state, "military", [ref(state, 0, PYKE)]), "challenge_won")
    state = use(state, 0, agenda_of(state, 0))
    state = answer(state, "the_hold", [held])
    state = pass_until(state, lambda now: now.phase != "challenges")
    assert held in state.players[0].hand and state.players[0].hold == []
