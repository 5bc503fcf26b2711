"""Who is asked in a response window: every seat when a card of the game's products could
answer the trigger from a hand (nobody can see what a hand holds), so a product no deck in
the game draws from adds no window to it."""

from __future__ import annotations

from gameplay.engine.game import GameConfig, new_game
from gameplay.engine.simulate import load_deck
from gameplay.engine.triggers import _refresh, hand_triggers, hand_triggers_in


def _game(*decks: str):
    return new_game(GameConfig(players=tuple(load_deck(d) for d in decks), seed=1))


def test_a_trigger_answered_from_hand_only_by_a_later_product_asks_only_its_games():
    by_prefix = _refresh()["by_prefix"]
    only_kotse = by_prefix.get("kotse", set()) - by_prefix.get("core", set())
    assert only_kotse, "Kings of the Sea has a card answering a new trigger from a hand"
    core = _game("core-stark", "core-lannister")
    greyjoy = _game("kings-of-the-sea-greyjoy", "core-lannister")
    assert not only_kotse & hand_triggers_in(core)
    assert only_kotse <= hand_triggers_in(greyjoy)
    # Both players are asked alike: the set depends on the game's cards, not on a seat.
    assert hand_triggers_in(greyjoy) <= hand_triggers()


def test_the_products_are_those_of_every_deck_not_of_what_is_in_hand():
    greyjoy = _game("kings-of-the-sea-greyjoy", "core-lannister")
    before = hand_triggers_in(greyjoy)
    # Move every Kings of the Sea card out of the hands into the decks: nothing changes.
    for player in greyjoy.players:
        moved = [r for r in player.hand if greyjoy.code(r).startswith("kotse_")]
        for ref in moved:
            player.hand.remove(ref)
            player.deck.append(ref)
    assert hand_triggers_in(greyjoy.copy()) == before  # a copy holds no cached answer
