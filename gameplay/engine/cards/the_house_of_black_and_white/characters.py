"""The House of Black and White: the characters (btns_81 Arya Stark, btns_95 Company of the
Cat, btns_96 Long Lances)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    Ability,
    Ctx,
    facts,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    of_house,
    stand_card,
)
from gameplay.engine.state import GameState

# --- btns_81 Arya Stark --------------------------------------------------------------------
# "Deadly. Response: After a Unique [Stark] character is killed, discard Arya Stark from
# play (cannot be saved) to choose and kill a character with STR 3 or less."  Any player's
# unique Stark character (printed House and uniqueness, read in the dead pile); the target
# is any other character with STR 3 or less, chosen before Arya is discarded; the kill may
# be saved. Deadly is the engine's keyword.


def _unique_stark_killed(state: GameState, ctx: Ctx) -> bool:
    return any(
        facts(state, r).type == "character"
        and facts(state, r).unique
        and "Stark" in facts(state, r).houses
        for r in ctx["event"].get("cards", ())
    )


def _weak(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if r != ctx["source"]
        and strength(state, r) <= 3
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _arya(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])


for _code in ("btns_81",):
    register(
        _code,
        Ability(
            "response",
            _arya,
            trigger="killed",
            condition=_unique_stark_killed,
            costs=(DISCARD_SELF,),
            targets=_weak,
        ),
    )

# --- btns_95 Company of the Cat ------------------------------------------------------------
# "House Targaryen only. Ambush. Response: After Company of the Cat is put into play through
# a card effect, draw 1 card."  Put into play, not marshalled: the last way it came into play
# the log names is ``put_into_play`` (uses.put_into_play: a card effect or its own Ambush,
# a keyword of its text), not ``marshalled``.


def _put_by_effect(state: GameState, ctx: Ctx) -> bool:
    source = ctx["source"]
    if ctx["event"].get("card") != source:
        return False
    for entry in reversed(state.log):
        if entry.get("card") == source and entry["event"] in (
            "put_into_play",
            "marshalled",
            "out_of_shadows",
        ):
            return entry["event"] == "put_into_play"
    return False


def _cat_draw(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


for _code in ("btns_95",):
    register(
        _code,
        Ability("response", _cat_draw, trigger="entered_play", condition=_put_by_effect),
    )

# --- btns_96 Long Lances -------------------------------------------------------------------
# "House Targaryen only. Ambush. Response: After a character comes into play, choose and
# stand a [Targaryen] character you control. (Limit once per phase.)"  Any player's
# character entering play (Long Lances itself too); a knelt Targaryen character of yours.


def _character_entered(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return card is not None and card in state.in_play and facts(state, card).type == "character"


def _knelt_targaryens(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state, ctx["seat"])
        if state.in_play[r].knelt
        and of_house(state, r, "Targaryen")
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _lances(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["target"])


for _code in ("btns_96",):
    register(
        _code,
        Ability(
            "response",
            _lances,
            trigger="entered_play",
            condition=_character_entered,
            targets=_knelt_targaryens,
            limit=(1, "phase"),
        ),
    )
