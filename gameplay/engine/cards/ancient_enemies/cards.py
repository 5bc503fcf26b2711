"""Ancient Enemies (acoa_21 - acoa_40). Conventions: the_war_of_five_kings/common.py."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    attachments,
    controller,
    effect,
    facts,
    handler,
    in_play_named,
    is_character,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    controls_royal,
    has_trait,
    kneel_card,
    pile_to_hand,
    stand_card,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

TYPES = ("military", "intrigue", "power")


# --- acoa_22 Areo Hotah --------------------------------------------------------------------
# "Challenges: Kneel 2 influence to raise the Claim value on your revealed plot card by 1
# until the end of the phase. Use this ability only if you have lost 3 or more challenges
# this phase."


def _lost_this_phase(state: GameState, seat: int) -> int:
    count = 0
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            break
        if entry["event"] == "challenge_resolved" and entry.get("winner") is not None:
            count += entry["winner"] != seat and seat in (entry["attacker"], entry["defender"])
    return count


def _areo_hotah(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "claim", ctx["seat"], "phase", ctx["source"], amount=1)


register(
    "acoa_22",
    Ability(
        "action",
        _areo_hotah,
        phases=("challenges",),
        costs=(Cost("influence", 2),),
        condition=lambda state, ctx: _lost_this_phase(state, ctx["seat"]) >= 3,
    ),
)


# --- acoa_23 Die for Your King! ------------------------------------------------------------
# "Limited Response: After a character you control is killed, choose a King or Queen
# character in your dead or discard pile, and return that character to your hand."


def _mine_killed(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    controllers = event.get("controllers") or {}
    return any(
        facts(state, r).type == "character" and controllers.get(r) == ctx["seat"]
        for r in event.get("cards") or ()
    )


def _royal_in_piles(state: GameState, ctx: Ctx) -> list[str]:
    player = state.players[ctx["seat"]]
    return [
        r
        for r in player.dead + player.discard
        if facts(state, r).type == "character" and {"King", "Queen"} & set(facts(state, r).traits)
    ]


def _die_for_your_king(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["target"]
    pile = "dead" if ref in state.players[seat].dead else "discard"
    pile_to_hand(state, seat, ref, pile)


register(
    "acoa_23",
    Ability(
        "response",
        _die_for_your_king,
        trigger="killed",
        zones=("hand",),
        condition=_mine_killed,
        targets=_royal_in_piles,
        limited_response=True,
    ),
)


# --- acoa_24 Questioned Claim --------------------------------------------------------------
# "Any phase: Each player that does not control a King or Queen character must choose a
# challenge type. Until the end of the phase, that player may only initiate challenges of
# that type." (The players choose in turn order.)


def _questioned_claim(state: GameState, ctx: Ctx) -> None:
    seats = [s for s in state.turn_order() if not controls_royal(state, s)]
    for position, seat in enumerate(seats):
        data = {"seat": seat, "source": ctx["source"]}
        ask_choose(
            state, seat, "challenge_type", TYPES, "acoa_questioned", ctx=data, position=position
        )


@handler("acoa_questioned")
def _questioned_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat, chosen = ctx["seat"], ctx["choice"]
    for ctype in TYPES:
        if ctype == chosen:
            continue
        for other in state.opponents(seat):
            subject = f"{seat}>{other}:{ctype}"
            add_lasting(state, "can_challenge", subject, "phase", ctx["source"], value=False)


register("acoa_24", Ability("action", _questioned_claim, zones=("hand",)))


# --- acoa_25 - acoa_30 The Fury plots ------------------------------------------------------
# "After you win a [type] challenge against an opponent with a House X or a House Y House
# card, choose a character controlled by that opponent, and ..." (forced; the opponent is
# the loser of the challenge, its House card the House it plays).

FURIES = {
    "acoa_25": ("military", ("Lannister", "Greyjoy"), "kill"),
    "acoa_26": ("intrigue", ("Martell", "Stark"), "strip"),
    "acoa_27": ("power", ("Targaryen", "Martell"), "control"),
    "acoa_28": ("military", ("Stark", "Targaryen"), "discard"),
    "acoa_29": ("power", ("Baratheon", "Greyjoy"), "zero"),
    "acoa_30": ("intrigue", ("Lannister", "Baratheon"), "return"),
}


def _fury(code: str) -> Any:
    ctype, houses, kind = FURIES[code]

    def forced(state: GameState, ctx: Ctx) -> None:
        event, seat, source = ctx["event"], ctx["seat"], ctx["source"]
        loser = event.get("loser")
        if event.get("winner") != seat or event.get("type") != ctype or loser is None:
            return
        if state.players[loser].house not in houses:
            return
        found = [
            r
            for r in state.players[loser].in_play
            if is_character(state, r) and choosable(state, r, source, seat)
        ]
        data = {"seat": seat, "source": source, "kind": kind, "loser": loser}
        ask_select(state, seat, "fury", found, "acoa_fury", low=1, high=1, ctx=data)

    return forced


@handler("acoa_fury")
def _fury_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    for ref in selected:
        if ref not in state.in_play:
            continue
        kind = ctx["kind"]
        if kind == "kill":
            moves.kill(state, [ref])
        elif kind == "discard":
            moves.discard_from_play(state, [ref])
        elif kind == "return":
            moves.return_to_hand(state, [ref])
        elif kind == "control":
            moves.take_control(state, ref, ctx["seat"])
            add_delayed(
                state,
                "phase_ends",
                ctx["seat"],
                "acoa_control_returns",
                ctx["source"],
                until="phase",
                card=ref,
                to=ctx["loser"],
            )
        elif kind == "zero":
            # "Reduce its STR to 0 until the end of the round": below any bonus.
            add_lasting(state, "strength", ref, "round", ctx["source"], amount=-99)
        elif kind == "strip":
            kneel_card(state, ref)
            found = attachments(state, ref)
            power = state.in_play[ref].power
            if power:
                moves.card_power(state, ref, -power, "discarded")
            if found:
                moves.discard(state, found)


@effect("acoa_control_returns")
def _control_returns(state: GameState, entry: dict[str, Any]) -> None:
    ref = entry["card"]
    if ref in state.in_play and controller(state, ref) != entry["to"]:
        moves.take_control(state, ref, entry["to"])


for _code in FURIES:
    register(_code, forced={"challenge_won": _fury(_code)})


# --- acoa_31 Bear Island -------------------------------------------------------------------
# "Dominance: Kneel Bear Island to choose and kill a non-House Stark character without
# attachments. Use this ability only if every card you control has the House Stark
# affiliation."


def _all_stark(state: GameState, ctx: Ctx) -> bool:
    return all("Stark" in facts(state, r).houses for r in state.players[ctx["seat"]].in_play)


def _bear_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for p in state.players
        for r in p.in_play
        if is_character(state, r)
        and "Stark" not in facts(state, r).houses
        and not attachments(state, r)
    ]


register(
    "acoa_31",
    Ability(
        "action",
        moves.kill_target,
        phases=("dominance",),
        costs=(KNEEL_SELF,),
        condition=_all_stark,
        targets=_bear_targets,
    ),
)


# --- acoa_32 Turncloak Mercenaries ---------------------------------------------------------
# "While Turncloak Mercenaries is attacking, players with revealed Military Battle or Power
# Struggle plot cards cannot declare defenders."


def _turncloak(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if challenge is None or source not in challenge["attackers"]:
        return base
    plot = state.players[controller(state, subject)].revealed_plot
    if plot and {"Military Battle", "Power Struggle"} & traits(state, plot):
        return False
    return base


register("acoa_32", passives={"can_defend": _turncloak})


# --- acoa_33 Toll Gate ---------------------------------------------------------------------
# "Challenges: Kneel Toll Gate to choose a non-unique, participating character. Stand that
# character, and remove it from the challenge."


def _non_unique_participants(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in challenge["attackers"] + challenge["defenders"]
        if r in state.in_play and not facts(state, r).unique
    ]


def _toll_gate(state: GameState, ctx: Ctx) -> None:
    ref, challenge = ctx["target"], state.challenge
    stand_card(state, ref)
    if challenge is not None:
        for side in ("attackers", "defenders"):
            if ref in challenge[side]:
                challenge[side].remove(ref)


register(
    "acoa_33",
    Ability(
        "action",
        _toll_gate,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_non_unique_participants,
    ),
)


# --- acoa_34 King's Champion ---------------------------------------------------------------
# "While there is no other card named King's Champion in play, it gains a Power icon and
# cannot be discarded from play."


def _champion_alone(state: GameState, source: str) -> bool:
    return in_play_named(state, facts(state, source).name) == [source]


def _champion_icons(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"power"} if subject == source and _champion_alone(state, source) else base


def _champion_discard(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source and _champion_alone(state, source) else base


register("acoa_34", passives={"icons": _champion_icons, "can_be_discarded": _champion_discard})


# --- acoa_36 Salt Wife ---------------------------------------------------------------------
# "Response: Kneel 2 influence to save an Ironborn character from being killed. (Limit
# once per phase.)"


def _ironborn_dying(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards") or ()
        if r in state.in_play
        and is_character(state, r)
        and has_trait(state, r, "Ironborn")
        and not moves.saved(state, r)
    ]


register(
    "acoa_36",
    Ability(
        "save",
        moves.save_target,
        trigger="would_be_killed",
        costs=(Cost("influence", 2),),
        targets=_ironborn_dying,
        limit=(1, "phase"),
    ),
)


# --- acoa_37 Dragon Thief ------------------------------------------------------------------
# "Response: After Dragon Thief comes into play, choose and discard a non-unique attachment
# from play."


def _self_entered(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


def _non_unique_attachments(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r, record in state.in_play.items()
        if record.attached_to and not facts(state, r).unique
    ]


register(
    "acoa_37",
    Ability(
        "response",
        lambda state, ctx: moves.discard(state, [ctx["target"]]),
        trigger="entered_play",
        condition=_self_entered,
        targets=_non_unique_attachments,
    ),
)


# --- acoa_40 Bringers of Law ---------------------------------------------------------------
# "Bringers of Law cannot be declared as an attacker. Response: After an opponent initiates
# a challenge against you, stand Bringers of Law." (A challenge is initiated when its
# attackers are declared.)


def _no_attack(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source else base


def _challenged(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    return (
        challenge is not None
        and challenge["defender"] == ctx["seat"]
        and challenge["attacker"] != ctx["seat"]
        and state.in_play[ctx["source"]].knelt
    )


register(
    "acoa_40",
    Ability(
        "response",
        lambda state, ctx: stand_card(state, ctx["source"]),
        trigger="attackers_declared",
        condition=_challenged,
    ),
    passives={"can_attack": _no_attack},
)
