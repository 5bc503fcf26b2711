"""The House of Black and White: the locations (btns_82, btns_85, btns_88, btns_90, btns_92,
btns_93, btns_94)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    icons,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    has_trait,
    of_house,
    participants,
    stand_card,
    won_unopposed,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- btns_82 The House of Black and White --------------------------------------------------
# "Response: After an opponent's character is killed by a card effect, kneel The House of
# Black and White to move 1 power from that opponent's House card to your House card."
# "By a card effect": the ``killed`` event names the seat whose card effect killed it
# (``by``, engine: leaving.leave); a kill for Military claim, Deadly or a cost is not one.
# Several opponents' characters killed at once: the first one's controller loses the power.


def _killed_opponents(state: GameState, ctx: Ctx) -> list[int]:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("by") is None:
        return []
    found = []
    for ref in event.get("cards", ()):
        owner = event.get("controllers", {}).get(ref)
        if owner in state.opponents(seat) and facts(state, ref).type == "character":
            found.append(owner)
    return found


def _black_and_white(state: GameState, ctx: Ctx) -> None:
    found = _killed_opponents(state, ctx)
    if found:
        moves.move_power(state, found[0], ctx["seat"], 1, "btns_house_black_white")


for _code in ("btns_82",):
    register(
        _code,
        Ability(
            "response",
            _black_and_white,
            trigger="killed",
            condition=lambda state, ctx: bool(_killed_opponents(state, ctx)),
            costs=(KNEEL_SELF,),
        ),
    )

# --- btns_85 Dockside Brothel --------------------------------------------------------------
# "Limited Response: After an opponent's character is knelt by a card effect, kneel Dockside
# Brothel to have a unique [Lannister] character claim 1 power. (Limit 1 limited response
# per round.)"  The ``knelt_by_effect`` trigger (any player's card effect); the unique
# Lannister character may be any player's (the text does not say "you control").


def _opponent_knelt(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    opponents = state.opponents(seat)
    return any(
        event.get("controllers", {}).get(r) in opponents and facts(state, r).type == "character"
        for r in event.get("cards", ())
    )


def _unique_lannister(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if facts(state, r).unique
        and of_house(state, r, "Lannister")
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _brothel(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.card_power(state, ctx["target"], 1, "btns_dockside_brothel")


for _code in ("btns_85",):
    register(
        _code,
        Ability(
            "response",
            _brothel,
            trigger="knelt_by_effect",
            condition=_opponent_knelt,
            costs=(KNEEL_SELF,),
            targets=_unique_lannister,
            limited_response=True,
        ),
    )

# --- btns_88 Northern Encampment -----------------------------------------------------------
# "Any Phase: Kneel 2 influence and discard Northern Encampment from play to stand all
# unique Knight characters in play."  Every player's unique Knights.


def _encampment(state: GameState, ctx: Ctx) -> None:
    for ref in characters_of(state):
        if facts(state, ref).unique and has_trait(state, ref, "Knight"):
            stand_card(state, ref)


for _code in ("btns_88",):
    register(
        _code,
        Ability("action", _encampment, costs=(Cost("influence", 2), DISCARD_SELF)),
    )

# --- btns_90 Freed Galley ------------------------------------------------------------------
# "Response: After you win an unopposed challenge, kneel Freed Galley to claim 1 power for
# any participating unique [Greyjoy] character."  The chosen character (a participant,
# either side) claims 1 power.


def _galley_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in participants(ctx["event"])
        if r in state.in_play
        and facts(state, r).unique
        and of_house(state, r, "Greyjoy")
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _galley(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.card_power(state, ctx["target"], 1, "btns_freed_galley")


for _code in ("btns_90",):
    register(
        _code,
        Ability(
            "response",
            _galley,
            trigger="challenge_won",
            condition=won_unopposed,
            costs=(KNEEL_SELF,),
            targets=_galley_targets,
        ),
    )

# --- btns_93 Qhoyne ------------------------------------------------------------------------
# "Challenges: Kneel Qhoyne to choose a character. Until the end of the phase, that
# character loses a [Power] icon. If that character has no [Power] icon, it instead gets
# -1 STR until the end of the phase."  Any player's character; the icon is read as the
# ability resolves.


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if choosable(state, r, ctx["source"], ctx["seat"])]


def _qhoyne(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    if "power" in icons(state, ref):
        add_lasting(state, "icons", ref, "phase", ctx["source"], remove=["power"])
    else:
        add_lasting(state, "strength", ref, "phase", ctx["source"], amount=-1)


for _code in ("btns_93",):
    register(
        _code,
        Ability(
            "action",
            _qhoyne,
            phases=("challenges",),
            costs=(KNEEL_SELF,),
            targets=_any_character,
        ),
    )

# --- btns_94 Lhorulu -----------------------------------------------------------------------
# "Challenges: Kneel Lhorulu and 2 influence to choose 1 attacking and 1 defending
# character. Stand and remove both characters from the challenge."  The attacking character
# is the ability's target; the defending one is chosen as it resolves (usable only while
# the challenge has both).


def _side(state: GameState, ctx: Ctx, side: str) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in challenge[side]
        if r in state.in_play
        and is_character(state, r)
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _lhorulu_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_side(state, ctx, "defenders"))


def _lhorulu(state: GameState, ctx: Ctx) -> None:
    defenders = _side(state, ctx, "defenders")
    data = {"seat": ctx["seat"], "source": ctx["source"], "attacker": ctx["target"]}
    if defenders:
        ask_select(
            state, ctx["seat"], "defender", defenders, "btns_lhorulu", low=1, high=1, ctx=data
        )
    else:
        _lhorulu_done(state, data, [])


@handler("btns_lhorulu")
def _lhorulu_done(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    challenge = state.challenge
    for ref in [ctx["attacker"], *selected]:
        if ref not in state.in_play:
            continue
        stand_card(state, ref)
        if challenge is not None:
            for side in ("attackers", "defenders"):
                if ref in challenge[side]:
                    challenge[side].remove(ref)
                    state.emit("removed_from_challenge", cards=[ref], side=side, card=ctx["source"])


for _code in ("btns_94",):
    register(
        _code,
        Ability(
            "action",
            _lhorulu,
            phases=("challenges",),
            costs=(KNEEL_SELF, Cost("influence", 2)),
            targets=lambda state, ctx: _side(state, ctx, "attackers"),
            condition=_lhorulu_may,
        ),
    )

# --- btns_92 Noyne -------------------------------------------------------------------------
# "Each opponent plays with the top card of his or her deck revealed."  The flag
# ``deck_top_revealed`` (subject a seat: each opponent of Noyne's controller); every view
# then shows that deck's top card (engine: observe, ``deck_top``).


def _noyne(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if isinstance(subject, int) and subject in state.opponents(controller(state, source)):
        return True
    return base


for _code in ("btns_92",):
    register(_code, passives={"deck_top_revealed": _noyne})
