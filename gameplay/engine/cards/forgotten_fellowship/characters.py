"""Forgotten Fellowship (kr_81 to kr_100): the characters (kr_81, 83, 86, 87, 89, 92, 93,
96, 97)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    characters,
    controller,
    handler,
    register,
    strength,
)
from gameplay.engine.cards.forgotten_fellowship.common import behind, printed_cost
from gameplay.engine.cards.vocabulary import choosable, on_self, won, won_with
from gameplay.engine.state import GameState

# --- kr_81 Brightwater Man-at-Arms -------------------------------------------------------
# "Deadly. Brightwater Man-at-Arms does not kneel to attack or defend. At the end of the
# dominance phase, discard Brightwater Man-at-Arms from play."  Forced at ``dominance_ends``;
# the discard may be saved (the text does not say it cannot).


def _brightwater_leaves(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.discard(state, [ctx["source"]])


register(
    "kr_81",
    passives={
        "kneel_to_attack": on_self(lambda base: False),
        "kneel_to_defend": on_self(lambda base: False),
    },
    forced={"dominance_ends": _brightwater_leaves},
)

# --- kr_83 Asha Greyjoy -------------------------------------------------------------------
# "Renown. If any opponent has more power on his or her House card than you, Asha Greyjoy
# cannot be killed."


def _asha_unkillable(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject == source and behind(state, controller(state, source)):
        return False
    return base


register("kr_83", passives={"can_be_killed": _asha_unkillable})

# --- kr_86 Ashemark Knight ----------------------------------------------------------------
# "Any Phase: Discard a card from your hand to draw 1 card."  No limit: it may be used again
# while the hand holds a card.


def _ashemark_draw(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register("kr_86", Ability("action", _ashemark_draw, costs=(Cost("discard_hand", 1),)))

# --- kr_87 Ser Gregor's Dog ---------------------------------------------------------------
# "Response: After a card is discarded from any player's hand, Ser Gregor's Dog gets +1 STR
# until the end of the phase."  Once for each discard from a hand (``discarded_from_hand``),
# however many cards it took.


def _dog(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        add_lasting(state, "strength", ctx["source"], "phase", ctx["source"], amount=1)


register("kr_87", Ability("response", _dog, trigger="discarded_from_hand"))

# --- kr_89 Obara Sand ---------------------------------------------------------------------
# "Obara Sand gets +2 STR and gains renown while she is attacking a player who controls more
# characters than you."  The player attacked is the challenge's defending player.

OBARA_STR = 2


def _obara_attacking(state: GameState, source: str) -> bool:
    challenge = state.challenge
    if challenge is None or source not in challenge["attackers"]:
        return False
    mine = len(characters(state, controller(state, source)))
    return len(characters(state, challenge["defender"])) > mine


def _obara_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + OBARA_STR if subject == source and _obara_attacking(state, source) else base


def _obara_renown(state: GameState, source: str, subject: Any, base: set) -> set:
    return base | {"renown"} if subject == source and _obara_attacking(state, source) else base


register("kr_89", passives={"strength": _obara_strength, "keywords": _obara_renown})

# --- kr_92 Robb Stark ---------------------------------------------------------------------
# "Renown. Response: After you win a challenge in which Robb Stark participated, choose and
# kill a character with a higher STR than its printed cost. (Cannot be saved.)"  Any
# player's character, his own included; chosen as the response is used.


def _robb_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if strength(state, r) > printed_cost(state, r)
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _robb_kill(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play and strength(state, target) > printed_cost(state, target):
        moves.kill(state, [target], savable=False)


register(
    "kr_92",
    Ability(
        "response",
        _robb_kill,
        trigger="challenge_won",
        condition=won_with("self"),
        targets=_robb_targets,
    ),
)

# --- kr_93 Harwin -------------------------------------------------------------------------
# "While any opponent's House card has more power than your House card, Harwin gains,
# 'Response: After you win a [Military] challenge, search your deck for a card, shuffle
# your deck, and then put that card on top of your deck.'"  The card found waits out of the
# deck while it is shuffled (a forced step of Harwin's right after), then goes on top.

HARWIN_TOP = "ff_harwin_top"


def _harwin_may(state: GameState, ctx: Ctx) -> bool:
    return behind(state, ctx["seat"]) and won("military")(state, ctx)


def _harwin(state: GameState, ctx: Ctx) -> None:
    data = {"source": ctx["source"]}
    moves.search_deck(state, ctx["seat"], lambda ref: True, "ff_harwin_found", ctx=data)


@handler("ff_harwin_found")
def _harwin_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, deck = ctx["seat"], state.players[ctx["seat"]].deck
    found = [r for r in selected if r in deck]
    if not found:
        return
    deck.remove(found[0])
    event = {"cards": [ctx["source"]], "card": found[0], "seat": seat}
    step = {"name": "forced", "source": ctx["source"], "moment": HARWIN_TOP, "index": 0}
    state.queue.insert(0, {**step, "event": event})


def _harwin_top(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    state.players[event["seat"]].deck.insert(0, event["card"])


register(
    "kr_93",
    Ability("response", _harwin, trigger="challenge_won", condition=_harwin_may),
    forced={HARWIN_TOP: _harwin_top},
)

# --- kr_96 Gendry -------------------------------------------------------------------------
# "While any opponent's House card has more power than your House card, Gendry gains,
# 'Response: After you win a challenge in which Gendry participated, move 1 power from the
# losing player's House card to Gendry.'"  Offered while that House card has power.


def _gendry_may(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return (
        behind(state, ctx["seat"])
        and won_with("self")(state, ctx)
        and loser is not None
        and state.players[loser].power > 0
    )


def _gendry(state: GameState, ctx: Ctx) -> None:
    moves.house_power_to_card(state, ctx["event"]["loser"], ctx["source"], 1, "ff_gendry")


register("kr_96", Ability("response", _gendry, trigger="challenge_won", condition=_gendry_may))

# --- kr_97 Lady of the Leaves -------------------------------------------------------------
# "Immune to events. While any opponent's House card has more power than your House card,
# Lady of the Leaves gains, 'Any Phase: Kneel Lady of the Leaves to choose a character.
# Until the end of the phase, treat that character as if its printed text box were blank.'"
# Any player's character, herself included.


def _leaves_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if choosable(state, r, ctx["source"], ctx["seat"])]


def _leaves(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "blank", ctx["target"], "phase", ctx["source"], value=True)


register(
    "kr_97",
    Ability(
        "action",
        _leaves,
        costs=(KNEEL_SELF,),
        targets=_leaves_targets,
        condition=lambda state, ctx: behind(state, ctx["seat"]),
    ),
)
