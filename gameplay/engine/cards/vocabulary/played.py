"""Cards played from the hand: "after you play X", "after a Reinforcements event card is
played", and the Scavengers' "discard a card at random" of a chosen player's hand.

The two Scavengers helpers differ as their products wrote them (which play they answer and
whose seat chooses): merging them would change a card. The handler names are stored in
saved games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import HANDLERS, Ctx, controller, handler
from gameplay.engine.cards.vocabulary.targets import has_trait
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState


def played_from_hand(state: GameState, ctx: Ctx) -> bool:
    """A forced ``played`` effect about the source itself, still in play."""
    source = ctx["source"]
    return ctx["event"].get("card") == source and source in state.in_play


def reinforcements_played(state: GameState, ctx: Ctx) -> bool:
    """ "After a Reinforcements event card is played" (the ``played`` trigger)."""
    event = ctx["event"]
    card = event.get("card")
    return (
        event.get("type") == "event"
        and card is not None
        and card in state.cards
        and has_trait(state, card, "Reinforcements")
    )


def scavengers(houses: tuple[str, str]) -> Callable[[GameState, Ctx], None]:
    """ "After you play X from your hand, choose a player with a House A or a House B House
    card. Discard a card at random from that player's hand." (a forced ``played`` effect;
    the chooser is the controller of X, still in play; The Raven's Song onwards)."""

    def played(state: GameState, ctx: Ctx) -> None:
        source = ctx["source"]
        if ctx["event"].get("card") != source or source not in state.in_play:
            return
        seat = controller(state, source)
        options = [str(p.seat) for p in state.players if p.house in houses]
        if len(options) == 1:
            moves.discard_at_random(state, int(options[0]), 1)
        elif options:
            ask_choose(
                state, seat, "choose_player", options, "trs_discard_random", ctx={"seat": seat}
            )

    return played


@handler("trs_discard_random")
def _discard_random(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_at_random(state, int(ctx["choice"]), 1)


def scavengers_of_your_play(houses: tuple[str, ...]) -> Any:
    """The forced "after you play X from your hand" of the three Scavengers of A Song of
    Summer onwards: the ``played`` event must be the ability's seat's."""

    def fn(state: GameState, ctx: Ctx) -> None:
        event = ctx["event"]
        if event.get("card") != ctx["source"] or event.get("seat") != ctx["seat"]:
            return
        options = [str(p.seat) for p in state.players if p.house in houses]
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        if len(options) == 1:
            HANDLERS["ator_scavenge"](state, {**data, "choice": options[0]}, [])
        elif options:
            ask_choose(state, ctx["seat"], "choose_player", options, "ator_scavenge", ctx=data)

    return fn


@handler("ator_scavenge")
def _scavenge(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_at_random(state, int(ctx["choice"]), 1)
