from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gameplay.engine.actions import KINDS, Action, ActionParseError

refs = st.integers(min_value=0, max_value=10_000).map(lambda n: f"c{n}")


@st.composite
def actions(draw):
    kind = draw(st.sampled_from(sorted(KINDS)))
    (low, high), needs_choice = KINDS[kind]
    cards = draw(st.lists(refs, min_size=low, max_size=min(high, 7)))
    choice = draw(st.from_regex(r"[A-Za-z0-9_]{1,6}", fullmatch=True)) if needs_choice else ""
    return Action(draw(st.integers(0, 9)), kind, tuple(cards), choice)


@given(actions())
def test_action_round_trips_through_its_string(action):
    assert Action.parse(str(action)) == action
    assert action.label()


def test_string_forms():
    assert str(Action(0, "setup:place", ("c12", "c40"))) == "p0:setup:place:c12,c40"
    assert str(Action(1, "plot:choose", ("c3",))) == "p1:plot:choose:c3"
    assert str(Action(0, "pass")) == "p0:pass"
    assert Action.parse("p0:setup:place") == Action(0, "setup:place", ())


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("marshal:play:c1", "must start with the seat"),
        ("p0:dance", "unknown kind"),
        ("p0:marshal:play:x1", "is not a card ref"),
        ("p0:plot:choose", "takes 1 to 1 card refs"),
        ("p0:first_player", "needs a choice"),
        ("p0:pass=a b", "not a valid choice"),
    ],
)
def test_parse_errors_name_the_problem(text, fragment):
    with pytest.raises(ActionParseError, match=fragment):
        Action.parse(text)
