"""The claim's line in the log says what the target really has to satisfy it with (issue
32): "has no character that can be killed" rather than "must kill 2 characters" with none
in play; "has no power ... to give" rather than "must give 1 power" with none; all of it
when it has less than the claim. The claim event carries ``able`` for this."""

from __future__ import annotations

from gameplay.board import log_lines
from gameplay.engine.actions import Action
from gameplay.engine.game import apply, legal_actions, to_act
from gameplay.engine.rules import facts
from gameplay.engine.state import GameState
from gameplay.eventlog import event_text
from tests.gameplay.scenario import build

NAMES = ["Ann", "Bob"]
PLOT = "Summoning Season"


def _claimed(ctype: str, bob: dict, plot: str = PLOT) -> GameState:
    """Ann (Stark, Eddard, Robb and Catelyn in play) wins a ``ctype`` challenge against
    bob, who does not defend; the state just after the claim's event."""
    state = build(
        phase="challenges",
        players=[
            {
                "house": "Stark",
                "in_play": ["Eddard Stark", "Robb Stark", "Catelyn Stark"],
                "revealed_plot": plot,
            },
            {"house": "Lannister", "revealed_plot": PLOT} | bob,
        ],
    )
    for _ in range(60):
        if any(e["event"] == "claim" for e in state.log):
            return state
        seat = to_act(state)[0]
        legal = legal_actions(state, seat)
        head = state.queue[0]
        wanted = Action(seat, f"challenge:{ctype}", choice="1")
        if wanted in legal:
            action = wanted
        elif head["name"] == "prompt" and head.get("purpose") == "attackers":
            action = next(a for a in legal if a.kind in ("select", "done"))
        elif Action(seat, "done") in legal:
            action = Action(seat, "done")  # bob declares no defenders
        else:
            action = Action(seat, "pass") if Action(seat, "pass") in legal else legal[0]
        state = apply(state, action)
    raise AssertionError("no claim")


def _claim_line(state: GameState) -> str:
    event = next(e for e in state.log if e["event"] == "claim")
    lines = [line["text"] for line in log_lines(state, state.log, NAMES)]
    text = next(line for line in lines if "claim" in line and "Bob" in line)
    assert event["able"] is not None
    return text


def _amount(state: GameState) -> int:
    return next(e for e in state.log if e["event"] == "claim")["amount"]


def test_military_claim_with_no_character_to_kill_says_so():
    state = _claimed("military", {"in_play": []})
    assert _claim_line(state) == (
        f"Military claim of {_amount(state)}: Bob has no character that can be killed."
    )


def test_military_claim_with_enough_characters_says_how_many_must_die():
    bob = {"in_play": ["Tyrion Lannister", "Ser Jaime Lannister", "Lannisport Steward"]}
    state = _claimed("military", bob)
    amount = _amount(state)
    assert amount <= 3
    plural = "character" if amount == 1 else "characters"
    assert _claim_line(state) == f"Military claim: Bob must kill {amount} {plural}."


def test_military_claim_with_fewer_characters_than_claim_kills_all_of_them():
    state = _claimed("military", {"in_play": ["Tyrion Lannister"]}, plot="The Power of Arms")
    assert _amount(state) == 2  # its claim
    assert _claim_line(state) == (
        "Military claim of 2: Bob must kill 1 character, all that can be killed."
    )


def test_power_claim_with_no_power_says_so_and_moves_nothing():
    state = _claimed("power", {"power": 0})
    assert _claim_line(state) == (
        f"Power claim of {_amount(state)}: Bob has no power on their House card to give Ann."
    )
    assert state.players[1].power == 0


def test_power_claim_with_power_says_it_must_be_given():
    state = _claimed("power", {"power": 5})
    assert _claim_line(state) == f"Power claim: Bob must give Ann {_amount(state)} power."


def test_intrigue_claim_with_an_empty_hand_says_so():
    state = _claimed("intrigue", {"hand": []})
    assert _claim_line(state) == (
        f"Intrigue claim of {_amount(state)}: Bob has no card in hand to discard."
    )


def test_an_older_claim_event_without_able_keeps_its_words():
    event = {"event": "claim", "seat": 0, "target": 1, "type": "military", "amount": 2}
    text = event_text(event, card=str, code=str, seat=lambda n: NAMES[n])
    assert text == "Military claim: Bob must kill 2 characters."


def test_the_claim_names_cards_only_as_the_log_did():
    """``able`` is a count: the line names no card of a hidden hand."""
    state = _claimed("intrigue", {"hand": ["Tyrion Lannister", "Cersei Lannister"]})
    event = next(e for e in state.log if e["event"] == "claim")
    assert event["able"] == 2
    text = _claim_line(state)
    for ref in state.players[1].hand:
        assert facts(state, ref).name not in text
