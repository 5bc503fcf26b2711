"""Events whose text lets the player "(choose one)" of several effects, and the melee events
of The Tourney for the Hand cycle built on them: "Play only if you have more than 1
opponent. <Phase>: Discard 1 power from your House card to (choose one): ..., or ....
(Limit 1 per phase.)" (A United Cause, Enemy of My Enemy, Secret Alliance).

The effect is chosen as the event resolves, right after its cost is paid, among the options
that can change the game now (an option with no legal result may not be chosen; the event
cannot be played while no option can). Each option is ``(possible, effect)``, both called
with ``ctx`` (``seat``, ``source``); the effect asks its own questions (prompts)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from gameplay.engine.abilities import Ability, Cost, Ctx, handler, register
from gameplay.engine.cards.vocabulary.events import event
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

Check = Callable[[GameState, Ctx], bool]
Effect = Callable[[GameState, Ctx], None]

# Card code -> option name (letters, digits and _) -> (possible, effect).
OPTIONS: dict[str, dict[str, tuple[Check, Effect]]] = {}


def more_than_one_opponent(state: GameState, ctx: Ctx) -> bool:
    """ "Play only if you have more than 1 opponent." """
    return len(state.opponents(ctx["seat"])) > 1


def possible_options(state: GameState, ctx: Ctx) -> list[str]:
    """The options of the card ``ctx["source"]`` that can change the game now."""
    options = OPTIONS.get(state.code(ctx["source"]), {})
    return [name for name, (possible, _) in options.items() if possible(state, ctx)]


def choose_one_event(
    code: str,
    options: Mapping[str, tuple[Check, Effect]],
    *,
    condition: Check | None = None,
    **ability: object,
) -> Ability:
    """An action event "... to (choose one): A, or B": the player chooses among the
    ``options`` still possible as it resolves; playable only while ``condition`` holds and
    one option is possible. ``ability``: the other :class:`Ability` fields (phases, costs,
    limit)."""
    OPTIONS[code] = dict(options)

    def may(state: GameState, ctx: Ctx) -> bool:
        if condition is not None and not condition(state, ctx):
            return False
        return bool(possible_options(state, ctx))

    return event(_choose, condition=may, **ability)


def _choose(state: GameState, ctx: Ctx) -> None:
    found = possible_options(state, ctx)
    if found:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_choose(state, ctx["seat"], "choose_one", found, "choose_one_chosen", ctx=data)


@handler("choose_one_chosen")
def _chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _, effect = OPTIONS[state.code(ctx["source"])][ctx["choice"]]
    effect(state, {"seat": ctx["seat"], "source": ctx["source"]})


def melee_power_event(code: str, phase: str, options: Mapping[str, tuple[Check, Effect]]) -> None:
    """Register the cycle's melee event ``code``: "Play only if you have more than 1
    opponent. <``phase``>: Discard 1 power from your House card to (choose one): ...
    (Limit 1 per phase.)" ("House X or House Y only" is a deck-building rule.)"""
    register(
        code,
        choose_one_event(
            code,
            options,
            condition=more_than_one_opponent,
            phases=(phase,),
            costs=(Cost("house_power", 1),),
            limit=(1, "phase"),
        ),
    )
