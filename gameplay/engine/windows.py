"""Using abilities: which are usable now, paying their costs, and the windows that offer
them (action windows between steps, response windows after triggers).

A window is a step ``{"name": "window", "kind": "action"|"response", "trigger", "event",
"order", "i", "passes"}``. It offers each seat in ``order`` its usable abilities in turn;
a seat with nothing usable is passed over without a decision, and the window closes when
every seat has passed in a row. Ambush is a built-in Any Phase action of the keyword.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import titles
from gameplay.engine.abilities import SCRIPTS, Ability, facts, handler, immune_to, value
from gameplay.engine.actions import Action
from gameplay.engine.moves import give_gold, pay_gold
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import attachment_targets, unique_problem
from gameplay.engine.state import GameState, InPlay

AMBUSH = "ambush"


def open_window(
    state: GameState,
    kind: str,
    *,
    first: int | None = None,
    trigger: str | None = None,
    event: dict[str, Any] | None = None,
    position: int = 0,
) -> None:
    """Insert a window. Action windows start with ``first`` (default: the first player);
    response windows with the player left of ``first`` (the acting player)."""
    if kind == "action":
        start = state.first_player if first is None else first
        n = len(state.players)
        order = [(start + i) % n for i in range(n)]
    else:
        order = state.clockwise_from_left(state.first_player if first is None else first)
        if trigger is None or trigger not in _triggers_in_use():
            return
    step = {
        "name": "window",
        "kind": kind,
        "trigger": trigger,
        "event": event or {},
        "order": order,
        "i": 0,
        "passes": 0,
    }
    state.queue.insert(position, step)


def _triggers_in_use() -> set[str]:
    """Triggers some registered card answers (a response window for any other trigger
    would only ever be passed)."""
    return {a.trigger for s in SCRIPTS.values() for a in s.abilities if a.trigger}


def window_seat(state: GameState) -> int | None:
    """The seat the head window waits for, skipping seats with nothing usable; None and
    the window is popped when it closes."""
    step = state.queue[0]
    order = step["order"]
    while step["passes"] < len(order):
        seat = order[step["i"] % len(order)]
        if usable(state, seat, step):
            return seat
        step["passes"] += 1
        step["i"] += 1
    state.queue.pop(0)
    return None


def window_passed(state: GameState) -> None:
    """The waiting seat passed."""
    step = state.queue[0]
    step["passes"] += 1
    step["i"] += 1


def window_used(state: GameState) -> None:
    """The waiting seat used an ability: everyone may answer again, starting next seat."""
    step = state.queue[0]
    step["passes"] = 0
    step["i"] += 1


# --- usable abilities ----------------------------------------------------------------


def _kinds_for(window: dict[str, Any] | None) -> tuple[frozenset[str], str | None]:
    if window is None or window.get("kind", "action") == "action":
        return frozenset({"action"}), None
    return frozenset({"response", "save", "cancel"}), window.get("trigger")


def usable(state: GameState, seat: int, window: dict[str, Any] | None = None) -> list[Action]:
    """Every ``use`` action open to ``seat`` in the given window (None: an action
    opportunity of the active player in their own turn)."""
    kinds, trigger = _kinds_for(window)
    player = state.players[seat]
    actions: list[Action] = []
    for zone, from_hand in ((player.in_play, False), (player.hand, True)):
        for ref in zone:
            ambush = from_hand and "action" in kinds and AMBUSH in keywords_in_hand(state, ref)
            if ambush and _ambush_problem(state, seat, ref) is None:
                if facts(state, ref).type == "attachment":
                    for target in attachment_targets(state, facts(state, ref)):
                        actions.append(Action(seat, "use", (ref, target), "ambush"))
                else:
                    actions.append(Action(seat, "use", (ref,), "ambush"))
            script = SCRIPTS.get(state.cards[ref].code)
            if script is None:
                continue
            for index, ability in enumerate(script.abilities):
                if ability.kind not in kinds or ability.from_hand != from_hand:
                    continue
                if trigger is not None and ability.trigger != trigger:
                    continue
                event = (window or {}).get("event", {})
                ctx = {"source": ref, "seat": seat, "event": event, "index": index}
                if _problem(state, ability, ctx) is not None:
                    continue
                choice = str(index) if len(script.abilities) > 1 else ""
                if ability.targets is None:
                    actions.append(Action(seat, "use", (ref,), choice))
                else:
                    kind = facts(state, ref).type
                    for target in ability.targets(state, ctx):
                        if target in state.in_play and immune_to(state, target, kind, seat):
                            continue  # "cannot be chosen as the target of" what it ignores
                        actions.append(Action(seat, "use", (ref, target), choice))
    return actions


def keywords_in_hand(state: GameState, ref: str) -> set[str]:
    """Printed keywords of a card out of play (no passive applies there)."""
    return set(facts(state, ref).keywords)


def total_influence(state: GameState, seat: int) -> int:
    """All the influence ``seat`` could produce now: standing cards plus the Hand of the
    King's 2 if unused (titles.hand_influence)."""
    return sum(influence_available(state, seat).values()) + titles.hand_influence(state, seat)


def influence_available(state: GameState, seat: int) -> dict[str, int]:
    """Standing cards of ``seat`` that provide influence, with how much."""
    found = {}
    for ref in state.players[seat].in_play:
        amount = facts(state, ref).influence or 0
        if amount and not state.in_play[ref].knelt:
            found[ref] = amount
    return found


def _problem(state: GameState, ability: Ability, ctx: dict[str, Any]) -> str | None:
    seat, ref = ctx["seat"], ctx["source"]
    player = state.players[seat]
    phase = state.phase
    if ability.kind == "action" and "any" not in ability.phases and phase not in ability.phases:
        return f"This ability is used in the {'/'.join(ability.phases)} phase."
    if ability.once_per_round and f"ability:{ref}:{ctx['index']}" in state.used:
        return "This ability was already used this round."
    if ability.limited_response and player.limited_response_used:
        return "You have already used a Limited Response this round."
    for cost in ability.costs:
        if cost.kind == "kneel_self" and state.in_play[ref].knelt:
            return "The card is kneeling."
        if cost.kind == "gold" and player.gold < cost.amount + _event_gold(state, ability, seat):
            return f"This costs {cost.amount} gold; you have {player.gold}."
        if cost.kind == "influence" and total_influence(state, seat) < cost.amount:
            return f"This needs {cost.amount} influence."
    if ability.from_hand and player.gold < _event_gold(state, ability, seat):
        return "Playing an event needs gold for an opponent now."
    if ability.condition is not None and not ability.condition(state, ctx):
        return "Its condition is not met."
    if ability.targets is not None and not ability.targets(state, ctx):
        return "It has no legal target."
    return None


def _event_gold(state: GameState, ability: Ability, seat: int) -> int:
    return value(state, "event_gold", seat, 0) if ability.from_hand else 0


def _ambush_problem(state: GameState, seat: int, ref: str) -> str | None:
    card = facts(state, ref)
    if card.cost is None or card.type not in ("character", "location", "attachment"):
        return "Only cards with a cost can be put into play by Ambush."
    if card.type == "attachment" and not attachment_targets(state, card):
        return f"{card.name} has no character to attach to."
    if total_influence(state, seat) < card.cost:
        return f"Ambush needs {card.cost} influence."
    if card.limited and state.players[seat].limited_played:
        return "You have already played a Limited card this round."
    return unique_problem(state, seat, card)


def use(state: GameState, action: Action, window: dict[str, Any] | None) -> None:
    """Pay the costs of a legal ``use`` action and resolve it (influence costs first ask
    which cards to kneel; the ability resolves when they are chosen)."""
    seat, ref = action.seat, action.cards[0]
    target = action.cards[1] if len(action.cards) > 1 else None
    if action.choice == "ambush":
        ctx = {"seat": seat, "source": ref, "ambush": True, "target": target}
        _ask_influence(state, seat, facts(state, ref).cost or 0, ctx)
        return
    script = SCRIPTS[state.cards[ref].code]
    index = int(action.choice or 0)
    ability = script.abilities[index]
    player = state.players[seat]
    event = (window or {}).get("event", {})
    ctx = {"seat": seat, "source": ref, "target": target, "index": index, "event": event}
    if ability.once_per_round:
        state.used.append(f"ability:{ref}:{index}")
    if ability.limited_response:
        player.limited_response_used = True
    extra = _event_gold(state, ability, seat)
    influence = 0
    for cost in ability.costs:
        if cost.kind == "kneel_self":
            state.in_play[ref].knelt = True
        elif cost.kind == "gold":
            pay_gold(state, seat, cost.amount, "ability")
        elif cost.kind == "influence":
            influence += cost.amount
    if ability.from_hand:
        player.hand.remove(ref)
        words = keywords_in_hand(state, ref)
        (player.dead if "deathbound" in words else player.discard).append(ref)
    state.emit("ability", seat=seat, card=ref, code=state.code(ref), index=index, target=target)
    if influence:
        _ask_influence(state, seat, influence, ctx)
    else:
        _resolve(state, ctx, [])
    if extra:
        # "Give an opponent one gold" (Calm Over Westeros): the player picks which one,
        # before anything else of the ability happens.
        options = [str(s) for s in state.opponents(seat)]
        ask_choose(state, seat, "gold_to", options, "gold_given", ctx={"seat": seat, "gold": extra})


@handler("gold_given")
def _gold_given(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    give_gold(state, ctx["seat"], int(ctx["choice"]), ctx["gold"])


def _ask_influence(state: GameState, seat: int, amount: int, ctx: dict[str, Any]) -> None:
    # Titles: the Hand of the King is offered first; its answer continues the payment
    # with ask_influence_cards (or pays it all).
    if titles.ask_hand_of_the_king(state, seat, amount, ctx):
        return
    ask_influence_cards(state, seat, amount, ctx)


def ask_influence_cards(state: GameState, seat: int, amount: int, ctx: dict[str, Any]) -> None:
    """Ask ``seat`` to kneel cards providing ``amount`` influence, then pay (``ctx``)."""
    weights = influence_available(state, seat)
    ask_select(
        state,
        seat,
        "influence",
        list(weights),
        "influence_paid",
        weights=weights,
        need=amount,
        low=1 if amount else 0,
        ctx=ctx,
    )


@handler("influence_paid")
def _influence_paid(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    for ref in selected:
        state.in_play[ref].knelt = True
    state.emit("influence", seat=ctx["seat"], cards=selected)
    if ctx.get("ambush"):
        _ambush(state, ctx)
    else:
        _resolve(state, ctx, selected)


def _resolve(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    # Costs are paid; opponents may now cancel (a "cancel" response to "ability"), then
    # the effect resolves unless cancelled.
    state.queue.insert(0, {"name": "resolve_ability", "ctx": ctx, "cancelled": False})
    event = {"source": ctx["source"], "seat": ctx["seat"], "target": ctx.get("target")}
    open_window(state, "response", first=ctx["seat"], trigger="ability", event=event)


def resolve_ability(state: GameState, step: dict[str, Any]) -> None:
    """The ``resolve_ability`` step: the effect of a used ability, if not cancelled."""
    ctx = step["ctx"]
    if step["cancelled"]:
        state.emit("cancelled", card=ctx["source"], code=state.code(ctx["source"]))
        return
    ability = SCRIPTS[state.cards[ctx["source"]].code].abilities[ctx["index"]]
    ability.effect(state, ctx)


def cancel(state: GameState) -> None:
    """For cancel effects: the ability being resolved does nothing (its costs stay paid)."""
    for step in state.queue:
        if step["name"] == "resolve_ability":
            step["cancelled"] = True
            return


def put_into_play(state: GameState, seat: int, ref: str, target: str | None = None) -> None:
    """Put a card into play under ``seat``'s control from wherever it is (hand, deck,
    discard pile), bypassing costs and Limited; uniqueness still applies to the caller's
    choice of card. ``target``: the character an attachment goes on."""
    for player in state.players:
        for zone in (player.hand, player.deck, player.discard, player.dead):
            if ref in zone:
                zone.remove(ref)
    state.in_play[ref] = InPlay(controller=seat, attached_to=target)
    state.players[seat].in_play.append(ref)
    state.emit("put_into_play", seat=seat, card=ref, code=state.code(ref), target=target)


def _ambush(state: GameState, ctx: dict[str, Any]) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    state.players[seat].limited_played |= facts(state, ref).limited
    state.emit("ambush", seat=seat, card=ref, code=state.code(ref))
    put_into_play(state, seat, ref, ctx.get("target"))
