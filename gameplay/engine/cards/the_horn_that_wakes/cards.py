"""The Horn that Wakes: the events, the location, the attachment and the plots (Plunder,
Secret Orders, Dornish Hermitage, Aegon's Favor, Loyal to the Last, Betrayal at the Wall,
Befouled River)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    characters,
    controller,
    facts,
    handler,
    icons,
    register,
)
from gameplay.engine.cards.vocabulary import (
    cards_at_command,
    choosable,
    choose_opponent,
    discard_top,
    event,
    has_trait,
    kill_the_attackers,
    most_at_command,
    reveal_new_plot_choice,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import discard_from_shadows

ICONS = ("military", "intrigue", "power")


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if choosable(state, r, ctx["source"], ctx["seat"])]


# --- kr_66 Plunder -------------------------------------------------------------------------
# "Any Phase: Choose an opponent. Add 1 gold token to your gold pool from the treasury for
# each location that opponent controls."  Counted as it resolves (none: no gold).


def _plunder(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "kr_plunder")


@handler("kr_plunder")
def _plunder_gold(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other = int(ctx["choice"])
    count = sum(1 for r in state.players[other].in_play if facts(state, r).type == "location")
    if count:
        moves.gain_gold(state, ctx["seat"], count, "kr_66")


register("kr_66", event(_plunder))

# --- kr_69 Secret Orders -------------------------------------------------------------------
# "Any Phase: Choose a character. Until the end of the phase, that character's base STR is
# X. X is the amount of gold in its controller's gold pool when this effect resolves."  The
# base STR (its printed STR) becomes X: a lasting ``strength`` effect of X minus the printed
# STR until the end of the phase, so every other modifier still applies on top of it.


def _secret_orders(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    gold = state.players[controller(state, ref)].gold
    amount = gold - (facts(state, ref).strength or 0)
    if amount:
        add_lasting(state, "strength", ref, "phase", ctx["source"], amount=amount)


register("kr_69", event(_secret_orders, targets=_any_character))

# --- kr_72 Dornish Hermitage ---------------------------------------------------------------
# "Any Phase: Discard a card from your hand to choose a character. Until the end of the
# phase, that character gains an icon of your choice."  The discard is the cost; the icon
# is chosen as it resolves among those the character lacks (none lacking: nothing).


def _hermitage(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    options = [i for i in ICONS if i not in icons(state, ref)]
    if options:
        data = {"seat": ctx["seat"], "source": ctx["source"], "target": ref}
        ask_choose(state, ctx["seat"], "gain_icon", options, "kr_hermitage_icon", ctx=data)


@handler("kr_hermitage_icon")
def _hermitage_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "icons", ctx["target"], "phase", ctx["source"], add=[ctx["choice"]])


register(
    "kr_72",
    Ability("action", _hermitage, costs=(Cost("discard_hand", 1),), targets=_any_character),
)

# --- kr_75 Aegon's Favor -------------------------------------------------------------------
# "Setup. Attach to a character you control. Challenges: Discard the top card of your deck
# to give attached character +1 STR until the end of the phase. (Limit 5 per round.)"
# Setup is the engine's keyword. Usable only with a card in the deck; the top card is
# discarded as the ability is used (before any cancel could answer it).


def _own_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return seat is None or controller(state, target) == seat


def _deck_left(state: GameState, ctx: Ctx) -> bool:
    return bool(state.players[ctx["seat"]].deck) and attached_to(state, ctx["source"]) is not None


def _aegon(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None and host in state.in_play:
        add_lasting(state, "strength", host, "phase", ctx["source"], amount=1)


def _aegon_paid(state: GameState, ctx: Ctx) -> None:
    """Forced ``ability_triggered`` of Aegon's Favor itself: the top card of the deck is the
    cost, discarded before anything answers the ability."""
    triggered = ctx["event"]
    if triggered.get("source") == ctx["source"]:
        discard_top(state, triggered["seat"], 1, "cost")


register(
    "kr_75",
    Ability(
        "action",
        _aegon,
        phases=("challenges",),
        condition=_deck_left,
        limit=(5, "round"),
    ),
    forced={"ability_triggered": _aegon_paid},
    attach_rule=_own_character,
)


# --- kr_76 Loyal to the Last ---------------------------------------------------------------
# "Challenges: During a [Power] challenge, kneel 2 of your [Targaryen] characters to kill all
# attacking characters. Limit 1 per challenge."  Every attacking character (any player's,
# may be saved).


register("kr_76", kill_the_attackers("power", "Targaryen"))

# --- kr_79 Betrayal at the Wall ------------------------------------------------------------
# "Increase the size of your plot deck by 1. (Limit 1 per plot deck.) When revealed, choose
# and reveal a new plot card if you control 2 or more Night's Watch or Wildling characters.
# (Cannot be canceled.)"  The plot deck size is deck-building; the condition is read as the
# effect resolves; with no plot deck nothing is revealed (the card's ruling). "Cannot be
# canceled" is read from its text (vocabulary/plots.py).


def _betrayal(state: GameState, ctx: Ctx) -> None:
    found = [
        r
        for r in characters(state, ctx["seat"])
        if has_trait(state, r, "Night's Watch") or has_trait(state, r, "Wildling")
    ]
    if len(found) >= 2:
        reveal_new_plot_choice(state, ctx)


register("kr_79", when_revealed=_betrayal)

# --- kr_80 Befouled River ------------------------------------------------------------------
# "When revealed, the player with the most cards at his or her command must choose and
# discard 2 cards that are under his or her command."  Nobody on a tie. The cards: in the
# hand, in play under that player's control (a discard from play may be saved) and in
# Shadows (duplicates count at the command but are not chosen: they go with their card).


def _befouled(state: GameState, ctx: Ctx) -> None:
    leader = most_at_command(state)
    if leader is None or not cards_at_command(state, leader):
        return
    player = state.players[leader]
    found = [
        *player.hand,
        *(r for r in player.in_play if r in state.in_play),
        *player.shadows,
    ]
    count = min(2, len(found))
    if count:
        data: dict[str, Any] = {"seat": leader, "source": ctx["source"]}
        ask_select(state, leader, "discard", found, "kr_befouled", low=count, high=count, ctx=data)


@handler("kr_befouled")
def _befouled_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    hand = [r for r in selected if r in player.hand]
    shadows = [r for r in selected if r in player.shadows]
    in_play = [r for r in selected if r in state.in_play]
    for ref in shadows:
        discard_from_shadows(state, ref)
    if hand:
        moves.discard_from_hand(state, ctx["seat"], hand)
    if in_play:
        moves.discard(state, in_play)


register("kr_80", when_revealed=_befouled)
