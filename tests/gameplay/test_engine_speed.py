"""The speed work after issue 29's first round (docs/PERFORMANCE.md, "Further speed work"):
every shortcut gives what the plain rules give.

- A select in a prompt that changes nothing else shares the state (``game._select_on``, the
  checks' mark ``steps.checked``), like a pass that moves a window on: the state it gives is
  the one a full copy, the select and ``run`` give, and the state selected from is unchanged.
- What a call reads once for every candidate (``known`` in ``check_setup``,
  ``check_marshal`` and ``uses._problem``; ``able`` in ``challenges.challenge_problem``;
  ``seen`` in ``rules.can_attack``) changes no answer: every listed action is legal when
  checked on its own, with nothing read before.
- The caches on a state (``state.CARRIED_CACHES``, the zones ``usable`` looks at, the checks'
  game-level flags, the "X now" cards) change no list of legal actions: a state rebuilt
  without any lists the same actions in the same order.
- A game played on its own state in place (``game.apply_in_place``: the arena, simulations,
  replays, the benchmarks) is, action after action, the game ``apply`` plays with a copy per
  action; an illegal action in place changes nothing.
"""

from __future__ import annotations

import pytest

from gameplay.engine import game, prompts
from gameplay.engine.abilities import _immunity_words, immunities
from gameplay.engine.actions import Action
from gameplay.engine.bots import RandomBot
from gameplay.engine.challenges import TYPES, can_initiate, challenge_options
from gameplay.engine.game import _DO, IllegalAction, apply, legal_actions, new_game, to_act
from gameplay.engine.legal import marshal_actions
from gameplay.engine.rules import can_attack, check_marshal, unique_names, unique_problem
from gameplay.engine.simulate import deck_rotation, game_config
from gameplay.engine.state import GameState
from gameplay.engine.steps import checked, run
from tests.gameplay.test_state_copy import _states as states_along

DECKS = (
    "core-stark",
    "core-lannister",
    "core-baratheon",
    "core-targaryen",
    "whole-pool-greyjoy",
    "whole-pool-martell",
)


def _states(variant: str, players: int, seed: int, every: int = 1) -> list[GameState]:
    """States along a random game (at most 700 decisions), one every ``every``."""
    return states_along(variant, players, seed, every, decks=DECKS, most=700)


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("joust", 2, 2), ("melee", 3, 3), ("teams", 4, 9)]
)
def test_a_select_that_changes_nothing_else_is_the_full_apply(
    variant: str, players: int, seed: int
) -> None:
    shared = 0
    for state in _states(variant, players, seed):
        head = state.queue[0] if state.queue else {}
        if head.get("name") != "prompt" or "options" in head:
            continue
        seat = to_act(state)[0]
        for action in [a for a in legal_actions(state, seat) if a.kind == "select"][:3]:
            before = state.digest()
            slow = state.copy()
            _DO["select"](slow, action)
            slow.decisions += 1
            run(slow)
            fast = game._select_on(state, action.cards[0])
            if fast is not None:
                shared += 1
                assert fast.digest() == slow.digest(), action
                assert checked(state)
                assert not prompts.settles(fast.queue[0])
            assert apply(state, action).digest() == slow.digest(), action
            assert state.digest() == before
    assert shared > 5


def test_the_checks_mark_holds_only_for_the_state_it_was_made_on() -> None:
    """A state edited after its decision was reached (by hand, as a test may) is not taken
    for one the checks have seen: the mark is keyed by what the checks change."""
    for state in _states("joust", 2, 5, every=11):
        if not checked(state):
            continue
        edited = state.copy()
        edited.__dict__["_checked"] = state.__dict__["_checked"]
        edited.emit("table", seat=0)  # any logged change
        assert not checked(edited)
        return
    pytest.fail("no state had the checks' mark")


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("joust", 2, 1), ("melee", 4, 6), ("joust", 2, 12)]
)
def test_every_listed_action_is_legal_on_its_own(variant: str, players: int, seed: int) -> None:
    """Listing reads what every candidate shares once (the seat's gold, permissions and
    influence, each card's cost in setup, the attackers of each challenge type): each
    listed action, checked alone on a state that kept none of it, is legal, and checking
    a marshalled card alone gives the same verdict as listing it."""
    for state in _states(variant, players, seed, every=3):
        seat = to_act(state)[0]
        listed = legal_actions(state, seat)
        for action in listed:
            state.__dict__.pop("_legal", None)  # checked as if never listed
            assert game._why_illegal(state, action) is None, action
        head = state.queue[0]
        if head["name"] == "window" and head.get("turn") == seat and head["point"] == "marshal":
            plays = {a.cards for a in marshal_actions(state, seat) if a.kind == "marshal:play"}
            for ref in state.players[seat].hand:
                alone = check_marshal(state, seat, (ref,)) is None
                assert alone == ((ref,) in plays) or game.house_attachment(state, ref), ref


@pytest.mark.parametrize(("variant", "players", "seed"), [("joust", 2, 4), ("melee", 3, 8)])
def test_challenge_options_read_each_card_once_and_answer_alike(
    variant: str, players: int, seed: int
) -> None:
    for state in _states(variant, players, seed, every=5):
        for seat in range(players):
            options = challenge_options(state, seat)
            assert can_initiate(state, seat) == bool(options)
            seen: dict = {}
            for ctype in TYPES:
                assert can_attack(state, seat, ctype, seen) == can_attack(state, seat, ctype)


@pytest.mark.parametrize(("variant", "players", "seed"), [("joust", 2, 7), ("melee", 4, 10)])
def test_unique_names_are_what_unique_problem_finds(variant: str, players: int, seed: int) -> None:
    from gameplay.engine.rules import facts

    for state in _states(variant, players, seed, every=9):
        for seat in range(players):
            names = unique_names(state, seat)
            for ref in {*state.cards}:
                card = facts(state, ref)
                if card.unique:
                    found = unique_problem(state, seat, card) is not None
                    assert found == (card.name in names), (seat, ref)


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("joust", 2, 3), ("melee", 3, 11), ("melee", 4, 13)]
)
def test_caches_never_change_the_legal_actions(variant: str, players: int, seed: int) -> None:
    """From states along a game, the legal actions listed on the state as play left it
    (every cache kept) and on the same state rebuilt from JSON (none) are the same, in the
    same order (a bot chooses by position)."""
    for state in _states(variant, players, seed, every=2):
        seat = to_act(state)[0]
        fresh = GameState.from_json(state.to_json())
        assert legal_actions(state, seat) == legal_actions(fresh, seat)


@pytest.mark.parametrize(
    "words",
    [
        set(),
        {"stealth"},
        {"immune to events", "renown"},
        {"Immune to opponent's events and character abilities."},
        {"immune to non-Raven cards", "immune to plot card effects"},
        {"immune to non-Maester cards.", "immune to non-Raven cards"},
    ],
)
def test_immunity_words_are_read_as_before(words: set[str]) -> None:
    anyone, theirs, non = _immunity_words(words)
    assert (anyone, theirs) == immunities(words)
    expected = set()
    for word in words:
        word = word.lower().strip().rstrip(".")
        if word.startswith("immune to non-") and word.endswith(" cards"):
            expected.add(word[len("immune to non-") : -len(" cards")])
    assert set(non) == expected


def test_an_action_is_still_checked_after_its_parts_were_seen_valid() -> None:
    Action(0, "use", ("c12",), "ambush")  # remembered as valid: c12, ambush
    with pytest.raises(ValueError):
        Action(0, "use", ("ambush",))  # a valid choice is no card ref
    with pytest.raises(ValueError):
        Action(0, "choose", choice="c12!")
    assert Action(1, "use", ("c12",), "ambush") == Action.parse("p1:use:c12=ambush")


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("joust", 2, 4), ("melee", 3, 5), ("teams", 4, 6)]
)
def test_a_game_played_in_place_is_the_game_apply_plays(
    variant: str, players: int, seed: int
) -> None:
    config = game_config(deck_rotation(seed, players, DECKS), seed, variant, 4)
    copied, owned = new_game(config), new_game(config)
    bots = [RandomBot(seed * 31 + s) for s in range(players)]
    while copied.result is None and copied.decisions < 700:
        seat = to_act(copied)[0]
        actions = legal_actions(copied, seat)
        mine = legal_actions(owned, seat)
        assert mine == actions
        choice = actions.index(bots[seat].choose({}, actions))
        copied = apply(copied, actions[choice])
        game.apply_in_place(owned, mine[choice])
        if copied.decisions % 5 == 0 or copied.result is not None:
            assert owned.digest() == copied.digest(), f"decision {copied.decisions}"
    assert owned.digest() == copied.digest()
    assert copied.decisions >= 200


def test_an_illegal_action_in_place_changes_nothing() -> None:
    state = new_game(game_config(deck_rotation(1, 2, DECKS), 1, "joust", 4))
    bots = [RandomBot(31 + s) for s in range(2)]
    while state.round < 2:
        seat = to_act(state)[0]
        game.apply_in_place(state, bots[seat].choose({}, legal_actions(state, seat)))
    seat = to_act(state)[0]
    before, decisions = state.digest(), state.decisions
    with pytest.raises(IllegalAction):
        game.apply_in_place(state, Action(1 - seat, "pass"))  # not that seat's decision
    with pytest.raises(IllegalAction):
        game.apply_in_place(state, f"p{seat}:use:c99999")  # no such card
    with pytest.raises(ValueError):
        game.apply_in_place(state, "not an action")
    assert (state.digest(), state.decisions) == (before, decisions)
    game.apply_in_place(state, legal_actions(state, seat)[0])
    assert state.decisions == decisions + 1
