"""House Baratheon cards of the Core Set (gameplay/engine/cards/core/baratheon.py): each
card's effect in a position, and a case where it must not be allowed or not apply."""

from __future__ import annotations

import pytest

from gameplay.engine import moves, windows
from gameplay.engine.abilities import (
    add_lasting,
    allowed,
    end_lasting,
    icons,
    is_blank,
    keywords,
    strength,
    total_power,
)
from gameplay.engine.actions import Action
from gameplay.engine.challenges import can_attack, can_defend
from gameplay.engine.game import legal_actions, outcome
from gameplay.engine.observe import observe
from gameplay.engine.rules import attachment_targets, facts, gold_cost
from gameplay.engine.state import GameState, InPlay
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    code,
    defend,
    describe,
    events,
    hand,
    head,
    initiate,
    joust,
    pass_windows,
    ref,
    turn,
    until_phase,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import apply

HOST = "Host of Storm's End"  # 6 STR, military and power, no text
KNIGHT = "Knight of the Tumblestone"  # 2 STR, military and power, no text
BEN = "Brown Ben Plumm"  # 2 STR, military only, no text
ROBERT = "core_71"
SPARE = KNIGHT  # a standing power character holds the challenge turn
LIGHTBRINGER = "core_68"
DRUNK = "core_69"
SELYSE = "core_70"
STANNIS = "core_72"
RENLY = "core_73"
MELISANDRE = "core_74"
DAVOS = "core_75"
CRESSEN = "core_77"
AXELL = "core_78"
EDRIC = "core_79"
DEVAN = "core_80"
RAINWOOD = "core_81"
CAVALRY = "core_82"
PRIEST = "core_84"
ARMY = "core_85"
COURTIER = "core_86"  # standing, it holds the action windows (an Any Phase ability)
PORT = "core_91"

# --- helpers -------------------------------------------------------------------------


def attach(state: GameState, seat: int, name: str, host: str) -> str:
    """Put an attachment controlled by ``seat`` on ``host`` (anyone's character)."""
    card = state.new_card(code(name), seat)
    state.in_play[card] = InPlay(controller=seat, attached_to=host)
    state.players[seat].in_play.append(card)
    return card


def choose(state, option):
    return act(state, waiting_seats(state)[0], "choose", choice=option)


def first(state, seat, name):
    return hand(state, seat, name)[0]


# --- core_66 Shadow's Blessing ---------------------------------------------------------


def test_shadows_blessing_gives_plus_two_with_a_power_icon_and_minus_two_without():
    state = joust(
        {
            "in_play": [
                {"card": KNIGHT, "attachments": ["core_66"]},
                {"card": BEN, "attachments": ["core_66"]},
                "Bastard of Robert",
            ]
        },
        {},
    )
    assert strength(state, ref(state, 0, KNIGHT)) == 4
    assert strength(state, ref(state, 0, BEN)) == 0
    assert strength(state, ref(state, 0, "Bastard of Robert")) == 1  # not attached


# --- core_67 Motley --------------------------------------------------------------------


def test_motley_attaches_only_to_an_opponents_character():
    state = build(
        players=[
            {"house": "Baratheon", "hand": ["core_67"], "in_play": [KNIGHT]},
            {"in_play": [BEN]},
        ]
    )
    motley = first(state, 0, "core_67")
    assert attachment_targets(state, facts(state, motley), 0) == [ref(state, 1, BEN)]
    plays = [a for a in legal_actions(state, 0) if a.kind == "marshal:play"]
    assert plays == [Action(0, "marshal:play", (motley, ref(state, 1, BEN)))]
    state = apply(state, plays[0])
    assert state.in_play[motley].controller == 0
    assert state.in_play[motley].attached_to == ref(state, 1, BEN)


def test_motley_takes_a_gold_to_declare_its_bearer_and_forbids_it_without_gold():
    state = joust({"in_play": [HOST], "gold": 1}, {"in_play": [KNIGHT]})
    host = ref(state, 0, HOST)
    attach(state, 1, "core_67", host)
    assert host in can_attack(state, 0, "military")
    state = initiate(state, "military", [host])
    assert state.players[0].gold == 0 and state.players[1].gold == 1
    assert [(e["seat"], e["to"], e["gold"]) for e in events(state, "gold_given")] == [(0, 1, 1)]
    # Without gold in the pool it cannot be declared.
    broke = joust({"in_play": [HOST, KNIGHT]}, {"in_play": [BEN]})
    attach(broke, 1, "core_67", ref(broke, 0, HOST))
    assert can_attack(broke, 0, "military") == [ref(broke, 0, KNIGHT)]


def test_motley_takes_a_gold_to_defend_with_its_bearer():
    state = joust({"in_play": [HOST]}, {"in_play": [KNIGHT, BEN], "gold": 1})
    knight, ben = ref(state, 1, KNIGHT), ref(state, 1, BEN)
    attach(state, 0, "core_67", knight)
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert set(head(state)["candidates"]) == {knight, ben}
    state = answer(state, "defenders", [knight])
    assert state.players[1].gold == 0 and state.players[0].gold == 1


def test_motley_takes_a_gold_to_trigger_its_bearers_ability():
    state = joust({"in_play": [COURTIER]}, {"in_play": [KNIGHT]})
    courtier, knight = ref(state, 0, COURTIER), ref(state, 1, KNIGHT)
    attach(state, 1, "core_67", courtier)
    assert not uses(state, 0, courtier)  # no gold to give
    state.players[0].gold = 2
    state = use(state, 0, courtier, knight)
    assert state.players[0].gold == 1 and state.players[1].gold == 1
    assert is_blank(state, knight)


# --- core_68 Lightbringer --------------------------------------------------------------


def test_lightbringer_attaches_to_house_baratheon_characters_only():
    state = build(
        players=[{"hand": [LIGHTBRINGER], "in_play": [ROBERT, KNIGHT, HOST], "gold": 2}, {}],
    )
    lightbringer = first(state, 0, LIGHTBRINGER)
    # Not the Knight (House Stark) nor the Host (No attachments).
    assert attachment_targets(state, facts(state, lightbringer), 0) == [ref(state, 0, ROBERT)]


def test_lightbringer_kneels_to_save_its_bearer_from_a_military_claim():
    state = joust(
        {"in_play": [HOST, SPARE]},
        {"in_play": [{"card": ROBERT, "knelt": True, "attachments": [LIGHTBRINGER]}]},
    )
    robert, lightbringer = ref(state, 1, ROBERT), ref(state, 1, LIGHTBRINGER)
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = until_window(state, "would_be_killed")
    (action,) = uses(state, 1, lightbringer)
    assert describe(state, action).startswith("Lightbringer: Response: Kneel Lightbringer")
    state = apply(state, action)
    state = pass_windows(state)
    assert robert in state.players[1].in_play and state.in_play[lightbringer].knelt
    assert [e["by"] for e in events(state, "saved")] == [lightbringer]


def test_a_kneeling_lightbringer_cannot_save():
    state = joust(
        {"in_play": [HOST]},
        {
            "in_play": [
                {"card": ROBERT, "knelt": True, "attachments": [LIGHTBRINGER]},
            ]
        },
    )
    robert, lightbringer = ref(state, 1, ROBERT), ref(state, 1, LIGHTBRINGER)
    state.in_play[lightbringer].knelt = True
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert robert in state.players[1].dead


# --- core_69 Stinking Drunk ------------------------------------------------------------


def test_stinking_drunk_takes_four_strength_while_participating():
    state = joust({"in_play": [HOST, KNIGHT]}, {"in_play": [KNIGHT]})
    host = ref(state, 0, HOST)
    attach(state, 1, DRUNK, host)
    assert strength(state, host) == 6  # not participating yet
    state = initiate(state, "power", [host])
    assert head(state)["purpose"] == "defenders"
    assert strength(state, host) == 2
    assert strength(state, ref(state, 0, KNIGHT)) == 2  # not attached


# --- core_70 Selyse Baratheon ----------------------------------------------------------


def test_selyse_gives_a_unique_character_an_intrigue_icon_for_the_phase():
    state = joust(
        {"in_play": [SELYSE, "core_92", ROBERT, HOST]},
        {"in_play": [BEN, KNIGHT]},
    )
    selyse, robert = ref(state, 0, SELYSE), ref(state, 0, ROBERT)
    targets = {a.cards[1] for a in uses(state, 0, selyse)}
    assert targets == {selyse, robert, ref(state, 1, BEN)}  # unique characters only
    state = use(state, 0, selyse, robert)
    assert "intrigue" in icons(state, robert)
    assert state.in_play[ref(state, 0, "core_92")].knelt  # the influence
    assert not uses(state, 0, selyse)  # no influence left


def test_selyse_is_not_used_outside_the_challenges_phase():
    state = build(players=[{"in_play": [SELYSE, "core_92", ROBERT]}, {}])
    assert not uses(state, 0, ref(state, 0, SELYSE))


# --- core_71 / core_90 Robert Baratheon ------------------------------------------------


@pytest.mark.parametrize("robert", ["core_71", "core_90"])
def test_robert_claims_two_power_for_renown(robert):
    state = joust({"in_play": [robert, STANNIS]}, {})
    robert_ref, stannis = ref(state, 0, robert), ref(state, 0, STANNIS)
    state = initiate(state, "power", [robert_ref, stannis])
    state = pass_windows(state)
    assert state.in_play[robert_ref].power == 2
    assert state.in_play[stannis].power == 1  # an ordinary renown claim


# --- core_72 Stannis Baratheon ---------------------------------------------------------


def test_stannis_attacking_keeps_a_player_without_lords_from_defending():
    state = joust({"in_play": [STANNIS, HOST]}, {"in_play": [KNIGHT]})
    state = initiate(state, "military", [ref(state, 0, STANNIS)])
    assert can_defend(state, 1, "military", []) == []
    state = pass_windows(state)
    assert events(state, "defenders")[-1]["cards"] == []


def test_stannis_does_not_stop_a_player_with_a_lord_or_when_not_attacking():
    state = joust({"in_play": [STANNIS]}, {"in_play": [KNIGHT, "Eddard Stark"]})
    state = initiate(state, "military", [ref(state, 0, STANNIS)])
    assert ref(state, 1, KNIGHT) in can_defend(state, 1, "military", [])
    state = joust({"in_play": [STANNIS, HOST]}, {"in_play": [KNIGHT]})
    state = initiate(state, "military", [ref(state, 0, HOST)])
    assert can_defend(state, 1, "military", []) == [ref(state, 1, KNIGHT)]


# --- core_73 Renly Baratheon -----------------------------------------------------------


def test_renly_kneels_one_influence_to_stand():
    state = joust({"in_play": [{"card": RENLY, "knelt": True}, "core_92", HOST]}, {})
    renly, fiefdoms = ref(state, 0, RENLY), ref(state, 0, "core_92")
    state = use(state, 0, renly)
    assert not state.in_play[renly].knelt and state.in_play[fiefdoms].knelt


def test_renly_standing_or_without_influence_cannot_stand():
    state = joust({"in_play": [RENLY, "core_92", HOST]}, {})
    assert not uses(state, 0, ref(state, 0, RENLY))  # already standing
    state = joust({"in_play": [{"card": RENLY, "knelt": True}, HOST]}, {})
    assert not uses(state, 0, ref(state, 0, RENLY))  # no influence


# --- core_74 Melisandre ----------------------------------------------------------------


def test_melisandre_standing_gives_asshai_characters_one_strength():
    state = joust({"in_play": [MELISANDRE, PRIEST]}, {"in_play": [PRIEST]})
    melisandre = ref(state, 0, MELISANDRE)
    assert strength(state, melisandre) == 4
    assert strength(state, ref(state, 0, PRIEST)) == 2
    assert strength(state, ref(state, 1, PRIEST)) == 2  # anyone's Asshai
    state.in_play[melisandre].knelt = True
    assert strength(state, ref(state, 0, PRIEST)) == 1


def test_melisandre_does_not_count_power_on_opponents_characters():
    opponent = {"power": 13, "in_play": [{"card": KNIGHT, "power": 3}]}
    state = joust({"in_play": [MELISANDRE, {"card": HOST, "power": 2}], "power": 1}, opponent)
    assert state.result is None  # 16 power, but only 13 count
    assert total_power(state, 1) == 13 and total_power(state, 0) == 3
    assert observe(state, 0)["players"][1]["total_power"] == 13
    without = joust({"in_play": [HOST]}, opponent)
    assert outcome(without)["winner"] == 1
    assert outcome(without)["final_power"] == [0, 16]


# --- core_75 Ser Davos Seaworth --------------------------------------------------------


def davos_claimed(gold: int) -> GameState:
    state = joust(
        {"in_play": [HOST, SPARE]},
        {"in_play": [{"card": DAVOS, "knelt": True}], "gold": gold},
    )
    state = initiate(state, "military", [ref(state, 0, HOST)])
    return until_window(state, "would_be_killed")


def test_davos_saves_himself_and_pays_one_gold():
    state = davos_claimed(gold=2)
    davos = ref(state, 1, DAVOS)
    state = use(state, 1, davos)
    assert head(state)["options"] == ["pay_gold", "return_to_hand"]
    state = pass_windows(choose(state, "pay_gold"))
    assert davos in state.players[1].in_play and state.players[1].gold == 1


def test_davos_saves_himself_and_returns_to_hand():
    state = davos_claimed(gold=2)
    davos = ref(state, 1, DAVOS)
    state = pass_windows(choose(use(state, 1, davos), "return_to_hand"))
    assert davos in state.players[1].hand and state.players[1].gold == 2
    assert not events(state, "killed")


def test_davos_returning_to_hand_may_be_saved_by_a_duplicate():
    # Rulebook, "Duplicates": a unique card about to be returned to your hand may be
    # saved by discarding a duplicate, like a kill (moves.leave offers both the same way).
    state = joust(
        {"in_play": [HOST, SPARE]},
        {"in_play": [{"card": DAVOS, "knelt": True, "duplicates": [DAVOS]}], "gold": 2},
    )
    davos = ref(state, 1, DAVOS)
    (duplicate,) = state.in_play[davos].duplicates
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    state = answer(state, "save", [])  # the kill: no duplicate spent
    state = until_window(state, "would_be_killed")
    state = choose(use(state, 1, davos), "return_to_hand")
    assert head(state)["purpose"] == "save" and head(state)["ctx"]["how"] == "hand"
    state = pass_windows(answer(state, "save", [davos]))
    assert davos in state.players[1].in_play and duplicate in state.players[1].discard
    assert not events(state, "killed") and state.players[1].gold == 2


def test_davos_without_gold_returns_to_hand():
    state = davos_claimed(gold=0)
    davos = ref(state, 1, DAVOS)
    state = pass_windows(use(state, 1, davos))
    assert davos in state.players[1].hand


def test_davos_saves_only_himself():
    state = joust(
        {"in_play": [HOST]},
        {"in_play": [{"card": KNIGHT, "knelt": True}, {"card": DAVOS}]},
    )
    knight = ref(state, 1, KNIGHT)
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = answer(state, "claim_kill", [knight])
    state = pass_windows(state)
    assert knight in state.players[1].dead


# --- core_77 Maester Cressen -----------------------------------------------------------


def test_maester_cressen_discards_a_condition_attachment_in_marshalling():
    state = build(
        players=[
            {"in_play": [CRESSEN, {"card": HOST, "attachments": [LIGHTBRINGER]}]},
            {"in_play": [{"card": KNIGHT, "attachments": [DRUNK]}]},
        ]
    )
    cressen, drunk = ref(state, 0, CRESSEN), ref(state, 1, DRUNK)
    assert [a.cards[1] for a in uses(state, 0, cressen)] == [drunk]  # not Lightbringer
    state = pass_windows(use(state, 0, cressen, drunk))
    assert drunk in state.players[1].discard and state.in_play[cressen].knelt


def test_maester_cressen_only_in_marshalling():
    state = joust(
        {"in_play": [CRESSEN]},
        {"in_play": [{"card": KNIGHT, "attachments": [DRUNK]}]},
    )
    assert not uses(state, 0, ref(state, 0, CRESSEN))


# --- core_78 Ser Axell Florent ---------------------------------------------------------


def test_ser_axell_stands_after_a_power_win_by_four():
    state = joust({"in_play": [AXELL, HOST]}, {})
    axell = ref(state, 0, AXELL)
    state = initiate(state, "power", [axell, ref(state, 0, HOST)])
    state = until_window(state, "challenge_won")
    state = use(state, 0, axell)
    assert not state.in_play[axell].knelt


def test_ser_axell_does_not_stand_after_a_narrow_win():
    state = joust({"in_play": [AXELL, SPARE]}, {"in_play": [KNIGHT]})
    axell = ref(state, 0, AXELL)
    state = initiate(state, "power", [axell])
    state = defend(state, [ref(state, 1, KNIGHT)])
    assert resolved_by(state) == 1
    assert state.in_play[axell].knelt and turn(state) == ("before_challenge", 0)


def resolved_by(state):
    attack, defence = events(state, "challenge_resolved")[-1]["strength"]
    return attack - defence


# --- core_79 Edric Storm ---------------------------------------------------------------


def test_edric_storm_is_discarded_for_an_additional_power_challenge():
    state = joust({"in_play": [EDRIC, HOST, "Bastard of Robert"]}, {})
    edric, bastard = ref(state, 0, EDRIC), ref(state, 0, "Bastard of Robert")
    state = initiate(state, "power", [edric, ref(state, 0, HOST)])
    state = until_window(state, "challenge_won")
    state = pass_windows(use(state, 0, edric))
    assert edric in state.players[0].discard
    assert state.players[0].limited_response_used
    assert Action(0, "challenge:power", choice="1") in legal_actions(state, 0)
    state = initiate(state, "power", [bastard])
    state = pass_windows(state)
    assert state.players[0].challenges_done == ["power"]


def test_edric_storm_needs_his_limited_response_and_a_win_by_four():
    state = joust({"in_play": [EDRIC, HOST]}, {})
    state.players[0].limited_response_used = True
    state = initiate(state, "power", [ref(state, 0, EDRIC), ref(state, 0, HOST)])
    state = pass_windows(state)
    assert ref(state, 0, EDRIC) in state.players[0].in_play
    state = joust({"in_play": [EDRIC]}, {})
    state = initiate(state, "power", [ref(state, 0, EDRIC)])  # wins by 2
    state = pass_windows(state)
    assert ref(state, 0, EDRIC) in state.players[0].in_play


# --- core_80 Devan Seaworth ------------------------------------------------------------


def test_devan_seaworth_gains_stealth_while_a_character_of_yours_has_power():
    state = joust({"in_play": [DEVAN, {"card": HOST, "power": 1}]}, {})
    assert "stealth" in keywords(state, ref(state, 0, DEVAN))
    state = joust(
        {"in_play": [DEVAN, HOST], "power": 3},
        {"in_play": [{"card": KNIGHT, "power": 2}]},
    )
    assert "stealth" not in keywords(state, ref(state, 0, DEVAN))


# --- core_81 Knight of the Rainwood ----------------------------------------------------


def test_knight_of_the_rainwood_cannot_be_discarded_from_play():
    state = joust({"in_play": [RAINWOOD, HOST]}, {})
    rainwood, host = ref(state, 0, RAINWOOD), ref(state, 0, HOST)
    assert not allowed(state, "can_be_discarded", rainwood)
    moves.discard(state, [rainwood, host])
    run(state)
    state = pass_windows(state)
    moves.discard_from_play(state, [rainwood])
    assert rainwood in state.players[0].in_play
    assert host in state.players[0].discard  # others are discarded


# --- core_82 Stannis's Northern Cavalry ------------------------------------------------


def test_northern_cavalry_cannot_be_killed_while_its_strength_is_changed():
    state = joust(
        {"in_play": [HOST], "revealed_plot": "Hear Me Roar"},  # no Intrigue icon: -1 STR
        {"in_play": [{"card": CAVALRY, "knelt": True}, {"card": KNIGHT, "knelt": True}]},
    )
    cavalry, knight = ref(state, 1, CAVALRY), ref(state, 1, KNIGHT)
    assert strength(state, cavalry) == 2
    assert not allowed(state, "can_be_killed", cavalry)
    assert not allowed(state, "can_be_discarded", cavalry)
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)  # the claim takes the Knight: the only one that can die
    assert knight in state.players[1].dead and cavalry in state.players[1].in_play


def test_northern_cavalry_is_protected_for_the_rest_of_the_phase_only():
    state = joust({"in_play": [CAVALRY]}, {"in_play": [COURTIER]})  # it holds dominance
    cavalry = ref(state, 0, CAVALRY)
    assert allowed(state, "can_be_killed", cavalry)  # printed STR: no protection
    add_lasting(state, "strength", cavalry, "challenge", None, amount=1)
    end_lasting(state, "challenge")
    assert strength(state, cavalry) == 3
    assert not allowed(state, "can_be_killed", cavalry)  # raised earlier this phase
    state = until_phase(state, "dominance")
    assert state.phase == "dominance"
    assert allowed(state, "can_be_killed", cavalry)


# --- core_84 Old Red Priest ------------------------------------------------------------


def test_old_red_priest_killed_kneels_a_location_of_his_controller():
    state = joust(
        {"in_play": [HOST, SPARE]},
        {
            "in_play": [
                {"card": PRIEST, "knelt": True},
                "Aegon's Garden",
                "core_92",
                {"card": "core_93", "knelt": True},
            ]
        },
    )
    garden = ref(state, 1, "Aegon's Garden")
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    prompt = head(state)
    assert prompt["purpose"] == "kneel_location"
    assert set(prompt["candidates"]) == {garden, ref(state, 1, "core_92")}  # standing only
    state = answer(state, "kneel_location", [garden])
    assert state.in_play[garden].knelt and not state.in_play[ref(state, 1, "core_92")].knelt


def test_old_red_priest_killed_without_a_standing_location_kneels_nothing():
    state = joust(
        {"in_play": [HOST, SPARE, "Aegon's Garden"]},
        {"in_play": [{"card": PRIEST, "knelt": True}]},
    )
    priest = ref(state, 1, PRIEST)
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert priest in state.players[1].dead
    assert not state.in_play[ref(state, 0, "Aegon's Garden")].knelt  # not the opponent's
    assert turn(state) == ("before_challenge", 0)


# --- core_85 Army of the Faithful ------------------------------------------------------


def test_army_of_the_faithful_costs_one_less_per_asshai_character_you_control():
    state = build(
        players=[
            {
                "house": "Baratheon",
                "hand": [ARMY],
                "in_play": [MELISANDRE, PRIEST],
            },
            {"in_play": [PRIEST]},
        ]
    )
    army = first(state, 0, ARMY)
    assert gold_cost(state, 0, army) == 4  # the opponent's Old Red Priest does not count
    state.players[0].gold = 4
    state = act(state, 0, "marshal:play", [army])
    assert army in state.players[0].in_play and state.players[0].gold == 0
    alone = build(players=[{"house": "Baratheon", "hand": [ARMY], "in_play": [HOST]}, {}])
    assert gold_cost(alone, 0, first(alone, 0, ARMY)) == 6


# --- core_86 Renly's Courtier ----------------------------------------------------------


def test_renlys_courtier_blanks_a_non_unique_character_until_the_phase_ends():
    state = joust(
        {"in_play": [COURTIER, ROBERT]},
        {"in_play": [CAVALRY, RAINWOOD, COURTIER]},
    )
    courtier = ref(state, 0, COURTIER)
    cavalry, rainwood = ref(state, 1, CAVALRY), ref(state, 1, RAINWOOD)
    theirs = ref(state, 1, COURTIER)  # it holds the dominance phase's window
    targets = {a.cards[1] for a in uses(state, 0, courtier)}
    assert targets == {courtier, cavalry, rainwood, theirs}  # not Robert: unique
    state = use(state, 0, courtier, rainwood)
    assert is_blank(state, rainwood) and allowed(state, "can_be_discarded", rainwood)
    assert "deadly" in keywords(state, cavalry)
    assert state.in_play[courtier].knelt and not uses(state, 0, courtier)
    state = until_phase(state, "dominance")
    assert state.phase == "dominance" and not is_blank(state, rainwood)


# --- core_88 House Tyrell Guard --------------------------------------------------------


def test_house_tyrell_guard_enters_play_after_your_baratheon_character_is_killed():
    state = joust(
        {"in_play": [HOST, SPARE]},
        {"in_play": [{"card": "Bastard of Robert", "knelt": True}], "hand": ["core_88"]},
    )
    guard = first(state, 1, "core_88")
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = until_window(state, "killed")
    state = pass_windows(use(state, 1, guard))
    assert guard in state.players[1].in_play and guard not in state.players[1].hand


def test_house_tyrell_guard_ignores_other_houses_characters():
    state = joust(
        {"in_play": [HOST]},
        {"in_play": [{"card": KNIGHT, "knelt": True}], "hand": ["core_88"]},
    )
    guard = first(state, 1, "core_88")
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert events(state, "killed") and guard in state.players[1].hand


# --- core_91 Dragonstone Port ----------------------------------------------------------


def choose_plots(state, *plots):
    for seat, plot in enumerate(plots):
        card = next(r for r in state.players[seat].plot_deck if state.code(r) == code(plot))
        state = act(state, seat, "plot:choose", [card])
    return state


def to_first_player(state):
    state = pass_windows(state)
    assert head(state)["name"] == "first_player", head(state)
    return act(state, head(state)["seat"], "first_player", choice="0")


@pytest.mark.parametrize(("named", "power"), [("Rains of Autumn", 1), ("Rule by Decree", 0)])
def test_dragonstone_port_names_a_plot_before_the_reveal(named, power):
    state = build(phase="plot", players=[{"in_play": [PORT]}, {}])
    port = ref(state, 0, PORT)
    state = choose_plots(state, "Noose and Swordpoint", "Rains of Autumn")
    assert head(state)["event"] == {"moment": "before_reveal"}
    (action,) = uses(state, 0, port)
    assert describe(state, action).startswith("Dragonstone Port: Plot: After plot cards")
    state = use(state, 0, port)
    assert code(named) in head(state)["options"] and len(head(state)["options"]) > 100
    state = choose(state, code(named))
    assert not windows.usable(state, 0, head(state))  # once per phase
    state = to_first_player(state)
    assert state.players[0].power == power and state.players[1].power == 0


def test_dragonstone_port_is_not_used_after_the_plots_are_revealed():
    state = build(phase="plot", players=[{"in_play": [PORT]}, {"in_play": [COURTIER]}])
    state = choose_plots(state, "Noose and Swordpoint", "Rains of Autumn")
    state = to_first_player(state)  # the Port passes before the reveal
    assert state.phase == "plot" and head(state)["name"] == "window"  # the Courtier may act
    assert head(state)["event"] == {} and state.players[0].revealed_plot
    assert not windows.usable(state, 0, head(state))
    assert state.players[0].power == 0


def test_without_dragonstone_port_there_is_no_window_before_the_reveal():
    state = build(phase="plot", players=[{"in_play": [COURTIER]}, {}])
    state = choose_plots(state, "Noose and Swordpoint", "Rains of Autumn")
    assert head(state)["name"] == "first_player"


# --- core_92 / core_93 Stormlands Fiefdoms, core_98 Great Hall ---------------------------


@pytest.mark.parametrize("fiefdoms", ["core_92", "core_93"])
def test_stormlands_fiefdoms_lowers_the_next_baratheon_card_by_one(fiefdoms):
    state = build(
        players=[
            {
                "house": "Baratheon",
                "in_play": [fiefdoms],
                "hand": [DAVOS, LIGHTBRINGER, "Wolf Pack"],
                "gold": 5,
            },
            {},
        ]
    )
    davos, wolves = first(state, 0, DAVOS), first(state, 0, "Wolf Pack")
    card = ref(state, 0, fiefdoms)
    state = use(state, 0, card)
    assert gold_cost(state, 0, wolves) == facts(state, wolves).cost + 2  # House Stark: no
    assert gold_cost(state, 0, davos) == 2
    state = act(state, 0, "marshal:play", [davos])
    assert state.players[0].gold == 3
    assert gold_cost(state, 0, first(state, 0, LIGHTBRINGER)) == 2  # used up
    assert state.in_play[card].knelt and not uses(state, 0, card)


def test_stormlands_fiefdoms_only_in_marshalling():
    state = joust({"in_play": ["core_92", HOST]}, {})
    assert not uses(state, 0, ref(state, 0, "core_92"))


def test_great_hall_lowers_the_next_baratheon_character_by_two():
    state = build(
        players=[
            {
                "house": "Baratheon",
                "in_play": ["core_98"],
                "hand": [PORT, DAVOS],
                "gold": 3,
            },
            {},
        ]
    )
    port, davos = first(state, 0, PORT), first(state, 0, DAVOS)
    state = use(state, 0, ref(state, 0, "core_98"))
    assert gold_cost(state, 0, port) == 2  # a location: not lowered
    assert gold_cost(state, 0, davos) == 1
    state = act(state, 0, "marshal:play", [davos])
    assert state.players[0].gold == 2
    assert not uses(state, 0, ref(state, 0, "core_98"))


# --- core_169 Prosperity and Plenty ----------------------------------------------------


def test_prosperity_and_plenty_attaches_an_attachment_from_your_discard_pile():
    state = joust(
        {
            "house": "Baratheon",
            "hand": ["core_169"],
            "discard": [LIGHTBRINGER, HOST],
            "in_play": [ROBERT, DAVOS, KNIGHT],
            "gold": 1,
        },
        {"in_play": [STANNIS]},
    )
    plenty, lightbringer = first(state, 0, "core_169"), state.players[0].discard[0]
    assert [a.cards[1:] for a in uses(state, 0, plenty)] == [(lightbringer,)]
    state = use(state, 0, plenty, lightbringer)
    prompt = head(state)
    assert prompt["purpose"] == "attach_to"
    # Your House Baratheon characters only (not the Knight, not the opponent's Stannis).
    assert set(prompt["candidates"]) == {ref(state, 0, ROBERT), ref(state, 0, DAVOS)}
    state = answer(state, "attach_to", [ref(state, 0, ROBERT)])
    assert state.in_play[lightbringer].attached_to == ref(state, 0, ROBERT)
    assert state.players[0].gold == 0 and plenty in state.players[0].discard


def test_prosperity_and_plenty_leaves_an_attachment_that_cannot_attach_discarded():
    state = joust(
        {"hand": ["core_169"], "discard": ["Motley"], "in_play": [ROBERT], "gold": 1},
        {"in_play": [KNIGHT]},
    )
    plenty, motley = first(state, 0, "core_169"), state.players[0].discard[0]
    state = pass_windows(use(state, 0, plenty, motley))  # Motley goes on opponents only
    assert motley in state.players[0].discard and motley not in state.in_play
    assert [e["card"] for e in events(state, "not_attached")] == [motley]


def test_prosperity_and_plenty_needs_a_gold_and_an_attachment_in_your_discard_pile():
    state = joust({"hand": ["core_169"], "discard": [LIGHTBRINGER], "in_play": [ROBERT]}, {})
    assert not uses(state, 0, first(state, 0, "core_169"))  # no gold
    state = joust(
        {"hand": ["core_169"], "discard": [HOST], "in_play": [ROBERT], "gold": 1},
        {"discard": [LIGHTBRINGER]},
    )
    assert not uses(state, 0, first(state, 0, "core_169"))  # only the opponent's


# --- core_170 Lords of the Narrow Sea --------------------------------------------------


def lords(me, their_plots):
    spec = {"hand": ["core_170"], "revealed_plot": "Rains of Autumn", **me}
    return joust(spec, {"plot_deck": their_plots, "revealed_plot": "Summoning Season"})


def test_lords_of_the_narrow_sea_kneels_a_noble_to_force_a_lower_income_plot():
    state = lords({"in_play": [ROBERT, KNIGHT]}, ["Tourney for the Hand", "Condemned by the Realm"])
    card, robert = first(state, 0, "core_170"), ref(state, 0, ROBERT)
    actions = uses(state, 0, card)
    assert [a.choice for a in actions] == ["1"]  # the Noble cost only: no influence
    state = apply(state, actions[0])
    assert state.in_play[robert].knelt  # the only Noble: knelt for the cost
    prompt = head(state)
    assert prompt["purpose"] == "new_plot" and prompt["seat"] == 1
    tourney = next(r for r in prompt["candidates"] if state.code(r) == code("Tourney for the Hand"))
    state = answer(state, "new_plot", [tourney])
    assert state.players[1].revealed_plot == tourney
    assert code("Summoning Season") in [state.code(r) for r in state.players[1].used_plots]
    assert state.players[0].power == 1  # income 3 against 4


def test_lords_of_the_narrow_sea_by_influence_and_no_power_for_a_plot_as_rich():
    locations = ["core_92", "core_93", "King Robert's Chambers"]
    state = lords({"in_play": [*locations, SPARE]}, ["Noose and Swordpoint"])
    card = first(state, 0, "core_170")
    (action,) = uses(state, 0, card)
    assert action.choice == "0"  # 3 influence, no Noble
    state = apply(state, action)
    assert all(state.in_play[ref(state, 0, name)].knelt for name in locations)
    state = pass_windows(state)  # the only plot: revealed at once
    assert state.code(state.players[1].revealed_plot) == code("Noose and Swordpoint")
    assert state.players[0].power == 0  # income 4 against 4


def test_lords_of_the_narrow_sea_needs_a_noble_or_three_influence():
    state = lords({"in_play": ["core_92", "core_93", KNIGHT]}, ["Noose and Swordpoint"])
    assert not uses(state, 0, first(state, 0, "core_170"))
