"""Scattered Armies (ator_101 to ator_120), registered by card code. Handler and effect
names start with ``sa_``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    characters,
    controller,
    effect,
    facts,
    handler,
    icons,
    register,
    season,
)
from gameplay.engine.cards.vocabulary import (
    discard_top,
    reinforcements_played,
    rival_permissions,
    scavengers,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play


def _won_with_source(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    cards = [*event.get("attackers", ()), *event.get("defenders", ())]
    return event.get("winner") == ctx["seat"] and ctx["source"] in cards


# --- ator_101 Desperate Looters ------------------------------------------------------------
# "Response: After Desperate Looters enters play or leaves play, discard the top card of each
# opponent's deck."  Entering play: a response to ``entered_play``. Leaving play (in any way:
# killed, discarded, returned, removed, ...): at the moment ``card_left_play`` its last
# controller is asked whether to use the response (a yes/no prompt, not a response window).


def _looters_entered(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


def _mill_opponents(state: GameState, ctx: Ctx) -> None:
    for opponent in state.opponents(ctx["seat"]):
        discard_top(state, opponent, 1, "ability")


def _looters_left(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    if event.get("card") != ctx["source"]:
        return
    seat = event.get("controller", ctx["seat"])
    data = {"seat": seat, "source": ctx["source"]}
    ask_choose(state, seat, "use_response", ["yes", "no"], "sa_looters", ctx=data)


@handler("sa_looters")
def _looters_answer(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == "yes":
        state.emit(
            "ability",
            seat=ctx["seat"],
            card=ctx["source"],
            code=state.code(ctx["source"]),
            index=0,
            target=None,
        )
        _mill_opponents(state, ctx)


register(
    "ator_101",
    Ability("response", _mill_opponents, trigger="entered_play", condition=_looters_entered),
    forced={"card_left_play": _looters_left},
)

# --- ator_102 Depleted Host -----------------------------------------------------------------
# "Response: After you win a challenge in which Depleted Host participated, search your deck
# for a Reinforcements event card, reveal it, and put it into your hand. Then, shuffle."


def _depleted_host(state: GameState, ctx: Ctx) -> None:
    def match(ref: str) -> bool:
        card = facts(state, ref)
        return card.type == "event" and "Reinforcements" in card.traits

    moves.search_deck(state, ctx["seat"], match, "events_found")


register(
    "ator_102",
    Ability("response", _depleted_host, trigger="challenge_won", condition=_won_with_source),
)

# --- ator_103 Northern Cavalry Flank, ator_104 Northern Infantry ----------------------------


def _opponent_agenda(state: GameState, source: str) -> bool:
    seat = controller(state, source)
    return any(state.players[o].agenda for o in state.opponents(seat))


def _flank(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source and _opponent_agenda(state, source) else base


def _infantry(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source and not _opponent_agenda(state, source) else base


register("ator_103", passives={"kneel_to_attack": _flank})
register("ator_104", passives={"kneel_to_defend": _infantry})

# --- ator_105 Weary Swordsmen ---------------------------------------------------------------
# "Response: After a Reinforcements event card is played, choose and kneel a character
# without an Intrigue icon."


def _no_intrigue(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if "intrigue" not in icons(state, r) and not state.in_play[r].knelt
    ]


def _kneel_target(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play and not state.in_play[target].knelt:
        moves.kneel(state, target)
        state.emit("knelt", card=target, code=state.code(target), seat=controller(state, target))


register(
    "ator_105",
    Ability(
        "response",
        _kneel_target,
        trigger="played",
        condition=reinforcements_played,
        targets=_no_intrigue,
    ),
)

# --- ator_106 Tommen Baratheon --------------------------------------------------------------
# "If there is another King character in play, Tommen Baratheon cannot attack, defend, or
# trigger his character ability. Marshalling: Kneel Tommen Baratheon to draw a card."


def _draw_one(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "ator_106",
    Ability("action", _draw_one, phases=("marshalling",), costs=(KNEEL_SELF,)),
    passives=rival_permissions("King"),
)

# --- ator_107 Exhausted Horsemen ------------------------------------------------------------


def _is_knelt(state: GameState, ctx: Ctx) -> bool:
    return reinforcements_played(state, ctx) and state.in_play[ctx["source"]].knelt


def _stand_self(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play and state.in_play[source].knelt:
        moves.stand(state, source)
        state.emit("stood", card=source)


register(
    "ator_107",
    Ability("response", _stand_self, trigger="played", condition=_is_knelt),
)

# --- ator_108 Stormland Scavengers ----------------------------------------------------------
register("ator_108", forced={"played": scavengers(("Baratheon", "Targaryen"))})

# --- ator_109 Weathered Crew ----------------------------------------------------------------
# "Response: After a Reinforcements event card is played, put a Warship location into play
# from your discard pile."


def _warships(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in state.players[seat].discard
        if facts(state, r).type == "location"
        and "Warship" in facts(state, r).traits
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _warship(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.players[ctx["seat"]].discard:
        put_into_play(state, ctx["seat"], ctx["target"])


register(
    "ator_109",
    Ability(
        "response", _warship, trigger="played", condition=reinforcements_played, targets=_warships
    ),
)

# --- ator_110 Pirates of Orkmont ------------------------------------------------------------
# "X is the highest gold value on an opponent's revealed plot card."  (printed income)


def _orkmont(state: GameState, source: str, subject: Any, base: int) -> int:
    if subject != source:
        return base
    seat = controller(state, source)
    plots = [state.players[o].revealed_plot for o in state.opponents(seat)]
    gold = [facts(state, p).income or 0 for p in plots if p]
    return base + max(gold, default=0)


register("ator_110", passives={"strength": _orkmont})

# --- ator_111 Destitute Horde ---------------------------------------------------------------
# "Response: After a Reinforcements event card is played, choose an attachment controlled by
# an opponent. Take control of that attachment, and attach it to Destitute Horde, if able.
# Otherwise, discard it from play."  Able: a Weapon or Boon (its keyword), and the
# attachment's own restriction allows Destitute Horde.


def _their_attachments(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for o in state.opponents(seat)
        for r in state.players[o].in_play
        if facts(state, r).type == "attachment"
    ]


def _horde(state: GameState, ctx: Ctx) -> None:
    from gameplay.engine.abilities import SCRIPTS

    source, target, seat = ctx["source"], ctx["target"], ctx["seat"]
    if target not in state.in_play:
        return
    moves.take_control(state, target, seat)
    card = facts(state, target)
    script = SCRIPTS.get(card.code)
    rule = script.attach_rule if script is not None else None
    able = source in state.in_play and bool({"Weapon", "Boon"} & set(card.traits))
    able = able and (rule is None or rule(state, card.code, source, seat))
    record = state.in_play[target]
    if able and record.attached_to is not None:
        before, record.attached_to = record.attached_to, source
        state.emit(
            "attachment_moved", card=target, code=state.code(target), source=before, target=source
        )
    else:
        moves.discard(state, [target])


register(
    "ator_111",
    Ability(
        "response",
        _horde,
        trigger="played",
        condition=reinforcements_played,
        targets=_their_attachments,
    ),
)

# --- ator_112 Desert Exiles -----------------------------------------------------------------
register(
    "ator_112",
    Ability("response", _draw_one, trigger="played", condition=reinforcements_played),
)

# --- ator_113 Men With No King --------------------------------------------------------------
# "Limited Response: After a Reinforcements event card is played, pay 2 gold to choose a
# character or location that does not have its owner's House affiliation. Take control of
# that card."  Neutral cards have no House affiliation; cards you control are not offered.


def _unaffiliated(state: GameState, ctx: Ctx) -> list[str]:
    found = []
    for ref, record in state.in_play.items():
        card = facts(state, ref)
        if card.type not in ("character", "location") or record.controller == ctx["seat"]:
            continue
        if state.players[state.cards[ref].owner].house not in card.houses:
            found.append(ref)
    return found


def _take(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.take_control(state, ctx["target"], ctx["seat"])


register(
    "ator_113",
    Ability(
        "response",
        _take,
        trigger="played",
        condition=reinforcements_played,
        targets=_unaffiliated,
        costs=(Cost("gold", 2),),
        limited_response=True,
    ),
)

# --- ator_114 Retreat and Regroup -----------------------------------------------------------
# "Challenges: Play before any challenges have been initiated this phase. If you lose 2 or
# more challenges this phase, you may return any number of non-unique characters from your
# discard pile to your hand."  Checked at the end of the phase.


def _this_phase(state: GameState) -> Iterator[dict[str, Any]]:
    for entry in reversed(state.log):
        if entry["event"] == "phase" or entry.get("round") != state.round:
            return
        yield entry


def _no_challenge_yet(state: GameState, ctx: Ctx) -> bool:
    return not any(e["event"] == "challenge" for e in _this_phase(state))


def _retreat(state: GameState, ctx: Ctx) -> None:
    add_delayed(state, "phase_ends", ctx["seat"], "sa_regroup", ctx["source"], until="phase")


def _losses(state: GameState, seat: int) -> int:
    count = 0
    for entry in _this_phase(state):
        if entry["event"] == "challenge_resolved" and entry.get("winner") is not None:
            loser = entry["defender"] if entry["winner"] == entry["attacker"] else entry["attacker"]
            count += loser == seat
    return count


@effect("sa_regroup")
def _regroup(state: GameState, data: Ctx) -> None:
    seat = data["seat"]
    if _losses(state, seat) < 2:
        return
    found = [
        r
        for r in state.players[seat].discard
        if facts(state, r).type == "character" and not facts(state, r).unique
    ]
    ask_select(state, seat, "to_hand", found, "sa_regrouped", ctx={"seat": seat})


@handler("sa_regrouped")
def _regrouped(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in [r for r in selected if r in player.discard]:
        player.discard.remove(ref)
        player.hand.append(ref)
        code = state.code(ref)
        state.emit("returned_to_hand", seat=ctx["seat"], card=ref, code=code, source="discard")


register(
    "ator_114",
    Ability(
        "action",
        _retreat,
        phases=("challenges",),
        zones=("hand",),
        condition=_no_challenge_yet,
    ),
)

# --- ator_120 Summer Encampment -------------------------------------------------------------
# "Any phase: If it is Summer, kneel Summer Encampment to return a character you control to
# its owner's hand."


def _summer(state: GameState, ctx: Ctx) -> bool:
    return season(state) == "summer"


def _mine(state: GameState, ctx: Ctx) -> list[str]:
    return characters(state, ctx["seat"])


def _to_hand(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.return_to_hand(state, [ctx["target"]])


register(
    "ator_120",
    Ability("action", _to_hand, costs=(KNEEL_SELF,), condition=_summer, targets=_mine),
)
