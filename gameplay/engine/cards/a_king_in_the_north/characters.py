"""A King in the North: the characters (dotn_81, dotn_83, dotn_85, dotn_87, dotn_89, dotn_91,
dotn_93, dotn_94, dotn_96, dotn_97)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_delayed,
    agenda_of,
    controller,
    crests,
    effect,
    facts,
    handler,
    in_play_named,
    is_character,
    participating,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    discard_top,
    has_trait,
    of_house,
    played_from_hand,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play


def _mine(state: GameState, source: str, ref: Any) -> bool:
    record = state.in_play.get(ref) if isinstance(ref, str) else None
    return record is not None and record.controller == controller(state, source)


def _your_play(state: GameState, ctx: Ctx) -> bool:
    """ "After you play X from your hand": the ``played`` event of this card, by its
    controller, the card still in play."""
    event = ctx["event"]
    return event.get("seat") == ctx["seat"] and played_from_hand(state, ctx)


# --- dotn_81 Osha ----------------------------------------------------------------------------
# "Challenges: Stand Osha to remove her from the current challenge."  The cost stands her (she
# must kneel, and may stand: a ``stand`` cost on herself); she must be participating (an
# attacker or a defender) in the current challenge. Removed, she no longer counts for either
# side; she stays standing.


def _osha_participates(state: GameState, ctx: Ctx) -> bool:
    return participating(state, ctx["source"])


def _osha(state: GameState, ctx: Ctx) -> None:
    ref, challenge = ctx["source"], state.challenge
    if challenge is None or ref not in state.in_play:
        return
    for side in ("attackers", "defenders"):
        if ref in challenge[side]:
            challenge[side].remove(ref)
            state.emit("removed_from_challenge", cards=[ref], side=side, card=ref)


def _is_osha(state: GameState, ref: str) -> bool:
    return state.code(ref) == "dotn_81"


register(
    "dotn_81",
    Ability(
        "action",
        _osha,
        phases=("challenges",),
        costs=(Cost("stand", 1, _is_osha, "Osha"),),
        condition=_osha_participates,
    ),
)

# --- dotn_83 Treacherous Watchman ------------------------------------------------------------
# "After you play Treacherous Watchman from your hand, choose and discard 1 Lannister
# character from play."  Forced, once he is marshalled from the hand: his controller chooses
# any Lannister character in play (anyone's, himself included, so there is always one); the
# discard may be saved. Immunity to character abilities keeps a character out of the choice.


def _lannisters(state: GameState, seat: int, source: str) -> list[str]:
    return [
        r
        for r in state.in_play
        if is_character(state, r)
        and of_house(state, r, "Lannister")
        and choosable(state, r, source, seat)
    ]


def _watchman(state: GameState, ctx: Ctx) -> None:
    if not _your_play(state, ctx):
        return
    seat, source = ctx["seat"], ctx["source"]
    found = _lannisters(state, seat, source)
    if found:
        data = {"seat": seat, "source": source}
        ask_select(state, seat, "discard", found, "dotn_watchman", low=1, high=1, ctx=data)


@handler("dotn_watchman")
def _watchman_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        moves.discard(state, chosen)


register("dotn_83", forced={"played": _watchman})

# --- dotn_85 Stannis Baratheon ---------------------------------------------------------------
# "Renown. Night's Watch characters you control get +1 STR."  (His own Traits are Lord and
# King: he is not one of them unless he gains the Trait.)


def _stannis(state: GameState, source: str, subject: Any, base: int) -> int:
    if (
        _mine(state, source, subject)
        and is_character(state, subject)
        and has_trait(state, subject, "Night's Watch")
    ):
        return base + 1
    return base


register("dotn_85", passives={"strength": _stannis})

# --- dotn_87 Raiding Fleet -------------------------------------------------------------------
# "No attachments. Response: After you play Raiding Fleet from your hand, discard the top 8
# cards of each opponent's deck."  A response to its own ``played`` event (marshalled by its
# controller); each opponent discards as many as its deck holds, up to 8.

FLEET_CARDS = 8


def _fleet(state: GameState, ctx: Ctx) -> None:
    for seat in state.opponents(ctx["seat"]):
        discard_top(state, seat, FLEET_CARDS, "raiding_fleet")


register("dotn_87", Ability("response", _fleet, trigger="played", condition=_your_play))

# --- dotn_89 White Hatchling -----------------------------------------------------------------
# "No attachments. Stealth. Discard White Hatchling from play any time you control Viserion.
# White Hatchling gains a Power icon during Power challenges initiated against you."  The
# discard is the constant ``discard_now`` check (cannot be saved: it would apply again); the
# icon while the current challenge is a Power challenge whose defender is its controller.


def _hatchling_discard(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject == source and in_play_named(state, "Viserion", controller(state, source)):
        return True
    return base


def _hatchling_icon(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    challenge = state.challenge
    if (
        subject == source
        and challenge is not None
        and challenge["type"] == "power"
        and challenge["defender"] == controller(state, source)
    ):
        return base | {"power"}
    return base


register("dotn_89", passives={"discard_now": _hatchling_discard, "icons": _hatchling_icon})

# --- dotn_91 Formal Escort -------------------------------------------------------------------
# "No attachments. Noble characters you control are immune to opponent's events."  Noble is
# the [Noble] crest (after effects); the Escort is an Army without it.

ESCORT_IMMUNITY = "immune to opponent's events"


def _escort(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if (
        _mine(state, source, subject)
        and is_character(state, subject)
        and "noble" in crests(state, subject)
    ):
        return base | {ESCORT_IMMUNITY}
    return base


register("dotn_91", passives={"immune": _escort})

# --- dotn_93 Defenders of the North ----------------------------------------------------------
# "No attachments except Weapon. Deadly. Reduce the cost to play Defenders of the North by 1
# for each The North agenda you are running."  Its own text in the hand (``own_cost``): a
# player runs one agenda in this engine, so 1 gold off with a The North agenda.


def _north_agendas(state: GameState, seat: int) -> int:
    refs = [r for r in (agenda_of(state, seat),) if r is not None]
    return sum(1 for r in refs if "The North" in facts(state, r).traits)


def _defenders_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    return cost - _north_agendas(state, seat)


register("dotn_93", passives={"own_cost": _defenders_cost})

# --- dotn_94 Steward of the Watch ------------------------------------------------------------
# "No attachments. Response: After you play Steward of the Watch from your hand, each opponent
# must choose and discard 1 card from his or her hand."  Each opponent with cards in hand
# chooses one (a hidden prompt: only that player sees the hand), in turn order.


def _steward(state: GameState, ctx: Ctx) -> None:
    for seat in reversed([s for s in state.turn_order() if s in state.opponents(ctx["seat"])]):
        hand = list(state.players[seat].hand)
        if hand:
            data = {"seat": seat, "source": ctx["source"]}
            ask_select(state, seat, "discard", hand, "dotn_steward", low=1, high=1, ctx=data)


@handler("dotn_steward")
def _steward_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["seat"], list(selected))


register("dotn_94", Ability("response", _steward, trigger="played", condition=_your_play))

# --- dotn_96 Varamyr Sixskins ----------------------------------------------------------------
# "Any Phase: Put 1 Creature character into play from your hand to return Varamyr Sixskins to
# your hand. At the end of the phase, if that Creature is still in play, discard it from play
# (cannot be saved)."  The Creature is chosen as the ability is used (a card of your hand you
# could put into play: uniqueness applies); it enters play, then Varamyr returns to your hand
# (the return may be saved). A delayed effect discards that Creature at the end of the phase.


def _creatures_in_hand(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in state.players[seat].hand
        if facts(state, r).type == "character"
        and "Creature" in facts(state, r).traits
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _varamyr(state: GameState, ctx: Ctx) -> None:
    seat, creature = ctx["seat"], ctx["target"]
    if creature not in state.players[seat].hand:
        return
    put_into_play(state, seat, creature)
    add_delayed(
        state, "phase_ends", seat, "dotn_varamyr_end", ctx["source"], "phase", card=creature
    )
    if ctx["source"] in state.in_play:
        moves.return_to_hand(state, [ctx["source"]])


@effect("dotn_varamyr_end")
def _varamyr_end(state: GameState, data: Ctx) -> None:
    if data["card"] in state.in_play:
        moves.discard_from_play(state, [data["card"]])


register("dotn_96", Ability("action", _varamyr, targets=_creatures_in_hand))

# --- dotn_97 Rattleshirt's Raiders -----------------------------------------------------------
# "Discard Rattleshirt's Raiders from play at the end of any challenge phase in which they did
# not attack."  Forced at the end of the challenges phase: unless they were declared as an
# attacker in a challenge of that phase (the log since the phase began), they are discarded
# (saves apply: the text does not forbid them).


def attacked_this_phase(state: GameState, ref: str) -> bool:
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            return False
        if entry["event"] == "attackers" and ref in entry.get("cards", ()):
            return True
    return False


def _raiders(state: GameState, ctx: Ctx) -> None:
    ref = ctx["source"]
    if ref in state.in_play and not attacked_this_phase(state, ref):
        moves.discard(state, [ref])


register("dotn_97", forced={"challenges_ends": _raiders})
