"""Engine hooks added with A Deadly Game (w_21 to w_40):

- a delayed effect waiting for ``plot_to_used_pile`` (abilities.add_delayed, run by
  steps._to_used_pile for the seat whose plot goes to its used pile): "until a new plot is
  placed in your used pile" (Taken Captive);
- a lasting ``claim_set`` effect (challenges.claim_value): "set the Claim value on your
  revealed plot card to 2 ... (the value cannot be raised or lowered)" (Tyene Sand);
- a cost reduction's ``then`` effect (rules.add_reduction, run by game._do_marshal as the
  card it lowers is marshalled): "When you play that card, draw 1 card" (Vale Encampment).
"""

from __future__ import annotations

from gameplay.engine.abilities import EFFECTS, add_delayed, add_lasting, effect
from gameplay.engine.challenges import claim_value
from gameplay.engine.rules import add_reduction
from tests.gameplay.cardtest import CALM, KNIGHT, STEWARD, act, build, events, joust

RAN: list[dict] = []


@effect("test_adg_hook")
def _ran(state, data):
    RAN.append(dict(data))


def _choose_plots(state):
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    return state


def _plot_phase():
    players = [
        {"revealed_plot": CALM, "plot_deck": [CALM]},
        {"revealed_plot": CALM, "plot_deck": [CALM]},
    ]
    return build(phase="plot", players=players)


def test_a_delayed_effect_waits_for_the_seats_next_plot_in_its_used_pile():
    RAN.clear()
    state = _plot_phase()
    add_delayed(state, "plot_to_used_pile", 1, "test_adg_hook", None, "play", card="x")
    state = _choose_plots(state)
    assert [(r["seat"], r["card"]) for r in RAN] == [(1, "x")]  # once, for seat 1 only
    assert not [e for e in state.effects if e["query"] == "delayed:plot_to_used_pile"]


def test_no_delayed_effect_no_change():
    RAN.clear()
    _choose_plots(_plot_phase())
    assert not RAN and "test_adg_hook" in EFFECTS


def test_claim_set_fixes_the_claim_against_modifiers():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [STEWARD]})
    assert claim_value(state, 0) == 1
    add_lasting(state, "claim", 0, "phase", None, amount=2)
    assert claim_value(state, 0) == 3
    add_lasting(state, "claim_set", 0, "phase", None, value=2)
    add_lasting(state, "claim", 0, "phase", None, amount=-1)
    assert claim_value(state, 0) == 2 and claim_value(state, 1) == 1


def test_a_reduction_then_effect_runs_as_the_card_is_marshalled():
    RAN.clear()
    state = build(players=[{"hand": [KNIGHT, STEWARD], "gold": 5}, {}])
    knight = next(r for r in state.players[0].hand if state.code(r) == "core_18")
    add_reduction(state, 0, 1, None, types=("character",), then="test_adg_hook")
    state = act(state, 0, "marshal:play", [knight])
    assert [(r["seat"], r["card"]) for r in RAN] == [(0, knight)]
    assert state.players[0].gold == 4  # lowered by 1
    assert events(state, "marshalled")
