"""Here to Serve: soo_103 Corrupt Contender, soo_104 Slander and Lies, soo_105 Rotten Bastard,
soo_107 Famished Deckhand, soo_108 The Iron Cliffs, soo_109 Shadow Parasite, soo_111 Spear
Phalanx, soo_114 Prolific Statesman. Handler and effect names start with ``hts_``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import leaving, moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    attached_to,
    controller,
    effect,
    facts,
    is_blank,
    register,
)
from gameplay.engine.cards.vocabulary import (
    STR_LISTENERS,
    STR_REDUCED,
    characters_of,
    choosable,
    is_type,
    of_house,
)
from gameplay.engine.state import GameState


def _first_in_play(state: GameState, code: str) -> str | None:
    """The first card with this code in play whose text is not blank (a text that several
    copies do not stack: only this one answers)."""
    return next(
        (r for r in state.in_play if state.code(r) == code and not is_blank(state, r)), None
    )


# --- soo_103 Corrupt Contender ------------------------------------------------------------------
# "Challenges: Corrupt Contender gets +10 STR until the end of the challenge. After the
# challenge resolves, discard Corrupt Contender from play (cannot be saved). Limit once per
# challenge."  Used only during a challenge (the duration and the limit name one); he need not
# participate. The discard is a delayed effect at the end of that challenge.

CONTENDER_STR = 10


def _in_challenge(state: GameState, ctx: Ctx) -> bool:
    return state.challenge is not None


def _contender(state: GameState, ctx: Ctx) -> None:
    ref = ctx["source"]
    if ref not in state.in_play:
        return
    add_lasting(state, "strength", ref, "challenge", ref, amount=CONTENDER_STR)
    add_delayed(state, "challenge_ends", ctx["seat"], "hts_contender_discard", ref, card=ref)


@effect("hts_contender_discard")
def _contender_discard(state: GameState, data: Ctx) -> None:
    if data["card"] in state.in_play:
        leaving.discard_from_play(state, [data["card"]])


register(
    "soo_103",
    Ability(
        "action",
        _contender,
        phases=("challenges",),
        condition=_in_challenge,
        limit=(1, "challenge"),
    ),
)


# --- soo_105 Rotten Bastard ---------------------------------------------------------------------
# "House Baratheon only. Each player's draw cap is reduced from 3 additional cards per round to
# 2 additional cards per round."  The ``draw_cap`` query lowered by 1 for every player; several
# Rotten Bastards in play lower it once (the text sets it to 2: only the first one in play
# answers). "House Baratheon only" is deck building (card data).


def _rotten_cap(state: GameState, source: str, subject: Any, base: int) -> int:
    first = _first_in_play(state, "soo_105")
    return base - 1 if source == first else base


register("soo_105", passives={"draw_cap": _rotten_cap})


# --- soo_108 The Iron Cliffs --------------------------------------------------------------------
# "After The Iron Cliffs comes into play, place 2 gold tokens from the treasury on it. Response:
# Discard 1 gold token from The Iron Cliffs to save a Greyjoy character from being killed."
# The gold is placed however it comes into play (a forced ``entered_play``); the save is any
# player's Greyjoy character, offered while a gold token is on the Cliffs (discarded to the
# treasury as the save resolves, the cost being paid as it is used).

CLIFFS_GOLD = 2


def _cliffs_enter(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") == ctx["source"] and ctx["source"] in state.in_play:
        moves.gold_to_card(state, ctx["source"], CLIFFS_GOLD, "iron_cliffs")


def _greyjoys_killed(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play
        and is_type(state, r, "character")
        and of_house(state, r, "Greyjoy")
        and not leaving.saved(state, r)
    ]


def _cliffs_gold(state: GameState, ctx: Ctx) -> bool:
    record = state.in_play.get(ctx["source"])
    return record is not None and record.gold >= 1


def _cliffs_save(state: GameState, ctx: Ctx) -> None:
    ref = ctx["source"]
    if ref not in state.in_play or state.in_play[ref].gold < 1:
        return
    moves.gold_from_card(state, ctx["seat"], ref, 1, "iron_cliffs")
    leaving.save_target(state, ctx)


register(
    "soo_108",
    Ability(
        "save",
        _cliffs_save,
        trigger="would_be_killed",
        targets=_greyjoys_killed,
        condition=_cliffs_gold,
    ),
    forced={"entered_play": _cliffs_enter},
)


# --- soo_109 Shadow Parasite --------------------------------------------------------------------
# "Response: After a character's STR is reduced by X, Shadow Parasite gets +X STR until the end
# of the phase."  The ``strength_reduced`` trigger (a lasting STR reduction or an attachment's,
# any player's character, the Parasite included); X is the event's ``amount``.


def _parasite_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("amount", 0) > 0


def _parasite(state: GameState, ctx: Ctx) -> None:
    ref = ctx["source"]
    if ref in state.in_play:
        add_lasting(state, "strength", ref, "phase", ref, amount=ctx["event"]["amount"])


STR_LISTENERS.add("soo_109")
register(
    "soo_109",
    Ability("response", _parasite, trigger=STR_REDUCED, condition=_parasite_may),
)


# --- soo_111 Spear Phalanx ----------------------------------------------------------------------
# "No attachments. Deadly. Response: After you lose a challenge as the defender, kneel Spear
# Phalanx and kneel 3 influence to choose and discard 1 attacking character from play."  Both
# kneels are costs; the Phalanx need not have defended. The attacker is chosen as a target
# (savable: "discard from play" without "cannot be saved").


def _lost_defending(state: GameState, ctx: Ctx) -> bool:
    event_ = ctx["event"]
    return event_.get("loser") == ctx["seat"] and event_.get("defender") == ctx["seat"]


def _attackers(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("attackers", ())
        if r in state.in_play and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _phalanx(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        leaving.discard(state, [ctx["target"]])


register(
    "soo_111",
    Ability(
        "response",
        _phalanx,
        trigger="challenge_won",
        costs=(KNEEL_SELF, Cost("influence", 3)),
        targets=_attackers,
        condition=_lost_defending,
    ),
)


# --- soo_114 Prolific Statesman -----------------------------------------------------------------
# "Prolific Statesman gains the crests printed on every other character you control."  Printed
# crests only (a crest another card gives is not printed).


def _statesman_crests(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject != source:
        return base
    seat = controller(state, source)
    gained = {
        c.lower()
        for r in state.players[seat].in_play
        if r != source and is_type(state, r, "character")
        for c in facts(state, r).crests
    }
    return {*base, *gained}


register("soo_114", passives={"crests": _statesman_crests})


# --- soo_107 Famished Deckhand ------------------------------------------------------------------
# "Any player who controls more characters than each other player counts 3 fewer gold during the
# marshalling phase."  The engine's ``gold_counted`` query (abilities.gold_available: the gold a
# player can spend or pay with): 3 less, never below 0, for the player with strictly the most
# characters (the Deckhand's controller included), while it is the marshalling phase. The gold
# stays in the pool (it counts again after the phase). Several Deckhands lower it once.

DECKHAND_GOLD = 3


def _deckhand_gold(state: GameState, source: str, subject: Any, base: int) -> int:
    first = _first_in_play(state, "soo_107")
    if source != first or state.phase != "marshalling" or not isinstance(subject, int):
        return base
    count = len(characters_of(state, subject))
    others = [len(characters_of(state, p.seat)) for p in state.players if p.seat != subject]
    return base - DECKHAND_GOLD if all(count > n for n in others) else base


register("soo_107", passives={"gold_counted": _deckhand_gold})


# --- soo_104 Slander and Lies -------------------------------------------------------------------
# "Attach to an opponent's character. You may spend power counters on attached character as if
# they were gold tokens in your gold pool."  The engine's ``power_as_gold`` query
# (abilities.power_as_gold): the power on the attached character counts in your gold (costs
# you can pay) and is spent, 1 power a gold, when a payment needs more than your pool and the
# gold on your cards (moves.spend_gold: the pool first); the power spent returns to the power
# pool. "You": the Condition's controller.


def _opponents_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return (
        seat is not None
        and is_type(state, target, "character")
        and controller(state, target) in state.opponents(seat)
    )


def _slander(state: GameState, source: str, subject: Any, base: list[str]) -> list[str]:
    host = attached_to(state, source)
    if host is None or subject != controller(state, source):
        return base
    return [*base, host]


register("soo_104", passives={"power_as_gold": _slander}, attach_rule=_opponents_character)
