"""The Pirates of Lys (asots_41 to asots_60): the characters (asots_41 Ser Lancel Lannister,
asots_44 Andrik the Unsmiling, asots_47 Salladhor Saan, asots_50 Moreo Tumitis, asots_55 House
Targaryen Loyalist)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    characters,
    controller,
    crests,
    facts,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    has_trait,
    in_play_of,
    won,
    won_with,
)
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- asots_41 Ser Lancel Lannister ---------------------------------------------------------
# "Ser Lancel Lannister gets +1 STR for each [Holy] Character in play."  Every character in
# play with the Holy crest (printed or gained), any player's, Lancel himself included.


def _lancel_strength(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    holy = [r for r in characters(state) if "holy" in crests(state, r)]
    return base + len(holy)


register("asots_41", passives={"strength": _lancel_strength})

# --- asots_44 Andrik the Unsmiling ---------------------------------------------------------
# "Response: After you win a challenge in which Andrik the Unsmiling participated by 4 or
# more total STR, choose the topmost location in the losing player's discard pile and put it
# into play under your control."  The topmost location is the one put there last; it is put
# into play only when its controller may have it (a unique copy it already has: not).

_BY_FOUR = won(by=4)
_WITH_SELF = won_with("self")


def _topmost_location(state: GameState, seat: int) -> str | None:
    pile = state.players[seat].discard
    return next((r for r in reversed(pile) if facts(state, r).type == "location"), None)


def _andrik_may(state: GameState, ctx: Ctx) -> bool:
    if not (_BY_FOUR(state, ctx) and _WITH_SELF(state, ctx)):
        return False
    loser = ctx["event"].get("loser")
    if loser is None:
        return False
    top = _topmost_location(state, loser)
    return top is not None and unique_problem(state, ctx["seat"], facts(state, top)) is None


def _andrik(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"].get("loser")
    top = None if loser is None else _topmost_location(state, loser)
    if top is not None and unique_problem(state, ctx["seat"], facts(state, top)) is None:
        put_into_play(state, ctx["seat"], top)


register("asots_44", Ability("response", _andrik, trigger="challenge_won", condition=_andrik_may))

# --- asots_47 Salladhor Saan ---------------------------------------------------------------
# "Response: After you play a Smuggler character, pay 2 gold to choose and discard from play
# 1 non-limited location with printed cost 3 or lower."  "Play" is the engine's ``played``
# trigger (a character marshalled); the 2 gold is the cost; any player's location.


def _played_smuggler(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    card = event.get("card")
    return (
        event.get("seat") == ctx["seat"]
        and card in state.in_play
        and is_character(state, card)
        and has_trait(state, card, "Smuggler")
    )


def _small_locations(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in in_play_of(state, "location")
        if not facts(state, r).limited
        and (facts(state, r).cost or 0) <= 3
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _salladhor(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


register(
    "asots_47",
    Ability(
        "response",
        _salladhor,
        trigger="played",
        condition=_played_smuggler,
        costs=(Cost("gold", 2),),
        targets=_small_locations,
    ),
)

# --- asots_50 Moreo Tumitis ----------------------------------------------------------------
# "While you control at least 1 Warship, Moreo Tumitis gains renown."  A card in play with
# the Warship trait controlled by Moreo's controller.


def _moreo_renown(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    seat = controller(state, source)
    if any(has_trait(state, r, "Warship") for r in state.players[seat].in_play if r != source):
        return set(base) | {"renown"}
    return base


register("asots_50", passives={"keywords": _moreo_renown})

# --- asots_55 House Targaryen Loyalist -----------------------------------------------------
# "If you control 1 or more Dragon characters, House Targaryen Loyalist loses the Traitor
# trait and gains: "House Targaryen Loyalist gains renown during [Power] challenges.""  The
# Dragon characters are the others its controller controls (a Loyalist asked about another
# Loyalist reads that one without the first's own check: no loop).

_CHECKING: set[str] = set()


def _controls_dragon(state: GameState, source: str) -> bool:
    if source in _CHECKING:
        return False
    _CHECKING.add(source)
    try:
        seat = controller(state, source)
        return any(has_trait(state, r, "Dragon") for r in characters(state, seat) if r != source)
    finally:
        _CHECKING.discard(source)


def _loyalist_traits(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source or "Traitor" not in base or not _controls_dragon(state, source):
        return base
    return set(base) - {"Traitor"}


def _loyalist_renown(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if subject != source or challenge is None or challenge["type"] != "power":
        return base
    if _controls_dragon(state, source):
        return set(base) | {"renown"}
    return base


register("asots_55", passives={"traits": _loyalist_traits, "keywords": _loyalist_renown})
