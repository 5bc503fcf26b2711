"""A Change of Seasons (ator_41..ator_60) scripts, registered by card code."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    crests,
    facts,
    is_character,
    pool,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    attacked_alone,
    characters_of,
    has_trait,
    kneel_card,
    kneel_self_when,
    not_winter,
    of_house,
    participants,
    scavengers_of_your_play,
    stand_card,
    summer,
    winter,
    won,
)
from gameplay.engine.cards.vocabulary import event as event_ability
from gameplay.engine.rules import can_take, gold_penalty
from gameplay.engine.state import GameState

# "events_found" (cards/vocabulary/zones.py): a searched card goes to the hand, revealed.


# --- ator_43 Burning Sword ------------------------------------------------------------------
# "Unique character only. If it is Winter, Burning Sword gains: 'Any Phase: Kneel Burning
# Sword to give attached character +2 STR and 'immune to card effects' until the end of the
# phase.'"


def _unique_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and facts(state, target).unique


def _burning_sword(state: GameState, ctx: Ctx) -> None:
    bearer = attached_to(state, ctx["source"])
    if bearer is not None and bearer in state.in_play:
        add_lasting(state, "strength", bearer, "phase", ctx["source"], amount=2)
        add_lasting(state, "immune", bearer, "phase", ctx["source"], add=["immune to card effects"])


register(
    "ator_43",
    Ability("action", _burning_sword, costs=(KNEEL_SELF,), condition=winter),
    attach_rule=_unique_character,
)


# --- ator_46 Shadow Stalker ------------------------------------------------------------------
# "Response: After you win a challenge in which Shadow Stalker attacked alone and it is
# Winter, choose and kill a character."


def _stalker_ok(state: GameState, ctx: Ctx) -> bool:
    return attacked_alone(state, ctx) and winter(state)


register(
    "ator_46",
    Ability(
        "response",
        moves.kill_target,
        trigger="challenge_won",
        condition=_stalker_ok,
        targets=lambda state, ctx: characters_of(state),
    ),
)


# --- ator_47 Wintertime Marauders ----------------------------------------------------------
# "If it is Summer and you reveal a plot card, kneel Wintertime Marauders. Response: If it is
# Winter and you win a challenge in which Wintertime Marauders is participating, choose and
# discard a non-unique card from play."


def _marauders_ok(state: GameState, ctx: Ctx) -> bool:
    return won()(state, ctx) and winter(state) and ctx["source"] in participants(ctx["event"])


def _non_unique_cards(state: GameState, ctx: Ctx) -> list[str]:
    return [r for p in state.players for r in p.in_play if not facts(state, r).unique]


def _discard_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


register(
    "ator_47",
    Ability(
        "response",
        _discard_target,
        trigger="challenge_won",
        condition=_marauders_ok,
        targets=_non_unique_cards,
    ),
    forced={"plot_revealed": kneel_self_when(summer)},
)


# --- ator_48 Theon Greyjoy ------------------------------------------------------------------
# "If you are playing a House Stark House card, reduce the gold penalty to play Theon Greyjoy
# by 1. Response: After you win a challenge in which Theon Greyjoy participated, choose a
# House Stark or House Greyjoy character. If it is Summer, stand that character. If it is
# Winter, kill that character."


def _theon_cost(state: GameState, ref: str, seat: int, cost: int) -> int:
    house = state.players[seat].house
    return cost - 1 if house == "Stark" and gold_penalty(house, facts(state, ref)) else cost


def _theon_ok(state: GameState, ctx: Ctx) -> bool:
    return (
        won()(state, ctx)
        and ctx["source"] in participants(ctx["event"])
        and (summer(state) or winter(state))
    )


def _stark_or_greyjoy(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if of_house(state, r, "Stark") or of_house(state, r, "Greyjoy")
    ]


def _theon(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    if summer(state):
        stand_card(state, ref)
    elif winter(state):
        moves.kill(state, [ref])


register(
    "ator_48",
    Ability(
        "response",
        _theon,
        trigger="challenge_won",
        condition=_theon_ok,
        targets=_stark_or_greyjoy,
    ),
    passives={"own_cost": _theon_cost},
)


# --- ator_49 Maester Aemon --------------------------------------------------------------------
# "Response: If it is not Winter, kneel Maester Aemon to save a Night's Watch character from
# being killed."


def _aemon_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play
        and is_character(state, r)
        and "Night's Watch" in traits(state, r)
        and not moves.saved(state, r)
    ]


register(
    "ator_49",
    Ability(
        "save",
        moves.save_target,
        trigger="would_be_killed",
        costs=(KNEEL_SELF,),
        condition=not_winter,
        targets=_aemon_targets,
    ),
)


# --- ator_50 Southron Scavengers -------------------------------------------------------------

register("ator_50", forced={"played": scavengers_of_your_play(("Martell", "Greyjoy"))})


# --- ator_53 The Lion's Law -------------------------------------------------------------------
# "Any Phase: If there is at least 1 Military Battle plot card revealed, pay 1 gold or kneel
# a War character to choose and kneel a character or location. Then, discard 1 power from
# the target." (Two abilities, one per cost.)


def _battle_revealed(state: GameState, ctx: Ctx) -> bool:
    plots = [p.revealed_plot for p in state.players if p.revealed_plot]
    return any("Military Battle" in traits(state, r) for r in plots)


def _kneelable(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for p in state.players
        for r in p.in_play
        if facts(state, r).type in ("character", "location") and not state.in_play[r].knelt
    ]


def _lions_law(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    kneel_card(state, ref)
    if state.in_play[ref].power > 0:
        moves.card_power(state, ref, -1, "the_lions_law")


def _war(state: GameState, ref: str) -> bool:
    return "war" in crests(state, ref)


register(
    "ator_53",
    event_ability(
        _lions_law, costs=(Cost("gold", 1),), targets=_kneelable, condition=_battle_revealed
    ),
    event_ability(
        _lions_law,
        costs=(Cost("kneel", 1, _war, "War character"),),
        targets=_kneelable,
        condition=_battle_revealed,
    ),
)


# --- ator_54 Vigilant Stag --------------------------------------------------------------------
# "Challenges: Kneel 2 influence to choose a unique House Baratheon character. Until the end
# of the phase, that character gains vigilant."


def _gain(word: str, until: str) -> Any:
    def fn(state: GameState, ctx: Ctx) -> None:
        if ctx["target"] in state.in_play:
            add_lasting(state, "keywords", ctx["target"], until, ctx["source"], add=[word])

    return fn


register(
    "ator_54",
    event_ability(
        _gain("vigilant", "phase"),
        phases=("challenges",),
        costs=(Cost("influence", 2),),
        targets=lambda state, ctx: [
            r
            for r in characters_of(state)
            if facts(state, r).unique and of_house(state, r, "Baratheon")
        ],
    ),
)


# --- ator_55 Thuggish Tactics -----------------------------------------------------------------
# "Challenges: Choose a participating Ironborn character. Until the end of the challenge,
# that character gains intimidate."


def _ironborn_participants(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in challenge["attackers"] + challenge["defenders"]
        if r in state.in_play and has_trait(state, r, "Ironborn")
    ]


register(
    "ator_55",
    event_ability(
        _gain("intimidate", "challenge"), phases=("challenges",), targets=_ironborn_participants
    ),
)


# --- ator_56 Dragon Attack ---------------------------------------------------------------------
# "Any Phase: Kneel a Dragon character to choose a character. Until the end of the phase,
# that character gets -2 STR and is killed if its STR is 0."


def _dragon(state: GameState, ref: str) -> bool:
    return "Dragon" in traits(state, ref)


def _dragon_attack(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        add_lasting(state, "strength", ref, "phase", ctx["source"], amount=-2)
        add_lasting(state, "dies_at_zero", ref, "phase", ctx["source"], value=True)


register(
    "ator_56",
    event_ability(
        _dragon_attack,
        costs=(Cost("kneel", 1, _dragon, "Dragon character"),),
        targets=lambda state, ctx: characters_of(state),
    ),
)


# --- ator_59 A Time for Ravens (plot) ----------------------------------------------------------
# "When revealed, search your deck for a Raven card, reveal it, and put it into your hand.
# Then, shuffle your deck."


def _time_for_ravens(state: GameState, ctx: Ctx) -> None:
    moves.search_deck(
        state, ctx["seat"], lambda r: "Raven" in facts(state, r).traits, "events_found"
    )


register("ator_59", when_revealed=_time_for_ravens)


# --- ator_42 Taxed Dry ------------------------------------------------------------------------
# "Attach to an opponent's income providing card. If it is Winter, attached card does not
# provide an income bonus. If it is Summer, when you count income you may also count the
# income bonus on the attached card." (An income providing card: a printed [+N Income].)


def _income_card(state: GameState, code: str, target: str, seat: int | None) -> bool:
    if facts(state, target).type == "character" and not can_take(
        facts(state, target), pool(state)[code]
    ):
        return False
    owner = state.in_play[target].controller
    theirs = seat is None or (owner != seat and owner in state.opponents(seat))
    return theirs and (facts(state, target).income or 0) > 0


def _taxed_bonus(state: GameState, source: str, subject: Any, base: int) -> int:
    return 0 if subject == attached_to(state, source) and winter(state) else base


def _taxed_income(state: GameState, source: str, subject: Any, base: int) -> int:
    bearer = attached_to(state, source)
    if subject != controller(state, source) or bearer is None or not summer(state):
        return base
    return base + (facts(state, bearer).income or 0)


register(
    "ator_42",
    passives={"income_bonus": _taxed_bonus, "income": _taxed_income},
    attach_rule=_income_card,
).attach_types = ("character", "location")


# --- ator_60 Unconventional Warfare (plot) -----------------------------------------------------
# "Any Phase: Pay 1 gold to give Unconventional Warfare the Military Battle, Power Struggle or
# Intrigue Gambit trait until the end of the phase." One ability per trait, used from the
# revealed plot (zone "plot").

WARFARE_TRAITS = ("Military Battle", "Power Struggle", "Intrigue Gambit")


def _give_plot_trait(trait: str) -> Any:
    def fn(state: GameState, ctx: Ctx) -> None:
        add_lasting(state, "traits", ctx["source"], "phase", ctx["source"], add=[trait])

    return fn


register(
    "ator_60",
    *(
        Ability(
            "action",
            _give_plot_trait(trait),
            costs=(Cost("gold", 1),),
            zones=("plot",),
            label=f"Any Phase: Pay 1 gold to give Unconventional Warfare the {trait} trait.",
        )
        for trait in WARFARE_TRAITS
    ),
)
