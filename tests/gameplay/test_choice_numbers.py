"""The numbers in a player's action (its seat, and a choice that names a seat, an amount or a
request) are read by one reader, ``gameplay.engine.numbers.whole_number``: a choice of '²',
'١٢', '-1', nothing, or a number of hundreds or thousands of digits is refused with a message
(``ActionParseError`` or ``IllegalAction``, both naming the problem), never another exception.

``'²'.isdigit()`` is true but ``int('²')`` fails, and ``int()`` refuses more than 4,300 digits:
before the reader, a House card choice ``house_²`` and a choice of 5,000 digits (a seat, an
amount, a request's number) raised a bare ``ValueError`` from the engine (a 500 on the site).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gameplay.engine import house_card, table
from gameplay.engine.actions import Action, ActionParseError
from gameplay.engine.game import (
    GameConfig,
    IllegalAction,
    apply,
    legal_actions,
    new_game,
    to_act,
)
from gameplay.engine.numbers import whole_number
from gameplay.engine.simulate import load_deck
from gameplay.engine.state import GameState

LONG = "9" * 400
PAST_INT = "9" * 5000  # beyond the digits int() reads at all
BAD = ["²", "١٢", "５", "-1", "", LONG, PAST_INT]
BAD_IDS = ["superscript", "arabic-indic", "fullwidth", "negative", "empty", "400-digits", "5000"]
REFUSED = (ActionParseError, IllegalAction)


def test_the_reader_takes_ascii_digits_within_bounds_only():
    assert [whole_number(t) for t in ("0", "7", "123456789")] == [0, 7, 123456789]
    assert [whole_number(t) for t in BAD] == [None] * len(BAD)
    assert whole_number("1234567890") is None  # ten digits: past every integer column
    assert whole_number("-3", low=-5) == -3 and whole_number("-", low=-5) is None
    assert whole_number("4", high=3) is None and whole_number("2", low=3) is None
    assert whole_number(None) is None and whole_number(3) is None  # text only


def _advance(state: GameState, until: Callable[[GameState], bool]) -> GameState:
    """Play on (passing where one may, else the first legal action) until ``until``."""
    for _ in range(2_000):
        if until(state):
            return state
        seat = to_act(state)[0]
        options = legal_actions(state, seat)
        state = apply(state, next((a for a in options if a.kind == "pass"), options[0]))
    raise AssertionError("the game never got there")


def _game() -> GameState:
    stark, lannister = load_deck("core-stark"), load_deck("core-lannister")
    return new_game(GameConfig(players=(stark, lannister), seed=5, table_actions=True))


@pytest.fixture(scope="module")
def first_player() -> GameState:
    return _advance(_game(), lambda s: s.queue[0]["name"] == "first_player")


@pytest.fixture(scope="module")
def challenges() -> GameState:
    def ready(state: GameState) -> bool:
        head = state.queue[0]
        return head["name"] == "window" and head.get("point") == "before_challenge"

    return _advance(_game(), ready)


def _refused(state: GameState, text: str) -> str:
    with pytest.raises(REFUSED) as refusal:
        apply(state, text)
    message = str(refusal.value)
    assert message and len(message) < 300, message  # names the problem, not the whole input
    return message


@pytest.mark.parametrize("value", BAD, ids=BAD_IDS)
def test_a_bad_first_player_is_refused(first_player, value):
    seat = to_act(first_player)[0]
    _refused(first_player, f"p{seat}:first_player={value}")


@pytest.mark.parametrize("value", BAD, ids=BAD_IDS)
def test_a_bad_defender_is_refused(challenges, value):
    seat = challenges.queue[0]["turn"]
    _refused(challenges, f"p{seat}:challenge:military={value}")


TEMPLATES = [
    "p{seat}:table:draw={v}",
    "p{seat}:table:look={v}",
    "p{seat}:table:gold=take_{v}",
    "p{seat}:table:house_power=add_{v}",
    "p{seat}:table:request=gold_{v}",
    "p{seat}:table:request=gold_1_{v}",
    "p{seat}:table:accept={v}",
    "p{seat}:table:refuse={v}",
    "p{seat}:choose={v}",
    "p{seat}:give={v}_1",
    "p{v}:pass",
]
# "take_" and "add_" with no amount are "take" and "add": one (table.py's ``_amount``).
NO_AMOUNT_IS_ONE = ("take_{v}", "add_{v}")


@pytest.mark.parametrize(
    ("template", "value"),
    [
        pytest.param(t, v, id=f"{t.split(':', 1)[1]}-{i}")
        for t in TEMPLATES
        for v, i in zip(BAD, BAD_IDS, strict=True)
        if v or not t.endswith(NO_AMOUNT_IS_ONE)
    ],
)
def test_a_bad_number_in_any_choice_is_refused(challenges, template, value):
    seat = challenges.queue[0]["turn"]
    _refused(challenges, template.format(seat=seat, v=value))


def test_a_seat_of_5000_digits_is_no_seat_and_says_so():
    with pytest.raises(ActionParseError, match="no seat"):
        Action.parse(f"p{PAST_INT}:pass")


@pytest.mark.parametrize("value", ["²", "١", "-1", "", LONG, PAST_INT])
def test_the_readers_of_a_choice_answer_none_for_what_is_no_number(challenges, value):
    """The readers the table and the House card use, called with text that never passed an
    action's own check (the engine's callers may hand them any string)."""
    assert house_card.seat_of_choice(challenges, 0, f"house_{value}") is None
    assert table.seat_request(f"gold_{value}", 2) is None
    assert table.seat_request(f"power_1_{value}", 2) is None


def test_the_readers_of_a_choice_read_a_seat_in_the_game_only(challenges):
    assert house_card.seat_of_choice(challenges, 0, "house_1") == 1
    assert house_card.seat_of_choice(challenges, 0, "house_2") is None  # two players: 0 and 1
    assert table.seat_request("power_1_2", 2) == ("power", 1, 2)
    assert table.seat_request("power_2_2", 2) is None
