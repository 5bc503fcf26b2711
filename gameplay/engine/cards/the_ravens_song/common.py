"""Helpers shared by The Raven's Song, Refugees of War and Scattered Armies scripts (no card
is registered here). Handler and effect names start with ``trs_``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    controller,
    facts,
    handler,
    icons,
    is_character,
    traits,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

Condition = Callable[[GameState, Ctx], bool]


def with_icon(icon: str) -> Callable[[GameState, str], bool]:
    """A character with a challenge icon (a ``kneel`` cost's match)."""

    def match(state: GameState, ref: str) -> bool:
        return is_character(state, ref) and icon in icons(state, ref)

    return match


def has_trait(state: GameState, ref: str, trait: str) -> bool:
    """A trait of a card in play (after effects) or out of play (printed)."""
    if ref in state.in_play:
        return trait in traits(state, ref)
    return trait in facts(state, ref).traits


def lost_to_opponent(ctype: str | None = None) -> Condition:
    """ "After an opponent wins a [``ctype``] challenge against you" (``challenge_won``)."""

    def condition(state: GameState, ctx: Ctx) -> bool:
        event = ctx["event"]
        return (
            event.get("loser") == ctx["seat"]
            and event.get("winner") is not None
            and ctype in (None, event.get("type"))
        )

    return condition


def has_plot_deck(state: GameState, ctx: Ctx) -> bool:
    return bool(state.players[ctx["seat"]].plot_deck)


def reveal_new_plot_choice(state: GameState, ctx: Ctx) -> None:
    """ "Choose and reveal a new plot card" from the seat's plot deck."""
    seat = ctx["seat"]
    plots = list(state.players[seat].plot_deck)
    if plots:
        # Handler of Scheming on the Sand (princes_of_the_sun/events.py).
        ask_select(
            state, seat, "new_plot", plots, "pots_new_plot", low=1, high=1, ctx={"seat": seat}
        )


def rookery(condition: Condition, kneel: bool = True) -> Ability:
    """ "Response: After ..., [kneel and] discard X from play (cannot be saved) and pay 1
    gold to reveal a new plot card." """

    def both(state: GameState, ctx: Ctx) -> bool:
        return condition(state, ctx) and has_plot_deck(state, ctx)

    costs = (
        (KNEEL_SELF, DISCARD_SELF, Cost("gold", 1)) if kneel else (DISCARD_SELF, Cost("gold", 1))
    )
    return Ability(
        "response", reveal_new_plot_choice, trigger="challenge_won", condition=both, costs=costs
    )


def kneel_all_with(icon: str) -> Callable[[GameState, Ctx], None]:
    """Kneel every standing character with ``icon`` in play."""

    def effect_fn(state: GameState, ctx: Ctx) -> None:
        for player in state.players:
            for ref in list(player.in_play):
                if with_icon(icon)(state, ref) and not state.in_play[ref].knelt:
                    moves.kneel(state, ref)
                    state.emit("knelt", card=ref, code=state.code(ref), seat=player.seat)

    return effect_fn


def scavengers(houses: tuple[str, str]) -> Callable[[GameState, Ctx], None]:
    """ "After you play X from your hand, choose a player with a House A or a House B House
    card. Discard a card at random from that player's hand." (a forced ``played`` effect)."""

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


def no_rival(trait: str) -> Callable[[GameState, str, Any, bool], bool]:
    """The permission passives of "If there is another <trait> character in play, X cannot
    attack, defend, or trigger his or her character ability" (Tommen, Alannys)."""

    def passive(state: GameState, source: str, subject: Any, base: bool) -> bool:
        if subject != source:
            return base
        rivals = [
            r
            for r in state.in_play
            if r != source and is_character(state, r) and trait in traits(state, r)
        ]
        return base and not rivals

    return passive


def rival_permissions(trait: str) -> dict[str, Any]:
    fn = no_rival(trait)
    return {"can_attack": fn, "can_defend": fn, "can_trigger": fn}


def lost_dominance(state: GameState, seat: int) -> bool:
    """ "If you do not win dominance": the last dominance of this round was not ``seat``'s."""
    for entry in reversed(state.log):
        if entry.get("round") != state.round:
            return True
        if entry["event"] == "dominance":
            return entry.get("seat") != seat
    return True


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
