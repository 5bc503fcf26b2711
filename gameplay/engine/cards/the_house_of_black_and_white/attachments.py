"""The House of Black and White: the attachments (btns_83 Poisoned Coin, btns_86 Dragonbone
Dagger, btns_87 Enslaved, btns_89 Banner Bearer, btns_91 Cowed, btns_97 Greyscale)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    facts,
    is_character,
    keywords,
    register,
)
from gameplay.engine.cards.vocabulary import (
    attached_passive,
    characters_of,
    has_trait,
    pile_to_hand,
    release_attached,
    take_attached,
)
from gameplay.engine.moves import CARD_CLAIMED, CARD_STOOD
from gameplay.engine.state import GameState

# --- btns_83 Poisoned Coin -----------------------------------------------------------------
# "House Stark only. Response: After attached character stands, kill attached character.
# Then, draw 1 card."  Its character standing in the standing phase (``stood``) or by any
# effect or keyword (``card_stood``, engine: moves.stand). The kill may be saved; the draw
# follows whether or not it was ("Then" reads the kill as resolved once it is attempted).
# "House Stark only" is a deck-building rule.


def _host_stood(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and host in ctx["event"].get("cards", ())


def _coin(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None:
        moves.kill(state, [host])
    moves.effect_draw(state, ctx["seat"], 1)


for _code in ("btns_83",):
    register(
        _code,
        *(
            Ability("response", _coin, trigger=name, condition=_host_stood)
            for name in ("stood", CARD_STOOD)
        ),
    )

# --- btns_86 Dragonbone Dagger -------------------------------------------------------------
# "Attached character gets +1 STR and gains deadly. Any Phase: Pay 1 gold to return
# Dragonbone Dagger from your discard pile to your hand."


def _dagger_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 1


def _dagger_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return set(base) | {"deadly"}


def _dagger_back(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["source"], "discard")


for _code in ("btns_86",):
    register(
        _code,
        Ability("action", _dagger_back, zones=("discard",), costs=(Cost("gold", 1),)),
        passives={
            "strength": attached_passive(_dagger_strength),
            "keywords": attached_passive(_dagger_keywords),
        },
    )

# --- btns_87 Enslaved ----------------------------------------------------------------------
# "Attach to a character with printed cost 2 or lower. Take control of attached character."
# As Enslaved enters play (forced ``entered_play``) its controller takes control of the
# character; a ``btns_enslaved`` mark (a lasting effect while the character stays in play)
# remembers who had it, and when Enslaved leaves play (``card_left_play``) control goes
# back to that player.

_enslave, _freed = take_attached, release_attached  # vocabulary/attached_control.py


def _cheap(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return (facts(state, target).cost or 0) <= 2


for _code in ("btns_87",):
    register(
        _code,
        forced={"entered_play": _enslave, "card_left_play": _freed},
        attach_rule=_cheap,
    )

# --- btns_89 Banner Bearer -----------------------------------------------------------------
# "Setup. Challenges: Kneel Banner Bearer to choose a Knight or Lord character you control.
# Attached character gains all keywords the chosen character has until the end of the
# phase."  The keywords are read as the ability resolves (a lasting ``keywords`` effect);
# Setup is the engine's keyword.


def _knights_and_lords(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state, ctx["seat"])
        if has_trait(state, r, "Knight") or has_trait(state, r, "Lord")
    ]


def _bearer(state: GameState, ctx: Ctx) -> None:
    host, chosen = attached_to(state, ctx["source"]), ctx["target"]
    if host is None or chosen not in state.in_play:
        return
    words = sorted(keywords(state, chosen))
    if words:
        add_lasting(state, "keywords", host, "phase", ctx["source"], add=words)


for _code in ("btns_89",):
    register(
        _code,
        Ability(
            "action",
            _bearer,
            phases=("challenges",),
            costs=(KNEEL_SELF,),
            targets=_knights_and_lords,
            condition=lambda state, ctx: attached_to(state, ctx["source"]) is not None,
        ),
    )

# --- btns_91 Cowed -------------------------------------------------------------------------
# "Attached character cannot be declared alone as an attacker or defender."  The
# permissions ``can_attack_alone`` (engine: challenges.ask_attackers, and a challenge whose
# only eligible attacker is that character cannot be initiated) and ``can_defend_alone``.


def _not_alone(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False


for _code in ("btns_91",):
    register(
        _code,
        passives={
            "can_attack_alone": attached_passive(_not_alone),
            "can_defend_alone": attached_passive(_not_alone),
        },
    )

# --- btns_97 Greyscale ---------------------------------------------------------------------
# "Attached character gains renown. Attached character gets -1 STR for each gold token on it
# and is discarded if its STR is 0. When attached character claims 1 or more power, put 1
# gold token from the treasury on that character."  The ``discarded_at_zero`` flag
# (checks.check_zero_strength: discarded from play, cannot be saved) and the forced moment
# ``card_power_claimed`` (engine: moves.card_power, any power a character claims: Renown,
# card effects).


def _grey_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return set(base) | {"renown"}


def _grey_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base - state.in_play[subject].gold


def _grey_zero(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True


def _grey_claimed(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None and ctx["event"].get("card") == host and is_character(state, host):
        moves.gold_to_card(state, host, 1, "btns_greyscale")


for _code in ("btns_97",):
    register(
        _code,
        forced={CARD_CLAIMED: _grey_claimed},
        passives={
            "keywords": attached_passive(_grey_keywords),
            "strength": attached_passive(_grey_strength),
            "discarded_at_zero": attached_passive(_grey_zero),
        },
    )
