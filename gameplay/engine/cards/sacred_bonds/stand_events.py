"""Sacred Bonds (acoa_44 to acoa_50): the "To Be a ..." events, paid by standing a character
of your House (``Cost("stand", ...)``) and played only with a plot of some trait in your used
pile, and Too Proud to Bow (an influence cost of X). Handler names start with ``sb_``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_lasting,
    characters,
    controller,
    facts,
    handler,
    icons,
    register,
)
from gameplay.engine.cards.vocabulary import event, lost_to_opponent, response, won
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel
from gameplay.engine.windows import put_into_play

Condition = Callable[[GameState, Ctx], bool]
# The card types a deck holds: what an opponent may name (To Be a Wolf).
DECK_TYPES = ("character", "location", "attachment", "event")


def used_pile_has(trait: str) -> Condition:
    """ "Play only if you have at least 1 <trait> plot card in your used pile": a plot under
    your revealed one with that printed trait."""

    def condition(state: GameState, ctx: Ctx) -> bool:
        used = state.players[ctx["seat"]].used_plots
        return any(trait in facts(state, r).traits for r in used)

    return condition


def both(*conditions: Condition) -> Condition:
    """Every condition holds."""
    return lambda state, ctx: all(c(state, ctx) for c in conditions)


def stand_house(house: str, match: Callable[[GameState, str], bool] | None = None) -> Cost:
    """ "Stand a [``house``] character you control" (printed House) [that ``match``es]."""

    def of_house(state: GameState, ref: str) -> bool:
        return house in facts(state, ref).houses and (match is None or match(state, ref))

    return Cost("stand", 1, of_house, f"House {house} character")


# --- acoa_44 To Be a Wolf ------------------------------------------------------------------
# "Play only if you have at least 1 Military Battle plot card in your used pile.
# Challenges: Stand a [Stark] character you control to have an opponent name a card type.
# Search your deck for a card of a different type, reveal it, and put it into your hand."


def _wolf(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    opponents = state.opponents(seat)
    data = {"seat": seat, "source": ctx["source"]}
    if len(opponents) == 1:
        _name_type(state, data, opponents[0])
    else:
        options = [str(o) for o in opponents]
        ask_choose(state, seat, "choose_opponent", options, "sb_wolf_opponent", ctx=data)


@handler("sb_wolf_opponent")
def _wolf_opponent(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    _name_type(state, {"seat": ctx["seat"], "source": ctx["source"]}, int(ctx["choice"]))


def _name_type(state: GameState, data: dict[str, Any], opponent: int) -> None:
    data = {**data, "opponent": opponent}
    ask_choose(state, opponent, "name_card_type", DECK_TYPES, "sb_wolf_named", ctx=data)


@handler("sb_wolf_named")
def _wolf_named(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    named, seat = ctx["choice"], ctx["seat"]
    state.emit(
        "card_type_named", seat=ctx["opponent"], named=named, source=ctx["source"], for_seat=seat
    )
    moves.search_deck(
        state, seat, lambda r: facts(state, r).type != named, "events_found", ctx={"seat": seat}
    )


register(
    "acoa_44",
    event(
        _wolf,
        phases=("challenges",),
        costs=(stand_house("Stark"),),
        condition=used_pile_has("Military Battle"),
    ),
)


# --- acoa_45 To Be a Lion ------------------------------------------------------------------
# "Play only if you have at least 1 Intrigue Gambit plot card in your used pile.
# Response: After you win an [Intrigue] challenge, stand a [Lannister] character you control
# to choose and kneel a character without an [Intrigue] icon."


def _no_intrigue(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if not state.in_play[r].knelt and "intrigue" not in icons(state, r)
    ]


def _kneel_target(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play and not state.in_play[target].knelt:
        moves.kneel(state, target)
        state.emit("knelt", card=target, code=state.code(target), seat=controller(state, target))


register(
    "acoa_45",
    response(
        _kneel_target,
        "challenge_won",
        costs=(stand_house("Lannister"),),
        condition=both(won("intrigue"), used_pile_has("Intrigue Gambit")),
        targets=_no_intrigue,
    ),
)


# --- acoa_46 To Be a Stag ------------------------------------------------------------------
# "Play only if you have at least 1 Power Struggle plot card in your used pile.
# Challenges: Stand a [Baratheon] character you control to return a [Baratheon] character
# with a lower printed STR from your discard pile to your hand." Lower than the stood
# character's printed STR; only a character with such a card to return may be stood.


def _lower_in_discard(state: GameState, seat: int, than: int) -> list[str]:
    return [
        r
        for r in state.players[seat].discard
        if facts(state, r).type == "character"
        and "Baratheon" in facts(state, r).houses
        and (facts(state, r).strength or 0) < than
    ]


def _stag_may_stand(state: GameState, ref: str) -> bool:
    seat, printed = controller(state, ref), facts(state, ref).strength or 0
    return bool(_lower_in_discard(state, seat, printed))


def _stag(state: GameState, ctx: Ctx) -> None:
    seat, stood = ctx["seat"], ctx.get("stood") or []
    printed = facts(state, stood[0]).strength or 0 if stood else 0
    found = _lower_in_discard(state, seat, printed)
    data = {"seat": seat}
    ask_select(state, seat, "return_to_hand", found, "sb_stag", low=1, high=1, ctx=data)


@handler("sb_stag")
def _stag_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref in player.discard:
            player.discard.remove(ref)
            player.hand.append(ref)
            state.emit("returned_to_hand", seat=player.seat, card=ref, code=state.code(ref))


register(
    "acoa_46",
    event(
        _stag,
        phases=("challenges",),
        costs=(stand_house("Baratheon", _stag_may_stand),),
        condition=used_pile_has("Power Struggle"),
    ),
)


# --- acoa_47 To Be a Kraken ----------------------------------------------------------------
# "Play only if you have at least 1 Military Battle plot card in your used pile.
# Response: Stand a [Greyjoy] character you control to cancel a triggered effect."
# A triggered effect: a card ability being resolved (the ``ability`` trigger), not its own.


def _pending(state: GameState) -> bool:
    return any(
        step["name"] == "resolve_ability" and not step.get("cancelled") for step in state.queue
    )


def _kraken_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("source") != ctx["source"] and _pending(state)


register(
    "acoa_47",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        zones=("hand",),
        costs=(stand_house("Greyjoy"),),
        condition=both(_kraken_may, used_pile_has("Military Battle")),
    ),
)


# --- acoa_48 To Be a Dragon ----------------------------------------------------------------
# "Play only if you have at least 1 Power Struggle plot card in your used pile. Challenges:
# Stand a House Targaryen character you control to put a House Targaryen character with a
# printed cost of 3 or lower into play from your dead pile." (A unique one only if you could
# have it: see kotst_38 See who is Stronger.)


def _dragon_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in state.players[seat].dead
        if facts(state, r).type == "character"
        and "Targaryen" in facts(state, r).houses
        and facts(state, r).cost is not None
        and (facts(state, r).cost or 0) <= 3
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _dragon(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["target"]
    if ref in _dragon_targets(state, ctx):
        put_into_play(state, seat, ref)


register(
    "acoa_48",
    event(
        _dragon,
        phases=("challenges",),
        costs=(stand_house("Targaryen"),),
        condition=used_pile_has("Power Struggle"),
        targets=_dragon_targets,
    ),
)


# --- acoa_49 Too Proud to Bow --------------------------------------------------------------
# "Dominance: Kneel X influence to discard all neutral characters from play. X is the number
# of neutral characters in play." Neutral: printed House (an event in play as a neutral
# character, Missing Recruit, counts); playable with at least one in play.


def _neutrals(state: GameState) -> list[str]:
    return [r for r in characters(state) if facts(state, r).neutral]


def _too_proud(state: GameState, ctx: Ctx) -> None:
    found = _neutrals(state)
    if found:
        moves.discard(state, found)


register(
    "acoa_49",
    event(
        _too_proud,
        phases=("dominance",),
        costs=(Cost("influence", count=lambda state, ctx: len(_neutrals(state))),),
        condition=lambda state, ctx: bool(_neutrals(state)),
    ),
)


# --- acoa_50 To Be a Viper -----------------------------------------------------------------
# "Play only if you have at least 1 Intrigue Gambit plot card in your used pile. Response:
# After you lose a challenge, stand a House Martell character you control to choose a
# character. Until the end of the phase, that character loses a Military, an Intrigue, and a
# Power icon."


def _viper(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        remove = ["military", "intrigue", "power"]
        add_lasting(state, "icons", target, "phase", ctx["source"], remove=remove)


register(
    "acoa_50",
    response(
        _viper,
        "challenge_won",
        costs=(stand_house("Martell"),),
        condition=both(lost_to_opponent(), used_pile_has("Intrigue Gambit")),
        targets=lambda state, ctx: characters(state),
    ),
)
