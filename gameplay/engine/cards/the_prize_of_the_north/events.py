"""The Prize of the North events: Royal Decree (cad_98) and Heads on Pikes (cad_99). The
printed Prized X keyword of an event claims as it is played (``vocabulary.prized_card``)."""

from __future__ import annotations

from gameplay.engine import cancels
from gameplay.engine.abilities import Ability, Ctx, facts, register
from gameplay.engine.cards.vocabulary import discard_top, event, is_prized, prized_card
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- cad_98 Royal Decree ---------------------------------------------------------------------
# "Prized 2. Response: Cancel the effects of an event card just played. (Non-prized event
# cards cannot cancel this effect.)" Any player's event (the engine's ``ability`` window for
# an event's effect). Its own effect may be cancelled by a prized event or by a card that is
# not an event (``cancels.CANCELLED_ONLY_BY``).

ROYAL_DECREE = "cad_98"


def _decree_may(state: GameState, ctx: Ctx) -> bool:
    source = ctx["event"].get("source")
    return (
        source is not None
        and source != ctx["source"]
        and source in state.cards
        and facts(state, source).type == "event"
    )


def _decree_cancelled_by(state: GameState, ref: str) -> bool:
    return facts(state, ref).type != "event" or is_prized(state, ref)


prized_card(ROYAL_DECREE)
register(
    ROYAL_DECREE,
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        zones=("hand",),
        condition=_decree_may,
    ),
)
cancels.CANCELLED_ONLY_BY[ROYAL_DECREE] = _decree_cancelled_by

# --- cad_99 Heads on Pikes -------------------------------------------------------------------
# "Prized 1. Any Phase: Each opponent discards the top 2 cards from his or her deck for each
# character in his or her dead pile. (Limit 1 per round.)"

PIKES_PER_CHARACTER = 2


def _pikes(state: GameState, ctx: Ctx) -> None:
    for seat in state.opponents(ctx["seat"]):
        dead = state.players[seat].dead
        count = sum(1 for r in dead if facts(state, r).type == "character")
        if count:
            discard_top(state, seat, PIKES_PER_CHARACTER * count, "cad_heads_on_pikes")


prized_card("cad_99")
register("cad_99", event(_pikes, limit=(1, "round")))
