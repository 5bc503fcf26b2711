"""A Roll of the Dice (btns_101 to btns_120): the attachments, the location and the simple
characters and events (Ramsay's Hunting Dogs, Walk of Shame, Snowed In, Outthought, The
Brazen Beasts, Meereenese Fighting Pit)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    LASTING_PASSIVES,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    attachments,
    controller,
    facts,
    is_character,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    STR_LISTENERS,
    STR_REDUCED,
    characters_of,
    event,
    has_trait,
    kneel_card,
    lost,
    on_bearer,
    stand_card,
    withdraw,
)
from gameplay.engine.state import GameState

# --- btns_102 Ramsay's Hunting Dogs --------------------------------------------------------
# "Setup. Attached character gets +2 STR and cannot be bypassed by stealth."  Setup is the
# engine's keyword; "cannot be bypassed by stealth" is the ``can_be_stealthed`` permission.


def _no_stealth(base: bool) -> bool:
    return False


register(
    "btns_102",
    passives={
        "strength": on_bearer(lambda base: base + 2),
        "can_be_stealthed": on_bearer(_no_stealth),
    },
)

# --- btns_104 Walk of Shame ----------------------------------------------------------------
# "Challenges: Kneel 1 influence to choose a participating character. Remove that character
# from the challenge. Then, discard 1 power from that character and 1 power from your House
# card."  Any participating character (either side); the power is discarded as far as there
# is some ("then" does not depend on it).


def _participants(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["attackers"] + challenge["defenders"] if r in state.in_play]


def _walk_of_shame(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    withdraw(state, [ref], ctx["source"])
    if state.in_play[ref].power > 0:
        moves.card_power(state, ref, -1, "btns_walk_of_shame")
    moves.discard_power(state, ctx["seat"], 1, "btns_walk_of_shame")


register(
    "btns_104",
    event(
        _walk_of_shame,
        phases=("challenges",),
        costs=(Cost("influence", 1),),
        targets=_participants,
    ),
)

# --- btns_106 Snowed In --------------------------------------------------------------------
# "Any Phase: Until the end of the phase, character abilities cannot be triggered."  A
# lasting ``can_trigger`` text (LASTING_PASSIVES) on the event for the phase: no ability of a
# character in play can be triggered (actions and responses; forced effects are not
# triggered by a player and still happen), also of characters that enter play later.

SNOWED_IN = "btns_snowed_in"


def _snowed_in_forbids(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if isinstance(subject, str) and subject in state.in_play and is_character(state, subject):
        return False
    return base


LASTING_PASSIVES[SNOWED_IN] = _snowed_in_forbids


def _snowed_in(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "can_trigger", ctx["source"], "phase", ctx["source"], passive=SNOWED_IN)


register("btns_106", event(_snowed_in))

# --- btns_113 Outthought -------------------------------------------------------------------
# "After you play Outthought, draw 1 card. Response: After you lose a challenge, kneel
# attached character."  The draw is forced once its controller marshals it (within the draw
# cap); "you" is Outthought's controller, whoever controls the attached character.


def _outthought_played(state: GameState, ctx: Ctx) -> None:
    found = ctx["event"]
    if found.get("card") == ctx["source"] and found.get("seat") == ctx["seat"]:
        moves.effect_draw(state, ctx["seat"], 1)


def _host_standing(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return lost()(state, ctx) and host is not None and not state.in_play[host].knelt


def _kneel_host(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None:
        kneel_card(state, host)


register(
    "btns_113",
    Ability("response", _kneel_host, trigger="challenge_won", condition=_host_standing),
    forced={"played": _outthought_played},
)

# --- btns_115 The Brazen Beasts ------------------------------------------------------------
# "Renown. Response: After an opponent's character's STR is reduced to 0, The Brazen Beasts
# claim 1 power. (Limit once per phase.)"  The ``strength_reduced`` trigger (a card effect
# lowering a character's STR), when the character's STR is then 0; Renown is the engine's.


def _reduced_to_zero(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return (
        isinstance(card, str)
        and card in state.in_play
        and controller(state, card) in state.opponents(ctx["seat"])
        and strength(state, card) == 0
    )


def _beasts_claim(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "btns_brazen_beasts")


STR_LISTENERS.add("btns_115")
register(
    "btns_115",
    Ability(
        "response",
        _beasts_claim,
        trigger=STR_REDUCED,
        condition=_reduced_to_zero,
        limit=(1, "phase"),
    ),
)

# --- btns_116 Meereenese Fighting Pit ------------------------------------------------------
# "Challenges: Kneel Meereenese Fighting Pit to choose and stand a Dragon character or a
# character with 1 or more Weapon attachments."  Any player's knelt such character (standing
# a standing character would do nothing).


def _pit_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if state.in_play[r].knelt
        and (
            has_trait(state, r, "Dragon")
            or any(
                has_trait(state, a, "Weapon") and facts(state, a).type == "attachment"
                for a in attachments(state, r)
            )
        )
    ]


def _pit_stand(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["target"])


register(
    "btns_116",
    Ability(
        "action",
        _pit_stand,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_pit_targets,
    ),
)
