"""A Hidden Agenda's Favor attachments: Euron's Favor (kr_106), Tywin's Favor (kr_108) and
Robb's Favor (kr_115)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    attached_to,
    attachments,
    controller,
    facts,
    register,
)
from gameplay.engine.cards.vocabulary import attacking_alone, has_trait, in_play_of, of_house
from gameplay.engine.state import GameState


def _yours(state: GameState, code: str, ref: str, seat: int | None) -> bool:
    """Attach rule: "Attach to a character you control"."""
    return facts(state, ref).type == "character" and (
        seat is None or controller(state, ref) == seat
    )


# --- kr_106 Euron's Favor ------------------------------------------------------------------
# "Setup. Attach to a character you control. Any Phase: Discard a Warship location from play
# or from your hand to give attached character +4 STR and deadly until the end of the
# phase."  Two uses: a Warship location the player controls discarded from play (a cost:
# cannot be saved), or one from the hand. Setup is the engine's keyword.

EURON_STR = 4


def _warship_location(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "location" and has_trait(state, ref, "Warship")


def _euron_boost(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is None or host not in state.in_play:
        return
    add_lasting(state, "strength", host, "phase", ctx["source"], amount=EURON_STR)
    add_lasting(state, "keywords", host, "phase", ctx["source"], add=["deadly"])


def _warships_in_play(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in in_play_of(state, "location", ctx["seat"])
        if _warship_location(state, r) and allowed(state, "can_be_discarded", r)
    ]


def _has_host(state: GameState, ctx: Ctx) -> bool:
    return attached_to(state, ctx["source"]) is not None


register(
    "kr_106",
    Ability(
        "action",
        _euron_boost,
        costs=(Cost("discard_target"),),
        targets=_warships_in_play,
        condition=_has_host,
        label="Euron's Favor: discard a Warship location from play: +4 STR and deadly.",
    ),
    Ability(
        "action",
        _euron_boost,
        costs=(Cost("discard_hand", 1, _warship_location, "Warship location"),),
        condition=_has_host,
        label="Euron's Favor: discard a Warship location from your hand: +4 STR and deadly.",
    ),
    attach_rule=_yours,
)

# --- kr_108 Tywin's Favor ------------------------------------------------------------------
# "Setup. Attach to a character you control. Any Phase: Discard attached character from play
# to add 4 gold tokens to your gold pool from the treasury."  The attached character is the
# ability's only target and is discarded as the cost (cannot be saved); a character that
# cannot be discarded cannot pay it.

TYWIN_GOLD = 4


def _tywin_host(state: GameState, ctx: Ctx) -> list[str]:
    host = attached_to(state, ctx["source"])
    if host is None or host not in state.in_play or not allowed(state, "can_be_discarded", host):
        return []
    return [host]


def _tywin_gold(state: GameState, ctx: Ctx) -> None:
    moves.gain_gold(state, ctx["seat"], TYWIN_GOLD, "tywins_favor")


register(
    "kr_108",
    Ability("action", _tywin_gold, costs=(Cost("discard_target"),), targets=_tywin_host),
    attach_rule=_yours,
)

# --- kr_115 Robb's Favor -------------------------------------------------------------------
# "Attach to a [Stark] character you control. Limit 1 per character. While attached
# character is attacking alone, increase the claim value on your revealed plot card by 2. If
# you win that challenge, discard attached character from play (cannot be saved)."  Forced on
# ``challenge_won``: the attached character was the only attacker and its controller won.

ROBB_CLAIM = 2


def _robb_rule(state: GameState, code: str, ref: str, seat: int | None) -> bool:
    if not _yours(state, code, ref, seat) or not of_house(state, ref, "Stark"):
        return False
    return not any(facts(state, a).name == "Robb's Favor" for a in attachments(state, ref))


def _robb_claim(state: GameState, source: str, subject: Any, base: int) -> int:
    host = attached_to(state, source)
    if host is None or subject != controller(state, source) or not attacking_alone(state, host):
        return base
    return base + ROBB_CLAIM


def _robb_won(state: GameState, ctx: Ctx) -> None:
    event, host = ctx["event"], attached_to(state, ctx["source"])
    if host is None or host not in state.in_play:
        return
    if event.get("winner") == controller(state, host) and list(event.get("attackers", ())) == [
        host
    ]:
        moves.discard_from_play(state, [host])


register(
    "kr_115",
    passives={"claim": _robb_claim},
    forced={"challenge_won": _robb_won},
    attach_rule=_robb_rule,
)
