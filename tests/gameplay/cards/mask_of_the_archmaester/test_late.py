"""Mask of the Archmaester: Lonely Hills and The Archmaester's Wrath (with the engine's
``Cost(any_number=True)``: "Kneel X ..."), played through legal actions, with the
restrictions their texts state."""

from __future__ import annotations

from gameplay.engine.abilities import Cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    events,
    hand,
    head,
    joust,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
)

HILLS, WRATH = "soo_82", "soo_97"
SCHOLAR = "soo_36"  # Oldtown Scholar: Maester, 1 STR, intrigue and power, no text


# --- soo_82 Lonely Hills --------------------------------------------------------------


def _defend_and_win(state, attacker, defenders):
    """Seat 1 (first player) attacks seat 0 with ``attacker`` in an Intrigue challenge,
    seat 0 defends with ``defenders`` and wins; the ``challenge_won`` window."""
    state = start(state, "intrigue", [attacker])
    return to_window(state, "challenge_won", defenders)


def _claims(state):
    return [(e["type"], e["amount"]) for e in events(state, "claim") if e["seat"] == 0]


def _next_turn(state):
    """Pass to seat 0's challenges turn."""
    for _ in range(30):
        step = head(state)
        if step.get("point") == "before_challenge" and step.get("turn") == 0:
            return state
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: step.get("min", 0)])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no turn")


def _attack(state, ctype, attackers):
    state = act(state, 0, f"challenge:{ctype}", choice="1")
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", attackers)
    for _ in range(20):
        step = head(state)
        if step.get("point") == "before_challenge" or state.phase != "challenges":
            return state
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: step.get("min", 0)])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    return state


def test_soo_82_lonely_hills_raises_the_claim_of_the_next_challenge_of_that_type():
    state = joust(
        {"in_play": [HILLS, STEWARD, SCHOLAR, STEWARD, KNIGHT]},
        {"in_play": [STEWARD], "hand": [HOST, HOST, HOST, HOST]},
        first_player=1,
    )
    hills = ref(state, 0, HILLS)
    defenders = [ref(state, 0, STEWARD), ref(state, 0, SCHOLAR)]
    state = _defend_and_win(state, ref(state, 1, STEWARD), defenders)
    state = use(state, 0, hills)
    state = _next_turn(state)
    state = _attack(state, "military", [ref(state, 0, KNIGHT)])  # another type: claim 1
    state = _attack(state, "intrigue", [ref(state, 0, STEWARD, 1)])  # the same type: 2
    assert _claims(state) == [("military", 1), ("intrigue", 2)]
    assert len(state.players[1].hand) == 4 - 2


def test_soo_82_lonely_hills_answers_only_its_controllers_win():
    state = joust(
        {"in_play": [HILLS, STEWARD]},
        {"in_play": [STEWARD, SCHOLAR], "hand": [HOST]},
        first_player=1,
    )
    hills = ref(state, 0, HILLS)
    state = start(state, "intrigue", [ref(state, 1, STEWARD), ref(state, 1, SCHOLAR)])
    for _ in range(20):
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: step.get("min", 0)])
        elif step.get("name") == "window" and state.phase == "challenges":
            assert not uses(state, 0, hills)  # lost the challenge
            state = act(state, waiting_seats(state)[0], "pass")
        else:
            break


# --- soo_97 The Archmaester's Wrath ---------------------------------------------------


def dominance(me, them):
    state = build(
        phase="dominance",
        players=[
            {"revealed_plot": "Rains of Autumn", **me},
            {"revealed_plot": "Rains of Autumn", **them},
        ],
    )
    return state


def test_soo_97_archmaesters_wrath_each_player_discards_x_characters():
    state = dominance(
        {"in_play": [SCHOLAR, SCHOLAR, SCHOLAR, KNIGHT], "hand": [WRATH]},
        {"in_play": [HOST, STEWARD, KNIGHT]},
    )
    wrath = hand(state, 0, WRATH)[0]
    for _ in range(10):
        if waiting_seats(state)[0] == 0 and uses(state, 0, wrath):
            break
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 0, wrath)
    prompt = head(state)
    assert prompt["purpose"] == "kneel_cost" and prompt["min"] == 1 and prompt["max"] == 3
    scholars = [ref(state, 0, SCHOLAR, i) for i in range(3)]
    state = answer(state, "kneel_cost", scholars[:2])  # X = 2
    assert head(state)["purpose"] == "discard_characters" and head(state)["seat"] == 0
    state = answer(state, "discard_characters", scholars[:2])
    assert head(state)["seat"] == 1 and head(state)["min"] == 2
    state = answer(state, "discard_characters", [ref(state, 1, STEWARD), ref(state, 1, KNIGHT)])
    assert [state.code(r) for r in state.players[1].in_play] == ["core_12"] or len(
        state.players[1].in_play
    ) == 1
    assert len(state.players[0].discard) == 2 + 1  # two Scholars and the event


def test_soo_97_archmaesters_wrath_is_a_dominance_action_and_needs_a_maester():
    state = dominance({"in_play": [KNIGHT], "hand": [WRATH]}, {"in_play": [HOST]})
    wrath = hand(state, 0, WRATH)[0]
    assert not uses(state, 0, wrath)  # no Maester to kneel
    state = joust({"in_play": [SCHOLAR], "hand": [WRATH]}, {"in_play": [HOST]})
    assert not uses(state, 0, hand(state, 0, WRATH)[0])  # the challenges phase


def test_any_number_kneel_cost_keeps_its_minimum():
    cost = Cost("kneel", 1, None, "Maester character", any_number=True)
    assert cost.any_number and cost.amount == 1
    assert not Cost("kneel", 1).any_number


# --- soo_93 The Mad Mouse -------------------------------------------------------------

MOUSE = "soo_93"


def _marshal_mouse(target_name, them_in_play):
    state = build(
        players=[
            {"hand": [MOUSE], "gold": 3, "revealed_plot": "Rains of Autumn"},
            {"in_play": them_in_play, "revealed_plot": "Rains of Autumn"},
        ]
    )
    mouse = hand(state, 0, MOUSE)[0]
    state = act(state, 0, "marshal:play", [mouse])
    assert {a.cards[1] for a in uses(state, 0, mouse)} == {
        r for r in state.players[1].in_play
    }  # an opponent's character
    state = use(state, 0, mouse, ref(state, 1, target_name))
    return state, mouse


def _military_kill(state, mouse, victim):
    for _ in range(40):
        step = head(state)
        if (
            state.phase == "challenges"
            and step.get("point") == "before_challenge"
            and step.get("turn") == 0
        ):
            break
        state = act(state, waiting_seats(state)[0], "pass")
    state = act(state, 0, "challenge:military", choice="1")
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", [mouse])
    for _ in range(30):
        step = head(state)
        if step.get("name") == "prompt" and step["purpose"] in ("claim_military", "claim_kill"):
            state = answer(state, step["purpose"], [victim])
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], [])
        elif step.get("point") == "before_challenge" or state.phase != "challenges":
            return state
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    return state


def test_soo_93_the_mad_mouse_claims_3_power_when_the_chosen_character_dies():
    state, mouse = _marshal_mouse(STEWARD, [STEWARD])
    steward = ref(state, 1, STEWARD)
    state = _military_kill(state, mouse, steward)
    assert steward in state.players[1].dead
    assert state.in_play[mouse].power == 3


def test_soo_93_the_mad_mouse_needs_the_chosen_character_to_die():
    state, mouse = _marshal_mouse(KNIGHT, [KNIGHT, STEWARD])
    steward = ref(state, 1, STEWARD)
    state.in_play[ref(state, 1, KNIGHT)].knelt = True  # it does not defend
    state = _military_kill(state, mouse, steward)
    assert steward in state.players[1].dead
    assert state.in_play[mouse].power == 0


def test_soo_93_the_mad_mouse_answers_only_being_played_from_hand():
    from gameplay.engine.uses import put_into_play

    state = build(players=[{"hand": [MOUSE]}, {"in_play": [STEWARD]}])
    mouse = hand(state, 0, MOUSE)[0]
    put_into_play(state, 0, mouse)  # put into play, not played
    assert not uses(state, 0, mouse)
