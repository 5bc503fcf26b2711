"""Who may act when (issue 16): the rulebook's action windows, in every variant.

- line 241: setup is placed by the first player first, then clockwise, face down;
- line 329: while one player marshals, the others may still take actions (Ambush);
- line 399: players may act before and between the steps of a challenge, and so before
  a challenge is initiated (kneel a would-be attacker: The Lion's Will);
- line 597: a duplicate saves a unique card from being killed, discarded, or returned to
  its owner's hand or deck (and from being removed from the game);
- line 725: the first player has the first action of each phase; after an action each
  opponent in turn may act or pass; a window closes when every player passed in a row.

The positions are built without passing for anyone (``auto_pass=False``): every seat is
asked in every action window, also a seat with nothing playable (its only action is pass).
"""

from __future__ import annotations

import pytest

from gameplay.engine import moves
from gameplay.engine.actions import Action
from gameplay.engine.game import (
    IllegalAction,
    apply,
    auto_pass,
    legal_actions,
    only_pass,
    to_act,
)
from gameplay.engine.observe import observe
from gameplay.engine.state import GameState
from gameplay.engine.steps import run
from tests.gameplay.scenario import build, hand, in_play

PLOT = "Summoning Season"  # claim 1; its "when revealed" text does not run in build()
AMBUSH = "Flame-Kissed"  # Targaryen attachment, Ambush (cost 2): the later browser test's
KNEEL = "The Lion's Will"  # Lannister event: "Any Phase: Pay 2 gold ... Kneel that character."
INFLUENCE = "Crossroads"  # neutral location, 1 influence, no text
# (variant, seats) as the rulebook's variants are played
VARIANTS = [("joust", 2), ("melee", 3), ("melee", 4), ("teams", 4)]
IDS = ["joust", "melee3", "melee4", "teams"]


def players(count: int, variant: str, **by_seat: dict) -> list[dict]:
    """Player specs: ``s<seat>`` keyword gives that seat's spec; teams get their team."""
    specs = []
    for seat in range(count):
        spec = {"revealed_plot": PLOT, **by_seat.get(f"s{seat}", {})}
        if variant == "teams":
            spec["team"] = seat % 2
        specs.append(spec)
    return specs


def point(state: GameState) -> tuple:
    """(point, turn) of the decision at hand, from the spectator's view."""
    found = observe(state, None)["point"] or {}
    return found.get("point"), found.get("turn")


def pass_responses(state: GameState) -> GameState:
    """Every asked seat passes the response windows at the head."""
    while (
        state.queue and state.queue[0]["name"] == "window" and state.queue[0]["kind"] == "response"
    ):
        state = apply(state, Action(to_act(state)[0], "pass"))
    return state


def passes(state: GameState, count: int) -> tuple[GameState, list[int]]:
    """``count`` seats pass in turn; returns the state and who passed."""
    seats = []
    for _ in range(count):
        (seat,) = to_act(state)
        seats.append(seat)
        state = apply(state, Action(seat, "pass"))
    return state, seats


# --- line 241: setup ------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "count"), VARIANTS, ids=IDS)
def test_setup_is_placed_by_the_first_player_first_then_clockwise_face_down(variant, count):
    spec = {"hand": ["Direwolf Pup", "Wolf Pack"], "deck": ["Wolf Pack"] * 8}
    specs = players(count, variant, **{f"s{s}": spec for s in range(count)})
    state = build(phase="setup", players=specs, first_player=1, variant=variant)
    order = []
    while state.queue and state.queue[0]["name"] == "setup_place":
        (seat,) = to_act(state)
        assert point(state) == ("setup", None)
        assert all(legal_actions(state, s) == [] for s in range(count) if s != seat)
        order.append(seat)
        pup = hand(state, seat, "Direwolf Pup")[0]
        state = apply(state, Action(seat, "setup:place", (pup,)))
        if len(order) < count:  # face down until everyone has placed
            assert state.in_play == {}
            for viewer in [s for s in range(count) if s != seat] + [None]:
                public = observe(state, viewer)["players"][seat]
                assert public["setup_count"] == 1 and "setup_cards" not in public
    assert order == [(1 + i) % count for i in range(count)]
    # Revealed together.
    assert [len(in_play(state, s, "Direwolf Pup")) for s in range(count)] == [1] * count


# --- line 329: marshalling ------------------------------------------------------------


@pytest.mark.parametrize(("variant", "count"), VARIANTS, ids=IDS)
def test_another_player_ambushes_during_the_first_players_marshalling(variant, count):
    last = count - 1
    ambusher = {
        "house": "Targaryen",
        "hand": [AMBUSH, "Knight of the Tumblestone"],
        "in_play": [INFLUENCE, INFLUENCE],
        "gold": 5,
    }
    specs = players(
        count, variant, s0={"hand": ["Arya Stark"], "gold": 2}, **{f"s{last}": ambusher}
    )
    state = build(players=specs, variant=variant, auto_pass=False)
    assert to_act(state) == [0] and point(state) == ("marshal", 0)
    # Only the player whose turn it is marshals (the others "can still take Marshalling:
    # or Any Phase: actions").
    knight = hand(state, last, "Knight of the Tumblestone")[0]
    with pytest.raises(IllegalAction, match="no decision now"):
        apply(state, Action(last, "marshal:play", (knight,)))
    arya = hand(state, 0, "Arya Stark")[0]
    state = apply(state, Action(0, "marshal:play", (arya,)))
    # After the action, each opponent clockwise has the opportunity to act or pass.
    for seat in range(1, last):
        assert to_act(state) == [seat] and only_pass(state, seat)
        state = apply(state, Action(seat, "pass"))
    assert to_act(state) == [last] and point(state) == ("marshal", 0)
    assert observe(state, None)["point"]["last"] == {
        "seat": 0,
        "kind": "marshal:play",
        "cards": [arya],
    }
    legal = legal_actions(state, last)
    assert not [a for a in legal if a.kind.startswith("marshal")]  # not their turn
    flame = hand(state, last, AMBUSH)[0]
    ambush = Action(last, "use", (flame, arya), "ambush")
    assert ambush in legal
    state = apply(state, ambush)
    # Flame-Kissed (-2 STR, killed at 0) put into play by Ambush, paid with influence.
    assert arya in state.players[0].dead and flame in state.players[last].discard
    assert all(state.in_play[r].knelt for r in in_play(state, last, INFLUENCE))
    # After the responses to Arya's death, the marshalling turn goes on: every other seat
    # may answer the Ambush first.
    state = pass_responses(state)
    assert point(state) == ("marshal", 0) and to_act(state) == [0]
    state, seats = passes(state, count)  # everyone passes in a row: the turn is over
    assert seats == [*range(count)] and point(state) == ("marshal", 1)
    assert [e for e in state.log if e["event"] == "turn_over"][-1]["seat"] == 0


# --- line 399: before and between the steps of a challenge ----------------------------


@pytest.mark.parametrize(("variant", "count"), VARIANTS, ids=IDS)
def test_a_would_be_attacker_is_knelt_before_the_challenge(variant, count):
    # The kneeling player is the first player: in the challenges turn of seat 0 they have
    # the first action (line 725), before seat 0 initiates anything. In melee a third
    # player does it; in two-on-two the partner of the defending player.
    kneeler = count - 1
    specs = players(
        count,
        variant,
        s0={"in_play": ["Wolf Pack"]},
        **{f"s{kneeler}": {"house": "Lannister", "hand": [KNEEL], "gold": 2}},
    )
    state = build(
        phase="challenges",
        players=specs,
        first_player=kneeler,
        variant=variant,
        auto_pass=False,
    )
    # The kneeler's own turn comes first: everyone passes it.
    assert point(state) == ("before_challenge", kneeler)
    state, seats = passes(state, count)
    assert seats == [(kneeler + i) % count for i in range(count)]
    assert point(state) == ("before_challenge", 0) and to_act(state) == [kneeler]
    pack = in_play(state, 0, "Wolf Pack")[0]
    lions_will = hand(state, kneeler, KNEEL)[0]
    state = apply(state, Action(kneeler, "use", (lions_will, pack)))
    assert state.in_play[pack].knelt
    # Seat 0 is asked next: it can no longer initiate a challenge with Wolf Pack.
    assert to_act(state) == [0] and only_pass(state, 0)
    assert not [a for a in legal_actions(state, 0) if a.kind.startswith("challenge:")]


def test_the_window_between_challenges_opens_again_from_the_first_player():
    specs = players(
        2,
        "joust",
        s0={"in_play": ["Wolf Pack", "Knight of the Tumblestone"]},
        s1={"house": "Lannister", "hand": [KNEEL], "gold": 2},
    )
    state = build(phase="challenges", players=specs, first_player=1, auto_pass=False)
    state, _ = passes(state, 2)  # seat 1's own turn
    state, seats = passes(state, 1)  # seat 1 lets seat 0 begin
    assert seats == [1]
    pack = in_play(state, 0, "Wolf Pack")[0]
    knight = in_play(state, 0, "Knight of the Tumblestone")[0]
    state = apply(state, Action(0, "challenge:military", choice="1"))
    state = apply(state, Action(0, "select", (pack,)))
    state = apply(state, Action(0, "done"))
    while state.challenge is not None:  # the windows of the challenge; nobody defends
        state = apply(state, Action(to_act(state)[0], "pass"))
    assert point(state) == ("before_challenge", 0)
    # Between challenges the first player is asked first again, and kneels the Knight.
    assert to_act(state) == [1]
    state = apply(state, Action(1, "use", (hand(state, 1, KNEEL)[0], knight)))
    assert to_act(state) == [0] and only_pass(state, 0)


@pytest.mark.parametrize(("variant", "count"), VARIANTS, ids=IDS)
def test_the_windows_of_a_challenge_ask_every_seat_from_the_first_player(variant, count):
    specs = players(
        count, variant, s0={"in_play": ["Wolf Pack"]}, s1={"in_play": ["Knight of the Tumblestone"]}
    )
    first = count - 1
    state = build(
        phase="challenges", players=specs, first_player=first, variant=variant, auto_pass=False
    )
    # The first player's turn, then seat 0's: everyone passes in a row before seat 0 may
    # initiate (the window before a challenge closes first: windows.advance).
    while not (to_act(state) == [0] and point(state) == ("before_challenge", 0)) or not [
        a for a in legal_actions(state, 0) if a.kind.startswith("challenge:")
    ]:
        state, _ = passes(state, 1)
    state = apply(state, Action(0, "challenge:military", choice="1"))
    order = [(first + i) % count for i in range(count)]
    for name in ("after_attackers", "after_defenders"):
        if name == "after_defenders":
            assert state.queue[0]["purpose"] == "defenders"
            state = apply(state, Action(1, "done"))
        assert point(state) == (name, 0)
        state, seats = passes(state, count)
        assert seats == order


# --- line 597: duplicates save from every way of leaving play -------------------------

ZONES = {"kill": "dead", "discard": "discard", "hand": "hand", "deck": "deck", "remove": "removed"}


@pytest.mark.parametrize("how", list(ZONES))
@pytest.mark.parametrize(("variant", "count"), VARIANTS, ids=IDS)
def test_a_duplicate_saves_a_unique_card_from_leaving_play(how, variant, count):
    arya = {"card": "Arya Stark", "duplicates": ["Arya Stark"]}
    specs = players(count, variant, s1={"in_play": [arya, "Wolf Pack"]})
    state = build(players=specs, variant=variant).copy()
    target, other = in_play(state, 1, "Arya Stark")[0], in_play(state, 1, "Wolf Pack")[0]
    (duplicate,) = state.in_play[target].duplicates
    moves.leave(state, [target, other], how)
    run(state)
    prompt = state.queue[0]
    # Only the unique card with a duplicate is offered, to its controller.
    assert (prompt["purpose"], prompt["seat"], prompt["candidates"]) == ("save", 1, [target])
    saved = auto_pass(apply(state, Action(1, "select", (target,))))  # full: it finishes
    assert target in saved.players[1].in_play and duplicate in saved.players[1].discard
    assert other not in saved.in_play
    declined = auto_pass(apply(state, Action(1, "done")))
    zone = ZONES[how]
    assert target in getattr(declined.players[1], zone) and duplicate in declined.players[1].discard


def test_a_card_that_cannot_be_saved_offers_no_duplicate():
    arya = {"card": "Arya Stark", "duplicates": ["Arya Stark"]}
    state = build(players=players(2, "joust", s1={"in_play": [arya]})).copy()
    target = in_play(state, 1, "Arya Stark")[0]
    moves.discard_from_play(state, [target])
    run(state)
    assert target in state.players[1].discard and len(state.players[1].discard) == 2


# --- line 725: the first action, then each opponent, until all pass in a row -----------


@pytest.mark.parametrize(("variant", "count"), VARIANTS, ids=IDS)
def test_every_seat_is_asked_in_every_window_of_a_round_first_player_first(variant, count):
    first = 1
    state = build(
        phase="draw",
        players=players(count, variant),
        first_player=first,
        variant=variant,
        auto_pass=False,
    )
    order = [(first + i) % count for i in range(count)]
    seen: list[tuple] = []
    while state.queue[0]["name"] == "window":
        where = point(state)
        (seat,) = to_act(state)
        assert only_pass(state, seat) and legal_actions(state, seat) == [Action(seat, "pass")]
        seen.append((*where, seat))
        state = apply(state, Action(seat, "pass"))
    expected = [("draw", None, s) for s in order]
    for phase in ("marshal", "before_challenge"):
        expected += [(phase, turn, s) for turn in order for s in order]
    for phase in ("dominance", "standing", "taxation"):
        expected += [(phase, None, s) for s in order]
    assert seen == expected
    assert state.queue[0]["name"] == "choose_plots" and state.round == 2


def test_after_an_action_each_opponent_may_act_and_the_window_closes_after_all_pass():
    courtier = "Renly's Courtier"  # Any Phase: kneel it to blank a non-unique character
    specs = players(4, "melee", s3={"house": "Baratheon", "in_play": [courtier, "Wolf Pack"]})
    state = build(phase="draw", players=specs, first_player=2, auto_pass=False)
    state, seats = passes(state, 1)
    assert seats == [2] and point(state) == ("draw", None)
    source = in_play(state, 3, courtier)[0]
    state = apply(state, Action(3, "use", (source, in_play(state, 3, "Wolf Pack")[0])))
    state, seats = passes(state, 3)
    assert seats == [0, 1, 2] and point(state) == ("draw", None)  # seat 3 may act again
    state, seats = passes(state, 1)
    assert seats == [3] and point(state) == ("marshal", 2)  # four passes in a row: closed


def test_the_first_player_acts_first_in_every_phase_window_even_when_not_seat_0():
    state = build(phase="dominance", players=players(3, "melee"), first_player=2, auto_pass=False)
    for phase in ("dominance", "standing", "taxation"):
        assert point(state) == (phase, None) and to_act(state) == [2]
        state, _ = passes(state, 3)


def test_nothing_playable_is_asked_like_anyone_else_and_nothing_tells_the_others():
    mine = {"in_play": ["Knight of the Tumblestone"], "gold": 2}
    specs = players(2, "joust", s1={"house": "Lannister", "hand": [KNEEL], "gold": 2}, s0=mine)
    state = build(phase="draw", players=specs, auto_pass=False)
    assert to_act(state) == [0] and only_pass(state, 0)
    holding = apply(state, Action(0, "pass"))
    assert to_act(holding) == [1] and not only_pass(holding, 1)
    # The same position where seat 1 holds nothing playable.
    empty = build(
        phase="draw",
        players=players(2, "joust", s0=mine, s1={"house": "Lannister", "gold": 2}),
        auto_pass=False,
    )
    empty = apply(empty, Action(0, "pass"))
    assert to_act(empty) == [1] and only_pass(empty, 1)
    for viewer in (0, None):
        mine, theirs = observe(holding, viewer), observe(empty, viewer)
        assert mine["waiting_for"] == theirs["waiting_for"] == [1]
        assert (
            mine["point"]
            == theirs["point"]
            == {
                "point": "draw",
                "kind": "action",
                "turn": None,
                "trigger": None,
                "last": None,
            }
        )
    # Passing by choice and passing with nothing leave the same log.
    chose, had_nothing = apply(holding, Action(1, "pass")), apply(empty, Action(1, "pass"))
    assert chose.log[len(holding.log) :] == had_nothing.log[len(empty.log) :]


def test_a_response_window_asks_only_who_could_answer_as_everyone_can_see():
    # Captain Groleo (in play) answers "played": only his controller is asked. "killed"
    # is answered by events from a hand: every seat is asked, holding one or not.
    groleo = "core_105"
    specs = players(
        3,
        "melee",
        s0={"hand": ["Aegon's Blade"], "in_play": ["Knight of the Tumblestone"], "gold": 5},
        s2={"house": "Targaryen", "in_play": [groleo]},
    )
    state = build(players=specs, auto_pass=False)
    blade, pack = (
        hand(state, 0, "Aegon's Blade")[0],
        in_play(state, 0, "Knight of the Tumblestone")[0],
    )
    state = apply(state, Action(0, "marshal:play", (blade, pack)))
    assert to_act(state) == [2] and state.queue[0]["trigger"] == "played"
    state = apply(state, Action(2, "pass"))
    assert point(state) == ("marshal", 0)  # then the turn window: seat 1 is asked
    killed = state.copy()
    moves.kill(killed, [pack])
    run(killed)
    asked = []
    while killed.queue[0]["name"] == "window" and killed.queue[0]["kind"] == "response":
        (seat,) = to_act(killed)
        asked.append((killed.queue[0]["trigger"], seat))
        killed = apply(killed, Action(seat, "pass"))
    assert asked == [(t, s) for t in ("killed", "dead_pile") for s in (1, 2, 0)]
