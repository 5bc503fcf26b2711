"""Princes of the Sun attachments, registered by card code (see abilities.register)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    facts,
    handler,
    icons,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import lost
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play


def _bearer_strength(amount: int) -> Callable[[GameState, str, str, int], int]:
    """ "Attached character gets +``amount`` STR." """

    def fn(state: GameState, source: str, subject: str, base: int) -> int:
        return base + amount if subject == attached_to(state, source) else base

    return fn


def _bearer_icon(icon: str) -> Callable[[GameState, str, str, set[str]], set[str]]:
    """ "Attached character gains a [``icon``] icon." """

    def fn(state: GameState, source: str, subject: str, base: set[str]) -> set[str]:
        return base | {icon} if subject == attached_to(state, source) else base

    return fn


# --- pots_18 Taste for Blood ---------------------------------------------------------------
# "Attached character gets +1 STR. Response: After you lose a challenge as the defender,
# attached character claims 1 power."


def _taste_for_blood(state: GameState, ctx: Ctx) -> None:
    bearer = attached_to(state, ctx["source"])
    if bearer is not None:
        moves.card_power(state, bearer, 1, "taste_for_blood")


register(
    "pots_18",
    Ability("response", _taste_for_blood, trigger="challenge_won", condition=lost("defender")),
    passives={"strength": _bearer_strength(1)},
)


# --- pots_19 Locked Away -------------------------------------------------------------------
# "Any Phase: Kneel 1 influence to have attached character lose 1 icon of your choice until
# the end of the phase." The icon is chosen as the effect resolves, among those it has.


def _locked_away_condition(state: GameState, ctx: Ctx) -> bool:
    bearer = attached_to(state, ctx["source"])
    return bearer is not None and bool(icons(state, bearer))


def _locked_away(state: GameState, ctx: Ctx) -> None:
    bearer = attached_to(state, ctx["source"])
    if bearer is None:
        return
    options = [i for i in ("military", "intrigue", "power") if i in icons(state, bearer)]
    data = {"card": bearer, "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "icon", options, "pots_locked_away", ctx=data)


@handler("pots_locked_away")
def _locked_away_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["card"] in state.in_play:
        add_lasting(state, "icons", ctx["card"], "phase", ctx["source"], remove=[ctx["choice"]])


register(
    "pots_19",
    Ability(
        "action",
        _locked_away,
        costs=(Cost("influence", 1),),
        condition=_locked_away_condition,
    ),
)


# --- pots_45 Court Advisor -----------------------------------------------------------------
# "After you play Court Advisor, draw 1 card. Attached character gains an [Intrigue] icon."
# Played = marshalled (not put into play).


def _court_advisor(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    if event.get("card") == ctx["source"] and event.get("seat") == ctx["seat"]:
        moves.effect_draw(state, ctx["seat"], 1)


register(
    "pots_45",
    forced={"played": _court_advisor},
    passives={"icons": _bearer_icon("intrigue")},
)


# --- pots_46 The Art of Diplomacy ----------------------------------------------------------
# "Attached character gains a [Power] icon. While any revealed plot card has the Power
# Struggle trait, attached character gets +4 STR."


def _power_struggle(state: GameState) -> bool:
    return any(
        p.revealed_plot and "Power Struggle" in traits(state, p.revealed_plot)
        for p in state.players
    )


def _diplomacy_strength(state: GameState, source: str, subject: str, base: int) -> int:
    if subject == attached_to(state, source) and _power_struggle(state):
        return base + 4
    return base


register(
    "pots_46",
    passives={"icons": _bearer_icon("power"), "strength": _diplomacy_strength},
)


# --- pots_47 Rusted Sword ------------------------------------------------------------------
# "Attached character gets +2 STR and gains a Military icon. Any Phase: Kneel 1 influence to
# attach Rusted Sword from your hand to a character you control."


def _sword_hosts(state: GameState, ctx: Ctx) -> list[str]:
    seat, card = ctx["seat"], facts(state, ctx["source"])
    return [r for r in attachment_targets(state, card, seat) if controller(state, r) == seat]


def _rusted_sword(state: GameState, ctx: Ctx) -> None:
    seat, ref, target = ctx["seat"], ctx["source"], ctx["target"]
    if ref in state.players[seat].hand and target in _sword_hosts(state, ctx):
        put_into_play(state, seat, ref, target)


register(
    "pots_47",
    Ability(
        "action",
        _rusted_sword,
        costs=(Cost("influence", 1),),
        targets=_sword_hosts,
        zones=("hand",),
    ),
    passives={"strength": _bearer_strength(2), "icons": _bearer_icon("military")},
)


# --- pots_44 Formal Petition -------------------------------------------------------------------
# "Attach to your House card. Limit 1 per House card. You need 2 fewer power in order to win the
# game." Marshalled with ``marshal:play:<card>=house`` (legal.py); it is unique, so one per
# House card.

PETITION_POWER = 2


def _petition_power(state: GameState, source: str, side: int, base: int) -> int:
    return base - PETITION_POWER if side == controller(state, source) else base


register(
    "pots_44",
    passives={"power_to_win": _petition_power},
    attach_rule=lambda state, code, target, seat: False,  # never onto a character
    house_attachment=True,
)
