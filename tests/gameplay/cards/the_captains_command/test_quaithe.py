"""Guided by Quaithe (asots_94, gameplay/engine/cards/the_captains_command/quaithe.py): a
card from the hand into Shadows, with the event attached to it."""

from __future__ import annotations

import json

from gameplay.engine.abilities import facts
from gameplay.engine.cards.the_captains_command.quaithe import attached, unattach
from gameplay.engine.game import legal_actions
from gameplay.engine.observe import observe
from gameplay.engine.uses import discard_from_shadows
from tests.gameplay.cardtest import (
    KNIGHT,
    act,
    answer,
    code,
    hand,
    head,
    hidden_changed,
    joust,
    marshalling,
    use,
    uses,
)

QUAITHE = "asots_94"
EDDARD = "Eddard Stark"  # a character without the Shadow crest
NARROW_SEA = "core_33"  # a location
LIONS_WILL = "core_162"  # an event


def _played(chosen=EDDARD, other=(NARROW_SEA, LIONS_WILL), gold=10):
    me = {"house": "Targaryen", "hand": [QUAITHE, chosen, *other], "gold": gold}
    state = marshalling(me, {"hand": [KNIGHT]})
    quaithe, card = hand(state, 0, QUAITHE)[0], hand(state, 0, chosen)[0]
    state = use(state, 0, quaithe)
    assert head(state).get("purpose") == "into_shadows"
    assert set(head(state)["candidates"]) == {card, *hand(state, 0, NARROW_SEA)}
    state = answer(state, "into_shadows", [card])
    return state, quaithe


def test_the_card_goes_into_shadows_with_quaithe_attached():
    state, quaithe = _played()
    player = state.players[0]
    assert len(player.shadows) == 1 and not hand(state, 0, EDDARD)
    card = player.shadows[0]
    assert state.code(card) == code(EDDARD)
    assert quaithe not in player.discard
    assert [m["card"] for m in attached(state, card)] == [card]
    for viewer in (0, 1, None):
        shown = observe(state, viewer)["players"][0]["shadow_attachments"]
        assert [c["code"] for c in shown] == [QUAITHE]
    theirs = json.dumps(observe(state, 1))
    assert f'"{code(EDDARD)}"' not in theirs  # nobody else learns which card went into Shadows
    assert observe(hidden_changed(state, 1), 1) == observe(state, 1)


def _shadow_action(state, card):
    return [a for a in legal_actions(state, 0) if a.cards[:1] == (card,) and a.choice == "shadow"]


def test_it_comes_out_in_a_later_round_for_its_printed_cost_and_quaithe_falls_off():
    state, quaithe = _played()
    card = state.players[0].shadows[0]
    assert not _shadow_action(state, card)  # not in the round it went in
    state.used.remove(f"shadows:{card}")  # a later round
    gold = state.players[0].gold
    state = act(state, 0, "use", [card], choice="shadow")
    printed = facts(state, card).cost  # the printed cost, no out-of-House penalty
    assert card in state.in_play and state.players[0].gold == gold - printed
    assert quaithe in state.players[0].discard and not attached(state, card)
    assert "shadow_attachments" not in observe(state, 1)["players"][0]
    assert card not in state.players[0].hand


def test_discarded_from_shadows_quaithe_falls_off():
    state, quaithe = _played()
    card = state.players[0].shadows[0]
    discard_from_shadows(state, card)
    assert card in state.players[0].discard and quaithe in state.players[0].discard
    assert not attached(state, card)


def test_unattached_while_the_card_is_in_shadows_it_returns_to_hand():
    state, quaithe = _played()
    card = state.players[0].shadows[0]
    unattach(state, attached(state, card)[0])
    assert card in state.players[0].hand and not state.players[0].shadows
    assert quaithe in state.players[0].discard


def test_only_a_character_or_location_from_hand():
    me = {"house": "Targaryen", "hand": [QUAITHE, LIONS_WILL], "gold": 5}
    state = joust(me, {})
    assert not uses(state, 0, hand(state, 0, QUAITHE)[0])
    state, _ = _played(chosen=NARROW_SEA, other=())
    assert state.code(state.players[0].shadows[0]) == NARROW_SEA
