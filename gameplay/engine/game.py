"""The engine's entry points: :func:`new_game`, :func:`legal_actions`, :func:`apply`,
:func:`outcome`.

A match is fully defined by its :class:`GameConfig` (decklists and seed) and its action log.
:func:`apply` works on a copy and returns it, so an illegal action changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from gameplay.engine.actions import Action
from gameplay.engine.rules import (
    attachment_targets,
    check_duplicate,
    check_marshal,
    check_setup,
    facts,
    gold_cost,
    pool,
)
from gameplay.engine.state import GameState, InPlay, Player, initial_rng
from gameplay.engine.steps import run, setup_steps, waiting_seats

VARIANTS = {"joust": 2}
HOUSES = ("Stark", "Lannister", "Baratheon", "Targaryen", "Greyjoy", "Martell", "Neutral")
# The action kinds each decision step accepts.
STEP_KINDS = {
    "setup_place": {"setup:place"},
    "choose_plots": {"plot:choose"},
    "first_player": {"first_player"},
    "marshal": {"marshal:play", "marshal:duplicate", "pass"},
}


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""


class ConfigError(ValueError):
    """A game configuration that cannot start a game; the message names the problem."""


@dataclass(frozen=True)
class PlayerConfig:
    """One seat: House name, agenda code (or None) and every deck card code (plots too)."""

    house: str
    deck: tuple[str, ...]
    agenda: str | None = None


@dataclass(frozen=True)
class GameConfig:
    """How to start a match. ``round_limit``: the game is a draw after that many rounds."""

    players: tuple[PlayerConfig, ...]
    seed: int = 0
    variant: str = "joust"
    round_limit: int = 10
    cards_dir: str = ""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameConfig:
        """Build from plain data (``players`` as dicts with house, deck, agenda)."""
        players = tuple(
            PlayerConfig(p["house"], tuple(p["deck"]), p.get("agenda")) for p in data["players"]
        )
        rest = {k: v for k, v in data.items() if k != "players"}
        return cls(players=players, **rest)


def new_game(config: GameConfig | Mapping[str, Any]) -> GameState:
    """Start a match and run setup up to the first decision (setup placement)."""
    if not isinstance(config, GameConfig):
        config = GameConfig.from_dict(config)
    if config.variant not in VARIANTS:
        raise ConfigError(f"Unknown variant {config.variant!r}; known: {', '.join(VARIANTS)}.")
    if len(config.players) != VARIANTS[config.variant]:
        raise ConfigError(
            f"{config.variant} needs {VARIANTS[config.variant]} players, not {len(config.players)}."
        )
    if config.round_limit < 1:
        raise ConfigError("round_limit must be at least 1.")
    state = GameState(
        players=[],
        variant=config.variant,
        seed=config.seed,
        rng=initial_rng(config.seed),
        round_limit=config.round_limit,
        card_source=config.cards_dir,
    )
    cards = pool(state)
    for seat, spec in enumerate(config.players):
        if spec.house not in HOUSES:
            raise ConfigError(f"Seat {seat}: {spec.house!r} is not a House; use one of {HOUSES}.")
        player = Player(seat=seat, house=spec.house, agenda=spec.agenda)
        for code in spec.deck:
            card = cards.get(code)
            if card is None:
                raise ConfigError(f"Seat {seat}: no card has the code {code!r}.")
            if card.type == "plot":
                player.plot_deck.append(state.new_card(code, seat))
            elif card.type in ("character", "location", "attachment", "event"):
                player.deck.append(state.new_card(code, seat))
            else:
                raise ConfigError(f"Seat {seat}: {card.name} ({card.type}) cannot be in a deck.")
        if not player.plot_deck:
            raise ConfigError(f"Seat {seat}: the deck has no plot cards.")
        state.players.append(player)
    # Rulebook, Game Setup step 3: "Randomly determine which player will be the first player."
    state.first_player = state.random_below(len(state.players))
    state.emit("first_player", seat=state.first_player, random=True)
    state.queue = setup_steps()
    run(state)
    return state


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it is not that seat's decision)."""
    if seat not in waiting_seats(state):
        return []
    step = state.queue[0]["name"]
    player = state.players[seat]
    if step == "setup_place":
        candidates = [r for r in player.hand if facts(state, r).type in ("character", "location")]
        return [
            Action(seat, "setup:place", combo)
            for size in range(len(candidates) + 1)
            for combo in combinations(candidates, size)
            if check_setup(state, seat, combo) is None
        ]
    if step == "choose_plots":
        return [Action(seat, "plot:choose", (ref,)) for ref in player.plot_deck]
    if step == "first_player":
        return [Action(seat, "first_player", choice=str(p.seat)) for p in state.players]
    actions = []
    for ref in player.hand:
        card = facts(state, ref)
        if card.type == "attachment":
            for target in attachment_targets(state, card):
                if check_marshal(state, seat, (ref, target)) is None:
                    actions.append(Action(seat, "marshal:play", (ref, target)))
        elif check_marshal(state, seat, (ref,)) is None:
            actions.append(Action(seat, "marshal:play", (ref,)))
        for target in player.in_play:
            if check_duplicate(state, seat, (ref, target)) is None:
                actions.append(Action(seat, "marshal:duplicate", (ref, target)))
    return [*actions, Action(seat, "pass")]


def _why_illegal(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if state.result is not None:
        return "The game is over."
    if seat >= len(state.players):
        return f"There is no seat {seat}."
    waiting = waiting_seats(state)
    step = state.queue[0]["name"]
    if seat not in waiting:
        return f"Seat {seat} has no decision now (waiting for {waiting} at step {step})."
    if action.kind not in STEP_KINDS[step]:
        return f"{action.kind} is not allowed at step {step}; allowed: {sorted(STEP_KINDS[step])}."
    if action.kind == "setup:place":
        return check_setup(state, seat, action.cards)
    if action.kind == "plot:choose":
        ok = action.cards[0] in state.players[seat].plot_deck
        return None if ok else f"{action.cards[0]} is not in your plot deck."
    if action.kind == "first_player":
        ok = action.choice.isdigit() and int(action.choice) < len(state.players)
        return None if ok else f"{action.choice!r} is not a seat."
    if action.kind == "marshal:play":
        return check_marshal(state, seat, action.cards)
    if action.kind == "marshal:duplicate":
        return check_duplicate(state, seat, action.cards)
    return None


def apply(state: GameState, action: Action | str) -> GameState:
    """The state after ``action``; raises :class:`IllegalAction` (and changes nothing) if
    the rules do not allow it. The given state is never modified."""
    if isinstance(action, str):
        action = Action.parse(action)
    problem = _why_illegal(state, action)
    if problem:
        raise IllegalAction(problem)
    new = state.copy()
    _DO[action.kind](new, action)
    new.decisions += 1
    run(new)
    return new


def outcome(state: GameState) -> dict[str, Any] | None:
    """``None`` while the game goes on, else ``{"winner": seat or None, "reason": ...}``."""
    return dict(state.result) if state.result is not None else None


def _do_setup(state: GameState, action: Action) -> None:
    player = state.players[action.seat]
    for ref in action.cards:
        player.hand.remove(ref)
    player.setup_cards = list(action.cards)
    player.setup_done = True
    state.emit("setup_placed", seat=action.seat, count=len(action.cards))
    if all(p.setup_done for p in state.players):
        state.queue.pop(0)


def _do_plot(state: GameState, action: Action) -> None:
    state.players[action.seat].chosen_plot = action.cards[0]
    state.emit("plot_chosen", seat=action.seat)
    if all(p.chosen_plot is not None for p in state.players):
        state.queue.pop(0)


def _do_first_player(state: GameState, action: Action) -> None:
    state.first_player = int(action.choice)
    state.emit("first_player", seat=state.first_player, chosen_by=action.seat)
    state.queue.pop(0)


def _do_marshal(state: GameState, action: Action) -> None:
    seat, ref = action.seat, action.cards[0]
    player = state.players[seat]
    cost = gold_cost(state, seat, ref) or 0
    player.hand.remove(ref)
    player.gold -= cost
    player.limited_played |= facts(state, ref).limited
    target = action.cards[1] if len(action.cards) > 1 else None
    state.in_play[ref] = InPlay(controller=seat, attached_to=target)
    player.in_play.append(ref)
    state.emit("marshalled", seat=seat, card=ref, code=state.code(ref), gold=cost, target=target)


def _do_duplicate(state: GameState, action: Action) -> None:
    seat, (ref, target) = action.seat, action.cards
    state.players[seat].hand.remove(ref)
    state.in_play[target].duplicates.append(ref)
    state.emit("duplicate", seat=seat, card=ref, code=state.code(ref), target=target)


def _do_pass(state: GameState, action: Action) -> None:
    state.emit("passed", seat=action.seat, step=state.queue[0]["name"])
    state.queue.pop(0)


_DO = {
    "setup:place": _do_setup,
    "plot:choose": _do_plot,
    "first_player": _do_first_player,
    "marshal:play": _do_marshal,
    "marshal:duplicate": _do_duplicate,
    "pass": _do_pass,
}


def to_act(state: GameState) -> Sequence[int]:
    """The seats that must act now (several during simultaneous choices)."""
    return waiting_seats(state)
