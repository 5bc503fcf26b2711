"""The Battle of Blackwater Bay: the attachments (kl_102, kl_104, kl_111, kl_115)."""

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
    controller,
    crests,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    kneel_card,
    kneel_host,
    lost,
    move_attachment,
    of_house,
)
from gameplay.engine.cards.vocabulary.shadows import CAME_OUT
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.uses import return_to_shadows

# --- kl_102 Northern Steel ---------------------------------------------------------------
# "Northern Steel cannot be discarded from play while attached to a House Stark character.
# Any Phase: Kneel Northern Steel to give attached character either +3 STR or deadly until
# the end of the phase."  The permission ``can_be_discarded`` (every discard from play, the
# "cannot be saved" ones included; it still goes when its character leaves play, as every
# attachment does). Its controller chooses STR or Deadly as the ability resolves.

STEEL_STR = 3


def _steel_stays(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source:
        return base
    host = attached_to(state, source)
    return False if host is not None and of_house(state, host, "Stark") else base


def _steel_host(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and is_character(state, host)


def _steel(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "northern_steel", ["strength", "deadly"], "kl_steel", ctx=data)


@handler("kl_steel")
def _steel_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    host = attached_to(state, source) if source in state.in_play else None
    if host is None:
        return
    if ctx["choice"] == "strength":
        add_lasting(state, "strength", host, "phase", source, amount=STEEL_STR)
    else:
        add_lasting(state, "keywords", host, "phase", source, add=["deadly"])


register(
    "kl_102",
    Ability("action", _steel, costs=(KNEEL_SELF,), condition=_steel_host),
    passives={"can_be_discarded": _steel_stays},
)

# --- kl_104 Tyrion's Chain ---------------------------------------------------------------
# "Attach to a location. Kneel that location. If you lose a Military challenge, discard
# Tyrion's Chain from play. Response: After attached location is knelt, kneel all locations
# controlled by the attached location's controller."  Any player's location; it kneels as
# the Chain enters play (forced, ``entered_play``). The discard is forced for its
# controller losing a Military challenge, attacking or defending (saves may answer). The
# response answers the trigger ``knelt`` (any way the location kneels, the Chain's own
# kneel included).


def _chain_falls(state: GameState, ctx: Ctx) -> None:
    source, event = ctx["source"], ctx["event"]
    if source not in state.in_play or event.get("type") != "military":
        return
    if event.get("loser") == controller(state, source) and event.get("winner") is not None:
        moves.discard(state, [source])


def _host_knelt(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and host in ctx["event"].get("cards", ())


def _kneel_their_locations(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is None:
        return
    for ref in list(state.players[controller(state, host)].in_play):
        if ref in state.in_play and facts(state, ref).type == "location":
            kneel_card(state, ref)


_chain = register(
    "kl_104",
    Ability("response", _kneel_their_locations, trigger="knelt", condition=_host_knelt),
    forced={"entered_play": kneel_host, "challenge_won": _chain_falls},
)
_chain.attach_types = ("location",)

# --- kl_111 Mercenary Contract -----------------------------------------------------------
# "War character only. If you have at least 1 gold in your gold pool, attached character
# does not kneel to attack or defend during Military challenges."  A character with the
# War crest (now); "you": the Contract's controller, gold in the pool (not on cards).


def _war_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return "war" in crests(state, target)


def _paid_up(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if (
        subject is None
        or subject != attached_to(state, source)
        or challenge is None
        or challenge["type"] != "military"
        or state.players[controller(state, source)].gold < 1
    ):
        return base
    return False


register(
    "kl_111",
    passives={"kneel_to_attack": _paid_up, "kneel_to_defend": _paid_up},
    attach_rule=_war_character,
)

# --- kl_115 Venomous Blade ---------------------------------------------------------------
# "House Martell only. After Venomous Blade comes out of Shadows, attach it to a character
# you control. Then, choose and kill an opponent's character with printed STR 2 or less.
# Response: After you lose a challenge, Venomous Blade goes into Shadows."
# Forced (no trigger word). It comes out onto the character chosen with the action; on an
# opponent's character it is then moved onto one of yours that can take it (it stays where
# it is when none can). Then its controller must choose an opponent's character of printed
# STR 2 or less (the kill may be saved). The response: its controller lost a challenge,
# attacking or defending; back into its owner's Shadows, not out again this round.

BLADE_STR = 2


def _my_hosts(state: GameState, ref: str, seat: int) -> list[str]:
    found = attachment_targets(state, facts(state, ref), seat)
    return [r for r in found if is_character(state, r) and controller(state, r) == seat]


def _blade_out(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if ctx["event"].get("card") != source or source not in state.in_play:
        return
    seat = controller(state, source)
    data = {"seat": seat, "source": source}
    host = attached_to(state, source)
    if host is not None and controller(state, host) != seat:
        hosts = _my_hosts(state, source, seat)
        if hosts:
            ask_select(state, seat, "attach", hosts, "kl_blade_attach", low=1, high=1, ctx=data)
            return
    _blade_kill(state, data)


@handler("kl_blade_attach")
def _blade_attach(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if source in state.in_play and selected and selected[0] in _my_hosts(state, source, seat):
        move_attachment(state, source, selected[0])
    _blade_kill(state, ctx)


def _blade_kill(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    found = [
        r
        for r in state.in_play
        if is_character(state, r)
        and controller(state, r) in state.opponents(seat)
        and (facts(state, r).strength or 0) <= BLADE_STR
        and allowed(state, "can_be_killed", r)
        and choosable(state, r, source, seat)
    ]
    if found:
        ask_select(state, seat, "kill", found, "kl_blade_kill", low=1, high=1, ctx=ctx)


@handler("kl_blade_kill")
def _blade_killed(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.kill(state, [r for r in selected if r in state.in_play])


register(
    "kl_115",
    Ability(
        "response",
        lambda state, ctx: return_to_shadows(state, ctx["source"]),
        trigger="challenge_won",
        condition=lost(),
    ),
    forced={CAME_OUT: _blade_out},
)
