"""The Prize of the North: Elia Sand (cad_91), an additional [Intrigue] challenge against a
chosen opponent."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    LASTING_PASSIVES,
    Ability,
    Ctx,
    add_lasting,
    handler,
    register,
    value,
)
from gameplay.engine.cards.vocabulary import characters_of, prized_card
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- cad_91 Elia Sand ------------------------------------------------------------------------
# "Prized 1. Challenges: Choose an opponent who controls more characters than you. You may
# declare an additional [Intrigue] challenge against that opponent this phase. (Limit once per
# phase.)" A lasting ``challenges_allowed`` +1 for [Intrigue] this phase, and a gained
# ``can_challenge`` permission (LASTING_PASSIVES ``cad_elia_only``): while only one [Intrigue]
# challenge is left to its seat, it may be declared only against the chosen opponent (the
# last one is the additional one; in a joust it changes nothing).

ELIA_CHOSEN = "cad_elia_opponent"  # data only: subject the seat, ``opponent`` the chosen one


def _fewer(state: GameState, seat: int) -> list[str]:
    mine = len(characters_of(state, seat))
    return [str(s) for s in state.opponents(seat) if len(characters_of(state, s)) > mine]


def _elia_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_fewer(state, ctx["seat"]))


def _elia(state: GameState, ctx: Ctx) -> None:
    options = _fewer(state, ctx["seat"])
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(options) == 1:
        _elia_chosen(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, "cad_elia_chosen", ctx=data)


@handler("cad_elia_chosen")
def _elia_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, source, other = ctx["seat"], ctx["source"], int(ctx["choice"])
    add_lasting(state, "challenges_allowed", f"{seat}:intrigue", "phase", source, amount=1)
    add_lasting(state, ELIA_CHOSEN, seat, "phase", source, opponent=other)
    add_lasting(state, "can_challenge", source, "phase", source, passive="cad_elia_only")


def _elia_only(state: GameState, source: str, subject: Any, base: bool) -> bool:
    """``can_challenge`` of ``"<seat>><defender>:<type>"``: the last [Intrigue] challenge
    allowed to a seat that used Elia goes only against the opponents it chose."""
    if not base or not isinstance(subject, str) or not subject.endswith(":intrigue"):
        return base
    seat_text, _, rest = subject.partition(">")
    seat, defender = int(seat_text), int(rest.split(":")[0])
    chosen = [
        e["opponent"]
        for e in state.effects
        if e["query"] == ELIA_CHOSEN and e["subject"] == seat and e["source"] == source
    ]
    if not chosen or defender in chosen:
        return base
    allowed = value(state, "challenges_allowed", f"{seat}:intrigue", 1)
    done = state.players[seat].challenges_done.count("intrigue")
    return base if allowed - done > 1 else False


LASTING_PASSIVES["cad_elia_only"] = _elia_only

prized_card("cad_91")
register(
    "cad_91",
    Ability("action", _elia, phases=("challenges",), condition=_elia_may, limit=(1, "phase")),
)
