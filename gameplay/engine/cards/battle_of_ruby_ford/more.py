"""Card scripts (battle_of_ruby_ford/more.py), each under its card's code and text."""

from __future__ import annotations

import re

from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    characters,
    handler,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import every_trait
from gameplay.engine.phase_flow import end_round
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- acoa_81 Old Nan ------------------------------------------------------------------------
# "Any Phase: Kneel Old Nan to choose a character. Until the end of the phase, that character
# gains or loses a Trait of your choice." The player chooses gain or lose, then the Trait:
# to gain, any Trait printed in the card pool or held by a card in play that the character
# does not have; to lose, one of its current Traits.


def _slug(word: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", word).strip("_").lower()


def _gainable(state: GameState, ref: str) -> list[str]:
    found = set(every_trait(state))
    for other in state.in_play:
        found |= traits(state, other)
    return sorted(found - traits(state, ref))


def _old_nan(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    options = [
        o for o, has in (("gain", _gainable(state, ref)), ("lose", traits(state, ref))) if has
    ]
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ref}
    ask_choose(state, ctx["seat"], "gain_or_lose_trait", options, "acoa_old_nan_way", ctx=data)


@handler("acoa_old_nan_way")
def _old_nan_way(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    words = _gainable(state, ref) if ctx["choice"] == "gain" else sorted(traits(state, ref))
    named = {_slug(t): t for t in words}
    data = {**ctx, "way": ctx["choice"], "traits": named}
    ask_choose(state, ctx["seat"], "name_trait", list(named), "acoa_old_nan_trait", ctx=data)


@handler("acoa_old_nan_trait")
def _old_nan_trait(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        key = "add" if ctx["way"] == "gain" else "remove"
        trait = ctx["traits"][ctx["choice"]]
        add_lasting(state, "traits", ref, "phase", ctx["source"], **{key: [trait]})


register(
    "acoa_81",
    Ability(
        "action",
        _old_nan,
        costs=(KNEEL_SELF,),
        targets=lambda state, ctx: characters(state),
    ),
)


# --- acoa_82 Rhaegar Targaryen ----------------------------------------------------------------
# "Response: After Rhaegar Targaryen is killed, end the current round. Proceed to the next plot
# phase. Any player can trigger this response." Used from any dead pile by any player
# (ability zone ``any_dead``); FAQ: the current phase and all phases left in the round end,
# a challenge being resolved ends without resolution (phase_flow.end_round).


def _rhaegar_killed(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _rhaegar(state: GameState, ctx: Ctx) -> None:
    end_round(state, ctx["source"])


register(
    "acoa_82",
    Ability(
        "response",
        _rhaegar,
        trigger="killed",
        zones=("any_dead",),
        condition=_rhaegar_killed,
    ),
)
