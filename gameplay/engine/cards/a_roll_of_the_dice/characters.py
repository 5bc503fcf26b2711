"""A Roll of the Dice: the characters The Bastard's Boys, The Second Sons and Old Bill Bone,
and the attachment Dragonbone Bow (btns_101, btns_105, btns_111, btns_117)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    facts,
    handler,
    icons,
    is_character,
    participating,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    cheaper_per,
    discard_top,
    has_trait,
    kneel_card,
    of_house,
    on_bearer,
)
from gameplay.engine.challenges import claim_value
from gameplay.engine.influence import ask_influence, total_influence
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

BOLTON = "House Bolton"

# --- btns_101 The Bastard's Boys -----------------------------------------------------------
# "No attachments. Lower the cost to play The Bastard's Boys by 1 for each House Bolton
# character you control. Response: After The Bastard's Boys are knelt as an attacker and the
# defending player controls no House Bolton characters, raise the claim value on your
# revealed plot card by 1 (to a maximum of 3) until the end of the phase."  The ``knelt``
# trigger of their declaration as an attacker (not when they attack without kneeling); the
# raise is +1 when the claim is below 3 as it resolves, nothing otherwise.


def _bolton(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, BOLTON)


def _knelt_attacking(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("by") == "attack" and ctx["source"] in event.get("cards", ())


def _boys_may(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    if challenge is None or not _knelt_attacking(state, ctx):
        return False
    defender = challenge["defender"]
    return not any(_bolton(state, r) for r in characters_of(state, defender))


def _boys_claim(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    if claim_value(state, seat) < 3:
        add_lasting(state, "claim", seat, "phase", ctx["source"], amount=1)


register(
    "btns_101",
    Ability("response", _boys_claim, trigger="knelt", condition=_boys_may),
    passives={"own_cost": [cheaper_per(_bolton)]},
)

# --- btns_105 The Second Sons --------------------------------------------------------------
# "Stealth. No attachments. Lower the cost to play The Second Sons by 1 for each unique
# [Lannister] or [Targaryen] character you control. Response: After a player draws a card
# through a card effect during the challenges phase, choose a character. That character
# gets -1 STR until the end of the phase."  The ``cards_drawn`` trigger (moves.effect_draw:
# card effects only), any player's draw, any character.


def _unique_lannister_or_targaryen(state: GameState, ref: str) -> bool:
    return facts(state, ref).unique and (
        of_house(state, ref, "Lannister") or of_house(state, ref, "Targaryen")
    )


def _drawn_in_challenges(state: GameState, ctx: Ctx) -> bool:
    return state.phase == "challenges" and ctx["event"].get("count", 0) > 0


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters_of(state)


def _sons_minus(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=-1)


register(
    "btns_105",
    Ability(
        "response",
        _sons_minus,
        trigger="cards_drawn",
        condition=_drawn_in_challenges,
        targets=_any_character,
    ),
    passives={"own_cost": [cheaper_per(_unique_lannister_or_targaryen)]},
)

# --- btns_111 Old Bill Bone ----------------------------------------------------------------
# "You may spend gold tokens on [Martell] Characters you control as if they are in your gold
# pool. Response: After you kneel Old Bill Bone as an attacker or defender, discard the top
# card of your deck. If that card is not a character place 1 gold token from the treasury
# on Old Bill Bone."  The ``gold_spendable`` flag of his controller's [Martell] characters;
# the ``knelt`` trigger of his declaration (as an attacker, or as a defender when defending
# kneels). With an empty deck nothing is discarded and no gold is placed.


def _martell_gold(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if base or not isinstance(subject, str) or subject not in state.in_play:
        return base
    return (
        is_character(state, subject)
        and controller(state, subject) == controller(state, source)
        and of_house(state, subject, "Martell")
    )


def _bill_knelt(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("by") in ("attack", "defend") and ctx["source"] in event.get("cards", ())


def _bill_discard(state: GameState, ctx: Ctx) -> None:
    found = discard_top(state, ctx["seat"], 1, "btns_old_bill_bone")
    if found and facts(state, found[0]).type != "character" and ctx["source"] in state.in_play:
        moves.gold_to_card(state, ctx["source"], 1, "btns_old_bill_bone")


register(
    "btns_111",
    Ability("response", _bill_discard, trigger="knelt", condition=_bill_knelt),
    passives={"gold_spendable": _martell_gold},
)

# --- btns_117 Dragonbone Bow ---------------------------------------------------------------
# "Attached character gains deadly. Challenges: Kneel attached character to have it
# participate as an attacker in the current challenge."  Only while its character's
# controller is the attacker of the current challenge, once attackers are declared, and the
# character is standing and not participating yet; it kneels as the ability resolves (as
# Seafarer's Bow).


def _bow_bearer(state: GameState, ctx: Ctx) -> str | None:
    challenge, host = state.challenge, attached_to(state, ctx["source"])
    if challenge is None or host is None or host not in state.in_play:
        return None
    if any(step.get("name") == "ask_attackers" for step in state.queue):
        return None
    if not challenge["attackers"] or controller(state, host) != challenge["attacker"]:
        return None
    if state.in_play[host].knelt or participating(state, host):
        return None
    return host if is_character(state, host) else None


def _bow_join(state: GameState, ctx: Ctx) -> None:
    host = _bow_bearer(state, ctx)
    if host is None or state.challenge is None:
        return
    kneel_card(state, host)
    state.challenge["attackers"].append(host)
    state.emit("joined_challenge", card=host, seat=controller(state, host), side="attackers")


register(
    "btns_117",
    Ability(
        "action",
        _bow_join,
        phases=("challenges",),
        condition=lambda state, ctx: _bow_bearer(state, ctx) is not None,
    ),
    passives={"keywords": on_bearer(lambda words: set(words) | {"deadly"})},
)

# --- btns_112 Greenblood Merchant ----------------------------------------------------------
# "Challenges: Kneel Greenblood Merchant to choose a character. That character gains or loses
# an icon of your choice until the end of the phase. Any opponent may kneel 1 influence to
# cancel this effect."  The character is chosen as it is used, the icon (one it lacks to
# gain, one it has to lose) as it resolves; then each opponent able to kneel 1 influence, in
# turn order, may cancel it (the first who does ends it; nobody else is asked).

ICONS = ("military", "intrigue", "power")


def _merchant(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    has = icons(state, target)
    options = [f"gain_{i}" for i in ICONS if i not in has] + [
        f"lose_{i}" for i in ICONS if i in has
    ]
    data = {"seat": ctx["seat"], "source": ctx["source"], "card": target}
    ask_choose(state, ctx["seat"], "merchant_icon", options, "btns_merchant_icon", ctx=data)


@handler("btns_merchant_icon")
def _merchant_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {**ctx, "icon": ctx["choice"], "asked": []}
    _merchant_ask(state, data)


def _merchant_ask(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    for other in state.opponents(seat):
        if other in ctx["asked"] or total_influence(state, other) < 1:
            continue
        data = {**ctx, "asked": [*ctx["asked"], other], "other": other}
        ask_choose(
            state, other, "merchant_cancel", ["cancel", "allow"], "btns_merchant_cancel", ctx=data
        )
        return
    _merchant_apply(state, ctx)


@handler("btns_merchant_cancel")
def _merchant_cancel(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other = ctx["other"]
    if ctx["choice"] == "cancel" and total_influence(state, other) >= 1:
        state.emit("cancelled", seat=other, card=ctx["source"])
        ask_influence(state, other, 1, {"seat": other, "then": "btns_merchant_cancelled"})
        return
    _merchant_ask(state, ctx)


@handler("btns_merchant_cancelled")
def _merchant_cancelled(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    """An opponent knelt 1 influence: the effect is cancelled."""


def _merchant_apply(state: GameState, ctx: Ctx) -> None:
    target, (verb, icon) = ctx["card"], ctx["icon"].split("_", 1)
    if target not in state.in_play:
        return
    change = {"add": [icon]} if verb == "gain" else {"remove": [icon]}
    add_lasting(state, "icons", target, "phase", ctx["source"], **change)


register(
    "btns_112",
    Ability(
        "action",
        _merchant,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_any_character,
    ),
)
