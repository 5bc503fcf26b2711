"""The Prize of the North Dragon Eggs: Black Dragon Egg (cad_94), Green Dragon Egg (cad_95)
and White Dragon Egg (cad_96). "Prized 1. Limit 1 per deck. Attached character gains
<keyword>. Response: After <this> leaves play, search your deck for a copy of <Dragon> or
<Hatchling>, reveal it, and add it to your hand. Then, shuffle your deck." The response
answers each way of leaving play, and falling off with its host
(``leaving.ATTACHMENT_FELL``), wherever the egg is now; its owner searches."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, facts, register
from gameplay.engine.cards.vocabulary import LEFT_PLAY, on_bearer, prized_card
from gameplay.engine.leaving import ATTACHMENT_FELL
from gameplay.engine.state import GameState

EGGS = {
    "cad_94": ("deadly", ("Drogon", "Black Hatchling")),
    "cad_95": ("melee", ("Rhaegal", "Green Hatchling")),
    "cad_96": ("stealth", ("Viserion", "White Hatchling")),
}


def _left(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _search(state: GameState, ctx: Ctx) -> None:
    wanted = EGGS[state.code(ctx["source"])][1]

    def match(ref: str) -> bool:
        return facts(state, ref).name in wanted

    moves.search_deck(state, ctx["seat"], match, "events_found")


def _gains(word: str):  # type: ignore[no-untyped-def]
    return on_bearer(lambda base: base | {word})


for _code, (_keyword, _) in EGGS.items():
    prized_card(_code)
    register(_code, passives={"keywords": _gains(_keyword)})
    for _trigger in (*LEFT_PLAY, ATTACHMENT_FELL):
        register(
            _code,
            Ability(
                "response",
                _search,
                trigger=_trigger,
                condition=_left,
                zones=("play", "hand", "dead", "discard"),
                search=True,
            ),
        )
