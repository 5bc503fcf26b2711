"""A Journey's End Prayer events (gameplay/engine/cards/a_journeys_end/prayers.py).

Each has two uses, one per way to pay: the first kneels 2 influence, the second a [Holy]
character. Fillers: Host of Storm's End (6 STR, military and power), Knight of the
Tumblestone (2 STR, military and power), Lannisport Steward (2 STR, intrigue), Selyse
Baratheon (core_70, a [Holy] character), Crossroads (core_138, 1 influence), Great Keep
(core_29, a location costing 0), Ten Towers Longship (asots_103, costing 1), Longship
Nightflyer (asots_104, costing 2), Robb Stark (a unique character)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    choose,
    hand,
    head,
    joust,
    ref,
    start,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import apply

BLESSED = "asots_118"
SMITH = "asots_119"
FAVORED = "asots_120"
SELYSE = "core_70"
CROSSROADS = "core_138"
KEEP = "core_29"
TEN_TOWERS = "asots_103"
NIGHTFLYER = "asots_104"
ROBB = "Robb Stark"


def _pay(state, seat, card, way, *targets):
    """Play ``card`` paying by ``way`` (0: influence, 1: a [Holy] character)."""
    found = [a for a in uses(state, seat, card) if a.choice == str(way) and a.cards[1:] == targets]
    assert len(found) == 1, [str(a) for a in uses(state, seat, card)]
    return apply(state, found[0])


# --- asots_118 Blessed by the Maiden -------------------------------------------------------


def test_blessed_by_the_maiden_shuffles_3_cards_of_one_players_piles_into_the_deck():
    them = {"discard": [KNIGHT, STEWARD], "dead": [HOST, KNIGHT], "deck": []}
    state = joust({"in_play": [SELYSE], "hand": [BLESSED], "discard": [KNIGHT]}, them)
    state = _pay(state, 0, hand(state, 0, BLESSED)[0], 1)
    state = choose(state, "1")  # seat 1's piles
    prompt = head(state)
    assert prompt["purpose"] == "shuffle" and prompt["max"] == 3
    assert len(prompt["candidates"]) == 4
    state = answer(state, "shuffle", prompt["candidates"][1:4])
    player = state.players[1]
    assert len(player.deck) == 3 and len(player.discard) + len(player.dead) == 1
    assert len(state.players[0].discard) == 2  # the Knight and the event itself


def test_blessed_by_the_maiden_with_influence():
    them = {"discard": [KNIGHT]}
    state = joust({"in_play": [CROSSROADS, "core_143"], "hand": [BLESSED]}, them)
    state = _pay(state, 0, hand(state, 0, BLESSED)[0], 0)
    if head(state).get("purpose") == "shuffle":
        state = answer(state, "shuffle", head(state)["candidates"])
    assert state.players[1].deck and not state.players[1].discard


def test_blessed_by_the_maiden_needs_its_cost_and_a_card_in_a_pile():
    state = joust({"in_play": [KNIGHT], "hand": [BLESSED]}, {"discard": [KNIGHT]})
    assert not uses(state, 0, hand(state, 0, BLESSED)[0])  # no [Holy] character, no influence
    state = joust({"in_play": [SELYSE], "hand": [BLESSED]}, {})
    assert not uses(state, 0, hand(state, 0, BLESSED)[0])  # nothing in any pile


# --- asots_119 Supported by the Smith ------------------------------------------------------


def test_supported_by_the_smith_puts_2_locations_costing_2_into_play():
    me = {"in_play": [SELYSE], "hand": [SMITH], "discard": [KEEP, NIGHTFLYER, TEN_TOWERS]}
    state = joust(me, {})
    state = _pay(state, 0, hand(state, 0, SMITH)[0], 1)
    keep = next(r for r in state.players[0].discard if state.code(r) == KEEP)
    assert len(head(state)["candidates"]) == 3
    state = answer(state, "put_into_play", [keep])
    night = next(r for r in state.players[0].discard if state.code(r) == NIGHTFLYER)
    state = answer(state, "put_into_play", [night])
    assert keep in state.in_play and night in state.in_play
    assert any(state.code(r) == TEN_TOWERS for r in state.players[0].discard)


def test_supported_by_the_smith_total_cost_of_2_at_most():
    me = {"in_play": [SELYSE], "hand": [SMITH], "discard": [NIGHTFLYER, TEN_TOWERS, KEEP]}
    state = joust(me, {})
    state = _pay(state, 0, hand(state, 0, SMITH)[0], 1)
    towers = next(r for r in state.players[0].discard if state.code(r) == TEN_TOWERS)
    state = answer(state, "put_into_play", [towers])
    prompt = head(state)
    # 1 left of the 2: the Nightflyer (2) is no choice any more, the Great Keep (0) is.
    assert [state.code(r) for r in prompt["candidates"]] == [KEEP]


def test_supported_by_the_smith_needs_a_location_in_your_discard_pile():
    state = joust({"in_play": [SELYSE], "hand": [SMITH], "discard": [KNIGHT]}, {"discard": [KEEP]})
    assert not uses(state, 0, hand(state, 0, SMITH)[0])


# --- asots_120 Favored by the Warrior ------------------------------------------------------


def _robb_claimed(them_power=0, extra=()):
    """Seat 1 attacks (military, unopposed); seat 0 chooses Robb Stark for the claim and
    stops at the would_be_killed window."""
    me = {"in_play": [ROBB, SELYSE, *extra], "hand": [FAVORED], "deck": [ROBB, KNIGHT, STEWARD]}
    state = joust(me, {"in_play": [HOST], "power": them_power}, first_player=1)
    robb = ref(state, 0, ROBB)
    state = start(state, "military", [ref(state, 1, HOST)])
    favored = hand(state, 0, FAVORED)[0]
    for _ in range(40):
        step = head(state)
        if step.get("trigger") == "would_be_killed" and uses(state, 0, favored):
            return state, robb, favored
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") == "claim_kill":
            state = answer(state, "claim_kill", [robb])
        else:
            assert state.challenge is not None, "no would_be_killed window"
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no would_be_killed window")


def test_favored_by_the_warrior_saves_and_attaches_a_duplicate():
    state, robb, favored = _robb_claimed()
    state = _pay(state, 0, favored, 1, robb)
    prompt = head(state)
    assert prompt["purpose"] == "search"
    copy = next(r for r in prompt["candidates"] if state.code(r) == state.code(robb))
    state = answer(state, "search", [copy])
    assert robb in state.in_play
    assert state.in_play[robb].duplicates == [copy]
    assert len(state.players[0].deck) == 2


def test_favored_by_the_warrior_may_be_cancelled_for_3_power():
    state, robb, favored = _robb_claimed(them_power=3)
    state = _pay(state, 0, favored, 1, robb)
    prompt = head(state)
    assert prompt["purpose"] == "cancel_favored" and prompt["seat"] == 1
    state = choose(state, "cancel")
    assert state.players[1].power < 3
    assert robb in state.players[0].dead


def test_favored_by_the_warrior_not_cancelled_when_allowed():
    state, robb, favored = _robb_claimed(them_power=3)
    state = _pay(state, 0, favored, 1, robb)
    state = choose(state, "allow")
    assert head(state)["purpose"] == "search"
    assert state.players[1].power >= 3


def test_favored_by_the_warrior_only_a_unique_character():
    me = {"in_play": [KNIGHT, SELYSE], "hand": [FAVORED]}
    state = joust(me, {"in_play": [HOST]}, first_player=1)
    knight = ref(state, 0, KNIGHT)
    favored = hand(state, 0, FAVORED)[0]
    state = start(state, "military", [ref(state, 1, HOST)])
    for _ in range(40):
        if state.challenge is None:
            break
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") == "claim_kill":
            state = answer(state, "claim_kill", [knight])
        else:
            assert not uses(state, 0, favored)
            state = act(state, waiting_seats(state)[0], "pass")
    assert knight in state.players[0].dead
