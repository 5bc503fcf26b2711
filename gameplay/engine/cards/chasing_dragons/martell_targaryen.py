"""Chasing Dragons: the Martell and Targaryen cards (btns_52, 53, 55, 56, 57) and Pentos
(btns_58)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    agenda_character,
    characters_of,
    choosable,
    free_city,
    has_trait,
    kneel_card,
    non_character_agenda,
    of_house,
    pile_to_hand,
    stand_card,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- btns_52 Ser Archibald Yronwood / btns_53 Ser Gerris Drinkwater --------------------------
# "If you are running a non-character agenda, treat X's printed text box (apart from this
# ability) as if it were blank."  While its controller runs a non-character agenda, its
# printed keywords (Deadly and Renown; Stealth and Renown) are taken away (the ``keywords``
# query) and its response cannot be used.


def _companion_keywords(printed: tuple[str, ...]):  # type: ignore[no-untyped-def]
    def passive(state: GameState, source: str, subject: Any, base: Any) -> Any:
        if subject == source and non_character_agenda(state, controller(state, source)):
            return set(base) - set(printed)
        return base

    return passive


def _text_on(state: GameState, ctx: Ctx) -> bool:
    return not non_character_agenda(state, ctx["seat"])


# btns_52 "Response: After Ser Archibald Yronwood is declared as a defender, choose and
# kneel a location."  Any player's standing location.


def _archibald_declared(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ()) and _text_on(state, ctx)


def _standing_locations(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.in_play
        if facts(state, r).type == "location"
        and not state.in_play[r].knelt
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _kneel_target(state: GameState, ctx: Ctx) -> None:
    kneel_card(state, ctx["target"])


register(
    "btns_52",
    Ability(
        "response",
        _kneel_target,
        trigger="defenders_declared",
        condition=_archibald_declared,
        targets=_standing_locations,
    ),
    passives={"keywords": _companion_keywords(("deadly", "renown"))},
)

# btns_53 "Response: After Ser Gerris Drinkwater is knelt as a defender, choose and stand
# another [Martell] character."  The engine's ``knelt`` trigger for the characters knelt to
# defend (``by`` "defend"): a defender that does not kneel to defend does not trigger it.
# Any player's knelt [Martell] character may be stood.


def _gerris_knelt(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("by") == "defend"
        and ctx["source"] in event.get("cards", ())
        and _text_on(state, ctx)
    )


def _knelt_martell(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if r != ctx["source"]
        and state.in_play[r].knelt
        and of_house(state, r, "Martell")
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _stand_target(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["target"])


register(
    "btns_53",
    Ability(
        "response",
        _stand_target,
        trigger="knelt",
        condition=_gerris_knelt,
        targets=_knelt_martell,
    ),
    passives={"keywords": _companion_keywords(("stealth", "renown"))},
)

# --- btns_55 Archmaester Marwyn -------------------------------------------------------------
# "Dominance: Kneel Archmaester Marwyn to choose 3 cards in your discard pile. The opponent
# to your left places one on the bottom of your deck, adds one to your hand, and returns the
# last to the top of your discard pile."  Usable only with 3 or more cards in the discard
# pile; the opponent chooses the card for the deck, then the card for the hand (the pile is
# public, the prompts are not hidden).


def _three_discarded(state: GameState, ctx: Ctx) -> bool:
    return len(state.players[ctx["seat"]].discard) >= 3


def _marwyn(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    pile = state.players[seat].discard
    data = {"seat": seat, "source": ctx["source"]}
    if len(pile) >= 3:
        ask_select(state, seat, "marwyn_cards", pile, "btns_marwyn_chosen", low=3, high=3, ctx=data)


@handler("btns_marwyn_chosen")
def _marwyn_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    left = state.clockwise_from_left(ctx["seat"])[0]
    data = {**ctx, "chosen": list(selected)}
    ask_select(state, left, "marwyn_deck", selected, "btns_marwyn_deck", low=1, high=1, ctx=data)


@handler("btns_marwyn_deck")
def _marwyn_deck(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    ref = selected[0]
    if ref in player.discard:
        player.discard.remove(ref)
        player.deck.append(ref)
        state.emit("discard_to_deck_bottom", seat=player.seat, cards=[ref], codes=[state.code(ref)])
    rest = [r for r in ctx["chosen"] if r != ref]
    left = state.clockwise_from_left(ctx["seat"])[0]
    data = {**ctx, "chosen": rest}
    ask_select(state, left, "marwyn_hand", rest, "btns_marwyn_hand", low=1, high=1, ctx=data)


@handler("btns_marwyn_hand")
def _marwyn_hand(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    pile_to_hand(state, seat, selected[0], "discard")
    for ref in [r for r in ctx["chosen"] if r != selected[0]]:
        if ref in player.discard:
            player.discard.remove(ref)
            player.discard.append(ref)
            state.emit("discard_pile_top", seat=seat, card=ref, code=state.code(ref))


register(
    "btns_55",
    Ability(
        "action",
        _marwyn,
        phases=("dominance",),
        costs=(KNEEL_SELF,),
        condition=_three_discarded,
    ),
)

# --- btns_56 Sellsword Deserter -------------------------------------------------------------
# "Ambush. House Targaryen only. Characters with the Ally or Refugee trait get -1 STR.
# Challenges: Discard an attachment from your hand to return Sellsword Deserter from your
# discard pile to your hand."  Every character in play with either trait (any player's, the
# Deserter itself included) gets -1 STR; the action is used from its owner's discard pile.


def _deserter_strength(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and is_character(state, subject)
        and (has_trait(state, subject, "Ally") or has_trait(state, subject, "Refugee"))
    ):
        return base - 1
    return base


def _is_attachment(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "attachment"


def _deserter_back(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["source"], "discard")


register(
    "btns_56",
    Ability(
        "action",
        _deserter_back,
        phases=("challenges",),
        zones=("discard",),
        costs=(Cost("discard_hand", 1, match=_is_attachment, what="attachment"),),
    ),
    passives={"strength": _deserter_strength},
)

# --- btns_58 Pentos -------------------------------------------------------------------------
# "Lower the cost of the first out-of-House [Targaryen] card you play each round by 1. Lower
# the cost of the first Army character you play each round by 1."  The Free Cities location
# of the vocabulary (first_play.free_city): marshalled cards; each reduction is used up by
# its own first card, and one card may use both.

free_city("btns_58", "Targaryen", "Army")

# --- btns_57 Griff --------------------------------------------------------------------------
# "House Targaryen only. If Griff would be killed, instead attach him to your House Card as
# your only agenda with the text: 'If you control fewer attachments than each opponent,
# unattach Griff and return him to play. Response: After a [Targaryen] attachment you
# control is discarded from play, kneel 1 influence to return it to your hand instead.'"
# The vocabulary's character agenda (``agenda_character``). The first sentence is the
# ``agenda_now`` passive (engine: checks.check_agenda_now): while he is his player's agenda
# and that player controls fewer attachments in play than each opponent, he returns to
# play under that player's control. The response answers the ``discarded`` trigger: each
# [Targaryen] attachment its player controlled as it was discarded goes from its owner's
# discard pile to that owner's hand (one use per attachment).


def _attachments_of(state: GameState, seat: int) -> int:
    return sum(1 for r in state.players[seat].in_play if facts(state, r).type == "attachment")


def _griff_back(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    seat = next((p.seat for p in state.players if p.agenda_card == source), None)
    if seat is None:
        return base
    mine = _attachments_of(state, seat)
    return all(mine < _attachments_of(state, o) for o in state.opponents(seat))


def _discarded_attachments(state: GameState, ctx: Ctx) -> list[str]:
    event, seat = ctx["event"], ctx["seat"]
    controllers = event.get("controllers", {})
    return [
        r
        for r in event.get("cards", ())
        if controllers.get(r) == seat
        and facts(state, r).type == "attachment"
        and "Targaryen" in facts(state, r).houses
        and r in state.players[state.cards[r].owner].discard
    ]


def _griff_return(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    pile_to_hand(state, state.cards[ref].owner, ref, "discard")


agenda_character(
    "btns_57",
    Ability(
        "response",
        _griff_return,
        trigger="discarded",
        costs=(Cost("influence", 1),),
        targets=_discarded_attachments,
    ),
    passives={"agenda_now": _griff_back},
)
