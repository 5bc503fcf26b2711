"""Black Sails (asots_18): half the deck set aside as The Hold at setup (a zone out of play
only its owner sees: ``Player.hold``), and a card from it after a challenge won with a
[Naval] attacker."""

from __future__ import annotations

from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_delayed,
    effect,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary.naval import naval_attacker
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState, shuffle_zone

BLACK_SAILS = "asots_18"

# --- asots_18 Black Sails: "When you reveal Black Sails as your agenda, shuffle your deck
# and cut it into 2 stacks. Then, the opponent to your left chooses one stack to be The
# Hold, which is out of play. The other stack is your draw deck. Response: After you win a
# challenge in which you had at least 1 [Naval] attacker, choose 1 card from The Hold. At
# the end of the phase, add it to your hand. (Limit once per phase.)"
# At the start of setup (before the setup hand is drawn) the deck is shuffled and cut in
# the middle (the top stack has the odd card); the next seat clockwise that is an opponent
# chooses "top" or "bottom" as The Hold (``Player.hold``: out of play, seen by its owner
# only; the others see a count). The response (agenda zone) answers ``challenge_won`` when
# the owner won as the attacker with a participating character whose [Naval] enhancement
# (printed, ``CardFacts.naval``) is on the challenge's type; the card, chosen in a hidden
# prompt, stays in The Hold until the end of the phase and then goes to the hand (the log
# names no card).


def _cut(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    deck = state.players[seat].deck
    shuffle_zone(state, deck)
    state.emit("shuffled", seat=seat, zone="deck")
    chooser = next((s for s in state.clockwise_from_left(seat) if s in state.opponents(seat)), None)
    top = (len(deck) + 1) // 2
    state.emit("deck_cut", seat=seat, top=top, bottom=len(deck) - top)
    data = {"seat": seat, "source": ctx["source"], "top": top}
    if chooser is None:
        _hold_chosen(state, {**data, "choice": "bottom"}, [])
        return
    ask_choose(state, chooser, "the_hold", ["top", "bottom"], "agenda_hold_chosen", ctx=data)


@handler("agenda_hold_chosen")
def _hold_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    top, bottom = player.deck[: ctx["top"]], player.deck[ctx["top"] :]
    hold, deck = (top, bottom) if ctx["choice"] == "top" else (bottom, top)
    player.hold, player.deck = list(hold), list(deck)
    state.emit("hold_chosen", seat=player.seat, stack=ctx["choice"], count=len(hold))


def _usable(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("winner") != seat or event.get("attacker") != seat:
        return False
    if not state.players[seat].hold:
        return False
    attackers = [r for r in event.get("attackers") or () if r in state.in_play]
    return any(naval_attacker(state, r, event.get("type", "")) for r in attackers)


def _choose(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    hold = list(state.players[seat].hold)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(
        state, seat, "the_hold", hold, "agenda_hold_card", low=1, high=1, ctx=data, hidden=True
    )


@handler("agenda_hold_card")
def _hold_card(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        add_delayed(
            state, "phase_ends", seat, "black_sails_to_hand", ctx["source"], "phase", card=ref
        )


@effect("black_sails_to_hand")
def _to_hand(state: GameState, data: Ctx) -> None:
    player = state.players[data["seat"]]
    if data["card"] in player.hold:
        player.hold.remove(data["card"])
        player.hand.append(data["card"])
        state.emit("hold_to_hand", seat=player.seat, count=1)


register(
    BLACK_SAILS,
    Ability(
        "response",
        _choose,
        trigger="challenge_won",
        condition=_usable,
        limit=(1, "phase"),
        zones=("agenda",),
    ),
    forced={"setup_begins": _cut},
)
