"""A Turn of the Tide (asots_61 to asots_80): Sitting the Iron Throne, Dale Seaworth, Passing
the Wall, Margaery Tyrell and King's Landing Coup."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_delayed,
    characters,
    controller,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    LEFT_PLAY,
    choosable,
    event,
    has_trait,
    kneel_card,
    pile_to_hand,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_from_hand_allowed, put_into_play

# --- asots_62 Sitting the Iron Throne --------------------------------------------------------
# "House Lannister only. Deathbound. Any Phase: Pay 1 gold to choose a character to claim 1
# power. (Limit 3 times per round.) Dominance: If you won dominance this phase, pay 1 gold to
# return Sitting the Iron Throne from your dead pile to your hand."  Any player's character;
# the limit counts the plays of every copy by one player (the engine's event limit). The
# second ability is used from the dead pile, in the dominance phase after dominance is won.


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if choosable(state, r, ctx["source"], ctx["seat"])]


def _throne_power(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.card_power(state, ctx["target"], 1, ctx["source"])


def _won_dominance_this_phase(state: GameState, ctx: Ctx) -> bool:
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            return False
        if entry["event"] == "dominance":
            return entry.get("seat") == ctx["seat"]
    return False


def _throne_back(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["source"], "dead")


register(
    "asots_62",
    event(
        _throne_power,
        costs=(Cost("gold", 1),),
        targets=_any_character,
        limit=(3, "round"),
    ),
    Ability(
        "action",
        _throne_back,
        phases=("dominance",),
        zones=("dead",),
        costs=(Cost("gold", 1),),
        condition=_won_dominance_this_phase,
    ),
)

# --- asots_67 Dale Seaworth ------------------------------------------------------------------
# "Joust. Response: After Dale Seaworth enters play or leaves play, choose and return 1
# [Baratheon] card from your discard pile to your hand."  Leaving play: answered from the pile
# or hand he went to (vocabulary LEFT_PLAY; not when shuffled into a deck or removed from the
# game); a Dale discarded from play may return himself.


def _baratheon_discards(state: GameState, ctx: Ctx) -> list[str]:
    pile = state.players[ctx["seat"]].discard
    return [r for r in pile if "Baratheon" in facts(state, r).houses]


def _dale(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["target"], "discard")


def _dale_entered(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


def _dale_left(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


register(
    "asots_67",
    Ability(
        "response",
        _dale,
        trigger="entered_play",
        condition=_dale_entered,
        targets=_baratheon_discards,
    ),
    *(
        Ability(
            "response",
            _dale,
            trigger=name,
            condition=_dale_left,
            zones=(zone,),
            targets=_baratheon_discards,
        )
        for name, zone in LEFT_PLAY.items()
        if zone is not None
    ),
)

# --- asots_70 Passing the Wall ---------------------------------------------------------------
# "House Stark only. Any Phase: Put a Night's Watch character into play from your hand, then
# draw 1 card. At the end of the phase, if that character is still in play, return it to your
# hand."  Playable only with such a character in hand that may be put into play (hidden
# prompt: the hand is secret); the return may be saved.

NIGHTS_WATCH = "Night's Watch"


def _watchers(state: GameState, seat: int) -> list[str]:
    if not put_from_hand_allowed(state, seat):
        return []
    return [
        r
        for r in state.players[seat].hand
        if facts(state, r).type == "character"
        and NIGHTS_WATCH in facts(state, r).traits
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _passing_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_watchers(state, ctx["seat"]))


def _passing(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _watchers(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(
        state, seat, "put_into_play", found, "asots_passing", low=1, high=1, ctx=data, hidden=True
    )


@handler("asots_passing")
def _passing_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in state.players[seat].hand:
            put_into_play(state, seat, ref)
            add_delayed(
                state, "phase_ends", seat, "qod_back_to_hand", ctx["source"], "phase", card=ref
            )
    moves.effect_draw(state, seat, 1)


register("asots_70", event(_passing, condition=_passing_may))

# --- asots_77 Margaery Tyrell ----------------------------------------------------------------
# "While any opponent controls a Lady or Queen character, Margaery Tyrell gains melee.
# Response: After Margaery Tyrell is knelt as an attacker, choose and kneel a character
# controlled by the defending player. Then, that character is participating in this challenge
# as a defender. (Limit once per phase.)"  The ``knelt`` trigger of her declaration as an
# attacker; a standing character of the defending player (any icons); it joins the defenders
# (``joined_challenge``) and stays one when defenders are declared.


def _margaery_melee(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    seat = controller(state, source)
    for other in state.opponents(seat):
        for ref in characters(state, other):
            if has_trait(state, ref, "Lady") or has_trait(state, ref, "Queen"):
                return base | {"melee"}
    return base


def _knelt_attacking(state: GameState, ctx: Ctx) -> bool:
    event_ = ctx["event"]
    return (
        event_.get("by") == "attack"
        and ctx["source"] in event_.get("cards", ())
        and state.challenge is not None
    )


def _defenders_standing(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in characters(state, challenge["defender"]) if not state.in_play[r].knelt]


def _margaery(state: GameState, ctx: Ctx) -> None:
    target, challenge = ctx["target"], state.challenge
    if target not in state.in_play or state.in_play[target].knelt:
        return
    kneel_card(state, target)
    if challenge is not None and target not in challenge["defenders"]:
        challenge["defenders"].append(target)
        seat = controller(state, target)
        state.emit("joined_challenge", card=target, seat=seat, side="defenders")


register(
    "asots_77",
    Ability(
        "response",
        _margaery,
        trigger="knelt",
        condition=_knelt_attacking,
        targets=_defenders_standing,
        limit=(1, "phase"),
    ),
    passives={"keywords": _margaery_melee},
)

# --- asots_80 King's Landing Coup ------------------------------------------------------------
# "If you have no other City plots in your used pile, reveal the top card of your deck and add
# it to your hand every time you win a challenge as the defender."  A forced effect of the
# revealed plot on ``challenge_won``.


def _coup(state: GameState, ctx: Ctx) -> None:
    seat, event_ = ctx["seat"], ctx["event"]
    if event_.get("winner") != seat or event_.get("defender") != seat:
        return
    player = state.players[seat]
    if any("City" in facts(state, r).traits for r in player.used_plots) or not player.deck:
        return
    top = player.deck[0]
    moves.reveal(state, seat, [top], "reveal_top")
    if top in player.deck:
        player.deck.remove(top)
        player.hand.append(top)
        state.emit("revealed_to_hand", seat=seat, card=top, code=state.code(top))


register("asots_80", forced={"challenge_won": _coup})
