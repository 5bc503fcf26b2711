"""The Prize of the North locations: Deserted Castle (cad_82), The Wall (cad_83), Farwynd
Explorer (cad_85) and Longship Iron Wind (cad_86)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    controller,
    facts,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    has_trait,
    is_mine,
    of_house,
    prized_card,
    stand_card,
    winter,
)
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import (
    cancel,
    come_out_of_shadows,
    put_from_hand_allowed,
    put_into_play,
    shadow_problem,
)

NIGHTS_WATCH = "Night's Watch"

# --- cad_82 Deserted Castle ------------------------------------------------------------------
# "Any Phase: Kneel Deserted Castle to choose a [Baratheon] character. Until the end of the
# phase, that character gets +2 STR and gains the Night's Watch trait." Any player's
# [Baratheon] character, chosen as the ability is used.

CASTLE_STR = 2


def _baratheons(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if of_house(state, r, "Baratheon")]


def _castle(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target in state.in_play:
        add_lasting(state, "strength", target, "phase", source, amount=CASTLE_STR)
        add_lasting(state, "traits", target, "phase", source, add=[NIGHTS_WATCH])


register("cad_82", Ability("action", _castle, costs=(KNEEL_SELF,), targets=_baratheons))


# --- cad_83 The Wall -------------------------------------------------------------------------
# "Prized 1. If it is Winter, each of your Night's Watch characters gains a [Power] icon and
# the [Baratheon] affiliation. Any Phase: Kneel The Wall to stand all Night's Watch
# characters you control." "Your" characters: those its controller controls. Reading a
# character's traits may read Houses (a trait given to a House), which reads this passive:
# a card being asked about already is left as it is (``_ASKING``).

_ASKING: set[str] = set()


def _wall_applies(state: GameState, source: str, subject: Any) -> bool:
    if not isinstance(subject, str) or subject in _ASKING or not winter(state):
        return False
    if not is_mine(state, source, subject) or facts(state, subject).type != "character":
        return False
    _ASKING.add(subject)
    try:
        return has_trait(state, subject, NIGHTS_WATCH)
    finally:
        _ASKING.discard(subject)


def _wall_icons(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"power"} if _wall_applies(state, source, subject) else base


def _wall_houses(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"Baratheon"} if _wall_applies(state, source, subject) else base


def _wall_stand(state: GameState, ctx: Ctx) -> None:
    seat = controller(state, ctx["source"])
    for ref in characters_of(state, seat):
        if has_trait(state, ref, NIGHTS_WATCH):
            stand_card(state, ref)


prized_card("cad_83")
register(
    "cad_83",
    Ability("action", _wall_stand, costs=(KNEEL_SELF,)),
    passives={"icons": _wall_icons, "houses": _wall_houses},
)


# --- cad_86 Longship Iron Wind ---------------------------------------------------------------
# "Prized 1. Challenges: Kneel Longship Iron Wind to put a character with printed cost 2 or
# lower into play from your hand." The character is chosen as it is used (a unique one only
# as the uniqueness rule allows).

IRON_WIND_COST = 2


def _iron_wind_may(state: GameState, ctx: Ctx) -> bool:
    return put_from_hand_allowed(state, ctx["seat"])


def _iron_wind_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    found = []
    for ref in state.players[seat].hand:
        card = facts(state, ref)
        cost = card.cost
        if card.type != "character" or cost is None or cost > IRON_WIND_COST:
            continue
        if unique_problem(state, seat, card) is None:
            found.append(ref)
    return found


def _iron_wind(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["target"]
    if ref in state.players[seat].hand:
        put_into_play(state, seat, ref)


prized_card("cad_86")
register(
    "cad_86",
    Ability(
        "action",
        _iron_wind,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        condition=_iron_wind_may,
        targets=_iron_wind_targets,
    ),
)


# --- cad_85 Farwynd Explorer -----------------------------------------------------------------
# "House Greyjoy only. Response: If you are the first player, bring Farwynd Explorer out of
# Shadows to cancel a triggered effect. [+2 Initiative]" A cancel used from its owner's
# Shadows (paying its cost to come out) against any player's triggered effect (the engine's
# ``ability`` window), its own included.


def _explorer_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return state.first_player == seat and shadow_problem(state, seat, ctx["source"], None) is None


def _explorer(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    if ref not in state.players[seat].shadows:
        return
    come_out_of_shadows(state, seat, ref, None)
    cancel(state)


register(
    "cad_85",
    Ability(
        "cancel",
        _explorer,
        trigger="ability",
        zones=("shadows",),
        condition=_explorer_may,
    ),
)
