"""Random bot playouts of every variant; invariants are checked after every action.

After each action: the state survives JSON unchanged; each seat's view does not change when
what it may not see does (others' hands and decks, its own deck order); power and gold are
conserved according to the log (every change is an event); the game ends by the round
limit. The same seed and actions replay to the same digest.
"""

from __future__ import annotations

import orjson
import pytest

from gameplay.engine.actions import Action
from gameplay.engine.bots import RandomBot
from gameplay.engine.game import GameConfig, apply, legal_actions, new_game, outcome, to_act
from gameplay.engine.moves import gain_gold, give_gold, pay_gold
from gameplay.engine.observe import observe
from gameplay.engine.simulate import load_deck, play_game
from gameplay.engine.state import GameState
from tests.gameplay.cardtest import hidden_changed

DECKS = ("core-stark", "core-lannister", "core-baratheon", "core-targaryen")
ROUND_LIMIT = 3
MAX_DECISIONS = 1_500
# (variant, number of players)
VARIANTS = {
    "joust": ("joust", 2),
    "melee3": ("melee", 3),
    "melee4": ("melee", 4),
    "teams": ("teams", 4),
}


def _config(name: str, seed: int, round_limit: int = ROUND_LIMIT) -> GameConfig:
    variant, count = VARIANTS[name]
    decks = tuple(load_deck(DECKS[(seed + i) % len(DECKS)]) for i in range(count))
    return GameConfig(players=decks, seed=seed, variant=variant, round_limit=round_limit)


def power_from_log(state: GameState) -> int:
    """Power claimed from the pool minus power returned to it, by the log: ``power``
    (claimed), ``left_play`` (power on a card that left play). ``power_moved`` and
    ``power_placed`` move power between Houses and cards and change no total."""
    total = 0
    for event in state.log:
        if event["event"] == "power":
            total += event["amount"]
        elif event["event"] == "left_play":
            total -= event["power"]
    return total


def gold_from_log(state: GameState) -> int:
    """Gold taken from the Treasury minus gold returned to it, by the log: ``income`` and
    ``gold_gained`` in, ``marshalled`` (cost paid), ``gold_paid`` (costs and effects) and
    ``taxed`` out. ``gold_given`` moves gold between players and changes no total."""
    total = 0
    for event in state.log:
        kind = event["event"]
        if kind in ("income", "gold_gained"):
            total += event["gold"]
        elif kind in ("marshalled", "gold_paid", "taxed"):
            total -= event["gold"]
    return total


def check(state: GameState, full: bool = True) -> None:
    """Every invariant of one position. Without ``full`` the slow reference forms of
    serialization (``to_json``, a copying ``from_json``) are not compared again: the
    state still round-trips through the JSON the server stores, written and read by
    orjson as the server does (``services.play``)."""
    text = orjson.dumps(state)  # the server's stored form (``state_text``): orjson's own
    # It holds the declared fields only, in their order: no attribute was set on the state
    # or its players and cards outside them (one would be stored, then refused on load).
    assert orjson.dumps(state.to_plain()) == text
    if full:
        # The fast form for storage writes exactly the same JSON, key order included.
        assert orjson.dumps(state.to_json()) == text
        assert GameState.from_json(orjson.loads(text)) == state
    assert GameState.from_json(orjson.loads(text), owned=True) == state
    for viewer in range(len(state.players)):
        view = observe(state, viewer)
        orjson.dumps(view)
        assert observe(hidden_changed(state, viewer), viewer) == view
    spectator = observe(state, None)
    assert all("hand" not in p for p in spectator["players"])
    conserved(state)
    assert state.round <= state.round_limit


def conserved(state: GameState) -> None:
    """Power and gold totals agree with the log."""
    power = sum(state.total_power(p.seat) for p in state.players)
    assert power == power_from_log(state), "power changed without a log event"
    assert all(p.power >= 0 for p in state.players)
    assert all(r.power >= 0 for r in state.in_play.values())
    gold = sum(p.gold for p in state.players) + sum(r.gold for r in state.in_play.values())
    assert gold == gold_from_log(state), "gold changed without a log event"
    assert all(p.gold >= 0 for p in state.players)


def _play(name: str, seed: int, checked: bool) -> tuple[GameState, list[str]]:
    state = new_game(_config(name, seed))
    bots = [RandomBot(seed * 7 + s) for s in range(len(state.players))]
    log: list[str] = []
    if checked:
        check(state)
    while outcome(state) is None:
        assert state.decisions < MAX_DECISIONS
        seat = to_act(state)[0]
        actions = legal_actions(state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        action = bots[seat].choose(observe(state, seat), actions)
        state = apply(state, action)
        log.append(str(action))
        if checked:
            check(state, full=len(log) % 10 == 0)
    return state, log


def _ends(state: GameState) -> None:
    result = outcome(state)
    assert result is not None and result["reason"] in ("power", "round_limit")
    if result["reason"] == "round_limit":
        assert state.round == state.round_limit and result["winner"] is None
    assert state.round <= state.round_limit == ROUND_LIMIT


CASES = [
    ("joust", 0),
    ("joust", 1),
    ("joust", 2),
    ("melee3", 3),
    ("melee4", 4),
    ("teams", 5),
    ("teams", 6),
]


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_random_games_keep_invariants_and_end_under_the_round_limit(name, seed):
    state, log = _play(name, seed, checked=True)
    _ends(state)
    assert all(Action.parse(text) for text in log)


@pytest.mark.parametrize("name", ["joust", "melee3"])
def test_greedy_games_keep_invariants_up_to_a_win_by_power(name):
    # Random bots rarely score; greedy ones reach the victory total within a few rounds.
    config = _config(name, 1, round_limit=12)
    state, _ = play_game(config, bots="greedy", bot_seed=1, on_action=lambda s, a: check(s))
    result = outcome(state)
    assert result["reason"] == "power" and state.round <= 12
    assert state.total_power(result["winner"]) >= 15


@pytest.mark.parametrize("name", list(VARIANTS))
def test_same_seed_and_actions_replay_to_the_same_state(name):
    state, log = _play(name, 11, checked=False)
    replay = new_game(_config(name, 11))
    for text in log:
        replay = apply(replay, text)
    assert replay.digest() == state.digest()
    assert new_game(_config(name, 11)).digest() != new_game(_config(name, 13)).digest()


def test_others_hand_is_hidden_but_own_hand_is_shown():
    state = new_game(_config("joust", 3))
    mine, theirs = observe(state, 0)["players"]
    assert len(mine["hand"]) == 7 and "hand" not in theirs and theirs["hand_count"] == 7
    assert "plot_deck" not in theirs and theirs["plot_deck_count"] == 7
    visible = orjson.dumps(observe(state, 0)).decode()
    for ref in state.players[1].hand + state.players[0].deck + state.players[1].deck:
        assert f'"{ref}"' not in visible


def test_the_log_accounts_for_power_and_gold():
    # The conservation checks above can fail: an unlogged change is caught.
    state = new_game(_config("joust", 0))
    conserved(state)
    state.players[0].power += 1
    with pytest.raises(AssertionError, match="power changed"):
        conserved(state)
    state.players[0].power -= 1
    state.players[1].gold += 2
    with pytest.raises(AssertionError, match="gold changed"):
        conserved(state)


def test_gold_moves_only_through_logged_helpers():
    state = new_game(_config("joust", 0))
    gain_gold(state, 0, 3, "test")
    assert give_gold(state, 0, 1, 5) == 3  # no more than the giver has
    assert pay_gold(state, 1, 2, "test") == 2
    assert pay_gold(state, 0, 1, "test") == 0
    assert [p.gold for p in state.players] == [0, 1]
    assert [e["event"] for e in state.log[-3:]] == ["gold_gained", "gold_given", "gold_paid"]
    conserved(state)


def test_an_abilitys_gold_cost_is_logged(monkeypatch):
    from gameplay.engine.abilities import SCRIPTS, Ability, Cost, Script
    from tests.gameplay.scenario import build, code

    ability = Ability("action", lambda state, ctx: None, costs=(Cost("gold", 1),))
    monkeypatch.setitem(SCRIPTS, code("Wolf Pack"), Script(abilities=[ability]))
    state = build(phase="challenges", players=[{"in_play": ["Wolf Pack"], "gold": 2}, {}])
    wolves = state.players[0].in_play[0]
    state = apply(state, Action(0, "use", (wolves,)))
    assert state.players[0].gold == 1
    assert gold_from_log(state) == -1  # the 1 gold paid (the scenario's 2 are not logged)
