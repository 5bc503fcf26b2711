"""Mountains of the Moon: the characters (bwb_41, bwb_43, bwb_44, bwb_45, bwb_49, bwb_51,
bwb_53, bwb_55, bwb_57, bwb_58)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    controller,
    facts,
    handler,
    is_character,
    register,
    value,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    has_trait,
    is_mine,
    moves_out_of_pile,
    wins_this_phase,
    won,
)
from gameplay.engine.influence import ask_influence, total_influence
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import can_attack
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel, put_into_play

# --- bwb_41 Reek ---------------------------------------------------------------------------
# "House Stark only. Response: After you win an Intrigue challenge in which Reek
# participated as an attacker, give the defending player control of Reek to choose and
# take control of 1 character controlled by that player."  Giving Reek away is the cost
# (paid with the effect: it cannot fail once used); the character is chosen as the
# response is used, among the defending player's characters (not immune ones).


def _reek_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        won("intrigue", role="attacker")(state, ctx)
        and ctx["source"] in event.get("attackers", ())
        and ctx["source"] in state.in_play
        and controller(state, ctx["source"]) == ctx["seat"]
    )


def _reek_targets(state: GameState, ctx: Ctx) -> list[str]:
    defender = ctx["event"].get("defender")
    return [] if defender is None else characters_of(state, defender)


def _reek(state: GameState, ctx: Ctx) -> None:
    reek, target = ctx["source"], ctx["target"]
    defender = ctx["event"]["defender"]
    if reek in state.in_play and controller(state, reek) == ctx["seat"]:
        moves.take_control(state, reek, defender)
    if target in state.in_play and controller(state, target) == defender:
        moves.take_control(state, target, ctx["seat"])


register(
    "bwb_41",
    Ability("response", _reek, trigger="challenge_won", condition=_reek_may, targets=_reek_targets),
)

# --- bwb_43 Timett Son of Timett -----------------------------------------------------------
# "Renown. Knelt Clansman characters you control cannot be killed."  Himself included while
# he kneels.


def _knelt_clansman_safe(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if (
        is_mine(state, source, subject)
        and is_character(state, subject)
        and state.in_play[subject].knelt
        and has_trait(state, subject, "Clansman")
    ):
        return False
    return base


register("bwb_43", passives={"can_be_killed": _knelt_clansman_safe})

# --- bwb_44 The Burned Men -----------------------------------------------------------------
# "Deadly. Raise your Claim value by 1 during any challenge in which The Burned Men is
# attacking if you have fewer cards in hand than the defending player."  Read as the
# claim is asked (hands counted then).


def _burned_claim(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    if challenge is None or source not in challenge["attackers"]:
        return base
    seat = controller(state, source)
    if subject != seat or challenge["attacker"] != seat:
        return base
    mine, theirs = len(state.players[seat].hand), len(state.players[challenge["defender"]].hand)
    return base + 1 if mine < theirs else base


register("bwb_44", passives={"claim": _burned_claim})

# --- bwb_45 Tyrion's Enforcers -------------------------------------------------------------
# "If you have fewer cards in hand than each opponent, Tyrion's Enforcers can attack or
# defend Military challenges while knelt."  Attacking: the flag ``knelt_can_attack``
# (subject (ref, type)); defending: ``knelt_can_defend`` during a Military challenge.


def fewer_cards_than_each_opponent(state: GameState, seat: int) -> bool:
    """``seat`` has fewer cards in hand than each opponent."""
    mine = len(state.players[seat].hand)
    return all(mine < len(state.players[s].hand) for s in state.opponents(seat))


def _enforcers_attack(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if base or not isinstance(subject, (tuple, list)) or len(subject) != 2:
        return base
    ref, ctype = subject
    if ref != source or ctype != "military":
        return base
    return fewer_cards_than_each_opponent(state, controller(state, source))


def _enforcers_defend(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if base or subject != source or challenge is None or challenge["type"] != "military":
        return base
    return fewer_cards_than_each_opponent(state, controller(state, source))


register(
    "bwb_45",
    passives={"knelt_can_attack": _enforcers_attack, "knelt_can_defend": _enforcers_defend},
)

# --- bwb_49 Ser Eldon Estermont ------------------------------------------------------------
# "Renown. While Ser Eldon Estermont is attacking, characters with fewer power than him
# cannot be declared as defenders."  Power on the characters, compared as defenders are
# declared; any defending player's characters.


def _eldon_blocks(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if not base or challenge is None or source not in challenge["attackers"]:
        return base
    if not isinstance(subject, str) or subject not in state.in_play:
        return base
    return state.in_play[subject].power >= state.in_play[source].power


register("bwb_49", passives={"can_defend": _eldon_blocks})

# --- bwb_51 Island Smuggler ----------------------------------------------------------------
# "Response: Kneel Island Smuggler to cancel an effect that would move a card out of a
# player's dead or discard pile."  A cancel of the pending triggered ability (window
# ``ability``) whose text line moves a card out of a dead or discard pile
# (vocabulary.moves_out_of_pile): any player's effect, his own player's too.


def _smuggler_may(state: GameState, ctx: Ctx) -> bool:
    return moves_out_of_pile(state)


register(
    "bwb_51",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(KNEEL_SELF,),
        condition=_smuggler_may,
    ),
)

# --- bwb_53 Blood-Crazed Screamer ----------------------------------------------------------
# "If you have won a single Military challenge as the attacker this phase, you may declare
# 1 additional Military challenge (to a maximum of 2) by declaring Blood-Crazed Screamer and
# any number of eligible Dothraki characters as attackers."  Ruling (card data): the
# Screamer must be eligible to attack; once the effect applies, its controller may initiate
# at most 2 Military challenges this phase. Read: while its controller has won a Military
# challenge as the attacker this phase and the Screamer could attack, that player's Military
# challenges allowed this phase are 2 (``challenges_allowed``). A Military challenge beyond
# what the other cards allow is the Screamer's: only Dothraki characters may attack in it
# (``can_attack``) and at least one Screamer must (``attackers_one_of``).

_SCREAMER = {"ignored": False}


def _screamer_eligible(state: GameState, source: str) -> bool:
    seat = controller(state, source)
    return wins_this_phase(state, seat, "military") >= 1 and source in can_attack(
        state, seat, "military"
    )


def _screamer_allows(state: GameState, source: str, subject: Any, base: int) -> int:
    if _SCREAMER["ignored"] or subject != f"{controller(state, source)}:military":
        return base
    return 2 if _screamer_eligible(state, source) else base


def screamer_challenge(state: GameState, seat: int) -> bool:
    """The challenge under way is ``seat``'s Military challenge that only a Screamer
    allows (more Military challenges than the other cards allow this phase)."""
    challenge = state.challenge
    if challenge is None or challenge["type"] != "military" or challenge["attacker"] != seat:
        return False
    done = state.players[seat].challenges_done.count("military")
    _SCREAMER["ignored"] = True
    try:
        others = value(state, "challenges_allowed", f"{seat}:military", 1)
    finally:
        _SCREAMER["ignored"] = False
    return done > others


def _only_dothraki(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not base or not is_mine(state, source, subject):
        return base
    seat = controller(state, source)
    return has_trait(state, subject, "Dothraki") or not screamer_challenge(state, seat)


def _screamer_leads(state: GameState, source: str, subject: Any, base: list[str]) -> list[str]:
    if subject == controller(state, source) and screamer_challenge(state, subject):
        return [*base, source]
    return base


register(
    "bwb_53",
    passives={
        "challenges_allowed": _screamer_allows,
        "can_attack": _only_dothraki,
        "attackers_one_of": _screamer_leads,
    },
)

# --- bwb_55 Lost Spearman ------------------------------------------------------------------
# "After you play Lost Spearman from your hand, any opponent may kneel 1 influence to return
# him to your hand."  A forced ``played`` effect of the Spearman marshalled from the hand:
# each opponent who can produce 1 influence is asked in turn order (from the Spearman's
# player's left) until one pays; the return may be saved.

SPEARMAN_RETURN, SPEARMAN_DECLINE = "return", "decline"


def _spearman_played(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    if event.get("card") != source or source not in state.in_play:
        return
    seat = controller(state, source)
    _ask_next(state, {"seat": seat, "card": source, "left": state.opponents(seat)})


def _ask_next(state: GameState, data: dict[str, Any]) -> None:
    left = [s for s in data["left"] if total_influence(state, s) >= 1]
    if not left or data["card"] not in state.in_play:
        return
    other, rest = left[0], left[1:]
    ask = {**data, "other": other, "left": rest}
    options = [SPEARMAN_RETURN, SPEARMAN_DECLINE]
    ask_choose(state, other, "lost_spearman", options, "mom_spearman", ctx=ask)


@handler("mom_spearman")
def _spearman_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] != SPEARMAN_RETURN:
        _ask_next(state, ctx)
        return
    pay = {"seat": ctx["other"], "card": ctx["card"], "then": "mom_spearman_paid"}
    ask_influence(state, ctx["other"], 1, pay)


@handler("mom_spearman_paid")
def _spearman_paid(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["card"] in state.in_play:
        moves.return_to_hand(state, [ctx["card"]])


register("bwb_55", forced={"played": _spearman_played})

# --- bwb_57 Lem Lemoncloak -----------------------------------------------------------------
# "Deadly. If you have no power on your House card, Lem Lemoncloak gets +1 STR for each
# Brotherhood character you control."  Himself included.


def _lem_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    if subject != source:
        return base
    seat = controller(state, source)
    if state.players[seat].power:
        return base
    return base + sum(1 for r in characters_of(state, seat) if has_trait(state, r, "Brotherhood"))


register("bwb_57", passives={"strength": _lem_strength})

# --- bwb_58 Lady Stoneheart ----------------------------------------------------------------
# "Renown. Dominance: Put Lady Stoneheart into play from your dead pile. Then, discard all
# power from your House card."  An action of the dominance phase from her owner's dead pile;
# she is unique: not while a copy of hers is in play under her owner's control (her being
# in the dead pile is what the ability is for).


def _stoneheart_may(state: GameState, ctx: Ctx) -> bool:
    seat, name = ctx["seat"], facts(state, ctx["source"]).name
    return not any(
        facts(state, r).name == name and seat in (rec.controller, state.cards[r].owner)
        for r, rec in state.in_play.items()
    )


def _stoneheart(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    if ref not in state.players[seat].dead:
        return
    put_into_play(state, seat, ref)
    moves.discard_power(state, seat, state.players[seat].power, "lady_stoneheart")


register(
    "bwb_58",
    Ability(
        "action", _stoneheart, phases=("dominance",), zones=("dead",), condition=_stoneheart_may
    ),
)
