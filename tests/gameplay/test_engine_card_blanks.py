"""The ``card_blanks`` passive (abilities.CARD_BLANKS, read by abilities.is_blank): a card in
play whose script answers ``fn(state, source, card, False)`` True for a card in play treats
that card's text box as blank (Palisades, w_113); looked at only in a game holding such a
card."""

from __future__ import annotations

from gameplay.engine.abilities import CARD_BLANKS, PASSIVE_CODES, SCRIPTS, in_game, is_blank
from tests.gameplay.cardtest import HOST, KNIGHT, joust, ref, start

PALISADES = "w_113"
TYENE = "bwb_91"  # Tyene Sand: her text grants Sand Snakes stealth


def test_palisades_registers_a_card_blanks_passive():
    assert CARD_BLANKS in SCRIPTS[PALISADES].passives
    assert PALISADES in PASSIVE_CODES[CARD_BLANKS]


def test_a_card_blanks_passive_blanks_while_it_answers_true():
    state = joust({"in_play": [KNIGHT, HOST]}, {"in_play": [PALISADES, TYENE, KNIGHT]})
    tyene = ref(state, 1, TYENE)
    assert not is_blank(state, tyene)  # no challenge: the passive answers False
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert state.challenge is not None and is_blank(state, tyene)


def test_a_game_without_such_a_card_never_looks():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [TYENE]})
    assert not in_game(state, PASSIVE_CODES[CARD_BLANKS])
    assert not is_blank(state, ref(state, 1, TYENE))
