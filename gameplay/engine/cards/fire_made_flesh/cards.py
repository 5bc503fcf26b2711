"""Fire Made Flesh locations and events: Longship Iron Victory (cad_45), The Mander (cad_47),
The Stepstones (cad_50), House Bannerman (cad_56),
The Drunkard's Tower (cad_51), The Children's Tower (cad_52), Fire Made Flesh (cad_55) and
Calling the Banners (cad_59). The printed Prized X keyword: ``vocabulary.prized_card``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    participating,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    event,
    is_prized,
    prized_card,
    search_top,
    searched_to_hand,
)
from gameplay.engine.state import GameState


def fewer_characters(state: GameState, seat: int) -> bool:
    """``seat`` controls fewer characters than each opponent."""
    mine = len(characters_of(state, seat))
    others = [s for s in range(len(state.players)) if s != seat]
    return bool(others) and all(mine < len(characters_of(state, s)) for s in others)


# --- cad_45 Longship Iron Victory ----------------------------------------------------------
# "Prized 2. Challenges: Discard Longship Iron Victory (cannot be saved) to choose and kill 1
# participating character (cannot be saved)." Any player's participating character.


def _participating(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if participating(state, r)]


def _iron_victory(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        moves.kill(state, [target], savable=False)


prized_card("cad_45")
register(
    "cad_45",
    Ability(
        "action",
        _iron_victory,
        phases=("challenges",),
        costs=(DISCARD_SELF,),
        targets=_participating,
    ),
)


# --- cad_47 The Mander ---------------------------------------------------------------------
# "Challenges: Kneel The Mander to draw 1 card. (2 cards instead if any player has a prized
# plot revealed.)"


def prized_plot_revealed(state: GameState) -> bool:
    """Any player's revealed plot card has the prized keyword."""
    return any(p.revealed_plot and is_prized(state, p.revealed_plot) for p in state.players)


def _mander(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 2 if prized_plot_revealed(state) else 1)


register("cad_47", Ability("action", _mander, phases=("challenges",), costs=(KNEEL_SELF,)))


# --- cad_51 The Drunkard's Tower -----------------------------------------------------------
# "When you count income, count 2 additional gold if you control fewer characters than each
# opponent." Its ``income_bonus``, read as income is counted.


def _drunkards_income(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    return base + 2 if fewer_characters(state, controller(state, source)) else base


register("cad_51", passives={"income_bonus": _drunkards_income})


# --- cad_52 The Children's Tower -----------------------------------------------------------
# "Dominance: If you control fewer characters than each opponent, kneel The Children's Tower
# to search the top 5 cards of your deck for a card and add it to your hand. Then shuffle the
# other cards back into your deck." The card taken is not revealed.

CHILDRENS_DEPTH = 5


def _fewer(state: GameState, ctx: Ctx) -> bool:
    return fewer_characters(state, ctx["seat"])


def _childrens_tower(state: GameState, ctx: Ctx) -> None:
    data = {"source": ctx["source"]}
    search_top(state, ctx["seat"], CHILDRENS_DEPTH, None, "cad_childrens_found", ctx=data, high=1)


@handler("cad_childrens_found")
def _childrens_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    searched_to_hand(state, ctx["seat"], selected)


register(
    "cad_52",
    Ability(
        "action",
        _childrens_tower,
        phases=("dominance",),
        costs=(KNEEL_SELF,),
        condition=_fewer,
    ),
)


# --- cad_55 Fire Made Flesh ----------------------------------------------------------------
# "House Targaryen only. Prized 2. Challenges: Kneel 1 influence to choose a unique character.
# Until the end of the phase, that character gains renown and does not kneel to attack."


def _unique_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if facts(state, r).unique]


def _fire_made_flesh(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target in state.in_play:
        add_lasting(state, "keywords", target, "phase", source, add=["renown"])
        add_lasting(state, "kneel_to_attack", target, "phase", source, value=False)


prized_card("cad_55")
register(
    "cad_55",
    event(
        _fire_made_flesh,
        phases=("challenges",),
        costs=(Cost("influence", 1),),
        targets=_unique_characters,
    ),
)


# --- cad_59 Calling the Banners ------------------------------------------------------------
# "Prized 1. Dominance: Search your deck for a prized card, reveal it, and add it to your
# hand. Then, shuffle your deck."


def _calling_the_banners(state: GameState, ctx: Ctx) -> None:
    moves.search_deck(state, ctx["seat"], lambda r: is_prized(state, r), "events_found")


prized_card("cad_59")
register("cad_59", event(_calling_the_banners, phases=("dominance",)))


# --- cad_50 The Stepstones -----------------------------------------------------------------
# "Prized 1. Response: After you lose a challenge, discard 1 gold token from a character you
# control to reveal the top card of your deck and add it to your hand." The character
# carrying the gold is chosen as the response is played (its target); the gold returns to
# the treasury as the response resolves.


def _gold_bearers(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state, ctx["seat"]) if state.in_play[r].gold >= 1]


def _stepstones_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("loser") == ctx["seat"] and bool(state.players[ctx["seat"]].deck)


def _stepstones(state: GameState, ctx: Ctx) -> None:
    seat, bearer = ctx["seat"], ctx["target"]
    record = state.in_play.get(bearer)
    if record is None or record.gold < 1:
        return
    record.gold -= 1
    state.emit("gold_paid", seat=seat, gold=1, reason="cad_stepstones", card=bearer)
    player = state.players[seat]
    if not player.deck:
        return
    top = player.deck[0]
    moves.reveal(state, seat, [top], "cad_stepstones")
    if top in player.deck:
        player.deck.remove(top)
        player.hand.append(top)


prized_card("cad_50")
register(
    "cad_50",
    Ability(
        "response",
        _stepstones,
        trigger="challenge_won",
        condition=_stepstones_may,
        targets=_gold_bearers,
    ),
)


# --- cad_56 House Bannerman ----------------------------------------------------------------
# "Marshalling: Kneel House Bannerman to ignore all gold penalties on the next card you play
# this phase." A pending reduction of 0 gold with ``no_penalty`` (rules.penalty_ignored):
# the next card its player marshals uses it up, with or without a penalty to ignore.


def _bannerman(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    data = {"amount": 0, "houses": [], "types": [], "icon": None, "no_penalty": True}
    add_lasting(state, "reduction", seat, "phase", source, **data)


register("cad_56", Ability("action", _bannerman, phases=("marshalling",), costs=(KNEEL_SELF,)))
