"""One trigger for "discarded from a deck": ``card_discarded_from_deck`` (moves.to_discard_pile,
one per card, every cause). Its event carries everything its answers read: the card, whose
deck (``seat``), whether a cost did it (``cost``), who acted (``by``) and, for an effect's
discard from the top in one go (``vocabulary.discard_top``), the cards of that discard
(``top``), so that "after an effect discards 1 or more characters from the top of a deck"
(Corpse Lake, atoc_87) answers once per discard (``vocabulary.first_of_top``). The older
trigger ``discarded_from_top`` is gone."""

from __future__ import annotations

from gameplay.engine.abilities import as_acting
from gameplay.engine.cards.vocabulary import discard_top, first_of_top
from gameplay.engine.triggers import triggers_in_use
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    act,
    head,
    joust,
    ref,
    use,
    uses,
    waiting_seats,
)

LAKE = "atoc_87"
EVENT = "core_162"


def _position(in_play=(LAKE,), deck=(EVENT, KNIGHT, STEWARD)):
    return joust(
        {"house": "Greyjoy", "in_play": list(in_play)},
        {"deck": list(deck)},
        phase="marshalling",
    )


def _events(state):
    return [
        s["event"]
        for s in state.queue
        if s.get("name") == "window" and s.get("trigger") == "card_discarded_from_deck"
    ]


def test_an_effects_discard_from_the_top_carries_the_cards_the_deck_and_who_acted():
    state = _position()
    top = state.players[1].deck[:2]
    as_acting(state, 0, discard_top, state, 1, 2, "ability")
    found = _events(state)
    assert sorted(e["card"] for e in found) == sorted(top)
    for event in found:
        assert event["seat"] == 1 and event["by"] == 0 and event["cost"] is False
        assert event["top"] == top and event["cards"] == [event["card"]]
    # Only the first character of the discard answers "1 or more characters".
    firsts = [e["card"] for e in found if first_of_top(state, e, "character")]
    assert [state.code(r) for r in firsts] == [state.code(top[1])]


def test_a_costs_discard_is_marked_as_a_cost_and_is_not_an_effects():
    state = _position(deck=(KNIGHT, STEWARD))
    discard_top(state, 1, 1, "cost")
    (event,) = _events(state)
    assert event["cost"] is True
    assert not first_of_top(state, event, "character")


def test_the_older_trigger_is_gone():
    assert "discarded_from_top" not in triggers_in_use()
    assert "card_discarded_from_deck" in triggers_in_use()


def test_corpse_lake_answers_once_for_a_discard_of_several_characters():
    state = _position(deck=(KNIGHT, STEWARD, KNIGHT))
    as_acting(state, 0, discard_top, state, 1, 3, "ability")
    lake = ref(state, 0, LAKE)
    used = 0
    for _ in range(20):
        if head(state).get("name") != "window":
            break
        if uses(state, 0, lake):
            state = use(state, 0, lake)
            used += 1
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    assert used == 1 and state.players[0].power == 1
