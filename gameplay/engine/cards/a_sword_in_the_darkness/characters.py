"""A Sword in the Darkness: the characters (dotn_41, dotn_43, dotn_45, dotn_47, dotn_49,
dotn_51, dotn_53, dotn_56, dotn_57)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    crests,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    choose_opponent,
    has_trait,
    played_from_hand,
    reveal_new_plot_choice,
    won_unopposed,
    won_with,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.uses import kneel_candidates, put_into_play

# --- dotn_41 Jon Snow --------------------------------------------------------------------
# "Any Phase: Kneel 1 Night's Watch or 1 Wildling character to choose another Night's Watch
# or Wildling character. Until the end of the phase, that character gains a War crest."
# The cost: a standing Night's Watch or Wildling character Jon's controller controls (Jon
# himself included). "Another": any player's Night's Watch or Wildling character in play
# other than the one knelt, chosen as the ability resolves (so that it cannot be the knelt
# one); offered only while such a pair exists.


def nw_or_wildling(state: GameState, ref: str) -> bool:
    return is_character(state, ref) and (
        has_trait(state, ref, "Night's Watch") or has_trait(state, ref, "Wildling")
    )


JON_COST = Cost("kneel", 1, nw_or_wildling, "Night's Watch or Wildling character")


def _jon_choices(state: GameState, ctx: Ctx, knelt: list[str]) -> list[str]:
    return [
        r
        for r in state.in_play
        if r not in knelt
        and nw_or_wildling(state, r)
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _jon_usable(state: GameState, ctx: Ctx) -> bool:
    return any(
        _jon_choices(state, ctx, [k]) for k in kneel_candidates(state, ctx["seat"], JON_COST)
    )


def _jon(state: GameState, ctx: Ctx) -> None:
    found = _jon_choices(state, ctx, ctx.get("knelt", []))
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "war_crest", found, "dotn_jon_crest", low=1, high=1, ctx=data)


@handler("dotn_jon_crest")
def _jon_crest(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            add_lasting(state, "crests", ref, "phase", ctx["source"], add=["war"])


register("dotn_41", Ability("action", _jon, costs=(JON_COST,), condition=_jon_usable))

# --- dotn_43 Greedy Councilor ------------------------------------------------------------
# "Any Phase: Pay 2 gold to put Greedy Councilor into play from your discard pile."  Used
# from its owner's discard pile (zone ``discard``) in any action window.

COUNCILOR_GOLD = 2


def _councilor(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if source in state.players[seat].discard:
        put_into_play(state, seat, source)


register(
    "dotn_43",
    Ability("action", _councilor, zones=("discard",), costs=(Cost("gold", COUNCILOR_GOLD),)),
)

# --- dotn_45 Salladhor's Crew ------------------------------------------------------------
# "Response: After you play Salladhor's Crew from your hand, reduce the gold cost of the
# next House Baratheon card you play this phase by 3."  Marshalled (the ``played`` trigger
# of a marshalled card; Ambush puts a card into play without playing it for gold). Any
# House Baratheon card with a gold cost, marshalled later this phase.

CREW_REDUCTION = 3


def _crew_played(state: GameState, ctx: Ctx) -> bool:
    return played_from_hand(state, ctx) and ctx["event"].get("seat") == ctx["seat"]


def _crew(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], CREW_REDUCTION, ctx["source"], houses=("Baratheon",))


register("dotn_45", Ability("response", _crew, trigger="played", condition=_crew_played))

# --- dotn_47 Margaery Tyrell -------------------------------------------------------------
# "Any Phase: Kneel Margaery Tyrell to choose an opponent. That opponent must choose and
# reveal a new plot card. (Limit once per round.)"  The opponent chooses from their plot
# deck (vocabulary ``reveal_new_plot_choice``: its "when revealed" resolves, the old plot
# goes to the used pile).


def _margaery(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "dotn_margaery_opponent")


@handler("dotn_margaery_opponent")
def _margaery_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    reveal_new_plot_choice(state, {"seat": int(ctx["choice"])})


register(
    "dotn_47",
    Ability("action", _margaery, costs=(KNEEL_SELF,), limit=(1, "round")),
)

# --- dotn_49 Stalwart Shield -------------------------------------------------------------
# "Noble characters you control cannot lose icons, have their STR reduced, or be knelt by
# card effects."  Characters with the Noble crest (now) that Stalwart Shield's controller
# controls: the flag ``unreducible`` (abilities.UNREDUCIBLE: no passive or lasting effect
# lowers their STR or takes an icon away) and the permission ``can_kneel`` False (every
# kneel by a card effect goes through moves.kneel; attacking, defending and paying a cost
# are not card effects and still kneel them).


def _shielded(state: GameState, source: str, subject: Any) -> bool:
    return (
        isinstance(subject, str)
        and subject in state.in_play
        and state.in_play[subject].controller == controller(state, source)
        and is_character(state, subject)
        and "noble" in crests(state, subject)
    )


def _unreducible(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if _shielded(state, source, subject) else base


def _not_knelt(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if _shielded(state, source, subject) else base


register("dotn_49", passives={"unreducible": _unreducible, "can_kneel": _not_knelt})

# --- dotn_51 House Dayne Squire ----------------------------------------------------------
# "Any Phase: Kneel House Dayne Squire to reduce the cost of the next House Dayne character
# you play this phase by 1."  A character with the House Dayne trait (printed), marshalled
# or put into play by Ambush (its influence cost: the reduction is an Ambush one too).

SQUIRE_REDUCTION = 1


def _squire(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    add_reduction(state, seat, SQUIRE_REDUCTION, source, types=("character",), trait="House Dayne")
    state.effects[-1]["ambush"] = True


register("dotn_51", Ability("action", _squire, costs=(KNEEL_SELF,)))

# --- dotn_53 Builder of the Watch --------------------------------------------------------
# "No attachments. Any Phase: Kneel Builder of the Watch to return the top 2 cards of your
# discard pile to the bottom of your deck. Then, your opponent may shuffle your deck."
# The top of the discard pile is the card put there last (both go, the top one first, to
# the bottom); offered while the discard pile holds a card. Then each opponent in turn
# order is asked whether to shuffle the deck until one does.

BUILDER_CARDS = 2


def _has_discard(state: GameState, ctx: Ctx) -> bool:
    return bool(state.players[ctx["seat"]].discard)


def _builder(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    cards = player.discard[-BUILDER_CARDS:][::-1]  # the top card first
    for ref in cards:
        player.discard.remove(ref)
        player.deck.append(ref)
    codes = [state.code(r) for r in cards]
    state.emit("discard_to_deck_bottom", seat=player.seat, cards=cards, codes=codes)
    _ask_shuffle(state, ctx["seat"], list(state.opponents(ctx["seat"])))


def _ask_shuffle(state: GameState, seat: int, asked: list[int]) -> None:
    if asked:
        data = {"seat": asked[0], "deck_of": seat, "asked": asked[1:]}
        options = ["shuffle", "keep_order"]
        ask_choose(state, asked[0], "shuffle_deck", options, "dotn_builder_shuffle", ctx=data)


@handler("dotn_builder_shuffle")
def _builder_shuffle(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["deck_of"]
    if ctx["choice"] == "shuffle":
        shuffle_zone(state, state.players[seat].deck)
        state.emit("shuffled", seat=seat, zone="deck")
    else:
        _ask_shuffle(state, seat, ctx["asked"])


register("dotn_53", Ability("action", _builder, costs=(KNEEL_SELF,), condition=_has_discard))

# --- dotn_56 Orell the Eagle -------------------------------------------------------------
# "While Orell the Eagle is attacking, opponents must declare at least 2 defenders in order
# to defend the challenge."  The query ``min_defenders`` (subject the defending seat,
# challenges.ask_defenders): no defender, or at least 2; with fewer than 2 characters able
# to defend, none may.

ORELL_DEFENDERS = 2


def _orell(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    if (
        challenge is None
        or source not in challenge["attackers"]
        or subject not in state.opponents(controller(state, source))
    ):
        return base
    return max(base, ORELL_DEFENDERS)


register("dotn_56", passives={"min_defenders": _orell})

# --- dotn_57 Crow Killers ----------------------------------------------------------------
# "If you win an unopposed challenge in which Crow Killers participated, discard them from
# play."  Forced, after the challenge is won (the ``challenge_won`` moment, before the
# responses); a save may answer the discard.


def _crow_killers(state: GameState, ctx: Ctx) -> None:
    if won_with("self")(state, ctx) and won_unopposed(state, ctx):
        moves.discard(state, [ctx["source"]])


register("dotn_57", forced={"challenge_won": _crow_killers})
