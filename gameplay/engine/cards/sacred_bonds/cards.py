"""Sacred Bonds (acoa_41 - acoa_60). Conventions: the_war_of_five_kings/common.py."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import has_trait, herald
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

# --- acoa_41 Feral Pack --------------------------------------------------------------------
# "While every character you control has the House Stark affiliation, Feral Pack gains:
# 'All Direwolf characters gain deadly, and all non-Direwolf characters lose deadly.'"


def _feral_pack(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject not in state.in_play or not is_character(state, subject):
        return base
    seat = controller(state, source)
    mine = [r for r in state.players[seat].in_play if is_character(state, r)]
    if not all("Stark" in facts(state, r).houses for r in mine):
        return base
    if has_trait(state, subject, "Direwolf"):
        return base | {"deadly"}
    return base - {"deadly"}


register("acoa_41", passives={"keywords": _feral_pack})


# --- acoa_42 First Mate --------------------------------------------------------------------
# "Limited Response: After you win a Military or Power challenge in which First Mate is
# participating, put a Warship location from your hand or discard pile into play."


def _first_mate_won(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("winner") == ctx["seat"]
        and event.get("type") in ("military", "power")
        and ctx["source"] in [*event.get("attackers", ()), *event.get("defenders", ())]
    )


def _first_mate(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    found = [
        r
        for r in player.hand + player.discard
        if facts(state, r).type == "location"
        and "Warship" in facts(state, r).traits
        and unique_problem(state, seat, facts(state, r)) is None
    ]
    data = {"seat": seat}
    ask_select(state, seat, "warship", found, "acoa_first_mate", high=1, ctx=data, hidden=True)


@handler("acoa_first_mate")
def _warship_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref in player.hand or ref in player.discard:
            put_into_play(state, ctx["seat"], ref)


register(
    "acoa_42",
    Ability(
        "response",
        _first_mate,
        trigger="challenge_won",
        condition=_first_mate_won,
        limited_response=True,
    ),
)


# --- acoa_43 Jaqen H'ghar ------------------------------------------------------------------
# "Any Phase: Discard 1 power from your House to give Jaqen H'ghar a keyword of your choice
# until the end of the phase." The keywords of the game a character can use.

JAQEN_KEYWORDS = (
    "deadly",
    "intimidate",
    "renown",
    "stealth",
    "vigilant",
    "vengeful",
    "stalwart",
    "infamy",
    "deathbound",
)


def _house_power(state: GameState, ctx: Ctx) -> bool:
    return state.players[ctx["seat"]].power >= 1


def _jaqen(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    if moves.discard_power(state, seat, 1, "jaqen_hghar") < 1:
        return
    data = {"seat": seat, "source": ctx["source"]}
    ask_choose(state, seat, "keyword", JAQEN_KEYWORDS, "acoa_jaqen", ctx=data)


@handler("acoa_jaqen")
def _jaqen_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    ref = ctx["source"]
    if ref in state.in_play:
        add_lasting(state, "keywords", ref, "phase", ref, add=[ctx["choice"]])


register("acoa_43", Ability("action", _jaqen, condition=_house_power))


# --- acoa_51 - acoa_57 Heralds -------------------------------------------------------------
for _code, _house in (
    ("acoa_51", "Stark"),
    ("acoa_52", "Lannister"),
    ("acoa_54", "Baratheon"),
    ("acoa_55", "Greyjoy"),
    ("acoa_56", "Targaryen"),
    ("acoa_57", "Martell"),
):
    herald(_code, _house)


# --- acoa_60 Vendor of Venoms --------------------------------------------------------------
# "Cannot be discarded from play while it has 2 or more power on it."


def _vendor(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject == source and state.in_play[source].power >= 2:
        return False
    return base


register("acoa_60", passives={"can_be_discarded": _vendor})
