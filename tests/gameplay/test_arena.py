"""The bot tournament (gameplay/engine/arena.py): line-ups, Wilson intervals, the table it
prints, and that a run is reproducible."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameplay.engine.arena import arena, lineup, main, play_one, wilson


def test_wilson_matches_the_textbook_figures():
    # Wilson's 95% interval for 8 of 10 and for 0 of 10, as any table gives them.
    assert wilson(8, 10) == (0.4902, 0.9433)
    assert wilson(0, 10) == (0.0, 0.2775)
    assert wilson(10, 10) == (0.7225, 1.0)
    low, high = wilson(160, 200)
    assert low < 0.8 < high and high - low < 0.12
    assert wilson(0, 0) == (0.0, 1.0)


def test_every_bot_plays_every_seat_and_every_pairing():
    games = [lineup(g, ["a", "b", "c"], 2) for g in range(6)]
    assert sorted(map(tuple, games)) == sorted(
        [("a", "b"), ("a", "c"), ("b", "c"), ("b", "a"), ("c", "a"), ("c", "b")]
    )
    melee = [lineup(g, ["search", "greedy", "greedy"], 3) for g in range(3)]
    assert [m.index("search") for m in melee] == [0, 2, 1]
    assert lineup(1, ["search", "greedy"], 4) == ["greedy", "search", "greedy", "search"]


def test_the_table_adds_up_and_names_the_intervals():
    table = arena(["first", "random", "greedy"], 6, seed=40, round_limit=3)
    assert table["errors"] == []
    assert set(table["table"]) == {"first", "random", "greedy"}
    # Three bots, two seats: each game is one pairing, so each bot plays 4 of the 6.
    assert all(row["games"] == 4 for row in table["table"].values())
    wins = sum(row["wins"] for row in table["table"].values())
    assert wins + table["draws"] + table["unfinished"] == 6
    for name, row in table["head_to_head"].items():
        a, b = name.split(" vs ")
        back = table["head_to_head"][f"{b} vs {a}"]
        assert row["games"] == back["games"] == 2
        assert row["wins"] + back["wins"] <= 2
        assert row["ci95"] == list(wilson(row["wins"], row["games"]))
    assert table["decision_seconds"] == {"decisions": 0}  # no search bot


def test_a_search_game_is_reproducible_and_reports_its_decision_times():
    search = {"playouts": 1, "max_seconds": 1e9, "candidates": 2}
    one = play_one(1, 900, ["search", "first"], "joust", 2, round_limit=2, search=search)
    two = play_one(1, 900, ["search", "first"], "joust", 2, round_limit=2, search=search)
    assert one["bots"] == ["first", "search"]
    assert (one["winners"], one["power"], one["rounds"]) == (
        two["winners"],
        two["power"],
        two["rounds"],
    )
    assert len(one["timings"]) > 10
    assert all(done == 1 for _, done in one["timings"])


def test_the_command_prints_a_json_table(capsys):
    assert (
        main(["--bots", "greedy,first", "--games", "2", "--seed", "3", "--round-limit", "2"]) == 0
    )
    table = json.loads(capsys.readouterr().out)
    assert table["bots"] == ["greedy", "first"]
    assert table["table"]["greedy"]["games"] == 2
    assert set(table["table"]["greedy"]) == {"games", "wins", "win_rate", "ci95"}


def test_an_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="Unknown bot"):
        arena(["greedy", "clever"], 1, seed=0)
    with pytest.raises(SystemExit):
        main(["--bots", "greedy,clever", "--games", "1"])


def test_doctests():
    import doctest

    from gameplay.engine import arena as arena_module

    failed, attempted = doctest.testmod(arena_module)
    assert attempted >= 3 and failed == 0


def _without_seconds(table: dict) -> dict:
    return {key: value for key, value in table.items() if key != "seconds"}


def test_a_run_split_in_two_and_tallied_is_the_whole_run(tmp_path, capsys):
    common = ["--bots", "greedy,first,random", "--seed", "7", "--round-limit", "2"]
    assert main([*common, "--games", "5"]) == 0
    whole = json.loads(capsys.readouterr().out)
    parts = []
    for first, games in ((0, 2), (2, 3)):
        assert main([*common, "--games", str(games), "--first", str(first), "--progress"]) == 0
        captured = capsys.readouterr()
        part = json.loads(captured.out)
        assert part["games"] == games
        path = tmp_path / f"part{first}.jsonl"
        path.write_text(captured.err)
        parts.append(str(path))
    # The second part's games are the whole run's games 2 to 4, not games 0 to 2 again.
    lines = [json.loads(line) for line in Path(parts[1]).read_text().splitlines()]
    assert [line["game"] for line in lines] == [2, 3, 4]
    assert [line["seed"] for line in lines] == [9, 10, 11]
    assert main(["--tally", *parts, parts[0]]) == 0  # a file given twice counts once
    tallied = json.loads(capsys.readouterr().out)
    assert _without_seconds(tallied)["table"] == whole["table"]
    assert tallied["head_to_head"] == whole["head_to_head"]
    assert (tallied["games"], tallied["seed"], tallied["draws"]) == (5, 7, whole["draws"])
    assert tallied["bots"] == ["first", "greedy", "random"]


def test_a_game_that_raised_is_a_progress_line_and_an_error_of_the_tally(tmp_path, capsys):
    from gameplay.engine.arena import tally

    records = [
        {"game": 0, "seed": 5, "error": "KeyError: 'c9'"},
        {
            "game": 1,
            "seed": 6,
            "bots": ["a", "b"],
            "winners": [1],
            "finished": True,
            "playout_failures": 2,
            "playout_errors": {"KeyError at gameplay/engine/x.py:3": 2},
            "timings": [0.5, 0.25],
        },
        {  # a record written before playout errors were kept
            "game": 2,
            "seed": 7,
            "bots": ["a", "b"],
            "winners": [0],
            "finished": True,
            "playout_failures": 1,
            "timings": [],
        },
    ]
    table = tally(records, {"bots": ["a", "b"], "seed": 5})
    assert table["errors"] == [records[0]]
    assert table["games"] == 3 and table["table"]["b"]["wins"] == 1
    assert table["playout_failures"] == 3
    assert table["playout_errors"] == {"KeyError at gameplay/engine/x.py:3": 2}
    assert table["decision_seconds"]["decisions"] == 2
    empty = tmp_path / "empty.jsonl"
    empty.write_text("not a game\n")
    with pytest.raises(SystemExit):
        main(["--tally", str(empty)])
    assert "no game record" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--tally", str(tmp_path / "missing.jsonl")])
    assert "cannot read" in capsys.readouterr().err


def test_a_playout_error_is_named_by_its_type_and_the_engine_line_it_came_through():
    from gameplay.engine.abilities import facts
    from gameplay.engine.game import GameConfig, new_game
    from gameplay.engine.search import failure_kind
    from gameplay.engine.simulate import load_deck

    state = new_game(GameConfig(players=(load_deck("core-stark"), load_deck("core-stark"))))
    with pytest.raises(KeyError) as raised:
        facts(state, "no-such-card")
    kind = failure_kind(raised.value)
    assert kind.startswith("KeyError at gameplay/engine/abilities.py:"), kind
    assert int(kind.rsplit(":", 1)[1]) > 0
    assert failure_kind(ValueError("never raised")) == "ValueError"
