"""Obara Sand ("ator_31"): an additional mulligan, in a game played with the mulligan."""

from __future__ import annotations

from gameplay.engine.actions import Action
from gameplay.engine.card_facts import load_cards
from gameplay.engine.game import GameConfig, PlayerConfig, legal_actions, new_game, to_act
from gameplay.engine.observe import observe
from gameplay.engine.simulate import load_deck
from gameplay.engine.state import GameState
from tests.gameplay.scenario import apply, code

OBARA = "ator_31"


def _config(draw_deck: tuple[str, ...], mulligan: bool = True, seed: int = 3) -> GameConfig:
    lannister = load_deck("core-lannister")
    plots = tuple(c for c in lannister.deck if _is_plot(c))
    martell = PlayerConfig("Martell", plots + draw_deck)
    return GameConfig(players=(martell, lannister), seed=seed, mulligan=mulligan)


def _is_plot(card: str) -> bool:
    return load_cards()[card].type == "plot"


def _choose(state: GameState, seat: int, option: str) -> GameState:
    return apply(state, Action(seat, "choose", choice=option))


def _to_martell_mulligan(state: GameState) -> GameState:
    """Keep for seat 1 when it decides first; then seat 0 is asked."""
    if to_act(state) == [1]:
        state = _choose(state, 1, "keep")
    assert to_act(state) == [0] and state.queue[0]["purpose"] == "mulligan"
    return state


def _obaras(state: GameState, zone: list[str]) -> int:
    return sum(state.code(r) == OBARA for r in zone)


def test_obara_is_removed_for_an_additional_mulligan():
    state = _to_martell_mulligan(new_game(_config((OBARA,) * 15)))
    state = _choose(state, 0, "mulligan")
    head = state.queue[0]
    assert head["purpose"] == "obara_mulligan" and to_act(state) == [0]
    assert legal_actions(state, 0) == [
        Action(0, "choose", choice="obara"),
        Action(0, "choose", choice="keep"),
    ]
    state = _choose(state, 0, "obara")
    martell = state.players[0]
    assert [state.code(r) for r in martell.removed] == [OBARA]
    assert len(martell.hand) == 7 and _obaras(state, martell.deck) == 7
    assert [e["seat"] for e in state.log if e["event"] == "mulligan"] == [0, 0]
    removed = [e for e in state.log if e["event"] == "removed_from_hand"]
    assert removed and removed[0]["code"] == OBARA
    # Only after the first mulligan: no third one is offered.
    if state.first_player == 0:
        state = _choose(state, 1, "keep")
    assert state.queue[0]["name"] == "setup_place"
    assert observe(state, 1)["players"][0]["removed"][0]["code"] == OBARA


def test_declining_keeps_her_in_hand():
    state = _to_martell_mulligan(new_game(_config((OBARA,) * 15)))
    state = _choose(_choose(state, 0, "mulligan"), 0, "keep")
    assert _obaras(state, state.players[0].hand) == 7 and not state.players[0].removed
    assert [e["seat"] for e in state.log if e["event"] == "mulligan"] == [0]


def test_no_offer_without_a_first_mulligan():
    state = _to_martell_mulligan(new_game(_config((OBARA,) * 15)))
    state = _choose(state, 0, "keep")
    assert all(step.get("purpose") != "obara_mulligan" for step in state.queue)
    assert not state.players[0].removed


def test_owner_is_asked_even_without_her_in_hand_so_the_hand_stays_secret():
    deck = (OBARA, *([code("Direwolf Pup")] * 30))  # one Obara Sand
    for seed in range(60):
        state = _to_martell_mulligan(new_game(_config(deck, seed=seed)))
        state = _choose(state, 0, "mulligan")
        if not _obaras(state, state.players[0].hand):
            break
    else:
        raise AssertionError("no seed leaves Obara Sand in the deck")
    assert state.queue[0]["purpose"] == "obara_mulligan"  # not answered by itself
    assert legal_actions(state, 0) == [Action(0, "choose", choice="keep")]
    state = _choose(state, 0, "keep")
    assert not state.players[0].removed


def test_without_the_mulligan_setting_she_does_nothing_and_nobody_is_asked():
    state = new_game(_config((OBARA,) * 15, mulligan=False))
    assert state.queue[0]["name"] == "setup_place"
    assert all(step["name"] != "prompt" for step in state.queue)
    assert _obaras(state, state.players[0].hand) == 7 and not state.players[0].removed
