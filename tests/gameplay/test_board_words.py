"""The board's buttons in words a player reads: a prompt's option is "Deadly" or "Stealth
(keyword)", not "Player 1 chooses deadly" (the engine's label of the action, with a seat
number and the option's raw name)."""

from __future__ import annotations

import pytest

from gameplay.board import choice_words, label
from gameplay.engine.actions import Action
from gameplay.engine.prompts import ask_choose
from tests.gameplay.scenario import build


@pytest.mark.parametrize(
    ("choice", "words"),
    [
        ("deadly", "Deadly"),
        ("keyword_stealth", "Stealth (keyword)"),
        ("crest_war", "War (crest)"),
        ("icon_intrigue", "Intrigue (icon)"),
        ("kneel_or_stand", "Kneel or stand"),
        ("3", "3"),
    ],
)
def test_an_option_reads_as_words(choice, words):
    assert choice_words(choice) == words


def test_a_choose_prompt_button_names_the_option_without_a_seat_number():
    state = build(phase="marshalling", players=[{}, {}])
    ask_choose(state, 0, "ulf_gains", ["keyword_deadly", "crest_war"], "adg_ulf")
    words = [
        label(state, Action(0, "choose", choice=c), ["Ann", "Bob"])
        for c in ("keyword_deadly", "crest_war")
    ]
    assert words == ["Deadly (keyword)", "War (crest)"]
    assert not any("Player" in w for w in words)
