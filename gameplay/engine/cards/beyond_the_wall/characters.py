"""Beyond the Wall (dotn_21 to dotn_40): the characters, registered by card code."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    controller,
    facts,
    handler,
    is_character,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    STR_LISTENERS,
    STR_REDUCED,
    characters_of,
    choosable,
    choose_opponent,
    has_trait,
    kneel_card,
    of_house,
    on_self,
    played_from_hand,
    reduced_by_attachment,
    stand_card,
)
from gameplay.engine.cards.vocabulary.shadows import CAME_OUT
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

NIGHTS_WATCH, WILDLING = "Night's Watch", "Wildling"

# --- dotn_21 Benjen Stark ------------------------------------------------------------------
# "Stealth. No attachments except Weapon. Response: After Benjen Stark comes into play,
# choose and stand 1 Night's Watch character or choose and kneel 1 Wildling character."
# A response to ``entered_play`` of Benjen himself (marshalled, put into play, out of
# Shadows). One choice among the kneeling Night's Watch characters that can stand and the
# standing Wildling characters, anyone's: a kneeling one stands, a standing one kneels (a
# character with both Traits is stood if kneeling, knelt if standing).


def _benjen_came(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


def _benjen_choices(state: GameState, ctx: Ctx) -> list[str]:
    found = []
    for ref in characters_of(state):
        if state.in_play[ref].knelt:
            ok = has_trait(state, ref, NIGHTS_WATCH) and allowed(state, "can_stand", ref)
        else:
            ok = has_trait(state, ref, WILDLING)
        if ok and choosable(state, ref, ctx["source"], ctx["seat"]):
            found.append(ref)
    return found


def _benjen(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    choices = _benjen_choices(state, ctx)
    ask_select(
        state, ctx["seat"], "stand_or_kneel", choices, "dotn_benjen", low=1, high=1, ctx=data
    )


@handler("dotn_benjen")
def _benjen_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref not in state.in_play:
            continue
        if state.in_play[ref].knelt:
            stand_card(state, ref)
        else:
            kneel_card(state, ref)


def _benjen_may(state: GameState, ctx: Ctx) -> bool:
    return _benjen_came(state, ctx) and bool(_benjen_choices(state, ctx))


# The choice is made as it resolves; the response needs something to choose.
register("dotn_21", Ability("response", _benjen, trigger="entered_play", condition=_benjen_may))

# --- dotn_23 Lord Tywin's Man --------------------------------------------------------------
# "While Lord Tywin's Man is attacking, House Lannister characters cannot defend."  Every
# player's House Lannister characters (printed House), in the challenge he attacks in.


def _tywins_man(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if challenge is None or source not in challenge.get("attackers", ()):
        return base
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and of_house(state, subject, "Lannister")
    ):
        return False
    return base


register("dotn_23", passives={"can_defend": _tywins_man})

# --- dotn_25 Zealot of the Light -----------------------------------------------------------
# "Response: After you win dominance, kneel Zealot of the Light to discard 1 card at random
# from any 1 opponent's hand."  The player chooses the opponent (asked only in melee).


def _won_dominance(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _zealot(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "dotn_zealot")


@handler("dotn_zealot")
def _zealot_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_at_random(state, int(ctx["choice"]), 1)


register(
    "dotn_25",
    Ability(
        "response",
        _zealot,
        trigger="dominance_won",
        condition=_won_dominance,
        costs=(KNEEL_SELF,),
    ),
)

# --- dotn_27 Nute the Barber ---------------------------------------------------------------
# "Intimidate. Any Phase: Discard 1 card from your hand to give Nute the Barber +1 STR until
# the end of the phase."  The discard is the cost (``discard_hand``); no limit.


def _nute(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        add_lasting(state, "strength", ctx["source"], "phase", ctx["source"], amount=1)


register("dotn_27", Ability("action", _nute, costs=(Cost("discard_hand", 1),)))

# --- dotn_29 Maegi Crone -------------------------------------------------------------------
# "Response: After a character's STR is reduced to 0, draw 1 card."  The ``strength_reduced``
# trigger (a card effect lowering a character's STR: a lasting effect or an attachment),
# when the character's STR is then 0 (RULINGS). Any character, anyone's.


def _reduced_to_zero(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return card in state.in_play and is_character(state, card) and strength(state, card) <= 0


def _maegi(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


STR_LISTENERS.add("dotn_29")
register(
    "dotn_29",
    Ability("response", _maegi, trigger=STR_REDUCED, condition=_reduced_to_zero),
    forced={"entered_play": reduced_by_attachment},
)

# --- dotn_31 Maester of Lemonwood ----------------------------------------------------------
# "Response: After you play Maester of Lemonwood from your hand, choose and discard any
# number of Condition attachments from play."  Any player's Condition attachments (none
# chosen is allowed); discarded together, with saves.


def _lemonwood_played(state: GameState, ctx: Ctx) -> bool:
    return played_from_hand(state, ctx) and ctx["event"].get("seat") == ctx["seat"]


def _conditions(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.in_play
        if facts(state, r).type == "attachment"
        and has_trait(state, r, "Condition")
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _lemonwood_may(state: GameState, ctx: Ctx) -> bool:
    return _lemonwood_played(state, ctx) and bool(_conditions(state, ctx))


def _lemonwood(state: GameState, ctx: Ctx) -> None:
    found = _conditions(state, ctx)
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "discard", found, "dotn_lemonwood", high=len(found), ctx=data)


@handler("dotn_lemonwood")
def _lemonwood_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        moves.discard(state, chosen)


register(
    "dotn_31",
    Ability(
        "response",
        _lemonwood,
        trigger="played",
        condition=_lemonwood_may,
    ),
)

# --- dotn_33 Stonesnake --------------------------------------------------------------------
# "Stealth. No attachments. Stonesnake can declare stealth on characters with stealth."  The
# flag ``stealth_on_stealth`` of the attacker (challenges._ask_stealth).

register("dotn_33", passives={"stealth_on_stealth": on_self(lambda base: True)})

# --- dotn_34 Traitorous Crow ---------------------------------------------------------------
# "No attachments. After Traitorous Crow comes out of Shadows, choose and discard 1 Night's
# Watch or 1 Wildling character from play."  Forced (no trigger word): its controller must
# choose one if there is any, anyone's, Traitorous Crow itself included (RULINGS); it may be
# saved.


def _crow(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if ctx["event"].get("card") != source:
        return
    found = [
        r
        for r in characters_of(state)
        if (has_trait(state, r, NIGHTS_WATCH) or has_trait(state, r, WILDLING))
        and choosable(state, r, source, seat)
    ]
    data = {"seat": seat, "source": source}
    ask_select(state, seat, "discard", found, "dotn_crow", low=1, high=1, ctx=data)


@handler("dotn_crow")
def _crow_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        moves.discard(state, chosen)


register("dotn_34", forced={CAME_OUT: _crow})

# --- dotn_36 Mammoth Riders ----------------------------------------------------------------
# "No attachments. At the end of the challenge phase, return Mammoth Riders to your hand if
# it is still in play. After you play Mammoth Riders, you cannot play any further cards from
# your hand this round."  Forced both. The first at the moment ``challenges_ends`` (to its
# owner's hand, with saves). The second: the permission ``can_play`` of ``<seat>:from_hand``
# for the round (rules.play_problem: marshalling, duplicates, events, into Shadows; not
# Ambush, which puts a card into play: RULINGS), once it was played (marshalled) by you.


def _mammoth_home(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.return_to_hand(state, [ctx["source"]])


def _mammoth_played(state: GameState, ctx: Ctx) -> None:
    if not played_from_hand(state, ctx):
        return
    seat = ctx["event"].get("seat", controller(state, ctx["source"]))
    add_lasting(state, "can_play", f"{seat}:from_hand", "round", ctx["source"], value=False)


register("dotn_36", forced={"challenges_ends": _mammoth_home, "played": _mammoth_played})
