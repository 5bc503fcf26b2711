"""Any "No attachments except <Trait>" keyword (gameplay/engine/rules.py, ``can_take``): the
character takes only attachments with that trait (Strong Belwas, btns_34: "No attachments
except Boon"); Weapon and Siege keep their own lines."""

from __future__ import annotations

from gameplay.engine.card_facts import load_cards
from gameplay.engine.rules import can_take

BELWAS, BOON, CONDITION = "btns_34", "pots_18", "core_69"


def test_no_attachments_except_a_trait_takes_only_that_trait():
    cards = load_cards()
    belwas = cards[BELWAS]
    assert "no attachments except boon" in belwas.keywords
    assert can_take(belwas, cards[BOON])  # Taste for Blood, a Boon
    assert not can_take(belwas, cards[CONDITION])  # Stinking Drunk, a Condition


def test_other_characters_are_unchanged():
    cards = load_cards()
    knight = cards["core_18"]  # no such keyword
    assert can_take(knight, cards[BOON]) and can_take(knight, cards[CONDITION])
