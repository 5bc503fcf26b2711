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


def test_buttons_for_two_copies_of_a_card_tell_them_apart():
    """Two Winterfell Honor Guards in play, one knelt with power: buttons that would read
    the same ("Marshal Ice onto Winterfell Honor Guard" twice) say which; where nothing
    tells the cards apart, a number does."""
    from gameplay.board import _tell_apart

    state = build(
        phase="marshalling",
        players=[
            {
                "in_play": [
                    {"card": "Winterfell Honor Guard"},
                    {"card": "Winterfell Honor Guard", "knelt": True, "power": 1},
                    {"card": "Winterfell Honor Guard"},
                ],
            },
            {},
        ],
    )
    first, second, third = state.players[0].in_play
    legal = [Action(0, "use", (ref,), "0") for ref in (first, second, third)]
    items = [{"action": str(a), "label": "Use Winterfell Honor Guard"} for a in legal]
    _tell_apart(state, items, legal)
    assert [e["label"] for e in items] == [
        "Use Winterfell Honor Guard (#1)",
        "Use Winterfell Honor Guard (knelt, 1 power)",
        "Use Winterfell Honor Guard (#3)",
    ]
    alone = [{"action": str(legal[0]), "label": "Pass"}]
    _tell_apart(state, alone, legal)
    assert alone[0]["label"] == "Pass"
