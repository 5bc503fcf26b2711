"""Trial By Combat events (gameplay/engine/cards/trial_by_combat/events.py), played through
legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from tests.gameplay.cardtest import (
    answer,
    defend,
    head,
    joust,
    pass_until,
    ref,
    start,
    use,
    uses,
)

HOST = "Host of Storm's End"  # Baratheon Army, 6 STR, no text
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue, no text
DAGMER = "kotse_14"  # Dagmer Cleftjaw: Greyjoy, 3 STR, military
CUNNING = "core_34"  # Gutter Rat's Cunning: +2 STR, stealth


# --- atoc_88 Nighttime Raid -----------------------------------------------------------------


def _raid_position():
    return joust(
        {"house": "Greyjoy", "in_play": [DAGMER, HOST], "hand": ["atoc_88"]},
        {"in_play": [{"card": STEWARD, "attachments": [CUNNING]}, HOST]},
    )


def test_nighttime_raid_gives_stealth_and_discards_an_attachment_after_a_win():
    state = _raid_position()
    dagmer, raid = ref(state, 0, DAGMER), state.players[0].hand[0]
    their_host = ref(state, 1, HOST)
    cunning = next(r for r in state.players[1].in_play if state.code(r) == CUNNING)
    state = start(state, "military", [dagmer])
    assert {a.cards[1] for a in uses(state, 0, raid)} == {dagmer}  # not the Baratheon Host
    state = use(state, 0, raid, dagmer)
    assert "stealth" in keywords(state, dagmer)
    assert head(state).get("purpose") == "stealth"
    state = answer(state, "stealth", [their_host])
    state = defend(state, [])
    state = answer(state, "claim_kill", [their_host])
    # The only attachment in play: the choice makes itself.
    assert cunning in state.players[1].discard


def test_nighttime_raid_discards_nothing_when_the_challenge_is_lost():
    state = _raid_position()
    dagmer, raid = ref(state, 0, DAGMER), state.players[0].hand[0]
    state = start(state, "military", [dagmer])
    state = use(state, 0, raid, dagmer)
    state = answer(state, "stealth", [])
    state = defend(state, [ref(state, 1, HOST)])
    state = pass_until(
        state, lambda s: s.phase != "challenges" or head(s).get("purpose") == "discard"
    )
    assert head(state).get("purpose") != "discard"
    assert all(state.code(r) != CUNNING for r in state.players[1].discard)
