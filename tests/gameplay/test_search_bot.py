"""The search bot (gameplay/engine/search.py): it never reads hidden information, it keeps
what its seat may see, it is reproducible, and it answers every decision in every variant."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import fields

import pytest

from gameplay.engine.bots import GreedyBot
from gameplay.engine.card_facts import load_cards
from gameplay.engine.game import GameConfig, apply, legal_actions, new_game, to_act
from gameplay.engine.observe import observe
from gameplay.engine.rng import Rng
from gameplay.engine.search import SearchBot, determinize, evaluate, visible_refs
from gameplay.engine.simulate import deck_rotation, game_config, winners
from gameplay.engine.state import GameState

BUDGET = {"playouts": 2, "max_seconds": 1e9, "candidates": 3}  # no wall-clock cut: exact
PLOTS = frozenset(c.code for c in load_cards().values() if c.type == "plot")


def _decision_points(
    seed: int, seat: int, count: int, variant: str = "joust", config: GameConfig | None = None
) -> list:
    """The first ``count`` states after setup where ``seat`` has several legal actions,
    reached by greedy play (game ``seed``, Core decks, or ``config``)."""
    if config is None:
        players = {"joust": 2, "melee": 3}[variant]
        config = game_config(deck_rotation(seed, players), seed, variant)
    state = new_game(config)
    bots = [GreedyBot(seed * 7 + s) for s in range(len(state.players))]
    found = []
    while state.result is None and len(found) < count:
        actor = to_act(state)[0]
        actions = legal_actions(state, actor)
        if actor == seat and len(actions) > 1 and state.phase != "setup":
            found.append(state)
        state = apply(state, bots[actor].choose(observe(state, actor), actions))
    return found


def hidden_zones(state: GameState, viewer: int, seat: int) -> list[str]:
    """The zones of ``seat`` that ``viewer`` does not see, read from the state's zones:
    every list field of a player (:class:`~gameplay.engine.state.Player`) that the
    viewer's view of that player does not show as a list under its name (the hand and
    the deck of another, The Hold, Shadows ...; ``deck`` for the viewer itself). A zone
    added to the state is in this list until ``observe`` shows it."""
    player = state.players[seat]
    shown = observe(state, viewer)["players"][seat]
    return [
        f.name
        for f in fields(player)
        if isinstance(getattr(player, f.name), list) and not isinstance(shown.get(f.name), list)
    ]


def swap_hidden(
    state: GameState, seat: int, seed: int, only: Collection[str] | None = None
) -> GameState:
    """The same position as ``seat`` sees it, with everything hidden from it different:
    in every zone hidden from it (:func:`hidden_zones`; ``only``: just those zones, with
    the deck), another seat's cards become other cards of its own in another order (a
    hidden card may move between its hand, deck, Hold ...), ``seat``'s own deck is in
    another order, and the game's random generator differs. Plots stay among plots."""
    other = state.copy()
    rng = Rng(seed)
    for player in other.players:
        zones = hidden_zones(state, seat, player.seat)
        if only is not None:
            zones = [z for z in zones if z in only or z == "deck"]
        for plots in (False, True):
            slots = [
                (zone, i)
                for zone in (getattr(player, name) for name in zones)
                for i, ref in enumerate(zone)
                if ref in other.cards and (other.cards[ref].code in PLOTS) == plots
            ]
            refs = [zone[i] for zone, i in slots]
            codes = [other.cards[r].code for r in refs]
            if player.seat != seat:
                codes = codes[1:] + codes[:1]  # other cards: each one takes the next's face
            rng.shuffle(codes)
            _recode(other, refs, codes)
            if player.seat != seat:
                rng.shuffle(refs)  # and the ids are dealt again over the zones
                for (zone, i), ref in zip(slots, refs, strict=True):
                    zone[i] = ref
    other.rng = Rng(seed + 1).next()
    return other


def _recode(state: GameState, refs, codes) -> None:
    for ref, code in zip(refs, codes, strict=True):
        state.cards[ref] = type(state.cards[ref])(code, state.cards[ref].owner)


def test_the_decisions_do_not_change_when_the_hidden_cards_of_others_do():
    states = _decision_points(seed=3, seat=0, count=12)
    assert len(states) == 12
    changed_the_truth = 0
    for index, state in enumerate(states):
        swapped = swap_hidden(state, 0, seed=100 + index)
        # The swap changes the real game (hands, decks, future draws) ...
        changed_the_truth += swapped.digest() != state.digest()
        # ... but not what seat 0 may know ...
        assert observe(swapped, 0) == observe(state, 0)
        actions = legal_actions(state, 0)
        assert legal_actions(swapped, 0) == actions
        # ... so the bot, with the same seed, makes the same decisions.
        for bot_seed in (1, 2, 3):
            original = SearchBot(bot_seed, **BUDGET).choose_in(state, 0, actions)
            again = SearchBot(bot_seed, **BUDGET).choose_in(swapped, 0, actions)
            assert original == again, (index, bot_seed)
    assert changed_the_truth == len(states)


def test_the_decision_distribution_over_seeds_is_the_same_with_other_hidden_cards():
    state = _decision_points(seed=8, seat=1, count=5)[-1]
    actions = legal_actions(state, 1)
    swapped = swap_hidden(state, 1, seed=42)
    original = [SearchBot(s, **BUDGET).choose_in(state, 1, actions) for s in range(8)]
    again = [SearchBot(s, **BUDGET).choose_in(swapped, 1, actions) for s in range(8)]
    assert original == again


def test_a_determinization_keeps_the_view_and_changes_the_hidden_cards():
    state = _decision_points(seed=5, seat=0, count=6)[-1]
    rng = Rng(9)
    worlds = [determinize(state, 0, rng) for _ in range(4)]
    for world in worlds:
        assert observe(world, 0) == observe(state, 0)
        assert legal_actions(world, 0) == legal_actions(state, 0)
        # The other seat's hidden zones keep their sizes (public); their ids are dealt
        # again at random over hand and deck.
        mine, true = world.players[1], state.players[1]
        assert (len(mine.hand), len(mine.deck)) == (len(true.hand), len(true.deck))
        assert sorted(mine.hand + mine.deck) == sorted(true.hand + true.deck)
    # Sampled again: the worlds differ from the true state and from each other.
    hidden = [*state.players[1].hand, *state.players[1].deck]
    faces = {tuple(w.cards[r].code for r in hidden) for w in worlds}
    assert len(faces) == len(worlds)
    assert all(w.rng != state.rng for w in worlds)


def test_cards_shown_to_the_seat_keep_their_faces():
    state = _decision_points(seed=5, seat=0, count=3)[-1]
    view = observe(state, 0)
    shown = visible_refs(view)
    world = determinize(state, 0, Rng(4))
    for ref in shown:
        assert world.cards[ref] == state.cards[ref]
    assert set(state.players[0].hand) <= shown


def test_one_legal_action_costs_nothing():
    bot = SearchBot(1, **BUDGET)
    state = new_game(game_config(deck_rotation(0, 2), 0))
    only = legal_actions(state, 0)[:1]
    assert bot.choose_in(state, 0, only) == only[0]
    assert bot.timings == []


def test_the_same_seed_plays_the_same_game():
    def play(seed: int) -> list[str]:
        state = new_game(game_config(deck_rotation(1, 2), seed, round_limit=2))
        bots = [SearchBot(seed, playouts=1, max_seconds=1e9), GreedyBot(seed)]
        taken = []
        while state.result is None:
            actor = to_act(state)[0]
            actions = legal_actions(state, actor)
            if actor == 0:
                action = bots[0].choose_in(state, 0, actions)
            else:
                action = bots[1].choose(observe(state, 1), actions)
            taken.append(str(action))
            state = apply(state, action)
        return taken

    assert play(11) == play(11)


@pytest.mark.parametrize(
    ("variant", "players"), [("joust", 2), ("melee", 3), ("melee", 4), ("teams", 4)]
)
def test_it_answers_every_decision_of_every_variant(variant, players):
    """Two rounds with a search bot at every other seat (setup, plots, titles in melee,
    marshalling, challenges and defenders, abilities and their targets, claim): each of
    its answers is legal (apply raises otherwise) and the game reaches its end."""
    state = new_game(game_config(deck_rotation(2, players), 21, variant, round_limit=2))
    bots = {
        s: SearchBot(s, playouts=1, max_seconds=1e9, candidates=2) if s % 2 == 0 else None
        for s in range(players)
    }
    greedy = GreedyBot(4)
    kinds = set()
    while state.result is None:
        actor = to_act(state)[0]
        actions = legal_actions(state, actor)
        bot = bots[actor]
        if bot is not None:
            action = bot.choose_in(state, actor, actions)
            kinds.add(action.kind)
        else:
            action = greedy.choose(observe(state, actor), actions)
        assert action in actions
        state = apply(state, action)
    assert state.result is not None
    assert {"setup:place", "plot:choose"} <= kinds
    assert sum(len(b.timings) for b in bots.values() if b) > 0
    if variant == "melee":
        assert "select" in kinds or "choose" in kinds or "pass" in kinds


def test_the_score_prefers_power_and_a_win():
    state = new_game(game_config(deck_rotation(0, 2), 0))
    even = evaluate(state, 0, {})
    ahead = state.copy()
    ahead.players[0].power += 3
    assert evaluate(ahead, 0, {}) == pytest.approx(even + 3)
    assert evaluate(ahead, 1, {}) == pytest.approx(even - 3)
    won = state.copy()
    won.result = {"winner": 0, "reason": "power"}
    assert evaluate(won, 0, {}) == 100 and evaluate(won, 1, {}) == -100


def test_it_beats_the_first_action_bot_in_a_short_match():
    """Not the measurement (docs/PERFORMANCE.md): a smoke test that the search plays to
    win. Two games, both seats, three rounds: it is ahead on power at the end of each."""
    for game in range(2):
        me = game % 2
        state = new_game(game_config(deck_rotation(game, 2), 700 + game, round_limit=3))
        bot = SearchBot(game, playouts=1, max_seconds=1e9)
        while state.result is None:
            actor = to_act(state)[0]
            actions = legal_actions(state, actor)
            action = bot.choose_in(state, actor, actions) if actor == me else actions[0]
            state = apply(state, action)
        powers = [state.total_power(s) for s in range(2)]
        assert me in winners(state) or powers[me] > powers[1 - me], powers


def test_a_card_the_log_names_keeps_its_face_in_every_guess():
    """A card used from a hidden zone (a response from the hand: Greenseer's Raven) is named
    with its code in the log while its ability resolves; a guessed world that gave that id
    another face made the search's own playouts fail (whole-pool arena, seed 41012)."""
    state = _decision_points(seed=5, seat=0, count=2)[-1]
    hand = state.players[1].hand
    assert len(hand) >= 2
    used, other = hand[0], hand[1]
    worlds = [determinize(state, 0, Rng(seed)) for seed in range(8)]
    assert any(w.cards[used] != state.cards[used] for w in worlds)  # guessed again before
    named = state.copy()
    named.emit("ability", seat=1, card=used, code=state.code(used), index=0, target=None)
    assert used in visible_refs(observe(named, 0))
    worlds = [determinize(named, 0, Rng(seed)) for seed in range(8)]
    assert all(w.cards[used] == state.cards[used] for w in worlds)
    assert any(w.cards[other] != state.cards[other] for w in worlds)  # the rest still guessed
    # A list of cards named with their codes counts the same way; an id alone does not.
    listed = state.copy()
    listed.emit("revealed", seat=1, cards=[other], codes=[state.code(other)])
    listed.emit("discarded", seat=1, cards=[used])
    shown = visible_refs(observe(listed, 0))
    assert other in shown and used not in shown


def test_a_playout_leaves_its_world_as_it_was():
    """Every playout of a decision starts from the same guessed world. A pass that only
    moves a window on gives a state sharing its lists with the world it came from
    (``GameState.moved_on``); a playout that then played on it in place changed the world
    for the playouts after it (the arena's KeyError playout failures: an Epic Battle card
    both beside its plot deck and in the discard pile)."""
    from gameplay.engine.search import own

    checked = shared = 0
    for world in _decision_points(5, 0, 12):
        seat = to_act(world)[0]
        for action in legal_actions(world, seat):
            before = world.digest()
            bot = SearchBot(3, **BUDGET)
            assert bot._playout(world, seat, action, 7) is not None
            assert world.digest() == before, action
            moved = apply(world, action)
            shared += moved.players is world.players
            assert own(moved, world).players is not world.players
            checked += 1
    assert shared and checked > 30
