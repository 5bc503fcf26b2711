"""Fire and Ice events (gameplay/engine/cards/fire_and_ice/events.py): The Long Plan, Green
Dream.

Fillers: Host of Storm's End (6 STR), Knight of the Tumblestone (2 STR), Lannisport Steward
(2 STR, intrigue); Tommen Baratheon (kr_28: "Summer" in his text), Black Raven (ator_2: a
Raven with "Summer" in its text)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    answer,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    shadow,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
)

LONG_PLAN, GREEN_DREAM, SONG_OF_FIRE = "kr_32", "kr_35", "kr_39"
TOMMEN, BLACK_RAVEN = "kr_28", "ator_2"


# --- kr_32 The Long Plan --------------------------------------------------------------------


def _lost_before(state, count):
    """``count`` challenges seat 0 lost earlier this phase (log entries set by hand)."""
    for _ in range(count):
        state.log.append(
            {
                "event": "challenge_resolved",
                "round": state.round,
                "type": "power",
                "attacker": 0,
                "defender": 1,
                "winner": 1,
            }
        )
    return state


def _plan(lost, copies=1):
    me = {"house": "Martell", "in_play": [KNIGHT, STEWARD], "gold": 2}
    state = joust(me, {"in_play": [HOST]})
    plans = [shadow(state, 0, LONG_PLAN) for _ in range(copies)]
    state = _lost_before(state, lost)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    return state, plans


def test_long_plan_comes_out_after_the_third_lost_challenge_and_claims_3_power():
    state, (plan,) = _plan(2)
    state = to_window(state, "challenge_won", [ref(state, 1, HOST)])
    state = pass_windows(use(state, 0, plan))
    assert plan in state.players[0].discard
    assert state.players[0].power == 3 and state.players[0].gold == 1


def _response_offered(state, plan) -> bool:
    """Whether seat 0 may use The Long Plan's response (not the plain way out of Shadows)
    at any decision until the challenge is over."""

    def response(now):
        return [a for a in uses(now, 0, plan) if a.choice != "shadow"]

    offered = False
    for _ in range(80):
        if state.challenge is None:
            return offered
        offered = offered or bool(response(state))
        if head(state).get("purpose") == "defenders":
            state = answer(state, "defenders", [ref(state, 1, HOST)])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def test_long_plan_not_after_the_second_or_fourth_lost_challenge():
    for lost in (1, 3):
        state, (plan,) = _plan(lost)
        assert not _response_offered(state, plan)


def test_long_plan_limit_1_per_phase():
    state, (plan, other) = _plan(2, copies=2)
    state = to_window(state, "challenge_won", [ref(state, 1, HOST)])
    assert _response_offered(state, other)  # either copy
    state = use(state, 0, plan)
    assert not _response_offered(state, other)


# --- kr_35 Green Dream ----------------------------------------------------------------------


def _dream(agenda=SONG_OF_FIRE):
    me = {"hand": [GREEN_DREAM], "deck": [KNIGHT, TOMMEN, BLACK_RAVEN, STEWARD]}
    agendas = {0: agenda} if agenda else {}
    return agenda_position([me, {}], agendas, phase="dominance")


def test_green_dream_finds_a_non_raven_card_with_a_season_word():
    state = _dream()
    state = pass_windows(use(state, 0, hand(state, 0, GREEN_DREAM)[0]))
    assert head(state)["purpose"] == "search"
    (tommen,) = head(state)["candidates"]
    assert state.code(tommen) == TOMMEN
    state = answer(state, "search", [tommen])
    assert [state.code(r) for r in state.players[0].hand] == [TOMMEN]


def test_green_dream_needs_a_seasons_agenda():
    state = _dream(None)
    assert not uses(state, 0, hand(state, 0, GREEN_DREAM)[0])
