"""A card killed reads as one line (issue 32): "Lady is killed.", where the log said
"Lady leaves play for ann's dead pile." and then "Lady is killed." (eventlog.with_actors
marks the pair; the engine's events are unchanged)."""

from __future__ import annotations

import itertools

from gameplay.board import log_lines
from gameplay.engine.simulate import deck_rotation, game_config, play_game
from gameplay.eventlog import event_text, with_actors

NAMES = ["Ann", "Bob"]
CARDS = {"c1": "Lady", "c2": "The Hound", "c3": "Hodor"}


def _lines(events: list[dict]) -> list[str]:
    found = []
    for event in with_actors(events):
        text = event_text(
            event, card=lambda r: CARDS[r], code=lambda c: CARDS[c], seat=lambda n: NAMES[n]
        )
        if text is not None:
            found.append(text)
    return found


def _left(ref: str, to: str, seat: int = 0) -> dict:
    return {"event": "left_play", "card": ref, "code": ref, "to": to, "power": 0, "seat": seat}


def _killed(ref: str) -> dict:
    return {"event": "killed", "card": ref, "code": ref}


def test_a_kill_is_one_line_and_says_where_a_card_goes_when_not_the_dead_pile():
    events = [_left("c1", "dead"), _killed("c1"), _left("c2", "discard", 1), _killed("c2")]
    assert _lines(events) == [
        "Lady is killed.",
        "The Hound is killed and goes to Bob's discard pile.",
    ]


def test_several_kills_at_once_pair_each_card_with_its_own_leaving():
    events = [_left("c1", "dead"), _left("c3", "dead"), _killed("c1"), _killed("c3")]
    assert _lines(events) == ["Lady is killed.", "Hodor is killed."]


def test_leaving_play_without_a_kill_still_says_leaves_play():
    events = [_left("c1", "dead"), {"event": "phase", "phase": "draw"}, _killed("c1")]
    lines = _lines(events)
    assert lines[0] == "Lady leaves play for Ann's dead pile."
    assert lines[-1] == "Lady is killed."  # not next to it: not merged
    assert _lines([_left("c3", "hand")]) == ["Hodor returns to Ann's hand."]


def test_the_engines_events_are_left_as_they_are():
    events = [_left("c1", "dead"), _killed("c1")]
    with_actors(events)
    assert "killed" not in events[0] and "merged" not in events[1]


def test_a_whole_game_never_says_a_card_leaves_play_and_then_is_killed():
    config = game_config(deck_rotation(1, 2), 3, "joust", 6)
    state, _ = play_game(config, "greedy", 3, 10_000)
    lines = [line["text"] for line in log_lines(state, with_actors(state.log), NAMES)]
    killed = [line for line in lines if line.endswith(" is killed.")]
    assert killed  # the game has kills
    for before, after in itertools.pairwise(lines):
        if after.endswith(" is killed."):
            name = after.removesuffix(" is killed.")
            assert not before.startswith(f"{name} leaves play"), (before, after)
