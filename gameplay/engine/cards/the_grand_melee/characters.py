"""The Grand Melee: the characters (atoc_21, atoc_22, atoc_24, atoc_29, atoc_32,
atoc_34, atoc_37)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves, titles
from gameplay.engine.abilities import (
    SHADOW_SELF,
    Ability,
    Ctx,
    add_lasting,
    allowed,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.the_grand_melee.common import against_me
from gameplay.engine.cards.vocabulary import (
    discard_top,
    has_trait,
    is_mine,
    lost,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

# --- atoc_21 The Smalljon ----------------------------------------------------------------
# "Melee. Response: After The Smalljon is declared as an attacker against a player with a
# Title you oppose, raise the claim on your revealed plot card by 1 until the end of the
# challenge. (Limit once per challenge.)"  On your ``attackers_declared`` naming The
# Smalljon, when your Title opposes the defending player's Title (titles.opposes: none
# without titles, so never in a joust). +1 claim for your challenges until it ends.


def _smalljon_condition(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    return (
        challenge is not None
        and ctx["event"].get("seat") == ctx["seat"]
        and ctx["source"] in ctx["event"].get("cards", ())
        and titles.opposes(state, ctx["seat"], challenge["defender"])
    )


def _smalljon(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "claim", ctx["seat"], "challenge", ctx["source"], amount=1)


register(
    "atoc_21",
    Ability(
        "response",
        _smalljon,
        trigger="attackers_declared",
        condition=_smalljon_condition,
        limit=(1, "challenge"),
    ),
)

# --- atoc_22 Dreadfort Outrider ----------------------------------------------------------
# "Joust. Melee. If you control no other House Bolton characters, discard Dreadfort
# Outrider from play."  The constant check ``discard_now`` (cannot be saved): another
# character with the House Bolton trait controlled by the Outrider's controller (a second
# Outrider counts) keeps it in play.


def _outrider_alone(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source:
        return base
    seat = controller(state, source)
    return not any(
        r != source and is_character(state, r) and has_trait(state, r, "House Bolton")
        for r in state.players[seat].in_play
    )


register("atoc_22", passives={"discard_now": _outrider_alone})

# --- atoc_24 Varys -----------------------------------------------------------------------
# "House Lannister only. Stealth. If you have more than 1 opponent Varys gains: "Response:
# After an opponent declares a challenge, put Varys into Shadows to redirect the challenge
# against an eligible opponent of your choice, ignoring any Title restrictions.""  Only
# while his controller has 2 or more opponents, on an opponent's ``attackers_declared``
# (any challenge of that opponent, against anyone). The new defender is chosen by Varys's
# controller among the attacker's opponents other than the current defender (Varys's
# controller included) that the attacker could challenge ignoring Titles (the
# ``can_challenge`` permission of cards still applies); not offered with none (RULINGS).


def _varys_targets(state: GameState) -> list[int]:
    challenge = state.challenge
    if challenge is None:
        return []
    attacker, target, ctype = challenge["attacker"], challenge["target"], challenge["type"]
    return [
        s
        for s in state.opponents(attacker)
        if s != target and allowed(state, "can_challenge", f"{attacker}>{s}:{ctype}")
    ]


def _varys_condition(state: GameState, ctx: Ctx) -> bool:
    return (
        len(state.opponents(ctx["seat"])) > 1
        and ctx["event"].get("seat") in state.opponents(ctx["seat"])
        and bool(_varys_targets(state))
    )


def _varys(state: GameState, ctx: Ctx) -> None:
    options = [str(s) for s in _varys_targets(state)]
    if options:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_choose(state, ctx["seat"], "redirect_target", options, "atoc_varys_redirect", ctx=data)


@handler("atoc_varys_redirect")
def _varys_redirect(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    challenge = state.challenge
    new = int(ctx["choice"])
    if challenge is None or new not in _varys_targets(state):
        return
    old = challenge["target"]
    challenge["defender"] = challenge["target"] = new
    state.emit("redirected", seat=challenge["attacker"], title="Varys", old=old, new=new)


register(
    "atoc_24",
    Ability(
        "response",
        _varys,
        trigger="attackers_declared",
        costs=(SHADOW_SELF,),
        condition=_varys_condition,
    ),
)
# --- atoc_29 Euron Crow's Eye ------------------------------------------------------------
# "Renown. Response: After an opponent declares a challenge against you, discard the top
# card of each opponent's deck. Then, draw 1 card for each location discarded in this way."
# "Declares a challenge" is read on the ``attackers_declared`` moment of a challenge whose
# defender is Euron's controller. Each opponent (not only the attacker) discards its top
# card; the locations among them count.


def _euron(state: GameState, ctx: Ctx) -> None:
    locations = 0
    for seat in state.opponents(ctx["seat"]):
        for ref in discard_top(state, seat, 1, "euron_crows_eye"):
            locations += facts(state, ref).type == "location"
    if locations:
        moves.effect_draw(state, ctx["seat"], locations)


register(
    "atoc_29",
    Ability("response", _euron, trigger="attackers_declared", condition=against_me),
)

# --- atoc_32 Khaleesi's Faithful ---------------------------------------------------------
# "No attachments. If you have more than 1 opponent, Khaleesi's Faithful gains: "Limited
# Response: After Khaleesi's Faithful is declared as a defender, move 1 power from a card
# controlled by the attacking player to your House card. (Limit 1 Limited Response per
# round.)""  Only while its controller has 2 or more opponents (a melee). The card is any
# card the attacker controls with power on it: a card in play or the attacker's House card
# (option ``house``), chosen as the effect resolves; the power goes to your House card
# (where it may be placed elsewhere, as power moved to a House).


def _faithful_sources(state: GameState, attacker: int) -> list[str]:
    cards = [r for r in state.players[attacker].in_play if state.in_play[r].power > 0]
    return [*cards, *(["house"] if state.players[attacker].power > 0 else [])]


def _faithful_condition(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    return (
        len(state.opponents(ctx["seat"])) > 1
        and challenge is not None
        and challenge["defender"] == ctx["seat"]
        and ctx["source"] in ctx["event"].get("cards", ())
        and bool(_faithful_sources(state, challenge["attacker"]))
    )


def _faithful(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is None:
        return
    attacker = challenge["attacker"]
    options = _faithful_sources(state, attacker)
    if options:
        data = {"seat": ctx["seat"], "source": ctx["source"], "attacker": attacker}
        ask_choose(state, ctx["seat"], "power_source", options, "atoc_faithful_power", ctx=data)


@handler("atoc_faithful_power")
def _faithful_power(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    choice, seat = ctx["choice"], ctx["seat"]
    if choice == "house":
        moves.move_power(state, ctx["attacker"], seat, 1, "khaleesis_faithful")
    elif choice in state.in_play and state.in_play[choice].controller == ctx["attacker"]:
        moves.take_card_power(state, choice, seat, 1, "khaleesis_faithful")


register(
    "atoc_32",
    Ability(
        "response",
        _faithful,
        trigger="defenders_declared",
        condition=_faithful_condition,
        limited_response=True,
    ),
)

# --- atoc_34 Doran Martell ---------------------------------------------------------------
# "No attachments. Vengeful. Response: After you lose a challenge as the defender, each
# opponent must choose and discard 1 card from his or her hand."  Doran need not have
# defended. Each opponent with cards in hand chooses one (a prompt only that player sees),
# in turn order.


def _doran(state: GameState, ctx: Ctx) -> None:
    for seat in reversed([s for s in state.turn_order() if s in state.opponents(ctx["seat"])]):
        hand = list(state.players[seat].hand)
        if hand:
            data = {"seat": seat, "source": ctx["source"]}
            ask_select(state, seat, "discard", hand, "atoc_doran", low=1, high=1, ctx=data)


@handler("atoc_doran")
def _doran_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["seat"], list(selected))


register(
    "atoc_34",
    Ability("response", _doran, trigger="challenge_won", condition=lost("defender")),
)

# --- atoc_37 Old Bear's Crow -------------------------------------------------------------
# "No attachments. Night's Watch characters you control without a printed Military icon
# gain a War Crest. Night's Watch characters you control without a printed Intrigue icon
# cannot be bypassed by stealth. Night's Watch characters you control without a printed
# Power icon get +1 STR."  Night's Watch is the trait (gained traits count); "printed" reads
# the card's printed icons, so icons gained or lost in play do not change which clause
# applies. The Crow itself is a Creature: it has no icon but is not Night's Watch.


def _crow_watch(state: GameState, source: str, subject: Any, icon: str) -> bool:
    return (
        isinstance(subject, str)
        and is_mine(state, source, subject)
        and is_character(state, subject)
        and has_trait(state, subject, "Night's Watch")
        and icon not in facts(state, subject).icons
    )


def _crow_crest(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"war"} if _crow_watch(state, source, subject, "military") else base


def _crow_stealth(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if _crow_watch(state, source, subject, "intrigue") else base


def _crow_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 1 if _crow_watch(state, source, subject, "power") else base


register(
    "atoc_37",
    passives={
        "crests": _crow_crest,
        "can_be_stealthed": _crow_stealth,
        "strength": _crow_strength,
    },
)
