"""The Wildling Horde: the locations (dotn_62, dotn_66, dotn_75, dotn_78)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    controller,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    discard_top,
    has_trait,
    winter,
    you_revealed,
)
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- dotn_62 Borderland Keep ----------------------------------------------------------------
# "House Stark only. Response: Discard Borderland Keep from play (cannot be saved) to cancel
# 1 effect triggered during a Military challenge."  A cancel (window ``ability``) of any
# player's triggered ability used while a Military challenge is being resolved (from its
# initiation to its end: ``state.challenge``), whatever the card.


def _military_challenge(state: GameState, ctx: Ctx) -> bool:
    return state.challenge is not None and state.challenge["type"] == "military"


register(
    "dotn_62",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(DISCARD_SELF,),
        condition=_military_challenge,
    ),
)

# --- dotn_66 Eastwatch-by-the-Sea -----------------------------------------------------------
# "Response: After an opponent reveals a plot card, move 1 power from a character in play to
# its controller's House card."  After each reveal of an opponent's plot (the plot phase's
# and a new plot revealed later: trigger ``plot_revealed``); any player's character with
# power, chosen as the response is used.


def _opponent_revealed(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") in state.opponents(ctx["seat"])


def _characters_with_power(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if state.in_play[r].power > 0]


def _eastwatch(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        moves.take_card_power(state, ref, controller(state, ref), 1, "eastwatch_by_the_sea")


register(
    "dotn_66",
    Ability(
        "response",
        _eastwatch,
        trigger="plot_revealed",
        condition=_opponent_revealed,
        targets=_characters_with_power,
    ),
)

# --- dotn_75 The Shadow Tower ---------------------------------------------------------------
# "Challenges: Kneel The Shadow Tower to add 2 to your total STR during any challenge in which
# you control at least 1 participating Night's Watch character."  Usable while a challenge
# is being resolved in which its controller has a participating Night's Watch character;
# the side of that character gets +2 total STR until the end of the challenge (the lasting
# ``side_strength`` effect, challenges.side_strength), even if that character leaves it.

SHADOW_TOWER_STR = 2


def _watch_side(state: GameState, seat: int) -> str | None:
    challenge = state.challenge
    if challenge is None:
        return None
    for side in ("attackers", "defenders"):
        if any(
            r in state.in_play
            and controller(state, r) == seat
            and has_trait(state, r, "Night's Watch")
            for r in challenge[side]
        ):
            return side
    return None


def _tower_may(state: GameState, ctx: Ctx) -> bool:
    return _watch_side(state, ctx["seat"]) is not None


def _tower(state: GameState, ctx: Ctx) -> None:
    seat, challenge = ctx["seat"], state.challenge
    side = _watch_side(state, seat)
    if challenge is None or side is None:
        return
    player = challenge["attacker"] if side == "attackers" else challenge["defender"]
    subject = f"{player}:{side}"
    add_lasting(
        state, "side_strength", subject, "challenge", ctx["source"], amount=SHADOW_TOWER_STR
    )


register(
    "dotn_75",
    Ability("action", _tower, phases=("challenges",), costs=(KNEEL_SELF,), condition=_tower_may),
)

# --- dotn_78 Frostfang Peaks ----------------------------------------------------------------
# "Response: After you reveal a plot card, discard the top card of each opponent's deck.
# (Discard the top 2 cards instead if it is Winter.)"  The season as the response resolves
# (the revealed plots count).

FROSTFANG_CARDS, FROSTFANG_WINTER = 1, 2


def _frostfang(state: GameState, ctx: Ctx) -> None:
    count = FROSTFANG_WINTER if winter(state) else FROSTFANG_CARDS
    for seat in state.opponents(ctx["seat"]):
        discard_top(state, seat, count, "frostfang_peaks")


register(
    "dotn_78",
    Ability("response", _frostfang, trigger="plot_revealed", condition=you_revealed),
)
