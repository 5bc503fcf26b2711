"""The Grand Fleet plots and Battle for the Shield Islands
(gameplay/engine/cards/the_grand_fleet/plots.py)."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import keywords
from gameplay.engine.challenges import claim_value
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    IllegalAction,
    act,
    answer,
    choose,
    events,
    hand,
    head,
    joust,
    pass_until,
    plots_revealed,
    ref,
    start,
    uses,
    waiting_seats,
)
from tests.gameplay.epictest import epic_challenge, play_battle, plot_phase, until_epic_turn

MARAUDER = "asots_24"  # Ironborn Marauder: [Naval] military
MASTERY = "core_177"  # Distinct Mastery: "Any Phase: Choose and stand a Holy ... character."
SELYSE = "core_70"  # Selyse Baratheon: Holy
CROSSROADS = "core_138"  # a neutral location


def _knelt(card):
    return {"card": card, "knelt": True}


# --- asots_35 Doran's Scheme -------------------------------------------------------------


def _scheme(phase: str):
    them = {"house": "Baratheon", "hand": [MASTERY], "in_play": [_knelt(SELYSE), KNIGHT]}
    me = {"house": "Martell", "hand": [MASTERY], "in_play": [_knelt(SELYSE)]}
    state = plots_revealed("asots_35", CALM, me=me, them=them)
    assert head(state)["purpose"] == "name_phase" and head(state)["seat"] == 0
    return choose(state, phase)


def _mastery_playable(state, seat: int) -> bool:
    return any(uses(state, seat, card) for card in hand(state, seat, MASTERY))


def _waiting_in(phase: str, seat: int):
    return lambda s: s.phase == phase and waiting_seats(s) == [seat]


def test_dorans_scheme_opponents_cannot_play_events_in_the_named_phase():
    state = _scheme("challenges")
    state = pass_until(state, _waiting_in("marshalling", 1), limit=80)
    assert _mastery_playable(state, 1)  # another phase
    state = pass_until(state, _waiting_in("challenges", 0), limit=80)
    assert _mastery_playable(state, 0)  # its owner still may
    state = pass_until(state, _waiting_in("challenges", 1), limit=80)
    assert not _mastery_playable(state, 1)
    state = pass_until(state, _waiting_in("dominance", 1), limit=80)
    assert _mastery_playable(state, 1)


def test_dorans_scheme_offers_every_phase():
    them = {"house": "Baratheon"}
    state = plots_revealed("asots_35", CALM, me={"house": "Martell"}, them=them)
    assert head(state)["options"] == [
        "plot",
        "draw",
        "marshalling",
        "challenges",
        "dominance",
        "standing",
        "taxation",
        "epic",
    ]


# --- asots_38 Selmy's Scheme -------------------------------------------------------------


def test_selmys_scheme_your_army_characters_gain_renown_during_power_challenges():
    state = joust(
        {"house": "Targaryen", "revealed_plot": "asots_38", "in_play": [HOST, KNIGHT]},
        {"in_play": [HOST]},
    )
    host, knight, theirs = ref(state, 0, HOST), ref(state, 0, KNIGHT), ref(state, 1, HOST)
    assert "renown" not in keywords(state, host)  # no challenge
    state = start(state, "power", [knight])
    assert "renown" in keywords(state, host)  # participating or not
    assert "renown" not in keywords(state, knight)  # not an Army
    assert "renown" not in keywords(state, theirs)  # an opponent's


def test_selmys_scheme_not_during_military_challenges():
    state = joust(
        {"house": "Targaryen", "revealed_plot": "asots_38", "in_play": [HOST, KNIGHT]},
        {"in_play": [HOST]},
    )
    host = ref(state, 0, HOST)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert "renown" not in keywords(state, host)


# --- asots_40 Naval Superiority ----------------------------------------------------------


def test_naval_superiority_raises_claim_with_a_naval_attacker():
    state = joust(
        {"house": "Greyjoy", "revealed_plot": "asots_40", "in_play": [MARAUDER, KNIGHT]},
        {"in_play": [KNIGHT]},
    )
    assert claim_value(state, 0) == 1
    state = start(state, "military", [ref(state, 0, MARAUDER)])
    assert claim_value(state, 0) == 3


def test_naval_superiority_not_without_a_naval_attacker():
    state = joust(
        {"house": "Greyjoy", "revealed_plot": "asots_40", "in_play": [MARAUDER, KNIGHT]},
        {"in_play": [KNIGHT]},
    )
    state = start(state, "power", [ref(state, 0, MARAUDER)])  # no [Naval] power icon
    assert claim_value(state, 0) == 1


# --- asots_39 Battle for the Shield Islands ----------------------------------------------


def _shield_islands(them=(), **me):
    mine = {"house": "Greyjoy", "hand": ["asots_39"], "in_play": [MARAUDER, KNIGHT], **me}
    state = plot_phase([mine, {"house": "Stark", "in_play": list(them)}])
    state = play_battle(state, 0, "asots_39")
    return until_epic_turn(state, 0)


def test_shield_islands_knelt_naval_characters_may_attack_and_defend():
    state = _shield_islands(them=[CROSSROADS, MARAUDER, KNIGHT])
    for r in list(state.in_play):  # everyone knelt (they attacked in the challenges phase)
        if r not in (ref(state, 1, CROSSROADS),):
            state.in_play[r].knelt = True
    kinds = {a.kind for a in legal_actions(state, 0) if a.kind.startswith("challenge:")}
    # only the knelt Marauder ([Naval] military) may attack, in any challenge it has an icon for
    assert kinds == {"challenge:military", "challenge:power"}
    state = act(state, 0, "challenge:military", choice="1")
    if head(state).get("purpose") == "attackers":
        assert head(state)["candidates"] == [ref(state, 0, MARAUDER)]
        state = answer(state, "attackers", [ref(state, 0, MARAUDER)])
    while head(state).get("purpose") != "defenders":
        state = act(state, waiting_seats(state)[0], "pass")
    assert head(state)["candidates"] == [ref(state, 1, MARAUDER)]  # not the knelt Knight


def test_shield_islands_winner_takes_a_location_instead_of_the_claim():
    state = _shield_islands(them=[CROSSROADS, _knelt(KNIGHT)])
    crossroads = ref(state, 1, CROSSROADS)
    state = epic_challenge(state, 0, "military", [ref(state, 0, MARAUDER), ref(state, 0, KNIGHT)])
    assert not events(state, "killed")  # no military claim
    prompt = head(state)
    assert prompt["purpose"] == "take_control" and prompt["candidates"] == [crossroads]
    state = answer(state, "take_control", [crossroads])
    assert crossroads in state.players[0].in_play


def test_shield_islands_knelt_characters_without_naval_still_cannot_attack():
    state = _shield_islands(them=[KNIGHT])
    marauder = ref(state, 0, MARAUDER)
    for r in state.players[0].in_play:
        state.in_play[r].knelt = True
    state.in_play[marauder].knelt = False
    state = act(state, 0, "challenge:military", choice="1")
    if head(state).get("purpose") == "attackers":
        assert head(state)["candidates"] == [marauder]
    with pytest.raises(IllegalAction):
        act(state, 0, "challenge:intrigue", choice="1")
