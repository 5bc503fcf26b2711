"""The Prize of the North attachments: Hand of the King (cad_93)."""

from __future__ import annotations

from gameplay.engine.abilities import KNEEL_SELF, Ability, Ctx, attached_to, register, traits
from gameplay.engine.cards.vocabulary import prized_card, stand_card
from gameplay.engine.state import GameState

# --- cad_93 Hand of the King -----------------------------------------------------------------
# "Prized 1. Lord or Lady character only. Any Phase: Kneel Hand of the King to stand attached
# character." Offered while the attached character is kneeling.


def _hand_rule(state: GameState, code: str, ref: str, seat: int | None) -> bool:
    return bool(traits(state, ref) & {"Lord", "Lady"})


def _hand_may(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and host in state.in_play and state.in_play[host].knelt


def _hand(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None:
        stand_card(state, host)


prized_card("cad_93")
register(
    "cad_93",
    Ability("action", _hand, costs=(KNEEL_SELF,), condition=_hand_may),
    attach_rule=_hand_rule,
)
