"""Automatic passes: when the server passes for a person, by their preferences.

Pure (no Django): the preferences are plain values, the decision reads only the engine
state. The server (``gameplay.services.play``) asks :func:`passes_now` for every person
who must decide after each change, and answers those decisions like a bot's move: after
the same delay, through the same task, logged as that seat's pass.

``windows`` says in which windows (action and response windows, where ``pass`` is a
legal answer) a person is asked:

- ``playable`` (the default): only where they have something playable, or at one of
  their stop points; elsewhere the pass is automatic.
- ``stops``: only at their stop points; everywhere else the pass is automatic, even
  with something playable in hand. Whether a pass is automatic then depends on public
  facts only (where the round is), never on the hand: the leak-free choice.
- ``all``: in every window (the pass is never automatic).

Decisions that are not windows (setup, plots, the first player, prompts, choosing a
winner) are always asked, and so is a player's own marshalling or challenges turn while
they have something to do in it; their own turn with nothing to do follows the rule of
their ``windows``.

``stops`` are points where the person is asked whatever ``windows`` says (``all``
needs none), from the fixed list :data:`STOPS`, each read from the public point of the
decision (``windows.decision_point``).

``quiet`` are card codes the person is asked about only at their stops (issue 32: one card
with an "Any Phase" action would otherwise open every window under ``playable``): a window
where everything they could do is an ability or event of such a card passes by itself,
like a window with nothing playable. Only ``playable`` reads it: ``stops`` asks at stops
alone anyway, and ``all`` everywhere.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from gameplay.engine.abilities import SCRIPTS, controller
from gameplay.engine.game import legal_actions, only_pass
from gameplay.engine.state import GameState
from gameplay.engine.steps import waiting_seats
from gameplay.engine.windows import PUBLIC_ZONES, TURN_POINTS, decision_point, usable

PLAYABLE, STOPS_ONLY, ALL = "playable", "stops", "all"
WINDOWS = (
    (PLAYABLE, "Pass for me when I have nothing playable"),
    (STOPS_ONLY, "Pass for me everywhere except at my stops (fewest clicks, tells nothing)"),
    (ALL, "Never pass for me: ask me in every window"),
)
# The stop points, in the order a form lists them: key, words, and the engine points
# each one stops at (docs/PLAY.md, "Passing").
STOPS = (
    ("opponent_challenge", "Before each challenge of an opponent"),
    ("attacked", "After attackers are declared against me"),
    ("my_card", "When another player's action chooses a card of mine"),
    ("opponent_marshal", "In my opponents' marshalling, after each card they play"),
    ("dominance", "At dominance"),
    ("round_end", "At standing and taxation"),
    ("my_turn", "In my own marshalling and challenges turns, even with nothing to do"),
)
STOP_KEYS = tuple(key for key, _ in STOPS)
DEFAULT_WINDOWS = PLAYABLE
DEFAULT_STOPS = ("opponent_challenge", "attacked", "my_card")


def clean_stops(stops: Collection[str]) -> list[str]:
    """Known stop keys only, in the order of :data:`STOPS`."""
    chosen = set(stops)
    return [key for key in STOP_KEYS if key in chosen]


def _mine(state: GameState, seat: int, refs: Collection[Any]) -> bool:
    """Whether any of ``refs`` is a card ``seat`` owns or controls (public cards)."""
    for ref in refs:
        if not isinstance(ref, str) or ref not in state.cards:
            continue
        if state.cards[ref].owner == seat or controller(state, ref) == seat:
            return True
    return False


def stop_at(state: GameState, seat: int, stops: Collection[str]) -> str | None:
    """The stop of ``stops`` that the window at hand is for ``seat`` (None: none). Reads
    public facts only: the decision's point, whose turn it is, the challenge's defender,
    the last action of the window and the cards a ``would_...`` response is about."""
    point = decision_point(state)
    if point is None or point["kind"] is None:
        return None
    where, turn = point["point"], point["turn"]
    opponent_turn = isinstance(turn, int) and turn in state.opponents(seat)
    challenge_turn = where in ("before_challenge", "epic")  # an epic turn: a single challenge
    if "opponent_challenge" in stops and challenge_turn and opponent_turn:
        return "opponent_challenge"
    if "opponent_marshal" in stops and where == "marshal" and opponent_turn:
        return "opponent_marshal"
    if "my_turn" in stops and where in TURN_POINTS and turn == seat:
        return "my_turn"
    challenge = state.challenge or {}
    if "attacked" in stops and where == "after_attackers" and challenge.get("defender") == seat:
        return "attacked"
    if "dominance" in stops and where == "dominance":
        return "dominance"
    if "round_end" in stops and where in ("standing", "taxation"):
        return "round_end"
    if "my_card" in stops:
        last = point.get("last") or {}
        if last and last.get("seat") != seat and _mine(state, seat, last.get("cards", ())):
            return "my_card"
        trigger = point.get("trigger") or ""
        event = state.queue[0].get("event") or {}
        if trigger.startswith("would_") and _mine(state, seat, event.get("cards", ())):
            return "my_card"
    return None


# At most this many cards may be asked about only at stops (a form of checkboxes).
QUIET_MAX = 60


def any_phase_cards(state: GameState, seat: int) -> list[str]:
    """The codes of ``seat``'s cards in play and in hand with an "Any Phase" action (the
    ones that may open windows all game long), once each, sorted: what a person may ask to
    be asked about only at their stops. Their own cards only: nothing hidden."""
    player = state.players[seat]
    codes = {state.code(ref) for ref in (*player.in_play, *player.hand) if ref in state.cards}
    found = [
        code
        for code in codes
        if (script := SCRIPTS.get(code)) is not None
        and any(a.kind == "action" and "any" in a.phases for a in script.abilities)
    ]
    return sorted(found)


def _only_quiet(state: GameState, seat: int, quiet: Collection[str]) -> bool:
    """Whether every action ``seat`` may take now but passing uses a card of ``quiet``."""
    others = [a for a in legal_actions(state, seat) if a.kind != "pass"]
    return bool(others) and all(
        a.kind == "use" and a.cards and state.code(a.cards[0]) in quiet for a in others
    )


def passes_now(
    state: GameState,
    seat: int,
    windows: str,
    stops: Collection[str],
    quiet: Collection[str] = (),
) -> bool:
    """Whether the server passes now for ``seat``, a person whose preferences are
    ``windows``, ``stops`` and ``quiet``: True only when ``seat`` must decide a window
    (``pass`` is legal) and the preferences say the pass is automatic there."""
    if windows == ALL or state.result is not None or not state.queue:
        return False
    head = state.queue[0]
    if head["name"] != "window" or seat not in waiting_seats(state):
        return False
    if stop_at(state, seat, stops) is not None:
        return False
    nothing = only_pass(state, seat)
    if head.get("turn") == seat and head["point"] in TURN_POINTS:
        return nothing  # one's own turn: never skipped while there is something to do
    if windows == STOPS_ONLY:
        # A response window that asks this seat for its cards in play (or in its discard
        # or dead pile) is public knowledge: being asked there tells nothing.
        return not (head["kind"] == "response" and usable(state, seat, head, PUBLIC_ZONES))
    if not nothing and quiet:
        return _only_quiet(state, seat, quiet)
    return nothing
