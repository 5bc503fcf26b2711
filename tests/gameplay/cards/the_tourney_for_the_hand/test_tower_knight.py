"""The Tourney for the Hand: Shadow Tower Knight
(gameplay/engine/cards/the_tourney_for_the_hand/cards.py) and the engine's
``cannot_gain_traits`` flag (gameplay/engine/abilities.traits)."""

from __future__ import annotations

from gameplay.engine.abilities import traits
from tests.gameplay.cardtest import KNIGHT, joust, ref

TOWER_KNIGHT = "atoc_17"
TATTOO = "kl_10"  # Kraken Tattoo: attached character gains the Ironborn trait


def _state(with_knight=True):
    mine = [{"card": KNIGHT, "attachments": [TATTOO]}] + ([TOWER_KNIGHT] if with_knight else [])
    return joust(
        {"house": "Greyjoy", "in_play": mine},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "attachments": [TATTOO]}]},
    )


def test_shadow_tower_knight_stops_your_cards_gaining_traits():
    state = _state()
    mine, theirs = ref(state, 0, KNIGHT), ref(state, 1, KNIGHT)
    assert "Ironborn" not in traits(state, mine)
    assert "Knight" in traits(state, mine)  # printed Traits stay
    assert "Ironborn" in traits(state, theirs)  # an opponent's card still gains them


def test_without_shadow_tower_knight_the_trait_is_gained():
    state = _state(with_knight=False)
    assert "Ironborn" in traits(state, ref(state, 0, KNIGHT))
