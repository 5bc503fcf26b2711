"""The Grand Fleet (asots_21 to asots_40): the characters (Ironborn Marauder, asots_24, has
no text needing code: its [Naval] enhancement is printed data)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    Ability,
    Ctx,
    add_lasting,
    allowed,
    characters,
    controller,
    facts,
    handler,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    choose_opponent,
    discard_top,
    has_trait,
    naval_attacker,
    of_house,
    participants,
    won,
    won_unopposed,
    won_with,
)
from gameplay.engine.challenges import STOOD_BY_KEYWORD
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState

# --- asots_21 Paxter Redwyne ---------------------------------------------------------------
# "Response: After you win initiative, add 2 gold tokens from the treasury to your gold
# pool."  The engine's ``initiative_won`` trigger (``seat``: the winner).


def _won_initiative(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _paxter_gold(state: GameState, ctx: Ctx) -> None:
    moves.gain_gold(state, ctx["seat"], 2, ctx["source"])


register(
    "asots_21",
    Ability("response", _paxter_gold, trigger="initiative_won", condition=_won_initiative),
)

# --- asots_25 The Reader -------------------------------------------------------------------
# "Response: After you win an unopposed challenge in which a unique [Greyjoy] character
# participated, choose one: draw 1 card or discard the top 3 cards of each opponent's deck.
# (Limit once per phase.)"  Any participant of the winner's side counts (an unopposed
# challenge has no defenders); "unique" is printed.


def _reader_may(state: GameState, ctx: Ctx) -> bool:
    if not won_unopposed(state, ctx):
        return False
    return any(
        facts(state, r).unique and of_house(state, r, "Greyjoy")
        for r in participants(ctx["event"], state)
    )


def _reader(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "choose_one", ["draw", "discard"], "asots_reader", ctx=data)


@handler("asots_reader")
def _reader_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if ctx["choice"] == "draw":
        moves.effect_draw(state, seat, 1)
        return
    for opponent in state.opponents(seat):
        discard_top(state, opponent, 3, ctx["source"])


register(
    "asots_25",
    Ability(
        "response", _reader, trigger="challenge_won", condition=_reader_may, limit=(1, "phase")
    ),
)

# --- asots_27 River Runner -----------------------------------------------------------------
# "Vigilant. Response: After River Runner stands for Vigilant it gains an [Intrigue] icon
# until the end of the phase."  The engine's ``stood_by_keyword`` trigger (challenges.py).


def _stood_for_vigilant(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("keyword") == "vigilant" and ctx["source"] in event.get("cards", ())


def _runner_icon(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "icons", ctx["source"], "phase", ctx["source"], add=["intrigue"])


register(
    "asots_27",
    Ability("response", _runner_icon, trigger=STOOD_BY_KEYWORD, condition=_stood_for_vigilant),
)

# --- asots_28 Ser Davos Seaworth -----------------------------------------------------------
# "Renown. Melee. Knelt Smuggler characters you control count their STR toward dominance."
# The ``dominance`` query of his controller adds the STR of its knelt Smuggler characters
# (Davos himself too when knelt).


def _davos_dominance(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != controller(state, source):
        return base
    knelt = [
        r
        for r in characters(state, subject)
        if state.in_play[r].knelt and has_trait(state, r, "Smuggler")
    ]
    return base + sum(strength(state, r) for r in knelt)


register("asots_28", passives={"dominance": _davos_dominance})

# --- asots_30 Northern Sailor --------------------------------------------------------------
# "Response: After you win a challenge in which Northern Sailor participated by 4 or more
# total STR, discard it to choose an opponent. That opponent must choose and kill a
# character he or she controls, if able."  The discard is the cost (DISCARD_SELF); the
# opponent chooses among its characters that can be killed (none: nothing happens).

_BY_FOUR = won(by=4)
_WITH_SELF = won_with("self")


def _won_by_four_with_self(state: GameState, ctx: Ctx) -> bool:
    return _BY_FOUR(state, ctx) and _WITH_SELF(state, ctx)


def _sailor(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "asots_sailor_opponent")


@handler("asots_sailor_opponent")
def _sailor_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    opponent = int(ctx["choice"])
    found = [r for r in characters(state, opponent) if allowed(state, "can_be_killed", r)]
    if found:
        ask_select(state, opponent, "kill", found, "asots_sailor_kill", low=1, high=1)


@handler("asots_sailor_kill")
def _sailor_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.kill(state, [r for r in selected if r in state.in_play])


register(
    "asots_30",
    Ability(
        "response",
        _sailor,
        trigger="challenge_won",
        condition=_won_by_four_with_self,
        costs=(DISCARD_SELF,),
    ),
)

# --- asots_31 White Harbor Captain ---------------------------------------------------------
# "Response: After you win a challenge in which White Harbor Captain participated by 4 or
# more total STR, claim 1 power for your House."


def _captain_power(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 1, ctx["source"])


register(
    "asots_31",
    Ability("response", _captain_power, trigger="challenge_won", condition=_won_by_four_with_self),
)

# --- asots_33 Quentyn Martell --------------------------------------------------------------
# "Response: After Quentyn Martell is killed, claim 2 power for your House."  Used from the
# dead pile by his owner.


def _quentyn_killed(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _quentyn_power(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 2, ctx["source"])


register(
    "asots_33",
    Ability(
        "response", _quentyn_power, trigger="killed", condition=_quentyn_killed, zones=("dead",)
    ),
)

# --- asots_36 Pentoshi Deckhand ------------------------------------------------------------
# "Response: After Pentoshi Deckhand has been declared as a [Naval] attacker lower the cost
# of the next character you put into play using ambush this phase by 1."  An Ambush-only
# reduction (``ambush_only``: rules._reductions) of the Ambush influence cost.


def _declared_naval(state: GameState, ctx: Ctx) -> bool:
    event, source = ctx["event"], ctx["source"]
    return (
        event.get("seat") == ctx["seat"]
        and source in event.get("cards", ())
        and source in state.in_play
        and naval_attacker(state, source, event.get("type", ""))
    )


def _deckhand(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 1, ctx["source"], types=("character",))
    state.effects[-1].update(ambush=True, ambush_only=True)


register(
    "asots_36",
    Ability("response", _deckhand, trigger="attackers_declared", condition=_declared_naval),
)
