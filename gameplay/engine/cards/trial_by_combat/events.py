"""Trial By Combat events (atoc_88 Nighttime Raid). Handler and effect names start with
``tbc_``."""

from __future__ import annotations

from gameplay.engine.abilities import Ctx, add_delayed, controller, effect, handler, register
from gameplay.engine.cards.vocabulary import event, gain_stealth, in_play_of, of_house
from gameplay.engine.leaving import discard
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- atoc_88 Nighttime Raid --------------------------------------------------------------
# "House Greyjoy only. Challenges: Choose an attacking [Greyjoy] character you control.
# Until the end of the phase, that character gains stealth. If you win the challenge,
# choose and discard 1 attachment from play."  Stealth as Longship Silence's (bwb_71,
# ``vocabulary.gain_stealth``: played before defenders, the character makes its Stealth
# choice at once). "The challenge": the one in progress; the discard is a delayed effect on
# that challenge won by the event's player, any attachment in play (on a House card too).


def _raid_targets(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None or challenge["attacker"] != ctx["seat"]:
        return []
    return [
        r
        for r in challenge["attackers"]
        if r in state.in_play
        and controller(state, r) == ctx["seat"]
        and of_house(state, r, "Greyjoy")
    ]


def _raid(state: GameState, ctx: Ctx) -> None:
    gain_stealth(state, ctx["target"], "phase", ctx["source"])
    add_delayed(state, "challenge_won", ctx["seat"], "tbc_raid_discard", ctx["source"])


@effect("tbc_raid_discard")
def _raid_discard(state: GameState, data: Ctx) -> None:
    attachments = in_play_of(state, "attachment")
    ask_select(
        state,
        data["seat"],
        "discard",
        attachments,
        "tbc_raid",
        low=1,
        high=1,
        ctx={"seat": data["seat"]},
    )


@handler("tbc_raid")
def _raid_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        discard(state, chosen)


register("atoc_88", event(_raid, phases=("challenges",), targets=_raid_targets))
