"""Golden replays: every file in fixtures/replays replays to its recorded digest.

After a deliberate rules change: ``python -m gameplay.engine.replay rerecord``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gameplay.engine.game import GameConfig
from gameplay.engine.replay import (
    ReplayError,
    check,
    config_from_dict,
    config_to_dict,
    dump,
    load,
    main,
    pinned,
    record,
    replay,
    replays_dir,
    rerecord,
)
from gameplay.engine.simulate import load_deck

FILES = sorted(replays_dir().glob("*.json"))


def _config(seed: int = 3, round_limit: int = 2) -> GameConfig:
    return GameConfig(
        players=(load_deck("core-baratheon"), load_deck("core-stark")),
        seed=seed,
        round_limit=round_limit,
    )


def test_there_are_golden_replays():
    assert len(FILES) >= 3
    assert any(load(p)["bot"] == "greedy" for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_replay_reaches_its_digest(path: Path):
    data = load(path)
    assert {"config", "actions", "digest", "outcome", "bot", "bot_seed"} <= set(data)
    assert check(data) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_altered_action_is_named_in_the_error(path: Path):
    data = load(path)
    actions = list(data["actions"])
    # The first action after setup that names cards, with a card nobody has.
    index = next(i for i, a in enumerate(actions) if ":setup:" not in a and re.search(r":c\d", a))
    head, _, _ = actions[index].rpartition(":")
    actions[index] = f"{head}:c999999"
    with pytest.raises(ReplayError) as caught:
        replay(data["config"], actions)
    assert caught.value.index == index
    assert str(caught.value).startswith(f"Action {index} ({actions[index]!r}) cannot be applied")
    assert "c999999" in caught.value.reason
    assert check({**data, "actions": actions})  # and check reports it


def test_an_unparsable_action_is_named_too():
    with pytest.raises(ReplayError, match=r"Action 0 \('p0:dance'\).*unknown kind"):
        replay(_config(), ["p0:dance"])


def test_config_round_trips_through_plain_data():
    config = _config()
    data = config_to_dict(config)
    assert set(data) == {"players", "seed", "variant", "round_limit"}
    assert json.loads(json.dumps(data)) == data
    assert config_from_dict(data) == config


def test_record_then_replay_then_check():
    data = record(_config(), bot="greedy,random", bot_seed=4)
    assert data["bot"] == "greedy,random" and data["bot_seed"] == 4
    assert data["outcome"] is not None
    with pinned(_config()):  # a game of Core decks is recorded with the Core scripts only
        assert replay(data["config"], data["actions"]).digest() == data["digest"]
    assert check(data) == []
    assert json.loads(dump(data)) == data
    assert record(_config(), bot="greedy,random", bot_seed=4) == data  # deterministic
    wrong = {**data, "digest": "0" * 64}
    assert any("digest" in p and "rerecord" in p for p in check(wrong))


def test_rerecord_keeps_legal_actions_and_replays_illegal_ones_with_the_bots():
    data = record(_config(), bot="random", bot_seed=2)
    same = rerecord(data)
    assert not same.changed and same.data == data
    stale = rerecord({**data, "digest": "0" * 64, "note": "kept"})
    assert stale.changed and stale.data["actions"] == data["actions"]
    assert stale.data["digest"] == data["digest"] and stale.data["note"] == "kept"
    # An action that became illegal: the game is played again by the same bots.
    broken = {**data, "actions": ["p0:pass", *data["actions"][1:]], "digest": "x"}
    again = rerecord(broken)
    assert again.changed and "played again" in again.how and "Action 0" in again.how
    assert again.data["actions"] == data["actions"] and check(again.data) == []
    # Recorded actions that stop before the end are played again too.
    short = rerecord({**data, "actions": data["actions"][:-1]})
    assert short.changed and check(short.data) == []


def test_command_line(tmp_path: Path, capsys):
    folder = str(tmp_path)
    args = ["--dir", folder, "record", "--name", "g", "--seed", "2", "--round-limit", "2"]
    assert main([*args, "--bot", "greedy"]) == 0
    with pytest.raises(SystemExit):  # no overwrite by accident
        main(args)
    assert main(["--dir", folder, "check"]) == 0
    path = tmp_path / "g.json"
    data = load(path)
    assert data["bot"] == "greedy" and data["bot_seed"] == 2 and data["decks"]
    path.write_text(dump({**data, "digest": "0" * 64}), encoding="utf-8")
    capsys.readouterr()
    assert main(["--dir", folder, "check"]) == 1
    assert "g.json: digest" in capsys.readouterr().out
    assert main(["--dir", folder, "rerecord"]) == 0
    assert "g.json: digest 000000000000 ->" in capsys.readouterr().out
    assert main(["--dir", folder, "check", "g"]) == 0
    assert load(path) == data


def test_a_core_golden_replay_does_not_move_when_a_later_card_answers_from_the_hand():
    """A card of a later product that could cancel from a hand makes every seat be asked
    in every cancel window of every game; the Core replays are pinned to the Core scripts,
    so they still reach their digests (and a game with such a card is not pinned)."""
    from gameplay.engine import abilities

    def cancel(state, ctx):
        return None

    core_files = [
        p
        for p in FILES
        if all(c.startswith("core_") for s in load(p)["config"]["players"] for c in s["deck"])
    ]
    assert core_files
    abilities.register(
        "zz_1", abilities.Ability("cancel", cancel, trigger="ability", zones=("hand",))
    )
    try:
        for path in core_files:
            assert check(load(path)) == [], path.stem
        data = load(core_files[0])
        with pinned(config_from_dict(data["config"])):
            assert "zz_1" not in abilities.SCRIPTS
        assert "zz_1" in abilities.SCRIPTS  # put back after the check
    finally:
        del abilities.SCRIPTS["zz_1"]
