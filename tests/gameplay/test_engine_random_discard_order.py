"""An effect that goes on after a random discard from a hand (``moves.discard_at_random``'s
``then``; ``moves.discard_at_random_each`` for several seats) goes on only once the discard
is done: when a player may choose the cards instead (Knight of Harrenhal, atoc_81: the
flag query ``choose_random_discard``), what the text says next waits for its answer, and
several players answer one after another, in the order of the text (seat order, turn
order), not in reverse."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.actions import Action
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    code,
    head,
    ref,
    start,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import apply

HARRENHAL = "atoc_81"  # Knight of Harrenhal: may choose a random discard from its hand
THREAT = "qod_55"  # Threat from the East
JACELYN = "core_47"  # Ser Jacelyn Bywater: after killed, each opponent discards at random
SPARE = ("Planning Ahead", "Rains of Autumn", "Power and Wealth")
HAND = [KNIGHT, STEWARD, HOST, KNIGHT]


def _threat(players):
    """Seat 0 reveals Threat from the East (seat 0 first player); its choice is asked."""
    specs = []
    for spec, plot in zip(players, (THREAT, SPARE[0]), strict=True):
        specs.append({"plot_deck": [plot, *(p for p in SPARE if p != plot)], **spec})
    state = build(phase="plot", players=specs)
    for seat, plot in enumerate((THREAT, SPARE[0])):
        card = next(r for r in state.players[seat].plot_deck if state.code(r) == code(plot))
        state = apply(state, Action(seat, "plot:choose", (card,)))
    return apply(state, Action(state.queue[0]["seat"], "first_player", choice="0"))


def _order(state):
    """The discards and draws of the log, in order: (event, seat)."""
    return [(e["event"], e["seat"]) for e in state.log if e["event"] in ("discarded", "draw")]


def test_threat_from_the_east_discard_is_chosen_before_the_draw_in_turn_order():
    seat_spec = {"in_play": [HARRENHAL], "hand": HAND, "deck": [HOST] * 6}
    state = _threat([dict(seat_spec), dict(seat_spec)])
    state = apply(state, Action(0, "choose", choice="discard_then_draw"))
    # Seat 0 (first in turn order) is asked first, before anyone draws.
    step = head(state)
    assert step["purpose"] == "discard_from_hand" and step["seat"] == 0 and step["max"] == 3
    assert len(state.players[0].hand) == 4 and len(state.players[1].hand) == 4
    assert len(state.players[0].deck) == 6 and len(state.players[1].deck) == 6
    chosen = state.players[0].hand[:3]
    state = answer(state, "discard_from_hand", chosen)
    assert state.players[0].discard == chosen
    # Seat 0 then drew 3; seat 1 is asked next, its draw still to come.
    assert len(state.players[0].deck) == 3 and len(state.players[0].hand) == 4
    step = head(state)
    assert step["purpose"] == "discard_from_hand" and step["seat"] == 1
    assert len(state.players[1].deck) == 6 and len(state.players[1].hand) == 4
    kept = state.players[1].hand[0]
    state = answer(state, "discard_from_hand", state.players[1].hand[1:])
    assert len(state.players[1].discard) == 3 and kept in state.players[1].hand
    # The printed order, player by player: discard 3, then draw 3 (then the draw phase).
    assert _order(state) == [
        *[("discarded", 0)] * 3,
        ("draw", 0),
        *[("discarded", 1)] * 3,
        ("draw", 1),
        ("draw", 0),
        ("draw", 1),
    ]


def test_threat_from_the_east_draw_first_discards_after_the_draw():
    """Draw then discard: the choice is among the drawn cards too, and the next player's
    draw waits for it."""
    seat_spec = {"in_play": [HARRENHAL], "hand": [KNIGHT], "deck": [HOST] * 6}
    state = _threat([dict(seat_spec), dict(seat_spec)])
    state = apply(state, Action(0, "choose", choice="draw_then_discard"))
    step = head(state)
    assert step["seat"] == 0 and len(step["candidates"]) == 4
    assert len(state.players[1].deck) == 6  # seat 1 has not drawn yet
    state = answer(state, "discard_from_hand", step["candidates"][1:])
    assert head(state)["seat"] == 1 and len(state.players[1].deck) == 3


def test_threat_from_the_east_without_a_knight_is_unchanged():
    seat_spec = {"in_play": [KNIGHT], "hand": HAND, "deck": [HOST] * 6}
    state = _threat([dict(seat_spec), dict(seat_spec)])
    state = apply(state, Action(0, "choose", choice="discard_then_draw"))
    assert head(state).get("purpose") != "discard_from_hand"
    assert [len(p.discard) for p in state.players] == [3, 3]


def _melee(knights=(1, 2)):
    players = [{"in_play": [KNIGHT], "hand": list(HAND)} for _ in range(3)]
    for seat in knights:
        players[seat]["in_play"] = [HARRENHAL]
    return build(phase="challenges", players=players)


def test_several_seats_answer_in_seat_order_and_then_the_effect_goes_on():
    state = _melee()
    seen = []
    moves.discard_at_random_each(state, [1, 2], 2, then="test_random_discard_done", ctx={"n": 7})
    for seat in (1, 2):
        step = head(state)
        assert step["purpose"] == "discard_from_hand" and step["seat"] == seat
        assert not DONE
        seen.append(seat)
        state = answer(state, "discard_from_hand", state.players[seat].hand[:2])
    assert seen == [1, 2] and DONE == [7]
    assert [len(p.discard) for p in state.players] == [0, 2, 2]
    DONE.clear()


def test_without_a_knight_the_discards_and_the_rest_happen_at_once():
    state = _melee(knights=())
    moves.discard_at_random_each(state, [1, 2], 1, then="test_random_discard_done", ctx={"n": 1})
    assert DONE == [1] and [len(p.discard) for p in state.players] == [0, 1, 1]
    DONE.clear()


DONE: list[int] = []


def _done(state, ctx, selected):
    DONE.append(ctx["n"])


moves.handler("test_random_discard_done")(_done)


def test_ser_jacelyn_bywater_opponents_choose_in_seat_order():
    state = build(
        phase="challenges",
        first_player=1,
        players=[
            {"house": "Lannister", "revealed_plot": CALM, "in_play": [JACELYN]},
            {"revealed_plot": CALM, "in_play": [HOST, HARRENHAL], "hand": list(HAND)},
            {"revealed_plot": CALM, "in_play": [HARRENHAL], "hand": list(HAND)},
        ],
    )
    state = start(state, "military", [ref(state, 1, HOST)], defender=0)
    jacelyn = ref(state, 0, JACELYN)
    for _ in range(60):
        if uses(state, 0, jacelyn):
            state = use(state, 0, jacelyn)
            break
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            seat = waiting_seats(state)[0]
            passes = [a for a in legal_actions(state, seat) if a.kind == "pass"]
            state = (
                act(state, seat, "pass") if passes else apply(state, legal_actions(state, seat)[0])
            )
    else:
        raise AssertionError("Jacelyn's response never offered")
    order = []
    while head(state).get("purpose") == "discard_from_hand":
        seat = head(state)["seat"]
        order.append(seat)
        state = answer(state, "discard_from_hand", state.players[seat].hand[:1])
    assert order == [1, 2]
    assert len(state.players[1].discard) == 1 and len(state.players[2].discard) == 1
