"""A Harsh Mistress (btns_61 to btns_80): the characters (Maege Mormont, Watcher of the
Nightfire, Ghost of Winterfell, Maester Myles, The Windblown, The Golden Company)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    RETURN_SELF,
    Ability,
    Ctx,
    add_each_time,
    agenda_of,
    effect,
    facts,
    handler,
    icons,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    cheaper_per_unique,
    pile_to_hand,
)
from gameplay.engine.challenges import SIDE_DECLARED
from gameplay.engine.influence import ask_influence, total_influence
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import can_attack, can_defend, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- btns_61 Maege Mormont -------------------------------------------------------------------
# "If you are not running an Agenda, Maege Mormont gains: "Response: After you win a challenge
# in which Maege Mormont participated, return her to her owner's hand to search your deck for
# a [Stark] location. Put that location into play knelt and shuffle your deck.""
# "You": her controller. Returning her is the cost (cannot be saved); the search may find
# nothing (a unique location already in play or dead for that player is not offered).


def _maege_won(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    sides = list(event.get("attackers", ())) + list(event.get("defenders", ()))
    return agenda_of(state, seat) is None and event.get("winner") == seat and ctx["source"] in sides


def _maege(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]

    def stark_location(ref: str) -> bool:
        card = facts(state, ref)
        return (
            card.type == "location" and "Stark" in card.houses and moves_unique_ok(state, seat, ref)
        )

    moves.search_deck(state, seat, stark_location, "btns_maege_found", ctx={"seat": seat})


def moves_unique_ok(state: GameState, seat: int, ref: str) -> bool:
    return unique_problem(state, seat, facts(state, ref)) is None


@handler("btns_maege_found")
def _maege_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in state.players[seat].deck:
            put_into_play(state, seat, ref)
            state.in_play[ref].knelt = True


register(
    "btns_61",
    Ability(
        "response",
        _maege,
        trigger="challenge_won",
        condition=_maege_won,
        costs=(RETURN_SELF,),
        search=True,
    ),
)


# --- btns_65 Watcher of the Nightfire --------------------------------------------------------
# "Renown. Response: After you win dominance, draw 1 card."


def _won_dominance(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _draw_one(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "btns_65",
    Ability("response", _draw_one, trigger="dominance_won", condition=_won_dominance),
)


# --- btns_67 Ghost of Winterfell -------------------------------------------------------------
# "Deadly. Response: After a character is killed for deadly, draw 1 card."  Any player's
# character, killed as the Deadly step's choice (the engine's ``challenge["deadly_killed"]``).


def _killed_for_deadly(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    if challenge is None:
        return False
    killed = challenge.get("deadly_killed", ())
    return any(r in killed for r in ctx["event"].get("cards", ()))


register(
    "btns_67",
    Ability("response", _draw_one, trigger="killed", condition=_killed_for_deadly),
)


# --- btns_70 Maester Myles -------------------------------------------------------------------
# "Challenges: Kneel Maester Myles to choose a participating character with only 1 icon.
# Remove that character from the challenge."


def _one_icon_participants(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in (*challenge["attackers"], *challenge["defenders"])
        if r in state.in_play and len(icons(state, r)) == 1
    ]


def _myles(state: GameState, ctx: Ctx) -> None:
    target, challenge = ctx["target"], state.challenge
    if challenge is None or target not in state.in_play:
        return
    for side in ("attackers", "defenders"):
        if target in challenge[side]:
            challenge[side].remove(target)
            state.emit("removed_from_challenge", cards=[target], side=side, card=ctx["source"])


register(
    "btns_70",
    Ability(
        "action",
        _myles,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_one_icon_participants,
    ),
)


# --- btns_71 Rhoynar Emissary ---------------------------------------------------------------
# "Challenges: Kneel Rhoynar Emissary to choose a character. If that character is not declared
# as a participant in the next challenge this phase for which it is eligible, discard it from
# play. Any opponent may kneel 2 influence to cancel this effect."  As it resolves, each
# opponent with 2 influence, in turn order, may kneel 2 influence to cancel it. Otherwise
# (ruling) the condition is checked only as its controller declares attackers or defenders
# (the engine's ``each_time:side_declared`` effects, challenges._declare_side): when the
# character could have been declared on that side (rules.can_attack / can_defend at the
# time) and was not, it is discarded from play (it may be saved); when it was declared, the
# effect ends; when it could not be, the effect waits for the next challenge this phase.

EMISSARY_INFLUENCE = 2
EMISSARY_OPTIONS = ("cancel", "allow")


def _emissary(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    others = [o for o in state.turn_order() if o in state.opponents(seat)]
    data = {"seat": seat, "source": ctx["source"], "target": ctx["target"], "asking": others}
    _emissary_ask(state, data)


def _emissary_ask(state: GameState, data: Ctx) -> None:
    asking = [o for o in data["asking"] if total_influence(state, o) >= EMISSARY_INFLUENCE]
    if asking:
        other, rest = asking[0], asking[1:]
        ctx = {**data, "asking": rest, "other": other}
        ask_choose(state, other, "rhoynar_emissary", EMISSARY_OPTIONS, "btns_emissary", ctx=ctx)
        return
    if data["target"] in state.in_play:
        mark = f"{data['source']}:{len(state.log)}"
        add_each_time(
            state,
            SIDE_DECLARED,
            data["seat"],
            "btns_emissary_check",
            data["source"],
            target=data["target"],
            mark=mark,
        )


@handler("btns_emissary")
def _emissary_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other = ctx["other"]
    if ctx["choice"] == "cancel" and total_influence(state, other) >= EMISSARY_INFLUENCE:
        ask_influence(
            state, other, EMISSARY_INFLUENCE, {"seat": other, "then": "btns_emissary_paid"}
        )
        return
    _emissary_ask(state, {k: v for k, v in ctx.items() if k not in ("other", "choice")})


@handler("btns_emissary_paid")
def _emissary_paid(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    """An opponent knelt 2 influence: the effect is cancelled (nothing waits)."""


@effect("btns_emissary_check")
def _emissary_check(state: GameState, entry: Ctx) -> None:
    event, target, challenge = entry["event"], entry["target"], state.challenge

    def drop() -> None:
        state.effects = [e for e in state.effects if e.get("mark") != entry["mark"]]

    if target not in state.in_play:
        drop()
        return
    seat = event["seat"]
    if challenge is None or state.in_play[target].controller != seat:
        return
    if target in event["cards"]:
        drop()
        return
    ctype = event["type"]
    if event["side"] == "attackers":
        eligible = target in can_attack(state, seat, ctype)
    else:
        eligible = target in can_defend(state, seat, ctype, challenge.get("blocked", []))
    if eligible:
        drop()
        moves.discard(state, [target])


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters_of(state)


register(
    "btns_71",
    Ability(
        "action",
        _emissary,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_any_character,
    ),
)


# --- btns_72 The Windblown, btns_73 The Golden Company ---------------------------------------
# "No attachments. Lower the cost to play X by 1 for each unique [House] character you
# control."  An ``own_cost`` passive (from the hand; marshalling).


# "While The Windblown is attacking, characters with fewer than 2 icons do not count their
# STR."  The ``counts_strength`` permission of every character, while it is an attacker.


def _windblown_counts(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if (
        base
        and challenge is not None
        and source in challenge["attackers"]
        and subject in state.in_play
        and len(icons(state, subject)) < 2
    ):
        return False
    return base


register(
    "btns_72",
    passives={"own_cost": cheaper_per_unique("Martell"), "counts_strength": _windblown_counts},
)


# "Renown. ... Response: After you win a challenge in which The Golden Company participated as
# an attacker, return 1 random card from your discard pile to your hand."


def _company_won(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    return (
        event.get("winner") == seat
        and ctx["source"] in event.get("attackers", ())
        and bool(state.players[seat].discard)
    )


def _company(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    pile = state.players[seat].discard
    if pile:
        pile_to_hand(state, seat, pile[state.random_below(len(pile))], "discard")


register(
    "btns_73",
    Ability("response", _company, trigger="challenge_won", condition=_company_won),
    passives={"own_cost": cheaper_per_unique("Targaryen")},
)
