"""The six melee titles: choosing them, supports, opposes and each title's effect."""

from __future__ import annotations

import json

import pytest

from gameplay.engine.abilities import SCRIPTS, Ability, Cost, Script
from gameplay.engine.actions import Action
from gameplay.engine.bots import RandomBot
from gameplay.engine.game import (
    GameConfig,
    IllegalAction,
    legal_actions,
    new_game,
    outcome,
    to_act,
)
from gameplay.engine.observe import observe
from gameplay.engine.simulate import load_deck
from gameplay.engine.state import GameState
from gameplay.engine.titles import TITLE, TITLES
from tests.gameplay.scenario import apply, build, code, in_play
from tests.gameplay.test_challenges import turn

# --- helpers ----------------------------------------------------------------------------


def _head(state):
    return state.queue[0] if state.queue else {}


def _prompt(state, seat, purpose):
    """Assert the head decision is ``seat``'s prompt for ``purpose`` and return it."""
    head = _head(state)
    assert (head.get("name"), head.get("seat"), head.get("purpose")) == (
        "prompt",
        seat,
        purpose,
    ), head
    return head


def _choose(state, seat, purpose, choice):
    _prompt(state, seat, purpose)
    return apply(state, Action(seat, "choose", choice=choice))


def _pick(state, seat, purpose, refs):
    """Select ``refs`` in ``seat``'s ``purpose`` prompt and finish it."""
    _prompt(state, seat, purpose)
    for ref in refs:
        state = apply(state, Action(seat, "select", (ref,)))
    head = _head(state)
    if head.get("purpose") == purpose and head.get("seat") == seat:
        state = apply(state, Action(seat, "done"))
    return state


def _attack(state, seat, ctype, defender, refs):
    """Initiate a challenge and declare ``refs`` as attackers."""
    state = apply(state, Action(seat, f"challenge:{ctype}", choice=str(defender)))
    head = _head(state)
    if head.get("purpose") == "attackers":
        state = _pick(state, seat, "attackers", refs)
    assert _events(state, "attackers")[-1]["cards"] == list(refs)
    return state


def _one(state, seat, name):
    return in_play(state, seat, name)[0]


def _one_dead(state, seat, name):
    return next(r for r in state.players[seat].dead if state.code(r) == code(name))


def _events(state, name):
    return [e for e in state.log if e["event"] == name]


def _resolved(state):
    return _events(state, "challenge_resolved")[-1]


def _titles(state):
    return [p.title for p in state.players]


# --- choosing and returning titles ----------------------------------------------------


def _plots_and_first(state, first):
    """Each seat reveals Rains of Autumn (a tie on initiative); the winner picks ``first``."""
    for player in state.players:
        ref = next(r for r in player.plot_deck if state.code(r) == code("Rains of Autumn"))
        state = apply(state, Action(player.seat, "plot:choose", (ref,)))
    winner = _head(state)["seat"]
    return apply(state, Action(winner, "first_player", choice=str(first)))


def _plot_players(count, **extra):
    return [{"plot_deck": ["Rains of Autumn"] * 4, **extra} for _ in range(count)]


def test_titles_are_chosen_from_the_first_player_clockwise_out_of_the_pool():
    state = _plots_and_first(build(phase="plot", players=_plot_players(4)), first=2)
    assert state.phase == "plot"
    head = _prompt(state, 2, "title")
    assert head["options"] == list(TITLES)
    assert legal_actions(state, 3) == [] and legal_actions(state, 0) == []
    picks = {2: "master_of_coin", 3: "crown_regent", 0: "hand_of_the_king", 1: "lord_commander"}
    left = list(TITLES)
    for seat in (2, 3, 0, 1):
        assert _prompt(state, seat, "title")["options"] == left
        state = _choose(state, seat, "title", picks[seat])
        left.remove(picks[seat])
    assert _titles(state) == [
        "hand_of_the_king",
        "lord_commander",
        "master_of_coin",
        "crown_regent",
    ]
    assert state.title_pool == ["master_of_whispers", "master_of_laws"]
    assert [(e["seat"], e["title"]) for e in _events(state, "title")] == list(picks.items())
    assert state.phase == "marshalling"  # the draw phase followed
    assert observe(state, None)["players"][0]["title"] == "hand_of_the_king"


def test_a_title_must_come_from_the_pool():
    players = _plot_players(3)
    players[1]["title"] = "master_of_laws"  # three players: kept from the last round
    state = _plots_and_first(build(phase="plot", players=players), first=0)
    assert "master_of_laws" not in _prompt(state, 0, "title")["options"]
    for bad in ("master_of_laws", "king"):
        with pytest.raises(IllegalAction, match="not one of the options"):
            apply(state, Action(0, "choose", choice=bad))


def test_joust_has_no_titles():
    state = _plots_and_first(build(phase="plot", players=_plot_players(2)), first=0)
    assert state.phase == "marshalling" and _titles(state) == [None, None]
    assert state.title_pool == [] and not _events(state, "title")


def _play_round(state, picks):
    """From plot choice to the next round's plot choice: ``picks[seat]`` is the title each
    seat chooses (a seat left with one option gets it without being asked)."""
    start = state.round
    state = _plots_and_first(state, first=0)
    while state.round == start:
        head = _head(state)
        seat = to_act(state)[0]
        if head.get("purpose") == "title":
            if len(head["options"]) > 1:
                state = _choose(state, seat, "title", picks[seat])
            continue
        assert head["name"] == "window", head
        state = apply(state, Action(seat, "pass"))
    return state


def test_three_players_keep_titles_until_the_pool_is_empty():
    state = build(phase="plot", players=_plot_players(3))
    state = _play_round(state, ["crown_regent", "lord_commander", "hand_of_the_king"])
    # Round 1 over: titles stay with their holders, three titles wait in the pool.
    assert state.round == 2
    assert _titles(state) == ["crown_regent", "lord_commander", "hand_of_the_king"]
    assert state.title_pool == ["master_of_whispers", "master_of_laws", "master_of_coin"]

    state = _plots_and_first(state, first=0)
    assert _prompt(state, 0, "title")["options"] == state.title_pool
    state = _choose(state, 0, "title", "master_of_coin")
    # Seat 0's old title does not go back: seat 1 chooses between the two left.
    assert _prompt(state, 1, "title")["options"] == ["master_of_whispers", "master_of_laws"]
    state = _choose(state, 1, "title", "master_of_whispers")
    assert _titles(state) == ["master_of_coin", "master_of_whispers", "master_of_laws"]
    assert state.title_pool == []
    while state.round == 2:
        state = apply(state, Action(to_act(state)[0], "pass"))
    # The pool was empty at the end of round 2: all six return.
    assert _titles(state) == [None, None, None] and state.title_pool == list(TITLES)
    assert len(_events(state, "titles_returned")) == 1

    state = _choose_round3(state)
    assert _titles(state) == ["lord_commander", "crown_regent", "master_of_laws"]
    assert state.title_pool == ["hand_of_the_king", "master_of_whispers", "master_of_coin"]


def _choose_round3(state):
    state = _plots_and_first(state, first=0)
    assert _prompt(state, 0, "title")["options"] == list(TITLES)
    for seat, name in enumerate(["lord_commander", "crown_regent", "master_of_laws"]):
        state = _choose(state, seat, "title", name)
    return state


def test_four_players_return_every_title_at_the_end_of_each_round():
    titles = ["crown_regent", "lord_commander", "master_of_laws", "master_of_coin"]
    players = [{"title": t, "plot_deck": ["Rains of Autumn"] * 3} for t in titles]
    state = build(phase="dominance", players=players)
    assert state.round == 2 and state.phase == "plot"
    assert _titles(state) == [None] * 4 and state.title_pool == list(TITLES)
    state = _plots_and_first(state, first=1)
    assert _prompt(state, 1, "title")["options"] == list(TITLES)


# --- draw and income --------------------------------------------------------------------


def test_master_of_laws_draws_three_in_the_draw_phase():
    players = [{"deck": ["Direwolf Pup"] * 6} for _ in range(3)]
    players[1]["title"] = "master_of_laws"
    state = build(phase="draw", players=players)
    assert state.phase == "marshalling"
    assert [len(p.hand) for p in state.players] == [2, 3, 2]
    assert state.players[1].effect_draws == 0  # not an effect draw: the cap is untouched


def test_master_of_coin_adds_two_to_income():
    players = [{"revealed_plot": "Calm Over Westeros"} for _ in range(3)]  # income 4
    players[1]["title"] = "master_of_coin"
    state = build(phase="marshalling", players=players)
    state = apply(state, Action(0, "pass"))
    assert state.players[1].gold == 6
    state = apply(state, Action(1, "pass"))
    assert state.players[2].gold == 4


# --- +3 STR -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "ctype", "bonus"),
    [
        ("crown_regent", "power", 3),
        ("crown_regent", "military", 0),
        ("lord_commander", "military", 3),
        ("lord_commander", "intrigue", 0),
        ("master_of_whispers", "intrigue", 3),
        ("master_of_whispers", "power", 0),
        ("master_of_coin", "military", 0),
    ],
)
@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_title_adds_three_strength_in_challenges_of_its_icon(title, ctype, bonus, side):
    assert (TITLE[title].icon == ctype) == bool(bonus)
    # The other side's title has no icon, and neither title supports the other.
    other = "hand_of_the_king" if title == "master_of_coin" else "master_of_laws"
    titled = 0 if side == "attacker" else 1
    players = [{"in_play": ["Old Red Priest"]} for _ in range(3)]  # 1 STR, every icon
    players[titled]["title"] = title
    players[1 - titled]["title"] = other
    state = build(phase="challenges", players=players)
    state = _attack(state, 0, ctype, 1, [_one(state, 0, "Old Red Priest")])
    if _head(state).get("purpose") == "crown_regent":
        state = _choose(state, 1, "crown_regent", "decline")
    state = _pick(state, 1, "defenders", [_one(state, 1, "Old Red Priest")])
    expected = [1 + bonus, 1] if side == "attacker" else [1, 1 + bonus]
    assert _resolved(state)["strength"] == expected


def test_title_bonus_needs_a_participating_character():
    players = [
        {"in_play": ["Old Red Priest"], "title": "master_of_coin"},
        {"in_play": ["Knight of the Tumblestone"], "title": "crown_regent"},
        {"title": "hand_of_the_king"},
    ]
    state = build(phase="challenges", players=players)
    state = _attack(state, 0, "power", 1, [_one(state, 0, "Old Red Priest")])
    state = _choose(state, 1, "crown_regent", "decline")
    state = _pick(state, 1, "defenders", [])
    assert _resolved(state)["strength"] == [1, 0]  # no defender, no +3
    assert _resolved(state)["winner"] == 0


# --- supports -------------------------------------------------------------------------


def test_you_cannot_challenge_the_player_you_support():
    players = [
        {"in_play": ["Old Red Priest"], "title": "master_of_coin"},
        {"title": "master_of_laws"},
        {"title": "hand_of_the_king"},
    ]
    state = build(phase="challenges", players=players)
    options = {(a.kind, a.choice) for a in legal_actions(state, 0) if a.kind.startswith("chall")}
    assert options == {(f"challenge:{t}", "2") for t in ("military", "intrigue", "power")}
    with pytest.raises(IllegalAction, match=r"Master of Coin.*supports.*Master of Laws"):
        apply(state, Action(0, "challenge:power", choice="1"))


def _rulebook_example(jamie_defends_with):
    """Greg (seat 0) attacks Sara (seat 1, Master of Laws) in a military challenge with
    Chella (stealth, 3 STR) and keeps out her only eligible defender; Sara declares none;
    Jamie (seat 2, Master of Coin) supports her and defends."""
    players = [
        {"house": "Lannister", "in_play": ["Chella, Daughter of Cheyk"], "title": "crown_regent"},
        {"in_play": ["Direwolf Pup", "House Tully Recruiter"], "title": "master_of_laws"},
        {"house": "Baratheon", "in_play": [jamie_defends_with, "Old Red Priest"]},
    ]
    players[0]["revealed_plot"] = "Rains of Autumn"  # claim 1
    players[2]["title"] = "master_of_coin"
    state = build(phase="challenges", players=players)
    state = _attack(state, 0, "military", 1, [_one(state, 0, "Chella, Daughter of Cheyk")])
    pup = _one(state, 1, "Direwolf Pup")
    state = _pick(state, 0, "stealth", [pup])
    assert state.challenge["blocked"] == [pup]
    # Sara's only military character is kept out: her defenders prompt settled empty.
    head = _prompt(state, 2, "support_defenders")
    jamie = [_one(state, 2, jamie_defends_with), _one(state, 2, "Old Red Priest")]
    assert head["candidates"] == jamie
    return _pick(state, 2, "support_defenders", [jamie[0]])


def test_rulebook_support_example_supporter_loses_and_the_target_satisfies_claim():
    state = _rulebook_example("Knight of the Tumblestone")
    challenge = state.challenge
    assert (challenge["defender"], challenge["target"]) == (2, 1)
    assert (challenge["winner"], challenge["loser"]) == (0, 2)
    assert _resolved(state)["strength"] == [3, 2]
    assert not challenge["unopposed"] and state.players[0].power == 0
    # Sara, not Jamie, satisfies the military claim.
    head = _prompt(state, 1, "claim_kill")
    pup = _one(state, 1, "Direwolf Pup")
    assert set(head["candidates"]) == {pup, _one(state, 1, "House Tully Recruiter")}
    state = _pick(state, 1, "claim_kill", [pup])
    assert pup in state.players[1].dead
    assert len(state.players[2].in_play) == 2 and state.players[2].dead == []
    assert _events(state, "support") == [
        {"event": "support", "round": 1, "seat": 2, "target": 1, "title": "master_of_coin"}
    ]


def test_rulebook_support_example_supporter_wins_and_claims_renown():
    state = _rulebook_example("Ser Barristan Selmy")  # 4 STR, renown
    barristan = _one(state, 2, "Ser Barristan Selmy")
    assert _resolved(state)["strength"] == [3, 4]
    assert _resolved(state)["winner"] == 2
    assert state.in_play[barristan].power == 1
    assert not _events(state, "claim") and state.players[1].dead == []


def test_no_support_when_the_target_defends():
    players = [
        {"in_play": ["Old Red Priest"], "title": "hand_of_the_king"},
        {"in_play": ["Old Red Priest"], "title": "master_of_laws"},
        {"in_play": ["Old Red Priest"], "title": "master_of_coin"},
    ]
    state = build(phase="challenges", players=players)
    state = _attack(state, 0, "power", 1, [_one(state, 0, "Old Red Priest")])
    state = _pick(state, 1, "defenders", [_one(state, 1, "Old Red Priest")])
    assert _resolved(state)["defender"] == 1 and not _events(state, "support")


# --- opposes ----------------------------------------------------------------------------


def test_rulebook_opposes_example_one_power_a_round():
    players = [
        {"in_play": ["Lannisport Steward", "Knight of the Tumblestone"]},
        {"title": "master_of_laws"},
        {"title": "crown_regent"},
        {"title": "lord_commander"},
    ]
    players[0]["title"] = "master_of_whispers"
    state = build(phase="challenges", players=players)
    state = _attack(state, 0, "intrigue", 1, [_one(state, 0, "Lannisport Steward")])
    state = _choose(state, 2, "crown_regent", "decline")
    # Undefended: 1 for unopposed, 1 for winning against the Master of Laws.
    assert _resolved(state)["winner"] == 0 and _resolved(state)["strength"] == [5, 0]
    assert state.players[0].power == 2
    assert [e["reason"] for e in _events(state, "power")] == ["unopposed", "opposes"]
    state = _attack(state, 0, "power", 2, [_one(state, 0, "Knight of the Tumblestone")])
    state = _choose(state, 2, "crown_regent", "decline")
    assert _resolved(state)["winner"] == 0
    assert state.players[0].power == 3  # the Crown Regent is opposed too: no more this round
    assert [e["reason"] for e in _events(state, "power")] == ["unopposed", "opposes", "unopposed"]


def test_opposes_rewards_a_defender_who_wins_against_the_opposed_attacker():
    players = [
        {"in_play": ["Knight of the Tumblestone"], "title": "master_of_coin"},
        {"in_play": ["Host of Storm's End"], "title": "hand_of_the_king"},
        {"title": "lord_commander"},
    ]
    state = build(phase="challenges", players=players)
    state = _attack(state, 0, "power", 1, [_one(state, 0, "Knight of the Tumblestone")])
    state = _pick(state, 1, "defenders", [_one(state, 1, "Host of Storm's End")])
    assert _resolved(state)["winner"] == 1
    gained = [(e["seat"], e["reason"]) for e in _events(state, "power")]
    assert gained == [(1, "opposes")]
    assert [p.power for p in state.players] == [0, 1, 0]


# --- Crown Regent -----------------------------------------------------------------------


def _regent_table(attacker_title="lord_commander"):
    players = [
        {"in_play": ["Old Red Priest", "Knight of the Tumblestone"], "title": attacker_title},
        {"title": "crown_regent"},
        {"in_play": ["Host of Storm's End"], "title": "master_of_whispers"},
        {"in_play": ["Direwolf Pup"], "title": "hand_of_the_king"},
    ]
    return build(phase="challenges", players=players)


def test_crown_regent_makes_the_attacker_choose_a_new_target_once_a_round():
    state = _regent_table()
    state = _attack(state, 0, "power", 1, [_one(state, 0, "Old Red Priest")])
    assert _prompt(state, 1, "crown_regent")["options"] == ["redirect", "decline"]
    state = _choose(state, 1, "crown_regent", "redirect")
    assert _prompt(state, 0, "redirect_target")["options"] == ["2", "3"]
    state = _choose(state, 0, "redirect_target", "2")
    assert (state.challenge["defender"], state.challenge["target"]) == (2, 2)
    assert _events(state, "redirected") == [
        {
            "event": "redirected",
            "round": 1,
            "seat": 0,
            "title": "crown_regent",
            "old": 1,
            "new": 2,
        }
    ]
    host = _one(state, 2, "Host of Storm's End")
    state = _pick(state, 2, "defenders", [host])
    assert _resolved(state)["defender"] == 2 and _resolved(state)["winner"] == 2
    # Once a round: the next challenge is not offered to the Crown Regent.
    state = _attack(state, 0, "military", 1, [_one(state, 0, "Knight of the Tumblestone")])
    assert _head(state).get("purpose") != "crown_regent"
    assert state.used.count("title:crown_regent") == 1


def test_crown_regent_redirects_only_to_legal_targets_and_not_their_own_challenge():
    # The Master of Laws supports the Hand of the King: seat 3 is not a legal target.
    state = _regent_table(attacker_title="master_of_laws")
    state = _attack(state, 0, "power", 1, [_one(state, 0, "Old Red Priest")])
    state = _choose(state, 1, "crown_regent", "redirect")
    # Only seat 2 is left, so the choice is made at once.
    assert state.challenge["target"] == 2
    assert _prompt(state, 2, "defenders")

    players = [
        {"in_play": ["Old Red Priest"], "title": "crown_regent"},
        {"title": "master_of_whispers"},
        {"title": "lord_commander"},
    ]
    state = build(phase="challenges", players=players)
    state = _attack(state, 0, "power", 1, [_one(state, 0, "Old Red Priest")])
    assert _head(state).get("purpose") != "crown_regent"
    assert _resolved(state)["defender"] == 1


def test_crown_regent_is_not_offered_without_another_legal_target():
    players = [
        {"in_play": ["Old Red Priest"], "title": "master_of_laws"},
        {"title": "crown_regent"},
        {"title": "hand_of_the_king"},  # supported by the attacker
    ]
    state = build(phase="challenges", players=players)
    state = _attack(state, 0, "power", 1, [_one(state, 0, "Old Red Priest")])
    assert _head(state).get("purpose") != "crown_regent"
    assert "title:crown_regent" not in state.used
    assert _resolved(state)["defender"] == 1 and state.players[0].power == 1  # unopposed


def test_crown_regent_declined_stays_available():
    state = _regent_table()
    state = _attack(state, 0, "power", 1, [_one(state, 0, "Old Red Priest")])
    state = _choose(state, 1, "crown_regent", "decline")
    assert state.challenge is None or state.challenge["target"] == 1
    state = _attack(state, 0, "military", 3, [_one(state, 0, "Knight of the Tumblestone")])
    assert _prompt(state, 1, "crown_regent")


# --- Lord Commander ---------------------------------------------------------------------


def _commander_table(defend=("Host of Storm's End",), ctype="military", fourth=None):
    """Seat 0 (Hand of the King, 3 power, claim 1) attacks seat 1 (Master of Coin, no
    military character); seat 2 is the Lord Commander; ``fourth``: seat 3's title."""
    players = [
        {"in_play": ["Brown Ben Plumm", "Old Red Priest"], "title": "hand_of_the_king"},
        {"in_play": ["House Tully Recruiter"], "title": "master_of_coin"},
        {"in_play": list(defend), "title": "lord_commander"},
    ]
    players[0]["power"] = 3
    players[0]["revealed_plot"] = "Rains of Autumn"  # claim 1
    if fourth is not None:
        players.append({"in_play": ["Knight of the Tumblestone"], "title": fourth})
    state = build(phase="challenges", players=players)
    attacker = "Brown Ben Plumm" if ctype == "military" else "Old Red Priest"
    return _attack(state, 0, ctype, 1, [_one(state, 0, attacker)])


def test_lord_commander_takes_over_an_undefended_military_challenge_and_wins_power():
    state = _commander_table(defend=["Host of Storm's End", "Knight of the Tumblestone"])
    # Seat 1 has no military character: no defenders; nobody supports the Master of Coin.
    assert _prompt(state, 2, "lord_commander")["options"] == ["take_over", "decline"]
    state = _choose(state, 2, "lord_commander", "take_over")
    assert (state.challenge["defender"], state.challenge["target"]) == (2, 2)
    state = _pick(state, 2, "defenders", [_one(state, 2, "Host of Storm's End")])
    assert _resolved(state)["strength"] == [2, 9]  # 6 + 3 for the Lord Commander
    assert [p.power for p in state.players] == [2, 0, 1]
    assert _events(state, "power_moved")[-1]["reason"] == "lord_commander"
    assert state.players[1].in_play == [_one(state, 1, "House Tully Recruiter")]


def test_lord_commander_who_loses_satisfies_claim():
    state = _commander_table(defend=["Knight of the Tumblestone", "Direwolf Pup"])
    state = _choose(state, 2, "lord_commander", "take_over")
    state = _pick(state, 2, "defenders", [])
    assert _resolved(state)["winner"] == 0 and state.challenge["unopposed"]
    assert [p.power for p in state.players] == [4, 0, 0]  # unopposed; nothing moves
    head = _prompt(state, 2, "claim_kill")
    assert len(head["candidates"]) == 2
    state = _pick(state, 2, "claim_kill", [_one(state, 2, "Direwolf Pup")])
    assert len(state.players[2].dead) == 1 and state.players[1].dead == []


def test_lord_commander_not_in_other_challenge_types_and_may_decline():
    state = _commander_table(ctype="power")
    state = _pick(state, 1, "defenders", [])
    assert _head(state).get("purpose") != "lord_commander"
    assert _resolved(state)["defender"] == 1

    state = _commander_table()
    state = _choose(state, 2, "lord_commander", "decline")
    assert "title:lord_commander" not in state.used
    assert _resolved(state)["defender"] == 1
    assert state.players[0].power == 5  # unopposed, and the Hand opposes the Master of Coin


def test_lord_commander_once_a_round():
    state = _commander_table(fourth="master_of_laws")
    state = _choose(state, 2, "lord_commander", "take_over")
    state = _pick(state, 2, "defenders", [])  # loses; its only character dies for claim
    assert state.players[2].in_play == []
    for seat in (0, 1):  # seat 2 has nothing left to challenge with
        state = apply(state, Action(seat, "pass"))
    assert turn(state) == ("before_challenge", 3)
    state = _attack(state, 3, "military", 1, [_one(state, 3, "Knight of the Tumblestone")])
    assert _head(state).get("purpose") != "lord_commander"
    assert _resolved(state)["defender"] == 1 and _resolved(state)["winner"] == 3


def test_supporters_are_asked_before_the_lord_commander():
    # Seat 3 (Master of Whispers) supports seat 1 (Master of Coin).
    state = _commander_table(fourth="master_of_whispers")
    knight = _one(state, 3, "Knight of the Tumblestone")
    assert _prompt(state, 3, "support_defenders")["candidates"] == [knight]
    state = _pick(state, 3, "support_defenders", [])
    state = _choose(state, 2, "lord_commander", "take_over")
    assert state.challenge["target"] == 2

    state = _commander_table(fourth="master_of_whispers")
    state = _pick(state, 3, "support_defenders", [knight])
    assert _head(state).get("purpose") != "lord_commander"
    resolved = _resolved(state)
    assert (resolved["defender"], resolved["winner"], resolved["strength"]) == (3, 0, [2, 2])
    # The Hand of the King opposes the Master of Coin, but the challenge was lost by the
    # supporter (Master of Whispers): no opposes power, and defended: not unopposed.
    assert state.players[0].power == 3 and "opposes:0" not in state.used
    assert _events(state, "claim")[-1]["target"] == 1
    assert state.players[1].dead == [_one_dead(state, 1, "House Tully Recruiter")]
    assert state.players[3].dead == []


# --- Hand of the King -------------------------------------------------------------------


def _gain_gold(state, ctx):
    state.players[ctx["seat"]].gold += 1


@pytest.fixture
def influence_ability(monkeypatch):
    """A test-only Any Phase action on the vanilla Knight of the Tumblestone:
    "Kneel <amount> influence: gain 1 gold" (restored after the test)."""

    def install(amount):
        ability = Ability("action", _gain_gold, costs=(Cost("influence", amount),))
        monkeypatch.setitem(SCRIPTS, code("Knight of the Tumblestone"), Script(abilities=[ability]))

    return install


def _hand_table(crossroads=0):
    players = [
        {
            "in_play": ["Knight of the Tumblestone"] + ["Crossroads"] * crossroads,
            "title": "hand_of_the_king",
        },
        {"title": "master_of_coin"},
        {"title": "crown_regent"},
    ]
    return build(phase="marshalling", players=players)


def test_hand_of_the_king_pays_two_influence_once_a_round(influence_ability):
    influence_ability(2)
    state = _hand_table()
    knight = _one(state, 0, "Knight of the Tumblestone")
    use = Action(0, "use", (knight,))
    assert use in legal_actions(state, 0)
    state = apply(state, use)  # only the Hand can pay: used without a question
    assert state.players[0].gold == 1
    assert "title:hand_of_the_king" in state.used
    assert _events(state, "title_used")[-1]["title"] == "hand_of_the_king"
    assert use not in legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        apply(state, use)
    # Not the holder: no influence from the title.
    other = build(
        phase="marshalling",
        players=[{"in_play": ["Knight of the Tumblestone"], "title": "master_of_coin"}, {}, {}],
    )
    assert Action(0, "use", (_one(other, 0, "Knight of the Tumblestone"),)) not in legal_actions(
        other, 0
    )


def test_hand_of_the_king_may_be_kept_when_cards_can_pay(influence_ability):
    influence_ability(2)
    state = _hand_table(crossroads=2)
    knight = _one(state, 0, "Knight of the Tumblestone")
    crossroads = in_play(state, 0, "Crossroads")
    state = apply(state, Action(0, "use", (knight,)))
    assert _prompt(state, 0, "hand_of_the_king")["options"] == ["use", "decline"]
    state = _choose(state, 0, "hand_of_the_king", "decline")
    # Both Crossroads are needed for 2 influence, so they kneel without a prompt.
    assert all(state.in_play[r].knelt for r in crossroads) and state.players[0].gold == 1
    assert "title:hand_of_the_king" not in state.used
    state = apply(state, Action(0, "use", (knight,)))  # the Hand pays this time
    assert state.players[0].gold == 2 and "title:hand_of_the_king" in state.used


def test_hand_of_the_king_adds_to_cards_for_a_larger_cost(influence_ability):
    influence_ability(3)
    state = _hand_table(crossroads=2)
    knight = _one(state, 0, "Knight of the Tumblestone")
    crossroads = in_play(state, 0, "Crossroads")
    state = apply(state, Action(0, "use", (knight,)))
    # 2 cards cannot pay 3: the Hand is used at once, one card pays the rest.
    head = _prompt(state, 0, "influence")
    assert head["need"] == 1 and "title:hand_of_the_king" in state.used
    state = _pick(state, 0, "influence", crossroads[:1])
    assert state.players[0].gold == 1
    assert [state.in_play[r].knelt for r in crossroads] == [True, False]


# --- random melee games ---------------------------------------------------------------


def _check_titles(state: GameState) -> None:
    held = [p.title for p in state.players if p.title]
    assert len(held) == len(set(held))
    assert not set(held) & set(state.title_pool)
    assert set(held) | set(state.title_pool) <= set(TITLES)


@pytest.mark.parametrize(
    ("decks", "seed"),
    [
        (("core-stark", "core-lannister", "core-baratheon"), 1),
        (("core-targaryen", "core-stark", "core-lannister"), 2),
        (("core-stark", "core-lannister", "core-baratheon", "core-targaryen"), 3),
        (("core-baratheon", "core-targaryen", "core-stark", "core-lannister"), 4),
    ],
)
def test_random_melee_games_end_and_serialize(decks, seed):
    config = GameConfig(
        players=tuple(load_deck(d) for d in decks), variant="melee", seed=seed, round_limit=4
    )
    state = new_game(config)
    bots = [RandomBot(seed * 10 + s) for s in range(len(decks))]
    while outcome(state) is None:
        assert state.decisions < 5_000
        seat = to_act(state)[0]
        actions = legal_actions(state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        state = apply(state, bots[seat].choose(observe(state, seat), actions))
        _check_titles(state)
        data = json.loads(json.dumps(state.to_json()))
        assert GameState.from_json(data) == state
    result = outcome(state)
    assert result is not None and result["reason"] in ("power", "round_limit")
    chosen = _events(state, "title")
    assert len(chosen) >= len(decks)
    assert {e["round"] for e in chosen} >= {1}
