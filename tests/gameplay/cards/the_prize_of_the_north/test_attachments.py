"""The Prize of the North attachments (gameplay/engine/cards/the_prize_of_the_north/
attachments.py).

Fillers: Kingsmoot Hopeful (a Greyjoy Lord, no text), Knight of the Tumblestone (a Stark
Knight, 2 STR)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    KNIGHT,
    hand,
    joust,
    marshalling,
    marshals,
    ref,
    use,
    uses,
)

HAND_OF_THE_KING = "cad_93"
HOPEFUL = "soo_29"  # Kingsmoot Hopeful: a Lord


# --- cad_93 Hand of the King ------------------------------------------------------------------


def test_hand_of_the_king_stands_attached_character():
    lord = {"card": HOPEFUL, "knelt": True, "attachments": [HAND_OF_THE_KING]}
    state = joust({"in_play": [lord]}, {"in_play": [KNIGHT]})
    hopeful = ref(state, 0, HOPEFUL)
    attachment = next(r for r, rec in state.in_play.items() if rec.attached_to == hopeful)
    state = use(state, 0, attachment)
    assert not state.in_play[hopeful].knelt and state.in_play[attachment].knelt


def test_hand_of_the_king_not_while_attached_character_stands():
    lord = {"card": HOPEFUL, "attachments": [HAND_OF_THE_KING]}
    state = joust({"in_play": [lord]}, {"in_play": [KNIGHT]})
    hopeful = ref(state, 0, HOPEFUL)
    attachment = next(r for r, rec in state.in_play.items() if rec.attached_to == hopeful)
    assert not uses(state, 0, attachment)


def test_hand_of_the_king_lord_or_lady_character_only():
    state = marshalling({"gold": 5, "hand": [HAND_OF_THE_KING], "in_play": [HOPEFUL, KNIGHT]})
    card = hand(state, 0, HAND_OF_THE_KING)[0]
    hosts = {a.cards[1] for a in marshals(state, 0, card) if len(a.cards) > 1}
    assert hosts == {ref(state, 0, HOPEFUL)}
