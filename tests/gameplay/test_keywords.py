"""Keywords (rulebook, Keywords and House Specific Keywords): Renown, Deadly, Intimidate,
Vigilant, Vengeful, Stalwart, Deathbound, Infamy, Stealth (see test_challenges), Immunity
and No Attachments."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import add_lasting, immune_to
from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.moves import discard_from_play, kill
from gameplay.engine.rules import attachment_targets, check_duplicate, facts
from gameplay.engine.steps import run
from tests.gameplay.scenario import build, code, hand
from tests.gameplay.test_challenges import (
    CLAIM_TWO,
    PLOT,
    act,
    answer,
    challenge,
    events,
    head,
    joust,
    ref,
    resolved,
)

# --- Renown ---------------------------------------------------------------------------


def test_renown_characters_of_the_winning_attacker_claim_one_power_each():
    state = joust(
        {"in_play": ["Warrior of Note", "Warrior of Note", "Knight of the Tumblestone"]},
        {"in_play": []},
    )
    attacking, home = ref(state, 0, "Warrior of Note"), ref(state, 0, "Warrior of Note", 1)
    knight = ref(state, 0, "Knight of the Tumblestone")
    state = challenge(state, "power", [attacking, knight])
    assert state.in_play[attacking].power == 1
    assert state.in_play[home].power == 0  # Renown needs to participate
    assert state.in_play[knight].power == 0  # no Renown
    assert state.players[0].power == 1  # the unopposed bonus, on the House
    assert state.total_power(0) == 2


def test_renown_works_for_the_winning_defender_but_not_for_the_loser():
    state = joust(
        {"in_play": ["Warrior of Note"]},
        {"in_play": ["Warrior of Note", "Knight of the Tumblestone"]},
    )
    mine = ref(state, 0, "Warrior of Note")
    theirs, knight = ref(state, 1, "Warrior of Note"), ref(state, 1, "Knight of the Tumblestone")
    state = challenge(state, "power", [mine], [theirs, knight])
    assert resolved(state)["winner"] == 1
    assert state.in_play[theirs].power == 1 and state.in_play[mine].power == 0


# --- Deadly ---------------------------------------------------------------------------


def test_deadly_kills_a_defending_character_even_when_the_attacker_loses():
    state = joust(
        {"in_play": ["House Payne Enforcer"]},  # Deadly, STR 2
        {"in_play": ["Knight of the Tumblestone", "Wolf Pack", "Brown Ben Plumm"]},
    )
    knight, wolves = ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Wolf Pack")
    ben = ref(state, 1, "Brown Ben Plumm")
    state = challenge(state, "military", [ref(state, 0, "House Payne Enforcer")], [knight, wolves])
    assert resolved(state)["winner"] == 1
    prompt = head(state)
    assert prompt["purpose"] == "deadly_kill" and prompt["seat"] == 1
    assert set(prompt["candidates"]) == {knight, wolves}  # defending characters only
    assert (prompt["min"], prompt["max"]) == (1, 1)
    with pytest.raises(IllegalAction):
        act(state, 1, "select", [ben])
    state = answer(state, "deadly_kill", [knight])
    assert state.players[1].dead == [knight]


def test_deadly_needs_more_deadly_attackers_than_deadly_defenders():
    state = joust(
        {"in_play": ["House Payne Enforcer"]},
        {"in_play": ["Warrior of Note", "Wolf Pack"]},  # Warrior of Note: Deadly
    )
    defenders = [ref(state, 1, "Warrior of Note"), ref(state, 1, "Wolf Pack")]
    state = challenge(state, "military", [ref(state, 0, "House Payne Enforcer")], defenders)
    assert resolved(state)["winner"] == 1
    assert state.players[1].dead == [] and state.challenge is None


def test_deadly_defenders_do_nothing_and_deadly_needs_a_defender():
    state = joust({"in_play": ["Wolf Pack"]}, {"in_play": ["House Payne Enforcer", "Lady"]})
    state = challenge(
        state, "military", [ref(state, 0, "Wolf Pack")], [ref(state, 1, "House Payne Enforcer")]
    )
    assert resolved(state)["winner"] == 0  # 3 vs 2: claim kills one, Deadly nothing
    state = answer(state, "claim_kill", [ref(state, 1, "Lady")])
    assert len(state.players[1].dead) == 1 and events(state, "killed")[-1]["code"] == code("Lady")
    # An unopposed Deadly attacker: no defending character to kill.
    state = joust(
        {"in_play": ["House Payne Enforcer"]}, {"in_play": [{"card": "Lady", "knelt": True}]}
    )
    state = challenge(state, "intrigue", [ref(state, 0, "House Payne Enforcer")], [])
    assert state.players[1].dead == [] and state.challenge is None


def test_deadly_comes_after_claim_on_the_remaining_defenders():
    state = joust(
        {"in_play": ["House Payne Enforcer", "Wolf Pack"]},
        {"in_play": ["Knight of the Tumblestone", "Brown Ben Plumm"]},
    )
    knight, ben = ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Brown Ben Plumm")
    attackers = [ref(state, 0, "House Payne Enforcer"), ref(state, 0, "Wolf Pack")]
    state = challenge(state, "military", attackers, [knight])
    state = answer(state, "claim_kill", [ben])  # claim first, then Deadly: Knight is forced
    assert state.players[1].dead == [ben, knight]


# --- Intimidate -----------------------------------------------------------------------


def test_intimidate_ignores_defenders_with_lower_strength():
    state = joust(
        {"in_play": ["Dragon Chaser"]},  # STR 3, Intimidate
        {"in_play": ["Knight of the Tumblestone", "Wolf Pack"]},  # STR 2 and 3
    )
    defenders = [ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Wolf Pack")]
    state = challenge(state, "military", [ref(state, 0, "Dragon Chaser")], defenders)
    assert resolved(state)["strength"] == [3, 3]  # the Knight (2 < 3) does not count
    assert resolved(state)["winner"] == 0


def test_intimidated_defenders_leave_the_challenge_unopposed():
    # Ruling: defending STR that Intimidate does not count is 0 for "unopposed" too.
    state = joust({"in_play": ["Dragon Chaser"]}, {"in_play": ["Knight of the Tumblestone"]})
    knight = ref(state, 1, "Knight of the Tumblestone")
    state = challenge(state, "military", [ref(state, 0, "Dragon Chaser")], [knight])
    assert resolved(state)["strength"] == [3, 0] and resolved(state)["unopposed"]
    assert state.players[0].power == 1


def test_intimidate_works_only_while_attacking():
    state = joust(
        {"in_play": ["Knight of the Tumblestone", "Brown Ben Plumm"]},
        {"in_play": ["Dragon Chaser"]},
    )
    attackers = [ref(state, 0, "Knight of the Tumblestone"), ref(state, 0, "Brown Ben Plumm")]
    state = challenge(state, "military", attackers, [ref(state, 1, "Dragon Chaser")])
    assert resolved(state)["strength"] == [4, 3]


# --- Vigilant and Vengeful ------------------------------------------------------------


def _vigilant():
    state = joust(
        {
            "in_play": [
                {"card": "Royal Guard", "attachments": ["Lightbringer"]},  # both Vigilant
                {"card": "Royal Guard", "knelt": True},
                "Knight of the Tumblestone",
            ]
        },
        {"in_play": ["Brown Ben Plumm"]},
    )
    lightbringer = ref(state, 0, "Lightbringer")
    state.in_play[lightbringer].knelt = True
    return state


def test_vigilant_cards_may_stand_after_winning_as_the_attacker():
    state = _vigilant()
    guard, other = ref(state, 0, "Royal Guard"), ref(state, 0, "Royal Guard", 1)
    knight, lightbringer = ref(state, 0, "Knight of the Tumblestone"), ref(state, 0, "Lightbringer")
    state = challenge(state, "power", [guard, knight])
    prompt = head(state)
    assert prompt["purpose"] == "vigilant" and prompt["seat"] == 0
    assert set(prompt["candidates"]) == {guard, other, lightbringer}  # not the Knight
    state = answer(state, "vigilant", [guard, lightbringer])
    assert not state.in_play[guard].knelt and not state.in_play[lightbringer].knelt
    assert state.in_play[other].knelt and state.in_play[knight].knelt


def test_vigilant_does_nothing_for_a_losing_attacker():
    state = _vigilant()
    guard = ref(state, 0, "Royal Guard")
    state = challenge(state, "military", [guard], [ref(state, 1, "Brown Ben Plumm")])
    assert resolved(state)["winner"] == 1
    assert events(state, "stood") == [] and state.challenge is None


def _vengeful(attackers_str_bonus=0):
    state = joust(
        {"in_play": ["Knight of the Tumblestone"]},
        {
            "in_play": [
                "Dagos Manwoody",
                {"card": "Dagos Manwoody", "knelt": True},
                "Wolf Pack",  # keeps seat 1's challenge turn open afterwards
            ]
        },
    )
    if attackers_str_bonus:
        add_lasting(
            state, "strength", ref(state, 0, "Knight of the Tumblestone"), "phase", amount=-2
        )
    return state


def test_vengeful_cards_may_stand_after_losing_as_the_defender():
    state = _vengeful()
    dagos = ref(state, 1, "Dagos Manwoody")  # STR 1, Vengeful
    state = challenge(state, "power", [ref(state, 0, "Knight of the Tumblestone")], [dagos])
    assert resolved(state)["winner"] == 0
    prompt = head(state)
    assert prompt["purpose"] == "vengeful" and prompt["seat"] == 1
    assert set(prompt["candidates"]) == {dagos, ref(state, 1, "Dagos Manwoody", 1)}
    state = answer(state, "vengeful", [dagos])
    assert not state.in_play[dagos].knelt


def test_vengeful_does_nothing_for_a_winning_defender():
    state = _vengeful(attackers_str_bonus=-2)
    dagos = ref(state, 1, "Dagos Manwoody")
    state = challenge(state, "power", [ref(state, 0, "Knight of the Tumblestone")], [dagos])
    assert resolved(state)["winner"] == 1
    assert state.in_play[dagos].knelt and events(state, "stood") == []


# --- Stalwart and Deathbound ----------------------------------------------------------


def test_stalwart_goes_to_the_top_of_the_deck_when_killed_or_discarded():
    state = joust(
        {"in_play": ["Wolf Pack"]},
        {"in_play": ["Eddard Stark", "Royal Guard"], "deck": ["Lady", "Lady"]},
    )
    ned, guard = ref(state, 1, "Eddard Stark"), ref(state, 1, "Royal Guard")
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], [])
    state = answer(state, "claim_kill", [ned])
    assert state.players[1].deck[0] == ned and ned not in state.players[1].dead
    assert events(state, "killed")[-1]["card"] == ned
    discard_from_play(state, [guard])
    run(state)
    assert state.players[1].deck[:2] == [guard, ned] and state.players[1].discard == []


def test_deathbound_goes_to_the_dead_pile_instead_of_the_discard_pile():
    state = joust({"in_play": ["Wolf Pack"]}, {"in_play": ["Knight of the Tumblestone", "Lady"]})
    knight, lady = ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Lady")
    add_lasting(state, "keywords", knight, "play", add=["deathbound"])
    discard_from_play(state, [knight, lady])
    run(state)
    assert state.players[1].dead == [knight] and state.players[1].discard == [lady]


# --- Infamy ---------------------------------------------------------------------------


def test_infamy_lets_claimed_and_moved_power_go_on_the_infamy_card():
    state = joust(
        {"in_play": [{"card": "Vendor of Venoms", "knelt": True}, "Knight of the Tumblestone"]},
        {"in_play": [], "power": 3},
    )
    vendor = ref(state, 0, "Vendor of Venoms")
    state = challenge(state, "power", [ref(state, 0, "Knight of the Tumblestone")])
    # Unopposed power first: the attacker chooses where it goes.
    prompt = head(state)
    assert prompt["purpose"] == "place_power" and prompt["seat"] == 0
    assert prompt["options"] == ["house", vendor]
    with pytest.raises(IllegalAction, match="not one of the options"):
        act(state, 0, "choose", choice="c999")
    state = act(state, 0, "choose", choice=vendor)
    assert state.in_play[vendor].power == 1
    # Then the claimed power, moved from the loser's House (it waits on the House).
    assert head(state)["purpose"] == "place_power"
    assert state.players[0].power == 1 and state.players[1].power == 2
    state = act(state, 0, "choose", choice="house")
    assert state.players[0].power == 1 and state.in_play[vendor].power == 1
    assert state.total_power(0) == 2
    placed = events(state, "power_placed")
    assert [(e["card"], e["amount"]) for e in placed] == [(vendor, 1)]


def test_infamy_applies_to_dominance_power_too():
    state = joust({"in_play": ["Vendor of Venoms"]}, {"in_play": []}, phase="dominance")
    vendor = ref(state, 0, "Vendor of Venoms")
    assert events(state, "dominance")[0]["seat"] == 0
    assert head(state)["purpose"] == "place_power" and head(state)["options"] == ["house", vendor]
    state = act(state, 0, "choose", choice=vendor)
    assert state.in_play[vendor].power == 1 and state.players[0].power == 0


# --- Immunity -------------------------------------------------------------------------


def _immune_position():
    return build(
        phase="marshalling",
        players=[
            {"in_play": ["Ser Jacelyn Bywater", "Renly Baratheon", "High Septon"]},
            {"in_play": ["kotse_4"]},  # Euron Crow's Eye: Immune to events
        ],
    )


def test_immunity_keywords_from_the_card_data():
    state = _immune_position()
    jacelyn, renly = ref(state, 0, "Ser Jacelyn Bywater"), ref(state, 0, "Renly Baratheon")
    septon, euron = ref(state, 0, "High Septon"), ref(state, 1, "kotse_4")
    assert immune_to(state, jacelyn, "character", 0) and immune_to(state, jacelyn, "character", 1)
    assert not immune_to(state, jacelyn, "event", 1)
    assert immune_to(state, renly, "character", 1) and not immune_to(state, renly, "character", 0)
    assert immune_to(state, euron, "event", 0) and not immune_to(state, euron, "character", 0)
    for kind in ("character", "event", "location", "plot", "attachment"):
        assert immune_to(state, septon, kind, 1)
    add_lasting(state, "immune", renly, "phase", add=["immune to events"])
    assert immune_to(state, renly, "event", 1)


@pytest.mark.parametrize(
    ("name", "kind", "expected"),
    [
        ("pots_1", "event", True),  # The Red Viper: Immune to events and character abilities
        ("pots_1", "character", True),
        ("pots_1", "location", False),
        ("Riders of the Red Fork", "event", True),  # Immune to opponents' events
        ("Castle Darry", "plot", True),  # Immune to plot card effects
        ("btns_7", "location", True),  # Stannis Baratheon: Immune to location abilities
        ("btns_7", "character", False),
        ("core_72", "location", False),  # the Core Set Stannis: no immunity
    ],
)
def test_every_immunity_wording_in_the_card_data_is_understood(name, kind, expected):
    state = build(phase="marshalling", players=[{"in_play": []}, {"in_play": [name]}])
    assert immune_to(state, state.players[1].in_play[0], kind, 0) is expected


def _insidious(target: str):
    state = joust(
        {"house": "Lannister", "in_play": [target], "hand": ["Insidious Ways"], "gold": 0},
        {"in_play": ["Knight of the Tumblestone"]},
    )
    attacker = state.players[0].in_play[0]
    state = act(state, 0, "challenge:military", choice="1")
    assert state.challenge["attackers"] == [attacker]
    return state, attacker


def test_an_event_may_target_a_character_immune_only_to_character_abilities():
    state, jacelyn = _insidious("Ser Jacelyn Bywater")
    ways = hand(state, 0, "Insidious Ways")[0]
    assert Action(0, "use", (ways, jacelyn)) in legal_actions(state, 0)


def test_an_event_cannot_target_a_character_immune_to_events():
    state, raff = _insidious("Raff the Sweetling")
    add_lasting(state, "immune", raff, "phase", add=["immune to events"])
    ways = hand(state, 0, "Insidious Ways")[0]
    assert not any(a.kind == "use" and a.cards[0] == ways for a in legal_actions(state, 0))


# --- No attachments -------------------------------------------------------------------


def test_no_attachments_but_duplicates_are_fine():
    state = build(
        phase="marshalling",
        players=[
            {
                "hand": ["Milk of the Poppy", "Rusted Sword", "Grey Wind"],
                "in_play": ["Grey Wind", "Jon Snow", "Knight of the Tumblestone"],
                "gold": 5,
            },
            {},
        ],
    )
    grey_wind, jon = ref(state, 0, "Grey Wind"), ref(state, 0, "Jon Snow")
    knight = ref(state, 0, "Knight of the Tumblestone")
    milk, sword = (hand(state, 0, n)[0] for n in ("Milk of the Poppy", "Rusted Sword"))
    assert attachment_targets(state, facts(state, milk)) == [knight]
    assert attachment_targets(state, facts(state, sword)) == [jon, knight]  # a Weapon
    with pytest.raises(IllegalAction, match="cannot take"):
        act(state, 0, "marshal:play", [milk, grey_wind])
    dupe = hand(state, 0, "Grey Wind")[0]
    assert check_duplicate(state, 0, (dupe, grey_wind)) is None
    state = act(state, 0, "marshal:duplicate", [dupe, grey_wind])
    assert state.in_play[grey_wind].duplicates == [dupe]


def test_kill_without_saves_ignores_duplicates():
    state = joust(
        {"in_play": []}, {"in_play": [{"card": "Arya Stark", "duplicates": ["Arya Stark"]}]}
    )
    arya = ref(state, 1, "Arya Stark")
    kill(state, [arya], savable=False)
    run(state)
    assert state.players[1].dead == [arya] and len(state.players[1].discard) == 1


def test_claim_two_plot_is_claim_two():
    # The positions above rely on these printed values.
    state = joust({"revealed_plot": CLAIM_TWO}, {})
    assert facts(state, state.players[0].revealed_plot).claim == 2
    assert facts(state, state.players[1].revealed_plot).claim == 1
    assert facts(state, state.players[1].revealed_plot).name == PLOT
