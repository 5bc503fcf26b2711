"""Called by the Conclave: Without His Beard, Tower Library, Maester Murenmure, Longship Black
Wind, Called to Arms, Magister Illyrio, Hellholt Engineer, Snakeskin Veil and Dry Season.
Handler and effect names start with ``cbtc_``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_delayed,
    add_lasting,
    attached_to,
    controller,
    crests,
    effect,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    choose_opponent,
    discard_top,
    event,
    has_trait,
    in_play_of,
    is_type,
    response,
    stand_card,
    won,
)
from gameplay.engine.from_pile import GRANTS
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- soo_48 Maester Murenmure -----------------------------------------------------------------
# "During the marshalling phase, Maester Murenmure gains: "Response: Kneel Maester Murenmure to
# cancel a triggered effect.""  A cancel in the engine's ``ability`` window of any card's
# ability (any player's, events included) other than his own, while the phase is marshalling.


def _murenmure_may(state: GameState, ctx: Ctx) -> bool:
    source = cancels.source(state)
    return (
        state.phase == "marshalling"
        and source is not None
        and source != ctx["source"]
        and cancels.can_be_cancelled(state)
    )


register(
    "soo_48",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(KNEEL_SELF,),
        condition=_murenmure_may,
    ),
)


# --- soo_50 Called to Arms --------------------------------------------------------------------
# "Challenges: Choose an opponent who must choose and discard 1, 2, or 3 cards from the top of
# his deck. If he chooses to discard 1 card, stand all Raider characters you control. If he
# chooses to discard 2 cards, claim 1 power for each Raider character you control. If he
# chooses to discard 3 cards, each Raider character you control gets +1 STR and gains deadly
# until the end of the phase."  The opponent may choose only a number his deck can fill (any
# of the three when his deck is empty: he then discards nothing); the power goes to your
# House card.

ARMS_COUNTS = ("1", "2", "3")


def _arms(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "cbtc_arms_opponent")


@handler("cbtc_arms_opponent")
def _arms_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other = int(ctx["choice"])
    deck = state.players[other].deck
    options = [n for n in ARMS_COUNTS if int(n) <= len(deck)] or list(ARMS_COUNTS)
    data = {"seat": ctx["seat"], "source": ctx["source"], "other": other}
    ask_choose(state, other, "discard_count", options, "cbtc_arms_count", ctx=data)


def _raiders(state: GameState, seat: int) -> list[str]:
    return [r for r in characters_of(state, seat) if has_trait(state, r, "Raider")]


@handler("cbtc_arms_count")
def _arms_count(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, count = ctx["seat"], int(ctx["choice"])
    discard_top(state, ctx["other"], count, "ability")
    raiders = _raiders(state, seat)
    if count == 1:
        for ref in raiders:
            stand_card(state, ref)
    elif count == 2:
        moves.gain_power(state, seat, len(raiders), "ability")
    else:
        for ref in raiders:
            add_lasting(state, "strength", ref, "phase", ctx["source"], amount=1)
            add_lasting(state, "keywords", ref, "phase", ctx["source"], add=["deadly"])


register("soo_50", event(_arms, phases=("challenges",)))


# --- soo_53 Hellholt Engineer -----------------------------------------------------------------
# "Response: After an opponent kneels a location, choose and stand a location you control.
# Limit 3 times per round."  (The limit is errata.) The ``knelt`` trigger's ``seat``: the
# player whose cost or effect knelt it (any player's location); a kneeling location of yours
# is chosen.


def _engineer_may(state: GameState, ctx: Ctx) -> bool:
    event_ = ctx["event"]
    return event_.get("seat") in state.opponents(ctx["seat"]) and any(
        is_type(state, r, "location") for r in event_.get("cards", []) if r in state.in_play
    )


def _engineer_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in in_play_of(state, "location", ctx["seat"]) if state.in_play[r].knelt]


def _engineer(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        stand_card(state, ctx["target"])


register(
    "soo_53",
    Ability(
        "response",
        _engineer,
        trigger="knelt",
        targets=_engineer_targets,
        condition=_engineer_may,
        limit=(3, "round"),
    ),
)


# --- soo_54 Snakeskin Veil --------------------------------------------------------------------
# "Printed Sandsnake character only. Attached character is immune to opponent's non-plot card
# effects."  (Errata: "Printed".) A character with the printed Sand Snake trait; the bearer
# gains the immunity (the ``immune`` query).

VEIL_IMMUNITY = "immune to opponents' non-plot card effects"


def _veil_rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return "Sand Snake" in facts(state, target).traits


def _veil(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if isinstance(subject, str) and subject == attached_to(state, source):
        return base | {VEIL_IMMUNITY}
    return base


register("soo_54", passives={"immune": _veil}, attach_rule=_veil_rule)


# --- soo_60 Dry Season ------------------------------------------------------------------------
# "Treat all non-unique locations as if their printed text boxes were blank."  Every
# player's, while Dry Season is a revealed plot (the engine's ``plot_blanks`` passive, read by
# is_blank); their income, initiative and influence bonuses are text too (as Veteran
# Marauder's blanked location).


def _dry(state: GameState, plot: str, ref: Any, base: bool) -> bool:
    printed = facts(state, ref)
    return base or (printed.type == "location" and not printed.unique)


register("soo_60", passives={"plot_blanks": _dry})


# --- soo_44 Without His Beard -----------------------------------------------------------------
# "House Lannister only. Response: After you win an Intrigue challenge reveal up to 3 random
# cards from the losing opponent's hand. You may discard those cards and replace them with an
# equal number of cards from the top of that player's deck."  As many random cards as the hand
# holds, up to 3, are revealed (fewer would never be better chosen blind); then all of them or
# none are discarded, and as many cards go from the top of that player's deck to his hand (as
# many as the deck holds: a replacement, not a draw).

BEARD_MAX = 3


def _beard_may(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return won("intrigue")(state, ctx) and loser is not None and bool(state.players[loser].hand)


def _beard(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"]["loser"]
    hand = list(state.players[loser].hand)
    shown: list[str] = []
    while hand and len(shown) < BEARD_MAX:
        shown.append(hand.pop(state.random_below(len(hand))))
    moves.reveal(state, ctx["seat"], shown, "ability")
    data = {"seat": ctx["seat"], "source": ctx["source"], "other": loser, "shown": shown}
    ask_choose(state, ctx["seat"], "discard_revealed", ["discard", "keep"], "cbtc_beard", ctx=data)


@handler("cbtc_beard")
def _beard_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] != "discard":
        return
    other = ctx["other"]
    player = state.players[other]
    shown = [r for r in ctx["shown"] if r in player.hand]
    moves.discard_from_hand(state, other, shown)
    count = min(len(shown), len(player.deck))
    if count:
        player.hand.extend(player.deck[:count])
        del player.deck[:count]
        state.emit("deck_top_to_hand", seat=other, count=count)


register("soo_44", response(_beard, "challenge_won", condition=_beard_may))


# --- soo_47 Tower Library ---------------------------------------------------------------------
# "Response: After a character claims power for renown, kneel Tower library to give a Learned
# character you control renown until the end of the phase."  Any player's character (the
# engine's ``renown_claimed`` trigger); Learned is the crest.


def _learned_of(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state, ctx["seat"]) if "learned" in crests(state, r)]


def _library(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "keywords", ctx["target"], "phase", ctx["source"], add=["renown"])


register(
    "soo_47",
    Ability(
        "response",
        _library,
        trigger="renown_claimed",
        costs=(KNEEL_SELF,),
        targets=_learned_of,
    ),
)


# --- soo_49 Longship Black Wind ---------------------------------------------------------------
# "Challenges: Kneel Longship Black Wind to choose an attacking character. Until the end of the
# challenge, that character gains deadly. If a character dies for deadly during this
# challenge, draw 1 card."  ("curing" on the card is a misprint of "during".) Any player's
# attacking character; the draw comes as the challenge ends if the character chosen for the
# Deadly kill (the engine's ``challenge["deadly_killed"]``) is then in a dead pile.


def _attacking(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in challenge.get("attackers", [])
        if r in state.in_play and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _black_wind(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "keywords", ctx["target"], "challenge", ctx["source"], add=["deadly"])
    add_delayed(state, "challenge_ends", ctx["seat"], "cbtc_black_wind", ctx["source"])


@effect("cbtc_black_wind")
def _black_wind_draw(state: GameState, entry: Ctx) -> None:
    challenge = state.challenge or {}
    dead = {r for p in state.players for r in p.dead}
    if any(r in dead for r in challenge.get("deadly_killed", [])):
        moves.effect_draw(state, entry["seat"], 1)


register(
    "soo_49",
    Ability(
        "action",
        _black_wind,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_attacking,
    ),
)


# --- soo_51 Magister Illyrio ------------------------------------------------------------------
# "You may play attachments from opponents' discard piles as if they were in your hand."  A
# grant of from_pile (as Ten Towers) for every attachment in each opponent's discard pile,
# while Illyrio is in play under your control; you control what you play, its owner stays the
# opponent.


def _illyrio_grants(state: GameState, source: str, seat: int, base: list[Any]) -> list[Any]:
    if source not in state.in_play or controller(state, source) != seat:
        return base
    found = [
        ref
        for other in state.opponents(seat)
        for ref in state.players[other].discard
        if facts(state, ref).type == "attachment"
    ]
    return base + [{"card": ref, "source": source, "types": ["attachment"]} for ref in found]


register("soo_51", passives={GRANTS: _illyrio_grants})
