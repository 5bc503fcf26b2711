"""Valar Morghulis: the characters that become their player's agenda as they would be killed
(The Kindly Man, Ser Kevan Lannister, Aeron Damphair; vocabulary ``agenda_character``).
Their keywords (Deadly, Stealth) are printed."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_delayed,
    characters,
    effect,
    facts,
)
from gameplay.engine.cards.vocabulary import (
    agenda_character,
    choosable,
    kneel_card,
    of_house,
    won,
)
from gameplay.engine.leaving import saved
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- btns_1 The Kindly Man -------------------------------------------------------------------
# "If The Kindly Man would be killed, instead attach him to your House card as your only
# agenda with the text: 'Response: After you win an [Intrigue] or [Power] challenge, choose
# a non-unique character in any dead or discard pile and put it into play under your
# control. At the end of the phase, discard that character if it is still in play. (Limit
# once per phase.)'"  Any player's pile; the discard at the end of the phase may be saved.


def _intrigue_or_power(state: GameState, ctx: Ctx) -> bool:
    return won()(state, ctx) and ctx["event"].get("type") in ("intrigue", "power")


def _pile_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for p in state.players
        for r in (*p.dead, *p.discard)
        if facts(state, r).type == "character"
        and not facts(state, r).unique
        and unique_problem(state, ctx["seat"], facts(state, r)) is None
    ]


def _kindly_man(state: GameState, ctx: Ctx) -> None:
    target, seat = ctx["target"], ctx["seat"]
    if not any(target in (*p.dead, *p.discard) for p in state.players):
        return
    put_into_play(state, seat, target)
    add_delayed(state, "phase_ends", seat, "btns_kindly_man", ctx["source"], "phase", card=target)


@effect("btns_kindly_man")
def _kindly_man_ends(state: GameState, entry: Ctx) -> None:
    if entry["card"] in state.in_play:
        moves.discard(state, [entry["card"]])


agenda_character(
    "btns_1",
    Ability(
        "response",
        _kindly_man,
        trigger="challenge_won",
        condition=_intrigue_or_power,
        targets=_pile_characters,
        limit=(1, "phase"),
    ),
)

# --- btns_5 Ser Kevan Lannister --------------------------------------------------------------
# "If Ser Kevan Lannister would be killed, instead attach him to your House Card as your
# only agenda with the text: 'Response: After you win an intrigue challenge as the
# attacker, choose and kneel a character.'"  Any player's standing character.


def _standing(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if not state.in_play[r].knelt and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _kevan(state: GameState, ctx: Ctx) -> None:
    kneel_card(state, ctx["target"])


agenda_character(
    "btns_5",
    Ability(
        "response",
        _kevan,
        trigger="challenge_won",
        condition=won("intrigue", role="attacker"),
        targets=_standing,
    ),
)

# --- btns_10 Aeron Damphair ------------------------------------------------------------------
# "If Aeron Damphair would be killed, instead attach him to your House card as your only
# agenda with the text: 'Response: After a [Greyjoy] character is saved, draw 2 cards.'"
# Any player's [Greyjoy] character saved by any save (the engine's ``card_saved`` trigger,
# a duplicate's save included), still saved as the response is used.


def _greyjoy_saved(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return (
        card in state.in_play
        and facts(state, card).type == "character"
        and of_house(state, card, "Greyjoy")
        and saved(state, card)
    )


def _aeron(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 2)


agenda_character(
    "btns_10",
    Ability("response", _aeron, trigger="card_saved", condition=_greyjoy_saved),
)
