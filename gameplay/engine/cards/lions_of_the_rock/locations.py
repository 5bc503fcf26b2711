"""Lions of the Rock locations (lotr_23 to lotr_46), registered by card code."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    controller,
    facts,
    handler,
    in_play_named,
    register,
)
from gameplay.engine.cards.lions_of_the_rock.common import in_play_of, to_deck_bottom, won
from gameplay.engine.cards.vocabulary import characters_of, has_trait, kneel_card
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import add_reduction, cost_reducer
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- lotr_23 The Inn at the Crossroads ------------------------------------------------
# "X is the number of Clansman characters you control. [+X Gold]" (an income bonus).


def _inn(state: GameState, source: str, ref: Any, base: int) -> int:
    if ref != source:
        return base
    seat = controller(state, source)
    return base + sum(1 for r in characters_of(state, seat) if has_trait(state, r, "Clansman"))


register("lotr_23", passives={"income_bonus": _inn})


# --- lotr_24 Casterly Rock --------------------------------------------------------------
# "Immune to events. During the challenges phase, your unique [Lannister] characters gain
# stealth."


def _rock(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    if (
        state.phase == "challenges"
        and ref in state.in_play
        and state.in_play[ref].controller == controller(state, source)
        and facts(state, ref).type == "character"
        and facts(state, ref).unique
        and "Lannister" in facts(state, ref).houses
    ):
        return base | {"stealth"}
    return base


register("lotr_24", passives={"keywords": _rock})


# --- lotr_25 Sunset Sea -----------------------------------------------------------------
# "Marshalling: Discard Sunset Sea from play to reduce the cost of the next [Lannister] or
# [Greyjoy] character you play this phase by 2." (As the Core Set's.)

register("lotr_25", cost_reducer(2, ("Lannister", "Greyjoy"), ("character",), cost=DISCARD_SELF))


# --- lotr_26 Queen Cersei's Chambers ----------------------------------------------------
# "You may choose to play Queen Cersei's Chambers as an attachment to your House card."

register("lotr_26", house_attachment=True)


# --- lotr_27 Coin Mint ------------------------------------------------------------------
# "After you play Coin Mint from your hand, place 4 gold tokens from the treasury on it.
# Any Phase: Kneel Coin Mint to move any number of gold tokens from it to your gold pool."
# The player chooses how many (1 to all of them, asked as it resolves); the rest stay on
# the Mint, in no gold pool (they cannot be spent: abilities.gold_spendable).


def _mint_played(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") == ctx["source"] and ctx["source"] in state.in_play:
        moves.gold_to_card(state, ctx["source"], 4, "coin_mint")


def _mint_has_gold(state: GameState, ctx: Ctx) -> bool:
    return state.in_play[ctx["source"]].gold > 0


def _mint(state: GameState, ctx: Ctx) -> None:
    ref = ctx["source"]
    if ref not in state.in_play or not state.in_play[ref].gold:
        return
    options = [str(n) for n in range(1, state.in_play[ref].gold + 1)]
    data = {"seat": ctx["seat"], "source": ref}
    ask_choose(state, ctx["seat"], "gold_amount", options, "lotr_coin_mint", ctx=data)


@handler("lotr_coin_mint")
def _mint_moved(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["source"]
    if ref not in state.in_play:
        return
    moves.gold_from_card(state, ctx["seat"], ref, int(ctx["choice"]), "coin_mint", to_pool=True)


register(
    "lotr_27",
    Ability("action", _mint, costs=(KNEEL_SELF,), condition=_mint_has_gold),
    forced={"played": _mint_played},
)


# --- lotr_28 Darkened Hallways ----------------------------------------------------------
# "Response: After you win an [Intrigue] challenge, kneel Darkened Hallways to look at the
# top 2 cards of any player's deck. Put one of those cards on top of the deck and the other
# on the bottom." The deck is chosen as it resolves (one with 2 or more cards); the card
# selected stays on top.


def _decks(state: GameState) -> list[str]:
    return [str(p.seat) for p in state.players if len(p.deck) >= 2]


def _hallways_may(state: GameState, ctx: Ctx) -> bool:
    return won("intrigue")(state, ctx) and bool(_decks(state))


def _hallways(state: GameState, ctx: Ctx) -> None:
    data = {"source": ctx["source"], "seat": ctx["seat"]}
    ask_choose(state, ctx["seat"], "choose_deck", _decks(state), "lotr_hallways_deck", ctx=data)


@handler("lotr_hallways_deck")
def _hallways_deck(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    deck = state.players[int(ctx["choice"])].deck
    if len(deck) < 2:
        return
    top = deck[:2]
    state.emit("looked_at_deck", seat=ctx["seat"], deck=int(ctx["choice"]), count=2)
    data = {"source": ctx["source"], "seat": ctx["seat"], "deck": int(ctx["choice"]), "top": top}
    ask_select(
        state,
        ctx["seat"],
        "keep_on_top",
        top,
        "lotr_hallways_put",
        low=1,
        high=1,
        ctx=data,
        hidden=True,
    )


@handler("lotr_hallways_put")
def _hallways_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    deck = state.players[ctx["deck"]].deck
    others = [r for r in ctx["top"] if r not in selected and r in deck]
    for ref in others:
        deck.remove(ref)
        deck.append(ref)
    state.emit("deck_card_placed", seat=ctx["seat"], deck=ctx["deck"], where="bottom")


register(
    "lotr_28",
    Ability(
        "response",
        _hallways,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=_hallways_may,
    ),
)


# --- lotr_31 The Iron Throne ------------------------------------------------------------
# "If you are the only player to control The Iron Throne it gains: "Response: Kneel The
# Iron Throne to cancel a character ability just triggered. Then kneel that character, if
# able."" A cancel of a character's ability (the engine's ``ability`` window).


def _throne_may(state: GameState, ctx: Ctx) -> bool:
    seat, source = ctx["seat"], ctx["event"].get("source")
    thrones = in_play_named(state, facts(state, ctx["source"]).name)
    if any(controller(state, r) != seat for r in thrones):
        return False
    return source is not None and source in state.cards and facts(state, source).type == "character"


def _throne(state: GameState, ctx: Ctx) -> None:
    cancel(state)
    kneel_card(state, ctx["event"]["source"])


register(
    "lotr_31",
    Ability("cancel", _throne, trigger="ability", costs=(KNEEL_SELF,), condition=_throne_may),
)


# --- lotr_40 Street of Silk -------------------------------------------------------------
# "After you play Street of Silk, choose and discard one of your locations from play
# (cannot be saved). Marshalling: Kneel Street of Silk to lower the cost of the next unique
# character you play this phase by 2." Any of your locations, Street of Silk included.


def _silk_played(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") != ctx["source"]:
        return
    seat = ctx["seat"]
    found = in_play_of(state, "location", seat)
    data = {"source": ctx["source"], "seat": seat}
    ask_select(state, seat, "discard", found, "lotr_silk", low=1, high=1, ctx=data)


@handler("lotr_silk")
def _silk_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        moves.discard_from_play(state, found)


def _silk(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 2, ctx["source"], types=("character",))
    state.effects[-1]["unique"] = True  # rules._reductions: unique cards only


register(
    "lotr_40",
    Ability("action", _silk, phases=("marshalling",), costs=(KNEEL_SELF,)),
    forced={"played": _silk_played},
)


# --- lotr_46 Shield Islands Dromon -----------------------------------------------------
# "Response: After an opponent plays a location, put Shield Islands Dromon on the bottom
# of your deck to choose that player. That player must either place that location on the
# bottom of his or her deck or discard 2 power from his or her House." Discarding power is
# offered when the House has 2 power (or the location is gone).

DROMON_DECK, DROMON_POWER = "location_to_deck", "discard_power"


def _dromon_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("type") == "location" and event.get("seat") in state.opponents(ctx["seat"])


def _dromon(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        to_deck_bottom(state, ctx["source"])  # the cost
    other, location = ctx["event"]["seat"], ctx["event"]["card"]
    options = []
    if location in state.in_play:
        options.append(DROMON_DECK)
    if state.players[other].power >= 2 or not options:
        options.append(DROMON_POWER)
    data = {"source": ctx["source"], "seat": other, "location": location}
    ask_choose(state, other, "shield_islands_dromon", options, "lotr_dromon", ctx=data)


@handler("lotr_dromon")
def _dromon_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == DROMON_DECK and ctx["location"] in state.in_play:
        to_deck_bottom(state, ctx["location"])
    else:
        moves.discard_power(state, ctx["seat"], 2, "shield_islands_dromon")


register("lotr_46", Ability("response", _dromon, trigger="played", condition=_dromon_may))
