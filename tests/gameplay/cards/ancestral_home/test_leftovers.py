"""The last card of Ancestral Home: The Brave Companions (cad_79,
gameplay/engine/cards/ancestral_home/companions.py)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.influence import house_mark
from gameplay.engine.observe import observe
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    answer,
    calm_marshalling,
    code,
    fight,
    hand,
    head,
    hidden_changed,
    initiate,
    joust,
    marshals,
    on_house,
    pass_until,
    ref,
    use,
    uses,
    watch,
)

COMPANIONS = "cad_79"
HEDGE = "kotst_40"  # Hedge Knight: a neutral character without text


def _attacked(me_in_play=(HEDGE,), them_in_play=(HOST,), house="Neutral", owner=0):
    """Seat 1 wins a Military challenge against seat 0 (Neutral, The Brave Companions on its
    House card), whose first character is killed by claim: the ``killed`` window."""
    me = {"house": house, "in_play": list(me_in_play)}
    them = {"house": "Lannister", "in_play": list(them_in_play)}
    state = joust(me, them, first_player=1)
    companions = on_house(state, owner, COMPANIONS)
    state = fight(state, "military", [ref(state, 1, HOST)], until="killed")
    return state, companions


def test_marshalled_only_on_the_neutral_faction_house_card():
    state = calm_marshalling({"house": "Neutral", "hand": [COMPANIONS], "gold": 3})
    card = hand(state, 0, COMPANIONS)[0]
    assert [a.choice for a in marshals(state, 0, card) if a.kind == "marshal:play"] == ["house"]
    state = calm_marshalling({"hand": [COMPANIONS], "gold": 3})  # Stark against Lannister
    card = hand(state, 0, COMPANIONS)[0]
    assert not [a for a in marshals(state, 0, card) if a.kind == "marshal:play"]
    state = calm_marshalling({"hand": [COMPANIONS], "gold": 3}, {"house": "Neutral"})
    card = hand(state, 0, COMPANIONS)[0]
    assert [a.choice for a in marshals(state, 0, card) if a.kind == "marshal:play"] == ["house_1"]


def test_a_killed_neutral_character_is_attached_facedown_instead():
    state, companions = _attacked()
    hedge = state.players[0].dead[0]
    assert state.code(hedge) == HEDGE
    state = use(state, 0, companions, hedge)
    player = state.players[0]
    assert hedge in player.facedown and hedge not in player.dead
    knelt = [e for e in state.log if e["event"] == "house_card_knelt"]
    assert knelt and knelt[-1]["seat"] == 0  # the attached House card knelt
    mine, theirs = observe(state, 0)["players"][0], observe(state, 1)["players"][0]
    assert [c["code"] for c in mine["facedown"]] == [HEDGE]
    assert "facedown" not in theirs and theirs["facedown_count"] == 1
    attached = [e for e in state.log if e["event"] == "attached_facedown"]
    assert attached and "card" not in attached[-1] and "code" not in attached[-1]
    assert observe(hidden_changed(state, 1), 1) == observe(state, 1)


def _offered(me_house, me_card, them_house, holder):
    """Seat 1 kills seat 0's ``me_card`` by Military claim, The Brave Companions on
    ``holder``'s House card: whether it is ever offered up to the end of the challenges."""
    me = {"house": me_house, "in_play": [me_card]}
    state = joust(me, {"house": them_house, "in_play": [HOST]}, first_player=1)
    companions = on_house(state, holder, COMPANIONS)
    state = initiate(state, "military", [ref(state, 1, HOST)])
    state, offered = watch(state, holder, companions, lambda s: bool(s.players[0].dead))
    assert state.code(state.players[0].dead[0]) == code(me_card)
    state, later = watch(state, holder, companions, lambda s: s.phase != "challenges")
    return offered or later


def test_only_a_neutral_character_its_controller_owns():
    assert _offered("Neutral", HEDGE, "Lannister", 0)
    assert not _offered("Neutral", KNIGHT, "Lannister", 0)  # a Stark character
    # The opponent's neutral character (The Brave Companions on seat 1's House card).
    assert not _offered("Lannister", HEDGE, "Neutral", 1)


def test_not_while_the_house_card_kneels():
    state, companions = _attacked()
    state.used.append(house_mark(0))
    assert not uses(state, 0, companions)


def _facedown(state, seat, name):
    card = state.new_card(code(name), seat)
    state.players[seat].facedown.append(card)
    return card


def test_marshalling_returns_an_attached_facedown_card_to_hand():
    state = calm_marshalling({"house": "Neutral", "gold": 0})
    companions = on_house(state, 0, COMPANIONS)
    assert not uses(state, 0, companions)  # nothing attached face down
    first, second = _facedown(state, 0, HEDGE), _facedown(state, 0, KNIGHT)
    state = use(state, 0, companions)
    assert head(state).get("purpose") == "facedown_to_hand"
    state = answer(state, "facedown_to_hand", [second])
    assert state.players[0].hand == [second] and state.players[0].facedown == [first]
    assert house_mark(0) in state.used
    assert not uses(state, 0, companions)  # the House card kneels now
    returned = [e for e in state.log if e["event"] == "facedown_to_hand"]
    assert returned and "card" not in returned[-1]


def test_the_return_is_a_marshalling_action():
    state, companions = _attacked()
    _facedown(state, 0, HEDGE)
    assert [a for a in uses(state, 0, companions) if len(a.cards) == 1] == []


def test_facedown_cards_are_discarded_when_it_leaves_play():
    state = calm_marshalling({"house": "Neutral"})
    companions = on_house(state, 0, COMPANIONS)
    card = _facedown(state, 0, HEDGE)
    power = state.players[1].power
    moves.discard(state, [companions])
    run(state)
    state = pass_until(
        state,
        lambda s: (
            head(s).get("name") != "window"
            or s.phase != "marshalling"
            or head(s).get("point") == "marshal"
        ),
    )
    assert card in state.players[0].discard and not state.players[0].facedown
    assert state.players[1].power == power + 1  # prized 1
