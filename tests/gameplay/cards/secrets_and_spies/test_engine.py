"""The engine moments Secrets and Spies added: ``knelt_by_effect`` (moves.kneel while a
card effect resolves, for kl_82 Cannot be Bribed, Cannot be Bought) and the
``can_take_attachment`` permission (rules.attachment_targets, for kl_84 Littlefinger)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import as_acting
from gameplay.engine.rules import attachment_targets, facts
from tests.gameplay.cardtest import KNIGHT, joust, ref

BRIBED = "kl_82"


def _windows(state) -> list[dict]:
    return [s for s in state.queue if s.get("trigger") == "knelt_by_effect"]


def test_kneeling_by_an_effect_triggers_knelt_by_effect_once_per_standing_card():
    state = joust({"in_play": [KNIGHT], "hand": [BRIBED]}, {"in_play": [KNIGHT], "hand": [BRIBED]})
    knight = ref(state, 1, KNIGHT)
    as_acting(state, 0, moves.kneel, state, knight)
    (window,) = _windows(state)
    assert window["event"]["cards"] == [knight] and window["event"]["seat"] == 0
    as_acting(state, 0, moves.kneel, state, knight)  # already knelt: nothing new
    assert len(_windows(state)) == 1


def test_kneeling_outside_a_card_effect_triggers_nothing():
    state = joust({"in_play": [KNIGHT], "hand": [BRIBED]}, {"in_play": [KNIGHT], "hand": [BRIBED]})
    moves.kneel(state, ref(state, 1, KNIGHT))
    assert _windows(state) == []


def test_can_take_attachment_is_asked_with_the_host_and_the_attachments_code():
    state = joust({"in_play": ["kl_84", KNIGHT], "hand": ["Bodyguard", "kl_95"]}, {})
    littlefinger, knight = ref(state, 0, "kl_84"), ref(state, 0, KNIGHT)
    bodyguard, spear = state.players[0].hand
    assert littlefinger not in attachment_targets(state, facts(state, bodyguard), 0)  # Condition
    assert littlefinger in attachment_targets(state, facts(state, spear), 0)  # a Weapon
    assert knight in attachment_targets(state, facts(state, spear), 0)
