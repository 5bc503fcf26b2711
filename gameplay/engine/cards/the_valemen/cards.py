"""The Valemen events, locations and plots: Battle of the Green Fork (w_47), An Opening Gambit
(w_49), Red Mountain Keep (w_50), Vaes Tolorro (w_56), The Moon Door (w_58), Holding Council
(w_59) and The Withering Cold (w_60). "[Combat]" in these texts is the [Military] icon."""

from __future__ import annotations

import dataclasses
from typing import Any

from gameplay.engine import epic, moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    LASTING_PASSIVES,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    pool,
    register,
)
from gameplay.engine.cards.vocabulary import (
    castle_plot,
    characters_of,
    claim_during,
    first_challenge_this_phase,
    has_trait,
    lost,
    of_house_named,
    participants,
    prized_card,
    response,
    stand_card,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import attachment_targets, unique_problem
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.uses import put_into_play


def printed_cost(state: GameState, ref: str) -> int:
    """A card's printed cost (0 when it has none)."""
    return pool(state)[state.code(ref)].cost or 0


# --- w_47 Battle of the Green Fork ----------------------------------------------------------
# "House Lannister only. Plot: After the dominance phase this round, there is an epic phase
# during which each player may initiate a single [Combat] challenge with normal claim. During
# this epic phase, each unique Clansman and Mercenary character gains melee. (Place this card
# next to your plot deck until the end of this epic phase.)" The epic phase of engine/epic.py
# with a single Military challenge; "Clansman and Mercenary": a unique character with either
# trait (any player's). The card lies in no zone, so the melee is a lasting effect naming the
# card (a LASTING_PASSIVES passive) that counts only while its own epic phase is played.

GREEN_FORK = "w_green_fork_melee"


def _green_fork_melee(state: GameState, source: str, subject: Any, base: Any) -> Any:
    battle = epic.current(state)
    if battle is None or battle["card"] != source or not isinstance(subject, str):
        return base
    if subject not in state.in_play or facts(state, subject).type != "character":
        return base
    if not facts(state, subject).unique:
        return base
    if has_trait(state, subject, "Clansman") or has_trait(state, subject, "Mercenary"):
        return base | {"melee"}
    return base


LASTING_PASSIVES[GREEN_FORK] = _green_fork_melee
_green_fork_battle = epic.epic_battle_event(("military",))


def _green_fork(state: GameState, ctx: Ctx) -> None:
    _green_fork_battle.effect(state, ctx)
    add_lasting(state, "keywords", ctx["source"], "round", ctx["source"], passive=GREEN_FORK)


register("w_47", dataclasses.replace(_green_fork_battle, effect=_green_fork))


# --- w_49 An Opening Gambit -------------------------------------------------------------------
# "House Martell only. Response: After you lose a challenge, choose a participating Sand Snake
# character you control to claim 1 power. Then, if this was the first challenge initiated
# this phase, stand that character and draw 1 card." The character gains 1 power from the
# pool; "first challenge initiated this phase": the challenges phase's first or an epic
# phase's (vocabulary.first_challenge_this_phase).


def _gambit_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in participants(ctx["event"])
        if r in state.in_play
        and controller(state, r) == ctx["seat"]
        and has_trait(state, r, "Sand Snake")
    ]


def _gambit(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    moves.card_power(state, ref, 1, "an_opening_gambit")
    if first_challenge_this_phase(state):
        stand_card(state, ref)
        moves.effect_draw(state, ctx["seat"], 1)


register(
    "w_49",
    response(_gambit, "challenge_won", condition=lost(), targets=_gambit_targets),
)


# --- w_50 Red Mountain Keep -------------------------------------------------------------------
# "Dominance: Kneel Red Mountain Keep to shuffle a Sand Snake character from your dead pile
# back into your deck." The dead pile is public: the character is chosen as it is used.


def _keep_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].dead
        if facts(state, r).type == "character" and has_trait(state, r, "Sand Snake")
    ]


def _keep(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    ref = ctx["target"]
    if ref not in player.dead:
        return
    player.dead.remove(ref)
    player.deck.append(ref)
    shuffle_zone(state, player.deck)
    state.emit("pile_shuffled", seat=ctx["seat"], pile="dead", count=1, card=ctx["source"])


register(
    "w_50",
    Ability("action", _keep, phases=("dominance",), costs=(KNEEL_SELF,), targets=_keep_targets),
)


# --- w_56 Vaes Tolorro ------------------------------------------------------------------------
# "House Targaryen only. Limited. During [Combat] challenges, the Claim value on your revealed
# plot card is increased by 1." Every Military challenge (as attacker or defender: the claim
# counts where a claim is read): vocabulary.claim_during.


register("w_56", passives={"claim": claim_during("military")})


# --- w_58 The Moon Door -----------------------------------------------------------------------
# "Dominance: Kneel The Moon Door and kneel a unique House Arryn character to choose and kill
# a character with printed cost 3 or lower." A unique House Arryn character its controller
# controls (a kneel cost); any player's character is killed.

MOON_DOOR_COST = 3


def _unique_arryn(state: GameState, ref: str) -> bool:
    return facts(state, ref).unique and of_house_named(state, ref, "House Arryn")


def _moon_door_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if printed_cost(state, r) <= MOON_DOOR_COST]


register(
    "w_58",
    Ability(
        "action",
        moves.kill_target,
        phases=("dominance",),
        costs=(KNEEL_SELF, Cost("kneel", 1, _unique_arryn, "unique House Arryn character")),
        targets=_moon_door_targets,
    ),
)


# --- w_59 Holding Council ---------------------------------------------------------------------
# "Castle. After this plot is placed in your used pile, put a card with printed cost 1 or
# lower into play from your hand." Forced as the plot moves to the used pile; a character,
# location or attachment (an event or plot is never put into play) that may enter play now
# (uniqueness; an attachment needs a legal host, chosen next). The hand is hidden: the prompt
# is asked even when nothing fits (then nothing happens). vocabulary.castle_plot.

COUNCIL_COST = 1


def _council_cards(state: GameState, seat: int) -> list[str]:
    found = []
    for ref in state.players[seat].hand:
        card = facts(state, ref)
        if card.type not in ("character", "location", "attachment"):
            continue
        if (card.cost or 0) > COUNCIL_COST or unique_problem(state, seat, card) is not None:
            continue
        if card.type == "attachment" and not attachment_targets(state, card, seat):
            continue
        found.append(ref)
    return found


def _council(state: GameState, ctx: Ctx) -> None:
    seat = ctx["event"]["seat"]
    found = _council_cards(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    low = 1 if found else 0
    ask_select(
        state,
        seat,
        "put_into_play",
        found,
        "w_holding_council",
        low=low,
        high=1,
        ctx=data,
        hidden=True,
    )


@handler("w_holding_council")
def _council_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref not in _council_cards(state, seat):
            continue
        card = facts(state, ref)
        if card.type == "attachment":
            hosts = attachment_targets(state, card, seat)
            data = {"seat": seat, "card": ref}
            ask_select(
                state, seat, "attach", hosts, "w_holding_council_host", low=1, high=1, ctx=data
            )
            return
        put_into_play(state, seat, ref)


@handler("w_holding_council_host")
def _council_host(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat, ref = ctx["seat"], ctx["card"]
    if ref not in state.players[seat].hand:
        return
    for host in selected:
        if host in attachment_targets(state, facts(state, ref), seat):
            put_into_play(state, seat, ref, host)


castle_plot("w_59", _council)


# --- w_60 The Withering Cold ------------------------------------------------------------------
# "Prized 3. All players skip the standing phase this round." Not a "when revealed" effect: a
# forced effect as the plot is revealed (also one revealed later in the round by "reveal a
# new plot", while the standing phase is still to come) takes the standing phase's steps out
# of the round (epic.skip_phase): nothing stands, no standing action window.


def _withering(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") == ctx["source"]:
        epic.skip_phase(state, "standing")


prized_card("w_60")
register("w_60", forced={"plot_revealed": _withering})
