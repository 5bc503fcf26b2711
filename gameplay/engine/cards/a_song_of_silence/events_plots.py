"""A Song of Silence: the events and the plot (bwb_62, bwb_72, bwb_79, bwb_80)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    add_delayed,
    add_each_time,
    controller,
    effect,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    event,
    of_house_named,
    response,
)
from gameplay.engine.leaving import leave_play
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- bwb_62 In Ramsay's Name -------------------------------------------------------------
# "Any Phase: Until the end of the phase, each time a House Bolton character changes
# control, that character claims 1 power."  An ``each_time`` effect of the phase
# (abilities.add_each_time) run by moves.take_control: any player's character with the
# House Bolton trait (of_house_named) that changes control while it lasts claims 1 power
# from the pool, whoever controls it now (Steelshanks' Reserves passing between players
# included). Two copies played: 2 power each time.


@effect("asos_ramsay_claims")
def _ramsay_claims(state: GameState, entry: Ctx) -> None:
    ref = entry["event"].get("card")
    bolton = ref in state.in_play and is_character(state, ref)
    if bolton and of_house_named(state, ref, "House Bolton"):
        moves.card_power(state, ref, 1, "in_ramsays_name")


def _ramsay(state: GameState, ctx: Ctx) -> None:
    add_each_time(
        state, "control_changed", ctx["seat"], "asos_ramsay_claims", ctx["source"], "phase"
    )


register("bwb_62", event(_ramsay))

# --- bwb_72 River Raid -------------------------------------------------------------------
# "House Greyjoy only. Response: After a character card is discarded from an opponent's
# deck, put that card into play under your control. At the end of the phase, return that
# character to its owner's discard pile."  Only while the card is still in its owner's
# discard pile and uniqueness lets you have it; it goes back at the end of the phase from
# play to its owner's discard pile (a return, not a discard: no saves).


def _raided(state: GameState, ctx: Ctx) -> bool:
    ev, seat = ctx["event"], ctx["seat"]
    ref = ev.get("card")
    if ref is None or ref not in state.cards or ev.get("seat") not in state.opponents(seat):
        return False
    card = facts(state, ref)
    owner = state.players[state.cards[ref].owner]
    return (
        card.type == "character"
        and ref in owner.discard
        and unique_problem(state, seat, card) is None
    )


def _river_raid(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["event"]["card"], ctx["seat"]
    if ref not in state.players[state.cards[ref].owner].discard:
        return
    put_into_play(state, seat, ref)
    add_delayed(state, "phase_ends", seat, "asos_river_raid_back", ctx["source"], "phase", card=ref)


@effect("asos_river_raid_back")
def _river_raid_back(state: GameState, entry: Ctx) -> None:
    if entry["card"] in state.in_play:
        leave_play(state, entry["card"], "discard")


register("bwb_72", response(_river_raid, "card_discarded_from_deck", condition=_raided))

# --- bwb_79 Whispers from the Hill -------------------------------------------------------
# "Response: After a character is killed, move up to 3 power from that character to
# another character controlled by the same player. Then, draw 1 card."  The power the
# killed character had as it left play (it went back to the pool) is what may be moved:
# up to 3 of it go from the pool onto a character its controller (as it was killed)
# controls, chosen as the event resolves, with the amount (asked when more than 1). Only
# for a killed character that had power, while that player controls another character.

WHISPERS_POWER = 3


def _power_when_killed(state: GameState, ref: str) -> int:
    for entry in reversed(state.log):
        if entry["event"] == "left_play" and entry.get("card") == ref:
            return int(entry.get("power") or 0)
    return 0


def _receivers(state: GameState, ctx: Ctx, ref: str) -> list[str]:
    seat = ctx["event"].get("controllers", {}).get(ref)
    return characters_of(state, seat) if seat is not None else []


def _killed_with_power(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if facts(state, r).type == "character"
        and r not in state.in_play
        and _power_when_killed(state, r) > 0
        and _receivers(state, ctx, r)
    ]


def _whispers(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    found = _receivers(state, ctx, ref)
    data = {"seat": ctx["seat"], "source": ctx["source"], "killed": ref}
    if not found:
        moves.effect_draw(state, ctx["seat"], 1)
        return
    ask_select(state, ctx["seat"], "move_power", found, "asos_whispers", low=1, high=1, ctx=data)


@handler("asos_whispers")
def _whispers_to(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    most = min(WHISPERS_POWER, _power_when_killed(state, ctx["killed"]))
    data = {**ctx, "to": selected[0] if selected else None}
    if most > 1 and data["to"] is not None:
        options = [str(n) for n in range(most, 0, -1)]
        ask_choose(state, ctx["seat"], "power_amount", options, "asos_whispers_amount", ctx=data)
        return
    _whispers_amount(state, {**data, "choice": str(most)}, [])


@handler("asos_whispers_amount")
def _whispers_amount(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    to = ctx.get("to")
    if to is not None and to in state.in_play:
        moves.card_power(state, to, int(ctx["choice"]), "whispers_from_the_hill")
    moves.effect_draw(state, ctx["seat"], 1)


register("bwb_79", response(_whispers, "killed", targets=_killed_with_power))

# --- bwb_80 Retaliation! -----------------------------------------------------------------
# "If you win initiative, you must choose an opponent as the first player."  The
# permission ``can_be_first_player`` (subject: the choosing seat, a candidate): the
# initiative winner whose revealed plot it is may not choose himself.


def _retaliation(state: GameState, source: str, subject: Any, base: bool) -> bool:
    chooser, seat = subject
    me = controller(state, source)
    return False if chooser == me and seat == me and state.opponents(me) else base


register("bwb_80", passives={"can_be_first_player": _retaliation})
