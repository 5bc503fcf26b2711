"""Secrets and Spies cards that use Shadows (uses.py, "Shadows";
cards/vocabulary/shadows.py)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_delayed,
    add_lasting,
    attachments,
    controller,
    effect,
    facts,
    handler,
    pool,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    choose_opponent,
    has_trait,
    out_of_shadows,
    pile_to_hand,
    shadow_event,
)
from gameplay.engine.cards.vocabulary.shadows import CAME_OUT
from gameplay.engine.leaving import leave_play
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.triggers import trigger
from gameplay.engine.uses import cancel, in_shadows, put_into_play, return_to_shadows

# --- kl_81 Jeyne Poole ---------------------------------------------------------------------
# "Response: Discard Jeyne Poole from play to cancel the triggered effect of a card that just
# came out of Shadows."  A cancel (trigger ``ability``) of an ability answering the
# ``came_out_of_shadows`` of its own card (Qyburn's, an Assassin's, a Shadow event's
# response). Varys's "After Varys comes out of Shadows, ..." has no trigger word: it is a
# forced effect, not a triggered one she can cancel (RULINGS).


def _just_came_out(state: GameState, ctx: Ctx) -> bool:
    step = cancels.pending(state)
    ability = cancels.pending_ability(state)
    if step is None or ability is None or ability.trigger != CAME_OUT:
        return False
    pending_ctx = step["ctx"]
    return (pending_ctx.get("event") or {}).get("card") == pending_ctx.get("source")


def _jeyne(state: GameState, ctx: Ctx) -> None:
    cancel(state)


register(
    "kl_81",
    Ability("cancel", _jeyne, trigger="ability", costs=(DISCARD_SELF,), condition=_just_came_out),
)

# --- kl_83 Qyburn --------------------------------------------------------------------------
# "House Lannister only. Deadly. Response: After Qyburn comes out of Shadows, choose a
# non-Army character in an opponent's dead pile. Put that character into play under your
# control. If that character is still in play at the end of the phase, return it to its
# owner's dead pile."  A unique character only if you could have it (uniqueness); back in
# the dead pile it is not "killed" (no saves).


def _qyburn_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        ref
        for other in state.opponents(seat)
        for ref in state.players[other].dead
        if facts(state, ref).type == "character"
        and "Army" not in facts(state, ref).traits
        and unique_problem(state, seat, facts(state, ref)) is None
    ]


def _qyburn(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["target"]
    if not any(ref in state.players[o].dead for o in state.opponents(seat)):
        return
    put_into_play(state, seat, ref)
    add_delayed(state, "phase_ends", seat, "kl_qyburn_returns", ctx["source"], "phase", card=ref)


@effect("kl_qyburn_returns")
def _qyburn_returns(state: GameState, data: Ctx) -> None:
    ref = data["card"]
    if ref in state.in_play:
        leave_play(state, ref, "dead")
        owner = state.cards[ref].owner
        trigger(state, "dead_pile", {"cards": [ref], "owners": {ref: owner}})


register("kl_83", out_of_shadows(_qyburn, targets=_qyburn_targets))

# --- kl_84 Littlefinger --------------------------------------------------------------------
# "Stealth. No Condition attachments. Littlefinger does not kneel to attack. Reduce the cost
# to play Littlefinger by 1 for each card in Shadows."  Every player's Shadows; the cost is
# his marshalling cost from the hand (not the cost of bringing him out of Shadows: he has no
# Shadow crest). No Condition attachment may be attached to him (rules.attachment_targets,
# query ``can_take_attachment``).


def _self_only(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source else base


def _littlefinger_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    return cost - in_shadows(state)


def _no_condition(state: GameState, source: str, subject: Any, base: bool) -> bool:
    host, code = subject
    if host == source and "Condition" in pool(state)[code].traits:
        return False
    return base


register(
    "kl_84",
    passives={
        "kneel_to_attack": _self_only,
        "own_cost": _littlefinger_cost,
        "can_take_attachment": _no_condition,
    },
)

# --- kl_86 Knight of Flowers ---------------------------------------------------------------
# "Renown. If there are no cards in Shadows, Knight of Flowers does not kneel to attack or
# defend."  No card in any player's Shadows.


def _no_shadows(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source and in_shadows(state) == 0 else base


register("kl_86", passives={"kneel_to_attack": _no_shadows, "kneel_to_defend": _no_shadows})

# --- kl_87 Small Council Chamber -----------------------------------------------------------
# "House Baratheon only. After you win an Intrigue challenge, Small Council Chamber goes into
# Shadows. Response: After Small Council Chamber comes out of Shadows, return a Small Council
# event from your discard pile to your hand."  The first sentence is forced (its controller
# wins, attacking or defending); it returns to its owner's Shadows and may not come out that
# round.


def _chamber_hides(state: GameState, ctx: Ctx) -> None:
    source, event = ctx["source"], ctx["event"]
    if source not in state.in_play or event.get("type") != "intrigue":
        return
    if event.get("winner") == controller(state, source):
        return_to_shadows(state, source)


def _council_events(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].discard
        if facts(state, r).type == "event" and "Small Council" in facts(state, r).traits
    ]


def _chamber_returns(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["target"], "discard")


register(
    "kl_87",
    out_of_shadows(_chamber_returns, targets=_council_events),
    forced={"challenge_won": _chamber_hides},
)

# --- kl_90 King's Landing Assassin ---------------------------------------------------------
# "House Targaryen only. Response: After King's Landing Assassin comes out of Shadows, choose
# a character with no attachments. Until the end of the phase, that character gets -2 STR and
# is killed if its STR is 0."
# --- kl_93 Aegon's Legacy ------------------------------------------------------------------
# "House Targaryen only. Dominance: Choose a character without attachments. Until the end of
# the phase, that character gets -X STR and is killed if its STR is 0. X is the number of
# cards currently in Shadows."  X: every player's Shadows, counted as it resolves.

ASSASSIN_STR = 2


def _without_attachments(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.in_play
        if facts(state, r).type == "character" and not attachments(state, r)
    ]


def _weaken(state: GameState, ref: str, amount: int, source: str) -> None:
    if ref not in state.in_play:
        return
    if amount:
        add_lasting(state, "strength", ref, "phase", source, amount=-amount)
    add_lasting(state, "dies_at_zero", ref, "phase", source, value=True)


def _assassin(state: GameState, ctx: Ctx) -> None:
    _weaken(state, ctx["target"], ASSASSIN_STR, ctx["source"])


def _legacy(state: GameState, ctx: Ctx) -> None:
    _weaken(state, ctx["target"], in_shadows(state), ctx["source"])


register("kl_90", out_of_shadows(_assassin, targets=_without_attachments))
register(
    "kl_93",
    Ability(
        "action", _legacy, phases=("dominance",), zones=("hand",), targets=_without_attachments
    ),
)

# --- kl_91 Shadow Prophet ------------------------------------------------------------------
# "House Targaryen only. Response: After Shadow Prophet comes out of Shadows, you may look at
# 1 card in Shadows controlled by each opponent."  The cards are face down: one of each
# opponent's Shadows is picked at random (any choice among face-down cards is blind) and
# shown to the player alone (a hidden prompt with nothing to choose, like Observation Point).


def _opponents_with_shadows(state: GameState, ctx: Ctx) -> bool:
    return any(state.players[o].shadows for o in state.opponents(ctx["seat"]))


def _prophet(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    shown = []
    for other in state.opponents(seat):
        hidden = state.players[other].shadows
        if hidden:
            shown.append(hidden[state.random_below(len(hidden))])
            state.emit("looked_at_shadows", seat=seat, other=other, count=1)
    data = {"seat": seat, "source": ctx["source"], "shown": shown}
    ask_select(state, seat, "look", [], "kl_prophet_looked", ctx=data, hidden=True)


@handler("kl_prophet_looked")
def _prophet_looked(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    return None


register("kl_91", out_of_shadows(_prophet, condition=_opponents_with_shadows))

# --- kl_96 Backroom Bribery ----------------------------------------------------------------
# "House Martell only. Response: After Backroom Bribery comes out of Shadows, choose an
# opponent. Move 1 gold from that player's gold pool to yours."  A Shadow event: used from
# the discard pile it came out to.


def _bribery(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "kl_bribery_opponent")


@handler("kl_bribery_opponent")
def _bribery_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.give_gold(state, int(ctx["choice"]), ctx["seat"], 1)


register("kl_96", shadow_event(_bribery))

# --- kl_97 Varys ---------------------------------------------------------------------------
# "Stealth. After Varys comes out of Shadows, choose and discard 1 Ally character from play."
# Forced (no trigger word): his controller must choose an Ally character in play, anyone's,
# Varys himself included (he is an Ally); the discard may be saved.


def _allies(state: GameState, source: str, seat: int) -> list[str]:
    return [
        r
        for r in state.in_play
        if facts(state, r).type == "character"
        and "Ally" in traits(state, r)
        and choosable(state, r, source, seat)
    ]


def _varys(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if ctx["event"].get("card") != source or source not in state.in_play:
        return
    seat = controller(state, source)
    found = _allies(state, source, seat)
    if found:
        data = {"seat": seat, "source": source}
        ask_select(state, seat, "discard", found, "kl_varys_discard", low=1, high=1, ctx=data)


@handler("kl_varys_discard")
def _varys_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        moves.discard(state, chosen)


register("kl_97", forced={CAME_OUT: _varys})

# --- kl_99 King's Landing ------------------------------------------------------------------
# "After a card comes out of Shadows, stand King's Landing. Any Phase: Kneel King's Landing
# to draw a card. Use this ability only if you control more King's Landing locations than
# each opponent."  The first sentence is forced (any player's card). King's Landing
# locations: locations with the King's Landing trait (itself included).


def _kings_landing_stands(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play and state.in_play[source].knelt:
        moves.stand(state, source)
        state.emit("stood", card=source)


def _kl_locations(state: GameState, seat: int) -> int:
    return sum(
        1
        for r in state.players[seat].in_play
        if facts(state, r).type == "location" and has_trait(state, r, "King's Landing")
    )


def _more_kings_landing(state: GameState, ctx: Ctx) -> bool:
    mine = _kl_locations(state, ctx["seat"])
    return all(mine > _kl_locations(state, o) for o in state.opponents(ctx["seat"]))


def _draw_one(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "kl_99",
    Ability("action", _draw_one, costs=(KNEEL_SELF,), condition=_more_kings_landing),
    forced={CAME_OUT: _kings_landing_stands},
)
