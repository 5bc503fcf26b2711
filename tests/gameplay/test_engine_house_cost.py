"""The cost ``kneel_house`` (gameplay/engine/uses.py): "kneel attached House card to ...",
the House card the ability's card sits on (the round's mark ``house_knelt:<seat>``)."""

from __future__ import annotations

from gameplay.engine.influence import house_mark
from gameplay.engine.uses import _house_standing
from tests.gameplay.cardtest import (
    HOST,
    calm_marshalling,
    events,
    hand,
    marshals,
    on_house,
    ref,
    use,
)
from tests.gameplay.scenario import apply

TITLE = "cad_69"  # Warden of the West: a Title on the House card
HOSTER = "cad_72"  # Hoster Tully: a prized character


def test_kneel_house_is_paid_by_kneeling_the_house_card_the_source_is_on():
    state = calm_marshalling({})
    title = on_house(state, 0, TITLE)
    assert _house_standing(state, title)
    state.used.append(house_mark(0))
    assert not _house_standing(state, title)


def test_kneel_house_needs_a_house_card_under_the_source():
    state = calm_marshalling({"in_play": ["Knight of the Tumblestone"]})
    knight = next(iter(state.players[0].in_play))
    assert not _house_standing(state, knight)


def test_kneel_house_cost_of_an_ability():
    state = calm_marshalling({"hand": [HOSTER, HOSTER], "gold": 5}, {"in_play": [HOST]})
    title = on_house(state, 0, TITLE)
    state = apply(state, marshals(state, 0, hand(state, 0, HOSTER)[0])[0])
    state = use(state, 0, title, ref(state, 1, HOST))
    assert house_mark(0) in state.used
    assert events(state, "house_card_knelt")[-1]["seat"] == 0
    assert not _house_standing(state, title)
