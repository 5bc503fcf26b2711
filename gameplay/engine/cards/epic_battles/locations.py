"""Epic Battles locations (acoa_72 to acoa_80)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    attachments,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.epic_battles.common import (
    draw_if_epic,
    epic_battle_waiting,
    kneel_card,
    lost,
    won,
)
from gameplay.engine.cards.vocabulary import characters_of
from gameplay.engine.leaving import discard_from_play, saved
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState

# --- acoa_72 Hornvale ---------------------------------------------------------------------
# "Response: After you win a challenge as the defender, choose and kneel a character
# controlled by the losing opponent. If you trigger this response during the epic phase,
# draw a card." A standing character (a knelt one cannot be knelt).


def _loser_standing(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    if loser is None:
        return []
    return [r for r in characters_of(state, loser) if not state.in_play[r].knelt]


def _hornvale(state: GameState, ctx: Ctx) -> None:
    kneel_card(state, ctx["target"])
    draw_if_epic(state, ctx["seat"])


register(
    "acoa_72",
    Ability(
        "response",
        _hornvale,
        trigger="challenge_won",
        condition=won(role="defender"),
        targets=_loser_standing,
    ),
)


# --- acoa_73 Claw Isle --------------------------------------------------------------------
# "Response: After you win a challenge, kneel Claw Isle to move 1 power from the losing
# opponent's House card to yours. If you trigger this response during the epic phase, draw
# a card."


def _loser_has_power(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return won()(state, ctx) and loser is not None and state.players[loser].power > 0


def _claw_isle(state: GameState, ctx: Ctx) -> None:
    moves.move_power(state, ctx["event"]["loser"], ctx["seat"], 1, "acoa_73")
    draw_if_epic(state, ctx["seat"])


register(
    "acoa_73",
    Ability(
        "response",
        _claw_isle,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=_loser_has_power,
    ),
)


# --- acoa_74 Besieged Shipyard ------------------------------------------------------------
# "Response: After you win a challenge, kneel Besieged Shipyard to discard 1 power from any
# player's House card. If you trigger this response during the epic phase, draw a card."


def _someone_has_power(state: GameState, ctx: Ctx) -> bool:
    return won()(state, ctx) and any(p.power > 0 for p in state.players)


def _shipyard(state: GameState, ctx: Ctx) -> None:
    options = [str(p.seat) for p in state.players if p.power > 0]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(options) == 1:
        _shipyard_discard(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_player", options, "acoa_shipyard", ctx=data)
    else:
        draw_if_epic(state, ctx["seat"])


@handler("acoa_shipyard")
def _shipyard_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_power(state, int(ctx["choice"]), 1, "acoa_74")
    draw_if_epic(state, ctx["seat"])


register(
    "acoa_74",
    Ability(
        "response",
        _shipyard,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=_someone_has_power,
    ),
)


# --- acoa_76 Pentos -----------------------------------------------------------------------
# "Response: Discard a House Targaryen attachment (cannot be saved) from a character you
# control to save that character from being killed or discarded from play. If you trigger
# this response during the epic phase, draw a card."


def _targaryen_attachments(state: GameState, ref: str) -> list[str]:
    return [a for a in attachments(state, ref) if "Targaryen" in facts(state, a).houses]


def _pentos_targets(state: GameState, ctx: Ctx) -> list[str]:
    cards = ctx["event"].get("cards") or []
    return [
        r
        for r in cards
        if r in state.in_play
        and state.in_play[r].controller == ctx["seat"]
        and facts(state, r).type == "character"
        and not saved(state, r)
        and _targaryen_attachments(state, r)
    ]


def _pentos(state: GameState, ctx: Ctx) -> None:
    found = _targaryen_attachments(state, ctx["target"])
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ctx["target"]}
    ask_select(state, ctx["seat"], "discard", found, "acoa_pentos", low=1, high=1, ctx=data)


@handler("acoa_pentos")
def _pentos_save(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if not selected:
        return
    discard_from_play(state, selected)
    moves.save_target(state, ctx)
    draw_if_epic(state, ctx["seat"])


register(
    "acoa_76",
    *[
        Ability("save", _pentos, trigger=t, targets=_pentos_targets)
        for t in ("would_be_killed", "would_be_discarded")
    ],
)


# --- acoa_77 Norvos -----------------------------------------------------------------------
# "Response: After you lose an Intrigue challenge as the defender, discard a card at random
# from the attacking player's hand. (Discard 2 cards at random ... during the epic phase.)"


def _norvos_when(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    attacker = event.get("attacker")
    return (
        lost("defender")(state, ctx)
        and event.get("type") == "intrigue"
        and attacker is not None
        and bool(state.players[attacker].hand)
    )


def _norvos(state: GameState, ctx: Ctx) -> None:
    count = 2 if state.phase == "epic" else 1
    moves.discard_at_random(state, ctx["event"]["attacker"], count)


register(
    "acoa_77",
    Ability("response", _norvos, trigger="challenge_won", condition=_norvos_when),
)


# --- acoa_78 The Gift, acoa_79 The Land Beyond the Wall, acoa_80 The Neck -----------------
# "Marshalling: Kneel X to reduce the cost of the next <kind> character you play this phase
# by 1. Then, if there is an Epic Battle card next to your plot deck, draw a card." An Epic
# Battle card is next to the plot deck from its play to the end of its epic phase (epic.py).


def _kingdom(code: str, trait_houses: list[list[str]]):  # type: ignore[no-untyped-def]
    def lower(state: GameState, ctx: Ctx) -> None:
        seat, source = ctx["seat"], ctx["source"]
        add_reduction(state, seat, 1, source, types=("character",))
        reduction = state.effects[-1]
        reduction["trait_houses"] = trait_houses
        # The Epic Battle draw (gameplay/engine/epic.py).
        if epic_battle_waiting(state, seat):
            moves.effect_draw(state, seat, 1)

    register(code, Ability("action", lower, phases=("marshalling",), costs=(KNEEL_SELF,)))


_kingdom("acoa_78", [["Night's Watch", ""]])
_kingdom("acoa_79", [["Wildling", ""]])
_kingdom("acoa_80", [["Clansman", ""], ["Creature", "Neutral"]])
