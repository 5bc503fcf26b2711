"""A response window's event may name a card that has since left the game under that id: a
character killed onto the top of its deck (Stalwart) gets a fresh id when that deck is
shuffled (Harrenhal's search) while the "killed" window is still open. Cersei's
Attendant's condition read such a card and raised KeyError (found by the engine bench in a
two-on-two game of the Tourney for the Hand starter decks); ``uses.window_event`` leaves
those cards out of what an ability reads."""

from __future__ import annotations

from gameplay.engine.bots import RandomBot
from gameplay.engine.game import apply, legal_actions, new_game, to_act
from gameplay.engine.simulate import CYCLE_DECKS, deck_rotation, game_config


def test_a_window_naming_a_renewed_card_is_played_through():
    config = game_config(deck_rotation(0, 4, tuple(CYCLE_DECKS["atoc"])), 1, "teams", 10)
    state = new_game(config)
    bots = [RandomBot(31 + seat) for seat in range(4)]
    gone_seen = False
    while state.result is None and state.decisions < 4000:
        head = state.queue[0]
        cards = (head.get("event") or {}).get("cards") or ()
        gone_seen = gone_seen or any(ref not in state.cards for ref in cards)
        seat = to_act(state)[0]
        state = apply(state, bots[seat].choose({}, legal_actions(state, seat)))
    assert gone_seen  # the game went through such a window
