"""Who may act when: the one place that decides which seat a window waits for.

Windows are scheduled by :mod:`gameplay.engine.triggers` (the rules open them; cards never
do) and abilities are used through :mod:`gameplay.engine.uses`. Here:

- **Action windows** (and the marshalling and challenges turns, which are action windows
  where the seat whose turn it is may also marshal or initiate a challenge) ask every
  seat in turn, from the first player clockwise, including a seat with nothing playable:
  its decision then has the single legal action ``pass``. The window closes only when
  every seat has passed in a row; an action (or a card marshalled) lets everyone answer
  again, starting with the next seat clockwise (rulebook, "Actions"). A challenge is
  initiated only once the window before it has closed: the active player is offered it
  when every other seat has passed in a row, and asked once more for it when everyone
  passed and he was not the last (:func:`advance`).
- **Response windows** ask, clockwise from the left of the acting player, each seat that
  could answer as far as everyone can tell: every seat when some card answers the
  trigger from a hand (hidden), otherwise a seat whose public cards (in play, dead pile,
  discard pile) have a usable answer. Whether a seat is asked never depends on its hand
  or deck, so being asked tells nobody what it holds.

The names of :mod:`uses` and :mod:`triggers` that card scripts use are re-exported.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import from_pile
from gameplay.engine.actions import Action
from gameplay.engine.influence import ask_influence_cards, influence_available, total_influence
from gameplay.engine.state import GameState
from gameplay.engine.triggers import (
    ACTION_POINTS,
    POINTS,
    TURN_POINTS,
    action_window,
    codes_by_zone,
    hand_triggers,
    hand_triggers_in,
    open_response_window,
    trigger,
    triggers_in_use,
    turn_window,
)
from gameplay.engine.uses import (
    AMBUSH,
    PUBLIC_ZONES,
    cancel,
    is_event,
    keywords_in_hand,
    kneel_candidates,
    legal_targets,
    limit_key,
    put_into_play,
    resolve_ability,
    usable,
    use,
)

__all__ = [
    "ACTION_POINTS",
    "AMBUSH",
    "POINTS",
    "TURN_POINTS",
    "action_window",
    "advance",
    "ask_influence_cards",
    "asked",
    "cancel",
    "decision_point",
    "hand_triggers",
    "influence_available",
    "is_event",
    "keywords_in_hand",
    "kneel_candidates",
    "legal_targets",
    "limit_key",
    "open_response_window",
    "pass_on",
    "put_into_play",
    "resolve_ability",
    "restart",
    "total_influence",
    "trigger",
    "triggers_in_use",
    "turn_window",
    "usable",
    "use",
    "window_passed",
    "window_seat",
    "window_used",
]


def asked(state: GameState, seat: int, step: dict[str, Any]) -> bool:
    """Whether ``seat`` gets a decision when its place in the window ``step`` comes: always
    in an action window; in a response window, when a card could answer from a hand (no
    one can see whether it holds one) or a public card of the seat has a usable answer."""
    if step["kind"] == "action" or step.get("trigger") in hand_triggers_in(state):
        return True
    # A response from Shadows (Sorrowful Man): face down like a hand, so a seat with any
    # card in Shadows (a public count) is asked when some card answers from there.
    if state.players[seat].shadows and ("shadows", step.get("trigger")) in codes_by_zone():
        return True
    # A response from the top of the deck (Stalwart put the card there, in public, as the
    # event says: Ser Kyle Condon).
    deck = state.players[seat].deck
    if deck and ("deck_top", step.get("trigger")) in codes_by_zone():
        event = step.get("event") or {}
        if deck[0] in (*(event.get("cards") or ()), event.get("card")):
            return True
    return bool(usable(state, seat, step, PUBLIC_ZONES))


def window_seat(state: GameState) -> int | None:
    """The seat the head window waits for; None (and the window leaves the queue) when it
    has closed: every seat passed in a row, or was not asked (:func:`asked`)."""
    step = state.queue[0]
    seat = advance(state, step)
    if seat is not None:
        return seat
    state.queue.pop(0)
    if step.get("turn") is not None and step["point"] in TURN_POINTS:
        # The turn ends when its window closes: "X is done marshalling" (no event says
        # who passed before: a pass by choice and a pass with nothing playable look alike).
        state.emit("turn_over", seat=step["turn"], point=step["point"])
    return None


def advance(state: GameState, step: dict[str, Any]) -> int | None:
    """Move the window ``step`` on (its ``passes`` and ``i``) to the seat it waits for, and
    return that seat; None when the window has closed.

    A challenges turn (``before_challenge``) is an action window before the challenge: a
    challenge is initiated only once it has closed, every seat having passed in a row
    (rulebook, "Before and between (but not during) each step, players may play cards and
    use abilities"; initiating a challenge is not an action). So when every seat has passed
    in a row and the active player was not the last of them, he is asked once more, out of
    the clockwise order: to initiate a challenge (legal.py offers it only now, or when
    every other seat has passed since the last action) or to pass, which ends his turn. He
    is not asked again when he has no challenge left to initiate."""
    order = step["order"]
    count = len(order)
    while step["passes"] < count:
        seat = order[step["i"] % count]
        if asked(state, seat, step):
            return seat
        step["passes"] += 1
        step["i"] += 1
    turn = step.get("turn")
    if (
        step["point"] == "before_challenge"
        and turn is not None
        and order[(step["i"] - 1) % count] != turn
        and _can_initiate(state, turn)
    ):
        step["i"] = order.index(turn)
        return turn
    return None


def _can_initiate(state: GameState, seat: int) -> bool:
    from gameplay.engine.challenges import can_initiate  # challenges imports windows

    return can_initiate(state, seat)


def pass_on(state: GameState) -> GameState | None:
    """The state after the waiting seat passes in the head window, when that only moves the
    window on to the next seat asked (about half of all decisions): the same state with
    that window step copied and moved on (``GameState.moved_on``), not a copy of the whole
    state; what ``apply`` would give, as ``run`` would stop at that seat at once. None when
    the pass closes the window (then steps run) or a card must be played next (Val)."""
    if state.effects and any(e["query"] == "play_next" for e in state.effects):
        return None
    step = dict(state.queue[0])  # only its counters change (advance)
    step["passes"] += 1
    step["i"] += 1
    if advance(state, step) is None:
        return None
    return state.moved_on(step)


def window_passed(state: GameState) -> None:
    """The waiting seat passed."""
    step = state.queue[0]
    step["passes"] += 1
    step["i"] += 1


def window_used(state: GameState, action: Action | None = None) -> None:
    """The waiting seat took an action (used an ability, marshalled a card): everyone may
    answer again, starting with the next seat clockwise. ``last`` keeps what was done
    (public: the log names it too) for :func:`decision_point`."""
    step = state.queue[0]
    step["passes"] = 0
    step["i"] += 1
    if action is not None:
        step["last"] = {"seat": action.seat, "kind": action.kind, "cards": list(action.cards)}
        from_pile.action_taken(state, action.seat, action.cards)  # "as your next action"


def restart(state: GameState) -> None:
    """A challenge was initiated in the head turn window: once it is over, the window
    between challenges starts again from the first player."""
    step = state.queue[0]
    step["passes"] = 0
    step["i"] = 0
    step.pop("last", None)


def decision_point(state: GameState) -> dict[str, Any] | None:
    """Where the decision at the head of the queue stands, as public data: ``point`` (one
    of :data:`POINTS`), ``kind`` (``action``/``response`` for windows), ``turn`` (the seat
    whose turn or challenge it is), ``trigger`` (response windows) and ``last`` (the
    action just taken in this window: seat, kind and cards). None when nothing waits."""
    if state.result is not None or not state.queue:
        return None
    head = state.queue[0]
    name = head["name"]
    if name == "window":
        return {
            "point": head["point"],
            "kind": head["kind"],
            "turn": head.get("turn"),
            "trigger": head.get("trigger"),
            "last": head.get("last"),
        }
    point = {
        "setup_place": "setup",
        "choose_plots": "plot_choice",
        "first_player": "first_player",
        "prompt": "prompt",
        "choose_winner": "choose_winner",
    }.get(name)
    if point is None:
        return None
    found: dict[str, Any] = {"point": point, "kind": None, "turn": None, "trigger": None}
    if name == "prompt":
        found["purpose"] = head["purpose"]
    return found
