"""The Dragon Eggs (gameplay/engine/cards/the_prize_of_the_north/eggs.py) and the engine
trigger ``attachment_fell`` (gameplay/engine/leaving.py).

Fillers: Host of Storm's End (6 STR, military), Knight of the Tumblestone (2 STR)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from gameplay.engine.leaving import discard_from_play
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    finish_challenge,
    head,
    joust,
    ref,
    start,
    to_window,
    until_seat,
    until_window,
    use,
)

BLACK, GREEN, WHITE = "cad_94", "cad_95", "cad_96"
DROGON, BLACK_HATCHLING, RHAEGAL, VISERION = "core_111", "qod_18", "core_109", "core_112"


def _egg_of(state, host):
    return next(r for r, rec in state.in_play.items() if rec.attached_to == host)


def test_dragon_eggs_give_their_keyword_to_attached_character():
    for egg, word in ((BLACK, "deadly"), (GREEN, "melee"), (WHITE, "stealth")):
        state = joust({"in_play": [{"card": KNIGHT, "attachments": [egg]}]}, {"in_play": [HOST]})
        assert word in keywords(state, ref(state, 0, KNIGHT))
        assert word not in keywords(state, ref(state, 1, HOST))


def test_black_dragon_egg_searches_after_falling_off_its_killed_host():
    them = {
        "in_play": [{"card": KNIGHT, "knelt": True, "attachments": [BLACK]}],
        "deck": [STEWARD, DROGON, BLACK_HATCHLING, RHAEGAL],
    }
    state = joust({"in_play": [HOST]}, them)
    egg = _egg_of(state, ref(state, 1, KNIGHT))
    power = state.players[0].power
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "attachment_fell")
    assert egg in state.players[1].discard
    state = use(state, 1, egg)
    assert head(state).get("purpose") == "search"
    found = set(head(state)["candidates"])
    drogon = next(r for r in state.players[1].deck if state.code(r) == DROGON)
    hatchling = next(r for r in state.players[1].deck if state.code(r) == BLACK_HATCHLING)
    assert found == {drogon, hatchling}  # not Rhaegal
    state = answer(state, "search", [drogon])
    assert drogon in state.players[1].hand
    state = finish_challenge(state)
    assert state.players[0].power == power + 1 + 1  # unopposed, and the egg's prized 1


def test_green_dragon_egg_searches_after_it_is_discarded():
    me = {"in_play": [{"card": KNIGHT, "attachments": [GREEN]}], "deck": [RHAEGAL, VISERION]}
    state = joust(me, {"in_play": [HOST]})
    egg = _egg_of(state, ref(state, 0, KNIGHT))
    discard_from_play(state, [egg])
    run(state)
    state = until_seat(until_window(state, "discarded"), 0)
    state = use(state, 0, egg)
    rhaegal = next(r for r in state.players[0].deck if state.code(r) == RHAEGAL)
    assert head(state)["candidates"] == [rhaegal]
