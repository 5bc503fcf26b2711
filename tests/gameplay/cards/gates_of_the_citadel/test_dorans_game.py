"""Gates of the Citadel: Doran's Game (soo_12), played from the hand against an opponent's
event; the cancelled event kept on its player's House card and played from there as if it
were in the hand (gameplay/engine/from_pile.py, grants of zone ``house``)."""

from __future__ import annotations

from gameplay.engine import house_card
from gameplay.engine.observe import observe
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    apply,
    events,
    head,
    joust,
    ref,
    use,
    uses,
    waiting_seats,
)

DORANS_GAME = "soo_12"
DISTRACTION = "core_155"  # Marshalling: choose a character with a Military icon; kneel it.
ADVISOR = "soo_69"  # Linked Advisor: a Learned character
CROSSROADS = "core_138"  # +1 Influence
ILYN = "core_41"  # Ser Ilyn Payne: Marshalling: kneel him to kill a character with STR <= 2
PARAMOUR = "pots_12"  # a Martell character with +1 Influence, not Learned


def _card_in_hand(state, seat, card_code):
    return next(r for r in state.players[seat].hand if state.code(r) == card_code)


def _position(theirs_in_play=(ADVISOR, ADVISOR, KNIGHT), hand=(DORANS_GAME,)):
    return joust(
        {"house": "Lannister", "in_play": [HOST], "hand": [DISTRACTION]},
        {"house": "Martell", "in_play": list(theirs_in_play), "hand": list(hand)},
        phase="marshalling",
    )


def _distraction_played(state):
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, _card_in_hand(state, 0, DISTRACTION), knight)
    return state, knight


def _pass_window(state, trigger="ability"):
    while head(state).get("name") == "window" and head(state).get("trigger") == trigger:
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def _doran(state, choice="0"):
    doran = _card_in_hand(state, 1, DORANS_GAME)
    (action,) = [a for a in uses(state, 1, doran) if a.choice == choice]
    return apply(state, action), doran


def test_soo_12_doran_cancels_an_event_and_keeps_it_on_the_house_card():
    state = _position()
    state, knight = _distraction_played(state)
    distraction = events(state, "ability")[-1]["card"]
    state, doran = _doran(state)
    advisors = [r for r in state.players[1].in_play if state.code(r) == ADVISOR]
    assert head(state).get("purpose") == "kneel_cost"
    state = act(state, 1, "select", advisors[:1])
    state = _pass_window(state)
    # The effect is cancelled: the Knight stands; then the second Learned character.
    assert head(state).get("purpose") == "kneel", head(state)
    assert head(state)["candidates"] == advisors[1:]
    state = act(state, 1, "select", advisors[1:])
    assert not state.in_play[knight].knelt
    assert all(state.in_play[a].knelt for a in advisors)
    assert doran in state.players[1].discard
    assert distraction in state.in_play
    assert house_card.house_of(state, distraction) == 1
    view = observe(state, 0)
    (shown,) = [c for c in view["players"][1]["in_play"] if c["id"] == distraction]
    assert shown["attached_to"] == "house"
    assert events(state, "pile_grant")[-1]["zone"] == "house"
    # Seat 1 plays it from its House card as if from its hand: Seat 0's Host kneels, and
    # Distraction goes to its owner's (seat 0's) discard pile.
    state = _pass_window(state, "played")
    host = ref(state, 0, HOST)
    for _ in range(10):
        if uses(state, 1, distraction):
            break
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 1, distraction, host)
    assert distraction not in state.in_play
    assert distraction in state.players[0].discard
    state = _pass_window(state)
    assert state.in_play[host].knelt
    assert events(state, "played_from_pile")[-1]["zone"] == "house"
    # Played once: the grant is gone.
    assert not uses(state, 1, distraction)


def test_soo_12_doran_pays_3_influence_instead():
    state = _position(theirs_in_play=(CROSSROADS, CROSSROADS, CROSSROADS, KNIGHT))
    state, knight = _distraction_played(state)
    doran = _card_in_hand(state, 1, DORANS_GAME)
    assert {a.choice for a in uses(state, 1, doran)} == {"1"}  # no Learned character
    state, doran = _doran(state, "1")
    crossroads = [r for r in state.players[1].in_play if state.code(r) == CROSSROADS]
    state = _pass_window(state)
    assert all(state.in_play[r].knelt for r in crossroads)  # the 3 influence
    # Cancelled; with no Learned character to kneel, the event stays in the discard pile.
    assert not state.in_play[knight].knelt
    distraction = events(state, "ability")[0]["card"]
    assert distraction in state.players[0].discard
    assert distraction not in state.in_play


def test_soo_12_doran_needs_a_learned_character_or_3_influence():
    state = _position(theirs_in_play=(PARAMOUR, CROSSROADS, KNIGHT))
    state, _ = _distraction_played(state)
    doran = _card_in_hand(state, 1, DORANS_GAME)
    assert uses(state, 1, doran) == []  # 2 influence, no Learned character
    state = _pass_window(state)
    assert state.in_play[ref(state, 1, KNIGHT)].knelt


def test_soo_12_the_second_learned_character_is_optional():
    state = _position()
    state, knight = _distraction_played(state)
    distraction = events(state, "ability")[-1]["card"]
    state, _ = _doran(state)
    advisors = [r for r in state.players[1].in_play if state.code(r) == ADVISOR]
    state = act(state, 1, "select", advisors[:1])
    state = _pass_window(state)
    state = act(state, 1, "done")
    assert not state.in_play[knight].knelt
    assert distraction in state.players[0].discard
    assert not state.in_play[advisors[1]].knelt


def test_soo_12_only_one_learned_character_attaches_nothing():
    state = _position(theirs_in_play=(ADVISOR, KNIGHT))
    state, knight = _distraction_played(state)
    distraction = events(state, "ability")[-1]["card"]
    state, _ = _doran(state)
    state = _pass_window(state)
    assert not state.in_play[knight].knelt
    assert head(state).get("purpose") != "kneel"
    assert distraction in state.players[0].discard


def test_soo_12_doran_answers_events_only():
    # Ser Ilyn Payne's ability (a character's, not an event card's) cannot be cancelled.
    state = joust(
        {"house": "Lannister", "in_play": [ILYN]},
        {"house": "Martell", "in_play": [ADVISOR, ADVISOR, KNIGHT], "hand": [DORANS_GAME]},
        phase="marshalling",
    )
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, ref(state, 0, ILYN), knight)
    doran = _card_in_hand(state, 1, DORANS_GAME)
    for _ in range(10):
        assert uses(state, 1, doran) == []
        if head(state).get("name") != "window" or head(state).get("trigger") is None:
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert knight in state.players[1].dead
