"""A Roll of the Dice: Deceit and Glamor of Fire (gameplay/engine/cards/a_roll_of_the_dice/
events.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), The Second Sons (btns_105, with
Stealth)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import add_lasting, keywords, strength
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    ref,
    start,
    to_window,
    until_prompt,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import settle

SONS = "btns_105"


# --- btns_114 Deceit -------------------------------------------------------------------


def test_deceit_moves_the_keywords_of_one_character_to_another():
    me = {"house": "Martell", "hand": ["btns_114"], "in_play": [KNIGHT, HOST]}
    state = joust(me, {"in_play": [SONS, STEWARD]})
    deceit, sons = hand(state, 0, "btns_114")[0], ref(state, 1, SONS)
    knight = ref(state, 0, KNIGHT)
    assert (sons,) in {a.cards[1:] for a in uses(state, 0, deceit)}
    state = until_prompt(use(state, 0, deceit, sons), "deceit_gains")
    assert ref(state, 1, STEWARD) not in head(state)["candidates"]  # same player as the Sons
    state = answer(state, "deceit_gains", [knight])
    assert "stealth" in keywords(state, knight) and "stealth" not in keywords(state, sons)


def test_deceit_only_in_the_challenges_phase():
    me = {"house": "Martell", "hand": ["btns_114"], "in_play": [KNIGHT]}
    state = build(players=[me, {"in_play": [SONS]}])
    assert not uses(state, 0, hand(state, 0, "btns_114")[0])


def test_deceit_stands_a_participant_after_you_lose_as_the_attacker():
    me = {"house": "Martell", "hand": ["btns_114"], "in_play": [KNIGHT]}
    state = joust(me, {"in_play": [HOST]})
    knight = ref(state, 0, KNIGHT)
    state = start(state, "power", [knight])
    state = to_window(state, "challenge_won", [ref(state, 1, HOST)])
    state = use(state, 0, hand(state, 0, "btns_114")[0], knight)
    assert not state.in_play[knight].knelt


def test_deceit_not_after_you_lose_as_the_defender():
    me = {"house": "Martell", "hand": ["btns_114"], "in_play": [KNIGHT]}
    state = joust({"in_play": [HOST]}, me)
    deceit = hand(state, 1, "btns_114")[0]
    state = start(state, "power", [ref(state, 0, HOST)])

    def check(now):
        if head(now).get("trigger") == "challenge_won":
            assert not uses(now, 1, deceit)

    state = finish_challenge(state, [ref(state, 1, KNIGHT)], 80, check)
    assert events(state, "challenge_resolved")[0]["winner"] == 0


# --- btns_107 Glamor of Fire -----------------------------------------------------------


def test_glamor_of_fire_trades_a_character_for_one_killed_this_phase():
    me = {"house": "Baratheon", "hand": ["btns_107"], "in_play": [KNIGHT, STEWARD], "dead": [HOST]}
    state = joust(me, {})
    steward, knight = ref(state, 0, STEWARD), ref(state, 0, KNIGHT)
    moves.kill(state, [steward])
    state = settle(state)
    assert steward in state.players[0].dead
    glamor = hand(state, 0, "btns_107")[0]
    state = use(state, 0, glamor, knight)
    assert knight in state.players[0].dead  # the cost
    state = until_prompt(state, "glamor_of_fire")
    step = head(state)
    assert set(step["candidates"]) == {steward, knight}  # not the Host, dead before
    state = answer(state, "glamor_of_fire", [steward])
    assert steward in state.players[0].in_play


def test_glamor_of_fire_needs_a_character_to_kill():
    state = joust(
        {"house": "Baratheon", "hand": ["btns_107"], "in_play": []}, {"in_play": [KNIGHT]}
    )
    assert not uses(state, 0, hand(state, 0, "btns_107")[0])  # not an opponent's character


# --- btns_103 Rhymes with Meek ---------------------------------------------------------

ROBB = "Robb Stark"  # unique Stark
EASTERN = "Eastern Fiefdoms"  # 1 influence


def _killing(card, house="Stark"):
    me = {"house": house, "hand": ["btns_103"], "in_play": [card, EASTERN]}
    state = joust(me, {})
    target = ref(state, 0, card)
    moves.kill(state, [target])
    run(state)
    return settle(state), target


def test_rhymes_with_meek_saves_and_fixes_the_str():
    state, robb = _killing(ROBB)
    printed = strength(state, robb)
    state = until_window(state, "would_be_killed")
    meek = hand(state, 0, "btns_103")[0]
    state = use(state, 0, meek, robb)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, EASTERN)])
    assert robb in state.players[0].in_play
    assert state.in_play[meek].attached_to == robb
    add_lasting(state, "strength", robb, "phase", amount=2)
    assert strength(state, robb) == printed


def test_rhymes_with_meek_not_for_a_non_unique_character():
    state, knight = _killing(KNIGHT)
    assert knight in state.players[0].dead  # nobody could save it


def test_rhymes_with_meek_needs_influence():
    me = {"house": "Stark", "hand": ["btns_103"], "in_play": [ROBB]}
    state = joust(me, {})
    robb = ref(state, 0, ROBB)
    moves.kill(state, [robb])
    run(state)
    state = settle(state)
    assert robb in state.players[0].dead


# --- btns_118 Little and Less ----------------------------------------------------------


def test_little_and_less_stops_responses_from_hands_for_the_phase():
    me = {"house": "Stark", "hand": ["btns_118", "btns_103"], "in_play": [ROBB, EASTERN]}
    state = joust(me, {})
    robb = ref(state, 0, ROBB)
    moves.kill(state, [robb])
    run(state)
    state = until_window(settle(state), "would_be_killed")
    little, meek = hand(state, 0, "btns_118")[0], hand(state, 0, "btns_103")[0]
    assert uses(state, 0, meek)
    state = use(state, 0, little)
    for _ in range(10):
        if head(state).get("trigger") != "would_be_killed":
            break
        assert not uses(state, 0, meek)
        state = act(state, waiting_seats(state)[0], "pass")
    assert robb in state.players[0].dead


def test_little_and_less_leaves_responses_of_cards_in_play():
    outthought = {"card": STEWARD, "attachments": ["btns_113"]}
    me = {"house": "Martell", "hand": ["btns_118"], "in_play": [KNIGHT]}
    state = joust(me, {"in_play": [HOST, outthought]})
    mine = ref(state, 1, "btns_113")
    state.in_play[mine].controller = 0
    state.players[1].in_play.remove(mine)
    state.players[0].in_play.append(mine)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = to_window(state, "challenge_won", [ref(state, 1, HOST)])
    state = use(state, 0, hand(state, 0, "btns_118")[0])  # any response window
    state = use(state, 0, mine)
    assert ref(state, 1, STEWARD) in [e["card"] for e in events(state, "knelt")]
