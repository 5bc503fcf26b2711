"""A Hidden Agenda's events (gameplay/engine/cards/a_hidden_agenda/events.py).

Fillers: Knight of the Tumblestone (2 STR, military and power), Lannisport Steward (2 STR,
intrigue, Lannister), Crossroads (core_138, a location with 1 influence)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.steps import round_steps, run
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    answer,
    hand,
    head,
    initiate,
    joust,
    pass_windows,
    ref,
    settle,
    uses,
)
from tests.gameplay.scenario import apply

CROSSROADS = "core_138"


# --- kr_103 Riches of the Reach ------------------------------------------------------------


def test_riches_of_the_reach_draws_4_past_the_cap_then_no_more():
    state = joust({"house": "Baratheon", "hand": ["kr_103"], "deck": [KNIGHT] * 10}, {})
    state.players[0].effect_draws = 3  # the draw cap is reached already
    riches = hand(state, 0, "kr_103")[0]
    state = apply(state, uses(state, 0, riches)[0])
    state = pass_windows(state) if head(state).get("name") == "window" else state
    assert len(state.players[0].hand) == 4 and len(state.players[0].deck) == 6
    state.players[0].effect_draws = 0
    assert moves.effect_draw(state, 0, 1) == 0  # no more draws by effects
    state.queue = round_steps("draw")
    run(state)
    assert len(state.players[0].hand) == 4  # nor in the draw phase


def test_riches_of_the_reach_leaves_the_opponent_drawing():
    state = joust(
        {"house": "Baratheon", "hand": ["kr_103"], "deck": [KNIGHT] * 10},
        {"deck": [KNIGHT] * 5},
    )
    state = apply(state, uses(state, 0, hand(state, 0, "kr_103")[0])[0])
    assert moves.effect_draw(state, 1, 1) == 1


# --- kr_109 Lashing Out --------------------------------------------------------------------


def test_lashing_out_kills_every_attacker_of_an_intrigue_challenge():
    state = joust(
        {"in_play": [KNIGHT, STEWARD]},
        {"house": "Lannister", "hand": ["kr_109"], "in_play": [STEWARD, STEWARD]},
    )
    attackers = [ref(state, 0, STEWARD)]
    state = initiate(state, "intrigue", attackers)
    lashing = hand(state, 1, "kr_109")[0]
    while not uses(state, 1, lashing):
        state = apply(state, _passes(state)[0])
    state = apply(state, uses(state, 1, lashing)[0])
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", head(state)["candidates"][:2])
    state = settle(state)
    assert attackers[0] not in state.in_play
    assert attackers[0] in state.players[0].dead


def test_lashing_out_needs_an_intrigue_challenge_and_two_lannister_characters():
    state = joust(
        {"in_play": [KNIGHT, STEWARD]},
        {"house": "Lannister", "hand": ["kr_109"], "in_play": [STEWARD, KNIGHT]},
    )
    lashing = hand(state, 1, "kr_109")[0]
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    assert not uses(state, 1, lashing)  # only one Lannister character
    state = joust(
        {"in_play": [KNIGHT, STEWARD]},
        {"house": "Lannister", "hand": ["kr_109"], "in_play": [STEWARD, STEWARD, KNIGHT]},
    )
    lashing = hand(state, 1, "kr_109")[0]
    state = initiate(state, "military", [ref(state, 0, KNIGHT)])
    for _ in range(10):
        assert not uses(state, 1, lashing)  # not an intrigue challenge
        if head(state).get("name") != "window":
            break
        state = apply(state, _passes(state)[0])


def _passes(state):
    from gameplay.engine.game import legal_actions
    from tests.gameplay.cardtest import waiting_seats

    seat = waiting_seats(state)[0]
    return [a for a in legal_actions(state, seat) if a.kind == "pass"]


# --- kr_111 Secret Schemes -----------------------------------------------------------------


def test_secret_schemes_takes_x_cards_then_shuffles_x_back():
    state = joust(
        {
            "house": "Martell",
            "hand": ["kr_111", STEWARD],
            "in_play": [CROSSROADS, CROSSROADS],
            "deck": [KNIGHT, KNIGHT, KNIGHT],
        },
        {},
    )
    schemes = hand(state, 0, "kr_111")[0]
    found = [a for a in uses(state, 0, schemes) if "kneel 2 influence" in _label(state, a)]
    assert len(uses(state, 0, schemes)) == 2  # X = 1 or 2: 2 influence in play
    state = apply(state, found[0])
    while head(state).get("purpose") != "shuffle_into_deck":
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:2])
        else:
            state = apply(state, _passes(state)[0])
    player = state.players[0]
    assert len(player.hand) == 3 and len(player.deck) == 1  # Steward and 2 Knights
    steward = hand(state, 0, STEWARD)[0]
    knight = next(r for r in player.hand if r != steward)
    kept = next(r for r in player.hand if r not in (steward, knight))
    state = answer(state, "shuffle_into_deck", [steward, knight])
    player = state.players[0]
    assert player.hand == [kept]
    assert len(player.deck) == 3


def _label(state, action):
    from gameplay.engine.game import describe

    return describe(state, action)


def test_secret_schemes_is_played_only_in_the_challenges_phase():
    me = {"house": "Martell", "hand": ["kr_111"], "in_play": [CROSSROADS], "deck": [KNIGHT]}
    state = joust(me, {}, phase="marshalling")
    assert not uses(state, 0, hand(state, 0, "kr_111")[0])
    state = joust(me, {})
    assert uses(state, 0, hand(state, 0, "kr_111")[0])


def test_lashing_out_is_limited_to_1_per_challenge():
    state = joust(
        {"in_play": [KNIGHT, STEWARD, STEWARD]},
        {
            "house": "Lannister",
            "hand": ["kr_109", "kr_109"],
            "in_play": [STEWARD, STEWARD, STEWARD, STEWARD],
        },
    )
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    first, second = hand(state, 1, "kr_109")
    while not uses(state, 1, first):
        state = apply(state, _passes(state)[0])
    state = apply(state, uses(state, 1, first)[0])
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", head(state)["candidates"][:2])
    for _ in range(20):
        assert not uses(state, 1, second)
        if state.challenge is None or head(state).get("name") != "window":
            break
        state = apply(state, _passes(state)[0])


def test_a_second_riches_of_the_reach_draws_nothing():
    state = joust({"house": "Baratheon", "hand": ["kr_103", "kr_103"], "deck": [KNIGHT] * 10}, {})
    first, second = hand(state, 0, "kr_103")
    state = apply(state, uses(state, 0, first)[0])
    state = apply(state, uses(state, 0, second)[0])
    assert len(state.players[0].deck) == 6
