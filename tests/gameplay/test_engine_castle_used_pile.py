"""Castle plots and the ``plot_to_used_pile`` response window (House of Talons).

- vocabulary.castles: ``is_castle`` (the Castle trait, or "Castle." opening a plot's printed
  text: most printings list no trait), ``castle_revealed``, ``castle_plot`` and
  ``castle_to_your_used_pile``;
- steps._to_used_pile: after the forced effects, a response window for the trigger
  ``plot_to_used_pile`` (event ``card``, ``plot``, ``seat``), only in a game holding a card
  that answers it (Bronze Yohn Royce w_97, Robert Arryn w_98);
- steps._reveal_plots: the ``plot_revealed`` responses stay after the recycling of the plot
  decks whatever the old plots moving to the used piles queued before them."""

from __future__ import annotations

from gameplay.engine import steps
from gameplay.engine.cards.vocabulary import castle_revealed, is_castle
from tests.gameplay.cardtest import CALM, KNIGHT, act, build

KINGS = "w_100"  # Kings of Mountain and Vale: "Castle. ..." with no trait listed
HOLDING = "w_59"  # Holding Council: the Castle trait listed
ROBERT = "w_98"  # Robert Arryn: answers plot_to_used_pile


def test_is_castle_reads_the_trait_or_the_printed_text():
    state = build(players=[{"revealed_plot": KINGS}, {"revealed_plot": CALM}])
    holding = state.new_card(HOLDING, 1)
    assert is_castle(state, state.players[0].revealed_plot)
    assert is_castle(state, holding)
    assert not is_castle(state, state.players[1].revealed_plot)
    assert not is_castle(state, state.new_card("core_18", 0))  # a character
    assert not is_castle(state, None)
    assert castle_revealed(state) == [state.players[0].revealed_plot]


def _reveal(old: str, in_play=()):
    """Both seats choose their next plot; the state right after ``reveal_plots`` ran (its
    steps queued, nothing resolved yet)."""
    state = build(
        phase="plot",
        players=[
            {"revealed_plot": old, "plot_deck": [CALM], "in_play": list(in_play)},
            {"revealed_plot": CALM, "plot_deck": [CALM], "hand": [KNIGHT]},
        ],
        auto_pass=False,
    )
    for player in state.players:
        player.chosen_plot = player.plot_deck[0]
    state.queue = [
        {"name": "initiative"},
        {"name": "when_revealed"},
        {"name": "recycle_plots"},
        {"name": "select_titles"},
    ]
    steps._reveal_plots(state, {"name": "reveal_plots"})
    return state


def _names(state):
    return [
        step.get("trigger") or step.get("moment") or step["name"]
        for step in state.queue
        if step["name"] in ("window", "forced", "recycle_plots", "initiative")
    ]


def test_a_response_window_opens_in_a_game_with_a_card_that_answers_it():
    state = _reveal(KINGS, [ROBERT])
    names = _names(state)
    assert names.index("plot_to_used_pile") < names.index("initiative")
    window = next(s for s in state.queue if s.get("trigger") == "plot_to_used_pile")
    assert window["event"]["card"] == window["event"]["plot"]
    # the plot_revealed responses come after the plot decks are recycled
    assert names.index("recycle_plots") < names.index("plot_revealed")


def test_no_window_in_a_game_without_such_a_card():
    state = _reveal(KINGS)
    windows = [s for s in state.queue if s.get("trigger") == "plot_to_used_pile"]
    assert not windows
    names = _names(state)
    assert names.index("recycle_plots") < names.index("plot_revealed")


def test_the_castle_plot_resolves_as_its_owner_moves_it_to_the_used_pile():
    state = build(
        phase="plot",
        players=[
            {"revealed_plot": KINGS, "plot_deck": [CALM], "deck": [KNIGHT] * 3},
            {"revealed_plot": CALM, "plot_deck": [CALM], "hand": [KNIGHT]},
        ],
    )
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    assert state.players[1].discard and not state.players[1].hand
