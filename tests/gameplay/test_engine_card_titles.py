"""Cards as titles of the melee pool (titles.card_titles, the zone ``title_pool`` of
leaving.leave_play, the ability zone ``title``) and the ``discard_instead`` replacement
(leaving.INSTEAD). Aurane Waters (asots_100) uses them all."""

from __future__ import annotations

from gameplay.engine import leaving
from gameplay.engine.state import InPlay
from gameplay.engine.title_steps import return_titles
from gameplay.engine.titles import TITLES, card_titles, titles_of
from gameplay.eventlog import event_text
from tests.gameplay.cardtest import KNIGHT, build, in_play


def _melee(count):
    return build(phase="challenges", players=[{"in_play": [KNIGHT]} for _ in range(count)])


def test_a_card_left_play_to_the_title_pool_is_a_title():
    state = _melee(3)
    knight = in_play(state, 0, KNIGHT)[0]
    leaving.leave_play(state, knight, "title_pool")
    assert knight in state.title_pool and card_titles(state) == [knight]
    state.players[1].title = knight
    state.title_pool.remove(knight)
    assert card_titles(state) == [knight]  # held
    assert titles_of(state, 1) == []  # none of the six titles' relations or bonuses


def test_four_players_every_title_returns_with_the_card_titles():
    state = _melee(4)
    card = state.new_card("asots_100", 0)
    state.players[2].title = card
    return_titles(state, {})
    assert state.title_pool == [*TITLES, card] and state.players[2].title is None


def test_without_card_titles_the_pool_is_the_six():
    state = _melee(4)
    return_titles(state, {})
    assert state.title_pool == list(TITLES)


def test_the_log_names_a_card_title_by_its_card():
    event = {"event": "title", "seat": 0, "title": "c12"}
    text = event_text(event, card=lambda r: f"<{r}>", code=str, seat=lambda s: f"P{s}")
    assert text == "P0 chooses the <c12> title."
    event = {"event": "title", "seat": 0, "title": "master_of_coin"}
    assert "Master of Coin" in (event_text(event, card=str, code=str, seat=str) or "")


def test_a_discard_replaced_leaves_play_to_the_zone_named():
    state = _melee(3)
    aurane = state.new_card("asots_100", 0)
    state.in_play[aurane] = InPlay(controller=0)
    state.players[0].in_play.append(aurane)
    leaving.discard_from_play(state, [aurane])
    leaving.leave_now(state, state.queue.pop(0))
    assert aurane in state.title_pool and aurane not in state.players[0].discard
    assert any(e["event"] == "discard_replaced" for e in state.log)
