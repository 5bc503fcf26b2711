"""Secrets and Schemes locations and attachments: The Sea Tower (w_5), Red Rain (w_6), Enemy
of the Queen (w_9), Hotah's Axe (w_12), Raventree Hall (w_14) and Vaes Dothrak (w_16)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    facts,
    handler,
    icons,
    is_character,
    register,
)
from gameplay.engine.cards.secrets_and_schemes.common import (
    declared,
    defenders_cards,
    win_by_4_discard,
)
from gameplay.engine.cards.vocabulary import characters_of, claim_during, of_house, won_with
from gameplay.engine.leaving import kill
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import cost_reducer
from gameplay.engine.state import GameState

CHALLENGE_ICONS = ("military", "intrigue", "power")

# --- w_5 The Sea Tower ---------------------------------------------------------------------
# "Limited. Marshalling: Kneel The Sea Tower to reduce the cost of the next [Greyjoy]
# character you play this phase by 1."

register("w_5", cost_reducer(1, ("Greyjoy",), ("character",)))


# --- w_6 Red Rain --------------------------------------------------------------------------
# "Unique [Greyjoy] character only. Limited Response: After attached character is declared
# as an attacker, choose a character controlled by the defending player. If you win the
# challenge by 4 or more total STR, discard that character from play." (The discard may be
# saved; common.win_by_4_discard.)


def _red_rain_rule(state: GameState, code: str, ref: str, seat: int | None) -> bool:
    return facts(state, ref).unique and of_house(state, ref, "Greyjoy")


def _red_rain_may(state: GameState, ctx: Ctx) -> bool:
    return declared(state, ctx, attached_to(state, ctx["source"]))


register(
    "w_6",
    Ability(
        "response",
        win_by_4_discard,
        trigger="attackers_declared",
        condition=_red_rain_may,
        targets=defenders_cards("character"),
        limited_response=True,
    ),
    attach_rule=_red_rain_rule,
)


# --- w_9 Enemy of the Queen ----------------------------------------------------------------
# "Attached character does not stand during the standing phase. Discard Enemy of the Queen
# if attached character's controller wins an [Intrigue] challenge against you by 4 or more
# total STR." "You": Enemy of the Queen's controller, the loser of that challenge. Forced.

QUEEN_BY = 4


def _queen_stand(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if state.phase == "standing" and subject == attached_to(state, source):
        return False
    return base


def _queen_won(state: GameState, ctx: Ctx) -> None:
    source, event = ctx["source"], ctx["event"]
    host = attached_to(state, source)
    if source not in state.in_play or host is None or host not in state.in_play:
        return
    if (
        event.get("type") == "intrigue"
        and event.get("winner") == controller(state, host)
        and event.get("loser") == controller(state, source)
        and event.get("by", 0) >= QUEEN_BY
    ):
        moves.discard(state, [source])


register("w_9", passives={"can_stand": _queen_stand}, forced={"challenge_won": _queen_won})


# --- w_12 Hotah's Axe ----------------------------------------------------------------------
# "Setup. Limited Response: After you win a challenge in which attached character
# participated, choose a character. That character loses a challenge icon of your choice
# until the end of the phase. Then, if that character has no challenge icons, kill it."
# Any player's character with at least 1 challenge icon (one without any cannot lose one);
# its controller's choice of icon is asked only with 2 or more.


def _axe_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if icons(state, r) & set(CHALLENGE_ICONS)]


def _axe(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    options = [i for i in CHALLENGE_ICONS if i in icons(state, target)]
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": target}
    ask_choose(state, ctx["seat"], "lose_icon", options, "sns_hotahs_axe", ctx=data)


@handler("sns_hotahs_axe")
def _axe_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    target = ctx["target"]
    if target not in state.in_play or not is_character(state, target):
        return
    add_lasting(state, "icons", target, "phase", ctx["source"], remove=[ctx["choice"]])
    if not icons(state, target) & set(CHALLENGE_ICONS):
        kill(state, [target])


register(
    "w_12",
    Ability(
        "response",
        _axe,
        trigger="challenge_won",
        condition=won_with("attached"),
        targets=_axe_targets,
        limited_response=True,
    ),
)


# --- w_14 Raventree Hall -------------------------------------------------------------------
# "Immune to events. While a character you control is defending alone, it gets +1 STR and
# gains renown." The only defender still in play in the challenge being resolved.


def _defending_alone(state: GameState, source: str, subject: Any) -> bool:
    challenge = state.challenge
    if challenge is None or not isinstance(subject, str) or subject not in state.in_play:
        return False
    defenders = [r for r in challenge["defenders"] if r in state.in_play]
    return defenders == [subject] and state.in_play[subject].controller == controller(state, source)


def _raventree_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 1 if _defending_alone(state, source, subject) else base


def _raventree_renown(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return set(base) | {"renown"} if _defending_alone(state, source, subject) else base


register("w_14", passives={"strength": _raventree_strength, "keywords": _raventree_renown})


# --- w_16 Vaes Dothrak ---------------------------------------------------------------------
# "House Targaryen only. Limited. During [Intrigue] challenges, the Claim value on your
# revealed plot card is increased by 1." (vocabulary.plot_claim)

register("w_16", passives={"claim": claim_during("intrigue")})
