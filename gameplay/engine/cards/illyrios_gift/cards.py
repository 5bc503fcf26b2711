"""Illyrio's Gift: the attachments (bwb_2, bwb_6, bwb_12), the locations (bwb_13, bwb_16),
the events (bwb_4, bwb_14, bwb_19; Ours for the Taking, bwb_8, is in ours.py), the plot
(bwb_20) and the House card (bwb_18)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    HOUSE_CARDS,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    attachments,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    attached_passive,
    characters_of,
    event,
    has_trait,
    in_play_of,
    of_house_named,
    participants,
    response,
    stand_card,
    won,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

# --- bwb_2 Dubious Loyalties -------------------------------------------------------------
# "Attached character gains the House Bolton trait. Response: After you win a challenge in
# which attached character participated take control of attached character if it is not
# under your control."  "You": the attachment's controller; the character attacked or
# defended (for either side). Offered only while another player controls it.


def _bolton(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"House Bolton"}


def _turncoat_won(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return (
        host is not None
        and ctx["event"].get("winner") == ctx["seat"]
        and host in participants(ctx["event"])
        and controller(state, host) != ctx["seat"]
    )


def _turncoat(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None and controller(state, host) != ctx["seat"]:
        moves.take_control(state, host, ctx["seat"])


register(
    "bwb_2",
    Ability("response", _turncoat, trigger="challenge_won", condition=_turncoat_won),
    passives={"traits": attached_passive(_bolton)},
)

# --- bwb_6 The King's Ground -------------------------------------------------------------
# "House Baratheon only. Attach to a location you control. Attached location gains
# Vigilant."  Vigilant on a location: it may stand after its controller wins a challenge as
# the attacker (challenges.vigilant_vengeful stands any card with the keyword).


def _own_location(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return seat is None or controller(state, target) == seat


def _vigilant(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"vigilant"}


_kings_ground = register(
    "bwb_6", passives={"keywords": attached_passive(_vigilant)}, attach_rule=_own_location
)
_kings_ground.attach_types = ("location",)

# --- bwb_12 Rakharo's Arakh --------------------------------------------------------------
# "House Targaryen only. Ambush. Dothraki character only. Attached character gets +1 STR for
# each character in each opponent's dead pile. If attached character is Rakharo, he also
# gains Deadly."  Opponents of the Arakh's controller; "Rakharo" by name (any printing).


def _dothraki_only(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and has_trait(state, target, "Dothraki")


def _arakh_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    dead = sum(
        1
        for o in state.opponents(controller(state, source))
        for r in state.players[o].dead
        if facts(state, r).type == "character"
    )
    return base + dead


def _rakharo_deadly(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"deadly"} if facts(state, subject).name == "Rakharo" else base


register(
    "bwb_12",
    passives={
        "strength": attached_passive(_arakh_strength),
        "keywords": attached_passive(_rakharo_deadly),
    },
    attach_rule=_dothraki_only,
)

# --- bwb_13 Vaes Dothrak -----------------------------------------------------------------
# "No attachments. Response: After you win a Military challenge in which at least 1
# Dothraki character attacked, kneel Vaes Dothrak to (choose one): draw 1 card, discard 1
# card at random from the losing opponent's hand, or move 1 power from the losing
# opponent's House to your own."  The choice is made as it resolves, among the options
# that can do something (drawing always can be chosen).


def _dothraki_attacked(state: GameState, ctx: Ctx) -> bool:
    return won("military")(state, ctx) and any(
        has_trait(state, r, "Dothraki") for r in ctx["event"].get("attackers", ())
    )


def _vaes_options(state: GameState, seat: int, loser: int | None) -> list[str]:
    options = ["draw"]
    if loser is not None and loser != seat and state.players[loser].hand:
        options.append("discard")
    if loser is not None and loser != seat and state.players[loser].power > 0:
        options.append("power")
    return options


def _vaes_dothrak(state: GameState, ctx: Ctx) -> None:
    seat, loser = ctx["seat"], ctx["event"].get("loser")
    data = {"seat": seat, "source": ctx["source"], "loser": loser}
    options = _vaes_options(state, seat, loser)
    ask_choose(state, seat, "vaes_dothrak", options, "bwb_vaes_dothrak", ctx=data)


@handler("bwb_vaes_dothrak")
def _vaes_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, loser, choice = ctx["seat"], ctx["loser"], ctx["choice"]
    if choice == "draw":
        moves.effect_draw(state, seat, 1)
    elif choice == "discard":
        moves.discard_at_random(state, loser, 1)
    elif choice == "power":
        moves.move_power(state, loser, seat, 1, "vaes_dothrak")


register(
    "bwb_13",
    Ability(
        "response",
        _vaes_dothrak,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=_dothraki_attacked,
    ),
)

# --- bwb_16 Southron Vessel --------------------------------------------------------------
# "Marshalling: Kneel Southron Vessel to move a gold token from your gold pool to a House
# Dayne character, or from a House Dayne character to your gold pool."  Any player's House
# Dayne character (the trait, or the House: vocabulary.of_house_named), chosen with the
# action; the way is chosen as it resolves when both are possible.


def _dayne_targets(state: GameState, ctx: Ctx) -> list[str]:
    pool = state.players[ctx["seat"]].gold
    return [
        r
        for r in characters_of(state)
        if of_house_named(state, r, "House Dayne") and (pool >= 1 or state.in_play[r].gold >= 1)
    ]


def _vessel(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["target"], ctx["seat"]
    if ref not in state.in_play:
        return
    options = []
    if state.players[seat].gold >= 1:
        options.append("to_card")
    if state.in_play[ref].gold >= 1:
        options.append("to_pool")
    data = {"seat": seat, "source": ctx["source"], "target": ref}
    if len(options) == 1:
        _vessel_moved(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, seat, "southron_vessel", options, "bwb_vessel_moved", ctx=data)


@handler("bwb_vessel_moved")
def _vessel_moved(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref, seat = ctx["target"], ctx["seat"]
    if ref not in state.in_play:
        return
    if ctx["choice"] == "to_card" and moves.pay_gold(state, seat, 1, "southron_vessel"):
        moves.gold_to_card(state, ref, 1, "southron_vessel")
    elif ctx["choice"] == "to_pool":
        moves.gold_from_card(state, seat, ref, 1, "southron_vessel", to_pool=True)


register(
    "bwb_16",
    Ability(
        "action",
        _vessel,
        phases=("marshalling",),
        costs=(KNEEL_SELF,),
        targets=_dayne_targets,
    ),
)

# --- bwb_4 Fog of War --------------------------------------------------------------------
# "House Lannister only. Dominance: Each player chooses 1 character he or she controls.
# Those characters do not stand during the standing phase this round."  Each player in
# turn order (from the first player) must choose one of its characters, if it has any;
# each chosen character "cannot stand" for the rest of the round (the reading of Cersei
# Lannister's "does not stand during the standing phase this round", core_39).


def _fog(state: GameState, ctx: Ctx) -> None:
    _fog_next(state, {"source": ctx["source"], "seat": ctx["seat"], "left": state.turn_order()})


def _fog_next(state: GameState, data: Ctx) -> None:
    left = list(data["left"])
    while left:
        seat = left.pop(0)
        found = characters_of(state, seat)
        if found:
            ctx = {**data, "left": left, "chooser": seat}
            ask_select(state, seat, "fog_of_war", found, "bwb_fog_chosen", low=1, high=1, ctx=ctx)
            return


@handler("bwb_fog_chosen")
def _fog_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            add_lasting(state, "can_stand", ref, "round", ctx["source"], value=False)
    _fog_next(state, ctx)


register("bwb_4", event(_fog, phases=("dominance",)))

# --- bwb_14 Deadly Khalasar --------------------------------------------------------------
# "Response: After an opponent's character is killed for Military claim, stand all Dothraki
# characters in play."  A character an opponent controlled, killed as the claim of a
# Military challenge (challenge["claim_killed"], not by Deadly or another effect); every
# player's Dothraki characters stand.


def _killed_for_claim(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    if challenge is None or challenge["type"] != "military":
        return False
    claimed = challenge.get("claim_killed", ())
    controllers = ctx["event"].get("controllers", {})
    opponents = state.opponents(ctx["seat"])
    return any(
        r in claimed and controllers.get(r) in opponents for r in ctx["event"].get("cards", ())
    )


def _khalasar(state: GameState, ctx: Ctx) -> None:
    for ref in characters_of(state):
        if has_trait(state, ref, "Dothraki"):
            stand_card(state, ref)


register("bwb_14", response(_khalasar, "killed", condition=_killed_for_claim))

# --- bwb_19 Ill Tidings ------------------------------------------------------------------
# "Challenges: Kneel a Maester or a Learned character to choose and discard 1 attachment
# from play. Then, if you have no power on your House, draw 1 card."  A standing Maester or
# Learned character of yours (the cost); any attachment in play (the discard may be
# saved); the draw looks at the House card's power after the discard.


def _learned(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Maester") or has_trait(state, ref, "Learned")


def _tidings(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])
    if state.players[ctx["seat"]].power == 0:
        moves.effect_draw(state, ctx["seat"], 1)


register(
    "bwb_19",
    event(
        _tidings,
        phases=("challenges",),
        costs=(Cost("kneel", 1, _learned, "Maester or Learned character"),),
        targets=lambda state, ctx: in_play_of(state, "attachment"),
    ),
)

# --- bwb_20 The Prince That Was Promised -------------------------------------------------
# "Any character with more attachments than each other character in play does not kneel to
# attack or defend."  Attachments on the character (duplicates are not attachments),
# strictly more than every other character in play has; none with no attachment.


def _most_attached(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not isinstance(subject, str) or subject not in state.in_play:
        return base
    if not is_character(state, subject):
        return base
    mine = len(attachments(state, subject))
    if mine == 0:
        return base
    others = [r for r in characters_of(state) if r != subject]
    if all(len(attachments(state, r)) < mine for r in others):
        return False
    return base


register("bwb_20", passives={"kneel_to_attack": _most_attached, "kneel_to_defend": _most_attached})

# --- bwb_18 Neutral Faction (House card) -------------------------------------------------
# "You have no House affiliation. Reduce the gold penalty on out of House character cards
# you play from your hand or place during setup by 1."  The House "Neutral" (no House
# affiliation: every non-neutral card is out of House); its House card's ``gold_penalty``
# passive (abilities.HOUSE_CARDS, read by rules.gold_cost: marshalling and setup) lowers a
# character's penalty by 1.


def _neutral_penalty(state: GameState, source: str, subject: Any, base: int) -> int:
    _seat, ref = subject
    return max(0, base - 1) if facts(state, ref).type == "character" else base


register("bwb_18", passives={"gold_penalty": _neutral_penalty})
HOUSE_CARDS["Neutral"] = "bwb_18"
