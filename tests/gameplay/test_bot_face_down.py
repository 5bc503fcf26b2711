"""The search bot re-samples a duplicate lying face down under a card in play (Ser Davos
Seaworth, atoc_67: ``moves.add_face_down_duplicate``) like any card hidden from it: its
owner's other seats never keep its face in their guesses (``search.determinize``), and
another face there changes neither the guesses nor the bot's decisions. Its owner sees it,
and keeps it."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.game import legal_actions
from gameplay.engine.observe import observe
from gameplay.engine.rng import Rng
from gameplay.engine.search import SearchBot, determinize
from gameplay.engine.state import GameState
from tests.gameplay.test_bot_hidden_zones import _markers
from tests.gameplay.test_search_bot import BUDGET, _decision_points


def _character_of(state: GameState, seat: int) -> str | None:
    return next(
        (
            ref
            for ref, card in state.in_play.items()
            if card.controller == seat
            and card.attached_to is None
            and state.cards[ref].owner == seat
            and state.cards[ref].code.startswith("core")
            and ref not in state.table.get("plots", {})
        ),
        None,
    )


def _positions(count: int = 4) -> list[tuple[GameState, str]]:
    """Decision points of seat 0 where seat 1 has a character in play with a marker card
    (a card no Core deck holds) face down under it: (state, the duplicate's id)."""
    found = []
    marker, _ = _markers()
    for state in _decision_points(seed=4, seat=0, count=12):
        host = _character_of(state, 1)
        if host is None or not state.players[1].deck:
            continue
        state = state.copy()
        top = state.players[1].deck[0]
        state.cards[top] = type(state.cards[top])(marker, 1)
        dup = moves.add_face_down_duplicate(state, 1, host)
        assert dup is not None and state.code(dup) == marker
        found.append((state, dup))
        if len(found) == count:
            break
    assert found
    return found


def _face_swapped(state: GameState, dup: str) -> GameState:
    """The same position with another card lying face down (one of the seat's own)."""
    other = state.copy()
    other.__dict__.pop("_public_view", None)
    code = next(c.code for r, c in state.cards.items() if c.owner == 1 and r in state.in_play)
    assert code != state.code(dup)
    other.cards[dup] = type(other.cards[dup])(code, 1)
    return other


def test_the_face_down_duplicate_is_guessed_again():
    marker, _ = _markers()
    for state, dup in _positions():
        rng = Rng(3)
        for _ in range(5):
            world = determinize(state, 0, rng)
            assert observe(world, 0) == observe(state, 0)
            # The place under the host still holds one face-down card of seat 1, whose
            # mark names it; its face is sampled, never the real one.
            (fd,) = moves.face_down(world)
            host = next(r for r, c in world.in_play.items() if fd in c.duplicates)
            assert host == next(r for r, c in state.in_play.items() if dup in c.duplicates)
            assert world.cards[fd].owner == 1
            assert world.code(fd) != marker
            assert marker not in {c.code for c in world.cards.values()}


def test_its_owner_keeps_what_it_sees():
    marker, _ = _markers()
    state, dup = _positions(1)[0]
    world = determinize(state, 1, Rng(5))
    assert moves.face_down(world) == {dup} and world.code(dup) == marker


def test_another_face_down_card_changes_neither_the_guesses_nor_the_decisions():
    for state, dup in _positions(3):
        swapped = _face_swapped(state, dup)
        assert observe(swapped, 0) == observe(state, 0)
        for seed in (1, 2):
            a, b = determinize(state, 0, Rng(seed)), determinize(swapped, 0, Rng(seed))
            assert a.cards == b.cards and a.effects == b.effects and a.in_play == b.in_play
        actions = legal_actions(state, 0)
        for bot_seed in (1, 2):
            original = SearchBot(bot_seed, **BUDGET).choose_in(state, 0, actions)
            again = SearchBot(bot_seed, **BUDGET).choose_in(swapped, 0, actions)
            assert original == again
