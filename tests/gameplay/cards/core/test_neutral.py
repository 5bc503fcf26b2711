"""Neutral characters, locations and attachments of the Core Set
(gameplay/engine/cards/core/neutral.py): each card's effect in a position, played through
legal actions, and a case where it must not be allowed or must not apply."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from gameplay.engine import moves, prompts
from gameplay.engine.abilities import icons, immune_to, keywords, strength
from gameplay.engine.actions import Action
from gameplay.engine.cards.core.neutral import traits
from gameplay.engine.challenges import challenge_options, challenge_tolls
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import gold_cost
from gameplay.engine.state import GameState
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    IllegalAction,
    act,
    answer,
    build,
    challenge,
    codes,
    declared,
    describe,
    events,
    hand,
    head,
    joust,
    names,
    pass_windows,
    ref,
    turn,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import apply

QUIET_PLOTS = ["Rains of Autumn", "Planning Ahead", "Power and Wealth"]


# --- helpers -------------------------------------------------------------------------


def attack(
    state: GameState,
    ctype: str,
    attackers: Sequence[str],
    defenders: Sequence[str] | None = None,
) -> GameState:
    """The active seat initiates ``ctype`` against its first opponent, declares
    ``attackers`` (keeping nobody out with Stealth) and, if given, the opponent's
    ``defenders``; the windows after that are left for the test."""
    state = pass_windows(state)
    seat = head(state)["turn"]
    state = act(state, seat, f"challenge:{ctype}", choice=str(state.opponents(seat)[0]))
    state = declared(state, "attackers", attackers)
    while head(state).get("purpose") == "stealth":
        state = answer(state, "stealth", [])
    return state if defenders is None else declared(state, "defenders", defenders)


def advance(state: GameState, until: Callable[[GameState], bool], limit: int = 120) -> GameState:
    """Pass, finish prompts (``done``, or the first option) and make seat 0 first player
    until ``until`` holds."""
    for _ in range(limit):
        if until(state):
            return state
        seat = waiting_seats(state)[0]
        step = head(state)
        if step["name"] == "prompt" and "options" in step:
            state = apply(state, Action(seat, "choose", choice=step["options"][0]))
        elif step["name"] == "prompt":
            assert prompts.can_finish(step), f"stuck at prompt {step['purpose']}"
            state = apply(state, Action(seat, "done"))
        elif step["name"] == "first_player":
            state = apply(state, Action(seat, "first_player", choice="0"))
        elif step["name"] == "choose_plots":
            state = apply(state, Action(seat, "plot:choose", (state.players[seat].plot_deck[0],)))
        else:
            state = apply(state, Action(seat, "pass"))
    raise AssertionError("advance did not get there")


def pass_without(state: GameState, seat: int, source: str) -> GameState:
    """Pass every window at the head, checking that ``seat`` is never offered a use of
    ``source`` in any of them."""
    while state.result is None and head(state).get("name") == "window":
        waiting = waiting_seats(state)[0]
        if waiting == seat:
            assert not uses(state, seat, source), head(state)
        state = act(state, waiting, "pass")
    return state


def marshal_targets(state: GameState, seat: int, attachment: str) -> list[str]:
    """Characters ``seat`` may marshal the attachment ``attachment`` (a ref) onto."""
    return [
        a.cards[1]
        for a in legal_actions(state, seat)
        if a.kind == "marshal:play" and a.cards[0] == attachment
    ]


def kill_by_claim(state: GameState, victim: str, attacker: str) -> GameState:
    """Seat 0 wins an unopposed military challenge with ``attacker``; seat 1 chooses
    ``victim`` for the claim (or it is chosen for them). Stops at the kill's windows."""
    state = attack(state, "military", [attacker], [])
    state = pass_windows(state)
    if head(state).get("purpose") == "claim_kill":
        state = answer(state, "claim_kill", [victim])
    return state


# --- core_135 Benjen Stark -------------------------------------------------------------


def test_benjen_stark_killed_shuffles_every_dead_pile_into_its_deck():
    state = joust(
        {"in_play": ["Knight of the Tumblestone"], "dead": ["Direwolf Pup"], "deck": ["Hodor"]},
        {"in_play": [{"card": "core_135", "knelt": True}], "dead": ["Lannisport Steward"]},
    )
    state = challenge(state, "military", [ref(state, 0, "Knight of the Tumblestone")])
    assert [e["code"] for e in events(state, "killed")] == ["core_135"]
    assert state.players[0].dead == [] and state.players[1].dead == []
    assert codes(state, state.players[0].deck) == names("Direwolf Pup", "Hodor")
    assert codes(state, state.players[1].deck) == names("core_135", "Lannisport Steward")
    assert {e["seat"] for e in events(state, "pile_shuffled")} == {0, 1}


def test_benjen_stark_shuffle_waits_for_the_responses_to_his_death():
    # Claim 2 kills Benjen and Robb Stark (a Lord) at once; Joffrey answers Robb's death
    # before the dead piles are shuffled away.
    state = build(
        phase="challenges",
        players=[
            {
                "revealed_plot": "Mutual Enemies",  # claim 2
                "in_play": ["Joffrey Baratheon", "Knight of the Tumblestone"],
            },
            {
                "revealed_plot": "Summoning Season",
                "in_play": [
                    {"card": "core_135", "knelt": True},
                    {"card": "Robb Stark", "knelt": True},
                ],
            },
        ],
    )
    joffrey, benjen = ref(state, 0, "Joffrey Baratheon"), ref(state, 1, "core_135")
    robb = ref(state, 1, "Robb Stark")
    state = act(state, 0, "challenge:military", choice="1")  # the Knight attacks alone
    state = until_window(state, "killed")
    assert state.players[1].dead == [benjen, robb] and not events(state, "pile_shuffled")
    state = use(state, 0, joffrey, robb)
    assert state.in_play[joffrey].power == 1
    assert state.players[1].dead == [] and len(events(state, "pile_shuffled")) == 2


def test_benjen_stark_does_nothing_when_another_character_is_killed():
    state = joust(
        {"in_play": ["Knight of the Tumblestone"], "dead": ["Direwolf Pup"]},
        {"in_play": ["core_135", {"card": "Brown Ben Plumm", "knelt": True}]},
    )
    ben = ref(state, 1, "Brown Ben Plumm")
    state = challenge(state, "military", [ref(state, 0, "Knight of the Tumblestone")])
    state = answer(state, "claim_kill", [ben])
    state = pass_windows(state)
    assert ben in state.players[1].dead
    assert codes(state, state.players[0].dead) == names("Direwolf Pup")
    assert not events(state, "pile_shuffled")


# --- core_136 Jon Snow / core_137 Ghost: immunity --------------------------------------


def test_jon_snow_and_ghost_make_each_other_immune_to_events():
    state = build(phase="challenges", players=[{"in_play": ["core_136", "core_137"]}, {}])
    jon, ghost = ref(state, 0, "core_136"), ref(state, 0, "core_137")
    assert immune_to(state, ghost, "event", 1) and immune_to(state, ghost, "event", 0)
    assert immune_to(state, jon, "event", 1)
    assert not immune_to(state, jon, "character", 1)  # events only


@pytest.mark.parametrize(("alone", "other"), [("core_136", "core_137"), ("core_137", "core_136")])
def test_jon_snow_or_ghost_alone_is_not_immune(alone, other):
    state = build(phase="challenges", players=[{"in_play": [alone]}, {"in_play": [other]}])
    # The other card grants immunity to its namesake: the opponent's copy counts too.
    assert immune_to(state, ref(state, 0, alone), "event", 1)
    state = build(phase="challenges", players=[{"in_play": [alone]}, {}])
    assert not immune_to(state, ref(state, 0, alone), "event", 1)


# --- core_136 Jon Snow: power after a won challenge -------------------------------------


def test_jon_snow_claims_one_power_once_after_ghost_wins_a_challenge():
    state = joust({"in_play": ["core_136", "core_137"]}, {})
    jon, ghost = ref(state, 0, "core_136"), ref(state, 0, "core_137")
    state = attack(state, "military", [ghost])  # Jon stays home
    state = until_window(state, "challenge_won")
    (action,) = uses(state, 0, jon)
    assert describe(state, action).startswith(
        "Jon Snow: Response: After you win a challenge in which Jon Snow or Ghost"
    )
    state = use(state, 0, jon)
    assert state.in_play[jon].power == 1
    assert not uses(state, 0, jon)  # once for this challenge
    state = pass_windows(state)
    assert state.in_play[jon].power == 1


def test_jon_snow_is_not_offered_after_a_loss_or_without_jon_or_ghost():
    state = joust(
        {"in_play": ["core_136", "Knight of the Tumblestone"]},
        {"in_play": ["War Host of the North"]},
    )
    jon, knight = ref(state, 0, "core_136"), ref(state, 0, "Knight of the Tumblestone")
    host = ref(state, 1, "War Host of the North")
    state = attack(state, "power", [knight])  # Jon stays home; the challenge is won
    state = pass_without(state, 0, jon)
    assert resolved_winner(state) == 0
    assert state.in_play[jon].power == 0
    state = joust({"in_play": ["core_136"]}, {"in_play": ["War Host of the North"]})
    jon, host = ref(state, 0, "core_136"), ref(state, 1, "War Host of the North")
    state = attack(state, "military", [jon], [host])  # lost: no response
    state = pass_without(state, 0, jon)
    assert resolved_winner(state) == 1 and state.in_play[jon].power == 0


def resolved_winner(state: GameState) -> int | None:
    return events(state, "challenge_resolved")[-1]["winner"]


# --- core_137 Ghost / core_151 Maester Aemon: saves -------------------------------------


def test_ghost_kneels_to_save_a_nights_watch_character_from_a_claim():
    state = joust(
        {"in_play": ["Knight of the Tumblestone", "Lannisport Steward"]},  # a turn to come
        {"in_play": ["core_137", {"card": "core_151", "knelt": True}]},
    )
    ghost, aemon = ref(state, 1, "core_137"), ref(state, 1, "core_151")
    state = kill_by_claim(state, aemon, ref(state, 0, "Knight of the Tumblestone"))
    state = until_window(state, "would_be_killed")
    assert [a.cards for a in uses(state, 1, ghost)] == [(ghost, aemon)]
    state = pass_windows(use(state, 1, ghost, aemon))
    assert turn(state) == ("before_challenge", 0)
    assert aemon in state.players[1].in_play and state.in_play[ghost].knelt
    assert [(e["card"], e["by"]) for e in events(state, "saved")] == [(aemon, ghost)]


def test_ghost_does_not_save_other_characters_or_while_kneeling():
    state = joust(
        {"in_play": ["Knight of the Tumblestone"]},
        {"in_play": ["core_137", {"card": "Direwolf Pup", "knelt": True}]},
    )
    ghost, pup = ref(state, 1, "core_137"), ref(state, 1, "Direwolf Pup")
    state = kill_by_claim(state, pup, ref(state, 0, "Knight of the Tumblestone"))
    state = pass_without(state, 1, ghost)
    assert pup in state.players[1].dead and not events(state, "saved")
    state = joust(
        {"in_play": ["Knight of the Tumblestone"]},
        {"in_play": [{"card": "core_137", "knelt": True}, {"card": "core_136", "knelt": True}]},
    )
    jon, ghost = ref(state, 1, "core_136"), ref(state, 1, "core_137")
    state = kill_by_claim(state, jon, ref(state, 0, "Knight of the Tumblestone"))
    state = pass_without(state, 1, ghost)
    assert jon in state.players[1].dead  # a kneeling Ghost cannot pay


def test_ghost_saves_from_a_discard_but_maester_aemon_only_from_a_kill():
    state = build(phase="challenges", players=[{"in_play": ["core_136", "core_151"]}, {}])
    jon, aemon = ref(state, 0, "core_136"), ref(state, 0, "core_151")
    moves.discard(state, [jon])
    run(state)
    state = pass_without(state, 0, aemon)  # Aemon is not offered for a discard
    assert jon in state.players[0].discard
    state = build(
        phase="challenges", players=[{"in_play": ["core_136", "core_137", "core_151"]}, {}]
    )
    jon, ghost = ref(state, 0, "core_136"), ref(state, 0, "core_137")
    moves.discard(state, [jon])
    run(state)
    assert [a.cards for a in uses(state, 0, ghost)] == [(ghost, jon)]
    state = pass_windows(use(state, 0, ghost, jon))
    assert jon in state.players[0].in_play


def test_maester_aemon_kneels_to_save_a_nights_watch_character_from_being_killed():
    state = joust(
        {"in_play": ["Knight of the Tumblestone", "Lannisport Steward"]},  # a turn to come
        {"in_play": ["core_151", {"card": "core_135", "knelt": True}]},
    )
    aemon, benjen = ref(state, 1, "core_151"), ref(state, 1, "core_135")
    state = kill_by_claim(state, benjen, ref(state, 0, "Knight of the Tumblestone"))
    state = until_window(state, "would_be_killed")
    (action,) = uses(state, 1, aemon)
    assert describe(state, action).startswith("Maester Aemon: Response: Kneel Maester Aemon")
    state = pass_windows(use(state, 1, aemon, benjen))
    assert turn(state) == ("before_challenge", 0)
    assert benjen in state.players[1].in_play and state.in_play[aemon].knelt
    assert not events(state, "pile_shuffled")  # Benjen was not killed


def test_maester_aemon_cannot_save_himself_once_knelt_to_defend():
    state = joust(
        {"in_play": ["Knight of the Tumblestone"]},
        {"in_play": [{"card": "core_151", "knelt": True}]},
    )
    aemon = ref(state, 1, "core_151")
    state = kill_by_claim(state, aemon, ref(state, 0, "Knight of the Tumblestone"))
    state = pass_without(state, 1, aemon)
    assert aemon in state.players[1].dead


# --- core_139 Street of Steel / core_144 Shadowblack Lane / core_149 Street of Sisters --

STREETS = [
    ("core_139", "Knight of the Tumblestone", "Lannisport Steward"),  # military
    ("core_144", "Lannisport Steward", "Direwolf Pup"),  # intrigue
    ("core_149", "Knight of the Tumblestone", "Direwolf Pup"),  # power
]


@pytest.mark.parametrize(("street", "matching", "other"), STREETS)
def test_streets_lower_the_next_character_with_their_icon_by_one(street, matching, other):
    state = build(
        players=[{"in_play": [street], "hand": [matching, other, "Crossroads"], "gold": 6}, {}]
    )
    good, bad = hand(state, 0, matching)[0], hand(state, 0, other)[0]
    crossroads = hand(state, 0, "Crossroads")[0]
    before = {r: gold_cost(state, 0, r) for r in (good, bad, crossroads)}
    state = use(state, 0, ref(state, 0, street))
    assert gold_cost(state, 0, good) == before[good] - 1
    assert gold_cost(state, 0, bad) == before[bad]
    assert gold_cost(state, 0, crossroads) == before[crossroads]  # characters only
    state = act(state, 0, "marshal:play", [good])
    assert state.players[0].gold == 6 - (before[good] - 1)
    assert not uses(state, 0, ref(state, 0, street))  # knelt


@pytest.mark.parametrize("street", [s for s, _, _ in STREETS])
def test_streets_are_only_used_in_marshalling(street):
    state = build(phase="challenges", players=[{"in_play": [street, "Direwolf Pup"]}, {}])
    assert not uses(state, 0, ref(state, 0, street))


# --- core_140 Lordship ------------------------------------------------------------------


def test_lordship_gives_lord_a_power_icon_and_four_str_in_dominance_only():
    state = build(
        players=[
            {"in_play": ["Lannisport Weaponsmith"], "hand": ["core_140", "core_140"], "gold": 5},
            {},
        ]
    )
    smith = ref(state, 0, "Lannisport Weaponsmith")
    first, second = hand(state, 0, "core_140")
    assert "Lord" not in traits(state, smith) and "power" not in icons(state, smith)
    state = act(state, 0, "marshal:play", [first, smith])
    assert "Lord" in traits(state, smith) and "power" in icons(state, smith)
    assert strength(state, smith) == 1  # not the dominance phase
    assert smith not in marshal_targets(state, 0, second)  # Limit 1 per character


def test_lordship_adds_four_str_to_dominance():
    state = build(
        phase="dominance",
        players=[
            {"in_play": [{"card": "Lannisport Weaponsmith", "attachments": ["core_140"]}]},
            {"in_play": ["Knight of the Tumblestone", "Direwolf Pup"]},
        ],
    )
    (dominance,) = events(state, "dominance")
    assert dominance["totals"] == [1 + 4, 2 + 2] and dominance["seat"] == 0


# --- core_141 Littlefinger --------------------------------------------------------------


def test_littlefinger_gets_one_str_per_gold_in_his_controllers_pool():
    state = build(
        players=[{"in_play": ["core_141"], "hand": ["Knight of the Tumblestone"], "gold": 4}, {}]
    )
    littlefinger = ref(state, 0, "core_141")
    state.players[1].gold = 9  # an opponent's gold does not count
    assert strength(state, littlefinger) == 3 + 4
    state = act(state, 0, "marshal:play", hand(state, 0, "Knight of the Tumblestone"))
    assert strength(state, littlefinger) == 3 + 2
    state.players[0].gold = 0
    assert strength(state, littlefinger) == 3


# --- core_142 Varys ---------------------------------------------------------------------


def _plot_window(state: GameState) -> bool:
    step = head(state)
    return state.phase == "plot" and step.get("name") == "window"


def test_varys_switches_plot_decks_and_used_piles_until_the_end_of_the_round():
    players = [
        {"in_play": ["core_142"], "plot_deck": QUIET_PLOTS, "used_plots": ["Hear Me Roar"]},
        {"plot_deck": QUIET_PLOTS},
        {"plot_deck": QUIET_PLOTS, "used_plots": ["Blockade", "The Power of Arms"]},
    ]
    state = advance(build(phase="plot", players=players), _plot_window)
    varys = ref(state, 0, "core_142")
    (action,) = uses(state, 0, varys)
    assert describe(state, action).startswith("Varys: Plot: If you have more than one opponent")
    mine, theirs = list(state.players[0].plot_deck), list(state.players[2].plot_deck)
    state = use(state, 0, varys)
    assert head(state)["options"] == ["1", "2"]
    state = act(state, 0, "choose", choice="2")
    assert state.in_play[varys].knelt
    assert state.players[0].plot_deck == theirs and state.players[2].plot_deck == mine
    assert codes(state, state.players[0].used_plots) == names("Blockade", "The Power of Arms")
    assert codes(state, state.players[2].used_plots) == names("Hear Me Roar")
    assert state.players[1].plot_deck and all(
        state.cards[r].owner == 1 for r in state.players[1].plot_deck
    )
    state = advance(state, lambda s: s.round == 2 and head(s)["name"] == "choose_plots")
    for player in state.players:
        piles = [*player.plot_deck, *player.used_plots]
        assert piles and all(state.cards[r].owner == player.seat for r in piles)
    assert codes(state, state.players[0].plot_deck) == names(*QUIET_PLOTS[1:])


def test_varys_before_the_reveal_leaves_the_chosen_plots_with_their_players():
    # Dragonstone Port opens a window after plots are chosen, before they are revealed.
    players = [
        {"in_play": ["core_142", "Dragonstone Port"], "plot_deck": QUIET_PLOTS},
        {"plot_deck": QUIET_PLOTS},
        {"plot_deck": QUIET_PLOTS},
    ]
    state = build(phase="plot", players=players)
    for seat in range(3):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    assert head(state).get("event") == {"moment": "before_reveal"}
    state = act(use(state, 0, ref(state, 0, "core_142")), 0, "choose", choice="1")
    assert events(state, "plots_switched")
    state = advance(state, lambda s: s.players[0].revealed_plot is not None)
    for player in state.players:  # each revealed the plot it chose
        assert state.cards[player.revealed_plot].owner == player.seat
    assert {state.cards[r].owner for r in state.players[0].plot_deck} == {1}


def test_varys_needs_more_than_one_opponent_and_the_plot_phase():
    players = [{"in_play": ["core_142"], "plot_deck": QUIET_PLOTS}, {"plot_deck": QUIET_PLOTS}]
    state = advance(build(phase="plot", players=players), lambda s: s.phase != "plot")
    assert not events(state, "plots_switched")  # the plot window had nothing to offer
    assert not state.in_play[ref(state, 0, "core_142")].knelt
    three = [{"in_play": ["core_142"]}, {}, {}]
    state = build(players=three)
    assert not uses(state, 0, ref(state, 0, "core_142"))  # marshalling phase


# --- core_145 Milk of the Poppy ---------------------------------------------------------


def test_milk_of_the_poppy_blanks_keywords_passives_and_abilities():
    state = build(
        players=[
            {"hand": ["core_145"], "gold": 1},
            {"in_play": ["core_136", "core_137"]},
        ]
    )
    milk = hand(state, 0, "core_145")[0]
    jon, ghost = ref(state, 1, "core_136"), ref(state, 1, "core_137")
    assert "stealth" in keywords(state, ghost) and immune_to(state, jon, "event", 0)
    assert ghost in marshal_targets(state, 0, milk)  # an opponent's character
    assert jon not in marshal_targets(state, 0, milk)  # No attachments except Weapon
    state = act(state, 0, "marshal:play", [milk, ghost])
    assert "stealth" not in keywords(state, ghost)  # keyword
    assert not immune_to(state, jon, "event", 0)  # Ghost's passive
    assert immune_to(state, ghost, "event", 0)  # Jon's passive still works
    assert traits(state, ghost) == {"Creature", "Direwolf"}  # except Traits


def test_milk_of_the_poppy_stops_a_save_ability():
    state = joust(
        {"in_play": ["Knight of the Tumblestone"]},
        {
            "in_play": [
                {"card": "core_137", "attachments": ["core_145"]},
                {"card": "core_151", "knelt": True},
            ]
        },
    )
    aemon, ghost = ref(state, 1, "core_151"), ref(state, 1, "core_137")
    state = kill_by_claim(state, aemon, ref(state, 0, "Knight of the Tumblestone"))
    state = pass_without(state, 1, ghost)
    assert aemon in state.players[1].dead and not events(state, "saved")


# --- core_146 Ser Barristan Selmy -------------------------------------------------------


def test_ser_barristan_selmy_entering_play_shuffles_every_discard_pile_into_its_deck():
    state = build(
        players=[
            {"hand": ["core_146"], "discard": ["Direwolf Pup"], "deck": ["Hodor"], "gold": 4},
            {"discard": ["Lannisport Steward", "Brown Ben Plumm"]},
        ]
    )
    state = act(state, 0, "marshal:play", hand(state, 0, "core_146"))
    assert state.players[0].discard == [] and state.players[1].discard == []
    assert codes(state, state.players[0].deck) == names("Direwolf Pup", "Hodor")
    assert codes(state, state.players[1].deck) == names("Lannisport Steward", "Brown Ben Plumm")


def test_other_characters_entering_play_leave_discard_piles_alone():
    state = build(
        players=[
            {"in_play": ["core_146"], "hand": ["Direwolf Pup"], "discard": ["Hodor"], "gold": 1},
            {},
        ]
    )
    state = act(state, 0, "marshal:play", hand(state, 0, "Direwolf Pup"))
    assert codes(state, state.players[0].discard) == names("Hodor")
    assert not events(state, "pile_shuffled")


# --- core_147 Knight of Flowers ---------------------------------------------------------


@pytest.mark.parametrize(("knelt", "power"), [(False, 1), (True, 0)])
def test_knight_of_flowers_claims_a_power_at_dominance_if_standing(knelt, power):
    state = build(
        phase="dominance", players=[{"in_play": [{"card": "core_147", "knelt": knelt}]}, {}]
    )
    assert state.in_play[ref(state, 0, "core_147")].power == power
    assert len([e for e in events(state, "power") if e["reason"] == "knight_of_flowers"]) == power


# --- core_150 Bodyguard -----------------------------------------------------------------


def test_bodyguard_goes_on_one_lord_or_lady_only():
    state = build(
        players=[
            {
                "in_play": [
                    "core_141",  # Lord
                    "Brienne of Tarth",  # Lady
                    "Knight of the Tumblestone",  # neither
                    {"card": "Varys", "attachments": ["core_150"]},  # has one already
                ],
                "hand": ["core_150"],
            },
            {},
        ]
    )
    bodyguard = hand(state, 0, "core_150")[0]
    expected = [ref(state, 0, "core_141"), ref(state, 0, "Brienne of Tarth")]
    assert sorted(marshal_targets(state, 0, bodyguard)) == sorted(expected)


def test_bodyguard_discards_itself_to_save_the_attached_character():
    state = joust(
        {"in_play": ["Knight of the Tumblestone"]},
        {
            "in_play": [
                {"card": "core_141", "knelt": True, "attachments": ["core_150"]},
                {"card": "Direwolf Pup", "knelt": True},
            ]
        },
    )
    littlefinger, bodyguard = ref(state, 1, "core_141"), ref(state, 1, "core_150")
    state = kill_by_claim(state, littlefinger, ref(state, 0, "Knight of the Tumblestone"))
    state = until_window(state, "would_be_killed")
    assert [a.cards for a in uses(state, 1, bodyguard)] == [(bodyguard, littlefinger)]
    state = pass_windows(use(state, 1, bodyguard, littlefinger))
    assert littlefinger in state.players[1].in_play
    assert bodyguard in state.players[1].discard


def test_bodyguard_does_not_save_another_character():
    state = joust(
        {"in_play": ["Knight of the Tumblestone"]},
        {
            "in_play": [
                {"card": "core_141", "knelt": True, "attachments": ["core_150"]},
                {"card": "Direwolf Pup", "knelt": True},
            ]
        },
    )
    pup, bodyguard = ref(state, 1, "Direwolf Pup"), ref(state, 1, "core_150")
    state = kill_by_claim(state, pup, ref(state, 0, "Knight of the Tumblestone"))
    state = pass_without(state, 1, bodyguard)
    assert pup in state.players[1].dead and bodyguard in state.players[1].in_play


# --- core_152 Magister Illyrio ----------------------------------------------------------


def test_magister_illyrio_makes_an_opponent_pay_one_gold_per_named_challenge():
    state = joust(
        {"in_play": ["core_152"]},
        {"in_play": ["Knight of the Tumblestone", "Knight of the Tumblestone"], "gold": 1},
    )
    illyrio = ref(state, 0, "core_152")
    state.players[0].gold = 0
    (action,) = uses(state, 0, illyrio)
    assert describe(state, action).startswith("Magister Illyrio: Challenges: Kneel Magister")
    state = use(state, 0, illyrio)  # the only opponent is chosen by itself
    assert head(state)["options"] == ["military", "intrigue", "power"]
    state = act(state, 0, "choose", choice="military")
    assert state.in_play[illyrio].knelt
    assert turn(state) == ("before_challenge", 1)  # seat 0 cannot attack
    assert challenge_tolls(state, 1, "military") == [(0, 1)]
    state = act(state, 1, "challenge:military", choice="0")
    assert state.players[1].gold == 0 and state.players[0].gold == 1
    given = events(state, "gold_given")[-1]
    assert (given["seat"], given["to"], given["gold"]) == (1, 0, 1)
    state = pass_windows(answer(state, "attackers", [ref(state, 1, "Knight of the Tumblestone")]))
    state = advance(state, lambda s: turn(s)[0] == "before_challenge")
    assert ("power", 0) in challenge_options(state, 1)  # another type costs nothing
    state = advance(state, lambda s: s.phase != "challenges")
    assert challenge_tolls(state, 1, "military") == []  # the effect expires with the phase


def test_magister_illyrio_forbids_the_named_challenge_without_the_gold():
    state = joust({"in_play": ["core_152"]}, {"in_play": ["Knight of the Tumblestone"]})
    illyrio = ref(state, 0, "core_152")
    state = act(use(state, 0, illyrio), 0, "choose", choice="power")
    assert turn(state) == ("before_challenge", 1)
    assert state.players[1].gold == 0
    assert {t for t, _ in challenge_options(state, 1)} == {"military"}
    with pytest.raises(IllegalAction, match="costs 1 gold"):
        act(state, 1, "challenge:power", choice="0")


def test_magister_illyrio_is_used_only_in_the_challenges_phase():
    state = build(players=[{"in_play": ["core_152"]}, {}])
    assert not uses(state, 0, ref(state, 0, "core_152"))


# --- core_178 Shae ----------------------------------------------------------------------


def test_shae_kneels_a_character_of_a_player_with_more_power():
    state = joust(
        {"in_play": ["core_178", "Direwolf Pup"], "power": 1},
        {"in_play": ["Knight of the Tumblestone", {"card": "Brown Ben Plumm", "knelt": True}]},
    )
    state.players[1].power = 2
    shae, knight = ref(state, 0, "core_178"), ref(state, 1, "Knight of the Tumblestone")
    assert [a.cards for a in uses(state, 0, shae)] == [(shae, knight)]  # standing only
    state = use(state, 0, shae, knight)
    assert state.in_play[knight].knelt and state.in_play[shae].knelt


def test_shae_has_no_target_when_nobody_has_more_power():
    state = joust(
        {"in_play": ["core_178"], "power": 2},
        {"in_play": [{"card": "Knight of the Tumblestone", "power": 1}]},
    )
    state.players[1].power = 1  # 1 on the House + 1 on the Knight = 2: not more
    assert not uses(state, 0, ref(state, 0, "core_178"))
    state.players[1].power = 2
    assert uses(state, 0, ref(state, 0, "core_178"))
