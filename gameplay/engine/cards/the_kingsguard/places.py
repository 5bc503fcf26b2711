"""The Kingsguard: the locations and the attachment (kr_44 Longship Grey Ghost, kr_50 Moat
Cailin, kr_52 Harpy's Scourge)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    out_of_shadows,
    won_unopposed,
)
from gameplay.engine.state import GameState
from gameplay.engine.uses import (
    come_out_of_shadows,
    in_shadows,
    return_to_shadows,
    shadow_problem,
)

# --- kr_44 Longship Grey Ghost --------------------------------------------------------------
# "House Greyjoy only. After you win an unopposed challenge, return Longship Grey Ghost to
# shadows. Response: After Longship Grey Ghost comes out of shadows, choose a character. That
# character cannot defend this phase."  The return is forced (its controller wins an
# unopposed challenge, attacking or defending); like every card that goes into Shadows it may
# not come out again that round. The character is any player's (the ``can_defend``
# permission, until the end of the phase).


def _ghost_returns(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play and won_unopposed(state, ctx):
        return_to_shadows(state, ctx["source"])


def _ghost_blocks(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "can_defend", ctx["target"], "phase", ctx["source"], value=False)


register(
    "kr_44",
    out_of_shadows(_ghost_blocks, targets=lambda state, ctx: characters_of(state)),
    forced={"challenge_won": _ghost_returns},
)

# --- kr_50 Moat Cailin ----------------------------------------------------------------------
# "House Stark only. While defending a challenge with at least 1 character, your side counts
# +1 STR for each card in shadows. Response: After a challenge is declared against you, bring
# Moat Cailin out of shadows."  Every player's Shadows count. "A challenge is declared
# against you": once the attackers are declared (``attackers_declared``), you being the
# defender. The response is used from its owner's Shadows; the effect brings it out without
# paying its cost (``pay=False``), every other rule of coming out applies (not in the round it
# went in, uniqueness).


def _moat_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    if challenge is None or subject != f"{controller(state, source)}:defenders":
        return base
    if not any(r in state.in_play for r in challenge.get("defenders", ())):
        return base
    return base + in_shadows(state)


def _moat_may(state: GameState, ctx: Ctx) -> bool:
    challenge, seat = state.challenge, ctx["seat"]
    if challenge is None or challenge.get("defender") != seat:
        return False
    return shadow_problem(state, seat, ctx["source"], None, pay=False) is None


def _moat_out(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    if shadow_problem(state, seat, ref, None, pay=False) is None:
        come_out_of_shadows(state, seat, ref, None, pay=False)


register(
    "kr_50",
    Ability(
        "response",
        _moat_out,
        trigger="attackers_declared",
        zones=("shadows",),
        condition=_moat_may,
    ),
    passives={"side_strength": _moat_strength},
)

# --- kr_52 Harpy's Scourge ------------------------------------------------------------------
# "Setup. Challenges: Discard a card from your hand to choose a character. Until the end of
# the phase, that character gets -1 STR, and attached character gets +1 STR."  Any
# character, chosen with the action (the attached character too); no limit.


def _scourge(state: GameState, ctx: Ctx) -> None:
    source, target = ctx["source"], ctx["target"]
    if target in state.in_play:
        add_lasting(state, "strength", target, "phase", source, amount=-1)
    host = attached_to(state, source) if source in state.in_play else None
    if host is not None and host in state.in_play:
        add_lasting(state, "strength", host, "phase", source, amount=1)


register(
    "kr_52",
    Ability(
        "action",
        _scourge,
        phases=("challenges",),
        costs=(Cost("discard_hand", 1),),
        targets=lambda state, ctx: characters_of(state),
    ),
)
