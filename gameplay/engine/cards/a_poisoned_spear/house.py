"""A Poisoned Spear: the House card attachments (atoc_111 True Queen's Loyalist, atoc_116
Heavy Taxes, atoc_117 Seal of the Crown)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import house_card, moves
from gameplay.engine.abilities import Ctx, agenda_of, controller, handler, register
from gameplay.engine.cards.vocabulary import (
    host_won_in_melee,
    never_on_a_card,
    owners_characters_gain,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- atoc_116 Heavy Taxes ------------------------------------------------------------------
# 'Attach to your House card. If you are not running an agenda, Heavy Taxes gains: "Players
# cannot count more than 4 gold during the marshalling phase."'  The ``income`` query of
# every seat, capped at 4 in the marshalling phase (when income is counted) while it is on
# its controller's House card and that player has no agenda. Ruling: the gold counted is
# the plot's plus the income bonuses; a later effect that gives gold on top (Black Raven)
# is not counted gold.


def _heavy_taxes(state: GameState, source: str, subject: Any, base: Any) -> Any:
    seat = controller(state, source)
    if state.phase != "marshalling" or not isinstance(subject, int):
        return base
    if house_card.house_of(state, source) != seat or agenda_of(state, seat) is not None:
        return base
    return min(base, 4)


register(
    "atoc_116",
    passives={"income": _heavy_taxes},
    attach_rule=never_on_a_card,
    house_attachment=True,
)

# --- atoc_117 Seal of the Crown ------------------------------------------------------------
# 'Attach to your House card. If you are not running an agenda, Seal of the Crown gains:
# "Players draw 1 additional card during the draw phase. After a player draws 1 or more
# cards through another card effect, that player must choose and discard 1 card from his or
# her hand."'  The ``draw_phase_cards`` query of every seat (+1), and a forced effect at
# ``cards_drawn`` (every draw by a card effect, moves.effect_draw): the drawing player
# chooses the card to discard from the hand (a hidden choice).


def _seal_active(state: GameState, source: str) -> bool:
    seat = controller(state, source)
    return house_card.house_of(state, source) == seat and agenda_of(state, seat) is None


def _seal_draws(state: GameState, source: str, subject: Any, base: Any) -> Any:
    return base + 1 if isinstance(subject, int) and _seal_active(state, source) else base


def _seal_discard(state: GameState, ctx: Ctx) -> None:
    seat = ctx["event"].get("seat")
    if not isinstance(seat, int) or not _seal_active(state, ctx["source"]):
        return
    hand = list(state.players[seat].hand)
    data = {"seat": seat}
    ask_select(
        state,
        seat,
        "discard_from_hand",
        hand,
        "atoc_seal_discard",
        low=1,
        high=1,
        ctx=data,
        hidden=True,
    )


@handler("atoc_seal_discard")
def _seal_discarded(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["seat"], list(selected))


register(
    "atoc_117",
    passives={"draw_phase_cards": _seal_draws},
    forced={"cards_drawn": _seal_discard},
    attach_rule=never_on_a_card,
    house_attachment=True,
)

# --- atoc_111 True Queen's Loyalist --------------------------------------------------------
# 'Attach to an opponent\'s House card. Attached House card gains: "Characters you control
# gain deadly during [Power] challenges." After the owner of attached House card wins a
# [Power] challenge, claim 1 power for your House if you have more than 1 opponent.'
# "You" in the gained text is the House card's owner; the power is claimed by the
# Loyalist's controller (from the power pool), a forced effect of the won challenge.


register(
    "atoc_111",
    passives={"keywords": owners_characters_gain("deadly", "power")},
    forced={"challenge_won": host_won_in_melee("power", "atoc_true_queens_loyalist")},
    attach_rule=never_on_a_card,
    house_attachment=True,
    house_rule=house_card.opponents_house,
)
