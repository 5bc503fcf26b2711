"""Where Loyalty Lies: characters whose text answers their entering play (Ser Axell
Florent, Ser Jorah Mormont, Daario Naharis) or an Intrigue claim (Arianne's Conspirators)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, controller, facts, handler, register
from gameplay.engine.cards.vocabulary import characters_of, choosable, has_trait
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState


def _entered_self(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


def _discard_one_of(*wanted: str) -> Any:
    """The forced "After X comes into play, choose and discard 1 <trait> or <trait>
    character from play": its controller chooses one such character in play (any
    player's, X itself included when it has the trait; immunity respected); the discard
    may be saved."""

    def forced(state: GameState, ctx: Ctx) -> None:
        source = ctx["source"]
        if not _entered_self(state, ctx) or source not in state.in_play:
            return
        seat = controller(state, source)
        found = [
            r
            for r in characters_of(state)
            if any(has_trait(state, r, t) for t in wanted) and choosable(state, r, source, seat)
        ]
        if found:
            data = {"seat": seat, "source": source}
            ask_select(
                state, seat, "discard_from_play", found, "wll_discard", low=1, high=1, ctx=data
            )

    return forced


@handler("wll_discard")
def _discard_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        moves.discard(state, chosen)


# --- atoc_72 Ser Jorah Mormont ---------------------------------------------------------------
# "Joust. After Ser Jorah Mormont comes into play, choose and discard 1 Mercenary or Ally
# character from play."  Forced (no "Response:"), however he comes into play; Jorah is an
# Ally himself, so he may be the one chosen (and must be when no other is in play).

register("atoc_72", forced={"entered_play": _discard_one_of("Mercenary", "Ally")})


# --- atoc_73 Daario Naharis ------------------------------------------------------------------
# "Melee. After Daario Naharis comes into play, choose and discard 1 Knight or Traitor
# character from play."  Forced, like Ser Jorah; Daario is a Traitor and may be chosen.

register("atoc_73", forced={"entered_play": _discard_one_of("Knight", "Traitor")})


# --- atoc_68 Ser Axell Florent ---------------------------------------------------------------
# "Response: After Ser Axell Florent enters play, choose and discard 1 duplicate from play."
# Any player's duplicate, chosen as the response resolves (a duplicate is not a target of
# immunity: only its card is); offered only while a duplicate is in play. The duplicate
# goes to its owner's discard pile (a duplicate is not saved).


def _duplicates(state: GameState) -> list[str]:
    return [d for rec in state.in_play.values() for d in rec.duplicates]


def _axell_can(state: GameState, ctx: Ctx) -> bool:
    return _entered_self(state, ctx) and bool(_duplicates(state))


def _axell(state: GameState, ctx: Ctx) -> None:
    found = _duplicates(state)
    if found:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_select(
            state, ctx["seat"], "discard_duplicate", found, "wll_axell", low=1, high=1, ctx=data
        )


@handler("wll_axell")
def _axell_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for dup in selected:
        host = next((r for r, rec in state.in_play.items() if dup in rec.duplicates), None)
        if host is None:
            continue
        owner = state.cards[dup].owner
        if moves.to_discard_pile(state, dup, state.in_play[host].duplicates):
            state.emit("discarded", seat=owner, card=dup, code=state.code(dup), zone="duplicate")


register(
    "atoc_68",
    Ability("response", _axell, trigger="entered_play", condition=_axell_can),
)


# --- atoc_74 Arianne's Conspirators ----------------------------------------------------------
# "Melee. Response: After an attachment or location is discarded from your hand as claim for
# an [Intrigue] challenge, choose and discard 1 card of the same type from play."  Answered
# from play (the Conspirators need not participate) in the ``discarded_from_hand`` window of
# an Intrigue claim (the event's ``claim``) against its controller; the target is any
# attachment or location in play of a type among the discarded cards (either, when both
# were discarded); the discard may be saved.

CONSPIRED = ("attachment", "location")


def _claim_types(state: GameState, ctx: Ctx) -> set[str]:
    event = ctx["event"]
    if not event.get("claim") or event.get("seat") != ctx["seat"]:
        return set()
    return {facts(state, r).type for r in event.get("cards", ())} & set(CONSPIRED)


def _conspired_targets(state: GameState, ctx: Ctx) -> list[str]:
    kinds = _claim_types(state, ctx)
    return [r for r in state.in_play if facts(state, r).type in kinds]


def _conspire(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


register(
    "atoc_74",
    Ability(
        "response",
        _conspire,
        trigger="discarded_from_hand",
        condition=lambda state, ctx: bool(_claim_types(state, ctx)),
        targets=_conspired_targets,
    ),
)
