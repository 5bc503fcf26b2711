"""Ancestral Home cancels: Dorne Loyalist (cad_70) and Harrenhal (cad_78). Both answer the
``ability`` window (gameplay/engine/cancels.py): the effect just triggered is the pending
``resolve_ability`` step."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    allowed,
    facts,
    register,
)
from gameplay.engine.cards.vocabulary import characters_of, is_prized
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- cad_70 Dorne Loyalist ----------------------------------------------------------------
# "Prized 2. Stealth. Response: Kneel a prized character to cancel the effects of a
# character ability just triggered." A standing prized character its controller controls
# (Dorne Loyalist himself too); any player's character ability, his own excepted.


def _character_ability(state: GameState, ctx: Ctx) -> bool:
    source = cancels.source(state)
    return (
        cancels.can_be_cancelled(state)
        and source is not None
        and source != ctx["source"]
        and source in state.cards
        and facts(state, source).type == "character"
    )


def _prized_character(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "character" and is_prized(state, ref)


register(
    "cad_70",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(Cost("kneel", 1, match=_prized_character, what="prized character"),),
        condition=_character_ability,
    ),
)


# --- cad_78 Harrenhal ---------------------------------------------------------------------
# "Prized 2. If Harrenhal has 3 or more gold tokens on it, discard it from play (cannot be
# saved). Response: Kill a character you own and control to cancel a triggered effect. Then,
# place 1 gold token on Harrenhal. Harrenhal cannot be triggered if it has 3 or more gold
# tokens on it." Any triggered effect (any player's, its own excepted); the character is
# killed as the cost is paid (``kill_target``: it cannot be saved); the gold tokens are not
# spendable (``InPlay.gold``, no card lets its controller spend them). The discard is the
# ``discard_now`` check.

HARRENHAL_TOKENS = 3


def _harrenhal_may(state: GameState, ctx: Ctx) -> bool:
    source = ctx["source"]
    return (
        state.in_play[source].gold < HARRENHAL_TOKENS
        and cancels.can_be_cancelled(state)
        and cancels.source(state) not in (None, source)
    )


def _own_killable(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in characters_of(state, seat)
        if state.cards[r].owner == seat and allowed(state, "can_be_killed", r)
    ]


def _harrenhal(state: GameState, ctx: Ctx) -> None:
    cancel(state)
    source = ctx["source"]
    if source in state.in_play:
        moves.gold_to_card(state, source, 1, "harrenhal")


def _harrenhal_full(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject == source and state.in_play[source].gold >= HARRENHAL_TOKENS:
        return True
    return base


register(
    "cad_78",
    Ability(
        "cancel",
        _harrenhal,
        trigger="ability",
        costs=(Cost("kill_target"),),
        targets=_own_killable,
        condition=_harrenhal_may,
    ),
    passives={"discard_now": _harrenhal_full},
)
