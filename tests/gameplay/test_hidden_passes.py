"""Passing tells nobody what you hold (issue 16): a property over random positions.

For every position reached by random play in every variant, and a seat X, build the same
position with X's hidden cards (hand and deck) replaced by cards with nothing playable
(Knight of the Tumblestone: no text, no keyword). Then, for every other seat and the
spectator:

- the views are the same in both positions;
- after the action the random bot took (when it is not X's, or it is X passing, which X
  may also do with nothing playable), the views are the same again: who is asked next,
  the point, the log, the board.

A view legitimately shows X's hidden cards to someone else only when an effect reveals
them (an intrigue claim's random discard, a search, Raff the Sweetling's look at the top
of a deck): their codes are masked in both views, and a step whose log names one of them
is not compared (what follows from a revealed card may differ).
"""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.bots import RandomBot
from gameplay.engine.game import (
    GameConfig,
    IllegalAction,
    apply,
    legal_actions,
    new_game,
    to_act,
)
from gameplay.engine.observe import observe
from gameplay.engine.state import Card, GameState
from tests.gameplay.scenario import code
from tests.gameplay.soak import HOUSES, every_card_deck
from tests.gameplay.test_invariants import VARIANTS

INERT = code("Knight of the Tumblestone")  # no text, no keyword: never playable but marshalled
GAMES = {"joust": 4, "melee3": 2, "melee4": 1, "teams": 1}
ROUND_LIMIT = 3
MAX_DECISIONS = 2_500


def swapped(state: GameState, seat: int) -> tuple[GameState, set[str]]:
    """The same position with ``seat``'s hand and deck turned into inert cards (same ids,
    same counts), and the ids changed. A card of the hand that a pending step names is not
    hidden: it was revealed as it was used (an ability used from the hand, waiting for the
    cancel window to close)."""
    other = state.copy()
    other.__dict__.pop("_public_view", None)  # computed afresh, not carried over
    player = other.players[seat]
    named = _names_in(state.queue)
    hidden = {*player.hand, *player.deck} - named
    for ref in hidden:
        other.cards[ref] = Card(INERT, other.cards[ref].owner)
    return other, hidden


def _names_in(value: Any) -> set[str]:
    """Every string in ``value`` (lists and dicts walked): the card refs a step names."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, list | tuple):
        return {r for item in value for r in _names_in(item)}
    if isinstance(value, dict):
        return {r for item in (*value.keys(), *value.values()) for r in _names_in(item)}
    return set()


def masked(view: Any, hidden: set[str]) -> Any:
    """``view`` with the codes of ``hidden`` cards replaced by ``"?"`` wherever it names
    them (cards, events, a prompt's card list)."""
    if isinstance(view, list):
        return [masked(item, hidden) for item in view]
    if not isinstance(view, dict):
        return view
    out = {key: masked(value, hidden) for key, value in view.items()}
    if "code" in out and (out.get("id") in hidden or out.get("card") in hidden):
        out["code"] = "?"
    if isinstance(out.get("codes"), list) and isinstance(out.get("cards"), list):
        out["codes"] = [
            "?" if ref in hidden else c for ref, c in zip(out["cards"], out["codes"], strict=False)
        ]
    for key in list(out):
        if key in hidden and isinstance(out[key], str):
            out[key] = "?"
    return out


def differences(
    state: GameState, other: GameState, seat: int, hidden: set[str], since: int
) -> dict[int | None, tuple[Any, Any]]:
    """The viewers other than ``seat`` (and the spectator) whose views of the two
    positions differ beyond the codes of ``hidden`` cards: their waiting seats."""
    found = {}
    for viewer in [s for s in range(len(state.players)) if s != seat] + [None]:
        mine, theirs = observe(state, viewer, since=since), observe(other, viewer, since=since)
        if mine != theirs and masked(mine, hidden) != masked(theirs, hidden):
            found[viewer] = (mine["waiting_for"], theirs["waiting_for"])
    return found


def _names(event: dict, hidden: set[str]) -> bool:
    def refs(value: Any) -> set[str]:
        if isinstance(value, str):
            return {value}
        if isinstance(value, list):
            return {r for item in value for r in refs(item)}
        if isinstance(value, dict):
            return {r for item in (*value.keys(), *value.values()) for r in refs(item)}
        return set()

    return bool(refs(event) & hidden)


def check(state: GameState, action: Action, after: GameState, seat: int) -> str:
    """Compare the two positions for ``seat``'s hidden cards; returns what was compared
    (``"step"``, ``"view"`` when only the position itself) for the counts."""
    other, hidden = swapped(state, seat)
    since = len(state.log)  # the log so far is the same list in both
    assert not differences(state, other, seat, hidden, since), "the views differ"
    if action.seat == seat and action.kind != "pass":
        return "view"
    try:
        other_after = apply(other, action)
    except IllegalAction:
        return "view"  # the action names the seat's hidden cards, or pass is not legal
    if any(_names(e, hidden) for e in after.log[since:]):
        return "view"  # a hidden card was revealed: what follows may differ
    found = differences(after, other_after, seat, hidden, since)
    assert not found, f"seat {seat}'s hidden cards show after {action} (waiting): {found}"
    return "step"


def config(name: str, seed: int) -> GameConfig:
    """Decks of one copy of every Core card of a House plus the neutral ones (the soak's):
    many events, Ambush cards and abilities in hand, so that holding something playable
    is common."""
    variant, count = VARIANTS[name]
    houses = [HOUSES[(seed + i) % len(HOUSES)] for i in range(count)]
    decks = tuple(every_card_deck("core", h, seed * 10 + i) for i, h in enumerate(houses))
    return GameConfig(decks, seed=seed, variant=variant, round_limit=ROUND_LIMIT)


def play_and_check(name: str, seed: int) -> dict[str, int]:
    """One random game of variant ``name``, each position checked for every seat; the
    counts of comparisons made (``step``: the action followed too)."""
    state = new_game(config(name, seed))
    count = len(state.players)
    bots = [RandomBot(seed * 13 + s) for s in range(count)]
    counts = {"view": 0, "step": 0}
    while state.result is None and state.decisions < MAX_DECISIONS:
        seat = to_act(state)[0]
        action = bots[seat].choose({}, legal_actions(state, seat))
        after = apply(state, action)
        for hidden_seat in range(count):
            counts[check(state, action, after, hidden_seat)] += 1
        state = after
    return counts


@pytest.mark.parametrize("name", list(GAMES))
def test_nothing_playable_looks_like_a_pass_by_choice(name):
    totals = {"view": 0, "step": 0}
    for game in range(GAMES[name]):
        for key, value in play_and_check(name, 100 + game).items():
            totals[key] += value
    # Thousands of positions per variant, most of them followed through a step.
    assert totals["view"] + totals["step"] >= 1_000
    assert totals["step"] >= totals["view"]
