"""The search bot re-samples every zone hidden from it (issue 27, point 2), not a list of
zones written by hand: the zones are read from the state (every list field of a player)
and compared with what ``observe`` hides from the seat, so that a zone added later fails
these tests until the bot's guesses (``search.determinize``) cover it.

Black Sails' Hold was such a zone: its guesses kept the real Hold, and swapping only the
Hold changed the bot's decisions.
"""

from __future__ import annotations

import pytest

from gameplay.engine.bots import RandomBot
from gameplay.engine.card_facts import load_cards
from gameplay.engine.game import GameConfig, PlayerConfig, apply, legal_actions, new_game, to_act
from gameplay.engine.observe import observe
from gameplay.engine.rng import Rng
from gameplay.engine.search import SearchBot, determinize, visible_refs
from gameplay.engine.simulate import load_deck
from gameplay.engine.state import GameState
from tests.gameplay.test_search_bot import BUDGET, _decision_points, hidden_zones, swap_hidden

BLACK_SAILS = "asots_18"


def _black_sails(seed: int) -> GameConfig:
    """Stark against Greyjoy with Black Sails: half of the Greyjoy deck is The Hold."""
    greyjoy = load_deck("kings-of-the-sea-greyjoy")
    return GameConfig(
        players=(load_deck("core-stark"), PlayerConfig(greyjoy.house, greyjoy.deck, BLACK_SAILS)),
        seed=seed,
    )


def _markers() -> tuple[str, str]:
    """A card and a plot the bot's prior never guesses for the Greyjoy seat: a character of
    another House only, and a plot of a product none of the game's cards come from."""
    pool = sorted(load_cards().values(), key=lambda c: c.code)
    card = next(c.code for c in pool if c.type == "character" and c.houses == ("Martell",))
    used = {"core", "kings-of-the-sea", "reach-of-the-kraken"}  # Black Sails: asots_18
    plot = next(c.code for c in pool if c.type == "plot" and c.product not in used)
    return card, plot


def _every_zone_marked(state: GameState, seat: int) -> tuple[GameState, dict[str, list[str]]]:
    """``state`` with two marker cards added to every zone of ``seat`` that seat 0 does not
    see (:func:`hidden_zones`); the markers' ids by zone."""
    marked = state.copy()
    marked.__dict__.pop("_public_view", None)
    card, plot = _markers()
    player = marked.players[seat]
    added = {}
    for name in hidden_zones(state, 0, seat):
        code = plot if "plot" in name else card
        refs = [marked.new_card(code, seat) for _ in range(2)]
        getattr(player, name).extend(refs)
        added[name] = refs
    return marked, added


def test_every_hidden_zone_is_guessed_again():
    """A card the prior cannot hold, put into every zone hidden from seat 0, never keeps its
    face in the bot's guesses: each one is sampled from the public prior."""
    state = _decision_points(seed=4, seat=0, count=3, config=_black_sails(4))[-1]
    assert state.players[1].hold  # Black Sails set half the deck aside
    # The zones read from the state: the Hold, Shadows and the hand of another seat are
    # among them, the public piles are not; of its own cards, only the deck.
    hidden = set(hidden_zones(state, 0, 1))
    assert {"hand", "deck", "plot_deck", "shadows", "hold", "setup_cards"} <= hidden
    assert not hidden & {"in_play", "discard", "dead", "used_plots", "removed"}
    own = set(hidden_zones(state, 0, 0))
    assert "deck" in own and not own & {"hand", "plot_deck", "shadows", "hold", "setup_cards"}
    marked, added = _every_zone_marked(state, 1)
    assert "hold" in added
    assert observe(marked, 0)["players"][1]["hold_count"] == len(state.players[1].hold) + 2
    markers = set(_markers())
    rng = Rng(7)
    for _ in range(6):
        world = determinize(marked, 0, rng)
        assert observe(world, 0) == observe(marked, 0)
        kept = {
            name: [r for r in refs if world.cards[r].code in markers]
            for name, refs in added.items()
        }
        assert not any(kept.values()), kept
        # Every zone keeps its size (public); the guessed ids lie anywhere among them.
        for name in added:
            assert len(getattr(world.players[1], name)) == len(getattr(marked.players[1], name))


def test_every_card_hidden_from_a_seat_lies_in_a_zone_the_bot_guesses_again():
    """Over a random game with Black Sails, every card a seat does not see is in a list
    zone of a player (which determinize walks) or is an agenda (public by its code): a
    hidden card kept anywhere else (a new dict of zones) would keep its face in the bot's
    guesses."""
    state = new_game(_black_sails(2))
    bots = [RandomBot(3), RandomBot(4)]
    checked = 0
    while state.result is None and state.round <= 3:
        for seat in range(len(state.players)):
            view = observe(state, seat)
            visible = visible_refs(view)
            in_zones = {
                ref
                for player in state.players
                for name in hidden_zones(state, seat, player.seat)
                for ref in getattr(player, name)
            }
            agendas = {p["agenda"] for p in view["players"]}
            loose = {
                ref
                for ref, card in state.cards.items()
                if ref not in visible and ref not in in_zones and card.code not in agendas
            }
            assert not loose, (state.phase, sorted(state.code(r) for r in loose))
            checked += 1
        actor = to_act(state)[0]
        state = apply(state, bots[actor].choose(observe(state, actor), legal_actions(state, actor)))
    assert checked > 100 and state.players[1].hold


@pytest.mark.parametrize("zone", ["hold", None])
def test_the_decisions_do_not_change_when_only_a_hidden_zone_does(zone):
    """Other cards in the other seat's Hold (``hold``: only that zone and its deck,
    exchanged), or in every zone hidden from the bot (None): the view is the same, and so
    is every decision of the bot."""
    states = _decision_points(seed=4, seat=0, count=10, config=_black_sails(4))
    changed = 0
    for index, state in enumerate(states):
        swapped = swap_hidden(state, 0, seed=200 + index, only=None if zone is None else {zone})
        changed += [state.code(r) for r in state.players[1].hold] != [
            swapped.code(r) for r in swapped.players[1].hold
        ]
        assert observe(swapped, 0) == observe(state, 0)
        actions = legal_actions(state, 0)
        for bot_seed in (1, 2):
            original = SearchBot(bot_seed, **BUDGET).choose_in(state, 0, actions)
            again = SearchBot(bot_seed, **BUDGET).choose_in(swapped, 0, actions)
            assert original == again, (index, bot_seed)
    assert changed == len(states)  # the Hold really held other cards
