"""Princes of the Sun cards that use Shadows (princes_of_the_sun/shadows.py), played through
legal actions."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from gameplay.engine.state import InPlay
from tests.gameplay.cardtest import act, answer, events, head, joust, ref, until_window
from tests.gameplay.scenario import code

PINCH = "pots_53"
HOST = "Host of Storm's End"  # 6 STR, military and power
KNIGHT = "Knight of the Tumblestone"


def pinched(fiefdoms: int = 0):
    """Seat 0's Host attacks alone in a power challenge; seat 0's A Pinch of Powder is on
    seat 1's knelt Knight."""
    state = joust(
        {"house": "Martell", "in_play": [HOST, *["Northern Fiefdoms"] * fiefdoms]},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    knight = ref(state, 1, KNIGHT)
    pinch = state.new_card(code(PINCH), 0)
    state.in_play[pinch] = InPlay(controller=0, attached_to=knight)
    state.players[0].in_play.append(pinch)
    state = act(state, 0, "challenge:power", choice="1")
    return until_window(state, "challenge_won"), pinch, knight


def test_a_pinch_of_powder_returns_the_attached_character_to_its_owners_hand():
    state, pinch, knight = pinched()
    state = act(state, 0, "use", [pinch])
    assert knight in state.players[1].hand and pinch in state.players[0].discard


def test_a_pinch_of_powder_may_kneel_3_influence_to_return_to_shadows():
    state, pinch, knight = pinched(fiefdoms=3)
    state = act(state, 0, "use", [pinch])
    assert head(state).get("purpose") == "pinch_to_shadows"
    state = act(state, 0, "choose", choice="yes")
    fiefdoms = [r for r in state.players[0].in_play if state.code(r) == code("Northern Fiefdoms")]
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], fiefdoms)
    assert knight in state.players[1].hand and state.players[0].shadows == [pinch]
    assert sorted(events(state, "influence")[-1]["cards"]) == sorted(fiefdoms)
    # Back in Shadows this round: it may not come out again before the next round.
    assert not [a for a in legal_actions(state, 0) if a.choice == "shadow"]


# --- pots_44 Formal Petition (on the House card; kept here with the new marshalling) ---------

PETITION = "pots_44"


def test_formal_petition_goes_on_the_house_card_and_wins_with_2_fewer_power():
    from gameplay.engine.actions import Action
    from tests.gameplay.cardtest import build

    state = build(
        players=[
            {"house": "Martell", "hand": [PETITION], "gold": 3, "power": 13, "in_play": [HOST]},
            {"house": "Stark"},
        ]
    )
    petition = state.players[0].hand[0]
    marshals = [a for a in legal_actions(state, 0) if a.cards[:1] == (petition,)]
    assert marshals == [Action(0, "marshal:play", (petition,), "house")]
    state = act(state, 0, "marshal:play", [petition], "house")
    assert state.result is not None and state.result["winner"] == 0


# --- pots_21 He Calls It Thinking (an event that stays as an attachment) ----------------------

THINKING = "pots_21"
PROMISE = "Seductive Promise"  # core_175: a response without an influence cost
KNIGHT13 = "pots_13"  # Lord Edric's Knight: Martell, 2 STR, military, no text


def test_he_calls_it_thinking_cancels_a_response_and_attaches_with_2_str():
    from gameplay.engine.abilities import strength, traits

    state = joust(
        {"house": "Martell", "in_play": [{"card": KNIGHT13, "knelt": True}], "hand": [THINKING]},
        {"house": "Lannister", "in_play": [HOST], "hand": [PROMISE]},
        first_player=1,
    )
    knight = ref(state, 0, KNIGHT13)
    state = act(state, 1, "challenge:power", choice="0")
    state = until_window(state, "challenge_won")
    promise = next(r for r in state.players[1].hand if state.code(r) == code(PROMISE))
    state = act(state, 1, "use", [promise, knight])
    state = until_window(state, "ability")
    thinking = state.players[0].hand[0]
    state = act(state, 0, "use", [thinking])
    assert state.in_play[knight].controller == 0  # not taken: cancelled
    assert state.in_play[thinking].attached_to == knight
    assert strength(state, knight) == 4 and "Boon" in traits(state, thinking)


# --- pots_25 Red Vengeance (a response before the claim: claim_pending) ------------------------

VENGEANCE = "pots_25"


def test_red_vengeance_makes_an_opponent_satisfy_the_claim():
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {
            "house": "Martell",
            "in_play": [
                {"card": KNIGHT13, "knelt": True},
                "Northern Fiefdoms",
                "Northern Fiefdoms",
            ],
            "hand": [VENGEANCE],
        },
    )
    host, knight = ref(state, 0, HOST), ref(state, 1, KNIGHT13)
    state = act(state, 0, "challenge:military", choice="1")
    state = until_window(state, "claim_pending")
    state = act(state, 1, "use", [state.players[1].hand[0]])
    fiefdoms = [r for r in state.players[1].in_play if state.code(r) == code("Northern Fiefdoms")]
    if head(state).get("name") == "prompt" and head(state)["seat"] == 1:
        state = answer(state, head(state)["purpose"], fiefdoms)
    assert knight in state.in_play and host in state.players[0].dead
