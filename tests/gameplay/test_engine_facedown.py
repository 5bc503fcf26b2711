"""The zone ``Player.facedown``: cards attached face down to a card in play (The Brave
Companions, cad_79). Out of play; only their owner sees them, the others a count; left out
of the digest while empty, and a stored state without the zone still loads."""

from __future__ import annotations

import json

from gameplay.engine.observe import observe
from gameplay.engine.rng import Rng
from gameplay.engine.search import card_zones, determinize
from gameplay.engine.state import GameState
from gameplay.engine.table import sees
from tests.gameplay.cardtest import KNIGHT, code, joust


def _with_facedown():
    state = joust({}, {})
    card = state.new_card(code(KNIGHT), 0)
    state.players[0].facedown.append(card)
    return state, card


def test_only_the_owner_sees_a_facedown_card():
    state, card = _with_facedown()
    mine = observe(state, 0)["players"][0]
    assert [c["id"] for c in mine["facedown"]] == [card] and mine["facedown_count"] == 1
    for viewer in (1, None):
        theirs = observe(state, viewer)["players"][0]
        assert "facedown" not in theirs and theirs["facedown_count"] == 1
    assert card not in json.dumps(observe(state, 1))
    assert sees(state, 0, card) and not sees(state, 1, card)


def test_no_key_while_empty():
    state = joust({}, {})
    assert all("facedown_count" not in p for p in observe(state, 0)["players"])


def test_the_digest_leaves_an_empty_zone_out_and_old_states_load():
    state = joust({}, {})
    data = state.to_json()
    for player in data["players"]:
        del player["facedown"]
    old = GameState.from_json(data)
    assert old == state and old.digest() == state.digest()
    full, _ = _with_facedown()
    assert full.digest() != joust({}, {}).digest()
    assert GameState.from_json(json.loads(json.dumps(full.to_json()))) == full


def test_the_search_bot_treats_it_as_hidden():
    state, _ = _with_facedown()
    assert "facedown" in card_zones(state.players[0])
    world = determinize(state, 1, Rng(7))
    assert len(world.players[0].facedown) == 1
