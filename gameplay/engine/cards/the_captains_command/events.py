"""The Captain's Command: the events and the cancels (asots_82 Iron Islands Brigand, asots_96
Anointed by the Mother, asots_97 Judged by the Father, asots_98 Nurtured by the Crone,
asots_99 Desperate Measures).

The three Prayers share the cost "Kneel 2 influence or kneel a [Holy] character": each
registers two abilities, one per way to pay (as Confession, kotse_39)."""

from __future__ import annotations

import re
from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    Ability,
    Cost,
    Ctx,
    crests,
    facts,
    handler,
    is_character,
    pool,
    register,
)
from gameplay.engine.cards.vocabulary import drawers, event, pile_to_hand, search_top
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel


def _holy(state: GameState, ref: str) -> bool:
    return is_character(state, ref) and "holy" in crests(state, ref)


PRAYER_COSTS = (
    (Cost("influence", 2),),
    (Cost("kneel", 1, _holy, "Holy character"),),
)


def _prayer(code: str, make: Any) -> None:
    """Register a Prayer: ``make(costs)`` builds its ability for each way to pay."""
    register(code, *(make(costs) for costs in PRAYER_COSTS))


# --- asots_82 Iron Islands Brigand ---------------------------------------------------------
# "Response: Discard Iron Islands Brigand from play to cancel the effects of a location card
# just triggered."  A cancel of the pending triggered ability (window ``ability``) of a
# location (its printed type: Iron Fleet Scout turned into a character is still a location
# card), any player's.


def _location_triggered(state: GameState, ctx: Ctx) -> bool:
    source = cancels.source(state)
    if source is None or not cancels.can_be_cancelled(state):
        return False
    return pool(state)[state.cards[source].code].type == "location"


register(
    "asots_82",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(DISCARD_SELF,),
        condition=_location_triggered,
    ),
)

# --- asots_96 Anointed by the Mother -------------------------------------------------------
# "Any House except Lannister. Response: Kneel 2 influence or kneel a [Holy] character to
# cancel a triggered effect that would cause a player to draw 1 or more cards. Instead, you
# draw that number of cards."  The pending triggered ability's text line says it draws
# (vocabulary.drawers: any player); "that number" is the first number of cards its line
# draws ("draw 2 cards"; "a card", "1 card": 1; a number the text does not give: 1).

_DRAW_COUNT = re.compile(r"\bdraws? (?:up to )?(\d+|a|an|one|two|three|four|five)\b")
_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def draw_count(state: GameState) -> int:
    """The number of cards the pending effect would draw, read from its text line."""
    step = cancels.pending(state)
    if step is None:
        return 0
    ctx = step["ctx"]
    line = cancels.ability_text(state, ctx["source"], int(ctx.get("index") or 0)).lower()
    found = _DRAW_COUNT.search(line)
    if found is None:
        return 1
    word = found.group(1)
    return int(word) if word.isdigit() else _WORDS[word]


def _would_draw(state: GameState, ctx: Ctx) -> bool:
    return bool(drawers(state))


def _anointed(state: GameState, ctx: Ctx) -> None:
    count = draw_count(state)
    cancel(state)
    if count:
        moves.effect_draw(state, ctx["seat"], count)


_prayer(
    "asots_96",
    lambda costs: Ability(
        "cancel",
        _anointed,
        trigger="ability",
        zones=("hand",),
        costs=costs,
        condition=_would_draw,
    ),
)

# --- asots_97 Judged by the Father ---------------------------------------------------------
# "Any House except Targaryen. Any Phase: Kneel 2 influence or kneel a [Holy] character to
# choose a character with STR 3 or less in your dead pile and return it to hand."  Its
# printed STR (a card in a pile).


def _weak_dead(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].dead
        if facts(state, r).type == "character" and (facts(state, r).strength or 0) <= 3
    ]


def _judged(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["target"], "dead")


_prayer("asots_97", lambda costs: event(_judged, costs=costs, targets=_weak_dead))

# --- asots_98 Nurtured by the Crone --------------------------------------------------------
# "Any House except Martell. Nurtured by the Crone cannot be cancelled. Response: Kneel 2
# influence or kneel a [Holy] character to cancel a triggered effect that chooses a unique
# character or location as its only target."  Ruling: "unique" qualifies both (a unique
# character or a unique location); the pending triggered ability chose exactly one target
# as it was used (cancels.targets: its ``target``), any player's.


def _unique_only_target(state: GameState, ctx: Ctx) -> bool:
    if not cancels.can_be_cancelled(state):
        return False
    chosen = cancels.targets(state)
    if len(chosen) != 1 or chosen[0] not in state.cards:
        return False
    card = facts(state, chosen[0])
    return card.unique and card.type in ("character", "location")


_prayer(
    "asots_98",
    lambda costs: Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        zones=("hand",),
        costs=costs,
        condition=_unique_only_target,
        cannot_be_cancelled=True,
    ),
)

# --- asots_99 Desperate Measures -----------------------------------------------------------
# "Any Phase: Kneel 1 influence to search the top 5 cards of your deck. Reveal 1 of those
# cards and add it to your hand. Then, discard the other searched cards."  One card is
# taken when there is one (a search of an empty deck finds nothing); the other searched
# cards go to the discard pile.


def _desperate(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    low = 1 if state.players[seat].deck else 0
    data = {"source": ctx["source"]}
    search_top(state, seat, 5, None, "asots_desperate", ctx=data, high=1, low=low)


@handler("asots_desperate")
def _desperate_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    taken = [r for r in selected if r in player.deck]
    for ref in taken:
        player.deck.remove(ref)
        player.hand.append(ref)
    moves.reveal(state, seat, taken, "search")
    others = [r for r in ctx.get("shown", ()) if r in player.deck and r not in taken]
    gone = [r for r in others if moves.to_discard_pile(state, r, player.deck, top=others)]
    if gone:
        codes = [state.code(r) for r in gone]
        state.emit("discarded_from_deck", seat=seat, cards=gone, codes=codes, reason="search")


register("asots_99", event(_desperate, costs=(Cost("influence", 1),)))
