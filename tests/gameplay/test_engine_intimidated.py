"""Characters that did not count their STR because of Intimidate
(gameplay/engine/challenges.py: ``intimidated``): recorded as the challenge resolves
(``challenge["intimidated"]``) and given to the ``challenge_won`` event, left out when
there are none."""

from __future__ import annotations

from gameplay.engine.actions import Action
from gameplay.engine.challenges import intimidated
from gameplay.engine.game import apply as engine_apply
from tests.gameplay.cardtest import HOST, KNIGHT, STEWARD, head, joust, pass_windows, ref, start


def _declared(state, defenders):
    """Declare ``defenders`` without running the position on (the engine's apply)."""
    state = pass_windows(state)
    assert head(state)["purpose"] == "defenders"
    for card in defenders:
        state = engine_apply(state, Action(1, "select", (card,)))
    if head(state).get("purpose") == "defenders":
        state = engine_apply(state, Action(1, "done"))
    return state


CHASER = "acoa_59"  # Dragon Chaser: 3 STR, Intimidate, military and intrigue


def test_intimidated_lists_the_weaker_defenders():
    state = joust({"in_play": [CHASER]}, {"in_play": [KNIGHT, HOST, STEWARD]})
    state = start(state, "military", [ref(state, 0, CHASER)])
    state = _declared(state, [ref(state, 1, KNIGHT), ref(state, 1, HOST)])
    assert intimidated(state) == [ref(state, 1, KNIGHT)]  # the Host (6 STR) counts


def test_nobody_intimidated_without_intimidate():
    state = joust({"in_play": [HOST]}, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, HOST)])
    state = _declared(state, [ref(state, 1, KNIGHT)])
    assert intimidated(state) == []
