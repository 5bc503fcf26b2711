"""Ancestral Home: The Brave Companions (cad_79).

"Prized 1. Attach to the Neutral Faction House card. Response: After a neutral character you
own leaves play, kneel attached House card to attach that character facedown to The Brave
Companions instead. Marshalling: Kneel attached House card to return an attached facedown
card to your hand."

- It goes only on a House card whose House is Neutral (the Neutral Faction, bwb_18), any
  player's (``house_rule``), never on a card.
- The response answers a neutral character (printed House Neutral) its controller owns that
  was killed or discarded from play and now lies in his or her dead or discard pile; it
  takes the card from there and attaches it face down: ``Player.facedown`` (out of play, only
  its owner sees it; the others see a count). The log says that a card was attached face
  down, not which (the pile it left was public, but nothing later tells which face-down card
  goes back). One response per such character (each kneels the House card, so one a round).
- The Marshalling action returns one of its controller's face-down cards, chosen by him or
  her (a hidden prompt), to the hand; the log names no card.
- When The Brave Companions leaves play, the cards attached face down to it go face up to
  their owner's discard pile, as attachments would.
"""

from __future__ import annotations

from gameplay.engine.abilities import Ability, Cost, Ctx, facts, handler, register
from gameplay.engine.cards.vocabulary import never_on_a_card, of_house, prized_card
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

COMPANIONS = "cad_79"
KNEEL_HOUSE = Cost("kneel_house")
# The ways of leaving play the response answers, and the pile the character is then in.
LEFT_TO = {"killed": "dead", "discarded": "discard"}


def _neutral_house(state: GameState, code: str, house_seat: int, seat: int) -> bool:
    """ "Attach to the Neutral Faction House card": a House card whose House is Neutral."""
    return state.players[house_seat].house == "Neutral"


def _left(pile: str):  # type: ignore[no-untyped-def]
    def targets(state: GameState, ctx: Ctx) -> list[str]:
        seat = ctx["seat"]
        lying = getattr(state.players[seat], pile)
        return [
            r
            for r in ctx["event"].get("cards", ())
            if r in lying
            and state.cards[r].owner == seat
            and facts(state, r).type == "character"
            and of_house(state, r, "Neutral")
        ]

    return targets


def _attach_facedown(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["target"], ctx["seat"]
    player = state.players[seat]
    for pile in (player.dead, player.discard):
        if ref in pile:
            pile.remove(ref)
            player.facedown.append(ref)
            state.emit("attached_facedown", seat=seat, target=ctx["source"])
            return


def _has_facedown(state: GameState, ctx: Ctx) -> bool:
    return bool(state.players[ctx["seat"]].facedown)


def _return_one(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    cards = state.players[seat].facedown
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "facedown_to_hand", cards, "cad_companions", low=1, high=1, ctx=data)


@handler("cad_companions")
def _returned(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref in player.facedown:
            player.facedown.remove(ref)
            player.hand.append(ref)
            state.emit("facedown_to_hand", seat=player.seat, source=ctx["source"])


def _companions_left(state: GameState, ctx: Ctx) -> None:
    """The cards attached face down fall off to their owner's discard pile (face up)."""
    source = ctx["source"]
    if ctx["event"].get("card") != source:
        return
    player = state.players[state.cards[source].owner]
    cards, player.facedown = list(player.facedown), []
    if cards:
        player.discard.extend(cards)
        codes = [state.code(r) for r in cards]
        state.emit("facedown_discarded", seat=player.seat, cards=cards, codes=codes)


prized_card(COMPANIONS)
register(
    COMPANIONS,
    *(
        Ability(
            "response",
            _attach_facedown,
            trigger=trigger,
            costs=(KNEEL_HOUSE,),
            targets=_left(pile),
        )
        for trigger, pile in LEFT_TO.items()
    ),
    Ability(
        "action",
        _return_one,
        phases=("marshalling",),
        costs=(KNEEL_HOUSE,),
        condition=_has_facedown,
    ),
    forced={"card_left_play": _companions_left},
    attach_rule=never_on_a_card,
    house_attachment=True,
    house_rule=_neutral_house,
)
