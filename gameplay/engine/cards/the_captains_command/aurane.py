"""The Captain's Command: Aurane Waters (asots_100).

"If you have more than 1 opponent and Aurane Waters would be killed or discarded from play,
instead Aurane Waters is added to the title pool (limit 1 per title pool). As a Title,
Aurane Waters gains: "Once per round name a challenge icon. Until the end of the phase,
unique characters you control gain a [Naval] enhancement on that icon, if able.""

- The replacement: the passives ``kill_instead`` / ``discard_instead`` (leaving.INSTEAD) send
  him to the zone ``title_pool`` (leaving.leave_play: ``state.title_pool``), in a melee game
  whose controller has more than 1 opponent, unless an Aurane Waters is a title already
  (in the pool or held: titles.card_titles). He leaves play (power to the pool, attachments
  discarded) but is not killed nor discarded; a "cannot be saved" removal is replaced too.
- In the pool he is a title like the six (chosen in the plot phase, held for the round,
  returned with the others: title_steps), with none of their relations or bonuses.
- As a Title: an action of the seat holding him (ability zone ``title``), once per round, in
  any phase: the icon is chosen as it resolves; each unique character that seat controls
  then gains a [Naval] enhancement on that icon until the end of the phase (a lasting
  ``naval`` effect; it counts only on a character with that icon: vocabulary/naval.py).
  The characters are those it controls as the ability resolves.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_lasting,
    characters,
    controller,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import NAVAL
from gameplay.engine.challenges import TYPES
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState
from gameplay.engine.titles import card_titles

AURANE = "asots_100"
TITLE_POOL = "title_pool"


def _to_title_pool(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source or state.variant != "melee":
        return base
    if len(state.opponents(controller(state, source))) <= 1:
        return base
    name = facts(state, source).name
    if any(facts(state, t).name == name for t in card_titles(state) if t in state.cards):
        return base  # limit 1 per title pool
    return TITLE_POOL


def _name_icon(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "challenge_icon", list(TYPES), "asots_aurane_icon", ctx=data)


@handler("asots_aurane_icon")
def _icon_named(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    icon = ctx["choice"]
    state.emit("challenge_type_named", seat=ctx["seat"], named=icon, source=ctx["source"])
    for ref in characters(state, ctx["seat"]):
        if facts(state, ref).unique:
            add_lasting(state, NAVAL, ref, "phase", ctx["source"], add=[icon])


register(
    AURANE,
    Ability("action", _name_icon, zones=("title",), limit=(1, "round")),
    passives={"kill_instead": _to_title_pool, "discard_instead": _to_title_pool},
)
