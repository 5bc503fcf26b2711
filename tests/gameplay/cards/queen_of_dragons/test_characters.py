"""Queen of Dragons characters (gameplay/engine/cards/queen_of_dragons/characters.py): each
card's effect in a position, played through legal actions.

Fillers: Host of Storm's End (6 STR, military and power, Army), Direwolf Pup (2 STR,
military), Knight of the Tumblestone (2 STR, military and power), Bastard of Robert (1 STR,
power, stealth), Hired Swords ("qod_8", 3 STR, military, Army Mercenary, War crest)."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import strength
from gameplay.engine.actions import Action
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    act,
    answer,
    at_point,
    build,
    defend,
    events,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    start,
    until_phase,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import apply

HOST = "Host of Storm's End"
PUP = "Direwolf Pup"
KNIGHT = "Knight of the Tumblestone"
BASTARD = "Bastard of Robert"
SWORDS = "qod_8"
TARG = {"house": "Targaryen"}


# --- qod_9 Pike Phalanx ------------------------------------------------------------------


def test_pike_phalanx_raises_claim_when_attacking_with_a_war_crest():
    state = joust({**TARG, "in_play": ["qod_9", SWORDS]}, {"in_play": [PUP, KNIGHT]})
    pike, swords = ref(state, 0, "qod_9"), ref(state, 0, SWORDS)
    state = start(state, "military", [pike, swords])
    state = until_window(state, "attackers_declared")
    state = use(state, 0, pike)
    state = defend(state, [])
    assert events(state, "claim")[-1]["amount"] == 2


def test_pike_phalanx_alone_cannot_raise_claim():
    state = joust({**TARG, "in_play": ["qod_9"]}, {"in_play": [PUP]})
    pike = ref(state, 0, "qod_9")
    state = start(state, "military", [pike])
    assert not uses(state, 0, pike)


# --- qod_10 Grey Worm --------------------------------------------------------------------


def test_grey_worm_takes_gold_then_spends_it_to_change_a_strength():
    state = joust({**TARG, "in_play": ["qod_10", KNIGHT]}, {"in_play": [{"card": PUP}]})
    worm, knight = ref(state, 0, "qod_10"), ref(state, 0, KNIGHT)
    state = start(state, "military", [worm])
    state = defend(state, [])
    state = until_window(state, "challenge_won")
    state = use(state, 0, worm)
    assert state.in_play[worm].gold == 1
    state = pass_windows(state)
    state = start(state, "power", [knight])
    # No defenders possible (the Pup has no Power icon): the after-defenders window.
    state = at_point(state, "after_defenders")
    state = apply(state, Action(0, "use", (worm, knight), "2"))  # +2
    state = pass_windows(state)
    assert state.in_play[worm].gold == 0
    assert events(state, "challenge_resolved")[-1]["strength"][0] == 4


# --- qod_11 Jorah's Cohorts --------------------------------------------------------------


def test_jorahs_cohorts_discard_an_attachment_after_winning_a_power_challenge():
    state = joust(
        {**TARG, "in_play": ["qod_11"]},
        {"in_play": [{"card": KNIGHT, "attachments": ["core_101"]}]},
    )
    cohorts, wine = ref(state, 0, "qod_11"), ref(state, 1, "Poisoned Wine")
    state = start(state, "power", [cohorts])
    state = defend(state, [])
    state = until_window(state, "challenge_won")
    state = use(state, 0, cohorts, wine)
    assert wine in state.players[1].discard


# --- qod_12 Thundering Cavalry -----------------------------------------------------------


def test_thundering_cavalry_discards_every_character_of_str_one_or_lower():
    state = build(
        players=[
            {**TARG, "hand": ["qod_12"], "gold": 10},
            {"in_play": [BASTARD, PUP]},
        ]
    )
    cavalry = hand(state, 0, "qod_12")[0]
    bastard, pup = ref(state, 1, BASTARD), ref(state, 1, PUP)
    state = act(state, 0, "marshal:play", [cavalry])
    state = pass_windows(state)
    assert bastard in state.players[1].discard and pup in state.in_play


# --- qod_13 Blue-Lipped Warlock ----------------------------------------------------------


def test_blue_lipped_warlock_does_not_kneel_to_attack():
    state = joust({**TARG, "in_play": ["qod_13"]}, {"in_play": []})
    warlock = ref(state, 0, "qod_13")
    state = start(state, "intrigue", [warlock])
    assert not state.in_play[warlock].knelt


def test_blue_lipped_warlock_returns_from_a_dead_pile_of_three_characters():
    dead = ["qod_13", PUP, KNIGHT]
    state = build(phase="dominance", players=[{**TARG, "dead": dead}, {}])
    warlock = state.players[0].dead[0]
    state = use(state, 0, warlock)
    assert warlock in state.players[0].hand
    state = build(phase="dominance", players=[{**TARG, "dead": ["qod_13", PUP]}, {}])
    assert not uses(state, 0, state.players[0].dead[0])


# --- qod_15 Horseback Archers ------------------------------------------------------------


def test_horseback_archers_join_a_military_challenge_knelt_then_go_back_to_hand():
    state = joust(
        {"in_play": [PUP]},
        {**TARG, "in_play": ["Eastern Fiefdoms"], "hand": ["qod_15"]},
    )
    pup = ref(state, 0, PUP)
    archers = hand(state, 1, "qod_15")[0]
    state = start(state, "military", [pup])
    state = at_point(state, "after_defenders")
    state = use(state, 1, archers)
    assert events(state, "joined_challenge")[-1]["card"] == archers
    assert events(state, "challenge_resolved")[-1]["strength"] == [2, 3]
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    state = until_phase(state, "dominance") if state.phase == "challenges" else state
    assert archers in state.players[1].hand  # back at the end of the phase


# --- qod_18 / qod_19 / qod_20 the Hatchlings ---------------------------------------------


@pytest.mark.parametrize(
    ("hatchling", "dragon"),
    [("qod_18", "qod_23"), ("qod_19", "core_109"), ("qod_20", "qod_25")],
)
def test_a_hatchling_goes_under_its_dragon_as_a_duplicate(hatchling, dragon):
    state = build(players=[{**TARG, "in_play": [dragon], "hand": [hatchling], "gold": 5}, {}])
    card, host = hand(state, 0, hatchling)[0], ref(state, 0, dragon)
    state = act(state, 0, "marshal:play", [card])
    state = pass_windows(state)
    assert card not in state.in_play and card in state.in_play[host].duplicates


def test_a_hatchling_without_its_dragon_stays_in_play():
    state = build(players=[{**TARG, "in_play": ["qod_25"], "hand": ["qod_18"], "gold": 5}, {}])
    card = hand(state, 0, "qod_18")[0]
    state = act(state, 0, "marshal:play", [card])
    assert card in state.in_play


# --- qod_21 Khal Drogo -------------------------------------------------------------------


def test_khal_drogo_killed_fetches_as_many_dothraki_as_his_str():
    dothraki = ["qod_16", "qod_16", "qod_15", "qod_16"]
    state = joust({"in_play": [HOST]}, {**TARG, "in_play": ["qod_21"], "deck": [*dothraki, PUP]})
    host, drogo = ref(state, 0, HOST), ref(state, 1, "qod_21")
    state = start(state, "military", [host])
    state = defend(state, [])
    state = until_window(state, "killed")
    state = use(state, 1, drogo)
    search = head(state)
    assert search["purpose"] == "search" and search["max"] == 3
    state = answer(state, "search", search["candidates"][:3])
    assert len(state.players[1].hand) == 3
    assert {state.code(r) for r in state.players[1].hand} <= {"qod_15", "qod_16"}


# --- qod_22 Daenerys Targaryen -----------------------------------------------------------


def test_daenerys_lets_dragons_attack_without_kneeling():
    state = joust({**TARG, "in_play": ["qod_22", "qod_23", SWORDS]}, {})
    drogon, swords = ref(state, 0, "qod_23"), ref(state, 0, SWORDS)
    state = start(state, "military", [drogon, swords])
    assert not state.in_play[drogon].knelt and state.in_play[swords].knelt


# --- qod_23 Drogon / qod_24 Rhaegal / qod_25 Viserion ------------------------------------


def test_drogon_kills_a_character_of_str_up_to_the_dragons_after_winning():
    state = joust({**TARG, "in_play": ["qod_23"]}, {"in_play": [BASTARD, PUP]})
    drogon, bastard, pup = ref(state, 0, "qod_23"), ref(state, 1, BASTARD), ref(state, 1, PUP)
    state = start(state, "power", [drogon])
    state = defend(state, [])
    state = until_window(state, "challenge_won")
    assert {a.cards[1] for a in uses(state, 0, drogon)} == {bastard}
    state = use(state, 0, drogon, bastard)
    state = pass_windows(state)
    assert bastard in state.players[1].dead and pup in state.in_play


def test_drogon_needs_every_participant_to_be_a_dragon():
    state = joust({**TARG, "in_play": ["qod_23", SWORDS]}, {"in_play": [BASTARD]})
    drogon, swords = ref(state, 0, "qod_23"), ref(state, 0, SWORDS)
    state = start(state, "military", [drogon, swords])
    while state.challenge is not None:
        assert not uses(state, 0, drogon)
        step = head(state)
        state = act(
            state,
            step.get("seat", waiting_seats(state)[0]),
            "done" if step["name"] == "prompt" else "pass",
        )
    assert not [e for e in events(state, "ability") if e["card"] == drogon]


def test_rhaegal_gives_each_participating_dragon_a_power():
    state = joust({**TARG, "in_play": ["qod_24", "qod_23"]}, {"in_play": []})
    rhaegal, drogon = ref(state, 0, "qod_24"), ref(state, 0, "qod_23")
    state = start(state, "power", [rhaegal, drogon])
    state = defend(state, []) if head(state).get("purpose") == "defenders" else state
    state = until_window(state, "challenge_won")
    state = use(state, 0, rhaegal)
    assert state.in_play[rhaegal].power == 1 and state.in_play[drogon].power == 1


def test_viserion_discards_a_location_cheaper_than_the_dragons():
    state = joust({**TARG, "in_play": ["qod_25"]}, {"in_play": ["qod_43", "Eastern Fiefdoms", PUP]})
    viserion = ref(state, 0, "qod_25")
    row, fiefdoms = ref(state, 1, "qod_43"), ref(state, 1, "Eastern Fiefdoms")
    state = start(state, "power", [viserion])
    state = until_window(state, "challenge_won")
    assert {a.cards[1] for a in uses(state, 0, viserion)} == {row}
    state = use(state, 0, viserion, row)
    assert row in state.players[1].discard and fiefdoms in state.in_play


# --- qod_40 Initiate of the Citadel ------------------------------------------------------


def test_initiate_of_the_citadel_returns_attachments_to_their_owners_hands():
    knight = {"card": KNIGHT, "attachments": ["core_101", "core_102"]}
    state = build(phase="dominance", players=[{"in_play": ["qod_40"]}, {"in_play": [knight]}])
    initiate, target = ref(state, 0, "qod_40"), ref(state, 1, KNIGHT)
    wine, blade = ref(state, 1, "Poisoned Wine"), ref(state, 1, "Aegon's Blade")
    state = use(state, 0, initiate, target)
    state = answer(state, "return_to_hand", [wine])
    assert wine in state.players[1].hand and blade in state.in_play
    assert strength(state, target) == 4  # Blade's +2 only


# --- qod_17 Pyat Pree --------------------------------------------------------------------


def test_pyat_pree_alone_kills_a_character_instead_of_the_intrigue_claim():
    state = joust({**TARG, "in_play": ["qod_17"]}, {"in_play": [PUP, KNIGHT], "hand": [HOST]})
    pyat, pup = ref(state, 0, "qod_17"), ref(state, 1, PUP)
    state = start(state, "intrigue", [pyat])
    state = pass_windows(state) if head(state).get("purpose") != "kill" else state
    assert head(state)["purpose"] == "kill" and head(state)["seat"] == 0
    state = answer(state, "kill", [pup])
    assert pup in state.players[1].dead and len(state.players[1].hand) == 1


# --- qod_7 True-Queen's Harbinger --------------------------------------------------------


def test_true_queens_harbinger_lowers_the_next_dothraki_or_dragon_character():
    state = build(players=[{**TARG, "in_play": ["qod_7"], "hand": ["qod_23", SWORDS]}, {}])
    harbinger = ref(state, 0, "qod_7")
    drogon, swords = hand(state, 0, "qod_23")[0], hand(state, 0, SWORDS)[0]
    state = use(state, 0, harbinger)
    assert gold_cost(state, 0, drogon) == 3 and gold_cost(state, 0, swords) == 2


def test_true_queens_harbinger_lowers_the_ambush_cost_of_a_dragon():
    fiefdoms = ["Kingsroad Fiefdom", "Eastern Fiefdoms"]  # 3 influence
    state = joust({**TARG, "in_play": ["qod_7", *fiefdoms], "hand": ["qod_23"]}, {})
    harbinger, drogon = ref(state, 0, "qod_7"), hand(state, 0, "qod_23")[0]
    ambush = Action(0, "use", (drogon,), "ambush")
    assert ambush not in legal_actions(state, 0)  # Drogon costs 4
    state = use(state, 0, harbinger)
    assert ambush in legal_actions(state, 0)
    state = apply(state, ambush)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, f) for f in fiefdoms])
    assert drogon in state.in_play
    assert not [e for e in state.effects if e["query"] == "reduction"]


# --- qod_16 Killer of the Wounded --------------------------------------------------------


def test_killer_of_the_wounded_stands_after_an_event_lowers_a_str():
    killer = {"card": "qod_16", "knelt": True}
    state = joust({**TARG, "in_play": [killer], "hand": ["core_174"]}, {"in_play": [PUP]})
    killer_ref, pup = ref(state, 0, "qod_16"), ref(state, 1, PUP)
    assert not uses(state, 0, killer_ref)
    state = use(state, 0, hand(state, 0, "core_174")[0], pup)
    state = until_window(state, "strength_reduced")
    state = use(state, 0, killer_ref)
    assert not state.in_play[killer_ref].knelt


def test_killer_of_the_wounded_stands_after_a_str_lowering_attachment_enters_play():
    killer = {"card": "qod_16", "knelt": True}
    state = build(
        players=[
            {**TARG, "in_play": [killer], "hand": ["core_101"], "gold": 5},
            {"in_play": [KNIGHT]},
        ]
    )
    killer_ref, pup = ref(state, 0, "qod_16"), ref(state, 1, KNIGHT)
    state = act(state, 0, "marshal:play", [hand(state, 0, "core_101")[0], pup])
    state = until_window(state, "strength_reduced")
    state = use(state, 0, killer_ref)
    assert not state.in_play[killer_ref].knelt
