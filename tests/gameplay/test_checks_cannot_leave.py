"""The checks made after every step ("if it is Winter, discard Gilly", "killed if its STR
is 0") leave alone a card that may not leave play that way: asking again refused again, at
once, and the engine looped forever (a search playout of the whole-pool arena grew to 1.7 GB).
When the card may leave again, the next check takes it."""

from __future__ import annotations

import pytest

from gameplay.engine.leaving import may_leave
from gameplay.engine.moves import discard_from_play
from gameplay.engine.steps import run
from tests.deadline import fail_after
from tests.gameplay.cardtest import WINTER, joust, ref

HOST = "Host of Storm's End"
GILLY = "ator_98"  # "If it is Winter, discard Gilly from play."
FIRE_AND_BLOOD = "asots_57"  # on its bearer: "cannot be discarded from play"


@pytest.fixture
def deadline():
    """Fail, not hang, should a check loop again."""
    with fail_after(30, "the checks after a step"):
        yield


def test_gilly_who_cannot_be_discarded_stays_in_winter_and_goes_when_she_can(deadline):
    state = joust(
        {"in_play": [{"card": GILLY, "attachments": [FIRE_AND_BLOOD]}, HOST]},
        {"in_play": [WINTER]},
    )
    gilly = ref(state, 0, GILLY)
    assert gilly in state.in_play  # Winter, but she cannot be discarded from play
    assert not may_leave(state, "discard", gilly) and may_leave(state, "kill", gilly)
    assert not any(e["event"] == "not_discarded" for e in state.log)
    # Fire and Blood leaves: the next check discards her.
    fire = next(r for r in state.in_play if state.code(r) == FIRE_AND_BLOOD)
    discard_from_play(state, [fire])
    run(state)
    assert gilly not in state.in_play and gilly in state.players[0].discard


def test_without_the_attachment_gilly_is_discarded_in_winter(deadline):
    state = joust({"in_play": [GILLY, HOST]}, {"in_play": [WINTER]})
    assert not any(state.code(r) == GILLY for r in state.in_play)
