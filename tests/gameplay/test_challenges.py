"""The challenges phase (rulebook, Phase 4): declaring attackers and defenders, resolving,
claim, unopposed challenges, saves, and what leaves play with a character.

The cards are chosen for having no text beyond their keywords where possible, so scripts
added for other cards do not change these positions. The helpers here are shared by the
other rules tests (keywords, phases, teams, examples).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from gameplay.engine.abilities import PASSIVE_CODES, SCRIPTS, Script, add_lasting
from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.legal import closing
from gameplay.engine.moves import discard_from_play
from gameplay.engine.state import GameState, InPlay
from gameplay.engine.steps import run, waiting_seats
from tests.gameplay.scenario import apply, build, code, in_play

PLOT = "Summoning Season"  # claim 1; only "when revealed" text, so inert here
CLAIM_TWO = "Mutual Enemies"  # claim 2; its text needs more than one opponent
DECK = ["Knight of the Tumblestone"] * 6


# --- helpers shared by the rules tests ---------------------------------------------------


def act(state: GameState, seat: int, kind: str, cards: Sequence[str] = (), choice: str = ""):
    """Apply one action (raises IllegalAction like the engine), then pass for the seats
    that have nothing but pass (scenario.settle). Before initiating a challenge in its
    turn, every seat passes the window before it (a challenge is initiated once it has
    closed: windows.advance)."""
    step = head(state)
    if kind.startswith("challenge:") and step.get("turn") == seat:
        waiting = waiting_seats(state)
        if step.get("point") == "before_challenge" and (waiting != [seat] or not closing(step)):
            state = pass_windows(state)
    return apply(state, Action(seat, kind, tuple(cards), choice))


def joust(me: dict, them: dict, *, phase: str = "challenges", **options) -> GameState:
    """A two-player position (seat 0 first) where both reveal a claim-1 plot by default."""
    players = [{"revealed_plot": PLOT, **me}, {"revealed_plot": PLOT, **them}]
    return build(phase=phase, players=players, **options)


def ref(state: GameState, seat: int, name: str, index: int = 0) -> str:
    """The ref of a seat's ``index``-th card in play called ``name``."""
    return in_play(state, seat, name)[index]


def head(state: GameState) -> dict:
    """The step at the head of the queue (empty when the game is over)."""
    return state.queue[0] if state.queue else {}


def in_window(state: GameState) -> bool:
    """Whether the waiting seat is in a window that is not its own turn (marshalling or
    challenges): an action or response window to pass."""
    step = head(state)
    if state.result is not None or step.get("name") != "window":
        return False
    return (
        step.get("turn") is None
        or step["point"] not in ("marshal", "before_challenge")
        or (waiting_seats(state)[0] != step["turn"])
        # The active player before everyone else has passed: he may not initiate yet.
        or (step["point"] == "before_challenge" and not closing(step))
    )


def turn(state: GameState) -> tuple[str, int | None]:
    """``(point, seat)`` of the turn window at the head (``marshal`` or
    ``before_challenge`` and whose turn it is); otherwise the head step's name and None."""
    step = head(state)
    if step.get("name") == "window" and step["point"] in ("marshal", "before_challenge"):
        return step["point"], step["turn"]
    return step.get("name", ""), None


def pass_windows(state: GameState) -> GameState:
    """Every seat passes the action/response windows at the head of the queue (up to the
    next turn of a seat, which the seat ends itself)."""
    while in_window(state):
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def until_phase(state: GameState, phase: str, limit: int = 60) -> GameState:
    """Every waiting seat passes until ``phase`` begins."""
    for _ in range(limit):
        if state.phase == phase or state.result is not None:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"the {phase} phase did not come within {limit} passes")


def end_turn(state: GameState) -> GameState:
    """The seat whose turn it is (marshalling or challenges) passes, and every seat
    passes the window until the turn is over."""
    turn = head(state)
    assert turn.get("name") == "window" and turn["point"] in ("marshal", "before_challenge")

    def same(step: dict) -> bool:
        return step.get("turn") == turn["turn"] and step.get("point") == turn["point"]

    while state.result is None and same(head(state)):
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def answer(state: GameState, purpose: str, refs: Sequence[str]) -> GameState:
    """Answer the ``purpose`` prompt (after passing windows) by selecting ``refs`` one at a
    time and then ``done`` unless the prompt finished itself when full."""
    state = pass_windows(state)
    prompt = head(state)
    assert prompt.get("name") == "prompt" and prompt["purpose"] == purpose, prompt
    seat = prompt["seat"]
    for i, card in enumerate(refs):
        state = act(state, seat, "select", [card])
        now = head(state)
        if now.get("purpose") != purpose or now.get("selected") != list(refs[: i + 1]):
            assert i == len(refs) - 1, f"the {purpose} prompt closed early"
            return state
    return act(state, seat, "done")


def declared(state: GameState, purpose: str, refs: Sequence[str]) -> GameState:
    """Declare ``refs`` for the ``attackers``/``defenders`` prompt, or check that the
    prompt settled itself with exactly those cards (one forced choice or none)."""
    state = pass_windows(state)
    if head(state).get("purpose") == purpose:
        return answer(state, purpose, refs)
    last = [e for e in state.log if e["event"] == purpose][-1]
    assert last["cards"] == list(refs)
    return state


def challenge(
    state: GameState,
    ctype: str,
    attackers: Sequence[str],
    defenders: Sequence[str] = (),
    *,
    defender: int | None = None,
    stealth: Sequence[str] = (),
) -> GameState:
    """The seat whose challenge turn it is initiates a ``ctype`` challenge (against its
    first opponent by default), declares ``attackers``, answers each Stealth prompt in
    turn with the next of ``stealth`` (or none), passes windows and declares
    ``defenders``; returns the state after the windows that follow."""
    state = pass_windows(state)
    turn = head(state)
    assert turn.get("name") == "window" and turn["point"] == "before_challenge", turn
    seat = turn["turn"]
    target = state.opponents(seat)[0] if defender is None else defender
    state = act(state, seat, f"challenge:{ctype}", choice=str(target))
    state = declared(state, "attackers", attackers)
    choices = list(stealth)
    while head(state).get("purpose") == "stealth":
        state = answer(state, "stealth", choices[:1])
        choices = choices[1:]
    assert not choices, "more stealth choices than stealth prompts"
    state = declared(state, "defenders", defenders)
    return pass_windows(state)


def resolved(state: GameState) -> dict:
    """The last ``challenge_resolved`` event."""
    return [e for e in state.log if e["event"] == "challenge_resolved"][-1]


def events(state: GameState, name: str) -> list[dict]:
    """Every logged event called ``name``."""
    return [e for e in state.log if e["event"] == name]


# --- declaring attackers -------------------------------------------------------------


def _army():
    return joust(
        {
            "in_play": [
                "Knight of the Tumblestone",  # military, power
                "Wolf Pack",  # military
                {"card": "Brown Ben Plumm", "knelt": True},  # military, kneeling
                "Kingsmoot Hopeful",  # intrigue, power
            ]
        },
        {"in_play": ["Direwolf Pup", "Direwolf Pup"]},
    )


def test_attackers_are_standing_characters_with_the_icon_and_kneel():
    state = _army()
    knight, wolves = ref(state, 0, "Knight of the Tumblestone"), ref(state, 0, "Wolf Pack")
    ben, hopeful = ref(state, 0, "Brown Ben Plumm"), ref(state, 0, "Kingsmoot Hopeful")
    state = act(state, 0, "challenge:military", choice="1")
    assert head(state)["purpose"] == "attackers"
    assert head(state)["candidates"] == [knight, wolves]
    for card, why in ((ben, "cannot be selected"), (hopeful, "cannot be selected")):
        with pytest.raises(IllegalAction, match=why):
            act(state, 0, "select", [card])
    with pytest.raises(IllegalAction, match="Select at least 1"):
        act(state, 0, "done")
    assert Action(0, "done") not in legal_actions(state, 0)
    state = answer(state, "attackers", [knight])
    assert state.in_play[knight].knelt and not state.in_play[wolves].knelt
    assert state.challenge["attackers"] == [knight]


def test_a_challenge_needs_a_standing_character_with_its_icon():
    state = joust(
        {"in_play": [{"card": "Wolf Pack", "knelt": True}, "Kingsmoot Hopeful"]},
        {"in_play": ["Direwolf Pup"]},
    )
    kinds = {a.kind for a in legal_actions(state, 0)}
    assert kinds == {"challenge:intrigue", "challenge:power", "pass"}
    with pytest.raises(IllegalAction, match="no standing character with the military icon"):
        act(state, 0, "challenge:military", choice="1")


def test_one_challenge_of_each_type_per_phase():
    state = _army()
    wolves = ref(state, 0, "Wolf Pack")
    state = challenge(state, "military", [wolves])
    state = answer(state, "claim_kill", [ref(state, 1, "Direwolf Pup")])
    assert turn(state) == ("before_challenge", 0)
    kinds = {a.kind for a in legal_actions(state, 0)}
    assert kinds == {"challenge:intrigue", "challenge:power", "pass"}  # Knight still stands
    with pytest.raises(IllegalAction, match="already initiated a military challenge"):
        act(state, 0, "challenge:military", choice="1")
    state = challenge(state, "power", [ref(state, 0, "Knight of the Tumblestone")])
    state = challenge(state, "intrigue", [ref(state, 0, "Kingsmoot Hopeful")])
    assert state.players[0].challenges_done == ["military", "power", "intrigue"]
    assert waiting_seats(state) == [1]  # nothing left to initiate: the turn ended


def test_each_player_has_their_own_three_challenges():
    state = joust({"in_play": ["Wolf Pack"]}, {"in_play": ["Direwolf Pup", "Wolf Pack"]})
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")])
    state = answer(state, "claim_kill", [ref(state, 1, "Direwolf Pup")])
    # Seat 0 has no standing character left: its turn ends by itself.
    assert turn(state) == ("before_challenge", 1)
    assert Action(1, "challenge:military", choice="0") in legal_actions(state, 1)


def test_challenges_only_against_an_opponent():
    state = _army()
    for choice in ("0", "2"):
        with pytest.raises(IllegalAction, match=f"Seat {choice} is not an opponent"):
            act(state, 0, "challenge:military", choice=choice)
    assert {a.choice for a in legal_actions(state, 0) if a.kind.startswith("challenge")} == {"1"}


def test_a_player_without_a_possible_challenge_is_skipped():
    state = joust({"in_play": ["Wolf Pack"]}, {"in_play": [], "deck": DECK}, round_limit=5)
    state = act(state, 0, "pass")
    # Seat 1 has no character: its turn passes by itself and the round moves on.
    assert state.round == 2 and state.phase == "plot"


# --- stealth and defenders -----------------------------------------------------------


def _stealth_position():
    return joust(
        {"in_play": ["Shadowcat", "Lord Edric's Knight"]},  # 2 STR military, Stealth
        {
            "in_play": [
                "Knight of the Tumblestone",
                "Wolf Pack",
                "Lord Edric's Knight",  # Stealth: cannot be chosen by Stealth
                {"card": "Brown Ben Plumm", "knelt": True},
                "Kingsmoot Hopeful",
            ]
        },
    )


def test_stealth_keeps_a_non_stealth_defender_out():
    state = _stealth_position()
    cat = ref(state, 0, "Shadowcat")
    knight, wolves = ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Wolf Pack")
    edric = ref(state, 1, "Lord Edric's Knight")
    state = act(state, 0, "challenge:military", choice="1")
    state = answer(state, "attackers", [cat])
    prompt = head(state)
    assert prompt["purpose"] == "stealth" and prompt["seat"] == 0 and prompt["max"] == 1
    assert edric not in prompt["candidates"] and {knight, wolves} <= set(prompt["candidates"])
    with pytest.raises(IllegalAction, match="cannot be selected"):
        act(state, 0, "select", [edric])
    state = answer(state, "stealth", [wolves])
    state = pass_windows(state)
    assert head(state)["purpose"] == "defenders"
    assert set(head(state)["candidates"]) == {knight, edric}
    with pytest.raises(IllegalAction, match="cannot be selected"):
        act(state, 1, "select", [wolves])


def test_each_stealth_attacker_keeps_out_a_different_character():
    state = _stealth_position()
    attackers = [ref(state, 0, "Shadowcat"), ref(state, 0, "Lord Edric's Knight")]
    knight, wolves = ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Wolf Pack")
    state = act(state, 0, "challenge:military", choice="1")
    state = answer(state, "attackers", attackers)
    state = answer(state, "stealth", [knight])
    assert head(state)["purpose"] == "stealth"
    assert knight not in head(state)["candidates"]  # already kept out by the first
    state = answer(state, "stealth", [wolves])
    state = pass_windows(state)
    assert head(state)["candidates"] == [ref(state, 1, "Lord Edric's Knight")]


def test_defenders_are_standing_characters_with_the_icon_and_kneel():
    state = build(
        phase="challenges",
        players=[
            {"revealed_plot": PLOT, "in_play": ["Wolf Pack"]},
            {
                "revealed_plot": PLOT,
                "in_play": [
                    "Knight of the Tumblestone",
                    {"card": "Brown Ben Plumm", "knelt": True},
                    "Kingsmoot Hopeful",
                ],
            },
        ],
    )
    knight, ben = ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Brown Ben Plumm")
    state = act(state, 0, "challenge:military", choice="1")
    state = pass_windows(state)
    assert head(state)["purpose"] == "defenders" and head(state)["seat"] == 1
    assert head(state)["candidates"] == [knight] and head(state)["min"] == 0
    with pytest.raises(IllegalAction, match="cannot be selected"):
        act(state, 1, "select", [ben])
    state = answer(state, "defenders", [knight])
    assert state.in_play[knight].knelt
    assert events(state, "defenders")[-1]["cards"] == [knight]


# --- resolving -----------------------------------------------------------------------


def test_strength_is_never_below_zero_per_character():
    state = joust(
        {"in_play": ["Knight of the Tumblestone", "Brown Ben Plumm"]},
        {"in_play": ["Knight of the Tumblestone"]},
    )
    knight, ben = ref(state, 0, "Knight of the Tumblestone"), ref(state, 0, "Brown Ben Plumm")
    add_lasting(state, "strength", ben, "phase", amount=-5)  # 2 - 5: counts 0, not -3
    defender = ref(state, 1, "Knight of the Tumblestone")
    state = challenge(state, "military", [knight, ben], [defender])
    assert resolved(state)["strength"] == [2, 2]
    assert resolved(state)["winner"] == 0


def test_ties_go_to_the_attacker():
    state = joust({"in_play": ["Knight of the Tumblestone"]}, {"in_play": ["Brown Ben Plumm"]})
    ben = ref(state, 1, "Brown Ben Plumm")
    state = challenge(state, "military", [ref(state, 0, "Knight of the Tumblestone")], [ben])
    assert resolved(state)["strength"] == [2, 2] and resolved(state)["winner"] == 0
    assert ben in state.players[1].dead  # claim 1: the only character
    assert state.players[0].power == 0  # opposed: no bonus power


def test_the_defender_wins_with_more_strength_and_no_claim_happens():
    state = joust({"in_play": ["Knight of the Tumblestone"]}, {"in_play": ["Wolf Pack"]})
    state = challenge(
        state,
        "military",
        [ref(state, 0, "Knight of the Tumblestone")],
        [ref(state, 1, "Wolf Pack")],
    )
    assert resolved(state)["strength"] == [2, 3] and resolved(state)["winner"] == 1
    assert events(state, "claim") == [] and state.players[1].in_play
    assert [p.power for p in state.players] == [0, 0]


def test_an_attacker_with_zero_strength_cannot_win_even_unopposed():
    state = joust({"in_play": ["Knight of the Tumblestone"]}, {"in_play": ["Wolf Pack"]})
    knight = ref(state, 0, "Knight of the Tumblestone")
    add_lasting(state, "strength", knight, "phase", amount=-2)
    state = challenge(state, "military", [knight], [])
    assert resolved(state)["strength"] == [0, 0] and resolved(state)["winner"] is None
    assert events(state, "claim") == [] and state.players[0].power == 0
    assert turn(state) == ("before_challenge", 1)


def test_zero_against_zero_nobody_wins():
    state = joust({"in_play": ["Knight of the Tumblestone"]}, {"in_play": ["Brown Ben Plumm"]})
    knight, ben = ref(state, 0, "Knight of the Tumblestone"), ref(state, 1, "Brown Ben Plumm")
    add_lasting(state, "strength", knight, "phase", amount=-2)
    add_lasting(state, "strength", ben, "phase", amount=-2)
    state = challenge(state, "military", [knight], [ben])
    assert resolved(state)["strength"] == [0, 0] and resolved(state)["winner"] is None
    assert events(state, "claim") == [] and ben in state.players[1].in_play


def test_a_side_without_participating_characters_cannot_win():
    state = joust({"in_play": ["Wolf Pack"]}, {"in_play": ["Knight of the Tumblestone"]})
    wolves, knight = ref(state, 0, "Wolf Pack"), ref(state, 1, "Knight of the Tumblestone")
    state = act(state, 0, "challenge:military", choice="1")
    state = pass_windows(state)
    # An effect removes the only attacker before the challenge resolves.
    discard_from_play(state, [wolves])
    run(state)
    assert state.challenge["attackers"] == []
    state = answer(state, "defenders", [knight])
    assert resolved(state)["strength"] == [0, 2] and resolved(state)["winner"] == 1


# --- claim ---------------------------------------------------------------------------


def test_military_claim_kills_that_many_different_characters_chosen_by_the_defender():
    state = joust(
        {"in_play": ["Wolf Pack"], "revealed_plot": CLAIM_TWO},
        {
            "in_play": [
                "Knight of the Tumblestone",
                {"card": "Brown Ben Plumm", "knelt": True},  # not participating: still fair
                "Kingsmoot Hopeful",
            ]
        },
    )
    knight, ben = ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Brown Ben Plumm")
    hopeful = ref(state, 1, "Kingsmoot Hopeful")
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], [])
    prompt = head(state)
    assert prompt["purpose"] == "claim_kill" and prompt["seat"] == 1
    assert set(prompt["candidates"]) == {knight, ben, hopeful}
    assert (prompt["min"], prompt["max"]) == (2, 2)
    assert legal_actions(state, 0) == []  # the defender chooses
    state = act(state, 1, "select", [ben])
    with pytest.raises(IllegalAction, match="already selected"):
        act(state, 1, "select", [ben])
    with pytest.raises(IllegalAction, match="Select at least 2"):
        act(state, 1, "done")
    state = act(state, 1, "select", [hopeful])
    assert state.players[1].dead == [ben, hopeful]
    assert state.players[1].in_play == [knight]
    assert [e["card"] for e in events(state, "killed")] == [ben, hopeful]


def test_military_claim_beyond_the_characters_kills_them_all():
    state = joust(
        {"in_play": ["Wolf Pack"], "revealed_plot": CLAIM_TWO},
        {"in_play": [{"card": "Brown Ben Plumm", "knelt": True}]},
    )
    ben = ref(state, 1, "Brown Ben Plumm")
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], [])
    assert state.players[1].dead == [ben]


def test_intrigue_claim_discards_at_random_from_the_hand():
    picked = set()
    for seed in range(8):
        state = joust(
            {"in_play": ["Kingsmoot Hopeful"], "revealed_plot": CLAIM_TWO},
            {"hand": ["Wolf Pack", "Direwolf Pup", "Brown Ben Plumm", "Lady"]},
            seed=seed,
        )
        before = list(state.players[1].hand)
        state = challenge(state, "intrigue", [ref(state, 0, "Kingsmoot Hopeful")], [])
        gone = [r for r in before if r not in state.players[1].hand]
        assert len(gone) == 2 and sorted(state.players[1].discard) == sorted(gone)
        assert all(e["random"] for e in events(state, "discarded"))
        picked.add(tuple(sorted(state.code(r) for r in gone)))
    assert len(picked) > 2  # random, not the first cards of the hand


def test_intrigue_claim_with_a_short_hand_discards_what_there_is():
    state = joust(
        {"in_play": ["Kingsmoot Hopeful"], "revealed_plot": CLAIM_TWO},
        {"hand": ["Lady"]},
    )
    state = challenge(state, "intrigue", [ref(state, 0, "Kingsmoot Hopeful")], [])
    assert state.players[1].hand == [] and len(state.players[1].discard) == 1


def test_power_claim_moves_house_power_limited_by_what_the_loser_has():
    state = joust(
        {"in_play": ["Kingsmoot Hopeful"], "revealed_plot": CLAIM_TWO},
        {"in_play": [{"card": "Knight of the Tumblestone", "power": 3, "knelt": True}], "power": 1},
    )
    knight = ref(state, 1, "Knight of the Tumblestone")
    state = challenge(state, "power", [ref(state, 0, "Kingsmoot Hopeful")], [])
    moved = events(state, "power_moved")
    assert [(e["source"], e["seat"], e["amount"]) for e in moved] == [(1, 0, 1)]
    assert state.players[1].power == 0 and state.in_play[knight].power == 3  # not from cards
    assert state.players[0].power == 2  # 1 claimed + 1 unopposed


def test_unopposed_gives_one_power_only_without_defending_strength():
    # No defenders: +1.
    state = joust({"in_play": ["Wolf Pack"]}, {"in_play": []})
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], [])
    assert resolved(state)["unopposed"] and state.players[0].power == 1
    # Defenders with 0 STR in total: still unopposed.
    state = joust({"in_play": ["Wolf Pack"]}, {"in_play": ["Knight of the Tumblestone"]})
    knight = ref(state, 1, "Knight of the Tumblestone")
    add_lasting(state, "strength", knight, "phase", amount=-2)
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], [knight])
    assert resolved(state)["strength"] == [3, 0] and resolved(state)["unopposed"]
    assert state.players[0].power == 1
    # Defending STR above 0: no bonus even though the attacker wins.
    state = joust({"in_play": ["Wolf Pack"]}, {"in_play": ["Knight of the Tumblestone"]})
    knight = ref(state, 1, "Knight of the Tumblestone")
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], [knight])
    assert resolved(state)["winner"] == 0 and not resolved(state)["unopposed"]
    assert state.players[0].power == 0


# --- leaving play: power, attachments, duplicates, saves ---------------------------------


def test_power_on_a_character_is_lost_when_it_leaves_play():
    state = joust(
        {"in_play": ["Wolf Pack"], "power": 2},
        {"in_play": [{"card": "Knight of the Tumblestone", "power": 3}], "power": 4},
    )
    knight = ref(state, 1, "Knight of the Tumblestone")
    assert state.total_power(1) == 7
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], [])
    assert knight in state.players[1].dead
    assert state.total_power(1) == 4 and state.total_power(0) == 3  # 2 + unopposed
    left = events(state, "left_play")[-1]
    assert (left["card"], left["power"], left["to"]) == (knight, 3, "dead")


def test_attachments_and_duplicates_are_discarded_with_their_character():
    state = joust(
        {"in_play": ["Wolf Pack"]},
        {
            "in_play": [
                {"card": "Arya Stark", "duplicates": ["Arya Stark"], "attachments": ["Summer"]}
            ]
        },
    )
    arya = ref(state, 1, "Arya Stark")
    (dupe,) = state.in_play[arya].duplicates
    summer = ref(state, 1, "Summer")
    # An opponent's attachment on the same character goes to its owner's discard pile.
    theirs = state.new_card(code("Milk of the Poppy"), 0)
    state.in_play[theirs] = InPlay(controller=0, attached_to=arya)
    state.players[0].in_play.append(theirs)
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], [])
    state = answer(state, "save", [])  # keep the duplicate: Arya dies
    assert state.players[1].dead == [arya]
    assert sorted(state.players[1].discard) == sorted([dupe, summer])
    assert state.players[0].discard == [theirs]
    assert not {arya, summer, theirs} & set(state.in_play)


def test_a_duplicate_saves_its_character_from_being_killed():
    state = joust(
        {"in_play": ["Wolf Pack"]},
        {"in_play": [{"card": "Arya Stark", "duplicates": ["Arya Stark"], "power": 2}]},
    )
    arya = ref(state, 1, "Arya Stark")
    (dupe,) = state.in_play[arya].duplicates
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], [])
    assert head(state)["purpose"] == "save" and head(state)["seat"] == 1
    state = answer(state, "save", [arya])
    assert arya in state.players[1].in_play and state.in_play[arya].duplicates == []
    assert state.players[1].discard == [dupe] and state.players[1].dead == []
    assert state.in_play[arya].power == 2
    assert events(state, "saved")[-1]["card"] == arya and events(state, "killed") == []


def test_high_claim_kills_different_characters_so_one_save_per_character():
    # Claim 2 against a single character with two duplicates: it is killed once, and
    # one duplicate saves it; the other duplicate stays.
    state = joust(
        {"in_play": ["Wolf Pack"], "revealed_plot": CLAIM_TWO},
        {"in_play": [{"card": "Arya Stark", "duplicates": ["Arya Stark", "Arya Stark"]}]},
    )
    arya = ref(state, 1, "Arya Stark")
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], [])
    assert head(state)["purpose"] == "save"
    state = answer(state, "save", [arya])
    assert arya in state.players[1].in_play and len(state.in_play[arya].duplicates) == 1
    assert len(state.players[1].discard) == 1 and state.players[1].dead == []
    assert state.challenge is None
    # Two characters, claim 2: both are chosen at once; saving one kills only the other.
    state = joust(
        {"in_play": ["Wolf Pack"], "revealed_plot": CLAIM_TWO},
        {
            "in_play": [
                {"card": "Arya Stark", "duplicates": ["Arya Stark"]},
                "Knight of the Tumblestone",
            ]
        },
    )
    arya, knight = ref(state, 1, "Arya Stark"), ref(state, 1, "Knight of the Tumblestone")
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], [])
    assert events(state, "killed") == []  # both are killed together, after the saves
    state = answer(state, "save", [arya])
    assert state.players[1].dead == [knight] and state.players[1].in_play == [arya]


def test_gold_to_initiate_is_given_to_the_defender():
    # "In order to initiate a Military challenge, an attacker must give the defender 2
    # gold" (Uneasy Truce), as a lasting effect on the challenge_gold query.
    state = joust({"in_play": ["Wolf Pack"], "gold": 1}, {"in_play": ["Lady"], "gold": 0})
    add_lasting(state, "challenge_gold", "0>1:military", "phase", amount=2)
    with pytest.raises(IllegalAction, match="costs 2 gold; you have 1"):
        act(state, 0, "challenge:military", choice="1")
    assert Action(0, "challenge:military", choice="1") not in legal_actions(state, 0)
    state.players[0].gold = 3
    state = act(state, 0, "challenge:military", choice="1")
    assert [p.gold for p in state.players] == [1, 2]
    assert events(state, "gold_given")[-1] == {
        "event": "gold_given",
        "round": 1,
        "seat": 0,
        "to": 1,
        "gold": 2,
    }


# --- hooks for card text ---------------------------------------------------------------


def _passive(monkeypatch, name: str, query: str, fn) -> None:
    """Give a (textless) card a passive for the length of one test."""
    monkeypatch.setitem(SCRIPTS, code(name), Script(passives={query: [fn]}))
    monkeypatch.setitem(PASSIVE_CODES, query, PASSIVE_CODES.get(query, set()) | {code(name)})


def test_a_card_may_say_a_character_does_not_kneel_to_attack_or_defend(monkeypatch):
    # Like Ser Jaime Lannister ("does not kneel to attack or defend during a Military
    # challenge") and Ser Rodrik Cassel ("does not kneel to defend").
    def stays(state, source, subject, base):
        return base and subject != source

    _passive(monkeypatch, "Wolf Pack", "kneel_to_attack", stays)
    _passive(monkeypatch, "Brown Ben Plumm", "kneel_to_defend", stays)
    state = joust({"in_play": ["Wolf Pack"]}, {"in_play": ["Brown Ben Plumm", "Lady"]})
    wolves, ben = ref(state, 0, "Wolf Pack"), ref(state, 1, "Brown Ben Plumm")
    state = challenge(state, "military", [wolves], [ben])
    assert resolved(state)["winner"] == 0
    state = answer(state, "claim_kill", [ref(state, 1, "Lady")])
    assert state.phase == "challenges"
    assert not state.in_play[wolves].knelt and not state.in_play[ben].knelt


def test_a_card_may_say_it_cannot_be_bypassed_with_stealth(monkeypatch):
    # Like Hodor ("cannot be bypassed with stealth").
    def not_me(state, source, subject, base):
        return base and subject != source

    _passive(monkeypatch, "Wolf Pack", "can_be_stealthed", not_me)
    state = joust({"in_play": ["Shadowcat"]}, {"in_play": ["Wolf Pack", "Lady"]})
    state = act(state, 0, "challenge:military", choice="1")
    assert head(state)["purpose"] == "stealth"
    assert head(state)["candidates"] == [ref(state, 1, "Lady")]


def test_characters_that_cannot_be_killed_are_not_chosen_for_claim_or_deadly():
    # Ruling: claim and Deadly are satisfied only with characters that can be killed.
    state = joust(
        {"in_play": ["Wolf Pack", "House Payne Enforcer"]},  # the Enforcer: Deadly
        {"in_play": ["Knight of the Tumblestone", "Direwolf Pup", "Brown Ben Plumm"]},
    )
    knight, pup = ref(state, 1, "Knight of the Tumblestone"), ref(state, 1, "Direwolf Pup")
    ben = ref(state, 1, "Brown Ben Plumm")
    for card in (knight, ben):
        add_lasting(state, "can_be_killed", card, "phase", value=False)
    attackers = [ref(state, 0, "Wolf Pack"), ref(state, 0, "House Payne Enforcer")]
    state = challenge(state, "military", attackers, [knight, ben])
    assert resolved(state)["winner"] == 0
    # Claim 1: only the Pup can be killed (forced); Deadly: no defender can be.
    assert state.players[1].dead == [pup] and state.challenge is None
    assert set(state.players[1].in_play) == {knight, ben}
