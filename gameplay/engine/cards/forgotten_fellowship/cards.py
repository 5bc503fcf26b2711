"""Forgotten Fellowship (kr_81 to kr_100): the locations, attachments and the plot: Pyke
(kr_84), Doran's Favor (kr_90), Griffin's Roost (kr_94), Daenerys's Favor (kr_95) and
Redwyne Straits (kr_100)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    attached_to,
    controller,
    is_character,
    register,
)
from gameplay.engine.cards.forgotten_fellowship.common import behind
from gameplay.engine.cards.vocabulary import attached_passive, fewest_at_command
from gameplay.engine.state import GameState


def _own_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    """ "Attach to a character you control." """
    return is_character(state, target) and seat is not None and controller(state, target) == seat


# --- kr_84 Pyke ---------------------------------------------------------------------------
# "No attachments. Immune to events and character abilities. Power on Pyke counts towards
# your victory total. Any Phase: Kneel Pyke to move 1 power from your House card to Pyke."
# Power on any card a player controls already counts towards the victory total
# (abilities.total_power); the action is offered while the House card has power.


def _pyke(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.house_power_to_card(state, ctx["seat"], ctx["source"], 1, "ff_pyke")


register(
    "kr_84",
    Ability(
        "action",
        _pyke,
        costs=(KNEEL_SELF,),
        condition=lambda state, ctx: state.players[ctx["seat"]].power > 0,
    ),
)

# --- kr_90 Doran's Favor ------------------------------------------------------------------
# "Setup. Attach to a character you control. Discard attached character from play (cannot
# be saved) when you kneel Doran's Favor to pay an influence cost. [+4 Influence]"  Forced
# at the engine moment ``influence_knelt``, before what the influence paid for resolves.


def _dorans_favor(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if ctx["source"] in ctx["event"].get("cards", ()) and host in state.in_play:
        moves.discard_from_play(state, [host])


register("kr_90", attach_rule=_own_character, forced={"influence_knelt": _dorans_favor})

# --- kr_94 Griffin's Roost ----------------------------------------------------------------
# "House Targaryen only. While any opponent's House card has more power than your House
# card, raise the claim value on your revealed plot card by 1 during [Power] challenges."


def _roost_claim(state: GameState, source: str, subject: Any, base: int) -> int:
    seat = controller(state, source)
    challenge = state.challenge
    if (
        subject == seat
        and challenge is not None
        and challenge["type"] == "power"
        and behind(state, seat)
    ):
        return base + 1
    return base


register("kr_94", passives={"claim": _roost_claim})

# --- kr_95 Daenerys's Favor ---------------------------------------------------------------
# "Attach to a character you control. Attached character gets +3 STR, gains the Bannerman
# trait, and gains a [Military], an [Intrigue], and a [Power] icon. After you lose a [Power]
# challenge, discard attached character from play. (Cannot be saved.)"  Forced on
# ``challenge_won``; "you" is the attachment's controller, whether or not the character
# took part.

FAVOR_STR = 3


def _favor_lost(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    host = attached_to(state, ctx["source"])
    if event.get("type") == "power" and event.get("loser") == ctx["seat"] and host in state.in_play:
        moves.discard_from_play(state, [host])


register(
    "kr_95",
    attach_rule=_own_character,
    passives={
        "strength": attached_passive(lambda state, source, subject, base: base + FAVOR_STR),
        "traits": attached_passive(lambda state, source, subject, base: base | {"Bannerman"}),
        "icons": attached_passive(
            lambda state, source, subject, base: base | {"military", "intrigue", "power"}
        ),
    },
    forced={"challenge_won": _favor_lost},
)

# --- kr_100 Redwyne Straits ---------------------------------------------------------------
# "When revealed, the player with the fewest cards at his or her command adds 4 gold to his
# or her gold pool."  Nobody on a tie (as "the most cards at his or her command").

STRAITS_GOLD = 4


def _straits(state: GameState, ctx: Ctx) -> None:
    seat = fewest_at_command(state)
    if seat is not None:
        moves.gain_gold(state, seat, STRAITS_GOLD, "ff_redwyne_straits")


register("kr_100", when_revealed=_straits)
