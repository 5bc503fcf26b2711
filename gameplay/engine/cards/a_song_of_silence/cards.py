"""A Song of Silence: the locations and attachments (bwb_64, bwb_66, bwb_70, bwb_71,
bwb_74, bwb_76, bwb_78); the characters are in characters.py, the events and the plot in
events_plots.py."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_delayed,
    add_lasting,
    allowed,
    attached_to,
    controller,
    effect,
    facts,
    handler,
    houses,
    is_character,
    keywords,
    register,
    value,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    has_trait,
    on_bearer,
    pile_to_hand,
    stand_card,
)
from gameplay.engine.influence import ask_influence, total_influence
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

# --- bwb_64 Ill-Begotten Spoils ----------------------------------------------------------
# "While attached character is attacking an opponent with more cards in hand than you,
# raise the Claim value on your revealed plot card by 1."  The ``claim`` passive of the
# Spoils' controller: its bearer among the attackers, the defending player an opponent of
# that controller holding more cards in hand (counted as claim is applied).


def _spoils_claim(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge, bearer = state.challenge, attached_to(state, source)
    me = controller(state, source)
    if subject != me or challenge is None or bearer not in challenge["attackers"]:
        return base
    defender = challenge["defender"]
    richer = len(state.players[defender].hand) > len(state.players[me].hand)
    return base + 1 if defender in state.opponents(me) and richer else base


register("bwb_64", passives={"claim": _spoils_claim})

# --- bwb_66 Massey's Hook ----------------------------------------------------------------
# "Any Phase: Kneel Massey's Hook to choose and stand 1 character with stealth."  Any
# player's knelt character that has Stealth now (standing one would do nothing).


def _knelt_stealthy(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if state.in_play[r].knelt and "stealth" in keywords(state, r)
    ]


register(
    "bwb_66",
    Ability(
        "action",
        lambda state, ctx: stand_card(state, ctx["target"]),
        costs=(KNEEL_SELF,),
        targets=_knelt_stealthy,
    ),
)

# --- bwb_70 Horn of Dragons --------------------------------------------------------------
# "Unique character only. Attached character gets +4 STR. Any Phase: Kneel Horn of Dragons
# to take control of a Dragon character until the end of the phase."  A Dragon character
# another player controls; at the end of the phase control goes back to the player who
# had it (if it is still in play and still yours).

HORN_STR = 4


def _unique_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and facts(state, target).unique


def _others_dragons(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if has_trait(state, r, "Dragon") and controller(state, r) != ctx["seat"]
    ]


def _horn(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["target"], ctx["seat"]
    if ref not in state.in_play or controller(state, ref) == seat:
        return
    was = controller(state, ref)
    moves.take_control(state, ref, seat)
    add_delayed(
        state, "phase_ends", seat, "asos_horn_returns", ctx["source"], "phase", card=ref, to=was
    )


@effect("asos_horn_returns")
def _horn_returns(state: GameState, entry: Ctx) -> None:
    ref = entry["card"]
    if ref in state.in_play and controller(state, ref) == entry["seat"]:
        moves.take_control(state, ref, entry["to"])


register(
    "bwb_70",
    Ability("action", _horn, costs=(KNEEL_SELF,), targets=_others_dragons),
    passives={"strength": on_bearer(lambda base: base + HORN_STR)},
    attach_rule=_unique_character,
)

# --- bwb_71 Longship Silence -------------------------------------------------------------
# "Challenges: Kneel Longship Silence to choose 1 attacking Raider character. Until the end
# of the challenge, that character gains stealth. If you win the challenge, draw 1 card."
# Any attacking Raider. Stealth is chosen "before defenders are declared" (rulebook): used
# after attackers are declared, before defenders, a Raider without Stealth until now makes
# its Stealth choice at once (the engine's ``stealth`` prompt); later it only gains the
# keyword. The draw is a delayed effect on the challenge won by Longship's controller.


def _attacking_raiders(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r for r in challenge["attackers"] if r in state.in_play and has_trait(state, r, "Raider")
    ]


def _stealth_candidates(state: GameState, attacker: str) -> list[str]:
    challenge = state.challenge
    assert challenge is not None
    return [
        r
        for r in state.players[challenge["target"]].in_play
        if is_character(state, r)
        and (
            "stealth" not in keywords(state, r)
            or value(state, "stealth_on_stealth", attacker, False)
        )
        and r not in challenge["blocked"]
        and allowed(state, "can_be_stealthed", r)
    ]


def _longship(state: GameState, ctx: Ctx) -> None:
    ref, seat, challenge = ctx["target"], ctx["seat"], state.challenge
    if challenge is None or ref not in state.in_play:
        return
    had = "stealth" in keywords(state, ref)
    add_lasting(state, "keywords", ref, "challenge", ctx["source"], add=["stealth"])
    add_delayed(state, "challenge_won", seat, "draw_cards", ctx["source"], amount=1)
    before_defenders = any(s.get("name") == "ask_defenders" for s in state.queue)
    if had or not before_defenders or not allowed(state, "can_declare_stealth", ref):
        return
    candidates = _stealth_candidates(state, ref)
    if candidates:
        data = {"attacker": ref, "pending": []}
        ask_select(state, challenge["attacker"], "stealth", candidates, "stealth", high=1, ctx=data)


register(
    "bwb_71",
    Ability(
        "action",
        _longship,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_attacking_raiders,
    ),
)

# --- bwb_74 The Womb of the World --------------------------------------------------------
# "Response: After you win dominance, kneel The Womb of the World to return a non-unique
# Dothraki character from your dead pile to your hand."  Chosen as it is used.


def _dead_dothraki(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].dead
        if facts(state, r).type == "character"
        and not facts(state, r).unique
        and "Dothraki" in facts(state, r).traits
    ]


register(
    "bwb_74",
    Ability(
        "response",
        lambda state, ctx: pile_to_hand(state, ctx["seat"], ctx["target"], "dead"),
        trigger="dominance_won",
        costs=(KNEEL_SELF,),
        condition=lambda state, ctx: ctx["event"].get("seat") == ctx["seat"],
        targets=_dead_dothraki,
    ),
)

# --- bwb_76 Poisoned Knife ---------------------------------------------------------------
# "Attached character gains stealth. Response: After attached character declares stealth,
# discard the bypassed character from play unless its controller kneels 1 influence or
# pays 1 gold to the treasury."  The trigger ``stealth_declared`` (challenges._stealth),
# once per bypassed character. Its controller chooses among the ways open to him (kneel 1
# influence, pay 1 gold, or let it go); the discard may be saved.

KNIFE_INFLUENCE, KNIFE_GOLD, KNIFE_DISCARD = "influence", "gold", "discard"


def _knife_bypassed(state: GameState, ctx: Ctx) -> bool:
    ev = ctx["event"]
    bearer = attached_to(state, ctx["source"])
    return bearer is not None and ev.get("card") == bearer and ev.get("target") in state.in_play


def _knife(state: GameState, ctx: Ctx) -> None:
    ref = ctx["event"]["target"]
    if ref not in state.in_play:
        return
    other = controller(state, ref)
    options = [KNIFE_DISCARD]
    if state.players[other].gold >= 1:
        options.insert(0, KNIFE_GOLD)
    if total_influence(state, other) >= 1:
        options.insert(0, KNIFE_INFLUENCE)
    data = {"seat": ctx["seat"], "source": ctx["source"], "bypassed": ref, "other": other}
    ask_choose(state, other, "poisoned_knife", options, "asos_knife", ctx=data)


@handler("asos_knife")
def _knife_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    choice, other, ref = ctx["choice"], ctx["other"], ctx["bypassed"]
    if choice == KNIFE_GOLD and state.players[other].gold >= 1:
        moves.pay_gold(state, other, 1, "poisoned_knife")
    elif choice == KNIFE_INFLUENCE and total_influence(state, other) >= 1:
        ask_influence(state, other, 1, {"seat": other, "then": "asos_knife_paid"})
    elif ref in state.in_play:
        moves.discard(state, [ref])


@handler("asos_knife_paid")
def _knife_paid(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    """The bypassed character's controller knelt 1 influence: it stays."""


register(
    "bwb_76",
    Ability("response", _knife, trigger="stealth_declared", condition=_knife_bypassed),
    passives={"keywords": on_bearer(lambda base: set(base) | {"stealth"})},
)

# --- bwb_78 Hollow Hill ------------------------------------------------------------------
# "If you have no power on your House card, reduce the gold penalty on all characters you
# play from your hand by 1. Response: After you play a character with an affiliation that
# does not match any other card you control (including your House card), draw 1 card."
# (errata: the second sentence is a Response.) The reduction: the ``gold_penalty`` query
# of its controller's characters in hand. The Response answers a character its controller
# marshals ("play": RULINGS) with some House that neither the House card nor any other
# card they control has; a neutral character has no affiliation.


def _hill_penalty(state: GameState, source: str, subject: Any, base: int) -> int:
    seat, ref = subject
    me = controller(state, source)
    if seat != me or state.players[me].power or ref not in state.players[me].hand:
        return base
    return max(0, base - 1) if facts(state, ref).type == "character" else base


def _affiliations(state: GameState, ref: str) -> set[str]:
    card = facts(state, ref)
    found = houses(state, ref) if ref in state.in_play else set(card.houses)
    return {h for h in found if h != "Neutral"}


def _new_affiliation(state: GameState, ctx: Ctx) -> bool:
    ev, seat = ctx["event"], ctx["seat"]
    ref = ev.get("card")
    if ev.get("seat") != seat or ev.get("type") != "character" or ref not in state.in_play:
        return False
    others = {state.players[seat].house}
    for other in state.players[seat].in_play:
        if other != ref:
            others |= _affiliations(state, other)
    return bool(_affiliations(state, ref) - others)


def _hill_draws(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "bwb_78",
    Ability(
        "response",
        _hill_draws,
        trigger="played",
        condition=_new_affiliation,
    ),
    passives={"gold_penalty": _hill_penalty},
)
