"""The ``declare_all`` lasting effect (gameplay/engine/challenges.py, ``declare_all``): in
challenges of its ``type``, the attacker must declare every eligible character (the prompt's
``min``), the defender none or every eligible one (the prompt's ``at_least``), each up to a
``max_attackers`` / ``max_defenders`` limit. Before the Black Walls (btns_40)."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import add_lasting
from gameplay.engine.game import IllegalAction
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    answer,
    head,
    initiate,
    joust,
    pass_until,
    ref,
)


def _position(ctype="military"):
    state = joust({"in_play": [KNIGHT, HOST, KNIGHT]}, {"in_play": [KNIGHT, HOST]})
    add_lasting(state, "declare_all", None, "round", None, type=ctype)
    return state


def test_declare_all_attackers_are_every_eligible_character():
    state = _position()
    state = initiate(state, "military")  # the prompt settles itself with all three
    assert len(state.challenge["attackers"]) == 3


def test_declare_all_defenders_none_or_all():
    state = _position()
    state = initiate(state, "military")
    state = pass_until(state, lambda s: head(s).get("purpose") == "defenders")
    assert head(state)["at_least"] == 2
    state = act(state, 1, "select", [ref(state, 1, KNIGHT)])
    with pytest.raises(IllegalAction):
        act(state, 1, "done")
    state = answer(state, "defenders", [ref(state, 1, HOST)])
    assert len(state.challenge["defenders"]) == 2


def test_declare_all_only_for_its_type():
    state = _position("intrigue")
    knight = ref(state, 0, KNIGHT)
    state = initiate(state, "military", [knight])
    assert state.challenge["attackers"] == [knight]
    state = pass_until(state, lambda s: head(s).get("purpose") == "defenders")
    assert "at_least" not in head(state)
