"""Gates of the Citadel: Daven Lannister (soo_3), Deep Den (soo_4), Oldtown Advisor (soo_13),
Copper Link (soo_17) and At the Gates (soo_20)."""

from __future__ import annotations

import re

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    facts,
    handler,
    is_character,
    register,
    traits,
)
from gameplay.engine.cards.gates_of_the_citadel.cards import chains_on
from gameplay.engine.cards.vocabulary import has_trait
from gameplay.engine.phase_flow import use_once_per_game, used_this_game
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import gold_available, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel, put_into_play

# --- soo_3 Daven Lannister ------------------------------------------------------------------
# "Infamy. Response: After you win dominance by 4 or more total STR, pay X gold to claim X
# power for Daven Lannister. X is the number of power currently on Daven Lannister (Limit once
# per game.)"
# Read: the margin is the winner's dominance total less the highest other total (the last
# ``dominance`` log event); usable only with power on him and X gold to pay (paid as the
# response resolves); once per game for each copy.


def _dominance_margin(state: GameState, seat: int) -> int:
    totals = next((e["totals"] for e in reversed(state.log) if e.get("event") == "dominance"), None)
    if not totals:
        return 0
    others = [t for s, t in enumerate(totals) if s != seat]
    return totals[seat] - max(others, default=0)


def _daven_may(state: GameState, ctx: Ctx) -> bool:
    source, seat = ctx["source"], ctx["seat"]
    record = state.in_play.get(source)
    return (
        record is not None
        and ctx["event"].get("seat") == seat
        and _dominance_margin(state, seat) >= 4
        and record.power >= 1
        and gold_available(state, seat) >= record.power
        and not used_this_game(state, f"soo_3:{source}")
    )


def _daven(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    use_once_per_game(state, f"soo_3:{source}")
    record = state.in_play.get(source)
    if record is None:
        return
    x = record.power
    paid = moves.spend_gold(state, seat, x, "daven_lannister")
    if paid == x:
        moves.card_power(state, source, x, "daven_lannister")


register("soo_3", Ability("response", _daven, trigger="dominance_won", condition=_daven_may))

# --- soo_4 Deep Den -------------------------------------------------------------------------
# "Response: After the challenges phase begins and you are the first player, kneel Deep Den to
# choose a new first player."
# Read: on the engine trigger ``phase_began`` (phase ``challenges``); the new first player is
# another player (asked among the opponents when there are several).


def _den_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("phase") == "challenges" and state.first_player == ctx["seat"]


def _den(state: GameState, ctx: Ctx) -> None:
    options = [str(s) for s in state.opponents(ctx["seat"])]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "first_player", options, "soo_deep_den", ctx=data)


@handler("soo_deep_den")
def _den_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = int(ctx["choice"])
    state.first_player = seat
    state.emit("first_player", seat=seat, chosen_by=ctx["seat"], card=ctx["source"])


register(
    "soo_4",
    Ability("response", _den, trigger="phase_began", costs=(KNEEL_SELF,), condition=_den_may),
)

# --- soo_13 Oldtown Advisor -----------------------------------------------------------------
# "If Oldtown Advisor has at least 2 Chain attachments attached, it gains: "Response: Kneel
# Oldtown Advisor to cancel the effects of an event card just played.""
# Read: a cancel in the engine's ``ability`` window of any player's event.


def _advisor_may(state: GameState, ctx: Ctx) -> bool:
    played = ctx["event"].get("source")
    return (
        ctx["source"] in state.in_play
        and chains_on(state, ctx["source"]) >= 2
        and played is not None
        and played in state.cards
        and facts(state, played).type == "event"
    )


register(
    "soo_13",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(KNEEL_SELF,),
        condition=_advisor_may,
    ),
)

# --- soo_17 Copper Link ---------------------------------------------------------------------
# "Setup. Maester character only. Response: After attached character kneels, choose 1 card in
# play. Until the end of the phase, that card gains 1 Trait of your choice. (Limit once per
# phase)."
# Read: on ``knelt`` (any way); the Traits offered are every printed Trait of the cards in the
# game (a Trait no card has would change nothing) that the chosen card lacks.


def _link_may(state: GameState, ctx: Ctx) -> bool:
    bearer = attached_to(state, ctx["source"])
    return bearer is not None and bearer in ctx["event"].get("cards", ())


def _in_play(state: GameState, ctx: Ctx) -> list[str]:
    return list(state.in_play)


def _link(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    have = traits(state, target)
    offered = sorted({t for ref in state.cards for t in facts(state, ref).traits} - have)
    if offered:
        # A choice is letters, digits and "_" (actions.py): "House Hightower" is offered as
        # House_Hightower, "King's Landing" as King_s_Landing, and read back from the list.
        data = {"seat": ctx["seat"], "source": ctx["source"], "target": target, "traits": offered}
        options = [_token(t) for t in offered]
        ask_choose(state, ctx["seat"], "trait", options, "soo_copper_link", ctx=data)


def _token(trait: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "_", trait)


@handler("soo_copper_link")
def _link_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    target = ctx["target"]
    chosen = next((t for t in ctx["traits"] if _token(t) == ctx["choice"]), None)
    if target in state.in_play and chosen is not None:
        add_lasting(state, "traits", target, "phase", ctx["source"], add=[chosen])


def _maester_only(state: GameState, card: str, host: str, seat: int | None) -> bool:
    return is_character(state, host) and has_trait(state, host, "Maester")


register(
    "soo_17",
    Ability(
        "response",
        _link,
        trigger="knelt",
        condition=_link_may,
        targets=_in_play,
        limit=(1, "phase"),
    ),
    attach_rule=_maester_only,
)

# --- soo_20 At the Gates --------------------------------------------------------------------
# "When revealed, if you have no City plot cards in your used pile, search your deck for a
# neutral or in-House Maester character of printed cost 3 or lower, and put it into play.
# Then, shuffle your deck." (The printed cost is errata.)
# Read: "in-House" is the House of the revealing player's House card; a unique character
# already in play under that player's control (or in their dead pile) cannot be chosen.


def _at_the_gates(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    if any(has_trait(state, r, "City") for r in player.used_plots):
        return

    def match(ref: str) -> bool:
        card = facts(state, ref)
        return (
            card.type == "character"
            and "Maester" in card.traits
            and card.cost is not None
            and card.cost <= 3
            and ("Neutral" in card.houses or player.house in card.houses)
            and unique_problem(state, seat, card) is None
        )

    moves.search_deck(state, seat, match, "soo_at_the_gates", ctx={"source": ctx.get("source")})


@handler("soo_at_the_gates")
def _at_the_gates_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in state.players[seat].deck:
            put_into_play(state, seat, ref)


register("soo_20", when_revealed=_at_the_gates)
