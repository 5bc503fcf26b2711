"""Trial By Combat (atoc_81 to atoc_100), registered by card code. Handler and effect names
start with ``tbc_``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    agenda_of,
    as_acting,
    attached_to,
    attachments,
    characters,
    controller,
    facts,
    handler,
    icons,
    in_play_named,
    is_blank,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import has_trait, stand_card, summer, this_round, won
from gameplay.engine.cards.vocabulary import response as response_event
from gameplay.engine.leaving import kill, kill_target
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

# --- atoc_89 Dragon Knight ---------------------------------------------------------------
# "House Targaryen only. Ambush. Response: After Dragon Knight comes into play, choose 1
# character to get -1 STR until the end of the phase (-2 STR instead if it is Summer)."
# Any character in play (his own included); whether it is Summer is read as the response
# resolves. Ambush and the House restriction are handled by the engine.


def _dragon_knight_entered(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters(state)


def _dragon_knight(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        amount = 2 if summer(state) else 1
        add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=-amount)


register(
    "atoc_89",
    Ability(
        "response",
        _dragon_knight,
        trigger="entered_play",
        condition=_dragon_knight_entered,
        targets=_any_character,
    ),
)


# --- atoc_86 Cotter Pyke -----------------------------------------------------------------
# "No attachments. Intimidate. Melee. If a Black Raven card is not in play, it is Winter."
# Like Crown of Winter (low_1): the ``season`` query says Winter while no card named Black
# Raven is in play (on any House card). Melee is a deck-building keyword: nothing in play.


def _cotter_season(state: GameState, source: str, subject: None, base: str | None) -> str | None:
    return base if in_play_named(state, "Black Raven") else "winter"


register("atoc_86", passives={"season": _cotter_season})


# --- atoc_90 Exiled Knight ---------------------------------------------------------------
# "Deadly. Exiled Knight does not kneel to defend while it has at least 1 attachment."
# The ``kneel_to_defend`` flag (like Ser Arthur Dayne, ator_34), read as defenders are
# declared; any attachment counts, whoever controls it. Deadly is an engine keyword.


def _exiled_knight(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source or not attachments(state, source):
        return base
    return False


register("atoc_90", passives={"kneel_to_defend": _exiled_knight})


# --- atoc_84 Davos's Confidant -----------------------------------------------------------
# "If an opponent is running an agenda, Davos's Confidant gains: "Immune to opponent's
# events."" The ``immune`` set query of the card itself, while some opponent of its
# controller has an agenda card (any agenda).

CONFIDANT_IMMUNITY = "immune to opponent's events"


def _confidant(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject != source:
        return base
    if any(agenda_of(state, seat) for seat in state.opponents(controller(state, source))):
        return base | {CONFIDANT_IMMUNITY}
    return base


register("atoc_84", passives={"immune": _confidant})


# --- atoc_95 First Ranger ----------------------------------------------------------------
# "Unique character only. Attached character gains the Night's Watch trait. Response: After
# you win a challenge in which attached character participated, stand all other Night's
# Watch characters."  "You": First Ranger's controller. "All other Night's Watch
# characters": every one in play but the attached character, whoever controls it; the
# response is offered only while one of them is knelt.


def _first_ranger_rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and facts(state, target).unique


def _first_ranger_traits(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    return base | {"Night's Watch"} if attached_to(state, source) == ref else base


def _first_ranger_others(state: GameState, source: str) -> list[str]:
    host = attached_to(state, source)
    return [
        r
        for r in characters(state)
        if r != host and state.in_play[r].knelt and has_trait(state, r, "Night's Watch")
    ]


def _first_ranger_may(state: GameState, ctx: Ctx) -> bool:
    event, host = ctx["event"], attached_to(state, ctx["source"])
    took_part = [*event.get("attackers", ()), *event.get("defenders", ())]
    return (
        event.get("winner") == ctx["seat"]
        and host is not None
        and host in took_part
        and bool(_first_ranger_others(state, ctx["source"]))
    )


def _first_ranger(state: GameState, ctx: Ctx) -> None:
    for ref in _first_ranger_others(state, ctx["source"]):
        stand_card(state, ref)


register(
    "atoc_95",
    Ability("response", _first_ranger, trigger="challenge_won", condition=_first_ranger_may),
    passives={"traits": _first_ranger_traits},
    attach_rule=_first_ranger_rule,
)


# --- atoc_82 No Quarter ------------------------------------------------------------------
# "House Stark. Response: After you win a Military challenge in which you control at least 1
# participating unique character, choose and kill 1 character controlled by the losing
# opponent. (Limit 1 per challenge.)"  Like Die by the Sword (low_47) with a unique
# character instead of a [War] one: a character of the challenge still in play under your
# control. The kill may be saved. The limit counts per player (an event's limit).


def _no_quarter_may(state: GameState, ctx: Ctx) -> bool:
    if not won("military")(state, ctx):
        return False
    event = ctx["event"]
    return any(
        r in state.in_play and controller(state, r) == ctx["seat"] and facts(state, r).unique
        for r in [*event.get("attackers", ()), *event.get("defenders", ())]
    )


def _no_quarter_targets(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    return [r for r in characters(state) if controller(state, r) == loser]


register(
    "atoc_82",
    response_event(
        kill_target,
        "challenge_won",
        condition=_no_quarter_may,
        targets=_no_quarter_targets,
        limit=(1, "challenge"),
    ),
)


# --- atoc_96 Condemned -------------------------------------------------------------------
# "Attached character loses all Traits and immunities. If you win dominance, kill attached
# character."  "You": Condemned's controller. Traits: the ``traits`` set query of the host
# is emptied (after the other effects that add one: Condemned is read last only as passives
# run in order, so a trait another card grants may survive; printed traits are lost).
# Immunities: the ``no_immunity`` flag of the host (as Den of the Wolf). The kill is a
# forced effect at ``dominance_won`` and may be saved.


def _condemned_traits(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    return set() if attached_to(state, source) == ref else base


def _condemned_immunity(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if attached_to(state, source) == subject else base


def _condemned_kill(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if ctx["event"].get("seat") == ctx["seat"] and host is not None and host in state.in_play:
        kill(state, [host])


register(
    "atoc_96",
    passives={"traits": _condemned_traits, "no_immunity": _condemned_immunity},
    forced={"dominance_won": _condemned_kill},
)


# --- atoc_91 Meraxes ---------------------------------------------------------------------
# "House Targaryen Only. Meraxes counts as 4 STR during the dominance phase. Dominance: Kneel
# Meraxes to draw 1 card. Then, each opponent who did not attack you this round draws 1
# card."  Like Dagmer Cleftjaw's Warships (kotse_14): 4 more on its controller's
# ``dominance`` total while it stands; with Dagmer Cleftjaw (a Warship "counts as 2 STR")
# under the same control it still counts 4 in all, not 6. "Did not attack you": no
# ``challenge`` logged this round with that opponent attacking and Meraxes' controller
# defending.

MERAXES_STR = 4
DAGMER_WARSHIP_STR = 2  # what Dagmer Cleftjaw's passive already adds for Meraxes


def _meraxes_dominance(state: GameState, source: str, seat: Any, base: int) -> int:
    if seat != controller(state, source) or state.in_play[source].knelt:
        return base
    dagmers = [r for r in in_play_named(state, "Dagmer Cleftjaw", seat) if not is_blank(state, r)]
    return base + MERAXES_STR - DAGMER_WARSHIP_STR * len(dagmers)


def _meraxes(state: GameState, ctx: Ctx) -> None:
    me = ctx["seat"]
    moves.effect_draw(state, me, 1)
    attackers = {e.get("seat") for e in this_round(state, "challenge") if e.get("defender") == me}
    for opponent in state.opponents(me):
        if opponent not in attackers:
            moves.effect_draw(state, opponent, 1)


register(
    "atoc_91",
    Ability("action", _meraxes, phases=("dominance",), costs=(KNEEL_SELF,)),
    passives={"dominance": _meraxes_dominance},
)


# --- atoc_93 The Brimstone ---------------------------------------------------------------
# "Response: After a card is discarded from an opponent's hand, choose 1 character. Until
# the end of the phase, that character gains or loses an icon of your choice."  Any
# discard from an opponent's hand (``discarded_from_hand``: at random, by choice, by any
# player's effect); any character in play. As it resolves, its controller picks one of
# "gain <icon>" (an icon it lacks) or "lose <icon>" (an icon it has).

ICONS = ("military", "intrigue", "power")


def _brimstone_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") in state.opponents(ctx["seat"])


def _brimstone(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    has = icons(state, ref)
    options = [f"gain_{i}" for i in ICONS if i not in has] + [
        f"lose_{i}" for i in ICONS if i in has
    ]
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ref}
    ask_choose(state, ctx["seat"], "gain_or_lose_icon", options, "tbc_brimstone", ctx=data)


@handler("tbc_brimstone")
def _brimstone_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    change, _, icon = ctx["choice"].partition("_")
    key = "add" if change == "gain" else "remove"
    add_lasting(state, "icons", ref, "phase", ctx["source"], **{key: [icon]})


register(
    "atoc_93",
    Ability(
        "response",
        _brimstone,
        trigger="discarded_from_hand",
        condition=_brimstone_may,
        targets=_any_character,
    ),
)


# --- atoc_83 Queen's Guard ---------------------------------------------------------------
# "After you trigger an effect that kneels an opponent's character, choose and kneel 1
# character controlled by a different opponent."  A forced effect (no "Response:") at
# ``knelt_by_effect``: a standing card knelt while a card effect of ``seat`` resolves (not
# attacking, defending or a cost; ``moves.knelt`` opens ``knelt`` only for responses), that
# seat being Queen's Guard's controller. "A different opponent": one who controls none of
# the characters just knelt. Its own kneel is a forced effect, not one you trigger: it is
# done as no player's effect, so it does not trigger Queen's Guard again. In a joust it
# never applies.


def _queens_guard_candidates(state: GameState, ctx: Ctx) -> list[str]:
    event, me = ctx["event"], ctx["seat"]
    if event.get("seat") != me:
        return []
    hit = {
        controller(state, r)
        for r in event.get("cards", ())
        if r in state.in_play and is_character(state, r)
    } & set(state.opponents(me))
    if not hit:
        return []
    others = [s for s in state.opponents(me) if s not in hit]
    return [
        r
        for r in characters(state)
        if controller(state, r) in others and not state.in_play[r].knelt
    ]


def _queens_guard(state: GameState, ctx: Ctx) -> None:
    candidates = _queens_guard_candidates(state, ctx)
    if candidates:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_select(
            state, ctx["seat"], "kneel", candidates, "tbc_queens_guard", low=1, high=1, ctx=data
        )


@handler("tbc_queens_guard")
def _queens_guard_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            as_acting(state, None, moves.kneel, state, ref)


register("atoc_83", forced={"knelt_by_effect": _queens_guard})
