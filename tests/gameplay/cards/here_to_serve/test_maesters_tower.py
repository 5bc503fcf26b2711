"""Here to Serve: Maester's Tower (soo_106), "Response: Kneel a Learned character to copy a
triggered effect that returns a character from your discard or dead pile to your hand, deck,
shadows area, or play", played through legal actions (the engine's ``ability_resolved``
trigger).

Fillers: Mustering Yard (acoa_96, "Any phase: Kneel Mustering Yard and kneel 2 influence to
choose an Army or Bannerman card in your discard pile. Return that card to your hand": a
target chosen as it is used), Street Waif (kl_32, "Any Phase: Kneel Street Waif to choose an
opponent. If you have more than 1 card in your discard pile, that opponent must choose a card
in your discard pile. Return the card to your hand": chosen as it resolves), Maester Luwin
(soo_21, a Learned character), Kingsroad Fiefdom (qod_42, 2 influence), Host of Storm's End (an
Army), Knight of the Tumblestone, Distinct Mastery (core_177, an event)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    answer,
    build,
    choose,
    events,
    hand,
    head,
    ref,
    until_seat,
    use,
    uses,
    waiting_seats,
)

TOWER, YARD, WAIF, LUWIN, FIEFDOM, EVENT = (
    "soo_106",
    "acoa_96",
    "kl_32",
    "soo_21",
    "qod_42",
    "core_177",
)


def _game(mine, discard, theirs=(), their_discard=()):
    me = {"house": "Baratheon", "in_play": list(mine), "discard": list(discard)}
    them = {"house": "Lannister", "in_play": [KNIGHT, *theirs], "discard": list(their_discard)}
    return build(players=[me, them])


def _in_discard(state, seat, code):
    return [r for r in state.players[seat].discard if state.code(r) == code]


def _yard(state, seat=0):
    host = _in_discard(state, seat, "core_89")[0]
    state = until_seat(state, seat)
    state = use(state, seat, ref(state, seat, YARD), host)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, seat, FIEFDOM)])
    return state, host


def _tower_window(state):
    step = head(state)
    return step.get("name") == "window" and step.get("trigger") == "ability_resolved"


def test_soo_106_maesters_tower_copies_a_return_to_hand_with_a_new_target():
    state = _game([TOWER, YARD, LUWIN, FIEFDOM], [HOST, HOST, HOST])
    state, first = _yard(state)
    assert first in state.players[0].hand
    assert _tower_window(state)
    tower, luwin = ref(state, 0, TOWER), ref(state, 0, LUWIN)
    state = use(state, 0, tower)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [luwin])
    assert state.in_play[luwin].knelt  # the Learned character, knelt as the cost
    left = _in_discard(state, 0, "core_89")
    assert head(state)["purpose"] == "copy_target" and head(state)["candidates"] == left
    state = answer(state, "copy_target", left[1:])
    assert len(hand(state, 0, HOST)) == 2 and _in_discard(state, 0, "core_89") == left[:1]
    # The copy paid no cost again: influence was knelt once, for the Yard's own use.
    assert len(events(state, "influence")) == 1


def test_soo_106_maesters_tower_a_copy_chooses_anew_as_it_resolves():
    # Street Waif: the opponent chooses the card as the effect resolves; the copy asks again.
    state = _game([TOWER, WAIF, LUWIN], [HOST, HOST, EVENT])
    state = until_seat(state, 0)
    state = use(state, 0, ref(state, 0, WAIF))
    if head(state).get("purpose") == "choose_opponent":
        state = choose(state, "1")
    assert head(state)["seat"] == 1
    state = answer(state, "return_to_hand", _in_discard(state, 0, "core_89")[:1])
    assert _tower_window(state)
    state = use(state, 0, ref(state, 0, TOWER))
    if head(state).get("purpose") == "choose_opponent":
        state = choose(state, "1")
    assert head(state)["seat"] == 1 and head(state)["purpose"] == "return_to_hand"
    state = answer(state, "return_to_hand", _in_discard(state, 0, "core_177"))
    assert hand(state, 0, EVENT) and len(hand(state, 0, HOST)) == 1


def test_soo_106_maesters_tower_not_after_a_non_character_is_returned():
    state = _game([TOWER, WAIF, LUWIN], [EVENT, EVENT])
    state = until_seat(state, 0)
    state = use(state, 0, ref(state, 0, WAIF))
    if head(state).get("purpose") == "choose_opponent":
        state = choose(state, "1")
    state = answer(state, "return_to_hand", _in_discard(state, 0, "core_177")[:1])
    assert hand(state, 0, EVENT)
    assert not _tower_window(state)
    assert not uses(state, 0, ref(state, 0, TOWER))


def test_soo_106_maesters_tower_needs_a_standing_learned_character():
    state = _game([TOWER, YARD, {"card": LUWIN, "knelt": True}, FIEFDOM], [HOST, HOST])
    state, _ = _yard(state)
    assert not _tower_window(state)
    assert not uses(state, 0, ref(state, 0, TOWER))
    state = _game([TOWER, YARD, KNIGHT, FIEFDOM], [HOST, HOST])  # a Knight is not Learned
    state, _ = _yard(state)
    assert not _tower_window(state)


def test_soo_106_maesters_tower_only_your_effects_and_your_piles():
    # The opponent's Mustering Yard returns their own Army: my Tower has nothing to copy.
    state = _game([TOWER, LUWIN], [HOST], theirs=[YARD, FIEFDOM], their_discard=[HOST, HOST])
    state, _ = _yard(state, seat=1)
    assert not _tower_window(state)
    assert not uses(state, 0, ref(state, 0, TOWER))


def test_soo_106_maesters_tower_a_copy_is_not_copied_again():
    state = _game([TOWER, TOWER, YARD, LUWIN, LUWIN, FIEFDOM], [HOST, HOST, HOST])
    state, _ = _yard(state)
    state = use(state, 0, ref(state, 0, TOWER))
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [ref(state, 0, LUWIN)])
    state = answer(state, "copy_target", _in_discard(state, 0, "core_89")[:1])
    assert len(hand(state, 0, HOST)) == 2
    # The second Tower may still copy the Yard's effect (its own answer to the same
    # resolution), not the first Tower's copy.
    second = ref(state, 0, TOWER, 1)
    for _ in range(10):
        if _tower_window(state) and uses(state, 0, second):
            break
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 0, second)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [ref(state, 0, LUWIN, 1)])
    assert len(hand(state, 0, HOST)) == 3  # the one Army left: the prompt answered itself


def test_soo_106_maesters_tower_answers_a_return_from_the_dead_pile():
    # qod_13 (Dominance, from the dead pile with 3 dead characters: return it to your hand).
    me = {"house": "Targaryen", "in_play": [TOWER, LUWIN], "dead": ["qod_13", HOST, HOST]}
    state = build(phase="dominance", players=[me, {"house": "Lannister", "in_play": [KNIGHT]}])
    state = until_seat(state, 0)
    returning = next(r for r in state.players[0].dead if state.code(r) == "qod_13")
    state = use(state, 0, returning)
    assert returning in state.players[0].hand
    assert _tower_window(state) and head(state)["event"]["returned"] == [returning]
    state = use(state, 0, ref(state, 0, TOWER))
    # The copy resolves the same effect: "return this card" finds it no longer dead.
    assert returning in state.players[0].hand and len(state.players[0].dead) == 2
