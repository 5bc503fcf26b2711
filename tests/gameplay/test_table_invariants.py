"""Random playouts where the bots also take table actions at random (gameplay/engine/table.py):
between decisions a random seat takes one of the table actions it is offered (moves, power,
gold, draws, looks, shuffles, requests, answers), and every invariant of
tests/gameplay/test_invariants.py is checked after each action. The log replays exactly."""

from __future__ import annotations

import pytest

from gameplay.engine.bots import RandomBot
from gameplay.engine.game import apply, legal_actions, new_game, outcome, to_act
from gameplay.engine.observe import observe
from gameplay.engine.replay import replay
from gameplay.engine.rng import Rng
from gameplay.engine.table import table_actions
from gameplay.engine.table_bots import answer_request
from tests.gameplay.test_invariants import MAX_DECISIONS, _config, check

TABLE_CHANCE = 4  # one decision in this many is preceded by a random table action


def _play_with_table_actions(name: str, seed: int) -> tuple[object, list[str], int]:
    config = _config(name, seed)
    state = new_game(config)
    bots = [RandomBot(seed * 7 + s) for s in range(len(state.players))]
    rng = Rng(seed + 1000)
    log: list[str] = []
    used = 0
    while outcome(state) is None:
        assert state.decisions < MAX_DECISIONS + 600
        if state.phase != "setup" and rng.below(TABLE_CHANCE) == 0:
            seat = rng.below(len(state.players))
            offered = table_actions(state, seat)
            if offered:
                action = offered[rng.below(len(offered))]
                state = apply(state, action)
                log.append(str(action))
                used += 1
                check(state, full=used % 10 == 0)
                continue
        # Requests: half of them answered as a bot answers (accept only for text the
        # engine does not play), the others left to the random table actions above.
        for seat in range(len(state.players)):
            answer = answer_request(observe(state, seat))
            if answer is not None and rng.below(2) == 0 and outcome(state) is None:
                state = apply(state, answer)
                log.append(str(answer))
                check(state, full=False)
        if outcome(state) is not None:
            break
        seat = to_act(state)[0]
        action = bots[seat].choose(observe(state, seat), legal_actions(state, seat))
        state = apply(state, action)
        log.append(str(action))
        check(state, full=len(log) % 10 == 0)
    return state, log, used


@pytest.mark.parametrize(
    ("name", "seed"), [("joust", 0), ("joust", 1), ("melee3", 3), ("teams", 5)]
)
def test_random_table_actions_keep_every_invariant_and_replay(name, seed):
    state, log, used = _play_with_table_actions(name, seed)
    assert used > 20
    assert any(":table:request" in a for a in log)
    result = outcome(state)
    assert result is not None and result["reason"] in ("power", "round_limit")
    assert replay(_config(name, seed), log).digest() == state.digest()
