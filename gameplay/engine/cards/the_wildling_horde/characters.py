"""The Wildling Horde: the characters (dotn_61, dotn_63, dotn_65, dotn_67, dotn_69, dotn_71,
dotn_73, dotn_74, dotn_76, dotn_77)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    controller,
    handler,
    in_play_named,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    cheaper_per_north_agenda,
    lets_opponent_draw,
    north_agendas,
    of_house_named,
    targets_character,
)
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- dotn_61 Ghost -----------------------------------------------------------------------
# "Stealth. No attachments. Any Phase: Return Ghost to his owner's hand."  An action of
# Ghost's controller in any action window, no cost; the return is a return to hand like any
# other (a duplicate or a card may save him).


def _ghost_home(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.return_to_hand(state, [ctx["source"]])


register("dotn_61", Ability("action", _ghost_home))

# --- dotn_63 Ser Balon Swann -------------------------------------------------------------
# "No attachments except Weapon. You may declare Ser Balon Swann as the defender of an
# Intrigue challenge against you even if he is already kneeling."  The flag
# ``knelt_can_defend`` (rules.can_defend) while an Intrigue challenge is being defended
# (only his controller, the defending player, declares him); he still needs an Intrigue icon
# and is not otherwise kept out. Declared knelt, he stays knelt.


def _balon_knelt_defends(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if subject != source or challenge is None or challenge["type"] != "intrigue":
        return base
    return True if challenge["defender"] == controller(state, source) else base


register("dotn_63", passives={"knelt_can_defend": _balon_knelt_defends})

# --- dotn_65 Acolyte of the Flame ---------------------------------------------------------
# "Acolyte of the Flame gets +1 STR while it is standing."

ACOLYTE_STR = 1


def _acolyte_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    record = state.in_play.get(source)
    if subject == source and record is not None and not record.knelt:
        return base + ACOLYTE_STR
    return base


register("dotn_65", passives={"strength": _acolyte_strength})

# --- dotn_67 Mercenaries from Pyke ---------------------------------------------------------
# "Stealth. At the beginning of the dominance phase, pay 2 gold or discard Mercenaries from
# Pyke from play."  A forced effect at ``dominance_begins``: their controller chooses while
# it has 2 gold in its pool (paid to the treasury), else they are discarded (a discard from
# play: it may be saved).

PYKE_GOLD = 2


def _pyke(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if source not in state.in_play:
        return
    data = {"seat": seat, "source": source}
    if state.players[seat].gold < PYKE_GOLD:
        _pyke_answer(state, {**data, "choice": "discard"}, [])
        return
    ask_choose(state, seat, "pay_or_discard", ["pay", "discard"], "dotn_pyke_answer", ctx=data)


@handler("dotn_pyke_answer")
def _pyke_answer(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if source not in state.in_play:
        return
    if ctx["choice"] == "pay" and state.players[seat].gold >= PYKE_GOLD:
        moves.pay_gold(state, seat, PYKE_GOLD, "mercenaries_from_pyke")
    else:
        moves.discard(state, [source])


register("dotn_67", forced={"dominance_begins": _pyke})

# --- dotn_69 Green Hatchling ---------------------------------------------------------------
# "No attachments. Discard Green Hatchling from play any time you control Rhaegal. Green
# Hatchling gains an Intrigue icon during Intrigue challenges initiated against you."  The
# constant check ``discard_now`` (any card named Rhaegal its controller controls; cannot be
# saved: it would apply again at once); the icon while an Intrigue challenge whose defending
# player is the Hatchling's controller is being resolved (from its declaration to its end).


def _hatchling_leaves(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject == source and in_play_named(state, "Rhaegal", controller(state, source)):
        return True
    return base


def _hatchling_icon(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    challenge = state.challenge
    if subject != source or challenge is None or challenge["type"] != "intrigue":
        return base
    return base | {"intrigue"} if challenge["defender"] == controller(state, source) else base


register("dotn_69", passives={"discard_now": _hatchling_leaves, "icons": _hatchling_icon})

# --- dotn_71 Starfall Advisor --------------------------------------------------------------
# "Starfall Advisor comes into play with 2 gold tokens from the treasury on him. Response:
# Discard 1 gold token from Starfall Advisor to cancel 1 event card or character ability
# that chooses a House Dayne character as a target."  The gold comes with any entry into
# play (a forced ``entered_play`` of his own). The cancel answers the window ``ability`` of
# an event card or a character's ability (anyone's) whose target chosen as it was used is
# a House Dayne character (a trait: vocabulary.of_house_named), himself included; the gold
# token goes back to the treasury as the cost.

ADVISOR_GOLD = 2


def _advisor_enters(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") == ctx["source"] and ctx["source"] in state.in_play:
        moves.gold_to_card(state, ctx["source"], ADVISOR_GOLD, "starfall_advisor")


def _dayne(state: GameState, ref: str) -> bool:
    return of_house_named(state, ref, "House Dayne")


def _advisor_may(state: GameState, ctx: Ctx) -> bool:
    record = state.in_play.get(ctx["source"])
    return (
        record is not None
        and record.gold >= 1
        and targets_character(state, _dayne, ("event", "character"))
    )


def _advisor_cancel(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    record = state.in_play.get(source)
    if record is None or record.gold < 1:
        return
    record.gold -= 1
    state.emit("gold_paid", seat=ctx["seat"], gold=1, reason="starfall_advisor", card=source)
    cancel(state)


register(
    "dotn_71",
    Ability("cancel", _advisor_cancel, trigger="ability", condition=_advisor_may),
    forced={"entered_play": _advisor_enters},
)

# --- dotn_73 Dolorous Edd ------------------------------------------------------------------
# "No attachments. Increase your draw cap by 1 for each The North agenda you are running."
# The ``draw_cap`` of his controller (moves.effect_draw).


def _edd_cap(state: GameState, source: str, seat: Any, base: int) -> int:
    return base + north_agendas(state, seat) if seat == controller(state, source) else base


register("dotn_73", passives={"draw_cap": _edd_cap})

# --- dotn_74 Recruiter for the Watch -------------------------------------------------------
# "No attachments. Any Phase: Kneel Recruiter for the Watch to choose a character. Until the
# end of the phase, that character gains the Night's Watch trait."  Any player's character
# (himself included), chosen as the ability is used.


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters_of(state)


def _recruit(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "traits", ctx["target"], "phase", ctx["source"], add=["Night's Watch"])


register(
    "dotn_74",
    Ability("action", _recruit, costs=(KNEEL_SELF,), targets=_any_character),
)

# --- dotn_76 The Wildling Horde ------------------------------------------------------------
# "Deadly. No attachments. Reduce the cost to play The Wildling Horde by 1 for each The
# North agenda you are running."  Its own text from the hand (``own_cost``).

register("dotn_76", passives={"own_cost": cheaper_per_north_agenda(1)})

# --- dotn_77 Wildling Wisewoman -------------------------------------------------------------
# "Response: Kneel Wildling Wisewoman to cancel 1 card effect that would allow an opponent
# to draw 1 or more cards."  A cancel of the pending triggered ability (window ``ability``)
# whose text lets one of her controller's opponents draw (vocabulary.drawers: its user,
# "that opponent", "each player"); the draw phase is no card effect.


def _draw_pending(state: GameState, ctx: Ctx) -> bool:
    return lets_opponent_draw(state, ctx["seat"])


register(
    "dotn_77",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(KNEEL_SELF,),
        condition=_draw_pending,
    ),
)
