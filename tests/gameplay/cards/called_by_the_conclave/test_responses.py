"""Called by the Conclave: Without His Beard soo_44, Tower Library soo_47 and Longship Black
Wind soo_49, played through
legal actions.

Fillers: Lannisport Steward (2 STR, intrigue), Knight of the Tumblestone (2 STR, military and
power), Lady Olenna's Guard (asots_7, 3 STR, military and power, Renown), Linked Advisor
(soo_69, a Learned Maester)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    challenge_without,
    choose,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    pass_until,
    ref,
    start,
    to_window,
    use,
    uses,
    won_window,
)

BEARD, LIBRARY = "soo_44", "soo_47"
GUARD, ADVISOR = "asots_7", "soo_69"


# --- soo_44 Without His Beard ------------------------------------------------------------------


def _beard_game(them_hand=4, deck=3, **me):
    spec = {"house": "Lannister", "in_play": [STEWARD, KNIGHT], "hand": [BEARD], **me}
    them = {"hand": [KNIGHT] * them_hand, "deck": [STEWARD] * deck}
    return joust(spec, them)


def test_soo_44_without_his_beard_reveals_3_random_cards_and_replaces_them_from_the_deck():
    state = _beard_game(them_hand=5)
    state = won_window(state, "intrigue", [ref(state, 0, STEWARD)])
    assert len(state.players[1].hand) == 4  # after the claim
    state = use(state, 0, hand(state, 0, BEARD)[0])
    revealed = events(state, "revealed")[-1]["cards"]
    assert len(revealed) == 3 and set(revealed) <= set(state.players[1].hand)
    kept = [r for r in state.players[1].hand if r not in revealed]
    assert head(state)["purpose"] == "discard_revealed"
    top = state.players[1].deck[:3]
    state = choose(state, "discard")
    player = state.players[1]
    assert set(revealed) <= set(player.discard)
    assert sorted(player.hand) == sorted(kept + top) and len(player.deck) == 0


def test_soo_44_without_his_beard_may_keep_the_cards_and_reveals_at_most_the_hand():
    state = _beard_game(them_hand=2)
    state = won_window(state, "intrigue", [ref(state, 0, STEWARD)])
    hand_before = list(state.players[1].hand)
    discard_before = list(state.players[1].discard)
    state = use(state, 0, hand(state, 0, BEARD)[0])
    assert sorted(events(state, "revealed")[-1]["cards"]) == sorted(hand_before)
    state = choose(state, "keep")
    assert state.players[1].hand == hand_before
    assert state.players[1].discard == discard_before


def test_soo_44_without_his_beard_only_after_winning_an_intrigue_challenge():
    state = _beard_game()
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, hand(state, 0, BEARD)[0])
    state = _beard_game(them_hand=0)
    challenge_without(state, "intrigue", [ref(state, 0, STEWARD)], 0, hand(state, 0, BEARD)[0])


# --- soo_47 Tower Library ----------------------------------------------------------------------


def _library_game(**me):
    spec = {"house": "Baratheon", "in_play": [LIBRARY, GUARD, ADVISOR], **me}
    return joust(spec, {"in_play": [STEWARD]})


def test_soo_47_tower_library_gives_a_learned_character_renown_after_a_renown_claim():
    state = _library_game()
    advisor = ref(state, 0, ADVISOR)
    state = start(state, "power", [ref(state, 0, GUARD)])
    state = to_window(state, "renown_claimed")
    assert [a.cards[1:] for a in uses(state, 0, ref(state, 0, LIBRARY))] == [(advisor,)]
    state = use(state, 0, ref(state, 0, LIBRARY), advisor)
    assert state.in_play[ref(state, 0, LIBRARY)].knelt
    assert "renown" in keywords(state, advisor)


def test_soo_47_tower_library_needs_a_renown_claim_and_a_learned_character_of_yours():
    state = _library_game(in_play=[LIBRARY, KNIGHT, ADVISOR])
    challenge_without(state, "power", [ref(state, 0, KNIGHT)], 0, ref(state, 0, LIBRARY))
    state = _library_game(in_play=[LIBRARY, GUARD, KNIGHT])
    challenge_without(state, "power", [ref(state, 0, GUARD)], 0, ref(state, 0, LIBRARY))


# --- soo_49 Longship Black Wind ----------------------------------------------------------------

LONGSHIP = "soo_49"


def _longship_game(phase="challenges"):
    me = {"house": "Greyjoy", "in_play": [LONGSHIP, KNIGHT], "deck": [STEWARD] * 3}
    return joust(me, {"in_play": [KNIGHT, STEWARD]}, phase=phase)


def _longship_used(state):
    knight = ref(state, 0, KNIGHT)
    state = start(state, "power", [knight])
    state = pass_until(state, lambda s: bool(uses(s, 0, ref(s, 0, LONGSHIP))))
    assert [a.cards[1:] for a in uses(state, 0, ref(state, 0, LONGSHIP))] == [(knight,)]
    state = use(state, 0, ref(state, 0, LONGSHIP), knight)
    assert "deadly" in keywords(state, knight)
    return state


def test_soo_49_longship_black_wind_gives_deadly_and_draws_when_a_character_dies_for_it():
    state = _longship_used(_longship_game())
    their_knight = ref(state, 1, KNIGHT)
    state = finish_challenge(state, [their_knight])
    assert their_knight in state.players[1].dead
    assert len(state.players[0].hand) == 1 and len(state.players[0].deck) == 2
    assert "deadly" not in keywords(state, ref(state, 0, KNIGHT))  # until the end of it


def test_soo_49_longship_black_wind_draws_nothing_when_nobody_dies_for_deadly():
    state = _longship_used(_longship_game())
    state = finish_challenge(state, [])
    assert len(state.players[0].hand) == 0 and len(state.players[0].deck) == 3


def test_soo_49_longship_black_wind_only_in_the_challenges_phase():
    state = _longship_game("marshalling")
    assert not uses(state, 0, ref(state, 0, LONGSHIP))
