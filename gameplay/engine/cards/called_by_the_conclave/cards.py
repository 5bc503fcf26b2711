"""Called by the Conclave (soo_41 to soo_60): card scripts. Handler and effect names start
with ``cbtc_``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import leaving, moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    attachments,
    controller,
    crests,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    SEARCH_DEPTH,
    challenges_this_phase,
    characters_of,
    choosable,
    event,
    has_trait,
    in_play_of,
    is_type,
    kneel_card,
    won,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState


def _maester(state: GameState, ref: str) -> bool:
    return is_type(state, ref, "character") and has_trait(state, ref, "Maester")


def _maester_only(state: GameState, code: str, target: str, seat: int | None) -> bool:
    """ "Maester character only." """
    return _maester(state, target)


def _chains(state: GameState, ref: str) -> int:
    return sum(1 for a in attachments(state, ref) if has_trait(state, a, "Chain"))


def _bearer_standing(state: GameState, ctx: Ctx) -> bool:
    bearer = attached_to(state, ctx["source"])
    return bearer is not None and not state.in_play[bearer].knelt


# --- soo_43 Lady Genna ------------------------------------------------------------------------
# "Response: After you lose an Intrigue challenge as the attacker, you may initiate an
# additional Intrigue challenge this phase."  A lasting ``challenges_allowed`` +1 for the
# phase (as Myrcella Lannister); no limit is printed, so each such loss may use it.


def _genna_may(state: GameState, ctx: Ctx) -> bool:
    event_ = ctx["event"]
    return (
        event_.get("loser") == ctx["seat"]
        and event_.get("attacker") == ctx["seat"]
        and event_.get("type") == "intrigue"
    )


def _additional(seat: int, ctype: str, source: str, state: GameState) -> None:
    add_lasting(state, "challenges_allowed", f"{seat}:{ctype}", "phase", source, amount=1)


def _genna(state: GameState, ctx: Ctx) -> None:
    _additional(ctx["seat"], "intrigue", ctx["source"], state)


register("soo_43", Ability("response", _genna, trigger="challenge_won", condition=_genna_may))


# --- soo_56 Citadel Custom --------------------------------------------------------------------
# "Challenges: Kneel a Maester character to choose a player. That player may initiate an
# additional Power challenge this phase."  The kneeled Maester is one you control (a cost);
# any player may be chosen, you included.


def _custom(state: GameState, ctx: Ctx) -> None:
    options = [str(p.seat) for p in state.players]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "choose_player", options, "cbtc_custom", ctx=data)


@handler("cbtc_custom")
def _custom_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _additional(int(ctx["choice"]), "power", ctx["source"], state)


register(
    "soo_56",
    event(
        _custom,
        phases=("challenges",),
        costs=(Cost("kneel", 1, _maester, "Maester character"),),
    ),
)


# --- soo_55 Archmaester Ebrose ----------------------------------------------------------------
# "Limited Response: After you win a challenge in which Archmaester Ebrose participated, he
# claims 1 power for each Chain attachment he has."  Offered only while he has a Chain
# attachment (with none it would do nothing).


def _ebrose_may(state: GameState, ctx: Ctx) -> bool:
    source = ctx["source"]
    event_ = ctx["event"]
    took_part = source in event_.get("attackers", []) or source in event_.get("defenders", [])
    challenge = state.challenge or {}
    took_part = took_part or source in challenge.get("attackers", [])
    took_part = took_part or source in challenge.get("defenders", [])
    return won()(state, ctx) and took_part and _chains(state, source) > 0


def _ebrose(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play:
        moves.card_power(state, source, _chains(state, source), "ability")


register(
    "soo_55",
    Ability(
        "response",
        _ebrose,
        trigger="challenge_won",
        condition=_ebrose_may,
        limited_response=True,
    ),
)


# --- soo_57 The Conclave ----------------------------------------------------------------------
# "Reduce the cost to play The Conclave by 1 for each Maester character you control.
# Response: After The Conclave is declared as an attacker or defender, until the end of the
# phase it gains (choose 1) Stealth, Renown, or Deadly."


def _conclave_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    return cost - sum(1 for r in characters_of(state, seat) if _maester(state, r))


def _declared(side: str) -> Any:
    def condition(state: GameState, ctx: Ctx) -> bool:
        challenge = state.challenge
        return challenge is not None and ctx["source"] in challenge.get(side, [])

    return condition


def _conclave(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    words = ["stealth", "renown", "deadly"]
    ask_choose(state, ctx["seat"], "keyword", words, "cbtc_conclave", ctx=data)


@handler("cbtc_conclave")
def _conclave_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["source"] in state.in_play:
        add_lasting(state, "keywords", ctx["source"], "phase", ctx["source"], add=[ctx["choice"]])


register(
    "soo_57",
    Ability("response", _conclave, trigger="attackers_declared", condition=_declared("attackers")),
    Ability("response", _conclave, trigger="defenders_declared", condition=_declared("defenders")),
    passives={"own_cost": _conclave_cost},
)


# --- soo_59 Lead Link -------------------------------------------------------------------------
# "Setup. Maester Character only. Any Phase: Kneel attached character to choose a character.
# Until the end of the phase, that character gets -X STR. X is the number of Chain
# attachments on attached character (Limit once per phase)."  X is counted as it resolves
# (Lead Link itself is one); the bearer kneels as it resolves (as Seafarer's Bow).


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r for r in in_play_of(state, "character") if choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _lead(state: GameState, ctx: Ctx) -> None:
    bearer = attached_to(state, ctx["source"])
    if bearer is None or state.in_play[bearer].knelt:
        return
    kneel_card(state, bearer)
    if ctx["target"] in state.in_play:
        amount = -_chains(state, bearer)
        add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=amount)


register(
    "soo_59",
    Ability(
        "action",
        _lead,
        targets=_any_character,
        condition=_bearer_standing,
        limit=(1, "phase"),
    ),
    attach_rule=_maester_only,
)


# --- soo_58 Tin Link --------------------------------------------------------------------------
# "Setup. Maester character only. Response: After attached character kneels choose and
# discard 1 non-Chain attachment from play. (Limit once per phase.)"  Any way it kneels
# (the engine's ``knelt`` trigger); any player's attachment may be chosen.


def _tin_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in in_play_of(state, "attachment")
        if not has_trait(state, r, "Chain") and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _tin_may(state: GameState, ctx: Ctx) -> bool:
    bearer = attached_to(state, ctx["source"])
    return bearer is not None and bearer in ctx["event"].get("cards", [])


def _tin(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        leaving.discard_from_play(state, [ctx["target"]])


register(
    "soo_58",
    Ability(
        "response",
        _tin,
        trigger="knelt",
        targets=_tin_targets,
        condition=_tin_may,
        limit=(1, "phase"),
    ),
    attach_rule=_maester_only,
)


# --- soo_45 Maester Lomys ---------------------------------------------------------------------
# "Any Phase: Kneel Maester Lomys and discard 1 power each from any number of characters you
# control to have each of those characters gain "cannot be killed" until the end of the
# phase."  At least one character with power is chosen (it is part of the cost); the
# lasting ``can_be_killed`` permission is denied for each.


def _lomys_has(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state, ctx["seat"]) if state.in_play[r].power > 0]


def _lomys(state: GameState, ctx: Ctx) -> None:
    found = _lomys_has(state, ctx)
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "discard_power", found, "cbtc_lomys", low=1, ctx=data)


@handler("cbtc_lomys")
def _lomys_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play and state.in_play[ref].power > 0:
            state.in_play[ref].power -= 1
            state.emit("power", seat=controller(state, ref), amount=-1, card=ref, reason="ability")
            add_lasting(state, "can_be_killed", ref, "phase", ctx["source"], value=False)


register(
    "soo_45",
    Ability("action", _lomys, costs=(KNEEL_SELF,), condition=lambda s, c: bool(_lomys_has(s, c))),
)


# --- soo_52 Dragon Lore -----------------------------------------------------------------------
# "House Targaryen only. Maester character only. Marshalling: Kneel Dragon Lore and kneel
# attached character to reduce the next Dragon character you play this phase to 0."  A
# reduction of the next character with the printed Dragon trait by its whole cost (rules
# add_reduction); the bearer kneels as it resolves (as Seafarer's Bow). "House Targaryen
# only" is deck building.

LORE_REDUCTION = 99  # "to 0": more than any printed cost


def _lore(state: GameState, ctx: Ctx) -> None:
    bearer = attached_to(state, ctx["source"])
    if bearer is None or state.in_play[bearer].knelt:
        return
    kneel_card(state, bearer)
    add_reduction(
        state, ctx["seat"], LORE_REDUCTION, ctx["source"], types=("character",), trait="Dragon"
    )


register(
    "soo_52",
    Ability(
        "action",
        _lore,
        phases=("marshalling",),
        costs=(KNEEL_SELF,),
        condition=_bearer_standing,
    ),
    attach_rule=_maester_only,
)


# --- soo_46 Conflict of Interest --------------------------------------------------------------
# "House Baratheon only. Play at the beginning of the challenges phase. Challenges: Kneel a
# Learned character to choose a player. Until the end of the phase, all players use the base
# claim value from that player's revealed plot card."  "At the beginning": in the challenges
# phase before any challenge is initiated; the Learned character (the crest) is yours, knelt
# as the cost; any player may be chosen, you included. A lasting ``claim_plot_of`` effect
# (challenges.claim_value); claim modifiers still apply on top of that base.


def _learned(state: GameState, ref: str) -> bool:
    return is_type(state, ref, "character") and "learned" in crests(state, ref)


def _conflict(state: GameState, ctx: Ctx) -> None:
    options = [str(p.seat) for p in state.players]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "choose_player", options, "cbtc_conflict", ctx=data)


@handler("cbtc_conflict")
def _conflict_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = int(ctx["choice"])
    add_lasting(state, "claim_plot_of", "all", "phase", ctx["source"], value=chosen)


register(
    "soo_46",
    event(
        _conflict,
        phases=("challenges",),
        costs=(Cost("kneel", 1, _learned, "Learned character"),),
        condition=lambda state, ctx: challenges_this_phase(state) == 0,
    ),
)


# --- soo_41 Galbart Glover --------------------------------------------------------------------
# "Immune to opponents' events. While resolving any effect that would allow you to search your
# deck, you may instead search your discard pile."  The immunity is his keyword. The search:
# every "search your deck" that goes through moves.search_deck asks his controller first
# where to search (the passive ``search_discard_instead``); "search the top X cards" is not a
# search of the deck (the card's ruling: Maester Luwin).


def _galbart(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return base or (source in state.in_play and controller(state, source) == subject)


register("soo_41", passives={moves.DISCARD_INSTEAD: _galbart})


# --- soo_42 Karhold Rookery -------------------------------------------------------------------
# "When you search the top X cards of your deck, search 1 additional card. [+1 Initiative]"
# Every "search the top X cards of your deck" goes through vocabulary.search_top, which asks
# the query ``search_depth`` (subject the searching seat) how many cards the search covers:
# each Rookery its controller has in play adds 1 (two Rookeries: 2 more). Searches of a whole
# deck and "look at" / "reveal the top X" are not such searches. [+1 Initiative] is printed
# (rules.initiative).


def _rookery(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 1 if controller(state, source) == subject else base


register("soo_42", passives={SEARCH_DEPTH: _rookery})
