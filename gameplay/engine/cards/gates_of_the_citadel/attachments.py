"""Gates of the Citadel: Widow's Watch (soo_2), Lucky Bones (soo_6), Support of Saltcliffe
(soo_8) and The Citadel of Oldtown (soo_16)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    attached_to,
    controller,
    facts,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    discard_top,
    has_trait,
    of_house,
    stand_card,
    won,
    won_with,
)
from gameplay.engine.state import GameState


def _character_with(
    check: Callable[[GameState, str], bool],
) -> Callable[[GameState, str, str, int | None], bool]:
    def rule(state: GameState, card: str, host: str, seat: int | None) -> bool:
        return is_character(state, host) and check(state, host)

    return rule


# --- soo_6 Lucky Bones ----------------------------------------------------------------------
# "House Baratheon character only. Response: After you win a Power challenge in which
# attached character participated, kneel Lucky Bones and discard the top 2 cards of your deck
# to draw 1 card. (Draw 2 cards instead if attached character is Ser Davos Seaworth.)"
# Read: both are costs: usable only while Lucky Bones stands and its controller's deck holds 2
# cards or more; the 2 cards are discarded as the response resolves, then the draw (any Ser
# Davos Seaworth, by title).


def _bones_may(state: GameState, ctx: Ctx) -> bool:
    return (
        won("power")(state, ctx)
        and won_with("attached")(state, ctx)
        and len(state.players[ctx["seat"]].deck) >= 2
    )


def _bones(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    discard_top(state, seat, 2, "cost")
    host = attached_to(state, ctx["source"])
    davos = host is not None and facts(state, host).name == "Ser Davos Seaworth"
    moves.effect_draw(state, seat, 2 if davos else 1)


register(
    "soo_6",
    Ability("response", _bones, trigger="challenge_won", costs=(KNEEL_SELF,), condition=_bones_may),
    attach_rule=_character_with(lambda state, host: of_house(state, host, "Baratheon")),
)

# --- soo_8 Support of Saltcliffe ------------------------------------------------------------
# "Ironborn character only. Response: After 1 or more cards are discarded from an opponent's
# deck, stand attached character. Limit 3 times per round." (The limit is errata.)
# Read: on ``card_discarded_from_deck`` (one per card discarded) of a deck owned by an
# opponent of the Support's controller, while the attached character kneels.


def _saltcliffe_may(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    if host is None or host not in state.in_play or not state.in_play[host].knelt:
        return False
    return ctx["event"].get("seat") in state.opponents(controller(state, ctx["source"]))


def _saltcliffe(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None and host in state.in_play:
        stand_card(state, host)


register(
    "soo_8",
    Ability(
        "response",
        _saltcliffe,
        trigger="card_discarded_from_deck",
        condition=_saltcliffe_may,
        limit=(3, "round"),
    ),
    attach_rule=_character_with(lambda state, host: has_trait(state, host, "Ironborn")),
)

# --- soo_16 The Citadel of Oldtown ----------------------------------------------------------
# "Response: Kneel The Citadel of Oldtown to save a Maester character from being killed or
# discarded from play, then return that character and all of its Chain attachments to their
# owners' hands."
# Read: any player's Maester character; the return is a removal of its own (it may be saved
# like any return to hand); its other attachments are discarded as it leaves play.


def _saveable_maesters(state: GameState, ctx: Ctx) -> list[str]:
    cards = ctx["event"].get("cards") or []
    return [
        r
        for r in cards
        if r in state.in_play
        and is_character(state, r)
        and has_trait(state, r, "Maester")
        and not moves.saved(state, r)
    ]


def _citadel(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    moves.save(state, target, by=ctx["source"])
    if not moves.saved(state, target):
        return
    chains = [
        r
        for r, record in state.in_play.items()
        if record.attached_to == target and has_trait(state, r, "Chain")
    ]
    # Queued ahead of the character's return (each call goes first): the Chains leave for the
    # hand before their host, whose leaving would discard them.
    moves.return_to_hand(state, [target])
    if chains:
        moves.return_to_hand(state, chains)


register(
    "soo_16",
    *[
        Ability("save", _citadel, trigger=trigger, costs=(KNEEL_SELF,), targets=_saveable_maesters)
        for trigger in ("would_be_killed", "would_be_discarded")
    ],
)

# --- soo_2 Widow's Watch --------------------------------------------------------------------
# "Response: After you play a unique card from your hand, kneel Widow's Watch or kneel a
# Learned character to search your deck for a copy of that card, reveal it, and add it to
# your hand. Then, shuffle your deck."
# Read: on ``played`` (a card marshalled or an event played; a card played from a discard
# pile "as if from your hand" counts, the engine cannot tell them apart) of a printed unique
# card by the Watch's controller; a copy is a card of the same title. Two abilities, one per
# cost (a Learned character: the Learned crest, standing, any of yours).


def _watch_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    card = event.get("card")
    return (
        event.get("seat") == ctx["seat"]
        and card is not None
        and card in state.cards
        and facts(state, card).unique
    )


def _watch(state: GameState, ctx: Ctx) -> None:
    name = facts(state, ctx["event"]["card"]).name
    moves.search_deck(
        state,
        ctx["seat"],
        lambda ref: facts(state, ref).name == name,
        "events_found",
        ctx={"source": ctx["source"]},
    )


def _learned(state: GameState, ref: str) -> bool:
    return "learned" in facts(state, ref).crests


register(
    "soo_2",
    Ability("response", _watch, trigger="played", costs=(KNEEL_SELF,), condition=_watch_may),
    Ability(
        "response",
        _watch,
        trigger="played",
        costs=(Cost("kneel", 1, _learned, "Learned character"),),
        condition=_watch_may,
    ),
)
