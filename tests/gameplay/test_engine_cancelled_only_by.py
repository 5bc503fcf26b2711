"""``cancels.CANCELLED_ONLY_BY`` and ``cancels.may_cancel`` (asked by uses._problem): the
cards that may cancel the effect of a given card ("(Non-prized event cards cannot cancel
this effect.)": Royal Decree, cad_98)."""

from __future__ import annotations

from gameplay.engine import cancels
from tests.gameplay.cardtest import KNIGHT, STEWARD, hand, joust, until_seat, use, uses

PIKES = "cad_99"  # Heads on Pikes: an Any Phase event
JUDGEMENT = "kl_59"  # The Hand's Judgement: pay 1 gold to cancel an event


def _pikes_played():
    me = {"hand": [PIKES], "in_play": [KNIGHT]}
    them = {"hand": [JUDGEMENT], "dead": [KNIGHT], "deck": [STEWARD] * 2, "gold": 1}
    state = joust(me, them)
    state = use(state, 0, hand(state, 0, PIKES)[0])
    return until_seat(state, 1)


def test_a_cancel_is_offered_without_a_rule():
    state = _pikes_played()
    assert uses(state, 1, hand(state, 1, JUDGEMENT)[0])


def test_a_rule_keeps_a_cancel_from_being_offered(monkeypatch):
    monkeypatch.setitem(cancels.CANCELLED_ONLY_BY, PIKES, lambda state, ref: False)
    state = joust(
        {"hand": [PIKES], "in_play": [KNIGHT]},
        {"hand": [JUDGEMENT], "dead": [KNIGHT], "deck": [STEWARD] * 2, "gold": 1},
    )
    state = use(state, 0, hand(state, 0, PIKES)[0])
    assert not uses(state, 1, hand(state, 1, JUDGEMENT)[0])
    assert not state.players[1].deck  # no window: Heads on Pikes resolved
