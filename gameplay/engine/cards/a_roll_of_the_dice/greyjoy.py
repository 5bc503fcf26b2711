"""A Roll of the Dice: the Greyjoy and River cards Outfitted for War, Flood Waters and
Sacrificed to Two Gods (btns_108, btns_110, btns_109)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    SCRIPTS,
    Ability,
    Cost,
    Ctx,
    attached_to,
    controller,
    crests,
    facts,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import has_trait, on_bearer, response
from gameplay.engine.cards.vocabulary.rivers import RIVER, trigger_plot
from gameplay.engine.state import GameState

WARSHIP = "Warship"

# --- btns_108 Outfitted for War ------------------------------------------------------------
# "Attach to a Warship location you control. Attached location is immune to other non-plot
# card effects. Add 3 to your total STR during any [Military] challenge in which you control
# at least 1 attacking character."  (Errata: "other".) The immunity is an ``immune`` word on
# the location (Outfitted for War's own text does nothing to it); the +3 is the
# ``side_strength`` of the attacking side when its controller attacks a Military challenge
# with a character it controls.

OUTFITTED_IMMUNITY = "Immune to non-plot card effects"


def _warship_of_yours(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return (
        facts(state, target).type == "location"
        and has_trait(state, target, WARSHIP)
        and seat is not None
        and controller(state, target) == seat
    )


def _outfitted_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    if challenge is None or challenge["type"] != "military" or attached_to(state, source) is None:
        return base
    seat = controller(state, source)
    if subject != f"{seat}:attackers":
        return base
    attacking = [
        r for r in challenge["attackers"] if r in state.in_play and controller(state, r) == seat
    ]
    return base + 3 if attacking else base


register(
    "btns_108",
    attach_rule=_warship_of_yours,
    passives={
        "immune": on_bearer(lambda words: set(words) | {OUTFITTED_IMMUNITY}),
        "side_strength": _outfitted_strength,
    },
).attach_types = ("location",)

# --- btns_110 Flood Waters -----------------------------------------------------------------
# "Any Phase: Kneel 2 influence or kneel 1 Warship location to choose a River plot card in
# any player's used plot pile. Trigger that plot's "When revealed" effect as if you had just
# revealed it."  Two ways to pay (two uses); the plot is chosen as it is played. Only its own
# "when revealed" effect: the River "then" chain is for its player's revealed plot only
# (vocabulary.rivers).


def _river_plots(state: GameState, ctx: Ctx) -> list[str]:
    found = []
    for player in state.players:
        for plot in player.used_plots:
            script = SCRIPTS.get(state.code(plot))
            if script is not None and script.when_revealed and has_trait(state, plot, RIVER):
                found.append(plot)
    return found


def _flood(state: GameState, ctx: Ctx) -> None:
    plot = ctx["target"]
    if any(plot in p.used_plots for p in state.players):
        trigger_plot(state, ctx["seat"], plot)


def _warship_location(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "location" and has_trait(state, ref, WARSHIP)


register(
    "btns_110",
    *(
        Ability("action", _flood, zones=("hand",), targets=_river_plots, costs=(cost,))
        for cost in (
            Cost("influence", 2),
            Cost("kneel", 1, _warship_location, "Warship location", any_type=True),
        )
    ),
)

# --- btns_109 Sacrificed to Two Gods -------------------------------------------------------
# "Response: After a challenge resolves in which a character did not count its STR because of
# intimidate, kill that character. Response: Save a [Holy] character from being killed. Then,
# that character claims 1 power."  The first answers ``challenge_won`` (the ``intimidated``
# characters recorded as the challenge resolved: challenges.intimidated), one of them still
# in play (the kill may be saved); the second is a save from the hand of any player's
# character with the [Holy] crest.


def _intimidated(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in ctx["event"].get("intimidated", ()) if r in state.in_play]


def _sacrifice(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])


def _holy_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards") or ()
        if r in state.in_play
        and is_character(state, r)
        and "holy" in crests(state, r)
        and not moves.saved(state, r)
    ]


def _holy_save(state: GameState, ctx: Ctx) -> None:
    moves.save_target(state, ctx)
    if ctx["target"] in state.in_play:
        moves.card_power(state, ctx["target"], 1, "btns_sacrificed")


register(
    "btns_109",
    response(_sacrifice, "challenge_won", targets=_intimidated),
    Ability("save", _holy_save, trigger="would_be_killed", zones=("hand",), targets=_holy_targets),
)
