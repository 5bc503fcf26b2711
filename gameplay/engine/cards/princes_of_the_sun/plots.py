"""Princes of the Sun plots, registered by card code (see abilities.register). The
conventions are the Core Set plots' (cards/core/plots.py): "you" is the plot's owner;
passive text is active while the plot is revealed; deck-building text ("House Martell
only") is not the engine's business.
"""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    add_delayed,
    controller,
    effect,
    facts,
    handler,
    is_character,
    register,
    traits,
)
from gameplay.engine.cards.princes_of_the_sun.common import characters
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import gold_penalty
from gameplay.engine.state import GameState

# --- pots_54 Battle of Oxcross -----------------------------------------------------------
# "At the end of the challenge phase, each player who has not won a Military challenge must
# choose and kill 1 character he or she controls." Won: as the attacker or the defender,
# this phase. The players choose in turn order; each kill resolves as it is chosen.


def _oxcross_begins(state: GameState, ctx: Ctx) -> None:
    add_delayed(state, "phase_ends", ctx["seat"], "pots_oxcross", ctx["source"], until="phase")


def _military_winners(state: GameState) -> set[int]:
    winners: set[int] = set()
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            break
        military = entry["event"] == "challenge_resolved" and entry.get("type") == "military"
        if military and entry.get("winner") is not None:
            winners.add(entry["winner"])
    return winners


@effect("pots_oxcross")
def _oxcross(state: GameState, data: Ctx) -> None:
    winners = _military_winners(state)
    for seat in reversed(state.turn_order()):
        if seat in winners:
            continue
        mine = characters(state, [seat])
        ask_select(state, seat, "kill", mine, "pots_kill_chosen", low=1, high=1)


@handler("pots_kill_chosen")
def _kill_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.kill(state, selected)


register("pots_54", forced={"challenges_begins": _oxcross_begins})


# --- pots_55 Let My Porridge Fly ---------------------------------------------------------
# "After you win an Intrigue challenge, choose and discard 1 attachment from play."


def _porridge(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    if event.get("winner") != ctx["seat"] or event.get("type") != "intrigue":
        return
    found = [r for r in state.in_play if facts(state, r).type == "attachment"]
    ask_select(state, ctx["seat"], "discard", found, "pots_discard_chosen", low=1, high=1)


@handler("pots_discard_chosen")
def _discard_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard(state, selected)


register("pots_55", forced={"challenge_won": _porridge})


# --- pots_56 Threat from the North -------------------------------------------------------
# "All characters get -1 STR and are discarded from play (cannot be saved) if their STR is
# 0." (checks.check_zero_strength, the ``discarded_at_zero`` flag).


def _threat_strength(state: GameState, source: str, subject: str, base: int) -> int:
    return base - 1 if is_character(state, subject) else base


def _threat_discards(state: GameState, source: str, subject: str, base: bool) -> bool:
    return base or is_character(state, subject)


register(
    "pots_56",
    passives={"strength": _threat_strength, "discarded_at_zero": _threat_discards},
)


# --- pots_57 The Red Wedding -------------------------------------------------------------
# "When revealed, the opponent to your left chooses 1 Lord and 1 Lady character, if able.
# Then, you must choose and kill 1 of those characters. The other claims 2 power."
# Any player's characters may be chosen. With only one of them chosen, that one is killed
# and nobody claims power.


def _lord_lady(state: GameState, trait: str, exclude: list[str]) -> list[str]:
    return [r for r in characters(state) if trait in traits(state, r) and r not in exclude]


def _red_wedding(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    left = state.clockwise_from_left(seat)[0]
    data = {"seat": seat, "left": left, "chosen": []}
    lords = _lord_lady(state, "Lord", [])
    ask_select(state, left, "lord", lords, "pots_wedding_lord", low=1, high=1, ctx=data)


@handler("pots_wedding_lord")
def _wedding_lord(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = list(selected)
    ladies = _lord_lady(state, "Lady", chosen)
    data = {**ctx, "chosen": chosen}
    ask_select(state, ctx["left"], "lady", ladies, "pots_wedding_lady", low=1, high=1, ctx=data)


@handler("pots_wedding_lady")
def _wedding_lady(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in ctx["chosen"] + list(selected) if r in state.in_play]
    data = {**ctx, "chosen": chosen}
    ask_select(state, ctx["seat"], "kill", chosen, "pots_wedding_kill", low=1, high=1, ctx=data)


@handler("pots_wedding_kill")
def _wedding_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in ctx["chosen"]:
        if ref in selected:
            continue
        if ref in state.in_play:
            moves.card_power(state, ref, 2, "the_red_wedding")
    moves.kill(state, selected)


register("pots_57", when_revealed=_red_wedding)


# --- pots_58 Attack from the Sea ---------------------------------------------------------
# "When revealed, kneel all locations."


def _attack_from_the_sea(state: GameState, ctx: Ctx) -> None:
    for ref in list(state.in_play):
        if facts(state, ref).type == "location" and not state.in_play[ref].knelt:
            moves.kneel(state, ref)  # a kneel by a card effect: "cannot be knelt" holds
            if state.in_play[ref].knelt:
                state.emit("knelt", card=ref, code=state.code(ref), seat=controller(state, ref))


register("pots_58", when_revealed=_attack_from_the_sea)


# --- pots_59 Alliance --------------------------------------------------------------------
# "You may play cards from other Houses without paying a gold penalty."


def _alliance(state: GameState, source: str, subject: str, base: int) -> int:
    seat = controller(state, source)
    if subject in state.players[seat].hand:
        return base - gold_penalty(state.players[seat].house, facts(state, subject))
    return base


register("pots_59", passives={"cost": _alliance})


# --- pots_60 To the Spears! --------------------------------------------------------------
# "Characters you control do not kneel to attack this round." (while it is revealed)


def _to_the_spears(state: GameState, source: str, subject: str, base: bool) -> bool:
    own = subject in state.in_play and state.in_play[subject].controller == controller(
        state, source
    )
    return base and not own


register("pots_60", passives={"kneel_to_attack": _to_the_spears})
