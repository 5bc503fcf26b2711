"""The engine hooks A Song of Silence added: ``abilities.add_each_time`` (run by
``moves.take_control``), the cost ``RETURN_SELF`` and the ``can_return_to_hand`` permission
it asks, ``checks.check_control_now`` (the ``control_now`` passive), the trigger
``stealth_declared`` and the permission ``can_be_first_player``."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import EFFECTS, add_each_time, add_lasting, controller, end_lasting
from gameplay.engine.challenges import STEALTH_DECLARED
from gameplay.engine.leaving import leave_play
from gameplay.engine.triggers import triggers_in_use
from tests.gameplay.cards.a_song_of_silence.helpers import card
from tests.gameplay.cardtest import HOST, KNIGHT, joust, marshalling, ref, uses

CRAGORN = "bwb_68"
RESERVES = "bwb_61"


def test_add_each_time_runs_at_every_control_change_until_it_ends(monkeypatch):
    seen = []
    monkeypatch.setitem(EFFECTS, "test_each_time", lambda state, entry: seen.append(entry))
    state = marshalling({"house": "Stark", "in_play": [KNIGHT]}, {"house": "Lannister"})
    knight = ref(state, 0, KNIGHT)
    add_each_time(state, "control_changed", 0, "test_each_time", None, "phase", mark=7)
    moves.take_control(state, knight, 1)
    moves.take_control(state, knight, 0)
    assert [(e["event"]["card"], e["event"]["from"], e["mark"]) for e in seen] == [
        (knight, 0, 7),
        (knight, 1, 7),
    ]
    end_lasting(state, "phase")
    moves.take_control(state, knight, 1)
    assert len(seen) == 2


def test_return_self_cost_asks_can_return_to_hand():
    state = marshalling({"house": "Greyjoy", "gold": 1, "in_play": [CRAGORN]}, {"gold": 2})
    cragorn = ref(state, 0, CRAGORN)
    assert uses(state, 0, cragorn)
    add_lasting(state, "can_return_to_hand", (cragorn, 0), "phase", None, value=False)
    assert not uses(state, 0, cragorn)


def test_control_now_home_is_forgotten_when_the_card_leaves_play():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]}, {"house": "Lannister", "in_play": [RESERVES, HOST]}
    )
    reserves = card(state, RESERVES)
    assert controller(state, reserves) == 0  # seat 0's challenges turn
    assert any(e["query"] == "control_home" and e["subject"] == reserves for e in state.effects)
    leave_play(state, reserves, "dead")
    assert reserves in state.players[1].dead
    assert not any(e["query"] == "control_home" for e in state.effects)


def test_stealth_declared_is_a_trigger_only_some_card_answers():
    assert STEALTH_DECLARED in triggers_in_use()  # Poisoned Knife (bwb_76) answers it
