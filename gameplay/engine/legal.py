"""What a seat may do now: :func:`legal_actions` (and :func:`only_pass`, whether that is only
to pass). :mod:`gameplay.engine.game` checks an action against these and applies it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from gameplay.engine import challenges, epic, from_pile, house_card, moves, prompts, windows
from gameplay.engine.abilities import SCRIPTS, allowed
from gameplay.engine.actions import Action
from gameplay.engine.influence import marshal_influence_choices
from gameplay.engine.rules import (
    attachment_targets,
    check_duplicate,
    check_marshal,
    check_setup,
    facts,
    has_own_duplicate,
    plot_choices,
)
from gameplay.engine.state import GameState
from gameplay.engine.steps import waiting_seats
from gameplay.engine.uses import shadow_marshal_problem

CHALLENGE_KINDS = {f"challenge:{t}" for t in challenges.TYPES}
MARSHAL_KINDS = {"marshal:play", "marshal:duplicate", "marshal:shadow"}


HOUSE = "house"


def house_attachment(state: GameState, ref: str) -> bool:
    """ "You may choose to play X as an attachment to your House card" (the Chambers)."""
    script = SCRIPTS.get(state.code(ref)) if ref in state.cards else None
    return script is not None and script.house_attachment


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it is not that seat's decision).
    The answer is kept on the state (:func:`listed_legal`): ``apply`` of one of them does
    not check it again."""
    if seat not in waiting_seats(state):
        return []
    found = _legal_actions(state, seat)
    state.__dict__["_legal"] = (_legal_key(state, seat), tuple(found))
    return found


def _legal_key(state: GameState, seat: int) -> tuple[Any, ...]:
    """What the last answer of :func:`legal_actions` is kept for: this seat, this decision
    of this state (a state is not changed once made, but a test may edit one by hand:
    whatever such an edit changes, the log, the effects, the cards in play or the head
    step, asks again)."""
    head = state.queue[0] if state.queue else None
    return (
        seat,
        state.decisions,
        len(state.log),
        len(state.effects),
        len(state.in_play),
        id(head),
        head and head.get("passes"),
    )


def listed_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` is among the actions :func:`legal_actions` last listed for its
    seat on this state, at this decision."""
    kept = state.__dict__.get("_legal")
    if kept is None or kept[0] != _legal_key(state, action.seat):
        return False
    # Most often one of the very actions listed (a bot's choice): found by identity, without
    # comparing (or hashing) the others.
    return any(listed is action for listed in kept[1]) or action in kept[1]


_PASSES: dict[int, Action] = {}


def pass_action(seat: int) -> Action:
    """``Action(seat, "pass")``, made once per seat (an action is frozen): every window
    lists it, and half of all decisions are a pass."""
    found = _PASSES.get(seat)
    if found is None:
        found = _PASSES[seat] = Action(seat, "pass")
    return found


def closing(window: dict[str, Any]) -> bool:
    """Whether every other seat has passed in a row in ``window`` (a challenges turn): its
    active player may then initiate a challenge, the window before it having closed
    (windows.advance)."""
    return window["passes"] >= len(window["order"]) - 1


def _legal_actions(state: GameState, seat: int) -> list[Action]:
    step = state.queue[0]["name"]
    player = state.players[seat]
    if step == "setup_place":
        candidates = [
            r
            for r in player.hand
            if facts(state, r).type in ("character", "location") or facts(state, r).setup
        ]
        known: dict[str, Any] = {}  # each card's cost, read once for every placement
        return [
            Action(seat, "setup:place", combo)
            for size in range(len(candidates) + 1)
            for combo in combinations(candidates, size)
            if check_setup(state, seat, combo, known) is None
        ]
    if step == "choose_plots":
        return [Action(seat, "plot:choose", (ref,)) for ref in plot_choices(state, seat)]
    if step == "first_player":
        return [
            Action(seat, "first_player", choice=str(p.seat))
            for p in state.players
            if allowed(state, "can_be_first_player", (seat, p.seat))  # Retaliation!
        ]
    head = state.queue[0]
    if step == "prompt":
        if "options" in head:
            return [Action(seat, "choose", choice=o) for o in head["options"]]
        selections = [Action(seat, "select", (r,)) for r in prompts.remaining(head)]
        return selections + ([Action(seat, "done")] if prompts.can_finish(head) else [])
    if step == "choose_winner":
        return [Action(seat, "choose", choice=str(side)) for side in head["sides"]]
    found: list[Action] = []
    if head.get("turn") == seat and head["point"] == "marshal":
        found = marshal_actions(state, seat)
    elif head.get("turn") == seat and head["point"] == "before_challenge" and closing(head):
        found = [
            Action(seat, f"challenge:{ctype}", choice=str(defender))
            for ctype, defender in challenges.challenge_options(state, seat)
        ]
    elif head.get("turn") == seat and head["point"] == epic.EPIC:
        found = [
            Action(seat, f"challenge:{ctype}", choice=str(defender))
            for ctype, defender in epic.challenge_options(state, seat)
        ]
    if state.effects and head["kind"] == "action":  # a granted challenge (Lucas Blackwood)
        granted = [
            Action(seat, f"challenge:{ctype}", choice=str(defender))
            for ctype, defender in challenges.granted_options(state, seat)
        ]
        found = [*found, *(a for a in granted if a not in found)]
    found = [*found, *windows.usable(state, seat, head), *gifts(state, seat), pass_action(seat)]
    if state.effects:
        entry = play_next(state, seat)
        plays = _plays(found, entry["card"]) if entry is not None else []
        if plays:  # "Play that card as your next response or action, if able" (Val)
            return plays
    return found


# --- "Play that card as your next response or action, if able. Otherwise, discard it." ----
# (Val.) A ``play_next`` effect (subject the seat, ``card`` a card in its hand, ``kind``
# "response" or "action"): while the seat can play that card in the window it is asked in,
# playing it is all it may do (not even pass); at the first window of the card's kind (a
# response window for a response event, an action window for anything else) in which it
# cannot play it, the card is discarded (:func:`lapse_play_next`, called by game.apply).

PLAY_NEXT = "play_next"
PLAYING = {"marshal:play", "marshal:duplicate", "use"}


def play_next(state: GameState, seat: int) -> dict | None:
    """The seat's ``play_next`` effect, if any."""
    return next(
        (e for e in state.effects if e["query"] == PLAY_NEXT and e["subject"] == seat), None
    )


def _plays(actions: list[Action], card: str) -> list[Action]:
    """The actions that play ``card`` (not Ambush or coming out of Shadows: putting into play
    is not playing)."""
    return [
        a
        for a in actions
        if a.kind in PLAYING and a.cards[:1] == (card,) and a.choice not in ("ambush", "shadow")
    ]


def must_play(state: GameState, seat: int) -> bool:
    """Whether the seat must play its ``play_next`` card now (so it may not pass)."""
    if not state.effects or play_next(state, seat) is None:
        return False
    return Action(seat, "pass") not in legal_actions(state, seat)


def lapse_play_next(state: GameState) -> bool:
    """At the head window, the waiting seat's ``play_next`` card that it cannot play there is
    discarded when the window is of the card's kind (and the effect ends when the card has
    left the hand); True when the state changed."""
    if not state.effects or not state.queue or state.queue[0]["name"] != "window":
        return False
    seat = waiting_seats(state)[0]
    entry = play_next(state, seat)
    if entry is None:
        return False
    card = entry["card"]
    if card not in state.players[seat].hand:
        state.effects.remove(entry)
        return True
    if _plays(legal_actions(state, seat), card) or state.queue[0]["kind"] != entry["kind"]:
        return False
    state.effects.remove(entry)
    moves.discard_from_hand(state, seat, [card])
    return True


def only_pass(state: GameState, seat: int) -> bool:
    """Whether ``seat``'s decision now is a window in which its only legal action is to
    pass (it has nothing playable). The server may pass for it (after the same delay as
    any answer, so that the others cannot tell); never shown to the other seats."""
    if seat not in waiting_seats(state) or state.queue[0]["name"] != "window":
        return False
    return legal_actions(state, seat) == [Action(seat, "pass")]


def marshal_actions(state: GameState, seat: int) -> list[Action]:
    """The cards ``seat`` may marshal now, in its own marshalling turn."""
    player = state.players[seat]
    actions = []
    known: dict[str, Any] = {}  # the gold the seat has, read once for every card
    # Duplicates go only under a unique card of the same name: look only at those.
    uniques: dict[str, list[str]] = {}
    for target in player.in_play:
        card = facts(state, target)
        if card.unique:
            uniques.setdefault(card.name, []).append(target)
    for ref in player.hand:
        card = facts(state, ref)
        if card.type == "attachment":
            bearers = attachment_targets(state, card, seat)
            for target in bearers:
                if check_marshal(state, seat, (ref, target), targets=bearers, known=known) is None:
                    actions.append(Action(seat, "marshal:play", (ref, target)))
            onto_house = house_attachment(state, ref)
            if onto_house and check_marshal(state, seat, (ref,), known=known) is None:
                for choice in house_card.choices(state, ref, seat):  # =house, =house_<seat>
                    actions.append(Action(seat, "marshal:play", (ref,), choice))
        elif check_marshal(state, seat, (ref,), known=known) is None:
            actions.append(Action(seat, "marshal:play", (ref,)))
            if house_attachment(state, ref):
                actions.append(Action(seat, "marshal:play", (ref,), HOUSE))
        if card.type != "attachment":  # part of the cost in influence (Plaza of Purification)
            for choice in marshal_influence_choices(state, seat, (ref,)):
                actions.append(Action(seat, "marshal:play", (ref,), choice))
        targets = uniques.get(card.name, [])
        if has_own_duplicate(state, ref):  # Loyal Guard: any card its text allows
            targets = [t for t in player.in_play if t not in targets] + targets
        for target in targets:
            if check_duplicate(state, seat, (ref, target)) is None:
                actions.append(Action(seat, "marshal:duplicate", (ref, target)))
        if shadow_marshal_problem(state, seat, ref) is None:
            actions.append(Action(seat, "marshal:shadow", (ref,)))
    # Cards a card lets the seat play from a discard pile as if from its hand (from_pile).
    for ref in from_pile.playable(state, seat, ("character", "location", "attachment")):
        card = facts(state, ref)
        hosts = attachment_targets(state, card, seat) if card.type == "attachment" else [None]
        for host in hosts:
            cards = (ref,) if host is None else (ref, host)
            if check_marshal(state, seat, cards, known=known) is None:
                actions.append(Action(seat, "marshal:play", cards))
    return actions


def gifts(state: GameState, seat: int) -> list[Action]:
    """Littlefinger variant: gold may be given to another player outside marshalling."""
    if not state.littlefinger or state.phase == "marshalling":
        return []
    return [
        Action(seat, "give", choice=f"{other}_{gold}")
        for other in range(len(state.players))
        if other != seat
        for gold in range(1, state.players[seat].gold + 1)
    ]
