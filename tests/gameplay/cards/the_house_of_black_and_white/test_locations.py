"""The House of Black and White locations
(gameplay/engine/cards/the_house_of_black_and_white/locations.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power, Knight), Lannisport Steward (2 STR, intrigue), Crossroads (1
influence), Eddard Stark (unique Lord), Ser Jaime Lannister (unique Knight)."""

from __future__ import annotations

from gameplay.engine.abilities import icons, strength
from gameplay.engine.game import apply as engine_apply
from gameplay.engine.observe import observe
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    at_point,
    build,
    hand,
    head,
    joust,
    pass_until,
    pass_windows,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
    watch,
)

CROSSROADS = "core_138"
EDDARD = "Eddard Stark"
JAIME = "Ser Jaime Lannister"
BLACK_WHITE = "btns_82"


def _knelt(card):
    return {"card": card, "knelt": True}


def _pay(state, purpose_cards):
    """Answer the cost prompts (influence, kneel) with ``purpose_cards`` until none is left."""
    for _ in range(6):
        step = head(state)
        if step.get("name") != "prompt":
            return state
        chosen = [c for c in step["candidates"] if c in purpose_cards] or step["candidates"][:1]
        state = answer(state, step["purpose"], chosen[: step.get("max") or 1])
    return state


def _offered(state, seat, card) -> bool:
    offered = False
    while head(state).get("name") == "window":
        offered = offered or bool(uses(state, seat, card))
        state = act(state, waiting_seats(state)[0], "pass")
    return offered


# --- btns_82 The House of Black and White --------------------------------------------------


def test_btns_82_moves_1_power_after_an_opponents_character_is_killed_by_a_card_effect():
    me = {"in_play": [HOST, EDDARD, BLACK_WHITE], "hand": ["btns_98"], "power": 0}
    state = build(phase="dominance", auto_pass=False, players=[me, {"in_play": [KNIGHT]}])
    state.players[1].power = 3
    house = ref(state, 0, BLACK_WHITE)
    while waiting_seats(state)[0] != 0:
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 0, hand(state, 0, "btns_98")[0], ref(state, 1, KNIGHT))
    for _ in range(10):
        if uses(state, 0, house):
            break
        state = act(state, waiting_seats(state)[0], "pass")
    before = state.players[0].power
    state = engine_apply(state, uses(state, 0, house)[0])  # not settled: no standing phase
    assert state.in_play[house].knelt
    state = pass_until(state, lambda s: s.players[0].power == before + 1)
    assert state.players[1].power == 2


def test_btns_82_not_after_a_kill_for_military_claim():
    them = {"in_play": [STEWARD], "power": 3}
    state = joust({"in_play": [HOST, BLACK_WHITE]}, them)
    house = ref(state, 0, BLACK_WHITE)
    state = start(state, "military", [ref(state, 0, HOST)])
    _, offered = watch(state, 0, house, lambda s: s.challenge is None)
    assert not offered


# --- btns_85 Dockside Brothel --------------------------------------------------------------


LIONS_WILL = "core_162"  # Any Phase: pay 2 gold to choose a character; kneel it
TYRION = "Tyrion Lannister"


def _brothel_position(target_seat: int):
    me = {"house": "Lannister", "in_play": ["btns_85", TYRION, KNIGHT], "hand": [LIONS_WILL]}
    state = joust(me, {"in_play": [KNIGHT]}, phase="marshalling")
    state.players[0].gold = 5
    state = use(state, 0, hand(state, 0, LIONS_WILL)[0], ref(state, target_seat, KNIGHT))
    return state, ref(state, 0, "btns_85"), ref(state, 0, TYRION)


def test_btns_85_dockside_brothel_after_an_opponents_character_is_knelt_by_an_effect():
    state, brothel, tyrion = _brothel_position(1)
    assert [a.cards[1:] for a in uses(state, 0, brothel)] == [(tyrion,)]
    state = use(state, 0, brothel, tyrion)
    assert state.in_play[brothel].knelt and state.in_play[tyrion].power == 1
    assert state.players[0].limited_response_used


def test_btns_85_dockside_brothel_not_for_my_own_character_nor_twice_a_round():
    state, brothel, _ = _brothel_position(0)
    assert not _offered(state, 0, brothel)
    state, brothel, _ = _brothel_position(1)
    state.players[0].limited_response_used = True  # a limited response used this round
    assert not _offered(state, 0, brothel)


# --- btns_88 Northern Encampment -----------------------------------------------------------


def test_btns_88_northern_encampment_stands_every_unique_knight():
    me = {"in_play": ["btns_88", CROSSROADS, CROSSROADS, _knelt(JAIME), _knelt(KNIGHT)]}
    them = {"in_play": [_knelt(JAIME)]}
    state = joust(me, them)
    camp = ref(state, 0, "btns_88")
    state = use(state, 0, camp)
    state = _pay(state, [])
    assert camp in state.players[0].discard
    assert not state.in_play[ref(state, 0, JAIME)].knelt
    assert not state.in_play[ref(state, 1, JAIME)].knelt  # any player's
    assert state.in_play[ref(state, 0, KNIGHT)].knelt  # not unique


def test_btns_88_northern_encampment_needs_2_influence():
    state = joust({"in_play": ["btns_88", CROSSROADS, _knelt(JAIME)]}, {})
    assert not uses(state, 0, ref(state, 0, "btns_88"))


# --- btns_90 Freed Galley ------------------------------------------------------------------

THEON = "Theon Greyjoy"


def test_btns_90_freed_galley_gives_1_power_after_an_unopposed_win():
    state = joust({"house": "Greyjoy", "in_play": ["btns_90", THEON, HOST]}, {})
    galley, theon = ref(state, 0, "btns_90"), ref(state, 0, THEON)
    state = start(state, "power", [theon, ref(state, 0, HOST)])
    state = to_window(state, "challenge_won")
    assert [a.cards[1:] for a in uses(state, 0, galley)] == [(theon,)]  # not the Host
    state = engine_apply(state, next(a for a in uses(state, 0, galley)))
    assert state.in_play[galley].knelt  # the cost
    state = pass_until(state, lambda s: s.in_play[theon].power == 1)


def test_btns_90_freed_galley_only_unopposed():
    state = joust({"house": "Greyjoy", "in_play": ["btns_90", THEON, HOST]}, {"in_play": [KNIGHT]})
    galley = ref(state, 0, "btns_90")
    state = start(state, "power", [ref(state, 0, THEON), ref(state, 0, HOST)])
    _, offered = watch(state, 0, galley, lambda s: s.challenge is None, [ref(state, 1, KNIGHT)])
    assert not offered


# --- btns_93 Qhoyne ------------------------------------------------------------------------


def test_btns_93_qhoyne_removes_a_power_icon_or_lowers_str():
    state = joust({"house": "Martell", "in_play": ["btns_93"]}, {"in_play": [KNIGHT, STEWARD]})
    qhoyne, knight = ref(state, 0, "btns_93"), ref(state, 1, KNIGHT)
    state = use(state, 0, qhoyne, knight)
    assert "power" not in icons(state, knight) and strength(state, knight) == 2
    state = joust({"house": "Martell", "in_play": ["btns_93"]}, {"in_play": [STEWARD]})
    steward = ref(state, 1, STEWARD)
    state = use(state, 0, ref(state, 0, "btns_93"), steward)
    assert strength(state, steward) == 1  # no Power icon: -1 STR instead


def test_btns_93_qhoyne_only_in_the_challenges_phase():
    state = joust(
        {"house": "Martell", "in_play": ["btns_93"]}, {"in_play": [KNIGHT]}, phase="marshalling"
    )
    assert not uses(state, 0, ref(state, 0, "btns_93"))


# --- btns_94 Lhorulu -----------------------------------------------------------------------


def test_btns_94_lhorulu_stands_and_removes_an_attacker_and_a_defender():
    me = {"house": "Martell", "in_play": ["btns_94", CROSSROADS, CROSSROADS, HOST, KNIGHT]}
    state = joust(me, {"in_play": [KNIGHT]})
    lhorulu, host, theirs = ref(state, 0, "btns_94"), ref(state, 0, HOST), ref(state, 1, KNIGHT)
    state = start(state, "military", [host, ref(state, 0, KNIGHT)])
    state = pass_windows(state)
    state = answer(state, "defenders", [theirs])
    state = at_point(state, "after_defenders")
    while waiting_seats(state)[0] != 0:
        state = act(state, waiting_seats(state)[0], "pass")
    (action,) = [a for a in uses(state, 0, lhorulu) if a.cards[1:] == (host,)]
    state = engine_apply(state, action)  # 2 influence, 1 defender: nothing to ask
    state = pass_until(state, lambda s: s.challenge is None)
    removed = [e["cards"] for e in state.log if e["event"] == "removed_from_challenge"]
    assert removed == [[host], [theirs]]
    (resolved,) = [e for e in state.log if e["event"] == "challenge_resolved"]
    assert resolved["strength"] == [2, 0] and resolved["unopposed"]  # only my Knight left
    stood = [e["card"] for e in state.log if e["event"] == "stood"]
    assert host in stood and theirs in stood


def test_btns_94_lhorulu_needs_a_defender_and_2_influence():
    me = {"house": "Martell", "in_play": ["btns_94", CROSSROADS, CROSSROADS, HOST]}
    state = joust(me, {})  # nobody to defend
    lhorulu = ref(state, 0, "btns_94")
    state = start(state, "military", [ref(state, 0, HOST)])
    _, offered = watch(state, 0, lhorulu, lambda s: s.challenge is None)
    assert not offered
    me = {"house": "Martell", "in_play": ["btns_94", CROSSROADS, HOST]}
    state = joust(me, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, HOST)])
    lhorulu = ref(state, 0, "btns_94")
    _, offered = watch(state, 0, lhorulu, lambda s: s.challenge is None, [ref(state, 1, KNIGHT)])
    assert not offered  # 1 influence only


# --- btns_92 Noyne -------------------------------------------------------------------------


def test_btns_92_noyne_reveals_each_opponents_top_card():
    state = joust({"in_play": ["btns_92"], "deck": [KNIGHT]}, {"deck": [STEWARD, HOST]})
    top = state.players[1].deck[0]
    for seat in (0, 1, None):
        players = observe(state, seat)["players"]
        assert players[1]["deck_top"] == {"id": top, "code": state.code(top)}
        assert "deck_top" not in players[0]  # not its controller's own deck


def test_btns_92_noyne_only_while_in_play():
    state = joust({"discard": ["btns_92"]}, {"deck": [STEWARD, HOST]})
    assert "deck_top" not in observe(state, 0)["players"][1]
