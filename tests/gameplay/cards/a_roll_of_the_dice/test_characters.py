"""A Roll of the Dice: The Bastard's Boys, The Second Sons, Old Bill Bone, Dragonbone Bow
(gameplay/engine/cards/a_roll_of_the_dice/characters.py).

Fillers: Host of Storm's End (6 STR, military and power, no attachments), Knight of the
Tumblestone (2 STR, military and power), Lannisport Steward (2 STR, intrigue), The Mander
(House Dayne Skirmisher, pots_14: "Any Phase: Kill House Dayne Skirmisher (cannot be
saved) to draw 1 card. ..."), Ser Lancel Lannister (asots_41, a
unique Lannister character), Tower Captain (soo_11, a Martell character), Great Keep
(core_29, a location)."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, icons, keywords, strength
from gameplay.engine.challenges import claim_value
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    at_point,
    build,
    choose,
    code,
    events,
    hand,
    head,
    joust,
    never_offered,
    pass_windows,
    ref,
    start,
    until_prompt,
    until_window,
    use,
    uses,
)

SKIRMISHER = "pots_14"
LANCEL = "asots_41"
CAPTAIN = "soo_11"
KEEP = "core_29"
CALM = "Calm Over Westeros"


def _bolton(state, card):
    add_lasting(state, "traits", card, "play", add=["House Bolton"])


# --- btns_101 The Bastard's Boys -------------------------------------------------------


def test_the_bastards_boys_cost_one_less_per_house_bolton_character():
    state = build(
        players=[{"house": "Stark", "hand": ["btns_101"], "in_play": [KNIGHT, KNIGHT]}, {}]
    )
    boys = hand(state, 0, "btns_101")[0]
    assert gold_cost(state, 0, boys) == 7
    _bolton(state, ref(state, 0, KNIGHT))
    _bolton(state, ref(state, 0, KNIGHT, 1))
    assert gold_cost(state, 0, boys) == 5


def _boys_attack(them, plot=None):
    me = {"house": "Stark", "in_play": ["btns_101"]}
    if plot:
        me["revealed_plot"] = plot
    state = joust(me, them)
    boys = ref(state, 0, "btns_101")
    state = act(pass_windows(state), 0, "challenge:military", choice="1")
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", [boys])
    return state, boys


def test_the_bastards_boys_raise_the_claim_when_knelt_as_an_attacker():
    state, boys = _boys_attack({"in_play": [KNIGHT]})
    assert claim_value(state, 0) == 1
    state = until_window(state, "knelt")
    state = use(state, 0, boys)
    assert claim_value(state, 0) == 2


def test_the_bastards_boys_not_against_a_house_bolton_defender():
    me = {"house": "Stark", "in_play": ["btns_101"]}
    state = joust(me, {"in_play": [KNIGHT]})
    _bolton(state, ref(state, 1, KNIGHT))
    boys = ref(state, 0, "btns_101")
    state = act(pass_windows(state), 0, "challenge:military", choice="1")
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", [boys])
    assert not [e for e in events(state, "ability") if e.get("card") == boys]
    step = head(state)
    assert not (step.get("trigger") == "knelt" and uses(state, 0, boys))


def test_the_bastards_boys_claim_no_higher_than_three():
    state, boys = _boys_attack({"in_play": [KNIGHT]})
    add_lasting(state, "claim", 0, "phase", amount=2)  # claim 3 already
    state = until_window(state, "knelt")
    state = use(state, 0, boys)
    assert claim_value(state, 0) == 3


# --- btns_105 The Second Sons ----------------------------------------------------------


def test_the_second_sons_cost_one_less_per_unique_lannister_or_targaryen():
    me = {"house": "Lannister", "hand": ["btns_105"], "in_play": [LANCEL, STEWARD]}
    state = build(players=[me, {}])
    assert gold_cost(state, 0, hand(state, 0, "btns_105")[0]) == 6  # not the Steward


def test_the_second_sons_lower_a_str_after_a_card_effect_draw():
    me = {"house": "Lannister", "in_play": ["btns_105", SKIRMISHER], "deck": [KNIGHT] * 3}
    state = joust(me, {"in_play": [HOST]})
    sons, host = ref(state, 0, "btns_105"), ref(state, 1, HOST)
    state = use(state, 0, ref(state, 0, SKIRMISHER))
    state = until_window(state, "cards_drawn")
    state = use(state, 0, sons, host)
    assert strength(state, host) == 5


def test_the_second_sons_only_in_the_challenges_phase():
    me = {"house": "Lannister", "in_play": ["btns_105"], "hand": ["btns_113"], "gold": 3}
    me["deck"] = [KNIGHT] * 3
    state = build(players=[me, {"in_play": [KNIGHT]}])
    outthought, knight = hand(state, 0, "btns_113")[0], ref(state, 1, KNIGHT)
    state = act(state, 0, "marshal:play", [outthought, knight])  # draws 1 in marshalling
    assert len(state.players[0].hand) == 1
    step = head(state)
    assert not (step.get("trigger") == "cards_drawn" and uses(state, 0, ref(state, 0, "btns_105")))


# --- btns_111 Old Bill Bone ------------------------------------------------------------


def test_old_bill_bone_lets_gold_on_martell_characters_be_spent():
    me = {"house": "Martell", "in_play": ["btns_111", CAPTAIN, KNIGHT], "gold": 0}
    state = build(players=[me, {}])
    from gameplay.engine.abilities import gold_available

    state.in_play[ref(state, 0, CAPTAIN)].gold = 2
    state.in_play[ref(state, 0, KNIGHT)].gold = 1  # not Martell
    assert gold_available(state, 0) == 2


def _bill_attacks(deck):
    me = {"house": "Martell", "in_play": ["btns_111"], "deck": deck}
    state = joust(me, {"in_play": [HOST]})
    bill = ref(state, 0, "btns_111")
    state = start(state, "military", [bill])
    return until_window(state, "knelt"), bill


def test_old_bill_bone_gains_gold_when_the_discarded_card_is_not_a_character():
    state, bill = _bill_attacks([KEEP, KNIGHT])
    state = use(state, 0, bill)
    assert state.code(state.players[0].discard[0]) == KEEP
    assert state.in_play[bill].gold == 1


def test_old_bill_bone_no_gold_for_a_character():
    state, bill = _bill_attacks([KNIGHT, KEEP])
    state = use(state, 0, bill)
    assert [state.code(r) for r in state.players[0].discard] == [code(KNIGHT)]
    assert state.in_play[bill].gold == 0


# --- btns_117 Dragonbone Bow -----------------------------------------------------------


def test_dragonbone_bow_gives_deadly_and_joins_the_attack():
    armed = {"card": KNIGHT, "attachments": ["btns_117"]}
    state = joust({"house": "Targaryen", "in_play": [HOST, armed]}, {"in_play": [STEWARD]})
    knight, bow, host = ref(state, 0, KNIGHT), ref(state, 0, "btns_117"), ref(state, 0, HOST)
    assert "deadly" in keywords(state, knight)
    assert not uses(state, 0, bow)  # no challenge
    state = start(state, "power", [host])
    state = at_point(state, "after_attackers")
    state = use(state, 0, bow)
    (joined,) = events(state, "joined_challenge")
    assert joined["card"] == knight
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"][0] == 8


def test_dragonbone_bow_not_for_the_defender():
    armed = {"card": KNIGHT, "attachments": ["btns_117"]}
    state = joust({"in_play": [HOST]}, {"house": "Targaryen", "in_play": [armed]})
    state = start(state, "power", [ref(state, 0, HOST)])
    never_offered(state, 1, ref(state, 1, "btns_117"))


# --- btns_112 Greenblood Merchant ------------------------------------------------------

EASTERN = "Eastern Fiefdoms"  # 1 influence


def _merchant(them_in_play):
    state = joust({"house": "Martell", "in_play": ["btns_112"]}, {"in_play": them_in_play})
    merchant, knight = ref(state, 0, "btns_112"), ref(state, 1, KNIGHT)
    state = until_prompt(use(state, 0, merchant, knight), "merchant_icon")
    assert set(head(state)["options"]) == {"gain_intrigue", "lose_military", "lose_power"}
    return choose(state, "lose_military"), knight


def test_greenblood_merchant_changes_an_icon_for_the_phase():
    state, knight = _merchant([KNIGHT])  # no influence: nobody may cancel
    assert icons(state, knight) == {"power"}


def test_greenblood_merchant_can_be_cancelled_by_an_opponents_influence():
    state, knight = _merchant([KNIGHT, EASTERN])
    assert head(state)["purpose"] == "merchant_cancel" and head(state)["seat"] == 1
    state = choose(state, "cancel")
    assert "military" in icons(state, knight)
    state, knight = _merchant([KNIGHT, EASTERN])
    state = choose(state, "allow")
    assert icons(state, knight) == {"power"}


def test_greenblood_merchant_only_in_the_challenges_phase():
    state = build(players=[{"house": "Martell", "in_play": ["btns_112"]}, {"in_play": [KNIGHT]}])
    assert not uses(state, 0, ref(state, 0, "btns_112"))
