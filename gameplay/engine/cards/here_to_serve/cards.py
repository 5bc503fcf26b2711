"""Here to Serve (soo_101 to soo_120): card scripts. Handler and effect names start with
``hts_``."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    LASTING_PASSIVES,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    crests,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    event,
    has_trait,
    is_type,
    of_house,
    search_top,
    stand_card,
)
from gameplay.engine.moves import meets_search, reveal
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState, shuffle_zone


def _learned(state: GameState, ref: str) -> bool:
    return is_type(state, ref, "character") and "learned" in crests(state, ref)


def _maester(state: GameState, ref: str) -> bool:
    return is_type(state, ref, "character") and has_trait(state, ref, "Maester")


def _controls_crest(state: GameState, source: str, crest: str) -> bool:
    seat = controller(state, source)
    return any(crest in crests(state, r) for r in characters_of(state, seat))


# --- soo_112 Advisor's Chambers -----------------------------------------------------------------
# "Any Phase: Kneel a Learned character to stand Advisor's Chambers. / [+2 Influence]"
# The kneeled character is one you control with a Learned crest (a cost). Offered only while
# the Chambers kneel (standing them is the whole effect). The influence is printed data.


def _chambers_knelt(state: GameState, ctx: Ctx) -> bool:
    record = state.in_play.get(ctx["source"])
    return record is not None and record.knelt


register(
    "soo_112",
    Ability(
        "action",
        lambda state, ctx: stand_card(state, ctx["source"]),
        costs=(Cost("kneel", 1, _learned, "Learned character"),),
        condition=_chambers_knelt,
    ),
)


# --- soo_113 Faceless Man -----------------------------------------------------------------------
# "If you control a War character, Faceless Man gets +2 STR. If you control a Shadow character,
# Faceless Man gains Stealth. If you control a Holy character, Faceless Man gains deadly. If you
# control a Noble character, Faceless Man gains a Power icon."  War, Shadow, Holy and Noble are
# crests (first edition); any character you control with the crest counts, the Faceless Man
# himself included (he has only Learned printed, but a crest he gains counts: RULINGS).

FACELESS_STR = 2


def _faceless_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    if subject == source and _controls_crest(state, source, "war"):
        return base + FACELESS_STR
    return base


def _faceless_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject != source:
        return base
    gained = set(base)
    if _controls_crest(state, source, "shadow"):
        gained.add("stealth")
    if _controls_crest(state, source, "holy"):
        gained.add("deadly")
    return gained


def _faceless_icons(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and _controls_crest(state, source, "noble"):
        return {*base, "power"}
    return base


register(
    "soo_113",
    passives={
        "strength": _faceless_strength,
        "keywords": _faceless_keywords,
        "icons": _faceless_icons,
    },
)


# --- soo_116 Citadel Politics -------------------------------------------------------------------
# "Challenges: Kneel a Maester character to choose a player. That player may initiate an
# additional Intrigue challenge this phase. (Limit 1 per phase.)"  Read like Citadel Custom: the
# kneeled Maester is one you control (a cost); any player may be chosen, you included. The
# limit counts every copy of the event (one Citadel Politics per phase for a player).


def _politics(state: GameState, ctx: Ctx) -> None:
    options = [str(p.seat) for p in state.players]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "choose_player", options, "hts_politics", ctx=data)


@handler("hts_politics")
def _politics_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = int(ctx["choice"])
    add_lasting(state, "challenges_allowed", f"{seat}:intrigue", "phase", ctx["source"], amount=1)


register(
    "soo_116",
    event(
        _politics,
        phases=("challenges",),
        costs=(Cost("kneel", 1, _maester, "Maester character"),),
        limit=(1, "phase"),
    ),
)


# --- soo_102 Ser Brynden's Guile ----------------------------------------------------------------
# "Challenges: Choose a Stark character to get +1 STR until the end of the challenge. Then,
# search the top 4 cards of your deck for a House Tully card, reveal it, and add it to your
# hand. Shuffle the other cards back into your deck."  Played during a challenge (the duration
# names one: RULINGS, as Corrupt Contender); any player's Stark character, chosen as it is
# played. The search sees only the top 4 (a hidden prompt, asked even with no House Tully card
# among them: Maester Luwin); "House Tully" is the trait.

GUILE_DEPTH = 4


def _stark_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if of_house(state, r, "Stark")]


def _during_challenge(state: GameState, ctx: Ctx) -> bool:
    return state.challenge is not None


def _guile(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "challenge", ctx["source"], amount=1)
    seat = ctx["seat"]

    def tully(ref: str) -> bool:
        return bool(meets_search(state, ref, lambda r: has_trait(state, r, "House Tully")))

    search_top(state, seat, GUILE_DEPTH, tully, "hts_guile", ctx={"source": ctx["source"]}, high=1)


@handler("hts_guile")
def _guile_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    picked = [r for r in selected if r in player.deck]
    for ref in picked:
        player.deck.remove(ref)
        player.hand.append(ref)
    reveal(state, seat, picked, "search")
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=seat, zone="deck")


register(
    "soo_102",
    event(_guile, phases=("challenges",), targets=_stark_characters, condition=_during_challenge),
)


# --- soo_110 Litany of Fire ---------------------------------------------------------------------
# "House Targaryen only. Challenges: During the next dominance phase, treat all locations as if
# they were characters with STR 3 and no icons."  Read for what the dominance phase does with
# characters: each player's standing locations count 3 STR each towards dominance (every
# player's, as the text says "all"); a lasting ``dominance`` text until the round ends, which
# counts only in the dominance phase. Other effects that name characters during that phase do
# not see the locations (RULINGS). "House Targaryen only" is deck building (card data).

LITANY = "hts_litany"
LITANY_STR = 3


def _litany_dominance(state: GameState, source: str, subject: Any, base: int) -> int:
    if state.phase != "dominance" or not isinstance(subject, int):
        return base
    standing = [
        r
        for r in state.players[subject].in_play
        if is_type(state, r, "location") and not state.in_play[r].knelt
    ]
    return base + LITANY_STR * len(standing)


LASTING_PASSIVES[LITANY] = _litany_dominance


def _litany(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "dominance", ctx["source"], "round", ctx["source"], passive=LITANY)


register("soo_110", event(_litany, phases=("challenges",)))
