"""Queen of Dragons locations, registered by card code (see abilities.register).

Kingsroad Fiefdom needs no code. The reprints of the Core Set (Summer Sea qod_32, Khal
Drogo's Tent qod_33, Eastern Fiefdoms qod_34, Great Pyramid qod_35) play as their Core
printings.
"""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    effect,
    facts,
    participating,
    register,
    season,
)
from gameplay.engine.cards.queen_of_dragons.common import (
    DRAGON,
    TARGARYEN,
    characters,
    gain_keyword,
)
from gameplay.engine.cards.vocabulary import has_trait
from gameplay.engine.rules import add_reduction, cost_reducer
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

# --- qod_26 Qarth --------------------------------------------------------------------------
# "Challenges: Kneel Qarth to choose 1 Dragon character you control. For the duration of the
# phase, that character gains an Intrigue icon and Deadly."


def _my_dragons(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state, ctx["seat"]) if has_trait(state, r, DRAGON)]


def _my_participating_dragons(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in _my_dragons(state, ctx) if participating(state, r)]


def _qarth(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        add_lasting(state, "icons", ref, "phase", ctx["source"], add=["intrigue"])
        add_lasting(state, "keywords", ref, "phase", ctx["source"], add=["deadly"])


def _kneel_action(
    effect_fn: Callable[[GameState, Ctx], None],
    targets: Callable[[GameState, Ctx], list[str]],
) -> Ability:
    return Ability(
        "action", effect_fn, phases=("challenges",), costs=(KNEEL_SELF,), targets=targets
    )


register("qod_26", _kneel_action(_qarth, _my_dragons))

# --- qod_27 Yunkai -------------------------------------------------------------------------
# "Challenges: Kneel Yunkai to choose 1 Dragon character you control. Until the end of the
# phase, that character gains Renown."

register("qod_27", _kneel_action(gain_keyword("renown"), _my_dragons))


# --- qod_28 Astapor ------------------------------------------------------------------------
# "Challenges: Kneel Astapor to choose 1 participating Dragon character you control. Until
# the end of the phase, that character gets +2 STR. If you win the challenge, stand that
# character."

ASTAPOR_STR = 2


def _astapor(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["target"], ctx["seat"]
    if ref in state.in_play:
        add_lasting(state, "strength", ref, "phase", ctx["source"], amount=ASTAPOR_STR)
        add_delayed(state, "challenge_won", seat, "qod_astapor_stand", ctx["source"], card=ref)


@effect("qod_astapor_stand")
def _astapor_stand(state: GameState, data: Ctx) -> None:
    ref = data["card"]
    if ref in state.in_play and state.in_play[ref].knelt:
        moves.stand(state, ref)
        state.emit("stood", card=ref)


register("qod_28", _kneel_action(_astapor, _my_participating_dragons))


# --- qod_29 Meereen ------------------------------------------------------------------------
# "Challenges: Kneel Meereen to choose 1 participating Dragon character you control. Until
# the end of the phase, that character gains "Immune to opponents' triggered effects." If
# you win the challenge draw 1 card for each participating Dragon character you control."
# The Dragons are counted as the challenge is won.

MEEREEN_IMMUNITY = "immune to opponents' triggered effects"


def _meereen(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["target"], ctx["seat"]
    if ref in state.in_play:
        add_lasting(state, "keywords", ref, "phase", ctx["source"], add=[MEEREEN_IMMUNITY])
    add_delayed(state, "challenge_won", seat, "qod_meereen_draw", ctx["source"])


@effect("qod_meereen_draw")
def _meereen_draw(state: GameState, data: Ctx) -> None:
    seat = data["seat"]
    dragons = _my_participating_dragons(state, {"seat": seat})
    if dragons:
        moves.effect_draw(state, seat, len(dragons))


register("qod_29", _kneel_action(_meereen, _my_participating_dragons))


# --- qod_30 Plaza of Pride -----------------------------------------------------------------
# "House Targaryen only.
# Challenges: Kneel Plaza of Pride to give an attacking Targaryen Army character you
# control either Stealth or Deadly until the end of the phase." The keyword is chosen with
# the action (two uses).


def _attacking_armies(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None or challenge["attacker"] != ctx["seat"]:
        return []
    return [
        r
        for r in challenge["attackers"]
        if r in state.in_play
        and TARGARYEN in facts(state, r).houses
        and has_trait(state, r, "Army")
        and state.in_play[r].controller == ctx["seat"]
    ]


register(
    "qod_30",
    *[
        Ability(
            "action",
            gain_keyword(word),
            phases=("challenges",),
            costs=(KNEEL_SELF,),
            targets=_attacking_armies,
            label=f"Challenges: Kneel Plaza of Pride to give an attacking Targaryen Army "
            f"character you control {word.capitalize()} until the end of the phase.",
        )
        for word in ("stealth", "deadly")
    ],
)


# --- qod_31 Myrish Villa -------------------------------------------------------------------
# "Any Phase: Kneel 1 influence to put Myrish Villa into play from your hand.
# Marshalling: Kneel Myrish Villa to lower the cost of the next Targaryen card you play this
# phase by 1 (by 2 instead if it is Summer)." Summer when the reduction is made.


def _villa_enters(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.players[ctx["seat"]].hand:
        put_into_play(state, ctx["seat"], ctx["source"])


def _villa_lowers(state: GameState, ctx: Ctx) -> None:
    amount = 2 if season(state) == "summer" else 1
    add_reduction(state, ctx["seat"], amount, ctx["source"], houses=(TARGARYEN,))


register(
    "qod_31",
    Ability("action", _villa_enters, costs=(Cost("influence", 1),), zones=("hand",)),
    Ability("action", _villa_lowers, phases=("marshalling",), costs=(KNEEL_SELF,)),
)


# --- Core Set reprints -------------------------------------------------------------------

register("qod_32", cost_reducer(2, (TARGARYEN, "Martell"), ("character",), cost=DISCARD_SELF))
register("qod_33", house_attachment=True)
register("qod_34", cost_reducer(1, (TARGARYEN,)))
register("qod_35", cost_reducer(2, (TARGARYEN,), ("character",)))


# --- qod_41 High Ground --------------------------------------------------------------------
# "Challenges: Kneel High Ground to choose and stand an in-House Army character." In-House:
# the character has the House of its controller's House card; anyone's, kneeling.


def _in_house_armies(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if state.in_play[r].knelt
        and has_trait(state, r, "Army")
        and state.players[state.in_play[r].controller].house in facts(state, r).houses
    ]


def _stand_target(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play and state.in_play[ref].knelt:
        moves.stand(state, ref)
        state.emit("stood", card=ref)


register("qod_41", _kneel_action(_stand_target, _in_house_armies))


# --- qod_43 River Row ----------------------------------------------------------------------
# "Limit 1 per deck. River Row comes into play knelt.
# Marshalling: Kneel River Row to lower the cost of the next character you play this phase
# by 1."


def _enters_knelt(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if ctx["event"].get("card") == source and source in state.in_play:
        moves.kneel(state, source)
        state.emit("knelt", card=source, code=state.code(source), seat=ctx["seat"])


register("qod_43", cost_reducer(1, (), ("character",)), forced={"entered_play": _enters_knelt})
