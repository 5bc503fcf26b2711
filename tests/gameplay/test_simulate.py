"""The simulation command: one JSON summary, errors reported rather than raised."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from gameplay.engine.card_facts import default_cards_dir
from gameplay.engine.game import PlayerConfig
from gameplay.engine.simulate import (
    CORE_DECKS,
    deck_rotation,
    decks_dir,
    load_deck,
    main,
    read_decklist,
)

FIELDS = {
    "games",
    "finished",
    "wins",
    "draws",
    "unfinished",
    "mean_rounds",
    "mean_decisions",
    "wins_by_seat",
    "wins_by_house",
    "seconds_per_game",
    "errors",
}


def _run(capsys, *args: str) -> dict:
    assert main(list(args)) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one JSON object on one line
    return json.loads(out)


@pytest.mark.parametrize("bot", ["random", "greedy", "greedy,random"])
def test_joust_summary(capsys, bot):
    games = 3
    summary = _run(
        capsys,
        "--variant",
        "joust",
        "--games",
        str(games),
        "--seed",
        "4",
        "--bot",
        bot,
        "--round-limit",
        "3",
    )
    assert FIELDS.issubset(summary)
    assert summary["errors"] == []
    assert summary["games"] == games and summary["players"] == 2
    assert sum(summary["wins_by_seat"].values()) + summary["draws"] == games
    assert summary["wins"] + summary["draws"] + summary["unfinished"] == games
    assert summary["finished"] == summary["wins"]
    assert set(summary["wins_by_seat"]) == {"0", "1"}
    assert sum(summary["wins_by_house"].values()) == summary["wins"]
    assert 0 < summary["mean_rounds"] <= 3 and summary["mean_decisions"] > 0
    assert set(summary["seconds_per_game"]) == {"median", "mean"}
    assert summary["seconds_per_game"]["median"] > 0
    assert summary["bots"] == (bot.split(",") * 2)[:2]


def test_same_seed_same_games(capsys):
    args = ("--games", "2", "--seed", "9", "--bot", "greedy", "--round-limit", "2")
    first, second = _run(capsys, *args), _run(capsys, *args)
    for key in ("wins_by_seat", "draws", "mean_rounds", "mean_decisions"):
        assert first[key] == second[key]


def test_a_game_that_raises_is_reported_not_fatal(capsys):
    summary = _run(capsys, "--variant", "no-such-variant", "--players", "2", "--games", "2")
    assert summary["games"] == 2 and len(summary["errors"]) == 2
    error = summary["errors"][0]
    assert error["game"] == 0 and error["decks"] == list(deck_rotation(0, 2))
    assert "ConfigError" in error["error"] and "no-such-variant" in error["error"]
    assert summary["wins"] == summary["draws"] == 0


def test_bad_arguments_are_usage_errors(capsys):
    with pytest.raises(SystemExit):
        main(["--bot", "clever"])
    with pytest.raises(SystemExit):
        main(["--decks", "core-stark,no-such-deck"])
    assert "no-such-deck" in capsys.readouterr().err


def test_deck_rotation_meets_every_matchup_from_both_seats():
    seatings = {deck_rotation(g, 2) for g in range(12)}
    assert len(seatings) == 12 and all(a != b for a, b in seatings)
    assert {deck_rotation(g, 2)[0] for g in range(4)} == set(CORE_DECKS)
    assert sorted(deck_rotation(0, 4)) == sorted(CORE_DECKS)
    assert deck_rotation(1, 3, ["core-stark"]) == ("core-stark",) * 3


def _the_sites_reading(text: str) -> PlayerConfig:
    from decks.decklist import NameIndex, parse_decklist

    index = NameIndex.from_fixtures(
        json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(default_cards_dir().glob("*.json"))
    )
    parsed = parse_decklist(text, index)
    assert parsed.problems == ()
    deck = parsed.deck
    codes = tuple(code for code, count in deck.entries.items() for _ in range(count))
    return PlayerConfig(deck.house, codes, deck.agendas[0] if deck.agendas else None)


@pytest.mark.parametrize("path", sorted(decks_dir().glob("*.txt")), ids=lambda p: p.stem)
def test_the_engine_reads_a_fixture_deck_as_the_site_does(path):
    text = path.read_text(encoding="utf-8")
    assert read_decklist(text) == load_deck(path.stem) == _the_sites_reading(text)


def test_the_engine_reads_a_written_deck_with_its_name_and_agenda():
    from decks.decklist import NameIndex, parse_decklist, write_decklist

    index = NameIndex.from_fixtures(
        json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(default_cards_dir().glob("*.json"))
    )
    deck = parse_decklist((decks_dir() / "core-stark.txt").read_text(encoding="utf-8"), index)
    text = write_decklist(replace(deck.deck, agendas=("low_39",)), index, "Winter is Coming")
    assert text.startswith("Deck: Winter is Coming\nHouse Stark\nAgenda: ")
    assert read_decklist(text) == _the_sites_reading(text)
    assert read_decklist(text).agenda == "low_39"
    with pytest.raises(ValueError, match="no card"):
        read_decklist(text.replace("Eddard Stark (Core)", "Edard Stark (Core)"))
