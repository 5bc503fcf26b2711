"""A card made its player's only agenda (leaving.become_agenda, the ``agenda`` destination of
leaving.leave_play, Player.agenda_card, abilities.agenda_cards) and the ``card_saved``
trigger (leaving.save)."""

from __future__ import annotations

import json

from gameplay.engine import leaving, moves
from gameplay.engine.abilities import agenda_of
from gameplay.engine.state import GameState
from gameplay.engine.steps import run
from tests.gameplay.cardtest import KNIGHT, agenda_position, answer, head, joust, ref

ALLIANCE = "qod_47"


def test_a_card_left_play_to_the_agenda_becomes_its_controllers_only_agenda():
    players = [{"in_play": [KNIGHT, KNIGHT]}, {}]
    state = agenda_position(players, {0: ALLIANCE}).copy()
    alliance = agenda_of(state, 0)
    knight = ref(state, 0, KNIGHT)
    leaving.leave_play(state, knight, "agenda")
    assert agenda_of(state, 0) == knight and state.players[0].agenda_card == knight
    assert state.players[0].agenda == state.code(knight)
    assert alliance in state.players[0].removed
    assert knight not in state.in_play and knight not in state.players[0].dead
    # The other copy of the same code is not the agenda.
    assert agenda_of(state, 0) != ref(state, 0, KNIGHT)
    assert [e["event"] for e in state.log[-3:]] == ["agenda_replaced", "became_agenda", "left_play"]


def test_a_second_card_made_an_agenda_replaces_the_first():
    state = joust({"in_play": [KNIGHT, KNIGHT]}, {}).copy()
    first, second = state.players[0].in_play
    leaving.leave_play(state, first, "agenda")
    leaving.leave_play(state, second, "agenda")
    assert agenda_of(state, 0) == second and first in state.players[0].removed
    assert agenda_of(state, 1) is None


def test_the_agenda_card_is_saved_and_loaded_and_left_out_of_the_digest_while_none():
    state = joust({"in_play": [KNIGHT]}, {}).copy()
    before = state.digest()
    plain = state.to_json()
    for player in plain["players"]:
        player.pop("agenda_card")
    assert GameState.from_json(plain).digest() == before  # a save from before loads alike
    knight = ref(state, 0, KNIGHT)
    leaving.leave_play(state, knight, "agenda")
    loaded = GameState.from_json(json.loads(json.dumps(state.to_json())))
    assert loaded.players[0].agenda_card == knight and agenda_of(loaded, 0) == knight
    assert loaded.digest() == state.digest() != before


def _kill_duplicated(me):
    """Kill seat 0's Ironborn Marauder that has a duplicate; answer prompts with the first
    candidate; True when a ``card_saved`` window asks a seat."""
    state = joust(me, {}).copy()
    if me.get("agenda"):
        card = state.new_card(me["agenda"], 0)
        state.players[0].agenda, state.players[0].agenda_card = me["agenda"], card
    moves.kill(state, [ref(state, 0, "asots_24")])
    run(state)
    for _ in range(10):
        step = head(state)
        if step.get("trigger") == "card_saved":
            return True
        if step.get("name") != "prompt" or not step.get("candidates"):
            return False
        state = answer(state, step["purpose"], step["candidates"][:1])
    return False


def test_a_save_opens_card_saved_only_in_a_game_with_a_card_answering_it():
    dup = {"card": "asots_24", "duplicates": ["asots_24"]}
    assert _kill_duplicated({"house": "Greyjoy", "in_play": [dup], "agenda": "btns_10"})
    assert not _kill_duplicated({"house": "Greyjoy", "in_play": [dup]})


def test_a_character_agenda_is_public_and_kept_in_the_search_bots_worlds():
    """The view shows the card made an agenda (by its id), so the search bot's worlds keep
    it as the seat's agenda instead of pointing ``agenda_card`` at a guessed hidden card."""
    from gameplay.engine.observe import observe
    from gameplay.engine.rng import Rng
    from gameplay.engine.search import determinize

    state = joust({"in_play": [KNIGHT], "hand": [KNIGHT, KNIGHT]}, {}).copy()
    knight = ref(state, 0, KNIGHT)
    leaving.leave_play(state, knight, "agenda")
    for viewer in (0, 1, None):
        shown = observe(state, viewer)["players"][0]["agenda_card"]
        assert shown["id"] == knight and shown["code"] == state.code(knight)
    rng = Rng(3)
    for _ in range(5):
        world = determinize(state, 1, rng)
        assert world.players[0].agenda_card == knight and agenda_of(world, 0) == knight
