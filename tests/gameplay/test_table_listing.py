"""The Table menu reads the queue once per listing (``table._queued`` kept for the length of
one ``table_menu``): the menu it lists is exactly what ``table_problem`` allows action by
action, outside any listing, and a card a waiting step names is still refused."""

from __future__ import annotations

from gameplay.engine.actions import Action
from gameplay.engine.bots import RandomBot
from gameplay.engine.game import GameConfig, apply, legal_actions, new_game, to_act
from gameplay.engine.simulate import load_deck
from gameplay.engine.state import GameState
from gameplay.engine.table import _in_queue, _queued, table_menu, table_problem


def _states(seed: int = 3, every: int = 7, most: int = 420) -> list[GameState]:
    decks = (load_deck("core-stark"), load_deck("core-lannister"))
    state = new_game(GameConfig(players=decks, seed=seed, table_actions=True))
    bots = [RandomBot(seed + s) for s in range(2)]
    found = []
    while state.result is None and state.decisions < most:
        seat = to_act(state)[0]
        state = apply(state, bots[seat].choose(None, legal_actions(state, seat)))
        if state.phase != "setup" and state.decisions % every == 0:
            found.append(state)
    return found


def _every_offer(state: GameState, seat: int) -> list[Action]:
    """Every table action the menu considers for ``seat``: its cards' moves and marks, the
    player's actions, the requests and answers (whatever the menu lists, refused or not)."""
    menu = table_menu(state, seat)
    listed = [a for actions in menu["cards"].values() for a in actions]
    listed += [*menu["player"], *menu["answers"]]
    listed += [a for actions in menu["requests"].values() for a in actions]
    return listed


def test_the_menu_lists_what_table_problem_allows_one_action_at_a_time():
    states = _states()
    assert len(states) > 30
    compared = 0
    for state in states:
        for seat in range(len(state.players)):
            for action in _every_offer(state, seat):
                # Outside a listing, every check reads the queue afresh.
                assert table_problem(state, action) is None, (state.decisions, action)
                compared += 1
            # And nothing the menu left out is allowed: a move of each own card to its hand.
            listed = {str(a) for a in _every_offer(state, seat)}
            for ref in state.players[seat].in_play:
                move = Action(seat, "table:move", (ref,), "hand")
                assert (str(move) in listed) == (table_problem(state, move) is None)
    assert compared > 1000


def test_a_card_a_waiting_step_names_is_refused_in_the_menu_and_alone():
    named = 0
    for state in _states(seed=8, every=1, most=600):
        for seat in range(len(state.players)):
            queued = _queued(state, seat)
            for ref in state.players[seat].in_play:
                if ref not in queued:
                    continue
                named += 1
                move = Action(seat, "table:move", (ref,), "hand")
                assert "part of the decision at hand" in (table_problem(state, move) or "")
                menu = table_menu(state, seat)
                assert move not in menu["cards"].get(ref, [])
    assert named > 0


def test_the_queue_read_counts_no_record_of_the_last_action():
    state = _states()[5]
    window = {"name": "window", "last": {"seat": 0, "kind": "use", "cards": ["c999"]}}
    other = state.copy()
    other.queue = [window, *other.queue]
    assert not _in_queue(other, "c999", 0)
    other.queue[0] = {**window, "event": {"card": "c999"}}
    assert _in_queue(other, "c999", 0)


def test_the_tiles_with_a_menu_cover_every_card_the_menu_lists_and_answers_are_the_menus():
    """An update leaves the menu out (``tableview.table_view(menu=False)``): the tiles that
    open a card menu are then :func:`gameplay.tableview.menu_refs`, which must cover every
    card the menu would list (but those looked at on the deck, which have no tile), and the
    requests it shows are :func:`table_answers`, exactly the menu's answers."""
    from gameplay.engine.table import CARD_VERBS, looked, requests, table_answers
    from gameplay.tableview import menu_refs

    answered = 0
    for state in _states(seed=5, every=3):
        for seat in range(2):
            menu = table_menu(state, seat)
            listed = set(menu["cards"]) | {k for k in menu["requests"] if ":" not in k}
            assert listed - set(looked(state, seat)) <= menu_refs(state, seat)
        # A request of seat 0's about a card of seat 1's: both seats may answer it.
        theirs = [r for r in state.players[1].in_play]
        asked = [Action(0, "table:request", (r,), v) for r in theirs for v in CARD_VERBS]
        allowed = [a for a in asked if table_problem(state, a) is None]
        if not allowed:
            continue
        state = apply(state, allowed[0])
        assert requests(state)
        for seat in range(2):
            assert table_answers(state, seat) == table_menu(state, seat)["answers"] != []
            answered += 1
    assert answered > 20
    setup = new_game(GameConfig(players=(load_deck("core-stark"),) * 2, table_actions=True))
    assert setup.phase == "setup" and not menu_refs(setup, 0) and not table_answers(setup, 0)
