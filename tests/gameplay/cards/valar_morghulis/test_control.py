"""Valar Morghulis Turncloak and Ward (gameplay/engine/cards/valar_morghulis/control.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power)."""

from __future__ import annotations

from gameplay.engine.abilities import attached_to, controller, traits
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    answer,
    build,
    code,
    hand,
    head,
    joust,
    pass_until,
    ref,
    shadow,
    start,
    to_window,
    until_window,
    use,
    uses,
    waiting_seats,
)

TURNCLOAK = "btns_2"
WARD = "btns_3"


# --- btns_2 Turncloak ------------------------------------------------------------------------


def test_turncloak_moves_to_an_opponents_character_after_coming_out_in_challenges():
    state = joust({"house": "Greyjoy", "in_play": [KNIGHT]}, {"in_play": [KNIGHT, HOST]})
    turncloak = shadow(state, 0, TURNCLOAK)
    mine, theirs = ref(state, 0, KNIGHT), ref(state, 1, KNIGHT)
    state = act(state, 0, "use", [turncloak, mine], choice="shadow")
    state = until_window(state, "came_out_of_shadows")
    targets = {a.cards[1] for a in uses(state, 0, turncloak)}
    assert theirs in targets and mine not in targets
    state = use(state, 0, turncloak, theirs)
    assert attached_to(state, turncloak) == theirs
    assert "Traitor" in traits(state, theirs) and "Traitor" not in traits(state, mine)


def test_turncloak_does_not_move_when_it_comes_out_outside_the_challenges_phase():
    state = joust(
        {"house": "Greyjoy", "in_play": [KNIGHT], "gold": 2},
        {"in_play": [KNIGHT]},
        phase="marshalling",
    )
    turncloak = shadow(state, 0, TURNCLOAK)
    state = act(state, 0, "use", [turncloak, ref(state, 0, KNIGHT)], choice="shadow")
    assert not any(uses(state, s, turncloak) for s in (0, 1))
    assert attached_to(state, turncloak) == ref(state, 0, KNIGHT)


def _dominance(my_host_str_card, their_card):
    return build(
        phase="dominance",
        players=[
            {"in_play": [{"card": my_host_str_card, "attachments": [TURNCLOAK]}]},
            {"in_play": [their_card]},
        ],
    )


def test_turncloak_discards_its_character_if_its_controller_does_not_win_dominance():
    state = _dominance(KNIGHT, HOST)
    state = pass_until(state, lambda s: s.phase != "dominance")
    assert not state.players[0].in_play
    assert sorted(state.code(r) for r in state.players[0].discard) == sorted(
        [code(KNIGHT), TURNCLOAK]
    )


def test_turncloak_keeps_its_character_when_its_controller_wins_dominance():
    state = _dominance(HOST, KNIGHT)
    state = pass_until(state, lambda s: s.phase != "dominance")
    assert len(state.players[0].in_play) == 2


def _finish(state, stop=lambda s: False):
    """Pass on until the challenge is over (or ``stop``): no defenders, the first claim."""
    for _ in range(60):
        if state.challenge is None or stop(state):
            return state
        step = head(state)
        if step.get("name") == "prompt":
            chosen = [] if step["purpose"] == "defenders" else step["candidates"][:1]
            state = answer(state, step["purpose"], chosen)
            continue
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


# --- btns_3 Ward -----------------------------------------------------------------------------


def _ward_won():
    state = joust(
        {"house": "Stark", "in_play": [HOST], "hand": [WARD]},
        {"in_play": [KNIGHT, HOST, HOST]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    return to_window(state, "challenge_won", claim=[ref(state, 1, HOST, 1)])


def test_ward_takes_control_of_a_losing_character_of_str_2_or_less():
    state = _ward_won()
    ward, knight = hand(state, 0, WARD)[0], ref(state, 1, KNIGHT)
    assert {a.cards[1] for a in uses(state, 0, ward)} == {knight}  # not the 6 STR Host
    state = use(state, 0, ward, knight)
    assert attached_to(state, ward) == knight and controller(state, knight) == 0
    assert "Condition" in traits(state, ward)


def test_ward_is_discarded_when_the_owner_wins_a_power_challenge_against_you():
    state = _ward_won()
    ward, knight = hand(state, 0, WARD)[0], ref(state, 1, KNIGHT)
    state = use(state, 0, ward, knight)
    for _ in range(60):
        step = head(state)
        if step.get("name") == "window" and step.get("turn") == 1 and step.get("kind") == "action":
            break
        if step.get("purpose") == "claim_kill":
            state = act(state, step["seat"], "select", step["candidates"][:1])
            continue
        state = act(state, waiting_seats(state)[0], "pass")
    state = start(state, "power", [ref(state, 1, HOST)])
    state = _finish(state)
    assert ward in state.players[0].discard
    assert controller(state, knight) == 1


def test_ward_needs_a_military_win():
    state = joust(
        {"house": "Stark", "in_play": [HOST], "hand": [WARD]},
        {"in_play": [KNIGHT]},
    )
    ward = hand(state, 0, WARD)[0]
    state = start(state, "power", [ref(state, 0, HOST)])
    state = _finish(state, lambda s: bool(uses(s, 0, ward)))
    assert state.challenge is None
