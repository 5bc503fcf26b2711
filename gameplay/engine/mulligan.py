"""The mulligan: a tournament rule the Core rulebook does not have (``GameConfig.mulligan``).

After the setup hands are drawn and before any setup card is placed, each player in turn
order (the first player first) may once shuffle the setup hand back into the deck and draw
a new setup hand (7 cards, or what the ``setup_hand`` query says: House of Dreams). The
answer is a ``prompt`` step (purpose ``mulligan``, options ``mulligan`` / ``keep``); the log
says who took a mulligan, never which cards.

:data:`AFTER_FIRST` holds what cards offer after a player's first mulligan ("If Obara Sand is
in your hand after your first mulligan ..."): code -> fn(state, seat), called for every seat
that took a first mulligan, whatever its deck holds. Asking only the seats whose deck holds
such a card would tell the table what their decks hold (issue 27); each offer is therefore a
hidden prompt that every such seat answers, with the card's option only while it is in that
hand (tests/gameplay/test_obara_hidden.py).
"""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.abilities import SCRIPTS, Ctx, handler, value
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import HAND_SIZE
from gameplay.engine.state import GameState, draw, shuffle_zone

PURPOSE = "mulligan"
MULLIGAN = "mulligan"
KEEP = "keep"
# code -> fn(state, seat): offers of cards after a seat's first mulligan (Obara Sand).
AFTER_FIRST: dict[str, Callable[[GameState, int], None]] = {}


def schedule(state: GameState) -> None:
    """Ask every seat, in turn order, right before setup placement (``new_game`` calls
    this when the match plays with the mulligan)."""
    at = next(i for i, step in enumerate(state.queue) if step["name"] == "setup_place")
    for offset, seat in enumerate(state.turn_order()):
        ask_choose(
            state,
            seat,
            PURPOSE,
            [MULLIGAN, KEEP],
            "mulligan_chosen",
            ctx={"seat": seat},
            position=at + offset,
        )


def take_mulligan(state: GameState, seat: int) -> None:
    """Shuffle ``seat``'s hand into its deck and draw a new setup hand."""
    player = state.players[seat]
    returned = len(player.hand)
    player.deck.extend(player.hand)
    player.hand.clear()
    shuffle_zone(state, player.deck)
    state.emit("mulligan", seat=seat, count=returned)
    draw(state, seat, value(state, "setup_hand", seat, HAND_SIZE))


@handler("mulligan_chosen")
def _chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if ctx["choice"] != MULLIGAN:
        state.emit("mulligan_kept", seat=seat)
        return
    take_mulligan(state, seat)
    # Every seat, not only those whose deck holds the card: who is asked is public.
    for code, offer in AFTER_FIRST.items():
        if code in SCRIPTS:  # only while the card's script is registered (only_scripts)
            offer(state, seat)
