"""Ancestral Home Titles on the House card (gameplay/engine/cards/ancestral_home/titles.py):
"After you play a prized card, kneel attached House card to ..."."""

from __future__ import annotations

from gameplay.engine.abilities import allowed, keywords
from gameplay.engine.influence import house_mark
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    SEASON_PLOT,
    act,
    answer,
    calm_marshalling,
    code,
    hand,
    head,
    marshals,
    on_house,
    ref,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import apply

SOUTH, WEST, PRINCE, NORTH, KHAL = "cad_63", "cad_69", "cad_71", "cad_74", "cad_77"
HOSTER = "cad_72"  # Hoster Tully: prized 1, cost 1
STEWARD = "Lannisport Steward"  # no prized keyword


def _played(title, card=HOSTER, me=None, them=None):
    """Seat 0 marshals ``card`` with ``title`` on its House card: the ``played`` window."""
    me = {"hand": [card], "gold": 5, "in_play": [KNIGHT], **(me or {})}
    state = calm_marshalling(me, them or {"in_play": [{"card": HOST, "power": 2}]})
    placed = on_house(state, 0, title)
    state = apply(state, marshals(state, 0, hand(state, 0, card)[0])[0])
    return state, placed


def test_a_title_answers_a_prized_card_played_and_kneels_the_house_card():
    state, west = _played(WEST)
    host = ref(state, 1, HOST)
    state = use(state, 0, west, host)
    assert state.in_play[host].knelt and state.in_play[host].power == 0
    assert house_mark(0) in state.used


def test_a_title_not_after_a_card_without_prized():
    state, west = _played(WEST, card=STEWARD)
    assert not uses(state, 0, west)


def test_a_title_not_while_the_house_card_kneels():
    state = calm_marshalling({"hand": [HOSTER], "gold": 5}, {"in_play": [HOST]})
    west = on_house(state, 0, WEST)
    state.used.append(house_mark(0))
    state = apply(state, marshals(state, 0, hand(state, 0, HOSTER)[0])[0])
    assert not uses(state, 0, west)


def test_a_title_goes_only_on_the_house_card():
    state = calm_marshalling({"hand": [WEST], "gold": 5, "in_play": [KNIGHT]})
    choices = {a.cards[1:] for a in marshals(state, 0, hand(state, 0, WEST)[0])}
    assert choices == {()}  # no character
    assert all(a.choice == "house" for a in marshals(state, 0, hand(state, 0, WEST)[0]))


def test_warden_of_the_south_makes_the_opponent_reveal_a_new_plot():
    them = {"in_play": [HOST], "plot_deck": [SEASON_PLOT, CALM]}
    state, south = _played(SOUTH, them=them)
    state = use(state, 0, south)
    prompt = head(state)
    assert prompt["purpose"] == "new_plot" and prompt["seat"] == 1
    season = next(r for r in state.players[1].plot_deck if state.code(r) == code(SEASON_PLOT))
    state = answer(state, "new_plot", [season])
    assert state.players[1].revealed_plot == season


def test_prince_of_dorne_adds_one_of_the_top_five_to_the_hand():
    deck = [KNIGHT, STEWARD, HOST, KNIGHT, STEWARD, HOST, HOST]
    state, prince = _played(PRINCE, me={"deck": deck})
    top = list(state.players[0].deck[:5])
    state = use(state, 0, prince)
    prompt = head(state)
    assert prompt["purpose"] == "search" and sorted(prompt["candidates"]) == sorted(top)
    state = answer(state, "search", [top[2]])
    assert top[2] in state.players[0].hand and len(state.players[0].deck) == 6


def test_warden_of_the_north_gives_stealth_and_no_kneel_to_defend_for_the_round():
    state, north = _played(NORTH)
    knight = ref(state, 0, KNIGHT)
    state = use(state, 0, north, knight)
    assert "stealth" in keywords(state, knight)
    assert not allowed(state, "kneel_to_defend", knight)
    assert allowed(state, "kneel_to_attack", knight)


def test_khal_gives_deadly_and_no_kneel_in_power_challenges_only():
    state, khal = _played(KHAL)
    knight = ref(state, 0, KNIGHT)
    state = use(state, 0, khal, knight)
    assert "deadly" in keywords(state, knight)
    assert allowed(state, "kneel_to_attack", knight)  # no challenge now
    state.challenge = {"type": "power", "attackers": [], "defenders": []}
    assert not allowed(state, "kneel_to_attack", knight)
    assert not allowed(state, "kneel_to_defend", knight)
    state.challenge = {"type": "military", "attackers": [], "defenders": []}
    assert allowed(state, "kneel_to_attack", knight)


# --- cad_65 King of the Isles -------------------------------------------------------------

ISLES = "cad_65"
GREAT_WYK, KEEP = "cad_64", "core_29"  # Great Wyk, Great Keep (locations)


def _isles_then_wyk(use_isles=True):
    """Seat 0 plays Hoster Tully with King of the Isles on its House card (using its response
    or not), then the opponent uses Great Wyk on its Great Keep in seat 0's marshalling
    turn: the ``ability`` window of that effect."""
    state, isles = _played(ISLES, them={"in_play": [GREAT_WYK, KEEP]})
    if use_isles:
        state = use(state, 0, isles)
    state = until_window(state)
    wyk, keep = ref(state, 1, GREAT_WYK), ref(state, 1, KEEP)
    while waiting_seats(state)[0] != 1:
        state = act(state, waiting_seats(state)[0], "pass")
    return use(state, 1, wyk, keep), isles, keep


def test_king_of_the_isles_kneels_and_gains_a_cancel_for_the_round():
    state, isles, keep = _isles_then_wyk()
    assert state.in_play[isles].knelt
    state = use(state, 0, isles)
    assert house_mark(0) in state.used
    state = until_window(state)
    assert not state.in_play[keep].knelt  # cancelled


def test_king_of_the_isles_no_cancel_without_its_response():
    state, isles, _keep = _isles_then_wyk(use_isles=False)
    assert not uses(state, 0, isles)


def test_king_of_the_isles_response_only_while_it_stands():
    state = calm_marshalling({"hand": [HOSTER], "gold": 5})
    isles = on_house(state, 0, ISLES)
    state.in_play[isles].knelt = True
    state = apply(state, marshals(state, 0, hand(state, 0, HOSTER)[0])[0])
    assert not uses(state, 0, isles)
