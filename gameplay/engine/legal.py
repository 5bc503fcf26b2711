"""What a seat may do now: :func:`legal_actions` (and :func:`only_pass`, whether that is only
to pass). :mod:`gameplay.engine.game` checks an action against these and applies it.
"""

from __future__ import annotations

from itertools import combinations

from gameplay.engine import challenges, epic, from_pile, house_card, prompts, windows
from gameplay.engine.abilities import SCRIPTS
from gameplay.engine.actions import Action
from gameplay.engine.rules import (
    attachment_targets,
    check_duplicate,
    check_marshal,
    check_setup,
    facts,
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
    """Every action ``seat`` may take now (empty when it is not that seat's decision)."""
    if seat not in waiting_seats(state):
        return []
    step = state.queue[0]["name"]
    player = state.players[seat]
    if step == "setup_place":
        candidates = [
            r
            for r in player.hand
            if facts(state, r).type in ("character", "location") or facts(state, r).setup
        ]
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
    elif head.get("turn") == seat and head["point"] == "before_challenge":
        found = [
            Action(seat, f"challenge:{ctype}", choice=str(defender))
            for ctype, defender in challenges.challenge_options(state, seat)
        ]
    elif head.get("turn") == seat and head["point"] == epic.EPIC:
        found = [
            Action(seat, f"challenge:{ctype}", choice=str(defender))
            for ctype, defender in epic.challenge_options(state, seat)
        ]
    return [*found, *windows.usable(state, seat, head), *gifts(state, seat), Action(seat, "pass")]


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
    # Duplicates go only under a unique card of the same name: look only at those.
    uniques: dict[str, list[str]] = {}
    for target in player.in_play:
        card = facts(state, target)
        if card.unique:
            uniques.setdefault(card.name, []).append(target)
    for ref in player.hand:
        card = facts(state, ref)
        if card.type == "attachment":
            for target in attachment_targets(state, card, seat):
                if check_marshal(state, seat, (ref, target)) is None:
                    actions.append(Action(seat, "marshal:play", (ref, target)))
            if house_attachment(state, ref) and check_marshal(state, seat, (ref,)) is None:
                for choice in house_card.choices(state, ref, seat):  # =house, =house_<seat>
                    actions.append(Action(seat, "marshal:play", (ref,), choice))
        elif check_marshal(state, seat, (ref,)) is None:
            actions.append(Action(seat, "marshal:play", (ref,)))
            if house_attachment(state, ref):
                actions.append(Action(seat, "marshal:play", (ref,), HOUSE))
        for target in uniques.get(card.name, ()):
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
            if check_marshal(state, seat, cards) is None:
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
