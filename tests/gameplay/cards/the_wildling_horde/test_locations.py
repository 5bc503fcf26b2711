"""The Wildling Horde: the locations (the_wildling_horde/locations.py), played through legal
actions."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from gameplay.engine.challenges import side_strength
from gameplay.engine.observe import observe
from tests.gameplay.cards.the_wildling_horde.helpers import challenge_over
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    WINTER,
    act,
    at_point,
    hand,
    head,
    joust,
    pass_until,
    plots_revealed,
    ref,
    start,
    until_seat,
    use,
    uses,
    waiting_seats,
    watch,
)

KEEP = "dotn_62"
EASTWATCH = "dotn_66"
TOWER = "dotn_75"
FROSTFANG = "dotn_78"
RUMORS = "kl_116"  # Rumors of War: Any Phase event, choose a character: +3 STR
BENJEN = "Benjen Stark"  # a Night's Watch character, 3 STR, military and power, Stealth
DECK = [KNIGHT] * 6


# --- dotn_62 Borderland Keep ----------------------------------------------------------------


def _rumors_during(ctype: str):
    """Seat 0 (Stark, with Borderland Keep) attacks with a Knight; seat 1 plays Rumors of War
    on its Steward after attackers are declared."""
    state = joust(
        {"house": "Stark", "in_play": [KEEP, KNIGHT]},
        {"house": "Martell", "in_play": [STEWARD], "hand": [RUMORS]},
    )
    state = at_point(start(state, ctype, [ref(state, 0, KNIGHT)]), "after_attackers")
    state = until_seat(state, 1)
    steward = ref(state, 1, STEWARD)
    state = use(state, 1, hand(state, 1, RUMORS)[0], steward)
    return state, ref(state, 0, KEEP), steward


def test_dotn_62_borderland_keep_cancels_an_effect_during_a_military_challenge():
    state, keep, steward = _rumors_during("military")
    assert head(state).get("trigger") == "ability"
    state = use(state, 0, keep)
    assert keep in state.players[0].discard
    state = pass_until(state, lambda s: head(s).get("trigger") != "ability")
    assert strength(state, steward) == 2  # Rumors of War was cancelled


def test_dotn_62_borderland_keep_does_not_cancel_during_a_power_challenge():
    state, keep, steward = _rumors_during("power")
    assert head(state).get("trigger") != "ability" and not uses(state, 0, keep)
    assert strength(state, steward) == 5


def test_dotn_62_borderland_keep_does_not_cancel_outside_a_challenge():
    state = joust(
        {"house": "Stark", "in_play": [KEEP, KNIGHT]},
        {"house": "Martell", "in_play": [STEWARD], "hand": [RUMORS]},
    )
    state = until_seat(state, 1)  # before any challenge
    steward = ref(state, 1, STEWARD)
    state = use(state, 1, hand(state, 1, RUMORS)[0], steward)
    assert head(state).get("trigger") != "ability" and not uses(state, 0, ref(state, 0, KEEP))
    assert strength(state, steward) == 5


# --- dotn_66 Eastwatch-by-the-Sea -----------------------------------------------------------


def test_dotn_66_eastwatch_moves_power_after_an_opponent_reveals_a_plot():
    me = {"house": "Baratheon", "in_play": [EASTWATCH, {"card": KNIGHT, "power": 2}]}
    them = {"house": "Lannister", "in_play": [{"card": STEWARD, "power": 1}]}
    state = plots_revealed(CALM, CALM, me, them)
    eastwatch, steward = ref(state, 0, EASTWATCH), ref(state, 1, STEWARD)
    offered_on_mine = False
    for _ in range(20):
        step = head(state)
        if step.get("trigger") == "plot_revealed" and step["event"]["seat"] == 1:
            if waiting_seats(state)[0] == 0:
                break
        elif waiting_seats(state)[0] == 0 and uses(state, 0, eastwatch):
            offered_on_mine = True  # after my own reveal
        state = act(state, waiting_seats(state)[0], "pass")
    assert not offered_on_mine
    targets = {a.cards[1] for a in uses(state, 0, eastwatch)}
    assert targets == {ref(state, 0, KNIGHT), steward}  # characters with power, anyone's
    state = use(state, 0, eastwatch, steward)
    assert state.in_play[steward].power == 0 and state.players[1].power == 1


# --- dotn_75 The Shadow Tower ---------------------------------------------------------------


def test_dotn_75_the_shadow_tower_adds_2_str_with_a_participating_nights_watch():
    state = joust(
        {"house": "Stark", "in_play": [TOWER, BENJEN]}, {"house": "Lannister", "in_play": [KNIGHT]}
    )
    tower = ref(state, 0, TOWER)
    state = at_point(start(state, "military", [ref(state, 0, BENJEN)]), "after_attackers")
    state = until_seat(state, 0)
    assert side_strength(state, "attackers") == 3
    state = use(state, 0, tower)
    assert state.in_play[tower].knelt
    assert side_strength(state, "attackers") == 5
    assert observe(state, 1)["challenge"]["attacker_strength"] == 5


def test_dotn_75_the_shadow_tower_needs_a_participating_nights_watch_character():
    state = joust(
        {"house": "Stark", "in_play": [TOWER, BENJEN, HOST]},
        {"house": "Lannister", "in_play": [KNIGHT]},
    )
    tower = ref(state, 0, TOWER)
    assert not uses(state, 0, tower)  # no challenge yet
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, tower, challenge_over, [ref(state, 1, KNIGHT)])
    assert not offered


# --- dotn_78 Frostfang Peaks ----------------------------------------------------------------


def _frostfang(extra: list):
    me = {"house": "Stark", "in_play": [FROSTFANG, *extra]}
    state = plots_revealed(CALM, CALM, me, {"house": "Lannister", "deck": DECK})
    frostfang = ref(state, 0, FROSTFANG)
    offered_on_theirs = False
    for _ in range(20):
        step = head(state)
        mine = step.get("trigger") == "plot_revealed" and step["event"]["seat"] == 0
        if mine and waiting_seats(state)[0] == 0:
            break
        if waiting_seats(state)[0] == 0 and uses(state, 0, frostfang):
            offered_on_theirs = True
        state = act(state, waiting_seats(state)[0], "pass")
    assert not offered_on_theirs
    return use(state, 0, frostfang)


def test_dotn_78_frostfang_peaks_discards_the_top_card_of_each_opponents_deck():
    state = _frostfang([])
    assert len(state.players[1].discard) == 1  # then the draw phase drew 2


def test_dotn_78_frostfang_peaks_discards_2_cards_in_winter():
    state = _frostfang([WINTER])
    assert len(state.players[1].discard) == 2


def test_dotn_78_frostfang_peaks_is_not_offered_after_an_opponents_reveal():
    state = plots_revealed(
        CALM, CALM, {"house": "Stark"}, {"house": "Lannister", "in_play": [FROSTFANG]}
    )
    frostfang = ref(state, 1, FROSTFANG)
    seen = []
    for _ in range(20):
        step = head(state)
        if step.get("name") != "window":
            break
        if waiting_seats(state)[0] == 1 and uses(state, 1, frostfang):
            seen.append(step["event"].get("seat"))
        state = act(state, waiting_seats(state)[0], "pass")
    assert seen == [1]  # only after its own controller's reveal
