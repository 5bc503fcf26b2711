"""Prompts: the decisions rules and card effects ask of one seat, as data steps.

A ``prompt`` step asks one seat either to pick cards one at a time (``select`` actions,
then ``done``) or to pick one option (``choose``). When the choice is complete the step
calls the handler named in ``then`` (see :func:`abilities.handler`) with the step's
``ctx`` and the selection, so the continuation survives serialization.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameplay.engine.abilities import HANDLERS, as_acting
from gameplay.engine.state import GameState


def ask_select(
    state: GameState,
    seat: int,
    purpose: str,
    candidates: Sequence[str],
    then: str,
    *,
    low: int = 0,
    high: int | None = None,
    weights: dict[str, int] | None = None,
    need: int = 0,
    ctx: dict[str, Any] | None = None,
    position: int = 0,
    hidden: bool = False,
) -> None:
    """Ask ``seat`` to select ``low``..``high`` of ``candidates`` (card refs).

    With ``weights``, ``done`` needs the selected weights to add up to ``need`` (influence).
    The prompt is skipped (and ``then`` called at once) when there is nothing to choose,
    unless it is ``hidden``: its candidates come from a zone only ``seat`` sees (its hand,
    its deck), so whether it is asked must not depend on them.
    """
    candidates = list(dict.fromkeys(candidates))
    high = len(candidates) if high is None else min(high, len(candidates))
    step = {
        "name": "prompt",
        "seat": seat,
        "purpose": purpose,
        "candidates": candidates,
        "selected": [],
        "min": min(low, high),
        "max": high,
        "then": then,
        "ctx": ctx or {},
    }
    if weights:
        step["weights"], step["need"] = weights, need
    if hidden:
        step["hidden"] = True
    state.queue.insert(position, step)


def ask_choose(
    state: GameState,
    seat: int,
    purpose: str,
    options: Sequence[str],
    then: str,
    *,
    ctx: dict[str, Any] | None = None,
    position: int = 0,
) -> None:
    """Ask ``seat`` to choose one of ``options`` (strings of letters, digits and _)."""
    step = {
        "name": "prompt",
        "seat": seat,
        "purpose": purpose,
        "options": list(options),
        "then": then,
        "ctx": ctx or {},
    }
    state.queue.insert(position, step)


# Select prompts a player's page makes at once (ticked and unticked freely, sent with
# Done: gameplay.services.match_pick): the order of their picks changes nothing.
PICKED_TOGETHER = frozenset({"attackers", "defenders"})


def can_finish(step: dict[str, Any]) -> bool:
    """Whether ``done`` is legal for a select prompt now."""
    if len(step["selected"]) < step["min"]:
        return False
    if 0 < len(step["selected"]) < step.get("at_least", 0):  # none, or at least that many
        return False
    if any(r not in step["selected"] for r in step.get("required", ())):
        return False  # "must participate" (challenges.must_participate: Coldhands)
    if len(step["selected"]) == 1 and step["selected"][0] in step.get("not_alone", ()):
        return False  # "cannot defend alone" (challenges.ask_defenders: Thoros of Myr)
    one_of = step.get("one_of")
    if one_of and not set(one_of) & set(step["selected"]):
        return False  # at least one of these (challenges.ask_attackers: Blood-Crazed Screamer)
    weights = step.get("weights")
    if weights:
        return sum(weights[r] for r in step["selected"]) >= step["need"]
    return True


def remaining(step: dict[str, Any]) -> list[str]:
    """Candidates not yet selected (empty when the selection is full)."""
    if len(step["selected"]) >= step["max"]:
        return []
    left = [r for r in step["candidates"] if r not in step["selected"]]
    alone = step.get("not_alone")
    if alone and not step["selected"] and (step["max"] < 2 or len(left) < 2):
        # A card that cannot be selected alone is offered first only if another can follow.
        left = [r for r in left if r not in alone]
    return left


def settle(state: GameState) -> bool:
    """Finish the head prompt by itself when it has no real choice; True if it did.

    A select prompt with no candidate left and a legal ``done`` finishes itself, as does a
    select prompt that must take every candidate; a choose prompt with one option too. A
    hidden prompt (candidates from a hidden zone) never does.
    """
    step = state.queue[0]
    if step.get("hidden"):
        return False
    if "options" in step:
        if len(step["options"]) != 1:
            return False
        state.queue.pop(0)
        ctx = {**step["ctx"], "choice": step["options"][0]}
        as_acting(state, ctx.get("seat"), HANDLERS[step["then"]], state, ctx, [])
        return True
    finishing = _finishing(step)
    if finishing is None:
        return False
    finish(state, finishing)
    return True


def settles(step: dict[str, Any]) -> bool:
    """Whether :func:`settle` would finish the select prompt ``step`` by itself."""
    return not step.get("hidden") and _finishing(step) is not None


def _finishing(step: dict[str, Any]) -> dict[str, Any] | None:
    """The select prompt ``step`` as :func:`settle` finishes it when it has no real choice
    left (every candidate when it must take them all), else None."""
    left = remaining(step)
    weights = step.get("weights")
    if weights:
        # Every candidate is needed when leaving out any one falls short of the need.
        total = sum(weights[r] for r in step["candidates"])
        forced = (
            bool(step["candidates"])
            and total - min(weights[r] for r in step["candidates"]) < step["need"] <= total
        )
    else:
        forced = len(step["candidates"]) == step["min"]
    if (left and not forced) or not (can_finish(step) or forced):
        return None
    return step if not forced else {**step, "selected": step["candidates"]}


def finish(state: GameState, step: dict[str, Any]) -> None:
    """Pop the prompt and call its continuation with the selection."""
    state.queue.pop(0)
    ctx, selected = step["ctx"], list(step["selected"])
    as_acting(state, ctx.get("seat"), HANDLERS[step["then"]], state, ctx, selected)


def choose(state: GameState, option: str) -> None:
    """Resolve the head choose prompt with ``option`` (already checked legal)."""
    step = state.queue.pop(0)
    ctx = {**step["ctx"], "choice": option}
    as_acting(state, ctx.get("seat"), HANDLERS[step["then"]], state, ctx, [])
