"""Queen of Dragons plots, registered by card code (see abilities.register). "You" is the
plot's owner."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    HANDLERS,
    Ctx,
    controller,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.queen_of_dragons.common import characters
from gameplay.engine.cards.vocabulary import challenges_this_round, has_trait
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState, shuffle_zone


def _choose_opponent(state: GameState, ctx: Ctx, then: str) -> None:
    """Call handler ``then`` with ``ctx["choice"]`` an opponent's seat (a string), asking
    only when there is more than one opponent."""
    options = [str(s) for s in state.opponents(ctx["seat"])]
    base = {k: v for k, v in ctx.items() if k in ("seat", "source")}
    if len(options) == 1:
        HANDLERS[then](state, {**base, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, then, ctx=base)


def _seat_of(subject: str) -> tuple[int, int, str]:
    """``"a>d:type"`` (the ``can_challenge`` subject) as (attacker, defender, type)."""
    seats, ctype = subject.split(":")
    attacker, defender = seats.split(">")
    return int(attacker), int(defender), ctype


# --- qod_49 Burning Bridges ----------------------------------------------------------------
# "Players cannot trigger abilities on character, location, and attachment cards in play."


def _burning_bridges(state: GameState, source: str, subject: object, base: bool) -> bool:
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and facts(state, subject).type in ("character", "location", "attachment")
    ):
        return False
    return base


register("qod_49", passives={"can_trigger": _burning_bridges})


# --- qod_50 Waste Their Time ---------------------------------------------------------------
# "When revealed, look at each opponent's hand. Then choose 1 card from each of those hands
# and shuffle it into its owner's deck." One opponent after the other, in seat order.


def _waste_their_time(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "left": state.opponents(ctx["seat"])}
    _waste_next(state, data, [])


@handler("qod_waste_next")
def _waste_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        owner = state.players[state.cards[ref].owner]
        if ref in owner.hand:
            owner.hand.remove(ref)
            owner.deck.append(ref)
            shuffle_zone(state, owner.deck)
            state.emit("shuffled", seat=owner.seat, zone="deck")
    left = list(ctx["left"])
    while left:
        seat = left.pop(0)
        hand = state.players[seat].hand
        if not hand:
            continue
        data = {**ctx, "left": left}
        ask_select(
            state, ctx["seat"], "shuffle_into_deck", hand, "qod_waste_next", low=1, high=1, ctx=data
        )
        return


register("qod_50", when_revealed=_waste_their_time)


# --- qod_51 Focused Offense ----------------------------------------------------------------
# "You cannot declare more than 1 challenge. You cannot declare defenders. This plot's text
# cannot be blanked." (No plot of the pool blanks plot text yet.) One challenge this round:
# one initiated in the challenges phase forbids one in an epic phase.


def _one_challenge(state: GameState, source: str, subject: object, base: bool) -> bool:
    attacker, _, _ = _seat_of(str(subject))
    if attacker == controller(state, source) and challenges_this_round(state, attacker):
        return False
    return base


def _no_defenders(state: GameState, source: str, subject: object, base: bool) -> bool:
    seat = int(str(subject).split(":")[0])
    return False if seat == controller(state, source) else base


register("qod_51", passives={"can_challenge": _one_challenge, "can_defend_type": _no_defenders})


# --- qod_52 Spending the Winter Stores -----------------------------------------------------
# "When revealed, choose an opponent. Then you and that opponent each search your decks for
# an in-House attachment card, reveal it, and put it into your hands. Then shuffle your
# decks." In-House: the attachment has the House of its owner's House card. You search
# first.


def _winter_stores(state: GameState, ctx: Ctx) -> None:
    _choose_opponent(state, ctx, "qod_stores_opponent")


@handler("qod_stores_opponent")
def _stores_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {
        "seat": ctx["seat"],
        "source": ctx["source"],
        "seats": [ctx["seat"], int(ctx["choice"])],
    }
    _stores_next(state, {**data, "i": 0}, [])


@handler("qod_stores_next")
def _stores_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        seat = state.cards[ref].owner
        if ref in state.players[seat].deck:
            state.players[seat].deck.remove(ref)
            state.players[seat].hand.append(ref)
            state.emit("searched", seat=seat, card=ref, code=state.code(ref))
    if ctx["i"] < len(ctx["seats"]):
        seat = ctx["seats"][ctx["i"]]
        house = state.players[seat].house
        found = [
            r
            for r in state.players[seat].deck
            if facts(state, r).type == "attachment" and house in facts(state, r).houses
        ]
        data = {**ctx, "i": ctx["i"] + 1}
        ask_select(
            state,
            seat,
            "search_attachment",
            found,
            "qod_stores_next",
            high=1,
            ctx=data,
            hidden=True,
        )
        return
    for seat in ctx["seats"]:
        shuffle_zone(state, state.players[seat].deck)
        state.emit("deck_shuffled", seat=seat)


register("qod_52", when_revealed=_winter_stores)


# --- qod_53 Loyalty Money Can Buy ----------------------------------------------------------
# "The claim value on each opponents' revealed plot card is lowered by 1 while that opponent
# is attacking you."


def _loyalty(state: GameState, source: str, subject: object, base: int) -> int:
    challenge, me = state.challenge, controller(state, source)
    if (
        challenge is not None
        and challenge["attacker"] == subject
        and challenge["defender"] == me
        and subject in state.opponents(me)
    ):
        return base - 1
    return base


register("qod_53", passives={"claim": _loyalty})


# --- qod_54 Muster the Realm! --------------------------------------------------------------
# "Players cannot initiate Military challenges unless they control an Army character."


def _muster(state: GameState, source: str, subject: object, base: bool) -> bool:
    attacker, _, ctype = _seat_of(str(subject))
    if ctype != "military":
        return base
    armed = any(has_trait(state, r, "Army") for r in characters(state, attacker))
    return base and armed


register("qod_54", passives={"can_challenge": _muster})


# --- qod_55 Threat from the East -----------------------------------------------------------
# "When revealed, you choose one:
# -Each player draws 3 cards. Each player that drew 3 cards discards 3 random cards from
# hand.
# -Each player discards 3 random cards from hand. Each player that discarded 3 cards draws
# 3 cards." Draws are card effects (within the draw cap).

THREAT = 3
DRAW_FIRST, DISCARD_FIRST = "draw_then_discard", "discard_then_draw"


def _threat(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    options = [DRAW_FIRST, DISCARD_FIRST]
    ask_choose(state, ctx["seat"], "threat_from_the_east", options, "qod_threat", ctx=data)


@handler("qod_threat")
def _threat_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    # Each player in turn order, its discard done (a seat may choose its cards: Knight of
    # Harrenhal, moves.discard_at_random's ``then``) before what follows it.
    _threat_next(state, {**ctx, "seats": list(state.turn_order())}, [])


@handler("qod_threat_next")
def _threat_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if not ctx["seats"]:
        return
    seat, rest = ctx["seats"][0], {**ctx, "seats": ctx["seats"][1:]}
    if ctx["choice"] == DRAW_FIRST:
        if moves.effect_draw(state, seat, THREAT) == THREAT:
            moves.discard_at_random(state, seat, THREAT, then="qod_threat_next", ctx=rest)
        else:
            _threat_next(state, rest, [])
    else:
        enough = len(state.players[seat].hand) >= THREAT
        after = {**rest, "draws": seat if enough else None}
        # as many as there are
        moves.discard_at_random(state, seat, THREAT, then="qod_threat_draw", ctx=after)


@handler("qod_threat_draw")
def _threat_draw(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["draws"] is not None:
        moves.effect_draw(state, ctx["draws"], THREAT)
    _threat_next(state, ctx, [])


register("qod_55", when_revealed=_threat)
