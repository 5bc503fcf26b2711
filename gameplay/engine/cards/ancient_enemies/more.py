"""Card scripts (ancient_enemies/more.py), each under its card's code and text."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_delayed,
    attached_to,
    effect,
    handler,
    participating,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import has_trait
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- acoa_38 Dragon Bite -----------------------------------------------------------------
# "Attached character is killed any time it is participating in a challenge in which a
# Dragon character is participating." Checked as forced effects whenever who participates
# changes: attackers declared, defenders declared, and a card entering play (the Bite
# attached, or a character put into play participating). The attached character may be
# saved; a Dragon character attached counts itself.


def _bitten(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    challenge = state.challenge
    if host is None or challenge is None or not participating(state, host):
        return
    dragons = [
        r
        for r in challenge["attackers"] + challenge["defenders"]
        if r in state.in_play and has_trait(state, r, "Dragon")
    ]
    if dragons:
        moves.kill(state, [host])


register(
    "acoa_38",
    forced={
        "attackers_declared": _bitten,
        "defenders_declared": _bitten,
        "entered_play": _bitten,
    },
)


# --- acoa_39 Field Spikes ----------------------------------------------------------------
# "Challenges: Kneel Field Spikes to choose an attacking character with STR 2 or lower. Its
# controller chooses either to remove that character from the challenge, or to kill that
# character after the challenge resolves." Any player's attacker; the kill waits for the
# end of the challenge (a delayed effect at ``challenge_ends``) and may be saved.

SPIKES_OPTIONS = ["remove_from_challenge", "kill_after_challenge"]


def _weak_attackers(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["attackers"] if r in state.in_play and strength(state, r) <= 2]


def _spikes(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play or not participating(state, target):
        return
    seat = state.in_play[target].controller
    data = {"seat": seat, "source": ctx["source"], "target": target}
    ask_choose(state, seat, "field_spikes", SPIKES_OPTIONS, "acoa_spikes", ctx=data)


@handler("acoa_spikes")
def _spikes_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    target, challenge = ctx["target"], state.challenge
    if target not in state.in_play or challenge is None:
        return
    if ctx["choice"] == "remove_from_challenge":
        for side in ("attackers", "defenders"):
            if target in challenge[side]:
                challenge[side].remove(target)
                state.emit("removed_from_challenge", cards=[target], side=side, card=ctx["source"])
        return
    add_delayed(
        state, "challenge_ends", ctx["seat"], "acoa_spikes_kill", ctx["source"], card=target
    )


@effect("acoa_spikes_kill")
def _spikes_kill(state: GameState, entry: Ctx) -> None:
    if entry["card"] in state.in_play:
        moves.kill(state, [entry["card"]])


register(
    "acoa_39",
    Ability(
        "action",
        _spikes,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_weak_attackers,
    ),
)
