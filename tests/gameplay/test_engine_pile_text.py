"""Engine: text boxes that cannot be blanked (abilities.UNBLANKABLE), forced effects active
from a pile (abilities.PILE_FORCED, ``register(..., forced_zones=...)``) and the
``kill_instead`` replacement with the leave-play zone ``deck_shuffle`` (leaving.py)."""

from __future__ import annotations

from gameplay.engine import abilities, leaving
from gameplay.engine.abilities import add_lasting, fire_forced, is_blank
from gameplay.engine.steps import run
from tests.gameplay.cardtest import KNIGHT, events, joust, ref

HOUND = "atoc_64"  # kill_instead -> deck_shuffle
THEON = "atoc_69"  # forced_zones=("dead",)


def test_a_code_that_cannot_be_blanked_is_never_blank(monkeypatch):
    state = joust({"in_play": [KNIGHT]}, {})
    knight = ref(state, 0, KNIGHT)
    add_lasting(state, "blank", knight, "round")
    assert is_blank(state, knight)
    monkeypatch.setattr(abilities, "UNBLANKABLE", {state.code(knight)})
    assert not is_blank(state, knight)


def _forced_sources(state, moment):
    before = len(state.queue)
    fire_forced(state, moment)
    found = [s["source"] for s in state.queue[: len(state.queue) - before]]
    return found


def test_forced_effects_of_a_pile_card_run_only_from_that_pile():
    state = joust({"dead": [THEON], "in_play": [THEON]}, {"deck": [KNIGHT]})
    dead, alive = state.players[0].dead[0], state.players[0].in_play[0]
    assert abilities.PILE_FORCED[THEON] == ("dead",)
    found = _forced_sources(state, "dominance_begins")
    assert dead in found and alive not in found


def test_kill_instead_shuffles_into_the_deck_without_a_kill():
    state = joust({"in_play": [HOUND], "deck": [KNIGHT, KNIGHT]}, {})
    hound = ref(state, 0, HOUND)
    leaving.kill(state, [hound], savable=False)
    run(state)
    player = state.players[0]
    assert hound not in state.cards  # the shuffle renewed every id of the deck
    assert sorted(state.code(r) for r in player.deck) == sorted([HOUND, "core_18", "core_18"])
    assert [e["to"] for e in events(state, "left_play")] == ["deck_shuffle"]
    assert not events(state, "killed") and not player.dead
    assert events(state, "shuffled")[-1] == {**events(state, "shuffled")[-1], "seat": 0}
