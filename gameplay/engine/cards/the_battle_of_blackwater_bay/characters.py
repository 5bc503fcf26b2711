"""The Battle of Blackwater Bay: the characters (kl_101, kl_105, kl_108, kl_110, kl_113,
kl_114, kl_117, kl_118)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    allowed,
    attached_to,
    attachments,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    has_trait,
    move_attachment,
    out_of_shadows,
    participants,
    stand_card,
    won_unopposed,
    won_with,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState

# --- kl_101 Peasant Defenders ------------------------------------------------------------
# "Reduce the cost to play Weapon attachments on Peasant Defenders by 1. If Peasant
# Defenders has a Weapon attachment, they get +3 STR and do not kneel to defend."
# The reduction is the ``attach_cost`` passive (rules.gold_cost with the host): a Weapon
# attachment marshalled from the hand onto them, anyone's; coming out of Shadows or Ambush
# is not "playing" (RULINGS). The Weapon is read from the attachment's traits.

DEFENDERS_STR = 3


def _has_weapon(state: GameState, ref: str) -> bool:
    return any(has_trait(state, a, "Weapon") for a in attachments(state, ref))


def _weapon_cost(state: GameState, source: str, subject: Any, base: int) -> int:
    card, host = subject
    return base - 1 if host == source and "Weapon" in facts(state, card).traits else base


def _armed_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + DEFENDERS_STR if subject == source and _has_weapon(state, source) else base


def _armed_defends_standing(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source and _has_weapon(state, source) else base


register(
    "kl_101",
    passives={
        "attach_cost": _weapon_cost,
        "strength": _armed_strength,
        "kneel_to_defend": _armed_defends_standing,
    },
)

# --- kl_105 Ser Davos Seaworth -----------------------------------------------------------
# "Stealth. Response: Kneel Ser Davos Seaworth to save an atttachment on a character from
# being discarded from play. Then, attach it to another eligible character, if able."
# A save (trigger ``would_be_discarded``) of any player's attachment on a character that
# an effect discards (attachments that fall off a character leaving play are not
# discarded one by one through saves: RULINGS). Then Davos's controller chooses another
# character that could take it (as its controller would attach it); with none, it stays
# saved where it is.


def _attachments_discarded(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play
        and facts(state, r).type == "attachment"
        and (host := attached_to(state, r)) is not None
        and is_character(state, host)
        and not moves.saved(state, r)
    ]


def _new_hosts(state: GameState, ref: str) -> list[str]:
    host = attached_to(state, ref)
    found = attachment_targets(state, facts(state, ref), controller(state, ref))
    return [r for r in found if r != host and is_character(state, r)]


def _davos(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    moves.save(state, ref, by=ctx["source"])
    hosts = _new_hosts(state, ref)
    if hosts:
        data = {"seat": ctx["seat"], "source": ctx["source"], "card": ref}
        ask_select(state, ctx["seat"], "attach", hosts, "kl_davos_attach", low=1, high=1, ctx=data)


@handler("kl_davos_attach")
def _davos_attach(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["card"]
    if ref in state.in_play and selected and selected[0] in _new_hosts(state, ref):
        move_attachment(state, ref, selected[0])


register(
    "kl_105",
    Ability(
        "save",
        _davos,
        trigger="would_be_discarded",
        costs=(KNEEL_SELF,),
        targets=_attachments_discarded,
    ),
)

# --- kl_108 Island Mercenaries -----------------------------------------------------------
# "House Greyjoy only. Renown. No attachments. Response: After you win an unopposed
# challenge in which Island Mercenaries participated, they claim 1 power."  1 power from
# the pool onto the card.


def _claims_one(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "island_mercenaries")


def _unopposed_with_self(state: GameState, ctx: Ctx) -> bool:
    return won_with("self")(state, ctx) and won_unopposed(state, ctx)


register(
    "kl_108",
    Ability("response", _claims_one, trigger="challenge_won", condition=_unopposed_with_self),
)

# --- kl_110 Free Cities Mercenaries ------------------------------------------------------
# "House Targaryen only. Renown. No attachments. Response: After a character with STR 2 or
# lower is killed, stand Free Cities Mercenaries."  Any player's character; its STR is its
# printed STR (it has left play, as Blood for Blood reads it). Offered only while the
# Mercenaries kneel (standing them is the whole effect).

FREE_CITIES_STR = 2


def _weak(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    return card.type == "character" and (card.strength or 0) <= FREE_CITIES_STR


def _weak_one_killed(state: GameState, ctx: Ctx) -> bool:
    record = state.in_play.get(ctx["source"])
    return (
        record is not None
        and record.knelt
        and any(_weak(state, r) for r in ctx["event"].get("cards", ()))
    )


register(
    "kl_110",
    Ability(
        "response",
        lambda state, ctx: stand_card(state, ctx["source"]),
        trigger="killed",
        condition=_weak_one_killed,
    ),
)

# --- kl_113 Southron Mercenaries ---------------------------------------------------------
# "House Martell only. Renown. No attachments. Response: After you win a challenge in which
# Southron Mercenaries participated, move 1 power from the losing opponent's House card to
# your own."  The challenge's loser; nothing to move from an empty House card (not offered).


def _loser_has_power(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return (
        won_with("self")(state, ctx)
        and loser is not None
        and loser != ctx["seat"]
        and state.players[loser].power > 0
    )


def _southron(state: GameState, ctx: Ctx) -> None:
    moves.move_power(state, ctx["event"]["loser"], ctx["seat"], 1, "southron_mercenaries")


register(
    "kl_113",
    Ability("response", _southron, trigger="challenge_won", condition=_loser_has_power),
)

# --- kl_114 Veteran Spearman -------------------------------------------------------------
# "No attachments except Weapon. Challenges: Kneel Veteran Spearman to choose an
# opponent's character. Until the end of the phase, that character cannot be chosen to die
# as the result of Military challenge claim."  A lasting ``can_be_claimed`` False on it
# (challenges.claim leaves it out of the defender's choice).


def _opponents_characters(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in state.in_play
        if is_character(state, r) and controller(state, r) in state.opponents(seat)
    ]


def _spearman(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "can_be_claimed", ctx["target"], "phase", ctx["source"], value=False)


register(
    "kl_114",
    Ability(
        "action",
        _spearman,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_opponents_characters,
    ),
)

# --- kl_117 Ser Mandon Moore -------------------------------------------------------------
# "No attachments except Weapon. Challenges: Bring Ser Mandon Moore out of Shadows and into
# play by paying the rest of his gold cost. Response: After you win a challenge in which
# Ser Mandon Moore participated as the defender, choose and kill a participating
# character."  The first ability is what every Shadow card may do in the house reading of
# Shadows (any action window of a later round, its printed cost: RULINGS), so the
# challenges phase's action windows already offer it. The response: Mandon among the
# defenders of the challenge won by his controller; any participating character (either
# side, Mandon included), chosen as it is used; the kill may be saved.


def _won_defending(state: GameState, ctx: Ctx) -> bool:
    return won_with("self")(state, ctx) and ctx["source"] in ctx["event"].get("defenders", ())


def _participating(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    found = participants(challenge) if challenge is not None else []
    return [r for r in found if r in state.in_play and allowed(state, "can_be_killed", r)]


register(
    "kl_117",
    Ability(
        "response",
        moves.kill_target,
        trigger="challenge_won",
        condition=_won_defending,
        targets=_participating,
    ),
)

# --- kl_118 Pyromancer's Apprentice ------------------------------------------------------
# "Response: After Pyromancer's Apprentice comes out of Shadows, choose a location
# controlled by an opponent. That location's controller must pay 1 gold to you or discard
# that location from play."  The controller chooses; with no gold in the pool, only the
# discard (which may be saved).


def _opponents_locations(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in state.in_play
        if facts(state, r).type == "location" and controller(state, r) in state.opponents(seat)
    ]


def _apprentice(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    owner = controller(state, ref)
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ref, "payer": owner}
    if state.players[owner].gold < 1:
        _apprentice_answer(state, {**data, "choice": "discard"}, [])
        return
    ask_choose(state, owner, "pay_or_discard", ["pay", "discard"], "kl_apprentice_answer", ctx=data)


@handler("kl_apprentice_answer")
def _apprentice_answer(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref, payer = ctx["target"], ctx["payer"]
    if ctx["choice"] == "pay" and state.players[payer].gold >= 1:
        moves.give_gold(state, payer, ctx["seat"], 1)
    elif ref in state.in_play:
        moves.discard(state, [ref])


register("kl_118", out_of_shadows(_apprentice, targets=_opponents_locations))
