"""What a resolved triggered ability did (issue 28): uses.resolve_ability records the
characters in every discard and dead pile before the effect (only while a card in play
answers the ``ability_resolved`` trigger), and a ``ability_resolved`` step after the effect and
the steps it added triggers ``ability_resolved`` with the use's ``ctx`` and the characters it
``returned`` to their owner's hand, deck, Shadows or play (Maester's Tower, soo_106)."""

from __future__ import annotations

from gameplay.engine.state import shuffle_zone
from gameplay.engine.uses import ABILITY_RESOLVED, RESOLVED_STEP, ability_resolved_step
from tests.gameplay.cardtest import HOST, KNIGHT, answer, build, head, ref, until_seat, use

TOWER, YARD, LUWIN, FIEFDOM = "soo_106", "acoa_96", "soo_21", "qod_42"


def _game(mine):
    me = {"house": "Baratheon", "in_play": mine, "discard": [HOST, HOST]}
    return build(players=[me, {"house": "Lannister", "in_play": [KNIGHT]}])


def _use_yard(state):
    state = until_seat(state, 0)
    host = next(r for r in state.players[0].discard)
    state = use(state, 0, ref(state, 0, YARD), host)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, FIEFDOM)])
    return state, host


def test_no_record_while_no_card_answers():
    state, host = _use_yard(_game([YARD, LUWIN, FIEFDOM]))
    assert host in state.players[0].hand
    assert not any(s.get("trigger") == ABILITY_RESOLVED for s in state.queue)


def test_the_trigger_carries_the_use_and_what_it_returned():
    state, host = _use_yard(_game([TOWER, YARD, LUWIN, FIEFDOM]))
    step = head(state)
    assert step["name"] == "window" and step["trigger"] == ABILITY_RESOLVED
    event = step["event"]
    assert event["returned"] == [host] and event["owners"] == [0]
    assert event["code"] == YARD and event["seat"] == 0 and event["ctx"]["target"] == host


def _record(state, refs):
    ctx = {"source": ref(state, 0, TOWER), "seat": 0, "index": 0}
    return {"name": RESOLVED_STEP, "ctx": ctx, "code": YARD, "piles": [[r, 0] for r in refs]}


def test_a_card_shuffled_into_the_deck_counts_and_one_left_in_a_pile_does_not():
    state = _game([TOWER, LUWIN])
    player = state.players[0]
    into_deck, stays = player.discard
    player.discard.remove(into_deck)
    player.deck.append(into_deck)
    shuffle_zone(state, player.deck)  # fresh ids
    ability_resolved_step(state, _record(state, [into_deck, stays]))
    window = next(s for s in state.queue if s.get("trigger") == ABILITY_RESOLVED)
    assert window["event"]["returned"] == [into_deck]


def test_nothing_returned_opens_nothing():
    state = _game([TOWER, LUWIN])
    before = list(state.queue)
    ability_resolved_step(state, _record(state, list(state.players[0].discard)))
    assert state.queue == before
