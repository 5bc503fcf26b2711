"""Lucas Blackwood (soo_1, gameplay/engine/cards/gates_of_the_citadel/lucas.py): "Response:
After Lucas Blackwood is killed, you may initiate a Military challenge against an opponent of
your choice as your next player action this phase." Played through legal actions."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from gameplay.engine.legal import closing
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    PLOT,
    act,
    answer,
    build,
    events,
    head,
    joust,
    ref,
    to_window,
    until_seat,
    use,
    uses,
    waiting_seats,
)

LUCAS = "soo_1"


def _position(**options):
    return joust(
        {"house": "Baratheon", "in_play": [HOST, KNIGHT]},
        {"house": "Stark", "in_play": [LUCAS, KNIGHT]},
        **options,
    )


def _lucas_killed(state):
    """Seat 0 wins a Military challenge against seat 1, which kills Lucas for the claim:
    the state at the ``killed`` response window."""
    lucas = ref(state, 1, LUCAS)
    state = act(state, 0, "challenge:military", choice="1")
    state = answer(state, "attackers", [ref(state, 0, HOST)])
    return to_window(state, "killed", defenders=[], claim=[lucas])


def _challenge_over(state):
    for _ in range(60):
        if state.challenge is None:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge never ended")


def _granted(state, seat=1):
    return {
        (a.kind, a.choice) for a in legal_actions(state, seat) if a.kind.startswith("challenge:")
    }


def test_soo_1_lucas_lets_you_initiate_a_military_challenge_out_of_turn():
    state = _position()
    lucas = ref(state, 1, LUCAS)
    state = _lucas_killed(state)
    state = use(state, 1, lucas)
    state = _challenge_over(state)
    # Seat 0's challenges turn goes on; seat 1 may initiate its Military challenge now.
    state = until_seat(state, 1)
    assert head(state)["turn"] == 0
    assert _granted(state) == {("challenge:military", "0")}
    state = act(state, 1, "challenge:military", choice="0")
    assert state.challenge["attacker"] == 1 and state.challenge["type"] == "military"
    assert events(state, "challenge")[-1]["seat"] == 1
    # It is not seat 1's Military challenge of the phase.
    assert state.players[1].challenges_done == []


def _asked_in_turn_of_0(state) -> bool:
    """After the challenge, seat 0's turn window starts again from seat 0, which passes (it
    may not initiate a challenge before the others have passed; with nothing else to do it
    passes by itself): whether seat 1 is then asked in that window (it has something to do:
    a seat with only ``pass`` passes by itself, and seat 0 is asked again)."""
    state = _challenge_over(state)
    assert head(state)["turn"] == 0
    if waiting_seats(state) == [0] and not closing(head(state)):
        state = act(state, 0, "pass")
    return head(state)["turn"] == 0 and waiting_seats(state) == [1]


def test_soo_1_lucas_offers_nothing_without_his_script_or_a_kill():
    state = _position()
    state = act(state, 0, "challenge:military", choice="1")
    state = answer(state, "attackers", [ref(state, 0, HOST)])
    knight = ref(state, 1, KNIGHT)
    for _ in range(40):
        step = head(state)
        if state.challenge is None:
            break
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") == "claim_kill":
            state = answer(state, "claim_kill", [knight])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    assert knight not in state.in_play
    assert not _asked_in_turn_of_0(state)  # the Knight was killed, not Lucas
    assert _asked_in_turn_of_0(use(_lucas_killed(_position()), 1, ref(_position(), 1, LUCAS)))


def test_soo_1_lucas_the_challenge_is_military_only():
    state = _position()
    lucas = ref(state, 1, LUCAS)
    state = use(_lucas_killed(state), 1, lucas)
    state = until_seat(_challenge_over(state), 1)
    kinds = {kind for kind, _ in _granted(state)}
    assert kinds == {"challenge:military"}  # no Intrigue or Power challenge out of turn


def test_soo_1_lucas_against_an_opponent_of_your_choice():
    players = [
        {"house": "Baratheon", "revealed_plot": PLOT, "in_play": [HOST, KNIGHT]},
        {"house": "Stark", "revealed_plot": PLOT, "in_play": [LUCAS, KNIGHT]},
        {"house": "Lannister", "revealed_plot": PLOT, "in_play": [KNIGHT]},
    ]
    state = build(phase="challenges", players=players)
    lucas = ref(state, 1, LUCAS)
    state = act(state, 0, "challenge:military", choice="1")
    state = answer(state, "attackers", [ref(state, 0, HOST)])
    state = to_window(state, "killed", defenders=[], claim=[lucas])
    state = until_seat(state, 1)
    state = use(state, 1, lucas)
    state = until_seat(_challenge_over(state), 1)
    assert _granted(state) == {("challenge:military", "0"), ("challenge:military", "2")}
    state = act(state, 1, "challenge:military", choice="2")
    assert state.challenge["defender"] == 2


def test_soo_1_lucas_only_as_your_next_player_action():
    state = _position()
    lucas = ref(state, 1, LUCAS)
    state = use(_lucas_killed(state), 1, lucas)
    state = until_seat(_challenge_over(state), 1)
    state = act(state, 1, "pass")  # a pass is not an action: the grant stays
    state = until_phase_turn(state, 1)
    assert any(e["query"] == "granted_challenge" for e in state.effects)
    # Another action first (in seat 1's own turn, its Power challenge): the grant lapses.
    state = act(state, 1, "challenge:power", choice="0")
    assert not any(e["query"] == "granted_challenge" for e in state.effects)


def until_phase_turn(state, seat):
    """Pass until ``seat``'s own challenges turn waits on it."""
    for _ in range(60):
        step = head(state)
        mine = step.get("turn") == seat and step.get("point") == "before_challenge"
        if mine and waiting_seats(state)[0] == seat:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no turn")


def test_soo_1_lucas_only_this_phase():
    state = _position()
    lucas = ref(state, 1, LUCAS)
    state = use(_lucas_killed(state), 1, lucas)
    assert any(e["query"] == "granted_challenge" for e in state.effects)
    # Seat 1 passes every window of the challenges phase (its own turn too).
    state = _challenge_over(state)
    for _ in range(60):
        if state.phase != "challenges":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert not any(e["query"] == "granted_challenge" for e in state.effects)
    for _ in range(20):
        if state.phase != "dominance":
            break
        for seat in waiting_seats(state):
            assert _granted(state, seat) == set()
        state = act(state, waiting_seats(state)[0], "pass")


def test_soo_1_lucas_response_is_optional():
    state = _position()
    lucas = ref(state, 1, LUCAS)
    state = _lucas_killed(state)
    assert uses(state, 1, lucas)
    state = act(state, waiting_seats(state)[0], "pass")
    assert not _asked_in_turn_of_0(state)
