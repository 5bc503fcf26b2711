"""Scheduling the moments players may act: action windows, turn windows and triggers.

This module only puts window steps into the queue; who is asked in a window, and when it
closes, is decided in one place, :mod:`gameplay.engine.windows`. Cards never open windows:
the rules open them (the phases, the challenge steps, the marshalling and challenge turns)
and :func:`trigger` opens a response window after an engine event.

A window step is data::

    {"name": "window", "kind": "action" | "response", "point": <label>, "turn": seat or
     None, "trigger": name or None, "event": {...}, "order": [seats], "i": 0, "passes": 0}

``point`` says publicly where in the round the window is (:data:`POINTS`); ``turn`` is the
seat whose marshalling or challenges turn (or challenge) it is. ``order`` is who is asked,
in turn; ``i`` the next of them; ``passes`` how many passed in a row since the last action.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import REGISTRY, SCRIPTS, fire_forced, game_codes
from gameplay.engine.state import GameState

# Where a window opens (the rulebook: "the first player always has the option to take the
# first action of each phase"; "before and between (but not during) each step" of a
# challenge). ``marshal`` and ``before_challenge`` are turn windows: the seat whose turn it
# is may also marshal, or initiate a challenge, there; ``before_challenge`` is also the
# window between that seat's challenges.
ACTION_POINTS = (
    "before_plots",  # plot phase, before plots are chosen (only while a card allows it)
    "before_reveal",  # plot phase, after plots are chosen (Dragonstone Port only)
    "plot",
    "draw",
    "marshal",
    "before_challenge",
    "after_attackers",
    "after_defenders",
    "dominance",
    "epic",  # a player's turn of an epic phase (epic.py): a single challenge
    "standing",
    "taxation",
)
RESPONSE_POINT = "response"
# Decisions that are not windows have a point too (windows.decision_point).
OTHER_POINTS = ("setup", "plot_choice", "first_player", "prompt", "choose_winner")
POINTS = (*ACTION_POINTS, RESPONSE_POINT, *OTHER_POINTS)
TURN_POINTS = frozenset({"marshal", "before_challenge", "epic"})
# Codes of cards played from a hand in the ``before_plots`` window ("Plot: ... next plot card
# this phase": In the Hands of the Qohorik). The window opens in every game holding one of
# them, whoever holds it and wherever it is, so being asked tells nobody what a hand holds.
BEFORE_PLOTS_FROM_HAND: set[str] = set()


def window_step(
    state: GameState,
    kind: str,
    point: str,
    order: list[int],
    *,
    turn: int | None = None,
    trigger: str | None = None,
    event: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A window step (not yet in the queue)."""
    return {
        "name": "window",
        "kind": kind,
        "point": point,
        "turn": turn,
        "trigger": trigger,
        "event": event or {},
        "order": order,
        "i": 0,
        "passes": 0,
    }


def action_window(
    state: GameState,
    point: str,
    *,
    turn: int | None = None,
    event: dict[str, Any] | None = None,
    position: int = 0,
) -> None:
    """Insert an action window at ``point``: every seat is asked, the first player first,
    then clockwise, until every seat has passed in a row (rulebook, "Actions")."""
    if point not in ACTION_POINTS:
        raise ValueError(f"Unknown action window point {point!r}; known: {ACTION_POINTS}")
    step = window_step(state, "action", point, state.turn_order(), turn=turn, event=event)
    state.queue.insert(position, step)


def turn_window(state: GameState, point: str, seat: int) -> dict[str, Any]:
    """The step of ``seat``'s marshalling turn (``marshal``) or challenges turn
    (``before_challenge``): an action window in which ``seat`` may also marshal or
    initiate challenges; the turn ends when the window closes."""
    if point not in TURN_POINTS:
        raise ValueError(f"{point!r} is not a turn; use one of {sorted(TURN_POINTS)}")
    return window_step(state, "action", point, state.turn_order(), turn=seat)


def trigger(
    state: GameState,
    name: str,
    event: dict[str, Any],
    *,
    first: int | None = None,
    position: int = 0,
) -> None:
    """Something happened that cards may answer: their forced effects ("After X is
    killed, ...") run first, then a response window opens (only if some registered card
    answers ``name``). ``first``: the acting player (responses start at their left)."""
    open_response_window(state, name, event, first=first, position=position)
    fire_forced(state, name, event, position=position)


def open_response_window(
    state: GameState,
    name: str,
    event: dict[str, Any],
    *,
    first: int | None = None,
    position: int = 0,
) -> None:
    """Insert a response window for trigger ``name`` (clockwise from the left of
    ``first``, the acting player; default the first player), unless no registered card
    answers that trigger at all (then every seat would only ever pass)."""
    if name not in triggers_in_use():
        return
    acting = state.first_player if first is None else first
    order = state.clockwise_from_left(acting)
    step = window_step(state, "response", RESPONSE_POINT, order, trigger=name, event=event)
    state.queue.insert(position, step)


# --- what the registered cards answer (cached by registry version) --------------------

_TRIGGERS: dict[str, Any] = {"key": None, "found": set(), "hand": set(), "zones": {}}

# The trigger of a response that answers any response window ("You may play this card during
# any response window": Little and Less, btns_118). It opens no window of its own; usable()
# offers such a response in every response window, and a game whose products hold one from
# a hand asks every seat in every response window (hand_triggers_in).
ANY_RESPONSE = "any_response_window"


def _refresh() -> dict[str, Any]:
    key = REGISTRY["version"]
    if _TRIGGERS["key"] != key:
        found, hand = set(), set()
        # code prefix (a product: core, kotse ...) -> triggers its cards answer from a hand
        hand_by_prefix: dict[str, set[str]] = {}
        # (zone, trigger or None for actions) -> codes with such an ability there
        zones: dict[tuple[str, str | None], set[str]] = {}
        for code, script in SCRIPTS.items():
            for ability in script.abilities:
                if ability.trigger:
                    if ability.trigger != ANY_RESPONSE:
                        found.add(ability.trigger)
                    if "hand" in ability.zones:
                        hand.add(ability.trigger)
                        hand_by_prefix.setdefault(code.partition("_")[0], set()).add(
                            ability.trigger
                        )
                answers = None if ability.kind == "action" else ability.trigger
                for zone in ability.zones:
                    zones.setdefault((zone, answers), set()).add(code)
        _TRIGGERS.update(key=key, found=found, hand=hand, zones=zones, by_prefix=hand_by_prefix)
    return _TRIGGERS


def triggers_in_use() -> set[str]:
    """Triggers some registered card answers (a response window for any other trigger
    would only ever be passed). Cached until a script is registered or replaced."""
    return _refresh()["found"]


def hand_triggers() -> set[str]:
    """Triggers some registered card answers from a hand (an event, "put X into play from
    your hand"): nobody can tell from the table whether a player holds one, so every seat
    is asked in their response windows (windows.asked)."""
    return _refresh()["hand"]


def hand_triggers_in(state: GameState) -> set[str]:
    """Triggers some registered card of the game's products answers from a hand: the
    products (code prefixes) of every card of every deck in the game, whoever holds it and
    wherever it is, so being asked tells nobody what a hand or a deck holds now. Without
    this, each card of any product that answers from a hand would add windows to every
    game (a Core game took half again as many decisions once the expansions were written).
    Cached on the state while its cards and the registry stay the same."""
    key = (REGISTRY["version"], len(state.cards))
    cached = state.__dict__.get("_hand_triggers")
    if cached is not None and cached[0] == key:
        return cached[1]
    by_prefix = _refresh()["by_prefix"]
    prefixes = {card.code.partition("_")[0] for card in state.cards.values()}
    found: set[str] = set().union(*(by_prefix.get(p, set()) for p in prefixes))
    if ANY_RESPONSE in found:  # a response from a hand for any window (Little and Less)
        found |= triggers_in_use()
    state.__dict__["_hand_triggers"] = (key, found)
    return found


def codes_by_zone() -> dict[tuple[str, str | None], set[str]]:
    """Codes with an ability usable from each zone, by what it answers: ``(zone, None)``
    for actions, ``(zone, trigger)`` for responses, saves and cancels (most cards have
    none, so usable() skips them without looking at their scripts)."""
    return _refresh()["zones"]


def game_codes_by_zone(state: GameState) -> dict[tuple[str, str | None], set[str]]:
    """:func:`codes_by_zone` narrowed to the codes of the game's cards (wherever they are):
    a zone from which no card of this game answers is not looked at. Cached on the state
    while its cards and the registry stay the same."""
    key = (REGISTRY["version"], len(state.cards))
    cached = state.__dict__.get("_game_zones")
    if cached is not None and cached[0] == key:
        return cached[1]
    codes = game_codes(state)
    found = {k: v & codes for k, v in codes_by_zone().items() if not codes.isdisjoint(v)}
    state.__dict__["_game_zones"] = (key, found)
    return found
