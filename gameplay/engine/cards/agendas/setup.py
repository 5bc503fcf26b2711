"""Agendas that change setup: House of Dreams (btns_119) and Alliance (qod_47)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, facts, handler, register
from gameplay.engine.cards.agendas.common import name_choice, named, owner, runs_trait
from gameplay.engine.cards.agendas.prized import GREAT_HOUSES, named_house_penalty
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

DREAMS_HAND = 6
DREAMS_GOLD = 3
DREAMS_IMMUNITY = "Immune to opponents' non-plot card effects."

# --- btns_119 House of Dreams: "After you announce House of Dreams as your agenda, choose
# from your deck a unique, in-House, non-limited location. That location starts the game
# in play and gains the text: "Immune to opponents' non-plot card effects." Draw 6 cards
# for your setup hand. You cannot spend more than 3 gold during setup."
# The location is chosen before the setup hand is drawn (then the deck is shuffled).


def _dreams_search(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    found = [
        r
        for r in player.deck
        if facts(state, r).type == "location"
        and facts(state, r).unique
        and player.house in facts(state, r).houses
        and not facts(state, r).limited
    ]
    ask_select(
        state,
        seat,
        "search_location",
        sorted(found, key=lambda r: int(r[1:])),
        "agenda_dreams_location",
        low=1,
        high=1,
        ctx={"source": ctx["source"], "seat": seat},
        hidden=True,
    )


@handler("agenda_dreams_location")
def _dreams_location(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        put_into_play(state, ctx["seat"], ref)
        name_choice(state, ctx, ref)


def _dreams_immune(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    return base | {DREAMS_IMMUNITY} if ref == named(state, source) else base


def _only_mine(amount: int):  # type: ignore[no-untyped-def]
    def passive(state: GameState, source: str, seat: int, base: int) -> int:
        return min(base, amount) if seat == owner(state, source) else base

    return passive


register(
    "btns_119",
    passives={
        "immune": _dreams_immune,
        "setup_hand": _only_mine(DREAMS_HAND),
        "setup_gold": _only_mine(DREAMS_GOLD),
    },
    forced={"setup_begins": _dreams_search},
)


# --- qod_47 Alliance: "Before drawing your setup hand, name a House. Ignore the
# out-of-House gold penalty to place or play cards from that House. The House card of each
# opponent without a Treaty agenda gains: 'Marshalling: Kneel this card to (choose 1): draw
# 1 card or take 2 gold from the treasury to your gold pool.'"
# The opponent uses the gained ability from the Alliance card (zone ``opponent_agenda``);
# the House card kneeling is the mark ``house_knelt:<seat>`` for the round (House cards
# stand in the standing phase, after which no Marshalling action can come).

ALLIANCE_GOLD = 2
ALLIANCE_LABEL = (
    "House card (Alliance): Marshalling: Kneel your House card to draw 1 card or take 2 gold."
)


def _alliance_name(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    houses = [h for h in GREAT_HOUSES if h != state.players[seat].house]
    ask_choose(
        state,
        seat,
        "name_house",
        houses,
        "agenda_named_choice",
        ctx={"source": ctx["source"], "seat": seat},
    )


def _house_mark(seat: int) -> str:
    return f"house_knelt:{seat}"


def _alliance_usable(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return (
        seat in state.opponents(owner(state, ctx["source"]))
        and not runs_trait(state, seat, "Treaty")
        and _house_mark(seat) not in state.used
    )


def _alliance_kneel(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    state.used.append(_house_mark(seat))
    ask_choose(
        state, seat, "draw_or_gold", ["draw", "gold"], "agenda_draw_or_gold", ctx={"seat": seat}
    )


@handler("agenda_draw_or_gold")
def _draw_or_gold(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == "draw":
        moves.effect_draw(state, ctx["seat"], 1)
    else:
        moves.gain_gold(state, ctx["seat"], ALLIANCE_GOLD, "agenda")


register(
    "qod_47",
    Ability(
        "action",
        _alliance_kneel,
        phases=("marshalling",),
        condition=_alliance_usable,
        zones=("opponent_agenda",),
        label=ALLIANCE_LABEL,
    ),
    passives={"gold_penalty": named_house_penalty},
    forced={"setup_begins": _alliance_name},
)
