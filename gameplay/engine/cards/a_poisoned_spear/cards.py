"""A Poisoned Spear (atoc_101 to atoc_120): the characters, the Poisoned Spear, the location
and the plots; the Warhorses are in warhorses.py, the House card attachments in house.py."""

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
    characters,
    controller,
    facts,
    handler,
    icons,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import choosable, lost
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState
from gameplay.engine.uses import come_out_of_shadows, shadow_problem

# --- atoc_101 Ser Kyle Condon --------------------------------------------------------------
# "Stalwart. Response: After Ser Kyle Condon is killed or discarded from play, draw 1
# card."  Stalwart (the engine's keyword) puts him on top of his owner's deck instead of
# the dead or discard pile, so the response is used from there (the ``deck_top`` zone).


def _kyle_left(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _draw_one(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "atoc_101",
    *(
        Ability("response", _draw_one, trigger=name, condition=_kyle_left, zones=("deck_top",))
        for name in ("killed", "discarded")
    ),
)

# --- atoc_103 House Clegane Outlaw ---------------------------------------------------------
# "Infamy. House Clegane Outlaw does not count its STR during challenges unless it has 1 or
# more power on it."  The ``counts_strength`` permission (read only for a challenge's sides);
# Infamy is the engine's keyword.


def _outlaw_counts(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source:
        return base
    return base and state.in_play[source].power >= 1


register("atoc_103", passives={"counts_strength": _outlaw_counts})

# --- atoc_105 Dragonstone Convert ----------------------------------------------------------
# "Stealth. If you have more than one opponent, Dragonstone Convert gains Vigilant."


def _convert_keywords(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject == source and len(state.opponents(controller(state, source))) > 1:
        return set(base) | {"vigilant"}
    return base


register("atoc_105", passives={"keywords": _convert_keywords})

# --- atoc_107 The Sparr --------------------------------------------------------------------
# "Melee. Lower the income and initiative on each opponent's revealed plot card by 1."
# The ``plot_income`` and ``plot_initiative`` queries of each opponent of his controller,
# never below 0 (a printed value cannot go negative).


def _sparr_lower(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if isinstance(subject, int) and subject in state.opponents(controller(state, source)):
        return max(0, base - 1)
    return base


register("atoc_107", passives={"plot_income": _sparr_lower, "plot_initiative": _sparr_lower})

# --- atoc_115 Poisoned Spear ---------------------------------------------------------------
# "Attached character gains joust. Response: After you win a challenge in which attached
# character participated, kneel Poisoned Spear to choose and kill a character with no
# icons."  "Joust" is given as a keyword (it has no rules of its own in this engine); the
# response kills any player's character that has no icons (it can be saved).


def _spear_keywords(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject is not None and subject == attached_to(state, source):
        return set(base) | {"joust"}
    return base


def _spear_won(state: GameState, ctx: Ctx) -> bool:
    event, host = ctx["event"], attached_to(state, ctx["source"])
    sides = list(event.get("attackers", ())) + list(event.get("defenders", ()))
    return event.get("winner") == ctx["seat"] and host is not None and host in sides


def _iconless(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if not icons(state, r) and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _spear_kill(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])


register(
    "atoc_115",
    Ability(
        "response",
        _spear_kill,
        trigger="challenge_won",
        condition=_spear_won,
        costs=(KNEEL_SELF,),
        targets=_iconless,
    ),
    passives={"keywords": _spear_keywords},
)

# --- atoc_118 Isle of Faces ----------------------------------------------------------------
# "Unique characters you control count their STR toward dominance while knelt."  The
# ``dominance`` query of its controller adds the STR of its knelt unique characters.


def _isle_dominance(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != controller(state, source):
        return base
    knelt = [
        r for r in characters(state, subject) if state.in_play[r].knelt and facts(state, r).unique
    ]
    return base + sum(strength(state, r) for r in knelt)


register("atoc_118", passives={"dominance": _isle_dominance})

# --- atoc_108 Drowned Crewman --------------------------------------------------------------
# 'If you have more than 1 opponent Drowned Crewman gains: "Marshalling: Kneel Drowned
# Crewman to choose an opponent with more cards in his or her discard pile than you. Move 1
# gold token from that player's gold pool to your own."'  Usable only with such an
# opponent (one with no gold may still be chosen: nothing moves).


def _richer_discards(state: GameState, seat: int) -> list[int]:
    mine = len(state.players[seat].discard)
    return [s for s in state.opponents(seat) if len(state.players[s].discard) > mine]


def _crewman_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return len(state.opponents(seat)) > 1 and bool(_richer_discards(state, seat))


def _crewman(state: GameState, ctx: Ctx) -> None:
    options = [str(s) for s in _richer_discards(state, ctx["seat"])]
    if options:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_choose(state, ctx["seat"], "choose_opponent", options, "atoc_crewman_gold", ctx=data)


@handler("atoc_crewman_gold")
def _crewman_gold(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.give_gold(state, int(ctx["choice"]), ctx["seat"], 1)


register(
    "atoc_108",
    Ability(
        "action",
        _crewman,
        phases=("marshalling",),
        costs=(KNEEL_SELF,),
        condition=_crewman_may,
    ),
)

# --- atoc_120 Across the Summer Sea --------------------------------------------------------
# "House Targaryen only. If you have more than 1 opponent, challenges cannot be initiated by
# you or against you."  The ``can_challenge`` permission (subject "attacker>defender:type")
# while it is its owner's revealed plot; "House Targaryen only" is a deck-building rule.


def _summer_sea(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not base or not isinstance(subject, str) or ">" not in subject:
        return base
    seat = state.cards[source].owner
    if len(state.opponents(seat)) <= 1:
        return base
    attacker, defender = (int(s) for s in subject.split(":")[0].split(">"))
    return seat not in (attacker, defender)


register("atoc_120", passives={"can_challenge": _summer_sea})

# --- atoc_119 Twist of Fate ----------------------------------------------------------------
# "When a player wins a challenge against you as the attacker, he or she may choose to use
# the claim effect of any challenge type instead of the normal claim effect. This text box
# cannot be blanked."  A forced effect at ``claim_pending`` (the winner's claim about to
# resolve against the plot's owner): the attacker chooses a challenge type, whose claim
# replaces the normal one (``challenge["claim_type"]``, as Double Bluff); choosing the
# challenge's own type keeps the normal claim. "Cannot be blanked": ``cannot_be_blanked``
# (engine: abilities.is_blank never blanks it), so a blanking effect leaves it working.


def _twist(state: GameState, ctx: Ctx) -> None:
    challenge, owner = state.challenge, state.cards[ctx["source"]].owner
    if challenge is None or challenge.get("target", challenge["defender"]) != owner:
        return
    attacker = challenge["attacker"]
    options = [
        challenge["type"],
        *(t for t in ("military", "intrigue", "power") if t != challenge["type"]),
    ]
    data = {"source": ctx["source"], "seat": attacker}
    ask_choose(state, attacker, "challenge_type", options, "atoc_twist_claim", ctx=data)


@handler("atoc_twist_claim")
def _twist_claim(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if state.challenge is not None and ctx["choice"] != state.challenge["type"]:
        state.challenge["claim_type"] = ctx["choice"]


register("atoc_119", forced={"claim_pending": _twist}, cannot_be_blanked=True)

# --- atoc_113 The Red Viper ----------------------------------------------------------------
# "Stealth. Renown. Response: After you lose a challenge, place 1 gold token from the
# treasury on The Red Viper. Challenges: Discard 1 gold token from The Red Viper to stand
# him. Then, you may discard 1 additional gold token from him to raise the claim value on
# any player's revealed plot card by 1 until the end of the current challenge."  The second
# gold is offered only during a challenge (there is no current challenge to last until
# otherwise); the player then names a seat with a revealed plot, or "none". The gold tokens
# discarded are the cost/effect, paid as the ability resolves.


def _viper_gains(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.gold_to_card(state, ctx["source"], 1, "atoc_red_viper")


def _viper_has_gold(state: GameState, ctx: Ctx) -> bool:
    record = state.in_play.get(ctx["source"])
    return record is not None and record.gold >= 1


def _viper_discard_gold(state: GameState, seat: int, source: str) -> None:
    moves.gold_from_card(state, seat, source, 1, "atoc_red_viper")


def _viper_stand(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if not _viper_has_gold(state, ctx):
        return
    _viper_discard_gold(state, seat, source)
    if state.in_play[source].knelt:
        moves.stand(state, source)
    if state.challenge is None or state.in_play[source].gold < 1:
        return
    options = ["none", *(str(p.seat) for p in state.players if p.revealed_plot)]
    data = {"seat": seat, "source": source}
    ask_choose(state, seat, "raise_claim", options, "atoc_viper_claim", ctx=data)


@handler("atoc_viper_claim")
def _viper_claim(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    if ctx["choice"] == "none" or state.challenge is None or source not in state.in_play:
        return
    if state.in_play[source].gold < 1:
        return
    _viper_discard_gold(state, ctx["seat"], source)
    add_lasting(state, "claim", int(ctx["choice"]), "challenge", source, amount=1)


register(
    "atoc_113",
    Ability("response", _viper_gains, trigger="challenge_won", condition=lost()),
    Ability("action", _viper_stand, phases=("challenges",), condition=_viper_has_gold),
)

# --- atoc_110 Sorrowful Man ----------------------------------------------------------------
# "House Targaryen only. Deadly. Response: After an opponent's character enters play, kneel
# 2 influence to bring Sorrowful Man out of Shadows and into play. Then, that character's
# controller must either pay you 1 gold or kill that character."  Used from its owner's
# Shadows (uses.shadow_problem: not the round it went in); it comes out through
# uses.come_out_of_shadows (its printed cost is 0). The character's controller then
# chooses "pay" (only with 1 gold in the pool) or "kill" (the kill can be saved).
# "House Targaryen only" is a deck-building rule; Deadly is the engine's keyword.


def _sorrowful_may(state: GameState, ctx: Ctx) -> bool:
    card, seat = ctx["event"].get("card"), ctx["seat"]
    if card is None or card not in state.in_play or facts(state, card).type != "character":
        return False
    if controller(state, card) not in state.opponents(seat):
        return False
    return shadow_problem(state, seat, ctx["source"], None) is None


def _sorrowful(state: GameState, ctx: Ctx) -> None:
    seat, ref, card = ctx["seat"], ctx["source"], ctx["event"]["card"]
    if ref not in state.players[seat].shadows:
        return
    come_out_of_shadows(state, seat, ref, None)
    if card not in state.in_play:
        return
    other = controller(state, card)
    options = ["pay", "kill"] if state.players[other].gold >= 1 else ["kill"]
    data = {"seat": other, "to": seat, "card": card}
    ask_choose(state, other, "pay_or_kill", options, "atoc_sorrowful_toll", ctx=data)


@handler("atoc_sorrowful_toll")
def _sorrowful_toll(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == "pay" and state.players[ctx["seat"]].gold >= 1:
        moves.give_gold(state, ctx["seat"], ctx["to"], 1)
    elif ctx["card"] in state.in_play:
        moves.kill(state, [ctx["card"]])


register(
    "atoc_110",
    Ability(
        "response",
        _sorrowful,
        trigger="entered_play",
        zones=("shadows",),
        condition=_sorrowful_may,
        costs=(Cost("influence", 2),),
    ),
)
