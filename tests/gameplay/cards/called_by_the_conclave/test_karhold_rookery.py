"""Called by the Conclave: Karhold Rookery (soo_42), "When you search the top X cards of your
deck, search 1 additional card. [+1 Initiative]", played through legal actions.

Every "search the top X" goes through vocabulary.search_top. Fillers: Maester Luwin (soo_21,
"search the top 5 cards of your deck for an event card"), Harrenhal (atoc_42, "search the top 3
cards of your deck for 1 card"), Distinct Mastery (core_177, an event), Knight of the Tumblestone,
Lannisport Steward, Host of Storm's End."""

from __future__ import annotations

from gameplay.engine.rules import initiative
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    hand,
    head,
    initiate,
    joust,
    plotted,
    ref,
    to_window,
    use,
    won_window,
)

ROOKERY, LUWIN, HARRENHAL, EVENT = "soo_42", "soo_21", "atoc_42", "core_177"


def _luwin_wins(deck, mine=(ROOKERY,), theirs=()):
    state = joust(
        {"house": "Stark", "in_play": [LUWIN, KNIGHT, *mine], "deck": deck},
        {"house": "Lannister", "in_play": [STEWARD, *theirs]},
    )
    state = won_window(state, "power", [ref(state, 0, LUWIN)])
    return use(state, 0, ref(state, 0, LUWIN))


def _event_at(position: int) -> list[str]:
    deck = [KNIGHT] * 9
    deck[position] = EVENT
    return deck


def test_soo_42_karhold_rookery_searches_1_additional_card():
    state = _luwin_wins(_event_at(5))
    event = state.players[0].deck[5]
    step = head(state)
    assert step["purpose"] == "search" and step["candidates"] == [event]
    assert step["ctx"]["shown"] == state.players[0].deck[:6]  # the top 5, and 1 more
    state = answer(state, "search", [event])
    assert hand(state, 0, EVENT)


def test_soo_42_karhold_rookery_without_it_the_search_is_the_top_5():
    state = _luwin_wins(_event_at(5), mine=())
    step = head(state)
    assert step["purpose"] == "search" and step["candidates"] == []
    assert len(step["ctx"]["shown"]) == 5


def test_soo_42_karhold_rookery_each_copy_adds_1():
    state = _luwin_wins(_event_at(6), mine=(ROOKERY, ROOKERY))
    step = head(state)
    assert step["candidates"] == [state.players[0].deck[6]] and len(step["ctx"]["shown"]) == 7
    state = _luwin_wins(_event_at(7), mine=(ROOKERY, ROOKERY))
    assert head(state)["candidates"] == []  # 2 additional cards, not 3


def test_soo_42_karhold_rookery_only_your_searches():
    # An opponent's Rookery does not add to my search ("when you search ... your deck").
    state = _luwin_wins(_event_at(5), mine=(), theirs=(ROOKERY,))
    step = head(state)
    assert step["candidates"] == [] and len(step["ctx"]["shown"]) == 5


def test_soo_42_karhold_rookery_another_products_search():
    # Harrenhal (On Dangerous Grounds): "search the top 3 cards" covers 4.
    state = plotted(
        {"house": "Stark", "in_play": [HARRENHAL, ROOKERY, HOST], "deck": [KNIGHT] * 6},
        {"in_play": [STEWARD]},
    )
    victim = ref(state, 1, STEWARD)
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", [], claim=[victim])
    state = use(state, 0, ref(state, 0, HARRENHAL))
    step = head(state)
    assert step["purpose"] == "search" and step["candidates"] == state.players[0].deck[:4]


def test_soo_42_karhold_rookery_plus_1_initiative():
    state = joust({"house": "Stark", "in_play": [ROOKERY]}, {"house": "Lannister"})
    without = joust({"house": "Stark"}, {"house": "Lannister"})
    assert initiative(state, 0) == initiative(without, 0) + 1
