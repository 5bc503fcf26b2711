"""A card that gains another card's printed text (abilities.TEXT_TAKERS, gain_text,
script_of: Jaqen H'ghar), and "if ..., return X to Shadows" (checks.check_shadows_now)."""

from __future__ import annotations

import pytest

from gameplay.engine import abilities
from gameplay.engine.abilities import gain_text, has_text_of, script_of, strength
from gameplay.engine.state import InPlay
from gameplay.engine.uses import usable
from tests.gameplay.cardtest import KNIGHT, code, joust, ref

COURTIER = "core_86"  # Any Phase: kneel Renly's Courtier to blank a non-unique character
LINKED = "soo_69"  # Linked Advisor: +1 STR for each attachment it has (a passive)
SWORD = "core_56"  # an attachment with no restriction


@pytest.fixture
def knight_takes_text(monkeypatch):
    """The Knight of the Tumblestone may gain a text, for this test only."""
    monkeypatch.setattr(abilities, "TEXT_TAKERS", {code(KNIGHT)})
    import gameplay.engine.uses as uses_module

    monkeypatch.setattr(uses_module, "TEXT_TAKERS", {code(KNIGHT)})


def _with_dead(card_code):
    state = joust({"in_play": [KNIGHT, KNIGHT]}, {"dead": [card_code]}, phase="challenges")
    return state, ref(state, 0, KNIGHT), state.players[1].dead[0]


def test_a_card_without_gained_text_plays_only_its_own(knight_takes_text):
    state, knight, _ = _with_dead(COURTIER)
    assert script_of(state, knight) is abilities.SCRIPTS.get(code(KNIGHT))
    assert not has_text_of(state, knight, {COURTIER})
    assert not [a for a in usable(state, 0) if a.cards[0] == knight]


def test_gained_abilities_are_used_with_the_taker_as_source(knight_takes_text):
    state, knight, courtier = _with_dead(COURTIER)
    gain_text(state, knight, courtier)
    assert has_text_of(state, knight, {COURTIER})
    found = [a for a in usable(state, 0) if a.cards[0] == knight]
    assert found  # the Courtier's Any Phase action, from the Knight
    other = ref(state, 0, KNIGHT, 1)
    assert [a for a in found if a.cards[1:] == (other,)]


def test_gained_passives_apply_to_the_taker(knight_takes_text):
    state, knight, linked = _with_dead(LINKED)
    sword = state.new_card(SWORD, 0)
    state.in_play[sword] = InPlay(controller=0, attached_to=knight)
    state.players[0].in_play.append(sword)
    before = strength(state, knight)
    gain_text(state, knight, linked)
    assert strength(state, knight) > before
    # Gone with the taker's effects as it leaves play.
    abilities.forget_card(state, knight)
    assert not has_text_of(state, knight, {LINKED})
