"""Kings of the Storm locations (kotst_*), registered by card code."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    participating,
    register,
)
from gameplay.engine.cards.kings_of_the_storm.common import (
    baratheon_character,
    in_play_of,
    to_hand,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import cost_reducer
from gameplay.engine.state import GameState

# --- kotst_24 The Stormlands --------------------------------------------------------------
# "Your revealed plot card gains the Power Struggle trait. If it has the printed Power
# Struggle trait, raise your claim value by 1 during Power challenges."

POWER_STRUGGLE = "Power Struggle"


def _stormlands_traits(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    mine = state.players[controller(state, source)].revealed_plot
    return base | {POWER_STRUGGLE} if ref == mine else base


def _stormlands_claim(state: GameState, source: str, seat: int, base: int) -> int:
    challenge = state.challenge
    if seat != controller(state, source) or challenge is None or challenge["type"] != "power":
        return base
    plot = state.players[seat].revealed_plot
    return base + 1 if plot and POWER_STRUGGLE in facts(state, plot).traits else base


register("kotst_24", passives={"traits": _stormlands_traits, "claim": _stormlands_claim})


# --- kotst_25 Salla's Escort Ship ---------------------------------------------------------
# "Challenges: Kneel Salla's Escort Ship to choose 2 characters. Until the end of the
# phase, one of those characters gets -1 STR, and the other gets +1 STR."
# The target gets +1 STR; the second character, chosen as it resolves, gets -1 STR.


def _characters(state: GameState, ctx: Ctx) -> list[str]:
    return in_play_of(state, "character")


def _escort_may(state: GameState, ctx: Ctx) -> bool:
    return len(in_play_of(state, "character")) >= 2


def _escort(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    add_lasting(state, "strength", target, "phase", ctx["source"], amount=1)
    others = [r for r in in_play_of(state, "character") if r != target]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(
        state, ctx["seat"], "minus_strength", others, "kotst_escort", low=1, high=1, ctx=data
    )


@handler("kotst_escort")
def _escort_minus(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            add_lasting(state, "strength", ref, "phase", ctx["source"], amount=-1)


register(
    "kotst_25",
    Ability(
        "action",
        _escort,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_characters,
        condition=_escort_may,
        label="Challenges: Kneel Salla's Escort Ship to give a character +1 STR and another "
        "-1 STR until the end of the phase.",
    ),
)


# --- kotst_26 King Robert's Chambers ------------------------------------------------------
# "You may choose to play King Robert's Chambers as an attachment to your House card."

register("kotst_26", house_attachment=True)


# --- kotst_27 Great Hall / kotst_28 Stormlands Fiefdoms (as the Core Set's) -----------------

register("kotst_27", cost_reducer(2, ("Baratheon",), ("character",)))
register("kotst_28", cost_reducer(1, ("Baratheon",)))


# --- kotst_29 Narrow Sea ------------------------------------------------------------------
# "Marshalling: Discard Narrow Sea from play to reduce the cost of the next House Stark or
# House Baratheon character you play this phase by 2. [+1 Influence]"

register("kotst_29", cost_reducer(2, ("Stark", "Baratheon"), ("character",), cost=DISCARD_SELF))


# --- kotst_30 Pyre of the False Gods ------------------------------------------------------
# "After you play an event card from your hand, put it on the bottom of your deck instead of
# discarding it. Marshalling: Kneel Pyre of the False Gods and pay 2 gold to return 1 event
# card from your discard pile to your hand."
# The event goes to the discard pile as it is played (the engine's rule) and, once it has
# resolved, from there to the bottom of its owner's deck (a Deathbound event has gone to
# the dead pile by then and stays there).


def _pyre_played(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    ref = event.get("card")
    if event.get("type") != "event" or event.get("seat") != ctx["seat"] or not ref:
        return
    owner = state.players[state.cards[ref].owner]
    if ref in owner.discard:
        owner.discard.remove(ref)
        owner.deck.append(ref)
        state.emit("deck_card_placed", seat=owner.seat, deck=owner.seat, where="bottom")


def _discarded_events(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.players[ctx["seat"]].discard if facts(state, r).type == "event"]


def _pyre_return(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.players[ctx["seat"]].discard:
        to_hand(state, ctx["target"])


register(
    "kotst_30",
    Ability(
        "action",
        _pyre_return,
        phases=("marshalling",),
        costs=(KNEEL_SELF, Cost("gold", 2)),
        targets=_discarded_events,
    ),
    forced={"played": _pyre_played},
)


# --- kotst_31 Smuggler's Cove -------------------------------------------------------------
# "Challenges: During a Power challenge, kneel Smuggler's Cove to choose 1 participating
# character. Until the end of the phase, that character gets +2 STR and gains stealth."


def _power_participants(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None or challenge["type"] != "power":
        return []
    return [r for r in in_play_of(state, "character") if participating(state, r)]


def _cove(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        add_lasting(state, "strength", ref, "phase", ctx["source"], amount=2)
        add_lasting(state, "keywords", ref, "phase", ctx["source"], add=["stealth"])


register(
    "kotst_31",
    Ability(
        "action",
        _cove,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_power_participants,
    ),
)


# --- kotst_46 King's Pavillion ------------------------------------------------------------
# "Each character gets +3 STR while it is standing."


def _pavillion(state: GameState, source: str, ref: str, base: int) -> int:
    record = state.in_play.get(ref)
    if record is None or record.knelt or facts(state, ref).type != "character":
        return base
    return base + 3


register("kotst_46", passives={"strength": _pavillion})


# --- kotst_32 Storm's End -----------------------------------------------------------------
# "If you win dominance, instead of claiming 1 power for House, you may claim 1 power each
# for 2 different House Baratheon characters."
# The dominance power is claimed by the rules first; as dominance is won (a forced effect,
# before the responses) the player may take it back from the House card to claim 1 power on
# each of 2 House Baratheon characters he or she controls. Offered while the House holds
# that power and the player controls 2 such characters.


def _storms_end_characters(state: GameState, seat: int) -> list[str]:
    return [r for r in in_play_of(state, "character", seat) if baratheon_character(state, r)]


def _storms_end(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    if ctx["event"].get("seat") != seat or state.players[seat].power < 1:
        return
    if len(_storms_end_characters(state, seat)) < 2:
        return
    data = {"seat": seat, "source": ctx["source"]}
    options = ["characters", "house"]
    ask_choose(state, seat, "dominance_power", options, "kotst_storms_end", ctx=data)


@handler("kotst_storms_end")
def _storms_end_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if ctx["choice"] != "characters":
        return
    found = _storms_end_characters(state, seat)
    data = {"seat": seat}
    then = "kotst_storms_end_claim"
    ask_select(state, seat, "claim_power", found, then, low=2, high=2, ctx=data)


@handler("kotst_storms_end_claim")
def _storms_end_claim(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    chosen = [r for r in selected if r in state.in_play and state.in_play[r].controller == seat]
    if len(chosen) == 2 and moves.discard_power(state, seat, 1, "storms_end"):
        for ref in chosen:
            moves.card_power(state, ref, 1, "dominance")


register("kotst_32", forced={"dominance_won": _storms_end})
