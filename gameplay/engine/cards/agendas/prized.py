"""Agendas of the Conquest and Defiance cycle, with Prized ("each opponent of the player
who used the prized card claims power equal to its prized value": ``moves.prized``):
Conquest (cad_1) and Defiance (cad_2)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, facts, register
from gameplay.engine.cards.agendas.common import named, owner
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

GREAT_HOUSES = ("Stark", "Lannister", "Baratheon", "Targaryen", "Greyjoy", "Martell")

# --- cad_1 Conquest: "When you announce your agenda, name a House. Ignore the out-of-House
# gold penalty when playing cards or placing setup cards with that affiliation. Your
# out-of-House character and attachment cards with that affiliation gain "prized 1" while
# leaving play. Your out-of-House location cards with that affiliation gain "prized 2"
# while leaving play."


def _conquest_name(state: GameState, ctx: Ctx) -> None:
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


def named_house_penalty(state: GameState, source: str, subject: tuple[int, str], base: int) -> int:
    """No gold penalty for the owner's cards of the House named on the agenda."""
    seat, ref = subject
    house = named(state, source)
    if seat == owner(state, source) and house is not None and house in facts(state, ref).houses:
        return 0
    return base


def _conquest_prized(state: GameState, ctx: Ctx) -> None:
    event, seat = ctx["event"], ctx["seat"]
    house = named(state, ctx["source"])
    if event.get("controller") != seat or house is None:
        return
    card = facts(state, event["card"])
    if house not in card.houses or state.players[seat].house in card.houses:
        return
    value = {"character": 1, "attachment": 1, "location": 2}.get(card.type, 0)
    if value:
        moves.prized(state, seat, value)


register(
    "cad_1",
    passives={"gold_penalty": named_house_penalty},
    forced={"setup_begins": _conquest_name, "card_left_play": _conquest_prized},
)


# --- cad_2 Defiance: "Your plot deck must contain exactly 10 plot cards. Each of your plot
# cards gains "prized 1" while moving to your used pile." (The plot deck size is deck
# building.)


def _defiance(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("seat") == ctx["seat"]:
        moves.prized(state, ctx["seat"], 1)


register("cad_2", forced={"plot_to_used_pile": _defiance})
