"""The flag query ``hand_ambush`` (gameplay/engine/uses.py: ``has_ambush``): a card in a
hand without printed Ambush may be put into play by Ambush while a passive answers True for
``(seat, ref)`` ("[Targaryen] cards ... in your hand gain ambush": Dragon Egg, btns_74). It
is asked only while some card of the game has such a passive."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import PASSIVE_CODES, REGISTRY, SCRIPTS, Script
from gameplay.engine.game import legal_actions
from gameplay.engine.uses import HAND_AMBUSH, has_ambush
from tests.gameplay.cardtest import KNIGHT, code, hand, joust, ref

LORD = "Robb Stark"
MAESTER = "soo_33"  # +2 influence


def _ambushes(state, seat, card) -> bool:
    return any(
        a.kind == "use" and a.cards[0] == card and a.choice == "ambush"
        for a in legal_actions(state, seat)
    )


def _only_knights(state, source, subject, base):
    _seat, card = subject
    return base or state.code(card) == code(KNIGHT)


@pytest.fixture
def lord_grants_ambush(monkeypatch):
    """A test-only passive on Robb Stark: "Knights of the Tumblestone in any hand gain
    ambush" (restored after the test)."""
    monkeypatch.setitem(SCRIPTS, code(LORD), Script(passives={HAND_AMBUSH: [_only_knights]}))
    monkeypatch.setitem(PASSIVE_CODES, HAND_AMBUSH, {code(LORD)})
    monkeypatch.setitem(REGISTRY, "version", REGISTRY["version"] + 1)


def test_a_hand_ambush_passive_lets_a_card_be_put_into_play_by_ambush(lord_grants_ambush):
    state = joust({"in_play": [LORD, MAESTER], "hand": [KNIGHT, "Lannisport Steward"]}, {})
    knight, steward = hand(state, 0, KNIGHT)[0], hand(state, 0, "Lannisport Steward")[0]
    assert has_ambush(state, 0, knight) and _ambushes(state, 0, knight)
    assert not has_ambush(state, 0, steward)
    assert ref(state, 0, LORD)


def test_without_such_a_passive_no_card_gains_ambush():
    state = joust({"in_play": [LORD, MAESTER], "hand": [KNIGHT]}, {})
    knight = hand(state, 0, KNIGHT)[0]
    assert not has_ambush(state, 0, knight) and not _ambushes(state, 0, knight)
