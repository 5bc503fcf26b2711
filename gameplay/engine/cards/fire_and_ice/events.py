"""Fire and Ice (kr_21 to kr_40): the events (The Long Plan, Green Dream)."""

from __future__ import annotations

import re

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, agenda_traits, facts, register
from gameplay.engine.cards.vocabulary import event, has_trait
from gameplay.engine.state import GameState
from gameplay.engine.uses import come_out_of_shadows, shadow_problem

LONG_PLAN_LOSSES = 3
LONG_PLAN_POWER = 3

# --- kr_32 The Long Plan --------------------------------------------------------------------
# "Response: After you have lost your third challenge in the same phase, bring The Long Plan
# out of Shadows by paying the rest of its gold cost. Then, claim 3 power for your House.
# (Limit 1 per phase.)"  Used from its owner's Shadows (not the round it went in) in the
# ``challenge_won`` window of the challenge that is its player's third lost this phase (as
# attacker or defender: ``challenge_resolved`` entries of the log since the phase began).
# "The rest of its gold cost" is its printed cost (uses.shadow_out_cost), paid as it comes
# out (uses.come_out_of_shadows: face up to the discard pile).


def losses_this_phase(state: GameState, seat: int) -> int:
    """The challenges ``seat`` lost this phase (attacking or defending, a winner other than
    ``seat``), read from the log since the phase began."""
    count = 0
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            break
        if (
            entry["event"] == "challenge_resolved"
            and entry.get("winner") is not None
            and entry["winner"] != seat
            and seat in (entry.get("attacker"), entry.get("defender"))
        ):
            count += 1
    return count


def _long_plan_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return (
        ctx["event"].get("loser") == seat
        and losses_this_phase(state, seat) == LONG_PLAN_LOSSES
        and shadow_problem(state, seat, ctx["source"], None) is None
    )


def _long_plan(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    if ref not in state.players[seat].shadows:
        return
    come_out_of_shadows(state, seat, ref, None)
    moves.gain_power(state, seat, LONG_PLAN_POWER, "kr_long_plan")


register(
    "kr_32",
    Ability(
        "response",
        _long_plan,
        trigger="challenge_won",
        zones=("shadows",),
        condition=_long_plan_may,
        limit=(1, "phase"),
    ),
)

# --- kr_35 Green Dream ----------------------------------------------------------------------
# 'Dominance: If you are running a Seasons agenda, search your deck for a non-Raven card with
# either the word "Summer" or "Winter" in its text box, reveal it, and add it to your hand.
# Then, shuffle your deck.'  The text box is the card's rules text (with errata: the card
# data's text); the words are matched whole, capitalised as printed ("Summer Sea" counts).

SEASON_WORD = re.compile(r"\b(Summer|Winter)\b")


def _seasonal(state: GameState) -> object:
    def match(ref: str) -> bool:
        card = facts(state, ref)
        return bool(SEASON_WORD.search(card.text or "")) and not has_trait(state, ref, "Raven")

    return match


def _green_dream(state: GameState, ctx: Ctx) -> None:
    moves.search_deck(state, ctx["seat"], _seasonal(state), "events_found")


register(
    "kr_35",
    event(
        _green_dream,
        phases=("dominance",),
        condition=lambda state, ctx: "Seasons" in agenda_traits(state, ctx["seat"]),
    ),
)
