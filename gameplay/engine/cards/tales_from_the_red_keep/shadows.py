"""Tales from the Red Keep: the cards that answer a card coming out of Shadows (the trigger
``came_out_of_shadows``, uses.py "Shadows")."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    controller,
    facts,
    fire_forced,
    handler,
    is_character,
    register,
    season,
)
from gameplay.engine.cards.vocabulary import choose_opponent, has_trait, out_of_shadows
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

CAME_OUT = "came_out_of_shadows"

# --- kl_66 The Queen of Thorns -----------------------------------------------------------
# "House Baratheon only. Response: After a card comes out of Shadows, The Queen of Thorns
# claims 1 power. (Limit once per phase.)"  Any player's card, herself included.

register(
    "kl_66",
    Ability(
        "response",
        lambda state, ctx: moves.card_power(state, ctx["source"], 1, "queen_of_thorns"),
        trigger=CAME_OUT,
        limit=(1, "phase"),
    ),
)


# --- kl_67 Margaery Tyrell ---------------------------------------------------------------
# "Response: After a card comes out of Shadows, choose a non-Lady character. Until the end
# of the phase, treat that character as if its printed text box was blank."  A lasting
# ``blank`` effect (traits stay: the text box only).


def _non_ladies(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.in_play if is_character(state, r) and not has_trait(state, r, "Lady")]


def _margaery(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "blank", ctx["target"], "phase", ctx["source"], value=True)


register("kl_67", Ability("response", _margaery, trigger=CAME_OUT, targets=_non_ladies))


# --- kl_68 The Black Cells ---------------------------------------------------------------
# "House Baratheon only. Response: After a card comes out of Shadows, kneel The Black Cells
# to choose an opponent's character. Until the end of the phase, that character cannot
# kneel or stand."  "Cannot kneel": no effect or cost kneels it (the permission
# ``can_kneel``, moves.kneel; ``can_kneel_for_cost``) and it cannot be declared as an
# attacker or defender (declaring kneels it); "cannot stand": ``can_stand``.

CELLS = ("can_kneel", "can_kneel_for_cost", "can_stand", "can_attack", "can_defend")


def _opponents_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.in_play
        if is_character(state, r) and controller(state, r) in state.opponents(ctx["seat"])
    ]


def _black_cells(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        for query in CELLS:
            add_lasting(state, query, target, "phase", ctx["source"], value=False)


register(
    "kl_68",
    Ability(
        "response",
        _black_cells,
        trigger=CAME_OUT,
        costs=(KNEEL_SELF,),
        targets=_opponents_characters,
    ),
)


# --- kl_70 Blackwater Raiders ------------------------------------------------------------
# "House Greyjoy only. No attachments except Weapon. Response: After Blackwater Raiders come
# out of Shadows, choose a location in an opponent's discard pile. Put that location into
# play under your control."  A unique location already in play under your control cannot be
# chosen (uniqueness).


def _discarded_locations(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    mine = {state.code(r) for r in state.players[seat].in_play}
    return [
        r
        for o in state.opponents(seat)
        for r in state.players[o].discard
        if facts(state, r).type == "location"
        and not (facts(state, r).unique and state.code(r) in mine)
    ]


def _raiders(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if any(target in state.players[o].discard for o in state.opponents(ctx["seat"])):
        put_into_play(state, ctx["seat"], target)


register("kl_70", out_of_shadows(_raiders, targets=_discarded_locations))


# --- kl_63 Maester Malleon's Tome --------------------------------------------------------
# "House Stark only. Attached character gains an Intrigue icon. Response: After Maester
# Malleon's Tome comes out of Shadows, attach it to a unique character. Then, if it is
# Winter, look at an opponent's unused plot deck, and move a plot card from that plot deck
# to that player's used plot pile."  The unique character is the response's target (any
# player's, where the Tome may be attached; its present host may be chosen again). With
# several opponents the Tome's controller chooses one; a plot deck left empty is recycled
# at once (the used plots return to it).


def _tome_icons(state: GameState, source: str, subject: object, base: set[str]) -> set[str]:
    record = state.in_play.get(source)
    return base | {"intrigue"} if record is not None and subject == record.attached_to else base


def _unique_hosts(state: GameState, ctx: Ctx) -> list[str]:
    source = ctx["source"]
    found = attachment_targets(state, facts(state, source), ctx["seat"])
    host = state.in_play[source].attached_to
    if host is not None and host not in found:
        found.append(host)  # attachment_targets leaves out no host, but be sure
    return [r for r in found if is_character(state, r) and facts(state, r).unique]


def _tome(state: GameState, ctx: Ctx) -> None:
    source, target = ctx["source"], ctx["target"]
    record = state.in_play.get(source)
    if record is None or target not in state.in_play:
        return
    if record.attached_to != target:
        before, record.attached_to = record.attached_to, target
        state.emit(
            "attachment_moved", card=source, code=state.code(source), source=before, target=target
        )
    if season(state) == "winter":
        choose_opponent(state, {"seat": ctx["seat"], "source": source}, "kl_tome_opponent")


@handler("kl_tome_opponent")
def _tome_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other = int(ctx["choice"])
    plots = list(state.players[other].plot_deck)
    state.emit("plots_looked_at", seat=ctx["seat"], of=other, count=len(plots))
    data = {"seat": ctx["seat"], "other": other, "source": ctx["source"]}
    ask_select(state, ctx["seat"], "used_pile", plots, "kl_tome_plot", low=1, high=1, ctx=data)


@handler("kl_tome_plot")
def _tome_plot(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["other"]]
    moved = [p for p in selected if p in player.plot_deck]
    for plot in moved:
        player.plot_deck.remove(plot)
        player.used_plots.append(plot)
        state.emit("plot_moved_to_used", seat=player.seat, card=plot, code=state.code(plot))
    if not player.plot_deck and player.used_plots:
        state.queue.insert(0, {"name": "recycle_plots"})
    for plot in moved:  # forced effects of a plot reaching the used pile (before recycling)
        fire_forced(state, "plot_to_used_pile", {"plot": plot, "seat": player.seat})


register(
    "kl_63",
    out_of_shadows(_tome, targets=_unique_hosts),
    passives={"icons": _tome_icons},
)
