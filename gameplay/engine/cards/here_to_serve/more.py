"""Here to Serve: the saves (soo_101, soo_115), the Links (soo_117, soo_118) and the plots
(soo_119, soo_120). Handler and effect names start with ``hts_``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import leaving
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    attached_to,
    attachments,
    controller,
    crests,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    discard_top,
    has_trait,
    is_type,
    kneel_card,
    winter,
)
from gameplay.engine.moves import effect_draw
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState


def _leaving(
    match: Callable[[GameState, str], bool],
) -> Callable[[GameState, Ctx], list[str]]:
    """The targets of "save a <match> from being killed or discarded": any player's card
    the removal being resolved names, not saved yet."""

    def targets(state: GameState, ctx: Ctx) -> list[str]:
        return [
            r
            for r in ctx["event"].get("cards", ())
            if r in state.in_play and match(state, r) and not leaving.saved(state, r)
        ]

    return targets


def _save(state: GameState, ctx: Ctx) -> None:
    leaving.save_target(state, ctx)


# --- soo_101 Maester of Last Hearth -------------------------------------------------------------
# "Your Creature characters get +1 STR. If it is Winter, Maester of Last Hearth gains:
# "Response: Kneel Maester of Last Hearth to save a Creature from being killed or discarded
# from play.""  The save: any player's Creature character, only while it is Winter (the
# season as the removal is resolved).


def _creature(state: GameState, ref: str) -> bool:
    return is_type(state, ref, "character") and has_trait(state, ref, "Creature")


def _creatures_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    mine = controller(state, subject) == controller(state, source)
    return base + 1 if mine and _creature(state, subject) else base


def _last_hearth_save(trigger: str) -> Ability:
    return Ability(
        "save",
        _save,
        trigger=trigger,
        costs=(KNEEL_SELF,),
        targets=_leaving(_creature),
        condition=winter,
    )


register(
    "soo_101",
    _last_hearth_save("would_be_killed"),
    _last_hearth_save("would_be_discarded"),
    passives={"strength": _creatures_strength},
)


# --- soo_115 Ser Gerold Hightower ---------------------------------------------------------------
# "No attachments except Weapon. Renown. Response: Kneel a Kingsguard character to save a King
# or Queen character from being killed or discarded from play."  The kneeled Kingsguard is one
# you control (a cost; Ser Gerold himself may be it); any player's King or Queen may be saved.
# The keywords are data.


def _royal(state: GameState, ref: str) -> bool:
    return is_type(state, ref, "character") and (
        has_trait(state, ref, "King") or has_trait(state, ref, "Queen")
    )


def _kingsguard(state: GameState, ref: str) -> bool:
    return is_type(state, ref, "character") and has_trait(state, ref, "Kingsguard")


def _gerold_save(trigger: str) -> Ability:
    return Ability(
        "save",
        _save,
        trigger=trigger,
        costs=(Cost("kneel", 1, _kingsguard, "Kingsguard character"),),
        targets=_leaving(_royal),
    )


register("soo_115", _gerold_save("would_be_killed"), _gerold_save("would_be_discarded"))


# --- soo_117 Valyrian Steel Link / soo_118 Brass Link -------------------------------------------
# Valyrian Steel Link: "Setup. Maester character only. Any Phase: Kneel attached character to
# draw 1 card (2 cards instead if attached character has 3 or more Chain attachments). (Limit
# once per phase)."
# Brass Link: "Setup. Maester character only. Any Phase: Kneel attached character to discard
# the top X cards from any player's deck. X is the number of Chain attachments on attached
# character (Limit once per phase)."
# Read as Lead Link: the Chains are counted as it resolves (the Link itself is one); the bearer
# kneels as it resolves; the draw is within the draw cap. Brass Link's player is chosen as it
# resolves, any player with cards in their deck, you included.

MANY_CHAINS = 3


def _maester_only(state: GameState, code: str, target: str, seat: int | None) -> bool:
    """ "Maester character only." """
    return is_type(state, target, "character") and has_trait(state, target, "Maester")


def _chains(state: GameState, ref: str) -> int:
    return sum(1 for a in attachments(state, ref) if has_trait(state, a, "Chain"))


def _bearer_standing(state: GameState, ctx: Ctx) -> bool:
    bearer = attached_to(state, ctx["source"])
    return bearer is not None and not state.in_play[bearer].knelt


def _kneel_bearer(state: GameState, ctx: Ctx) -> str | None:
    bearer = attached_to(state, ctx["source"])
    if bearer is None or state.in_play[bearer].knelt:
        return None
    kneel_card(state, bearer)
    return bearer


def _steel_link(state: GameState, ctx: Ctx) -> None:
    bearer = _kneel_bearer(state, ctx)
    if bearer is not None:
        effect_draw(state, ctx["seat"], 2 if _chains(state, bearer) >= MANY_CHAINS else 1)


register(
    "soo_117",
    Ability("action", _steel_link, condition=_bearer_standing, limit=(1, "phase")),
    attach_rule=_maester_only,
)


def _brass_link(state: GameState, ctx: Ctx) -> None:
    bearer = _kneel_bearer(state, ctx)
    options = [str(p.seat) for p in state.players if p.deck]
    if bearer is not None and options:
        data = {"seat": ctx["seat"], "source": ctx["source"], "count": _chains(state, bearer)}
        ask_choose(state, ctx["seat"], "choose_player", options, "hts_brass_link", ctx=data)


@handler("hts_brass_link")
def _brass_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    discard_top(state, int(ctx["choice"]), ctx["count"], "hts_brass_link")


register(
    "soo_118",
    Ability("action", _brass_link, condition=_bearer_standing, limit=(1, "phase")),
    attach_rule=_maester_only,
)


# --- soo_119 Schemes of the Scholar -------------------------------------------------------------
# "Learned characters you control do not kneel to attack or defend during Intrigue challenges.
# Raise your claim value by 1 during Intrigue challenges you initiate."  Passives of the
# revealed plot: a Learned crest (as the character is declared), the challenge's type.


def _intrigue(state: GameState) -> bool:
    return state.challenge is not None and state.challenge["type"] == "intrigue"


def _scholars_stand(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if (
        _intrigue(state)
        and is_type(state, subject, "character")
        and controller(state, subject) == controller(state, source)
        and "learned" in crests(state, subject)
    ):
        return False
    return base


def _scholar_claim(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    if (
        _intrigue(state)
        and challenge is not None
        and subject == challenge["attacker"] == controller(state, source)
    ):
        return base + 1
    return base


register(
    "soo_119",
    passives={
        "kneel_to_attack": _scholars_stand,
        "kneel_to_defend": _scholars_stand,
        "claim": _scholar_claim,
    },
)


# --- soo_120 Search and Detain ------------------------------------------------------------------
# "When revealed, choose a card without any attachments controlled by the first player. Return
# that card to its owner's hand (cannot be saved)."  Any card in play the first player controls
# (character, location or attachment) with no attachment on it, chosen by the plot's player
# (you included if you are first player); not a target where it cannot be (immune).


def _detain(state: GameState, ctx: Ctx) -> None:
    first = state.first_player
    candidates = [
        r
        for r in state.players[first].in_play
        if r in state.in_play
        and not attachments(state, r)
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]
    if candidates:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_select(
            state, ctx["seat"], "return_to_hand", candidates, "hts_detain", low=1, high=1, ctx=data
        )


@handler("hts_detain")
def _detained(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        leaving.return_to_hand(state, chosen, savable=False)


register("soo_120", when_revealed=_detain)
