"""Per-phase and per-round counters count the epic phase's challenges (issue 28). An epic
phase is a phase of its own (docs/RULINGS.md, "The epic phase"): "the first challenge
initiated each phase" counts again there (Vanguard Scouts), and each epic phase has its own
"Limit once per phase"; per-round counts go on through it: "the first challenge initiated
each round" is the epic challenge only if none came before (House Florent Scouts), and
Focused Offense's single challenge of the round is not given again by the epic phase."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import act, answer, events, head, ref, use, uses, waiting_seats
from tests.gameplay.epictest import play_battle, plot_phase, until_epic_turn

RUBY_FORD = "acoa_87"  # Battle of Ruby Ford: an epic phase, a single challenge of any type
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue
VANGUARD = "acoa_11"  # Vanguard Scouts: "does not kneel to attack or defend during the
# first challenge initiated each phase" (Stark, military and power)
FLORENT = "acoa_14"  # House Florent Scouts: "gains vigilant and renown during the first
# challenge initiated each round" (Baratheon, military and intrigue)
FOCUSED = "qod_51"  # Focused Offense: "You cannot declare more than 1 challenge."
BESIEGERS = "acoa_19"  # "Cancel the first effect triggered during the first challenge
# initiated each phase."
DROGON = "core_111"  # "Any Phase: Pay 2 gold to choose a character ... (Limit once per phase.)"
CHALLENGE_WORDS = ("challenge:military", "challenge:intrigue", "challenge:power")


def _until_challenge_turn(state, seat: int, limit: int = 80):
    """Every waiting seat passes until ``seat``'s challenges turn waits for it."""
    for _ in range(limit):
        step = head(state)
        if (
            step.get("name") == "window"
            and step.get("point") == "before_challenge"
            and step.get("turn") == seat
            and waiting_seats(state) == [seat]
        ):
            return state
        assert step.get("name") != "prompt", step
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"seat {seat}'s challenges turn did not come")


def _initiate(state, seat: int, ctype: str, attackers):
    """``seat`` initiates a challenge and declares ``attackers`` (or sees the prompt settle
    itself with them, the only ones who can attack)."""
    state = act(state, seat, f"challenge:{ctype}", choice="1")
    if head(state).get("purpose") == "attackers":
        return answer(state, "attackers", attackers)
    assert events(state, "attackers")[-1]["cards"] == list(attackers)
    return state


def _resolve(state):
    """Pass and answer with nothing (no defenders, no Stealth) until the challenge is over."""
    for _ in range(60):
        if state.challenge is None:
            return state
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], [])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def _challenge_kinds(state, seat: int) -> set[str]:
    return {a.kind for a in legal_actions(state, seat) if a.kind in CHALLENGE_WORDS}


def test_acoa_11_vanguard_scouts_first_challenge_of_the_epic_phase_does_not_kneel_them():
    me = {"house": "Stark", "hand": [RUBY_FORD], "in_play": [KNIGHT, VANGUARD]}
    state = plot_phase([me, {"house": "Lannister", "in_play": [STEWARD]}])
    state = play_battle(state, 0, RUBY_FORD)
    state = _until_challenge_turn(state, 0)
    state = _resolve(_initiate(state, 0, "power", [ref(state, 0, KNIGHT)]))
    scouts = ref(state, 0, VANGUARD)
    state = until_epic_turn(state, 0)
    assert state.phase == "epic"
    state = _initiate(state, 0, "power", [scouts])
    assert events(state, "attackers")[-1]["cards"] == [scouts]
    assert not state.in_play[scouts].knelt  # the first challenge of this (epic) phase


def test_acoa_14_house_florent_scouts_the_epic_challenge_is_the_rounds_first_if_none_before():
    me = {"house": "Baratheon", "hand": [RUBY_FORD], "in_play": [FLORENT]}
    state = plot_phase([me, {"house": "Lannister", "in_play": [STEWARD]}])
    state = play_battle(state, 0, RUBY_FORD)
    state = until_epic_turn(state, 0)  # nobody initiated a challenge in the challenges phase
    scouts = ref(state, 0, FLORENT)
    state = _initiate(state, 0, "military", [scouts])
    assert {"vigilant", "renown"} <= keywords(state, scouts)


def test_acoa_14_house_florent_scouts_not_in_the_epic_phase_after_a_challenge_this_round():
    me = {"house": "Baratheon", "hand": [RUBY_FORD], "in_play": [FLORENT, KNIGHT]}
    state = plot_phase([me, {"house": "Lannister", "in_play": [STEWARD]}])
    state = play_battle(state, 0, RUBY_FORD)
    state = _until_challenge_turn(state, 0)
    state = _resolve(_initiate(state, 0, "power", [ref(state, 0, KNIGHT)]))
    state = until_epic_turn(state, 0)
    scouts = ref(state, 0, FLORENT)
    state = _initiate(state, 0, "military", [scouts])
    assert not {"vigilant", "renown"} & keywords(state, scouts)


def test_qod_51_focused_offense_one_challenge_in_the_challenges_phase_none_in_the_epic():
    me = {"hand": [RUBY_FORD], "in_play": [KNIGHT, VANGUARD], "plot_deck": [FOCUSED, FOCUSED]}
    state = plot_phase([me, {"house": "Lannister", "in_play": [STEWARD]}])
    state = play_battle(state, 0, RUBY_FORD)
    state = _until_challenge_turn(state, 0)
    state = _resolve(_initiate(state, 0, "power", [ref(state, 0, KNIGHT)]))
    assert not state.in_play[ref(state, 0, VANGUARD)].knelt  # it could attack
    for _ in range(80):  # through the epic phase: seat 0 may initiate nothing there
        if events(state, "epic_battle_over"):
            break
        if state.phase == "epic":
            assert _challenge_kinds(state, 0) == set()
        state = act(state, waiting_seats(state)[0], "pass")
    epic = max(i for i, e in enumerate(state.log) if e["event"] == "epic_phase")
    assert events(state, "epic_battle_over")
    assert not [e for e in state.log[epic:] if e["event"] == "challenge"]


def test_qod_51_focused_offense_the_epic_challenge_is_the_single_one_of_the_round():
    me = {"hand": [RUBY_FORD], "in_play": [KNIGHT], "plot_deck": [FOCUSED, FOCUSED]}
    state = plot_phase([me, {"house": "Lannister", "in_play": [STEWARD]}])
    state = play_battle(state, 0, RUBY_FORD)
    state = until_epic_turn(state, 0)
    assert "challenge:power" in _challenge_kinds(state, 0)


def test_limit_once_per_phase_again_in_the_rounds_second_epic_phase():
    me = {"house": "Targaryen", "hand": [RUBY_FORD, RUBY_FORD], "in_play": [DROGON]}
    state = plot_phase([me, {"house": "Lannister", "in_play": [STEWARD]}])
    state = play_battle(state, 0, RUBY_FORD)
    state = play_battle(state, 0, RUBY_FORD)
    state = until_epic_turn(state, 0)
    drogon, steward = ref(state, 0, DROGON), ref(state, 1, STEWARD)
    state.players[0].gold = 4
    state = use(state, 0, drogon, steward)
    while head(state).get("turn") != 0 or waiting_seats(state) != [0]:
        state = act(state, waiting_seats(state)[0], "pass")
    assert len(events(state, "epic_phase")) == 1
    assert uses(state, 0, drogon) == []  # once in this epic phase
    for _ in range(40):  # on to seat 0's turn in the second epic phase
        if len(events(state, "epic_phase")) == 2 and head(state).get("turn") == 0:
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert state.phase == "epic" and len(events(state, "epic_phase")) == 2
    assert [a.cards[1:] for a in uses(state, 0, drogon)]  # a phase of its own


def test_acoa_19_besiegers_of_dorne_cancel_the_first_effect_of_the_epic_phases_first_challenge():
    me = {"house": "Targaryen", "hand": [RUBY_FORD], "in_play": [DROGON, KNIGHT]}
    them = {"house": "Martell", "in_play": [BESIEGERS, STEWARD]}
    state = plot_phase([me, them])
    state = play_battle(state, 0, RUBY_FORD)
    state = until_epic_turn(state, 0)
    drogon, steward = ref(state, 0, DROGON), ref(state, 1, STEWARD)
    state.players[0].gold = 4
    state = _initiate(state, 0, "power", [ref(state, 0, KNIGHT)])
    for _ in range(20):  # a window of the epic challenge where seat 0 may use Drogon
        assert state.challenge is not None
        if waiting_seats(state) == [0] and uses(state, 0, drogon):
            break
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], [])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 0, drogon, steward)
    assert state.players[0].gold == 2  # paid, and cancelled: Steward keeps its STR
    assert strength(state, steward) == 2


def test_low_42_rorge_reads_the_epic_challenge_as_the_rounds_first_only_if_none_before():
    """Rorge: "Raise the Claim value on the attacking player's revealed plot card by 1 during
    the first challenge declared each round" (a per-round count read from the log)."""
    for before, claim in ((False, 3), (True, 2)):  # Battle of Ruby Ford: claim 2
        me = {"house": "Stark", "hand": [RUBY_FORD], "in_play": [KNIGHT, VANGUARD]}
        state = plot_phase([me, {"house": "Lannister", "in_play": ["low_42", STEWARD]}])
        state = play_battle(state, 0, RUBY_FORD)
        if before:
            state = _until_challenge_turn(state, 0)
            state = _resolve(_initiate(state, 0, "power", [ref(state, 0, KNIGHT)]))
        state = until_epic_turn(state, 1)  # Rorge's controller attacks in the epic phase
        state = act(state, 1, "challenge:intrigue", choice="0")
        if head(state).get("purpose") == "attackers":
            state = answer(state, "attackers", [ref(state, 1, STEWARD)])
        state = _resolve(state)
        epic = max(i for i, e in enumerate(state.log) if e["event"] == "epic_phase")
        claims = [e for e in state.log[epic:] if e["event"] == "claim"]
        assert [(e["seat"], e["amount"]) for e in claims] == [(1, claim)]
