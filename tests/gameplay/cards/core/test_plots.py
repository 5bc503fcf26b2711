"""The 28 Core Set plots (gameplay/engine/cards/core/plots.py): each one's effect with
concrete numbers, and a case where it must not apply (the opponent, the round after)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from gameplay.engine import prompts
from gameplay.engine.abilities import allowed, crests, immune_to, strength, value
from gameplay.engine.actions import Action
from gameplay.engine.challenges import can_defend, challenge_gold, challenge_options
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.rules import income
from gameplay.engine.state import GameState
from gameplay.engine.steps import waiting_seats
from tests.gameplay.cardtest import (
    codes,
    names,
    turn,
)
from tests.gameplay.scenario import apply, build, code, hand, in_play

# A plot whose own text touches nothing these tests look at before taxation.
FILLER = "Planning Ahead"
QUIET = "Rains of Autumn"  # no income bonuses: harmless where no card has one
SPARE = (FILLER, QUIET, "Power and Wealth")  # the rest of a plot deck built by reveal()


# --- helpers -------------------------------------------------------------------------


def reveal(
    plots: Sequence[str],
    players: Sequence[dict[str, Any]] | None = None,
    *,
    first: int = 0,
    **kw: Any,
) -> GameState:
    """Build at the plot phase, reveal ``plots`` (one per seat) and make ``first`` the
    first player; the state runs to the next decision (a prompt, or marshalling)."""
    specs = []
    for spec, plot in zip(players or [{} for _ in plots], plots, strict=True):
        spec = dict(spec)
        spec.setdefault("plot_deck", [plot, *(p for p in SPARE if p != plot)])
        specs.append(spec)
    state = build(phase="plot", players=specs, **kw)
    return choose_plots(state, plots, first=first)


def choose_plots(state: GameState, plots: Sequence[str], *, first: int = 0) -> GameState:
    """Choose one plot per seat by name, then the first player."""
    for seat, plot in enumerate(plots):
        ref = next(r for r in state.players[seat].plot_deck if state.code(r) == code(plot))
        state = apply(state, Action(seat, "plot:choose", (ref,)))
    assert state.queue[0]["name"] == "first_player"
    return apply(state, Action(state.queue[0]["seat"], "first_player", choice=str(first)))


def advance(state: GameState, until: Callable[[GameState], bool], limit: int = 80) -> GameState:
    """Pass, finish prompts with ``done`` and pick seat 0 as first player until ``until``."""
    for _ in range(limit):
        if until(state):
            return state
        seat = waiting_seats(state)[0]
        head = state.queue[0]
        if head["name"] == "prompt":
            assert prompts.can_finish(head), f"stuck at prompt {head['purpose']}"
            state = apply(state, Action(seat, "done"))
        elif head["name"] == "first_player":
            state = apply(state, Action(seat, "first_player", choice="0"))
        elif head["name"] in ("marshal", "challenge_turn", "window"):
            state = apply(state, Action(seat, "pass"))
        else:
            raise AssertionError(f"advance cannot decide at step {head['name']}")
    raise AssertionError("advance did not get there")


def at_plots_of(round_: int) -> Callable[[GameState], bool]:
    return lambda s: s.round == round_ and s.queue[0]["name"] == "choose_plots"


def at_challenges(state: GameState) -> bool:
    return turn(state)[0] == "before_challenge"


def teams(**spec: Any) -> list[dict[str, Any]]:
    """Four players in two-on-two (partners 0 and 2, 1 and 3), each with ``spec``."""
    return [{**spec, "team": seat % 2} for seat in range(4)]


def prompt_of(state: GameState) -> dict[str, Any]:
    head = state.queue[0]
    assert head["name"] == "prompt", head
    return head


def select(state: GameState, seat: int, *refs: str, done: bool = True) -> GameState:
    for ref in refs:
        state = apply(state, Action(seat, "select", (ref,)))
    head = state.queue[0] if state.queue else {}
    if done and head.get("name") == "prompt" and head.get("selected") == list(refs):
        state = apply(state, Action(seat, "done"))
    return state


def one(state: GameState, seat: int, name: str) -> str:
    (ref,) = in_play(state, seat, name)
    return ref


def events(state: GameState, name: str) -> list[dict[str, Any]]:
    return [e for e in state.log if e["event"] == name]


# --- core_181 Summoning Season / core_195 Building Season ---------------------------------


def test_summoning_season_each_searches_own_deck_for_a_character_then_shuffles():
    players = [
        {"deck": ["Hodor", *["Winterfell Castle"] * 5]},
        {"house": "Lannister", "deck": ["Tywin Lannister", "Cersei's Attendant", "The Goldroad"]},
    ]
    state = reveal(["Summoning Season", FILLER], players)
    ask = prompt_of(state)
    assert (ask["seat"], ask["purpose"], ask["min"], ask["max"]) == (0, "search_character", 0, 1)
    assert codes(state, ask["candidates"]) == names("Hodor")  # no location, nothing of seat 1
    old_decks = [list(p.deck) for p in state.players]
    state = select(state, 0, ask["candidates"][0])
    ask = prompt_of(state)
    assert ask["seat"] == 1
    assert codes(state, ask["candidates"]) == names("Tywin Lannister", "Cersei's Attendant")
    tywin = next(r for r in ask["candidates"] if state.code(r) == code("Tywin Lannister"))
    state = select(state, 1, tywin)
    # Searched cards in hand; then the draw phase drew 2 from the shuffled decks.
    assert codes(state, state.players[0].hand) == names("Hodor", *["Winterfell Castle"] * 2)
    assert code("Tywin Lannister") in codes(state, state.players[1].hand)
    assert len(state.players[1].hand) == 3 and len(state.players[1].deck) == 0
    assert [e["code"] for e in events(state, "searched")] == [
        code("Hodor"),
        code("Tywin Lannister"),
    ]
    # The decks were shuffled: every card left in them has a new id.
    assert not set(state.players[0].deck) & set(old_decks[0])


def test_summoning_season_owner_searches_first_even_when_not_first_player():
    players = [{"deck": ["Hodor"]}, {"deck": ["Arya Stark"]}]
    state = reveal([FILLER, "Summoning Season"], players, first=0)
    assert prompt_of(state)["seat"] == 1
    state = apply(state, Action(1, "done"))  # finding nothing is allowed
    assert prompt_of(state)["seat"] == 0
    state = apply(state, Action(0, "done"))
    assert events(state, "searched") == []
    assert {e["seat"] for e in events(state, "deck_shuffled")} == {0, 1}


def test_building_season_searches_for_a_location():
    players = [{"deck": ["Hodor", "Winterfell Castle"]}, {"deck": ["Arya Stark"]}]
    state = reveal(["Building Season", FILLER], players)
    ask = prompt_of(state)
    assert codes(state, ask["candidates"]) == names("Winterfell Castle")
    state = select(state, 0, ask["candidates"][0])
    # Seat 1 has no location, and is asked all the same: nobody else can tell.
    ask = prompt_of(state)
    assert (ask["seat"], ask["candidates"]) == (1, [])
    state = apply(state, Action(1, "done"))
    assert turn(state)[0] == "marshal"
    assert code("Winterfell Castle") in codes(state, state.players[0].hand)
    assert codes(state, state.players[1].hand) == names("Arya Stark")  # drawn, not searched


# --- core_182 Mutual Cause / core_189 Mutual Blackmail / core_196 Mutual Enemies --------

FIGHTERS = ["Tywin Lannister", "Renly Baratheon"]  # military, intrigue and power icons


@pytest.mark.parametrize(
    ("plot", "ctype"),
    [("Mutual Cause", "power"), ("Mutual Blackmail", "intrigue"), ("Mutual Enemies", "military")],
)
def test_mutual_plots_forbid_one_challenge_type_both_ways_this_round(plot, ctype):
    players = [{"in_play": FIGHTERS}, {"in_play": FIGHTERS}]
    state = advance(reveal([plot, FILLER], players), at_challenges)
    others = {"military", "intrigue", "power"} - {ctype}
    assert {t for t, _ in challenge_options(state, 0)} == others
    with pytest.raises(IllegalAction, match="forbids"):
        apply(state, Action(0, f"challenge:{ctype}", choice="1"))
    state = apply(state, Action(0, "pass"))
    assert {t for t, _ in challenge_options(state, 1)} == others
    # The round after, with another plot, the challenge is allowed again.
    state = advance(state, at_plots_of(2))
    state = advance(choose_plots(state, [FILLER, QUIET]), at_challenges)
    assert {t for t, _ in challenge_options(state, 0)} == {"military", "intrigue", "power"}


def test_mutual_cause_with_two_opponents_names_one_of_them():
    state = reveal(["Mutual Cause", FILLER, FILLER, FILLER], teams(in_play=FIGHTERS))
    ask = prompt_of(state)
    assert (ask["seat"], ask["options"]) == (0, ["1", "3"])  # not the partner
    state = apply(state, Action(0, "choose", choice="3"))
    state = advance(state, at_challenges)
    assert ("power", 1) in challenge_options(state, 0)
    assert ("power", 3) not in challenge_options(state, 0)
    assert value(state, "can_challenge", "3>0:power", True) is False
    assert value(state, "can_challenge", "1>0:power", True) is True
    assert value(state, "can_challenge", "3>2:power", True) is True


# --- core_183 Uneasy Truce ---------------------------------------------------------------


def _truce(gold: int, plot: str = "Uneasy Truce") -> GameState:
    return build(
        phase="challenges",
        players=[
            {"revealed_plot": FILLER, "gold": gold, "in_play": FIGHTERS, "plot_deck": [QUIET]},
            {"revealed_plot": plot, "gold": 0, "in_play": ["Hodor"], "plot_deck": [FILLER]},
        ],
    )


def test_uneasy_truce_costs_the_attacker_2_gold_for_military_only():
    state = _truce(gold=3)
    assert challenge_gold(state, 0, 1, "military") == 2
    assert challenge_gold(state, 0, 1, "intrigue") == 0
    assert challenge_gold(state, 1, 0, "military") == 2  # whoever revealed it
    state = apply(state, Action(0, "challenge:military", choice="1"))
    assert [p.gold for p in state.players] == [1, 2]
    poor = _truce(gold=1)
    options = challenge_options(poor, 0)
    assert ("military", 1) not in options and ("intrigue", 1) in options
    with pytest.raises(IllegalAction, match="costs 2 gold; you have 1"):
        apply(poor, Action(0, "challenge:military", choice="1"))


def test_uneasy_truce_ends_with_its_round():
    assert challenge_gold(_truce(gold=3, plot=QUIET), 0, 1, "military") == 0
    state = build(
        phase="plot",
        players=[
            {"revealed_plot": "Uneasy Truce", "plot_deck": [QUIET]},
            {"plot_deck": [FILLER]},
        ],
    )
    assert challenge_gold(state, 0, 1, "military") == 2  # still revealed before the new plots
    state = choose_plots(state, [QUIET, FILLER])
    assert challenge_gold(state, 0, 1, "military") == 0


# --- core_184 Rains of Autumn ------------------------------------------------------------


def _incomes(state: GameState) -> dict[int, int]:
    return {e["seat"]: e["gold"] for e in events(state, "income") if e["round"] == state.round}


def test_rains_of_autumn_removes_every_players_income_bonuses_but_not_penalties():
    players = [
        {"in_play": ["The Goldroad"]},
        {"in_play": [{"card": "The Goldroad", "attachments": ["Burned and Pillaged"]}]},
    ]
    state = reveal(["Rains of Autumn", FILLER], players)
    state = apply(state, Action(0, "pass"))
    assert _incomes(state) == {0: 4, 1: 3 - 1}  # 4 + 0; 3 + 0 - 1
    # The round after, with another plot, bonuses count again.
    state = advance(state, at_plots_of(2))
    state = choose_plots(state, [FILLER, "Power and Wealth"])
    state = apply(state, Action(0, "pass"))
    assert _incomes(state) == {0: 3 + 1, 1: 3 + 1 - 1}


# --- core_185 Good for the Gander --------------------------------------------------------


def test_good_for_the_gander_copies_the_opponents_when_revealed():
    players = [
        {"in_play": ["Hodor", "Arya Stark"]},
        {"in_play": ["Tywin Lannister", "The Hound"]},
    ]
    state = reveal(["Good for the Gander", "Condemned by the Realm"], players)
    # Seat 0's copy resolves first: "that opponent" (seat 1) kills one of seat 0's.
    ask = prompt_of(state)
    assert ask["seat"] == 1 and codes(state, ask["candidates"]) == names("Hodor", "Arya Stark")
    state = select(state, 1, one(state, 0, "Arya Stark"))
    # Then seat 1's own plot: seat 0 kills one of seat 1's characters.
    ask = prompt_of(state)
    assert ask["seat"] == 0
    state = select(state, 0, one(state, 1, "The Hound"))
    assert codes(state, state.players[0].dead) == names("Arya Stark")
    assert codes(state, state.players[1].dead) + codes(state, state.players[1].discard) == names(
        "The Hound"
    )
    assert [e["code"] for e in events(state, "plot_copied")] == [code("Condemned by the Realm")]


def test_good_for_the_gander_with_nothing_to_copy_does_nothing():
    players = [{"in_play": ["Hodor"]}, {"in_play": ["Tywin Lannister"]}]
    for theirs in (FILLER, "Good for the Gander"):
        state = reveal(["Good for the Gander", theirs], players)
        assert turn(state)[0] == "marshal"
        assert events(state, "plot_copied") == []
        assert len(state.in_play) == 2


def test_good_for_the_gander_copies_the_only_opponents_plot_with_a_when_revealed():
    plots = ["Good for the Gander", FILLER, "Drunken Allegations", "Counting Favors"]
    state = reveal(plots, teams(deck=["Hodor"] * 5))
    # The partner's plot cannot be copied, so no question which plot; the copied
    # Counting Favors then asks which opponent.
    ask = prompt_of(state)
    assert (ask["seat"], ask["options"]) == (0, ["1", "3"])
    state = apply(state, Action(0, "choose", choice="1"))
    assert [e["seat"] for e in events(state, "plot_copied")] == [0]
    ask = prompt_of(state)  # the partner's own Drunken Allegations (nobody to kneel)
    assert (ask["seat"], ask["options"]) == (2, ["3", "1"])
    state = apply(state, Action(2, "choose", choice="1"))
    ask = prompt_of(state)  # seat 3's own Counting Favors
    assert (ask["seat"], ask["options"]) == (3, ["0", "2"])
    state = apply(state, Action(3, "choose", choice="0"))
    # Seats 0 and 1 drew 3 (copy); seat 3 drew 3 and seat 0 none (cap); then 2 each.
    assert [len(p.hand) for p in state.players] == [5, 5, 2, 5]
    assert [p.effect_draws for p in state.players] == [3, 3, 0, 3]


# --- core_186 Tourney for the Hand -------------------------------------------------------


def test_tourney_for_the_hand_your_knights_get_1_str_and_immunity():
    players = [
        {"in_play": ["Ser Rodrik Cassel", "Hodor"]},
        {"house": "Lannister", "in_play": ["Bronn"]},
    ]
    state = reveal(["Tourney for the Hand", FILLER], players)
    rodrik, hodor, bronn = (
        one(state, 0, "Ser Rodrik Cassel"),
        one(state, 0, "Hodor"),
        one(state, 1, "Bronn"),
    )
    assert [strength(state, r) for r in (rodrik, hodor, bronn)] == [3, 4, 3]
    assert immune_to(state, rodrik, "character", 1)
    assert not immune_to(state, rodrik, "character", 0)  # own abilities still work
    assert not immune_to(state, rodrik, "event", 1)
    assert not immune_to(state, bronn, "character", 0)  # the opponent's Knight
    state = advance(state, at_plots_of(2))
    state = choose_plots(state, [FILLER, QUIET])
    assert strength(state, rodrik) == 2 and not immune_to(state, rodrik, "character", 1)


# --- core_187 Fleeing to the Wall --------------------------------------------------------


def test_fleeing_to_the_wall_each_keeps_up_to_3_locations_the_rest_are_discarded():
    places = ["Winterfell Castle", "Godswood", "Northern Fiefdoms", "Great Keep"]
    players = [
        {"in_play": ["Hodor", *places]},
        {"house": "Lannister", "in_play": ["The Goldroad", "Lannisport"]},
    ]
    state = reveal([FILLER, "Fleeing to the Wall"], players)
    ask = prompt_of(state)  # the owner (seat 1) first
    assert (ask["seat"], ask["purpose"], ask["min"], ask["max"]) == (1, "keep_locations", 0, 2)
    state = select(state, 1, one(state, 1, "The Goldroad"))
    ask = prompt_of(state)
    assert ask["seat"] == 0 and codes(state, ask["candidates"]) == names(*places)
    state = select(state, 0, *[one(state, 0, n) for n in places[:3]], done=False)
    assert codes(state, state.players[0].in_play) == names("Hodor", *places[:3])
    assert codes(state, state.players[0].discard) == names("Great Keep")
    assert codes(state, state.players[1].in_play) == names("The Goldroad")
    assert codes(state, state.players[1].discard) == names("Lannisport")


# --- core_188 Drunken Allegations --------------------------------------------------------


def test_drunken_allegations_you_then_the_opponent_kneel_a_standing_character():
    players = [
        {"in_play": ["Hodor", "Arya Stark", {"card": "Bran Stark", "knelt": True}]},
        {"house": "Lannister", "in_play": ["Tywin Lannister", "Cersei Lannister"]},
    ]
    state = reveal(["Drunken Allegations", FILLER], players)
    ask = prompt_of(state)
    assert (ask["seat"], ask["min"], ask["max"]) == (0, 1, 1)
    assert codes(state, ask["candidates"]) == names(
        "Hodor", "Arya Stark", "Tywin Lannister", "Cersei Lannister"
    )  # standing only
    tywin = one(state, 1, "Tywin Lannister")
    state = select(state, 0, tywin, done=False)
    ask = prompt_of(state)
    assert ask["seat"] == 1 and tywin not in ask["candidates"]
    hodor = one(state, 0, "Hodor")
    state = select(state, 1, hodor, done=False)
    knelt = sorted(r for r, rec in state.in_play.items() if rec.knelt)
    assert knelt == sorted([tywin, hodor, one(state, 0, "Bran Stark")])


# --- core_190 Planning Ahead -------------------------------------------------------------


def test_planning_ahead_skips_taxation_for_its_owner_only_this_round():
    state = build(
        phase="dominance",
        players=[
            {"revealed_plot": "Planning Ahead", "gold": 5, "plot_deck": [QUIET]},
            {"revealed_plot": QUIET, "gold": 4, "plot_deck": [FILLER]},
        ],
    )
    state = advance(state, at_plots_of(2))
    assert [p.gold for p in state.players] == [5, 0]
    state = choose_plots(state, [QUIET, FILLER])
    state = advance(state, at_plots_of(3))
    assert [p.gold for p in state.players] == [0, 3]  # seat 1 planned ahead in round 2


# --- core_191 Wildfire Assault -----------------------------------------------------------


def test_wildfire_assault_kills_all_but_3_characters_each_without_saves():
    mine = ["Hodor", "Robb Stark", "Catelyn Stark", "Direwolf Pup"]
    players = [
        {"in_play": [*mine, {"card": "Arya Stark", "duplicates": ["Arya Stark"]}, "Godswood"]},
        {"house": "Lannister", "in_play": ["Tywin Lannister", "The Hound"]},
    ]
    state = reveal(["Wildfire Assault", FILLER], players)
    ask = prompt_of(state)
    assert (ask["seat"], ask["purpose"], ask["max"]) == (0, "keep_characters", 3)
    state = select(state, 0, *[one(state, 0, n) for n in mine[:3]])
    assert prompt_of(state)["seat"] == 1
    state = select(state, 1, one(state, 1, "Tywin Lannister"))
    assert codes(state, state.players[0].in_play) == names(*mine[:3], "Godswood")
    assert code("Arya Stark") in codes(state, state.players[0].dead)  # no save by duplicate
    assert code("Direwolf Pup") in codes(state, state.players[0].dead)
    assert codes(state, state.players[1].in_play) == names("Tywin Lannister")
    assert events(state, "saved") == []


# --- core_192 Hear Me Roar ---------------------------------------------------------------


def test_hear_me_roar_characters_without_intrigue_get_minus_1_str():
    players = [
        {"house": "Lannister", "in_play": ["The Hound", "Cersei Lannister"]},
        {"in_play": ["Hodor", "Catelyn Stark"]},
    ]
    state = build(
        phase="plot",
        players=[
            {**players[0], "revealed_plot": "Hear Me Roar", "plot_deck": [QUIET]},
            {**players[1], "plot_deck": [FILLER]},
        ],
    )
    hound, cersei = one(state, 0, "The Hound"), one(state, 0, "Cersei Lannister")
    hodor, catelyn = one(state, 1, "Hodor"), one(state, 1, "Catelyn Stark")
    assert [strength(state, r) for r in (hound, cersei, hodor, catelyn)] == [3, 3, 3, 3]
    state = choose_plots(state, [QUIET, FILLER])
    assert [strength(state, r) for r in (hound, cersei, hodor, catelyn)] == [4, 3, 4, 3]


# --- core_193 Blockade -------------------------------------------------------------------


def test_blockade_reduces_each_opponents_plot_income_to_0():
    players = [{"in_play": ["The Goldroad"]}, {"in_play": ["The Goldroad"]}]
    state = reveal(["Blockade", FILLER], players)
    state = apply(state, Action(0, "pass"))
    assert _incomes(state) == {0: 0 + 1, 1: 0 + 1}  # Blockade prints 0; Planning Ahead 3 -> 0
    assert value(state, "plot_income", 0, 5) == 5  # not its owner's


def test_blockade_in_two_on_two_spares_the_partner():
    plots = ["Blockade", FILLER, FILLER, FILLER]
    state = build(
        phase="marshalling",
        players=[{"revealed_plot": p, "team": seat % 2} for seat, p in enumerate(plots)],
    )
    assert [income(state, seat) for seat in range(4)] == [0, 0, 3, 0]


# --- core_194 The Power of Blood ---------------------------------------------------------


def test_the_power_of_blood_noble_characters_cannot_be_killed():
    players = [
        {"in_play": ["Eddard Stark", "Hodor"]},
        {"house": "Lannister", "in_play": ["Cersei Lannister", "The Hound"]},
    ]
    state = reveal(["The Power of Blood", "Valar Morghulis"], players)
    assert crests(state, one(state, 0, "Eddard Stark")) == {"noble"}
    assert codes(state, [r for p in state.players for r in p.in_play]) == names(
        "Eddard Stark", "Cersei Lannister"
    )
    assert sorted(e["code"] for e in events(state, "not_killed")) == names(
        "Eddard Stark", "Cersei Lannister"
    )


def test_the_power_of_blood_no_longer_protects_after_its_round():
    state = build(
        phase="plot",
        players=[
            {
                "revealed_plot": "The Power of Blood",
                "in_play": ["Catelyn Stark"],
                "plot_deck": [QUIET],
            },
            {"plot_deck": ["Valar Morghulis"]},
        ],
    )
    assert allowed(state, "can_be_killed", one(state, 0, "Catelyn Stark")) is False
    state = choose_plots(state, [QUIET, "Valar Morghulis"])
    assert state.in_play == {} and codes(state, state.players[0].dead) == names("Catelyn Stark")


def test_the_power_of_blood_a_noble_cannot_be_chosen_for_military_claim():
    state = build(
        phase="challenges",
        players=[
            {"revealed_plot": FILLER, "in_play": ["Greatjon Umber"], "plot_deck": [QUIET]},
            {
                "revealed_plot": "The Power of Blood",
                "in_play": ["Catelyn Stark", "Direwolf Pup"],
                "plot_deck": [FILLER],
            },
        ],
    )
    catelyn, pup = one(state, 1, "Catelyn Stark"), one(state, 1, "Direwolf Pup")
    state = apply(state, Action(0, "challenge:military", choice="1"))  # Greatjon, forced
    # No defenders: claim 1 must take the Pup; Catelyn (a Noble) is never offered, so
    # the prompt has a single forced answer and settles itself.
    state = advance(state, lambda s: s.challenge is None)
    assert pup in state.players[1].dead and catelyn in state.players[1].in_play


# --- core_197 Holding the Trident --------------------------------------------------------


def test_holding_the_trident_plus_2_str_while_you_control_fewer_characters():
    state = build(
        phase="marshalling",
        players=[
            {"revealed_plot": "Holding the Trident", "in_play": ["Hodor", "Godswood"]},
            {"in_play": ["Arya Stark", "Direwolf Pup"]},
        ],
    )
    hodor, arya = one(state, 0, "Hodor"), one(state, 1, "Arya Stark")
    assert (strength(state, hodor), strength(state, arya)) == (6, 2)
    even = build(
        phase="marshalling",
        players=[
            {"revealed_plot": "Holding the Trident", "in_play": ["Hodor"]},
            {"in_play": ["Arya Stark"]},
        ],
    )
    assert strength(even, one(even, 0, "Hodor")) == 4


def test_holding_the_trident_in_melee_needs_fewer_than_every_opponent():
    def hodor_strength(others: list[list[str]]) -> int:
        state = build(
            phase="marshalling",
            players=[
                {"revealed_plot": "Holding the Trident", "in_play": ["Hodor"]},
                *({"in_play": cards} for cards in others),
            ],
        )
        return strength(state, one(state, 0, "Hodor"))

    assert hodor_strength([["Arya Stark", "Bran Stark"], ["Sansa Stark", "Lady"]]) == 6
    assert hodor_strength([["Arya Stark", "Bran Stark"], ["Sansa Stark"]]) == 4


# --- core_198 Calm Over Westeros ---------------------------------------------------------


def _event_in_challenge(gold: int, plot: str) -> tuple[GameState, str, str]:
    state = build(
        phase="challenges",
        players=[
            {
                "house": "Lannister",
                "revealed_plot": QUIET,
                "gold": gold,
                "in_play": ["Cersei Lannister"],
                "hand": ["Insidious Ways"],
            },
            {"revealed_plot": plot, "gold": 0},
        ],
    )
    cersei, ways = one(state, 0, "Cersei Lannister"), hand(state, 0, "Insidious Ways")[0]
    state = apply(state, Action(0, "challenge:intrigue", choice="1"))
    # Cersei, the only candidate, attacks by herself; the challenge's first window opens
    # if anyone can act in it.
    return state, ways, cersei


def test_calm_over_westeros_an_event_costs_1_gold_to_an_opponent():
    state, ways, cersei = _event_in_challenge(gold=1, plot="Calm Over Westeros")
    assert state.challenge["attackers"] == [cersei] and state.queue[0]["name"] == "window"
    assert value(state, "event_gold", 0, 0) == 1 and value(state, "event_gold", 1, 0) == 1
    use = Action(0, "use", (ways, cersei))
    assert use in legal_actions(state, 0)
    state = apply(state, use)
    (given,) = events(state, "gold_given")
    assert (given["seat"], given["to"], given["gold"]) == (0, 1, 1)
    broke, ways, cersei = _event_in_challenge(gold=0, plot="Calm Over Westeros")
    assert Action(0, "use", (ways, cersei)) not in legal_actions(broke, 0)
    assert events(broke, "ability") == [] and ways in broke.players[0].hand
    free, ways, cersei = _event_in_challenge(gold=0, plot=FILLER)
    assert Action(0, "use", (ways, cersei)) in legal_actions(free, 0)


# --- core_199 Snowed Under ---------------------------------------------------------------


def test_snowed_under_returns_one_kneeling_card_of_each_player_at_standing():
    state = build(
        phase="dominance",
        players=[
            {
                "revealed_plot": "Snowed Under",
                "plot_deck": [QUIET],
                "in_play": [
                    {"card": "Hodor", "knelt": True},
                    {"card": "Arya Stark", "knelt": True},
                ],
            },
            {
                "house": "Lannister",
                "plot_deck": [FILLER],
                "in_play": [
                    {"card": "Tywin Lannister", "knelt": True},
                    {"card": "The Goldroad", "knelt": True},
                    "Cersei Lannister",
                    {"card": "Gilded Plate", "knelt": True},
                ],
            },
        ],
    )
    state = advance(state, lambda s: s.queue[0]["name"] == "prompt")
    ask = prompt_of(state)
    assert (state.phase, ask["seat"], ask["purpose"]) == ("standing", 0, "return_to_hand")
    assert codes(state, ask["candidates"]) == names("Hodor", "Arya Stark")
    state = select(state, 0, one(state, 0, "Arya Stark"), done=False)
    ask = prompt_of(state)
    assert ask["seat"] == 0  # the owner chooses for every player
    assert codes(state, ask["candidates"]) == names("Tywin Lannister", "The Goldroad")
    state = select(state, 0, one(state, 1, "The Goldroad"), done=False)
    assert codes(state, state.players[0].hand) == names("Arya Stark")
    assert codes(state, state.players[1].hand) == names("The Goldroad")
    assert not any(r.knelt for r in state.in_play.values())  # the rest stood
    # The round after, with another plot, nothing returns.
    state = choose_plots(state, [QUIET, FILLER])
    for ref in list(state.in_play):
        state.in_play[ref].knelt = True
    state = advance(state, at_plots_of(3))
    assert len(state.players[0].hand) == 1 and len(state.players[1].hand) == 1


def test_snowed_under_a_duplicate_saves_a_unique_card_from_returning():
    arya = {"card": "Arya Stark", "knelt": True, "duplicates": ["Arya Stark"]}
    state = build(
        phase="dominance",
        players=[
            {"revealed_plot": "Snowed Under", "plot_deck": [QUIET], "in_play": [arya]},
            {"house": "Lannister", "plot_deck": [FILLER], "in_play": ["Cersei Lannister"]},
        ],
    )
    target = one(state, 0, "Arya Stark")
    (duplicate,) = state.in_play[target].duplicates
    # Arya is the only kneeling card, so she is chosen without a question; then the save.
    state = advance(state, lambda s: s.queue[0]["name"] == "prompt")
    ask = prompt_of(state)
    assert (ask["purpose"], ask["seat"], ask["candidates"]) == ("save", 0, [target])
    assert ask["ctx"]["how"] == "hand" and state.phase == "standing"
    state = select(state, 0, target, done=False)
    assert target in state.players[0].in_play and duplicate in state.players[0].discard
    assert state.players[0].hand == []


def test_snowed_under_skips_a_player_without_kneeling_cards():
    state = build(
        phase="dominance",
        players=[
            {"plot_deck": [QUIET], "in_play": ["Hodor"]},
            {
                "revealed_plot": "Snowed Under",
                "plot_deck": [FILLER],
                "in_play": [{"card": "Tywin Lannister", "knelt": True}],
            },
        ],
    )
    state = advance(state, at_plots_of(2))
    assert codes(state, state.players[1].hand) == names("Tywin Lannister")
    assert codes(state, state.players[0].in_play) == names("Hodor")


# --- core_200 The Power of Arms ----------------------------------------------------------


def test_the_power_of_arms_your_war_characters_get_2_str():
    state = build(
        phase="plot",
        players=[
            {
                "revealed_plot": "The Power of Arms",
                "in_play": ["Greatjon Umber", "Hodor"],
                "plot_deck": [QUIET],
            },
            {"in_play": ["Knight of the Tumblestone"], "plot_deck": [FILLER]},
        ],
    )
    jon, hodor = one(state, 0, "Greatjon Umber"), one(state, 0, "Hodor")
    knight = one(state, 1, "Knight of the Tumblestone")
    assert "war" in crests(state, knight)
    assert [strength(state, r) for r in (jon, hodor, knight)] == [5, 4, 2]
    state = choose_plots(state, [QUIET, FILLER])
    assert strength(state, jon) == 3


# --- core_201 Valar Morghulis ------------------------------------------------------------


def test_valar_morghulis_kills_every_character_duplicates_may_save():
    players = [
        {"in_play": [{"card": "Arya Stark", "duplicates": ["Arya Stark"]}, "Hodor", "Godswood"]},
        {"house": "Lannister", "in_play": ["Tywin Lannister"]},
    ]
    state = reveal(["Valar Morghulis", FILLER], players)
    ask = prompt_of(state)
    assert (ask["seat"], ask["purpose"]) == (0, "save")
    arya = one(state, 0, "Arya Stark")
    state = select(state, 0, arya, done=False)
    assert codes(state, state.players[0].in_play) == names("Arya Stark", "Godswood")
    assert state.in_play[arya].duplicates == []
    assert codes(state, state.players[0].dead) == names("Hodor")
    assert codes(state, state.players[1].dead) == names("Tywin Lannister")


# --- core_202 Condemned by the Realm -----------------------------------------------------


def test_condemned_by_the_realm_the_opponent_kills_a_character_he_does_not_control():
    players = [
        {"in_play": ["Hodor", "Arya Stark"]},
        {"house": "Lannister", "in_play": ["Tywin Lannister"]},
    ]
    state = reveal(["Condemned by the Realm", FILLER], players)
    ask = prompt_of(state)
    assert (ask["seat"], ask["min"], ask["max"]) == (1, 1, 1)
    assert codes(state, ask["candidates"]) == names("Hodor", "Arya Stark")  # not his own
    state = select(state, 1, one(state, 0, "Hodor"), done=False)
    assert codes(state, state.players[0].dead) == names("Hodor")
    assert codes(state, state.players[1].in_play) == names("Tywin Lannister")


def test_condemned_by_the_realm_if_able():
    state = reveal(["Condemned by the Realm", FILLER], [{}, {"in_play": ["Hodor"]}])
    assert turn(state)[0] == "marshal" and len(state.in_play) == 1


# --- core_203 Counting Favors ------------------------------------------------------------


def test_counting_favors_you_and_the_opponent_draw_3_within_the_draw_cap():
    state = reveal(["Counting Favors", FILLER, FILLER, FILLER], teams(deck=["Hodor"] * 10))
    state = apply(state, Action(0, "choose", choice="3"))
    # 3 by the plot (seats 0 and 3 only), then 2 in the draw phase.
    assert [len(p.hand) for p in state.players] == [5, 2, 2, 5]
    assert [p.effect_draws for p in state.players] == [3, 0, 0, 3]
    joust = reveal(["Counting Favors", FILLER], [{"deck": ["Hodor"] * 9}, {"deck": ["Lady"] * 2}])
    assert [len(p.hand) for p in joust.players] == [5, 2]  # an empty deck stops the draw


# --- core_204 Power and Wealth -----------------------------------------------------------


def test_power_and_wealth_plus_1_str_per_attachment_on_your_characters():
    state = build(
        phase="plot",
        players=[
            {
                "revealed_plot": "Power and Wealth",
                "plot_deck": [QUIET],
                "in_play": [{"card": "Arya Stark", "attachments": ["Gilded Plate", "Bodyguard"]}],
            },
            {
                "plot_deck": [FILLER],
                "in_play": [{"card": "Sansa Stark", "attachments": ["Gilded Plate"]}],
            },
        ],
    )
    arya, sansa = one(state, 0, "Arya Stark"), one(state, 1, "Sansa Stark")
    assert (strength(state, arya), strength(state, sansa)) == (4, 2)
    state = choose_plots(state, [QUIET, FILLER])
    assert strength(state, arya) == 2


# --- core_205 Mad King's Legacy ----------------------------------------------------------


def test_mad_kings_legacy_discards_an_attachment_of_your_choice():
    players = [
        {
            "house": "Targaryen",
            "in_play": [{"card": "Khal Drogo", "attachments": ["Gilded Plate"]}],
        },
        {"in_play": [{"card": "Arya Stark", "attachments": ["Bodyguard"]}]},
    ]
    state = reveal(["Mad King's Legacy", FILLER], players)
    ask = prompt_of(state)
    assert (ask["seat"], ask["min"], ask["max"]) == (0, 1, 1)
    assert codes(state, ask["candidates"]) == names("Gilded Plate", "Bodyguard")
    state = select(state, 0, one(state, 1, "Bodyguard"), done=False)
    assert codes(state, state.players[1].discard) == names("Bodyguard")
    assert code("Gilded Plate") in codes(state, state.players[0].in_play)
    nothing = reveal(["Mad King's Legacy", FILLER], [{"in_play": ["Hodor"]}, {}])
    assert turn(nothing)[0] == "marshal"


# --- core_206 Rule by Decree -------------------------------------------------------------


def test_rule_by_decree_the_player_with_most_cards_discards_down_to_4():
    players = [{"hand": ["Hodor"] * 4}, {"hand": ["Arya Stark", "Bran Stark", *["Lady"] * 5]}]
    state = reveal([FILLER, "Rule by Decree"], players)
    ask = prompt_of(state)
    assert (ask["seat"], ask["purpose"], ask["min"], ask["max"]) == (1, "decree_discard", 3, 3)
    assert sorted(ask["candidates"]) == sorted(state.players[1].hand)
    chosen = [
        *hand(state, 1, "Arya Stark"),
        *hand(state, 1, "Bran Stark"),
        hand(state, 1, "Lady")[0],
    ]
    with pytest.raises(IllegalAction, match="at least 3"):
        apply(select(state, 1, *chosen[:2], done=False), Action(1, "done"))
    state = select(state, 1, *chosen)
    assert codes(state, state.players[1].hand) == names(*["Lady"] * 4)
    assert codes(state, state.players[1].discard) == names("Arya Stark", "Bran Stark", "Lady")
    assert len(state.players[0].hand) == 4


def test_rule_by_decree_nobody_discards_on_a_tie_for_the_most():
    players = [{"hand": ["Hodor"] * 6}, {"hand": ["Lady"] * 6}]
    state = reveal(["Rule by Decree", FILLER], players)
    assert turn(state)[0] == "marshal"
    assert [len(p.hand) for p in state.players] == [6, 6]


# --- core_207 Noose and Swordpoint -------------------------------------------------------


def test_noose_and_swordpoint_str_2_or_lower_does_not_stand():
    state = build(
        phase="dominance",
        players=[
            {
                "revealed_plot": "Noose and Swordpoint",
                "plot_deck": [QUIET],
                "in_play": [
                    {"card": "Arya Stark", "knelt": True},
                    {"card": "Hodor", "knelt": True},
                    {"card": "Godswood", "knelt": True},
                ],
            },
            {"plot_deck": [FILLER], "in_play": [{"card": "Sansa Stark", "knelt": True}]},
        ],
    )
    arya = one(state, 0, "Arya Stark")
    godswood, sansa = one(state, 0, "Godswood"), one(state, 1, "Sansa Stark")
    assert allowed(state, "can_stand", arya)  # only during the standing phase
    state = advance(state, at_plots_of(2))
    knelt = {r for r, rec in state.in_play.items() if rec.knelt}
    assert knelt == {arya, sansa}  # Hodor (4) and the location stood
    state = choose_plots(state, [QUIET, FILLER])
    state = advance(state, at_plots_of(3))
    assert not any(rec.knelt for rec in state.in_play.values())
    assert godswood in state.in_play


# --- core_208 Herding the Masses ---------------------------------------------------------


def test_herding_the_masses_non_unique_characters_cannot_defend():
    state = build(
        phase="challenges",
        players=[
            {"revealed_plot": QUIET, "in_play": ["Greatjon Umber"], "plot_deck": [FILLER]},
            {
                "revealed_plot": "Herding the Masses",
                "in_play": ["Robb Stark", "Direwolf Pup"],
                "plot_deck": [QUIET],
            },
        ],
    )
    robb, pup = one(state, 1, "Robb Stark"), one(state, 1, "Direwolf Pup")
    assert can_defend(state, 1, "military", []) == [robb]
    assert allowed(state, "can_attack", pup)  # attacking is not defending
    state = advance(state, at_plots_of(2))
    state = choose_plots(state, [FILLER, QUIET])
    assert sorted(can_defend(state, 1, "military", [])) == sorted([robb, pup])
