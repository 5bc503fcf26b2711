"""Bots cannot be robbed through table requests (issue 27, point 3).

A bot (gameplay/engine/table_bots.py) accepts a request only when the asker names the card
whose text asks for it (the cause): one of the asker's cards that every player sees (or
the card the request is about), whose text the engine does not play, and whose words could
ask for that. It refuses every other and says why in the log, naming no card.
"""

from __future__ import annotations

import pytest

from gameplay.board import log_lines
from gameplay.engine.abilities import only_scripts
from gameplay.engine.actions import Action
from gameplay.engine.bots import GreedyBot
from gameplay.engine.card_facts import load_cards
from gameplay.engine.coverage import needs_code, plays_automatically
from gameplay.engine.game import (
    GameConfig,
    IllegalAction,
    PlayerConfig,
    apply,
    legal_actions,
    new_game,
    to_act,
)
from gameplay.engine.observe import observe
from gameplay.engine.simulate import load_deck
from gameplay.engine.state import GameState
from gameplay.engine.table_bots import answer_request
from gameplay.engine.table_refusals import REASONS
from tests.gameplay.scenario import build, code

TARGET = code("Knight of the Tumblestone")  # no text at all


def _character(manual: bool, says: str | None, lacks: tuple[str, ...] = ()) -> str:
    """The first non-unique character (by code) whose text needs code, that says ``says``
    and none of ``lacks``: with a script for an automated one (``manual`` False); for a
    manual one, its script (if it has one by now: scripts are added all the time) is taken
    away for these tests (:func:`_manual_cards`)."""
    for card in sorted(load_cards().values(), key=lambda c: c.code):
        text = card.text.lower()
        if card.type != "character" or card.unique or not needs_code(card.text):
            continue
        if not manual and not plays_automatically(card.code):
            continue
        if (says is None or says in text) and not any(word in text for word in lacks):
            return card.code
    raise AssertionError(f"no character (manual={manual}) saying {says!r}")


ASKS_CONTROL = _character(True, "takes control", ("kill",))  # "that player takes control"
SILENT = _character(True, None, ("control", "kill", "kneel", "gold", "power", "discard", "hand"))
AUTOMATED = _character(False, "take control", (ASKS_CONTROL, SILENT))


@pytest.fixture(autouse=True)
def _manual_cards():
    """The two manual cards are manual: the engine plays neither's text in these tests."""
    with only_scripts(lambda c: c not in (ASKS_CONTROL, SILENT)):
        assert not plays_automatically(ASKS_CONTROL) and not plays_automatically(SILENT)
        yield


def _position() -> tuple[GameState, dict[str, str]]:
    """Seat 0 (a person) holds a card of each kind in play; seat 1 (a bot) a plain
    character and a card that asks for control of its own."""
    state = build(
        players=[
            {"house": "Stark", "in_play": [ASKS_CONTROL, SILENT, AUTOMATED]},
            {"house": "Lannister", "in_play": [TARGET, ASKS_CONTROL], "hand": ["Tyrion Lannister"]},
        ]
    )
    mine, theirs = state.players[0].in_play, state.players[1].in_play
    refs = {
        "manual": mine[0],
        "silent": mine[1],
        "automated": mine[2],
        "target": theirs[0],
        "bots_own": theirs[1],
    }
    return state, refs


@pytest.mark.parametrize(
    ("cause", "verb", "expected"),
    [
        (None, "control", "no_cause"),
        ("automated", "control", "automated"),
        ("silent", "control", "not_in_text"),
        ("bots_own", "control", "not_theirs"),  # another card of the bot's is no cause
        ("manual", "kill", "not_in_text"),  # its text asks for control, not a kill
        ("manual", "control", None),  # the one request the bot accepts
    ],
)
def test_a_bot_accepts_only_a_request_its_cause_asks_for(cause, verb, expected):
    state, refs = _position()
    named = refs["target"] if cause is None else f"{refs['target']},{refs[cause]}"
    state = apply(state, f"p0:table:request:{named}={verb}")
    number = observe(state, 1)["requests"][0]["id"]
    answer = answer_request(observe(state, 1))
    if expected is None:
        assert answer == Action(1, "table:accept", choice=str(number))
    else:
        assert answer == Action(1, "table:refuse", choice=f"{number}_{expected}")
    after = apply(state, answer)
    if expected is None:
        assert after.in_play[refs["target"]].controller == 0
        return
    assert after.in_play[refs["target"]].controller == 1 and refs["target"] in after.in_play
    # The log says why, in words, to everyone, and names no card the asker may not see.
    event = after.log[-1]
    assert event["event"] == "table_answer" and event["reason"] == expected
    line = log_lines(after, after.log[-1:], ["Ann", "Bob"])[0]["text"]
    assert line.startswith("Bob refuses Ann's request") and line.endswith(f": {REASONS[expected]}.")
    assert "Tyrion" not in line  # the bot's hand


def test_a_card_whose_own_text_gives_it_away_is_its_own_cause():
    """ "After a player wins a challenge against you, that player takes control of" this
    card: a request about the card itself, naming it as the cause, is accepted."""
    state, refs = _position()
    own = refs["bots_own"]
    state = apply(state, f"p0:table:request:{own},{own}=control")
    answer = answer_request(observe(state, 1))
    assert answer is not None and answer.kind == "table:accept"


def test_a_refusal_needs_a_known_reason_and_an_acceptance_none():
    state, refs = _position()
    state = apply(state, f"p0:table:request:{refs['target']}=control")
    number = observe(state, 1)["requests"][0]["id"]
    with pytest.raises(IllegalAction, match="not a reason to refuse"):
        apply(state, f"p1:table:refuse={number}_because")
    with pytest.raises(IllegalAction, match="not a reason to refuse"):
        apply(state, f"p1:table:accept={number}_no_cause")
    plain = apply(state, f"p1:table:refuse={number}")  # a person need not say why
    assert "reason" not in plain.log[-1]


def _robber_config(seed: int) -> GameConfig:
    """Seat 0 brings three copies of a card whose text asks nothing of anyone (the cause
    it names), seat 1, the bot, a Core deck."""
    stark, lannister = load_deck("core-stark"), load_deck("core-lannister")
    return GameConfig(
        players=(PlayerConfig(stark.house, (*stark.deck, *[SILENT] * 3)), lannister),
        seed=seed,
        round_limit=3,
    )


def _rob(state: GameState) -> tuple[GameState, int]:
    """Seat 0 puts a silent card into play by hand (drawn first), then asks for control of
    every character of seat 1 and for its gold, naming that card (or no card) as the cause;
    the bot answers each request at once, as the server has it do. Returns the state and
    the requests made."""
    made = 0
    mine = state.players[0]
    silent = next((r for r in mine.in_play if state.code(r) == SILENT), None)
    if silent is None:
        silent = next(r for r in [*mine.hand, *mine.deck] if state.code(r) == SILENT)
        if silent in mine.deck:  # test set-up: drawn at once
            state = state.copy()
            state.players[0].deck.remove(silent)
            state.players[0].hand.append(silent)
        state = apply(state, f"p0:table:move:{silent}=play")
    targets = [r for r in state.players[1].in_play if state.in_play[r].controller == 1]
    asks = [f"p0:table:request:{r},{silent}=control" for r in targets]
    asks += [f"p0:table:request:{r}=kill" for r in targets]
    asks.append(f"p0:table:request:{silent}=gold_1")
    for text in asks:
        try:
            state = apply(state, text)
        except IllegalAction:  # a request that cannot be made now (no gold, a unique card)
            continue
        made += 1
        before = _holdings(state, 1)
        answer = answer_request(observe(state, 1))
        assert answer is not None and answer.kind == "table:refuse", text
        state = apply(state, answer)
        assert _holdings(state, 1) == before, text
    return state, made


def _holdings(state: GameState, seat: int) -> tuple:
    """What a seat could be robbed of: the cards it controls in play, its gold and power."""
    player = state.players[seat]
    controlled = sorted(r for r, record in state.in_play.items() if record.controller == seat)
    return controlled, player.gold, state.total_power(seat)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_greedy_bot_cannot_be_drained_by_requests(seed):
    """A whole game in which seat 0 asks, at each of its decisions, for control of every
    character of the bot, for their deaths and for its gold: every request is refused,
    and the bot loses nothing to them."""
    state = new_game(_robber_config(seed))
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    made = 0
    while state.result is None:
        actor = to_act(state)[0]
        if actor == 0 and state.phase not in ("setup", "plot"):
            state, count = _rob(state)
            made += count
        state = apply(state, bots[actor].choose(observe(state, actor), legal_actions(state, actor)))
    answers = [e for e in state.log if e["event"] == "table_answer"]
    assert made > 20 and len(answers) == made
    assert all(e["answer"] == "refused" and e.get("reason") for e in answers)
