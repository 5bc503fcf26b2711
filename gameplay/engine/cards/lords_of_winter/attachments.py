"""Lords of Winter attachments, registered by card code."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    facts,
    in_play_named,
    is_character,
    register,
    strength,
)
from gameplay.engine.cards.lords_of_winter.common import all_characters, of_house, side
from gameplay.engine.cards.vocabulary import has_trait, stand_card
from gameplay.engine.state import GameState


def _stark_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    # "(House) Stark character only."
    return is_character(state, target) and of_house(state, target, "Stark")


def _stark_unique_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    # "Stark unique character only."
    return _stark_character(state, code, target, seat) and facts(state, target).unique


def _on_bearer(amount: int) -> Callable[[GameState, str, str, int], int]:
    def fn(state: GameState, source: str, subject: str, base: int) -> int:
        return base + amount if subject == attached_to(state, source) else base

    return fn


# --- low_1 Crown of Winter ---------------------------------------------------------------
# "Stark unique character only. Attached character gets +2 STR and is immune to opponent's
# events and character abilities. If the Black Raven card is not in play, it is Winter."

CROWN_IMMUNITY = "immune to opponent's events and character abilities"


def _crown_immune(state: GameState, source: str, subject: str, base: set[str]) -> set[str]:
    return base | {CROWN_IMMUNITY} if subject == attached_to(state, source) else base


def _crown_season(state: GameState, source: str, subject: None, base: str | None) -> str | None:
    return base if in_play_named(state, "Black Raven") else "winter"


register(
    "low_1",
    passives={"strength": _on_bearer(2), "immune": _crown_immune, "season": _crown_season},
    attach_rule=_stark_unique_character,
)


# --- low_2 Grey Wind ---------------------------------------------------------------------
# "Stark character only. Any phase: Kneel Grey Wind to choose and kill 1 character with STR
# 1 or lower. (STR 2 or lower if attached character is Robb Stark.)"


def _grey_wind_targets(state: GameState, ctx: Ctx) -> list[str]:
    bearer = attached_to(state, ctx["source"])
    robb = bearer is not None and facts(state, bearer).name == "Robb Stark"
    limit = 2 if robb else 1
    return [r for r in all_characters(state) if strength(state, r) <= limit]


register(
    "low_2",
    Ability("action", moves.kill_target, costs=(KNEEL_SELF,), targets=_grey_wind_targets),
    attach_rule=_stark_character,
)


# --- low_3 Shaggydog ---------------------------------------------------------------------
# "House Stark Character only. After you win a challenge in which attached character
# participated, stand Shaggydog. Challenges: Kneel a Direwolf card to choose 1 attacking
# character. Until the end of the phase, that character gets -2 STR."
# A Direwolf card: any card you control with the Direwolf trait (Shaggydog itself too).


def _shaggydog_stands(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    bearer = attached_to(state, source)
    sides = [*event.get("attackers", ()), *event.get("defenders", ())]
    if bearer is not None and event.get("winner") == ctx["seat"] and bearer in sides:
        stand_card(state, source)


def _direwolf(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Direwolf")


def _minus_two(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=-2)


register(
    "low_3",
    Ability(
        "action",
        _minus_two,
        phases=("challenges",),
        costs=(Cost("kneel", 1, _direwolf, "Direwolf card", any_type=True),),
        targets=lambda state, ctx: side(state, "attackers"),
    ),
    forced={"challenge_won": _shaggydog_stands},
    attach_rule=_stark_character,
)


# --- low_43 Bowl of Brown ----------------------------------------------------------------
# "Attached character cannot trigger its abilities and cannot kneel to pay for effects."
# Kneeling to pay: a ``kneel`` cost and influence.


def _bowl_forbids(state: GameState, source: str, subject: str, base: bool) -> bool:
    return False if subject == attached_to(state, source) else base


register(
    "low_43",
    passives={"can_trigger": _bowl_forbids, "can_kneel_for_cost": _bowl_forbids},
)


# --- low_4 Frozen Solid ------------------------------------------------------------------
# "House Stark only. Attach to a non-limited location or attachment. Treat attached card as
# though its printed text box were blank." Any player's location or attachment in play.


def _non_limited(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return not facts(state, target).limited


_frozen = register("low_4", blanks_attached=True, attach_rule=_non_limited)
_frozen.attach_types = ("location", "attachment")
