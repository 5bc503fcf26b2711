"""The House of Black and White attachments
(gameplay/engine/cards/the_house_of_black_and_white/attachments.py).

Fillers: Knight of the Tumblestone (2 STR, Knight, non-unique, cost 2), Lannisport Steward
(2 STR, intrigue, cost 2), Ser Jaime Lannister (unique Lord Knight, deadly, cost 4), Host of
Storm's End (6 STR, no attachments), Crossroads (1 influence)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.game import IllegalAction
from gameplay.engine.game import apply as engine_apply
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    act,
    build,
    challenge_kinds,
    head,
    joust,
    marshals,
    pass_until,
    pass_windows,
    ref,
    start,
    use,
    uses,
    waiting_seats,
    watch,
)
from tests.gameplay.scenario import apply

JAIME = "Ser Jaime Lannister"
CROSSROADS = "core_138"


def _with(card, *attachments, knelt=False):
    return {"card": card, "attachments": list(attachments), "knelt": knelt}


# --- btns_83 Poisoned Coin -----------------------------------------------------------------


def test_btns_83_poisoned_coin_kills_its_character_when_it_stands_then_draws():
    me = {"in_play": [_with(KNIGHT, "btns_83", knelt=True)], "deck": [STEWARD, STEWARD]}
    state = build(phase="dominance", auto_pass=False, players=[me, {}])
    knight, coin = ref(state, 0, KNIGHT), ref(state, 0, "btns_83")
    state = pass_until(state, lambda s: bool(uses(s, 0, coin)))
    assert head(state).get("trigger") == "stood"  # the standing phase
    hand_before = len(state.players[0].hand)
    state = use(state, 0, coin)
    assert knight in state.players[0].dead
    assert len(state.players[0].hand) == hand_before + 1


def test_btns_83_poisoned_coin_answers_a_stand_by_an_effect():
    me = {
        "in_play": ["btns_88", CROSSROADS, CROSSROADS, _with(JAIME, "btns_83", knelt=True)],
        "deck": [STEWARD],
    }
    state = joust(me, {})
    jaime, coin = ref(state, 0, JAIME), ref(state, 0, "btns_83")
    state = engine_apply(state, uses(state, 0, ref(state, 0, "btns_88"))[0])
    state = pass_until(state, lambda s: bool(uses(s, 0, coin)))
    assert head(state).get("trigger") == "card_stood"
    state = use(state, 0, coin)
    assert jaime in state.players[0].dead


def test_btns_83_poisoned_coin_not_when_another_character_stands():
    me = {"in_play": [_with(KNIGHT, "btns_83"), {"card": STEWARD, "knelt": True}]}
    state = build(phase="dominance", auto_pass=False, players=[me, {}])
    coin = ref(state, 0, "btns_83")
    _, offered = watch(state, 0, coin, lambda s: s.phase == "plot" or s.round == 2)
    assert not offered


# --- btns_86 Dragonbone Dagger -------------------------------------------------------------


def test_btns_86_dragonbone_dagger_gives_str_and_deadly():
    state = joust({"in_play": [_with(KNIGHT, "btns_86")]}, {})
    knight = ref(state, 0, KNIGHT)
    assert strength(state, knight) == 3 and "deadly" in keywords(state, knight)


def test_btns_86_dragonbone_dagger_returns_from_the_discard_pile_for_1_gold():
    state = joust({"discard": ["btns_86"], "gold": 1}, {})
    dagger = state.players[0].discard[0]
    state = use(state, 0, dagger)
    assert dagger in state.players[0].hand and state.players[0].gold == 0


def test_btns_86_dragonbone_dagger_needs_1_gold_and_the_discard_pile():
    state = joust({"discard": ["btns_86"], "gold": 0}, {})
    assert not uses(state, 0, state.players[0].discard[0])
    state = joust({"hand": ["btns_86"], "gold": 3}, {})
    assert not uses(state, 0, state.players[0].hand[0])  # from the hand: marshal it


# --- btns_87 Enslaved ----------------------------------------------------------------------


def test_btns_87_enslaved_takes_control_of_a_cheap_character():
    me = {"house": "Lannister", "hand": ["btns_87"], "gold": 5}
    state = build(players=[me, {"in_play": [KNIGHT, JAIME]}])
    card, knight, jaime = state.players[0].hand[0], ref(state, 1, KNIGHT), ref(state, 1, JAIME)
    targets = {a.cards[1] for a in marshals(state, 0, card)}
    assert knight in targets and jaime not in targets  # printed cost 4
    (action,) = [a for a in marshals(state, 0, card) if a.cards[1] == knight]
    state = apply(state, action)
    assert knight in state.players[0].in_play and state.in_play[knight].controller == 0


def test_btns_87_control_goes_back_when_enslaved_leaves_play():
    me = {"house": "Lannister", "hand": ["btns_87"], "gold": 5}
    state = build(players=[me, {"in_play": [KNIGHT]}])
    card, knight = state.players[0].hand[0], ref(state, 1, KNIGHT)
    (action,) = [a for a in marshals(state, 0, card) if a.cards[1] == knight]
    state = apply(state, action)
    assert state.in_play[knight].controller == 0
    from gameplay.engine import moves
    from gameplay.engine.steps import run

    moves.discard_from_play(state, [card])  # as any effect would discard it
    run(state)
    state = pass_until(state, lambda s: s.in_play[knight].controller == 1)
    assert card in state.players[0].discard


# --- btns_89 Banner Bearer -----------------------------------------------------------------


def test_btns_89_banner_bearer_copies_the_keywords_of_a_knight_or_lord():
    me = {"house": "Lannister", "in_play": [_with(KNIGHT, "btns_89"), JAIME]}
    state = joust(me, {"in_play": [JAIME]})
    bearer, knight, jaime = ref(state, 0, "btns_89"), ref(state, 0, KNIGHT), ref(state, 0, JAIME)
    targets = [a.cards[1:] for a in uses(state, 0, bearer)]
    assert (jaime,) in targets and (ref(state, 1, JAIME),) not in targets  # mine only
    state = use(state, 0, bearer, jaime)
    assert {"deadly", "infamy"} <= keywords(state, knight)


def test_btns_89_banner_bearer_only_in_the_challenges_phase():
    me = {"house": "Lannister", "in_play": [_with(KNIGHT, "btns_89"), JAIME]}
    state = joust(me, {}, phase="marshalling")
    assert not uses(state, 0, ref(state, 0, "btns_89"))


# --- btns_91 Cowed -------------------------------------------------------------------------


def test_btns_91_cowed_character_cannot_attack_alone():
    state = joust({"in_play": [_with(KNIGHT, "btns_91")]}, {})
    assert "military" not in challenge_kinds(state, 0)  # its only military character
    state = joust({"in_play": [_with(KNIGHT, "btns_91"), JAIME]}, {})
    knight = ref(state, 0, KNIGHT)
    state = act(state, 0, "challenge:military", choice="1")
    assert head(state).get("purpose") == "attackers"
    seat = head(state)["seat"]
    state = act(state, seat, "select", [knight])
    try:
        act(state, seat, "done")
        raise AssertionError("the Knight attacked alone")
    except IllegalAction:
        pass
    state = act(state, seat, "select", [ref(state, 0, JAIME)])
    if head(state).get("purpose") == "attackers":
        state = act(state, seat, "done")
    assert state.challenge["attackers"] == [knight, ref(state, 0, JAIME)]


def test_btns_91_cowed_character_cannot_defend_alone():
    state = joust({"in_play": [JAIME]}, {"in_play": [_with(KNIGHT, "btns_91")]})
    state = start(state, "military", [ref(state, 0, JAIME)])
    state = pass_windows(state)
    # Its only possible defender cannot defend alone: nobody is asked, the challenge is
    # unopposed.
    assert head(state).get("purpose") != "defenders"
    assert state.challenge["defenders"] == [] and state.challenge["unopposed"]


# --- btns_97 Greyscale ---------------------------------------------------------------------


def test_btns_97_greyscale_gold_for_power_claimed_lowers_str_and_discards_at_0():
    state = joust({"in_play": [_with(KNIGHT, "btns_97")]}, {})
    knight = ref(state, 0, KNIGHT)
    assert "renown" in keywords(state, knight)
    state = start(state, "power", [knight])
    state = pass_until(state, lambda s: s.challenge is None or s.in_play[knight].gold)
    assert state.in_play[knight].power == 1 and state.in_play[knight].gold == 1
    assert strength(state, knight) == 1
    state.in_play[knight].gold = 2  # a second claim's token
    from gameplay.engine.checks import check_zero_strength

    check_zero_strength(state)
    from gameplay.engine.steps import run

    run(state)
    assert knight in state.players[0].discard


def test_btns_97_greyscale_only_for_its_own_character():
    state = joust({"in_play": [_with(KNIGHT, "btns_97"), {"card": "Eddard Stark"}]}, {})
    knight, eddard = ref(state, 0, KNIGHT), ref(state, 0, "Eddard Stark")
    state = start(state, "power", [eddard])
    state = pass_until(state, lambda s: s.challenge is None)
    assert state.in_play[eddard].power >= 1 and state.in_play[knight].gold == 0
    assert state.in_play[eddard].gold == 0
    waiting_seats(state)
