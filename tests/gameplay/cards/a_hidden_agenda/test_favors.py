"""A Hidden Agenda's Favors (gameplay/engine/cards/a_hidden_agenda/favors.py).

Fillers: Knight of the Tumblestone (Stark, 2 STR, military and power), Lannisport Steward
(Lannister, 2 STR, intrigue), Longship Maiden's Bane (kr_105, a Warship location)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.card_facts import load_cards
from gameplay.engine.challenges import claim_value
from gameplay.engine.rules import attachment_targets
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    answer,
    finish_challenge,
    hand,
    head,
    initiate,
    joust,
    pass_windows,
    ref,
    uses,
)
from tests.gameplay.scenario import apply

WARSHIP = "kr_105"


def _with(card: str, host: str = KNIGHT) -> dict:
    return {"card": host, "attachments": [card]}


# --- kr_106 Euron's Favor ------------------------------------------------------------------


def test_eurons_favor_discards_a_warship_from_play_for_4_str_and_deadly():
    state = joust({"house": "Greyjoy", "in_play": [_with("kr_106"), WARSHIP]}, {})
    knight, favor, ship = ref(state, 0, KNIGHT), ref(state, 0, "kr_106"), ref(state, 0, WARSHIP)
    (action,) = [a for a in uses(state, 0, favor) if a.cards[1:] == (ship,)]
    state = apply(state, action)
    state = pass_windows(state) if head(state).get("name") == "window" else state
    assert ship in state.players[0].discard
    assert strength(state, knight) == 6 and "deadly" in keywords(state, knight)


def test_eurons_favor_discards_a_warship_from_the_hand():
    state = joust(
        {"house": "Greyjoy", "in_play": [_with("kr_106")], "hand": [WARSHIP, STEWARD]}, {}
    )
    knight, favor = ref(state, 0, KNIGHT), ref(state, 0, "kr_106")
    (action,) = uses(state, 0, favor)  # the Steward is not a Warship location
    state = apply(state, action)
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], hand(state, 0, WARSHIP))
    assert [state.code(r) for r in state.players[0].discard] == [WARSHIP]
    assert strength(state, knight) == 6 and "deadly" in keywords(state, knight)


def test_eurons_favor_needs_a_warship_location():
    state = joust({"house": "Greyjoy", "in_play": [_with("kr_106")], "hand": [STEWARD]}, {})
    assert not uses(state, 0, ref(state, 0, "kr_106"))


def test_eurons_and_tywins_favor_go_on_a_character_you_control():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [KNIGHT]})
    mine, theirs = ref(state, 0, KNIGHT), ref(state, 1, KNIGHT)
    for card in ("kr_106", "kr_108"):
        targets = attachment_targets(state, load_cards()[card], 0)
        assert mine in targets and theirs not in targets


# --- kr_108 Tywin's Favor ------------------------------------------------------------------


def test_tywins_favor_discards_its_character_for_4_gold():
    state = joust({"house": "Lannister", "in_play": [_with("kr_108", STEWARD)], "gold": 0}, {})
    steward, favor = ref(state, 0, STEWARD), ref(state, 0, "kr_108")
    state = apply(state, uses(state, 0, favor)[0])
    assert steward in state.players[0].discard
    gained = [e for e in state.log if e["event"] == "gold_gained" and e["reason"] == "tywins_favor"]
    assert [e["gold"] for e in gained] == [4]


# --- kr_115 Robb's Favor -------------------------------------------------------------------


def test_robbs_favor_raises_claim_and_discards_the_winner_attacking_alone():
    state = joust({"in_play": [_with("kr_115")]}, {"in_play": [KNIGHT]})
    knight = ref(state, 0, KNIGHT)
    state = initiate(state, "military", [knight])
    assert claim_value(state, 0) == 3  # 1 + 2
    state = finish_challenge(state, defenders=[])
    assert knight in state.players[0].discard


def test_robbs_favor_does_nothing_when_not_attacking_alone():
    state = joust({"in_play": [_with("kr_115"), KNIGHT]}, {"in_play": [KNIGHT]})
    knights = [r for r in state.players[0].in_play if state.code(r) != "kr_115"]
    state = initiate(state, "military", knights)
    assert claim_value(state, 0) == 1
    state = finish_challenge(state, defenders=[])
    assert all(k in state.in_play for k in knights)


def test_robbs_favor_goes_on_a_stark_character_you_control_once():
    state = joust({"in_play": [_with("kr_115"), STEWARD, KNIGHT]}, {"in_play": [KNIGHT]})
    stark = [r for r in state.players[0].in_play if state.code(r) != "kr_115"]
    steward = ref(state, 0, STEWARD)
    free = [r for r in stark if r != steward and not state.in_play[r].attached_to]
    with_favor = state.in_play[ref(state, 0, "kr_115")].attached_to
    targets = attachment_targets(state, load_cards()["kr_115"], 0)
    assert steward not in targets  # not Stark
    assert ref(state, 1, KNIGHT) not in targets  # not yours
    assert with_favor not in targets  # limit 1 per character
    assert next(r for r in free if r not in (with_favor, steward)) in targets
